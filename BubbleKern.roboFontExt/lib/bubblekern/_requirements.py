"""Fail early, and clearly, when a package the engine needs is missing.

Imported first by :mod:`bubblekern`, so that ``import bubblekern`` without fontTools
says what to install instead of a bare ``ModuleNotFoundError`` from deep inside.
numpy is not required: without it the engine uses its plain-Python kernel
(:mod:`bubblekern.kernel`).
"""

from __future__ import annotations

import importlib

__all__ = ["REQUIRED", "missing", "check"]

REQUIRED: dict[str, str] = {
    "fontTools": "fonttools>=4.50",
}
"""Import name → pip requirement of every package the engine cannot work without."""


def missing(required: dict[str, str] | None = None) -> list[str]:
    """The pip requirements of ``required`` whose module cannot be imported."""
    required = REQUIRED if required is None else required
    absent = []
    for name, spec in required.items():
        try:
            importlib.import_module(name)
        except ImportError:
            absent.append(spec)
    return absent


def check(required: dict[str, str] | None = None) -> None:
    """Raise ImportError naming what to install when a required package is missing."""
    absent = missing(required)
    if absent:
        listed = " ".join(absent)
        raise ImportError(
            f"BubbleKern needs {', '.join(absent)}, which {'is' if len(absent) == 1 else 'are'} not installed. "
            f"Install with: python -m pip install {listed}  "
            "(in RoboFont: install them for RoboFont's Python, then restart RoboFont)"
        )


check()
