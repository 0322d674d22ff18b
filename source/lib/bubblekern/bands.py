"""Slice a bubble into horizontal bands and find its exact extent in each.

Band ``k`` covers ``k·h ≤ y ≤ (k+1)·h``, so one band edge sits at y = 0. Its extent is the
leftmost and rightmost x of the bubble region inside that height range: the region's
boundary pieces within the band decide it, curves included. Each segment is cut where
it crosses a band edge and where its x turns (its x extrema), so every piece is
monotonic in x and lies inside one band, and its ends give its x range exactly.
A piece lying along a band edge (a flat bottom at y = 0) has no height and claims
neither neighbouring band.

Italic fonts are banded along their slant: the bubble is first sheared upright
(``x' = x + y·slant``, with ``slant = tan(italicAngle)``), which leaves every horizontal
gap unchanged but makes slanted straight sides vertical, so they meet band for band
instead of overlapping by the slant within each band. Extents are then in that
upright space; :meth:`BandProfile.quad` gives a band's outline in glyph coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from fontTools.misc.bezierTools import solveCubic, solveQuadratic

from .geometry import Bubble, Point, Segment

__all__ = ["BandProfile", "band_profile"]

_EPS = 1e-9


@dataclass(frozen=True, eq=False)
class BandProfile:
    """Extents of a bubble per band: ``left[i]``/``right[i]`` belong to band ``start + i``.

    Bands the bubble does not reach hold NaN. ``left`` and ``right`` are tuples of floats
    (any iterable of numbers is accepted), so profiles need no numpy.
    """

    height: float
    start: int
    left: tuple[float, ...]
    right: tuple[float, ...]
    slant: float = 0.0
    """tan(italicAngle) the bubble was sheared upright by (0 for upright bands)."""

    def __post_init__(self):
        object.__setattr__(self, "left", _floats(self.left))
        object.__setattr__(self, "right", _floats(self.right))
        if len(self.left) != len(self.right):
            raise ValueError(f"left and right extents differ in length: {len(self.left)} and {len(self.right)}")

    def __len__(self) -> int:
        return len(self.left)

    @property
    def stop(self) -> int:
        """One past the last band index."""
        return self.start + len(self.left)

    @property
    def empty(self) -> bool:
        return not any(map(math.isfinite, self.left))

    def extent(self, band: int) -> tuple[float, float] | None:
        """(left, right) of band index ``band``, or None when the bubble misses it."""
        i = band - self.start
        if 0 <= i < len(self.left) and math.isfinite(self.left[i]):
            return self.left[i], self.right[i]
        return None

    def within(self, low: float, high: float, ink: BandProfile | None = None) -> BandProfile:
        """This profile with every band's extent kept between ``low`` and ``high`` (x in the
        profile's upright space), or out to ``ink``'s extent in the bands where that reaches
        further (a profile of the same height and slant); a band lying wholly beyond keeps a
        point on the bound."""
        left, right = list(self.left), list(self.right)
        for i, (lo, hi) in enumerate(zip(left, right)):
            if not math.isfinite(lo):
                continue
            first, last = low, high
            reach = ink.extent(self.start + i) if ink is not None else None
            if reach is not None:
                first, last = min(first, reach[0]), max(last, reach[1])
            left[i], right[i] = min(max(lo, first), last), min(max(hi, first), last)
        return BandProfile(self.height, self.start, tuple(left), tuple(right), self.slant)

    def band_range(self, band: int) -> tuple[float, float]:
        """(bottom, top) of band index ``band`` in font units."""
        return band * self.height, (band + 1) * self.height

    def quad(self, band: int) -> tuple[Point, Point, Point, Point] | None:
        """Outline of band ``band``'s extent in glyph coordinates (a parallelogram when slanted):
        bottom left, bottom right, top right, top left; None when the bubble misses it."""
        extent = self.extent(band)
        if extent is None:
            return None
        (left, right), (bottom, top) = extent, self.band_range(band)
        s = self.slant
        return (left - bottom * s, bottom), (right - bottom * s, bottom), (right - top * s, top), (left - top * s, top)

    def bands(self) -> Iterator[tuple[int, float, float]]:
        """(band index, left, right) of every band the bubble reaches, bottom up."""
        for i, (left, right) in enumerate(zip(self.left, self.right)):
            if math.isfinite(left):
                yield self.start + i, left, right

    def __eq__(self, other) -> bool:
        if not isinstance(other, BandProfile):
            return NotImplemented
        return (
            self.height == other.height
            and self.slant == other.slant
            and self.start == other.start
            and _same(self.left, other.left)
            and _same(self.right, other.right)
        )

    def __repr__(self) -> str:
        return f"<BandProfile height={self.height:g} bands={self.start}..{self.stop - 1} ({len(self)})>"


def band_profile(bubble: Bubble, height: float, slant: float = 0.0) -> BandProfile:
    """The band profile of ``bubble`` for bands ``height`` units tall, banded along ``slant``."""
    if not height > 0:
        raise ValueError(f"band height must be positive, not {height!r}")
    if slant:
        bubble = bubble.transform((1, 0, slant, 1, 0, 0))
    extents: dict[int, list[float]] = {}
    for segment in bubble.segments:
        pieces = _line_pieces(segment, height) if len(segment) == 2 else _cubic_pieces(segment, height)
        for band, x0, x1 in pieces:
            lo, hi = (x0, x1) if x0 <= x1 else (x1, x0)
            known = extents.get(band)
            if known is None:
                extents[band] = [lo, hi]
            else:
                if lo < known[0]:
                    known[0] = lo
                if hi > known[1]:
                    known[1] = hi
    if not extents:
        return BandProfile(height, 0, (), (), slant)
    start, stop = min(extents), max(extents) + 1
    left = [math.nan] * (stop - start)
    right = [math.nan] * (stop - start)
    for band, (lo, hi) in extents.items():
        left[band - start] = lo
        right[band - start] = hi
    return BandProfile(height, start, tuple(left), tuple(right), slant)


def _floats(values: Iterable[float]) -> tuple[float, ...]:
    return values if type(values) is tuple else tuple(map(float, values))


def _same(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Equal element by element, NaN equal to NaN."""
    return len(a) == len(b) and all(x == y or (x != x and y != y) for x, y in zip(a, b))


def _line_pieces(segment: Segment, h: float) -> Iterator[tuple[int, float, float]]:
    (x0, y0), (x1, y1) = segment
    if y0 == y1:
        band = math.floor(y0 / h)
        if abs(y0 - band * h) > _EPS * max(1.0, abs(y0)):
            yield band, x0, x1
        return
    if y0 > y1:
        x0, y0, x1, y1 = x1, y1, x0, y0
    slope = (x1 - x0) / (y1 - y0)
    for band in range(math.floor(y0 / h), math.ceil(y1 / h)):
        lo = max(y0, band * h)
        hi = min(y1, (band + 1) * h)
        if hi > lo:  # a segment's own end points stay exact (no rounding through the slope)
            yield band, x0 if lo == y0 else x0 + (lo - y0) * slope, x1 if hi == y1 else x0 + (hi - y0) * slope


def _cubic_pieces(segment: Segment, h: float) -> Iterator[tuple[int, float, float]]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = segment
    # power-basis coefficients: p(t) = a t³ + b t² + c t + d
    ax, bx, cx = -x0 + 3 * x1 - 3 * x2 + x3, 3 * x0 - 6 * x1 + 3 * x2, -3 * x0 + 3 * x1
    ay, by, cy = -y0 + 3 * y1 - 3 * y2 + y3, 3 * y0 - 6 * y1 + 3 * y2, -3 * y0 + 3 * y1
    ts = {0.0, 1.0}
    ts.update(solveQuadratic(3 * ax, 2 * bx, cx))  # x extrema
    low, high = min(y0, y1, y2, y3), max(y0, y1, y2, y3)
    for band in range(math.ceil(low / h), math.floor(high / h) + 1):
        ts.update(solveCubic(ay, by, cy, y0 - band * h))  # band edge crossings
    cuts = sorted(t for t in ts if 0.0 <= t <= 1.0)
    xs = [((ax * t + bx) * t + cx) * t + x0 for t in cuts]
    ys = [((ay * t + by) * t + cy) * t + y0 for t in cuts]
    scale = _EPS * max(1.0, abs(low), abs(high))
    for i in range(len(cuts) - 1):
        if cuts[i + 1] - cuts[i] <= 0:
            continue
        mid = (cuts[i] + cuts[i + 1]) / 2
        y = ((ay * mid + by) * mid + cy) * mid + y0
        band = math.floor(y / h)
        edge = band * h
        on_edge = (
            abs(y - edge) <= scale
            and abs(ys[i] - edge) <= scale
            and abs(ys[i + 1] - edge) <= scale
        )
        if not on_edge:
            yield band, xs[i], xs[i + 1]
