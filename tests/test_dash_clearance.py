"""A dash keeps clear of a foot below it under the blend (``Settings.dash_clearance``).

The bubbles let a hyphen slide over L's foot into the room above it (Roboto's ``L-`` came out −138 per 1000 em, where
every designer of ``../shared`` has 0), while under T's arm the same hyphen belongs deep. How far this brings real
fonts to their designers is measured in benchmarks/quality.py; these tests keep the arithmetic honest, with either
kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import json

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.cli import main
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, CONTEXTS, DASH_DEPTH, DASH_FACTOR, dash_rows

from helpers import add_glyph, new_font, polygon, rect, save

ONES = (1.0,) * len(CONTEXTS)


def dash_font():
    """An L whose foot's bubble reaches its right sidebearing line under 120 units, a T with a centred stem under its
    arm, an H, a hyphen and an en dash at 280–420 (bubbles: the blend's halos do not close the 160 units over the
    foot), and an unencoded ``hyphen.case``."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    add_glyph(font, "H", 600, outline=lambda p: rect(p, 60, 0, 540, 700), unicode=ord("H"),
              bubble=lambda p: rect(p, 0, -40, 600, 740))
    add_glyph(font, "L", 600, outline=lambda p: polygon(p, (60, 0), (540, 0), (540, 80), (140, 80), (140, 700),
                                                        (60, 700)), unicode=ord("L"),
              bubble=lambda p: polygon(p, (0, -40), (600, -40), (600, 120), (180, 120), (180, 740), (0, 740)))
    add_glyph(font, "T", 600, outline=lambda p: polygon(p, (40, 620), (260, 620), (260, 0), (340, 0), (340, 620),
                                                        (560, 620), (560, 700), (40, 700)), unicode=ord("T"),
              bubble=lambda p: polygon(p, (0, 580), (220, 580), (220, -40), (380, -40), (380, 580), (600, 580),
                                       (600, 740), (0, 740)))
    for name, char in (("hyphen", "-"), ("endash", "\u2013")):
        add_glyph(font, name, 300, outline=lambda p: rect(p, 40, 320, 260, 380), unicode=ord(char),
                  bubble=lambda p: rect(p, 0, 280, 300, 420))
    add_glyph(font, "hyphen.case", 300, outline=lambda p: rect(p, 40, 400, 260, 460),
              bubble=lambda p: rect(p, 0, 360, 300, 500))
    return font


PAIRS = [("L", "hyphen"), ("L", "endash"), ("T", "hyphen"), ("hyphen", "T"), ("H", "hyphen"), ("hyphen", "L"),
         ("L", "T"), ("hyphen", "hyphen")]


def kern(font, clearance, blend=BLEND, pairs=PAIRS) -> dict:
    settings = Settings(min_kern=0, blend=blend, strengths=ONES, dash_clearance=clearance)
    return kern_pairs(font, pairs, settings).as_dict()


def test_a_dash_keeps_clear_of_a_foot_below_it_and_still_comes_under_an_arm():
    font = dash_font()
    plain, without, kept = kern(font, 0, blend=()), kern(font, 0), kern(font, 200)
    assert plain[("L", "hyphen")] < -100 and without[("L", "hyphen")] < -DASH_DEPTH  # over the foot, into the room
    # reaching 200 further down it meets the foot: no deeper than the depth designers allow
    assert kept[("L", "hyphen")] == kept[("L", "endash")] == -DASH_DEPTH
    assert kern(font, 100)[("L", "hyphen")] == without[("L", "hyphen")]  # 100 does not reach the foot's bubble
    for pair in (("T", "hyphen"), ("hyphen", "T")):  # under the arm the stem is as far away lower down
        assert kept[pair] == without[pair] < -DASH_DEPTH, pair
    for pair in (("H", "hyphen"), ("hyphen", "L"), ("L", "T"), ("hyphen", "hyphen")):  # straight sides, no dash
        assert kept[pair] == without[pair], pair
    assert kept[("H", "hyphen")] == 0  # the straight reference is measured the same way


def test_dashes_are_the_unicode_dash_punctuation_by_code_point_or_name():
    font = dash_font()
    assert dash_rows(font, ["hyphen", "endash", "hyphen.case", "H", "L", "missing"]) == [
        True, True, True, False, False, False]


def test_clearance_gaps_take_a_pair_no_deeper_than_its_factor_times_its_reached_gap():
    from bubblekern.bands import BandProfile

    inf, nan = float("inf"), float("nan")
    # bands of 100 units: L, 600 wide, with a foot (right room 10 in band 0, 300 above); a dash in band 1 (its sides at
    # its sidebearing lines); I, a stem keeping 50 on its right; the dash reaching 100 further down meets L's foot
    profiles = {"L": BandProfile(100.0, 0, (0.0, 0.0, 0.0), (590.0, 300.0, 300.0)),
                "dash": BandProfile(100.0, 0, (nan, 0.0, nan), (nan, 300.0, nan)),
                "I": BandProfile(100.0, 0, (0.0, 0.0, 0.0), (550.0, 550.0, 550.0))}
    matrix = kernel.ProfileMatrix.build(profiles, {"L": 600.0, "dash": 300.0, "I": 600.0})
    rows = [False, True, False]
    reached = kernel.reach_down(matrix, rows, 100.0)
    assert reached.first_band == -1 and list(reached.room_right[1]) == [inf, 0.0, 0.0, inf]
    assert list(reached.room_right[0]) == [inf, 10.0, 300.0, 300.0]  # the other rows as they were
    left, right = [0, 2, 1, 0], [1, 1, 0, 2]
    gaps, _ = kernel.solve_gaps(matrix, left, right)
    assert list(gaps) == [300.0, 50.0, 0.0, 10.0]
    clear = kernel.Clearance(reached, rows, None, DASH_FACTOR)
    # L then the dash: reaching down it meets the foot (10), so at most 20; I then the dash: 50 either way; the dash
    # then L touches (0): left alone; L then I: no dash
    assert list(kernel.clearance_gaps(gaps, left, right, clear)) == [20.0, 50.0, 0.0, 10.0]
    offsets = ([5.0, 0.0, 0.0], [0.0, 0.0, 0.0])  # the room L's right side keeps from a reference
    assert list(kernel.clearance_gaps(gaps, left, right, clear._replace(offsets=offsets)))[0] == 10.0
    assert list(kernel.clearance_gaps([inf], [0], [1], clear)) == [inf]  # a pair sharing no band
    assert list(kernel.clearance_gaps(gaps, left, right, clear._replace(depth=30.0))) == [30.0, 50.0, 0.0, 10.0]


def test_the_clearance_is_checked_stored_and_taken_on_the_command_line(tmp_path, capsys):
    for wrong in (-1, 1001, float("nan"), "far"):
        with pytest.raises(SettingsError, match="dash_clearance must be from 0 to 1000"):
            Settings(dash_clearance=wrong)
    assert Settings.from_dict(Settings(dash_clearance=80).to_dict()).dash_clearance == 80
    pytest.importorskip("numpy", reason="the command line needs numpy (the blocked run checks the kernels)")
    path = save(dash_font(), tmp_path)
    values = {}
    for clearance in ("0", "200"):
        assert main(["kern", str(path), "--glyphs", "L,hyphen,H", "--blend", "on", "--min-kern", "0",
                     "--dash-clearance", clearance, "--dry-run", "--format", "json"]) == 0
        values[clearance] = {(a, b): v for a, b, v in json.loads(capsys.readouterr().out)["pairs"]}
    assert values["0"][("L", "hyphen")] < values["200"][("L", "hyphen")] == -DASH_DEPTH
    with pytest.raises(SystemExit, match="dash_clearance must be from 0 to 1000"):
        main(["kern", str(path), "--dash-clearance", "2000", "--dry-run"])
