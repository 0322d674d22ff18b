"""``bubblekern fit``: find generated-bubble settings that reproduce a font's kerning.

A designspace fits each full source to its own kerning, saves them all or none, and says where the masters' fitted
policies differ (a family kerned with one policy in its light master and another in its bold interpolates between
them)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from ..errors import FontFileError
from ..fit import MODELS, FitError, fit, store_fit
from ..fontio import save_font
from ..pairs import cmap_of, pairs_from_text, read_pair_list
from .common import (
    add_prior_arguments,
    add_settings_arguments,
    open_ufo,
    progress_bar,
    read_prior,
    say,
    settings_from_args,
)

ORDER = 70

__all__ = ["add_parser", "run", "DEFAULT_TRAINING_TEXT"]

DEFAULT_TRAINING_TEXT = "\n".join([
    "HOLTAVOAvonTox",
    "HAHVHTHYHOHnHo",
    "AYATAWAVAO",
    "OVOYOXOTOAOo",
    "LTLVLYLO",
    "TaToTeTrTyTvT.T",
    "VaVeVoV.",
    "YaYoYe",
    "noonvovyoxo",
    "earstchmiu",
    "F.P.f.r.\u2019,'",
    "\u201co\u2018o'o\"o",
    "-T-Y-o-",
    "TqVq",
    "L'A'T\"Y\"",
])
"""Training text when none is given: its characters the font lacks are left out."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "fit",
        help="fit the value model (and, if asked, generated-bubble settings) to the font's kerning",
        description=(
            "Fit the value model (the halo blend's strength per pair context and min kern on default "
            "generated bubbles; with --value-model search or auto, also the settings of generated bubbles: "
            "offsets, adhere mode, corners, band height) whose BubbleKern values best reproduce the reference "
            "kerning on the training pairs (plus the control pairs HH HO OH OO nn no on oo Hn nH, 0 unless kerned); report "
            "the error on training pairs, cross-validated over them, and on held-out pairs (every other "
            "reference pair); store the settings in the font's lib and write the fitted bubbles (generated "
            "bubbles are replaced, hand-drawn ones kept). The search itself generates bubbles in memory only."
        ),
    )
    parser.add_argument("font", metavar="FONT", help="a UFO with outlines and kerning, or a .designspace (each master)")
    training = parser.add_mutually_exclusive_group()
    training.add_argument("--training-text", metavar="TEXT", help="sample text whose consecutive pairs train the fit")
    training.add_argument("--training-pairs", metavar="FILE", help="pair-list file of training pairs")
    parser.add_argument("--reference", metavar="OTHER.ufo", help="fit to this UFO's kerning instead of the font's own")
    parser.add_argument("--no-refine", action="store_true", help="coarse grid only (faster, rougher)")
    parser.add_argument(
        "--no-control-pairs",
        action="store_true",
        help="do not add the unkerned control pairs (HH HO OH OO nn no on oo Hn nH) to the training pairs",
    )
    parser.add_argument(
        "--no-model", action="store_true",
        help="fit the bubbles only; keep the value model (depth cap, strengths per pair context) as stored",
    )
    parser.add_argument(
        "--value-model", choices=MODELS,
        help="blend (default; search with --no-model): default bubbles and the halo blend; search: one bubble "
        "per glyph, its settings searched; auto: both, the blend unless the search's cross-validated error is "
        "lower by more than a standard error",
    )
    parser.add_argument(
        "--no-bubbles", action="store_true", help="store the settings only; leave the bubble layer as it is"
    )
    add_prior_arguments(
        parser,
        "kerned fonts of other families that kern then blends in (`kern --prior`): the threshold is chosen on the "
        "blended values, and the references are recorded in the font for later kern runs",
    )
    parser.add_argument("--dry-run", action="store_true", help="report, save nothing")
    parser.add_argument("--output", "-o", metavar="OUT.ufo",
                        help="save to this UFO instead of in place (a folder for a designspace: its masters and a copy of it)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_settings_arguments(parser)
    return parser


def training_pairs(args: argparse.Namespace, font) -> list[tuple[str, str]]:
    known = set(font.keys())
    cmap = cmap_of(font)
    if args.training_pairs:
        return read_pair_list(args.training_pairs, known, {k: tuple(v) for k, v in font.groups.items()})
    if args.training_text is not None:
        return pairs_from_text(args.training_text, cmap, known)
    text = "\n".join("".join(c for c in line if ord(c) in cmap) for line in DEFAULT_TRAINING_TEXT.splitlines())
    pairs = pairs_from_text(text, cmap, known)
    if len(pairs) < 8:
        raise FitError(
            f"the default training text, which is Latin, gives only {len(pairs)} "
            f"pair{'' if len(pairs) == 1 else 's'} in this font; give --training-text (a text of the font's own "
            "script) or --training-pairs"
        )
    return pairs


def run(args: argparse.Namespace) -> int:
    if Path(args.font).suffix.lower() == ".designspace":
        return _run_family(args)
    # before any work: a reference that cannot be read, or is the font fitted or its --reference, stops the run
    prior = read_prior(args, [args.font, args.reference])
    path, font = open_ufo(args.font)
    settings = settings_from_args(args, font)
    reference = None
    if args.reference:
        if Path(args.reference).suffix.lower() != ".ufo":
            raise FontFileError(f"{args.reference}: --reference takes a .ufo")
        reference = args.reference
    result = _fit(args, font, reference, settings, prior)
    saved = report = None
    if not args.dry_run:
        with progress_bar(not args.json) as progress:
            report = store_fit(font, result, bubbles=not args.no_bubbles, progress=progress)
        saved = save_font(font, args.output or path)
    if args.json:
        data = {**result.to_dict(), "saved": str(saved) if saved else None}
        if report is not None:
            data["bubbles"] = {"written": len(report.written), "unchanged": len(report.unchanged),
                               "skipped": {n: s.code for n, s in report.skipped.items()}}
        say(json.dumps(data, ensure_ascii=False))
        return 0
    say(f"{path.name}: " + result.format())
    if report is not None:
        say(_bubbles_line(report))
    say("  dry run: nothing saved" if saved is None else f"  settings stored in the font's lib; saved {saved}")
    return 0


def _fit(args: argparse.Namespace, font, reference, settings, prior):
    """The fit of ``font`` as the flags ask for it (training pairs, refinement, controls, value model)."""
    return fit(font, training_pairs(args, font), reference, settings, refine=not args.no_refine,
               controls=not args.no_control_pairs, model=not args.no_model, value_model=args.value_model, prior=prior)


def _bubbles_line(report) -> str:
    return f"  bubbles: {len(report.written):,} written, {len(report.unchanged):,} unchanged" + _skipped(report)


POLICIES = ("min_kern", "capital_min_kern", "strengths", "words_only", "quote_share", "dash_share", "stop_raised",
            "case_offsets", "depth_cap", "band")
"""The fitted settings compared across a family's masters."""


def differing_policies(settings: Sequence) -> dict[str, list]:
    """The :data:`POLICIES` whose values differ among ``settings`` (one :class:`~bubblekern.settings.Settings` per
    master), each with its value per master."""
    found = {}
    for name in POLICIES:
        values = [getattr(s, name) for s in settings]
        if any(v != values[0] for v in values[1:]):
            found[name] = values
    return found


def _run_family(args: argparse.Namespace) -> int:
    """Fit every full source of a designspace to its own kerning; save them all or none."""
    from ..masters import read_designspace, save_masters
    from .common import note

    if args.reference:
        raise FontFileError(f"{args.font}: --reference takes one UFO; a designspace's masters are each fitted to their own "
                            "kerning")
    doc, masters, notes = read_designspace(args.font)
    prior = read_prior(args, [m.path for m in masters])
    for message in notes:
        note(message)
    output = Path(args.output) if args.output else None
    if output is not None and (output.suffix.lower() == ".ufo" or (output.exists() and not output.is_dir())):
        raise FontFileError(f"{output}: give a folder for a designspace's masters")
    results, reports = [], []
    for master in masters:
        try:
            results.append(_fit(args, master.font, None, settings_from_args(args, master.font), prior))
        except FitError as error:  # nothing is saved: say which master could not be fitted
            raise FitError(f"{master.name}: {error}; no master was changed") from error
    saved: list[Path] = []
    if not args.dry_run:
        with progress_bar(not args.json) as progress:
            reports = [store_fit(m.font, r, bubbles=not args.no_bubbles, progress=progress)
                       for m, r in zip(masters, results)]
        saved = save_masters(doc, masters, args.font, output)
    differ = differing_policies([r.settings for r in results])
    if args.json:
        data = {"masters": [{"name": m.name, **r.to_dict(), "saved": str(p) if p else None}
                            for m, r, p in zip(masters, results, saved or [None] * len(masters))],
                "differ": {k: [_plain(v) for v in vs] for k, vs in differ.items()}}
        say(json.dumps(data, ensure_ascii=False))
        return 0
    for i, (master, result) in enumerate(zip(masters, results)):
        say(f"{master.name}: " + result.format())
        if reports:
            say(_bubbles_line(reports[i]))
    if differ:
        names = [m.name for m in masters]
        say("the masters' fitted settings differ (each master kerns with its own): " + "; ".join(
            f"{k} " + ", ".join(f"{n} {_shown(v)}" for n, v in zip(names, vs)) for k, vs in differ.items()))
    say("  dry run: nothing saved" if not saved else f"  settings stored in each master's lib; saved {len(saved)} "
        f"master{'s' if len(saved) != 1 else ''}" + (f" and {output / Path(args.font).name}" if output else ""))
    return 0


def _plain(value):
    return list(value) if isinstance(value, tuple) else value


def _shown(value) -> str:
    if isinstance(value, tuple):
        return "/".join(f"{v:g}" for v in value)
    return "none" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _skipped(report) -> str:
    failed = report.skipped_with("failed") if hasattr(report, "skipped_with") else []
    hand = report.skipped_with("hand-drawn")
    parts = []
    if hand:
        parts.append(f"{len(hand):,} drawn by hand kept")
    if failed:
        parts.append(f"{len(failed):,} failed (no bubble): {', '.join(failed[:12])}")
    return "; " + "; ".join(parts) if parts else ""
