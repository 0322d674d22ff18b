"""What both kernels take to tuck pairs under a raised mark (:func:`~bubblekern.kernel.tuck_gaps`), a lowercase
letter under a capital's arm (:func:`~bubblekern.kernel.arm_gaps`) and two letters into the room their ink leaves
(:func:`~bubblekern.kernel.ink_gaps`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

__all__ = ["Tuck", "ArmTuck", "InkRoom"]


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


class InkRoom(NamedTuple):
    """Pairs of two letters of one case given part of the room their ink leaves between them beyond what each side
    leaves beside the case's straight reference (``H`` for capitals, ``n`` for lowercase)."""

    matrix: Any
    """The kernel's ``ProfileMatrix`` of the letters' ink, row for row as the bubbles' matrix."""
    cases: Sequence[int]
    """Per row: 0 a capital, 1 a lowercase letter, −1 a glyph that is not measured."""
    after: Sequence[float]
    """Per row: the ink gap from its right side to its case's reference."""
    before: Sequence[float]
    """Per row: the ink gap from its case's reference to its left side."""
    reference: Sequence[float]
    """Per case (capitals, lowercase): the ink gap of the reference beside itself."""
    weight: float
    """The share of the room that is added to the pair's gap."""
