"""The value model on top of the bubbles: depth caps, pair contexts and their strengths.

The bubbles stay the collision bound; this module shapes what the solver makes of them.

- **Depth caps** (``Settings.depth_cap``, per 1000 units per em): in every band, the room
  beside a glyph's bubble counts at most ``depth_cap`` more than the room at the glyph's
  outermost band on that side. A hyphen or a period beside L, F, P or C then stops that
  far inside the glyph's outer line instead of sliding in until it meets the stem.
  Straight sides (H, n) are unchanged: their room is the same in every band.
- **Contexts**: each pair falls in one of :data:`CONTEXTS` by the Unicode categories of its
  glyphs (any punctuation or symbol makes it ``punctuation``). Its value is scaled by the
  context's strength (``Settings.strengths``, one per context; 1 leaves it as solved).
  Pairs of other glyphs (figures, unencoded glyphs whose name does not lead to a letter)
  are not scaled.
- :func:`fit_strengths` picks a strength per context from reference values of model pairs.

The fail-safe policy (``Settings.failsafe``) lives in :mod:`bubblekern.rules`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .solver import ProfileMatrix

__all__ = [
    "CONTEXTS",
    "STRENGTHS",
    "glyph_kind",
    "glyph_kinds",
    "pair_contexts",
    "capped_matrix",
    "pair_scale",
    "fit_strengths",
]

CONTEXTS = ("UC-UC", "UC-lc", "lc-UC", "lc-lc", "punctuation")
"""Pair contexts, in the order of ``Settings.strengths``."""
STRENGTHS = tuple(np.round(np.arange(0.0, 2.001, 0.05), 2).tolist())
"""Strengths :func:`fit_strengths` tries."""

Kind = str
"""``"U"`` (uppercase letter), ``"l"`` (lowercase letter), ``"P"`` (punctuation or symbol) or ``""``."""


def glyph_kind(font, name: str) -> Kind:
    """The kind of glyph ``name`` by its Unicode value, or by the name's base (``a.sc`` → ``a``)."""
    codes = _unicodes(font, name)
    if not codes and "." in name:
        base = name.split(".", 1)[0]
        codes = _unicodes(font, base) if base in font else []
    for code in codes:
        category = unicodedata.category(chr(code))
        if category in ("Lu", "Lt"):
            return "U"
        if category == "Ll":
            return "l"
        if category[0] in "PS":
            return "P"
    return ""


def glyph_kinds(font, names: Iterable[str]) -> dict[str, Kind]:
    """:func:`glyph_kind` of every name."""
    return {name: glyph_kind(font, name) for name in names}


def _unicodes(font, name: str) -> list[int]:
    try:
        return list(font[name].unicodes or ())
    except KeyError:
        return []


def pair_contexts(left: Sequence[Kind], right: Sequence[Kind]) -> np.ndarray:
    """Index into :data:`CONTEXTS` of each pair (−1 for a pair outside them)."""
    table = {("U", "U"): 0, ("U", "l"): 1, ("l", "U"): 2, ("l", "l"): 3}
    out = np.full(len(left), -1, dtype=np.int8)
    for i, (a, b) in enumerate(zip(left, right)):
        if a == "P" or b == "P":
            out[i] = 4
        else:
            out[i] = table.get((a, b), -1)
    return out


def capped_matrix(matrix: ProfileMatrix, depth: float) -> ProfileMatrix:
    """``matrix`` with each glyph's room per band limited to ``depth`` (font units) beyond its smallest."""
    if depth < 0:
        raise ValueError(f"depth cap must be ≥ 0, not {depth!r}")

    def cap(room: np.ndarray) -> np.ndarray:
        if room.size == 0:
            return room.copy()
        finite = np.isfinite(room)
        outer = np.where(finite, room, np.inf).min(axis=1, keepdims=True)
        return np.where(finite, np.minimum(room, outer + depth), room)

    return ProfileMatrix(
        matrix.names, matrix.index, matrix.first_band, matrix.height,
        cap(matrix.room_left), cap(matrix.room_right), matrix.widths,
    )


def pair_scale(kinds: Mapping[str, Kind], names: Sequence[str], left: np.ndarray, right: np.ndarray,
               strengths: Sequence[float]) -> np.ndarray | None:
    """Each pair's strength (rows ``left``/``right`` into ``names``), or None when all are 1."""
    if all(s == 1.0 for s in strengths):
        return None
    row_kinds = [kinds.get(n, "") for n in names]
    codes = {"U": 0, "l": 1, "P": 2, "": 3}
    kind_code = np.array([codes[k] for k in row_kinds], dtype=np.int8)
    # context of (left kind, right kind) as a 4×4 table; 5 = outside the contexts (scale 1)
    table = np.full((4, 4), 5, dtype=np.int8)
    table[0, 0], table[0, 1], table[1, 0], table[1, 1] = 0, 1, 2, 3
    table[2, :] = 4
    table[:, 2] = 4
    scales = np.array(list(strengths) + [1.0])
    if len(left) == 0:
        return np.ones(0)
    return scales[table[kind_code[left], kind_code[right]]]


def fit_strengths(raw: np.ndarray, reference: np.ndarray, contexts: np.ndarray, *, min_pairs: int = 2,
                  keep: Sequence[float] | None = None) -> tuple[float, ...]:
    """The strength per context whose scaled ``raw`` values come closest (least MAE) to ``reference``.

    ``raw`` are the values at strength 1 (negative kerns; positive ones are not scaled), one
    per model pair, ``contexts`` their :func:`pair_contexts`. A context with fewer than
    ``min_pairs`` model pairs keeps its strength from ``keep`` (1 without it). On a tie the
    strength nearest 1 wins.
    """
    raw = np.asarray(raw, float)
    reference = np.asarray(reference, float)
    keep = tuple(keep) if keep is not None else (1.0,) * len(CONTEXTS)
    found = list(keep)
    grid = np.array(STRENGTHS)
    for i in range(len(CONTEXTS)):
        mask = contexts == i
        if int(mask.sum()) < min_pairs:
            continue
        r = raw[mask]
        scaled = np.where(r < 0, np.round(grid[:, None] * r[None, :]), r[None, :])
        errors = np.abs(scaled - reference[mask][None, :]).mean(axis=1)
        best = int(np.argmin(errors + 1e-9 * np.abs(grid - 1.0)))
        found[i] = float(grid[best])
    return tuple(found)
