"""Kern every master of a family (a designspace, or the UFOs glyphsLib makes of a .glyphs file).

With ``compatible`` every master gets the same kerning entries — a pair kerned in one
master is written, possibly as 0, in all — so the kerning interpolates. Pairs whose sign
flips between masters are reported. Masters are saved all together or not at all
(:func:`save_fonts`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bubbles import FontBubbles
from .errors import FontFileError
from .fontio import open_font, save_fonts
from .groups import (
    ClassKerning,
    GroupError,
    KernGroups,
    apply_class_kerning,
    build_groups,
    check_groups_file,
    compress_masters,
    read_groups,
    write_groups,
)
from .kerning import ApplyReport, KernResult, Progress, apply_kerning, kern_pairs
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
    classes: ClassKerning | None = None
    report: ApplyReport | None = None


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

    @property
    def flips(self) -> dict[Pair, tuple[int, ...]]:
        return sign_flips([run.result for run in self.runs])


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
        name = source.name or source.filename or f"source {index + 1}"
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
    method: str = "fewest",
    tolerance: float = 5,
    write_groups: bool = False,
    group_tolerance: float | None = None,
    progress: Progress | None = None,
) -> FamilyKerning:
    """Solve ``pairs`` (all pairs of glyphs with bubbles in any master when None) in every master.

    ``groups`` is one of :data:`GROUP_MODES` or groups to use. Built groups come from the
    first master; they are used for class kerning only with ``write_groups`` (they must be
    in the fonts for the class kerning to mean anything), else the kerning stays flat.
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
    family = FamilyKerning([], KernGroups(), "flat", compatible)
    if mode == "build":
        existing = [m.name for m in masters if read_groups(m.font)]
        if existing and write_groups:
            raise GroupError(
                f"{existing[0]}: the font already has kern groups; not overwriting them with built ones "
                "(use --groups use, or remove the groups first)"
            )
        chosen = build_groups(
            masters[0].font, tolerance=tolerance if group_tolerance is None else group_tolerance,
            bubbles=bubbles[0],
        )
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
        names = list(dict.fromkeys(n for b in bubbles for n in b.kernable_glyphs()))
        per_master = []
        for m, b in zip(masters, bubbles):
            present = set(m.font.keys())
            here = [n for n in names if n in present]
            # None: the engine's own all-pairs run, when it is the same set
            per_master.append(None if here == b.kernable_glyphs() else [(a, c) for a in here for c in here])
    else:
        pairs = list(pairs)
        per_master = [pairs] * len(masters)
    for master, b, master_pairs in zip(masters, bubbles, per_master):
        result = kern_pairs(master.font, master_pairs, bubbles=b, progress=progress)
        family.warnings += [f"{master.name}: {w}" for w in result.warnings]
        if compatible and len(masters) > 1 and result.skipped:
            family.warnings.append(
                f"{master.name}: {len(result.skipped)} pairs have a glyph without a bubble here; "
                "they are written as 0 in this master where other masters kern them"
            )
        family.runs.append(MasterRun(master, result))

    upms = [units_per_em(m.font) for m in masters]
    results = [run.result for run in family.runs]
    if compatible and len(masters) > 1 or use_classes:
        if compatible:
            classes = compress_masters(results, chosen if use_classes else KernGroups(), method, tolerance, upms)
        else:
            classes = [
                compress_masters([r], chosen if use_classes else KernGroups(), method, tolerance, [u])[0]
                for r, u in zip(results, upms)
            ]
        for run, c in zip(family.runs, classes):
            run.classes = c
    return family


def apply_family(family: FamilyKerning, mode: str = "update") -> None:
    """Write each master's kerning (and built groups, when asked) into its font."""
    for run in family.runs:
        font = run.master.font
        if family.built_groups and family.write_groups:
            write_groups(font, family.groups)
        if run.classes is not None:
            run.report = apply_class_kerning(font, run.classes, mode)
        else:
            run.report = apply_kerning(font, run.result, mode)


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
        changed = [run.master for run in family.runs if run.report is not None and run.report.changed]
        return save_fonts([(m.font, m.path) for m in changed])
    folder = Path(output)
    folder.mkdir(parents=True, exist_ok=True)
    targets = [folder / m.path.name for m in masters]
    saved = save_fonts([(m.font, t) for m, t in zip(masters, targets)])
    write_designspace_copy(doc, masters, targets, folder / Path(path).name)
    return saved
