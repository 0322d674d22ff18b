"""A period or comma after a letter keeps a share of its bubbles' own kern under the blend (``Settings.stop_floor``),
and a capital after one (``Settings.stop_capital_floor``).

The blend's halos grow the stop sideways, filling the white beside a round or open bottom that the stop, sitting
low, does come into: Noto Sans's ``O.`` ``D.`` came out −11 per 1000 em against its designer's −40. How far this
brings real fonts to their designers is measured in benchmarks/quality.py; these tests keep the arithmetic honest,
with either kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import json

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.cli import main
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, CONTEXTS, STOP_FLOOR_DEPTH, glyph_kinds, stop_floors

from helpers import add_glyph, new_font, polygon, rect, save

ONES = (1.0,) * len(CONTEXTS)


def floor_font():
    """An O whose bubble recedes towards its foot, an F open under its arm, an H, a period and a comma whose bubbles
    reach their sidebearing lines (as generated ones do), a hyphen; cap height 700, x-height 500."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    add_glyph(font, "O", 600, outline=lambda p: rect(p, 100, 0, 500, 700), unicode=ord("O"), bubble=lambda p: polygon(
        p, (150, 0), (450, 0), (560, 200), (560, 500), (450, 700), (150, 700), (40, 500), (40, 200)))
    add_glyph(font, "F", 600, outline=lambda p: rect(p, 60, 0, 140, 700), unicode=ord("F"), bubble=lambda p: polygon(
        p, (20, 0), (180, 0), (180, 560), (590, 560), (590, 740), (20, 740)))
    add_glyph(font, "H", 600, outline=lambda p: rect(p, 60, 0, 540, 700), unicode=ord("H"),
              bubble=lambda p: rect(p, 0, -40, 600, 740))
    for name, char in (("period", "."), ("comma", ",")):
        add_glyph(font, name, 300, outline=lambda p: rect(p, 110, 0, 190, 80), unicode=ord(char),
                  bubble=lambda p: rect(p, 0, -40, 300, 100))
    add_glyph(font, "hyphen", 300, outline=lambda p: rect(p, 40, 220, 260, 280), unicode=ord("-"),
              bubble=lambda p: rect(p, 0, 180, 300, 320))
    return font


PAIRS = [("O", "period"), ("O", "comma"), ("F", "period"), ("H", "period"), ("O", "hyphen"), ("period", "O"),
         ("O", "O"), ("hyphen", "period")]


def kern(font, share, blend=BLEND, capital_share=1.0, pairs=PAIRS) -> dict:
    settings = Settings(min_kern=0, blend=blend, strengths=ONES, stop_floor=share, stop_capital_floor=capital_share)
    return kern_pairs(font, pairs, settings).as_dict()


def test_a_stop_after_a_round_bottom_keeps_a_share_of_its_bubbles_kern():
    font = floor_font()
    plain, without, floored = kern(font, 0.5, blend=()), kern(font, 0.0), kern(font, 0.5)
    assert plain[("O", "period")] < -60  # the bubbles alone let the stop in under the round
    assert without[("O", "period")] > plain[("O", "period")] / 2  # the halos fill that white
    assert floored[("O", "period")] == pytest.approx(plain[("O", "period")] / 2, abs=1)
    assert floored[("O", "comma")] == floored[("O", "period")]  # a comma is a low stop too
    assert floored[("H", "period")] == without[("H", "period")] == 0  # a straight stem stays spacing
    for pair in (("O", "hyphen"), ("period", "O"), ("O", "O"), ("hyphen", "period")):  # not a letter before a stop
        assert floored[pair] == without[pair], pair


def test_the_share_is_taken_of_at_most_the_floor_depth():
    """F's bubble leaves 400 units under its arm; the floor asks for half of 100 per 1000 em, no more."""
    font = floor_font()
    plain, without, floored = kern(font, 0.5, blend=()), kern(font, 0.0), kern(font, 0.5)
    assert plain[("F", "period")] <= -150  # the negative cap: half the period's advance
    assert floored[("F", "period")] == min(without[("F", "period")], -0.5 * STOP_FLOOR_DEPTH)


def test_floor_gaps_keep_a_share_of_the_own_gap_for_the_flagged_pairs_only():
    inf = float("inf")
    gaps = [100.0, 100.0, 300.0, 100.0, -20.0, inf, 0.0]
    blended = [30.0, 80.0, 30.0, 30.0, -20.0, inf, 0.0]
    left, right = [0, 0, 0, 1, 0, 0, 0], [2, 2, 2, 2, 2, 2, 2]
    floor = kernel.Floor([True, False, False], [False, False, True], 0.5, 120.0)
    got = kernel.floor_gaps(blended, gaps, left, right, floor).tolist()
    # half the own gap; the blend's when wider; at most half of the depth; unflagged, overlapping, unshared as they were
    assert got == [50.0, 80.0, 60.0, 30.0, -20.0, inf, 0.0]


def test_the_setting_is_checked_and_stored():
    for wrong in (-0.1, 1.5, float("nan"), "half"):
        with pytest.raises(SettingsError, match="stop_floor must be a share from 0 to 1"):
            Settings(stop_floor=wrong)
    assert Settings.from_dict(Settings(stop_floor=0.25).to_dict()).stop_floor == 0.25


def test_the_command_line_takes_the_share(tmp_path, capsys):
    pytest.importorskip("numpy", reason="the command line needs numpy (the blocked run checks the kernels)")
    path = save(floor_font(), tmp_path)
    values = {}
    for share in ("0", "0.5"):
        assert main(["kern", str(path), "--glyphs", "O,period", "--blend", "on", "--min-kern", "0", "--stop-floor",
                     share, "--dry-run", "--format", "json"]) == 0
        values[share] = {(a, b): v for a, b, v in json.loads(capsys.readouterr().out)["pairs"]}
    assert values["0.5"][("O", "period")] < values["0"][("O", "period")]
    with pytest.raises(SystemExit, match="stop_floor must be a share from 0 to 1, not 1.5"):
        main(["kern", str(path), "--stop-floor", "1.5", "--dry-run"])


CAPITAL_PAIRS = [("period", "O"), ("comma", "O"), ("period", "H"), ("period", "o"), ("hyphen", "O"), ("O", "period"),
                 ("period", "V")]


def capital_font():
    """:func:`floor_font` with a round lowercase o and a V whose bubble opens towards its foot."""
    font = floor_font()
    add_glyph(font, "o", 500, outline=lambda p: rect(p, 80, 0, 420, 500), unicode=ord("o"), bubble=lambda p: polygon(
        p, (130, 0), (370, 0), (470, 150), (470, 350), (370, 540), (130, 540), (30, 350), (30, 150)))
    add_glyph(font, "V", 600, outline=lambda p: polygon(p, (0, 700), (120, 700), (300, 0)), unicode=ord("V"),
              bubble=lambda p: polygon(p, (0, 740), (600, 740), (340, -40), (260, -40)))
    return font


def test_a_capital_after_a_stop_keeps_its_bubbles_kern_of_at_most_the_floor_depth():
    font = capital_font()
    plain = kern(font, 0.5, blend=(), pairs=CAPITAL_PAIRS)
    without, floored = kern(font, 0.5, capital_share=0.0, pairs=CAPITAL_PAIRS), kern(font, 0.5, pairs=CAPITAL_PAIRS)
    assert -STOP_FLOOR_DEPTH < plain[("period", "O")] < -60  # the bubbles alone bring the O's round over the stop
    assert without[("period", "O")] > plain[("period", "O")] / 2  # the halos fill that white
    assert floored[("period", "O")] == plain[("period", "O")] == floored[("comma", "O")]  # a comma is a low stop too
    assert plain[("period", "V")] < -STOP_FLOOR_DEPTH  # V's arm reaches far over the stop: the depth bounds it
    assert floored[("period", "V")] == min(without[("period", "V")], -STOP_FLOOR_DEPTH)
    assert floored[("period", "H")] == without[("period", "H")] == 0  # a straight stem stays spacing
    half = kern(font, 0.5, capital_share=0.5, pairs=CAPITAL_PAIRS)
    assert half[("period", "O")] == pytest.approx(min(without[("period", "O")], plain[("period", "O")] / 2), abs=1)
    for pair in (("period", "o"), ("hyphen", "O"), ("O", "period")):  # a lowercase, not a stop, not after a stop
        assert floored[pair] == without[pair], pair
    assert floored[("period", "o")] > plain[("period", "o")] / 2  # the lowercase stays blended


def test_the_floors_are_built_for_the_pairs_they_name_only():
    font = capital_font()
    names = ["O", "o", "period", "hyphen", "V"]
    kinds = glyph_kinds(font, names)
    letters, capitals = stop_floors(font, kinds, names, 0.5, 0.75, 1000)
    stop_rows = [False, False, True, False, False]
    assert (letters.left, letters.right, letters.share) == ([True, True, False, False, True], stop_rows, 0.5)
    assert (capitals.left, capitals.right, capitals.share) == (stop_rows, [True, False, False, False, True], 0.75)
    assert capitals.depth == letters.depth == STOP_FLOOR_DEPTH
    assert stop_floors(font, kinds, names, 0.5, 0.0, 1000) == (letters,)
    assert stop_floors(font, kinds, names, 0.0, 0.75, 1000) == (capitals,)
    assert stop_floors(font, kinds, names, 0.0, 0.0, 1000) is None
    assert stop_floors(font, kinds, ["O", "o", "hyphen"], 0.5, 0.75, 1000) is None  # no stop


def test_solve_blend_applies_each_floor_in_turn():
    gaps, left, right, blend = [100.0, 100.0, 100.0], [0, 1, 2], [1, 2, 0], [(None, 0.2)]  # blended: 0.2 of each gap
    one = kernel.Floor([True, False, False], [False, True, False], 0.5)
    two = kernel.Floor([False, True, False], [False, False, True], 1.0, 80.0)
    assert list(kernel.solve_blend(gaps, left, right, blend)) == [20.0, 20.0, 20.0]
    assert list(kernel.solve_blend(gaps, left, right, blend, floor=one)) == [50.0, 20.0, 20.0]
    assert list(kernel.solve_blend(gaps, left, right, blend, floor=(one, two))) == [50.0, 80.0, 20.0]
    assert kernel.as_floors(None) == () and kernel.as_floors(one) == (one,) and kernel.as_floors([one, two]) == (one, two)


def test_the_capital_share_is_checked_stored_and_taken_on_the_command_line(tmp_path, capsys):
    for wrong in (-0.1, 1.5, float("nan"), "all"):
        with pytest.raises(SettingsError, match="stop_capital_floor must be a share from 0 to 1"):
            Settings(stop_capital_floor=wrong)
    assert Settings.from_dict(Settings(stop_capital_floor=0.25).to_dict()).stop_capital_floor == 0.25
    pytest.importorskip("numpy", reason="the command line needs numpy (the blocked run checks the kernels)")
    path = save(capital_font(), tmp_path)
    values = {}
    for share in ("0", "1"):
        assert main(["kern", str(path), "--glyphs", "O,period", "--blend", "on", "--min-kern", "0",
                     "--stop-capital-floor", share, "--dry-run", "--format", "json"]) == 0
        values[share] = {(a, b): v for a, b, v in json.loads(capsys.readouterr().out)["pairs"]}
    assert values["1"][("period", "O")] < values["0"][("period", "O")]
    with pytest.raises(SystemExit, match="stop_capital_floor must be a share from 0 to 1, not 1.5"):
        main(["kern", str(path), "--stop-capital-floor", "1.5", "--dry-run"])
