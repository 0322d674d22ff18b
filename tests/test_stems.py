"""Straight stems are spacing: letters measured from the stem reference (``Settings.stem_reference``).

A serif N's right side is one straight stem under a serif at the top and none at the foot: against a
lowercase letter its bubble leaves the stem's set-back as white, which the blend kerned (``N a`` −31
per 1000 em in Noto Serif, where its designer, as every designer of the five fonts, has 0). Whether
measuring such stems from ``n`` brings whole fonts closer to their designers is measured in
benchmarks/bench_realfont.py, not here.
"""

from __future__ import annotations

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bands import BandProfile
from bubblekern.model import BLEND, STEM_SETBACK, stem_offsets, stem_reference

from helpers import add_glyph, new_font, polygon, rect


def stem_font():
    """Hand-drawn bubbles: n and o, a serif N (stem 80 units back from the advance, a 60-unit serif at
    the top), T (an arm 250 units beyond its stem), V (a diagonal) and H (flush, no room to measure)."""
    font = new_font()
    add_glyph(font, "n", 560, bubble=lambda p: rect(p, 0, 0, 560, 500), unicode=ord("n"))
    add_glyph(font, "o", 560, bubble=lambda p: polygon(p, (60, 0), (500, 0), (560, 250), (500, 500), (60, 500), (0, 250)),
              unicode=ord("o"))
    add_glyph(font, "N", 700, bubble=lambda p: polygon(p, (0, 0), (620, 0), (620, 640), (680, 640), (680, 700), (0, 700)),
              unicode=ord("N"))
    add_glyph(font, "T", 640, bubble=lambda p: (rect(p, 0, 600, 640, 700), rect(p, 200, 0, 390, 600)), unicode=ord("T"))
    add_glyph(font, "V", 700, bubble=lambda p: polygon(p, (0, 700), (300, 0), (400, 0), (700, 700)), unicode=ord("V"))
    add_glyph(font, "H", 700, bubble=lambda p: rect(p, 0, 0, 700, 700), unicode=ord("H"))
    return font


PAIRS = [(a, b) for a in ("N", "T", "V", "H") for b in ("o", "n")] + [("o", "N"), ("N", "H")]


def kern(font, **settings) -> dict:
    """The pairs kerned with the blend; without ``tuck_arms``, whose vertical erosion takes a few units off the
    hexagon o's pointed side (test_arms.py), so the stems' own measure is what is seen."""
    return kern_pairs(font, PAIRS, Settings(min_kern=0, blend=BLEND, tuck_arms=False, **settings)).as_dict()


def test_a_straight_stem_under_a_serif_is_kerned_from_where_it_meets_n():
    font = stem_font()
    measured, plain = kern(font), kern(font, stem_reference=False)
    assert plain[("N", "o")] < 0 and plain[("N", "n")] < 0  # the stem's set-back, kerned as white
    assert measured[("N", "o")] == measured[("N", "n")] == 0
    # an arm reaches farther than a serif: T keeps the pairs its arm overhangs; so do a diagonal and a flush side
    for pair in [("T", "o"), ("T", "n"), ("V", "o"), ("V", "n"), ("H", "o"), ("o", "N")]:
        assert measured[pair] == plain[pair], pair
    assert measured[("T", "o")] < 0 and measured[("V", "o")] < 0
    assert measured[("N", "H")] == 0 > plain[("N", "H")]  # below its serif N's stem faces H's as spacing too
    assert kern_pairs(font, PAIRS, Settings(min_kern=0)).as_dict() == kern_pairs(
        font, PAIRS, Settings(min_kern=0, stem_reference=False)).as_dict()  # without the blend: the bubbles alone


def test_a_pair_list_kerns_as_a_full_run_without_naming_n():
    font = stem_font()
    settings = Settings(min_kern=0, blend=BLEND, tuck_arms=False)
    everything = kern_pairs(font, None, settings).as_dict()
    alone = kern_pairs(font, [("N", "o")], settings).as_dict()
    assert alone[("N", "o")] == everything[("N", "o")] == 0


def test_a_font_without_n_has_no_stem_reference():
    font = stem_font()
    font.removeGlyph("n")
    font.getLayer("bubble").removeGlyph("n")
    assert stem_reference(font, font.keys()) is None
    assert kern_pairs(font, [("N", "o")], Settings(min_kern=0, blend=BLEND)).as_dict()[("N", "o")] < 0


def test_stem_offsets_measure_straight_stems_set_back_by_a_serif_at_most():
    """Runs with either kernel: test_without_numpy runs this module again without numpy."""
    nan = float("nan")
    # bands of 100 units: n over bands 0-4; N straight at 620 under a serif at 680; T's arm 250 beyond its
    # stem; a wavy side; a glyph that never reaches n's bands
    profiles = {
        "n": BandProfile(100, 0, [0] * 5, [560] * 5),
        "N": BandProfile(100, 0, [0] * 7, [620] * 6 + [680]),
        "T": BandProfile(100, 0, [200] * 6 + [0], [390] * 6 + [640]),
        "wavy": BandProfile(100, 0, [0, 40, 0, 40, 0], [600, 640, 600, 640, 600]),
        "high": BandProfile(100, 8, [0, 0], [500, 500]),
        "hole": BandProfile(100, 0, [nan, 0, 0, 0, 0], [nan, 620, 620, 620, 620]),
    }
    widths = {"n": 560, "N": 700, "T": 640, "wavy": 700, "high": 600, "hole": 700}
    matrix = kernel.ProfileMatrix.build(profiles, widths)
    flags = [name != "n" for name in matrix.names]
    after, before = stem_offsets(matrix, flags, "n", 1000)
    got = {name: (after[i], before[i]) for i, name in enumerate(matrix.names)}
    assert got["N"] == (80.0, 0.0)  # its left side is flush with n's: no room
    assert got["T"] == (0.0, 0.0) and 250 > STEM_SETBACK  # the arm: both sides stand farther back than a serif
    assert got["wavy"] == (0.0, 0.0)  # 40 units of waving: no straight stem
    assert got["high"] == (0.0, 0.0) and got["n"] == (0.0, 0.0)
    assert got["hole"] == (80.0, 0.0)  # a band it lacks does not count against it
