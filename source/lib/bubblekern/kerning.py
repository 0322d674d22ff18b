"""Kern pairs of a font and write the result into its kerning.

``kern_pairs`` reads bubbles (cached in a :class:`FontBubbles`), solves the pairs and
returns a :class:`KernResult`; ``apply_kerning`` writes a result into ``font.kerning``,
touching only the pairs it solved.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from . import kernel
from .bubbles import FontBubbles, glyph_order
from .direction import Direction, glyph_directions, is_rtl_pair, pair_direction
from .fontkerning import kerning_dict, write_kerning
from .glyphfiles import files_read_once
from .glyphsets import word_initial_rows
from .pairs import Pair, check_names, unique
from .settings import Settings

__all__ = ["KernResult", "ApplyReport", "PairTable", "kern_pairs", "apply_kerning", "plan_kerning", "Progress"]

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``; stages are ``"bubbles"`` and ``"pairs"``."""

Mode = Literal["update", "replace"]

_DIRECTION_CODES = {"R": 1, "L": 2}
"""Glyph directions as :func:`bubblekern.kernel.orient_rows` takes them (0: neutral)."""


class PairTable(Sequence):
    """Pairs as two index arrays into one name list: all pairs of 3,000 glyphs without 9M tuples.

    ``left`` and ``right`` are kernel arrays (:mod:`bubblekern.kernel`) of row indices.
    """

    def __init__(self, names: Sequence[str], left: kernel.Array, right: kernel.Array):
        self.names = tuple(names)
        self.left = left
        self.right = right

    def __len__(self) -> int:
        return len(self.left)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self.names[self.left[i]], self.names[self.right[i]]

    def __iter__(self) -> Iterator[Pair]:
        names = self.names
        for a, b in zip(self.left.tolist(), self.right.tolist()):
            yield names[a], names[b]

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __repr__(self) -> str:
        return f"<PairTable {len(self):,} pairs of {len(self.names):,} glyphs>"


@dataclass
class KernResult:
    """Solved pairs, in the order asked, with their values and how they came about.

    The columns (``values`` … ``kept_mask``) are kernel arrays, numpy or :class:`array.array`
    (:mod:`bubblekern.kernel`): index them, iterate them or call ``tolist()``.
    """

    pairs: Sequence[Pair]
    """The solved pairs (a list, or a :class:`PairTable` for all-pairs runs)."""
    values: kernel.Array
    """Final value of each solved pair (after caps and rounding), kept or not."""
    gaps: kernel.Array
    """Smallest gap over shared bands (+inf when the pair shares none)."""
    bands: kernel.Array
    """Band index where the gap is smallest (the colliding band); see ``failsafe`` for none."""
    failsafe: kernel.Array
    """True where the pair shares no band and got the fail-safe value."""
    kept_mask: kernel.Array
    """True where the value survives the threshold (and is not zero)."""
    band_height: float
    settings: Settings
    skipped: dict[Pair, str] = field(default_factory=dict)
    """Pairs not solved, with the reason (a glyph without a bubble)."""
    warnings: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    directions: dict[str, Direction] = field(default_factory=dict)
    """Writing direction of each glyph solved (:mod:`bubblekern.direction`)."""
    mixed: list[Pair] = field(default_factory=list)
    """Pairs asked for that mix a right-to-left and a left-to-right glyph: not solved."""
    blended: int = 0
    """Pairs solved with the halo blend (``Settings.blend``; with ``"auto"`` those of two bubbles
    generated with the default settings), before any ``failsafe="skip"`` pair is left out."""
    prior_blended: int = 0
    """Pairs blended with a kerning prior (``kern_pairs(..., prior=)``): those whose characters (or, in UFO
    references, glyph names) a reference font has."""
    _positions: dict | None = field(default=None, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.pairs)

    @property
    def kept(self) -> dict[Pair, int]:
        """Kept pairs and their values, in order."""
        return {p: int(v) for p, v, k in zip(self.pairs, self.values, self.kept_mask) if k}

    @property
    def dropped(self) -> list[Pair]:
        """Solved pairs whose value is zero or under the threshold."""
        return [p for p, k in zip(self.pairs, self.kept_mask) if not k]

    def as_dict(self) -> dict[Pair, int]:
        """Every solved pair and its value, kept or not."""
        return {p: int(v) for p, v in zip(self.pairs, self.values)}

    def position(self, pair: Pair) -> int:
        """Index of ``pair`` in ``pairs`` (KeyError when it was not solved)."""
        if self._positions is None:
            self._positions = {p: i for i, p in enumerate(self.pairs)}
        return self._positions[tuple(pair)]

    def value(self, pair: Pair) -> int | None:
        """The kept value of ``pair``, or None when it was not solved or not kept."""
        try:
            i = self.position(pair)
        except KeyError:
            return None
        return int(self.values[i]) if self.kept_mask[i] else None

    def is_rtl(self, pair: Pair) -> bool:
        """True when ``pair`` (in logical order) is set right to left: its value is the gap
        with ``pair[1]`` on the left and ``pair[0]`` on the right."""
        return is_rtl_pair(self.directions.get(pair[0]), self.directions.get(pair[1]))

    def colliding_band(self, pair: Pair) -> tuple[float, float] | None:
        """(bottom, top) of the band where ``pair`` collides, or None."""
        i = self.position(pair)
        if self.failsafe[i]:
            return None
        band = int(self.bands[i])
        return band * self.band_height, (band + 1) * self.band_height


@dataclass
class ApplyReport:
    """What :func:`apply_kerning` changed in ``font.kerning``."""

    written: dict[Pair, int] = field(default_factory=dict)
    removed: list[Pair] = field(default_factory=list)
    unchanged: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.written or self.removed)


def kern_pairs(
    font,
    pairs: Iterable[Pair] | None = None,
    settings: Settings | None = None,
    *,
    bubbles: FontBubbles | None = None,
    progress: Progress | None = None,
    prior=None,
) -> KernResult:
    """Solve ``pairs`` of ``font`` (when None: all pairs of glyphs with bubbles, combining marks
    left out unless ``settings.include_marks``; a :class:`PairTable` of glyphs with bubbles is
    solved as it is). With ``prior`` (a :class:`bubblekern.prior.KerningPrior`), each pair of
    characters the reference fonts have is blended with their kerning (``Settings.prior_weight``).

    Glyph names not in the font raise :class:`MissingGlyphError`; pairs with a glyph
    that has no bubble are skipped (listed in ``result.skipped``).
    """
    if bubbles is None:
        bubbles = FontBubbles(font, settings)
    with files_read_once(), bubbles.reading():
        return _kern_pairs(font, pairs, settings, bubbles, progress, prior)


def _kern_pairs(font, pairs, settings, bubbles: FontBubbles, progress, prior=None) -> KernResult:
    started = time.perf_counter()
    if settings is not None and settings != bubbles.settings:
        bubbles.settings = settings
    settings = bubbles.settings
    bubbles.require_layer()
    warnings_before = len(bubbles.warnings)

    def report_bubbles(done: int, total: int) -> None:
        if progress is not None:
            progress("bubbles", done, total)

    skipped: dict[Pair, str] = {}
    notes: list[str] = []
    solvable: Sequence[Pair]
    if pairs is None:
        names = bubbles.kernable_glyphs()
        profiles = bubbles.profiles(names, progress=report_bubbles)
        matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(names), bubbles.origin)
        left, right = kernel.all_rows(len(names))
        directions = glyph_directions(font, matrix.names, settings.rtl)
        mixed: list[Pair] = []  # all pairs: those mixing directions are left out below, silently
    elif isinstance(pairs, PairTable):  # pairs as index arrays (all pairs of a big set, no tuples)
        names = list(pairs.names)
        check_names(names, bubbles.glyph_names())
        profiles = bubbles.profiles(names, progress=report_bubbles)
        empty = [n for n in names if profiles[n] is None]
        if empty:
            raise ValueError(f"a PairTable holds only glyphs with a bubble, not {', '.join(map(repr, empty[:5]))}")
        profiles.update(_reference_profile(font, settings, bubbles, profiles))  # after the table's own rows
        profiles.update(_base_profiles(settings, bubbles, profiles))
        matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(profiles), bubbles.origin)
        left, right = pairs.left, pairs.right
        directions = glyph_directions(font, matrix.names, settings.rtl)
        mixed = []
    else:
        pairs = unique(pairs)
        check_names((n for pair in pairs for n in pair), bubbles.glyph_names())
        needed = list(dict.fromkeys(n for pair in pairs for n in pair))
        profiles = bubbles.profiles(needed, progress=report_bubbles)
        skipped = {p: _why_skipped(p, profiles) for p in pairs if profiles[p[0]] is None or profiles[p[1]] is None}
        directions = glyph_directions(font, needed, settings.rtl)
        sides = {p: pair_direction(directions[p[0]], directions[p[1]]) for p in pairs}
        mixed = [p for p in pairs if sides[p] == "mixed" and p not in skipped]
        solvable = [p for p in pairs if p not in skipped and sides[p] != "mixed"]
        present = {n: prof for n, prof in profiles.items() if prof is not None}
        reference = _reference_profile(font, settings, bubbles, present)
        reference.update(_base_profiles(settings, bubbles, {**present, **reference}))
        present.update(reference)
        directions.update(glyph_directions(font, list(reference), settings.rtl))
        matrix = kernel.ProfileMatrix.build(present, bubbles.widths(present), bubbles.origin)
        left = matrix.rows([p[0] for p in solvable])
        right = matrix.rows([p[1] for p in solvable])
        if mixed:
            notes.append(
                f"{len(mixed):,} pair(s) mix right-to-left and left-to-right glyphs ({' '.join(mixed[0])}"
                f"{', …' if len(mixed) > 1 else ''}): not kerned, they never meet in one run of text "
                "and ufo2ft drops them"
            )

    # pairs mixing directions are left out; a right-to-left pair (first, second) in logical
    # order is set, and so solved, with second on the left
    codes = [_DIRECTION_CODES.get(directions[n], 0) for n in matrix.names]
    left, right, solve_left, solve_right = kernel.orient_rows(codes, left, right)
    if pairs is None or isinstance(pairs, PairTable):
        solvable = PairTable(matrix.names, left, right)

    def report_pairs(done: int, total: int) -> None:
        if progress is not None:
            progress("pairs", done, total)

    capped = settings.cap_for(bubbles.upm)  # the default positive limit scales with the em
    solving, contexts, blend, blended, extra = matrix, None, (), 0, {}
    initial = word_initial_rows(font, matrix.names)
    if any(initial):  # a breathing or accent is the left edge of the capital it starts a word with
        solving = kernel.cap_depth(solving, 0.0, left_rows=initial)
    scaled = any(v != 1.0 for v in settings.strengths)
    marks_scaled = settings.dash_share != 1.0 or settings.quote_share != 1.0  # dashes or quotes beside letters
    kinds = None  # read once, where the value model needs them (a raised mark's kind reads its ink)
    if settings.depth_cap is not None or scaled or marks_scaled or settings.blend:  # the value model
        from .model import capped_matrix, context_scales, glyph_kinds, grown_matrices

        if settings.depth_cap is not None:
            solving = capped_matrix(solving, settings.depth_cap * bubbles.band_height / settings.band)
        if scaled or marks_scaled:
            kinds = glyph_kinds(font, matrix.names)
        # the contexts' scales: the settings' strengths, else the ones learned with the blend for the pairs it blends
        scaled_kinds, strengths, armless, halos = None, settings.strengths, set(), ()
        if settings.blend == "auto":
            from .model import auto_blend

            shaped, learned, learned_strengths = auto_blend(bubbles, matrix.names)
            if shaped:
                blend, halos = grown_matrices(solving, learned, bubbles.upm), learned
                rows = [n in shaped for n in matrix.names]
                kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
                armless = _armless(font, matrix.names, kinds, rows, settings, bubbles, learned)
                if not scaled:
                    scaled_kinds = {n: k for n, k in kinds.items() if n in shaped}
                    strengths = learned_strengths
                blended = sum(1 for a, b in zip(solve_left, solve_right) if rows[a] and rows[b])
                if not all(rows):
                    extra["blend_rows"] = rows
        elif settings.blend:
            blend, halos = grown_matrices(solving, settings.blend, bubbles.upm), settings.blend
            blended = len(solve_left)
            kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
            armless = _armless(font, matrix.names, kinds, None, settings, bubbles, settings.blend)
        if kinds is not None:
            dashes = _dashes(font, matrix.names) if settings.dash_share != 1.0 else set()
            contexts = context_scales(kinds if scaled_kinds is None else scaled_kinds, matrix.names, strengths, armless,
                                      settings.armless_share, dashes, settings.dash_share, settings.quote_share)
    if blend:
        from .model import earlier_blend, stop_floors

        extra["blend"] = blend
        kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
        if (floor := stop_floors(font, kinds, matrix.names, settings.stop_floor, settings.stop_capital_floor,
                                 bubbles.upm)) is not None:
            extra["floor"] = floor
        extra.update(_model_measures(font, solving, kinds, blend, extra.get("blend_rows"), settings, bubbles, floor,
                                     earlier_blend(halos)))
    if any(settings.case_offsets):  # the designer's kern of each case's straight pair, on every pair of two letters
        from .model import case_shifts, glyph_kinds

        kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
        extra["shifts"] = case_shifts(kinds, matrix.names, [v * bubbles.upm / 1000.0 for v in settings.case_offsets])
    if settings.stop_raised is not None:  # a raised mark after a stop shares no band with it: the designer's kern
        from .model import REVERSED_STOP_SHARE, glyph_kinds, stop_raised_rows

        kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
        kern = settings.stop_raised * bubbles.upm / 1000.0
        extra["failsafe_kern"] = (*stop_raised_rows(font, kinds, matrix.names), kern, kern * REVERSED_STOP_SHARE)
    gaps, bands, values, failsafe, kept = kernel.solve(
        solving, solve_left, solve_right, capped, report_pairs, contexts=contexts, **extra
    )
    if blend and settings.follow_base:
        gaps, bands, values, kept = _follow_bases(bubbles, matrix, solving, capped, solve_left, solve_right,
                                                  (gaps, bands, values, kept), contexts, extra)
    if not settings.kern_inside_brackets:  # brackets hold their letters at their own spacing
        from .model import bracket_codes

        values, kept = kernel.hold_inside(values, kept, solve_left, solve_right, bracket_codes(font, matrix.names))
    prior_blended = 0
    if prior is not None:  # other fonts' kerning of the same characters
        from .prior import blend_rows

        values, kept, prior_blended = blend_rows(prior, font, matrix.names, matrix.widths, left, right, values, kept,
                                                 capped, bubbles.upm)
    if settings.capital_threshold != settings.min_kern:  # capitals keep their own threshold
        from .model import glyph_kinds

        kinds = glyph_kinds(font, matrix.names) if kinds is None else kinds
        capitals = [kinds.get(name) == "U" for name in matrix.names]
        kept = kernel.keep_rows(values, kept, left, right, capitals, settings.capital_threshold)
    if settings.words_only:  # a designer who kerns only the letter pairs text sets
        from .words import WordsError, text_codes

        try:
            ends, starts, met = text_codes(font, matrix.names, settings.words_only)
        except WordsError as error:
            notes.append(f"words_only ({settings.words_only}) not applied, every letter pair kerned: {error}")
        else:
            values, kept = kernel.drop_unmet(values, kept, left, right, ends, met, starts)
    if settings.failsafe == "skip" and any(failsafe):  # pairs sharing no band stay unsolved
        shared = [not f for f in failsafe]
        for pair, solved in zip(solvable, shared):
            if not solved:
                skipped[pair] = "no shared band (failsafe 'skip')"
        left, right = kernel.compress(left, shared), kernel.compress(right, shared)
        gaps, bands, values, failsafe, kept = (kernel.compress(c, shared) for c in (gaps, bands, values, failsafe, kept))
        solvable = PairTable(matrix.names, left, right) if pairs is None else [
            p for p, solved in zip(solvable, shared) if solved
        ]
    return KernResult(
        pairs=solvable,
        values=values,
        gaps=gaps,
        bands=bands,
        failsafe=failsafe,
        kept_mask=kept,
        band_height=bubbles.band_height,
        settings=settings,
        skipped=skipped,
        warnings=bubbles.warnings[warnings_before:] + notes,
        directions=directions,
        mixed=mixed,
        elapsed=time.perf_counter() - started,
        blended=blended,
        prior_blended=prior_blended,
    )


def _why_skipped(pair: Pair, profiles) -> str:
    empty = [n for n in dict.fromkeys(pair) if profiles[n] is None]
    return "no bubble: " + ", ".join(repr(n) for n in empty)


def apply_kerning(font, result: KernResult, mode: Mode = "update") -> ApplyReport:
    """Write ``result`` into ``font.kerning`` as one bulk change.

    ``update`` (the default) sets every kept pair and leaves all other kerning alone.
    ``replace`` also removes existing values of solved pairs that came out zero or under
    the threshold. Pairs the result did not solve are never touched.
    """
    report = plan_kerning(result, kerning_dict(font), mode)
    write_kerning(font, report.written, report.removed)
    return report


def plan_kerning(result: KernResult, existing: Mapping[Pair, float], mode: Mode = "update") -> ApplyReport:
    """What :func:`apply_kerning` would change in kerning ``existing``, without changing it."""
    if mode not in ("update", "replace"):
        raise ValueError(f"mode must be 'update' or 'replace', not {mode!r}")
    report = ApplyReport()
    for pair, value, keep in zip(result.pairs, result.values.tolist(), result.kept_mask.tolist()):
        old = existing.get(pair)
        if keep:
            if old == value:
                report.unchanged += 1
            else:
                report.written[pair] = value
        elif mode == "replace" and old is not None:
            report.removed.append(pair)
    return report


def glyphs_with_bubbles(font, settings: Settings | None = None) -> list[str]:
    """Names of glyphs with a non-empty effective bubble, in glyph order."""
    return FontBubbles(font, settings).glyphs_with_bubbles()


__all__ += ["glyphs_with_bubbles", "glyph_order"]


def _model_measures(font, matrix, kinds, blend, rows, settings: Settings, bubbles: FontBubbles, floor=None,
                    old_blend: bool = False) -> dict:
    """The kernel's ``offsets`` and ``tuck`` for the blended glyphs (``rows``; all without it) of ``kinds``
    (:func:`bubblekern.model.model_measures`), from the references the settings measure from, its ``hang``
    (:func:`bubblekern.model.hanging_ink`) with ``Settings.clear_hanging_ink``, its ``serifs``
    (:func:`bubblekern.model.serif_measure`) with ``Settings.serif_stops`` and its ``clearance``
    (:func:`bubblekern.model.dash_clearance`) with ``Settings.dash_clearance``; its ``arms``
    (:func:`bubblekern.model.arm_tuck`) with ``Settings.tuck_arms`` and its ``ink``
    (:func:`bubblekern.model.ink_measure`) with ``Settings.ink_room``, unless the blend is an ``old_blend``
    (:func:`bubblekern.model.earlier_blend`)."""
    from .model import (
        dash_clearance,
        hang_measure,
        hanging_letters,
        ink_measure,
        measured_references,
        model_measures,
        serif_letters,
        serif_measure,
    )

    references = measured_references(font, matrix.names, settings)
    straight = references[0] if settings.punctuation_reference else None
    stem = references[1] if settings.stem_reference else None
    measures = model_measures(matrix, kinds, straight, stem, blend, bubbles.upm, settings.chunk, rows,
                              settings.tuck_raised, floor, settings.tuck_arms and not old_blend)
    if settings.clear_hanging_ink:  # the blended letters' ink, each letter built on another measured with that one
        measures["hang"] = hang_measure(font, matrix, kinds, lambda letters: hanging_letters(bubbles, letters),
                                        bubbles.upm, bubbles.origin, rows)
    if settings.serif_stops:  # a stop under an arm, past the foot serif
        measures["serifs"] = serif_measure(font, matrix, kinds, lambda letters: serif_letters(bubbles, letters), blend,
                                           bubbles.upm, rows)
    if settings.ink_room and not old_blend:  # two letters of one case into the room their ink leaves
        measures["ink"] = ink_measure(font, matrix, kinds, bubbles.ink_profiles, bubbles.origin, rows, references)
    if settings.dash_clearance:  # a dash clear of a foot below it
        measures["clearance"] = dash_clearance(font, matrix, kinds, straight, stem, settings.dash_clearance,
                                               bubbles.upm, settings.chunk, rows)
    return measures


def _armless(font, names, kinds, rows, settings: Settings, bubbles: FontBubbles, blend) -> set[str]:
    """The capitals of ``names`` (of the blended ``rows``) with no arm over the lowercase zone
    (:func:`bubblekern.model.armless_capitals`), where ``Settings.armless_share`` gives them a share of UC–lc's
    strength; none under an earlier default shape's blend (:data:`bubblekern.model.BLENDS`), learned without it."""
    from .model import armless_capitals, earlier_blend, serif_letters

    if settings.armless_share == 1.0 or earlier_blend(blend):
        return set()
    return armless_capitals(font, kinds, names, lambda letters: serif_letters(bubbles, letters), bubbles.upm, rows)


def _dashes(font, names) -> set[str]:
    """The dashes of ``names`` (:func:`bubblekern.model.dash_rows`), whose pairs with letters
    ``Settings.dash_share`` scales."""
    from .model import dash_rows

    return {name for name, dash in zip(names, dash_rows(font, names)) if dash}


def _reference_profile(font, settings: Settings, bubbles: FontBubbles, profiles) -> dict:
    """The profiles of the straight and stem references (name → profile) when the value model measures
    from them (``punctuation_reference``, ``stem_reference``, ``ink_room``) and ``profiles`` lacks them, so a pair
    solves the same in a pair list as in a full run."""
    if not settings.blend:
        return {}
    from .model import measured_references

    missing = [n for n in measured_references(font, bubbles.glyph_names(), settings) if n is not None and n not in profiles]
    return {n: p for n, p in bubbles.profiles(missing).items() if p is not None} if missing else {}


def _base_profiles(settings: Settings, bubbles: FontBubbles, profiles) -> dict:
    """The profiles of the base letters of the composites in ``profiles`` that it lacks, when the
    value model lets accented glyphs follow their base (``Settings.follow_base``), so a pair list
    kerns ``Tä`` as a full run does."""
    if not (settings.blend and settings.follow_base):
        return {}
    from .model import followed_bases

    bases = {b for side in followed_bases(bubbles, profiles) for b in side.values()}
    missing = sorted(bases - set(profiles))
    return {n: p for n, p in bubbles.profiles(missing).items() if p is not None} if missing else {}


def _follow_bases(bubbles: FontBubbles, matrix, solving, settings: Settings, left, right, columns, contexts,
                  extra: dict):
    """``columns`` (gaps, bands, values, kept) with accented glyphs kerned at least as deep as their base
    (``Settings.follow_base``; :func:`bubblekern.kernel.follow_bases`), for blended pairs only: the glyph
    on the right first (``Tä`` as ``Ta``), then the one on the left (``Äv`` as ``Av``). A pair that
    follows takes its base pair's gap and colliding band too."""
    from .model import followed_bases

    rows = extra.get("blend_rows")

    def base_rows(followed: dict[str, str]) -> list[int]:
        bases = [-1] * len(matrix.names)
        for name, base in followed.items():
            row, base_row = matrix.index[name], matrix.index.get(base)
            if base_row is not None and (rows is None or (rows[row] and rows[base_row])):
                bases[row] = base_row
        return bases

    def solve_right(partner, base):  # the partner on the left, the base on the right
        return kernel.solve(solving, partner, base, settings, contexts=contexts, **extra)

    def solve_left(partner, base):
        return kernel.solve(solving, base, partner, settings, contexts=contexts, **extra)

    on_right, on_left = followed_bases(bubbles, matrix.names)
    for followed, partners, glyphs, solve_pairs in ((on_right, left, right, solve_right), (on_left, right, left, solve_left)):
        bases = base_rows(followed)
        if max(bases, default=-1) >= 0:
            columns = kernel.follow_bases(columns, partners, glyphs, bases, solve_pairs, rows)
    return columns
