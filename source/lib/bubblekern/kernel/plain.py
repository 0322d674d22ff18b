"""The plain-Python kernel: the numpy kernel's arithmetic, one pair at a time.

Each glyph's room is a list of floats over the common band axis (+inf where it has no
bubble), with the span of bands it reaches; a pair's smallest gap is the minimum of the
two lists added over the bands both spans cover (elsewhere one side is +inf), its band
the first place that minimum occurs. Every value goes through the same float operations in
the same order as in :mod:`.vectorised`, so the results are identical, not just close.
Results are :class:`array.array` columns (masks as 0/1 ``"B"`` arrays).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain, repeat
from operator import add

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

_INF = math.inf


@dataclass(frozen=True, eq=False)
class ProfileMatrix:
    """Band profiles of many glyphs on one band axis: one list of floats per glyph and side."""

    names: tuple[str, ...]
    index: Mapping[str, int]
    first_band: int
    height: float
    room_left: list[list[float]]
    room_right: list[list[float]]
    widths: array
    spans: list[tuple[int, int]]
    """(first, stop) columns each glyph's bubble reaches (on both sides: NaN holes come in pairs)."""

    @classmethod
    def build(cls, profiles: Mapping[str, BandProfile], widths: Mapping[str, float], origin: float = 0.0) -> ProfileMatrix:
        """Lay ``profiles`` (name → profile) out on one band axis; ``widths`` gives advances, ``origin``
        where the sidebearing lines stand in the profiles' space (an italic font's slant offset)."""
        names = tuple(profiles)
        heights = {p.height for p in profiles.values()}
        if len(heights) > 1:
            raise ValueError(f"profiles of different band heights: {sorted(heights)}")
        height = heights.pop() if heights else 1.0
        first = min((p.start for p in profiles.values()), default=0)
        stop = max((p.stop for p in profiles.values()), default=0)
        width = max(stop - first, 0)
        advance = array("d", (float(widths[n]) for n in names))
        room_left, room_right, spans = [], [], []
        for row, name in enumerate(names):
            p = profiles[name]
            lefts, rights = [_INF] * width, [_INF] * width
            reached = []
            for col, left, right in zip(range(p.start - first, p.stop - first), p.left, p.right):
                if left == left:  # not NaN
                    lefts[col] = left - origin
                    reached.append(col)
                if right == right:
                    rights[col] = advance[row] + origin - right
                    reached.append(col)
            room_left.append(lefts)
            room_right.append(rights)
            spans.append((min(reached), max(reached) + 1) if reached else (0, 0))
        index = {n: i for i, n in enumerate(names)}
        return cls(names, index, first, height, room_left, room_right, advance, spans)

    def rows(self, names: Sequence[str]) -> array:
        """Row indices of ``names``."""
        return array("i", (self.index[n] for n in names))


def all_rows(count: int) -> tuple[array, array]:
    """(left, right) rows of every ordered pair of ``count`` rows, left-major."""
    left = array("i", chain.from_iterable(repeat(row, count) for row in range(count)))
    return left, array("i", range(count)) * count


def solve_gaps(
    matrix: ProfileMatrix,
    left: Sequence[int],
    right: Sequence[int],
    chunk: int = 1 << 18,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[array, array]:
    """Smallest gap and the band index where it occurs, for row pairs ``left[i], right[i]``.

    Pairs sharing no band get gap +inf and band :data:`NO_BAND`. On ties the lowest band wins.
    """
    count = len(left)
    gaps = array("d", [_INF]) * count
    bands = array("i", [NO_BAND]) * count
    width = len(matrix.room_left[0]) if matrix.room_left else 0
    if count == 0 or width == 0:
        if progress is not None:
            progress(count, count)
        return gaps, bands
    room_right, room_left, spans, first = matrix.room_right, matrix.room_left, matrix.spans, matrix.first_band
    step = max(1, chunk // width)  # progress is reported as often as the numpy kernel does
    for begin in range(0, count, step):
        end = min(count, begin + step)
        for i, a, b in zip(range(begin, end), left[begin:end], right[begin:end]):
            (a_first, a_stop), (b_first, b_stop) = spans[a], spans[b]
            low = a_first if a_first > b_first else b_first
            high = a_stop if a_stop < b_stop else b_stop
            if low >= high:
                continue  # no band in common
            row = list(map(add, room_right[a][low:high], room_left[b][low:high]))
            gap = min(row)
            if gap != _INF:
                gaps[i] = gap
                bands[i] = row.index(gap) + low + first
        if progress is not None:
            progress(end, count)
    return gaps, bands


def negative_cap(left_width: float, right_width: float) -> float:
    """Largest allowed negative kern (as a magnitude): half the narrower advance, whole units."""
    return float(math.floor(max(min(float(left_width), float(right_width)), 0.0) / 2.0))


def round_to_step(value: float, step: int) -> float:
    """Round to the nearest multiple of ``step``, halves away from zero."""
    if value == 0 or value != value:
        return value
    return math.copysign(math.floor(abs(value) / step + 0.5) * step, value)


def kern_values(
    gaps: Iterable[float],
    left_width: Iterable[float],
    right_width: Iterable[float],
    settings: Settings,
    scale: Iterable[float] | None = None,
    fixed: Iterable[float] | None = None,
    shift: Iterable[float] | None = None,
) -> tuple[array, array, array]:
    """(values, fail-safe mask, kept mask) for solved ``gaps`` (the rules: :mod:`bubblekern.rules`); ``scale``
    (per pair): the negative kern's, and at 0 the positive one's too (a context a designer does not kern); ``fixed``
    (per pair, NaN for none): the kern a fail-safe pair gets whatever the policy, but ``skip``; ``shift`` (per
    pair): added to the scaled kern of a pair that shares a band, before the caps."""
    step = int(settings.rounding)
    allow_positive = settings.allow_positive
    positive_cap = None if settings.positive_cap is None else float(settings.positive_cap)
    top = None if positive_cap is None else math.floor(positive_cap / step) * step
    min_kern = settings.min_kern
    values, failsafe, kept = array("i"), array("B"), array("B")
    add_value, add_failsafe, add_kept = values.append, failsafe.append, kept.append
    isfinite, floor, copysign = math.isfinite, math.floor, math.copysign
    capped_failsafe = settings.failsafe == "cap"
    scaled = scale is not None
    fixes = repeat(math.nan) if fixed is None or settings.failsafe == "skip" else fixed
    shifts = repeat(0.0) if shift is None else shift
    for gap, lw, rw, factor, given, moved in zip(gaps, left_width, right_width, scale if scaled else repeat(1.0), fixes,
                                                 shifts):
        narrower = lw if lw <= rw else rw  # negative_cap, inlined: this loop runs once a pair
        cap = float(floor((narrower if narrower > 0.0 else 0.0) / 2.0))
        safe = not isfinite(gap)
        if safe:
            raw = -cap if capped_failsafe else 0.0
            if given == given:  # not NaN: the pair's own kern, within the cap
                raw = given if given >= -cap else -cap
        else:
            raw = -gap
            if scaled and (raw < 0.0 or factor == 0.0):  # a context at 0 kerns nothing
                raw = raw * factor
            raw += moved
            if raw < -cap:
                raw = -cap
        if not allow_positive and raw > 0.0:
            raw = 0.0
        if positive_cap is not None and raw > positive_cap:
            raw = positive_cap
        value = copysign(floor(abs(raw) / step + 0.5) * step, raw) if raw else 0.0  # round_to_step
        if value < -cap:  # rounding may step past a cap: fall back to the cap's own multiple of the step
            value = -floor(cap / step) * step
        if top is not None and value > top:
            value = top
        value = int(value)
        add_value(value)
        add_failsafe(safe)
        add_kept(value != 0 and (value if value > 0 else -value) >= min_kern)
    return values, failsafe, kept


def solve(
    matrix: ProfileMatrix,
    left: Sequence[int],
    right: Sequence[int],
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
) -> tuple[array, array, array, array, array]:
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
    widths = matrix.widths
    scale = shift = None
    if contexts is not None:
        codes, table = contexts
        scale = (table[codes[a]][codes[b]] for a, b in zip(left, right))
    if shifts is not None:
        cases, moves = shifts
        shift = (moves[cases[a]][cases[b]] for a, b in zip(left, right))
    fixed = None
    if failsafe_kern is not None:
        stops, marks, kern, reversed_kern = (failsafe_kern[0], failsafe_kern[1], float(failsafe_kern[2]),
                                             float(failsafe_kern[3]))
        fixed = (kern if stops[a] and marks[b] else reversed_kern if marks[a] and stops[b] else math.nan
                 for a, b in zip(left, right))
    values, failsafe, kept = kern_values(
        gaps, (widths[row] for row in left), (widths[row] for row in right), settings, scale, fixed, shift
    )
    return gaps, bands, values, failsafe, kept


def measured_gaps(gaps, left, right, offsets: tuple[Sequence[float], Sequence[float]] | None = None,
                  tuck: Tuck | None = None, chunk: int = 1 << 18, hang: Hang | None = None,
                  serifs: tuple[Sequence[float], Sequence[bool]] | None = None,
                  clearance: Clearance | None = None, arms: ArmTuck | None = None,
                  raw: Sequence[float] | None = None, ink: InkRoom | None = None) -> array:
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


def clearance_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int], clearance: Clearance,
                   chunk: int = 1 << 18) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]``, each pair with a row ``clearance.rows`` marks on either side
    at most ``clearance.factor`` times its gap on ``clearance.matrix`` (never wider than the gap itself, less
    ``clearance.offsets``, never below 0) or ``clearance.depth``, whichever is wider: a dash whose bubble, reaching
    further down, would meet the other glyph (a foot under the room it comes into) comes no deeper than that; gaps
    of overlapping or unshared bubbles are left as they are."""
    out = array("d", gaps)
    marked = clearance.rows
    at = [i for i, (a, b) in enumerate(zip(left, right)) if (marked[a] or marked[b]) and 0.0 < out[i] < _INF]
    if not at:
        return out
    sub_left, sub_right = array("i", (left[i] for i in at)), array("i", (right[i] for i in at))
    own, _ = solve_gaps(clearance.matrix, sub_left, sub_right, chunk)
    reached = array("d", (min(out[i], g if g > 0.0 else 0.0) if g != _INF else out[i] for i, g in zip(at, own)))
    if clearance.offsets is not None:
        reached = offset_gaps(reached, sub_left, sub_right, clearance.offsets)
    factor, depth = clearance.factor, clearance.depth
    for i, r in zip(at, reached):
        limit = factor * (r if r > 0.0 else 0.0)
        limit = limit if limit > depth else depth
        if limit < out[i]:
            out[i] = limit
    return out


def offset_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int],
                offsets: tuple[Sequence[float], Sequence[float]]) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` less the room the left row's right side
    (``offsets[0]``) and the right row's left side (``offsets[1]``) keep from a reference, never
    below 0; gaps of overlapping or unshared bubbles are left as they are."""
    after, before = offsets
    out = array("d")
    for gap, a, b in zip(gaps, left, right):
        if gap != _INF and gap > 0.0:
            gap = gap - (after[a] + before[b])
            gap = gap if gap > 0.0 else 0.0
        out.append(gap)
    return out


def serif_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int],
               serifs: tuple[Sequence[float], Sequence[bool]]) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` plus the room ``serifs[0]`` gives the left row where the
    right row is one ``serifs[1]`` flags (``Settings.serif_stops``: a stop set past a foot serif); gaps of
    overlapping or unshared bubbles are left as they are."""
    room, flagged = serifs
    out = array("d")
    for gap, a, b in zip(gaps, left, right):
        if gap != _INF and gap > 0.0 and flagged[b]:
            gap = gap + room[a]
        out.append(gap)
    return out


def cap_depth(matrix: ProfileMatrix, depth: float, left_rows: Sequence[bool] | None = None) -> ProfileMatrix:
    """``matrix`` with each glyph's room per band limited to ``depth`` beyond its smallest on that
    side; with ``left_rows`` (a flag per glyph), only the left side of the flagged glyphs, and
    from their sidebearing line where their smallest room passes it."""

    def cap(room: list[float], floor: float = -_INF) -> list[float]:
        limit = max(min(room, default=_INF), floor) + depth
        return [r if r <= limit or r == _INF else limit for r in room]

    if left_rows is not None:
        return replace(matrix, room_left=[cap(room, 0.0) if chosen else room
                                          for room, chosen in zip(matrix.room_left, left_rows)])
    return replace(matrix, room_left=[cap(room) for room in matrix.room_left],
                   room_right=[cap(room) for room in matrix.room_right])


def grow(matrix: ProfileMatrix, dx: float, dy: float) -> ProfileMatrix:
    """``matrix`` with every bubble grown by an elliptical halo ``dx`` wide and ``dy`` high (font
    units), band by band, on a band axis widened by the bands the growth reaches; the growth stops
    at the sidebearing lines (room 0) or where the bubble itself already passes them."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    shrink = [dx * math.sqrt(max(0.0, 1.0 - (k * matrix.height / dy) ** 2)) if dy > 0 else dx
              for k in range(-reach, reach + 1)]

    def grown(room: list[float]) -> list[float]:
        padded = [_INF] * reach + room + [_INF] * reach
        size = len(padded)
        out = []
        for i in range(size):
            best = _INF
            for k, amount in zip(range(-reach, reach + 1), shrink):
                j = i + k
                if 0 <= j < size:
                    value = padded[j] - amount
                    if value < best:
                        best = value
            if best != _INF:
                floor = padded[i] if padded[i] != _INF and padded[i] < 0.0 else 0.0
                best = best if best > floor else floor
            out.append(best)
        return out

    room_left = [grown(room) for room in matrix.room_left]
    room_right = [grown(room) for room in matrix.room_right]
    return replace(matrix, first_band=matrix.first_band - reach, room_left=room_left, room_right=room_right,
                   spans=_spans(room_left, room_right))


def reach_down(matrix: ProfileMatrix, rows: Sequence[bool], dy: float) -> ProfileMatrix:
    """``matrix`` with the bubbles of the rows ``rows`` marks reaching ``dy`` (font units) further down, band by band
    (each band takes the least room of the bands up to ``dy`` above it), on a band axis widened below; the other rows
    as they were. The reach stops at the sidebearing lines, as :func:`grow`'s does."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    if reach == 0 or not any(rows):
        return matrix

    def reached(room: list[float], marked: bool) -> list[float]:
        padded = [_INF] * reach + list(room)
        if not marked:
            return padded
        out = []
        for i in range(len(padded)):
            best = padded[i]
            for value in padded[i + 1:i + reach + 1]:  # band i takes band i + k: the bubble reaches down
                if value < best:
                    best = value
            if best != _INF:
                floor = padded[i] if padded[i] != _INF and padded[i] < 0.0 else 0.0
                best = best if best > floor else floor
            out.append(best)
        return out

    room_left = [reached(room, bool(m)) for room, m in zip(matrix.room_left, rows)]
    room_right = [reached(room, bool(m)) for room, m in zip(matrix.room_right, rows)]
    return replace(matrix, first_band=matrix.first_band - reach, room_left=room_left, room_right=room_right,
                   spans=_spans(room_left, room_right))


def erode(matrix: ProfileMatrix, dy: float) -> ProfileMatrix:
    """``matrix`` with every bubble shrunk by ``dy`` (font units) from above and below, band by band:
    a band keeps the largest room of the bands within ``dy`` of it, so a bubble's vertical margin goes
    (its top and bottom ``dy``) and its sides narrow where a neighbouring band's do."""
    reach = int(dy // matrix.height) if dy > 0 else 0
    if reach == 0:
        return matrix

    def eroded(room: list[float]) -> list[float]:
        padded = [_INF] * reach + room + [_INF] * reach
        return [max(padded[i:i + 2 * reach + 1]) for i in range(len(room))]

    room_left = [eroded(room) for room in matrix.room_left]
    room_right = [eroded(room) for room in matrix.room_right]
    return replace(matrix, room_left=room_left, room_right=room_right, spans=_spans(room_left, room_right))


def _spans(room_left: list[list[float]], room_right: list[list[float]]) -> list[tuple[int, int]]:
    """(first, stop) columns each glyph's rooms reach (:attr:`ProfileMatrix.spans`) after they changed."""
    spans = []
    for lefts, rights in zip(room_left, room_right):
        reached = [i for i, (a, b) in enumerate(zip(lefts, rights)) if a != _INF or b != _INF]
        spans.append((reached[0], reached[-1] + 1) if reached else (0, 0))
    return spans


def tuck_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int], tuck: Tuck,
              chunk: int = 1 << 18) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of a row ``tuck.left_rows`` marks before
    one ``tuck.right_rows`` marks solved on ``tuck.eroded`` instead, less the room its left row keeps from a
    reference there (``tuck.room``; never below 0); pairs whose bubbles overlap or share no band, before or
    after the erosion, keep their gaps."""
    out = array("d", gaps)
    at = [i for i, (gap, a, b) in enumerate(zip(gaps, left, right))
          if tuck.left_rows[a] and tuck.right_rows[b] and gap != _INF and gap >= 0.0]
    if not at:
        return out
    rows_left, rows_right = array("i", (left[i] for i in at)), array("i", (right[i] for i in at))
    tucked, _ = solve_gaps(tuck.eroded, rows_left, rows_right, chunk)
    for i, a, gap in zip(at, rows_left, tucked):
        if gap > 0.0:
            gap = gap - tuck.room[a]
            gap = gap if gap > 0.0 else 0.0
        if gap != _INF:
            out[i] = gap
    return out


def arm_gaps(gaps: Sequence[float], raw: Sequence[float], left: Sequence[int], right: Sequence[int], arms: ArmTuck,
             chunk: int = 1 << 18) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of two rows ``arms.letters`` marks, but not two
    ``arms.capitals`` marks, given ``arms.weight`` of the room its bubbles open when eroded (``arms.eroded`` solved
    less ``raw``, the bubbles' own gaps of the same pairs, never below 0); pairs whose bubbles overlap or share no
    band keep their gaps."""
    out = array("d", gaps)
    letters, capitals = arms.letters, arms.capitals
    at = [i for i, (gap, a, b) in enumerate(zip(gaps, left, right))
          if letters[a] and letters[b] and not (capitals[a] and capitals[b]) and gap != _INF and gap >= 0.0]
    if not at:
        return out
    rows_left, rows_right = array("i", (left[i] for i in at)), array("i", (right[i] for i in at))
    solved = [raw[i] for i in at]
    opened, _ = solve_gaps(arms.eroded, rows_left, rows_right, chunk)
    weight = float(arms.weight)
    for i, was, now in zip(at, solved, opened):
        room = 0.0
        if was != _INF and now != _INF and was >= 0.0:
            room = now - was
            room = room if room > 0.0 else 0.0
        out[i] = out[i] + weight * room
    return out


def ink_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int], ink: InkRoom,
             chunk: int = 1 << 18) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of two rows of one case (``ink.cases``) given
    ``ink.weight`` of the room its ink leaves beyond its sides' rooms beside the reference (``ink.matrix`` solved,
    less ``ink.after`` of the left row and ``ink.before`` of the right one, plus the reference's own gap; never
    below 0): a round or slanted side beside another leaves white that neither leaves beside a straight stem. Pairs
    whose bubbles overlap or share no band keep their gaps."""
    out = array("d", gaps)
    cases = ink.cases
    at = [i for i, (gap, a, b) in enumerate(zip(gaps, left, right))
          if cases[a] >= 0 and cases[a] == cases[b] and gap != _INF and gap >= 0.0]
    if not at:
        return out
    rows_left, rows_right = array("i", (left[i] for i in at)), array("i", (right[i] for i in at))
    solved, _ = solve_gaps(ink.matrix, rows_left, rows_right, chunk)
    weight = float(ink.weight)
    for i, a, b, gap in zip(at, rows_left, rows_right, solved):
        room = gap - ink.after[a] - ink.before[b] + ink.reference[cases[a]]
        if room == room and room not in (_INF, -_INF) and room > 0.0:
            out[i] = out[i] + weight * room
    return out


def hang_gaps(gaps: Sequence[float], left: Sequence[int], right: Sequence[int], hang: Hang,
              chunk: int = 1 << 18) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` with each pair of a row ``hang.left_rows`` marks before
    one ``hang.right_rows`` marks solved on ``hang.matrix`` too, taking that gap where it is negative and
    smaller: the pair is kerned apart at least as far as the left row's ink hangs into the right row's bands."""
    out = array("d", gaps)
    at = [i for i, (a, b) in enumerate(zip(left, right)) if hang.left_rows[a] and hang.right_rows[b]]
    if not at:
        return out
    rows_left, rows_right = array("i", (left[i] for i in at)), array("i", (right[i] for i in at))
    hung, _ = solve_gaps(hang.matrix, rows_left, rows_right, chunk)
    for i, gap in zip(at, hung):
        if gap < min(out[i], 0.0):
            out[i] = gap
    return out


def solve_blend(gaps, left, right, blend, chunk: int = 1 << 18, rows: Sequence[bool] | None = None,
                floor: Floor | Sequence[Floor] | None = None) -> array:
    """``gaps`` of the row pairs ``left[i], right[i]`` blended (:func:`blend_gaps`) with the gaps of
    ``blend``'s grown matrices ((matrix, weight) per halo; None: the matrix ``gaps`` came from; an :class:`Eroded`
    halo's gaps never larger than ``gaps``), only for pairs of two rows ``rows`` marks (all without it), then kept by
    each ``floor`` (:func:`floor_gaps`)."""
    grown = [halo_gaps(gaps, m, left, right, chunk) for m, _ in blend]
    blended = blend_gaps(gaps, grown, [w for _, w in blend])
    if rows is not None:
        blended = array("d", (b if rows[a_row] and rows[b_row] else g
                              for g, b, a_row, b_row in zip(gaps, blended, left, right)))
    for each in as_floors(floor):
        blended = floor_gaps(blended, gaps, left, right, each)
    return blended


def halo_gaps(gaps: Sequence[float], halo, left, right, chunk: int = 1 << 18) -> Sequence[float]:
    """The gaps of the row pairs ``left[i], right[i]`` on one halo of the blend: ``gaps`` for None, the halo's matrix
    solved, for an :class:`Eroded` one never larger than ``gaps`` (``gaps`` where the eroded bubbles share no band)."""
    if halo is None:
        return gaps
    if not isinstance(halo, Eroded):
        return solve_gaps(halo, left, right, chunk)[0]
    column = solve_gaps(halo.matrix, left, right, chunk)[0]
    return array("d", (g if c == _INF else (c if c < g else g) for c, g in zip(column, gaps)))


def floor_gaps(blended: Sequence[float], gaps: Sequence[float], left, right, floor: Floor) -> array:
    """``blended`` gaps of the row pairs ``left[i], right[i]``, at least ``floor.share`` of the bubbles' own
    ``gaps`` where ``floor.left`` flags the left row and ``floor.right`` the right one (``Settings.stop_floor``,
    ``Settings.stop_capital_floor``);
    gaps of overlapping or unshared bubbles are left as they are."""
    flags_left, flags_right, share, depth = floor.left, floor.right, floor.share, floor.depth
    return array("d", (max(b, share * min(g, depth)) if flags_left[a] and flags_right[c] and 0.0 < g < _INF else b
                       for b, g, a, c in zip(blended, gaps, left, right)))


def blend_gaps(gaps: Sequence[float], grown: Sequence[Sequence[float]], weights: Sequence[float]) -> array:
    """The blended gap of each pair: where its bubbles leave a gap (a negative kern), minus the
    weighted sum of the negative kerns of the ``grown`` gaps, never a smaller gap than the bubbles'
    own; gaps of overlapping or unshared bubbles are left as they are."""
    out = array("d")
    for i, gap in enumerate(gaps):
        blended = 0.0
        for column, weight in zip(grown, weights):
            g = column[i]
            kern = -g if g != _INF else -0.0
            blended += weight * (kern if kern < 0.0 else 0.0)
        out.append(gap if not (gap != _INF and gap > 0.0) else min(gap, -blended))
    return out


def compress(column: Sequence, mask: Sequence) -> array:
    """The entries of ``column`` (an :class:`array.array`) where ``mask`` is true."""
    return array(column.typecode, (value for value, keep in zip(column, mask) if keep))


def orient_rows(codes: Sequence[int], left: Sequence[int], right: Sequence[int]) -> tuple[array, array, array, array]:
    """(left, right, solve_left, solve_right) for row pairs in logical order.

    ``codes[row]`` is a glyph's direction: 1 right-to-left, 2 left-to-right, 0 neutral.
    Pairs of a 1 and a 2 are left out; pairs with a 1 are right to left, solved with their
    second glyph on the left. Without right-to-left glyphs the rows come back as they are.
    """
    if 1 not in codes:
        return left, right, left, right
    kept_left, kept_right, solve_left, solve_right = array("i"), array("i"), array("i"), array("i")
    for a, b in zip(left, right):
        ca, cb = codes[a], codes[b]
        if ca | cb == 3:  # right-to-left with left-to-right: never in one run of text
            continue
        kept_left.append(a)
        kept_right.append(b)
        rtl = ca == 1 or cb == 1
        solve_left.append(b if rtl else a)
        solve_right.append(a if rtl else b)
    return kept_left, kept_right, solve_left, solve_right


def follow_bases(
    columns: tuple[array, array, array, array],
    left: Sequence[int],
    right: Sequence[int],
    bases: Sequence[int],
    solve_pairs: Callable[[array, array], tuple[array, array, array, array, array]],
    rows: Sequence[bool] | None = None,
) -> tuple[array, array, array, array]:
    """``columns`` (gaps, bands, values, kept) with each pair ``left[i], right[i]`` whose right row is
    built on a base (``bases[row]`` ≥ 0; -1 for none) and whose left row ``rows`` marks (all without it)
    given the left row's pair with that base when that pair's kern is negative and deeper and its own is
    not positive. ``solve_pairs(left_rows, base_rows)`` solves the base pairs, each once, as :func:`solve`
    does; a base pair sharing no band is never followed."""
    at, keys, slots = [], [], {}
    for i, (a, b) in enumerate(zip(left, right)):
        base = bases[b]
        if base >= 0 and (rows is None or rows[a]):
            at.append(i)
            keys.append(slots.setdefault((a, base), len(slots)))
    if not at:
        return columns
    base_gaps, base_bands, base_values, base_failsafe, base_kept = solve_pairs(
        array("i", (a for a, _ in slots)), array("i", (b for _, b in slots))
    )
    gaps, bands, values, kept = (array(c.typecode, c) for c in columns)
    for i, key in zip(at, keys):
        deeper, own = base_values[key], values[i]
        if deeper < 0 and own <= 0 and deeper < own and not base_failsafe[key]:
            gaps[i], bands[i], values[i], kept[i] = base_gaps[key], base_bands[key], deeper, base_kept[key]
    return gaps, bands, values, kept


def keep_rows(values: array, kept: array, left: Sequence[int], right: Sequence[int], rows: Sequence[bool],
              threshold: float) -> array:
    """``kept`` with each pair of two rows ``rows`` flags (``left[i]``, ``right[i]``) kept when its value is not 0 and
    reaches ``threshold`` in magnitude (``Settings.capital_min_kern``), whatever ``min_kern`` said."""
    if not len(values) or not any(rows):
        return kept
    kept = array(kept.typecode, kept)
    for i, (a, b) in enumerate(zip(left, right)):
        if rows[a] and rows[b]:
            value = values[i]
            kept[i] = value != 0 and (value if value > 0 else -value) >= threshold
    return kept


def drop_unmet(values: array, kept: array, left: Sequence[int], right: Sequence[int], codes: Sequence[int],
               met: Collection[tuple[int, int]], right_codes: Sequence[int] | None = None) -> tuple[array, array]:
    """(values, kept) with each pair of rows ``left[i], right[i]`` whose codes (``codes`` on the left,
    ``right_codes``, else ``codes``, on the right) are both at least 0 and not a pair of ``met`` set to 0 and not
    kept (``Settings.words_only``: two letters no common word sets side by side)."""
    second = codes if right_codes is None else right_codes
    if not len(values) or not any(c >= 0 for c in codes) or not any(c >= 0 for c in second):
        return values, kept
    met = met if isinstance(met, (set, frozenset)) else set(met)
    values, kept = array(values.typecode, values), array(kept.typecode, kept)
    for i, (a, b) in enumerate(zip(left, right)):
        ca, cb = codes[a], second[b]
        if ca >= 0 and cb >= 0 and (ca, cb) not in met:
            values[i], kept[i] = 0, 0
    return values, kept


def hold_inside(values: array, kept: array, left: Sequence[int], right: Sequence[int],
                codes: Sequence[int]) -> tuple[array, array]:
    """(values, kept) with each pair of rows ``left[i], right[i]`` that sets a glyph inside a bracket
    (``codes[row]``: 1 an opening bracket, 2 a closing one, 3 a glyph brackets hold, 0 any other) never
    closer than 0: an opening bracket before a 3, or a 3 before a closing bracket."""
    if not len(values) or not any(c in (1, 2) for c in codes):
        return values, kept
    values, kept = array(values.typecode, values), array(kept.typecode, kept)
    for i, (a, b) in enumerate(zip(left, right)):
        ca, cb = codes[a], codes[b]
        if ((ca == 1 and cb == 3) or (ca == 3 and cb == 2)) and values[i] < 0:
            values[i], kept[i] = 0, 0
    return values, kept
