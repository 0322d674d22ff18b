"""What both kernels take for a halo of negative height in the blend (:func:`~bubblekern.kernel.solve_blend`)."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Eroded"]


class Eroded(NamedTuple):
    """A blend halo solved on bubbles with their vertical margin taken off (:func:`~bubblekern.kernel.erode`), then
    grown sideways. Its gap is never larger than the bubbles' own, and a pair whose eroded bubbles share no band
    takes the bubbles' own: with the margins off, a pair can only come closer, and the halo measures how much of
    that the sideways growth takes back where the bubbles meet."""

    matrix: Any
    """The kernel's ``ProfileMatrix``, eroded and grown."""
