"""A kern added to every pair of two letters by their cases (``Settings.case_offsets``).

The value model kerns each case's straight pair (``H H``, ``H n``, ``n H``, ``n n``) 0; some designers move a whole
case pair (Lato's and Cabin's tighten every lowercase before a capital by 8 to 18 per 1000 em), and ``fit`` reads
that off those model pairs. How far this brings real fonts to their designers is measured in benchmarks/quality.py;
these tests keep the arithmetic honest, with either kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, BLEND_STRENGTHS, case_shifts, glyph_kinds, straight_pairs

from helpers import add_glyph, new_font, rect

PAIRS = [("H", "n"), ("n", "H"), ("H", "H"), ("n", "n"), ("T", "o"), ("o", "T"), ("H", "period"), ("period", "quote"),
         ("H", "one")]


def cases_font(bubbles: bool = True):
    """H, T, n, o drawn in boxes (cap height 700, x-height 500), a period, a quote and a figure; with ``bubbles``,
    each is drawn grown by 40 on the bubble layer."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    shapes = {
        "H": (640, [(80, 0, 160, 700), (480, 0, 560, 700), (160, 320, 480, 390)], "H"),
        "T": (600, [(20, 620, 580, 700), (260, 0, 340, 620)], "T"),
        "n": (560, [(70, 0, 150, 500), (410, 0, 490, 440), (150, 420, 490, 500)], "n"),
        "o": (560, [(50, 0, 510, 500)], "o"),
        "period": (300, [(110, 0, 190, 80)], "."),
        "quote": (260, [(90, 520, 170, 700)], "'"),
        "one": (560, [(240, 0, 320, 700)], "1"),
    }
    for name, (width, boxes, char) in shapes.items():
        add_glyph(font, name, width, outline=lambda p, b=boxes: [rect(p, *box) for box in b],
                  bubble=(lambda p, b=boxes: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in b])
                  if bubbles else None, unicode=ord(char))
    return font


def kern(font, **settings) -> dict:
    return kern_pairs(font, PAIRS, Settings(**{"min_kern": 0, **settings})).as_dict()


def test_the_offsets_move_every_pair_of_two_letters_by_their_cases():
    font = cases_font()
    plain = kern(font)
    moved = kern(font, case_offsets=(-4, -10, -16, 6))
    for pair, offset in [(("H", "H"), -4), (("H", "n"), -10), (("T", "o"), -10), (("n", "H"), -16), (("o", "T"), -16),
                         (("n", "n"), 6)]:
        assert moved[pair] == plain[pair] + offset, pair
    # punctuation and figures are no letters; a pair sharing no band keeps what the fail-safe gives
    for pair in [("H", "period"), ("period", "quote"), ("H", "one")]:
        assert moved.get(pair) == plain.get(pair), pair
    assert kern(font, case_offsets=(0, 0, 0, 0)) == plain
    # per 1000 em: on a font of 2000 units the same offset moves twice as many units
    font.info.unitsPerEm = 2000
    assert kern(font, case_offsets=(0, -10, 0, 0))[("H", "n")] == kern(font)[("H", "n")] - 20


def test_the_offsets_are_added_after_the_strengths_and_with_the_blend():
    font = cases_font()
    strengths = (1.0, 1.5, 1.0, 1.0, 1.0, 1.0, 1.0)
    scaled = kern(font, strengths=strengths, blend=BLEND)
    both = kern(font, strengths=strengths, blend=BLEND, case_offsets=(0, -10, 0, 0))
    assert both[("T", "o")] == scaled[("T", "o")] - 10 and both[("H", "n")] == scaled[("H", "n")] - 10
    assert both[("o", "T")] == scaled[("o", "T")]
    # a full run kerns as the pair list
    everything = kern_pairs(font, None, Settings(min_kern=0, strengths=strengths, blend=BLEND,
                                                 case_offsets=(0, -10, 0, 0))).as_dict()
    assert all(everything.get(pair) == value for pair, value in both.items())


def test_the_kernel_adds_a_shift_before_the_caps_never_to_a_failsafe_pair():
    settings = Settings(min_kern=0, failsafe="cap")
    gaps = [20.0, 300.0, float("inf"), -10.0]
    values, failsafe, kept = kernel.kern_values(gaps, [400.0] * 4, [200.0] * 4, settings, None, None,
                                                [-5.0, -5.0, -5.0, -5.0])
    assert list(values) == [-25, -100, -100, 5] and list(failsafe) == [False, False, True, False]


def test_the_shift_table_moves_letters_only():
    font = cases_font()
    names = ["H", "n", "period", "one"]
    assert case_shifts(glyph_kinds(font, names), names, (0, 0, 0, 0)) is None
    codes, table = case_shifts(glyph_kinds(font, names), names, (1, 2, 3, 4))
    h, n, period, one = codes
    assert table[h][h] == 1 and table[h][n] == 2 and table[n][h] == 3 and table[n][n] == 4
    assert period == one and all(table[period][c] == table[c][period] == 0 for c in codes)
    assert straight_pairs(font, font.keys()) == {0: ("H", "H"), 1: ("H", "n"), 2: ("n", "H"), 3: ("n", "n")}


def test_the_offsets_are_a_checked_setting_stored_and_a_command_line_option():
    import argparse

    from bubblekern.cli.common import add_settings_arguments, settings_from_args

    for wrong in [(0, 0, 0), (0, 0, 0, 900), "0,0,0,0", (0, 0, None, 0)]:
        with pytest.raises(SettingsError, match="case_offsets"):
            Settings(case_offsets=wrong)
    moved = Settings(case_offsets=[0, -8, -10, 0])
    assert moved.case_offsets == (0.0, -8.0, -10.0, 0.0)
    assert Settings.from_dict(moved.to_dict()) == moved and "case_offsets" not in Settings().to_dict()
    parser = argparse.ArgumentParser()
    add_settings_arguments(parser)
    assert settings_from_args(parser.parse_args(["--case-offsets", "0,-8,-10,0"]), None).case_offsets == moved.case_offsets
    with pytest.raises(SystemExit):
        parser.parse_args(["--case-offsets", "1,2"])


def test_fit_reads_the_offsets_off_the_straight_model_pairs_and_kern_applies_them():
    """A designer who kerns ``H n`` −12 and ``n H`` −18 moved the mixed-case pairs: the fit reads the offsets off
    those model pairs (the controls it adds), stores them, and kern adds them to every mixed-case pair."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit, store_fit
    from bubblekern.generate import GenerateSettings, make_bubbles

    gen = GenerateSettings()
    work = cases_font(bubbles=False)
    make_bubbles(work, None, gen)
    offsets = (0.0, -12.0, -18.0, 0.0)
    training = [("T", "o"), ("o", "T")]
    near = tuple(round(v * 20) / 20 for v in BLEND_STRENGTHS)  # on fit's grid, beside the strengths it is drawn toward
    designer = kern_pairs(work, PAIRS, Settings(min_kern=0, blend=BLEND, strengths=near, case_offsets=offsets)).as_dict()
    assert designer[("H", "n")] == -12 and designer[("n", "H")] == -18

    font = cases_font(bubbles=False)
    for pair, value in designer.items():
        font.kerning[pair] = value
    result = fit(font, training, start=gen, refine=False, value_model="blend")
    assert ("H", "n") in result.control_pairs and result.settings.case_offsets == offsets
    assert result.training.mae < 1 and "UC-lc -12" in result.format()
    store_fit(font, result)
    assert Settings.for_font(font).case_offsets == offsets
    kerned = kern_pairs(font, [("o", "T"), ("H", "n")], Settings.for_font(font).replace(min_kern=0)).as_dict()
    assert kerned[("o", "T")] == designer[("o", "T")] and kerned[("H", "n")] == -12
    # without the straight pairs among the model pairs the settings' offsets stay
    kept = fit(font, training, settings=Settings(case_offsets=(0, -5, 0, 0)), start=gen, refine=False,
               controls=False, value_model="blend")
    assert kept.settings.case_offsets == (0.0, -5.0, 0.0, 0.0)


def test_a_straight_pair_kerned_on_its_own_moves_nothing_else():
    """B612's designer kerns ``n n`` −50 and ``n o`` ``o n`` ``o o`` 0: that is the kern of one pair, not a move of
    every lowercase pair (read as one, every lowercase pair went −50: its MAE 12.2 against no kerning's 3.3). The
    controls of the context outvote its straight pair; a move of the whole context, which moves them too, stays."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit
    from bubblekern.generate import GenerateSettings, make_bubbles

    gen = GenerateSettings()
    work = cases_font(bubbles=False)
    make_bubbles(work, None, gen)
    near = tuple(round(v * 20) / 20 for v in BLEND_STRENGTHS)
    pairs = [*PAIRS, ("n", "o"), ("o", "n"), ("o", "o")]
    training = [("T", "o"), ("o", "T")]
    for offsets, lone, expected in (((0, 0, 0, 0), -50, 0.0), ((0, 0, 0, -14), None, -14.0)):
        designer = kern_pairs(work, pairs, Settings(min_kern=0, blend=BLEND, strengths=near,
                                                    case_offsets=offsets)).as_dict()
        if lone is not None:
            designer[("n", "n")] = lone
        font = cases_font(bubbles=False)
        for pair, value in designer.items():
            font.kerning[pair] = value
        result = fit(font, training, start=gen, refine=False, value_model="blend")
        assert {("n", "n"), ("n", "o"), ("o", "n"), ("o", "o")} <= set(result.control_pairs)
        assert result.settings.case_offsets[3] == expected, (offsets, designer)


def test_status_says_which_offsets_the_font_keeps(tmp_path, capsys):
    import json

    pytest.importorskip("numpy")  # the command line needs it
    from bubblekern.cli import main
    from bubblekern.settings import LIB_KEY

    from helpers import save

    font = cases_font()
    font.lib[LIB_KEY] = {"case_offsets": [0, -8, -10, 0]}
    path = save(font, tmp_path, "Cases.ufo")
    assert main(["status", str(path)]) == 0
    out = capsys.readouterr().out
    assert "added to every pair of two letters: UC-lc -8, lc-UC -10 per 1000 em" in out
    assert main(["status", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["case_offsets"] == {"UC-lc": -8.0, "lc-UC": -10.0}
    font.lib[LIB_KEY] = {}
    save(font, tmp_path, "Cases.ufo")
    assert main(["status", str(path)]) == 0 and "pair of two letters" not in capsys.readouterr().out


def test_the_robofont_window_kerns_with_the_offsets_the_font_keeps():
    from bubblekern.interface.defaults import with_font_model
    from bubblekern.settings import LIB_KEY

    font = cases_font()
    font.lib[LIB_KEY] = {"case_offsets": [0, -8, -10, 0]}
    assert with_font_model(Settings(), font).case_offsets == (0.0, -8.0, -10.0, 0.0)
    font.lib[LIB_KEY] = {"case_offsets": [0, -8]}  # held wrongly: ignored
    assert with_font_model(Settings(), font).case_offsets == (0.0,) * 4
