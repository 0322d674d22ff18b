"""The plan of a class kerning run, and what both planners share.

:class:`ClassPlan` is what :func:`bubblekern.classkern.plan_classes` (numpy, on whole glyph × glyph
matrices) and :func:`bubblekern.classkern_plain.plan_classes` (plain Python, class pair by class pair,
for a Python without numpy such as RoboFont's may be) decide: the same entries, to the order.
Nothing here needs numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .groups import KERN1, KERN2, METHODS, KernGroups, kind_counts
from .pairs import Pair

__all__ = [
    "ClassPlan",
    "LOOSE_TOLERANCE",
    "MODES",
    "SideClasses",
    "bucket_of",
    "check_arguments",
    "entry_cell",
    "named_by_glyph",
    "smallest_fitting",
]

MODES = ("update", "replace")
LOOSE_TOLERANCE = 20.0
"""Default loose tolerance of class kerning runs, per 1000 em: a member pair left up to this much
looser than its own value by its class value gets no exception (measured on Noto Sans: 20 % fewer
entries than the 5-unit tolerance both ways, and no further from the designer's values)."""


@dataclass
class ClassPlan:
    """What :func:`plan_classes` decided: entries to write and remove, and counts."""

    written: dict[Pair, float]
    """Entries to set (new, or with a new value)."""
    removed: list[Pair]
    """Old entries to delete (their buckets were rewritten)."""
    entries: dict[Pair, float]
    """The fresh entries of the rewritten buckets (what this run wrote, unchanged ones included)."""
    groups: KernGroups
    tolerance: float
    """In font units: how much closer than its own value a pair may be set (its bubbles overlap)."""
    mode: str
    method: str = "key"
    solved: int = 0
    kept: int = 0
    pinned: list[Pair] = field(default_factory=list)
    unchanged: int = 0
    asked_tolerance: float | None = None
    """The tolerance asked for, when a budget raised it (else None)."""
    budget: int | None = None
    loose_tolerance: float | None = None
    """In font units: how much further apart than its own value a pair may be set (it could kern
    tighter); None: the same as :attr:`tolerance`."""
    asked_loose: float | None = None
    """The loose tolerance asked for, when a budget raised it (else None)."""
    total: int = 0
    """Entries in the font's kerning after the run: the fresh ones and the old ones it leaves."""

    @property
    def loosened(self) -> bool:
        """True when the budget raised a tolerance for exceptions."""
        return self.asked_tolerance is not None or self.asked_loose is not None

    @property
    def changed(self) -> bool:
        return bool(self.written or self.removed)

    @property
    def kerning(self) -> dict[Pair, float]:
        """The fresh entries (as :attr:`ClassKerning.kerning <bubblekern.groups.ClassKerning.kerning>`)."""
        return self.entries

    def counts(self) -> dict[str, int]:
        """Entries of the fresh set by kind (:func:`~bubblekern.groups.entry_kind`)."""
        return kind_counts(self.entries)

    @property
    def exceptions(self) -> int:
        """Fresh entries more specific than the bucket they sit in."""
        g = self.groups
        return sum(
            1 for a, b in self.entries
            if (not a.startswith(KERN1) and g.left_of(a) is not None)
            or (not b.startswith(KERN2) and g.right_of(b) is not None)
        )

    @property
    def ungrouped(self) -> int:
        """Fresh glyph–glyph entries of two glyphs in no group on their side (not exceptions)."""
        g = self.groups
        return sum(
            1 for a, b in self.entries
            if not a.startswith(KERN1) and not b.startswith(KERN2) and g.left_of(a) is None and g.right_of(b) is None
        )

    def summary(self) -> dict:
        return {
            "before": self.kept,
            "after": len(self.entries),
            "total": self.total,
            "exceptions": self.exceptions,
            "ungrouped": self.ungrouped,
            "pinned": len(self.pinned),
            "tolerance": round(self.tolerance, 3),
            **({"loose_tolerance": _rounded(self.loose_tolerance)} if self.loose_tolerance is not None else {}),
            **({"asked_tolerance": round(self.asked_tolerance, 3)} if self.asked_tolerance is not None else {}),
            **({"asked_loose": _rounded(self.asked_loose)} if self.asked_loose is not None else {}),
            **self.counts(),
        }


def check_arguments(mode: str, method: str, tolerance, loose_tolerance) -> None:
    """Refuse a mode, method or tolerance :func:`~bubblekern.classkern.plan_classes` cannot plan with."""
    if mode not in MODES:
        raise ValueError(f"mode must be 'update' or 'replace', not {mode!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    for name, tol in (("tolerance", tolerance), ("loose_tolerance", loose_tolerance)):
        if tol is not None and not _non_negative(tol):
            raise ValueError(f"{name} must be a number ≥ 0 (font units), not {tol!r}")


def smallest_fitting(evaluate, steps, fits, last):
    """The smallest of the increasing ``steps`` whose ``evaluate(step)`` ``fits``, with that result:
    a binary search, so ``fits`` must hold from some step on. ``last`` is the result at the last
    step, returned with it when no step fits."""
    low, high = 0, len(steps) - 1
    best, found = steps[high], last
    while low < high:
        middle = (low + high) // 2
        result = evaluate(float(steps[middle]))
        if fits(result):
            best, found, high = steps[middle], result, middle
        else:
            low = middle + 1
    return float(best), found


def _non_negative(value) -> bool:
    try:
        return not isinstance(value, bool) and math.isfinite(float(value)) and float(value) >= 0
    except (TypeError, ValueError):
        return False


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def number(value) -> float | int:
    value = float(value)
    return int(value) if value.is_integer() else value


class SideClasses:
    """One side's classes over ``names``: each kern group with members among them (in the groups' order), then
    each ungrouped glyph as a class of its own. ``of[i]`` is the class of ``names[i]``, ``member_rows[c]`` the
    glyphs of class ``c`` in the names' order; classes below ``grouped`` are kern groups."""

    def __init__(self, names: Sequence[str], group_members: Mapping[str, Sequence[str]], group_of,
                 index: Mapping[str, int]):
        self.class_names: list[str] = [g for g, members in group_members.items() if any(m in index for m in members)]
        self.number: dict[str, int] = {g: i for i, g in enumerate(self.class_names)}
        self.grouped = len(self.class_names)
        self.of: Sequence[int] = []
        for name in names:
            group = group_of(name)
            if group is None or group not in self.number:
                self.number[name] = len(self.class_names)
                self.class_names.append(name)
                group = name
            self.of.append(self.number[group])
        self.member_rows: list[list[int]] = [[] for _ in self.class_names]
        for i, c in enumerate(self.of):
            self.member_rows[c].append(i)

    def group_of(self, glyph: int) -> int | None:
        """The kern group (a class number) of glyph row ``glyph``, or None when it is in none."""
        c = int(self.of[glyph])
        return c if c < self.grouped else None

    def key_glyphs(self, key_names: Mapping[str, int], prefer: Sequence[bool]) -> list[int]:
        """Each class's key glyph row: its named key (``key_names``, by class name) when ``prefer`` holds there,
        else its first member where ``prefer`` holds, else its first member."""
        keys = []
        for c, rows in enumerate(self.member_rows):
            named = key_names.get(self.class_names[c])
            if named is not None and prefer[named]:
                keys.append(named)
            else:
                keys.append(next((r for r in rows if prefer[r]), rows[0]))
        return keys


def entry_cell(pair: Pair, index: Mapping[str, int], left: SideClasses, right: SideClasses) -> tuple[int, int, int] | None:
    """Where kerning entry ``pair`` applies: (its kind, its left and right number), the kind 0 for glyph–glyph, 1
    glyph–group, 2 group–glyph, 3 group–group, a number a glyph row or a group's class; None when it names a
    glyph not among the names or a group with no member among them (it applies to none of their pairs)."""
    a, b = pair
    a_group, b_group = a.startswith(KERN1), b.startswith(KERN2)
    i = left.number.get(a) if a_group else index.get(a)
    j = right.number.get(b) if b_group else index.get(b)
    if i is None or j is None or (a_group and i >= left.grouped) or (b_group and j >= right.grouped):
        return None
    return 2 * a_group + b_group, i, j


def bucket_of(pair: Pair, groups: KernGroups, left: SideClasses, right: SideClasses) -> tuple[int, int] | None:
    """The class pair (left class, right class) kerning entry ``pair`` belongs to, or None when a side is no class."""
    a, b = pair
    if not a.startswith(KERN1):
        a = groups.left_of(a) or a
    if not b.startswith(KERN2):
        b = groups.right_of(b) or b
    i, j = left.number.get(a), right.number.get(b)
    if i is None or j is None:
        return None
    return i, j


def named_by_glyph(existing: Mapping[Pair, float], groups: KernGroups,
                   index: Mapping[str, int]) -> Iterator[tuple[list[int], list[int]]]:
    """(left glyph rows, right glyph rows) of each entry of ``existing`` that names a glyph on a side: the pairs a
    designer's entry names by glyph (a pair text never sets stays at such an entry's value)."""
    for a, b in existing:
        grouped = a.startswith(KERN1), b.startswith(KERN2)
        if grouped[0] and grouped[1]:
            continue
        rows = [index[n] for n in (groups.left.get(a, ()) if grouped[0] else (a,)) if n in index]
        cols = [index[n] for n in (groups.right.get(b, ()) if grouped[1] else (b,)) if n in index]
        if rows and cols:
            yield rows, cols
