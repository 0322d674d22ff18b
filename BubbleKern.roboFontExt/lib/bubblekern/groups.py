"""Kerning groups: read them, resolve pairs through them, compress glyph pairs into class kerning.

UFO 3 kerning groups are named ``public.kern1.*`` (the glyph is on the left of a pair)
and ``public.kern2.*`` (on the right); a glyph belongs to at most one group per side.
A glyph pair ``(l, r)`` takes the first value found among, in this order::

    (l, r)   glyph–glyph
    (l, R)   glyph–group   (R: the kern2 group of r)
    (L, r)   group–glyph   (L: the kern1 group of l)
    (L, R)   group–group

and 0 when there is none (:func:`resolve_pair`). ufo2ft's kern feature writer orders the
GPOS rules the same way, so the compiled font positions a pair as this lookup says.

:func:`compress` turns solved glyph pairs into class kerning: one value per group pair
plus the exceptions needed so that every solved pair resolves to its own value within
a tolerance. :func:`build_groups` proposes groups for a font that has none, from the
glyphs' band profiles.
"""

from __future__ import annotations

import plistlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .errors import BubbleKernError
from .fontkerning import kerning_dict, write_kerning
from .kerning import ApplyReport, KernResult
from .pairs import Pair

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "KERN1",
    "KERN2",
    "KEY_GLYPHS",
    "GroupError",
    "GroupConflictError",
    "KernGroups",
    "ClassKerning",
    "ClassApplyReport",
    "read_groups",
    "find_conflicts",
    "check_groups_file",
    "resolve_pair",
    "resolve_kerning",
    "glyph_targets",
    "compress",
    "compress_masters",
    "build_groups",
    "write_groups",
    "apply_class_kerning",
    "scaled_tolerance",
    "entry_kind",
    "kind_counts",
]

KERN1 = "public.kern1."
KERN2 = "public.kern2."

KEY_GLYPHS = (
    "H", "O", "n", "o", "A", "V", "T", "v", "a", "e", "c", "s", "i", "l", "x", "z", "E", "I", "L", "S",
    "period", "comma", "hyphen", "quoteright", "quotedbl", "parenleft", "parenright", "zero", "one",
)
"""Glyphs groups are preferably named after (and keyed on), in this order."""

Method = Literal["key", "median", "fewest"]
METHODS = ("key", "median", "fewest")

Values = tuple[int, ...]


class GroupError(BubbleKernError):
    """Kerning groups cannot be used or written as asked."""


class GroupConflictError(GroupError):
    """A glyph is in two kerning groups of the same side; ``conflicts`` holds (glyph, side, groups)."""

    def __init__(self, conflicts: list[tuple[str, int, tuple[str, ...]]], source: str = ""):
        self.conflicts = conflicts
        lines = [
            f"  glyph {glyph!r} is in {len(names)} kern{side} groups: {', '.join(names)}"
            for glyph, side, names in conflicts[:20]
        ]
        more = f"\n  … and {len(conflicts) - 20} more" if len(conflicts) > 20 else ""
        where = f"{source}: " if source else ""
        super().__init__(
            f"{where}kerning group conflict (a glyph may be in one group per side only):\n" + "\n".join(lines) + more
        )


# -- groups -----------------------------------------------------------------------


@dataclass(frozen=True)
class KernGroups:
    """The kern1 (left side) and kern2 (right side) groups of a font, checked."""

    left: dict[str, tuple[str, ...]] = field(default_factory=dict)
    right: dict[str, tuple[str, ...]] = field(default_factory=dict)
    missing: tuple[str, ...] = field(default=(), compare=False)
    """Member names that are not in the font (ignored; not compared)."""

    def __post_init__(self):
        object.__setattr__(self, "_left_of", {g: name for name, members in self.left.items() for g in members})
        object.__setattr__(self, "_right_of", {g: name for name, members in self.right.items() for g in members})

    def __bool__(self) -> bool:
        return bool(self.left or self.right)

    def __len__(self) -> int:
        return len(self.left) + len(self.right)

    @classmethod
    def from_mapping(
        cls, groups: Mapping[str, Sequence[str]], known: Iterable[str] | None = None, source: str = ""
    ) -> KernGroups:
        """Kern groups out of a font's ``groups``; a glyph in two groups of a side raises
        :class:`GroupConflictError` listing every conflict. Members not in ``known`` are dropped."""
        conflicts = find_conflicts(groups)
        if conflicts:
            raise GroupConflictError(conflicts, source)
        known = set(known) if known is not None else None
        left: dict[str, tuple[str, ...]] = {}
        right: dict[str, tuple[str, ...]] = {}
        missing: list[str] = []
        for name, members in groups.items():
            if not (name.startswith(KERN1) or name.startswith(KERN2)):
                continue
            members = tuple(dict.fromkeys(members))
            if known is not None:
                missing += [m for m in members if m not in known]
                members = tuple(m for m in members if m in known)
            if members:
                (left if name.startswith(KERN1) else right)[name] = members
        return cls(left, right, tuple(dict.fromkeys(missing)))

    def left_of(self, glyph: str) -> str | None:
        """The kern1 group of ``glyph``, or None."""
        return self._left_of.get(glyph)

    def right_of(self, glyph: str) -> str | None:
        """The kern2 group of ``glyph``, or None."""
        return self._right_of.get(glyph)

    def left_key(self, name: str) -> str:
        """What ``name`` kerns as on the left: its kern1 group, else itself."""
        return name if name.startswith(KERN1) else self._left_of.get(name, name)

    def right_key(self, name: str) -> str:
        """What ``name`` kerns as on the right: its kern2 group, else itself."""
        return name if name.startswith(KERN2) else self._right_of.get(name, name)

    def members(self, name: str) -> tuple[str, ...]:
        """Members of group ``name``; a glyph name stands for itself."""
        if name in self.left:
            return self.left[name]
        if name in self.right:
            return self.right[name]
        return (name,)

    def key_glyph(self, name: str) -> str:
        """The glyph a group is keyed on: the one it is named after, else its first member."""
        members = self.members(name)
        for prefix in (KERN1, KERN2):
            if name.startswith(prefix) and name[len(prefix):] in members:
                return name[len(prefix):]
        return members[0]

    def as_dict(self) -> dict[str, list[str]]:
        """Plain ``font.groups`` data."""
        return {name: list(m) for name, m in {**self.left, **self.right}.items()}


def find_conflicts(groups: Mapping[str, Sequence[str]]) -> list[tuple[str, int, tuple[str, ...]]]:
    """(glyph, side, group names) for every glyph in more than one kern group of a side."""
    seen: dict[tuple[str, int], list[str]] = {}
    for name, members in groups.items():
        side = 1 if name.startswith(KERN1) else 2 if name.startswith(KERN2) else 0
        if side:
            for glyph in dict.fromkeys(members):
                seen.setdefault((glyph, side), []).append(name)
    return [(glyph, side, tuple(names)) for (glyph, side), names in seen.items() if len(names) > 1]


def check_groups_file(ufo: str | Path) -> None:
    """Raise :class:`GroupConflictError` naming ``ufo``'s groups.plist when it has conflicting kern groups.

    ufoLib refuses such a file with a message naming only the glyph; this names the groups too.
    """
    path = Path(ufo) / "groups.plist"
    if not path.is_file():
        return
    try:
        with open(path, "rb") as f:
            data = plistlib.load(f)
    except Exception:  # a broken file is reported when the font is opened
        return
    if isinstance(data, dict):
        conflicts = find_conflicts({k: tuple(v) for k, v in data.items() if isinstance(v, list)})
        if conflicts:
            raise GroupConflictError(conflicts, str(path))


def read_groups(font, source: str | None = None) -> KernGroups:
    """The font's kern groups, checked for conflicts; members not in the font are dropped."""
    if source is None:
        source = str(getattr(font, "path", "") or "")
    return KernGroups.from_mapping({k: tuple(v) for k, v in font.groups.items()}, font.keys(), source)


def _as_groups(groups) -> KernGroups:
    if isinstance(groups, KernGroups):
        return groups
    if groups is None:
        return KernGroups()
    return KernGroups.from_mapping({k: tuple(v) for k, v in dict(groups).items()})


def resolve_pair(kerning: Mapping[Pair, float], groups, left: str, right: str, fallback: float = 0):
    """The kerning value of ``(left, right)`` by the UFO 3 lookup order (see the module doc).

    ``left``/``right`` may be glyph or group names; ``groups`` is a :class:`KernGroups`
    or a ``font.groups`` mapping.
    """
    groups = _as_groups(groups)
    first_group = left if left.startswith(KERN1) else groups.left_of(left)
    second_group = right if right.startswith(KERN2) else groups.right_of(right)
    first = None if left.startswith(KERN1) else left
    second = None if right.startswith(KERN2) else right
    for pair in ((first, second), (first, second_group), (first_group, second), (first_group, second_group)):
        if None not in pair and pair in kerning:
            return kerning[pair]
    return fallback


def resolve_kerning(kerning: Mapping[Pair, float], groups, glyphs: Iterable[str] | None = None) -> dict[Pair, float]:
    """Every glyph pair some entry of ``kerning`` reaches, with its value by the UFO 3 lookup
    order (zeros included). Only glyphs in ``glyphs`` are kept, when given."""
    groups = _as_groups(groups)
    known = set(glyphs) if glyphs is not None else None
    candidates: dict[Pair, None] = {}
    for left, right in kerning:
        lefts = groups.left.get(left, ()) if left.startswith(KERN1) else (left,)
        rights = groups.right.get(right, ()) if right.startswith(KERN2) else (right,)
        for a in lefts:
            if known is None or a in known:
                for b in rights:
                    if known is None or b in known:
                        candidates[(a, b)] = None
    return {(a, b): resolve_pair(kerning, groups, a, b) for a, b in candidates}


def entry_kind(pair: Pair) -> str:
    """What the two sides of a kerning entry are: ``group-group``, ``glyph-group``, ``group-glyph`` or ``glyph-glyph``."""
    left, right = pair
    return f"{'group' if left.startswith(KERN1) else 'glyph'}-{'group' if right.startswith(KERN2) else 'glyph'}"


def kind_counts(pairs: Iterable[Pair]) -> dict[str, int]:
    """Entries by :func:`entry_kind`, every kind listed."""
    counts = dict.fromkeys(("group-group", "glyph-group", "group-glyph", "glyph-glyph"), 0)
    for pair in pairs:
        counts[entry_kind(pair)] += 1
    return counts


def scaled_tolerance(tolerance: float, upm: float) -> float:
    """A tolerance given per 1000 units per em, in the font's units."""
    return tolerance * upm / 1000.0


# -- compress ----------------------------------------------------------------------


@dataclass
class ClassKerning:
    """Class kerning of one font: ``kerning`` resolves each of ``targets`` within ``tolerance``."""

    kerning: dict[Pair, int]
    groups: KernGroups
    targets: dict[Pair, int]
    """Every solved glyph pair and its value (0 for a pair solved to nothing)."""
    tolerance: float
    """In font units."""
    method: str = "fewest"

    @property
    def before(self) -> int:
        """Glyph pairs with a value, as flat kerning would write them."""
        return sum(1 for v in self.targets.values() if v)

    @property
    def after(self) -> int:
        """Kerning entries of the class kerning."""
        return len(self.kerning)

    def buckets(self) -> set[Pair]:
        """The group pairs (a group, or an ungrouped glyph, on each side) its target pairs fall in."""
        return {(self.groups.left_key(a), self.groups.right_key(b)) for a, b in self.targets}

    kind = staticmethod(entry_kind)

    def counts(self) -> dict[str, int]:
        """Entries by kind: group-group, glyph-group, group-glyph, glyph-glyph."""
        return kind_counts(self.kerning)

    @property
    def exceptions(self) -> dict[Pair, int]:
        """Entries more specific than the group pair they sit in."""
        return {p: v for p, v in self.kerning.items() if self._level(p) > 0}

    def _level(self, pair: Pair) -> int:
        """0 for the bucket's own entry, more for the exceptions below it."""
        left, right = pair
        lg = left.startswith(KERN1) or self.groups.left_of(left) is None
        rg = right.startswith(KERN2) or self.groups.right_of(right) is None
        return (not lg) + (not rg)

    def resolve(self, left: str, right: str) -> int:
        return resolve_pair(self.kerning, self.groups, left, right)

    def mismatches(self) -> dict[Pair, tuple[int, int]]:
        """Solved pairs that do not resolve to their value within the tolerance: pair → (resolved, value)."""
        bad = {}
        for (left, right), value in self.targets.items():
            got = self.resolve(left, right)
            if abs(got - value) > self.tolerance:
                bad[(left, right)] = (got, value)
        return bad

    def summary(self) -> dict:
        """Counts: glyph pairs before, entries after, entries by kind, and how many are exceptions."""
        return {"before": self.before, "after": self.after, "exceptions": len(self.exceptions), **self.counts()}


def glyph_targets(result: KernResult | Mapping[Pair, int]) -> dict[Pair, int]:
    """Solved glyph pairs and their values; pairs of a :class:`KernResult` not kept count as 0."""
    if isinstance(result, KernResult):
        return {p: (int(v) if k else 0) for p, v, k in zip(result.pairs, result.values.tolist(), result.kept_mask)}
    return {tuple(p): int(v) for p, v in dict(result).items()}


def _upm_of(result) -> float:
    if isinstance(result, KernResult):
        return result.band_height * 1000.0 / result.settings.band
    return 1000.0


def compress(
    result: KernResult | Mapping[Pair, int],
    groups,
    method: Method = "fewest",
    tolerance: float = 5,
    upm: float | None = None,
) -> ClassKerning:
    """Class kerning for solved glyph pairs.

    Each group pair gets one value: the key glyphs' pair value (``key``), the median of
    its members' values (``median``) or the member value most others are within the
    tolerance of (``fewest``). Members further than ``tolerance`` (per 1000 units per em)
    from what they would resolve to get exceptions: glyph–group or group–glyph entries
    where a whole row or column of a group pair agrees, glyph–glyph entries for the rest.
    Every pair of ``result`` then resolves (:func:`resolve_pair`) to its value within the
    tolerance. Without groups, the result is the flat glyph pairs.
    """
    upm = upm if upm is not None else _upm_of(result)
    return compress_masters([result], groups, method, tolerance, [upm])[0]


def compress_masters(
    results: Sequence[KernResult | Mapping[Pair, int]],
    groups,
    method: Method = "fewest",
    tolerance: float = 5,
    upms: Sequence[float] | None = None,
) -> list[ClassKerning]:
    """Compatible class kerning of several masters: every master gets the same entries.

    A pair solved in one master only counts as 0 in the others. The tolerance holds in
    every master at once, so the masters interpolate with the same exceptions.
    """
    import numpy as np

    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    groups = _as_groups(groups)
    per_master = [glyph_targets(r) for r in results]
    upms = list(upms) if upms is not None else [_upm_of(r) for r in results]
    tolerances = [scaled_tolerance(tolerance, u) for u in upms]
    pairs = list(dict.fromkeys(p for targets in per_master for p in targets))
    vectors = {p: tuple(t.get(p, 0) for t in per_master) for p in pairs}
    entries = _compress_vectors(vectors, groups, method, np.array(tolerances, float))
    return [
        ClassKerning(
            kerning={p: v[i] for p, v in entries.items()},
            groups=groups,
            targets={p: vectors[p][i] for p in pairs},
            tolerance=tolerances[i],
            method=method,
        )
        for i in range(len(per_master))
    ]


def _compress_vectors(
    vectors: dict[Pair, Values], groups: KernGroups, method: str, tol: np.ndarray
) -> dict[Pair, Values]:
    buckets: dict[tuple[str, str], list[Pair]] = {}
    for pair in vectors:
        buckets.setdefault((groups.left_key(pair[0]), groups.right_key(pair[1])), []).append(pair)
    out: dict[Pair, Values] = {}
    for (lkey, rkey), members in buckets.items():
        _compress_bucket(lkey, rkey, members, vectors, groups, method, tol, out)
    return out


def _compress_bucket(lkey, rkey, members, vectors, groups, method, tol, out) -> None:
    import numpy as np

    left_grouped = lkey.startswith(KERN1)
    right_grouped = rkey.startswith(KERN2)
    if not left_grouped and not right_grouped:
        (pair,) = members
        if any(vectors[pair]):
            out[pair] = vectors[pair]
        return
    data = np.array([vectors[p] for p in members], dtype=np.int64)
    key_pair = (groups.key_glyph(lkey), groups.key_glyph(rkey))
    base = _choose(data, vectors.get(key_pair), method, tol)
    if any(base):
        out[(lkey, rkey)] = base
    off = ~_close(data, np.array(base), tol)

    if left_grouped and right_grouped and off.sum() >= 2:
        # group–glyph entries (L, r) where a column of the group pair agrees on another value,
        # then glyph–group entries (l, R) where a row agrees (they outrank the columns)
        key_left, key_right = key_pair
        for side, entry in ((1, lambda name: (lkey, name)), (0, lambda name: (name, rkey))):
            lines: dict[str, list[int]] = {}
            for i, pair in enumerate(members):
                lines.setdefault(pair[side], []).append(i)
            for name, indices in lines.items():
                line = np.array(indices)
                if len(line) < 2 or off[line].sum() < 2:
                    continue
                key = (key_left, name) if side == 1 else (name, key_right)
                value = _better(data[line], off[line], vectors.get(key), method, tol)
                if value is not None:
                    out[entry(name)] = value
                    off[line] = ~_close(data[line], np.array(value), tol)

    for i in np.flatnonzero(off):
        out[members[i]] = vectors[members[i]]


def _better(data: np.ndarray, off: np.ndarray, key: Values | None, method: str, tol: np.ndarray) -> Values | None:
    """A value for a whole row/column when one entry saves at least one exception."""
    import numpy as np

    current = int(off.sum())
    if len(data) < 2 or current < 2:
        return None
    candidate = _choose(data, key, method, tol)
    after = int((~_close(data, np.array(candidate), tol)).sum())
    return candidate if 1 + after < current else None


def _close(data: np.ndarray, value: np.ndarray, tol: np.ndarray) -> np.ndarray:
    """Rows of ``data`` within ``tol`` of ``value`` in every master."""
    import numpy as np

    return (np.abs(data - value) <= tol).all(axis=1)


def _choose(data: np.ndarray, key: Values | None, method: str, tol: np.ndarray) -> Values:
    import numpy as np

    if not len(data):
        return tuple(0 for _ in tol)
    if method == "key" and key is not None:
        return tuple(key)
    if method == "median":
        ordered = np.sort(data, axis=0)
        return tuple(int(v) for v in ordered[(len(data) - 1) // 2])
    candidates, frequency = np.unique(data, axis=0, return_counts=True)
    close = np.ones((len(candidates), len(data)), bool)
    for m in range(data.shape[1]):
        close &= np.abs(candidates[:, m][:, None] - data[:, m][None, :]) <= tol[m]
    covered = close.sum(axis=1)
    # most members within tolerance, then the most frequent value, then the smallest
    order = np.lexsort((np.abs(candidates).sum(axis=1), -frequency, -covered))
    return tuple(int(v) for v in candidates[order[0]])


# -- writing -----------------------------------------------------------------------


@dataclass
class ClassApplyReport(ApplyReport):
    """What :func:`apply_class_kerning` changed; ``pinned`` are glyph pairs added to outrank old entries."""

    pinned: list[Pair] = field(default_factory=list)


def _check_font_groups(font, groups: KernGroups, kerning: Mapping[Pair, int]) -> None:
    used = {n for pair in kerning for n in pair if n.startswith(KERN1) or n.startswith(KERN2)}
    font_groups = {k: tuple(v) for k, v in font.groups.items()}
    wrong = [
        n for n in sorted(used)
        if tuple(m for m in font_groups.get(n, ()) if m in font) != tuple(groups.members(n))
    ]
    if wrong:
        raise GroupError(
            "the font's groups do not match the class kerning for: " + ", ".join(wrong)
            + " (write the groups to the font first)"
        )


def apply_class_kerning(font, classes: ClassKerning, mode: str = "update", write: bool = True) -> ClassApplyReport:
    """Write class kerning into ``font.kerning`` as one bulk change.

    Every kept pair (a non-zero value in ``classes.targets``) resolves to its value within
    the tolerance; in ``replace`` mode so does every solved pair (0 when not kept). Every
    other glyph pair keeps exactly the value it resolved to before (the UFO 3 lookup): old
    entries of the group pairs this run solved are removed when superseded, and a pair whose
    value would still change gets a glyph–glyph entry (``pinned``). With ``write`` False
    nothing is written: the report says what would be. The font's groups must be the ones the
    kerning was made with (not checked when nothing is written).
    """
    if mode not in ("update", "replace"):
        raise ValueError(f"mode must be 'update' or 'replace', not {mode!r}")
    groups = classes.groups
    if write:
        _check_font_groups(font, groups, classes.kerning)
    existing = kerning_dict(font)
    report = ClassApplyReport()
    touched = classes.buckets()
    state = dict(existing)
    for pair in existing:
        if pair in classes.kerning:
            continue
        left, right = pair
        bucket = (groups.left_key(left), groups.right_key(right))
        if bucket in touched and (
            mode == "replace"
            or all((a, b) in classes.targets for a in groups.members(left) for b in groups.members(right))
        ):
            report.removed.append(pair)
            del state[pair]
    for pair, value in classes.kerning.items():
        if existing.get(pair) == value:
            report.unchanged += 1
        else:
            report.written[pair] = value
        state[pair] = value
    for pair, value in _off_pairs(existing, state, classes, touched, mode).items():
        state[pair] = value
        report.written[pair] = value
        report.pinned.append(pair)
        if pair in report.removed:
            report.removed.remove(pair)
    if write:
        write_kerning(font, report.written, report.removed)
    return report


def _off_pairs(existing, state, classes: ClassKerning, touched, mode: str) -> dict[Pair, float]:
    """Glyph pairs of the touched group pairs that ``state`` gets wrong, with the value they need:
    kept (or, replacing, solved) pairs beyond the tolerance of their value, others changed at all."""
    import numpy as np

    from .classkern import GlyphIndex, effective_matrix

    groups = classes.groups
    names = list(dict.fromkeys(
        n for left, right in touched for n in (*groups.members(left), *groups.members(right))
    ))
    index = GlyphIndex(names, groups)
    before = effective_matrix(existing, index)
    after = effective_matrix(state, index)
    pos = index.index
    free = np.zeros(before.shape, bool)
    target = before.copy()
    for (a, b), value in classes.targets.items():
        if mode == "replace" or value:
            free[pos[a], pos[b]] = True
            target[pos[a], pos[b]] = value
    wrong = np.where(free, np.abs(after - target) > classes.tolerance + 1e-9, after != before)
    out = {}
    for i, j in zip(*np.nonzero(wrong)):
        value = float(target[i, j])
        out[(names[i], names[j])] = int(value) if value.is_integer() else value
    return out


# -- building groups -----------------------------------------------------------------


def build_groups(
    font,
    glyphs: Iterable[str] | None = None,
    tolerance: float = 5,
    coverage: float = 0.8,
    settings=None,
    bubbles=None,
) -> KernGroups:
    """Propose kern groups: glyphs whose sides match, band by band, within ``tolerance``.

    A glyph's right side (for kern1) is its bubble's right sidebearing in each band
    (advance − right extent), its left side (for kern2) the left extent; the other way
    round for right-to-left glyphs (:mod:`bubblekern.direction`). Two sides match
    when they differ by at most ``tolerance`` (per 1000 units per em) in every band both
    reach, and those shared bands are at least ``coverage`` of the bands either reaches.
    Glyphs join the first group whose key glyph they match; conventional key glyphs
    (:data:`KEY_GLYPHS`) are tried as keys first. Groups are named ``public.kern1.<key>``
    / ``public.kern2.<key>``; glyphs matching nobody stay ungrouped.
    """
    import numpy as np

    from .bubbles import FontBubbles
    from .direction import glyph_directions
    from .model import letter_roots
    from .settings import units_per_em

    if bubbles is None:
        bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    names = list(glyphs) if glyphs is not None else bubbles.glyphs_with_bubbles(marks=False)
    profiles = {n: p for n, p in bubbles.profiles(names).items() if p is not None}
    rank = {n: i for i, n in enumerate(KEY_GLYPHS)}
    where = {n: i for i, n in enumerate(names)}
    roots = {n: r for n, r in letter_roots(bubbles, profiles).items() if r in profiles}
    # letters built on another (accented ones) come after every base, so they can join its group
    order = sorted(profiles, key=lambda n: (n in roots, rank.get(n, len(rank)), where[n]))
    tol = scaled_tolerance(tolerance, units_per_em(font))
    rtl = {n for n, d in glyph_directions(font, order, bubbles.settings.rtl).items() if d == "R"}
    widths = bubbles.widths(order)  # read through the wrapped layer: font[name] lists every glyph per lookup
    sides = {}
    for side in (1, 2):
        sides[side] = {}
        for name in order:
            profile = profiles[name]
            # the first glyph of a right-to-left pair is the one on the right: its left side counts
            facing_right = (side == 1) != (name in rtl)
            values = np.asarray(profile.right if facing_right else profile.left, float)
            sides[side][name] = (profile.start, widths[name] - values if facing_right else values)
    left = _cluster(order, sides[1], tol, coverage, KERN1, where, roots)
    right = _cluster(order, sides[2], tol, coverage, KERN2, where, roots)
    return KernGroups(left, right)


def _cluster(order, sides, tol, coverage, prefix, position, roots=None) -> dict[str, tuple[str, ...]]:
    """Greedy clustering in ``order``: each glyph joins the first cluster whose first member's side
    matches its own, else starts one. Two sides ((first band, values per band), NaN where a band is
    empty) match when they share bands over at least ``coverage`` of the bands either has and differ
    by at most ``tol`` in each. Each glyph is tested against every cluster at once, on one band axis.

    A glyph built on a letter earlier in ``order`` (``roots``: ``Á`` on ``A``) first tries that letter's
    cluster: it joins when its side is within ``tol`` of the letter's own in ``coverage`` of the letter's
    bands. Its accent reaches bands the letter does not, and widens the letter's top bands; the class
    kerning's exceptions answer for that where a pair meets it."""
    import numpy as np

    if not order:
        return {}
    low = min(sides[n][0] for n in order)
    high = max(sides[n][0] + len(sides[n][1]) for n in order)
    rows = np.full((len(order), high - low), np.nan)
    for i, name in enumerate(order):
        start, values = sides[name]
        rows[i, start - low:start - low + len(values)] = values
    finite = np.isfinite(rows)
    counts = finite.sum(axis=1)
    leaders = np.empty(len(order), dtype=np.int64)  # row of each cluster's first member
    clusters: list[list[str]] = []
    row_of = {name: i for i, name in enumerate(order)}
    cluster_of: dict[str, int] = {}
    for i, name in enumerate(order):
        root = (roots or {}).get(name)
        if root in cluster_of:
            r = row_of[root]
            shared = finite[r] & finite[i]
            with np.errstate(invalid="ignore"):
                close = np.abs(rows[r] - rows[i]) <= tol + 1e-9
            if (shared & close).sum() >= max(1, coverage * counts[r]):
                cluster_of[name] = cluster_of[root]
                clusters[cluster_of[name]].append(name)
                continue
        k = len(clusters)
        if k:
            lead = leaders[:k]
            shared = finite[lead] & finite[i]
            common = shared.sum(axis=1)
            union = counts[lead] + counts[i] - common
            with np.errstate(invalid="ignore"):
                close = np.abs(rows[lead] - rows[i]) <= tol + 1e-9
            match = (common > 0) & (common >= coverage * union) & np.all(close | ~shared, axis=1)
            hit = int(np.argmax(match))
            if match[hit]:
                cluster_of[name] = hit
                clusters[hit].append(name)
                continue
        leaders[k] = i
        cluster_of[name] = k
        clusters.append([name])
    return {
        prefix + members[0]: (members[0], *sorted(members[1:], key=position.__getitem__))
        for members in clusters
        if len(members) > 1
    }


def write_groups(font, groups: KernGroups, overwrite: bool = False) -> list[str]:
    """Write ``groups`` into ``font.groups``; refuses to replace existing kern groups unless ``overwrite``.

    With ``overwrite`` the font's old kern groups are removed first. Returns the names written.
    """
    old = [n for n in font.groups.keys() if n.startswith(KERN1) or n.startswith(KERN2)]
    if old and not overwrite:
        shown = ", ".join(sorted(old)[:8]) + (" …" if len(old) > 8 else "")
        raise GroupError(f"the font already has {len(old)} kern groups ({shown}); not overwriting them")
    for name in old:
        del font.groups[name]
    written = []
    for name, members in groups.as_dict().items():
        font.groups[name] = list(members)
        written.append(name)
    return written
