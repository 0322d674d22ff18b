"""A kerning prior: how other fonts kern the same character pairs (``kern --prior``).

A designer starting a family usually owns kerned fonts of others. Their kerning of the same characters is a
second opinion the outlines cannot give (policies such as ``.'`` or ``-T``, the depth of ``To``): a pair's
value becomes ``weight × BubbleKern's + (1 − weight) × the prior``, where the prior is the mean, over the
reference fonts that have both characters, of their kern of the pair (0 where one of them does not kern it).
Pairs the references do not cover (glyphs without a code point, characters they lack) keep BubbleKern's value.

``Settings.prior_weight`` is BubbleKern's share (default 0.6). On the hand-kerned fonts of ``../shared``
(``benchmarks/quality.py --prior-fonts others``: each font's prior from the other families) it raised the mean
Pearson r from 0.75 to 0.81.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import BubbleKernError
from .settings import Settings

__all__ = ["KerningPrior", "PriorFont", "blend_values"]


CharPair = tuple[str, str]


@dataclass(frozen=True)
class PriorFont:
    """One reference font's kerning by character pair, per 1000 units per em, and the characters it has."""

    name: str
    kerning: Mapping[CharPair, float]
    chars: frozenset[str]

    @classmethod
    def read(cls, path: str | Path) -> PriorFont:
        """The font at ``path`` (a UFO: its kerning, groups resolved; a compiled font: measured with HarfBuzz,
        :func:`bubblekern.evaluate.binary_kerning`); a font that cannot be read raises :class:`BubbleKernError`
        naming it."""
        return _read(Path(path))


@dataclass(frozen=True)
class KerningPrior:
    """The reference fonts of a prior (:meth:`from_fonts`)."""

    fonts: tuple[PriorFont, ...]

    @classmethod
    def from_fonts(cls, paths: Iterable[str | Path]) -> KerningPrior:
        """The prior of the fonts at ``paths`` (:meth:`PriorFont.read`)."""
        fonts = tuple(PriorFont.read(path) for path in paths)
        if not fonts:
            raise BubbleKernError("a kerning prior needs at least one reference font")
        return cls(fonts)

    def value(self, first: str, second: str) -> float | None:
        """The prior of a character pair per 1000 em: the mean kern of the fonts that have both characters,
        or None when none has them."""
        found = [f.kerning.get((first, second), 0.0) for f in self.fonts if first in f.chars and second in f.chars]
        return sum(found) / len(found) if found else None

    def glyph_values(self, chars: Sequence[str | None], left: Iterable[int], right: Iterable[int],
                     upm: float) -> list[float | None]:
        """The prior in font units (``upm``) of each pair of rows ``left[i], right[i]``, ``chars`` giving each
        row's character (None: a glyph without a code point, which the prior does not cover)."""
        scale = upm / 1000.0
        memo: dict[tuple[int, int], float | None] = {}
        out = []
        for a, b in zip(left, right):
            key = (int(a), int(b))
            if key not in memo:
                first, second = chars[key[0]], chars[key[1]]
                value = self.value(first, second) if first is not None and second is not None else None
                memo[key] = None if value is None else value * scale
            out.append(memo[key])
        return out


def blend_values(values, kept, priors: Sequence[float | None], left_widths: Sequence[float],
                 right_widths: Sequence[float], settings: Settings):
    """(values, kept) with each pair whose prior (font units) is not None set to ``prior_weight × value +
    (1 − prior_weight) × prior``, rounded and capped as the rules cap every kern (half the narrower advance,
    the positive cap) and kept when it reaches ``min_kern``; copies, of the kernel's column types."""
    values, kept = copy.copy(values), copy.copy(kept)
    weight, step = float(settings.prior_weight), int(settings.rounding)
    for i, prior in enumerate(priors):
        if prior is None:
            continue
        value = weight * float(values[i]) + (1.0 - weight) * prior
        value = math.copysign(math.floor(abs(value) / step + 0.5) * step, value)
        cap = math.floor(max(min(float(left_widths[i]), float(right_widths[i])), 0.0) / 2.0)
        value = max(value, -math.floor(cap / step) * step)
        if settings.positive_cap is not None:
            value = min(value, math.floor(settings.positive_cap / step) * step)
        values[i] = int(value)
        kept[i] = int(value != 0 and abs(value) >= settings.min_kern)
    return values, kept


def _read(path: Path) -> PriorFont:
    from .evaluate import reference_kerning

    if not path.exists():
        raise BubbleKernError(f"{path}: no such reference font for the kerning prior")
    try:
        values, upm, _ = reference_kerning(path)
        glyph_chars = _glyph_chars(path)
    except BubbleKernError as error:
        if path.name in str(error):
            raise
        raise type(error)(f"{path}: {error}") from error
    except Exception as error:  # a reference font the tools cannot read: say which  # noqa: BLE001
        raise BubbleKernError(f"{path}: cannot read it as a reference font for the kerning prior ({error})") from error
    scale = 1000.0 / float(upm or 1000.0)
    kerning: dict[CharPair, float] = {}
    for (a, b), value in values.items():
        for first in glyph_chars.get(a, ()):
            for second in glyph_chars.get(b, ()):
                kerning[(first, second)] = float(value) * scale
    return PriorFont(path.name, kerning, frozenset(c for chars in glyph_chars.values() for c in chars))


def _glyph_chars(path: Path) -> dict[str, list[str]]:
    """Glyph name → the characters it is encoded as."""
    if path.suffix.lower() == ".ufo":
        from .fontio import open_font
        from .glyphsets import unicode_table

        table = unicode_table(open_font(path))
        return {name: [chr(code) for code in codes] for name, codes in table.items()}
    from fontTools.ttLib import TTFont

    found: dict[str, list[str]] = {}
    for code, name in (TTFont(path, lazy=True).getBestCmap() or {}).items():
        found.setdefault(name, []).append(chr(code))
    return found
