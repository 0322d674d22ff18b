"""A font's kerning changed as one bulk update: one notification, never one per pair.

fontParts' ``font.kerning[pair] = value`` normalises and deep-copies every value and, on
defcon (fontshell, RoboFont), posts ``Kerning.PairSet`` for each pair; holding the *font's*
notifications does not hold the kerning object's own. Here the new kerning is built as a
plain dict and swapped in with ``clear`` + ``update`` on the defcon object while the kerning
object itself holds its notifications, so observers hear of the change once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["write_kerning", "kerning_dict"]

Pair = tuple[str, str]


def kerning_dict(font) -> dict[Pair, float]:
    """The font's kerning as a plain dict (read once, without fontParts' per-item wrapping)."""
    naked = _naked_kerning(font)
    return dict(naked.items()) if naked is not None else dict(font.kerning.items())


def write_kerning(font, written: Mapping[Pair, float], removed: Iterable[Pair] = ()) -> None:
    """Set ``written`` and delete ``removed`` in ``font.kerning`` as one change.

    Pairs in neither are left exactly as they were. Nothing is posted when nothing changes.
    """
    removed = [pair for pair in removed if pair not in written]
    naked = _naked_kerning(font)
    if naked is None:  # another fontParts environment: its own bulk calls
        kerning = font.kerning
        new = dict(kerning.items())
        _merge(new, written, removed)
        kerning.clear()
        kerning.update(new)
        return
    new = dict(naked.items())
    if not _merge(new, written, removed):
        return
    naked.holdNotifications(note="bubblekern.write_kerning")
    try:
        naked.clear()
        naked.update(new)
    finally:
        naked.releaseHeldNotifications()


def _merge(new: dict[Pair, float], written: Mapping[Pair, float], removed: Iterable[Pair]) -> bool:
    changed = False
    for pair, value in written.items():
        if new.get(pair) != value or pair not in new:
            new[pair] = value
            changed = True
    for pair in removed:
        if pair in new:
            del new[pair]
            changed = True
    return changed


def _naked_kerning(font):
    """The defcon kerning object behind a fontParts font, or None elsewhere."""
    kerning = font.kerning
    naked = kerning.naked() if hasattr(kerning, "naked") else kerning
    if all(hasattr(naked, attr) for attr in ("holdNotifications", "releaseHeldNotifications", "clear", "update")):
        return naked
    return None
