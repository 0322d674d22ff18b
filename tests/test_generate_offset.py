"""The path geometry of generated bubbles (``bubblekern.offset``) against hand-computed shapes."""

from __future__ import annotations

import math

import pathops
import pytest
from fontTools.pens.recordingPen import RecordingPen

from bubblekern import offset

import helpers


def shape(*draws) -> pathops.Path:
    path = pathops.Path()
    for draw in draws:
        draw(path.getPen())
    return path


def box(x0, y0, x1, y1):
    return lambda pen: helpers.rect(pen, x0, y0, x1, y1)


def circle(cx, cy, r, reverse=False):
    return lambda pen: helpers.ellipse(pen, cx, cy, r, r, reverse=reverse)


def test_grow_round_mitred_and_one_sided():
    rect = shape(box(0, 0, 200, 100))
    rounded = offset.grow(rect, 10, 10)
    assert rounded.area == pytest.approx(200 * 100 + 2 * 10 * 300 + math.pi * 100, rel=2e-3)
    mitred = offset.grow(rect, 10, 10, "miter")
    assert mitred.bounds == pytest.approx((-10, -10, 210, 110)) and mitred.area == pytest.approx(220 * 120, rel=1e-4)
    flat = offset.grow(rect, 25, 0)
    assert flat.bounds == pytest.approx((-25, 0, 225, 100), abs=0.05)
    assert offset.grow(rect, 0, 0).area == pytest.approx(20000)


def test_grow_by_an_ellipse():
    ring = shape(circle(0, 0, 100), circle(0, 0, 60, reverse=True))
    grown = offset.grow(ring, 50, 20)
    assert grown.bounds == pytest.approx((-150, -120, 150, 120), abs=0.5)
    assert grown.contains((0, 0))  # the counter is filled
    assert grown.contains((148, 0)) and grown.contains((0, 118)) and not grown.contains((110, 100))


def test_fill_holes_and_round_corners():
    ring = shape(circle(0, 0, 100), circle(0, 0, 50, reverse=True))
    assert offset.fill_holes(ring).area == pytest.approx(math.pi * 100**2, rel=1e-3)
    square = shape(box(0, 0, 100, 100))
    rounded = offset.round_corners(square, 20)
    assert rounded.area == pytest.approx(100**2 - (4 - math.pi) * 20**2, rel=2e-3)
    assert not rounded.contains((1, 1)) and rounded.contains((50, 1))
    notch = shape(box(0, 0, 100, 40), box(0, 40, 40, 100))  # an L: one concave corner at (40, 40)
    assert offset.round_corners(notch, 10).contains((42, 42))


def test_sweep_moves_every_edge_on_one_side():
    assert offset.sweep(shape(box(0, 0, 100, 50)), -30).bounds == (-30, 0, 100, 50)
    stems = shape(box(0, 0, 10, 100), box(50, 0, 60, 100))
    swept = offset.sweep(stems, -20)
    assert swept.area == pytest.approx(2 * 30 * 100) and swept.contains((35, 50)) and not swept.contains((25, 50))
    disc = offset.sweep(shape(circle(0, 0, 50)), 40)
    assert disc.area == pytest.approx(math.pi * 2500 + 100 * 40, rel=2e-3)
    assert disc.bounds == pytest.approx((-50, -50, 90, 50), abs=0.1)


# A blob of 13 curves (drawn for this test), grown and cut to x ≥ 0 as ``adhere`` cuts: Skia's union of it with the
# 23 ribbons of a sweep to the right dropped its left part (x 152…164) without refusing, as it dropped the right stem of
# a real font's ``Uogonek`` bubble, which then kerned ``Uogonek w`` to -280.
BLOB = (
    ('moveTo', (458.451416015625, 452.0440673828125)),
    ('curveTo', (450.0732421875, 502.5950927734375), (441.7583312988281, 552.7645874023438), (441.0625, 581.2711791992188)),
    ('curveTo', (446.8275146484375, 589.641357421875), (449.3683776855469, 597.7079467773438), (447.4618225097656, 605.1747436523438)),
    ('curveTo', (442.455810546875, 605.3553466796875), (440.6947021484375, 596.3397827148438), (441.0625, 581.2711791992188)),
    ('curveTo', (417.3453674316406, 546.8363647460938), (339.060302734375, 507.2620544433594), (291.3847351074219, 483.1612854003906)),
    ('curveTo', (257.2359619140625, 465.8985595703125), (238.7913360595703, 456.5744934082031), (267.3520812988281, 462.76409912109375)),
    ('curveTo', (296.8332824707031, 436.4375915527344), (293.7020568847656, 254.44650268554688), (214.41293334960938, 300.0)),
    ('curveTo', (208.6674041748047, 306.98431396484375), (216.4116973876953, 241.88658142089844), (224.28109741210938, 175.73741149902344)),
    ('curveTo', (230.00157165527344, 127.65171813964844), (235.78814697265625, 79.01041412353516), (236.50706481933594, 57.09823226928711)),
    ('curveTo', (197.39111328125, 6.766326427459717), (334.2781982421875, 38.90396499633789), (395.8948059082031, 53.369991302490234)),
    ('curveTo', (409.09906005859375, 56.47001647949219), (418.8466491699219, 58.75850296020508), (422.66473388671875, 59.24994659423828)),
    ('lineTo', (459.7574157714844, 300.0)),
    ('curveTo', (488.9891357421875, 267.7899169921875), (473.61669921875, 360.5420227050781), (458.451416015625, 452.0440673828125)),
    ('closePath',),
)


def test_a_sweep_keeps_all_of_the_path_where_skia_s_union_drops_a_part():
    blob = pathops.Path()
    pen = blob.getPen()
    for operation, *points in BLOB:
        getattr(pen, operation)(*points)
    grown = offset.grow(blob, 60, 40)
    cut = offset._clip(grown, 0, 700)
    x0, y0, x1, y1 = cut.bounds
    swept = offset.sweep(cut, 700 - x1)
    assert swept.bounds == pytest.approx((x0, y0, 700, y1), abs=0.5)
    assert pathops.op(cut, swept, pathops.PathOp.DIFFERENCE).area == pytest.approx(0, abs=1)  # it holds the path
    # whatever the union of its contours at once gives, the union reaches as far as they do
    ribbons = offset._ribbons(cut, 700 - x1)
    assert offset._union(cut, ribbons).bounds == pytest.approx((x0, y0, 700, y1), abs=0.5)


def test_squeeze_scales_the_crossing_side_to_the_line():
    bar = shape(box(-20, 0, 120, 10))
    assert offset.squeeze(bar, 100).bounds == pytest.approx((0, 0, 100, 10), abs=1e-3)
    serif = shape(box(-40, 0, 60, 10), box(20, 10, 60, 100))  # a foot reaching past x = 0
    squeezed = offset.squeeze(serif, 100)
    x0, _, _, _ = squeezed.bounds
    assert x0 == pytest.approx(0, abs=1e-3)
    k = 50 / 90  # the left half, x in [-40, 50], scaled about x = 50 onto [0, 50]
    assert squeezed.contains((50 - (50 - 21) * k, 50)) and not squeezed.contains((50 - (50 - 19) * k - 1, 50))


@pytest.mark.parametrize("mode", ["trim", "nudge"])
def test_adhere_reaches_both_lines(mode):
    slant = math.tan(math.radians(10))
    short = shape(box(30, 0, 80, 200))
    for path in (short, shape(box(-30, 0, 140, 200)), shape(circle(50, 100, 70))):
        upright = offset.adhere(path, 100, 0, mode)
        assert upright.bounds[0::2] == pytest.approx((0, 100), abs=1e-3)
        leaning = offset.adhere(path.transform(1, 0, slant, 1, 0, 0), 100, slant, mode)
        assert leaning.transform(1, 0, -slant, 1, 0, 0).bounds[0::2] == pytest.approx((0, 100), abs=1e-2)
    assert offset.adhere(short, 100, 0, "off").bounds == short.bounds
    with pytest.raises(ValueError):
        offset.adhere(short, 0, 0, mode)


def test_draw_clean_drops_collinear_and_repeated_points():
    path = pathops.Path()
    pen = path.getPen()
    for point in ((0, 0), (50, 0), (100, 0), (100, 0.2), (100, 100), (0, 100)):
        (pen.lineTo if point != (0, 0) else pen.moveTo)(point)
    pen.closePath()
    recording = RecordingPen()
    assert offset.draw_clean(path, recording) == 1
    points = [args[0] for op, args in recording.value if op in ("moveTo", "lineTo")]
    assert sorted(points) == [(0, 0), (0, 100), (100, 0), (100, 100)]
    sliver = shape(box(0, 0, 100, 0.004))
    assert offset.draw_clean(sliver, RecordingPen()) == 0
