"""``bubblekern sync``: move bubbles whose glyph's outline moved sideways (a sidebearing change)."""

from __future__ import annotations

import argparse
import json
import sys

from ..fontio import save_font
from ..sync import SyncReport, sync_bubbles
from .common import glyph_list, open_ufo, saved_line, stored_settings, warn

ORDER = 25

__all__ = ["add_parser", "run", "print_report"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "sync",
        help="move bubbles along with outlines whose sidebearing changed",
        description=(
            "Bubbles follow the outline. Each bubble remembers (in its lib, com.bubblekern.outline) the left "
            "edge and advance of the outline it was drawn against. A bubble whose outline has since moved "
            "sideways by dx (a left-sidebearing change, or a component base that moved) is moved by dx; a "
            "width change alone moves nothing; a redrawn outline is reported, not moved. Bubbles with no "
            "record yet are recorded as in step where they are. The UFO is saved in place, atomically."
        ),
    )
    parser.add_argument("font", metavar="FONT", help="a UFO")
    parser.add_argument("--glyphs", metavar="A,B,…", help="these glyphs only (default: every bubble)")
    parser.add_argument("--layer", metavar="NAME", help="bubble layer (default: the font's, bubble)")
    parser.add_argument(
        "--record",
        action="store_true",
        help="move nothing: record every chosen bubble as in step where it is now (after checking a redrawn glyph)",
    )
    parser.add_argument("--dry-run", action="store_true", help="report what would move, save nothing")
    parser.add_argument("--json", action="store_true", help="print one JSON object (moved, recorded, reshaped …)")
    return parser


def run(args: argparse.Namespace) -> int:
    path, font = open_ufo(args.font)
    layer = args.layer or stored_settings(font).layer
    glyphs = glyph_list(args.glyphs, font, "--glyphs")
    report = sync_bubbles(font, glyphs, layer, record=args.record, dry_run=args.dry_run)
    saved = None
    if report.changed and not args.dry_run:
        saved = save_font(font, path)
    if args.json:
        json.dump({"font": str(path), **report.to_dict(), "saved": str(saved) if saved else None}, sys.stdout)
        sys.stdout.write("\n")
        return 0
    for message in report.warnings:
        warn(message)
    print_report(report, path.name, saved)
    return 0


def _number(value: float) -> str:
    return f"{value:+g}"


def print_report(report: SyncReport, source: str, saved=None, stream=None) -> None:
    stream = stream or sys.stdout
    verb = "would move" if report.dry_run else "moved"
    lines = [f"{source}, layer {report.layer!r}: {verb} {len(report.moved)} bubble(s)"]
    for move in report.moved:
        lines.append(
            f"  {move.name:<16} {_number(move.dx):>7}  (outline's left edge {move.left_before:g} → {move.left_now:g})"
        )
    if report.recorded:
        what = "recorded as in step where they are" if not report.dry_run else "would be recorded where they are"
        lines.append(f"  {len(report.recorded)} bubble(s) {what}: {_names(report.recorded)}")
    if report.reshaped:
        lines.append(
            f"  {len(report.reshaped)} outline(s) redrawn since their bubble was recorded, not moved: "
            f"{_names(report.reshaped)}"
        )
        lines.append("    check those bubbles, then accept them with: bubblekern sync "
                     f"{source} --record --glyphs {','.join(report.reshaped[:20])}")
    lines.append(f"  {len(report.in_step)} in step")
    lines.append(saved_line(saved, report.dry_run))
    stream.write("\n".join(lines) + "\n")


def _names(names: list[str], limit: int = 20) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")
