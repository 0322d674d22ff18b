"""``bubblekern proof``: draw pairs without and with the kerning, bubbles, bands and collisions."""

from __future__ import annotations

import argparse

from ..bubbles import FontBubbles
from ..pairs import read_pair_list
from ..proof import ProofOptions, proof
from .common import add_settings_arguments, open_ufo, say, settings_from_args, warn

ORDER = 50

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "proof",
        help="draw a proof of the kerning (PDF, PNG or SVG)",
        description=(
            "Draw FONT's pairs set without kerning and with BubbleKern's, bubbles as translucent fills, "
            "the colliding band in red and the value under each pair. Without --pairs or --text: one pair "
            "per entry of the font's kerning (one per class pair, and each exception), strongest first (up to 300), "
            "with the font's value beside BubbleKern's; or one pair per class of BubbleKern's kerning when the "
            "font has none."
        ),
    )
    parser.add_argument("font", metavar="FONT", help="a UFO with a bubble layer")
    parser.add_argument(
        "-o", "--output", required=True, metavar="PROOF.pdf|.png|.svg",
        help="one PDF, or one PNG/SVG per page (several pages: PROOF-1.png, PROOF-2.png …)",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--pairs", metavar="FILE", help="pair-list file: two names a line")
    source.add_argument("--text", metavar="TEXT", help="sample text: its lines and its consecutive pairs")
    parser.add_argument("--bands", action="store_true", help="outline every band of the bubbles")
    parser.add_argument("--compare", action="store_true", help="show the font's existing kerning beside BubbleKern's (always on when the pairs come from it)")
    parser.add_argument("--no-bubbles", action="store_true", help="do not draw the bubbles")
    parser.add_argument("--em", type=float, default=ProofOptions.em, help="em size on the page (default: %(default)g)")
    parser.add_argument(
        "--page", default="1190x842", metavar="WxH", help="page size in points/pixels (default: %(default)s)"
    )
    add_settings_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    path, font = open_ufo(args.font)
    settings = settings_from_args(args, font)
    bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    pairs = None
    if args.pairs:
        pairs = read_pair_list(args.pairs, set(font.keys()), {k: tuple(v) for k, v in font.groups.items()})
    try:
        width, height = (float(v) for v in args.page.lower().split("x"))
        options = ProofOptions(
            page=(width, height), em=args.em, bands=args.bands, bubbles=not args.no_bubbles
        )
    except ValueError as error:
        raise SystemExit(f"bubblekern: error: --page/--em: {error}") from None
    compare = True if args.compare else None  # None: on when the pairs come from the font's kerning
    written = proof(font, args.output, pairs=pairs, text=args.text, options=options, bubbles=bubbles, compare=compare)
    for message in bubbles.warnings:
        warn(message)
    for file in written:
        say(f"wrote {file}")
    return 0
