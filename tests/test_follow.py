"""Bubbles follow the outline live: the follower's decisions, and the overlay with fake RoboFont modules."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import fake_robofont
import pytest
from fake_robofont import Recorder
from fontParts.fontshell import RGlyph

from bubblekern.interface.follow import OutlineFollower, classify, decide
from bubblekern.sync import SYNC_KEY, Outline, outline_of, sync_bubbles, sync_status

import helpers

LIB = Path(__file__).resolve().parent.parent / "source" / "lib"


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


def test_classify_tells_a_move_still_arriving_from_a_redraw():
    before = ((80.0, "stem"), (530.0, "stem"), (170.0, "bar"))
    assert classify(before, ((100.0, "stem"), (550.0, "stem"), (190.0, "bar"))) == ("moved", 20)
    assert classify(before, ((100.0, "stem"), (530.0, "stem"), (170.0, "bar"))) == ("partial", 20)
    assert classify(before, before) == ("same", 0)
    assert classify(before, ((100.0, "stem"), (540.0, "stem"), (170.0, "bar")))[0] == "redrawn"  # two offsets
    assert classify(before, ((80.0, "stem"), (530.0, "other"), (170.0, "bar")))[0] == "redrawn"
    assert classify(before, before[:2])[0] == "redrawn"


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
    for method in ("prepareUndo", "performUndo"):
        monkeypatch.setattr(
            RGlyph, method, lambda self, *a, m=method: recorder.calls.append((m, (self.name, *a), {})), raising=False
        )
    fake_robofont.forget_ui_modules()
    yield recorder
    fake_robofont.forget_ui_modules()


def test_overlay_moves_the_bubble_with_a_sidebearing_change_and_back_on_undo(rf):
    from bubblekern_robofont.overlay import CONTAINER

    runpy.run_path(str(LIB / "bubblekern_robofont" / "main.py"))  # RoboFont's start-up registers the overlay
    font = font_with_composite()
    start = {n: points(font, n) for n in ("H", "Hcomb")}
    editor = rf.open_glyph_editor(font["H"])  # the editor shows H (three contours): its outline is remembered
    font["H"].leftMargin += 20  # the glyph's change notifications reach the overlay, contour by contour
    assert points(font, "H") == [(x + 20, y) for x, y in start["H"]]
    assert points(font, "Hcomb") == [(x + 20, y) for x, y in start["Hcomb"]]  # a composite built on H
    drawn = editor.containers[CONTAINER].of("path")[0].pen.value
    assert drawn[0] == ("moveTo", ((40.0, -60.0),))  # the overlay draws the moved bubble
    assert not [c for c in rf.calls if c[0] in ("prepareUndo", "performUndo")]  # no undo step of its own
    font["H"].leftMargin -= 20  # undoing the metrics change moves the outline back, and the bubble with it
    assert {n: points(font, n) for n in start} == start
    assert SYNC_KEY in font.getLayer("bubble")["H"].lib  # the first follow records the bubble
    font["H"].contours[1].points[0].x += 5  # a point edit: not followed …
    assert points(font, "H") == start["H"]
    font["H"].leftMargin += 7  # … but the next sidebearing change is
    assert points(font, "H") == [(x + 7, y) for x, y in start["H"]]
