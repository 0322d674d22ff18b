"""Import BubbleKern2 walls: two polylines per glyph become one closed bubble.

BubbleKern2 (the Glyphs plugin by Toshi Omagari, and its forks) keeps a glyph's bubble as two
*walls* in each master layer's userData, which glyphsLib copies into the UFO glyph's lib:

- ``BubbleKernNodesL`` / ``BubbleKernNodesR``: lists of ``(x, y)``. ``y`` is a height in font
  units; ``x`` is an offset from the left sidebearing line (x = 0) for the left wall and from the
  right one (x = advance) for the right wall: positive is to the right, so a left wall with
  x = 40 stands 40 units inside the advance and a right wall with x = −40 too. Nodes are joined
  by straight lines, bottom to top; a wall covers only the heights between its lowest and
  highest node.
- ``BubbleKernReferL`` / ``BubbleKernReferR``: a glyph name. The side borrows that glyph's
  wall of the same side (following its references in turn), with its offsets measured from
  *this* glyph's sidebearing line. A reference replaces the glyph's own nodes.
- ``BubbleKernMirrorL`` / ``BubbleKernMirrorR`` (a flag, BubbleKern2's fork): the side is the
  other side's wall flipped about the middle of the advance (its offsets negated).
- In an italic master the offsets are upright: the wall leans with the italic angle, pivoting at
  half the x-height (x + (y − xHeight/2)·tan(angle)).
- A glyph built of components only, with no reference and no nodes of its own on a side (or only
  the default straight line at the sidebearing, x = 0 at two nodes), takes that side from its
  components: here it gets no bubble of its own and inherits its components' bubbles.

Each glyph with two walls gets one closed contour in the bubble layer: the right wall from
bottom to top, then the left wall from top to bottom. Broken data — a reference to a glyph that
is not in the font, a reference cycle, nodes that are not numbers — is reported by glyph and
side, and the glyph is left without that wall; nothing aborts the import.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from .bubbles import _naked
from .sync import outline_of, record_outline

__all__ = ["IMPORT_KEY", "Wall", "WallError", "ImportReport", "resolve_wall", "import_walls", "has_walls"]

IMPORT_KEY = "com.bubblekern.bubblekern2"
"""Key in a bubble-layer glyph's lib saying where its walls came from."""

SIDES = ("L", "R")


class WallError(Exception):
    """One side of one glyph cannot be resolved (bad nodes, a missing reference, a cycle)."""


@dataclass(frozen=True)
class Wall:
    """A resolved wall: offsets from the side's sidebearing line, bottom to top, and where it came from."""

    nodes: tuple[tuple[float, float], ...]
    source: str
    """``nodes``, ``refer:NAME`` (through a chain, the first name), ``mirror`` or ``mirror+refer:NAME``."""

    @property
    def bottom(self) -> float:
        return self.nodes[0][1]

    @property
    def top(self) -> float:
        return self.nodes[-1][1]


def _key(concept: str, side: str) -> str:
    return f"BubbleKern{concept}{side}"


def has_walls(font) -> bool:
    """True when some glyph of ``font`` carries BubbleKern2 data (read through the defcon glyphs:
    a fontParts font lists every glyph to look one up)."""
    keys = {_key(c, s) for c in ("Nodes", "Refer") for s in SIDES}
    return any(not keys.isdisjoint(glyph.lib.keys()) for glyph in _naked(font.defaultLayer))


def _nodes(glyph, side: str) -> tuple[tuple[float, float], ...] | None:
    raw = glyph.lib.get(_key("Nodes", side))
    if raw is None or (hasattr(raw, "__len__") and len(raw) == 0):
        return None
    nodes = []
    try:
        for node in raw:
            x, y = (float(v) for v in node)
            if isinstance(node[0], bool) or not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError(node)
            nodes.append((x, y))
    except (TypeError, ValueError) as error:
        raise WallError(f"{_key('Nodes', side)} is not a list of (x, y) numbers: {error}") from None
    if len(nodes) < 2:
        raise WallError(f"{_key('Nodes', side)} has {len(nodes)} node; a wall needs two or more")
    return tuple(sorted(nodes, key=lambda n: n[1]))


def _blank(nodes) -> bool:
    """BubbleKern2's default wall: two nodes on the sidebearing line, what an untouched side holds."""
    return nodes is not None and len(nodes) <= 2 and all(round(x) == 0 for x, _ in nodes)


def _translation_composite(glyph) -> bool:
    """Components only, each merely moved: BubbleKern2 builds such a glyph's walls from its components'."""
    if len(glyph.contours) or not len(glyph.components):
        return False
    return all(tuple(c.transformation)[:4] == (1, 0, 0, 1) for c in glyph.components)


def _flag(glyph, concept: str, side: str) -> bool:
    return bool(glyph.lib.get(_key(concept, side)))


def resolve_wall(font, name: str, side: str, _seen: tuple[tuple[str, str], ...] = ()) -> Wall | None:
    """The wall of ``side`` (``"L"``/``"R"``) of glyph ``name``, following references and mirrors.

    None when the side has no wall of its own (a composite left to its components, or no data).
    Raises :class:`WallError` naming the fault.
    """
    step = (name, side)
    if step in _seen:
        chain = " → ".join(f"{n} {s}" for n, s in _seen[_seen.index(step):] + (step,))
        raise WallError(f"reference cycle: {chain}")
    seen = _seen + (step,)
    glyph = font[name]
    other = "R" if side == "L" else "L"
    if _flag(glyph, "Mirror", side) and not _flag(glyph, "Mirror", other):
        wall = resolve_wall(font, name, other, seen)
        if wall is None:
            return None
        flipped = tuple((-x, y) for x, y in wall.nodes)
        source = "mirror" if wall.source == "nodes" else f"mirror+{wall.source}"
        return Wall(flipped, source)
    refer = glyph.lib.get(_key("Refer", side))
    if isinstance(refer, str) and refer.strip():
        refer = refer.strip()
        if refer not in font:
            raise WallError(f"{_key('Refer', side)} names {refer!r}, which is not in the font")
        wall = resolve_wall(font, refer, side, seen)
        if wall is None:
            return None
        return Wall(wall.nodes, f"refer:{refer}")
    nodes = _nodes(glyph, side)
    if nodes is None or (_blank(nodes) and _translation_composite(glyph)):
        return None
    return Wall(nodes, "nodes")


def _own_wall(glyph, side: str) -> Wall | None:
    try:
        nodes = _nodes(glyph, side)
    except WallError:
        return None
    if nodes is None or (_blank(nodes) and _translation_composite(glyph)):
        return None
    return Wall(nodes, "nodes")


@dataclass
class ImportReport:
    """What :func:`import_walls` did with each glyph."""

    layer: str
    written: list[str] = field(default_factory=list)
    inherited: list[str] = field(default_factory=list)
    """Composites whose walls come from their components: no bubble of their own (they inherit)."""
    kept: list[str] = field(default_factory=list)
    """Glyphs that already had a bubble in the layer: left as they were."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Glyphs without two walls, and why."""
    warnings: list[str] = field(default_factory=list)
    walls: dict[str, dict[str, Wall]] = field(default_factory=dict)
    """The walls used, per glyph and side."""

    def to_dict(self) -> dict:
        return {
            "layer": self.layer,
            "written": list(self.written),
            "inherited": list(self.inherited),
            "kept": list(self.kept),
            "skipped": dict(self.skipped),
            "warnings": list(self.warnings),
        }


def _slant(font) -> tuple[float, float]:
    """(tan of the italic angle, pivot height): walls lean about half the x-height."""
    angle = getattr(font.info, "italicAngle", None) or 0
    x_height = getattr(font.info, "xHeight", None) or 0
    return math.tan(math.radians(-float(angle))), float(x_height) / 2


def _number(value: float) -> float | int:
    value = round(value, 3)
    return int(value) if value == int(value) else value


def _contour(left: Wall, right: Wall, width: float, slant: tuple[float, float]) -> list[tuple[float, float]]:
    tangent, pivot = slant

    def placed(wall: Wall, origin: float):
        return [(_number(origin + x + (y - pivot) * tangent), _number(y)) for x, y in wall.nodes]

    points = placed(right, width) + placed(left, 0.0)[::-1]
    cleaned: list[tuple[float, float]] = []
    for point in points:
        if not cleaned or cleaned[-1] != point:
            cleaned.append(point)
    while len(cleaned) > 1 and cleaned[0] == cleaned[-1]:
        cleaned.pop()
    return cleaned


def import_walls(font, layer: str = "bubble", glyphs: Iterable[str] | None = None) -> ImportReport:
    """Turn the BubbleKern2 walls in ``font``'s glyph libs into closed bubbles in ``layer``.

    Glyphs that already have a bubble in ``layer`` are kept as they are. Each bubble written is
    recorded against its outline (:mod:`bubblekern.sync`) and says where its walls came from
    (:data:`IMPORT_KEY`).
    """
    report = ImportReport(layer)
    names = list(glyphs) if glyphs is not None else list(font.glyphOrder or sorted(font.keys()))
    names = [n for n in names if n in font]
    slant = _slant(font)
    target = font.getLayer(layer) if layer in font.layerOrder else None
    memo: dict = {}
    for name in names:
        glyph = font[name]
        walls: dict[str, Wall | None] = {}
        for side in SIDES:
            try:
                walls[side] = resolve_wall(font, name, side)
            except WallError as error:
                walls[side] = _own_wall(glyph, side)  # as BubbleKern2 does: a bad reference is ignored
                instead = "its own nodes are used instead" if walls[side] else "the side has no wall"
                where = "left" if side == "L" else "right"
                report.warnings.append(f"glyph {name!r}, {where} wall: {error}; {instead}")
        left, right = walls["L"], walls["R"]
        if left is None and right is None:
            if _translation_composite(glyph):
                report.inherited.append(name)
            elif any(_key(c, s) in glyph.lib for c in ("Nodes", "Refer") for s in SIDES):
                report.skipped[name] = "no usable wall"
            else:
                report.skipped[name] = "no BubbleKern2 walls"
            continue
        if left is None or right is None:
            if not _translation_composite(glyph):
                missing = "left" if left is None else "right"
                report.skipped[name] = f"no {missing} wall"
                continue
            # one side from the components: a line mid-advance stands inside them, so the union the
            # engine takes (own bubble ∪ inherited) keeps the components' side there
            heights = ((left or right).bottom, (left or right).top)
            if left is None:
                left = Wall(tuple((glyph.width / 2, y) for y in heights), "components")
            else:
                right = Wall(tuple((-glyph.width / 2, y) for y in heights), "components")
            report.warnings.append(
                f"glyph {name!r}: one wall of its own, the other from its components; the components' "
                "bubbles give that side"
            )
        report.walls[name] = {"L": left, "R": right}
        if target is not None and name in target and len(target[name].contours):
            report.kept.append(name)
            continue
        if target is None:
            target = font.newLayer(layer)
        bubble = target[name] if name in target else target.newGlyph(name)
        bubble.clearContours()
        pen = bubble.getPen()
        points = _contour(left, right, float(glyph.width), slant)
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
        bubble.width = glyph.width
        bubble.lib[IMPORT_KEY] = {"left": left.source, "right": right.source}
        try:
            record_outline(bubble, outline_of(font, name, memo))
        except Exception as error:  # a broken component: the bubble is written, just not recorded
            report.warnings.append(f"glyph {name!r}: bubble written, not recorded against its outline: {error}")
        report.written.append(name)
    return report
