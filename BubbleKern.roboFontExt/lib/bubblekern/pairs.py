"""Where pairs come from: glyph sets, the left × right builder, pair-list text, sample text.

Every source gives a list of ``(left, right)`` glyph-name tuples, in order, without
duplicates. Names are checked against the font where one is given; bad entries raise
:class:`~bubblekern.errors.PairListError` listing every bad line at once.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

from .direction import Direction, char_direction, direction_runs
from .errors import MissingGlyphError, PairFileError, PairListError
from .glyphsets import unicode_table

__all__ = [
    "Pair",
    "all_pairs",
    "pair_grid",
    "parse_pair_list",
    "read_pair_list",
    "read_pair_text",
    "pairs_from_text",
    "touching",
    "unique",
    "check_names",
    "cmap_of",
    "is_mark",
    "is_blank",
]

Pair = tuple[str, str]

KPL_HEADER = re.compile(r"^#KPL:(?P<kind>[A-Za-z]):\s*(?P<name>.*)$")


def unique(pairs: Iterable[Pair]) -> list[Pair]:
    """``pairs`` in order, each once."""
    return list(dict.fromkeys((str(a), str(b)) for a, b in pairs))


def all_pairs(glyphs: Iterable[str]) -> list[Pair]:
    """Every left × right combination of ``glyphs``, same-glyph pairs included."""
    names = list(dict.fromkeys(glyphs))
    return [(a, b) for a in names for b in names]


def pair_grid(left: Iterable[str], right: Iterable[str], flipped: bool = False) -> list[Pair]:
    """Each glyph of ``left`` before each of ``right``; with ``flipped`` also right before left."""
    left, right = list(dict.fromkeys(left)), list(dict.fromkeys(right))
    pairs = [(a, b) for a in left for b in right]
    if flipped:
        pairs += [(b, a) for a in left for b in right]
    return unique(pairs)


def touching(pairs: Iterable[Pair], glyphs: Collection[str]) -> list[Pair]:
    """Only the pairs with ``glyphs`` on either side (the "kern selected glyphs" step)."""
    glyphs = set(glyphs)
    return [p for p in pairs if p[0] in glyphs or p[1] in glyphs]


def check_names(names: Iterable[str], known: Collection[str], where: str = "") -> None:
    """Raise :class:`MissingGlyphError` naming every name not in ``known``."""
    missing = [n for n in dict.fromkeys(names) if n not in known]
    if missing:
        raise MissingGlyphError(missing, where)


def parse_pair_list(
    text: str,
    known: Collection[str] | None = None,
    groups: Mapping[str, Sequence[str]] | None = None,
    source: str = "pair list",
) -> list[Pair]:
    """Pairs from pair-list text: one pair per line, two names separated by white space.

    Accepted: blank lines; ``#`` comments (whole lines, or after the names); a
    MetricsMachine header ``#KPL:P: name`` on the first line; an optional whole number
    after the two names (a kerning value, as in BubbleKern's tsv output), ignored. A
    name of a group in ``groups`` stands for its members. Names not in ``known`` (when
    given) and malformed lines are reported together, by line number.
    """
    problems: list[tuple[int, str]] = []
    pairs: list[Pair] = []
    groups = groups or {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        header = KPL_HEADER.match(line)
        if header:
            if number != 1:
                problems.append((number, "a MetricsMachine '#KPL:' header belongs on the first line"))
            elif header["kind"] != "P":
                problems.append((number, f"MetricsMachine list type {header['kind']!r} is not a pair list ('#KPL:P:')"))
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) == 3 and re.fullmatch(r"[+-]?\d+(\.\d+)?", fields[2]):
            fields = fields[:2]
        if len(fields) != 2:
            problems.append((number, f"expected two glyph names, found {len(fields)} field(s): {raw.strip()!r}"))
            continue
        sides = []
        for name in fields:
            if name in groups:
                sides.append(list(groups[name]))
            elif known is not None and name not in known:
                problems.append((number, f"glyph {name!r} is not in the font"))
                sides = None
                break
            else:
                sides.append([name])
        if sides is None:
            continue
        pairs.extend((a, b) for a in sides[0] for b in sides[1])
    if problems:
        raise PairListError(problems, source)
    return unique(pairs)


def read_pair_list(
    path: str | Path,
    known: Collection[str] | None = None,
    groups: Mapping[str, Sequence[str]] | None = None,
) -> list[Pair]:
    """Pairs from a pair-list file (UTF-8, or UTF-16 with a byte-order mark)."""
    return parse_pair_list(read_pair_text(path), known, groups, source=str(path))


def read_pair_text(path: str | Path) -> str:
    """The text of a pair-list file (UTF-8, or UTF-16 with a byte-order mark).

    Raises :class:`PairFileError` ("cannot read FILE: no such file") when it cannot be
    read, :class:`PairListError` naming the line when it cannot be decoded.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise PairFileError(f"cannot read {path}: {_why_unreadable(error)}", str(path)) from None
    return _decode(data, path)


def _why_unreadable(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or str(error)).lower()


def _decode(data: bytes, path: Path) -> str:
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return data.decode(encoding)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise PairListError(
            [(line, f"not UTF-8 text (byte 0x{data[error.start]:02x}); save the list as UTF-8")],
            str(path),
        ) from None


def is_mark(glyph) -> bool:
    """True for a combining mark: a Unicode value of category M, or, unencoded, a name whose
    base (before any ``.suffix``) ends in ``comb`` (``acutecomb.case``) or no advance width (``dotbelow.alt1``,
    ``circumflextilde``: nothing is set beside a glyph that takes no room; Liberation Serif's 281 such glyphs drew
    52,000 positive kerns from their overhanging bubbles)."""
    codes = [u for u in glyph.unicodes if 0 <= u < 0x110000]
    if codes:
        return any(unicodedata.category(chr(u)).startswith("M") for u in codes)
    return (glyph.name or "").split(".")[0].endswith("comb") or glyph.width == 0


_BLANK_CATEGORIES = {"Zs", "Zl", "Zp", "Cc", "Cf"}


def is_blank(glyph) -> bool:
    """True for a glyph that never has a bubble: white space or an invisible control (every
    Unicode value of category Z, Cc or Cf: space, no-break space, ZWJ), or no outline at all."""
    codes = [u for u in glyph.unicodes if 0 <= u < 0x110000]
    if codes and all(unicodedata.category(chr(u)) in _BLANK_CATEGORIES or chr(u).isspace() for u in codes):
        return True
    return len(glyph.contours) == 0 and len(glyph.components) == 0


def cmap_of(font) -> dict[int, str]:
    """Unicode value → glyph name, from the glyphs' unicodes (first name in sorted order wins)."""
    table = unicode_table(font)
    cmap: dict[int, str] = {}
    for name in sorted(table):
        for code in table[name]:
            cmap.setdefault(code, name)
    return cmap


_ESCAPE = re.compile(r"/([^\s/]+)\s?")


def pairs_from_text(
    text: str,
    cmap: Mapping[int, str],
    known: Collection[str] | None = None,
    directions: Mapping[str, Direction] | None = None,
) -> list[Pair]:
    """Consecutive glyph pairs of sample text, in logical order.

    Characters map through ``cmap``; ``/name`` stands for a glyph by name (ended by
    white space, which it consumes, or by the next ``/``). A line break ends a run;
    so does white space with no glyph in the cmap, and so does a change of writing
    direction (:func:`bubblekern.direction.direction_runs`: no pair joins a Hebrew
    word to a Latin one). ``directions`` gives the direction of ``/name`` glyphs
    (neutral when not given). Characters with no glyph and unknown ``/names`` are
    reported together, by line and column.
    """
    problems: list[tuple[int, str]] = []
    pairs: list[Pair] = []
    for number, line in enumerate(text.splitlines(), 1):
        items: list[str | None] = []
        sides: list[Direction] = []
        position = 0
        while position < len(line):
            char = line[position]
            match = _ESCAPE.match(line, position) if char == "/" else None
            if match:
                name = match.group(1)
                position = match.end()
                if known is not None and name not in known:
                    problems.append((number, f"/{name} (column {match.start() + 1}) is not a glyph in the font"))
                    name = None
                direction = (directions or {}).get(name) if name else None
            else:
                position += 1
                name = cmap.get(ord(char))
                direction = char_direction(char)
                if name is None and char == "/":
                    problems.append((number, f"'/' (column {position}) is followed by no glyph name (write /name)"))
                elif name is None and not char.isspace():
                    problems.append((number, f"{char!r} (U+{ord(char):04X}, column {position}) has no glyph in the font"))
            items.append(name)
            sides.append(direction)
        for start, stop, _ in direction_runs(sides):
            for a, b in zip(items[start:stop], items[start + 1 : stop]):
                if a is not None and b is not None:
                    pairs.append((a, b))
    if problems:
        raise PairListError(problems, "sample text")
    return unique(pairs)
