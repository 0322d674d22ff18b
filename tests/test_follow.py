"""Bubbles follow the outline live: the follower's decisions, and the overlay with fake RoboFont modules."""

from __future__ import annotations

import sys

import fake_robofont
import pytest
from fake_robofont import FakeGlyphEditor, FakeSubscriber, Recorder
from fontParts.fontshell import RGlyph

from bubblekern.interface.follow import OutlineFollower, decide
from bubblekern.sync import SYNC_KEY, Outline, outline_of, sync_bubbles, sync_status

import helpers


def points(font, name):
    return [(p.x, p.y) for c in font.getLayer("bubble")[name].contours for p in c.points]


def font_with_composite():
    font = helpers.latin_font()
    helpers.add_glyph(font, "Hcomb", 700, components=[("H", (1, 0, 0, 1, 0, 0))])
    bubble = font.getLayer("bubble")
    helpers.rect(bubble.newGlyph("H").getPen(), 20, -60, 680, 760)
    helpers.rect(bubble.newGlyph("Hcomb").getPen(), 300, 700, 400, 900)
    helpers.rect(bubble.newGlyph("n").getPen(), 10, -60, 570, 560)
    return font


def test_decide_moves_only_what_kept_its_shape():
    a = Outline(50.0, 600.0, "s")
    assert decide("H", a, Outline(62.0, 612.0, "s"), None).dx == 12
    assert decide("H", a, Outline(62.0, 612.0, "s"), None).record == {"left": 62.0, "advance": 612.0, "shape": "s"}
    assert decide("H", a, Outline(50.0, 640.0, "s"), None) is None  # the advance alone
    assert decide("H", a, Outline(40.0, 600.0, "t"), None) is None  # redrawn
    assert decide("H", None, a, None) is None  # never seen: nothing known to follow
    stale = {"left": 10.0, "advance": 600.0, "shape": "old"}  # already out of step: stays so, shifted along
    assert decide("H", a, Outline(62.0, 612.0, "s"), stale).record == {**stale, "left": 22.0}


def test_follower_moves_bubbles_and_composites_and_undo_moves_them_back():
    font = font_with_composite()
    sync_bubbles(font)  # recorded
    start = {n: points(font, n) for n in ("H", "Hcomb", "n")}
    follower = OutlineFollower()
    follower.watch(font, "H")
    font["H"].leftMargin += 12
    steps = follower.follow(font, "H")
    assert [(s.name, s.dx) for s in steps] == [("H", 12), ("Hcomb", 12)]
    assert points(font, "H") == [(x + 12, y) for x, y in start["H"]]
    assert points(font, "Hcomb") == [(x + 12, y) for x, y in start["Hcomb"]]
    assert points(font, "n") == start["n"]
    assert sync_status(font).out_of_step == [] and font.getLayer("bubble")["H"].lib[SYNC_KEY] == outline_of(
        font, "H"
    ).to_record()
    font["H"].leftMargin -= 12  # what undoing the metrics change does to the outline
    assert [(s.name, s.dx) for s in follower.follow(font, "H")] == [("H", -12), ("Hcomb", -12)]
    assert {n: points(font, n) for n in start} == start and sync_status(font).out_of_step == []
    font["H"].rightMargin += 40  # the right side only: nothing moves
    assert follower.follow(font, "H") == []
    font["H"].contours[0].points[0].x -= 30  # a redraw: nothing moves, sync reports it
    assert follower.follow(font, "H") == [] and points(font, "H") == start["H"]
    assert "H" in sync_status(font).names("reshaped")


def test_follower_uses_the_record_when_it_has_not_seen_the_glyph():
    font = font_with_composite()
    sync_bubbles(font)
    font["n"].leftMargin -= 8  # changed before the editor showed it; the first change event follows the record
    steps = OutlineFollower().follow(font, "n")
    assert [(s.name, s.dx) for s in steps] == [("n", -8)]


@pytest.fixture
def rf(monkeypatch):
    recorder = Recorder()
    for name, module in fake_robofont.install(recorder).items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(RGlyph, "prepareUndo", lambda self, title="": recorder.calls.append(("prepareUndo", (self.name, title), {})), raising=False)
    monkeypatch.setattr(RGlyph, "performUndo", lambda self: recorder.calls.append(("performUndo", (self.name,), {})), raising=False)
    fake_robofont.forget_ui_modules()
    from bubblekern.interface.defaults import registered_defaults

    recorder.defaults.update(registered_defaults())
    yield recorder
    fake_robofont.forget_ui_modules()


def test_overlay_moves_the_bubble_with_a_sidebearing_change_and_back_on_undo(rf):
    from bubblekern_robofont.overlay import CONTAINER, BubbleOverlay

    font = font_with_composite()
    start = points(font, "H")
    editor = FakeGlyphEditor(font["H"])
    FakeSubscriber.editor = editor
    overlay = BubbleOverlay()  # the editor shows H: its outline is remembered
    font["H"].leftMargin += 20
    overlay.glyphEditorGlyphDidChange({})
    assert points(font, "H") == [(x + 20, y) for x, y in start]
    drawn = editor.containers[CONTAINER].of("path")[0].pen.value
    assert drawn[0] == ("moveTo", ((40.0, -60.0),))  # the overlay draws the moved bubble
    assert not [c for c in rf.calls if c[0] in ("prepareUndo", "performUndo")]  # no undo step of its own
    font["H"].leftMargin -= 20  # undo of the metrics change
    overlay.glyphEditorGlyphDidChange({})
    assert points(font, "H") == start
    assert SYNC_KEY in font.getLayer("bubble")["H"].lib  # the first follow records the bubble
