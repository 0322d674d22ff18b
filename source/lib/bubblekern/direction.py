"""Writing direction of glyphs and pairs, as ufo2ft's kern feature writer sees it.

UFO kerning is in logical order: a pair ``(first, second)`` of right-to-left glyphs is
set with ``second`` to the left of ``first``. ufo2ft's ``KernFeatureWriter`` classifies
each glyph by the Unicode bidi class of its code points: R and AL are right-to-left
(``"R"``), L, EN and AN left-to-right (``"L"``, digits are shaped left to right even in
Arabic text), anything else neutral (None). A pair is written as a right-to-left rule
(``<v 0 v 0>`` on ``first``) when its lookup's script is right-to-left and neither glyph
is ``"L"``; a pair with an ``"R"`` and an ``"L"`` glyph is dropped. BubbleKern follows
that: a pair is right-to-left when one of its glyphs is ``"R"`` and neither is ``"L"``.

Unencoded glyphs (``alef-ar.fina``, ``lam_alef``) take the direction of the glyph or
AGL name before the first ``.`` (each ``_`` part of a ligature), or are listed in
``Settings.rtl`` (names, or ``"all"``). This module needs only the standard library
and fontTools.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Mapping
from typing import Literal

from .glyphsets import unicode_table

__all__ = [
    "Direction",
    "RTL_CLASSES",
    "LTR_CLASSES",
    "char_direction",
    "code_direction",
    "glyph_directions",
    "pair_direction",
    "is_rtl_pair",
    "is_mixed_pair",
    "direction_runs",
]

Direction = Literal["R", "L"] | None

RTL_CLASSES = frozenset({"R", "AL"})
"""Bidi classes ufo2ft treats as right-to-left."""
LTR_CLASSES = frozenset({"L", "EN", "AN"})
"""Bidi classes ufo2ft treats as left-to-right (numbers are shaped left to right)."""


def char_direction(char: str) -> Direction:
    """``"R"``, ``"L"`` or None (neutral) for one character, by its Unicode bidi class."""
    bidi = unicodedata.bidirectional(char)
    if bidi in RTL_CLASSES:
        return "R"
    if bidi in LTR_CLASSES:
        return "L"
    return None


def code_direction(codes: Iterable[int]) -> Direction:
    """The direction of a glyph with these code points: ``"R"`` if one is right-to-left,
    else ``"L"`` if one is left-to-right, else None."""
    found = {char_direction(chr(c)) for c in codes if 0 <= c < 0x110000}
    if "R" in found:
        return "R"
    return "L" if "L" in found else None


def glyph_directions(
    font,
    names: Iterable[str] | None = None,
    rtl: str | Collection[str] = (),
) -> dict[str, Direction]:
    """Direction of each glyph of ``names`` (default: all glyphs of ``font``).

    ``rtl`` is ``"all"`` (every glyph right-to-left, for a font of one right-to-left
    script) or names of glyphs taken as right-to-left whatever their code points.
    """
    names = list(font.keys()) if names is None else list(names)
    if rtl == "all":
        return dict.fromkeys(names, "R")
    forced = set(rtl)
    encoded: dict[str, Direction] = {}
    unicodes = {name: tuple(codes) for name, codes in unicode_table(font).items() if codes}
    result: dict[str, Direction] = {}
    for name in names:
        if name in forced:
            result[name] = "R"
        elif name in unicodes:
            result[name] = code_direction(unicodes[name])
        else:
            result[name] = _name_direction(name, unicodes, encoded)
    return result


def _name_direction(name: str, unicodes: Mapping[str, tuple[int, ...]], cache: dict[str, Direction]) -> Direction:
    """Direction of an unencoded glyph from its name: the base before the first ``.``,
    each ``_`` part of a ligature looked up in the font, then as an AGL name."""
    from fontTools.agl import toUnicode

    base = name.split(".", 1)[0]
    found: set[Direction] = set()
    for part in base.split("_") if base else ():
        if part not in cache:
            if part in unicodes:
                cache[part] = code_direction(unicodes[part])
            else:
                text = toUnicode(part)
                cache[part] = code_direction(ord(c) for c in text) if text else None
        found.add(cache[part])
    if "R" in found:
        return "R"
    return "L" if "L" in found else None


def pair_direction(first: Direction, second: Direction) -> Literal["ltr", "rtl", "mixed"]:
    """How a pair of glyphs of these directions is set: ``rtl`` when one is ``"R"`` and
    neither ``"L"``, ``mixed`` for an ``"R"`` with an ``"L"`` (ufo2ft drops such pairs:
    they never meet in one run of text), else ``ltr``."""
    sides = {first, second}
    if "R" in sides:
        return "mixed" if "L" in sides else "rtl"
    return "ltr"


def is_rtl_pair(first: Direction, second: Direction) -> bool:
    """True when a pair of glyphs of these directions is set right to left."""
    return pair_direction(first, second) == "rtl"


def is_mixed_pair(first: Direction, second: Direction) -> bool:
    """True for a right-to-left glyph with a left-to-right one."""
    return pair_direction(first, second) == "mixed"


def direction_runs(directions: list[Direction]) -> list[tuple[int, int, Direction]]:
    """Split a line of text into runs of one direction: ``(start, stop, direction)``.

    ``directions`` holds each item's own direction (None for neutrals). A simplified
    Unicode bidi algorithm: the paragraph direction is that of the first strong item
    (left to right when there is none); neutrals between two strong items of the same
    direction take it, all others the paragraph's. Pairs never span two runs.
    """
    paragraph = next((d for d in directions if d is not None), "L")
    resolved: list[Direction] = list(directions)
    i = 0
    while i < len(resolved):
        if resolved[i] is not None:
            i += 1
            continue
        j = i
        while j < len(resolved) and resolved[j] is None:
            j += 1
        before = resolved[i - 1] if i > 0 else None
        after = resolved[j] if j < len(resolved) else None
        fill = before if before is not None and before == after else paragraph
        resolved[i:j] = [fill] * (j - i)
        i = j
    runs: list[tuple[int, int, Direction]] = []
    start = 0
    for k in range(1, len(resolved) + 1):
        if k == len(resolved) or resolved[k] != resolved[start]:
            runs.append((start, k, resolved[start]))
            start = k
    return runs
