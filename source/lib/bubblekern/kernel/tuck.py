"""What both kernels take to tuck pairs under a raised mark (:func:`~bubblekern.kernel.tuck_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

__all__ = ["Tuck"]


class Tuck(NamedTuple):
    """Pairs solved on an eroded matrix: those of a ``left_rows`` row before a ``right_rows`` row."""

    eroded: Any
    """The kernel's ``ProfileMatrix``, eroded (:func:`~bubblekern.kernel.erode`)."""
    left_rows: Sequence[bool]
    """Per row: whether it starts a tucked pair (a raised mark)."""
    right_rows: Sequence[bool]
    """Per row: whether it ends one (a lowercase letter)."""
    room: Sequence[float]
    """Per row: the room its right side keeps from the reference on the eroded matrix."""
