"""The ``bubblekern`` command line: one module per subcommand, each with ``add_parser`` and ``run``."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import warnings
from collections.abc import Sequence

from fontTools.ufoLib.errors import UFOLibError

from .. import __version__
from ..errors import BubbleKernError, BubbleKernWarning
from ..glyphfiles import files_read_once

__all__ = ["main", "commands", "build_parser"]


def commands() -> list:
    """Subcommand modules of this package (those with ``add_parser`` and ``run``), by ``ORDER``."""
    modules = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "add_parser") and hasattr(module, "run"):
            modules.append(module)
    return sorted(modules, key=lambda m: (getattr(m, "ORDER", 50), m.__name__))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bubblekern",
        description="Automatic kerning from bubbles drawn around glyphs.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module in commands():
        sub = module.add_parser(subparsers)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 1 error, 2 usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", BubbleKernWarning)
            warnings.showwarning = _show_warning
            with files_read_once():  # a run reads each glyph file once (its edits go through defcon)
                return int(args.run(args) or 0)
    except BubbleKernError as error:
        print(f"bubblekern: error: {error}", file=sys.stderr)
        return 1
    except UFOLibError as error:  # a glyph file found broken only when it is read
        print(f"bubblekern: error: the font is broken: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("bubblekern: interrupted; nothing was saved", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the output went to a program that stopped reading (`| head`): not worth a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """BubbleKern's own warnings as one line on stderr; others as Python shows them."""
    if issubclass(category, BubbleKernWarning):
        print(f"bubblekern: warning: {message}", file=sys.stderr)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
