""".glyphs input: build UFO masters with glyphsLib, keeping the bubble layers.

glyphsLib turns a Glyphs layer that is neither a master layer nor a brace/bracket layer
into a UFO layer named after it in its master's UFO — but only when it builds full
(``minimal=False``) UFOs; minimal UFOs drop such layers. So the fonts are built full:
a Glyphs layer named ``bubble`` becomes the UFO layer ``bubble``. Brace layers become
sparse layer sources, which are skipped with a note. Writing back a .glyphs file is out
of scope: the kerned masters are written as UFOs.
"""

from __future__ import annotations

from pathlib import Path

from .errors import FontFileError
from .masters import Master

__all__ = ["read_glyphs", "output_paths"]


def read_glyphs(path: str | Path, layer: str = "bubble") -> tuple[object, list[Master], list[str]]:
    """(designspace document, masters as fontParts fonts, notes) of a .glyphs file.

    A file glyphsLib cannot read or convert raises :class:`FontFileError` naming it.
    """
    from fontParts.fontshell import RFont

    try:
        import defcon
        import glyphsLib
    except ImportError as error:
        raise FontFileError(f"{path}: reading .glyphs files needs glyphsLib ({error}); "
                            "install it with: pip install glyphsLib") from error

    path = Path(path)
    if not path.is_file():
        raise FontFileError(f"{path}: no such file")
    try:
        gsfont = glyphsLib.GSFont(str(path))
    except Exception as error:  # glyphsLib's parser raises many kinds
        raise FontFileError(f"{path}: cannot be read as a Glyphs file: {error}") from error
    try:
        doc = glyphsLib.to_designspace(gsfont, minimal=False, ufo_module=defcon)
    except Exception as error:
        raise FontFileError(f"{path}: glyphsLib cannot convert it to UFOs: {error}") from error
    notes: list[str] = []
    masters: list[Master] = []
    for source in doc.sources:
        if source.layerName:
            notes.append(f"{path.name}: {source.name or source.layerName!r} is a brace (sparse layer) "
                         "source; skipped")
            continue
        font = RFont(source.font)
        renamed = sorted(n for n in font.layerOrder if n.startswith(f"{layer} #"))
        if renamed:
            notes.append(
                f"{path.name}, master {source.name!r}: glyphs with two layers named {layer!r} in one master; "
                f"the extra ones became {', '.join(renamed)} and are not read as bubbles"
            )
        masters.append(Master(source.name or source.filename, font, None, source))
    if not masters:
        raise FontFileError(f"{path}: no masters to kern")
    return doc, masters, notes


def output_paths(doc, masters: list[Master], output: str | Path) -> tuple[list[Path], Path | None]:
    """Where the kerned masters go: ``output`` itself when it is a .ufo (one master only), else
    UFOs inside folder ``output`` plus a designspace there (returned second)."""
    output = Path(output)
    if output.suffix.lower() == ".ufo":
        if len(masters) != 1:
            raise FontFileError(
                f"{output}: the Glyphs file has {len(masters)} masters; give a folder as --output, not a .ufo"
            )
        return [output], None
    if output.exists() and not output.is_dir():
        raise FontFileError(f"{output}: not a folder")
    names = [Path(m.source.filename or f"{m.name}.ufo").name for m in masters]
    family = (doc.sources[0].familyName or "Font").replace(" ", "") if doc.sources else "Font"
    return [output / n for n in names], output / f"{family}.designspace"
