"""Bubble outlines as plain data: closed contours of line and cubic segments.

Quadratic curves are raised to cubics exactly when a bubble is collected, so every
later stage sees two kinds of segment only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fontTools.misc.transform import Transform
from fontTools.pens.basePen import BasePen

__all__ = ["Point", "Segment", "Contour", "Bubble", "SegmentPen", "EMPTY"]

Point = tuple[float, float]
Segment = tuple[Point, ...]
"""Two points (a line) or four points (a cubic curve)."""


@dataclass(frozen=True)
class Contour:
    """A closed contour: segments joined end to start, the last ending where the first begins."""

    segments: tuple[Segment, ...]

    @property
    def start(self) -> Point:
        return self.segments[0][0]

    def points(self) -> Iterable[Point]:
        """Every on- and off-curve point."""
        for segment in self.segments:
            yield from segment

    def transform(self, transformation: Transform) -> Contour:
        apply = transformation.transformPoint
        return Contour(tuple(tuple(apply(p) for p in seg) for seg in self.segments))

    def draw(self, pen) -> None:
        """Draw onto a segment pen as one closed path."""
        pen.moveTo(self.start)
        for segment in self.segments:
            if len(segment) == 2:
                pen.lineTo(segment[1])
            else:
                pen.curveTo(*segment[1:])
        pen.closePath()


@dataclass(frozen=True)
class Bubble:
    """A glyph's effective bubble: the union of its closed contours (direction does not matter)."""

    contours: tuple[Contour, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.contours)

    def __add__(self, other: Bubble) -> Bubble:
        return Bubble(self.contours + other.contours)

    def transform(self, transformation: Sequence[float] | Transform) -> Bubble:
        """The bubble under an affine transformation (a component's six numbers)."""
        t = transformation if isinstance(transformation, Transform) else Transform(*transformation)
        if t == Transform():
            return self
        return Bubble(tuple(c.transform(t) for c in self.contours))

    def draw(self, pen) -> None:
        """Draw every contour onto a segment pen (any fontTools pen)."""
        for contour in self.contours:
            contour.draw(pen)

    @property
    def segments(self) -> Iterable[Segment]:
        for contour in self.contours:
            yield from contour.segments

    @property
    def bounds(self) -> tuple[float, float, float, float] | None:
        """Bounds of the control points (xMin, yMin, xMax, yMax), or None when empty."""
        xs, ys = [], []
        for contour in self.contours:
            for x, y in contour.points():
                xs.append(x)
                ys.append(y)
        if not xs:
            return None
        return min(xs), min(ys), max(xs), max(ys)


EMPTY = Bubble()


class SegmentPen(BasePen):
    """A pen that records closed contours of lines and cubics.

    Open contours are closed with a straight line (and noted in ``opened``); contours
    with no segment (a lone point) and contours without area are dropped (noted in
    ``dropped``).
    """

    def __init__(self, glyphSet=None):
        super().__init__(glyphSet)
        self.contours: list[Contour] = []
        self.opened = 0
        self.dropped = 0
        self._start: Point | None = None
        self._segments: list[Segment] = []

    def _moveTo(self, pt):
        self._start = (float(pt[0]), float(pt[1]))
        self._segments = []

    def _lineTo(self, pt):
        p0 = self._getCurrentPoint()
        self._segments.append(((float(p0[0]), float(p0[1])), (float(pt[0]), float(pt[1]))))

    def _curveToOne(self, pt1, pt2, pt3):
        p0 = self._getCurrentPoint()
        self._segments.append(tuple((float(x), float(y)) for x, y in (p0, pt1, pt2, pt3)))

    def _closePath(self):
        self._finish()

    def _endPath(self):
        if self._segments:
            self.opened += 1
        self._finish()

    def _finish(self):
        segments, start = self._segments, self._start
        self._segments, self._start = [], None
        if not segments or start is None:
            self.dropped += 1
            return
        end = segments[-1][-1]
        if end != start:
            segments.append((end, start))
        contour = Contour(tuple(segments))
        if _is_flat(contour):
            self.dropped += 1
            return
        self.contours.append(contour)


def _is_flat(contour: Contour) -> bool:
    """True when every point of the contour lies on one straight line (no area)."""
    points = list(contour.points())
    x0, y0 = points[0]
    far = max(points, key=lambda p: (p[0] - x0) ** 2 + (p[1] - y0) ** 2)
    dx, dy = far[0] - x0, far[1] - y0
    length = math.hypot(dx, dy)
    if length == 0:
        return True
    return all(abs((x - x0) * dy - (y - y0) * dx) / length < 1e-9 for x, y in points)
