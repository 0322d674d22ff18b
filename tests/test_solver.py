"""Solver rules: gaps, caps, the fail-safe, positive kerns, threshold, rounding, symmetry."""

import math
import random

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.bands import BandProfile
from bubblekern.solver import NO_BAND, ProfileMatrix, solve_gaps

from helpers import add_glyph, box_font, ellipse, new_font, polygon, rect


def value(font, left, right, **settings):
    result = kern_pairs(font, [(left, right)], Settings(**settings))
    return int(result.values[0]), bool(result.kept_mask[0]), bool(result.failsafe[0])


def test_gap_is_room_right_of_left_plus_room_left_of_right():
    font = box_font({"L": (600, (50, 0, 550, 700)), "R": (500, (30, 0, 480, 700))})
    assert value(font, "L", "R") == (-80, True, False)  # (600 - 550) + 30
    assert value(font, "R", "L") == (-70, True, False)  # (500 - 480) + 50
    assert value(font, "L", "L") == (-100, True, False)


def test_the_smallest_gap_over_shared_bands_wins_and_its_band_is_reported():
    font = new_font()
    add_glyph(font, "L", 500, bubble=lambda p: polygon(p, (0, 0), (400, 0), (400, 300), (300, 300), (300, 600), (0, 600)))
    add_glyph(font, "R", 500, bubble=lambda p: rect(p, 20, 200, 480, 800))
    result = kern_pairs(font, [("L", "R")], Settings())
    # bands 10-14 (y 200-300): 100 + 20 = 120; above 300: 200 + 20 = 220
    assert result.kept == {("L", "R"): -120}
    assert result.colliding_band(("L", "R")) == (200, 220)


def test_negative_kerns_are_capped_at_half_the_narrower_advance():
    font = box_font({"wide": (800, (0, 0, 100, 700)), "narrow": (301, (250, 0, 301, 700))})
    # gap would be 700 + 250 = 950; the narrower advance is 301 → cap 150
    assert value(font, "wide", "narrow") == (-150, True, False)


def test_pairs_sharing_no_band_follow_the_failsafe_policy():
    font = box_font({"period": (260, (20, 0, 240, 120)), "quoteright": (240, (20, 500, 220, 700))})
    pairs = [("period", "quoteright"), ("quoteright", "period")]
    capped = kern_pairs(font, pairs, Settings(failsafe="cap"))  # the original BubbleKern's: half the narrower advance
    assert capped.kept == {("period", "quoteright"): -120, ("quoteright", "period"): -120}
    assert all(capped.failsafe)
    assert capped.colliding_band(("period", "quoteright")) is None
    zero = kern_pairs(font, pairs)  # the default: solved, to 0
    assert Settings().failsafe == "zero"
    assert zero.kept == {} and zero.as_dict() == {p: 0 for p in pairs} and all(zero.failsafe)
    skip = kern_pairs(font, pairs + [("period", "period")], Settings(failsafe="skip"))  # not solved at all
    assert list(skip.pairs) == [("period", "period")]
    assert set(skip.skipped) == set(pairs) and "no shared band" in skip.skipped[pairs[0]]


def test_failsafe_skip_leaves_old_values_alone_where_zero_removes_them():
    from bubblekern import apply_kerning

    font = box_font({"period": (260, (20, 0, 240, 120)), "quoteright": (240, (20, 500, 220, 700))})
    font.kerning[("period", "quoteright")] = -77
    pair = [("period", "quoteright")]
    apply_kerning(font, kern_pairs(font, pair, Settings(failsafe="skip")), mode="replace")
    assert font.kerning[("period", "quoteright")] == -77
    apply_kerning(font, kern_pairs(font, pair, Settings(failsafe="zero")), mode="replace")
    assert ("period", "quoteright") not in font.kerning


def test_failsafe_skip_in_an_all_pairs_run_drops_only_the_pairs_sharing_no_band():
    font = box_font({"period": (260, (20, 0, 240, 120)), "quoteright": (240, (20, 500, 220, 700))})
    result = kern_pairs(font, None, Settings(failsafe="skip"))
    assert sorted(result.pairs) == [("period", "period"), ("quoteright", "quoteright")]
    assert sorted(result.skipped) == [("period", "quoteright"), ("quoteright", "period")]


def test_a_bad_failsafe_policy_is_refused():
    with pytest.raises(ValueError, match="failsafe"):
        Settings(failsafe="maybe")


def test_overlapping_bubbles_give_positive_kerns():
    font = box_font({"f": (400, (0, 0, 520, 700)), "x": (500, (-40, 0, 500, 700))})
    assert value(font, "f", "x", positive_limit=None) == (160, True, False)  # gap = (400 - 520) + (-40) = -160
    assert value(font, "f", "x", allow_positive=False) == (0, False, False)
    assert value(font, "f", "x", positive_cap=120) == (120, True, False)
    assert value(font, "f", "x") == (100, True, False)  # the default limit: 100 per 1000 units per em


def test_the_default_positive_limit_scales_with_the_em():
    font = box_font({"f": (800, (0, 0, 1040, 1400)), "x": (1000, (-80, 0, 1000, 1400))}, upm=2000)
    assert value(font, "f", "x", positive_limit=None) == (320, True, False)
    assert value(font, "f", "x") == (200, True, False)
    assert value(font, "f", "x", positive_limit=50) == (100, True, False)
    assert value(font, "f", "x", positive_cap=150) == (150, True, False)  # a cap in font units wins


def test_threshold_drops_tiny_values():
    font = box_font({"a": (500, (0, 0, 497, 700)), "b": (500, (1, 0, 500, 700))})
    assert value(font, "a", "b") == (-4, False, False)  # default min_kern 5
    assert value(font, "a", "b", min_kern=4) == (-4, True, False)
    assert value(font, "a", "b", min_kern=0) == (-4, True, False)


def test_rounding_is_to_the_nearest_step_halves_away_from_zero():
    font = box_font({"a": (500, (0, 0, 417, 700)), "b": (500, (0, 0, 415, 700)), "c": (500, (0, 0, 500, 700))})
    assert value(font, "a", "c", rounding=10) == (-80, True, False)  # 83
    assert value(font, "b", "c", rounding=10) == (-90, True, False)  # 85
    assert value(font, "b", "c", rounding=1) == (-85, True, False)


def test_rounding_never_steps_past_the_cap():
    font = box_font({"a": (250, (0, 0, 10, 700)), "b": (250, (200, 0, 250, 700))})
    # cap = 125; rounded to 20 that would be -120 or -140: the cap's own multiple, -120, wins
    assert value(font, "a", "b", rounding=20) == (-120, True, False)
    assert value(font, "a", "b", rounding=50) == (-100, True, False)


def test_curved_gap_is_fractional_and_rounded_to_whole_units():
    font = new_font()
    add_glyph(font, "o", 600, bubble=lambda p: ellipse(p, 300, 350, 280, 300))
    value_o, kept, _ = value(font, "o", "o")
    assert value_o == -40 and kept  # (600 - 580) + 20 at the widest band


def mirrored(font):
    """A font with every glyph's bubble mirrored left to right within its advance."""
    from fontTools.pens.reverseContourPen import ReverseContourPen
    from fontTools.pens.transformPen import TransformPen

    out = new_font()
    for glyph in font:
        layer_glyph = font.getLayer("bubble")[glyph.name]
        target = add_glyph(out, glyph.name, glyph.width)
        mirrored_glyph = out.getLayer("bubble").newGlyph(glyph.name)
        mirrored_glyph.width = target.width
        layer_glyph.draw(ReverseContourPen(TransformPen(mirrored_glyph.getPen(), (-1, 0, 0, 1, glyph.width, 0))))
    return out


def test_mirrored_shapes_kern_symmetrically():
    font = new_font()
    add_glyph(font, "A", 720, bubble=lambda p: polygon(p, (0, 0), (720, 0), (420, 720), (300, 720)))
    add_glyph(font, "V", 700, bubble=lambda p: polygon(p, (0, 720), (700, 720), (390, 0), (310, 0)))
    add_glyph(font, "b", 560, bubble=lambda p: (rect(p, 0, 0, 200, 750), ellipse(p, 300, 250, 260, 270)))
    add_glyph(font, "L", 600, bubble=lambda p: polygon(p, (0, 0), (600, 0), (600, 130), (230, 130), (230, 720), (0, 720)))
    mirror = mirrored(font)
    names = ["A", "V", "b", "L"]
    pairs = [(a, b) for a in names for b in names]
    forward = kern_pairs(font, pairs).as_dict()
    backward = kern_pairs(mirror, [(b, a) for a, b in pairs]).as_dict()
    assert forward == {(a, b): backward[(b, a)] for a, b in pairs}
    assert forward[("A", "V")] < -100 and forward[("L", "V")] < forward[("L", "b")]


def reference_gap(left: BandProfile, right: BandProfile, width: float) -> float:
    """A plain, slow version of the solver."""
    best = float("inf")
    for band in range(min(left.start, right.start), max(left.stop, right.stop)):
        a, b = left.extent(band), right.extent(band)
        if a and b:
            best = min(best, (width - a[1]) + b[0])
    return best


def test_solver_matches_a_plain_loop_in_any_chunk_size():
    rng = random.Random(7)
    profiles, widths = {}, {}
    for i in range(12):
        start = rng.randint(-5, 9)
        left = [rng.uniform(-50, 200) for _ in range(rng.randint(1, 29))]
        right = [x + rng.uniform(10, 400) for x in left]
        for k in range(len(left)):
            if rng.random() < 0.2:
                left[k] = right[k] = math.nan
        profiles[f"g{i}"] = BandProfile(20.0, start, left, right)
        widths[f"g{i}"] = rng.uniform(100, 600)
    matrix = ProfileMatrix.build(profiles, widths)
    names = list(profiles)
    li = matrix.rows([a for a in names for _ in names])
    ri = matrix.rows([b for _ in names for b in names])
    expected = [reference_gap(profiles[names[a]], profiles[names[b]], widths[names[a]]) for a, b in zip(li, ri)]
    assert math.inf in expected and len(set(expected)) > 100
    for chunk in (1, 7, 1000, 1 << 22):
        gaps, bands = solve_gaps(matrix, li, ri, chunk)
        assert gaps.tolist() == pytest.approx(expected)
        for gap, band in zip(gaps.tolist(), bands.tolist()):
            assert (band == NO_BAND) == math.isinf(gap)
            assert band == NO_BAND or -5 <= band < 9 + 29


def test_pairs_with_a_glyph_without_bubble_are_skipped():
    font = box_font({"H": (600, (0, 0, 600, 700))})
    add_glyph(font, "space", 250)
    result = kern_pairs(font, [("H", "space"), ("H", "H")])
    assert result.pairs == [("H", "H")]
    assert result.skipped == {("H", "space"): "no bubble: 'space'"}
