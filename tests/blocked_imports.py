"""Make packages unimportable, as numpy and skia-pathops may be inside RoboFont.

``BUBBLEKERN_BLOCK=numpy,pathops python -m pytest tests/...`` runs tests with those
packages blocked (conftest.py calls :func:`block_from_environment` before any test module
imports bubblekern), so a hard ``import numpy`` anywhere on the path under test fails.
"""

from __future__ import annotations

import importlib.abc
import os
import sys

ENV = "BUBBLEKERN_BLOCK"


class Blocker(importlib.abc.MetaPathFinder):
    """An import finder that refuses ``names`` (top-level packages) and everything inside them."""

    def __init__(self, names):
        self.names = frozenset(names)

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by {ENV})", name=name)
        return None


def block(names) -> None:
    """Block ``names`` from now on; refuse if bubblekern was already imported (it may hold them)."""
    names = [n for n in names if n]
    loaded = sorted(m for m in sys.modules if m.partition(".")[0] in ("bubblekern", "bubblekern_robofont"))
    if loaded:
        raise RuntimeError(f"cannot block {names}: already imported {loaded}")
    for module in list(sys.modules):
        if module.partition(".")[0] in names:
            del sys.modules[module]
    sys.meta_path.insert(0, Blocker(names))


def blocked() -> frozenset[str]:
    """The packages named in the environment (empty when nothing is blocked)."""
    return frozenset(n for n in os.environ.get(ENV, "").split(",") if n)


def block_from_environment() -> None:
    if blocked():
        block(blocked())
