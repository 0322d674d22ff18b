"""Where an italic font's slanted sidebearing lines stand.

The sidebearing lines of an italic font lean with its italic angle; where they cross the
baseline is the font editor's convention. RoboFont draws them through the ends of the advance
at the baseline, moved by the font's italic slant offset when it sets one (font lib
:data:`OFFSET_KEY`). Glyphs measures italic sidebearings at half the x-height, so its lines
pass the ends of the advance there, and a UFO made from a Glyphs source carries no offset.
A generated bubble is fitted to these lines (:func:`bubblekern.offset.adhere`): the wrong
ones trim one side of every glyph flat and carry the other out by as much, 57 units in Noto
Sans Italic, whose quote then met A and o as a box.

:func:`italic_offset` takes the font's own offset when it sets one. Otherwise it reads the
convention off the font's spacing: the reference glyphs (:data:`REFERENCES`) sit balanced
between the lines, so each says where the lines cross the baseline, and the convention
nearer to their median is taken. Snapping to a convention keeps the answer stable while
glyphs are edited, so generated bubbles do not all turn stale with one edit of ``o``.
"""

from __future__ import annotations

import math
from statistics import median

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.transformPen import TransformPen

__all__ = ["OFFSET_KEY", "REFERENCES", "italic_offset", "italic_lines", "balanced_offsets"]

OFFSET_KEY = "com.typemytype.robofont.italicSlantOffset"
"""RoboFont's italic slant offset (font lib): x of the left sidebearing line at the baseline."""

REFERENCES = ("o", "O", "n", "H", "zero")
"""Glyphs whose spacing says where the lines are: round and straight sides a designer balances."""


def italic_offset(font, slant: float) -> float:
    """x of the left sidebearing line at the baseline, for lines leaning by ``slant`` (dx/dy).

    0 for an upright font. The font's italic slant offset when it sets one; otherwise
    ``-slant·xHeight/2`` (lines through half the x-height, as Glyphs measures) or 0 (through
    the baseline, as RoboFont draws without an offset), whichever the reference glyphs'
    balance is nearer to; 0 when the font has no reference glyph or no x-height.
    """
    return italic_lines(font, slant)[0]


def italic_lines(font, slant: float) -> tuple[float, str]:
    """:func:`italic_offset` and where it comes from: ``"upright"``, ``"slant offset"`` (the
    font's own), ``"half the x-height"`` or ``"baseline"`` (read off the reference glyphs, or
    the baseline when they cannot tell)."""
    if not slant:
        return 0.0, "upright"
    lib = getattr(font, "lib", None)
    offset = lib.get(OFFSET_KEY) if lib is not None else None
    if _finite(offset):
        return float(offset), "slant offset"
    x_height = getattr(font.info, "xHeight", None)
    found = balanced_offsets(font, slant)
    if not _finite(x_height) or not found:
        return 0.0, "baseline"
    half, balanced = -slant * x_height / 2, median(found)
    if abs(balanced - half) < abs(balanced):
        return half, "half the x-height"
    return 0.0, "baseline"


def balanced_offsets(font, slant: float) -> list[float]:
    """For each reference glyph with ink, where lines leaning by ``slant`` that leave it equal
    sidebearings would cross the baseline."""
    found = []
    for name in REFERENCES:
        if name not in font:
            continue
        glyph = font[name]
        pen = BoundsPen(font)
        try:
            glyph.draw(TransformPen(pen, (1, 0, -slant, 1, 0, 0)))
        except Exception:  # a broken reference says nothing; its glyph is reported where it is kerned  # noqa: BLE001
            continue
        if pen.bounds is not None and _finite(glyph.width) and glyph.width > 0:
            left, _, right, _ = pen.bounds
            found.append((left + right - glyph.width) / 2)
    return found


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
