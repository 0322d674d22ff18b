"""One undo step around a font-level change, the way RoboFont's fonts offer it."""

from __future__ import annotations

from contextlib import contextmanager

__all__ = ["undo_step"]


@contextmanager
def undo_step(font, title: str):
    """One entry in RoboFont's undo for everything done inside: ``with font.undo(title)``, as
    the ezui author's Guide Tool groups font edits. Fonts without it (fontshell) just run."""
    undo = getattr(font, "undo", None)
    if undo is None:
        yield
        return
    with undo(title):
        yield
