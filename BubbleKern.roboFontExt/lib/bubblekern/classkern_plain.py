"""Class kerning planned class pair by class pair in plain Python, for a Python without numpy.

:func:`plan_classes` decides what :func:`bubblekern.classkern.plan_classes` decides, entry for
entry and in the same order (the tests compare the two), without numpy: RoboFont's Python may
have none, and its kerning window writes class kerning with this one there.

Every decision of the matrix planner is local to one class pair (a *bucket*: a kern1 group or
ungrouped glyph × a kern2 group or ungrouped glyph): the class value, the columns and rows that
save exceptions, the glyph exceptions, the old entries dropped. A pair outside the buckets a run
must change keeps its entries, so its value cannot move. This planner therefore looks only at
the member pairs of the buckets it rewrites, held as small nested lists: on Noto Sans's default
set, 1,305 buckets and 61,000 member pairs, where the matrices hold 1,000,000 glyph pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .classplan import (
    ClassPlan,
    SideClasses,
    bucket_of,
    check_arguments,
    entry_cell,
    named_by_glyph,
    number,
    smallest_fitting,
)
from .groups import KernGroups
from .kerning import KernResult, PairTable
from .pairs import Pair

__all__ = ["plan_classes"]

EPSILON = 1e-9
"""Slack on the tolerances, as the matrix planner gives it."""

Cell = tuple[int, int]


class _Lookup:
    """The UFO 3 lookup of one kerning over the names' classes (the matrix planner's ``effective_matrix``)."""

    def __init__(self, kerning: Mapping[Pair, float], index: Mapping[str, int], left: SideClasses, right: SideClasses):
        self.left, self.right = left, right
        self.tables: tuple[dict, dict, dict, dict] = ({}, {}, {}, {})  # glyph–glyph, glyph–group, group–glyph, both
        for pair, value in kerning.items():
            if (cell := entry_cell(pair, index, left, right)) is not None:
                kind, i, j = cell
                self.tables[kind][i, j] = float(value)

    def __call__(self, a: int, b: int) -> float:
        glyphs, glyph_group, group_glyph, groups = self.tables
        value = glyphs.get((a, b))
        if value is not None:
            return value
        lg, rg = self.left.group_of(a), self.right.group_of(b)
        if rg is not None and (value := glyph_group.get((a, rg))) is not None:
            return value
        if lg is not None and (value := group_glyph.get((lg, b))) is not None:
            return value
        if lg is not None and rg is not None and (value := groups.get((lg, rg))) is not None:
            return value
        return 0.0


@dataclass
class _Bucket:
    """One class pair's member pairs: rows × columns of glyphs, with each pair's target value, whether it
    must keep that value exactly (``fixed``: the run may not set it) or may take any (``any_value``: a pair text
    never sets); the others may be set within the tolerances."""

    left: int
    right: int
    rows: list[int]
    cols: list[int]
    target: list[list[float]]
    fixed: list[list[bool]]
    any_value: list[list[bool]]
    value: float = 0.0
    both: bool = False

    def off(self, value: float, r: int, c: int, tol: float, loose: float) -> bool:
        """True when ``value`` sets member (r, c) beyond the tolerances of its target."""
        if self.any_value[r][c]:
            return False
        diff = value - self.target[r][c]
        if self.fixed[r][c]:
            return diff != 0
        return not (-tol - EPSILON <= diff <= loose + EPSILON)

    def count_off(self, value: float, tol: float, loose: float) -> int:
        return sum(self.off(value, r, c, tol, loose) for r in range(len(self.rows)) for c in range(len(self.cols)))


@dataclass
class _Exceptions:
    """The entries a plan adds to its class values at one pair of tolerances, and how many entries in all."""

    columns: list[tuple[int, int, float]]  # (left class, glyph, value)
    rows: list[tuple[int, int, float]]  # (glyph, right class, value)
    glyphs: list[tuple[int, int, float]]  # (glyph, glyph, value)
    count: int


def plan_classes(
    result: KernResult,
    groups: KernGroups,
    existing: Mapping[Pair, float],
    mode: str = "update",
    tolerance: float = 5.0,
    budget: int | None = None,
    method: str = "key",
    loose_tolerance: float | None = None,
    never_set: Mapping[str, int] | None = None,
) -> ClassPlan:
    """The class kerning entries for ``result`` in a font whose kerning is ``existing``: what
    :func:`bubblekern.classkern.plan_classes` plans with the same arguments (see it), without numpy."""
    check_arguments(mode, method, tolerance, loose_tolerance)
    pairs = result.pairs
    pair_names = pairs.names if isinstance(pairs, PairTable) else [n for p in pairs for n in p]
    members = [m for side in (groups.left, groups.right) for ms in side.values() for m in ms]
    names = list(dict.fromkeys([*pair_names, *members]))
    index = {n: i for i, n in enumerate(names)}
    left = SideClasses(names, groups.left, groups.left_of, index)
    right = SideClasses(names, groups.right, groups.right_of, index)

    solved: dict[Cell, tuple[bool, float]] = {}  # the last solve of a pair counts, as in the matrices
    kept_mask = result.kept_mask.tolist()
    for (a, b), value, kept in zip(_cells(pairs, index), result.values.tolist(), kept_mask):
        solved[a, b] = (bool(kept), float(value) if kept else 0.0)
    old = _Lookup(existing, index, left, right)
    replace = mode == "replace"

    def free(cell: Cell) -> bool:  # pairs this run may set
        found = solved.get(cell)
        return found is not None and (replace or found[0])

    def target(cell: Cell) -> float:
        return solved[cell][1] if free(cell) else old(*cell)

    touched = sorted({(left.of[a], right.of[b]) for (a, b) in solved if free((a, b)) and (
        replace or solved[a, b][1] != old(a, b))})
    ignored = _never_set(never_set, index, existing, groups, solved)
    has_solved = [False] * len(names)
    for a, b in solved:
        has_solved[a] = has_solved[b] = True
    left_keys = left.key_glyphs({g: index[k] for g in groups.left if (k := groups.key_glyph(g)) in index}, has_solved)
    right_keys = right.key_glyphs({g: index[k] for g in groups.right if (k := groups.key_glyph(g)) in index}, has_solved)

    tol = asked = float(tolerance)
    loose = asked_loose = tol if loose_tolerance is None else max(float(loose_tolerance), tol)
    buckets = []
    for i, j in touched:
        rows, cols = left.member_rows[i], right.member_rows[j]
        anything = [[ignored((a, b)) for b in cols] for a in rows]
        bucket = _Bucket(
            i, j, rows, cols,
            target=[[target((a, b)) for b in cols] for a in rows],
            fixed=[[not free((a, b)) and not anything[r][c] for c, b in enumerate(cols)] for r, a in enumerate(rows)],
            any_value=anything,
            value=target((left_keys[i], right_keys[j])),
            both=i < left.grouped and j < right.grouped,
        )
        if method != "key":
            _member_value(bucket, solved, replace, method, tol)
        else:
            _keep_unsolved_class(bucket, tol, loose)
        buckets.append(bucket)

    def exceptions(tol: float, loose: float) -> _Exceptions:
        return _plan_exceptions(buckets, left_keys, right_keys, target, tol, loose)

    entry_buckets = {pair: bucket_of(pair, groups, left, right) for pair in existing}
    touched_set = set(touched)
    left_alone = sum(1 for bucket in entry_buckets.values() if bucket is None or bucket not in touched_set)
    found = exceptions(tol, loose)
    room = max(budget, len(existing)) - left_alone if budget else None  # entries the run may have
    if room is not None and found.count > room:
        tol, loose, found = _fit_budget(exceptions, buckets, tol, loose, room)

    entries: dict[Pair, float] = {}
    cn_left, cn_right = left.class_names, right.class_names
    for bucket in buckets:
        if bucket.value != 0:
            entries[cn_left[bucket.left], cn_right[bucket.right]] = number(bucket.value)
    for i, b, value in sorted(found.columns):
        entries[cn_left[i], names[b]] = number(value)
    for a, j, value in sorted(found.rows):
        entries[names[a], cn_right[j]] = number(value)
    for a, b, value in sorted(found.glyphs):
        entries[names[a], names[b]] = number(value)

    # the new kerning: old entries of rewritten buckets go, the fresh ones come
    removed = [pair for pair, bucket in entry_buckets.items()
               if bucket is not None and bucket in touched_set and pair not in entries]
    gone = set(removed)
    final = {p: v for p, v in existing.items() if p not in gone}
    final.update(entries)

    # check every rewritten pair with the lookup; pin what is still off (none expected)
    got = _Lookup(final, index, left, right)
    wrong = sorted((a, b) for bucket in buckets for r, a in enumerate(bucket.rows) for c, b in enumerate(bucket.cols)
                   if bucket.off(got(a, b), r, c, tol, loose))
    pinned: list[Pair] = []
    for a, b in wrong:
        pair = (names[a], names[b])
        entries[pair] = final[pair] = number(target((a, b)))
        pinned.append(pair)

    written = {p: v for p, v in entries.items() if p not in existing or existing[p] != v}
    return ClassPlan(
        written=written,
        removed=removed,
        entries=entries,
        groups=groups,
        tolerance=tol,
        mode=mode,
        solved=len(result),
        kept=sum(1 for k in kept_mask if k),
        pinned=pinned,
        unchanged=len(entries) - len(written),
        asked_tolerance=asked if tol > asked else None,
        budget=budget or None,
        method=method,
        loose_tolerance=None if loose_tolerance is None and loose == tol else loose,
        asked_loose=asked_loose if loose > asked_loose else None,
        total=len(final),
    )


def _cells(pairs, index: Mapping[str, int]):
    if isinstance(pairs, PairTable):
        remap = [index[n] for n in pairs.names]
        return ((remap[a], remap[b]) for a, b in zip(pairs.left.tolist(), pairs.right.tolist()))
    return ((index[a], index[b]) for a, b in pairs)


def _never_set(marks: Mapping[str, int] | None, index: Mapping[str, int], existing: Mapping[Pair, float],
               groups: KernGroups, solved: Mapping[Cell, object]) -> Callable[[Cell], bool]:
    """Whether a pair may take any value: text never sets it (its glyphs' ``marks``), the run did not solve
    it and no entry of ``existing`` names it by a glyph (the matrix planner's ``_never_set``)."""
    from .glyphsets import FLAGS_APART

    flags = {index[name]: value for name, value in (marks or {}).items() if name in index and value}
    present = {0, *flags.values()}
    if not any(FLAGS_APART[a][b] for a in present for b in present):
        return lambda cell: False
    named = {(r, c) for rows, cols in named_by_glyph(existing, groups, index) for r in rows for c in cols}

    def ignored(cell: Cell) -> bool:
        a, b = cell
        return bool(FLAGS_APART[flags.get(a, 0)][flags.get(b, 0)]) and cell not in named and cell not in solved

    return ignored


def _keep_unsolved_class(bucket: _Bucket, tol: float, loose: float) -> None:
    """Where a run sets fewer than half of the bucket's member pairs, the value most of the others keep,
    when that leaves fewer members off (the matrix planner's ``_keep_unsolved_classes``)."""
    size = len(bucket.rows) * len(bucket.cols)
    if size < 2:
        return
    held = [bucket.target[r][c] for r in range(len(bucket.rows)) for c in range(len(bucket.cols))
            if bucket.fixed[r][c]]  # members that keep their value (not those text never sets)
    if 2 * len(held) <= size:
        return  # the run sets most members: the key's value is the run's
    frequency = Counter(held)
    value = bucket.value
    current = min(sorted(frequency), key=lambda v: (-frequency[v], abs(v - value)))
    if current != value and bucket.count_off(current, tol, loose) < bucket.count_off(value, tol, loose):
        bucket.value = current


def _member_value(bucket: _Bucket, solved: Mapping[Cell, tuple[bool, float]], replace: bool, method: str,
                  tol: float) -> None:
    """The bucket's value from its member pairs' targets by ``method`` (``median`` or ``fewest``), when the run
    sets any of them (the matrix planner's ``_member_values``)."""
    if len(bucket.rows) * len(bucket.cols) < 2:
        return
    if not any((found := solved.get((a, b))) is not None and (replace or found[0])
               for a in bucket.rows for b in bucket.cols):
        return
    ordered = sorted(v for row in bucket.target for v in row)
    if method == "median":
        bucket.value = ordered[(len(ordered) - 1) // 2]
        return
    frequency = Counter(ordered)

    def covered(v: float) -> int:
        return sum(1 for x in ordered if v - tol - EPSILON <= x <= v + tol + EPSILON)

    bucket.value = min(sorted(frequency), key=lambda v: (-covered(v), -frequency[v], abs(v)))


def _plan_exceptions(buckets: Sequence[_Bucket], left_keys: Sequence[int], right_keys: Sequence[int],
                     target: Callable[[Cell], float], tol: float, loose: float) -> _Exceptions:
    """Each bucket's columns ``(@L, b)`` and rows ``(a, @R)`` where one saves an entry (group pairs only), then
    glyph exceptions for the members still off; with the number of entries, class values included."""
    columns, rows_used, glyphs = [], [], []
    count = 0
    for bucket in buckets:
        count += bucket.value != 0
        n_rows, n_cols = len(bucket.rows), len(bucket.cols)
        off = [[bucket.off(bucket.value, r, c, tol, loose) for c in range(n_cols)] for r in range(n_rows)]
        if bucket.both:
            key = left_keys[bucket.left]
            for c, b in enumerate(bucket.cols):
                value = target((key, b))
                column_off = [bucket.off(value, r, c, tol, loose) for r in range(n_rows)]
                if 1 + sum(column_off) < sum(off[r][c] for r in range(n_rows)):
                    columns.append((bucket.left, b, value))
                    for r in range(n_rows):
                        off[r][c] = column_off[r]
            key = right_keys[bucket.right]
            for r, a in enumerate(bucket.rows):
                value = target((a, key))
                row_off = [bucket.off(value, r, c, tol, loose) for c in range(n_cols)]
                if 1 + sum(row_off) < sum(off[r]):
                    rows_used.append((a, bucket.right, value))
                    off[r] = row_off
        for r, a in enumerate(bucket.rows):
            for c, b in enumerate(bucket.cols):
                if off[r][c]:
                    glyphs.append((a, b, bucket.target[r][c]))
    count += len(columns) + len(rows_used) + len(glyphs)
    return _Exceptions(columns, rows_used, glyphs, count)


def _fit_budget(exceptions, buckets: Sequence[_Bucket], tol: float, loose: float, budget: int):
    """The smallest tolerances at which ``exceptions`` fits ``budget`` entries, with its result: the loose
    tolerance first, then the one for collisions (the matrix planner's ``_fit_budget``)."""
    diff = [bucket.value - bucket.target[r][c] for bucket in buckets
            for r in range(len(bucket.rows)) for c in range(len(bucket.cols))
            if not bucket.fixed[r][c] and not bucket.any_value[r][c]]  # the pairs this run may set
    looser = sorted({d for d in diff if d > loose + EPSILON})
    closer = sorted({-d for d in diff if d < -tol - EPSILON})

    def fits(found: _Exceptions) -> bool:
        return found.count <= budget

    if looser:
        found = exceptions(tol, looser[-1])
        if fits(found) or not closer:
            best, found = smallest_fitting(lambda value: exceptions(tol, value), looser, fits, found)
            return tol, best, found
        loose = looser[-1]
    if not closer:
        return tol, loose, exceptions(tol, loose)
    best, found = smallest_fitting(lambda value: exceptions(value, loose), closer, fits,
                                   exceptions(closer[-1], loose))
    return best, loose, found
