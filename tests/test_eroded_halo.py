"""A halo of negative height in the blend: the bubbles without their vertical margin, grown sideways, never deeper
than the bubbles themselves (``kernel.Eroded``).

The halo says where a pair's bubbles meet: over a long stretch of parallel sides, its sideways growth takes its
width off twice; where they meet only by their margins (a round top under an arm), taking the margins off lets the
pair come closer, which the growth cannot undo, so the halo keeps the bubbles' own kern. How much this brings real
fonts to their designers is measured in benchmarks/quality.py; these tests keep the arithmetic honest, with either
kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bands import BandProfile
from bubblekern.errors import SettingsError
from bubblekern.model import BLEND, CONTEXTS, grown_matrices

from helpers import add_glyph, new_font, polygon, rect

ONES = (1.0,) * len(CONTEXTS)


def margin_font():
    """I (a stem whose bubble keeps 40 from each sidebearing line), T (its arm's bubble 580–740 at the sidebearing
    lines, the stem's 220–380), o (its bubble reaching 600, 30 in from its left sidebearing line: it meets T's arm by
    one band of margin), a dot (bubble −40 to 140) and a quote (bubble 120 to 400): they share one band."""
    font = new_font()
    add_glyph(font, "I", 300, outline=lambda p: rect(p, 100, 0, 200, 700), bubble=lambda p: rect(p, 40, -40, 260, 740))
    add_glyph(font, "T", 600, outline=lambda p: polygon(p, (40, 620), (260, 620), (260, 0), (340, 0), (340, 620),
                                                        (560, 620), (560, 700), (40, 700)),
              bubble=lambda p: polygon(p, (0, 580), (220, 580), (220, -40), (380, -40), (380, 580), (600, 580),
                                       (600, 740), (0, 740)))
    add_glyph(font, "o", 500, outline=lambda p: rect(p, 70, 0, 430, 560), bubble=lambda p: rect(p, 30, -40, 470, 600))
    add_glyph(font, "dot", 200, outline=lambda p: rect(p, 60, 0, 140, 100), bubble=lambda p: rect(p, 20, -40, 180, 140))
    add_glyph(font, "quote", 200, outline=lambda p: rect(p, 60, 160, 140, 360),
              bubble=lambda p: rect(p, 20, 120, 180, 400))
    return font


def kern(font, pairs, blend) -> dict:
    return kern_pairs(font, pairs, Settings(min_kern=0, blend=blend, strengths=ONES)).as_dict()


def test_an_eroded_halo_takes_its_width_off_parallel_sides_and_keeps_a_margin_meeting():
    font = margin_font()
    pairs = [("I", "I"), ("T", "o"), ("dot", "quote")]
    bubbles, sideways, eroded = kern(font, pairs, ()), kern(font, pairs, ((10, 0, 1.0),)), kern(font, pairs,
                                                                                                 ((10, -40, 1.0),))
    assert bubbles[("I", "I")] == -80 and bubbles[("T", "o")] == -30  # T's arm meets o's top by the margins
    # straight sides: both halos take 10 off each side
    assert sideways[("I", "I")] == eroded[("I", "I")] == -60
    # the plain halo takes 10 off o where the margins meet (T's arm stands at its sidebearing line: it does not grow);
    # without them o comes under the arm to the stem (250), and the eroded halo keeps the bubbles' own kern
    assert sideways[("T", "o")] == -20 and eroded[("T", "o")] == -30
    # eroded, the dot and the quote share no band: the bubbles' own kern
    assert eroded[("dot", "quote")] == bubbles[("dot", "quote")] < 0


def test_the_kernel_solves_an_eroded_halo_never_wider_than_the_bubbles():
    inf = float("inf")
    matrix = _matrix()
    left, right = [0, 1, 1], [0, 2, 0]
    gaps, _ = kernel.solve_gaps(matrix, left, right)
    assert list(gaps) == [100.0, 30.0, 50.0]
    halo = kernel.Eroded(kernel.grow(kernel.erode(matrix, 100.0), 10.0, 0.0))
    # I I: 20 off; T o: eroded, o (one band tall) is gone, so they share no band: the bubbles' own; T I: eroded, I
    # meets T's stem (250 less 20), kept at the bubbles' 50
    assert list(kernel.halo_gaps(gaps, halo, left, right)) == [80.0, 30.0, 50.0]
    assert list(kernel.halo_gaps(gaps, None, left, right)) == [100.0, 30.0, 50.0]
    grown = kernel.grow(matrix, 10.0, 0.0)  # a plain halo is solved as it stands (T's arm at its line does not grow)
    assert list(kernel.halo_gaps(gaps, grown, left, right)) == [80.0, 20.0, 40.0]
    assert list(kernel.halo_gaps([inf], halo, [1], [2])) == [inf]


def _matrix():
    """Bands of 100 units: I, a stem keeping 50 on each side over three bands; T, an arm at its sidebearing line in
    the top band over a stem keeping 200; o, one band tall at the top, keeping 30 on its left: it meets the arm."""
    nan = float("nan")
    profiles = {"I": BandProfile(100.0, 0, (50.0, 50.0, 50.0), (250.0, 250.0, 250.0)),
                "T": BandProfile(100.0, 0, (200.0, 200.0, 0.0), (400.0, 400.0, 600.0)),
                "o": BandProfile(100.0, 0, (nan, nan, 30.0), (nan, nan, 470.0))}
    return kernel.ProfileMatrix.build(profiles, {"I": 300.0, "T": 600.0, "o": 500.0})


def test_grown_matrices_erode_a_halo_of_negative_height_and_scale_it_to_the_em():
    blend = grown_matrices(_matrix(), ((0, 0, 0.5), (20, 0, 0.25), (10, -50, 0.25)), 2000.0)
    assert blend[0] == (None, 0.5) and not isinstance(blend[1][0], kernel.Eroded)
    eroded, weight = blend[2]
    assert isinstance(eroded, kernel.Eroded) and weight == 0.25
    # 50 per 1000 em is 100 units at 2000: one band off above and below (o is gone), then 20 sideways
    assert list(eroded.matrix.room_left[0])[1] == 30.0 and all(r == float("inf") for r in eroded.matrix.room_left[2])
    assert any(height < 0 for _, height, _ in BLEND)  # the default blend holds one


def test_blend_heights_may_be_negative_down_to_minus_500():
    assert Settings(blend=((10, -40, 0.5),)).blend == ((10.0, -40.0, 0.5),)
    assert Settings.from_dict(Settings(blend=BLEND).to_dict()).blend == BLEND
    for wrong in (((10, -501, 0.5),), ((-10, 40, 0.5),)):
        with pytest.raises(SettingsError, match="height -500 to 500"):
            Settings(blend=wrong)
