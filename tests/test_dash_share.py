"""A dash beside a letter kerns at a share of the punctuation strength (``Settings.dash_share``).

Whether dashes are kerned against letters is a designer's policy (Roboto's, Noto's leave ``-Y`` ``-V`` at 0, Caladea's
kerns them), so ``fit`` sets the share from a model pair such as ``-T``. How far this brings real fonts to their
designers is measured in benchmarks/quality.py; these tests keep the arithmetic honest, with either kernel
(test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, context_scales

from helpers import add_glyph, new_font, polygon, rect

PAIRS = [("hyphen", "T"), ("T", "hyphen"), ("hyphen", "v"), ("hyphen", "period"), ("T", "period"), ("T", "v"),
         ("endash", "T")]


def dash_font(bubbles: bool = True):
    """T, v, a hyphen, an en dash and a period drawn in boxes and polygons (cap height 700, x-height 500); with
    ``bubbles``, each is drawn grown by 40 on the bubble layer."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    shapes = {
        "T": (600, [(20, 620, 580, 700), (260, 0, 340, 620)], "T"),
        "hyphen": (500, [(40, 230, 460, 290)], "-"),
        "endash": (500, [(30, 230, 470, 290)], "\u2013"),
        "period": (300, [(110, 0, 190, 80)], "."),
    }
    for name, (width, boxes, char) in shapes.items():
        add_glyph(font, name, width, outline=lambda p, b=boxes: [rect(p, *box) for box in b],
                  bubble=(lambda p, b=boxes: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in b])
                  if bubbles else None, unicode=ord(char))
    v = [(20, 500), (100, 500), (260, 80), (420, 500), (500, 500), (300, 0), (220, 0)]
    add_glyph(font, "v", 520, outline=lambda p: polygon(p, *v),
              bubble=(lambda p: polygon(p, (-20, 540), (540, 540), (340, -40), (180, -40))) if bubbles else None,
              unicode=ord("v"))
    return font


def kern(font, **settings) -> dict:
    return kern_pairs(font, PAIRS, Settings(**{"min_kern": 0, **settings})).as_dict()


def test_a_dash_beside_a_letter_kerns_at_its_share():
    font = dash_font()
    plain, half, none = kern(font), kern(font, dash_share=0.5), kern(font, dash_share=0.0)
    for pair in [("hyphen", "T"), ("T", "hyphen"), ("endash", "T"), ("hyphen", "v")]:
        assert plain[pair] < -10, pair
        assert half[pair] == pytest.approx(plain[pair] * 0.5, abs=1) and none.get(pair, 0) == 0, pair
    for pair in [("hyphen", "period"), ("T", "period"), ("T", "v")]:  # no dash, or no letter beside it
        assert half.get(pair) == plain.get(pair) == none.get(pair), pair
    # with the punctuation strength, and with the blend
    strong = kern(font, dash_share=0.5, strengths=(1, 1, 1, 1, 1.6, 1, 1))
    assert strong[("hyphen", "T")] == pytest.approx(plain[("hyphen", "T")] * 0.8, abs=1)
    blended = kern(font, blend=BLEND, dash_share=0.0)
    assert blended.get(("hyphen", "T"), 0) == 0 and blended[("T", "period")] == kern(font, blend=BLEND)[("T", "period")]
    # a full run kerns as the pair list
    everything = kern_pairs(font, None, Settings(min_kern=0, dash_share=0.5)).as_dict()
    assert everything[("hyphen", "T")] == half[("hyphen", "T")]


def test_the_context_table_gives_dashes_a_row_and_a_column_of_their_own():
    kinds = {"hyphen": "P", "T": "U", "x": "l", "period": "S", "A": "U"}
    names = ["hyphen", "T", "x", "period", "A"]  # glyphs named for their kinds only
    ones = (1.0,) * 7
    assert context_scales(kinds, names, ones, dashes={"hyphen"}) is None  # a share of 1 scales nothing
    codes, table = context_scales(kinds, names, ones, {"A"}, 0.4, {"hyphen", "x"}, 0.25)  # only punctuation is a dash
    dash, t, x, period, a = codes
    assert dash not in (t, x, period, a) and x != dash
    assert table[dash][t] == table[t][dash] == table[dash][x] == table[x][dash] == table[dash][a] == 0.25
    assert table[dash][period] == table[period][dash] == 1.0 and table[a][x] == 0.4 and table[t][x] == 1.0


def test_the_share_is_a_checked_setting_and_a_command_line_option():
    import argparse

    from bubblekern.cli.common import add_settings_arguments, settings_from_args

    for wrong in (-0.1, 2.5, "half", None):
        with pytest.raises(SettingsError, match="dash_share"):
            Settings(dash_share=wrong)
    parser = argparse.ArgumentParser()
    add_settings_arguments(parser)
    assert settings_from_args(parser.parse_args(["--dash-share", "0"]), None).dash_share == 0.0
    assert settings_from_args(parser.parse_args([]), None).dash_share == 1.0


def test_fit_sets_the_share_from_a_dash_model_pair_and_kern_applies_it():
    """A designer who leaves ``-T`` at 0 kerns no dash against a letter: the fit reads the share off that model pair,
    stores it, and kern applies it to every dash beside a letter."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit, store_fit
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.model import BLEND_STRENGTHS
    from bubblekern.settings import LIB_KEY

    gen = GenerateSettings()
    work = dash_font(bubbles=False)
    make_bubbles(work, None, gen)
    near = tuple(round(v * 20) / 20 for v in BLEND_STRENGTHS)  # on fit's grid, beside the strengths it is drawn toward
    designer = kern_pairs(work, PAIRS, Settings(min_kern=0, blend=BLEND, strengths=near)).as_dict()
    designer[("hyphen", "T")] = 0  # this designer kerns no dash
    assert designer[("hyphen", "v")] < 0 and designer[("T", "period")] < 0

    font = dash_font(bubbles=False)
    for pair, value in designer.items():
        font.kerning[pair] = value
    result = fit(font, [("hyphen", "T"), ("T", "period"), ("T", "v")], start=gen, refine=False, controls=False,
                 value_model="blend")
    assert result.settings.dash_share == 0.0 and "a dash beside a letter at 0" in result.format()
    store_fit(font, result)
    assert font.lib[LIB_KEY]["dash_share"] == 0.0
    kerned = kern_pairs(font, [("hyphen", "v"), ("T", "period")], Settings.for_font(font).replace(min_kern=0)).as_dict()
    assert kerned.get(("hyphen", "v"), 0) == 0 and kerned[("T", "period")] < 0
    # a designer who kerns it as the bubbles do keeps 1, and nothing is stored
    font = dash_font(bubbles=False)
    designer[("hyphen", "T")] = kern_pairs(work, [("hyphen", "T")],
                                           Settings(min_kern=0, blend=BLEND, strengths=near)).as_dict()[("hyphen", "T")]
    for pair, value in designer.items():
        font.kerning[pair] = value
    kept = fit(font, [("hyphen", "T"), ("T", "period")], start=gen, refine=False, controls=False, value_model="blend")
    assert kept.settings.dash_share == 1.0
    store_fit(font, kept)
    assert "dash_share" not in font.lib[LIB_KEY]
