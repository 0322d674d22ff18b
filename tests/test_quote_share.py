"""A quote beside a letter kerns at the designer's share of the punctuation strength (``Settings.quote_share``).

Whether quotes are kerned against letters is a policy (TeX Gyre's, Carlito's, DejaVu's designers leave ``L'`` and
``'A`` at 0 and kern ``P,`` ``T.``), so ``fit`` reads the share off such model pairs. How far this brings real fonts
to their designers is measured in benchmarks/quality.py; these tests keep the mechanics honest, with either kernel
(test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import argparse

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, context_scales

from helpers import add_glyph, new_font, polygon, rect

QUOTED = [("L", "quotesingle"), ("quotesingle", "A"), ("T", "quotesingle"), ("quotesingle", "T")]
UNCAPPED = [("T", "quotesingle"), ("quotesingle", "T")]  # kerned less deep than the negative cap: scaled in full
OTHERS = [("quotesingle", "o"), ("period", "quotesingle"), ("L", "period"), ("T", "o"), ("T", "period")]


def quotes_font(bubbles: bool = True):
    """L, T, A, o, a quote and a period (cap height 700, x-height 500); with ``bubbles``, each grown by 40 on the
    bubble layer."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    boxes = {
        "L": (600, [(40, 0, 120, 700), (40, 0, 360, 80)], "L"),
        "T": (600, [(20, 620, 580, 700), (260, 0, 340, 620)], "T"),
        "o": (500, [(40, 0, 460, 500)], "o"),
        "quotesingle": (700, [(320, 520, 380, 700)], "'"),
        "period": (300, [(110, 0, 190, 80)], "."),
    }
    for name, (width, shapes, char) in boxes.items():
        add_glyph(font, name, width, outline=lambda p, b=shapes: [rect(p, *box) for box in b],
                  bubble=(lambda p, b=shapes: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in b])
                  if bubbles else None, unicode=ord(char))
    a = [(0, 0), (80, 0), (300, 620), (520, 0), (600, 0), (340, 700), (260, 700)]
    add_glyph(font, "A", 700, outline=lambda p: polygon(p, *a),
              bubble=(lambda p: polygon(p, (-40, -40), (640, -40), (370, 740), (230, 740))) if bubbles else None,
              unicode=ord("A"))
    return font


def kern(font, **settings) -> dict:
    return kern_pairs(font, QUOTED + OTHERS, Settings(**{"min_kern": 0, **settings})).as_dict()


def test_a_quote_beside_a_letter_kerns_at_its_share():
    font = quotes_font()
    plain, half, none = kern(font), kern(font, quote_share=0.5), kern(font, quote_share=0.0)
    for pair in QUOTED:
        assert plain[pair] <= half[pair] < -10 and none.get(pair, 0) == 0, pair
    for pair in UNCAPPED:
        assert half[pair] == pytest.approx(plain[pair] * 0.5, abs=1), pair
    for pair in OTHERS:  # a quote before a lowercase letter (raised-lc), after a stop; no quote
        assert half.get(pair) == plain.get(pair) == none.get(pair), pair
    blended = kern(font, blend=BLEND, quote_share=0.0)
    assert blended.get(("L", "quotesingle"), 0) == 0 and blended[("T", "period")] == kern(font, blend=BLEND)[("T", "period")]
    everything = kern_pairs(font, None, Settings(min_kern=0, quote_share=0.5)).as_dict()
    assert everything[("L", "quotesingle")] == half[("L", "quotesingle")]


def test_the_context_table_scales_a_raised_mark_after_a_letter_and_before_a_capital():
    kinds = {"quote": "R", "T": "U", "x": "l", "period": "S", "A": "U"}
    names = ["quote", "T", "x", "period", "A"]
    ones = (1.0,) * 7
    assert context_scales(kinds, names, ones) is None
    codes, table = context_scales(kinds, names, ones, {"A"}, 0.4, (), 1.0, 0.25)
    quote, t, x, period, a = codes
    assert table[t][quote] == table[x][quote] == table[a][quote] == table[quote][t] == table[quote][a] == 0.25
    assert table[quote][x] == 1.0 and table[period][quote] == 1.0 and table[a][x] == 0.4 and table[t][x] == 1.0


def test_the_share_is_a_checked_setting_and_a_command_line_option():
    from bubblekern.cli.common import add_settings_arguments, settings_from_args
    from bubblekern.interface.defaults import with_font_model
    from bubblekern.settings import LIB_KEY

    for wrong in (-0.1, 2.5, "half", None):
        with pytest.raises(SettingsError, match="quote_share"):
            Settings(quote_share=wrong)
    parser = argparse.ArgumentParser()
    add_settings_arguments(parser)
    assert settings_from_args(parser.parse_args(["--quote-share", "0"]), None).quote_share == 0.0
    assert settings_from_args(parser.parse_args([]), None).quote_share == 1.0
    font = quotes_font()
    font.lib[LIB_KEY] = {"quote_share": 0.0}
    assert with_font_model(Settings(), font).quote_share == 0.0 == Settings.for_font(font).quote_share


def test_fit_sets_the_share_from_quote_model_pairs_and_kern_applies_it():
    """A designer who leaves ``L'`` and ``'A`` at 0 and kerns ``T.`` kerns no quote against a letter: the fit reads the
    share off those model pairs, fits no strength to them, stores it, and kern applies it to every such pair."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit, store_fit
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.model import BLEND_STRENGTHS
    from bubblekern.settings import LIB_KEY

    gen = GenerateSettings()
    work = quotes_font(bubbles=False)
    make_bubbles(work, None, gen)
    near = tuple(round(v * 20) / 20 for v in BLEND_STRENGTHS)  # on fit's grid, beside the strengths it is drawn toward
    designer = kern_pairs(work, QUOTED + OTHERS, Settings(min_kern=0, blend=BLEND, strengths=near)).as_dict()
    assert designer[("L", "quotesingle")] < 0 and designer[("quotesingle", "A")] < 0 and designer[("T", "period")] < 0
    training = [("L", "quotesingle"), ("quotesingle", "A"), ("T", "period"), ("T", "o")]

    def fitted(quoted: dict):
        font = quotes_font(bubbles=False)
        for pair, value in {**designer, **quoted}.items():
            font.kerning[pair] = value
        return font, fit(font, training, start=gen, refine=False, controls=False, value_model="blend")

    font, result = fitted({("L", "quotesingle"): 0, ("quotesingle", "A"): 0})
    assert result.settings.quote_share == 0.0 and "a quote beside a letter at 0" in result.format()
    assert result.settings.strengths[4] == near[4]  # the punctuation strength, from T. alone
    store_fit(font, result)
    assert font.lib[LIB_KEY]["quote_share"] == 0.0
    kerned = kern_pairs(font, [("L", "quotesingle"), ("T", "period")], Settings.for_font(font).replace(min_kern=0))
    assert kerned.as_dict().get(("L", "quotesingle"), 0) == 0 and kerned.value(("T", "period")) < 0
    font, kept = fitted({})  # a designer who kerns them as the bubbles do keeps 1, and nothing is stored
    assert kept.settings.quote_share == 1.0
    store_fit(font, kept)
    assert "quote_share" not in font.lib[LIB_KEY]
