"""Bubbles follow the outline: move a bubble sideways when its glyph's outline moved.

A designer who changes a left sidebearing moves the glyph's outline; a bubble drawn
around it stays where it was unless something moves it too. Each bubble glyph (in the
bubble layer) carries a record in its lib under :data:`SYNC_KEY` of the outline it was
drawn against::

    {"left": 52.0, "advance": 600.0, "shape": "3f0c…"}

``left`` is the leftmost point of the glyph's outline in the default layer (on- and
off-curve points, components drawn in with their transformation, recursively),
``advance`` its width and ``shape`` a hash of the outline moved so that ``left`` is 0.
:func:`sync_bubbles` compares the record with the font as it is now:

- the same shape with ``left`` moved by dx: the outline was moved sideways (a sidebearing
  change). The bubble's own contours are moved by the same dx; its components are not:
  they follow their base glyphs' bubbles, which are synced on their own;
- the same ``left`` and a new advance (a right-sidebearing change): nothing moves;
- another shape: the outline was redrawn and no translation can say where the bubble
  belongs. It is reported (``reshaped``), never moved; ``record=True`` accepts it as it is;
- no record: the bubble is taken as in step now and recorded (a first sync).

Records are written when BubbleKern generates, imports or syncs a bubble. This module
needs only fontTools (no numpy, no pathops): the RoboFont layer uses it live.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from fontTools.misc.transform import Transform
from fontTools.pens.recordingPen import RecordingPointPen

from .bubbles import _naked, has_contours
from .errors import BubbleLayerError, ComponentCycleError, ComponentError, MissingGlyphError
from .glyphfiles import read_layer

__all__ = [
    "SYNC_KEY",
    "Outline",
    "SyncState",
    "Move",
    "SyncReport",
    "outline_of",
    "contour_parts",
    "record_outline",
    "sync_state",
    "sync_status",
    "sync_bubbles",
    "move_bubble",
]

SYNC_KEY = "com.bubblekern.outline"
"""Key in a bubble-layer glyph's lib of the outline the bubble was drawn against."""

State = Literal["in-step", "moved", "reshaped", "unrecorded", "no-outline"]

_PLACES = 3


@dataclass(frozen=True)
class Outline:
    """Where a glyph's outline is: its leftmost point (None without an outline), its advance
    and a hash of its shape that does not change when it is moved sideways."""

    left: float | None
    advance: float
    shape: str

    def to_record(self) -> dict:
        return {"left": self.left, "advance": self.advance, "shape": self.shape}


def _points(font, name: str, stack: tuple[str, ...], memo: dict) -> list[tuple[float, float, str | None]]:
    """The glyph's points with components drawn in; contours are separated by ``None`` entries."""
    if name in memo:
        return memo[name]
    stack = stack + (name,)
    glyph = font[name]
    pen = RecordingPointPen()
    glyph.drawPoints(pen)
    points: list = []
    for method, args, kwargs in pen.value:
        if method == "addPoint":
            (x, y), segment = args[0], args[1] if len(args) > 1 else kwargs.get("segmentType")
            points.append((float(x), float(y), segment))
        elif method == "endPath":
            points.append(None)
        elif method == "addComponent":
            base = args[0]
            transformation = tuple(args[1] if len(args) > 1 else kwargs["transformation"])
            if base in stack:
                loop = stack[stack.index(base):] + (base,)
                raise ComponentCycleError(f"component cycle: {' → '.join(loop)}", loop)
            if base not in font:
                raise ComponentError(f"glyph {name!r} has a component of {base!r}, which is not in the font", (name, base))
            transform = Transform(*transformation)
            for item in _points(font, base, stack, memo):
                if item is None:
                    points.append(None)
                    continue
                x, y = transform.transformPoint((item[0], item[1]))
                points.append((float(x), float(y), item[2]))
    memo[name] = points
    return points


def outline_of(font, name: str, memo: dict | None = None) -> Outline:
    """The :class:`Outline` of glyph ``name`` in ``font``'s default layer.

    ``memo`` shares decomposed components between calls. Component cycles and missing
    bases raise :class:`ComponentCycleError` / :class:`ComponentError` naming the glyphs.
    """
    points = _points(font, name, (), {} if memo is None else memo)
    xs = [p[0] for p in points if p is not None]
    left = min(xs) if xs else None
    digest = hashlib.sha1()
    for point in points:
        if point is None:
            digest.update(b")")
        else:
            x, y, segment = point
            digest.update(f"{round(x - left, _PLACES):g},{round(y, _PLACES):g},{segment};".encode())
    width = float(font[name].width)
    return Outline(None if left is None else round(left, _PLACES), round(width, _PLACES), digest.hexdigest()[:20])


def contour_parts(font, name: str, memo: dict | None = None) -> tuple[tuple[float, str], ...]:
    """(leftmost x, shape hash from there) of each contour of the outline, components drawn in."""
    parts, contour = [], []
    for point in _points(font, name, (), {} if memo is None else memo):
        if point is not None:
            contour.append(point)
            continue
        if contour:
            left = min(x for x, _, _ in contour)
            text = ";".join(f"{round(x - left, _PLACES):g},{round(y, _PLACES):g},{t}" for x, y, t in contour)
            parts.append((round(left, _PLACES), hashlib.sha1(text.encode()).hexdigest()[:12]))
        contour = []
    return tuple(parts)


def record_outline(bubble_glyph, outline: Outline) -> bool:
    """Store ``outline`` in ``bubble_glyph``'s lib; True when the lib changed.

    A glyph without an outline (space) gets no record: there is nothing to follow."""
    if outline.left is None:
        return False
    record = outline.to_record()
    if bubble_glyph.lib.get(SYNC_KEY) == record:
        return False
    bubble_glyph.lib[SYNC_KEY] = record
    return True


@dataclass(frozen=True)
class SyncState:
    """How one bubble stands against its glyph's outline."""

    name: str
    state: State
    """``in-step``; ``moved`` (the outline moved sideways by ``dx``); ``reshaped`` (the outline
    was redrawn); ``unrecorded`` (no record yet); ``no-outline`` (the glyph has no outline)."""
    dx: float = 0.0
    before: dict | None = None
    now: Outline | None = None

    @property
    def out_of_step(self) -> bool:
        return self.state in ("moved", "reshaped")


def _record(bubble_glyph) -> dict | None:
    record = bubble_glyph.lib.get(SYNC_KEY)
    if not isinstance(record, dict):
        return None
    left, advance = record.get("left"), record.get("advance")
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, advance))
    return record if numbers and isinstance(record.get("shape"), str) else None


def sync_state(bubble_glyph, outline: Outline, name: str = "") -> SyncState:
    """Compare ``bubble_glyph``'s record with the glyph's ``outline`` as it is now."""
    name = name or bubble_glyph.name
    if outline.left is None:
        return SyncState(name, "no-outline", now=outline)
    record = _record(bubble_glyph)
    if record is None:
        return SyncState(name, "unrecorded", now=outline)
    if record["shape"] != outline.shape:
        return SyncState(name, "reshaped", before=record, now=outline)
    dx = round(outline.left - float(record["left"]), _PLACES)
    return SyncState(name, "moved" if dx else "in-step", dx, record, outline)


def _bubble_layer(font, layer: str):
    if layer not in font.layerOrder:
        layers = ", ".join(font.layerOrder)
        raise BubbleLayerError(f"the font has no layer named {layer!r} (its layers: {layers})")
    default = getattr(font, "defaultLayerName", None) or font.defaultLayer.name
    if layer == default:
        raise BubbleLayerError(f"layer {layer!r} is the font's default layer, which holds the outlines, not bubbles")
    return font.getLayer(layer)


def _with_outlines(font, bubble_layer, glyphs: Iterable[str] | None, warnings: list[str], failed: str,
                   writing: bool = True):
    """(name, bubble glyph, outline) for each chosen bubble with contours of its own.

    Glyphs are read through the wrapped (defcon) font and layer where there are some: a fontParts
    layer lists every glyph to look one up, and its point wrappers are slow to draw. Outlines are
    read as :func:`~bubblekern.glyphfiles.read_layer` gives them (from their files in a whole-font
    run). The bubble glyph given is the wrapped one too (its lib is the fontParts glyph's), one to
    write to unless ``writing`` is off. A glyph whose components are broken is left out, with a
    warning ending in ``failed``.
    """
    memo: dict = {}
    outlines = read_layer(_naked(font.defaultLayer))
    bubbles = _naked(bubble_layer) if writing else read_layer(_naked(bubble_layer))
    for name in _chosen(font, bubble_layer, glyphs):
        bubble = bubbles[name] if name in bubbles else None
        if not has_contours(bubble):
            continue
        try:
            outline = outline_of(outlines, name, memo)
        except ComponentError as error:
            warnings.append(f"glyph {name!r} {failed}: {error}")
            continue
        yield name, bubble, outline


def _chosen(font, bubble_layer, glyphs: Iterable[str] | None) -> list[str]:
    known = set(font.keys())
    if glyphs is None:
        order = list(getattr(font, "glyphOrder", None) or [])
        rank = {n: i for i, n in enumerate(order)}
        names = [n for n in bubble_layer.keys() if n in known]
        return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))
    names = list(dict.fromkeys(glyphs))
    missing = [n for n in names if n not in known]
    if missing:
        raise MissingGlyphError(missing)
    return names


@dataclass
class SyncStatus:
    """:func:`sync_status` of a font's bubbles (those with contours of their own)."""

    layer: str
    glyphs: dict[str, SyncState] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def names(self, *states: State) -> list[str]:
        return [n for n, s in self.glyphs.items() if s.state in states]

    @property
    def out_of_step(self) -> list[str]:
        return self.names("moved", "reshaped")

    def to_dict(self) -> dict:
        return {
            "moved": {n: self.glyphs[n].dx for n in self.names("moved")},
            "reshaped": self.names("reshaped"),
            "unrecorded": self.names("unrecorded"),
            "in_step": len(self.names("in-step")),
        }


def sync_status(font, layer: str = "bubble", glyphs: Iterable[str] | None = None) -> SyncStatus:
    """How every bubble with contours of its own (of ``glyphs``, or all) stands against its outline.

    Glyphs whose components are broken are left out with a warning naming them.
    """
    status = SyncStatus(layer)
    if layer not in font.layerOrder:
        return status
    bubble_layer = _bubble_layer(font, layer)
    for name, bubble, outline in _with_outlines(font, bubble_layer, glyphs, status.warnings, "cannot be synced",
                                                writing=False):
        status.glyphs[name] = sync_state(bubble, outline, name)
    return status


@dataclass(frozen=True)
class Move:
    """One bubble moved (or, in a dry run, to be moved) by ``dx``."""

    name: str
    dx: float
    left_before: float
    left_now: float

    def to_dict(self) -> dict:
        return {"glyph": self.name, "dx": self.dx, "left_before": self.left_before, "left_now": self.left_now}


@dataclass
class SyncReport:
    """What :func:`sync_bubbles` did (or would do)."""

    layer: str
    moved: list[Move] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)
    """Bubbles that got a (new) record: first syncs, or every chosen one with ``record=True``."""
    reshaped: list[str] = field(default_factory=list)
    """Bubbles whose outline was redrawn since: not moved (check them, then record them)."""
    in_step: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    dry_run: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.moved or self.recorded)

    def to_dict(self) -> dict:
        return {
            "layer": self.layer,
            "moved": [m.to_dict() for m in self.moved],
            "recorded": list(self.recorded),
            "reshaped": list(self.reshaped),
            "in_step": len(self.in_step),
            "warnings": list(self.warnings),
            "dry_run": self.dry_run,
        }


def move_bubble(bubble_glyph, dx: float) -> None:
    """Move the bubble's own contours by ``dx`` (its components follow their bases).

    A generated bubble's record (:mod:`bubblekern.status`) is kept telling "not edited by
    hand" when it did before the move.
    """
    try:  # generated bubbles only; bubblekern.status needs skia-pathops, which RoboFont may lack
        from .status import GLYPH_KEY, bubble_hash
    except ImportError:
        GLYPH_KEY, bubble_hash = "", None
    generated = bubble_glyph.lib.get(GLYPH_KEY) if GLYPH_KEY else None
    untouched = isinstance(generated, dict) and generated.get("bubble") == bubble_hash(bubble_glyph)
    for contour in bubble_glyph.contours:
        contour.moveBy((dx, 0))
    if untouched:
        bubble_glyph.lib[GLYPH_KEY] = {**generated, "bubble": bubble_hash(bubble_glyph)}


def sync_bubbles(
    font,
    glyphs: Iterable[str] | None = None,
    layer: str = "bubble",
    *,
    record: bool = False,
    dry_run: bool = False,
) -> SyncReport:
    """Move every bubble (of ``glyphs``, or all) whose outline moved sideways; see the module.

    With ``record``, no bubble moves: each chosen one is recorded as in step where it is
    now (after checking a redrawn glyph by eye, say). With ``dry_run`` nothing changes.
    """
    bubble_layer = _bubble_layer(font, layer)
    report = SyncReport(layer, dry_run=dry_run)
    for name, bubble, outline in _with_outlines(font, bubble_layer, glyphs, report.warnings, "skipped"):
        state = sync_state(bubble, outline, name)
        if state.state == "no-outline":
            continue
        if record:
            if _record(bubble) != outline.to_record():
                report.recorded.append(name)
                if not dry_run:
                    record_outline(bubble, outline)
            else:
                report.in_step.append(name)
            continue
        if state.state == "in-step":
            report.in_step.append(name)
            if not dry_run and _record(bubble) != outline.to_record():
                record_outline(bubble, outline)  # the advance changed alone: keep the record current
        elif state.state == "unrecorded":
            report.recorded.append(name)
            if not dry_run:
                record_outline(bubble, outline)
        elif state.state == "reshaped":
            report.reshaped.append(name)
        else:
            report.moved.append(Move(name, state.dx, float(state.before["left"]), float(outline.left)))
            if not dry_run:
                move_bubble(bubble_layer[name], state.dx)  # the fontParts glyph: its contours move
                record_outline(bubble, outline)
    return report
