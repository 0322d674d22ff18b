"""Bubbles follow the outline live, in the glyph editor (the logic of ``bubblekern sync``).

The overlay remembers, per glyph, the outline its bubble is in step with (the *anchor*: the
outline when the editor showed the glyph, or the bubble's record). When the glyph changes,
:func:`classify` compares the outline contour by contour with the anchor:

- every contour moved sideways by the same dx (a left-sidebearing change, from the metrics
  fields, the space center or a script): the bubble's contours move by dx, and so do the
  bubbles of the composites built on it; the new outline is the anchor;
- some contours moved by dx and the others not at all: a move still arriving (RoboFont and
  defcon announce a moved glyph contour by contour) — wait for the rest;
- anything else is a redraw: the bubble stays, and the redrawn outline becomes the anchor, so
  the next sidebearing change is followed (``bubblekern sync`` still reports the bubble as out of
  step with its record until it is recorded again).

The bubble's move registers no undo step of its own: undoing the sidebearing change moves
the outline back, which the follower sees as a move by −dx and follows. Metrics change and
bubble move are thus one step for the user, in both directions.

Nothing here imports RoboFont; the overlay subscriber calls :meth:`OutlineFollower.watch`
when the editor shows a glyph and :meth:`OutlineFollower.follow` when the glyph changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bubbles import has_contours
from ..errors import ComponentError
from ..sync import SYNC_KEY, Outline, contour_parts, move_bubble, outline_of, record_outline

__all__ = ["Step", "decide", "classify", "OutlineFollower"]


@dataclass(frozen=True)
class Step:
    """What to do with one bubble after its outline changed."""

    name: str
    dx: float
    record: dict | None
    """The record to store in the bubble's lib afterwards (None: leave it as it is)."""


@dataclass(frozen=True)
class _State:
    outline: Outline
    parts: tuple[tuple[float, str], ...] | None  # per contour; None for a state known from a record only


def _from_record(record) -> Outline | None:
    if not isinstance(record, dict) or not isinstance(record.get("shape"), str):
        return None
    try:
        return Outline(float(record["left"]), float(record["advance"]), record["shape"])
    except (KeyError, TypeError, ValueError):
        return None


def classify(before: tuple[tuple[float, str], ...], now: tuple[tuple[float, str], ...]) -> tuple[str, float]:
    """``("same", 0)``, ``("moved", dx)``, ``("partial", dx)`` (some contours moved by dx, the rest
    not yet) or ``("redrawn", 0)``, comparing two outlines contour by contour."""
    if len(before) != len(now) or any(b[1] != n[1] for b, n in zip(before, now)):
        return "redrawn", 0.0
    offsets = {round(n[0] - b[0], 3) for b, n in zip(before, now)}
    if offsets <= {0.0}:
        return "same", 0.0
    if len(offsets) == 1:
        return "moved", offsets.pop()
    if len(offsets) == 2 and 0.0 in offsets:
        return "partial", max(offsets, key=abs)
    return "redrawn", 0.0


def decide(name: str, before: Outline | None, now: Outline, record: dict | None) -> Step | None:
    """How far the bubble of ``name`` moves now that its outline went from ``before`` to ``now``.

    A move only when the outline kept its shape and its left edge moved. The record follows
    the bubble: set to ``now`` when it was in step (or missing), otherwise only its left edge
    shifts by dx, so an outline already out of step stays reported as such.
    """
    if before is None or before.left is None or now.left is None or before.shape != now.shape:
        return None
    dx = round(now.left - before.left, 3)
    if not dx:
        return None
    known = _from_record(record)
    if known is None or known.shape == now.shape:
        new_record = now.to_record()
    else:
        new_record = {**record, "left": round(known.left + dx, 3)}
    return Step(name, dx, new_record)


class OutlineFollower:
    """Remembers outlines per font and moves bubbles after them (see the module)."""

    def __init__(self):
        self._anchor: dict[tuple[int, str], _State] = {}

    @staticmethod
    def _font_key(font) -> int:
        return id(font.naked()) if hasattr(font, "naked") else id(font)

    def _dependents(self, font, name: str) -> list[str]:
        """``name`` and every glyph built on it through components, nearest first."""
        references: dict[str, set[str]] = {}
        glyphs = font.naked() if hasattr(font, "naked") else font  # defcon's glyphs: no wrapper per glyph
        for glyph in glyphs:
            for component in glyph.components:
                references.setdefault(component.baseGlyph, set()).add(glyph.name)
        order, queue = [name], [name]
        while queue:
            for user in sorted(references.get(queue.pop(0), ())):
                if user not in order:
                    order.append(user)
                    queue.append(user)
        return order

    @staticmethod
    def _state(font, name: str, memo: dict) -> _State:
        return _State(outline_of(font, name, memo), contour_parts(font, name, memo))

    def watch(self, font, name: str) -> None:
        """Take the outlines of ``name`` and of the glyphs built on it, as they are now, as anchors."""
        memo: dict = {}
        for each in self._dependents(font, name):
            try:
                self._anchor[(self._font_key(font), each)] = self._state(font, each, memo)
            except ComponentError:
                continue

    def follow(self, font, name: str, layer: str = "bubble") -> list[Step]:
        """Move the bubbles of ``name`` and of the glyphs built on it after their outlines; the steps taken."""
        if layer not in font.layerOrder or name not in font:
            return []
        bubble_layer = font.getLayer(layer)
        steps, memo = [], {}
        for each in self._dependents(font, name):
            key = (self._font_key(font), each)
            try:
                now = self._state(font, each, memo)
            except ComponentError:
                continue
            bubble = bubble_layer[each] if each in bubble_layer else None
            record = bubble.lib.get(SYNC_KEY) if bubble is not None else None
            anchor = self._anchor.get(key)
            if anchor is None:
                known = _from_record(record)
                anchor = _State(known, None) if known is not None else None
            if anchor is None:
                self._anchor[key] = now
                continue
            if anchor.parts is None:  # known from the record only: whole outlines compare
                kind = "moved" if anchor.outline.shape == now.outline.shape else "redrawn"
            else:
                kind, _ = classify(anchor.parts, now.parts)
            if kind == "partial":
                continue  # the rest of the move is on its way
            self._anchor[key] = now
            if kind != "moved" or not has_contours(bubble):
                continue
            step = decide(each, anchor.outline, now.outline, record)
            if step is None:
                continue
            move_bubble(bubble, step.dx)
            if step.record.get("shape") == now.outline.shape:
                record_outline(bubble, now.outline)
            else:
                bubble.lib[SYNC_KEY] = step.record
            steps.append(step)
        return steps
