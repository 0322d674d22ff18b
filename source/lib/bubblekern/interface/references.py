"""The kerning window's reference fonts: a kerning prior (:mod:`bubblekern.prior`) chosen in the Settings tab.

The references belong to the font, not to the window: they are recorded in its lib (``com.bubblekern.prior``) as
``bubblekern fit --prior`` records them, so the window, ``bubblekern kern`` and a later fit blend in the same fonts,
and the weight is the font's ``prior_weight`` (``com.bubblekern.settings``). Adding a reference reads it first
(it is then kept read for the next kern): one that cannot be read is named and not recorded.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ..errors import BubbleKernError
from ..prior import (
    KerningPrior,
    PriorFont,
    blend_summary,
    record_references,
    recorded_references,
    stored_prior,
    stored_weight,
)
from .defaults import store_font_setting

__all__ = [
    "REFERENCE_TYPES",
    "RecordedPrior",
    "add_references",
    "prior_note",
    "references_status",
    "remove_references",
    "store_prior_weight",
]

REFERENCE_TYPES = ("ufo", "ufoz", "ttf", "otf")
"""The file types the window's chooser offers (:meth:`bubblekern.prior.PriorFont.read` reads them)."""


def references_status(font) -> str:
    """What the Settings tab says of ``font``'s reference fonts: none, or how many, BubbleKern's share and each
    font's name (a recorded one that is gone is marked: kern leaves it out)."""
    if font is None:
        return "No font."
    paths = recorded_references(font)
    if not paths:
        return "No reference fonts: kerned from the bubbles alone."
    count = f"{len(paths)} reference font{'s' if len(paths) != 1 else ''}"
    names = [path.name + ("" if path.exists() else " (missing: left out)") for path in paths]
    return f"{count}, BubbleKern's share {stored_weight(font):g}: " + ", ".join(names)


def prior_note(result) -> str | None:
    """The preview's line on the prior a kern blended in (a :class:`~bubblekern.kerning.KernResult`), or None."""
    if not result.prior_blended:
        return None
    line = blend_summary(result.prior_blended, result.settings.prior_weight)
    return line[0].upper() + line[1:] + "."


def add_references(font, paths: Iterable[str | Path]) -> list[str]:
    """Record the fonts at ``paths`` after those ``font`` records already (each once); return the problems, one per
    font that cannot be read or is ``font`` itself (it is not recorded)."""
    recorded = recorded_references(font)
    known = {path.resolve() for path in recorded}
    own = Path(font.path).resolve() if getattr(font, "path", None) else None
    added, problems = [], []
    for entry in paths:
        path = Path(entry)
        resolved = path.resolve()
        if resolved in known:
            continue
        if resolved == own:
            problems.append(f"{path}: this is the font being kerned; a reference is another font's kerning")
            continue
        try:
            PriorFont.read(path)
        except BubbleKernError as error:
            problems.append(str(error))
            continue
        known.add(resolved)
        added.append(path)
    if added:
        record_references(font, [*recorded, *added])
    return problems


def remove_references(font) -> None:
    """Forget ``font``'s reference fonts (and their weight): kern from the bubbles alone."""
    record_references(font, [])
    store_prior_weight(font, "")  # empty: the default weight again


def store_prior_weight(font, text: str) -> str | None:
    """Store the weight typed as ``text`` in ``font``'s settings; a problem to show (nothing stored) when it is not a
    number from 0 to 1. Empty text goes back to the default."""
    return store_font_setting(font, "prior_weight", text, "BubbleKern's share must be a number from 0 to 1, not {text}")


class RecordedPrior:
    """The kerning prior of the reference fonts a font records (:func:`bubblekern.prior.stored_prior`), for the
    glyph-editor overlay, which asks on every redraw: read at once when the font or its recorded references change,
    else again at most every ``interval`` seconds (a reference saved meanwhile is then read anew)."""

    def __init__(self, interval: float = 2.0, clock: Callable[[], float] = time.monotonic):
        self.interval, self.clock = interval, clock
        self._key: tuple | None = None
        self._read_at = -math.inf
        self._prior: KerningPrior | None = None

    def get(self, font) -> KerningPrior | None:
        """``font``'s prior (None when it records no reference, or none can be read)."""
        paths = tuple(str(path) for path in recorded_references(font))
        key = (getattr(font, "path", None), paths)
        now = self.clock()
        if key != self._key or now - self._read_at >= self.interval:
            self._prior = stored_prior(font)[0] if paths else None
            self._key, self._read_at = key, now
        return self._prior
