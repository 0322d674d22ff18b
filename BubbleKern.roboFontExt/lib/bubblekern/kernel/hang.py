"""What both kernels take to keep punctuation clear of hanging ink (:func:`~bubblekern.kernel.hang_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

__all__ = ["Hang"]


class Hang(NamedTuple):
    """Pairs of a ``left_rows`` row before a ``right_rows`` row, solved on ``matrix`` as well: never closer."""

    matrix: Any
    """The kernel's ``ProfileMatrix`` of the hanging ink: a left row's right room is minus its ink past its
    sidebearing line in the bands it hangs (0 in its other inked bands), a right row's left room 0 in the
    bands its bubble reaches, so a pair's gap there is minus the ink that hangs into the other glyph's bands."""
    left_rows: Sequence[bool]
    """Per row: whether its ink hangs (a letter)."""
    right_rows: Sequence[bool]
    """Per row: whether it keeps clear of hanging ink (punctuation)."""
