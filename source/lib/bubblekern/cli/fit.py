"""``bubblekern fit``: find generated-bubble settings that reproduce a font's kerning."""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("font", metavar="FONT", help="a UFO with outlines and kerning")
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
    parser.add_argument("--output", "-o", metavar="OUT.ufo", help="save to this UFO instead of in place")
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
    # before any work: a reference that cannot be read, or is the font fitted or its --reference, stops the run
    prior = read_prior(args, [args.font, args.reference])
    path, font = open_ufo(args.font)
    settings = settings_from_args(args, font)
    reference = None
    if args.reference:
        if Path(args.reference).suffix.lower() != ".ufo":
            raise FontFileError(f"{args.reference}: --reference takes a .ufo")
        reference = args.reference
    pairs = training_pairs(args, font)
    result = fit(font, pairs, reference, settings, refine=not args.no_refine, controls=not args.no_control_pairs,
                 model=not args.no_model, value_model=args.value_model, prior=prior)
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
        say(f"  bubbles: {len(report.written):,} written, {len(report.unchanged):,} unchanged"
            + _skipped(report))
    say("  dry run: nothing saved" if saved is None else f"  settings stored in the font's lib; saved {saved}")
    return 0


def _skipped(report) -> str:
    failed = report.skipped_with("failed") if hasattr(report, "skipped_with") else []
    hand = report.skipped_with("hand-drawn")
    parts = []
    if hand:
        parts.append(f"{len(hand):,} drawn by hand kept")
    if failed:
        parts.append(f"{len(failed):,} failed (no bubble): {', '.join(failed[:12])}")
    return "; " + "; ".join(parts) if parts else ""
