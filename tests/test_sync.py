"""Bubbles follow the outline: ``bubblekern sync`` and ``status`` on real UFOs whose sidebearings changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bubblekern import kern_pairs, open_font
from bubblekern.cli import main
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.status import GLYPH_KEY, bubble_status
from bubblekern.sync import SYNC_KEY, outline_of, sync_bubbles, sync_status

import helpers

DEMO = Path(__file__).resolve().parents[1] / "source" / "lib" / "bubblekern" / "data" / "BubbleKernDemo.ufo"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def points(font, name, layer="bubble"):
    return [(p.x, p.y) for c in font.getLayer(layer)[name].contours for p in c.points]


def demo(tmp_path) -> Path:
    path = tmp_path / "Demo.ufo"
    shutil.copytree(DEMO, path)
    return path


def kern_json(capsys, path, *extra):
    code, out, err = run(capsys, "kern", path, "--dry-run", "--format", "json", "--flat", *extra)
    assert code == 0, err
    return {(left, right): value for left, right, value in json.loads(out)["pairs"]}


def test_sync_moves_bubbles_with_changed_left_sidebearings(tmp_path, capsys):
    path = demo(tmp_path)
    code, out, err = run(capsys, "sync", path)  # first sync: hand-drawn bubbles are recorded where they are
    assert code == 0, err
    assert "moved 0 bubble(s)" in out and "recorded as in step" in out
    font = open_font(path)
    recorded = [n for n in font.getLayer("bubble").keys() if SYNC_KEY in font.getLayer("bubble")[n].lib]
    assert sorted(recorded) == sorted(n for n in font.getLayer("bubble").keys() if font.getLayer("bubble")[n].contours)
    before_points = {n: points(font, n) for n in ("A", "O", "T", "acutecomb")}
    pairs = [("V", "A"), ("V", "O"), ("A", "V"), ("O", "V"), ("T", "O"), ("L", "T")]
    before_gaps = kern_pairs(font, pairs)
    before = kern_json(capsys, path, "--glyphs", "A,O,T,V,L")

    # the designer moves outlines: A +12, O −20 (leftMargin moves the contours and the advance), T's right side only
    font["A"].leftMargin += 12
    font["O"].leftMargin -= 20
    font["T"].rightMargin += 30
    font.save()

    code, out, err = run(capsys, "status", path)
    assert code == 0, err
    assert "out of step    2  " in out and "A (outline moved +12)" in out and "O (outline moved -20)" in out
    assert f"bubblekern sync {path.name}" in out

    code, out, err = run(capsys, "sync", path, "--dry-run")
    assert code == 0 and "would move 2 bubble(s)" in out and "dry run: nothing saved" in out
    assert points(open_font(path), "A") == before_points["A"]

    code, out, err = run(capsys, "sync", path)
    assert code == 0, err
    assert "moved 2 bubble(s)" in out
    assert "A                    +12  (outline's left edge" in out and "\n  O                    -20" in out
    font = open_font(path)
    assert points(font, "A") == [(x + 12, y) for x, y in before_points["A"]]
    assert points(font, "O") == [(x - 20, y) for x, y in before_points["O"]]
    assert points(font, "T") == before_points["T"]  # a width change alone moves nothing
    assert points(font, "acutecomb") == before_points["acutecomb"]
    assert sync_status(font).out_of_step == []

    # the bubble sticks to the ink: a pair with A or O on the right keeps its gap to the ink
    after_gaps = kern_pairs(font, pairs)
    gap = {p: float(g) for p, g in zip(before_gaps.pairs, before_gaps.gaps)}
    new = {p: float(g) for p, g in zip(after_gaps.pairs, after_gaps.gaps)}
    moved_by = {("V", "A"): 12, ("V", "O"): -20, ("T", "O"): -20 + 30}  # T's advance grew by 30 on its right
    for pair in pairs:
        assert new[pair] == pytest.approx(gap[pair] + moved_by.get(pair, 0)), pair
    after = kern_json(capsys, path, "--glyphs", "A,O,T,V,L")
    # kerned, the ink sits where it sat: the value moves against the left sidebearing
    assert after[("V", "A")] == before[("V", "A")] - 12
    assert after[("V", "O")] == before[("V", "O")] + 20

    code, out, _ = run(capsys, "sync", path)
    assert "moved 0 bubble(s)" in out and "nothing changed, nothing saved" in out


def test_components_follow_their_bases(tmp_path, capsys):
    font = helpers.latin_font()
    helpers.add_glyph(font, "Acomb", 720, components=[("A", (1, 0, 0, 1, 0, 0))])
    bubble = font.getLayer("bubble")
    helpers.polygon(bubble.newGlyph("A").getPen(), (0, -60), (720, -60), (520, 760), (200, 760))
    own = bubble.newGlyph("Acomb")  # a composite's bubble: a component of A's bubble plus a contour of its own
    own.getPen().addComponent("A", (1, 0, 0, 1, 0, 0))
    helpers.rect(own.getPen(), 300, 700, 500, 950)
    helpers.rect(bubble.newGlyph("Aacute").getPen(), 0, -60, 720, 950)
    path = helpers.save(font, tmp_path)
    assert run(capsys, "sync", path)[0] == 0
    font = open_font(path)
    font["A"].leftMargin += 15  # moves A's contours, and with them the ink of every composite built on A
    font.save()
    report = sync_bubbles(font)
    assert [(m.name, m.dx) for m in report.moved] == [("A", 15), ("Acomb", 15)]
    acomb = font.getLayer("bubble")["Acomb"]
    assert [tuple(c.offset) for c in acomb.components] == [(0, 0)]  # follows A's bubble: not moved twice
    assert sorted({p.x for p in acomb.contours[0].points}) == [315, 515]
    assert sorted({p.x for p in font.getLayer("bubble")["A"].contours[0].points}) == [15, 215, 535, 735]
    # Aacute's A moved but its accent did not: its outline changed shape, so no shift is right for its bubble
    assert report.reshaped == ["Aacute"]
    assert font.getLayer("bubble")["Aacute"].bounds == (0, -60, 720, 950)


def test_redrawn_outline_is_reported_not_moved_until_recorded(tmp_path, capsys):
    path = demo(tmp_path)
    assert run(capsys, "sync", path)[0] == 0
    font = open_font(path)
    before = points(font, "H")
    font["H"].contours[0].points[0].x -= 25  # a redraw, not a sidebearing move
    font.save()
    code, out, err = run(capsys, "sync", path)
    assert code == 0 and "redrawn since" in out and "H" in out and "--record --glyphs H" in out
    assert points(open_font(path), "H") == before
    code, out, err = run(capsys, "status", path, "--json")
    assert json.loads(out)["sync"]["reshaped"] == ["H"]
    code, out, err = run(capsys, "sync", path, "--record", "--glyphs", "H")
    assert code == 0 and "1 bubble(s) recorded" in out
    font = open_font(path)
    assert points(font, "H") == before and sync_status(font).out_of_step == []


def test_generated_bubbles_are_recorded_and_stay_unedited_after_a_sync():
    font = helpers.latin_font()
    font.removeLayer("bubble")
    make_bubbles(font, ["H", "n"], GenerateSettings())
    layer = font.getLayer("bubble")
    assert layer["H"].lib[SYNC_KEY] == outline_of(font, "H").to_record()
    assert sync_status(font).names("in-step") == ["H", "n"]
    font["H"].leftMargin -= 10
    report = sync_bubbles(font)
    assert [(m.name, m.dx) for m in report.moved] == [("H", -10)]
    state = bubble_status(font).glyphs["H"]
    assert state.generated and not state.edited and state.state == "stale"  # refit on request, not by hand
    assert GLYPH_KEY in layer["H"].lib


def test_first_sync_records_and_dry_run_records_nothing():
    font = helpers.box_font({"a": (500, (0, 0, 500, 500))})
    helpers.rect(font["a"].getPen(), 50, 0, 450, 500)
    report = sync_bubbles(font, dry_run=True)
    assert report.recorded == ["a"] and SYNC_KEY not in font.getLayer("bubble")["a"].lib
    font["a"].leftMargin += 7  # unrecorded: nobody knows where the outline was, so nothing moves
    report = sync_bubbles(font)
    assert report.recorded == ["a"] and report.moved == []
    assert font.getLayer("bubble")["a"].bounds == (0, 0, 500, 500)


def test_broken_components_and_bad_input_are_named(tmp_path, capsys):
    font = helpers.latin_font()
    bubble = font.getLayer("bubble")
    for name in ("H", "n"):
        helpers.rect(bubble.newGlyph(name).getPen(), 0, 0, 100, 100)
    path = helpers.save(font, tmp_path)
    helpers.add_components_on_disk(path, "n", ["o"])
    helpers.add_components_on_disk(path, "o", ["n"])  # n → o → n
    code, out, err = run(capsys, "sync", path)
    assert code == 0 and "1 bubble(s) recorded" in out and "H" in out
    assert "glyph 'n' skipped" in err and "cycle" in err
    code, _, err = run(capsys, "sync", path, "--glyphs", "H,nope")
    assert code == 1 and "'nope'" in err
    code, _, err = run(capsys, "sync", path, "--layer", "public.default")
    assert code == 1 and "default layer" in err
    code, _, err = run(capsys, "sync", path, "--layer", "missing")
    assert code == 1 and "no layer named 'missing'" in err


def test_has_contours_counts_own_contours_only_and_leaves_glyphs_as_read(tmp_path):
    import defcon

    from bubblekern.bubbles import has_contours

    def triangle(glyph):
        pen = glyph.getPen()
        pen.moveTo((0, 0))
        pen.lineTo((0, 10))
        pen.lineTo((10, 0))
        pen.closePath()

    path = tmp_path / "Glyphs.ufo"
    ufo = defcon.Font()
    triangle(ufo.newGlyph("box"))
    ufo.newGlyph("composite").getPen().addComponent("box", (1, 0, 0, 1, 0, 0))
    ufo.newGlyph("empty")
    both = ufo.newGlyph("both")
    both.getPen().addComponent("box", (1, 0, 0, 1, 0, 0))
    triangle(both)
    ufo.save(str(path))
    expected = {"box": True, "composite": False, "empty": False, "both": True}
    read = defcon.Font(str(path))
    assert {name: has_contours(read[name]) for name in expected} == expected
    assert not read["box"].dirty
    wrapped = open_font(path)  # fontParts glyphs, as the API and RoboFont hand them
    assert {name: has_contours(wrapped[name]) for name in expected} == expected
    assert {name: len(wrapped[name]) > 0 for name in expected} == expected  # what it replaces
    assert has_contours(None) is False
