"""``bubblekern kern``: kern a UFO's pairs and save the result (atomically, only on change)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..bubbles import FontBubbles
from ..errors import FontFileError
from ..fontio import open_font, save_font
from ..kerning import ApplyReport, KernResult, apply_kerning, kern_pairs
from .common import (
    add_pair_arguments,
    add_settings_arguments,
    pairs_from_args,
    progress_bar,
    settings_from_args,
    warn,
)

ORDER = 10

__all__ = ["add_parser", "run", "print_result"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "kern",
        help="kern a font from its bubbles",
        description="Kern FONT from the bubbles in its bubble layer and save the kerning.",
    )
    parser.add_argument("font", metavar="FONT", help="a UFO")
    add_pair_arguments(parser)
    add_settings_arguments(parser)
    out = parser.add_argument_group("output")
    out.add_argument("--replace", action="store_true", help="also remove old values of pairs that solve to zero")
    out.add_argument("--dry-run", action="store_true", help="solve and report, save nothing")
    out.add_argument("--format", choices=("text", "tsv", "json"), default="text", help="what to print (default: text)")
    out.add_argument("--output", "-o", metavar="OUT.ufo", help="save to this UFO instead of in place")
    return parser


def run(args: argparse.Namespace) -> int:
    path = Path(args.font)
    if path.suffix.lower() != ".ufo":
        raise FontFileError(f"{path}: give a .ufo font")
    font = open_font(path)
    settings = settings_from_args(args)
    bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    pairs = pairs_from_args(args, font, bubbles)
    with progress_bar(args.format == "text") as progress:
        result = kern_pairs(font, pairs, bubbles=bubbles, progress=progress)
    for message in result.warnings:
        warn(message)
    report = apply_kerning(font, result, "replace" if args.replace else "update")
    saved = None
    if not args.dry_run and (args.output or report.changed):
        saved = save_font(font, args.output or path)
    print_result(result, report, args.format, source=path, saved=saved, dry_run=args.dry_run)
    return 0


def print_result(
    result: KernResult,
    report: ApplyReport,
    form: str,
    source: Path,
    saved: Path | None,
    dry_run: bool = False,
    stream=None,
) -> None:
    """Print ``result`` as a summary (text), ``left⇥right⇥value`` lines (tsv) or JSON."""
    stream = stream or sys.stdout
    kept = result.kept
    if form == "json":
        data = {
            "pairs": [[left, right, value] for (left, right), value in kept.items()],
            "summary": summary(result, report, saved, dry_run),
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
        f"  kept {s['kept']:,} (|kern| ≥ {max(result.settings.min_kern, 1)}), "
        f"written {s['written']:,}, removed {s['removed']:,}, unchanged {s['unchanged']:,}",
    ]
    if dry_run:
        lines.append("  dry run: nothing saved")
    elif saved is not None:
        lines.append(f"  saved {saved}")
    else:
        lines.append("  nothing changed, nothing saved")
    stream.write("\n".join(lines) + "\n")


def summary(result: KernResult, report: ApplyReport, saved: Path | None, dry_run: bool) -> dict:
    return {
        "solved": len(result),
        "kept": int(result.kept_mask.sum()),
        "failsafe": int(result.failsafe.sum()),
        "skipped": len(result.skipped),
        "written": len(report.written),
        "removed": len(report.removed),
        "unchanged": report.unchanged,
        "seconds": round(result.elapsed, 3),
        "saved": str(saved) if saved else None,
        "dry_run": dry_run,
    }
