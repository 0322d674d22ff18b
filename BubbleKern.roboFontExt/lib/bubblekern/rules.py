"""Turn solved gaps into kerning values: caps, the fail-safe, positive kerns, rounding, threshold."""

from __future__ import annotations

import numpy as np

from .settings import Settings

__all__ = ["negative_cap", "kern_values", "round_to_step"]


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
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, fail-safe mask, kept mask) for solved ``gaps``.

    The kern is ``−gap``, negative kerns multiplied by ``scale`` (per pair: its context's
    strength, see :mod:`bubblekern.model`) when given. A pair sharing no band (gap +inf)
    gets the fail-safe: the negative cap with ``settings.failsafe == "cap"``, else 0 (its
    pairs are left out before this with ``skip``). Negative kerns never exceed the cap; positive ones are zeroed when
    ``allow_positive`` is off and limited by ``positive_cap``. Values are rounded to
    ``rounding`` without crossing a cap, and kept when non-zero and at least
    ``min_kern`` in magnitude.
    """
    gaps = np.asarray(gaps, float)
    step = int(settings.rounding)
    cap = negative_cap(left_width, right_width)
    failsafe = ~np.isfinite(gaps)
    raw = -np.where(failsafe, 0.0, gaps)
    if scale is not None:
        raw = np.where(raw < 0, raw * scale, raw)
    raw = np.where(failsafe, -cap if settings.failsafe == "cap" else 0.0, raw)
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
