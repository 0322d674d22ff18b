"""What both kernels take to tuck pairs under a raised mark (:func:`~bubblekern.kernel.tuck_gaps`) and a lowercase
letter under a capital's arm (:func:`~bubblekern.kernel.arm_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

__all__ = ["Tuck", "ArmTuck"]


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


class ArmTuck(NamedTuple):
    """Pairs given part of the room their bubbles' vertical margins hide: those of two ``letters`` rows but for two
    ``capitals`` rows."""

    eroded: Any
    """The kernel's ``ProfileMatrix`` the pairs are solved on, eroded (:func:`~bubblekern.kernel.erode`) and
    depth-capped (:func:`~bubblekern.kernel.cap_depth`)."""
    letters: Sequence[bool]
    """Per row: whether it is a letter."""
    capitals: Sequence[bool]
    """Per row: whether it is a capital (a pair of two keeps its gap)."""
    weight: float
    """The share of the room the erosion opens that is added to the pair's gap."""
