"""A stop is set past a foot serif under an arm (``Settings.serif_stops``, :func:`bubblekern.model.foot_serif`).

A serif T's foot serif stopped the period under its arm where designers set it by the stem: Noto Serif's ``T.``
came out −37 per 1000 em against its designer's −90. How far this brings real fonts to their designers is
measured in benchmarks/quality.py; these tests keep the arithmetic honest, with either kernel (test_without_numpy
runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bands import BandProfile
from bubblekern.bubbles import FontBubbles
from bubblekern.model import (
    BLEND,
    CONTEXTS,
    SERIF_REACH,
    foot_serif,
    glyph_kinds,
    grown_matrices,
    serif_letters,
    serif_measure,
)

from helpers import add_glyph, new_font, rect

ONES = (1.0,) * len(CONTEXTS)
SERIF = 60
"""How far the serif T's and I's foot serifs reach past their stems."""
WEIGHTS = sum(w for *_, w in BLEND)


def grown(*boxes, by: int = 40):
    """A bubble drawing the rectangles ``boxes`` each grown by ``by``."""
    return lambda pen: [rect(pen, x0 - by, y0 - by, x1 + by, y1 + by) for x0, y0, x1, y1 in boxes]


def serif_font(serif: int = SERIF):
    """A serif T (arm, stem, foot serif reaching ``serif`` past the stem), a sans T, a serif I (no arm), a T with
    a caron (a composite), a period, a colon, a hyphen; cap height 700, x-height 500."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    shapes = {
        "T": (600, ((20, 640, 580, 700), (260, 0, 340, 700), (200 - serif + 60, 0, 340 + serif, 40)), "T"),
        "T.sans": (600, ((20, 640, 580, 700), (260, 0, 340, 700)), None),
        "I": (400, ((100, 660, 300, 700), (160, 0, 240, 700), (100, 0, 240 + serif, 40)), "I"),
        "period": (300, ((110, 0, 190, 80),), "."),
        "colon": (300, ((110, 0, 190, 80), (110, 420, 190, 500)), ":"),
        "hyphen": (300, ((40, 220, 260, 280),), "-"),
    }
    for name, (width, boxes, char) in shapes.items():
        add_glyph(font, name, width, outline=lambda p, b=boxes: [rect(p, *box) for box in b], bubble=grown(*boxes),
                  unicode=ord(char) if char else None)
    add_glyph(font, "caroncomb", 0, outline=lambda p: rect(p, -120, 740, 120, 800), unicode=0x30C)
    add_glyph(font, "Tcaron", 600, components=[("T", (1, 0, 0, 1, 0, 0)), ("caroncomb", (1, 0, 0, 1, 300, 0))],
              unicode=0x164)
    return font


PAIRS = [("T", "period"), ("T", "colon"), ("T", "hyphen"), ("T.sans", "period"), ("I", "period"),
         ("period", "T"), ("Tcaron", "period")]


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(**{"min_kern": 0, "blend": BLEND, "strengths": ONES, **settings})).as_dict()


def test_a_foot_serif_under_an_arm_is_measured_from_the_stem():
    font = serif_font()
    bubbles = FontBubbles(font, Settings())
    ink = bubbles.ink_profiles(["T", "T.sans", "I", "period"])
    assert foot_serif(ink["T"], 700, 1000) == SERIF
    assert foot_serif(ink["T.sans"], 700, 1000) == 0  # no serif
    assert foot_serif(ink["I"], 700, 1000) == 0  # a serif, but no arm above it: the stop stops at the serif
    assert foot_serif(ink["period"], 700, 1000) == 0 and foot_serif(None, 700, 1000) == 0
    # a foot reaching 120 past its stem with nothing above: no arm (the foot is not its own); with an arm, a serif
    foot = (340.0,) * 4 + (220.0,) * 28
    assert foot_serif(BandProfile(20.0, 0, (0.0,) * 32, foot), 700, 1000) == 0
    assert foot_serif(BandProfile(20.0, 0, (0.0,) * 36, foot + (480.0,) * 4), 700, 1000) == 120
    wide = serif_font(serif=SERIF_REACH + 20)  # a foot, not a serif
    assert foot_serif(FontBubbles(wide, Settings()).ink_profiles(["T"])["T"], 700, 1000) == 0


def test_the_stop_after_a_serif_letter_is_kerned_past_the_serif():
    font = serif_font()
    past, plain = kern(font), kern(font, serif_stops=False)
    # every halo's gap grows by the serif's reach: the blend's by the reach times its weights
    assert past[("T", "period")] - plain[("T", "period")] == pytest.approx(-SERIF * WEIGHTS, abs=1)
    assert past[("T", "period")] < plain[("T", "period")] < 0
    assert past[("T", "period")] == past[("T.sans", "period")]  # as if the serif were not there: the sans T's kern
    assert past[("Tcaron", "period")] == past[("T", "period")]  # built on T, its caron no arm of its own
    # a colon is no low stop, a hyphen no stop; a sans T, an I with no arm, the stop before the letter: as they were
    for pair in [("T", "colon"), ("T", "hyphen"), ("T.sans", "period"), ("I", "period"), ("period", "T")]:
        assert past[pair] == plain[pair], pair
    # without the blend nothing is measured; a full run kerns as the pair list
    assert kern(font, blend=()) == kern(font, blend=(), serif_stops=False)
    everything = kern_pairs(font, None, Settings(min_kern=0, blend=BLEND, strengths=ONES)).as_dict()
    assert everything[("T", "period")] == past[("T", "period")]


def test_serif_measure_flags_the_letters_and_the_low_stops():
    font = serif_font()
    names = ["T", "T.sans", "I", "Tcaron", "period", "colon", "hyphen"]
    bubbles = FontBubbles(font, Settings())
    matrix = kernel.ProfileMatrix.build(bubbles.profiles(names), bubbles.widths(names), bubbles.origin)
    kinds = glyph_kinds(font, names)
    blend = grown_matrices(matrix, BLEND, 1000.0)

    def read(letters):
        read.asked = sorted(letters)
        return serif_letters(bubbles, letters)

    room, stops = serif_measure(font, matrix, kinds, read, blend, 1000.0)
    assert stops == [False, False, False, False, True, False, False]  # the period; a colon's dot reaches up
    assert room[0] == pytest.approx(SERIF * WEIGHTS) and room[3] == room[0] and room[1] == room[2] == 0
    # only letters whose bubble's right side varies by an arm's reach are read: not I (its serifs reach 60)
    assert read.asked == ["T", "T.sans", "Tcaron"]
    # only among the blended rows; no stop or no serif: nothing
    assert serif_measure(font, matrix, kinds, read, blend, 1000.0, rows=[True] * 4 + [False] * 3) is None
    assert serif_measure(font, matrix, kinds, lambda letters: ({}, {}), blend, 1000.0) is None


@pytest.mark.parametrize("backend", ["plain", "vectorised"])
def test_both_kernels_add_the_serif_room_the_same_way(backend):
    import importlib
    from array import array

    if backend == "vectorised":
        pytest.importorskip("numpy")
    module = importlib.import_module(f"bubblekern.kernel.{backend}")
    serifs = ([35.0, 0.0, 10.0], [False, True, False])
    left, right = array("i", [0, 0, 0, 1, 2, 0]), array("i", [1, 1, 1, 1, 1, 2])
    gaps = array("d", [20.0, -5.0, float("inf"), 7.0, 0.0, 30.0])
    out = module.serif_gaps(gaps, left, right, serifs)
    # row 0 before the flagged row 1 gains 35; overlapping, touching and unshared bubbles stay; row 1 has no
    # room; a pair whose right row is not flagged stays
    assert [float(g) for g in out] == [55.0, -5.0, float("inf"), 7.0, 0.0, 30.0]
    measured = module.measured_gaps(gaps, left, right, serifs=serifs)
    assert [float(g) for g in measured] == [float(g) for g in out]
