"""What both kernels take to keep a blended kern at least a share of the bubbles' own (:func:`~bubblekern.kernel.floor_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Floor", "as_floors"]


class Floor(NamedTuple):
    """Pairs of a ``left`` row before a ``right`` row keep at least ``share`` of their bubbles' gap when blended."""

    left: Sequence[bool]
    """Per row: whether it can be the left glyph of such a pair (a letter)."""
    right: Sequence[bool]
    """Per row: whether it can be the right glyph (a low stop)."""
    share: float
    """The least share of the bubbles' own gap (and so of their kern) the blended gap keeps."""
    depth: float = float("inf")
    """In font units: the most of the bubbles' own gap the share is taken of."""


def as_floors(floor: Floor | Sequence[Floor] | None) -> tuple[Floor, ...]:
    """The floors a kernel's ``floor`` argument holds: none, one :class:`Floor`, or several, applied in turn."""
    if floor is None:
        return ()
    return (floor,) if isinstance(floor, Floor) else tuple(floor)
