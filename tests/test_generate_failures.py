"""Generation never aborts: the five ways Skia refused a real glyph's bubble, each fixed, and a glyph that
still fails is skipped by name while the rest are written.

Each mechanism is reproduced with a small synthetic glyph where one exists and with the real glyph it was
found on in ../shared/fonts (those tests skip without it).
"""

import math
import random

import pathops
import pytest
from fontTools.pens.perimeterPen import PerimeterPen

from bubblekern import open_font
from bubblekern.cli import main
from bubblekern.generate import GenerateSettings, glyph_bubble, make_bubbles
from bubblekern.offset import _clip, _cubic, _ribbons, adhere, fill_holes, grow, squeeze, sweep
from bubblekern.status import Outlines

from helpers import latin_font, polygon, rect, save
from realfonts import needs_shared, shared_ttfs, ttf_font


def truetype_dot(pen, cx=130, cy=60, r=60):
    """A round dot as TrueType draws it: four off-curve points, no on-curve point at all."""
    pen.qCurveTo((cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r), None)
    pen.closePath()


def bubble_bounds(font, name, **settings):
    return glyph_bubble(font, name, GenerateSettings(**settings)).bounds


def ink_of(font, name) -> pathops.Path:
    return Outlines(font).ink(name)


def minkowski_segment_contains(ink: pathops.Path, point, rx: float, ry: float, steps: int = 201) -> bool:
    """Whether ``point`` lies in ink ⊕ segment [−rx, rx] × [−ry, ry] (one of rx, ry is 0), by sampling the segment."""
    x, y = point
    return any(
        ink.contains((x + rx * (2 * i / (steps - 1) - 1), y + ry * (2 * i / (steps - 1) - 1))) for i in range(steps)
    )


# -- 1. a zero offset on one axis --------------------------------------------------------


@pytest.mark.parametrize("rx, ry", [(40, 0), (0, 40)])
@pytest.mark.parametrize("name", ["O", "V", "A"])
def test_a_zero_offset_on_one_axis_is_an_exact_sweep_along_a_segment(name, rx, ry):
    """With ry = 0 the ellipse is a segment: the grown ink is exactly ink ⊕ segment (no 1000:1 scaling)."""
    font = latin_font()
    ink = fill_holes(ink_of(font, name))  # the grown bubble has no counters
    grown = grow(ink, rx, ry)
    x0, y0, x1, y1 = grown.bounds
    ix0, iy0, ix1, iy1 = ink.bounds
    assert (x0, y0, x1, y1) == pytest.approx((ix0 - rx, iy0 - ry, ix1 + rx, iy1 + ry), abs=1e-3)
    rng = random.Random(7)
    wrong = 0
    for _ in range(1500):
        point = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        wrong += grown.contains(point) != minkowski_segment_contains(ink, point, rx, ry)
    assert wrong <= 3  # only points within a hair of the edge may differ by sampling


@pytest.mark.parametrize(
    "glyph, settings",
    [("c", dict(offset_x=0, offset_y=50, corner="miter")), ("lira", dict(offset_x=0, offset_y=50)),
     ("OE", dict(offset_x=40, offset_y=0, adhere="nudge")), ("asterisk", dict(offset_x=40, offset_y=0))],
)
def test_zero_axis_glyphs_that_skia_refused(glyph, settings):
    """Caladea glyphs whose 1000:1-scaled offset Skia refused in the next operation."""
    path = needs_shared("Caladea-Regular.ttf")
    font = ttf_font(path, names=[glyph])
    x0, _, x1, _ = bubble_bounds(font, glyph, **settings)
    assert (x0, x1) == pytest.approx((0, font[glyph].width), abs=1e-3)


# -- 2. a sub-unit shortfall at the sidebearing ------------------------------------------


def test_a_sub_unit_shortfall_is_swept_past_and_clipped_back():
    """Sidebearings 0.16 and 0.12 units wider than the offset: sweeping 0.16 made slivers Skia refused."""
    font = latin_font()
    glyph = font.newGlyph("bar")
    glyph.width = 300
    rect(glyph.getPen(), 60.16, 0, 239.88, 700)
    for settings in (dict(offset_x=60, offset_y=40, corner="miter", corner_radius=20), dict(offset_x=60, offset_y=60)):
        bubble = glyph_bubble(font, "bar", GenerateSettings(**settings))
        assert bubble.bounds[0] == pytest.approx(0, abs=1e-4) and bubble.bounds[2] == pytest.approx(300, abs=1e-4)
        exact = glyph_bubble(font, "bar", GenerateSettings(**settings, adhere="off"))
        assert bubble.area == pytest.approx(exact.area + 0.28 * (exact.bounds[3] - exact.bounds[1]), rel=2e-3)


def test_sweep_past_and_clip_back_equals_the_exact_sweep_on_a_convex_side():
    ink = pathops.Path()
    polygon(ink.getPen(), (10.3, 0), (200, 0), (200, 300), (10.3, 300))
    fitted = adhere(ink, 210, mode="trim")  # 10.3 short on the left, 10 on the right: plain sweeps
    close = pathops.Path()
    polygon(close.getPen(), (0.4, 0), (209.7, 0), (209.7, 300), (0.4, 300))
    clipped = adhere(close, 210, mode="trim")  # 0.4 and 0.3 short: swept 2 units, clipped back
    assert fitted.bounds == (0, 0, 210, 300) and clipped.bounds == (0, 0, 210, 300)
    assert clipped.area == pytest.approx(210 * 300)


@pytest.mark.parametrize("font_file, glyph, settings", [
    ("Caladea-Regular.ttf", "arrowupdn", {}),  # shortfalls 0.16 and 0.12 units
    ("NotoSans-Regular.ttf", "O", dict(offset_x=60, offset_y=10)),  # 1 unit short on each side
])
def test_real_glyphs_short_of_their_sidebearing_by_a_unit(font_file, glyph, settings):
    path = needs_shared(font_file)
    font = ttf_font(path, names=[glyph])
    x0, _, x1, _ = bubble_bounds(font, glyph, **settings)
    scale = font.info.unitsPerEm / 1000
    assert (x0, x1) == pytest.approx((0, font[glyph].width), abs=1e-3 * scale)


def test_a_refused_sweep_is_retried_on_a_snapped_path():
    """NotoSans O grown 60 × 10 falls 1 unit short on each side: after the left sweep, Skia refuses the union
    of the right one; the retry on the path snapped to 1/16 unit succeeds."""
    path = needs_shared("NotoSans-Regular.ttf")
    font = ttf_font(path, "O")
    width = font["O"].width
    left = sweep(_clip(grow(ink_of(font, "O"), 60, 10), 0, width), -1.0)
    joined = pathops.Path()
    joined.addPath(left)
    joined.addPath(_ribbons(left, 1.0))
    with pytest.raises(pathops.PathOpsError):
        pathops.simplify(joined, keep_starting_points=False)  # the refusal, as Skia makes it
    both = sweep(left, 1.0)
    x0, y0, x1, y1 = left.bounds
    assert both.bounds == pytest.approx((0, y0, width, y1), abs=1 / 16)
    assert both.area == pytest.approx(left.area + (y1 - y0), rel=2e-3)


# -- 3. micro-steps where nudge's halves meet ----------------------------------------------


@pytest.mark.parametrize("name", ["O", "V", "A", "T"])
def test_nudge_is_one_continuous_map_and_its_halves_meet_exactly(name):
    """The squeezed bubble's area is exactly k_left · left half + k_right · right half: no seam, no overlap."""
    font = latin_font()
    grown = grow(ink_of(font, name), 90, 40)
    width = font[name].width
    x0, _, x1, _ = grown.bounds
    assert x0 < 0 and x1 > width
    centre = width / 2
    k_left, k_right = centre / (centre - x0), (width - centre) / (x1 - centre)
    box = pathops.Path()
    rect(box.getPen(), x0 - 1, -1000, centre, 2000)
    left = pathops.op(grown, box, pathops.PathOp.INTERSECTION).area
    squeezed = squeeze(grown, width)
    assert squeezed.bounds[0] == pytest.approx(0, abs=1e-3) and squeezed.bounds[2] == pytest.approx(width, abs=1e-3)
    assert squeezed.area == pytest.approx(k_left * left + k_right * (grown.area - left), rel=1e-5)
    assert len(list(squeezed.contours)) == 1


def test_nudge_on_an_italic_glyph_skia_refused():
    """NotoSans Italic ¢ (5 × 10, radius 20, nudge): the old seam left micro-steps the sweep refused."""
    path = needs_shared("NotoSans-Italic.ttf")
    font = ttf_font(path, names=["cent"])
    bubble = glyph_bubble(font, "cent", GenerateSettings(offset_x=5, offset_y=10, corner_radius=20, adhere="nudge"))
    slant = math.tan(math.radians(-font.info.italicAngle))
    x0, _, x1, _ = pathops.Path(bubble).transform(1, 0, -slant, 1, 0, 0).bounds
    assert (x0, x1) == pytest.approx((0, font["cent"].width), abs=1e-2)


# -- 4. round_corners on near-tangent curves ------------------------------------------------


@pytest.mark.parametrize("font_file, glyph, settings", [
    ("NotoSans-Italic.ttf", "uni206D", dict(offset_x=0, offset_y=50, corner_radius=30)),
    ("Caladea-Regular.ttf", "eogonek", dict(offset_x=0, offset_y=50, corner="miter", corner_radius=10, adhere="nudge")),
    ("Caladea-Regular.ttf", "quotereversed", dict(offset_x=0, offset_y=20, corner_radius=50, adhere="nudge")),
])
def test_rounding_corners_of_real_glyphs_skia_refused(font_file, glyph, settings):
    path = needs_shared(font_file)
    font = ttf_font(path, names=[glyph])
    report = make_bubbles(font, [glyph], GenerateSettings(**settings))
    assert report.written == [glyph] and not report.skipped


# -- 5. an all-off-curve contour --------------------------------------------------------


def test_an_all_off_curve_dot_gets_its_bubble():
    """Qu2CuPen(all_cubic=True) refused the dot's implied on-curve points (NotImplementedError)."""
    font = latin_font()
    glyph = font.newGlyph("dot")
    glyph.width = 260
    truetype_dot(glyph.getPen())
    bubble = glyph_bubble(font, "dot", GenerateSettings(offset_x=40, offset_y=40, adhere="off"))
    perimeter = PerimeterPen()
    glyph.draw(perimeter)
    ink = ink_of(font, "dot")
    # Steiner: a convex shape grown by r gains perimeter · r + π r²
    assert bubble.area == pytest.approx(ink.area + perimeter.value * 40 + math.pi * 40**2, rel=2e-3)
    x0, y0, x1, y1 = ink.bounds
    assert bubble.bounds == pytest.approx((x0 - 40, y0 - 40, x1 + 40, y1 + 40), abs=0.5)
    report = make_bubbles(font, ["dot"], GenerateSettings(corner_radius=20))
    assert report.written == ["dot"]
    on_curve = [p for c in font.getLayer("bubble")["dot"].contours for p in c.points if p.type != "offcurve"]
    assert on_curve  # written as cubics with on-curve points


def test_cubic_conversion_spells_out_implied_on_curve_points():
    dot = pathops.Path()
    truetype_dot(dot.getPen())
    cubic = _cubic(dot)
    assert cubic.area == pytest.approx(dot.area, rel=1e-3)
    assert cubic.bounds == pytest.approx(dot.bounds, abs=0.05)


# -- a glyph that still fails ------------------------------------------------------------


def broken_font():
    """latin_font plus glyph 'broken', whose outline has a point that is not a number: no geometry can use it."""
    font = latin_font()
    glyph = font.newGlyph("broken")
    glyph.width = 500
    polygon(glyph.getPen(), (0, 0), (float("nan"), 0), (0, 100))
    glyph.unicode = 0x42
    return font


def test_a_glyph_that_fails_is_skipped_by_name_and_the_rest_are_written():
    font = broken_font()
    report = make_bubbles(font)
    assert report.skipped["broken"].code == "failed" and "'broken'" in report.skipped["broken"].message
    assert set(report.written) == {"H", "O", "A", "V", "T", "o", "n", "v", "period", "quoteright", "acutecomb"}
    assert "broken" not in font.getLayer("bubble")


def test_cli_bubbles_warns_about_the_failed_glyph_and_saves_the_rest(tmp_path, capsys):
    path = save(broken_font(), tmp_path)
    assert main(["bubbles", str(path)]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "'broken'" in captured.err
    assert "could not be built" in captured.out and "broken" in captured.out
    font = open_font(path)
    assert "H" in font.getLayer("bubble") and "broken" not in font.getLayer("bubble")


# -- real fonts, across settings -----------------------------------------------------------

SETTINGS = [
    GenerateSettings(),
    GenerateSettings(offset_x=40, offset_y=0, adhere="nudge"),
    GenerateSettings(offset_x=0, offset_y=50, corner="miter", corner_radius=30),
    GenerateSettings(offset_x=5, offset_y=10, corner_radius=20, adhere="nudge"),
]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,:;-!?'\"()&@%*¢£"


@pytest.mark.skipif(not shared_ttfs(), reason="../shared/fonts is absent")
@pytest.mark.parametrize("path", shared_ttfs(), ids=lambda p: p.stem)
def test_real_fonts_generate_every_glyph_under_every_setting(path):
    font = ttf_font(path, LETTERS)
    for settings in SETTINGS:
        report = make_bubbles(font, None, settings.replace(overwrite="always"))
        assert report.skipped_with("failed") == [], (settings, report.skipped)
        assert len(report.written) + len(report.unchanged) == len(font)
