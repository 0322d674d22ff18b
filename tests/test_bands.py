"""Band geometry against hand-computed cases."""

import math

import pytest
from fontTools.misc.transform import Transform

from bubblekern import BubbleGeometryError, FontBubbles, Settings, band_profile, collect_bubble
from bubblekern.geometry import Bubble, SegmentPen

from helpers import add_glyph, ellipse, new_font, polygon, rect


def bubble_of(draw) -> Bubble:
    pen = SegmentPen()
    draw(pen)
    return Bubble(tuple(pen.contours))


def extents(profile):
    return {k: (round(lo, 6), round(hi, 6)) for k, lo, hi in profile.bands()}


def test_rectangle_fills_its_bands_and_no_more():
    profile = band_profile(bubble_of(lambda p: rect(p, 50, 0, 550, 700)), 20)
    assert profile.start == 0 and profile.stop == 35  # a flat edge on y=0 or y=700 claims no band beyond
    assert extents(profile) == {k: (50, 550) for k in range(35)}
    assert profile.extent(-1) is None and profile.extent(35) is None
    assert profile.band_range(3) == (60, 80)


def test_rectangle_off_the_band_grid():
    profile = band_profile(bubble_of(lambda p: rect(p, 0, 10, 100, 45)), 20)
    assert extents(profile) == {0: (0, 100), 1: (0, 100), 2: (0, 100)}


def test_negative_bands_below_the_baseline():
    profile = band_profile(bubble_of(lambda p: rect(p, 10, -50, 90, 0)), 20)
    assert sorted(extents(profile)) == [-3, -2, -1]


def test_triangle_extents_are_taken_over_the_whole_band_height():
    # left edge x = y/2, right edge x = 200 - y/2: widest at each band's bottom
    profile = band_profile(bubble_of(lambda p: polygon(p, (0, 0), (200, 0), (100, 200))), 20)
    assert extents(profile) == {k: (10 * k, 200 - 10 * k) for k in range(10)}


def test_slanted_parallelogram():
    # x from y/4 to 100 + y/4; in band k the left extent is at the bottom, the right at the top
    profile = band_profile(bubble_of(lambda p: polygon(p, (0, 0), (100, 0), (150, 200), (50, 200))), 40)
    assert extents(profile) == {k: (10 * k, 100 + 10 * (k + 1)) for k in range(5)}


def cubic_x_range_in_band(bubble, y0, y1, samples=200_001):
    """Dense sampling of the curves: the reference the exact computation must match."""
    np = pytest.importorskip("numpy", reason="the sampling reference needs numpy (the band code does not)")
    lo, hi = math.inf, -math.inf
    t = np.linspace(0, 1, samples)
    for seg in bubble.segments:
        pts = np.array(seg)
        if len(seg) == 2:
            x = pts[0, 0] + (pts[1, 0] - pts[0, 0]) * t
            y = pts[0, 1] + (pts[1, 1] - pts[0, 1]) * t
        else:
            b = np.array([(1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t**2 * (1 - t), t**3])
            x, y = pts[:, 0] @ b, pts[:, 1] @ b
        inside = (y >= y0) & (y <= y1)
        if inside.any():
            lo, hi = min(lo, x[inside].min()), max(hi, x[inside].max())
    return lo, hi


def test_circle_extents_are_exact_on_the_curves():
    bubble = bubble_of(lambda p: ellipse(p, 0, 0, 100, 100))
    profile = band_profile(bubble, 20)
    assert (profile.start, profile.stop) == (-5, 5)
    for band, left, right in profile.bands():
        ref_left, ref_right = cubic_x_range_in_band(bubble, band * 20, band * 20 + 20)
        assert left == pytest.approx(ref_left, abs=1e-3)
        assert right == pytest.approx(ref_right, abs=1e-3)
    # and close to the true circle (the cubic approximation is off by < 0.03 %)
    assert profile.extent(0) == pytest.approx((-100, 100), abs=0.05)
    assert profile.extent(4)[0] == pytest.approx(-math.sqrt(100**2 - 80**2), abs=0.1)
    assert profile.extent(-5)[1] == pytest.approx(math.sqrt(100**2 - 80**2), abs=0.1)


def test_quadratic_curves_are_handled_exactly():
    def diamond_ish(pen):  # TrueType-style quadratic contour
        pen.moveTo((0, 0))
        pen.qCurveTo((100, 0), (100, 100))
        pen.qCurveTo((100, 200), (0, 200))
        pen.closePath()

    bubble = bubble_of(diamond_ish)
    profile = band_profile(bubble, 50)
    # x(y) on the first arc: quadratic from (0,0) via (100,0) to (100,100)
    for band, left, right in profile.bands():
        assert (left, right) == pytest.approx(cubic_x_range_in_band(bubble, band * 50, band * 50 + 50), abs=1e-3)
    assert profile.extent(1)[1] == pytest.approx(100)
    assert profile.extent(0)[1] == pytest.approx(100 * (1 - (1 - math.sqrt(0.5)) ** 2), abs=1e-6)


def test_holes_do_not_change_extents():
    with_hole = bubble_of(lambda p: (rect(p, 0, 0, 300, 300), rect(p, 100, 100, 200, 200)))
    solid = bubble_of(lambda p: rect(p, 0, 0, 300, 300))
    assert band_profile(with_hole, 20) == band_profile(solid, 20)


def test_multiple_contours_are_a_union():
    bubble = bubble_of(lambda p: (rect(p, 0, 0, 100, 40), rect(p, 300, 20, 400, 80)))
    assert extents(band_profile(bubble, 20)) == {0: (0, 100), 1: (0, 400), 2: (300, 400), 3: (300, 400)}


def test_direction_and_start_point_do_not_matter():
    a = bubble_of(lambda p: polygon(p, (0, 0), (200, 0), (120, 210), (40, 150)))
    b = bubble_of(lambda p: polygon(p, (120, 210), (200, 0), (0, 0), (40, 150)))
    assert band_profile(a, 20) == band_profile(b, 20)


def test_scaled_rotated_and_skewed_components():
    font = new_font()
    add_glyph(font, "base", 200, bubble=lambda p: rect(p, 0, 0, 200, 100))
    add_glyph(font, "scaled", 400, components=[("base", (2, 0, 0, 2, 0, 0))])
    add_glyph(font, "rotated", 100, components=[("base", (0, 1, -1, 0, 100, 0))])  # 90° turn, then 100 right
    add_glyph(font, "skewed", 300, components=[("base", tuple(Transform().skew(math.radians(45))))])
    bubbles = FontBubbles(font, Settings())
    assert extents(bubbles.profile("scaled")) == {k: (0, 400) for k in range(10)}
    assert extents(bubbles.profile("rotated")) == {k: (0, 100) for k in range(10)}
    # skew by 45° shifts x by y: band k spans x from 20k to 200 + 20(k+1)
    assert extents(bubbles.profile("skewed")) == {k: (20 * k, 200 + 20 * (k + 1)) for k in range(5)}


def test_nested_composites_compose_their_transformations():
    font = new_font()
    add_glyph(font, "dot", 100, bubble=lambda p: rect(p, 0, 0, 100, 100))
    add_glyph(font, "pair", 300, components=[("dot", (1, 0, 0, 1, 0, 0)), ("dot", (1, 0, 0, 1, 200, 0))])
    add_glyph(font, "tall", 300, components=[("pair", (0.5, 0, 0, 2, 10, 40))])
    bubble = collect_bubble(font, "tall")
    assert len(bubble.contours) == 2
    assert bubble.bounds == (10, 40, 160, 240)
    assert extents(band_profile(bubble, 20)) == {k: (10, 160) for k in range(2, 12)}


def test_composite_adds_its_own_bubble_to_the_inherited_one():
    font = new_font()
    add_glyph(font, "A", 500, bubble=lambda p: rect(p, 0, 0, 500, 700))
    add_glyph(font, "acute", 200, bubble=lambda p: rect(p, 0, 720, 200, 900))
    add_glyph(font, "Aacute", 500, components=[("A", (1, 0, 0, 1, 0, 0)), ("acute", (1, 0, 0, 1, 150, 0))],
              bubble=lambda p: rect(p, -30, 300, 530, 340))
    profile = FontBubbles(font).profile("Aacute")
    assert profile.extent(0) == (0, 500)
    assert profile.extent(15) == (-30, 530)  # its own extra contour
    assert profile.extent(40) == (150, 350)  # the accent, moved by the component offset
    assert profile.stop == 45


def test_band_height_scales_with_units_per_em():
    font = new_font(upm=2048)
    add_glyph(font, "H", 1200, bubble=lambda p: rect(p, 0, 0, 1200, 1434))
    bubbles = FontBubbles(font, Settings(band=20))
    assert bubbles.band_height == pytest.approx(40.96)
    assert len(bubbles.profile("H")) == math.ceil(1434 / 40.96)


def test_open_contour_is_closed_with_a_warning():
    font = new_font()
    glyph = add_glyph(font, "a", 300)
    pen = font.getLayer("bubble").newGlyph("a").getPen()
    pen.moveTo((0, 0))
    pen.lineTo((300, 0))
    pen.lineTo((300, 200))
    pen.endPath()
    bubbles = FontBubbles(font)
    assert extents(bubbles.profile("a")) == {k: (1.5 * 20 * k, 300) for k in range(10)}
    assert glyph.name == "a" and any("'a'" in w and "open contour" in w for w in bubbles.warnings)


def test_single_point_and_flat_contours_are_ignored_with_a_warning():
    font = new_font()
    add_glyph(font, "a", 300, bubble=lambda p: (polygon(p, (0, 0), (100, 100), (200, 200)), rect(p, 0, 0, 50, 50)))
    layer_glyph = font.getLayer("bubble")["a"]
    point_pen = layer_glyph.getPointPen()
    point_pen.beginPath()
    point_pen.addPoint((10, 10), "line")
    point_pen.endPath()
    bubbles = FontBubbles(font)
    assert extents(bubbles.profile("a")) == {0: (0, 50), 1: (0, 50), 2: (0, 50)}
    assert any("no area" in w and "'a'" in w for w in bubbles.warnings)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 1e9])
def test_broken_coordinates_are_rejected_naming_the_glyph(bad):
    font = new_font()
    add_glyph(font, "bad", 300, bubble=lambda p: polygon(p, (0, 0), (bad, 0), (100, 100)))
    with pytest.raises(BubbleGeometryError, match="'bad'.*'bubble'"):
        FontBubbles(font).profile("bad")


def test_zero_band_height_is_refused():
    with pytest.raises(ValueError):
        band_profile(Bubble(), 0)
    with pytest.raises(ValueError):
        Settings(band=0)


def test_italic_bands_follow_the_slant():
    # a parallelogram slanted by 12°: upright in the sheared space, so every band has the same extent
    t = math.tan(math.radians(12))
    shape = bubble_of(lambda p: polygon(p, (0, 0), (100, 0), (100 + 200 * t, 200), (200 * t, 200)))
    slanted = band_profile(shape, 20, slant=-t)
    assert slanted.slant == -t
    assert {k: pytest.approx(e, abs=1e-9) for k, e in extents(slanted).items()} == {k: (0, 100) for k in range(10)}
    upright = band_profile(shape, 20)
    assert extents(upright)[3] == pytest.approx((60 * t, 100 + 80 * t), abs=1e-6)
    # a band's outline in glyph coordinates is a parallelogram along the slant
    corners = slanted.quad(3)
    expected = ((60 * t, 60), (100 + 60 * t, 60), (100 + 80 * t, 80), (80 * t, 80))
    assert all(c == pytest.approx(e, abs=1e-9) for c, e in zip(corners, expected))
    assert slanted.quad(10) is None


def test_fonts_band_along_their_italic_angle_unless_asked_not_to():
    t = math.tan(math.radians(10))
    font = new_font()
    font.info.italicAngle = -10
    add_glyph(font, "I", 300, bubble=lambda p: polygon(p, (0, 0), (300, 0), (300 + 700 * t, 700), (700 * t, 700)))
    assert FontBubbles(font).slant == pytest.approx(-t)
    from bubblekern import kern_pairs

    assert kern_pairs(font, [("I", "I")], Settings(min_kern=0)).as_dict() == {("I", "I"): 0}
    # banded upright, the slanted sides overlap by band·tan(angle) = 3.53 within each band
    upright = kern_pairs(font, [("I", "I")], Settings(min_kern=0, italic=False)).as_dict()[("I", "I")]
    assert upright == 4


def test_a_vertex_inside_a_band_is_its_extent_exactly():
    # x at y = 273 through the slope would be -79.99999999999999: the end point itself must count
    profile = band_profile(bubble_of(lambda p: polygon(p, (33, 0), (-80, 273), (389, 0))), 20)
    assert profile.extent(13)[0] == -80
