"""The vectorised pair solver: for each pair, the smallest gap over the bands both glyphs reach.

Profiles are laid into two matrices over one band axis (glyphs × bands): the room right
of each glyph's bubble (``advance − right extent``) and the room left of it (``left
extent``), +inf where a glyph has no bubble in a band. A pair's gap in a band is
``room_right[L] + room_left[R]``; its kerning gap is the minimum over bands. Pairs are
solved in chunks so the temporary ``pairs × bands`` arrays stay within ``chunk`` cells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .bands import BandProfile

__all__ = ["ProfileMatrix", "solve_gaps", "NO_BAND"]

NO_BAND = np.iinfo(np.int32).min
"""Band index given to pairs that share no band (band indices may be negative)."""


@dataclass(frozen=True, eq=False)
class ProfileMatrix:
    """Band profiles of many glyphs on one band axis."""

    names: tuple[str, ...]
    index: Mapping[str, int]
    first_band: int
    height: float
    room_left: np.ndarray
    room_right: np.ndarray
    widths: np.ndarray

    @classmethod
    def build(cls, profiles: Mapping[str, BandProfile], widths: Mapping[str, float]) -> ProfileMatrix:
        """Lay ``profiles`` (name → profile) out as matrices; ``widths`` gives advances."""
        names = tuple(profiles)
        heights = {p.height for p in profiles.values()}
        if len(heights) > 1:
            raise ValueError(f"profiles of different band heights: {sorted(heights)}")
        height = heights.pop() if heights else 1.0
        first = min((p.start for p in profiles.values()), default=0)
        stop = max((p.stop for p in profiles.values()), default=0)
        shape = (len(names), max(stop - first, 0))
        room_left = np.full(shape, np.inf)
        room_right = np.full(shape, np.inf)
        advance = np.array([float(widths[n]) for n in names])
        for row, name in enumerate(names):
            p = profiles[name]
            cols = slice(p.start - first, p.stop - first)
            room_left[row, cols] = np.where(np.isnan(p.left), np.inf, p.left)
            room_right[row, cols] = np.where(np.isnan(p.right), np.inf, advance[row] - p.right)
        return cls(names, {n: i for i, n in enumerate(names)}, first, height, room_left, room_right, advance)

    def rows(self, names: Sequence[str]) -> np.ndarray:
        return np.fromiter((self.index[n] for n in names), dtype=np.int32, count=len(names))


def solve_gaps(
    matrix: ProfileMatrix,
    left: np.ndarray,
    right: np.ndarray,
    chunk: int = 1 << 18,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Smallest gap and the band index where it occurs, for row pairs ``left[i], right[i]``.

    Pairs sharing no band get gap +inf and band :data:`NO_BAND`. On ties the lowest band wins.
    """
    count = len(left)
    gaps = np.full(count, np.inf)
    bands = np.full(count, NO_BAND, dtype=np.int32)
    width = matrix.room_left.shape[1]
    if count == 0 or width == 0:
        if progress is not None:
            progress(count, count)
        return gaps, bands
    step = max(1, chunk // width)
    for begin in range(0, count, step):
        end = min(count, begin + step)
        cells = matrix.room_right[left[begin:end]]
        cells += matrix.room_left[right[begin:end]]
        column = cells.argmin(axis=1)
        smallest = cells[np.arange(end - begin), column]
        gaps[begin:end] = smallest
        bands[begin:end] = np.where(np.isfinite(smallest), column + matrix.first_band, NO_BAND)
        if progress is not None:
            progress(end, count)
    return gaps, bands
