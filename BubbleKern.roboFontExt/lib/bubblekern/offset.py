"""Path geometry of generated bubbles, done with skia-pathops.

A generated bubble is the glyph's ink, grown and fitted to the glyph's sidebearings:

1. **Grow** (:func:`grow`). The ink is offset by ``rx`` horizontally and ``ry`` vertically:
   the Minkowski sum of the ink with an ellipse of semi-axes (rx, ry). Skia strokes with
   a round pen only, so the ink is scaled by (r/rx, r/ry) with r = max(rx, ry), which turns
   the ellipse into a circle of radius r; the scaled ink is stroked with width 2r (round or
   mitred joins) and united with its own fill, and the result is scaled back. Minkowski
   sums commute with linear maps, so with round joins this is exact up to Skia's curve
   fitting. With a zero offset on one axis the ellipse is a segment, and the sum is exact
   without scaling: a sweep along that segment (see below).
2. **Fill** (:func:`fill_holes`). Counters are filled: only a bubble's outer edge ever
   meets a neighbour, so holes would be points for nothing.
3. **Round corners** (:func:`round_corners`, optional). A morphological closing then
   opening with a circle of radius R rounds concave, then convex, corners to radius R
   (parts thinner than 2R go away).
4. **Adhere** (:func:`adhere`). In a sheared space where the sidebearing lines are upright
   (x' = x − y·tan(slant) − origin: the lines cross the baseline at ``origin`` and at ``origin``
   plus the advance) each side is fitted to its line. ``"trim"``
   intersects the bubble with the band between the lines, so what crosses a line is cut
   flat along it; ``"nudge"`` squeezes a side that crosses its line: that half of the bubble
   (from the middle of the advance out) is scaled horizontally towards the middle until its
   extreme lies on the line, so overhangs (serifs, the hook of f, the tail of j) keep their
   shape in proportion instead of being cut. Then, in both modes, a side that falls short
   of its line is carried out to it by a horizontal sweep (every left, or right, edge moves
   out by the shortfall; the bubble only grows, so it still holds the grown ink). Either way
   each side's extreme lies on its line, and glyphs with straight sides kern to zero.

Sweeps are exact: the region the boundary sweeps along a horizontal vector is a union of
"ribbons", one per y-monotone piece of the boundary (the piece, its shifted copy and two
horizontal lines), which pathops unites with the bubble.

Work happens at 1000 units per em (lengths given per 1000 UPM), so Skia's tolerances are
the same for every font; :func:`bubble_path` maps in and out of font units.

Skia's path operations can refuse near-degenerate input (near-tangent curves, micro-steps).
Every operation here is retried on such a refusal with its input snapped to 1/16 unit, then to
1/4 unit, which merges what Skia cannot tell apart and moves nothing by more than 1/8 unit; only
a path that still fails raises :class:`pathops.PathOpsError` (the caller names the glyph).
Conversions to cubics spell out the implied on-curve points of all-off-curve quadratic contours
(a TrueType dot, or a circle as Skia returns it) first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

import pathops
from fontTools.misc.bezierTools import solveCubic, solveQuadratic, splitCubicAtT
from fontTools.misc.roundTools import otRound
from fontTools.pens.basePen import BasePen
from fontTools.pens.filterPen import FilterPen
from fontTools.pens.qu2cuPen import Qu2CuPen

__all__ = [
    "Corner",
    "Adhere",
    "grow",
    "dilate",
    "shrink",
    "fill_holes",
    "round_corners",
    "sweep",
    "squeeze",
    "adhere",
    "bubble_path",
    "draw_clean",
    "MITER_LIMIT",
]

Corner = Literal["round", "miter"]
Adhere = Literal["trim", "nudge", "off"]

MITER_LIMIT = 4.0
"""Skia's default: corners sharper than about 29° get a bevelled miter."""

_CONIC_TOLERANCE = 0.25
"""How far (units per 1000 UPM) Skia's conics may stray when cut into quadratics."""
_CUBIC_ERROR = 1.0
"""Largest error (units per 1000 UPM) when Skia's quadratic offsets are fitted with cubics."""
_JOINS = {"round": pathops.LineJoin.ROUND_JOIN, "miter": pathops.LineJoin.MITER_JOIN}
_SNAPS = (16.0, 4.0)
"""Grids (steps per unit) an operation Skia refuses is retried on: 1/16 unit, then 1/4 unit."""
_MIN_SWEEP = 2.0
"""Shortfalls below this (units per 1000 UPM) are swept this far and clipped back to the line."""


# -- basic operations ----------------------------------------------------------------


def _copy(path: pathops.Path) -> pathops.Path:
    return pathops.Path(path)


def _transform(path: pathops.Path, xx: float, xy: float, yx: float, yy: float, dx: float = 0, dy: float = 0):
    """``path`` under the affine map (x, y) → (xx·x + yx·y + dx, xy·x + yy·y + dy)."""
    return path.transform(xx, xy, yx, yy, dx, dy)


def snap(path: pathops.Path, steps: float) -> pathops.Path:
    """``path`` with every point rounded to 1/``steps`` unit."""
    out = pathops.Path()
    work = _copy(path)
    work.convertConicsToQuads(_CONIC_TOLERANCE)
    work.draw(_ImpliedOnCurve(_SnapPen(out.getPen(), steps)))
    return out


def _retry(operation, *paths: pathops.Path) -> pathops.Path:
    """``operation(*paths)``; when Skia refuses, again with the paths snapped to each of :data:`_SNAPS`."""
    try:
        return operation(*paths)
    except pathops.PathOpsError as refused:
        for steps in _SNAPS:
            try:
                snapped = [snap(p, steps) for p in paths]
            except (ValueError, OverflowError):  # not a number (NaN, infinity): no grid helps
                raise refused from None
            try:
                return operation(*snapped)
            except pathops.PathOpsError:
                continue
        raise


def _simplify(path: pathops.Path) -> pathops.Path:
    return _retry(lambda p: pathops.simplify(p, keep_starting_points=False), path)


def _op(a: pathops.Path, b: pathops.Path, operation) -> pathops.Path:
    return _retry(lambda x, y: pathops.op(x, y, operation, keep_starting_points=False), a, b)


def _union(*paths: pathops.Path) -> pathops.Path:
    """The union of ``paths``. Skia, resolving many overlapping contours at once, can drop a part of the
    result without refusing (TeX Gyre Adventor's ``Uogonek``: the right stem, against 24 ribbons of a
    sweep); a union that does not reach as far as its operands is done again one operand at a time,
    each resolved on its own first."""
    joined = pathops.Path()
    for path in paths:
        joined.addPath(path)
    united = _simplify(joined)
    if _covers(united, joined.bounds):
        return united
    resolved = [_simplify(path) for path in paths if len(path)]
    united = resolved[0] if resolved else pathops.Path()
    for path in resolved[1:]:
        united = _op(united, path, pathops.PathOp.UNION)
    return united


_REACH_TOLERANCE = 0.5
"""Font units: how far short of its operands' bounds a union may end (curves fitted anew) and still count as whole."""


def _covers(path: pathops.Path, bounds: tuple[float, float, float, float]) -> bool:
    """Whether ``path`` reaches ``bounds`` on all four sides (an empty ``bounds``, of nothing drawn: yes)."""
    x0, y0, x1, y1 = bounds
    if x1 <= x0 and y1 <= y0:
        return True
    if not len(path):
        return False
    a0, b0, a1, b1 = path.bounds
    t = _REACH_TOLERANCE
    return a0 <= x0 + t and b0 <= y0 + t and a1 >= x1 - t and b1 >= y1 - t


def _cubic(path: pathops.Path) -> pathops.Path:
    """``path`` with Skia's conics and quadratics refitted as few cubics (lines stay lines)."""
    work = _copy(path)
    work.convertConicsToQuads(_CONIC_TOLERANCE)
    out = pathops.Path()
    work.draw(_ImpliedOnCurve(Qu2CuPen(out.getPen(), _CUBIC_ERROR, all_cubic=True)))
    return out



def _cubic_controls(p0, q, p1) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two cubic control points that draw the quadratic ``p0, q, p1`` exactly."""
    return (
        (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1])),
        (p1[0] + 2 / 3 * (q[0] - p1[0]), p1[1] + 2 / 3 * (q[1] - p1[1])),
    )


class _ImpliedOnCurve(FilterPen):
    """Spells out the implied on-curve point of an all-off-curve quadratic contour (``qCurveTo(…, None)``),
    which :class:`~fontTools.pens.qu2cuPen.Qu2CuPen` refuses: the contour starts at the midpoint of its
    last and first off-curve points."""

    def qCurveTo(self, *points):
        if points[-1] is not None:
            self._outPen.qCurveTo(*points)
            return
        offcurves = points[:-1]
        (x0, y0), (x1, y1) = offcurves[-1], offcurves[0]
        start = ((x0 + x1) / 2, (y0 + y1) / 2)
        self._outPen.moveTo(start)
        self._outPen.qCurveTo(*offcurves, start)


class _SnapPen(FilterPen):
    """Rounds every point to 1/``steps`` unit."""

    def __init__(self, out_pen, steps: float):
        super().__init__(out_pen)
        self.steps = steps

    def _r(self, pt):
        return None if pt is None else (round(pt[0] * self.steps) / self.steps, round(pt[1] * self.steps) / self.steps)

    def moveTo(self, pt):
        self._outPen.moveTo(self._r(pt))

    def lineTo(self, pt):
        self._outPen.lineTo(self._r(pt))

    def curveTo(self, *points):
        self._outPen.curveTo(*(self._r(p) for p in points))

    def qCurveTo(self, *points):
        self._outPen.qCurveTo(*(self._r(p) for p in points))


def _stroke(path: pathops.Path, radius: float, join: Corner = "round") -> pathops.Path:
    """The band of points within ``radius`` of the outline (for mitred joins, its mitred version)."""
    band = _copy(path)
    band.stroke(2 * radius, pathops.LineCap.BUTT_CAP, _JOINS[join], MITER_LIMIT)
    band.convertConicsToQuads(_CONIC_TOLERANCE)
    return band


def dilate(path: pathops.Path, radius: float, join: Corner = "round") -> pathops.Path:
    """``path`` grown by ``radius`` in every direction."""
    if radius <= 0 or path.area == 0:
        return _copy(path)
    return _cubic(_op(path, _stroke(path, radius, join), pathops.PathOp.UNION))


def shrink(path: pathops.Path, radius: float) -> pathops.Path:
    """``path`` shrunk by ``radius`` in every direction (the inverse of :func:`dilate` for round shapes)."""
    if radius <= 0 or path.area == 0:
        return _copy(path)
    return _cubic(_op(path, _stroke(path, radius), pathops.PathOp.DIFFERENCE))


# -- the steps -----------------------------------------------------------------------


def grow(path: pathops.Path, rx: float, ry: float, corner: Corner = "round") -> pathops.Path:
    """``path`` offset by ``rx`` horizontally and ``ry`` vertically (see the module notes)."""
    if rx < 0 or ry < 0:
        raise ValueError(f"offsets must be ≥ 0, not {rx!r}, {ry!r}")
    filled = fill_holes(path)
    r = max(rx, ry)
    if r == 0:
        return filled
    if ry == 0:  # the ellipse is the segment [−rx, rx] × {0}: sweep along it
        return sweep(_transform(filled, 1, 0, 0, 1, -rx, 0), 2 * rx)
    if rx == 0:  # a vertical segment: sweep in a quarter-turned space (rotations keep the contours' direction)
        turned = sweep(_transform(filled, 0, 1, -1, 0, -ry, 0), 2 * ry)
        return _transform(turned, 0, -1, 1, 0)
    kx, ky = r / rx, r / ry
    round_pen = _transform(filled, kx, 0, 0, ky) if (kx, ky) != (1.0, 1.0) else filled
    grown = dilate(round_pen, r, corner)
    if (kx, ky) != (1.0, 1.0):
        grown = _transform(grown, 1 / kx, 0, 0, 1 / ky)
    return grown


def fill_holes(path: pathops.Path) -> pathops.Path:
    """The union of ``path`` with its counters: outer contours only, all counter-clockwise."""
    resolved = _simplify(path)
    contours = list(resolved.contours)
    if not any(contour.clockwise for contour in contours):
        return resolved  # no counters: nothing to fill
    filled = pathops.Path()
    for contour in contours:
        if contour.clockwise:
            continue  # a counter: it lies inside an outer contour, which covers it once filled
        filled.addPath(contour)
    return _simplify(filled)


def round_corners(path: pathops.Path, radius: float) -> pathops.Path:
    """Concave and convex corners of ``path`` rounded to ``radius`` (a closing, then an opening)."""
    if radius <= 0 or path.area == 0:
        return _copy(path)
    closed = shrink(dilate(path, radius), radius)
    return fill_holes(dilate(shrink(closed, radius), radius))


class _Pieces(BasePen):
    """Boundary pieces of a path as lines (2 points) and cubics (4 points)."""

    def __init__(self):
        super().__init__(None)
        self.pieces: list[tuple[tuple[float, float], ...]] = []
        self._start = None

    def _moveTo(self, pt):
        self._start = pt

    def _lineTo(self, pt):
        self.pieces.append((self._getCurrentPoint(), pt))

    def _curveToOne(self, pt1, pt2, pt3):
        self.pieces.append((self._getCurrentPoint(), pt1, pt2, pt3))

    def _qCurveToOne(self, pt1, pt2):
        p0 = self._getCurrentPoint()
        self.pieces.append((p0, *_cubic_controls(p0, pt1, pt2), pt2))

    def _closePath(self):
        current = self._getCurrentPoint()
        if self._start is not None and current != self._start:
            self.pieces.append((current, self._start))

    _endPath = _closePath


def _y_monotone(piece) -> Iterable[tuple[tuple[float, float], ...]]:
    """``piece`` cut where its y turns, so each part rises or falls throughout."""
    if len(piece) == 2:
        yield piece
        return
    (_, y0), (_, y1), (_, y2), (_, y3) = piece
    # dy/dt = 3(a t² + b t + c)
    a, b, c = -y0 + 3 * y1 - 3 * y2 + y3, 2 * (y0 - 2 * y1 + y2), y1 - y0
    ts = sorted(t for t in solveQuadratic(a, b, c) if 1e-9 < t < 1 - 1e-9)
    if not ts:
        yield piece
        return
    yield from splitCubicAtT(*piece, *ts)


def _ribbons(path: pathops.Path, dx: float) -> pathops.Path:
    """The region the boundary of ``path`` sweeps moving by (dx, 0), as counter-clockwise contours."""
    collect = _Pieces()
    work = _copy(path)
    work.convertConicsToQuads(_CONIC_TOLERANCE)
    work.draw(collect)
    out = pathops.Path()
    pen = out.getPen()
    for piece in collect.pieces:
        for part in _y_monotone(piece):
            a, b = part[0], part[-1]
            rise = b[1] - a[1]
            if abs(rise) < 1e-9:
                continue  # horizontal: sweeps no area
            shifted = [(x + dx, y) for x, y in part]
            if dx * rise < 0:
                # piece, then back along its shifted copy: counter-clockwise this way round
                pen.moveTo(a)
                _draw_piece(pen, part[1:])
                pen.lineTo(shifted[-1])
                _draw_piece(pen, shifted[-2::-1])
            else:
                pen.moveTo(a)
                pen.lineTo(shifted[0])
                _draw_piece(pen, shifted[1:])
                pen.lineTo(b)
                _draw_piece(pen, part[-2::-1])
            pen.closePath()
    return out


def _draw_piece(pen, rest) -> None:
    if len(rest) == 1:
        pen.lineTo(rest[0])
    else:
        pen.curveTo(*rest)


def sweep(path: pathops.Path, dx: float) -> pathops.Path:
    """The region ``path`` covers moving by (t·dx, 0) for t in [0, 1]: each left (dx < 0) or
    right (dx > 0) edge carried out by |dx|."""
    if dx == 0 or path.area == 0:
        return _copy(path)
    return _union(path, _ribbons(path, dx))


def _box(x0: float, x1: float, bounds: tuple[float, float, float, float]) -> pathops.Path:
    """A rectangle from x0 to x1, a little taller than ``bounds``."""
    _, y0, _, y1 = bounds
    margin = max(1.0, (y1 - y0) * 0.01)
    box = pathops.Path()
    pen = box.getPen()
    pen.moveTo((x0, y0 - margin))
    pen.lineTo((x1, y0 - margin))
    pen.lineTo((x1, y1 + margin))
    pen.lineTo((x0, y1 + margin))
    pen.closePath()
    return box


def _clip(path: pathops.Path, x0: float, x1: float) -> pathops.Path:
    return _op(path, _box(x0, x1, path.bounds), pathops.PathOp.INTERSECTION)


def squeeze(path: pathops.Path, width: float) -> pathops.Path:
    """``path`` with each side that crosses x = 0 or x = ``width`` scaled horizontally towards
    x = width/2 until its extreme lies on the line (the side keeps its shape, proportionally).

    The map is continuous — x ↦ c + k·(x − c) with one k left of the middle c, another right
    of it — and is applied segment by segment, each segment first cut where it crosses x = c,
    so the two halves meet exactly: no seam, no micro-steps.
    """
    x0, _, x1, _ = path.bounds
    centre = width / 2.0
    left = centre / (centre - x0) if x0 < 0 else 1.0
    right = (width - centre) / (x1 - centre) if x1 > width else 1.0
    if left == 1.0 and right == 1.0:
        return _copy(path)
    work = _copy(path)
    work.convertConicsToQuads(_CONIC_TOLERANCE)
    out = pathops.Path()
    work.draw(_ImpliedOnCurve(_SqueezePen(out.getPen(), centre, left, right)))
    return _simplify(out)


class _SqueezePen(BasePen):
    """Draws the outline under x ↦ c + k·(x − c), k = ``left`` where x < c and ``right`` where x > c."""

    def __init__(self, out_pen, centre: float, left: float, right: float):
        super().__init__(None)
        self.out = out_pen
        self.c = centre
        self.k = (left, right)
        self._start = None

    def _map(self, pt, side: int):
        return (self.c + self.k[side] * (pt[0] - self.c), pt[1])

    def _side(self, x: float) -> int:
        return 0 if x < self.c else 1

    def _moveTo(self, pt):
        self._start = pt
        self.out.moveTo(self._map(pt, self._side(pt[0])))

    def _lineTo(self, pt):
        p0 = self._getCurrentPoint()
        (xa, ya), (xb, yb) = p0, pt
        if (xa - self.c) * (xb - self.c) < 0:
            t = (self.c - xa) / (xb - xa)
            self.out.lineTo((self.c, ya + t * (yb - ya)))
        self.out.lineTo(self._map(pt, self._side(pt[0])))

    def _curveToOne(self, pt1, pt2, pt3):
        curve = (self._getCurrentPoint(), pt1, pt2, pt3)
        xs = [p[0] for p in curve]
        a = -xs[0] + 3 * xs[1] - 3 * xs[2] + xs[3]
        b = 3 * xs[0] - 6 * xs[1] + 3 * xs[2]
        c = -3 * xs[0] + 3 * xs[1]
        ts = sorted(t for t in solveCubic(a, b, c, xs[0] - self.c) if 1e-9 < t < 1 - 1e-9)
        pieces = splitCubicAtT(*curve, *ts) if ts else [curve]
        for i, piece in enumerate(pieces):
            mid = 0.125 * (piece[0][0] + 3 * piece[1][0] + 3 * piece[2][0] + piece[3][0])
            side = self._side(mid)
            points = [self._map(p, side) for p in piece[1:]]
            if i < len(pieces) - 1:
                points[-1] = (self.c, piece[3][1])  # the cut lies on x = c exactly, for both halves
            self.out.curveTo(*points)

    def _qCurveToOne(self, pt1, pt2):
        self._curveToOne(*_cubic_controls(self._getCurrentPoint(), pt1, pt2), pt2)

    def _closePath(self):
        current = self._getCurrentPoint()
        if self._start is not None and current != self._start:
            self._lineTo(self._start)  # the closing line may cross the middle too
        self.out.closePath()

    def _endPath(self):
        self.out.endPath()


def adhere(path: pathops.Path, width: float, slant: float = 0.0, mode: Adhere = "trim",
           origin: float = 0.0) -> pathops.Path:
    """``path`` fitted to the sidebearing lines x = origin + y·slant and x = origin + width + y·slant.

    ``slant`` is the lines' dx/dy (tan of the italic angle, positive leaning right), ``origin``
    where they cross the baseline (:func:`~bubblekern.italic.italic_offset`). See the module
    notes for ``"trim"`` and ``"nudge"``; ``"off"`` returns ``path`` as it is. The result is
    empty when the bubble lies wholly outside the advance and ``mode`` is "trim".
    """
    if mode == "off" or path.area == 0:
        return _copy(path)
    if mode not in ("trim", "nudge"):
        raise ValueError(f"adhere must be 'trim', 'nudge' or 'off', not {mode!r}")
    if width <= 0:
        raise ValueError(f"sidebearings need an advance width > 0, not {width!r}")
    work = _transform(path, 1, 0, -slant, 1, -origin) if slant or origin else _copy(path)
    if mode == "nudge":
        work = squeeze(work, width)
    if work.area:
        work = _clip(work, 0, width)
    if work.area == 0:
        return pathops.Path()
    x0, _, x1, _ = work.bounds
    short_left, short_right = x0, width - x1
    if short_left > 0:
        work = sweep(work, -max(short_left, _MIN_SWEEP))
    if short_right > 0:
        work = sweep(work, max(short_right, _MIN_SWEEP))
    if 0 < short_left < _MIN_SWEEP or 0 < short_right < _MIN_SWEEP:  # swept past the line: clip back to it
        work = _clip(work, 0, width)
    return _transform(work, 1, 0, slant, 1, origin) if slant or origin else work


def bubble_path(
    ink: pathops.Path,
    *,
    upm: float,
    width: float,
    offset_x: float,
    offset_y: float,
    corner: Corner = "round",
    corner_radius: float = 0.0,
    adhere_mode: Adhere = "trim",
    slant: float = 0.0,
    origin: float = 0.0,
) -> pathops.Path:
    """The bubble of ``ink`` (font units), with lengths given per 1000 units per em.

    ``width`` is the glyph's advance in font units; ``slant`` the sidebearing lines' dx/dy and
    ``origin`` where they cross the baseline, in font units.
    """
    scale = 1000.0 / upm
    work = _transform(ink, scale, 0, 0, scale) if scale != 1 else _copy(ink)
    work = grow(work, offset_x, offset_y, corner)
    if corner_radius > 0:
        work = round_corners(work, corner_radius)
    work = adhere(work, width * scale, slant, adhere_mode, origin * scale)
    work = fill_holes(work)
    return _transform(work, 1 / scale, 0, 0, 1 / scale) if scale != 1 else work


# -- output --------------------------------------------------------------------------


class _CleanPen(BasePen):
    """Rounds to a grid, drops repeated points, collinear points and contours without area."""

    def __init__(self, out_pen, grid: float = 1.0, min_area: float = 1.0):
        super().__init__(None)
        self.out = out_pen
        self.grid = grid
        self.min_area = min_area
        self.contours = 0
        self._contour: list[tuple[str, tuple]] = []

    def _r(self, pt):
        g = self.grid
        if g <= 0:
            return (float(pt[0]), float(pt[1]))
        if g == 1:
            return (otRound(pt[0]), otRound(pt[1]))
        return (otRound(pt[0] / g) * g, otRound(pt[1] / g) * g)

    def _moveTo(self, pt):
        self._contour = [("move", (self._r(pt),))]

    def _lineTo(self, pt):
        self._contour.append(("line", (self._r(pt),)))

    def _curveToOne(self, pt1, pt2, pt3):
        for _, c1, c2, end in _at_extremes((self._getCurrentPoint(), pt1, pt2, pt3)):
            self._contour.append(("curve", (self._r(c1), self._r(c2), self._r(end))))

    def _qCurveToOne(self, pt1, pt2):
        self._curveToOne(*_cubic_controls(self._getCurrentPoint(), pt1, pt2), pt2)

    def _closePath(self):
        self._flush()

    _endPath = _closePath

    def _flush(self):
        contour, self._contour = self._contour, []
        if not contour:
            return
        start = contour[0][1][0]
        segments = []  # (kind, points ending at the on-curve point)
        for kind, points in contour[1:]:
            if kind == "curve" and _is_straight(segments[-1][1][-1] if segments else start, points):
                kind, points = "line", points[-1:]
            segments.append((kind, points))
        if not segments or segments[-1][1][-1] != start:
            segments.append(("line", (start,)))
        segments = _drop_repeats(segments)
        segments = _drop_collinear(segments)
        if len(segments) < 2 or abs(_area(segments)) < self.min_area:
            return
        first = segments[-1][1][-1]
        self.out.moveTo(first)
        if segments[-1][0] == "line":
            segments = segments[:-1]  # closePath draws it
        for kind, points in segments:
            if kind == "line":
                self.out.lineTo(points[0])
            else:
                self.out.curveTo(*points)
        self.out.closePath()
        self.contours += 1


def _at_extremes(curve):
    """``curve`` cut at its horizontal and vertical extremes, which then sit on on-curve points
    (so rounding to the grid cannot pull an extreme off a sidebearing line)."""
    ts = set()
    for axis in (0, 1):
        v0, v1, v2, v3 = (p[axis] for p in curve)
        a, b, c = -v0 + 3 * v1 - 3 * v2 + v3, 2 * (v0 - 2 * v1 + v2), v1 - v0
        ts.update(t for t in solveQuadratic(a, b, c) if 0.02 < t < 0.98)
    if not ts:
        return [curve]
    return splitCubicAtT(*curve, *sorted(ts))


def _is_straight(p0, points) -> bool:
    """A cubic whose handles lie on its chord, between its ends, is a line."""
    p3 = points[-1]
    dx, dy = p3[0] - p0[0], p3[1] - p0[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return all(p == p0 for p in points)
    for x, y in points[:2]:
        cross = (x - p0[0]) * dy - (y - p0[1]) * dx
        dot = (x - p0[0]) * dx + (y - p0[1]) * dy
        if cross * cross > 0.01 * length2 or dot < 0 or dot > length2:
            return False
    return True


def _drop_repeats(segments):
    out = []
    previous = segments[-1][1][-1]
    for kind, points in segments:
        if kind == "line" and points[0] == previous:
            continue
        if kind == "curve" and all(p == previous for p in points):
            continue
        out.append((kind, points))
        previous = points[-1]
    return out


def _drop_collinear(segments):
    """Merge consecutive lines that run on in the same direction."""
    changed = True
    while changed and len(segments) > 2:
        changed = False
        n = len(segments)
        for i in range(n):
            kind, points = segments[i]
            next_kind, next_points = segments[(i + 1) % n]
            if kind != "line" or next_kind != "line":
                continue
            a = segments[i - 1][1][-1]
            b, c = points[0], next_points[0]
            cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
            dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
            length = math.hypot(c[0] - a[0], c[1] - a[1])
            if dot > 0 and length > 0 and abs(cross) / length < 0.05:
                del segments[i]
                changed = True
                break
    return segments


def _area(segments) -> float:
    """Signed area of the control polygon (enough to tell slivers from shapes)."""
    points = [p for _, pts in segments for p in pts]
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def draw_clean(path: pathops.Path, pen, grid: float = 1.0, min_area: float = 1.0) -> int:
    """Draw ``path`` onto a segment ``pen`` as closed contours of lines and cubics, with
    coordinates rounded to ``grid`` (0: not rounded) and no repeated or collinear points.

    Contours smaller than ``min_area`` square units are dropped. Returns the number of contours drawn.
    """
    work = _copy(path)
    work.convertConicsToQuads(_CONIC_TOLERANCE)
    clean = _CleanPen(pen, grid, min_area)
    work.draw(clean)
    return clean.contours
