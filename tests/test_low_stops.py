"""Low punctuation kerns before a letter as a stop (:func:`bubblekern.model.glyph_kinds`).

Every designer of ``../shared`` kerns the low quotes ``‚ „`` before a letter exactly as the period and the comma (Noto
Sans ``„T`` −70 like ``.T``, Roboto 0 like ``.T``), where BubbleKern had kerned them as punctuation (Roboto's whole
font: −54 to −77 against 0). These tests run with either kernel (test_without_numpy runs this module again).
"""

from __future__ import annotations

from bubblekern import Settings, kern_pairs
from bubblekern.model import CONTEXTS, glyph_kinds

from helpers import add_glyph, new_font, rect

LOW = {"period": ((110, 0, 190, 80),), "quotesinglbase": ((100, -120, 180, 80),), "twodotenleader": ((60, 0, 140, 80),
       (200, 0, 280, 80)), "underscore": ((0, -160, 500, -100),), "hyphen": ((40, 230, 280, 290),),
       "quoteleft": ((100, 520, 180, 700),)}
CHARS = {"period": ".", "quotesinglbase": "\u201a", "twodotenleader": "\u2025", "underscore": "_", "hyphen": "-",
         "quoteleft": "\u2018"}


def low_font():
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    add_glyph(font, "T", 600, outline=lambda p: (rect(p, 20, 620, 580, 700), rect(p, 260, 0, 340, 620)),
              bubble=lambda p: (rect(p, -20, 580, 620, 740), rect(p, 220, -40, 380, 660)), unicode=ord("T"))
    for name, boxes in LOW.items():
        add_glyph(font, name, 340 if name != "underscore" else 500,
                  outline=lambda p, b=boxes: [rect(p, *box) for box in b],
                  bubble=lambda p, b=boxes: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in b],
                  unicode=ord(CHARS[name]))
    return font


def test_a_low_quote_and_a_leader_are_stops_a_low_line_and_a_dash_are_not():
    kinds = glyph_kinds(low_font(), list(LOW))
    assert kinds == {"period": "S", "quotesinglbase": "S", "twodotenleader": "S", "underscore": "P", "hyphen": "P",
                     "quoteleft": "R"}


def test_a_low_quote_before_a_letter_follows_the_stop_letter_strength():
    font = low_font()
    pairs = [("period", "T"), ("quotesinglbase", "T"), ("T", "quotesinglbase"), ("hyphen", "T")]
    plain = kern_pairs(font, pairs, Settings(min_kern=0)).as_dict()
    no_stops = tuple(0.0 if c == "stop-letter" else 1.0 for c in CONTEXTS)
    policy = kern_pairs(font, pairs, Settings(min_kern=0, strengths=no_stops)).as_dict()
    assert plain[("quotesinglbase", "T")] < 0 and plain[("period", "T")] < 0
    assert policy.get(("quotesinglbase", "T"), 0) == policy.get(("period", "T"), 0) == 0  # as the stops
    assert policy[("T", "quotesinglbase")] == plain[("T", "quotesinglbase")]  # after a letter: punctuation
    assert policy[("hyphen", "T")] == plain[("hyphen", "T")]  # a dash is no stop
