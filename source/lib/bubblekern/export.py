"""OpenType output of a font's kerning, through ufo2ft.

- :func:`feature_text`: the ``kern`` feature as feature-file text, written by ufo2ft's
  ``KernFeatureWriter`` (groups become glyph classes, exceptions come first).
- :func:`compile_font`: an OTF or TTF compiled by ufo2ft from the default layer only (the
  bubble layer never reaches the binary), with the GPOS kern feature, a legacy ``kern``
  table as well, or the ``kern`` table instead.

Functions take a fontParts font (its ``naked()`` defcon font is what ufo2ft compiles),
or a defcon / ufoLib2 font directly.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Literal

from .errors import BubbleKernError, BubbleKernWarning
from .fontio import write_atomically
from .kerntable import MAX_PAIRS, font_kern_table

__all__ = [
    "ExportError",
    "feature_text",
    "compile_font",
    "compile_variable",
    "own_kern_feature",
    "write_binary",
    "write_text",
    "ufo_of",
    "glyphslib_filters",
    "KERN_MODES",
]

KernMode = Literal["gpos", "both", "table"]
KERN_MODES = ("gpos", "both", "table")
"""gpos: the GPOS kern feature; both: that and a kern table; table: a kern table instead."""


class ExportError(BubbleKernError):
    """ufo2ft cannot build the feature or the font."""


def _require(module: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ExportError(f"OpenType output needs ufo2ft ({error}); install it with: pip install ufo2ft") from error


def ufo_of(font):
    """The defcon/ufoLib2 object ufo2ft works on (a fontParts font's ``naked()``)."""
    return font.naked() if hasattr(font, "naked") else font


def feature_text(font) -> str:
    """The kern feature of ``font``'s kerning as feature-file text (empty when it has none).

    Only the generated kerning is returned, not the font's own features.fea.
    """
    from fontTools.feaLib import ast

    KernFeatureWriter = _require("ufo2ft.featureWriters.kernFeatureWriter").KernFeatureWriter
    ufo = ufo_of(font)
    fea = ast.FeatureFile()
    try:
        KernFeatureWriter().write(ufo, fea)
    except Exception as error:
        raise ExportError(f"{_name(ufo)}: ufo2ft could not write the kern feature: {error}") from error
    return fea.asFea()


def own_kern_feature(font) -> bool:
    """True when ``font``'s features.fea has a ``kern`` feature of its own with no ``# Automatic Code``
    comment in it: ufo2ft then keeps that feature and leaves the font's kerning out of GPOS.

    Decided as ufo2ft's kern feature writer decides it (``BaseFeatureWriter.setContext``), on the
    parsed features; a features.fea that does not mention a kern feature is not parsed."""
    ufo = ufo_of(font)
    text = getattr(getattr(ufo, "features", None), "text", None) or ""
    if not re.search(r"\bfeature\s+kern\b", text):
        return False
    parse = _require("ufo2ft.featureCompiler").parseLayoutFeatures
    BaseFeatureWriter = _require("ufo2ft.featureWriters.baseFeatureWriter").BaseFeatureWriter
    KernFeatureWriter = _require("ufo2ft.featureWriters.kernFeatureWriter").KernFeatureWriter
    try:
        fea = parse(ufo)
    except Exception:  # noqa: BLE001  (the compile itself names what is wrong with features.fea)
        return False
    writer = KernFeatureWriter()
    BaseFeatureWriter.setContext(writer, ufo, fea)  # the base's: which features are left to write
    return "kern" not in writer.context.todo


FILTERS_KEY = "com.github.googlei18n.ufo2ft.filters"
"""The lib key listing the filters ufo2ft runs on a font's glyphs before compiling it."""


def glyphslib_filters(font) -> list[str]:
    """The glyphsLib filters ``font``'s lib asks ufo2ft to run (``cornerComponents``,
    ``eraseOpenCorners``: glyphsLib lists them in the UFOs it makes of a .glyphs file)."""
    filters = ufo_of(font).lib.get(FILTERS_KEY) or []
    return [str(f.get("name")) for f in filters
            if isinstance(f, dict) and str(f.get("namespace", "")).split(".")[0] == "glyphsLib"]


def _for_glyphslib_filters(ufo):
    """``ufo``, or a ufoLib2 copy of it when its lib lists glyphsLib filters and it is not one.

    glyphsLib's filters are written for ufoLib2 objects: ``cornerComponents`` reads a point's
    ``type``, which defcon calls ``segmentType``, so a defcon font with corner components does
    not compile. The copy holds what ufo2ft reads (info, groups, kerning, lib, features and the
    default layer), written by ufoLib as defcon writes a UFO and read back by ufoLib2; ``ufo``
    itself is left as it was.
    """
    names = glyphslib_filters(ufo)
    if not names or type(ufo).__module__.split(".")[0] == "ufoLib2":
        return ufo
    try:
        import ufoLib2
    except ImportError as error:
        raise ExportError(f"{_name(ufo)}: its lib asks ufo2ft for glyphsLib's filters ({', '.join(names)}), "
                          "which work on ufoLib2 fonts; install it with: pip install ufoLib2") from error
    import tempfile

    from fontTools.ufoLib import UFOWriter

    with tempfile.TemporaryDirectory(prefix="bubblekern-export-") as folder:
        path = Path(folder) / "font.ufo"
        writer = UFOWriter(str(path), formatVersion=3)
        writer.writeInfo(ufo.info)
        writer.writeGroups({name: list(members) for name, members in ufo.groups.items()})
        writer.writeKerning(dict(ufo.kerning.items()))
        writer.writeLib(dict(ufo.lib.items()))
        writer.writeFeatures(ufo.features.text or "")
        glyphs = writer.getGlyphSet()
        for glyph in ufo:
            glyphs.writeGlyph(glyph.name, glyph, glyph.drawPoints)
        glyphs.writeContents()
        writer.writeLayerContents()
        writer.close()
        return ufoLib2.Font.open(path, lazy=False)


def _name(ufo) -> str:
    return str(getattr(ufo, "path", None) or "the font")


def compile_font(
    font,
    path: str | Path | None = None,
    format: Literal["otf", "ttf"] = "otf",
    kern: KernMode = "gpos",
    *,
    max_pairs: int = MAX_PAIRS,
    optimize: bool = False,
    **options,
):
    """Compile ``font`` with ufo2ft (``compileOTF``/``compileTTF``) and return the TTFont.

    ``kern`` chooses the GPOS kern feature, both it and a legacy kern table, or only the
    table (the kern feature writer is then left out). With ``path`` the binary is also
    written there, atomically. ``options`` go to ufo2ft.
    """
    ufo2ft = _require("ufo2ft")
    FeatureCompiler = _require("ufo2ft.featureCompiler").FeatureCompiler
    KernFeatureWriter = _require("ufo2ft.featureWriters.kernFeatureWriter").KernFeatureWriter
    PostProcessor = _require("ufo2ft.postProcessor").PostProcessor

    if format not in ("otf", "ttf"):
        raise ValueError(f"format must be 'otf' or 'ttf', not {format!r}")
    if kern not in KERN_MODES:
        raise ValueError(f"kern must be one of {', '.join(KERN_MODES)}, not {kern!r}")
    ufo = ufo_of(font)
    if kern == "table":
        options.setdefault(
            "featureWriters", [w for w in FeatureCompiler.defaultFeatureWriters if w is not KernFeatureWriter]
        )
    if kern in ("both", "table"):
        class KernTablePostProcessor(PostProcessor):
            """Adds the kern table before glyphs get their production names."""

            def process(self, *args, **kwargs):
                table = font_kern_table(self.ufo, self.otf.getGlyphOrder(), max_pairs)
                if table is not None:
                    self.otf["kern"] = table
                return super().process(*args, **kwargs)

        options["postProcessorClass"] = KernTablePostProcessor
    if format == "otf":
        options.setdefault("optimizeCFF", 1 if optimize else 0)
    options.setdefault("layerName", None)  # the default layer; the bubble layer stays out
    if kern != "table" and len(ufo.kerning) and own_kern_feature(ufo):
        table = "; the kern table holds it" if kern == "both" else ""
        warnings.warn(
            f"{Path(_name(ufo)).name}: its features.fea has a kern feature of its own, with no '# Automatic Code' "
            f"comment: ufo2ft keeps that feature, so the GPOS kern feature is not the font's kerning "
            f"({len(ufo.kerning):,} entries){table}. Add the comment where the kerning goes in it, or remove it",
            BubbleKernWarning,
            stacklevel=2,
        )
    compile_ = ufo2ft.compileOTF if format == "otf" else ufo2ft.compileTTF
    try:
        ttfont = compile_(_for_glyphslib_filters(ufo), **options)
    except BubbleKernError:
        raise
    except Exception as error:
        raise ExportError(f"{_name(ufo)}: ufo2ft could not compile it: {error}") from error
    if path is not None:
        write_binary(ttfont, path)
    return ttfont


def compile_variable(
    designspace: str | Path,
    path: str | Path | None = None,
    format: Literal["otf", "ttf"] = "ttf",
    **options,
):
    """Compile a designspace's masters into a variable font with ufo2ft (``compileVariableTTF``, or
    ``compileVariableCFF2`` for ``"otf"``) and return the TTFont; with ``path`` also write it there, atomically.

    Each master's kerning becomes the variable GPOS kern feature: compatible kerning (``kern`` on a designspace
    writes it) interpolates between the masters. Only the masters' default layers are compiled; the bubble layer
    stays out. A legacy kern table cannot vary, so there is none."""
    ufo2ft = _require("ufo2ft")
    from .masters import read_designspace

    if format not in ("otf", "ttf"):
        raise ValueError(f"format must be 'otf' or 'ttf', not {format!r}")
    doc, masters, _ = read_designspace(designspace)  # every source UFO there, with a clear message if not
    opened = {Path(m.path).resolve(): ufo_of(m.font) for m in masters}

    def open_source(path: str, **_):
        """A source's font: its master's, read once (a sparse layer source is a layer of a master's UFO)."""
        import defcon

        return opened.get(Path(path).resolve()) or defcon.Font(path)

    doc.loadSourceFonts(open_source)
    for source in doc.sources:
        ufo = source.font
        if source.layerName is None and len(ufo.kerning) and own_kern_feature(ufo):
            warnings.warn(
                f"{Path(source.path).name}: its features.fea has a kern feature of its own, with no '# Automatic Code' "
                "comment: ufo2ft keeps that feature, so the variable font's kern feature is not the masters' kerning",
                BubbleKernWarning,
                stacklevel=2,
            )
    compile_ = ufo2ft.compileVariableCFF2 if format == "otf" else ufo2ft.compileVariableTTF
    try:
        ttfont = compile_(doc, **options)
    except BubbleKernError:
        raise
    except Exception as error:
        raise ExportError(f"{designspace}: ufo2ft could not compile a variable font of it: {error}") from error
    if path is not None:
        write_binary(ttfont, path)
    return ttfont


def write_binary(ttfont, path: str | Path) -> Path:
    """Save ``ttfont`` to ``path`` atomically (a temporary sibling, then a rename)."""
    return write_atomically(path, lambda temporary: ttfont.save(str(temporary)))


def write_text(text: str, path: str | Path) -> Path:
    """Write ``text`` to ``path`` atomically."""
    return write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))
