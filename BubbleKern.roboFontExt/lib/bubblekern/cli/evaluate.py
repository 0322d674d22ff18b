"""``bubblekern evaluate``: how close BubbleKern comes to reference kerning."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..bubbles import FontBubbles
from ..errors import FontFileError
from ..evaluate import EvaluationError, evaluate
from ..pairs import read_pair_list
from .common import add_settings_arguments, at_least, open_ufo, say, settings_from_args, warn

ORDER = 60

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "evaluate",
        help="compare BubbleKern's values with existing kerning",
        description=(
            "Kern FONT from its bubbles and compare with reference kerning: the font's own (groups resolved) "
            "unless another UFO or a compiled font is given. Pairs: the reference's, or --pairs. A pair "
            "BubbleKern does not keep (zero, under --min-kern, no bubble) counts as 0."
        ),
    )
    parser.add_argument("font", metavar="FONT", help="a UFO with a bubble layer")
    reference = parser.add_mutually_exclusive_group()
    reference.add_argument("--reference", metavar="OTHER.ufo", help="compare with this UFO's kerning")
    reference.add_argument(
        "--reference-binary", metavar="FONT.otf", help="compare with a compiled font's kerning, measured with HarfBuzz"
    )
    parser.add_argument("--pairs", metavar="FILE", help="compare these pairs (reference 0 where it has none)")
    parser.add_argument("--worst", type=at_least(0, whole=True), default=10, metavar="N", help="list the N worst pairs (default: 10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_settings_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    path, font = open_ufo(args.font)
    settings = settings_from_args(args, font)
    bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    reference = None
    if args.reference:
        if Path(args.reference).suffix.lower() != ".ufo":
            raise FontFileError(f"{args.reference}: --reference takes a .ufo (use --reference-binary for compiled fonts)")
        reference = args.reference
    elif args.reference_binary:
        binary = Path(args.reference_binary)
        if not binary.is_file():
            raise FontFileError(f"{binary}: no such file")
        if binary.suffix.lower() not in (".otf", ".ttf", ".woff", ".woff2"):
            raise FontFileError(f"{binary}: --reference-binary takes an .otf, .ttf, .woff or .woff2 font")
        reference = binary
    pairs = None
    if args.pairs:
        pairs = read_pair_list(args.pairs, set(font.keys()), {k: tuple(v) for k, v in font.groups.items()})
    evaluation = evaluate(font, reference, pairs, bubbles=bubbles)
    for message in bubbles.warnings:
        warn(message)
    if not evaluation.metrics.count:
        raise EvaluationError(f"no pairs to compare: {evaluation.source} has no kerning for glyphs of {path.name}")
    if args.json:
        say(json.dumps(evaluation.to_dict(args.worst), ensure_ascii=False))
    else:
        say(f"{path.name}: " + evaluation.format(args.worst))
    return 0
