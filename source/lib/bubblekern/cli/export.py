"""``bubblekern export``: a UFO's kerning as a kern feature (.fea) or compiled into OTF/TTF with ufo2ft; a
designspace's masters compiled into a variable font."""

from __future__ import annotations

import argparse

from ..errors import FontFileError
from ..fontio import open_font
from ..groups import check_groups_file
from .common import say, ufo_path, warn

ORDER = 40

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "export",
        help="write the kern feature, or compile an OTF/TTF with it",
        description="Write FONT's kerning as ufo2ft's kern feature (groups as classes), or compile FONT "
        "(its default layer; the bubble layer stays out) to OTF/TTF with ufo2ft.",
    )
    parser.add_argument("font", metavar="FONT", help="a UFO, or a .designspace (--otf/--ttf: a variable font)")
    out = parser.add_argument_group("outputs (at least one)")
    out.add_argument("--fea", metavar="KERN.fea", help="write the kern feature as feature-file text")
    out.add_argument("--otf", metavar="OUT.otf", help="compile a CFF-flavoured OpenType font")
    out.add_argument("--ttf", metavar="OUT.ttf", help="compile a TrueType-flavoured OpenType font")
    table = parser.add_argument_group("legacy kern table").add_mutually_exclusive_group()
    table.add_argument("--kern-table", action="store_true", help="also add a TrueType kern table (format 0)")
    table.add_argument(
        "--kern-table-only", action="store_true", help="a kern table instead of the GPOS kern feature"
    )
    parser.add_argument("--optimize", action="store_true", help="subroutinize the CFF of an OTF (slower)")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..export import compile_font, feature_text, own_kern_feature, write_text

    if not (args.fea or args.otf or args.ttf):
        raise FontFileError("give at least one of --fea, --otf, --ttf")
    if str(args.font).lower().endswith(".designspace"):
        return _run_variable(args)
    path = ufo_path(args.font)
    check_groups_file(path)
    font = open_font(path)
    kern = "table" if args.kern_table_only else "both" if args.kern_table else "gpos"
    if args.fea:
        text = feature_text(font)
        write_text(text, args.fea)
        say(f"wrote {args.fea} ({len(font.kerning):,} kerning entries)")
        if text and own_kern_feature(font):
            warn(f"{path.name}: its features.fea has a kern feature of its own: use {args.fea} in place of it "
                 "(beside it, both would kern)")
    for form, target in (("otf", args.otf), ("ttf", args.ttf)):
        if target:
            ttfont = compile_font(font, target, form, kern, optimize=args.optimize)
            tables = ", ".join(t for t in ("GPOS", "kern") if t in ttfont)
            say(f"wrote {target} ({tables or 'no kerning tables'})")
    return 0


def _run_variable(args: argparse.Namespace) -> int:
    """A designspace's masters compiled into a variable font (CFF2 with --otf, TrueType with --ttf)."""
    from ..export import compile_variable

    if args.fea or args.kern_table or args.kern_table_only:
        raise FontFileError(f"{args.font}: a designspace compiles to a variable font (--otf, --ttf); its kern feature "
                            "is each master's (export a master's with --fea), and a legacy kern table cannot vary")
    for form, target in (("otf", args.otf), ("ttf", args.ttf)):
        if target:
            ttfont = compile_variable(args.font, target, form)
            axes = ", ".join(a.axisTag for a in ttfont["fvar"].axes) if "fvar" in ttfont else "no axes"
            say(f"wrote {target} (variable: {axes}; {'GPOS' if 'GPOS' in ttfont else 'no GPOS'})")
    return 0
