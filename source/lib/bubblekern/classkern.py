"""Class kerning planned on whole matrices: class values, exceptions, and designer values kept.

:func:`plan_classes` turns solved glyph pairs (a :class:`~bubblekern.kerning.KernResult`)
and a font's kern groups into the kerning entries to write, for fonts of thousands of
glyphs: every quantity is a glyphs × glyphs array, never a dict of millions of pairs.

**A class side is its key glyph.** A group pair's value is the value of its key glyphs'
pair (the glyph the group is named after, else its first member that was solved): what a
designer kerning ``@O @V`` by ``O V`` writes. (The envelope of the members, the union of
their bubbles per band, was the other choice; it is set by whichever member reaches
furthest in each band, usually an accent, so it would loosen the group pair for every plain
member and make them all exceptions.) Every member pair is still solved from its own
bubbles and checked against the value it resolves to:

- a member pair the group pair's value would set closer than its own value by more than
  the tolerance (its bubbles would overlap), or further apart by more than the *loose*
  tolerance (it could kern tighter; by default the same), gets an exception:
  a group–glyph entry ``(@L, b)`` where a column of the group pair agrees on the key's
  value with ``b``, then a glyph–group entry ``(a, @R)`` where a row agrees, each only when
  it saves at least one entry, and glyph–glyph entries for the rest;
- ungrouped glyphs are groups of one.

**Designer values are kept** (UFO 3 lookup, :func:`bubblekern.groups.resolve_pair`):

- ``update`` (the default): each pair BubbleKern kept (solved to at least ``min_kern``)
  resolves to its value within the tolerance; every other pair, solved or not, resolves
  to exactly the value it had before.
- ``replace``: each solved pair resolves to its value (0 when not kept) within the
  tolerance; every pair not solved keeps exactly the value it had.
- In both, a pair no text sets (``never_set``: Greek letters whose marks never meet, a small
  capital beside a lowercase letter) that was not solved and that no entry names by a glyph takes
  whatever its class pair gives.

Only the group pairs ("buckets": a kern1 group or ungrouped glyph × a kern2 group or
ungrouped glyph) where some pair must change (``replace``: where some pair was solved) are
rewritten: their old entries are replaced
by a fresh set that gives every pair of the bucket its required value, old values included.
The result is checked pair by pair with the same lookup before anything is written; a pair
that would still be off gets a glyph–glyph entry (``pinned``; none are expected).

**A budget keeps the kerning at a size designers ship.** ``budget`` (the CLI's
``--max-entries``) counts the font's whole kerning after the run: the fresh entries and the
old ones of the buckets the run leaves alone. A font whose own kerning is larger may keep its
size but not grow. When the class pairs, the entries that keep designer values and the
exceptions at ``tolerance`` would take more, the tolerance for
exceptions is raised to the smallest value that fits (a binary search over the members'
differences from their class values): the members that differ most keep their exceptions,
the ones closest take the class value. The loose tolerance is raised first, as far as it
takes: a member left a little looser than it could be costs nothing, one set closer than its
bubbles allow collides; only when every loose member is left to its class value is the
tolerance for collisions raised too.
Only pairs this run may set are loosened this way; a designer value is always kept exactly.
:attr:`ClassPlan.tolerance` and :attr:`ClassPlan.loose_tolerance` are the tolerances used,
:attr:`ClassPlan.asked_tolerance` and :attr:`ClassPlan.asked_loose` the ones asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .classplan import (
    LOOSE_TOLERANCE,
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

__all__ = ["ClassPlan", "LOOSE_TOLERANCE", "plan_classes", "effective_matrix", "GlyphIndex"]


class GlyphIndex:
    """Glyphs on the matrix axes, with the class each belongs to on either side."""

    def __init__(self, names: Sequence[str], groups: KernGroups):
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.groups = groups
        self.left = _Side(self.names, groups.left, groups.left_of, self.index)
        self.right = _Side(self.names, groups.right, groups.right_of, self.index)


class _Side(SideClasses):
    """One side's classes (:class:`~bubblekern.classplan.SideClasses`), with numpy arrays to reduce over them."""

    def __init__(self, names, group_members: Mapping[str, Sequence[str]], group_of, index):
        super().__init__(names, group_members, group_of, index)
        of = np.asarray(self.of, dtype=np.int64)
        self.of = of
        self.is_group = np.arange(len(self.class_names)) < self.grouped
        self.order = np.argsort(of, kind="stable")
        counts = np.bincount(of, minlength=len(self.class_names))
        self.starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)

    def key_of(self, key_names: Mapping[str, int], prefer: np.ndarray) -> np.ndarray:
        """The axis position of each class's key glyph (:meth:`~bubblekern.classplan.SideClasses.key_glyphs`)."""
        return np.asarray(self.key_glyphs(key_names, prefer), dtype=np.int64)

    def members(self) -> list[np.ndarray]:
        """The glyph positions of each class, in class order."""
        return np.split(self.order, self.starts[1:])

    def reduce(self, values: np.ndarray, axis: int) -> np.ndarray:
        """Sum ``values`` over the members of each class along ``axis``."""
        ordered = np.take(values, self.order, axis=axis)
        return np.add.reduceat(ordered, self.starts, axis=axis)


def effective_matrix(kerning: Mapping[Pair, float], index: GlyphIndex) -> np.ndarray:
    """The value of every glyph pair of ``index`` by the UFO 3 lookup (0 where no entry applies)."""
    n = len(index.names)
    left, right = index.left, index.right
    lg = np.where(left.is_group[left.of], left.of, left.grouped)  # no group: a row of NaN
    rg = np.where(right.is_group[right.of], right.of, right.grouped)
    group_group = np.full((left.grouped + 1, right.grouped + 1), np.nan)
    group_glyph = np.full((left.grouped + 1, n), np.nan)
    glyph_group = np.full((n, right.grouped + 1), np.nan)
    glyph_glyph: list[tuple[int, int, float]] = []
    for pair, value in kerning.items():
        cell = entry_cell(pair, index.index, left, right)
        if cell is None:
            continue
        kind, i, j = cell
        if kind == 3:
            group_group[i, j] = value
        elif kind == 2:
            group_glyph[i, j] = value
        elif kind == 1:
            glyph_group[i, j] = value
        else:
            glyph_glyph.append((i, j, value))
    out = group_group[lg][:, rg]
    layer = group_glyph[lg]
    np.copyto(out, layer, where=~np.isnan(layer))
    del layer
    layer = glyph_group[:, rg]
    np.copyto(out, layer, where=~np.isnan(layer))
    del layer
    for i, j, value in glyph_glyph:
        out[i, j] = value
    np.nan_to_num(out, copy=False, nan=0.0)
    return out


def _pair_indices(result: KernResult, index: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    pairs = result.pairs
    if isinstance(pairs, PairTable):
        remap = np.array([index[n] for n in pairs.names], dtype=np.int64)
        return remap[np.asarray(pairs.left, dtype=np.int64)], remap[np.asarray(pairs.right, dtype=np.int64)]
    left = np.fromiter((index[a] for a, _ in pairs), dtype=np.int64, count=len(pairs))
    right = np.fromiter((index[b] for _, b in pairs), dtype=np.int64, count=len(pairs))
    return left, right


def _never_set(marks: Mapping[str, int] | None, index: GlyphIndex, existing: Mapping[Pair, float],
               groups: KernGroups) -> np.ndarray:
    """Glyphs × glyphs: the pairs text never sets by their ``marks`` (glyph →
    :func:`~bubblekern.glyphsets.neighbour_flags`) that no entry of ``existing`` names by a glyph."""
    from .glyphsets import FLAGS_APART

    flags = np.zeros(len(index.names), dtype=np.int8)
    for name, value in (marks or {}).items():
        if name in index.index:
            flags[index.index[name]] = value
    out = np.array(FLAGS_APART, dtype=bool)[flags[:, None], flags[None, :]]
    if not out.any():
        return out
    for rows, cols in named_by_glyph(existing, groups, index.index):
        out[np.ix_(rows, cols)] = False
    return out


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
    """The class kerning entries for ``result`` in a font whose kerning is ``existing``.

    ``tolerance`` (font units) is how much closer than its own value a member pair may be set
    by its class value, ``loose_tolerance`` how much further apart (None: ``tolerance``);
    ``budget`` (entries in the font's kerning after the run, or as many as it had before when
    that is more; None or 0: no limit) may raise them for exceptions. ``method`` gives
    a group pair its value: ``key`` (its key glyphs' pair),
    ``median`` (the lower median of its member pairs) or ``fewest`` (the member
    value most of them are within ``tolerance`` of, then the most frequent, then the
    smallest). See the module doc for what is kept and how. ``never_set`` gives glyphs' flags
    (:func:`bubblekern.glyphsets.never_neighbours`): a pair of two of them that text never sets
    (:func:`~bubblekern.glyphsets.flags_apart`), that this run did not solve, and that no entry
    names by either glyph (only class pairs reach it), may take whatever its rewritten class pair gives.
    """
    check_arguments(mode, method, tolerance, loose_tolerance)
    pair_names = result.pairs.names if isinstance(result.pairs, PairTable) else [n for p in result.pairs for n in p]
    members = [m for side in (groups.left, groups.right) for ms in side.values() for m in ms]
    names = list(dict.fromkeys([*pair_names, *members]))
    index = GlyphIndex(names, groups)
    n = len(names)
    rows, cols = _pair_indices(result, index.index)
    solved = np.zeros((n, n), dtype=bool)
    solved[rows, cols] = True
    kept = np.zeros((n, n), dtype=bool)
    kept_mask = np.asarray(result.kept_mask, dtype=bool)
    kept[rows, cols] = kept_mask
    value = np.zeros((n, n))
    value[rows, cols] = np.where(kept_mask, np.asarray(result.values), 0)
    del rows, cols

    old = effective_matrix(existing, index)
    free = kept if mode == "update" else solved  # pairs this run may set
    target = np.where(free, value, old)
    del value
    ignored = _never_set(never_set, index, existing, groups) & ~solved  # pairs text never sets: any value
    exact = ~free & ~ignored
    asked = tol = float(tolerance)
    asked_loose = loose = tol if loose_tolerance is None else max(float(loose_tolerance), tol)

    def close(got: np.ndarray, tol: float, loose: float) -> np.ndarray:
        """Pairs ``got`` sets within the tolerances: no closer than ``tol``, no further than ``loose``."""
        diff = got - target  # < 0: closer than the pair's own value
        return ignored | np.where(exact, diff == 0, (diff >= -tol - 1e-9) & (diff <= loose + 1e-9))

    left, right = index.left, index.right
    must_change = free & (target != old) if mode == "update" else free  # replace rewrites every solved bucket
    touched = left.reduce(right.reduce(must_change.astype(np.int32), 1), 0) > 0  # classes × classes
    del must_change
    touched_pairs = touched[left.of][:, right.of]

    # class values from the key glyphs (solved key glyphs preferred)
    has_solved = solved.any(axis=1) | solved.any(axis=0)
    left_keys = left.key_of({g: index.index[k] for g in groups.left if (k := groups.key_glyph(g)) in index.index},
                            has_solved)
    right_keys = right.key_of({g: index.index[k] for g in groups.right if (k := groups.key_glyph(g)) in index.index},
                              has_solved)
    class_value = target[left_keys][:, right_keys]  # classes × classes
    if method != "key":
        _member_values(class_value, target, free, touched, left, right, method, tol)
    else:
        _keep_unsolved_classes(class_value, target, free, exact, ignored, touched, left, right, tol, loose)
    class_entries = touched & (class_value != 0)
    both = left.is_group[:, None] & right.is_group[None, :] & touched
    column_value = target[left_keys]  # left classes × glyphs
    row_value = target[:, right_keys]  # glyphs × right classes

    def exceptions(tol: float, loose: float):
        """(columns used, rows used, glyph–glyph exceptions, entry count) at ``tol`` and ``loose``."""
        current = class_value[left.of][:, right.of]
        off = ~close(current, tol, loose)
        # columns (@L, b) inside group pairs, then rows (a, @R), each where it saves an entry
        column = column_value[left.of]
        column_off = ~close(column, tol, loose)
        use_column = both[:, right.of] & (
            1 + left.reduce(column_off.astype(np.int32), 0) < left.reduce(off.astype(np.int32), 0))
        chosen = use_column[left.of]
        np.copyto(current, column, where=chosen)
        np.copyto(off, column_off, where=chosen)
        del column, column_off, chosen
        row = row_value[:, right.of]
        row_off = ~close(row, tol, loose)
        use_row = both[left.of] & (1 + right.reduce(row_off.astype(np.int32), 1) < right.reduce(off.astype(np.int32), 1))
        chosen = use_row[:, right.of]
        np.copyto(current, row, where=chosen)
        np.copyto(off, row_off, where=chosen)
        del row, row_off, chosen, current
        off &= touched_pairs
        count = sum(int(np.count_nonzero(m)) for m in (class_entries, use_column, use_row, off))
        return use_column, use_row, off, count

    buckets = {pair: bucket_of(pair, groups, left, right) for pair in existing}
    left_alone = sum(1 for bucket in buckets.values() if bucket is None or not touched[bucket])
    use_column, use_row, off, count = exceptions(tol, loose)
    room = max(budget, len(existing)) - left_alone if budget else None  # entries the run may have
    if room is not None and count > room:
        tol, loose, (use_column, use_row, off, count) = _fit_budget(
            exceptions, class_value[left.of][:, right.of], target, touched_pairs & ~exact & ~ignored, tol, loose, room)

    entries: dict[Pair, float] = {}
    cn_left, cn_right = left.class_names, right.class_names
    for i, j in zip(*np.nonzero(class_entries)):
        entries[(cn_left[i], cn_right[j])] = number(class_value[i, j])
    for i, b in zip(*np.nonzero(use_column)):
        entries[(cn_left[i], names[b])] = number(column_value[i, b])
    for a, j in zip(*np.nonzero(use_row)):
        entries[(names[a], cn_right[j])] = number(row_value[a, j])
    for a, b in zip(*np.nonzero(off)):
        entries[(names[a], names[b])] = number(target[a, b])
    del off

    # the new kerning: old entries of rewritten buckets go, the fresh ones come
    removed = []
    for pair, bucket in buckets.items():
        if bucket is not None and touched[bucket] and pair not in entries:
            removed.append(pair)
    gone = set(removed)
    final = {p: v for p, v in existing.items() if p not in gone}
    final.update(entries)

    # check every pair with the lookup; pin what is still off (none expected)
    pinned: list[Pair] = []
    got = effective_matrix(final, index)
    wrong = ~close(got, tol, loose)
    for a, b in zip(*np.nonzero(wrong)):
        pair = (names[a], names[b])
        entries[pair] = final[pair] = number(target[a, b])
        pinned.append(pair)

    written = {p: v for p, v in entries.items() if p not in existing or existing[p] != v}
    unchanged = len(entries) - len(written)
    return ClassPlan(
        written=written,
        removed=removed,
        entries=entries,
        groups=groups,
        tolerance=tol,
        mode=mode,
        solved=len(result),
        kept=int(np.count_nonzero(kept_mask)),
        pinned=pinned,
        unchanged=unchanged,
        asked_tolerance=asked if tol > asked else None,
        budget=budget or None,
        method=method,
        loose_tolerance=None if loose_tolerance is None and loose == tol else loose,
        asked_loose=asked_loose if loose > asked_loose else None,
        total=len(final),
    )


def _keep_unsolved_classes(class_value, target, free, exact, ignored, touched, left: _Side, right: _Side,
                           tol: float, loose: float) -> None:
    """Where a run sets fewer than half of a touched class pair's member pairs, give the class pair the
    value most of the others keep, instead of its key glyphs' new value, when that leaves fewer members
    off their targets: a run that solves the key pair and few of the others (``--text To``, the pairs of
    a few selected glyphs) then writes the solved pairs as exceptions, instead of moving the class pair
    and holding every member it did not solve at its old value with one (``T o`` in Noto Sans: 1 entry,
    not 59). A run that sets most members keeps the key's value. The choice depends on the targets
    alone, so planning again after applying changes nothing."""
    left_members, right_members = left.members(), right.members()
    for i, j in zip(*np.nonzero(touched)):
        rows, cols = left_members[i], right_members[j]
        if len(rows) * len(cols) < 2:
            continue
        block = np.ix_(rows, cols)
        held = ~free[block] & ~ignored[block]  # members that keep their value (not those text never sets)
        if 2 * np.count_nonzero(held) <= held.size:
            continue  # the run sets most members: the key's value is the run's
        values, frequency = np.unique(target[block][held], return_counts=True)
        current = values[np.lexsort((np.abs(values - class_value[i, j]), -frequency))[0]]
        if current == class_value[i, j]:
            continue
        members = (target[block], exact[block], ignored[block], tol, loose)
        if _off(current, *members) < _off(class_value[i, j], *members):
            class_value[i, j] = current


def _off(value: float, goal, fixed, any_value, tol: float, loose: float) -> int:
    """How many member pairs a class value of ``value`` leaves off their targets (``goal``)."""
    diff = value - goal
    fine = any_value | np.where(fixed, diff == 0, (diff >= -tol - 1e-9) & (diff <= loose + 1e-9))
    return int(np.count_nonzero(~fine))


def _member_values(class_value, target, free, touched, left: _Side, right: _Side, method: str, tol: float) -> None:
    """Set ``class_value`` of each touched class pair with more than one member pair from the
    values its member pairs must resolve to, by ``method``; class pairs none of whose member
    pairs this run sets (``free``) keep their key value."""
    left_members, right_members = left.members(), right.members()
    for i, j in zip(*np.nonzero(touched)):
        rows, cols = left_members[i], right_members[j]
        if len(rows) * len(cols) < 2:
            continue
        if not free[np.ix_(rows, cols)].any():
            continue
        ordered = np.sort(target[np.ix_(rows, cols)], axis=None)
        if method == "median":
            class_value[i, j] = ordered[(len(ordered) - 1) // 2]
            continue
        values, frequency = np.unique(ordered, return_counts=True)
        covered = (np.searchsorted(ordered, values + tol + 1e-9, "right")
                   - np.searchsorted(ordered, values - tol - 1e-9, "left"))
        class_value[i, j] = values[np.lexsort((np.abs(values), -frequency, -covered))[0]]


def _fit_budget(exceptions, current, target, moving, tol: float, loose: float, budget: int):
    """The smallest tolerances at which ``exceptions`` fits ``budget`` entries, with its result.

    First the loose tolerance is raised, by a binary search over how much further apart the
    class values set the members than their own values (``moving``: the pairs this run may set);
    when even the largest does not fit, the collision tolerance too, the same way over how much
    closer. When nothing fits, the largest of both.
    """
    diff = (current - target)[moving]
    looser = np.unique(diff[diff > loose + 1e-9])
    closer = np.unique(-diff[diff < -tol - 1e-9])
    del diff
    def fits(result) -> bool:
        return result[3] <= budget

    if len(looser):
        found = exceptions(tol, float(looser[-1]))
        if fits(found) or not len(closer):
            best, found = smallest_fitting(lambda value: exceptions(tol, value), looser, fits, found)
            return tol, best, found
        loose = float(looser[-1])
    if not len(closer):
        return tol, loose, exceptions(tol, loose)
    best, found = smallest_fitting(lambda value: exceptions(value, loose), closer, fits,
                                   exceptions(float(closer[-1]), loose))
    return best, loose, found


def resolve_all(kerning: Mapping[Pair, float], groups: KernGroups, names: Iterable[str]) -> np.ndarray:
    """Every pair of ``names`` by the UFO 3 lookup, as a matrix (for checks and tests)."""
    return effective_matrix(kerning, GlyphIndex(list(names), groups))


__all__ += ["resolve_all", "smallest_fitting"]
