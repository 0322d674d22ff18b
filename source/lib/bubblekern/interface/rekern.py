"""Which pairs to solve again after glyph edits, and the "selected glyphs" pair sets.

When a glyph's outline, bubble or components change, its own pairs change, and so do
the pairs of every composite whose bubble is built from it
(:meth:`~bubblekern.bubbles.FontBubbles.dependents`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..bubbles import FontBubbles
from ..pairs import Pair, touching, unique

__all__ = ["affected_glyphs", "pairs_to_rekern", "selected_pairs"]


def affected_glyphs(bubbles: FontBubbles, changed: Iterable[str]) -> set[str]:
    """``changed`` glyphs (those in the font) and every glyph whose bubble is built from them."""
    names = set(bubbles.font.keys())
    changed = {n for n in changed if n in names}
    if not changed:
        return set()
    return bubbles.dependents(changed)


def pairs_to_rekern(bubbles: FontBubbles, changed: Iterable[str], pairs: Iterable[Pair]) -> list[Pair]:
    """The pairs of ``pairs`` that touch a changed glyph or a glyph built from one.

    Cached bubbles of those glyphs are dropped, so the next solve reads them afresh.
    """
    affected = affected_glyphs(bubbles, changed)
    if not affected:
        return []
    bubbles.invalidate(affected)
    return touching(unique(pairs), affected)


def selected_pairs(pairs: Iterable[Pair], selection: Collection[str]) -> list[Pair]:
    """The "Kern Pairs with Selected Glyphs" step: only pairs with a selected glyph on a side."""
    return touching(unique(pairs), set(selection))
