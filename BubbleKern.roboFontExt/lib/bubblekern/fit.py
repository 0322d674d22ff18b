"""Fit generated-bubble settings to a designer's kerning.

:func:`fit` searches the settings of bubble generation (horizontal and vertical offset,
adhere mode, corners and their radius) and of kerning (band height, ``min_kern``) for the
ones whose BubbleKern values come closest — least mean absolute error — to the reference
kerning **on the training pairs only**. It then reports the error on the training pairs, the
**cross-validated** error (each of up to :data:`FOLDS` folds of the training pairs predicted by a
search run on the other folds: it always exists, even when the reference kerns nothing but the
training pairs) and the error on the held-out pairs (every other reference pair), each beside the
no-kerning baseline, so overfitting shows.

Honesty rules: :data:`CONTROL_PAIRS` (H H, H O, … n H — pairs a spaced font leaves unkerned) join
the training pairs when the font has their glyphs, valued 0 unless the reference kerns them, so a
fit to a few strong pairs cannot trade away the straight and round references; ``adhere="off"``
(which breaks H H = 0) is never chosen; ``min_kern`` stays within :data:`MIN_KERNS` (at most 20 per
1000 em: the smallest kern designers write, not a sparsity knob) and offsets within :data:`OFFSET_RANGE`.

Two value models: the search above (one bubble per glyph) and the halo blend
(:data:`bubblekern.model.BLEND`) on default bubbles, with strengths per context and threshold fitted
the same way. The blend is the default: on whole fonts the search's bubbles kern the glyphs no model
pair shows (accents, other scripts, figures) far worse, even where its cross-validated error on the
model pairs is lower (``benchmarks/bench_realfont.py`` after a fit: Noto Serif r 0.48 with the blend,
0.32 with the search). ``value_model="auto"`` runs both and keeps the blend unless the search's
cross-validated error is lower by more than one standard error of the paired difference.

The search is a coarse grid (horizontal × vertical offset × adhere mode), then a
coordinate descent — offsets and band height at shrinking steps, then corner style and
radius — from the best grid point of each of the two best adhere modes (one misleading
grid point cannot trap it). It never writes to the font while
searching: bubbles are generated in memory (:func:`bubblekern.generate.glyph_bubble`), only
for the glyphs the pairs need (and their component bases), from outlines decomposed once.
Kerning settings that need no new bubbles are cheap: each band height is profiled once per
bubble set, and every ``min_kern`` is scored from one solve with a vectorised threshold.

:func:`store_fit` writes the result into ``font.lib``: under ``com.bubblekern.fit`` (the
settings and the errors), the generation settings where :mod:`bubblekern.generate` keeps
them, and band height and ``min_kern`` into the kerning settings (``com.bubblekern.settings``);
it then writes the bubbles of the fitted settings into the bubble layer (generated bubbles are
replaced, hand-drawn ones kept), so ``kern`` after ``fit`` uses the bubbles the fit chose. No
value in the record is ``None`` (a plist has no null): a metric that does not exist is left out.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .bands import band_profile
from .bubbles import FontBubbles
from .errors import BubbleGeometryError, BubbleKernError
from .evaluate import Metrics, metrics, reference_kerning
from .geometry import Bubble
from .glyphsets import glyph_char, unicode_table, word_initial_rows
from .italic import italic_offset
from .kernel import cap_depth, drop_unmet, hold_inside, measured_gaps, solve_blend
from .model import (
    BLEND,
    BLEND_STRENGTHS,
    CASE_CONTEXTS,
    CONTEXTS,
    REVERSED_STOP_SHARE,
    STEM_KINDS,
    STRENGTH_PRIOR_PAIRS,
    STRENGTHS,
    armless_capitals,
    bracket_codes,
    capped_matrix,
    case_shifts,
    context_scales,
    dash_clearance,
    dash_rows,
    earlier_blend,
    fit_strengths,
    followed_bases,
    glyph_kinds,
    grown_matrices,
    hang_measure,
    hanging_letters,
    informed_contexts,
    ink_measure,
    measured_references,
    model_measures,
    pair_contexts,
    serif_letters,
    serif_measure,
    stop_floors,
    stop_raised_rows,
    straight_pairs,
)
from .pairs import Pair, check_names, unique
from .rules import kern_values
from .settings import LIB_KEY, Settings, italic_slant, units_per_em
from .solver import ProfileMatrix, solve_gaps

__all__ = ["FIT_KEY", "CONTROL_PAIRS", "MODELS", "FitError", "FitResult", "Candidate", "control_pairs", "fit", "store_fit"]

FIT_KEY = "com.bubblekern.fit"

OFFSETS_X = (20, 50, 80, 120)
"""Coarse grid of horizontal offsets (per 1000 units per em)."""
OFFSETS_Y = (20, 60)
"""Coarse grid of vertical offsets (per 1000 units per em)."""
OFFSET_RANGE = (10.0, 150.0)
"""Offsets the refinement may reach (per 1000 em): a halo wider than 150 fits a few pairs by emptying the rest."""
BANDS = (10, 15, 20, 30, 40)
MIN_KERNS = (0, 2, 5, 10, 15, 20)
"""Thresholds tried (per 1000 em): designers rarely write a kern under 10–20 units; larger thresholds
only hide the model's errors (Noto Serif's blend takes 15: held-out MAE 3.2 → 2.3 per 1000 em)."""
TIE_KERN = 5
"""Per 1000 em: the threshold a tie in training error goes to (the one nearest it): ``kern``'s own default
(``Settings.min_kern``, 5 units at 1000 units per em). Since capital pairs keep a threshold of their own
(:data:`CAPITAL_MIN_KERNS`), the model pairs left to choose ``min_kern`` (lowercase, punctuation) often cannot tell
5 from 10 or 20. It trades two fonts of the quality benchmark (``--blend-weights others``): at 10 Roboto's r on the
pairs it did not see is 0.796 and Noto Serif's 0.813, at 5 0.804 and 0.805; the rest, the mean and the 24 other
model pairs' mean move by under 0.001 (see benchmarks/README.md's "Capitals keep their small kerns")."""
CAPITAL_MIN_KERN = 2
"""Per 1000 em: the threshold the fit gives pairs of two capitals (``Settings.capital_min_kern``) unless their model
pairs ask for a higher one (:data:`CAPITAL_MIN_KERNS`). Designers kern capitals finely: round against diagonal or
round (``A O`` ``T O`` ``K O`` ``Y O``) −10 to −20 in all five fonts of ``../shared``, which the blend makes −3 to
−14; a threshold chosen on model pairs that are mostly lowercase and punctuation (Noto Sans Italic's 20) dropped every
one of them. Kept, the quality benchmark's mean r rose from 0.809 to 0.812 (Noto Sans Italic 0.787 → 0.801; with the
24 other model pairs 0.719 → 0.730; on six fonts none of this was chosen on, 0.722 → 0.729: benchmarks/README.md's "Fonts
never seen"). 2 drops only the ±1 kerns that rounding leaves; at 5 Noto Sans Italic's r is 0.798."""
CAPITAL_MIN_KERNS = (2, 5, 10, 15, 20)
"""Thresholds of pairs of two capitals tried (per 1000 em), chosen on the capital model pairs alone; a tie goes to the
smallest, :data:`CAPITAL_MIN_KERN`. A designer who leaves ``H O`` and ``O H`` at 0 where the blend gives −6 and −2
(Gentium Plus) kerns few capital pairs, and each small kern the blend writes for the others is an error there; one
who kerns capitals finely gives the fit no reason to leave 2 (benchmarks/README.md's "Capitals keep their small kerns")."""
TIE_TOLERANCE = 0.1
"""Per 1000 em: thresholds whose error on the model pairs is within this of the least are a tie (3 units over 30
model pairs, one pair rounded otherwise). With the kerning prior, Caladea's 30 model pairs put 20 ahead of 5 by
0.03, and its r on the pairs it did not see fell from 0.85 to 0.79 (``benchmarks/quality.py --prior-fonts others``)."""
ADHERE = ("trim", "nudge")
"""Adhere modes tried: ``off`` lets straight sides kern (H H ≠ 0), so the fit never chooses it."""
FOLDS = 5
"""Folds of the training pairs' cross-validation (fewer with fewer pairs)."""
CONTROL_PAIRS = ("HH", "HO", "OH", "OO", "nn", "no", "on", "oo", "Hn", "nH")
"""Pairs of straight and round references a spaced font leaves unkerned: added to the training pairs."""
CASE_WITNESSES = 3
"""Control pairs of one case context, among the scoring model pairs, from which that context's ``case_offsets`` may be
their designer's median rather than its straight pair's kern (:attr:`_Search.read_case_offsets`)."""
CASE_TOLERANCE = 10.0
"""Per 1000 em: how far a case context's straight pair may lie from its control pairs' median and still set the
context's offset; further, it is the designer's kern of that pair alone, and the median sets it."""
DEPTH_CAPS = (None, 40, 60, 90, 120)
"""Depth caps tried per bubble set (per 1000 em; None: no cap), see :mod:`bubblekern.model`."""
POLISHED = 8
"""The value model is fitted to this many of the best bubble sets and bands the search scored."""
CORNERS = ("round", "miter")
RADII = (0, 20, 50)

BLEND_BAND = 20.0
"""Band height of the halo blend (per 1000 em): the one :data:`bubblekern.model.BLEND` was learned at."""
MODELS = ("auto", "search", "blend")
"""Value models ``fit`` chooses from: ``search`` (the bubble settings searched, one bubble per glyph),
``blend`` (default bubbles and the halo blend; the default), ``auto`` (the blend unless the search's
cross-validated error is clearly lower)."""

_ONES = (1.0,) * len(CONTEXTS)
_NO_OFFSETS = (0.0,) * len(CASE_CONTEXTS)
QUOTE_SHARES = (0.0, 1.0)
"""Shares ``fit`` tries for ``Settings.quote_share``: whether the designer kerns quotes beside letters, as punctuation,
or not at all. On the benchmark's pool (mean r) 0.7756 so, against 0.7751 with every share of
:data:`~bubblekern.model.STRENGTHS` up to 1 (Noto's ``L'`` −80 where the bubbles give −109 took all their quote pairs
to three quarters) and less up to 2 (Caladea's, Cardo's and PT Serif's other quote pairs deeper than their
designers': 0.7728 in a sketch over the benchmark's values)."""
SPARSE_PAIRS = ("Tq", "Yq", "Vq")
"""Model pairs that tell a designer who kerns only the letter pairs text sets (``Settings.words_only``): no common
word sets them, yet their shapes kern as deep as ``T o`` (−60 to −80 per 1000 em blended). Of 36 hand-kerned fonts
(the benchmark's pool and test set, Inter's glyph names aside), the 25 whose designers kern most capital–lowercase
pairs no word sets kern ``T q`` but one; of the 11 who kern fewer than half of them, one kerns it."""
SPARSE_DEPTH = 20.0
"""Per 1000 em: how deep the bubbles must kern a model pair of :data:`SPARSE_PAIRS` for its designer's 0 to tell."""

Progress = Callable[[int, str], None]
"""``progress(bubble sets made, stage)`` after each point of the search is scored."""


class FitError(BubbleKernError):
    """Fitting is impossible: no training pairs, no reference kerning, no generator."""


@dataclass(frozen=True)
class Policies:
    """What ``fit`` reads off the model pairs beside the strengths: settings a designer's policy decides, one model
    pair or a few each. None (each): as the settings the fit started from."""

    stop_raised: float | None = None
    """``Settings.stop_raised`` (per 1000 em): :meth:`_Search.fit_stop_raised`."""
    case_offsets: tuple[float, ...] | None = None
    """``Settings.case_offsets`` (per 1000 em): :attr:`_Search.read_case_offsets`."""
    dash_share: float | None = None
    """``Settings.dash_share``: :meth:`_Search.fit_dash_share`."""
    quote_share: float | None = None
    """``Settings.quote_share``: :meth:`_Search.fit_quote_share`."""
    words_only: str | None = None
    """``Settings.words_only``: :meth:`_Search.read_words_only`; ``""`` for every pair."""

    def over(self, base: Settings) -> Settings:
        """``base`` with these policies in place of its own."""
        changes = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name) is not None}
        if "words_only" in changes:
            changes["words_only"] = changes["words_only"] or None
        return base.replace(**changes) if changes else base

    def but(self, **changes) -> Policies:
        """These policies with ``changes``."""
        return dataclasses.replace(self, **changes)


_AS_SET = Policies()
"""Every policy as the settings the fit started from."""


@dataclass(frozen=True)
class Candidate:
    """One point of the search: generation settings plus band height and threshold."""

    generate: Any
    """A :class:`bubblekern.generate.GenerateSettings`."""
    band: float
    min_kern: int
    depth_cap: float | None = None
    strengths: tuple[float, ...] = _ONES
    """The value model's depth cap and per-context strengths (see :mod:`bubblekern.model`)."""
    blend: tuple[tuple[float, float, float], ...] = ()
    """The halo blend (``Settings.blend``); empty: one bubble per glyph."""
    capital_min_kern: int | None = None
    """``Settings.capital_min_kern`` (font units): the threshold of pairs of two capitals; None: ``min_kern``."""
    policies: Policies = _AS_SET
    """The policies read off the model pairs."""

    def settings(self, base: Settings) -> Settings:
        return self.policies.over(base).replace(
            band=float(self.band), min_kern=int(self.min_kern), capital_min_kern=self.capital_min_kern,
            layer=_layer(self.generate, base),
            depth_cap=self.depth_cap, strengths=tuple(self.strengths), blend=tuple(self.blend),
        )


@dataclass
class FitResult:
    """The best settings found and how well they do: on training pairs, cross-validated, and held out."""

    best: Candidate
    start: Candidate
    settings: Settings
    """Kerning settings of the best candidate."""
    training: Metrics
    held_out: Metrics
    start_training: Metrics
    start_held_out: Metrics
    training_pairs: list[Pair]
    held_out_pairs: list[Pair]
    cross_validated: Metrics | None = None
    """Each training pair predicted by a search that did not see it (k-fold); None only with 1 pair."""
    folds: int = 0
    control_pairs: list[Pair] = field(default_factory=list)
    """Of ``training_pairs``, the :data:`CONTROL_PAIRS` the fit added."""
    failed: dict[str, str] = field(default_factory=dict)
    """Glyphs whose bubble could not be built at some settings (counted as no bubble there), with the error."""
    evaluations: int = 0
    """Bubble sets generated and scored during the search (cross-validation included)."""
    elapsed: float = 0.0
    history: list[tuple[dict, float]] = field(default_factory=list)
    """(candidate, training MAE) of every scored point of the main search, in search order."""
    model: str = "search"
    """The value model chosen: ``search`` or ``blend`` (see :data:`MODELS`)."""
    compared: dict[str, float] = field(default_factory=dict)
    """Cross-validated MAE of each value model tried (``auto`` tries both)."""
    kept: list[str] = field(default_factory=list)
    """Contexts (:data:`~bubblekern.model.CONTEXTS`) whose strength the model pairs could not tell,
    left as the settings had it (with the blend and default strengths: as learned with the blend);
    empty without the value model."""
    prior: Any = None
    """The :class:`~bubblekern.prior.KerningPrior` the threshold was chosen with (``fit(..., prior=)``), or None."""
    notes: list[str] = field(default_factory=list)
    """What the fit could not do, and why (a policy its model pairs tell that needs a package that is missing)."""

    @property
    def generate(self):
        return self.best.generate

    def to_dict(self) -> dict:
        """Plain data (for ``font.lib`` and ``--json``); metrics that do not exist are left out, never None."""
        data = {
            "generate": _generate_dict(self.best.generate),
            "band": float(self.best.band),
            "min_kern": int(self.best.min_kern),
            **({"capital_min_kern": int(self.best.capital_min_kern)} if self.best.capital_min_kern is not None else {}),
            "depth_cap": self.best.depth_cap,
            "strengths": dict(zip(CONTEXTS, self.best.strengths)),
            **({"stop_raised": self.settings.stop_raised} if self.settings.stop_raised is not None else {}),
            **({"case_offsets": dict(zip(CASE_CONTEXTS, self.settings.case_offsets))}
               if any(self.settings.case_offsets) else {}),
            **({"armless_share": self.settings.armless_share} if self.best.blend else {}),
            **({"dash_share": self.settings.dash_share} if self.settings.dash_share != 1.0 else {}),
            **({"quote_share": self.settings.quote_share} if self.settings.quote_share != 1.0 else {}),
            **({"words_only": self.settings.words_only} if self.settings.words_only else {}),
            "model": self.model,
            **({"blend": [list(h) for h in self.best.blend]} if self.best.blend else {}),
            "compared": {k: round(v, 3) for k, v in self.compared.items()},
            "kept": list(self.kept),
            **({"prior": [f.path or f.name for f in self.prior.fonts]} if self.prior is not None else {}),
            "training": {"pairs": len(self.training_pairs), **_brief(self.training)},
            "control_pairs": [list(p) for p in self.control_pairs],
            "cross_validated": {"folds": self.folds, **(_brief(self.cross_validated) if self.cross_validated else {})},
            "held_out": {"pairs": len(self.held_out_pairs), **_brief(self.held_out)},
            "start": {
                "generate": _generate_dict(self.start.generate),
                "band": float(self.start.band),
                "min_kern": int(self.start.min_kern),
                "training_mae": self.start_training.mae,
                "held_out_mae": self.start_held_out.mae,
            },
            "failed": sorted(self.failed),
            **({"notes": list(self.notes)} if self.notes else {}),
            "evaluations": self.evaluations,
            "seconds": round(self.elapsed, 3),
        }
        return _plain(data)

    def format(self) -> str:
        g = _generate_dict(self.best.generate)
        shown = ", ".join(f"{k} {v:g}" if isinstance(v, float) else f"{k} {v}" for k, v in g.items() if k in _SEARCHED)
        lines = [
            f"best: {shown}, band {self.best.band:g}, min kern {self.best.min_kern}"
            + ("" if self.best.capital_min_kern is None else f" ({self.best.capital_min_kern} for two capitals)")
            + ", depth cap "
            + ("none" if self.best.depth_cap is None else format(self.best.depth_cap, "g")),
            "  strengths: " + ", ".join(f"{c} {v:g}" for c, v in zip(CONTEXTS, self.best.strengths))
            + ("" if self.settings.stop_raised is None else f"; a raised mark after a stop: {self.settings.stop_raised:g}"
               " per 1000 em")
            + ("" if not any(self.settings.case_offsets) else "; added to every pair of two letters: " + ", ".join(
                f"{c} {v:g}" for c, v in zip(CASE_CONTEXTS, self.settings.case_offsets) if v) + " per 1000 em")
            + ("" if not self.best.blend or self.settings.armless_share == 1.0 else
               f"; capitals with no arm over the lowercase at {self.settings.armless_share:g} of UC-lc")
            + ("" if self.settings.dash_share == 1.0 else
               f"; a dash beside a letter at {self.settings.dash_share:g} of punctuation")
            + ("" if self.settings.quote_share == 1.0 else
               f"; a quote beside a letter at {self.settings.quote_share:g} of punctuation")
            + ("" if not self.settings.words_only else
               f"; only the letter pairs words of {self.settings.words_only} set"),
            "  value model: " + ("halo blend (default bubbles grown by " + ", ".join(
                f"{x:g}/{y:g}" for x, y, _ in self.best.blend) + ")" if self.best.blend else "one bubble per glyph")
            + (" — cross-validated MAE " + ", ".join(f"{_NAMES[k]} {v:.1f}" for k, v in self.compared.items())
               if len(self.compared) > 1 else ""),
            f"  {'':<10} {'pairs':>6} {'MAE':>7} {'start':>7} {'no kern':>8} {'r':>6} {'±' + format(self.training.tolerance, 'g'):>5}",
        ]
        rows = [("training", self.training, self.start_training, self.training_pairs)]
        if self.cross_validated is not None:
            rows.append(("cross-val.", self.cross_validated, None, self.training_pairs))
        rows.append(("held-out", self.held_out, self.start_held_out, self.held_out_pairs))
        for name, m, s, pairs in rows:
            lines.append(
                f"  {name:<10} {len(pairs):>6} {_f(m.mae):>7} {_f(s.mae if s else None):>7} {_f(m.baseline_mae):>8} "
                f"{_f(m.pearson, '.2f'):>6} {_p(m.within):>5}"
            )
        if self.cross_validated is not None:
            lines.append(f"  cross-validated: {self.folds} folds, each predicted by a search on the others")
        if self.control_pairs:
            lines.append(f"  control pairs added to training: {' '.join(a + '/' + b for a, b in self.control_pairs)}")
        if self.kept:
            lines.append(f"  too few model pairs to fit, strength kept: {', '.join(self.kept)}"
                         + (" (a model pair such as ,T or .V says whether you kern a stop before a letter)"
                            if "stop-letter" in self.kept else ""))
        lines.extend(f"  {note}" for note in self.notes)
        if not self.held_out_pairs:
            lines.append("  no held-out pairs: the reference kerns only training pairs (see the cross-validated row)")
        if self.failed:
            names = sorted(self.failed)
            lines.append(f"  no bubble at some settings (geometry failed), counted as unkerned: {', '.join(names[:12])}"
                         + (f" … and {len(names) - 12} more" if len(names) > 12 else ""))
        lines.append(f"  {self.evaluations} bubble sets scored in {self.elapsed:.1f} s")
        check = self.held_out if self.held_out.mae is not None else self.cross_validated
        if check is not None and check.mae is not None and self.training.mae is not None and check.mae > 2 * max(
            self.training.mae, 1.0
        ):
            lines.append("  unseen pairs' error is far above training error: train on more, or more varied, pairs")
        return "\n".join(lines)


_SEARCHED = ("offset_x", "offset_y", "adhere", "corner", "corner_radius")
_NAMES = {"search": "one bubble", "blend": "blend"}


def control_pairs(font, exclude: Iterable[Pair] = ()) -> list[Pair]:
    """The :data:`CONTROL_PAIRS` ``font`` has both glyphs of (by Unicode value), minus ``exclude``."""
    from .pairs import cmap_of

    cmap = cmap_of(font)
    known = set(font.keys())
    skip = set(exclude)
    found = []
    for left, right in CONTROL_PAIRS:
        pair = (cmap.get(ord(left)), cmap.get(ord(right)))
        if pair[0] in known and pair[1] in known and pair not in skip and pair not in found:
            found.append(pair)
    return found


def fit(
    font,
    training: Iterable[Pair],
    reference=None,
    settings: Settings | None = None,
    *,
    start=None,
    held_out: Iterable[Pair] | None = None,
    refine: bool = True,
    controls: bool = True,
    folds: int = FOLDS,
    model: bool = True,
    value_model: str | None = None,
    progress: Progress | None = None,
    prior=None,
) -> FitResult:
    """Search generation and kerning settings that best reproduce ``reference`` on ``training`` pairs.

    ``reference`` is anything :func:`bubblekern.evaluate.reference_kerning` takes (the
    font's own kerning when None); a training pair the reference does not kern counts as
    0. With ``controls`` the :func:`control_pairs` join the training pairs. ``held_out``
    defaults to every other reference pair. ``start`` is the
    :class:`~bubblekern.generate.GenerateSettings` to begin from (the font's stored ones,
    else the defaults). ``folds`` (≥ 2) sets the cross-validation. With ``model`` the value
    model is fitted too: for each bubble set, the depth cap of :data:`DEPTH_CAPS` and the
    strength per pair context (:func:`bubblekern.model.fit_strengths`) that fit the training
    pairs best; without it they stay as ``settings`` has them. ``value_model`` (:data:`MODELS`)
    chooses between that search and the halo blend on default bubbles (strengths and threshold
    fitted the same way): ``auto`` keeps the blend unless the search's cross-validated error is lower
    by more than one standard error of their paired difference. None (the default) is ``blend``,
    or ``search`` without ``model`` (the blend is a value model). With ``prior`` (a
    :class:`bubblekern.prior.KerningPrior`, as ``kern --prior`` blends it), the threshold is chosen, and every
    pair scored, on the blended values ``kern`` will write. The font is not changed; see :func:`store_fit`.
    """
    if value_model is None:
        value_model = "blend" if model else "search"
    if value_model not in MODELS:
        raise FitError(f"value_model must be one of {', '.join(MODELS)}, not {value_model!r}")
    generate = _generator()
    started = time.perf_counter()
    base = settings or Settings()
    upm = units_per_em(font)
    values, ref_upm, _ = reference_kerning(font if reference is None else reference)
    if ref_upm and ref_upm != upm:
        values = {k: v * upm / ref_upm for k, v in values.items()}
    known = set(font.keys())
    training = unique(training)
    check_names((n for p in training for n in p), known, "training pairs")
    if not training:
        raise FitError("no training pairs: give a training text or a training pair list")
    if not values:
        raise FitError("the reference has no kerning to fit to")
    if folds < 2:
        raise FitError(f"cross-validation needs at least 2 folds, not {folds}")
    added = control_pairs(font, training) if controls else []
    training = training + added
    chosen = set(training)
    if held_out is None:
        held_out = [p for p in values if p not in chosen and p[0] in known and p[1] in known]
    else:
        held_out = [p for p in unique(held_out) if p not in chosen]
        check_names((n for p in held_out for n in p), known, "held-out pairs")
    train_ref = np.array([float(values.get(p, 0)) for p in training])
    held_ref = np.array([float(values.get(p, 0)) for p in held_out])

    start_gen = start if start is not None else generate.load_generate_settings(font)
    start_cand = Candidate(start_gen, float(base.band), int(base.min_kern), base.depth_cap, base.strengths,
                           capital_min_kern=base.capital_min_kern)
    maker = _Maker(font, generate)
    search = _Search(maker, training, train_ref, base, upm, model=model)
    families = {"auto": ("search", "blend"), "search": ("search",), "blend": ("blend",)}[value_model]
    blend_gen = _with(start_gen, **generate.default_shape())

    def run(search: _Search, stage: str, family: str) -> Candidate:
        if family == "blend":
            return search.blend_model(blend_gen, BLEND_BAND)[0]
        return _run(search, start_cand, refine, progress, stage)

    found_best = {family: run(search, "", family) for family in families}

    # cross-validation: each fold predicted by the same search run on the other folds
    n = len(training)
    k = min(folds, n)
    crosses: dict[str, Metrics] = {}
    errors: dict[str, np.ndarray] = {}
    if k >= 2:
        for family in families:
            predicted = np.zeros(n)
            for i in range(k):
                held = np.arange(i, n, k)
                fold = _Search(maker, training, train_ref, base, upm, subset=np.setdiff1d(np.arange(n), held),
                               raw=search, model=model)
                found = run(fold, f"fold {i + 1}/{k} ", family)
                predicted[held] = fold.predict(found)[held]
            crosses[family] = metrics(predicted, train_ref, upm)
            errors[family] = np.abs(predicted - train_ref)
    compared = {f: float(m.mae) for f, m in crosses.items() if m.mae is not None}
    chosen = _simpler_unless_beaten(families, errors)
    best, cross = found_best[chosen], crosses.get(chosen)

    kept = []
    if model:  # the contexts whose strength the model pairs could not tell
        raw = search.raw(best.generate, best.band, best.depth_cap, _ONES, best.blend,
                         Policies(words_only=best.policies.words_only))
        kept = [c for i, c in enumerate(CONTEXTS) if i not in informed_contexts(raw, search.contexts)]

    if prior is not None:  # the threshold of the blended values kern will write
        min_kern, capital_min_kern, _ = search.best_threshold(_with_prior(search, best, prior))
        best = dataclasses.replace(best, min_kern=min_kern, capital_min_kern=capital_min_kern)

    # final scores, on training and held-out pairs; held-out bubbles are generated only now
    final = _Search(maker, training + held_out, np.concatenate([train_ref, held_ref]), base, upm, model=model)
    pred_best, pred_start = final.predict(best), final.predict(start_cand)
    if prior is not None:
        pred_best, pred_start = (final.thresholded(_with_prior(final, c, prior), c) for c in (best, start_cand))
    result = FitResult(
        best=best,
        start=start_cand,
        settings=best.settings(base),
        training=metrics(pred_best[:n], train_ref, upm),
        held_out=metrics(pred_best[n:], held_ref, upm),
        start_training=metrics(pred_start[:n], train_ref, upm),
        start_held_out=metrics(pred_start[n:], held_ref, upm),
        training_pairs=training,
        held_out_pairs=held_out,
        cross_validated=cross,
        folds=k if cross is not None else 0,
        control_pairs=added,
        failed=dict(maker.failed),
        evaluations=maker.generated,
        history=search.history,
        model=chosen,
        compared=compared,
        kept=kept,
        notes=sorted(search.notes),
        prior=prior,
    )
    result.elapsed = time.perf_counter() - started
    return result


def _with_prior(search: _Search, candidate: Candidate, prior) -> np.ndarray:
    """The values of ``search``'s pairs under ``candidate``, before the threshold, blended with ``prior`` as
    :func:`bubblekern.kerning.kern_pairs` blends them (:func:`bubblekern.prior.blend_values`)."""
    from .prior import blend_rows

    raw = search.raw(candidate.generate, candidate.band, candidate.depth_cap, candidate.strengths, candidate.blend,
                     candidate.policies)
    names = sorted({n for pair in search.pairs for n in pair})
    index = {n: i for i, n in enumerate(names)}
    left, right = [index[a] for a, _ in search.pairs], [index[b] for _, b in search.pairs]
    settings = search.base.replace(min_kern=0).cap_for(search.upm)
    values, _, _ = blend_rows(prior, search.maker.font, names, [search.widths[n] for n in names], left, right,
                              [int(v) for v in raw], [1] * len(raw), settings, search.upm)
    return np.array(values, dtype=float)


def _simpler_unless_beaten(families: tuple[str, ...], errors: Mapping[str, np.ndarray]) -> str:
    """The value model to keep from the cross-validated absolute errors per model pair of each:
    the halo blend (a learned prior: strengths and a threshold) unless the bubble search (every
    shape setting free) beats it by more than one standard error of their paired difference.
    With 30 model pairs a lower error is often luck, and the freer model is the one it flatters."""
    if len(families) == 1 or not errors:  # one model asked for, or too few pairs to cross-validate
        return families[0]
    difference = errors["blend"] - errors["search"]  # > 0 where the search did better
    margin = float(difference.std(ddof=1) / np.sqrt(len(difference))) if len(difference) > 1 else 0.0
    return "search" if float(difference.mean()) > margin else "blend"


def _run(search: _Search, start: Candidate, refine: bool, progress: Progress | None, stage: str) -> Candidate:
    """The best candidate of the grid, refined from the best point of the two best adhere modes, then
    (with ``search.model``) the value model fitted to the best bubble sets found."""
    starts = search.grid(start, progress, stage)
    best, best_score = starts[0]
    if refine:  # the grid may mislead one mode
        for candidate, error in starts[:2]:
            found, score = search.refine(candidate, error, progress, stage)
            if search._better(score, best_score):
                best, best_score = found, score
    if search.model:
        best, best_score = search.polish(best, best_score)
    return best


def store_fit(font, result: FitResult, *, bubbles: bool = True, progress=None):
    """Write ``result`` into ``font.lib`` (the fit record, the generation settings, band and
    min_kern, the kerning prior's reference fonts and weight: :func:`bubblekern.prior.store_prior`), then,
    with ``bubbles``, the fitted bubbles into the bubble layer.

    Generated bubbles are replaced and missing or empty ones made; bubbles drawn by hand
    (no generation record) are kept. Returns the :class:`~bubblekern.generate.GenerateReport`
    of the bubbles written (None without ``bubbles``).
    """
    generate = _generator()
    font.lib[FIT_KEY] = result.to_dict()
    generate.store_generate_settings(font, result.best.generate)
    kern = dict(font.lib.get(LIB_KEY, {}) or {})
    kern.update({"band": float(result.best.band), "min_kern": int(result.best.min_kern)})
    kern.pop("capital_min_kern", None)
    if result.best.capital_min_kern is not None:
        kern["capital_min_kern"] = int(result.best.capital_min_kern)
    kern["strengths"] = [float(v) for v in result.best.strengths]
    kern["armless_share"] = float(result.settings.armless_share)  # the share the strengths were fitted with
    kern["tuck_arms"] = bool(result.settings.tuck_arms)  # and whether lowercase came under a capital's arm
    kern["ink_room"] = bool(result.settings.ink_room)  # and whether letters came into the room their ink leaves
    kern.pop("stop_raised", None)
    if result.settings.stop_raised is not None:
        kern["stop_raised"] = float(result.settings.stop_raised)
    kern.pop("dash_share", None)
    if result.settings.dash_share != 1.0:
        kern["dash_share"] = float(result.settings.dash_share)
    kern.pop("quote_share", None)
    if result.settings.quote_share != 1.0:
        kern["quote_share"] = float(result.settings.quote_share)
    kern.pop("words_only", None)
    if result.settings.words_only:
        kern["words_only"] = result.settings.words_only
    kern.pop("case_offsets", None)
    if any(result.settings.case_offsets):
        kern["case_offsets"] = [float(v) for v in result.settings.case_offsets]
    kern.pop("depth_cap", None)
    if result.best.depth_cap is not None:
        kern["depth_cap"] = float(result.best.depth_cap)
    # stored either way: without it the command line's "auto" would decide instead of the fit
    kern["blend"] = [[float(v) for v in halo] for halo in result.best.blend]
    # the references the threshold was chosen with, for kern to blend in again; a fit without them forgets them
    from .prior import store_prior

    store_prior(font, result.prior)
    kern.pop("prior_weight", None)
    if result.prior is not None:
        kern["prior_weight"] = float(result.settings.prior_weight)
    font.lib[LIB_KEY] = kern
    if not bubbles:
        return None
    from .bubbles import glyph_order
    from .status import bubble_status

    gen = result.best.generate
    kept: dict[str, object] = {}
    if gen.layer in font.layerOrder:
        layer = font.getLayer(gen.layer)
        for name, state in bubble_status(font, gen.layer).glyphs.items():
            glyph = layer[name] if name in layer else None
            if glyph is None or not (len(glyph.contours) or len(glyph.components)):
                continue
            if not state.generated:
                kept[name] = generate.Skip("hand-drawn", "drawn by hand: the fit keeps it")
            elif state.edited:
                kept[name] = generate.Skip("edited", "generated, then edited by hand: the fit keeps it")
    order = {n: i for i, n in enumerate(glyph_order(font))}
    names = sorted((n for n in font.keys() if n not in kept), key=lambda n: (order.get(n, len(order)), n))
    report = generate.make_bubbles(font, names, gen.replace(overwrite="always"), progress=progress)
    report.skipped.update(kept)
    return report


# -- the search ----------------------------------------------------------------------


class _Search:
    """Scores candidates on a fixed set of pairs.

    Bubbles come from a shared :class:`_Maker` (each glyph made once per generation
    settings); band profiles are solved directly with the vectorised solver and cached per
    band height, so a new band height or threshold never generates bubbles again.
    """

    def __init__(
        self,
        maker: _Maker,
        pairs: list[Pair],
        reference: np.ndarray,
        base: Settings,
        upm: float,
        *,
        subset: np.ndarray | None = None,
        raw: _Search | None = None,
        model: bool = True,
    ):
        self.maker = maker
        self.pairs = pairs
        self.reference = reference
        self.base = base
        self.upm = upm
        self.subset = np.arange(len(pairs)) if subset is None else subset
        """Indices of the pairs that score a candidate (a cross-validation fold leaves some out)."""
        self.solved_pairs, self.follow = self._follow_pairs(maker.font, pairs, base)
        """The pairs solved: the scored ones, then the base pairs their accented glyphs follow under the
        blend (``Settings.follow_base``; ``follow`` holds (scored index, solved index) per such pair)."""
        self.names = list(dict.fromkeys(n for p in self.solved_pairs for n in p))
        self.references = measured_references(maker.font, maker.font.keys(), base)
        """The straight and stem references the value model measures from (``H``, ``n``), solved too."""
        self.straight = self.references[0] if base.punctuation_reference else None
        """The straight reference punctuation is measured from (``Settings.punctuation_reference``)."""
        self.stem = self.references[1] if base.stem_reference else None
        """The stem reference straight letter stems are measured from (``Settings.stem_reference``)."""
        for reference in self.references:
            if reference is not None and reference not in self.names:
                self.names.append(reference)
        self.widths = {n: float(maker.font[n].width) for n in self.names}
        self.history: list[tuple[dict, float]] = []
        self._raw: dict[tuple, Any] = raw._raw if raw is not None else {}
        """Band matrices, gaps and values per bubble set, band, depth cap and strengths: shared with ``raw``,
        a search over the same pairs."""
        self.model = model
        self.kinds = kinds = glyph_kinds(maker.font, self.names)
        contexts = pair_contexts([kinds[a] for a, _ in self.solved_pairs], [kinds[b] for _, b in self.solved_pairs])
        self._solved_contexts = np.array(contexts, dtype=np.int8)
        self.contexts = self._solved_contexts[: len(pairs)]
        self.capitals = self.contexts == CONTEXTS.index("UC-UC")
        """Per scored pair: two capitals, kept by a threshold of their own (``capital_min_kern``)."""
        stops, raised = (dict(zip(self.names, rows)) for rows in stop_raised_rows(maker.font, kinds, self.names))
        self._stop_raised = np.array([stops[a] and raised[b] for a, b in self.solved_pairs], dtype=bool)
        """Per solved pair: a raised mark after a stop (``Settings.stop_raised``: :func:`~bubblekern.model.stop_raised_rows`)."""
        self._raised_stop = np.array([raised[a] and stops[b] for a, b in self.solved_pairs], dtype=bool)
        """Per solved pair: a raised mark before a stop, at :data:`~bubblekern.model.REVERSED_STOP_SHARE` of that kern."""
        rows = {n: i for i, n in enumerate(self.names)}
        self._pair_rows = (np.array([rows[a] for a, _ in self.solved_pairs], dtype=np.intp),
                           np.array([rows[b] for _, b in self.solved_pairs], dtype=np.intp))
        """(left rows, right rows) of the solved pairs in :attr:`names`: where the kernel's tables are read."""
        self._dashes = {n for n, dash in zip(self.names, dash_rows(maker.font, self.names)) if dash}
        """The dashes among :attr:`names` (``Settings.dash_share``)."""
        self._dash_letter = self._zeroed(context_scales(kinds, self.names, _ONES, dashes=self._dashes, dash_share=0.0))
        """Per solved pair: a dash beside a letter, the pairs ``Settings.dash_share`` scales."""
        self._quote_letter = self._zeroed(context_scales(kinds, self.names, _ONES, quote_share=0.0))
        """Per solved pair: a quote beside a letter, the pairs ``Settings.quote_share`` scales (its table's zeros). Their
        share, fitted after the strengths, says how deep they kern: no strength is fitted to them (with them, the
        punctuation strength of a designer who leaves ``L'`` ``'A`` at 0 and kerns ``P,`` ``T.`` came out between)."""
        self.slant = italic_slant(maker.font) if base.italic else 0.0
        self.origin = italic_offset(maker.font, -self.slant)
        self.brackets = None if base.kern_inside_brackets else (*self._pair_rows, bracket_codes(maker.font, self.names))
        """(left rows, right rows, codes) of the solved pairs for :func:`~bubblekern.kernel.hold_inside`: pairs
        inside brackets are never kerned closer (``Settings.kern_inside_brackets`` off), as kern solves them."""
        self.word_initial = {n for n, w in zip(self.names, word_initial_rows(maker.font, self.names)) if w}
        """Glyphs whose left side is solved flat, as kern solves it (:func:`~bubblekern.glyphsets.word_initial_rows`)."""
        table = unicode_table(maker.font)
        chars = {n: glyph_char(n, table.get(n, ())) for n in self.names}
        self._sparse = np.array([f"{chars[a]}{chars[b]}" in SPARSE_PAIRS for a, b in pairs], dtype=bool)
        """Per scored pair: one of :data:`SPARSE_PAIRS` (``Settings.words_only``). They say whether a designer kerns
        pairs no text sets, not how deep a context's pairs are: no strength is fitted to them."""
        self._scores: dict[tuple, tuple[Candidate, float]] = {}
        self.notes: set[str] = raw.notes if raw is not None else set()
        """What the search could not do (:attr:`FitResult.notes`): shared with ``raw``, a search over the same pairs."""

    @staticmethod
    def _follow_pairs(font, pairs: list[Pair], base: Settings) -> tuple[list[Pair], np.ndarray]:
        """(``pairs`` and the base pairs their accented glyphs follow, (index, base pair's index) per
        following pair), as :func:`~bubblekern.kerning.kern_pairs` solves them."""
        if not base.follow_base:
            return list(pairs), np.zeros((0, 2), dtype=np.intp)
        on_right, on_left = followed_bases(FontBubbles(font, base), {n for pair in pairs for n in pair})
        index = {p: i for i, p in enumerate(pairs)}
        solved, links = list(pairs), []
        for i, (a, b) in enumerate(pairs):
            for pair in ((a, on_right[b]) if b in on_right else None, (on_left[a], b) if a in on_left else None):
                if pair is not None:
                    if pair not in index:
                        index[pair] = len(solved)
                        solved.append(pair)
                    links.append((i, index[pair]))
        return solved, np.array(links, dtype=np.intp).reshape(-1, 2)

    @property
    def generated(self) -> int:
        return self.maker.generated

    def bubbles(self, gen) -> dict[str, Bubble]:
        """Effective bubbles of the pairs' glyphs under generation settings ``gen``."""
        return {n: self.maker.effective(gen, n) for n in self.names}

    def _hang(self, matrix, band: float):
        """The kernel's ``hang`` of ``matrix`` (``Settings.clear_hanging_ink``) as kern measures it
        (:func:`~bubblekern.model.hang_measure`), the letters' ink at ``band`` read once for all the pairs."""

        def read_letters(_letters) -> tuple:
            key = ("ink", float(band))
            if key not in self._raw:
                letters = [n for n in self.names if self.kinds.get(n) in STEM_KINDS]
                self._raw[key] = hanging_letters(self._ink_reader(band), letters)
            return self._raw[key]

        return hang_measure(self.maker.font, matrix, self.kinds, read_letters, self.upm, self.origin)

    def _serifs(self, matrix, band: float, grown):
        """The kernel's ``serifs`` of ``matrix`` (``Settings.serif_stops``) as kern measures them
        (:func:`~bubblekern.model.serif_measure`), the letters' ink at ``band`` read through :meth:`_ink_reader`."""
        reader = self._ink_reader(band)
        return serif_measure(self.maker.font, matrix, self.kinds, lambda letters: serif_letters(reader, letters), grown,
                             self.upm)

    def _zeroed(self, contexts) -> np.ndarray:
        """Per solved pair: whether ``contexts`` (:func:`~bubblekern.model.context_scales` with one share at 0, or None)
        scales it to 0, the pairs that share scales."""
        if contexts is None:
            return np.zeros(len(self.solved_pairs), dtype=bool)
        return self._per_pair(contexts, slice(None)) == 0.0

    def _per_pair(self, codes_table: tuple, pairs) -> np.ndarray:
        """The entries of a kernel table (``contexts`` or ``shifts``: a code per name of :attr:`names`, the table by
        left and right code) for the solved pairs ``pairs`` (indices or a slice)."""
        codes, table = np.asarray(codes_table[0], dtype=np.intp), np.asarray(codes_table[1], dtype=float)
        left, right = self._pair_rows
        return table[codes[left[pairs]], codes[right[pairs]]]

    def _case_shifts(self, offsets: tuple[float, ...]):
        """The kernel's ``shifts`` for ``offsets`` (``Settings.case_offsets``, per 1000 em), as kern builds them."""
        return case_shifts(self.kinds, self.names, [v * self.upm / 1000.0 for v in offsets])

    @functools.cached_property
    def read_case_offsets(self) -> tuple[float, ...]:
        """``Settings.case_offsets`` (per 1000 em) as the scoring model pairs give them: each case context's straight
        pair (:func:`~bubblekern.model.straight_pairs`: ``H n`` for UC–lc) kerned by its designer, where the pairs
        hold it (the settings' offset where they do not). The value model kerns that pair 0, so the designer's kern
        of it is how far the whole context is moved. Where the context has :data:`CASE_WITNESSES` or more control
        pairs among them (``H H`` ``H O`` ``O H`` ``O O``; ``n n`` ``n o`` ``o n`` ``o o``) and their designer's
        median lies more than :data:`CASE_TOLERANCE` from the straight pair's kern, the median is the offset: a move
        of the whole context moves them all, a pair kerned on its own (B612's ``n n`` −50, its ``n o`` ``o n`` ``o o``
        0) moves nothing else."""
        index = {self.pairs[i]: i for i in self.subset}
        controls = [index[p] for p in control_pairs(self.maker.font) if p in index]
        offsets = list(self.base.case_offsets)
        for context, pair in straight_pairs(self.maker.font, self.maker.font.keys()).items():
            if pair in index:
                witnesses = [i for i in controls if self.contexts[i] == self.contexts[index[pair]]]
                value = float(self.reference[index[pair]])
                if len(witnesses) >= CASE_WITNESSES:
                    median = float(np.median(self.reference[witnesses]))
                    if abs(median - value) * 1000.0 / self.upm > CASE_TOLERANCE:
                        value = median
                offsets[context] = round(value * 1000.0 / self.upm, 1)
        return tuple(offsets)

    def _armless(self, band: float) -> set[str]:
        """The armless capitals among :attr:`names` (:func:`~bubblekern.model.armless_capitals`), their ink read at
        ``band``, whose pairs before a lowercase letter ``Settings.armless_share`` scales with the blend."""
        key = ("armless", float(band))
        if key not in self._raw:
            reader = self._ink_reader(band)
            self._raw[key] = armless_capitals(self.maker.font, self.kinds, self.names,
                                              lambda letters: serif_letters(reader, letters), self.upm)
        return self._raw[key]

    def _ink_reader(self, band: float) -> FontBubbles:
        """The font's bubbles at ``band``, read once for the letters' ink that :meth:`_hang` and :meth:`_serifs`
        measure (their ink bubbles and profiles are made once, whichever asks first)."""
        key = ("ink reader", float(band))
        if key not in self._raw:
            self._raw[key] = FontBubbles(self.maker.font, self.base.replace(band=float(band)))
        return self._raw[key]

    def _solved(self, gen, band: float, depth_cap: float | None, blend: tuple = ()):
        """(solvable pair indices, gaps, left widths, right widths) of a bubble set, band, depth cap and blend."""
        key = ("gaps", _key(gen), float(band), depth_cap, blend)
        if key not in self._raw and blend:
            solvable, raw, left_widths, right_widths = self._solved(gen, band, depth_cap)
            gaps = raw
            if solvable:
                matrix, left, right = self._raw[("rows", _key(gen), float(band), depth_cap)]
                grown = grown_matrices(matrix, blend, self.upm)
                floor = stop_floors(self.maker.font, self.kinds, matrix.names, self.base.stop_floor,
                                    self.base.stop_capital_floor, self.upm)
                gaps = solve_blend(raw, left, right, grown, self.base.chunk, floor=floor)
                # as kern solves them: punctuation and straight stems measured from their references, raised
                # marks tucked over lowercase letters
                measures = model_measures(matrix, self.kinds, self.straight, self.stem, grown, self.upm,
                                          self.base.chunk, tuck=self.base.tuck_raised, floor=floor,
                                          arms=self.base.tuck_arms and not earlier_blend(blend))
                hang = self._hang(matrix, band) if self.base.clear_hanging_ink else None
                serifs = self._serifs(matrix, band, grown) if self.base.serif_stops else None
                clearance = dash_clearance(self.maker.font, matrix, self.kinds, self.straight, self.stem,
                                           self.base.dash_clearance, self.upm, self.base.chunk)
                ink = (ink_measure(self.maker.font, matrix, self.kinds, self._ink_reader(band).ink_profiles,
                                   self.origin, references=self.references)
                       if self.base.ink_room and not earlier_blend(blend) else None)
                gaps = measured_gaps(gaps, left, right, measures["offsets"], measures["tuck"], self.base.chunk, hang,
                                     serifs, clearance, measures["arms"], raw, ink)
            self._raw[key] = (solvable, gaps, left_widths, right_widths)
        if key not in self._raw:
            matrix_key = ("matrix", _key(gen), float(band))
            if matrix_key not in self._raw:
                height = self.base.replace(band=float(band)).band_height(self.upm)
                profiles = {}
                for name, bubble in self.bubbles(gen).items():
                    profile = band_profile(bubble, height, self.slant) if bubble else None
                    if profile is not None and not profile.empty:
                        profiles[name] = profile
                solvable = [i for i, (a, b) in enumerate(self.solved_pairs) if a in profiles and b in profiles]
                matrix = ProfileMatrix.build(profiles, {n: self.widths[n] for n in profiles}, self.origin) if solvable else None
                if matrix is not None and any(initial := [n in self.word_initial for n in matrix.names]):
                    matrix = cap_depth(matrix, 0.0, left_rows=initial)  # as kern solves them: the breathing edge
                self._raw[matrix_key] = (solvable, matrix)
            solvable, matrix = self._raw[matrix_key]
            if not solvable:
                self._raw[key] = ([], np.zeros(0), np.zeros(0), np.zeros(0))
            else:
                if depth_cap is not None:
                    matrix = capped_matrix(matrix, depth_cap * self.upm / 1000.0)
                left = matrix.rows([self.solved_pairs[i][0] for i in solvable])
                right = matrix.rows([self.solved_pairs[i][1] for i in solvable])
                gaps, _ = solve_gaps(matrix, left, right, self.base.chunk)
                self._raw[key] = (solvable, gaps, matrix.widths[left], matrix.widths[right])
                self._raw[("rows", _key(gen), float(band), depth_cap)] = (matrix, left, right)
        return self._raw[key]

    def raw(self, gen, band: float, depth_cap: float | None = None, strengths: tuple[float, ...] = _ONES,
            blend: tuple = (), policies: Policies = _AS_SET) -> np.ndarray:
        """Solved values of every pair (before the threshold), 0 where a glyph has no bubble, with ``policies``
        over the base settings'."""
        chosen = policies.over(self.base)
        stop_raised, offsets, words = chosen.stop_raised, chosen.case_offsets, chosen.words_only
        dash, quote = chosen.dash_share, chosen.quote_share
        key = ("values", _key(gen), float(band), depth_cap, tuple(strengths), blend, stop_raised, offsets, dash, words,
               quote)
        if key not in self._raw:
            solvable, gaps, left_widths, right_widths = self._solved(gen, band, depth_cap, blend)
            values = np.zeros(len(self.solved_pairs))
            if solvable:
                settings = self.base.replace(band=float(band), min_kern=0).cap_for(self.upm)
                armless = self._armless(band) if blend and self.base.armless_share != 1.0 else ()
                contexts = context_scales(self.kinds, self.names, strengths, armless, self.base.armless_share,
                                          self._dashes, dash, quote)  # the scales kern gives them
                scale = None if contexts is None else self._per_pair(contexts, solvable)
                fixed = None
                if stop_raised is not None:  # as kern gives it: the one kern, where the pair shares no band
                    kern = stop_raised * self.upm / 1000.0
                    fixed = np.where(self._stop_raised[solvable], kern,
                                     np.where(self._raised_stop[solvable], kern * REVERSED_STOP_SHARE, np.nan))
                shifts = self._case_shifts(offsets)  # as kern adds them
                shift = None if shifts is None else self._per_pair(shifts, solvable)
                failsafe = np.zeros(len(values), dtype=bool)
                values[solvable], failsafe[solvable], _ = kern_values(gaps, left_widths, right_widths, settings, scale,
                                                                      fixed, shift)
                if blend and len(self.follow):  # as kern solves them: accented glyphs follow their base
                    plain = values.copy()  # base pairs as solved, not as they follow their own bases
                    for own, base in self.follow:  # in order: the right glyph's base, then the left one's
                        deeper = plain[base]
                        if deeper < 0 and values[own] <= 0 and deeper < values[own] and not failsafe[base]:
                            values[own] = deeper
                if self.brackets is not None:
                    values, _ = hold_inside(values, np.ones(len(values), dtype=bool), *self.brackets)
                if words:  # as kern leaves them: not kerned
                    values = np.where(self._unmet(words), 0.0, values)
            self._raw[key] = values[: len(self.pairs)]
        return self._raw[key]

    def predict(self, candidate: Candidate) -> np.ndarray:
        raw = self.raw(candidate.generate, candidate.band, candidate.depth_cap, candidate.strengths, candidate.blend,
                       candidate.policies)
        return self.thresholded(raw, candidate)

    def thresholded(self, values: np.ndarray, candidate: Candidate) -> np.ndarray:
        """``values`` of the scored pairs kept as ``kern`` keeps them under ``candidate``: by its ``min_kern``, pairs
        of two capitals by its ``capital_min_kern`` (``min_kern`` when None)."""
        capital = candidate.min_kern if candidate.capital_min_kern is None else candidate.capital_min_kern
        least = np.where(self.capitals, capital, candidate.min_kern)
        return np.where(np.abs(values) >= least, values, 0.0)

    def _unmet(self, langs: str) -> np.ndarray:
        """Per solved pair: two letters no common word of ``langs`` sets side by side (``Settings.words_only``:
        :func:`bubblekern.words.text_codes`); all false where wordfreq is missing, as kern then keeps them."""
        key = ("unmet", langs)
        if key not in self._raw:
            from .words import WordsError, text_codes

            try:
                ends, starts, met = text_codes(self.maker.font, self.names, langs)
            except WordsError:
                self._raw[key] = np.zeros(len(self.solved_pairs), dtype=bool)
            else:  # the kernel's rule, as kern applies it
                count = len(self.solved_pairs)
                _, kept = drop_unmet(np.zeros(count), np.ones(count, dtype=bool), *self._pair_rows, ends, met, starts)
                self._raw[key] = ~np.asarray(kept, dtype=bool)
        return self._raw[key]

    def read_words_only(self, plain: np.ndarray) -> str | None:
        """``Settings.words_only`` as the scoring model pairs of :data:`SPARSE_PAIRS` tell it from ``plain`` (their
        values at the start strengths): :data:`~bubblekern.words.TEXT_LANGUAGES` when the designer leaves at 0 every
        one the bubbles kern :data:`SPARSE_DEPTH` deep, ``""`` when the designer kerns one, None (the base settings')
        without such a pair or without wordfreq. One pair decides: whether a designer kerns pairs no text sets is a
        policy."""
        informing = self._sparse[self.subset] & (plain[self.subset] <= -SPARSE_DEPTH * self.upm / 1000.0)
        if not informing.any():
            return None
        if np.any(self.reference[self.subset][informing] != 0):
            return ""
        from .words import TEXT_LANGUAGES, WordsError, text_letter_pairs

        try:
            text_letter_pairs(TEXT_LANGUAGES)
        except WordsError as error:
            self.notes.add(f"a model pair such as Tq says you kern only the pairs text sets, but words_only was not "
                           f"set: {error}")
            return None
        return TEXT_LANGUAGES

    def fit_stop_raised(self, gen, band: float, depth_cap: float | None, strengths: tuple[float, ...],
                        blend: tuple = (), policies: Policies = _AS_SET) -> float | None:
        """``Settings.stop_raised`` (per 1000 em) closest (least MAE) to the model pairs of a raised mark after a low
        stop that share no band (``.'``): 0 or one of their own values, on a tie the one nearest 0; None (the base
        settings') without such a pair. How far a designer brings a quote over a period is a policy, one kern for
        them all, so one pair decides."""
        sub = self.subset
        candidates = self._stop_raised[: len(self.pairs)][sub]
        if not candidates.any():  # most model pairs hold none: no solving for it
            return None

        def values(kern: float) -> np.ndarray:
            return self.raw(gen, band, depth_cap, strengths, blend, policies.but(stop_raised=kern))[sub]

        informing = candidates & (values(0.0) != values(-100.0))
        if not informing.any():
            return None
        reference = self.reference[sub][informing]
        tried = sorted({0.0, *(round(float(v) * 1000.0 / self.upm) for v in reference)}, key=abs)
        errors = [float(np.abs(values(v)[informing] - reference).mean()) for v in tried]
        return float(tried[int(np.argmin(errors))])

    def fit_dash_share(self, gen, band: float, depth_cap: float | None, strengths: tuple[float, ...], blend: tuple,
                       policies: Policies) -> float | None:
        """``Settings.dash_share`` closest (least MAE) to the model pairs of a dash beside a letter that the bubbles
        kern (``-T``), of :data:`~bubblekern.model.STRENGTHS`, on a tie the one nearest 1; None (the base settings')
        without such a pair. Whether a designer kerns dashes against letters is a policy: one pair decides."""
        return self._fit_share(self._dash_letter, STRENGTHS, lambda share: self.raw(
            gen, band, depth_cap, strengths, blend, policies.but(dash_share=share)))

    def fit_quote_share(self, gen, band: float, depth_cap: float | None, strengths: tuple[float, ...], blend: tuple,
                        policies: Policies) -> float | None:
        """``Settings.quote_share`` closest (least MAE) to the model pairs of a quote beside a letter that the bubbles
        kern (``L'`` ``'A``), of :data:`QUOTE_SHARES`, on a tie the one nearest 1; None (the base settings') without
        such a pair. Whether a designer kerns quotes against letters is a policy: one or two pairs decide."""
        return self._fit_share(self._quote_letter, QUOTE_SHARES, lambda share: self.raw(
            gen, band, depth_cap, strengths, blend, policies.but(quote_share=share)))

    def _fit_share(self, rows: np.ndarray, shares: tuple[float, ...], values: Callable[[float], np.ndarray]) -> float | None:
        """The share of ``shares`` whose ``values(share)`` come closest (least MAE) to the scoring model pairs ``rows``
        flags (per solved pair) that the bubbles kern at a share of 1; on a tie the one nearest 1; None without such a
        pair."""
        sub = self.subset
        informing = rows[: len(self.pairs)][sub]
        if not informing.any():
            return None
        informing &= values(1.0)[sub] < 0
        if not informing.any():
            return None
        reference = self.reference[sub][informing]
        errors = [float(np.abs(values(g)[sub][informing] - reference).mean()) + 1e-9 * abs(g - 1.0) for g in shares]
        return float(shares[int(np.argmin(errors))])

    def best_threshold(self, raw: np.ndarray) -> tuple[int, int, float]:
        """(min_kern, capital_min_kern, MAE) of the best thresholds for solved values ``raw``, all at once: pairs of
        two capitals choose theirs among :data:`CAPITAL_MIN_KERNS`, the other pairs ``min_kern`` among
        :data:`MIN_KERNS` (their errors add up, so each is chosen on its own pairs)."""
        raw, reference, capitals = raw[self.subset], self.reference[self.subset], self.capitals[self.subset]
        scale = self.upm / 1000.0
        tolerance = TIE_TOLERANCE * scale + 1e-9
        count = max(1, len(raw))

        def errors(tried: tuple[int, ...], chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            """(thresholds in font units, the error of the ``chosen`` pairs under each, per pair of all)."""
            thresholds = np.array([round(t * scale) for t in tried], float)
            values = raw[chosen][None, :]
            kept = np.abs(values) >= thresholds[:, None]
            return thresholds, np.abs(np.where(kept, values, 0.0) - reference[chosen][None, :]).sum(axis=1) / count

        thresholds, rest = errors(MIN_KERNS, ~capitals)
        # on a tie (within TIE_TOLERANCE), the threshold nearest TIE_KERN: what model pairs cannot tell, designers' habit decides
        tied = rest <= rest.min() + tolerance
        i = int(np.argmin(np.where(tied, np.abs(thresholds - round(TIE_KERN * scale)), np.inf)))
        capital_thresholds, capital = errors(CAPITAL_MIN_KERNS, capitals)
        j = int(np.argmax(capital <= capital.min() + tolerance))  # a tie: the smallest, CAPITAL_MIN_KERN
        return int(thresholds[i]), int(capital_thresholds[j]), float(rest[i] + capital[j])

    def best_model(self, gen, band: float) -> tuple[Candidate, float]:
        """The best depth cap of :data:`DEPTH_CAPS`, strengths per context, policies and threshold for a bubble
        set and band, and its MAE (on a tie: no depth cap, then the smaller cap)."""
        best: tuple[Candidate, float] | None = None
        for depth in DEPTH_CAPS:
            found = self._value_model(gen, band, depth, (), self.base.strengths)
            if best is None or self._better(found[1], best[1]):
                best = found
        assert best is not None
        return best

    def blend_model(self, gen, band: float) -> tuple[Candidate, float]:
        """The halo blend (:data:`bubblekern.model.BLEND`) on bubble set ``gen``: strengths per context,
        policies and threshold fitted to the pairs, and its MAE. A context too few pairs inform keeps the strength
        learned with the blend (:data:`~bubblekern.model.BLEND_STRENGTHS`, as ``kern``'s ``auto`` gives
        it), unless the settings the fit started from give strengths; a measured one is drawn toward it as
        :data:`~bubblekern.model.STRENGTH_PRIOR_PAIRS` more model pairs would."""
        keep = self.base.strengths if any(v != 1.0 for v in self.base.strengths) else BLEND_STRENGTHS
        return self._value_model(gen, band, None, BLEND, keep, STRENGTH_PRIOR_PAIRS)

    def _value_model(self, gen, band: float, depth_cap: float | None, blend: tuple, keep: tuple[float, ...],
                     prior_pairs: float = 0.0) -> tuple[Candidate, float]:
        """The value model on bubble set ``gen`` and its MAE: whether the designer kerns only pairs text sets (read at
        the strengths ``keep``), the strengths per context (``keep`` where the model pairs cannot tell, drawn toward
        it as ``prior_pairs`` more model pairs would), then the other policies and the threshold."""
        sub = self.subset
        unmoved = Policies(case_offsets=_NO_OFFSETS)
        words = self.read_words_only(self.raw(gen, band, depth_cap, keep, blend, unmoved.but(words_only="")))
        # a pair no word sets tells no strength, nor does a quote beside a letter: its share says how deep it kerns
        plain = np.where(self._sparse | self._quote_letter[: len(self.pairs)], 0.0,
                         self.raw(gen, band, depth_cap, _ONES, blend, unmoved.but(words_only=words)))
        offsets = self.read_case_offsets  # the scoring pairs' own: read once per search
        strengths = fit_strengths(plain[sub], self.moved_reference(offsets)[sub], self.contexts[sub], keep=keep,
                                  prior_pairs=prior_pairs)
        policies = Policies(case_offsets=offsets, words_only=words)
        policies = policies.but(stop_raised=self.fit_stop_raised(gen, band, depth_cap, strengths, blend, policies))
        policies = policies.but(dash_share=self.fit_dash_share(gen, band, depth_cap, strengths, blend, policies))
        policies = policies.but(quote_share=self.fit_quote_share(gen, band, depth_cap, strengths, blend, policies))
        min_kern, capital_min_kern, error = self.best_threshold(self.raw(gen, band, depth_cap, strengths, blend, policies))
        return Candidate(gen, float(band), min_kern, depth_cap, strengths, blend, capital_min_kern, policies), error

    def moved_reference(self, offsets: tuple[float, ...]) -> np.ndarray:
        """The reference less what ``offsets`` add to each scored pair: what the strengths scale."""
        shifts = self._case_shifts(offsets)
        return self.reference if shifts is None else self.reference - self._per_pair(shifts, slice(len(self.pairs)))

    def polish(self, best: Candidate, best_score: float, top: int = POLISHED) -> tuple[Candidate, float]:
        """Fit the value model (depth cap, strengths) to the ``top`` best bubble sets and bands scored;
        the result replaces ``best`` only when it is clearly better."""
        ranked = sorted(self._scores.values(), key=lambda item: item[1])[:top]
        for candidate, _ in ranked:
            found, error = self.best_model(candidate.generate, candidate.band)
            if self._better(error, best_score):
                best, best_score = found, error
        return best, best_score

    def score(self, gen, band: float) -> tuple[Candidate, float]:
        """The best threshold for a bubble set and band, the value model as the base settings have it."""
        key = (_key(gen), float(band))
        if key not in self._scores:
            depth, strengths = self.base.depth_cap, tuple(self.base.strengths)
            min_kern, capital_min_kern, error = self.best_threshold(self.raw(gen, band, depth, strengths))
            self._scores[key] = (Candidate(gen, float(band), min_kern, depth, strengths,
                                           capital_min_kern=capital_min_kern), error)
            self.history.append(({**_generate_dict(gen), "band": float(band), "min_kern": min_kern}, error))
        return self._scores[key]

    def _better(self, error: float, best: float) -> bool:
        return error < best - 0.01 * self.upm / 1000.0  # ignore changes too small to matter

    def grid(self, start: Candidate, progress: Progress | None, stage: str = "") -> list[tuple[Candidate, float]]:
        """Score the start and the coarse grid (offsets × adhere modes); the best point of each mode, best first.

        A start with ``adhere="off"`` is scored (it is reported) but never chosen.
        """
        scored = [self.score(start.generate, start.band)]
        if getattr(start.generate, "adhere", None) == "off":
            scored = []
        modes = list(ADHERE) if _has(start.generate, "adhere") else [None]
        for mode in modes:
            for offset_y in OFFSETS_Y:
                for offset_x in OFFSETS_X:
                    gen = _with(start.generate, offset_x=float(offset_x), offset_y=float(offset_y), adhere=mode)
                    scored.append(self.score(gen, start.band))
                    if progress is not None:
                        progress(self.generated, stage + "grid")
        best: dict = {}
        for candidate, error in scored:
            mode = getattr(candidate.generate, "adhere", None)
            if mode not in best or self._better(error, best[mode][1]):
                best[mode] = (candidate, error)
        return sorted(best.values(), key=lambda item: item[1])

    def refine(
        self, best: Candidate, best_score: float, progress: Progress | None, stage: str = ""
    ) -> tuple[Candidate, float]:
        """Coordinate descent around ``best``: offsets and band at shrinking steps, then corners, then a polish."""
        best, best_score = self._descend(best, best_score, (20.0, 10.0, 5.0), progress, stage)
        moved = False
        for trial in self._shapes(best):
            candidate, error = self.score(trial.generate, trial.band)
            if self._better(error, best_score):
                best, best_score, moved = candidate, error, True
        if moved:
            best, best_score = self._descend(best, best_score, (10.0, 5.0), progress, stage)
        return best, best_score

    def _descend(self, best: Candidate, best_score: float, steps, progress, stage: str = "") -> tuple[Candidate, float]:
        for step in steps:
            for _ in range(6):
                improved = False
                for trial in self._neighbours(best, step):
                    candidate, error = self.score(trial.generate, trial.band)
                    if self._better(error, best_score):
                        best, best_score, improved = candidate, error, True
                    if progress is not None:
                        progress(self.generated, f"{stage}refine ±{step:g}")
                if not improved:
                    break
        return best, best_score

    def _neighbours(self, c: Candidate, step: float) -> list[Candidate]:
        g = c.generate
        out = [Candidate(g, float(b), c.min_kern) for b in BANDS if b != c.band]  # cheap: no new bubbles
        for name in ("offset_x", "offset_y"):
            if _has(g, name):
                value = float(getattr(g, name))
                low, high = OFFSET_RANGE
                out += [
                    Candidate(_with(g, **{name: v}), c.band, c.min_kern)
                    for v in (value - step, value + step)
                    if low <= v <= high
                ]
        return out

    def _shapes(self, c: Candidate) -> list[Candidate]:
        g = c.generate
        out = []
        if _has(g, "corner"):
            out += [Candidate(_with(g, corner=k), c.band, c.min_kern) for k in CORNERS if k != g.corner]
        if _has(g, "corner_radius"):
            radius = float(g.corner_radius or 0)
            out += [Candidate(_with(g, corner_radius=float(r)), c.band, c.min_kern) for r in RADII if r != radius]
        return out


# -- bubbles in memory ------------------------------------------------------------------


class _Maker:
    """Generated bubbles of a font's glyphs, per generation settings, made in memory.

    Each glyph's bubble is built with :func:`bubblekern.generate.glyph_bubble` and cleaned
    as :func:`~bubblekern.generate.make_bubbles` would write it, but nothing is written:
    the font is only read. Composites inherit their components' bubbles (transformed) as
    the engine's :class:`~bubblekern.bubbles.FontBubbles` does, unless ``include_composites``.
    """

    def __init__(self, font, generate):
        from .status import Outlines

        self.font = font
        self.generate = generate
        self.outlines = Outlines(font)
        self.upm = units_per_em(font)
        self.generated = 0
        """Bubble sets made (distinct generation settings)."""
        self.failed: dict[str, str] = {}
        """Glyphs whose bubble could not be built at some settings, with the first error."""
        self._own: dict[tuple, Bubble] = {}
        self._effective: dict[tuple, Bubble] = {}
        self._sets: set[tuple] = set()

    def own(self, gen, name: str) -> Bubble:
        key = (_key(gen), name)
        if key not in self._own:
            if _key(gen) not in self._sets:
                self._sets.add(_key(gen))
                self.generated += 1
            bubble = Bubble()
            if gen.include_composites or not self.outlines.is_composite(name):
                try:
                    path = self.generate.glyph_bubble(self.font, name, gen, outlines=self.outlines)
                except BubbleGeometryError as error:  # that glyph has no bubble at these settings, as make_bubbles skips it
                    self.failed.setdefault(name, str(error))
                    path = None
                if path is not None and path.area > 0:
                    from .geometry import SegmentPen
                    from .offset import draw_clean

                    pen = SegmentPen()
                    draw_clean(path, pen, grid=1.0, min_area=(self.upm / 1000.0) ** 2)
                    bubble = Bubble(tuple(pen.contours))
            self._own[key] = bubble
        return self._own[key]

    def effective(self, gen, name: str, stack: tuple[str, ...] = ()) -> Bubble:
        key = (_key(gen), name)
        if key not in self._effective:
            bubble = self.own(gen, name)
            for base, transformation in self.outlines.components(name):
                if base in stack or base == name or base not in self.font:
                    continue  # cycles and missing bases: glyph_bubble has raised for them already
                bubble = bubble + self.effective(gen, base, stack + (name,)).transform(transformation)
            self._effective[key] = bubble
        return self._effective[key]


# -- adapting to bubblekern.generate ----------------------------------------------------


def _generator():
    try:
        from . import generate
    except ImportError as error:
        raise FitError(f"fitting needs bubble generation (bubblekern.generate), which cannot be imported: {error}") from error
    for needed in ("GenerateSettings", "glyph_bubble", "load_generate_settings", "store_generate_settings"):
        if not hasattr(generate, needed):
            raise FitError(f"bubblekern.generate has no {needed}; fitting cannot run")
    return generate


def _generate_dict(gen) -> dict:
    """Generation settings as stored (``overwrite`` is not a property of the bubbles)."""
    return {k: v for k, v in gen.to_dict().items() if k != "overwrite"}


def _has(gen, name: str) -> bool:
    return any(f.name == name for f in dataclasses.fields(gen))


def _with(gen, **changes):
    changes = {k: v for k, v in changes.items() if v is not None and _has(gen, k)}
    return dataclasses.replace(gen, **changes)


def _layer(gen, base: Settings) -> str:
    return getattr(gen, "layer", None) or base.layer


def _key(gen) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in _generate_dict(gen).items()))


def _brief(m: Metrics) -> dict:
    return {
        "mae": m.mae,
        "baseline_mae": m.baseline_mae,
        "pearson": m.pearson,
        "within": m.within,
        "sign_agreement": m.sign_agreement,
    }


def _plain(value):
    """``value`` with every None (and non-finite float) left out of its dictionaries: a plist has no null."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None and not _nan(v)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value if v is not None and not _nan(v)]
    return value


def _nan(value) -> bool:
    return isinstance(value, float) and not np.isfinite(value)


def _f(value, spec: str = ".1f") -> str:
    return "—" if value is None else format(value, spec)


def _p(value) -> str:
    return "—" if value is None else f"{value:.0%}"
