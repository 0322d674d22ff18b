"""What both kernels take to keep a dash clear of a foot below it (:func:`~bubblekern.kernel.clearance_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

__all__ = ["Clearance"]


class Clearance(NamedTuple):
    """Pairs with a ``rows`` row on either side, solved on ``matrix`` as well: at most ``factor`` times as deep as
    there, or ``depth``, whichever is deeper."""

    matrix: Any
    """The kernel's ``ProfileMatrix`` with the flagged rows' bubbles reaching further down
    (:func:`~bubblekern.kernel.reach_down`)."""
    rows: Sequence[bool]
    """Per row: whether it is kept clear (a dash)."""
    offsets: tuple[Sequence[float], Sequence[float]] | None
    """The room each row keeps from its reference on ``matrix`` (the kernel's ``offsets``), or None."""
    factor: float
    """How many times its gap on ``matrix`` (less the offsets) a pair's gap may be at most."""
    depth: float = 0.0
    """In font units: the gap a pair may keep whatever its gap on ``matrix`` (how deep it may kern anyway)."""
