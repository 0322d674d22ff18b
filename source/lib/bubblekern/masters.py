"""Kern every master of a family (a designspace, or the UFOs glyphsLib makes of a .glyphs file).

With ``compatible`` every master gets the same kerning entries — a pair kerned in one
master is written, possibly as 0, in all — so the kerning interpolates. Pairs whose sign
flips between masters are reported. Masters are saved all together or not at all
(:func:`save_fonts`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bubbles import FontBubbles
from .classkern import LOOSE_TOLERANCE, ClassPlan, plan_classes, smallest_fitting
from .errors import FontFileError
from .fontio import open_font, save_fonts
from .fontkerning import kerning_dict, write_kerning
from .glyphsets import (
    default_candidates,
    default_pairs,
    designer_sides,
    has_kern_groups,
    never_neighbours,
    scripts_of,
    wants_lowercase_capital,
)
from .groups import (
    ClassKerning,
    GroupError,
    KernGroups,
    apply_class_kerning,
    build_groups,
    check_groups_file,
    compress_masters,
    read_groups,
    scaled_tolerance,
    write_groups,
)
from .kerning import ApplyReport, KernResult, PairTable, Progress, kern_pairs, plan_kerning
from .pairs import Pair
from .settings import Settings, units_per_em

__all__ = [
    "Master",
    "MasterRun",
    "FamilyKerning",
    "GROUP_MODES",
    "read_designspace",
    "kern_masters",
    "apply_family",
    "sign_flips",
    "save_fonts",
    "kern_designspace",
    "save_designspace",
    "write_designspace_copy",
]

GROUP_MODES = ("auto", "use", "build", "none")
"""auto: the font's kern groups when it has some, else flat pairs; use: the font's groups
(an error without); build: groups made from the bubbles; none: flat glyph pairs."""
MAX_TOLERANCE = 500.0
"""Per 1000 em: the largest tolerance a budget may raise compatible class kerning to."""


@dataclass
class Master:
    """One source font of a family."""

    name: str
    font: object
    path: Path | None = None
    source: object = None
    """The designspace SourceDescriptor, when there is one."""


@dataclass
class MasterRun:
    master: Master
    result: KernResult
    classes: ClassKerning | ClassPlan | None = None
    """Class kerning: a :class:`ClassPlan` (one master, key glyphs) or a :class:`ClassKerning`."""
    report: ApplyReport | ClassPlan | None = None


@dataclass
class FamilyKerning:
    """What :func:`kern_masters` solved for each master, and how it is to be written."""

    runs: list[MasterRun]
    groups: KernGroups
    grouping: str
    """"classes" (class kerning and exceptions) or "flat" (glyph pairs)."""
    compatible: bool
    built_groups: bool = False
    write_groups: bool = False
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds per phase: read, bubbles, solve, group, write, save (summed over masters)."""
    mode: str = "update"

    @property
    def flips(self) -> dict[Pair, tuple[int, ...]]:
        if len(self.runs) < 2:
            return {}
        return sign_flips([run.result for run in self.runs])

    def timed(self, phase: str, started: float) -> None:
        """Add the wall time since ``started`` to ``phase``."""
        self.timings[phase] = self.timings.get(phase, 0.0) + time.perf_counter() - started


UNNAMED = "temp_master."
"""The name designspaceLib gives a source the document names not (``temp_master.0``): such a source is called by
its file name."""


def read_designspace(path: str | Path) -> tuple[object, list[Master], list[str]]:
    """The designspace document, its full (non-layer) sources opened, and notes on skipped sources.

    A source whose UFO is missing raises :class:`FontFileError` naming every missing one.
    """
    from fontTools.designspaceLib import DesignSpaceDocument

    path = Path(path)
    if not path.is_file():
        raise FontFileError(f"{path}: no such designspace file")
    try:
        doc = DesignSpaceDocument.fromfile(str(path))
    except Exception as error:
        raise FontFileError(f"{path}: cannot be read as a designspace: {error}") from error
    notes: list[str] = []
    chosen = []
    missing = []
    for index, source in enumerate(doc.sources):
        name = (source.name if source.name and not source.name.startswith(UNNAMED) else None) \
            or source.filename or f"source {index + 1}"
        if source.layerName:
            notes.append(f"{path.name}: source {name!r} is the sparse layer {source.layerName!r} of "
                         f"{source.filename}; skipped")
            continue
        if not source.path:
            missing.append(f"{name} (no filename)")
            continue
        ufo = Path(source.path)
        if not ufo.exists():
            missing.append(f"{name} ({source.filename} → {ufo})")
            continue
        chosen.append((name, ufo, source))
    if missing:
        raise FontFileError(f"{path}: source UFOs missing, nothing was kerned: " + "; ".join(missing))
    if not chosen:
        raise FontFileError(f"{path}: the designspace has no full sources to kern")
    for _, ufo, _ in chosen:
        check_groups_file(ufo)
    masters = [Master(name, open_font(ufo), ufo, source) for name, ufo, source in chosen]
    return doc, masters, notes


def _family_groups(masters: Sequence[Master], mode: str, compatible: bool) -> KernGroups:
    groups = [read_groups(m.font, str(m.path or m.name)) for m in masters]
    if mode == "none":
        return KernGroups()
    reference = groups[0]
    if compatible:
        for master, other in zip(masters[1:], groups[1:]):
            if other != reference:
                raise GroupError(
                    f"{master.name}: its kern groups differ from those of {masters[0].name}; "
                    "compatible class kerning needs the same groups in every master"
                )
    if mode == "use" and not reference:
        raise GroupError(f"{masters[0].name}: the font has no kern groups (public.kern1.*/public.kern2.*) to use")
    return reference


def kern_masters(
    masters: Sequence[Master],
    pairs: Iterable[Pair] | None = None,
    settings: Settings | None = None,
    *,
    compatible: bool = True,
    groups: str | KernGroups = "auto",
    method: str = "key",
    tolerance: float = 5,
    loose_tolerance: float | None = LOOSE_TOLERANCE,
    write_groups: bool = False,
    group_tolerance: float | None = None,
    progress: Progress | None = None,
    all_glyphs: bool = False,
    kerning_mode: str = "update",
    ungrouped: bool = False,
    budget: int | None = None,
    prior=None,
) -> FamilyKerning:
    """Solve ``pairs`` (all pairs of glyphs with bubbles in any master when None) in every master, each blended
    with ``prior`` when one is given (a :class:`bubblekern.prior.KerningPrior`, ``Settings.prior_weight``).

    ``groups`` is one of :data:`GROUP_MODES` or groups to use. Built groups come from the
    first master; they are used for class kerning only with ``write_groups`` (they must be
    in the fonts for the class kerning to mean anything), else the kerning stays flat.

    The default pair set is the kerned glyphs' pairs (:func:`bubblekern.glyphsets.default_pairs`),
    in a font with kern groups only where its groups and kerning reach (unless ``ungrouped``);
    ``all_glyphs`` takes every glyph with a bubble. One master (or ``compatible=False``) is
    planned on whole matrices (:func:`bubblekern.classkern.plan_classes`)
    for writing in ``kerning_mode`` (update or replace), in at most ``budget`` entries where
    raising the tolerance for exceptions can make it fit. ``tolerance`` (per 1000 em) bounds how
    much closer than its own value a member pair may be set by its class value, ``loose_tolerance``
    how much further apart (None: ``tolerance``); compatible masters are compressed with
    ``tolerance`` both ways, raised (the same in every master) when that is what fits ``budget``.
    """
    settings = settings or Settings()
    masters = list(masters)
    if isinstance(groups, KernGroups):
        mode, chosen = "use", groups
    else:
        if groups not in GROUP_MODES:
            raise ValueError(f"groups must be one of {', '.join(GROUP_MODES)}, not {groups!r}")
        mode = groups
        chosen = _family_groups(masters, "none" if mode == "build" else mode, compatible)
    bubbles = [FontBubbles(m.font, settings) for m in masters]
    for b in bubbles:
        b.require_layer()
    family = FamilyKerning([], KernGroups(), "flat", compatible, mode=kerning_mode)
    tables: list[PairTable | None] = [None] * len(masters)
    if pairs is None:
        for i, (m, b) in enumerate(zip(masters, bubbles)):
            started, warned = time.perf_counter(), len(b.warnings)
            names = b.kernable_glyphs(None if all_glyphs else default_candidates(m.font, b.settings.include_marks))
            sides = None
            if not ungrouped:
                # a font's own groups say which sides its designer kerns, whether or not they are written;
                # a font with none, its finished entry-by-entry kerning
                own = None if mode == "build" else chosen or read_groups(m.font, str(m.path or m.name))
                if own or not has_kern_groups(dict(m.font.groups.items())):
                    named = f"{m.name}: " if len(masters) > 1 else ""
                    sides = designer_sides(own.as_dict() if own else None, kerning_dict(m.font),
                                           lambda said, named=named: family.notes.append(named + said))
            tables[i] = default_pairs(m.font, names, all_glyphs, b.settings.include_marks, sides,
                                      wants_lowercase_capital(m.font, b.settings.lowercase_capital))
            b.profiles(tables[i].names)
            family.timed("bubbles", started)
            family.warnings += [f"{m.name}: {w}" for w in b.warnings[warned:]]  # read here, not by the solve
    if mode == "build":
        existing = [m.name for m in masters if read_groups(m.font)]
        if existing and write_groups:
            raise GroupError(
                f"{existing[0]}: the font already has kern groups; not overwriting them with built ones "
                "(use --groups use, or remove the groups first)"
            )
        started = time.perf_counter()
        chosen = _build_by_script(
            masters[0].font, tables[0], tolerance if group_tolerance is None else group_tolerance, bubbles[0]
        )
        family.timed("group", started)
        family.built_groups = True
        family.write_groups = write_groups
        if not write_groups:
            family.notes.append(
                f"built {len(chosen)} kern groups (not written: add --write-groups); kerning written as glyph pairs"
            )
    family.groups = chosen
    use_classes = bool(chosen) and (mode != "build" or write_groups)
    family.grouping = "classes" if use_classes else "flat"

    if pairs is None:
        per_master = tables
    else:
        pairs = pairs if isinstance(pairs, PairTable) else list(pairs)
        per_master = [pairs] * len(masters)
    for master, b, master_pairs in zip(masters, bubbles, per_master):
        started = time.perf_counter()
        result = kern_pairs(master.font, master_pairs, bubbles=b, progress=progress, prior=prior)
        family.timed("solve", started)
        family.warnings += [f"{master.name}: {w}" for w in result.warnings]
        if compatible and len(masters) > 1 and result.skipped:
            family.warnings.append(
                f"{master.name}: {len(result.skipped)} pairs have a glyph without a bubble here; "
                "they are written as 0 in this master where other masters kern them"
            )
        family.runs.append(MasterRun(master, result))

    upms = [units_per_em(m.font) for m in masters]
    results = [run.result for run in family.runs]
    started = time.perf_counter()
    if use_classes and (len(masters) == 1 or not compatible):
        for run, upm in zip(family.runs, upms):
            run.classes = plan_classes(
                run.result, chosen, kerning_dict(run.master.font), kerning_mode, scaled_tolerance(tolerance, upm),
                budget, method, None if loose_tolerance is None else scaled_tolerance(loose_tolerance, upm),
                never_set=never_neighbours(run.master.font),
            )
    elif compatible and len(masters) > 1 or use_classes:
        if compatible:
            classes = compress_masters(results, chosen if use_classes else KernGroups(), method, tolerance, upms)
            rooms = [_room(kerning_dict(m.font), c, budget) for m, c in zip(masters, classes)] if budget else []
            if use_classes and budget and any(c.after > room for c, room in zip(classes, rooms)):
                raised, fitted = _fit_budget(results, chosen, method, tolerance, upms, rooms)
                if fitted is not None:
                    classes = fitted
                    family.notes.append(
                        f"exceptions only where a member differs from its class value by more than {raised:g} "
                        f"units per 1000 em (--tolerance gave {tolerance:g}), to stay within --max-entries {budget:,}"
                    )
        else:
            classes = [
                compress_masters([r], chosen if use_classes else KernGroups(), method, tolerance, [u])[0]
                for r, u in zip(results, upms)
            ]
        for run, c in zip(family.runs, classes):
            run.classes = c
    family.timed("group", started)
    return family


def _room(existing: dict[Pair, float], classes, budget: int) -> int:
    """Fresh entries a master may take within ``budget`` (or its own size, when larger): what the
    old entries of the group pairs ``classes`` leaves alone do not already take."""
    groups, touched = classes.groups, classes.buckets()
    left_alone = sum(1 for a, b in existing if (groups.left_key(a), groups.right_key(b)) not in touched)
    return max(budget, len(existing)) - left_alone


def _fit_budget(results, groups: KernGroups, method: str, tolerance: float, upms, rooms: Sequence[int]):
    """The smallest tolerance (per 1000 em, to half a unit) at which every master's compatible class
    kerning fits its room (``rooms``, entries per master), with that kerning; (``tolerance``, None)
    when even :data:`MAX_TOLERANCE` does not fit."""

    def compressed(value: float):
        return compress_masters(results, groups, method, value, upms)

    def fits(classes) -> bool:
        return all(c.after <= room for c, room in zip(classes, rooms))

    steps = [tolerance + 0.5 * i for i in range(1, int((MAX_TOLERANCE - tolerance) / 0.5) + 1)]
    if not steps:
        return tolerance, None
    last = compressed(steps[-1])
    if not fits(last):
        return tolerance, None
    return smallest_fitting(compressed, steps, fits, last)


def _build_by_script(font, table: PairTable | None, tolerance: float, bubbles: FontBubbles) -> KernGroups:
    """Groups built from the band profiles, script by script (figures and punctuation apart), so no
    group mixes Latin and Greek glyphs whose pairs are not kerned."""
    names = list(table.names) if table is not None else bubbles.glyphs_with_bubbles(marks=False)
    by_script: dict[str, list[str]] = {}
    for name, script in zip(names, scripts_of(font, names)):
        by_script.setdefault(script, []).append(name)
    left: dict[str, tuple[str, ...]] = {}
    right: dict[str, tuple[str, ...]] = {}
    for glyphs in by_script.values():
        built = build_groups(font, glyphs, tolerance=tolerance, bubbles=bubbles)
        left.update(built.left)
        right.update(built.right)
    return KernGroups(left, right)


def apply_family(family: FamilyKerning, mode: str = "update", dry_run: bool = False) -> None:
    """Write each master's kerning (and built groups, when asked) into its font, as one bulk
    change per font; with ``dry_run`` only work out what would change (``run.report``)."""
    started = time.perf_counter()
    for run in family.runs:
        font = run.master.font
        if family.built_groups and family.write_groups and not dry_run:
            write_groups(font, family.groups)
        if isinstance(run.classes, ClassPlan):
            plan = run.classes
            if plan.mode != mode:
                plan = run.classes = plan_classes(
                    run.result, plan.groups, kerning_dict(font), mode,
                    plan.asked_tolerance if plan.asked_tolerance is not None else plan.tolerance, plan.budget,
                    plan.method, plan.asked_loose if plan.asked_loose is not None else plan.loose_tolerance,
                    never_set=never_neighbours(font),
                )
            if not dry_run:
                write_kerning(font, plan.written, plan.removed)
            run.report = plan
        elif run.classes is not None:
            run.report = apply_class_kerning(font, run.classes, mode, write=not dry_run)
        else:
            run.report = plan_kerning(run.result, kerning_dict(font), mode)
            if not dry_run:
                write_kerning(font, run.report.written, run.report.removed)
    family.timed("group" if dry_run else "write", started)


def sign_flips(results: Sequence[KernResult]) -> dict[Pair, tuple[int, ...]]:
    """Pairs kerned negative in one master and positive in another: pair → value per master."""
    from .groups import glyph_targets

    targets = [glyph_targets(r) for r in results]
    flips = {}
    for pair in dict.fromkeys(p for t in targets for p in t):
        values = tuple(t.get(pair, 0) for t in targets)
        if min(values) < 0 < max(values):
            flips[pair] = values
    return flips


def write_designspace_copy(doc, masters: Sequence[Master], new_paths: Sequence[Path], path: Path) -> Path:
    """Write ``doc`` to ``path`` with the kerned masters' sources pointing at ``new_paths``."""
    moved = {id(m.source): p for m, p in zip(masters, new_paths) if m.source is not None}
    old_by_file = {str(m.path): p for m, p in zip(masters, new_paths) if m.path is not None}
    for source in doc.sources:
        if id(source) in moved:
            source.path = str(moved[id(source)])
        elif source.path and source.path in old_by_file:  # sparse layer of a kerned master
            source.path = str(old_by_file[source.path])
        source.filename = None
    doc.write(str(path))
    return path


def kern_designspace(
    path: str | Path,
    pairs: Iterable[Pair] | None = None,
    settings: Settings | None = None,
    *,
    output: str | Path | None = None,
    dry_run: bool = False,
    mode: str = "update",
    **options,
) -> FamilyKerning:
    """Kern every full source of a designspace and save them together (in place, or into folder ``output``)."""
    doc, masters, notes = read_designspace(path)
    family = kern_masters(masters, pairs, settings, **options)
    family.notes[:0] = notes
    apply_family(family, mode)
    if not dry_run:
        save_designspace(doc, family, path, output)
    return family


def save_designspace(doc, family: FamilyKerning, path: str | Path, output: str | Path | None = None) -> list[Path]:
    """Save a kerned designspace's masters together: the changed ones in place, or every one
    into folder ``output`` beside a copy of the designspace pointing at them."""
    masters = [run.master for run in family.runs]
    if output is None:
        groups_written = family.built_groups and family.write_groups
        masters = [
            run.master for run in family.runs if groups_written or (run.report is not None and run.report.changed)
        ]
    return save_masters(doc, masters, path, output)


def save_masters(doc, masters: Sequence[Master], path: str | Path, output: str | Path | None = None) -> list[Path]:
    """Save ``masters`` of the designspace ``doc`` (read from ``path``) together, all or none: in place, or into
    folder ``output`` beside a copy of the designspace pointing at them."""
    if output is None:
        return save_fonts([(m.font, m.path) for m in masters])
    folder = Path(output)
    folder.mkdir(parents=True, exist_ok=True)
    targets = [folder / m.path.name for m in masters]
    saved = save_fonts([(m.font, t) for m, t in zip(masters, targets)])
    write_designspace_copy(doc, masters, targets, folder / Path(path).name)
    return saved
