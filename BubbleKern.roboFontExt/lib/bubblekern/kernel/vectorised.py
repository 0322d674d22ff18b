"""The numpy kernel: profiles as glyphs × bands matrices, pairs solved a chunk at a time.

A pair's gaps over all bands are one row sum ``room_right[L] + room_left[R]``; chunks keep
the temporary ``pairs × bands`` arrays within ``chunk`` cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..bands import BandProfile
from ..settings import Settings
from .clearance import Clearance
from .eroded import Eroded
from .floor import Floor, as_floors
from .hang import Hang
from .tuck import ArmTuck, InkRoom, Tuck

__all__ = [
    "NO_BAND", "ProfileMatrix", "all_rows", "orient_rows", "solve", "solve_gaps", "kern_values", "negative_cap",
    "round_to_step", "cap_depth", "compress", "grow", "blend_gaps", "solve_blend", "offset_gaps", "follow_bases",
    "hold_inside", "erode", "tuck_gaps", "hang_gaps", "serif_gaps", "measured_gaps", "floor_gaps", "clearance_gaps",
    "reach_down",
]

NO_BAND = -(2**31)
"""Band index given to pairs that share no band (band indices may be negative)."""


@dataclass(frozen=True, eq=False)
class ProfileMatrix:
    """Band profiles of many glyphs on one band axis: +inf where a glyph has no bubble in a band."""

    names: tuple[str, ...]
    index: Mapping[str, int]
    first_band: int
    height: float
    room_left: np.ndarray
    room_right: np.ndarray
    widths: np.ndarray

    @classmethod
    def build(cls, profiles: Mapping[str, BandProfile], widths: Mapping[str, float], origin: float = 0.0) -> ProfileMatrix:
        """Lay ``profiles`` (name → profile) out as matrices; ``widths`` gives advances, ``origin``
        where the sidebearing lines stand in the profiles' space (an italic font's slant offset)."""
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
            left, right = np.array(p.left, float), np.array(p.right, float)
            room_left[row, cols] = np.where(np.isnan(left), np.inf, left - origin)
            room_right[row, cols] = np.where(np.isnan(right), np.inf, advance[row] + origin - right)
        return cls(names, {n: i for i, n in enumerate(names)}, first, height, room_left, room_right, advance)

    def rows(self, names: Sequence[str]) -> np.ndarray:
        """Row indices of ``names``."""
        return np.fromiter((self.index[n] for n in names), dtype=np.int32, count=len(names))


def all_rows(count: int) -> tuple[np.ndarray, np.ndarray]:
    """(left, right) rows of every ordered pair of ``count`` rows, left-major."""
    rows = np.arange(count, dtype=np.int32)
    return np.repeat(rows, count), np.tile(rows, count)


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


def negative_cap(left_width: np.ndarray, right_width: np.ndarray) -> np.ndarray:
    """Largest allowed negative kern (as a magnitude): half the narrower advance, whole units."""
    narrower = np.minimum(np.asarray(left_width, float), np.asarray(right_width, float))
    return np.floor(np.maximum(narrower, 0.0) / 2.0)


def round_to_step(values: np.ndarray, step: int) -> np.ndarray:
    """Round to the nearest multiple of ``step``, halves away from zero."""
    values = np.asarray(values, float)
    return np.sign(values) * np.floor(np.abs(values) / step + 0.5) * step


def kern_values(
    gaps: np.ndarray,
    left_width: np.ndarray,
    right_width: np.ndarray,
    settings: Settings,
    scale: np.ndarray | None = None,
    fixed: np.ndarray | None = None,
    shift: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, fail-safe mask, kept mask) for solved ``gaps`` (the rules: :mod:`bubblekern.rules`); ``scale``
    (per pair): the negative kern's, and at 0 the positive one's too (a context a designer does not kern); ``fixed``
    (per pair, NaN for none): the kern a fail-safe pair gets whatever the policy, but ``skip``; ``shift`` (per
    pair): added to the scaled kern of a pair that shares a band, before the caps."""
    gaps = np.asarray(gaps, float)
    step = int(settings.rounding)
    cap = negative_cap(left_width, right_width)
    failsafe = ~np.isfinite(gaps)
    raw = -np.where(failsafe, 0.0, gaps)
    if scale is not None:
        raw = np.where((raw < 0.0) | (scale == 0.0), raw * scale, raw)  # a context at 0 kerns nothing
    if shift is not None:
        raw = raw + np.asarray(shift, float)
    raw = np.where(failsafe, -cap if settings.failsafe == "cap" else 0.0, raw)
    if fixed is not None and settings.failsafe != "skip":
        fixed = np.asarray(fixed, float)
        raw = np.where(failsafe & ~np.isnan(fixed), fixed, raw)
    raw = np.maximum(raw, -cap)
    if not settings.allow_positive:
        raw = np.minimum(raw, 0.0)
    if settings.positive_cap is not None:
        raw = np.minimum(raw, float(settings.positive_cap))
    values = round_to_step(raw, step)
    # rounding may step past a cap: fall back to the cap's own multiple of the step
    floor_cap = -np.floor(cap / step) * step
    values = np.where(values < -cap, floor_cap, values)
    if settings.positive_cap is not None:
        top = np.floor(settings.positive_cap / step) * step
        values = np.minimum(values, top)
    values = values.astype(np.int32)
    kept = (values != 0) & (np.abs(values) >= settings.min_kern)
    return values, failsafe, kept


def solve(
    matrix: ProfileMatrix,
    left: np.ndarray,
    right: np.ndarray,
    settings: Settings,
    progress: Callable[[int, int], None] | None = None,
    contexts: tuple[Sequence[int], Sequence[Sequence[float]]] | None = None,
    blend: Sequence[tuple[ProfileMatrix | None, float]] = (),
    blend_rows: Sequence[bool] | None = None,
    offsets: tuple[Sequence[float], Sequence[float]] | None = None,
    tuck: Tuck | None = None,
    hang: Hang | None = None,
    serifs: tuple[Sequence[float], Sequence[bool]] | None = None,
    failsafe_kern: tuple[Sequence[bool], Sequence[bool], float, float] | None = None,
    floor: Floor | Sequence[Floor] | None = None,
    clearance: Clearance | None = None,
    shifts: tuple[Sequence[int], Sequence[Sequence[float]]] | None = None,
    arms: ArmTuck | None = None,
    ink: InkRoom | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(gaps, bands, values, failsafe, kept) of the row pairs ``left[i], right[i]``.

    ``contexts`` is (a kind code per row, a table of scales by left and right code): each
    pair's negative kern is multiplied by ``table[code[left]][code[right]]``; ``shifts``, the same for a kern
    added to it (``Settings.case_offsets``: :func:`kern_values`). ``failsafe_kern`` is
    (left rows, right rows, kern, reversed kern): a pair of a flagged left row before a flagged right row that shares
    no band gets that kern, one in the other order the reversed kern, within the caps (``Settings.stop_raised``:
    :func:`kern_values`). ``blend`` is
    (grown matrix, weight) per halo (None: ``matrix`` itself): the gaps are blended
    (:func:`blend_gaps`) before the values are made, only for pairs of two rows ``blend_rows``
    marks (all without it), each pair a ``floor`` marks (one :class:`Floor` or several) keeping a share of its own gap
    (:func:`floor_gaps`);
    ``bands`` stay those of ``matrix``. ``offsets`` (per row, the room
    its right side and its left side keep from a reference) are taken off the gaps
    (:func:`offset_gaps`) after the blend, and ``serifs`` (per row, the room its foot serif hides,
    and the rows set past it) added (:func:`serif_gaps`); then the pairs ``tuck`` marks take their gaps from its
    eroded matrix (:func:`tuck_gaps`), the pairs ``arms`` marks get part of the room under an arm (:func:`arm_gaps`), the pairs ``ink`` marks part
    of the room their ink leaves (:func:`ink_gaps`),
    the pairs ``hang`` marks are kept clear of hanging ink
    (:func:`hang_gaps`) and the pairs ``clearance`` marks clear of a foot (:func:`clearance_gaps`):
    :func:`measured_gaps`.
    """
    raw, bands = solve_gaps(matrix, left, right, settings.chunk, progress)
    gaps = solve_blend(raw, left, right, blend, settings.chunk, blend_rows, floor) if blend else raw
    gaps = measured_gaps(gaps, left, right, offsets, tuck, settings.chunk, hang, serifs, clearance, arms, raw,
                         ink)
    codes = table = cases = moves = None
    if contexts is not None:
        codes, table = np.asarray(contexts[0], dtype=np.intp), np.asarray(contexts[1], dtype=float)
    if shifts is not None:
        cases, moves = np.asarray(shifts[0], dtype=np.intp), np.asarray(shifts[1], dtype=float)
    values = np.empty(len(gaps), dtype=np.int32)
    failsafe = np.empty(len(gaps), dtype=bool)
    kept = np.empty(len(gaps), dtype=bool)
    step = max(1, settings.chunk)
    for begin in range(0, len(gaps), step):  # in chunks, so temporaries stay small
        part = slice(begin, begin + step)
        lw, rw = matrix.widths[left[part]], matrix.widths[right[part]]
        scale = None if table is None else table[codes[left[part]], codes[right[part]]]
        shift = None if moves is None else moves[cases[left[part]], cases[right[part]]]
        fixed = None
        if failsafe_kern is not None:
            stops, marks, kern, reversed_kern = failsafe_kern
            stops, marks = np.asarray(stops, dtype=bool), np.asarray(marks, dtype=bool)
            after = stops[left[part]] & marks[right[part]]
            before = marks[left[part]] & stops[right[part]]
            fixed = np.where(after, float(kern), np.where(before, float(reversed_kern), np.nan))
        values[part], failsafe[part], kept[part] = kern_values(gaps[part], lw, rw, settings, scale, fixed, shift)
    return gaps, bands, values, failsafe, kept


def measured_gaps(gaps, left, right, offsets: tuple[Sequence[float], Sequence[float]] | None = None,
                  tuck: Tuck | None = None, chunk: int = 1 << 18, hang: Hang | None = None,
                  serifs: tuple[Sequence[float], Sequence[bool]] | None = None,
                  clearance: Clearance | None = None, arms: ArmTuck | None = None,
                  raw: np.ndarray | None = None, ink: InkRoom | None = None) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` (blended) as the value model measures them: less the
    ``offsets`` from the references (:func:`offset_gaps`), plus the room ``serifs`` gives (:func:`serif_gaps`),
    then the pairs ``tuck`` marks solved on its eroded matrix (:func:`tuck_gaps`), then the pairs ``arms`` marks
    given part of the room under an arm (:func:`arm_gaps`), then the pairs ``ink`` marks given part of the room
    their ink leaves (:func:`ink_gaps`), then the pairs ``hang`` marks kept clear of hanging ink (:func:`hang_gaps`),
    then
    the pairs ``clearance`` marks kept clear of a foot (:func:`clearance_gaps`). ``raw``: the bubbles' own gaps of the
    pairs, before the blend, which ``arms`` measures from.
    ``solve`` and the fit's search both take them from here, in this order."""
    if offsets is not None:
        gaps = offset_gaps(gaps, left, right, offsets)
    if serifs is not None:
        gaps = serif_gaps(gaps, left, right, serifs)
    if tuck is not None:
        gaps = tuck_gaps(gaps, left, right, tuck, chunk)
    if arms is not None:
        gaps = arm_gaps(gaps, raw, left, right, arms, chunk)
    if ink is not None:
        gaps = ink_gaps(gaps, left, right, ink, chunk)
    if hang is not None:
        gaps = hang_gaps(gaps, left, right, hang, chunk)
    if clearance is not None:
        gaps = clearance_gaps(gaps, left, right, clearance, chunk)
    return gaps


def clearance_gaps(gaps, left, right, clearance: Clearance, chunk: int = 1 << 18) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]``, each pair with a row ``clearance.rows`` marks on either side
    at most ``clearance.factor`` times its gap on ``clearance.matrix`` (never wider than the gap itself, less
    ``clearance.offsets``, never below 0) or ``clearance.depth``, whichever is wider: a dash whose bubble, reaching
    further down, would meet the other glyph (a foot under the room it comes into) comes no deeper than that; gaps
    of overlapping or unshared bubbles are left as they are."""
    gaps = np.asarray(gaps, dtype=float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    marked = np.asarray(clearance.rows, dtype=bool)
    at = np.flatnonzero((marked[left] | marked[right]) & np.isfinite(gaps) & (gaps > 0.0))
    if not at.size:
        return gaps
    sub_left, sub_right = left[at], right[at]
    own, _ = solve_gaps(clearance.matrix, sub_left, sub_right, chunk)
    reached = np.where(np.isfinite(own), np.minimum(gaps[at], np.maximum(own, 0.0)), gaps[at])
    if clearance.offsets is not None:
        reached = offset_gaps(reached, sub_left, sub_right, clearance.offsets)
    out = gaps.copy()
    out[at] = np.minimum(gaps[at], np.maximum(clearance.factor * np.maximum(reached, 0.0), clearance.depth))
    return out


def offset_gaps(gaps: np.ndarray, left: np.ndarray, right: np.ndarray,
                offsets: tuple[Sequence[float], Sequence[float]]) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` less the room the left row's right side
    (``offsets[0]``) and the right row's left side (``offsets[1]``) keep from a reference, never
    below 0; gaps of overlapping or unshared bubbles are left as they are."""
    after, before = np.asarray(offsets[0], dtype=float), np.asarray(offsets[1], dtype=float)
    shift = after[left] + before[right]
    apart = np.isfinite(gaps) & (gaps > 0.0)
    return np.where(apart, np.maximum(gaps - shift, 0.0), gaps)


def serif_gaps(gaps: np.ndarray, left: np.ndarray, right: np.ndarray,
               serifs: tuple[Sequence[float], Sequence[bool]]) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` plus the room ``serifs[0]`` gives the left row where the
    right row is one ``serifs[1]`` flags (``Settings.serif_stops``: a stop set past a foot serif); gaps of
    overlapping or unshared bubbles are left as they are."""
    gaps = np.asarray(gaps, dtype=float)
    room, flagged = np.asarray(serifs[0], dtype=float)[left], np.asarray(serifs[1], dtype=bool)[right]
    apart = np.isfinite(gaps) & (gaps > 0.0)
    return np.where(apart & flagged, gaps + room, gaps)


def cap_depth(matrix: ProfileMatrix, depth: float, left_rows: Sequence[bool] | None = None) -> ProfileMatrix:
    """``matrix`` with each glyph's room per band limited to ``depth`` beyond its smallest on that
    side; with ``left_rows`` (a flag per glyph), only the left side of the flagged glyphs, and
    from their sidebearing line where their smallest room passes it."""

    def cap(room: np.ndarray, floor: float = -np.inf) -> np.ndarray:
        if room.size == 0:
            return room.copy()
        outer = np.maximum(room.min(axis=1, keepdims=True), floor)  # +inf only where a row has no band
        return np.where(np.isfinite(room), np.minimum(room, outer + depth), room)

    if left_rows is not None:
        chosen = np.asarray(left_rows, dtype=bool).reshape(-1, 1)
        left = matrix.room_left
        return replace(matrix, room_left=np.where(chosen, cap(left, 0.0), left))
    return replace(matrix, room_left=cap(matrix.room_left), room_right=cap(matrix.room_right))


def grow(matrix: ProfileMatrix, dx: float, dy: float) -> ProfileMatrix:
    """``matrix`` with every bubble grown by an elliptical halo ``dx`` wide and ``dy`` high (font
    units), band by band, on a band axis widened by the bands the growth reaches; the growth stops
    at the sidebearing lines (room 0) or where the bubble itself already passes them."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    shrink = [dx * math.sqrt(max(0.0, 1.0 - (k * matrix.height / dy) ** 2)) if dy > 0 else dx
              for k in range(-reach, reach + 1)]

    def grown(room: np.ndarray) -> np.ndarray:
        glyphs, bands = room.shape
        padded = np.full((glyphs, bands + 2 * reach), np.inf)
        padded[:, reach:reach + bands] = room
        out = np.full_like(padded, np.inf)
        for k, amount in zip(range(-reach, reach + 1), shrink):  # band i takes band i + k, shrunk
            src = slice(max(0, k), min(bands + 2 * reach, bands + 2 * reach + k))
            dst = slice(max(0, -k), min(bands + 2 * reach, bands + 2 * reach - k))
            np.minimum(out[:, dst], padded[:, src] - amount, out=out[:, dst])
        floor = np.minimum(np.where(np.isfinite(padded), padded, 0.0), 0.0)
        return np.where(np.isfinite(out), np.maximum(out, floor), out)

    return replace(matrix, first_band=matrix.first_band - reach, room_left=grown(matrix.room_left),
                   room_right=grown(matrix.room_right))


def reach_down(matrix: ProfileMatrix, rows: Sequence[bool], dy: float) -> ProfileMatrix:
    """``matrix`` with the bubbles of the rows ``rows`` marks reaching ``dy`` (font units) further down, band by band
    (each band takes the least room of the bands up to ``dy`` above it), on a band axis widened below; the other rows
    as they were. The reach stops at the sidebearing lines, as :func:`grow`'s does."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    marked = np.asarray(rows, dtype=bool)
    if reach == 0 or not marked.any():
        return matrix

    def reached(room: np.ndarray) -> np.ndarray:
        glyphs, bands = room.shape
        padded = np.full((glyphs, bands + reach), np.inf)
        padded[:, reach:] = room
        out = padded.copy()
        for k in range(1, reach + 1):  # band i takes band i + k: the bubble reaches down
            np.minimum(out[:, :-k], padded[:, k:], out=out[:, :-k])
        floor = np.minimum(np.where(np.isfinite(padded), padded, 0.0), 0.0)
        out = np.where(np.isfinite(out), np.maximum(out, floor), out)
        return np.where(marked[:, None], out, padded)

    return replace(matrix, first_band=matrix.first_band - reach, room_left=reached(matrix.room_left),
                   room_right=reached(matrix.room_right))


def erode(matrix: ProfileMatrix, dy: float) -> ProfileMatrix:
    """``matrix`` with every bubble shrunk by ``dy`` (font units) from above and below, band by band:
    a band keeps the largest room of the bands within ``dy`` of it, so a bubble's vertical margin goes
    (its top and bottom ``dy``) and its sides narrow where a neighbouring band's do."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    if reach == 0:
        return matrix

    def eroded(room: np.ndarray) -> np.ndarray:
        glyphs, bands = room.shape
        padded = np.full((glyphs, bands + 2 * reach), np.inf)
        padded[:, reach:reach + bands] = room
        out = room.copy()
        for k in range(2 * reach + 1):
            np.maximum(out, padded[:, k:k + bands], out=out)
        return out

    return replace(matrix, room_left=eroded(matrix.room_left), room_right=eroded(matrix.room_right))


def tuck_gaps(gaps: np.ndarray, left: np.ndarray, right: np.ndarray, tuck: Tuck, chunk: int = 1 << 18) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of a row ``tuck.left_rows`` marks before
    one ``tuck.right_rows`` marks solved on ``tuck.eroded`` instead, less the room its left row keeps from a
    reference there (``tuck.room``; never below 0); pairs whose bubbles overlap or share no band, before or
    after the erosion, keep their gaps."""
    gaps = np.asarray(gaps, float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    chosen = np.asarray(tuck.left_rows, dtype=bool)[left] & np.asarray(tuck.right_rows, dtype=bool)[right]
    chosen &= np.isfinite(gaps) & (gaps >= 0.0)
    at = np.flatnonzero(chosen)
    if not at.size:
        return gaps
    tucked, _ = solve_gaps(tuck.eroded, left[at], right[at], chunk)
    room = np.asarray(tuck.room, dtype=float)[left[at]]
    tucked = np.where(tucked > 0.0, np.maximum(tucked - room, 0.0), tucked)
    out = gaps.copy()
    out[at] = np.where(np.isfinite(tucked), tucked, gaps[at])
    return out


def arm_gaps(gaps: np.ndarray, raw: np.ndarray, left: np.ndarray, right: np.ndarray, arms: ArmTuck,
             chunk: int = 1 << 18) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of two rows ``arms.letters`` marks, but not two
    ``arms.capitals`` marks, given ``arms.weight`` of the room its bubbles open when eroded (``arms.eroded`` solved
    less ``raw``, the bubbles' own gaps of the same pairs, never below 0); pairs whose bubbles overlap or share no
    band keep their gaps."""
    gaps = np.asarray(gaps, float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    letters, capitals = np.asarray(arms.letters, dtype=bool), np.asarray(arms.capitals, dtype=bool)
    chosen = letters[left] & letters[right] & ~(capitals[left] & capitals[right])
    chosen &= np.isfinite(gaps) & (gaps >= 0.0)
    at = np.flatnonzero(chosen)
    if not at.size:
        return gaps
    solved = np.asarray(raw, float)[at]
    opened, _ = solve_gaps(arms.eroded, left[at], right[at], chunk)
    met = np.isfinite(solved) & np.isfinite(opened) & (solved >= 0.0)
    room = np.where(met, np.maximum(np.where(met, opened, 0.0) - np.where(met, solved, 0.0), 0.0), 0.0)
    out = gaps.copy()
    out[at] = gaps[at] + float(arms.weight) * room
    return out


def ink_gaps(gaps: np.ndarray, left: np.ndarray, right: np.ndarray, ink: InkRoom, chunk: int = 1 << 18) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of two rows of one case (``ink.cases``) given
    ``ink.weight`` of the room its ink leaves beyond its sides' rooms beside the reference (``ink.matrix`` solved,
    less ``ink.after`` of the left row and ``ink.before`` of the right one, plus the reference's own gap; never
    below 0): a round or slanted side beside another leaves white that neither leaves beside a straight stem. Pairs
    whose bubbles overlap or share no band keep their gaps."""
    gaps = np.asarray(gaps, float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    cases = np.asarray(ink.cases, dtype=np.intp)
    at = np.flatnonzero((cases[left] >= 0) & (cases[left] == cases[right]) & np.isfinite(gaps) & (gaps >= 0.0))
    if not at.size:
        return gaps
    solved, _ = solve_gaps(ink.matrix, left[at], right[at], chunk)
    after, before = np.asarray(ink.after, float)[left[at]], np.asarray(ink.before, float)[right[at]]
    with np.errstate(invalid="ignore"):  # a side sharing no band with the reference: inf − inf, no room
        room = solved - after - before + np.asarray(ink.reference, float)[cases[left[at]]]
    room = np.where(np.isfinite(room), np.maximum(room, 0.0), 0.0)
    out = gaps.copy()
    out[at] = gaps[at] + float(ink.weight) * room
    return out


def hang_gaps(gaps: np.ndarray, left: np.ndarray, right: np.ndarray, hang: Hang, chunk: int = 1 << 18) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of a row ``hang.left_rows`` marks before
    one ``hang.right_rows`` marks solved on ``hang.matrix`` too, taking that gap where it is negative and
    smaller: the pair is kerned apart at least as far as the left row's ink hangs into the right row's bands."""
    gaps = np.asarray(gaps, float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    at = np.flatnonzero(np.asarray(hang.left_rows, dtype=bool)[left] & np.asarray(hang.right_rows, dtype=bool)[right])
    if not at.size:
        return gaps
    hung, _ = solve_gaps(hang.matrix, left[at], right[at], chunk)
    out = gaps.copy()
    out[at] = np.where(hung < np.minimum(gaps[at], 0.0), hung, gaps[at])
    return out


def solve_blend(gaps, left, right, blend, chunk: int = 1 << 18, rows: Sequence[bool] | None = None,
                floor: Floor | Sequence[Floor] | None = None) -> np.ndarray:
    """``gaps`` of the row pairs ``left[i], right[i]`` blended (:func:`blend_gaps`) with the gaps of
    ``blend``'s grown matrices ((matrix, weight) per halo; None: the matrix ``gaps`` came from; an :class:`Eroded`
    halo's gaps never larger than ``gaps``), only for pairs of two rows ``rows`` marks (all without it), then kept by
    each ``floor`` (:func:`floor_gaps`)."""
    grown = [halo_gaps(gaps, m, left, right, chunk) for m, _ in blend]
    blended = blend_gaps(gaps, grown, [w for _, w in blend])
    if rows is not None:
        marked = np.asarray(rows, dtype=bool)
        blended = np.where(marked[left] & marked[right], blended, gaps)
    for each in as_floors(floor):
        blended = floor_gaps(blended, gaps, left, right, each)
    return blended


def halo_gaps(gaps: np.ndarray, halo, left: np.ndarray, right: np.ndarray, chunk: int = 1 << 18) -> np.ndarray:
    """The gaps of the row pairs ``left[i], right[i]`` on one halo of the blend: ``gaps`` for None, the halo's matrix
    solved, for an :class:`Eroded` one never larger than ``gaps`` (``gaps`` where the eroded bubbles share no band)."""
    if halo is None:
        return gaps
    if not isinstance(halo, Eroded):
        return solve_gaps(halo, left, right, chunk)[0]
    column = solve_gaps(halo.matrix, left, right, chunk)[0]
    gaps = np.asarray(gaps, dtype=float)
    return np.where(np.isfinite(column), np.minimum(column, gaps), gaps)


def floor_gaps(blended: np.ndarray, gaps: np.ndarray, left: np.ndarray, right: np.ndarray, floor: Floor) -> np.ndarray:
    """``blended`` gaps of the row pairs ``left[i], right[i]``, at least ``floor.share`` of the bubbles' own
    ``gaps`` where ``floor.left`` flags the left row and ``floor.right`` the right one (``Settings.stop_floor``,
    ``Settings.stop_capital_floor``);
    gaps of overlapping or unshared bubbles are left as they are."""
    blended, gaps = np.asarray(blended, dtype=float), np.asarray(gaps, dtype=float)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    flagged = np.asarray(floor.left, dtype=bool)[left] & np.asarray(floor.right, dtype=bool)[right]
    apart = flagged & np.isfinite(gaps) & (gaps > 0.0)
    return np.where(apart, np.maximum(blended, floor.share * np.minimum(np.where(apart, gaps, 0.0), floor.depth)), blended)


def blend_gaps(gaps: np.ndarray, grown: Sequence[np.ndarray], weights: Sequence[float]) -> np.ndarray:
    """The blended gap of each pair: where its bubbles leave a gap (a negative kern), minus the
    weighted sum of the negative kerns of the ``grown`` gaps, never a smaller gap than the bubbles'
    own; gaps of overlapping or unshared bubbles are left as they are."""
    blended = np.zeros(len(gaps))
    for column, weight in zip(grown, weights):
        blended += weight * np.minimum(-np.where(np.isfinite(column), column, 0.0), 0.0)
    gaps = np.asarray(gaps, float)
    return np.where(np.isfinite(gaps) & (gaps > 0), np.minimum(gaps, -blended), gaps)


def compress(column: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The entries of ``column`` where ``mask`` is true."""
    return column[np.asarray(mask, dtype=bool)]


def orient_rows(
    codes: Sequence[int], left: np.ndarray, right: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(left, right, solve_left, solve_right) for row pairs in logical order.

    ``codes[row]`` is a glyph's direction: 1 right-to-left, 2 left-to-right, 0 neutral.
    Pairs of a 1 and a 2 are left out; pairs with a 1 are right to left, solved with their
    second glyph on the left. Without right-to-left glyphs the rows come back as they are.
    """
    code = np.asarray(codes, dtype=np.int8)
    if not (code == 1).any():
        return left, right, left, right
    cl, cr = code[left], code[right]
    keep = (cl | cr) != 3
    left, right, cl, cr = left[keep], right[keep], cl[keep], cr[keep]
    rtl = (cl == 1) | (cr == 1)
    return left, right, np.where(rtl, right, left), np.where(rtl, left, right)


def follow_bases(
    columns: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    left: np.ndarray,
    right: np.ndarray,
    bases: Sequence[int],
    solve_pairs: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, ...]],
    rows: Sequence[bool] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``columns`` (gaps, bands, values, kept) with each pair ``left[i], right[i]`` whose right row is
    built on a base (``bases[row]`` ≥ 0; -1 for none) and whose left row ``rows`` marks (all without it)
    given the left row's pair with that base when that pair's kern is negative and deeper and its own is
    not positive. ``solve_pairs(left_rows, base_rows)`` solves the base pairs, each once, as :func:`solve`
    does; a base pair sharing no band is never followed."""
    bases = np.asarray(bases, dtype=np.int64)
    base = bases[np.asarray(right, dtype=np.intp)]
    chosen = base >= 0
    if rows is not None:
        chosen &= np.asarray(rows, dtype=bool)[np.asarray(left, dtype=np.intp)]
    at = np.flatnonzero(chosen)
    if not at.size:
        return columns
    count = max(len(bases), 1)
    keys, slots = np.unique(np.asarray(left, dtype=np.int64)[at] * count + base[at], return_inverse=True)
    solved = solve_pairs((keys // count).astype(np.intp), (keys % count).astype(np.intp))
    base_gaps, base_bands, deeper, failsafe, base_kept = (np.asarray(c)[slots] for c in solved)
    own = columns[2][at]
    follow = (deeper < 0) & (own <= 0) & (deeper < own) & ~failsafe.astype(bool)
    out = tuple(c.copy() for c in columns)
    for column, source in zip(out, (base_gaps, base_bands, deeper, base_kept)):
        column[at[follow]] = source[follow]
    return out


def keep_rows(values: np.ndarray, kept: np.ndarray, left: np.ndarray, right: np.ndarray, rows: Sequence[bool],
              threshold: float) -> np.ndarray:
    """``kept`` with each pair of two rows ``rows`` flags (``left[i]``, ``right[i]``) kept when its value is not 0 and
    reaches ``threshold`` in magnitude (``Settings.capital_min_kern``), whatever ``min_kern`` said."""
    flags = np.asarray(rows, dtype=bool)
    if not len(values) or not flags.any():
        return kept
    values = np.asarray(values)
    both = flags[np.asarray(left, dtype=np.intp)] & flags[np.asarray(right, dtype=np.intp)]
    return np.where(both, (values != 0) & (np.abs(values) >= threshold), np.asarray(kept, dtype=bool))


def drop_unmet(values: np.ndarray, kept: np.ndarray, left: np.ndarray, right: np.ndarray, codes: Sequence[int],
               met: Collection[tuple[int, int]], right_codes: Sequence[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(values, kept) with each pair of rows ``left[i], right[i]`` whose codes (``codes`` on the left,
    ``right_codes``, else ``codes``, on the right) are both at least 0 and not a pair of ``met`` set to 0 and not
    kept (``Settings.words_only``: two letters no common word sets side by side)."""
    code = np.asarray(codes, dtype=np.intp)
    second = code if right_codes is None else np.asarray(right_codes, dtype=np.intp)
    if not len(values) or not (code >= 0).any() or not (second >= 0).any():
        return values, kept
    size = int(max(code.max(), second.max())) + 1
    table = np.zeros((size + 1, size + 1), dtype=bool)
    table[size, :] = table[:, size] = True  # a row coded -1 (index size) meets every other
    for a, b in met:
        if a < size and b < size:
            table[a, b] = True
    code, second = np.where(code < 0, size, code), np.where(second < 0, size, second)
    unmet = ~table[code[np.asarray(left, dtype=np.intp)], second[np.asarray(right, dtype=np.intp)]]
    if not unmet.any():
        return values, kept
    return np.where(unmet, 0, values).astype(np.asarray(values).dtype), np.asarray(kept, dtype=bool) & ~unmet


def hold_inside(values: np.ndarray, kept: np.ndarray, left: np.ndarray, right: np.ndarray,
                codes: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """(values, kept) with each pair of rows ``left[i], right[i]`` that sets a glyph inside a bracket
    (``codes[row]``: 1 an opening bracket, 2 a closing one, 3 a glyph brackets hold, 0 any other) never
    closer than 0: an opening bracket before a 3, or a 3 before a closing bracket."""
    code = np.asarray(codes, dtype=np.int8)
    if not len(values) or not ((code == 1) | (code == 2)).any():
        return values, kept
    cl, cr = code[np.asarray(left, dtype=np.intp)], code[np.asarray(right, dtype=np.intp)]
    held = (((cl == 1) & (cr == 3)) | ((cl == 3) & (cr == 2))) & (np.asarray(values) < 0)
    if not held.any():
        return values, kept
    return np.where(held, 0, values).astype(values.dtype), np.asarray(kept, dtype=bool) & ~held
