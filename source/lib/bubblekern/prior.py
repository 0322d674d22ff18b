"""A kerning prior: how other fonts kern the same character pairs (``kern --prior``).

A designer starting a family usually owns kerned fonts of others. Their kerning of the same characters is a
second opinion the outlines cannot give (policies such as ``.'`` or ``-T``, the depth of ``To``): a pair's
value becomes ``weight × BubbleKern's + (1 − weight) × the prior``, where the prior is the mean, over the
reference fonts that have both characters, of their kern of the pair (0 where one of them does not kern it).
A glyph without a code point is matched by its name in UFO references (``a.ss01``, ``A.sc``, ``f_f``: a master of
the same family names them alike). Pairs the references do not cover keep BubbleKern's value.

``Settings.prior_weight`` is BubbleKern's share (default 0.6). On the hand-kerned fonts of ``../shared``
(``benchmarks/quality.py --prior-fonts others``: each font's prior from the other families) it raised the mean
Pearson r from 0.75 to 0.81.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

from . import kernel
from .errors import BubbleKernError
from .glyphsets import unicode_table
from .settings import Settings, stored_value

__all__ = [
    "PRIOR_KEY",
    "KerningPrior",
    "PriorFont",
    "blend_rows",
    "blend_summary",
    "blend_values",
    "flat_kerning",
    "glyph_keys",
    "record_references",
    "recorded_references",
    "store_prior",
    "stored_prior",
    "stored_weight",
]


CharPair = tuple[str, str]
"""A pair of keys: a glyph's character, or ``/name`` for a glyph without a code point (:func:`glyph_keys`)."""
PRIOR_KEY = "com.bubblekern.prior"
"""``font.lib`` key of the reference fonts ``fit --prior`` fitted with (``{"fonts": [paths]}``, relative to the
font's folder where they can be), which ``kern`` and the RoboFont window then blend in (:func:`stored_prior`)."""


@dataclass(frozen=True)
class PriorFont:
    """One reference font's kerning by character pair (and by ``/name`` for its glyphs without a code point, read
    from a UFO), per 1000 units per em, and the keys it has."""

    name: str
    kerning: Mapping[CharPair, float]
    chars: frozenset[str]
    """The keys it has: its characters, and ``/name`` for each glyph without a code point in a UFO."""
    path: str = ""
    """Where it was read from."""

    @classmethod
    def read(cls, path: str | Path) -> PriorFont:
        """The font at ``path`` (a UFO or UFOZ: its kerning, groups resolved; a compiled font: measured with
        HarfBuzz, :func:`bubblekern.evaluate.binary_kerning`); a font that cannot be read raises
        :class:`BubbleKernError` naming it. A font read before whose files have not changed since is not read
        again (:data:`CACHED_FONTS`)."""
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
        """The prior of a pair of keys (characters, or ``/name``) per 1000 em: the mean kern of the fonts that have
        both, or None when none has them."""
        found = [f.kerning.get((first, second), 0.0) for f in self.fonts if first in f.chars and second in f.chars]
        return sum(found) / len(found) if found else None

    def glyph_values(self, keys: Sequence[str | None], left: Iterable[int], right: Iterable[int],
                     upm: float) -> list[float | None]:
        """The prior in font units (``upm``) of each pair of rows ``left[i], right[i]``, ``keys`` giving each
        row's key (:func:`glyph_keys`; None: a row the prior does not cover)."""
        scale = upm / 1000.0
        memo: dict[tuple[int, int], float | None] = {}
        out = []
        for a, b in zip(left, right):
            rows = (int(a), int(b))
            if rows not in memo:
                first, second = keys[rows[0]], keys[rows[1]]
                value = self.value(first, second) if first is not None and second is not None else None
                memo[rows] = None if value is None else value * scale
            out.append(memo[rows])
        return out


def store_prior(font, prior: KerningPrior | None) -> None:
    """Record ``prior``'s reference fonts in ``font.lib`` (:data:`PRIOR_KEY`), relative to the font's folder where
    they can be; None removes the record."""
    record_references(font, [] if prior is None else [Path(f.path) for f in prior.fonts])


def record_references(font, paths: Sequence[str | Path]) -> None:
    """Record the reference fonts at ``paths`` in ``font.lib`` (:data:`PRIOR_KEY`; each once, in order), relative to
    the font's folder where they can be; no paths removes the record."""
    entries = list(dict.fromkeys(_relative(Path(path), _folder(font)) for path in paths))
    if entries:
        font.lib[PRIOR_KEY] = {"fonts": entries}
    elif PRIOR_KEY in font.lib:
        del font.lib[PRIOR_KEY]


def recorded_references(font) -> list[Path]:
    """The reference fonts ``font.lib`` records (:data:`PRIOR_KEY`), as paths (relative ones taken from the font's
    folder, else the working folder); none when it records none or holds something else."""
    record = font.lib.get(PRIOR_KEY) if PRIOR_KEY in font.lib else None
    entries = record.get("fonts") if isinstance(record, Mapping) else None
    if not isinstance(entries, (list, tuple)):
        return []
    folder = _folder(font) or Path.cwd()
    paths = [Path(str(entry)) for entry in entries if isinstance(entry, str) and entry]
    return [path if path.is_absolute() else folder / path for path in paths]


def stored_weight(font) -> float:
    """BubbleKern's share of a blended pair in ``font``: the ``prior_weight`` its settings store
    (``com.bubblekern.settings``), else the default; a stored value that is not a weight is ignored."""
    value = stored_value(font, "prior_weight")
    return Settings().prior_weight if value is None else value


def stored_prior(font) -> tuple[KerningPrior | None, list[str]]:
    """(the prior of the reference fonts ``font.lib`` records (:func:`recorded_references`) or None, notes): a
    recorded reference that is gone or cannot be read is left out with a note naming it, never an error — a moved
    file must not stop a kerning run."""
    fonts, notes = [], []
    for path in recorded_references(font):
        try:
            fonts.append(PriorFont.read(path))
        except BubbleKernError as error:
            notes.append(f"kerning prior: {error}; kerned without it")
    return (KerningPrior(tuple(fonts)) if fonts else None), notes


def _folder(font) -> Path | None:
    """The folder of ``font``'s file (None for a font never saved): recorded references are relative to it."""
    return Path(font.path).resolve().parent if getattr(font, "path", None) else None


def _relative(path: Path, folder: Path | None) -> str:
    if folder is None:
        return str(path.resolve())
    try:
        return os.path.relpath(path.resolve(), folder)
    except ValueError:  # another drive
        return str(path.resolve())


def blend_values(values, kept, priors: Sequence[float | None], left_widths: Sequence[float],
                 right_widths: Sequence[float], settings: Settings):
    """(values, kept) with each pair whose prior (font units) is not None set to ``prior_weight × value +
    (1 − prior_weight) × prior`` and put through the rules as every kern is (:func:`bubblekern.kernel.kern_values`:
    capped, rounded, kept when it reaches ``min_kern``); copies, of the kernel's column types."""
    values, kept = copy.copy(values), copy.copy(kept)
    at = [i for i, prior in enumerate(priors) if prior is not None]
    if not at:
        return values, kept
    weight = float(settings.prior_weight)
    gaps = [-(weight * float(values[i]) + (1.0 - weight) * priors[i]) for i in at]
    blended, _, held = kernel.kern_values(gaps, [left_widths[i] for i in at], [right_widths[i] for i in at], settings)
    for i, value, keep in zip(at, blended.tolist(), held.tolist()):
        values[i], kept[i] = int(value), int(keep)
    return values, kept


def blend_rows(prior: KerningPrior, font, names: Sequence[str], widths: Sequence[float], left: Sequence[int],
               right: Sequence[int], values, kept, settings: Settings, upm: float):
    """(values, kept, how many pairs ``prior`` covers) of the pairs of rows ``left[i], right[i]`` (rows of
    ``names``, whose advances are ``widths``) blended with ``prior`` (:func:`blend_values`), each glyph known by
    :func:`glyph_keys`: what ``kern_pairs`` and the fit's scoring both do."""
    priors = prior.glyph_values(glyph_keys(font, names), left, right, upm)
    values, kept = blend_values(values, kept, priors, [widths[row] for row in left], [widths[row] for row in right],
                                settings)
    return values, kept, sum(value is not None for value in priors)


def blend_summary(count: int, weight: float) -> str:
    """What a kern's blend with the prior did, said the same way by the command line and the RoboFont window."""
    return f"blended with the reference fonts' kerning: {count:,} pair{'s' if count != 1 else ''} they cover " \
           f"(BubbleKern's share {weight:g})"


def glyph_keys(font, names: Sequence[str]) -> list[str]:
    """Per name, what the prior knows the glyph by: the character of its first code point, else ``/name``."""
    table = unicode_table(font)
    return [chr(table[name][0]) if table.get(name) else "/" + name for name in names]


def _read(path: Path) -> PriorFont:
    signature, key = _signature(path), path.resolve()
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == signature:
        return cached[1]
    font = _read_font(path)
    _CACHE.pop(key, None)  # the newest read last: the oldest goes first
    _CACHE[key] = (signature, font)
    while len(_CACHE) > CACHED_FONTS:
        del _CACHE[next(iter(_CACHE))]
    return font


CACHED_FONTS = 16
"""How many reference fonts :meth:`PriorFont.read` keeps read (the RoboFont window kerns again and again)."""
_CACHE: dict[Path, tuple[tuple, PriorFont]] = {}


def _signature(path: Path) -> tuple:
    """What must stay the same for a reference read before to be used again: every file's size and modification
    time (a UFO is a folder: its glyph files hold the code points)."""
    if not path.exists():
        raise BubbleKernError(f"{path}: no such reference font for the kerning prior")
    try:
        if not path.is_dir():
            stat = path.stat()
            return (stat.st_mtime_ns, stat.st_size)
        files = []
        for folder, _, names in os.walk(path):
            for name in names:
                stat = os.stat(os.path.join(folder, name))
                files.append((os.path.join(folder, name), stat.st_mtime_ns, stat.st_size))
        return tuple(sorted(files))
    except OSError:  # a file went while the folder was walked (being saved): read the font again
        return (object(),)


def _read_font(path: Path) -> PriorFont:
    try:
        values, upm, glyph_chars = _glyph_kerning(path)
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
    return PriorFont(path.name, kerning, frozenset(c for chars in glyph_chars.values() for c in chars), str(path))


UFO_SUFFIXES = (".ufo", ".ufoz")


def _glyph_kerning(path: Path) -> tuple[dict[tuple[str, str], float], float, dict[str, list[str]]]:
    """(glyph-pair kerning, unitsPerEm, glyph name → its keys: the characters it is encoded as, or ``/name`` in a
    UFO) of a reference font, read
    once: a UFO (or UFOZ) with fontTools' ufoLib (no font objects, no numpy: as inside RoboFont); a compiled font
    measured with HarfBuzz (:func:`bubblekern.evaluate.binary_kerning`)."""
    if path.suffix.lower() in UFO_SUFFIXES:
        from fontTools.ufoLib import UFOReader

        with UFOReader(path) as reader:
            info = SimpleNamespace(unitsPerEm=None)
            reader.readInfo(info)
            kerning, groups = reader.readKerning(), reader.readGroups()  # UFO 2 groups come up converted
            codes = reader.getGlyphSet().getUnicodes()
        chars = {name: [chr(code) for code in values] if values else ["/" + name] for name, values in codes.items()}
        return flat_kerning(kerning, groups), float(info.unitsPerEm or 1000.0), chars
    from fontTools.ttLib import TTFont

    from .evaluate import reference_kerning

    values, upm, _ = reference_kerning(path)
    chars: dict[str, list[str]] = {}
    for code, name in (TTFont(path, lazy=True).getBestCmap() or {}).items():
        chars.setdefault(name, []).append(chr(code))
    return values, float(upm or 1000.0), chars


def flat_kerning(kerning: Mapping[tuple[str, str], float], groups: Mapping[str, Sequence[str]]) -> dict[tuple[str, str], float]:
    """The glyph pairs ``kerning`` reaches through its kern groups, each by the UFO 3 lookup order (glyph–glyph,
    glyph–group, group–glyph, group–group): what :func:`bubblekern.groups.resolve_kerning` gives, in plain Python."""
    found: dict[tuple[str, str], tuple[int, float]] = {}
    for (left, right), value in kerning.items():
        first, second = left.startswith("public.kern1."), right.startswith("public.kern2.")
        rank = (2 if first else 0) + (1 if second else 0)
        for a in (groups.get(left, ()) if first else (left,)):
            for b in (groups.get(right, ()) if second else (right,)):
                if (a, b) not in found or rank < found[(a, b)][0]:
                    found[(a, b)] = (rank, float(value))
    return {pair: value for pair, (_, value) in found.items()}
