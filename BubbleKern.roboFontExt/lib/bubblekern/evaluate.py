"""Compare BubbleKern's values with reference kerning: the font's own, another UFO's, or a binary's.

The reference is resolved to glyph pairs first. UFO group kerning follows the UFO rules:
for a glyph pair (L, R) the first of glyph–glyph, glyph–group, group–glyph, group–group
that is in the kerning wins (L's group is the ``public.kern1.`` group holding it, R's the
``public.kern2.`` one). A binary is measured with HarfBuzz: the pair's positioned advance
with the ``kern`` feature on minus the same with it off.

How pairs count:

- The pairs compared are the reference's pairs (every glyph pair its kerning reaches,
  resolved) or the pairs asked for. A pair the reference does not kern has reference 0.
- A pair BubbleKern does not keep — solved to zero, under ``min_kern``, or not solved at
  all because a glyph has no bubble — has BubbleKern value 0: that is the kerning the
  font would get. Pairs without a bubble are counted in ``without_bubble`` as well.
- Reference pairs whose glyphs are not in the font are left out (``not_in_font``); so are
  binary pairs HarfBuzz cannot set (a glyph without a Unicode value, or one the shaper
  substitutes), in ``unmeasured``.

All lengths are the evaluated font's units; the ±10 tolerance and the "needs kerning"
threshold of |k| ≥ 20 are per 1000 units per em and scale with the font.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import BubbleKernError, FontFileError
from .groups import KernGroups, resolve_kerning, resolve_pair
from .pairs import Pair, unique
from .settings import Settings, units_per_em

__all__ = [
    "TOLERANCE",
    "NEEDS_KERNING",
    "Metrics",
    "Evaluation",
    "KerningResolver",
    "resolve_kerning",
    "binary_kerning",
    "binary_classes",
    "reference_kerning",
    "metrics",
    "compare",
    "evaluate",
    "EvaluationError",
]

TOLERANCE = 10.0
"""A value within this many units (per 1000 em) of the reference counts as close."""
NEEDS_KERNING = 20.0
"""A pair with |kern| at least this (per 1000 em) needs kerning."""



class EvaluationError(BubbleKernError):
    """Evaluation is impossible (no pairs to compare)."""


# -- group kerning ---------------------------------------------------------------


class KerningResolver:
    """Glyph-pair values of UFO kerning with groups: glyph–glyph > glyph–group > group–glyph > group–group."""

    def __init__(self, kerning: Mapping[Pair, float], groups: Mapping[str, Sequence[str]]):
        self.kerning = {(str(a), str(b)): v for (a, b), v in dict(kerning).items()}
        self.groups = KernGroups.from_mapping({str(k): tuple(v) for k, v in dict(groups).items()})

    def value(self, left: str, right: str) -> float | None:
        """The value of glyph pair (left, right), or None when the kerning does not reach it."""
        return resolve_pair(self.kerning, self.groups, left, right, fallback=None)

    def pairs(self) -> list[Pair]:
        """Every glyph pair some kerning entry reaches, in kerning order, each once."""
        return list(resolve_kerning(self.kerning, self.groups))


# -- binaries ----------------------------------------------------------------------


def binary_kerning(path: str | Path, pairs: Iterable[Pair] | None = None) -> tuple[dict[Pair, float], list[Pair], float]:
    """Kerning of a compiled font measured with HarfBuzz: (values, unmeasured pairs, its unitsPerEm).

    Each pair is set twice, with the ``kern`` feature on and off (ligatures off); the
    value is the difference of the first glyph's advance plus the second glyph's x
    offset. Without ``pairs``, the pairs are those of the font's GPOS pair adjustments
    (and its legacy ``kern`` table). Pairs with a glyph HarfBuzz cannot reach from a
    Unicode value, or that the shaper substitutes, are returned as unmeasured.
    """
    import uharfbuzz as hb
    from fontTools.ttLib import TTFont

    path = Path(path)
    try:
        data = path.read_bytes()
        ttfont = TTFont(path, lazy=True)
        order = ttfont.getGlyphOrder()
        cmap = ttfont.getBestCmap() or {}
        upm = float(ttfont["head"].unitsPerEm)
        if ttfont.flavor:  # HarfBuzz reads sfnt data: unpack WOFF/WOFF2 first
            import io

            plain = TTFont(path)
            plain.flavor = None
            buffer = io.BytesIO()
            plain.save(buffer)
            data = buffer.getvalue()
    except Exception as error:  # fontTools raises many kinds for broken or foreign files
        raise FontFileError(f"{path}: cannot be read as a compiled font: {error}") from error
    if pairs is None:
        pairs = _binary_pairs(ttfont)
    pairs = unique(pairs)
    codes: dict[str, int] = {}
    for code, name in sorted(cmap.items()):
        codes.setdefault(name, code)
    gid = {name: i for i, name in enumerate(order)}
    font = hb.Font(hb.Face(data))
    font.scale = (int(upm), int(upm))
    on = {"kern": True, "liga": False, "clig": False, "calt": False}
    off = {"kern": False, "liga": False, "clig": False, "calt": False}

    def setting(a: int, b: int, features) -> tuple[list[int], float] | None:
        buffer = hb.Buffer()
        buffer.add_codepoints([a, b])
        buffer.guess_segment_properties()
        buffer.direction = "ltr"
        hb.shape(font, buffer, features)
        infos, positions = buffer.glyph_infos, buffer.glyph_positions
        if len(infos) != 2:
            return None
        return [i.codepoint for i in infos], positions[0].x_advance + positions[1].x_offset

    values: dict[Pair, float] = {}
    unmeasured: list[Pair] = []
    for pair in pairs:
        left, right = pair
        if left not in codes or right not in codes:
            unmeasured.append(pair)
            continue
        kerned = setting(codes[left], codes[right], on)
        plain = setting(codes[left], codes[right], off)
        expected = [gid.get(left), gid.get(right)]
        if kerned is None or plain is None or kerned[0] != expected or plain[0] != expected:
            unmeasured.append(pair)
            continue
        values[pair] = float(kerned[1] - plain[1])
    return values, unmeasured, upm


def _kern_pair_subtables(ttfont) -> list:
    """The PairPos subtables of a binary's GPOS ``kern`` feature lookups, in lookup order."""
    if "GPOS" not in ttfont or ttfont["GPOS"].table.LookupList is None:
        return []
    table = ttfont["GPOS"].table
    lookups = set()
    if table.FeatureList is not None:
        for record in table.FeatureList.FeatureRecord:
            if record.FeatureTag == "kern":
                lookups.update(record.Feature.LookupListIndex)
    found = []
    for index in sorted(lookups):
        for subtable in table.LookupList.Lookup[index].SubTable:
            if getattr(subtable, "ExtSubTable", None) is not None:
                subtable = subtable.ExtSubTable
            if getattr(subtable, "LookupType", None) == 2:
                found.append(subtable)
    return found


def _binary_pairs(ttfont) -> list[Pair]:
    """Glyph pairs of a binary's GPOS PairPos subtables (kern feature lookups) and its kern table."""
    found: dict[Pair, None] = {}
    for subtable in _kern_pair_subtables(ttfont):
        _pairpos_pairs(subtable, found)
    if "kern" in ttfont:
        for table in getattr(ttfont["kern"], "kernTables", []):
            for pair in getattr(table, "kernTable", {}):
                found.setdefault(tuple(pair))
    return list(found)


def _pairpos_pairs(subtable, found: dict[Pair, None]) -> None:
    coverage = subtable.Coverage.glyphs
    if subtable.Format == 1:
        for first, pairset in zip(coverage, subtable.PairSet, strict=False):
            for record in pairset.PairValueRecord:
                found.setdefault((first, record.SecondGlyph))
    elif subtable.Format == 2:
        classes1: dict[int, list[str]] = {}
        defs1 = subtable.ClassDef1.classDefs if subtable.ClassDef1 else {}
        for glyph in coverage:
            classes1.setdefault(defs1.get(glyph, 0), []).append(glyph)
        classes2: dict[int, list[str]] = {}
        for glyph, number in (subtable.ClassDef2.classDefs if subtable.ClassDef2 else {}).items():
            classes2.setdefault(number, []).append(glyph)
        for c1, record in enumerate(subtable.Class1Record):
            for c2, value in enumerate(record.Class2Record):
                if c2 == 0:
                    continue  # class 0 is every glyph not listed: too many to enumerate
                v1, v2 = value.Value1, value.Value2
                if not any(getattr(v, a, 0) for v in (v1, v2) if v for a in ("XAdvance", "XPlacement")):
                    continue
                for first in classes1.get(c1, ()):
                    for second in sorted(classes2.get(c2, ())):
                        found.setdefault((first, second))


def binary_classes(path: str | Path, names: Sequence[str] | None = None) -> dict[str, list[str]]:
    """The kerning classes of a compiled font as UFO kern groups (``public.kern1.*``, ``public.kern2.*``).

    Each class of a class-pair subtable (GPOS PairPos format 2) of the ``kern`` feature holds members of one
    group; a group may be split over subtables (a lookup broken with ``subtable;``, or by a compiler at its size
    limit, each part listing the classes it kerns), so glyphs that share a class in any subtable, on the same side,
    are one group. The
    right side's class 0 (every glyph not listed) is no group, nor is a class of one glyph. With ``names``
    only those glyphs are grouped, and a group is named after its first member in their order (else in glyph
    order): a compiled font keeps no group names, and BubbleKern takes a group's value from the glyph it is
    named after (``--group-value key``).
    """
    from fontTools.ttLib import TTFont

    path = Path(path)
    try:
        ttfont = TTFont(path, lazy=True)
        order = list(names) if names is not None else ttfont.getGlyphOrder()
        subtables = [s for s in _kern_pair_subtables(ttfont) if s.Format == 2]
        sides = ([], [])  # per side, the classes of every subtable
        for subtable in subtables:
            firsts: dict[int, list[str]] = {}
            defs = subtable.ClassDef1.classDefs if subtable.ClassDef1 else {}
            for glyph in subtable.Coverage.glyphs:
                firsts.setdefault(defs.get(glyph, 0), []).append(glyph)
            seconds: dict[int, list[str]] = {}
            for glyph, number in (subtable.ClassDef2.classDefs if subtable.ClassDef2 else {}).items():
                if number:
                    seconds.setdefault(number, []).append(glyph)
            sides[0].extend(firsts.values())
            sides[1].extend(seconds.values())
    except Exception as error:  # fontTools raises many kinds for broken or foreign files
        raise FontFileError(f"{path}: cannot be read as a compiled font: {error}") from error
    wanted = {name: i for i, name in enumerate(order)}
    groups: dict[str, list[str]] = {}
    for prefix, classes in zip(("public.kern1.", "public.kern2."), sides):
        for members in _joined(classes, wanted):
            if len(members) > 1:
                groups[prefix + members[0]] = members
    return groups


def _joined(classes: Iterable[Sequence[str]], order: Mapping[str, int]) -> list[list[str]]:
    """The glyphs of ``order`` in ``classes``, classes that share a glyph joined, each in ``order``'s order."""
    parent: dict[str, str] = {}

    def root(glyph: str) -> str:
        while parent.setdefault(glyph, glyph) != glyph:
            parent[glyph] = glyph = parent[parent[glyph]]
        return glyph

    for members in classes:
        members = [m for m in members if m in order]
        for member in members[1:]:
            parent[root(member)] = root(members[0])
    found: dict[str, list[str]] = {}
    for glyph in sorted(parent, key=order.__getitem__):
        found.setdefault(root(glyph), []).append(glyph)
    return list(found.values())


# -- references ---------------------------------------------------------------------


def reference_kerning(reference) -> tuple[dict[Pair, float], float | None, str]:
    """(glyph-pair values, unitsPerEm or None, description) of a reference.

    ``reference`` is a fontParts font (its kerning, groups resolved), a path to a UFO or to
    a compiled font (.otf/.ttf/.woff/.woff2), or a mapping of glyph pairs to values.
    """
    if isinstance(reference, Mapping):
        return {tuple(k): float(v) for k, v in reference.items()}, None, "given values"
    if isinstance(reference, (str, Path)):
        path = Path(reference)
        if path.suffix.lower() == ".ufo":
            from .fontio import open_font

            font = open_font(path)
            values, upm, _ = reference_kerning(font)
            return values, upm, str(path)
        if path.suffix.lower() in (".otf", ".ttf", ".woff", ".woff2"):
            values, _, upm = binary_kerning(path)
            return values, upm, str(path)
        raise FontFileError(f"{path}: give a .ufo or a compiled font (.otf, .ttf, .woff, .woff2) as reference")
    values = resolve_kerning(dict(reference.kerning.items()), dict(reference.groups.items()))
    return values, units_per_em(reference), "the font's kerning"


# -- metrics --------------------------------------------------------------------------


@dataclass(frozen=True)
class Metrics:
    """How close predicted values come to reference values."""

    count: int
    pearson: float | None
    """Pearson's r; None with fewer than two pairs or when either side is constant."""
    mae: float | None
    """Mean absolute error; None without pairs."""
    within: float | None
    """Share of pairs within ±tolerance of the reference."""
    sign_agreement: float | None
    """Share of pairs whose values have the same sign (−, 0 or +; zero is its own sign)."""
    precision: float | None
    """Of the pairs BubbleKern says need kerning (|k| ≥ threshold), the share the reference kerns so."""
    recall: float | None
    """Of the pairs the reference kerns by |k| ≥ threshold, the share BubbleKern does too."""
    baseline_mae: float | None
    """Mean absolute error of no kerning at all (the mean |reference|)."""
    tolerance: float
    threshold: float
    needs_reference: int
    needs_predicted: int

    def to_dict(self) -> dict:
        return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in self.__dict__.items()}


def metrics(predicted: Sequence[float], reference: Sequence[float], upm: float = 1000.0) -> Metrics:
    """:class:`Metrics` of ``predicted`` against ``reference`` (same order) for a font of ``upm``."""
    p = np.asarray(predicted, float)
    r = np.asarray(reference, float)
    if p.shape != r.shape:
        raise ValueError("predicted and reference values differ in length")
    tolerance = TOLERANCE * upm / 1000.0
    threshold = NEEDS_KERNING * upm / 1000.0
    n = len(p)
    need_p = np.abs(p) >= threshold
    need_r = np.abs(r) >= threshold
    hits = int((need_p & need_r).sum())
    if n == 0:
        return Metrics(0, None, None, None, None, None, None, None, tolerance, threshold, 0, 0)
    pearson = None
    if n >= 2 and p.std() > 0 and r.std() > 0:
        pearson = float(np.corrcoef(p, r)[0, 1])
    error = np.abs(p - r)
    return Metrics(
        count=n,
        pearson=pearson,
        mae=float(error.mean()),
        within=float((error <= tolerance + 1e-9).mean()),
        sign_agreement=float((np.sign(p) == np.sign(r)).mean()),
        precision=hits / int(need_p.sum()) if need_p.any() else None,
        recall=hits / int(need_r.sum()) if need_r.any() else None,
        baseline_mae=float(np.abs(r).mean()),
        tolerance=tolerance,
        threshold=threshold,
        needs_reference=int(need_r.sum()),
        needs_predicted=int(need_p.sum()),
    )


# -- evaluation -------------------------------------------------------------------------


@dataclass
class Evaluation:
    """BubbleKern's values beside the reference's, pair by pair, with the metrics."""

    pairs: list[Pair]
    predicted: np.ndarray
    reference: np.ndarray
    upm: float
    metrics: Metrics
    source: str = ""
    without_bubble: list[Pair] = field(default_factory=list)
    not_in_font: list[Pair] = field(default_factory=list)
    unmeasured: list[Pair] = field(default_factory=list)

    def worst(self, count: int = 10) -> list[tuple[Pair, int, int]]:
        """The ``count`` pairs furthest from the reference: (pair, BubbleKern, reference); exact pairs are not listed."""
        error = np.abs(self.predicted - self.reference)
        order = sorted((i for i in range(len(self.pairs)) if error[i] > 0), key=lambda i: (-error[i], i))[:count]
        return [(self.pairs[i], _number(self.predicted[i]), _number(self.reference[i])) for i in order]

    def to_dict(self, worst: int = 10) -> dict:
        return {
            "reference": self.source,
            "metrics": self.metrics.to_dict(),
            "without_bubble": len(self.without_bubble),
            "not_in_font": len(self.not_in_font),
            "unmeasured": len(self.unmeasured),
            "worst": [[a, b, p, r] for (a, b), p, r in self.worst(worst)],
        }

    def format(self, worst: int = 10) -> str:
        """A short human report."""
        m = self.metrics
        lines = [f"compared with {self.source}: {m.count:,} pairs"]
        if m.count:
            lines += [
                f"  Pearson r            {_fmt(m.pearson, '.3f')}",
                f"  mean abs. error      {_fmt(m.mae, '.1f')}   (no kerning at all: {_fmt(m.baseline_mae, '.1f')})",
                f"  within ±{m.tolerance:g}          {_pct(m.within)}",
                f"  same sign            {_pct(m.sign_agreement)}",
                f"  needs kerning (|k| ≥ {m.threshold:g}): precision {_pct(m.precision)}, recall {_pct(m.recall)}"
                f"  ({m.needs_predicted:,} by BubbleKern, {m.needs_reference:,} by the reference)",
            ]
        notes = []
        if self.without_bubble:
            notes.append(f"{len(self.without_bubble):,} without a bubble (counted as 0)")
        if self.not_in_font:
            notes.append(f"{len(self.not_in_font):,} reference pairs with glyphs not in the font left out")
        if self.unmeasured:
            notes.append(f"{len(self.unmeasured):,} pairs HarfBuzz could not set left out")
        if notes:
            lines.append("  " + "; ".join(notes))
        rows = self.worst(worst)
        if rows:
            lines.append("  worst pairs (left right BubbleKern reference):")
            width = max(len(a) for (a, _), _, _ in rows)
            for (a, b), p, r in rows:
                lines.append(f"    {a:<{width}} {b:<12} {p:>6} {r:>6}")
        return "\n".join(lines)


def compare(
    predicted: Mapping[Pair, float],
    reference: Mapping[Pair, float],
    pairs: Iterable[Pair] | None = None,
    upm: float = 1000.0,
    source: str = "",
) -> Evaluation:
    """Compare two value mappings on ``pairs`` (the reference's pairs when None); missing values count as 0."""
    pairs = list(reference) if pairs is None else unique(pairs)
    p = np.array([float(predicted.get(pair, 0)) for pair in pairs])
    r = np.array([float(reference.get(pair, 0)) for pair in pairs])
    return Evaluation(pairs, p, r, upm, metrics(p, r, upm), source)


def evaluate(
    font,
    reference=None,
    pairs: Iterable[Pair] | None = None,
    settings: Settings | None = None,
    *,
    bubbles=None,
) -> Evaluation:
    """Kern ``font``'s pairs from its bubbles and compare the values with ``reference``.

    ``reference`` is None (the font's own kerning), another fontParts font, a path to a
    UFO or a compiled font, or a mapping of glyph pairs to values (see
    :func:`reference_kerning`); values of a reference with another unitsPerEm are scaled
    to the font's. ``pairs`` defaults to the reference's pairs.
    """
    from .bubbles import FontBubbles
    from .kerning import kern_pairs

    upm = units_per_em(font)
    if isinstance(reference, (str, Path)) and Path(reference).suffix.lower() in (".otf", ".ttf", ".woff", ".woff2"):
        values, unmeasured, ref_upm = binary_kerning(reference, pairs)
        source = str(reference)
    else:
        values, ref_upm, source = reference_kerning(font if reference is None else reference)
        unmeasured = []
    if ref_upm and ref_upm != upm:
        values = {k: v * upm / ref_upm for k, v in values.items()}
    known = set(font.keys())
    asked = list(values) if pairs is None else unique(pairs)
    if pairs is not None:
        from .pairs import check_names

        check_names((n for pair in asked for n in pair), known, "pairs")
    unmeasured_set = set(unmeasured)
    chosen = [p for p in asked if p[0] in known and p[1] in known and p not in unmeasured_set]
    not_in_font = [p for p in asked if not (p[0] in known and p[1] in known)]
    if bubbles is None:
        bubbles = FontBubbles(font, settings)
    result = kern_pairs(font, chosen, bubbles=bubbles)
    kept = result.kept
    evaluation = compare(kept, values, chosen, upm, source)
    evaluation.without_bubble = [p for p in chosen if p in result.skipped]
    evaluation.not_in_font = not_in_font
    evaluation.unmeasured = list(unmeasured)
    return evaluation


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(float(value), 2)


def _fmt(value: float | None, spec: str) -> str:
    return "—" if value is None else format(value, spec)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"

