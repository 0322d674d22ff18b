"""The legacy TrueType ``kern`` table (format 0): flattened glyph pairs, split into subtables.

A format 0 subtable's length is a 16-bit number: 14 bytes of headers and 6 bytes a pair
leave room for at most 10,920 pairs, so larger kerning is split over several subtables
(whose values add up; each pair is in exactly one). Many old Windows applications read
only the first subtable — one more reason the GPOS kern feature is the real thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import BubbleKernError
from .groups import KernGroups, read_groups, resolve_kerning
from .pairs import Pair

__all__ = ["MAX_PAIRS", "KernTableError", "flatten_kerning", "kern_table", "font_kern_table"]

MAX_PAIRS = (0xFFFF - 14) // 6
"""Most pairs one format 0 subtable can hold (10,920)."""


class KernTableError(BubbleKernError):
    """The kerning cannot be written as a kern table (a value out of the 16-bit range)."""


def flatten_kerning(
    kerning: Mapping[Pair, float], groups: KernGroups | Mapping, glyphs: Iterable[str] | None = None
) -> dict[Pair, int]:
    """Every glyph pair the (class) kerning gives a non-zero value, resolved by the UFO rules.

    Only glyphs in ``glyphs`` (when given) are kept; group members that are not are skipped.
    """
    return {pair: int(round(value)) for pair, value in resolve_kerning(kerning, groups, glyphs).items() if value}


def kern_table(pairs: Mapping[Pair, int], glyph_order: list[str] | None = None, max_pairs: int = MAX_PAIRS):
    """A ``kern`` table (version 0) of format 0 subtables holding ``pairs``, ``max_pairs`` each at most.

    Pairs are sorted by glyph ID when ``glyph_order`` is given (by name otherwise) and
    cut into consecutive subtables.
    """
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

    if not 1 <= max_pairs <= MAX_PAIRS:
        raise ValueError(f"max_pairs must be within 1…{MAX_PAIRS}, not {max_pairs}")
    bad = [(p, v) for p, v in pairs.items() if not -0x8000 <= int(v) <= 0x7FFF]
    if bad:
        (left, right), value = bad[0]
        raise KernTableError(f"kern table: pair {left} {right} has value {value}, outside −32768…32767")
    if glyph_order is not None:
        index = {name: i for i, name in enumerate(glyph_order)}
        missing = sorted({n for pair in pairs for n in pair if n not in index})
        if missing:
            raise KernTableError("kern table: glyphs not in the font: " + ", ".join(missing[:20]))
        ordered = sorted(pairs, key=lambda p: (index[p[0]], index[p[1]]))
    else:
        ordered = sorted(pairs)
    table = newTable("kern")
    table.version = 0
    table.kernTables = []
    for start in range(0, len(ordered), max_pairs):
        subtable = KernTable_format_0(apple=False)
        subtable.coverage = 1  # horizontal kerning, values added
        subtable.tupleIndex = None
        subtable.kernTable = {p: int(pairs[p]) for p in ordered[start:start + max_pairs]}
        table.kernTables.append(subtable)
    return table


def font_kern_table(font, glyph_order: list[str] | None = None, max_pairs: int = MAX_PAIRS):
    """The kern table of a UFO's (class) kerning, or None when the font has no kerning."""
    glyphs = glyph_order if glyph_order is not None else list(font.keys())
    groups = read_groups(font, "")
    flat = flatten_kerning(dict(font.kerning.items()), groups, glyphs)
    if not flat:
        return None
    return kern_table(flat, glyph_order, max_pairs)
