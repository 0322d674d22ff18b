"""Bubbles follow the outline live, in the glyph editor (the logic of ``bubblekern sync``).

The overlay remembers each glyph's outline (:class:`bubblekern.sync.Outline`) as the editor
last saw it. When the glyph changes and its outline is the same shape moved sideways by dx (a
left-sidebearing change, from the metrics fields, the space center or a script), its bubble's
contours move by dx too, and so do the bubbles of the composites built on it.

The bubble's move registers no undo step of its own: undoing the sidebearing change moves
the outline back, which the follower sees as a move by −dx and follows. Metrics change and
bubble move are thus one step for the user, in both directions.

Nothing here imports RoboFont; the overlay subscriber calls :meth:`OutlineFollower.watch`
when the editor shows a glyph and :meth:`OutlineFollower.follow` when the glyph changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ComponentError
from ..sync import SYNC_KEY, Outline, has_contours, move_bubble, outline_of, record_outline

__all__ = ["Step", "decide", "OutlineFollower"]


@dataclass(frozen=True)
class Step:
    """What to do with one bubble after its outline changed."""

    name: str
    dx: float
    record: dict | None
    """The record to store in the bubble's lib afterwards (None: leave it as it is)."""


def _from_record(record) -> Outline | None:
    if not isinstance(record, dict) or not isinstance(record.get("shape"), str):
        return None
    try:
        return Outline(float(record["left"]), float(record["advance"]), record["shape"])
    except (KeyError, TypeError, ValueError):
        return None


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
        self._seen: dict[tuple[int, str], Outline] = {}

    @staticmethod
    def _font_key(font) -> int:
        return id(font.naked()) if hasattr(font, "naked") else id(font)

    def _dependents(self, font, name: str) -> list[str]:
        """``name`` and every glyph built on it through components, nearest first."""
        naked = font.naked() if hasattr(font, "naked") else font
        references = getattr(naked, "componentReferences", None)
        if references is None:  # a font object without defcon's reverse component map
            references = {}
            for glyph in font:
                for component in glyph.components:
                    references.setdefault(component.baseGlyph, set()).add(glyph.name)
        order, queue = [name], [name]
        while queue:
            for user in sorted(references.get(queue.pop(0), ())):
                if user not in order:
                    order.append(user)
                    queue.append(user)
        return order

    def watch(self, font, name: str) -> None:
        """Remember the outlines of ``name`` and of the glyphs built on it, as they are now."""
        memo: dict = {}
        for each in self._dependents(font, name):
            try:
                self._seen[(self._font_key(font), each)] = outline_of(font, each, memo)
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
                now = outline_of(font, each, memo)
            except ComponentError:
                continue
            bubble = bubble_layer[each] if each in bubble_layer else None
            record = bubble.lib.get(SYNC_KEY) if bubble is not None else None
            before = self._seen.get(key) or _from_record(record)
            self._seen[key] = now
            if not has_contours(bubble):
                continue
            step = decide(each, before, now, record)
            if step is None:
                continue
            move_bubble(bubble, step.dx)
            if step.record is not None:
                if step.record.get("shape") == now.shape:
                    record_outline(bubble, now)
                else:
                    bubble.lib[SYNC_KEY] = step.record
            steps.append(step)
        return steps
