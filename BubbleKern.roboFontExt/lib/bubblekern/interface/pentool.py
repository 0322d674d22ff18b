"""The bubble tool's editing model, as plain data.

A bubble being drawn is a list of contours; each contour is a list of nodes (an on-curve
point with optional incoming and outgoing handles) and a closed flag. The tool maps mouse
events onto the functions here and writes :func:`to_point_pen`'s output into the glyph's
bubble layer inside one ``prepareUndo``/``performUndo`` step.

- click: :func:`click` adds a node to the open contour (or starts one); clicking its first
  node closes it; clicking an existing node or handle selects it for dragging;
- drag right after adding a node: :func:`drag_new` pulls out symmetric curve handles;
- drag a selected node or handle: :func:`move`;
- :func:`delete` removes the selected node, :func:`close` closes the open contour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

__all__ = [
    "Node",
    "ToolContour",
    "EditState",
    "Hit",
    "hit_test",
    "click",
    "drag_new",
    "move",
    "delete",
    "close",
    "finish",
    "to_point_pen",
    "from_point_records",
    "from_glyph",
    "TOLERANCE",
    "font_tolerance",
    "Marks",
    "marks",
]

Point = tuple[float, float]
Part = Literal["node", "in", "out"]

TOLERANCE = 8.0
"""Hit distance in screen pixels; :func:`font_tolerance` turns it into font units at the view's zoom."""


def font_tolerance(pixels: float, inverse_scale: float) -> float:
    """``pixels`` on screen in font units, where one pixel is ``inverse_scale`` font units
    (the glyph view's ``inverseScale()``: 1 at 100 % zoom, 0.25 at 400 %). A bad scale
    falls back to 1 so that clicking keeps working."""
    try:
        scale = float(inverse_scale)
    except (TypeError, ValueError):
        scale = 1.0
    if not math.isfinite(scale) or scale <= 0:
        scale = 1.0
    return pixels * scale


@dataclass(frozen=True)
class Node:
    """An on-curve point with optional curve handles (absolute positions)."""

    x: float
    y: float
    handle_in: Point | None = None
    handle_out: Point | None = None

    @property
    def point(self) -> Point:
        return (self.x, self.y)

    def moved(self, dx: float, dy: float) -> Node:
        shift = _shift(dx, dy)
        return Node(self.x + dx, self.y + dy, shift(self.handle_in), shift(self.handle_out))


def _shift(dx: float, dy: float):
    def apply(p: Point | None) -> Point | None:
        return None if p is None else (p[0] + dx, p[1] + dy)

    return apply


@dataclass(frozen=True)
class ToolContour:
    nodes: tuple[Node, ...] = ()
    closed: bool = False

    @property
    def can_close(self) -> bool:
        """Closing makes sense with three nodes, or two joined by a curve."""
        if len(self.nodes) >= 3:
            return True
        return len(self.nodes) == 2 and any(n.handle_in or n.handle_out for n in self.nodes)


@dataclass(frozen=True)
class Hit:
    contour: int
    node: int
    part: Part = "node"


@dataclass(frozen=True)
class EditState:
    """Every contour of the bubble being edited, which one is open for drawing, what is selected."""

    contours: tuple[ToolContour, ...] = ()
    active: int | None = None
    """Index of the open contour new clicks extend, or None."""
    selected: Hit | None = None

    def with_contour(self, index: int, contour: ToolContour | None) -> EditState:
        contours = list(self.contours)
        if contour is None:
            del contours[index]
        else:
            contours[index] = contour
        return replace(self, contours=tuple(contours))


def _distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def hit_test(state: EditState, point: Point, tolerance: float = TOLERANCE) -> Hit | None:
    """The node or handle nearest ``point`` within ``tolerance`` (handles win ties), or None."""
    best: tuple[float, int, Hit] | None = None
    for ci, contour in enumerate(state.contours):
        for ni, node in enumerate(contour.nodes):
            for part, where, rank in (("in", node.handle_in, 0), ("out", node.handle_out, 0), ("node", node.point, 1)):
                if where is None:
                    continue
                d = _distance(where, point)
                if d <= tolerance and (best is None or (d, rank) < best[:2]):
                    best = (d, rank, Hit(ci, ni, part))  # type: ignore[arg-type]
    return best[2] if best else None


def click(state: EditState, point: Point, tolerance: float = TOLERANCE) -> EditState:
    """A click: close the open contour on its first node, select a hit, or add a node."""
    active = state.contours[state.active] if state.active is not None else None
    if active is not None and active.nodes and _distance(active.nodes[0].point, point) <= tolerance:
        if active.can_close:
            return close(state)
    hit = hit_test(state, point, tolerance)
    if hit is not None:
        return replace(state, selected=hit)
    node = Node(float(point[0]), float(point[1]))
    if active is None:
        contours = state.contours + (ToolContour((node,)),)
        index = len(contours) - 1
        return EditState(contours, index, Hit(index, 0))
    contour = replace(active, nodes=active.nodes + (node,))
    new = state.with_contour(state.active, contour)
    return replace(new, selected=Hit(state.active, len(contour.nodes) - 1))


def drag_new(state: EditState, point: Point) -> EditState:
    """Dragging from the node just added: its outgoing handle follows the mouse, the incoming one mirrors it."""
    hit = state.selected
    if hit is None or hit.contour != state.active:
        return state
    contour = state.contours[hit.contour]
    node = contour.nodes[hit.node]
    mirror = (2 * node.x - point[0], 2 * node.y - point[1])
    nodes = list(contour.nodes)
    nodes[hit.node] = Node(node.x, node.y, mirror, (float(point[0]), float(point[1])))
    return state.with_contour(hit.contour, replace(contour, nodes=tuple(nodes)))


def move(state: EditState, dx: float, dy: float) -> EditState:
    """Move the selected node (with its handles) or the selected handle by (dx, dy)."""
    hit = state.selected
    if hit is None:
        return state
    contour = state.contours[hit.contour]
    node = contour.nodes[hit.node]
    shift = _shift(dx, dy)
    if hit.part == "node":
        moved = node.moved(dx, dy)
    elif hit.part == "in":
        moved = replace(node, handle_in=shift(node.handle_in))
    else:
        moved = replace(node, handle_out=shift(node.handle_out))
    nodes = list(contour.nodes)
    nodes[hit.node] = moved
    return state.with_contour(hit.contour, replace(contour, nodes=tuple(nodes)))


def delete(state: EditState) -> EditState:
    """Delete the selected handle (the segment turns straight on that side) or node.

    A contour left with no node goes; a closed contour left with fewer than three
    nodes reopens.
    """
    hit = state.selected
    if hit is None:
        return state
    contour = state.contours[hit.contour]
    nodes = list(contour.nodes)
    if hit.part != "node":
        node = nodes[hit.node]
        nodes[hit.node] = replace(node, **{"handle_in" if hit.part == "in" else "handle_out": None})
        return replace(state.with_contour(hit.contour, replace(contour, nodes=tuple(nodes))), selected=None)
    del nodes[hit.node]
    if not nodes:
        new = state.with_contour(hit.contour, None)
        active = state.active
        if active == hit.contour:
            active = None
        elif active is not None and active > hit.contour:
            active -= 1
        return replace(new, active=active, selected=None)
    closed = contour.closed and len(nodes) >= 3
    new = state.with_contour(hit.contour, ToolContour(tuple(nodes), closed))
    return replace(new, selected=None)


def close(state: EditState) -> EditState:
    """Close the open contour (when it can close) and stop extending it."""
    if state.active is None:
        return state
    contour = state.contours[state.active]
    if not contour.can_close:
        return state
    new = state.with_contour(state.active, replace(contour, closed=True))
    return replace(new, active=None, selected=None)


def finish(state: EditState) -> EditState:
    """Stop drawing (Escape): close the open contour if it can close, drop it if it cannot."""
    if state.active is None:
        return state
    contour = state.contours[state.active]
    if contour.can_close:
        return close(state)
    return replace(state.with_contour(state.active, None), active=None, selected=None)


def _segment_points(a: Node, b: Node) -> list[tuple[Point, str | None]]:
    if a.handle_out is None and b.handle_in is None:
        return [(b.point, "line")]
    return [(a.handle_out or a.point, None), (b.handle_in or b.point, None), (b.point, "curve")]


def to_point_pen(state: EditState, pen, include_open: bool = False) -> None:
    """Draw every closed contour (and open ones with ``include_open``) onto a point pen."""
    for contour in state.contours:
        nodes = contour.nodes
        if not nodes or (not contour.closed and not include_open):
            continue
        pen.beginPath()
        if contour.closed:
            points: list[tuple[Point, str | None]] = []
            for i, node in enumerate(nodes):
                points.extend(_segment_points(nodes[i - 1], node))
            for pt, kind in points:
                pen.addPoint(pt, kind)
        else:
            pen.addPoint(nodes[0].point, "move")
            for a, b in zip(nodes, nodes[1:]):
                for pt, kind in _segment_points(a, b):
                    pen.addPoint(pt, kind)
        pen.endPath()


def from_point_records(records: Iterable[tuple]) -> EditState:
    """An edit state from recorded point-pen calls (``RecordingPointPen.value``).

    Quadratic off-curves are taken as handles; components are ignored.
    """
    contours: list[ToolContour] = []
    current: list[tuple[Point, str | None]] | None = None
    for method, args, kwargs in records:
        if method == "beginPath":
            current = []
        elif method == "addPoint" and current is not None:
            kind = args[1] if len(args) > 1 else kwargs.get("segmentType")
            current.append(((float(args[0][0]), float(args[0][1])), kind))
        elif method == "endPath" and current is not None:
            contour = _contour_from_points(current)
            if contour is not None:
                contours.append(contour)
            current = None
    return EditState(tuple(contours))


def _contour_from_points(points: list[tuple[Point, str | None]]) -> ToolContour | None:
    if not points:
        return None
    closed = points[0][1] != "move"
    on = [i for i, (_, kind) in enumerate(points) if kind is not None]
    if not on:
        return None
    if closed:  # start at an on-curve point; the off-curves before it lead into it
        start = on[0]
        points = points[start + 1 :] + points[: start + 1]
        points = [points[-1]] + points[:-1]
    nodes: list[Node] = []
    pending: list[Point] = []
    for pt, kind in points:
        if kind is None:
            pending.append(pt)
            continue
        handle_in = _handle(pending[-1], pt) if pending else None
        if pending and nodes:
            nodes[-1] = replace(nodes[-1], handle_out=_handle(pending[0], nodes[-1].point))
        nodes.append(Node(pt[0], pt[1], handle_in))
        pending = []
    if closed and pending and nodes:  # off-curves after the last on-curve lead into the first
        nodes[-1] = replace(nodes[-1], handle_out=_handle(pending[0], nodes[-1].point))
        nodes[0] = replace(nodes[0], handle_in=_handle(pending[-1], nodes[0].point))
    return ToolContour(tuple(nodes), closed)


def _handle(handle: Point, anchor: Point) -> Point | None:
    """A handle lying on its node is no handle (the segment end is the node itself)."""
    return None if handle == anchor else handle


def from_glyph(glyph) -> EditState:
    """The edit state of a glyph's contours (any fontParts glyph; components ignored)."""
    from fontTools.pens.recordingPen import RecordingPointPen

    pen = RecordingPointPen()
    glyph.drawPoints(pen)
    return from_point_records(pen.value)


@dataclass(frozen=True)
class Marks:
    """What the tool draws over the glyph while editing: its contours (open ones too), the
    on-curve nodes, the handles with their bars, the selected point and the start node
    of the open contour (click it to close)."""

    paths: tuple[tuple[tuple, ...], ...] = ()
    """Pen commands per contour (``("moveTo", pt)``, ``("lineTo", pt)``, ``("curveTo", a, b, c)``, ``("closePath",)`` / ``("endPath",)``)."""
    nodes: tuple[Point, ...] = ()
    handles: tuple[Point, ...] = ()
    bars: tuple[tuple[Point, Point], ...] = ()
    selected: Point | None = None
    start: Point | None = None


def _path(contour: ToolContour) -> tuple[tuple, ...]:
    nodes = contour.nodes
    commands: list[tuple] = [("moveTo", nodes[0].point)]
    pairs = list(zip(nodes, nodes[1:]))
    if contour.closed and len(nodes) > 1:
        pairs.append((nodes[-1], nodes[0]))
    for a, b in pairs:
        if a.handle_out is None and b.handle_in is None:
            commands.append(("lineTo", b.point))
        else:
            commands.append(("curveTo", a.handle_out or a.point, b.handle_in or b.point, b.point))
    commands.append(("closePath",) if contour.closed else ("endPath",))
    return tuple(commands)


def marks(state: EditState) -> Marks:
    """The :class:`Marks` of ``state``."""
    paths, nodes, handles, bars = [], [], [], []
    for contour in state.contours:
        if not contour.nodes:
            continue
        paths.append(_path(contour))
        for node in contour.nodes:
            nodes.append(node.point)
            for handle in (node.handle_in, node.handle_out):
                if handle is not None:
                    handles.append(handle)
                    bars.append((node.point, handle))
    selected = None
    hit = state.selected
    if hit is not None and hit.contour < len(state.contours) and hit.node < len(state.contours[hit.contour].nodes):
        node = state.contours[hit.contour].nodes[hit.node]
        selected = {"node": node.point, "in": node.handle_in, "out": node.handle_out}[hit.part]
    start = None
    if state.active is not None and state.active < len(state.contours) and state.contours[state.active].nodes:
        start = state.contours[state.active].nodes[0].point
    return Marks(tuple(paths), tuple(nodes), tuple(handles), tuple(bars), selected, start)
