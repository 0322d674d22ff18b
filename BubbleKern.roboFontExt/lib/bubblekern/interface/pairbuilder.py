"""The kerning window's pair builder: rows of Left list × Right list, and favourite sets.

A row holds two glyph lists as the user typed them (names separated by spaces or
commas, ``/name`` accepted, a group name standing for its members) and whether flipped
pairs are added. Favourite sets are named lists of rows, stored in extension defaults as
plain dicts and read back forgivingly.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import PairListError
from ..pairs import Pair, pair_grid, unique

__all__ = [
    "BuilderRow",
    "split_names",
    "resolve_names",
    "row_pairs",
    "rows_pairs",
    "row_summary",
    "favourites_to_defaults",
    "favourites_from_defaults",
    "add_favourite",
    "remove_favourite",
]

_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class BuilderRow:
    """One builder row: ``left`` × ``right`` (as typed), plus right × left when ``flipped``."""

    left: str = ""
    right: str = ""
    flipped: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"left": self.left, "right": self.right, "flipped": self.flipped}

    @classmethod
    def from_dict(cls, data: Any) -> BuilderRow | None:
        """A row from stored data, or None when it is not a row."""
        if not isinstance(data, Mapping):
            return None
        left, right = data.get("left", ""), data.get("right", "")
        if not isinstance(left, str) or not isinstance(right, str):
            return None
        return cls(left, right, bool(data.get("flipped", False)))


def split_names(text: str) -> list[str]:
    """The names typed in ``text``: split at spaces and commas, a leading ``/`` dropped."""
    names = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        for part in token.split("/"):
            if part:
                names.append(part)
    return list(dict.fromkeys(names))


def resolve_names(
    text: str,
    known: Collection[str],
    groups: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[str], list[str]]:
    """(glyph names, unknown names) of ``text``; a group name stands for its members."""
    groups = groups or {}
    names: list[str] = []
    unknown: list[str] = []
    for name in split_names(text):
        if name in known:
            names.append(name)
        elif name in groups:
            members = [m for m in groups[name] if m in known]
            names.extend(members)
            unknown.extend(m for m in groups[name] if m not in known)
        else:
            unknown.append(name)
    return list(dict.fromkeys(names)), list(dict.fromkeys(unknown))


def row_pairs(
    row: BuilderRow,
    known: Collection[str],
    groups: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[Pair], list[str]]:
    """(pairs of ``row``, problems); problems name the side and the unknown glyphs."""
    left, bad_left = resolve_names(row.left, known, groups)
    right, bad_right = resolve_names(row.right, known, groups)
    problems = []
    if bad_left:
        problems.append("left list: not in the font: " + ", ".join(bad_left))
    if bad_right:
        problems.append("right list: not in the font: " + ", ".join(bad_right))
    if not split_names(row.left):
        problems.append("left list is empty")
    if not split_names(row.right):
        problems.append("right list is empty")
    return pair_grid(left, right, row.flipped), problems


def rows_pairs(
    rows: Iterable[BuilderRow],
    known: Collection[str],
    groups: Mapping[str, Sequence[str]] | None = None,
) -> list[Pair]:
    """Every pair of ``rows``, in order, each once.

    Raises :class:`PairListError` listing every bad row (numbered from 1) at once.
    """
    pairs: list[Pair] = []
    problems: list[tuple[int, str]] = []
    for number, row in enumerate(rows, 1):
        row_result, row_problems = row_pairs(row, known, groups)
        pairs.extend(row_result)
        problems.extend((number, text) for text in row_problems)
    if problems:
        raise PairListError(problems, "pair builder row")
    return unique(pairs)


def row_summary(row: BuilderRow, known: Collection[str], groups: Mapping[str, Sequence[str]] | None = None) -> str:
    """The pair count shown next to a row: ``"12 × 4 = 48 pairs"`` (×2 when flipped)."""
    left, _ = resolve_names(row.left, known, groups)
    right, _ = resolve_names(row.right, known, groups)
    count = len(pair_grid(left, right, row.flipped))
    factor = " × 2" if row.flipped else ""
    return f"{len(left)} × {len(right)}{factor} = {count} pair{'s' if count != 1 else ''}"


# -- favourites --------------------------------------------------------------------


def favourites_from_defaults(data: Any) -> dict[str, list[BuilderRow]]:
    """Favourite sets from stored data (name → list of row dicts); anything malformed is left out."""
    favourites: dict[str, list[BuilderRow]] = {}
    if not isinstance(data, Mapping):
        return favourites
    for name in sorted(k for k in data if isinstance(k, str)):
        rows = data[name]
        if not isinstance(rows, (list, tuple)):
            continue
        parsed = [r for r in (BuilderRow.from_dict(item) for item in rows) if r is not None]
        if parsed:
            favourites[name] = parsed
    return favourites


def favourites_to_defaults(favourites: Mapping[str, Sequence[BuilderRow]]) -> dict[str, list[dict[str, Any]]]:
    """Favourite sets as plist-friendly data, names sorted."""
    return {name: [row.to_dict() for row in favourites[name]] for name in sorted(favourites)}


def add_favourite(
    favourites: Mapping[str, Sequence[BuilderRow]], name: str, rows: Sequence[BuilderRow]
) -> dict[str, list[BuilderRow]]:
    """A copy of ``favourites`` with ``rows`` saved as ``name`` (replacing a set of that name)."""
    name = name.strip()
    if not name:
        raise ValueError("a favourite set needs a name")
    if not rows:
        raise ValueError("a favourite set needs at least one row")
    result = {k: list(v) for k, v in favourites.items()}
    result[name] = list(rows)
    return result


def remove_favourite(favourites: Mapping[str, Sequence[BuilderRow]], name: str) -> dict[str, list[BuilderRow]]:
    """A copy of ``favourites`` without ``name``."""
    return {k: list(v) for k, v in favourites.items() if k != name}
