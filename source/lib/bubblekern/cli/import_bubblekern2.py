"""``bubblekern import-bubblekern2``: BubbleKern2 walls of a .glyphs file → bubbles in UFOs."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from ..bubblekern2 import ImportReport, import_walls
from ..errors import FontFileError
from ..fontio import save_fonts
from .common import say, warn

ORDER = 60

__all__ = ["add_parser", "run", "output_paths"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "import-bubblekern2",
        help="turn BubbleKern2 walls of a .glyphs file into bubbles in UFOs",
        description=(
            "Read FILE.glyphs with glyphsLib (every master) and turn each glyph's BubbleKern2 walls "
            "(BubbleKernNodesL/R: x offsets from the left and right sidebearing lines at heights y; "
            "BubbleKernReferL/R: another glyph's side) into one closed bubble in the bubble layer. Composites "
            "whose walls come from their components inherit their components' bubbles. Bad references and "
            "reference cycles are reported by glyph. One master is written to OUT.ufo; several to "
            "OUT-<master>.ufo each, with OUT.designspace (or, when OUT is a folder, into it)."
        ),
    )
    parser.add_argument("file", metavar="FILE.glyphs", help="a Glyphs file with BubbleKern2 data")
    parser.add_argument("output", metavar="OUT.ufo", help="the UFO to write (or a folder for several masters)")
    parser.add_argument("--layer", default="bubble", metavar="NAME", help="bubble layer to write (default: %(default)s)")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    parser.add_argument("--json", action="store_true", help="print one JSON object: per master, what was imported")
    return parser


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "", text) or "master"


def output_paths(doc, masters, output: Path) -> tuple[list[Path], Path | None]:
    """The UFO of each master, and the designspace when there are several."""
    if output.suffix.lower() == ".ufo":
        if len(masters) == 1:
            return [output], None
        names = [_safe(m.font.info.styleName or m.name) for m in masters]
        if len(set(names)) != len(names):
            names = [f"{n}-{i}" for i, n in enumerate(names, 1)]
        return [output.with_name(f"{output.stem}-{n}.ufo") for n in names], output.with_suffix(".designspace")
    from ..glyphsapp import output_paths as folder_paths

    return folder_paths(doc, masters, output)


def run(args: argparse.Namespace) -> int:
    from ..glyphsapp import read_glyphs

    source = Path(args.file)
    if source.suffix.lower() != ".glyphs":
        raise FontFileError(f"{source}: give a .glyphs file")
    doc, masters, notes = read_glyphs(source, args.layer)
    targets, designspace = output_paths(doc, masters, Path(args.output))
    existing = [p for p in targets + ([designspace] if designspace else []) if p.exists()]
    if existing and not args.force:
        raise FontFileError(f"{existing[0]} exists; give another OUT or --force to replace it")
    reports: list[ImportReport] = [import_walls(m.font, args.layer) for m in masters]
    if not any(r.written for r in reports):
        raise FontFileError(f"{source}: no glyph has BubbleKern2 walls (BubbleKernNodesL/R, BubbleKernReferL/R)")
    if designspace is not None:
        designspace.parent.mkdir(parents=True, exist_ok=True)
    saved = save_fonts([(m.font, t) for m, t in zip(masters, targets)])
    if designspace is not None:
        from ..masters import write_designspace_copy

        write_designspace_copy(doc, masters, targets, designspace)
    if args.json:
        data = {
            "file": str(source),
            "masters": [{"name": m.name, "ufo": str(p), **r.to_dict()} for m, p, r in zip(masters, saved, reports)],
            "designspace": str(designspace) if designspace else None,
            "notes": notes,
        }
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for message in notes:
        warn(message)
    for master, path, report in zip(masters, saved, reports):
        for message in report.warnings:
            warn(f"{master.name}: {message}")
        say(f"{master.name}: {len(report.written)} bubbles from walls → {path}")
        if report.inherited:
            say(f"  {len(report.inherited)} composites inherit their components' bubbles: {_names(report.inherited)}")
        if report.kept:
            say(f"  {len(report.kept)} glyphs kept the bubble they had: {_names(report.kept)}")
        without = [n for n, why in report.skipped.items() if why != "no BubbleKern2 walls"]
        if without:
            say(f"  {len(without)} without two walls: " + _names([f"{n} ({report.skipped[n]})" for n in without]))
    if designspace is not None:
        say(f"wrote {designspace}")
    say(f"kern it with: bubblekern kern {designspace or saved[0]}" + (" --output KERNED/" if designspace else ""))
    return 0


def _names(names: list[str], limit: int = 12) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")
