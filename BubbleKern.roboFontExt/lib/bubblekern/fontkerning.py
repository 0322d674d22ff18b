"""A font's kerning changed as one bulk update: one notification, never one per pair.

fontParts' ``font.kerning[pair] = value`` normalises and deep-copies every value and, on
defcon (fontshell, RoboFont), posts ``Kerning.PairSet`` for each pair; holding the *font's*
notifications does not hold the kerning object's own. Here the new kerning is built as a
plain dict and swapped in with ``clear`` + ``update`` on the defcon object while the kerning
object itself holds its notifications, so observers hear of the change once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["write_kerning", "kerning_dict", "save_kerning", "size_after", "MAX_ENTRIES"]

Pair = tuple[str, str]


MAX_ENTRIES = 25_000
"""Kerning entries a font may hold after a run that was not asked for more (the CLI's
``--max-entries``, the RoboFont window's Apply); a font that held more before may keep its size."""


def size_after(existing: Mapping[Pair, float], written: Mapping[Pair, float], removed: Iterable[Pair] = ()) -> int:
    """Entries in ``existing`` after :func:`write_kerning` sets ``written`` and deletes ``removed``."""
    gone = {pair for pair in removed if pair in existing and pair not in written}
    return len(existing) + sum(1 for pair in written if pair not in existing) - len(gone)


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


def save_kerning(font, path) -> bool:
    """Save a font whose kerning alone changed by rewriting only its ``kerning.plist``, atomically.

    Saving a UFO writes every glyph file again when it goes to a new (temporary) folder, which
    for a kerning run costs far more than the kerning. When ``font`` was read from ``path``, is
    a UFO 3 and nothing but its kerning differs from what is on disk (layers, info, groups and
    features not edited, the lib as in ``lib.plist``), the new ``kerning.plist`` is written to a
    temporary sibling and renamed over the old one. Returns False, writing nothing, otherwise
    (then save the whole font).
    """
    import os
    import plistlib
    from pathlib import Path

    from .errors import FontFileError
    from .fontio import write_atomically

    naked = font.naked() if hasattr(font, "naked") else None
    if naked is None or not getattr(font, "path", None) or not path:
        return False
    ufo = Path(path)
    if Path(font.path).resolve() != ufo.resolve() or not (ufo / "metainfo.plist").is_file():
        return False
    try:
        with open(ufo / "metainfo.plist", "rb") as stream:
            if plistlib.load(stream).get("formatVersion") != 3:
                return False
        lib_file = ufo / "lib.plist"
        on_disk = {}
        if lib_file.is_file():
            with open(lib_file, "rb") as stream:
                on_disk = plistlib.load(stream)
    except Exception:
        return False
    if any(getattr(part, "dirty", True) for part in (naked.info, naked.groups, naked.features, naked.layers)):
        return False
    if any(layer.dirty for layer in naked.layers) or dict(naked.lib) != on_disk:
        return False
    nested: dict[str, dict[str, float]] = {}
    for (first, second), value in naked.kerning.items():
        nested.setdefault(first, {})[second] = value
    target = ufo / "kerning.plist"
    if not nested:
        if target.exists():
            os.remove(target)
    else:
        try:
            write_atomically(target, lambda temporary: Path(temporary).write_bytes(kerning_plist(nested)))
        except FontFileError as error:
            raise FontFileError(f"{ufo}: saving failed, the file is unchanged: {error.__cause__ or error}") from error
    naked.kerning.dirty = False
    return True


_HEADER = (
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
    '<plist version="1.0">\n'
)


def kerning_plist(nested: Mapping[str, Mapping[str, float]]) -> bytes:
    """``kerning.plist`` bytes, as fontTools' plist writer (and so ufoLib) lays them out, but
    written as one string: the writer builds an element tree, ten times slower for 300 k pairs."""
    from xml.sax.saxutils import escape

    lines = [_HEADER, "  <dict>\n"]
    for first in sorted(nested):
        lines.append(f"    <key>{escape(first)}</key>\n    <dict>\n")
        seconds = nested[first]
        for second in sorted(seconds):
            value = seconds[second]
            if isinstance(value, float):
                number = f"<real>{value!r}</real>"
            else:
                number = f"<integer>{int(value)}</integer>"
            lines.append(f"      <key>{escape(second)}</key>\n      {number}\n")
        lines.append("    </dict>\n")
    lines.append("  </dict>\n</plist>\n")
    return "".join(lines).encode("utf-8")
