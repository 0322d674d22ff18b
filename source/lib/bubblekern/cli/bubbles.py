"""``bubblekern bubbles``: generate, refresh or delete a UFO's bubbles from its outlines."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import BubbleKernError
from ..fontio import open_font, save_fonts
from ..generate import (
    GenerateReport,
    GenerateSettings,
    delete_bubbles,
    load_generate_settings,
    make_bubbles,
    refresh_bubbles,
)
from .common import glyph_list, progress_bar, saved_line, ufo_path

ORDER = 20

__all__ = ["add_parser", "run", "print_report"]

_SKIP_LABELS = {
    "empty": "with no outline",
    "composite": "composite(s), which inherit their components' bubbles",
    "has-bubble": "with a bubble already (--overwrite always replaces them)",
    "has-glyph": "with an empty bubble glyph (--overwrite if-empty fills them)",
    "outside": "whose bubble lies outside the advance",
    "current": "not stale",
    "edited": "stale but edited by hand (--overwrite always replaces them)",
    "no-bubble": "with no bubble",
    "not-generated": "drawn by hand",
    "failed": "whose bubble could not be built (see the warnings)",
}


def add_parser(subparsers) -> argparse.ArgumentParser:
    default = GenerateSettings()
    parser = subparsers.add_parser(
        "bubbles",
        help="generate bubbles from the outlines (or refresh, or delete them)",
        description=(
            "Write a bubble for each chosen glyph of FONT into its bubble layer: the outline grown by "
            "an offset and fitted to the sidebearings. Flags override the settings stored in the "
            "font; the settings used are stored in it."
        ),
    )
    parser.add_argument("fonts", nargs="+", metavar="FONT", help="a UFO (several: each is done the same way)")
    chosen = parser.add_argument_group("glyphs (default: all)").add_mutually_exclusive_group()
    chosen.add_argument("--glyphs", metavar="A,B,…", help="these glyphs only")
    chosen.add_argument("--all", action="store_true", help="every glyph of the font")
    chosen.add_argument("--stale", action="store_true", help="generate again the bubbles whose glyph changed since")
    shape = parser.add_argument_group("bubble shape (default: stored in the font, else as shown)")
    shape.add_argument(
        "--offset-x", type=float, metavar="N", help=f"horizontal offset per 1000 UPM (default: {default.offset_x:g})"
    )
    shape.add_argument(
        "--offset-y", type=float, metavar="N", help=f"vertical offset per 1000 UPM (default: {default.offset_y:g})"
    )
    shape.add_argument("--corner", choices=("round", "miter"), help=f"corners of the offset (default: {default.corner})")
    shape.add_argument(
        "--corner-radius", type=float, metavar="N", help="round the remaining corners to N per 1000 UPM (default: 0)"
    )
    shape.add_argument(
        "--adhere",
        choices=("trim", "nudge", "off"),
        help=f"fit the sides to the sidebearings: clip, move back, or leave (default: {default.adhere})",
    )
    shape.add_argument(
        "--include-composites",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also generate bubbles for composites (default: no, they inherit)",
    )
    shape.add_argument("--layer", metavar="NAME", help=f"bubble layer (default: {default.layer})")
    what = parser.add_argument_group("what to do")
    what.add_argument(
        "--overwrite",
        choices=("never", "if-empty", "always"),
        help=f"which existing bubbles to replace (default: {default.overwrite}; never stored)",
    )
    what.add_argument("--delete", action="store_true", help="delete the chosen glyphs' bubbles instead")
    what.add_argument("--only-generated", action="store_true", help="with --delete: keep bubbles drawn by hand")
    what.add_argument("--dry-run", action="store_true", help="report what would change, save nothing")
    what.add_argument("--json", action="store_true", help="print one JSON object per font")
    what.add_argument("--output", "-o", metavar="OUT.ufo", help="save to this UFO instead of in place (one FONT)")
    return parser


def _settings(args: argparse.Namespace, font) -> GenerateSettings:
    return load_generate_settings(
        font,
        offset_x=args.offset_x,
        offset_y=args.offset_y,
        corner=args.corner,
        corner_radius=args.corner_radius,
        adhere=args.adhere,
        overwrite=args.overwrite,
        include_composites=args.include_composites,
        layer=args.layer,
    )


def run(args: argparse.Namespace) -> int:
    paths = [ufo_path(p) for p in args.fonts]
    if args.output and len(paths) > 1:
        raise BubbleKernError("--output takes one FONT; without it each font is saved in place")
    if args.delete and not (args.glyphs or args.all):
        raise BubbleKernError("--delete needs --glyphs A,B,… or --all (say which bubbles to delete)")
    if args.delete and args.stale:
        raise BubbleKernError("--delete and --stale do not go together")
    if args.only_generated and not args.delete:
        raise BubbleKernError("--only-generated goes with --delete")

    done = []
    for path in paths:  # every font is worked out before any is saved
        font = open_font(path)
        settings = _settings(args, font)
        glyphs = glyph_list(args.glyphs, font, "--glyphs")
        if args.delete:
            report = delete_bubbles(
                font, glyphs, layer=settings.layer, only_generated=args.only_generated, dry_run=args.dry_run
            )
        else:
            with progress_bar(not args.json) as progress:
                work = refresh_bubbles if args.stale else make_bubbles
                report = work(font, glyphs, settings, dry_run=args.dry_run, progress=progress)
        done.append((path, font, report))

    # every font is worked out first; then all changed ones are saved together, or none
    changed = [(font, args.output or path) for path, font, report in done
               if not args.dry_run and (args.output or report.changed)]
    saved = dict(zip((id(font) for font, _ in changed), save_fonts(changed)))
    for path, font, report in done:
        for name in report.skipped_with("failed"):
            print(f"warning: {path.name}: {report.skipped[name].message}; no bubble written", file=sys.stderr)
        print_report(report, path, saved.get(id(font)), json_output=args.json)
    return 0


def _bubbles(count: int) -> str:
    return f"{count:,} bubble{'' if count == 1 else 's'}"


def _names(names: list[str], limit: int = 12) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")


def print_report(report: GenerateReport, source: Path, saved: Path | None, json_output: bool = False, stream=None):
    """Print what a bubbles run did: a short summary, or one JSON object."""
    stream = stream or sys.stdout
    if json_output:
        data = {"font": str(source), **report.to_dict(), "saved": str(saved) if saved else None}
        json.dump(data, stream, ensure_ascii=False)
        stream.write("\n")
        return
    s = report.settings
    if report.deleted or (not report.written and not report.unchanged and report.skipped_with("no-bubble")):
        lines = [f"{source.name}: {_bubbles(len(report.deleted))} deleted from layer {s.layer!r}"]
    else:
        lines = [
            f"{source.name}: {_bubbles(len(report.written))} written ({len(report.replaced):,} replaced), "
            f"{len(report.unchanged):,} unchanged, {len(report.skipped):,} skipped in {report.elapsed:.2f} s",
            f"  offset {s.offset_x:g} × {s.offset_y:g} per 1000 UPM, {s.corner} corners"
            + (f" (radius {s.corner_radius:g})" if s.corner_radius else "")
            + f", adhere {s.adhere}, overwrite {s.overwrite}, layer {s.layer!r}",
        ]
    codes = list(dict.fromkeys(skip.code for skip in report.skipped.values()))
    for code in codes:
        names = report.skipped_with(code)
        label = _SKIP_LABELS.get(code, code)
        lines.append(f"  skipped {len(names):,} {label}: {_names(names)}")
    notes = list(dict.fromkeys(report.notes.values()))
    for note in notes:
        names = [n for n, v in report.notes.items() if v == note]
        lines.append(f"  {note}: {_names(names)}")
    lines.append(saved_line(saved, report.dry_run))
    stream.write("\n".join(lines) + "\n")
