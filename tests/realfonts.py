"""Real fonts from ../shared/fonts as fontParts fonts: their TrueType outlines, metrics and HarfBuzz-measured kerning.

The fonts are read in place (never copied); tests using them skip when ../shared is absent.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from fontParts.fontshell import RFont
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from bubblekern.evaluate import binary_kerning

from helpers import SHARED

FONTS = SHARED / "fonts"


def shared_ttfs() -> list[Path]:
    return sorted(FONTS.glob("*.ttf")) if FONTS.is_dir() else []


def needs_shared(name: str = "NotoSans-Regular.ttf") -> Path:
    """The path of a shared font; skips the test when it is absent."""
    path = FONTS / name
    if not path.is_file():
        pytest.skip(f"{path} is absent (../shared is not here)")
    return path


def ttf_font(path: Path, chars: str = "", names: list[str] | None = None) -> RFont:
    """A fontParts font holding ``chars`` (and glyphs ``names``) of a TrueType font, quadratic outlines
    as they are (components decomposed), with advance, Unicode value, unitsPerEm and vertical metrics."""
    tt = TTFont(path)
    cmap = tt.getBestCmap()
    glyphset = tt.getGlyphSet()
    hmtx = tt["hmtx"]
    font = RFont()
    font.info.unitsPerEm = tt["head"].unitsPerEm
    font.info.familyName = tt["name"].getBestFamilyName()
    font.info.styleName = tt["name"].getBestSubFamilyName()
    os2 = tt["OS/2"]
    font.info.capHeight = getattr(os2, "sCapHeight", 0) or 700
    font.info.xHeight = getattr(os2, "sxHeight", 0) or 500
    font.info.ascender, font.info.descender = tt["hhea"].ascent, tt["hhea"].descent
    font.info.italicAngle = float(tt["post"].italicAngle)
    codes = {}
    for code, name in sorted(cmap.items()):
        codes.setdefault(name, code)
    wanted = list(dict.fromkeys([cmap[ord(c)] for c in chars if ord(c) in cmap] + list(names or ())))
    for name in wanted:
        glyph = font.newGlyph(name)
        pen = DecomposingRecordingPen(glyphset)
        glyphset[name].draw(pen)
        pen.replay(glyph.getPen())
        glyph.width = hmtx[name][0]
        if name in codes:
            glyph.unicode = codes[name]
    font.glyphOrder = wanted
    assert not math.isnan(font.info.italicAngle)
    return font


def measured_kerning(path: Path, font, pairs) -> dict:
    """The designer's kerning of ``pairs`` measured with HarfBuzz (kern on minus off), non-zero values only."""
    values, _, _ = binary_kerning(path, pairs)
    return {pair: value for pair, value in values.items() if value and pair[0] in font and pair[1] in font}
