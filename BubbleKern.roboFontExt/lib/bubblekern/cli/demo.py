"""``bubblekern demo``: copy the bundled demo font out, kern it, and show the result."""

from __future__ import annotations

import argparse
import shutil
from importlib import resources
from pathlib import Path

from ..bubbles import FontBubbles
from ..errors import FontFileError
from ..fontio import open_font, save_font
from ..kerning import apply_kerning, kern_pairs
from ..settings import Settings
from .common import progress_bar, say, warn

ORDER = 90

__all__ = ["add_parser", "run", "DEMO_NAME", "demo_font_path", "copy_demo"]

DEMO_NAME = "BubbleKernDemo.ufo"
DEMO_KEY = "com.bubblekern.demo"
SHOWN = 20


def demo_font_path() -> Path:
    """Where the bundled demo UFO lives inside the installed package."""
    return Path(str(resources.files("bubblekern") / "data" / DEMO_NAME))


def copy_demo(folder: Path) -> Path:
    """Copy the demo UFO into ``folder``; replaces an earlier demo copy, never another font."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / DEMO_NAME
    if target.exists():
        try:
            is_demo = bool(open_font(target).lib.get(DEMO_KEY))
        except FontFileError:
            is_demo = False
        if not is_demo:
            raise FontFileError(f"{target} exists and is not BubbleKern's demo font; not replacing it")
        shutil.rmtree(target)
    shutil.copytree(demo_font_path(), target)
    return target


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "demo",
        help="copy the demo font out, kern it and print the result",
        description=f"Copy {DEMO_NAME} into DIR (default: the current folder), kern all its pairs and print them.",
    )
    parser.add_argument("folder", metavar="DIR", nargs="?", default=".", help="where to put the demo font")
    return parser


def run(args: argparse.Namespace) -> int:
    target = copy_demo(Path(args.folder))
    font = open_font(target)
    bubbles = FontBubbles(font, Settings())
    with progress_bar() as progress:
        result = kern_pairs(font, bubbles=bubbles, progress=progress)
    for message in result.warnings:
        warn(message)
    report = apply_kerning(font, result)
    save_font(font, target)
    say(f"Kerned {target}")
    say(f"{len(result):,} pairs solved in {result.elapsed:.2f} s, {len(result.kept):,} kept, "
        f"{int(result.failsafe.sum())} fail-safe (bubbles sharing no band)")
    say("")
    strongest = sorted(result.kept.items(), key=lambda item: (item[1], item[0]))
    shown = strongest[:SHOWN]
    width = max((len(a) + len(b) for a, b in result.kept), default=0) + 3
    for (left, right), value in shown:
        say(f"  {left + ' ' + right:<{width}}{value:>5}")
    if len(strongest) > len(shown):
        say(f"  … and {len(strongest) - len(shown)} more")
    say("")
    say(f"Written to {target}/kerning.plist ({len(report.written)} pairs).")
    return 0
