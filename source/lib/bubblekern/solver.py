"""The pair solver: for each pair, the smallest gap over the bands both glyphs reach.

Profiles are laid out on one band axis (glyphs × bands): the room right of each glyph's
bubble (``advance − right extent``) and the room left of it (``left extent``), +inf where
a glyph has no bubble in a band. A pair's gap in a band is ``room_right[L] + room_left[R]``;
its kerning gap is the minimum over bands, and its band the lowest band where that
minimum occurs. The arithmetic lives in :mod:`bubblekern.kernel` (numpy when available,
plain Python otherwise, with identical results); this module names it.
"""

from __future__ import annotations

from .kernel import NO_BAND, ProfileMatrix, solve_gaps

__all__ = ["ProfileMatrix", "solve_gaps", "NO_BAND"]
