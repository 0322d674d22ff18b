"""Raised marks tuck over lowercase letters (``Settings.tuck_raised``, the ``raised-lc`` context).

A quote's bubble and an ``o``'s meet above the ``o`` only by their vertical margins, so the bubbles
alone leave ``’o`` near 0 where Noto's designers kern it −60 per 1000 em (Caladea's 0: a policy, which
one model pair tells). How far this brings real fonts to their designers is measured in
benchmarks/quality.py, not here; these tests keep the arithmetic honest, with either kernel
(test_without_numpy runs this module again without numpy; the command line's flag, which needs numpy,
is tested in test_model.py).
"""

from __future__ import annotations

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bands import BandProfile
from bubblekern.model import (
    BLEND,
    CONTEXTS,
    RAISED_LC,
    REVERSED_STOP_SHARE,
    glyph_kinds,
    pair_contexts,
    raised_marks,
    stop_raised_rows,
)

from helpers import add_glyph, new_font, polygon, rect

OCTAGON = ((100, 0), (460, 0), (560, 100), (560, 440), (460, 540), (100, 540), (0, 440), (0, 100))


def raised_font():
    """Hand-drawn bubbles with 40 units of margin over ink: a quote whose ink starts at 480 (x-height 500),
    an o whose bubble's top is bevelled, a flat-topped n, H, a period and a hyphen."""
    font = new_font()
    font.info.xHeight = 500
    add_glyph(font, "quoteright", 260, bubble=lambda p: rect(p, 0, 440, 260, 740), outline=lambda p: rect(p, 100, 480, 160, 700),
              unicode=0x2019)
    add_glyph(font, "o", 560, bubble=lambda p: polygon(p, *OCTAGON), outline=lambda p: rect(p, 60, 0, 500, 500),
              unicode=ord("o"))
    add_glyph(font, "n", 560, bubble=lambda p: rect(p, 0, 0, 560, 540), outline=lambda p: rect(p, 60, 0, 500, 500),
              unicode=ord("n"))
    add_glyph(font, "H", 700, bubble=lambda p: rect(p, 0, 0, 700, 700), outline=lambda p: rect(p, 80, 0, 620, 700),
              unicode=ord("H"))
    add_glyph(font, "period", 240, bubble=lambda p: rect(p, 0, -40, 240, 140), outline=lambda p: rect(p, 80, 0, 160, 100),
              unicode=ord("."))
    add_glyph(font, "hyphen", 300, bubble=lambda p: rect(p, 0, 180, 300, 320), outline=lambda p: rect(p, 40, 220, 260, 280),
              unicode=ord("-"))
    return font


PAIRS = [("quoteright", "o"), ("quoteright", "n"), ("quoteright", "H"), ("o", "quoteright"), ("hyphen", "o")]
ONES = (1.0,) * len(CONTEXTS)


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(**{"min_kern": 0, "blend": BLEND, "strengths": ONES, **settings})).as_dict()


def test_a_raised_mark_is_punctuation_drawn_above_half_the_x_height():
    font = raised_font()
    assert raised_marks(font, ["quoteright", "period", "hyphen", "o"]) == {"quoteright"}
    kinds = glyph_kinds(font, font.keys())
    assert kinds["quoteright"] == "R" and kinds["hyphen"] == "P" and kinds["period"] == "S"
    contexts = pair_contexts([kinds[a] for a, _ in PAIRS], [kinds[b] for _, b in PAIRS])
    assert [CONTEXTS[c] for c in contexts] == ["raised-lc", "raised-lc", "punctuation", "punctuation", "punctuation"]
    font.info.xHeight = None  # no x-height: half an em's, so a quote at 480 is raised, and at 240 it is not
    assert raised_marks(font, ["quoteright"]) == {"quoteright"}
    font["quoteright"].moveBy((0, -240))
    assert raised_marks(font, ["quoteright"]) == set()


def test_a_raised_mark_tucks_over_a_lowercase_top_by_the_eroded_bubbles():
    font = raised_font()
    tucked, plain = kern(font), kern(font, tuck_raised=False)
    # the bubbles meet where o's bevel starts (room 0 at 440); without a band of margin they meet one band
    # lower on the bevel, at 460-480, where o's side has stepped in by 40
    assert plain[("quoteright", "o")] == 0 and tucked[("quoteright", "o")] == -40
    # a flat-topped n leaves no white under the quote, and the pairs outside the context are as they were
    assert tucked[("quoteright", "n")] == plain[("quoteright", "n")] == 0
    for pair in [("quoteright", "H"), ("o", "quoteright"), ("hyphen", "o")]:
        assert tucked[pair] == plain[pair], pair
    half = kern(font, strengths=ONES[:RAISED_LC] + (0.5,))
    assert half[("quoteright", "o")] == -20  # the context's strength scales it
    # without the blend the bubbles alone decide
    assert kern(font, blend=()) == kern(font, blend=(), tuck_raised=False)


def test_the_tuck_measures_the_mark_from_the_straight_reference():
    font = raised_font()
    # move the quote's bubble 30 units in from its right sidebearing line: it keeps 30 of room from H too,
    # and the tucked pair counts from there
    layer = font.getLayer("bubble")
    layer["quoteright"].clear()
    rect(layer["quoteright"].getPen(), 0, 440, 230, 740)
    assert kern(font)[("quoteright", "o")] == -40
    assert kern(font, punctuation_reference=False)[("quoteright", "o")] == -70


def test_a_pair_list_tucks_as_a_full_run():
    font = raised_font()
    everything = kern_pairs(font, None, Settings(min_kern=0, blend=BLEND, strengths=ONES)).as_dict()
    assert everything[("quoteright", "o")] == kern(font, [("quoteright", "o")])[("quoteright", "o")] == -40


def test_erode_takes_the_vertical_margin_off_each_bubble():
    nan, inf = float("nan"), float("inf")
    profiles = {  # bands of 20: a bevelled left side, and a glyph with a hole two bands high
        "bevel": BandProfile(20, 0, [0, 20, 40, 60], [100, 100, 100, 100]),
        "holed": BandProfile(20, 0, [0, 0, nan, nan, 0, 0, 0], [50, 50, nan, nan, 50, 50, 50]),
    }
    matrix = kernel.ProfileMatrix.build(profiles, {"bevel": 100, "holed": 50})
    assert kernel.erode(matrix, 10) is matrix  # less than a band: nothing to take off
    eroded = kernel.erode(matrix, 20)  # each band keeps the widest room of itself and its two neighbours
    left = [[float(v) for v in room] for room in eroded.room_left]
    assert left == [[inf, 40.0, 60.0, inf, inf, inf, inf], [inf, inf, inf, inf, inf, 0.0, inf]]
    gaps, _ = kernel.solve_gaps(eroded, *kernel.all_rows(2))
    assert gaps.tolist() == [40.0, inf, inf, 0.0]  # bevel after bevel meets at 40; the two share no band left



# -- a raised mark after a low stop (``Settings.stop_raised``) --

def stop_font(upm: int = 1000):
    """raised_font's period, quote and hyphen, a colon whose upper dot reaches the x-height, all at ``upm``."""
    font = raised_font()
    add_glyph(font, "colon", 240, bubble=lambda p: (rect(p, 0, -40, 240, 140), rect(p, 0, 360, 240, 540)),
              outline=lambda p: (rect(p, 80, 0, 160, 100), rect(p, 80, 400, 160, 500)), unicode=ord(":"))
    add_glyph(font, "quotedbl", 400, bubble=lambda p: rect(p, 0, 440, 400, 740), outline=lambda p: rect(p, 100, 480, 300, 700),
              unicode=ord('"'))
    if upm != 1000:
        font.info.unitsPerEm = upm
        for layer in font.layers:
            for glyph in layer:
                glyph.scaleBy(upm / 1000)
                glyph.width = glyph.width * upm / 1000
        font.info.xHeight = 500 * upm / 1000
    return font


STOP_PAIRS = [("period", "quoteright"), ("period", "quotedbl"), ("quoteright", "period"), ("colon", "quoteright"),
              ("period", "hyphen"), ("period", "o")]


def test_a_raised_mark_after_a_low_stop_gets_the_one_kern_the_settings_give():
    font = stop_font()
    assert stop_raised_rows(font, glyph_kinds(font, font.keys()), ["period", "colon", "quoteright", "hyphen"]) == (
        [True, False, False, False], [False, False, True, False])
    plain = kern_pairs(font, STOP_PAIRS, Settings(min_kern=0))
    assert all(plain.failsafe[:3]) and plain.as_dict()[("period", "quoteright")] == 0  # no shared band: the fail-safe
    given = kern_pairs(font, STOP_PAIRS, Settings(min_kern=0, stop_raised=-68))
    values = given.as_dict()
    # the same kern for .' and ." (designers kern them by class, not by width)
    assert values[("period", "quoteright")] == values[("period", "quotedbl")] == -68
    assert given.failsafe[0]  # still a pair sharing no band, as the overlay and the report say
    # the quote before the period shares no band either: REVERSED_STOP_SHARE of the kern (most designers kern both)
    assert given.failsafe[2] and values[("quoteright", "period")] == round(-68 * REVERSED_STOP_SHARE)
    for pair in STOP_PAIRS[3:]:  # a colon, a hyphen, a letter: as they were
        assert values[pair] == plain.as_dict()[pair], pair
    # within the negative cap: half the narrower advance (the period's 240)
    assert kern_pairs(font, STOP_PAIRS[:1], Settings(stop_raised=-300)).as_dict()[STOP_PAIRS[0]] == -120
    # whatever the fail-safe gives (the cap) but skip, which leaves the pair unsolved
    capped = kern_pairs(font, STOP_PAIRS[:2], Settings(failsafe="cap", stop_raised=-30)).as_dict()
    assert capped == {("period", "quoteright"): -30, ("period", "quotedbl"): -30}
    skipped = kern_pairs(font, STOP_PAIRS[:2], Settings(failsafe="skip", stop_raised=-30))
    assert not skipped.pairs and set(skipped.skipped) == set(STOP_PAIRS[:2])
    # a full run gives the same, with or without the blend; the kern is per 1000 units per em
    everything = kern_pairs(font, None, Settings(min_kern=0, stop_raised=-68, blend=BLEND)).as_dict()
    assert everything[("period", "quotedbl")] == -68 and everything[("quotedbl", "period")] == round(-68 * REVERSED_STOP_SHARE)
    assert kern_pairs(font, [("quotedbl", "period")], Settings(min_kern=0, stop_raised=-68, blend=BLEND)).as_dict() == {
        ("quotedbl", "period"): everything[("quotedbl", "period")]}  # a pair list as a full run
    big = stop_font(2048)
    assert kern_pairs(big, STOP_PAIRS[:1], Settings(stop_raised=-68)).as_dict()[STOP_PAIRS[0]] == -139


def test_a_hyphen_is_never_a_raised_mark():
    """Roboto's hyphen starts at half the x-height: its ink stops below the x-height, a quote's reaches above it."""
    font = stop_font()
    for name in ("hyphen", "quoteright"):
        font[name].clear()
    rect(font["hyphen"].getPen(), 40, 250, 260, 320)
    rect(font["quoteright"].getPen(), 100, 250, 160, 700)
    assert raised_marks(font, ["hyphen", "quoteright"]) == {"quoteright"}
    assert glyph_kinds(font, ["hyphen"])["hyphen"] == "P"
