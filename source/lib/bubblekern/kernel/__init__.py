"""The array kernel of the solver and the rules: numpy when it can be imported, plain Python otherwise.

This is the one place that decides. Both kernels implement the same functions with the
same floating-point operations in the same order, so they give identical gaps, bands,
values and masks; numpy is the fast path, :mod:`.plain` lets the engine run where numpy
is absent (inside RoboFont).

The kernel's interface (what :mod:`bubblekern.solver`, :mod:`bubblekern.rules` and
:mod:`bubblekern.kerning` use, and what new engine code should call):

- ``ProfileMatrix.build(profiles, widths)``: band profiles of many glyphs on one band
  axis; ``matrix.names``, ``matrix.index`` (name → row), ``matrix.rows(names)`` (row
  array), ``matrix.widths`` (advance per row).
- ``all_rows(count)``: (left, right) row arrays of every ordered pair of ``count`` rows.
- ``orient_rows(codes, left, right)``: drops pairs mixing right-to-left and left-to-right
  glyphs and gives the rows to solve with (a right-to-left pair's second glyph on the left).
- ``solve(matrix, left, right, settings, progress)``: ``(gaps, bands, values, failsafe,
  kept)`` for the row pairs ``left[i], right[i]``; the whole path from profiles to values
  (``failsafe_kern``: the kern flagged pairs sharing no band get, ``Settings.stop_raised``).
- ``solve_gaps`` and ``kern_values``: its two halves (see :mod:`bubblekern.solver` and
  :mod:`bubblekern.rules`), and ``negative_cap``/``round_to_step`` for single values.
- ``NO_BAND``: the band index of pairs that share no band.
- ``cap_depth(matrix, depth, left_rows=None)``: the matrix with each glyph's room per band limited to
  ``depth`` beyond its smallest (the value model's depth cap; with ``left_rows``, the left side
  of the flagged glyphs only: word-initial Greek capitals); ``compress(column, mask)``:
  the entries of a result column where ``mask`` is true.
- ``grow(matrix, dx, dy)``: the matrix with every bubble grown by an elliptical halo, and
  ``blend_gaps(gaps, grown, weights)``: gaps blended from the gaps of grown matrices (the value
  model's halo blend; ``solve_blend`` solves the grown matrices and blends, ``solve(..., blend=)``
  does it on the way to the values; ``halo_gaps`` solves one halo: an :class:`Eroded` one, a halo of negative
  height, is solved on bubbles with their vertical margin taken off and never deeper than the bubbles); ``offset_gaps(gaps, left, right, offsets)``: gaps less the
  room each side keeps from a straight reference (``solve(..., offsets=)``);
  ``follow_bases(columns, partners, glyphs, bases, solve_pairs)``: accented glyphs kerned at least
  as deep as their base letter beside the same partner (``Settings.follow_base``);
  ``hold_inside(values, kept, left, right, codes)``: glyphs inside brackets never kerned closer
  (``Settings.kern_inside_brackets`` off); ``drop_unmet(values, kept, left, right, codes, met, right_codes)``: pairs of two letters
  no common word sets side by side not kerned (``Settings.words_only``); ``keep_rows(values, kept, left, right, rows, threshold)``: pairs of two
  flagged rows kept by a threshold of their own (``Settings.capital_min_kern``); ``erode(matrix, dy)``: the matrix with every bubble's
  vertical margin taken off, and ``tuck_gaps(gaps, left, right, tuck)``: the gaps of the pairs a
  :class:`Tuck` marks (a raised mark before a lowercase letter) solved on it (``solve(..., tuck=)``), and
  ``arm_gaps(gaps, left, right, arms)``: the pairs an :class:`ArmTuck` marks (two letters, not both capitals)
  given part of the room the erosion opens under an arm (``solve(..., arms=)``); ``ink_gaps(gaps, left, right,
  ink)``: the pairs an :class:`InkRoom` marks (two letters of one case) given part of the room their ink leaves
  beyond what each side leaves beside a straight reference (``solve(..., ink=)``);
  ``hang_gaps(gaps, left, right, hang)``: the pairs a :class:`Hang` marks (a letter before punctuation) kept
  clear of the letter's ink past its sidebearing line (``solve(..., hang=)``);
  ``serif_gaps(gaps, left, right, serifs)``: a stop set past a letter's foot serif (``solve(..., serifs=)``);
  ``floor_gaps(blended, gaps, left, right, floor)``: the blended gaps of the pairs a :class:`Floor` marks (a
  letter before a low stop, a capital after one) kept at least a share of the bubbles' own (``solve_blend(...,
  floor=)`` takes one or several: :func:`as_floors`);
  ``reach_down(matrix, rows, dy)``: the flagged rows' bubbles reaching further down, and ``clearance_gaps(gaps, left,
  right, clearance)``: the pairs a :class:`Clearance` marks (a dash) at most a few times as deep as with that reach
  (``solve(..., clearance=)``);
  ``measured_gaps(gaps, left, right, offsets, tuck, chunk, hang, serifs, clearance, arms, raw, ink)``: all seven, in the order ``solve``
  applies them.

Arrays are numpy arrays or :class:`array.array`: both have ``len``, indexing, iteration
and ``tolist()``, which is all code outside the kernel may rely on. Masks are bool arrays
with numpy and 0/1 (``array("B")``) without.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, Protocol


class Array(Protocol):
    """What code outside the kernel may do with a kernel array (numpy or :class:`array.array`)."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def tolist(self) -> list: ...


try:
    import numpy  # noqa: F401
except ImportError:
    from .plain import (
        NO_BAND,
        ProfileMatrix,
        all_rows,
        arm_gaps,
        blend_gaps,
        cap_depth,
        clearance_gaps,
        compress,
        drop_unmet,
        erode,
        floor_gaps,
        follow_bases,
        grow,
        halo_gaps,
        hang_gaps,
        hold_inside,
        ink_gaps,
        keep_rows,
        kern_values,
        measured_gaps,
        negative_cap,
        offset_gaps,
        orient_rows,
        reach_down,
        round_to_step,
        serif_gaps,
        solve,
        solve_blend,
        solve_gaps,
        tuck_gaps,
    )

    BACKEND: Literal["numpy", "python"] = "python"
else:
    from .vectorised import (  # noqa: F401
        NO_BAND,
        ProfileMatrix,
        all_rows,
        arm_gaps,
        blend_gaps,
        cap_depth,
        clearance_gaps,
        compress,
        drop_unmet,
        erode,
        floor_gaps,
        follow_bases,
        grow,
        halo_gaps,
        hang_gaps,
        hold_inside,
        ink_gaps,
        keep_rows,
        kern_values,
        measured_gaps,
        negative_cap,
        offset_gaps,
        orient_rows,
        reach_down,
        round_to_step,
        serif_gaps,
        solve,
        solve_blend,
        solve_gaps,
        tuck_gaps,
    )

    BACKEND = "numpy"

from .clearance import Clearance  # noqa: E402
from .eroded import Eroded  # noqa: E402
from .floor import Floor, as_floors  # noqa: E402
from .hang import Hang  # noqa: E402
from .tuck import ArmTuck, InkRoom, Tuck  # noqa: E402

__all__ = [
    "Array",
    "BACKEND",
    "NO_BAND",
    "ProfileMatrix",
    "all_rows",
    "arm_gaps",
    "ink_gaps",
    "as_floors",
    "blend_gaps",
    "cap_depth",
    "clearance_gaps",
    "compress",
    "erode",
    "floor_gaps",
    "follow_bases",
    "grow",
    "halo_gaps",
    "hang_gaps",
    "serif_gaps",
    "drop_unmet",
    "hold_inside",
    "keep_rows",
    "kern_values",
    "measured_gaps",
    "negative_cap",
    "offset_gaps",
    "orient_rows",
    "reach_down",
    "round_to_step",
    "solve",
    "solve_blend",
    "solve_gaps",
    "tuck_gaps",
    "Clearance",
    "Eroded",
    "Floor",
    "Hang",
    "Tuck",
    "ArmTuck",
    "InkRoom",
]
