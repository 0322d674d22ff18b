"""The kerning window's result table and preview line, and the edit plan that applying makes.

Rows show each solved pair with its value before and after; the preview line sums up
what applying will do. A :class:`Plan` is the exact set of edits to ``font.kerning`` —
the window applies it as one step and keeps its inverse to revert that step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..fontkerning import MAX_ENTRIES, kerning_dict, size_after, write_kerning
from ..glyphsets import group_of, has_kern_groups
from ..kerning import KernResult, plan_kerning
from ..pairs import Pair

__all__ = [
    "ResultRow",
    "Plan",
    "result_rows",
    "plan_from_result",
    "class_plan",
    "preview_line",
    "size_problem",
    "apply_plan",
    "table_items",
    "progress_text",
]

Status = Literal["new", "changed", "unchanged", "removed", "dropped"]


@dataclass(frozen=True)
class ResultRow:
    """One solved pair: its value in the font now (``old``) and after applying (``new``)."""

    left: str
    right: str
    old: int | None
    new: int | None
    status: Status
    failsafe: bool = False

    @property
    def pair(self) -> Pair:
        return (self.left, self.right)

    def as_item(self) -> dict:
        """A table item (plain dict) for the window's result table."""
        return {
            "pair": f"{self.left} {self.right}",
            "left": self.left,
            "right": self.right,
            "old": "" if self.old is None else str(self.old),
            "new": "" if self.new is None else str(self.new),
            "status": self.status + (" (fail-safe)" if self.failsafe else ""),
        }


@dataclass
class Plan:
    """Edits to a kerning mapping: values to set and pairs to delete."""

    write: dict[Pair, int] = field(default_factory=dict)
    remove: list[Pair] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.write or self.remove)


def result_rows(result: KernResult, kerning: Mapping[Pair, float], mode: str = "update",
                groups: Mapping[str, Sequence[str]] | None = None) -> list[ResultRow]:
    """Every solved pair of ``result`` against the current ``kerning``, in solve order.

    The statuses follow :func:`bubblekern.kerning.plan_kerning`: a kept value that
    differs is new or changed; a dropped value removes an old one only in replace mode.
    With the font's kern ``groups`` a pair's value now is what it resolves to through them
    (its class pair or exception), as :func:`class_plan` applies it.
    """
    if groups and has_kern_groups(groups):
        return _class_rows(result, kerning, mode, groups)
    plan = plan_kerning(result, kerning, mode)
    removed = set(plan.removed)
    rows = []
    for pair, value, keep, failsafe in zip(
        result.pairs, result.values.tolist(), result.kept_mask.tolist(), result.failsafe.tolist()
    ):
        old = kerning.get(pair)
        if keep:
            status: Status = "changed" if pair in plan.written else "unchanged"
            if old is None:
                status = "new"
            rows.append(ResultRow(pair[0], pair[1], _shown(old), int(value), status, bool(failsafe)))
        elif pair in removed:
            rows.append(ResultRow(pair[0], pair[1], _shown(old), None, "removed", bool(failsafe)))
        else:
            rows.append(ResultRow(pair[0], pair[1], _shown(old), _shown(old), "dropped", bool(failsafe)))
    return rows


def _class_rows(result: KernResult, kerning: Mapping[Pair, float], mode: str,
                groups: Mapping[str, Sequence[str]]) -> list[ResultRow]:
    from fontTools.ufoLib.kerning import lookupKerningValue

    groups = {name: list(members) for name, members in groups.items()}
    first, second = group_of(groups)  # without them every lookup scans the groups
    rows = []
    for pair, value, keep, failsafe in zip(
        result.pairs, result.values.tolist(), result.kept_mask.tolist(), result.failsafe.tolist()
    ):
        now = lookupKerningValue(pair, kerning, groups, 0, first, second)
        old = _shown(now) if now else None
        if keep:
            status: Status = "new" if old is None else "changed" if old != int(value) else "unchanged"
            rows.append(ResultRow(pair[0], pair[1], old, int(value), status, bool(failsafe)))
        elif mode == "replace" and old is not None:
            rows.append(ResultRow(pair[0], pair[1], old, None, "removed", bool(failsafe)))
        else:
            rows.append(ResultRow(pair[0], pair[1], old, old, "dropped", bool(failsafe)))
    return rows


def _shown(value: float | None) -> int | None:
    return None if value is None else int(round(value))


def plan_from_result(result: KernResult, kerning: Mapping[Pair, float], mode: str = "update") -> Plan:
    """The edits applying ``result`` makes to ``kerning`` (those :func:`plan_kerning` decides)."""
    report = plan_kerning(result, kerning, mode)
    return Plan(dict(report.written), list(report.removed))


def class_plan(font, result: KernResult, mode: str = "update", budget: int | None = MAX_ENTRIES) -> Plan | None:
    """The edits class kerning makes for ``result`` in ``font``, as ``bubblekern kern`` writes them, or None
    in a font without kern groups, where the window writes glyph pairs.

    Group pairs and exceptions (:func:`bubblekern.classkern.plan_classes`, the key glyphs' values, the
    command line's tolerances, ``budget`` entries at most): each solved pair resolves within the
    tolerances of its own value, every other pair exactly as it did. Glyph pairs in a grouped font
    would each be an exception, thousands of them for a whole font (Noto Sans: 42,650 glyph pairs
    against 3,974 entries as classes). Without numpy (RoboFont's Python may have none) the same plan
    comes from :func:`bubblekern.classkern_plain.plan_classes`.
    """
    if not has_kern_groups(font.groups):
        return None
    from ..classplan import LOOSE_TOLERANCE
    from ..glyphsets import never_neighbours
    from ..groups import read_groups, scaled_tolerance
    from ..settings import units_per_em

    if _has_numpy():
        from ..classkern import plan_classes
    else:
        from ..classkern_plain import plan_classes
    upm = units_per_em(font)
    plan = plan_classes(result, read_groups(font), kerning_dict(font), mode, scaled_tolerance(5.0, upm), budget,
                        "key", scaled_tolerance(LOOSE_TOLERANCE, upm), never_set=never_neighbours(font))
    return Plan(dict(plan.written), list(plan.removed))


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def preview_line(rows: list[ResultRow], skipped: int = 0) -> str:
    """One line for the window: what applying will change."""
    counts = {status: 0 for status in ("new", "changed", "unchanged", "removed", "dropped")}
    for row in rows:
        counts[row.status] += 1
    total = len(rows)
    text = f"{total} pair{'s' if total != 1 else ''} solved: {counts['new']} new, {counts['changed']} changed"
    if counts["removed"]:
        text += f", {counts['removed']} removed"
    text += f", {counts['unchanged']} unchanged, {counts['dropped']} below the threshold"
    if skipped:
        text += f"; {skipped} skipped (no bubble)"
    return text


def size_problem(plan: Plan, kerning: Mapping[Pair, float], limit: int = MAX_ENTRIES) -> str | None:
    """Why ``plan`` is too big to apply to ``kerning`` from the window, or None: the kerning
    would hold more than ``limit`` entries and more than it holds now."""
    total = size_after(kerning, plan.write, plan.remove)
    if total <= max(limit, len(kerning)):
        return None
    return (f"Not applied: the font's kerning would hold {total:,} entries ({len(plan.write):,} written), "
            f"more than {limit:,}. Kern the pairs of selected glyphs, a pair list or the Words tab's pairs "
            "(those your languages' words set), or use the command line (bubblekern kern --max-entries).")


def table_items(rows: list[ResultRow], only_changes: bool = False) -> list[dict]:
    """Table items for ``rows``; with ``only_changes`` just the rows applying would edit."""
    return [row.as_item() for row in rows if not only_changes or row.status in ("new", "changed", "removed")]


def apply_plan(font, plan: Plan) -> Plan:
    """Apply ``plan`` to ``font.kerning`` as one bulk change; return the plan that restores it.

    Goes through :func:`bubblekern.fontkerning.write_kerning`, so observers (RoboFont's
    kerning window, the space center) hear of it once, not once per pair.
    """
    kerning = kerning_dict(font)
    inverse = Plan()
    for pair in list(plan.write) + list(plan.remove):
        if pair in kerning:
            inverse.write[pair] = kerning[pair]
        elif pair in plan.write:
            inverse.remove.append(pair)
    write_kerning(font, plan.write, plan.remove)
    return inverse


_STAGES = {"bubbles": "Reading bubbles", "pairs": "Solving pairs"}


def progress_text(stage: str, done: int, total: int) -> str | None:
    """The progress window's line for ``progress(stage, done, total)``, or None when this call
    need not redraw it (at most about a hundred updates per stage, the first and last always)."""
    step = max(1, total // 100)
    if done not in (1, total) and done % step:
        return None
    return f"{_STAGES.get(stage, stage)}: {done} of {total}…"
