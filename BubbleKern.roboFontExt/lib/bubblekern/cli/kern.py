"""``bubblekern kern``: kern a UFO, a designspace or a .glyphs file and save the result.

A UFO is saved atomically and only on change. Its kern groups, when it has some, give
class kerning with exceptions (``--groups auto``, the default); a font without groups
gets plain glyph pairs. A designspace kerns every full source, compatibly by default,
and saves all of them or none. A .glyphs file is read through glyphsLib and written
as UFOs to ``--output``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..bubbles import FontBubbles
from ..classkern import LOOSE_TOLERANCE, ClassPlan
from ..errors import BubbleKernError, BubbleLayerError, FontFileError
from ..fontio import open_font, save_font
from ..fontkerning import MAX_ENTRIES, kerning_dict, save_kerning, size_after, write_kerning
from ..groups import METHODS, ClassKerning, GroupError, check_groups_file, read_groups
from ..kerning import ApplyReport, KernResult, kern_pairs, plan_kerning
from ..masters import GROUP_MODES, FamilyKerning, Master, apply_family, kern_masters, save_fonts
from ..pairs import is_blank
from .common import (
    add_pair_arguments,
    add_prior_arguments,
    add_settings_arguments,
    at_least,
    check_own_references,
    default_set,
    note,
    pairs_from_args,
    progress_bar,
    read_prior,
    saved_line,
    settings_from_args,
    stale_check,
    warn,
)

ORDER = 10

BUILD_FROM = 100
"""A font without kern groups gets groups built for a default all-pairs run of at least this many glyphs."""

__all__ = ["add_parser", "run", "print_result"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "kern",
        help="kern a font from its bubbles",
        description="Kern FONT from the bubbles in its bubble layer and save the kerning.",
    )
    parser.add_argument("font", metavar="FONT", help="a UFO, a .designspace or a .glyphs file")
    add_pair_arguments(parser)
    add_settings_arguments(parser)
    groups = parser.add_argument_group("groups and masters")
    groups.add_argument(
        "--groups",
        choices=GROUP_MODES,
        default="auto",
        help="auto (default): class kerning with the font's kern groups when it has some, glyph pairs when not; "
        "use: the font's groups (an error without); build: make groups from the bubbles; none: glyph pairs",
    )
    groups.add_argument("--flat", action="store_true", help="write glyph pairs only (the same as --groups none)")
    groups.add_argument(
        "--write-groups",
        action="store_true",
        help="build groups (implies --groups build) and write them into the font; existing groups are never replaced",
    )
    groups.add_argument(
        "--group-value",
        choices=METHODS,
        default="key",
        help="a group pair's value: the key glyphs' pair, the median, or the value needing the fewest "
        "exceptions (default: %(default)s)",
    )
    groups.add_argument(
        "--tolerance",
        type=at_least(0),
        default=5.0,
        metavar="N",
        help="a member its group value would set more than N units per 1000 em closer than its own value "
        "gets an exception (default: %(default)g)",
    )
    groups.add_argument(
        "--loose-tolerance",
        type=at_least(0),
        default=LOOSE_TOLERANCE,
        metavar="N",
        help="a member its group value leaves more than N units per 1000 em looser than its own value gets an "
        "exception (default: %(default)g; at least --tolerance)",
    )
    groups.add_argument(
        "--compatible",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="give every master the same pairs, 0 where needed (default for designspace and .glyphs)",
    )
    parser.add_argument(
        "--all-glyphs",
        action="store_true",
        help="default pair set: every glyph with a bubble, not only the letters, figures and punctuation "
        "of the kerned scripts",
    )
    parser.add_argument(
        "--ungrouped",
        action="store_true",
        help="default pair set of a font with kern groups, or with none and 1,000 kerning entries or more: also "
        "the glyphs in no group on a side and not in its kerning (by default such a font is kerned where its "
        "groups and kerning reach)",
    )
    add_prior_arguments(
        parser,
        "kerned fonts of other families (UFO or compiled) whose kerning of the same characters is blended "
        "with BubbleKern's: --prior-weight × BubbleKern's + the rest × their mean (pairs they do not cover are "
        "BubbleKern's alone)",
    )
    parser.add_argument(
        "--no-prior",
        action="store_true",
        help="kern without the reference fonts `fit --prior` recorded in the font (by default they are blended in)",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "--max-entries",
        type=at_least(0, whole=True),
        default=MAX_ENTRIES,
        metavar="N",
        help="leave the font at most N kerning entries, its own entries the run leaves alone included (a font "
        "that had more may keep its size): class kerning raises the tolerances for exceptions (the loose one "
        "first) until it fits, and a run that still would leave more stops with the counts and writes nothing "
        "(0: no limit; default: %(default)s)",
    )
    out.add_argument("--replace", action="store_true", help="also remove old values of pairs that solve to zero")
    out.add_argument("--dry-run", action="store_true", help="solve and report, save nothing")
    out.add_argument(
        "--refresh-stale",
        action="store_true",
        help="first make stale generated bubbles again from the outlines (kern warns about them otherwise)",
    )
    out.add_argument("--format", choices=("text", "tsv", "json"), default="text", help="what to print (default: text)")
    out.add_argument(
        "--output",
        "-o",
        metavar="OUT",
        help="save to this UFO instead of in place (a folder for a designspace or a multi-master .glyphs file)",
    )
    return parser


def _group_mode(args) -> str:
    mode = "none" if args.flat else args.groups
    if args.write_groups:
        if mode == "auto":
            return "build"  # --write-groups alone: build the groups and write them
        if mode != "build":
            raise GroupError(f"--write-groups writes built groups; it does not go with --groups {mode}")
    return mode


def run(args: argparse.Namespace) -> int:
    path = Path(args.font)
    # before any work: a reference that cannot be read, or is the font kerned, stops the run
    args.kerning_prior = read_prior(args, [path] if path.suffix.lower() == ".ufo" else [])
    suffix = path.suffix.lower()
    if suffix == ".designspace":
        return _run_family(args, path, "designspace")
    if suffix == ".glyphs":
        return _run_family(args, path, "glyphs")
    if suffix != ".ufo":
        raise FontFileError(f"{path}: give a .ufo font (or a .designspace or .glyphs file)")
    check_groups_file(path)
    started = time.perf_counter()
    font = open_font(path)
    read = time.perf_counter() - started
    mode = _group_mode(args)
    if mode == "auto" and not read_groups(font):
        if not _default_run(args) or len(font.keys()) < BUILD_FROM:
            return _run_flat(args, path, font, read)
        args.groups, args.write_groups = "build", True  # a big font without groups: build them
    elif mode == "none":
        return _run_flat(args, path, font, read)
    return _run_family(args, path, "ufo", font, read)


def font_prior(args, font):
    """The prior to kern ``font`` with: ``--prior``'s, else (unless ``--no-prior``) the one ``fit --prior`` recorded
    in the font (:func:`bubblekern.prior.stored_prior`; a recorded reference that is gone is named and left out)."""
    if args.kerning_prior is not None or getattr(args, "no_prior", False):
        return args.kerning_prior
    from ..prior import stored_prior

    prior, notes = stored_prior(font)
    for message in notes:
        warn(message)
    return prior


def _default_run(args) -> bool:
    """True when no pair source was given: the default all-pairs set."""
    return not (args.glyphs or args.pairs or args.text is not None or args.touching
                or getattr(args, "pairs_from_words", None))


def _run_flat(args, path: Path, font, read: float = 0.0) -> int:
    timings = {"read": read}
    settings = settings_from_args(args, font)
    bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    started = time.perf_counter()
    pairs = pairs_from_args(args, font, bubbles)
    refreshed = stale_check(font, settings, pairs, args.refresh_stale, all_glyphs=args.all_glyphs)
    if pairs is None:
        pairs = default_set(args, font, bubbles)
        bubbles.profiles(pairs.names)
    timings["bubbles"] = time.perf_counter() - started
    read_early = list(bubbles.warnings)  # bubbles read to choose the pairs: the solve does not read them again
    started = time.perf_counter()
    with progress_bar(args.format == "text") as progress:
        result = kern_pairs(font, pairs, bubbles=bubbles, progress=progress, prior=font_prior(args, font))
    timings["solve"] = time.perf_counter() - started
    for message in read_early + result.warnings:
        warn(message)
    blend_note(settings, [result])
    report_skipped(result, settings.layer, font)
    started = time.perf_counter()
    existing = kerning_dict(font)
    report = plan_kerning(result, existing, "replace" if args.replace else "update")
    timings["group"] = time.perf_counter() - started
    check_size(size_after(existing, report.written, report.removed), len(existing), len(report.written), args,
               f"{int(result.kept_mask.sum()):,} kept glyph pairs", timings)
    started = time.perf_counter()
    if not args.dry_run:
        write_kerning(font, report.written, report.removed)
    timings["write"] = time.perf_counter() - started
    saved = None
    started = time.perf_counter()
    if not args.dry_run and (args.output or report.changed or refreshed):
        quick = not args.output and not refreshed  # remade bubbles are saved with the whole font
        saved = path if quick and save_kerning(font, path) else save_font(font, args.output or path)
    timings["save"] = time.perf_counter() - started
    print_result(result, report, args.format, source=path, saved=saved, dry_run=args.dry_run, timings=timings,
                 existing=existing)
    return 0


def blend_note(settings, results) -> None:
    """Say on which pairs ``--blend auto`` (the default) used the halo blend."""
    if settings.blend != "auto":
        return
    blended, solved = sum(r.blended for r in results), sum(len(r) for r in results)
    if blended:
        note(f"halo blend on {blended:,} of {solved:,} pairs: their bubbles were generated with the default "
             "settings, which the blend and its strengths per context were learned on (--blend off: the bubbles' "
             "own collisions)")


def check_size(total: int, before: int, written: int, args, what: str,
               timings: dict[str, float] | None = None) -> None:
    """Stop before a run leaves the font more than ``--max-entries`` kerning entries (``total``),
    unless it held more before (``before``): a warning on a dry run or when allowed."""
    limit = args.max_entries
    allowed = max(limit, before) if limit else None
    over = allowed is not None and total > allowed
    if not over and (total <= MAX_ENTRIES or total <= before):
        return
    counts = f"{total:,} kerning entries in the font ({written:,} written, {what}; it had {before:,})"
    beyond = f", more than --max-entries {limit:,}" + (f" and the {before:,} it had" if before > limit else "")
    if over and not args.dry_run:
        if timings:
            warn(timing_line(timings).strip())
        raise BubbleKernError(
            f"this run would leave {counts}{beyond}; nothing was written. Narrow the pairs (--glyphs, --pairs, "
            "--text, or --pairs-from-words LANG,… for the pairs your languages' words set), raise --min-kern or "
            "--tolerance, or allow it with --max-entries N (0: no limit)"
        )
    warn(f"{'this run would leave' if args.dry_run else 'leaving'} {counts}" + (beyond if over else ""))


def _load_family(args, path: Path, kind: str, font=None):
    if kind == "ufo":
        return None, [Master(path.name, font, path)], []
    if kind == "designspace":
        from ..masters import read_designspace

        return read_designspace(path)
    from ..glyphsapp import read_glyphs

    if not args.output:
        raise FontFileError(f"{path}: give --output (a .ufo, or a folder for several masters); "
                            "BubbleKern writes Glyphs input as UFOs")
    return read_glyphs(path, settings_from_args(args).layer)


def _run_family(args, path: Path, kind: str, font=None, read: float = 0.0) -> int:
    started = time.perf_counter()
    doc, masters, notes = _load_family(args, path, kind, font)
    read += time.perf_counter() - started
    if getattr(args, "prior", None):
        check_own_references(args.prior, [m.path for m in masters])  # a master is not its own reference
    settings = settings_from_args(args, masters[0].font)
    compatible = args.compatible if args.compatible is not None else kind != "ufo"
    first = masters[0]
    first_bubbles = FontBubbles(first.font, settings)
    first_bubbles.require_layer()
    started = time.perf_counter()
    pairs = pairs_from_args(args, first.font, first_bubbles)
    several = len(masters) > 1
    refreshed = {id(m.font) for m in masters
                 if stale_check(m.font, settings, pairs, args.refresh_stale, m.name if several else "", args.all_glyphs)}
    checked = time.perf_counter() - started
    with progress_bar(args.format == "text") as progress:
        family = kern_masters(
            masters,
            pairs,
            settings,
            compatible=compatible,
            groups=_group_mode(args),
            method=args.group_value,
            tolerance=args.tolerance,
            loose_tolerance=args.loose_tolerance,
            write_groups=args.write_groups,
            progress=progress,
            all_glyphs=args.all_glyphs,
            ungrouped=args.ungrouped,
            kerning_mode="replace" if args.replace else "update",
            budget=args.max_entries,
            prior=font_prior(args, first.font),
        )
    family.timings = {"read": read, **family.timings}
    family.timings["bubbles"] = family.timings.get("bubbles", 0.0) + checked  # reading pairs, stale check
    family.notes[:0] = notes
    if family.built_groups and family.write_groups:
        family.notes.append(
            f"the font had no kern groups: built {len(family.groups.left)} left and {len(family.groups.right)} "
            "right groups from the bubbles' band profiles and wrote them (--flat: glyph pairs instead)"
        )
    for message in family.warnings:
        warn(message)
    blend_note(settings, [run.result for run in family.runs])
    existing = [kerning_dict(run.master.font) for run in family.runs]
    apply_family(family, family.mode, dry_run=True)
    what = f"{sum(int(run.result.kept_mask.sum()) for run in family.runs):,} kept glyph pairs"
    first = family.runs[0].classes if family.runs else None
    if first is not None and hasattr(first, "ungrouped"):
        c = first.summary()
        what += (f" → {c['after'] - c['exceptions'] - c['ungrouped']:,} group pairs, {c['exceptions']:,} exceptions, "
                 f"{c['ungrouped']:,} pairs of ungrouped glyphs")
    if family.runs:
        sizes = [(_total(run, before), len(before), len(run.report.written)) for run, before in zip(family.runs, existing)]
        check_size(*max(sizes, key=lambda size: size[0] - max(args.max_entries, size[1])), args, what, family.timings)
    if not args.dry_run:
        write_family(family)
    started = time.perf_counter()
    saved = _save_family(args, path, kind, doc, family, refreshed)
    family.timed("save", started)
    print_family(family, args.format, path, saved, args.dry_run, existing=existing)
    return 0


def _total(run, before: dict) -> int:
    """Entries in the master's kerning once ``run.report`` is written."""
    if isinstance(run.report, ClassPlan):
        return run.report.total
    return size_after(before, run.report.written, run.report.removed)


def write_family(family: FamilyKerning) -> None:
    """Write what :func:`apply_family` planned (``run.report``) into each font: built groups,
    then the kerning as one bulk change."""
    from ..groups import write_groups

    started = time.perf_counter()
    for run in family.runs:
        if family.built_groups and family.write_groups:
            write_groups(run.master.font, family.groups)
        write_kerning(run.master.font, run.report.written, run.report.removed)
    family.timed("write", started)


def _save_family(args, path: Path, kind: str, doc, family: FamilyKerning, refreshed: set[int] = frozenset()) -> list[Path]:
    """Save what changed; ``refreshed`` holds ids of fonts whose stale bubbles were made again."""
    if args.dry_run:
        return []
    masters = [run.master for run in family.runs]
    groups_written = family.built_groups and family.write_groups
    changed = [groups_written or (run.report is not None and run.report.changed) or id(run.master.font) in refreshed
               for run in family.runs]
    if kind == "ufo":
        if args.output or changed[0]:
            font = masters[0].font
            if not args.output and not groups_written and not refreshed and save_kerning(font, path):
                return [path]
            return [save_font(font, args.output or path)]
        return []
    if kind == "designspace" and args.output is None and refreshed:
        return save_fonts([(m.font, m.path) for m, c in zip(masters, changed) if c])
    if kind == "designspace":
        from ..masters import save_designspace

        return save_designspace(doc, family, path, args.output)
    from ..glyphsapp import output_paths
    from ..masters import write_designspace_copy

    targets, designspace = output_paths(doc, masters, args.output)
    if designspace is not None:
        designspace.parent.mkdir(parents=True, exist_ok=True)
    saved = save_fonts([(m.font, t) for m, t in zip(masters, targets)])
    if designspace is not None:
        write_designspace_copy(doc, masters, targets, designspace)
    return saved


def print_family(
    family: FamilyKerning, form: str, source: Path, saved: list[Path], dry_run: bool, stream=None, existing=None
):
    """Print a family run: per master summaries (text), ``master⇥left⇥right⇥value`` (tsv) or JSON.

    ``existing`` (each master's kerning before the run) lets a dry run list the changes."""
    stream = stream or sys.stdout
    flips = family.flips
    names = [run.master.name for run in family.runs]
    if form == "json":
        data = {
            "pairs": [[a, b, v] for (a, b), v in family.runs[0].result.kept.items()] if len(family.runs) == 1 else [],
            "grouping": family.grouping,
            "compatible": family.compatible,
            "masters": [
                {
                    "name": run.master.name,
                    "path": str(run.master.path) if run.master.path else None,
                    "pairs": [[a, b, v] for (a, b), v in run.result.kept.items()],
                    "kerning": [[a, b, v] for (a, b), v in _entries(run).items()],
                    "summary": summary(run.result, run.report, None, dry_run, run.classes),
                }
                for run in family.runs
            ],
            "groups": family.groups.as_dict() if family.built_groups else None,
            "sign_flips": [[a, b, list(v)] for (a, b), v in flips.items()],
            "notes": family.notes,
            "saved": [str(p) for p in saved],
            "dry_run": dry_run,
            "timings": {k: round(v, 3) for k, v in family.timings.items()},
        }
        if len(family.runs) == 1:
            run = family.runs[0]
            data["summary"] = summary(run.result, run.report, saved[0] if saved else None, dry_run, run.classes)
        json.dump(data, stream, ensure_ascii=False)
        stream.write("\n")
        return
    if form == "tsv":
        single = len(family.runs) == 1
        for run in family.runs:
            for (a, b), v in _entries(run).items():
                stream.write(f"{a}\t{b}\t{v}\n" if single else f"{run.master.name}\t{a}\t{b}\t{v}\n")
        return
    lines = [f"{source.name}: {len(family.runs)} master{'s' if len(family.runs) != 1 else ''}, "
             f"{'class kerning with exceptions' if family.grouping == 'classes' else 'glyph pairs'}"
             f"{', compatible' if family.compatible and len(family.runs) > 1 else ''}"]
    lines += [f"  note: {n}" for n in family.notes]
    for run in family.runs:
        s = summary(run.result, run.report, None, dry_run, run.classes)
        lines.append(
            f"  {run.master.name}: {s['solved']:,} pairs solved in {s['seconds']:.2f} s, {s['kept']:,} kept"
            + (f"; {s['before']:,} glyph pairs → {s['after']:,} entries "
               f"({s['after'] - s['exceptions'] - s.get('ungrouped', 0):,} group pairs, {s['exceptions']:,} exceptions"
               + (f", {s['ungrouped']:,} pairs of ungrouped glyphs" if s.get("ungrouped") else "") + ")"
               if run.classes is not None and family.grouping == "classes" else "")
            + (f"; {s['before']:,} glyph pairs → {s['after']:,} entries, the pairs any master kerns"
               if run.classes is not None and family.grouping != "classes" else "")
            + f"; written {s['written']:,}, removed {s['removed']:,}"
        )
        if run.result.prior_blended:
            lines.append("  " + prior_line(run.result))
        if isinstance(run.classes, ClassPlan) and run.classes.loosened:
            plan = run.classes
            loose = plan.tolerance if plan.loose_tolerance is None else plan.loose_tolerance
            asked = [f"--{flag} gave {value:g}" for flag, value in
                     (("tolerance", plan.asked_tolerance), ("loose-tolerance", plan.asked_loose)) if value is not None]
            lines.append(
                f"  {run.master.name}: exceptions only where the class value sets a member more than "
                f"{plan.tolerance:g} units closer or {loose:g} units looser than its own value "
                f"({', '.join(asked)}), to stay within --max-entries {plan.budget:,}"
            )
    if flips:
        lines.append(f"  {len(flips)} pairs flip sign across masters ({', '.join(names)}):")
        for (a, b), values in list(flips.items())[:20]:
            lines.append(f"    {a} {b}: " + " / ".join(str(v) for v in values))
        if len(flips) > 20:
            lines.append(f"    … and {len(flips) - 20} more")
    if family.built_groups and len(family.groups) <= 40:
        for name, members in family.groups.as_dict().items():
            lines.append(f"  group {name}: {' '.join(members)}")
    if dry_run:
        for i, run in enumerate(family.runs):
            before = existing[i] if existing else {}
            lines += dry_run_lines(run.result, run.report, before, run.master.name if len(family.runs) > 1 else "")
    if family.timings:
        lines.append(timing_line(family.timings))
    if dry_run:
        lines.append("  dry run: nothing saved")
    elif saved:
        lines += [f"  saved {p}" for p in saved]
    else:
        lines.append("  nothing changed, nothing saved")
    stream.write("\n".join(lines) + "\n")


def _entries(run) -> dict:
    if run.classes is not None:
        return run.classes.kerning
    return run.result.kept


def report_skipped(result: KernResult, layer: str, font=None) -> None:
    """Warn about glyphs without a bubble (not white space: it never has one); stop when no
    pair could be solved at all."""
    if not result.skipped:
        return
    lacking = sorted({n for pair in result.skipped for n in pair if f"{n!r}" in result.skipped[pair]})
    if len(result) and font is not None:
        lacking = [n for n in lacking if not is_blank(font[n])]
        if not lacking:
            return
    shown = ", ".join(repr(n) for n in lacking[:12]) + (f" and {len(lacking) - 12} more" if len(lacking) > 12 else "")
    message = f"no bubble in layer {layer!r} (own or inherited) for {shown}"
    if not len(result):
        raise BubbleLayerError(f"no pair could be solved: {message}")
    skipped = sum(1 for pair in result.skipped if set(pair) & set(lacking))
    warn(f"{skipped:,} pair(s) skipped: {message}")


def timing_line(timings: dict[str, float]) -> str:
    """``time: read 1.0 s, bubbles 30.2 s, …; total 52.1 s`` (wall seconds per phase)."""
    order = ("read", "bubbles", "solve", "group", "write", "save")
    shown = [k for k in order if k in timings] + [k for k in timings if k not in order]
    parts = ", ".join(f"{k} {timings[k]:.2f} s" for k in shown)
    return f"  time: {parts}; total {sum(timings.values()):.2f} s"


def dry_run_lines(result: KernResult, report, existing, name: str = "", count: int = 10) -> list[str]:
    """The strongest values solved and the first changes a run would make (for a dry run)."""
    import numpy as np

    values = np.asarray(result.values)
    kept = np.flatnonzero(np.asarray(result.kept_mask))
    lines = []
    prefix = f"  {name}: " if name else "  "
    if len(kept):
        top = kept[np.argsort(-np.abs(values[kept]), kind="stable")[:count]]
        shown = ", ".join(f"{a} {b} {int(values[i]):+d}" for i, (a, b) in zip(top, (result.pairs[int(i)] for i in top)))
        lines.append(f"{prefix}strongest: {shown}")
    if report is None:
        return lines
    changes = [(p, existing.get(p), v) for p, v in report.written.items()]
    changes += [(p, existing.get(p), None) for p in report.removed]
    lines.append(f"{prefix}would write {len(report.written):,} entries and remove {len(report.removed):,}"
                 + (":" if changes else ""))
    for (a, b), old, new in sorted(changes, key=lambda c: -abs(c[2] or c[1] or 0))[:count]:
        was = "new" if old is None else f"was {old:g}"
        lines.append(f"    {a} {b}: " + ("removed" if new is None else f"{new:g}") + f" ({was})")
    if len(changes) > count:
        lines.append(f"    … and {len(changes) - count:,} more")
    return lines


def print_result(
    result: KernResult,
    report: ApplyReport,
    form: str,
    source: Path,
    saved: Path | None,
    dry_run: bool = False,
    stream=None,
    timings: dict[str, float] | None = None,
    existing=None,
) -> None:
    """Print ``result`` as a summary (text), ``left⇥right⇥value`` lines (tsv) or JSON."""
    stream = stream or sys.stdout
    kept = result.kept if form != "text" else {}
    if form == "json":
        data = {
            "pairs": [[left, right, value] for (left, right), value in kept.items()],
            "summary": summary(result, report, saved, dry_run),
            "timings": {k: round(v, 3) for k, v in (timings or {}).items()},
        }
        json.dump(data, stream, ensure_ascii=False)
        stream.write("\n")
        return
    if form == "tsv":
        for (left, right), value in kept.items():
            stream.write(f"{left}\t{right}\t{value}\n")
        return
    s = summary(result, report, saved, dry_run)
    lines = [
        f"{source.name}: {s['solved']:,} pairs solved in {s['seconds']:.2f} s"
        f" ({s['failsafe']:,} fail-safe, {s['skipped']:,} skipped for lack of a bubble)",
        f"  kept {s['kept']:,} (|kern| ≥ {max(result.settings.min_kern, 1)}"
        + ("" if result.settings.capital_threshold == result.settings.min_kern
           else f"; ≥ {max(result.settings.capital_threshold, 1)} for two capitals") + "), "
        f"written {s['written']:,}, removed {s['removed']:,}, unchanged {s['unchanged']:,}",
    ]
    if result.prior_blended:
        lines.append(prior_line(result))
    if dry_run:
        lines += dry_run_lines(result, report, existing or {})
    if timings:
        lines.append(timing_line(timings))
    lines.append(saved_line(saved, dry_run))
    stream.write("\n".join(lines) + "\n")


def prior_line(result: KernResult) -> str:
    """What the kerning prior did to ``result``: how many pairs it blended, at which share."""
    from ..prior import blend_summary

    return "  " + blend_summary(result.prior_blended, result.settings.prior_weight)


def summary(
    result: KernResult, report: ApplyReport, saved: Path | None, dry_run: bool, classes: ClassKerning | None = None
) -> dict:
    data = {
        "solved": len(result),
        "kept": int(result.kept_mask.sum()),
        "failsafe": int(result.failsafe.sum()),
        "blended": result.blended,
        "prior_blended": result.prior_blended,
        "skipped": len(result.skipped),
        "written": len(report.written) if report else 0,
        "removed": len(report.removed) if report else 0,
        "unchanged": report.unchanged if report else 0,
        "seconds": round(result.elapsed, 3),
        "saved": str(saved) if saved else None,
        "dry_run": dry_run,
    }
    if classes is not None:
        data.update(classes.summary())
    return data
