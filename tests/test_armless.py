"""Capitals with no arm over the lowercase kern before it at a share of UC–lc's strength
(``Settings.armless_share``, :func:`bubblekern.model.armless_capitals`).

Designers kern ``Ta Vo Yo`` deeper than the blend and ``Av Ko Ly`` far less: under an arm the white reaches in
over the lowercase letter's top. How far this brings real fonts to their designers is measured in
benchmarks/quality.py; these tests keep the measure and the arithmetic honest, with either kernel
(test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.bands import BandProfile
from bubblekern.bubbles import FontBubbles
from bubblekern.errors import SettingsError
from bubblekern.model import (
    ARM_REACH,
    BAR_REACH,
    BLEND,
    BLENDS,
    CONTEXTS,
    arm_reach,
    armless_capitals,
    context_scales,
    glyph_kinds,
    serif_letters,
)

from helpers import add_glyph, new_font, polygon, rect

ONES = (1.0,) * len(CONTEXTS)
UC_LC = CONTEXTS.index("UC-lc")


def capitals_font(bubbles: bool = True):
    """Capitals drawn in boxes and polygons (cap height 700, x-height 500): T, F, V with arms over the lowercase;
    A, L, H, and a serif N whose thin top serif reaches past its stem, with none; an o and a v; an Á and a Ť built
    on A and T, a capital with no ink. With ``bubbles``, each is drawn grown by 40 on the bubble layer."""

    def boxes_glyph(font, name, width, boxes, char):
        add_glyph(font, name, width, outline=lambda p: [rect(p, *box) for box in boxes],
                  bubble=(lambda p: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in boxes])
                  if bubbles else None, unicode=ord(char))

    def polygon_glyph(font, name, width, points, bubble, char):
        add_glyph(font, name, width, outline=lambda p: polygon(p, *points),
                  bubble=(lambda p: polygon(p, *bubble)) if bubbles else None, unicode=ord(char))

    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    boxes_glyph(font, "T", 600, [(20, 620, 580, 700), (260, 0, 340, 620)], "T")
    boxes_glyph(font, "F", 560, [(80, 0, 160, 700), (160, 620, 520, 700), (160, 320, 440, 390)], "F")
    boxes_glyph(font, "L", 540, [(80, 0, 160, 700), (160, 0, 500, 80)], "L")
    boxes_glyph(font, "H", 640, [(80, 0, 160, 700), (480, 0, 560, 700), (160, 320, 480, 390)], "H")
    # a serif N: its right stem's thin top serif reaches 70 past the stem, the foot is the diagonal's point
    boxes_glyph(font, "N", 700, [(80, 0, 160, 700), (540, 0, 620, 700), (540, 670, 690, 700), (160, 300, 540, 380)], "N")
    boxes_glyph(font, "o", 560, [(50, 0, 510, 500)], "o")
    polygon_glyph(font, "V", 660, [(20, 700), (110, 700), (330, 80), (550, 700), (640, 700), (370, 0), (290, 0)],
                  [(-20, 740), (680, 740), (410, -40), (250, -40)], "V")
    polygon_glyph(font, "A", 660, [(20, 0), (110, 0), (330, 620), (550, 0), (640, 0), (370, 700), (290, 700)],
                  [(-20, -40), (680, -40), (410, 740), (250, 740)], "A")
    polygon_glyph(font, "v", 520, [(20, 500), (100, 500), (260, 80), (420, 500), (500, 500), (300, 0), (220, 0)],
                  [(-20, 540), (540, 540), (340, -40), (180, -40)], "v")
    add_glyph(font, "acutecomb", 0, outline=lambda p: rect(p, -60, 760, 60, 840), unicode=0x301)
    add_glyph(font, "caroncomb", 0, outline=lambda p: rect(p, -120, 760, 120, 820), unicode=0x30C)
    add_glyph(font, "Aacute", 660, components=[("A", (1, 0, 0, 1, 0, 0)), ("acutecomb", (1, 0, 0, 1, 330, 0))],
              unicode=0xC1)
    add_glyph(font, "Tcaron", 600, components=[("T", (1, 0, 0, 1, 0, 0)), ("caroncomb", (1, 0, 0, 1, 300, 0))],
              unicode=0x164)
    if bubbles:
        add_glyph(font, "Z", 560, bubble=lambda p: rect(p, 0, -40, 560, 740), unicode=ord("Z"))  # a bubble, no ink
    return font


CAPITALS = ["T", "F", "V", "A", "L", "H", "N", "Aacute", "Tcaron", "Z"]


def armless_of(font, names=CAPITALS) -> set[str]:
    bubbles = FontBubbles(font, Settings())
    names = [*names, "o"]
    return armless_capitals(font, glyph_kinds(font, names), names, lambda letters: serif_letters(bubbles, letters), 1000)


def kern(font, pairs, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(**{"min_kern": 0, "blend": BLEND, **settings})).as_dict()


def test_an_arm_is_ink_reaching_further_right_above_half_the_x_height_than_below():
    # T's bar 240 past its stem, held over the bar's 80: an arm; a serif N's 70 held over 30 only: none
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 35, (340.0,) * 31 + (580.0,) * 4), 500, 1000) == 240
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 35, (620.0,) * 33 + (690.0,) * 2), 500, 1000) == 0
    # a foot reaching as far as the top (L, A, Z): nothing; ink all below or above the line: nothing
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 35, (500.0,) * 4 + (160.0,) * 31), 500, 1000) < 0
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 5, (400.0,) * 5), 500, 1000) == 0
    assert arm_reach(BandProfile(20.0, 20, (0.0,) * 5, (400.0,) * 5), 500, 1000) == 0
    # a light weight's bar, one band tall, counts past BAR_REACH (Quicksand's T); a slab serif's 120 in one band does not
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 35, (340.0,) * 34 + (580.0,)), 500, 1000) == 240 > BAR_REACH
    assert arm_reach(BandProfile(20.0, 0, (0.0,) * 35, (620.0,) * 34 + (740.0,)), 500, 1000) == 0
    # measured per 1000 em, over the same height on any em and band
    assert arm_reach(BandProfile(40.0, 0, (0.0,) * 35, (680.0,) * 31 + (1160.0,) * 4), 1000, 2000) == 240


def test_capitals_without_an_arm_over_the_lowercase_are_found_in_their_ink():
    font = capitals_font()
    # Á has A's foot, Ť T's arm; a capital with no ink is left as it was; o is no capital
    assert armless_of(font) == {"A", "L", "H", "N", "Aacute"}
    assert ARM_REACH < 70  # the serif N's top serif reaches 70, but over 30 units, not an arm's height
    assert armless_of(font, ["T", "V"]) == set()


def test_an_armless_capital_kerns_before_lowercase_at_its_share():
    font = capitals_font()
    pairs = [("A", "v"), ("L", "v"), ("T", "o"), ("V", "o"), ("A", "V"), ("v", "A"), ("Z", "o")]
    alike, shared = kern(font, pairs, armless_share=1.0), kern(font, pairs, armless_share=0.5)
    assert alike[("A", "v")] < -20 and alike[("L", "v")] < -20
    for pair in [("A", "v"), ("L", "v")]:  # the share of UC–lc's strength, on the blended kern
        assert shared[pair] == pytest.approx(alike[pair] * 0.5, abs=1), pair
    for pair in [("T", "o"), ("V", "o"), ("A", "V"), ("v", "A"), ("Z", "o")]:  # arms, other contexts, no ink: alike
        assert shared[pair] == alike[pair], pair
    # with UC–lc's own strength: the arms take it, the armless their share of it
    strong = kern(font, pairs, armless_share=0.5, strengths=(1.0, 1.5) + ONES[2:])
    assert strong[("T", "o")] == pytest.approx(alike[("T", "o")] * 1.5, abs=1)
    assert strong[("A", "v")] == pytest.approx(alike[("A", "v")] * 0.75, abs=1)
    # without the blend, or with an earlier default shape's blend, nothing is measured
    assert kern(font, pairs, blend=(), armless_share=0.5) == kern(font, pairs, blend=(), armless_share=1.0)
    legacy = BLENDS[1][1]
    assert kern(font, pairs, blend=legacy, armless_share=0.5) == kern(font, pairs, blend=legacy, armless_share=1.0)
    # a full run kerns as the pair list
    everything = kern_pairs(font, None, Settings(min_kern=0, blend=BLEND, armless_share=0.5)).as_dict()
    assert everything[("A", "v")] == shared[("A", "v")] and everything[("T", "o")] == shared[("T", "o")]


def test_the_default_share_and_the_auto_blend_apply_it_to_generated_bubbles():
    pytest.importorskip("pathops")
    from bubblekern.generate import GenerateSettings, make_bubbles

    font = capitals_font(bubbles=False)
    make_bubbles(font, ["A", "T", "o", "v"], GenerateSettings())
    pairs = [("A", "v"), ("T", "o")]
    auto = kern_pairs(font, pairs, Settings(min_kern=0, blend="auto")).as_dict()  # the command line's default
    alike = kern_pairs(font, pairs, Settings(min_kern=0, blend="auto", armless_share=1.0)).as_dict()
    assert Settings().armless_share < 1 and auto[("T", "o")] == alike[("T", "o")]
    assert alike[("A", "v")] < auto[("A", "v")] < 0


def test_the_context_table_gives_armless_capitals_a_row_of_their_own():
    kinds = {"A": "U", "T": "U", "o": "l", "period": "S"}
    names = ["A", "T", "o", "period"]
    assert context_scales(kinds, names, ONES) is None
    assert context_scales(kinds, names, ONES, {"A"}, 1.0) is None  # a share of 1 is no split
    codes, table = context_scales(kinds, names, ONES, {"A", "o"}, 0.4)  # only capitals are armless
    a, t, o, period = codes
    assert t != a and o != a and table[a][o] == 0.4 and table[t][o] == 1.0
    assert table[a][t] == table[t][t] and table[t][a] == table[t][t] and table[period][a] == table[period][t]


def test_the_share_is_a_checked_setting_and_a_command_line_option():
    import argparse

    from bubblekern.cli.common import add_settings_arguments, settings_from_args

    with pytest.raises(SettingsError, match="armless_share"):
        Settings(armless_share=1.5)
    parser = argparse.ArgumentParser()
    add_settings_arguments(parser)
    args = parser.parse_args(["--armless-share", "0.6"])
    assert settings_from_args(args, None).armless_share == 0.6
    assert settings_from_args(parser.parse_args([]), None).armless_share == Settings().armless_share


def test_the_fit_scores_armless_capitals_as_kern_kerns_them():
    """The fit's blend scores the model pairs on the values kern gives, the share included: kerning made with
    the share is fitted to within a unit, and the same pairs scored without it are not."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.model import BLEND_STRENGTHS

    gen = GenerateSettings()
    work = capitals_font(bubbles=False)
    make_bubbles(work, None, gen)
    pairs = [("A", "v"), ("L", "v"), ("T", "o"), ("V", "o"), ("H", "o")]
    near = round(BLEND_STRENGTHS[UC_LC] * 20) / 20  # on fit's grid, beside the learned strength it is drawn toward
    designer = kern_pairs(work, pairs, Settings(min_kern=0, blend=BLEND, strengths=(1.0, near) + ONES[2:])).as_dict()
    assert designer[("A", "v")] < -20

    def fitted(**settings):
        font = capitals_font(bubbles=False)
        for pair, value in designer.items():
            font.kerning[pair] = value
        return fit(font, pairs, settings=Settings(**settings), start=gen, refine=False, controls=False,
                   value_model="blend")

    result = fitted()
    assert result.training.mae < 1 and result.to_dict()["armless_share"] == Settings().armless_share
    assert f"no arm over the lowercase at {Settings().armless_share:g} of UC-lc" in result.format()
    assert fitted(armless_share=1.0).training.mae > 3
    from bubblekern.fit import store_fit
    from bubblekern.settings import LIB_KEY

    font = capitals_font(bubbles=False)
    store_fit(font, fitted(armless_share=0.6), bubbles=False)
    assert font.lib[LIB_KEY]["armless_share"] == 0.6  # the share its strengths were fitted with


def test_strengths_fitted_before_the_share_keep_every_capital_alike():
    """A font ``fit`` stored strengths in before armless capitals had a share (no ``armless_share`` beside them)
    kerns as it was fitted: every capital at UC–lc's strength; a fit now stores the share it fitted with."""
    from bubblekern.interface.defaults import with_font_model
    from bubblekern.settings import LIB_KEY

    font = capitals_font()
    strengths = [1.0, 1.6, 1.0, 0.64, 1.0, 1.0, 0.21]
    font.lib[LIB_KEY] = {"strengths": strengths, "blend": [list(h) for h in BLEND]}
    assert Settings.for_font(font).armless_share == 1.0 and with_font_model(Settings(), font).armless_share == 1.0
    pairs = [("A", "v"), ("T", "o")]
    old = kern_pairs(font, pairs, Settings.for_font(font).replace(min_kern=0)).as_dict()
    assert old == kern(font, pairs, strengths=tuple(strengths), armless_share=1.0, tuck_arms=False)
    font.lib[LIB_KEY] = {"strengths": strengths, "armless_share": 0.42, "blend": [list(h) for h in BLEND]}
    assert Settings.for_font(font).armless_share == 0.42 and with_font_model(Settings(), font).armless_share == 0.42
    now = kern_pairs(font, pairs, Settings.for_font(font).replace(min_kern=0)).as_dict()
    assert now[("T", "o")] == old[("T", "o")] and old[("A", "v")] < now[("A", "v")] < 0
    font.lib[LIB_KEY] = {}  # nothing fitted: the default share
    assert Settings.for_font(font).armless_share == Settings().armless_share
