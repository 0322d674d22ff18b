"""Glyphs read straight from their GLIF files, for reading only, where defcon has not loaded them.

Loading a glyph into defcon builds a notifying object for it and reads its file twice (once to
stamp the data on disk); reading it with fontTools' ``glifLib`` into a plain record takes about a
third of that (Noto Sans's 3,317 glyphs and 1,819 bubbles: 3.3 s → 1.1 s). Within
:func:`files_read_once` (a whole-font run: the command line, :func:`~bubblekern.kerning.kern_pairs`)
every reader of a defcon layer backed by files gets one shared :class:`ReadLayer`: it hands out
defcon's own object for every glyph defcon has loaded (a glyph open in an editor, changed or added
in memory, is read as it is now) and reads every other glyph from its file once, without loading
it. Outside the block, and for a layer that is not a defcon layer with a glyph set behind it,
readers get the layer itself. A file in a folder on disk is opened directly rather than through the
glyph set's file system (:func:`read_glyph`: 1.2 s → 0.9 s for Noto Sans's two layers); a UFOZ is
read through it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple

from fontTools.pens.pointPen import AbstractPointPen, PointToSegmentPen
from fontTools.ufoLib import glifLib

__all__ = ["ReadComponent", "ReadGlyph", "ReadLayer", "files_read_once", "read_layer"]


class ReadComponent(NamedTuple):
    """A component as defcon's reads: its base glyph and its transformation."""

    baseGlyph: str
    transformation: tuple[float, ...]
    identifier: str | None = None


class ReadGlyph:
    """One glyph's data as ``glifLib`` reads it: what defcon's glyph gives a reader, nothing to edit.

    ``drawPoints`` draws as defcon's glyph does: the contours, then the components.
    """

    __slots__ = ("name", "width", "height", "unicodes", "lib", "note", "anchors", "guidelines", "image",
                 "_contours", "components")

    def __init__(self, name: str):
        self.name = name
        self.width = self.height = 0
        self.unicodes: list[int] = []
        self.lib: dict[str, Any] = {}
        self.note = self.image = None
        self.anchors: list = []
        self.guidelines: list = []
        self._contours: list[tuple[str | None, list[tuple]]] = []
        self.components: list[ReadComponent] = []

    def drawPoints(self, pen: AbstractPointPen) -> None:
        for identifier, points in self._contours:
            pen.beginPath(identifier=identifier)
            for pt, segment_type, smooth, name, point_identifier in points:
                pen.addPoint(pt, segmentType=segment_type, smooth=smooth, name=name, identifier=point_identifier)
            pen.endPath()
        for component in self.components:
            pen.addComponent(component.baseGlyph, component.transformation, identifier=component.identifier)

    def draw(self, pen) -> None:
        self.drawPoints(PointToSegmentPen(pen))

    def __len__(self) -> int:
        """The number of contours, as ``len`` of a defcon glyph."""
        return len(self._contours)


class _Reader(AbstractPointPen):
    """Fills a :class:`ReadGlyph` from ``glifLib``'s point pen calls."""

    def __init__(self, glyph: ReadGlyph):
        self.glyph = glyph
        self.points: list[tuple] | None = None

    def beginPath(self, identifier=None, **kwargs):
        self.points = []
        self.glyph._contours.append((identifier, self.points))

    def endPath(self):
        self.points = None

    def addPoint(self, pt, segmentType=None, smooth=False, name=None, identifier=None, **kwargs):
        self.points.append((tuple(pt), segmentType, smooth, name, identifier))

    def addComponent(self, baseGlyphName, transformation, identifier=None, **kwargs):
        self.glyph.components.append(ReadComponent(baseGlyphName, tuple(transformation), identifier))


def read_glyph(glyph_set, name: str, folder: str | None = None) -> ReadGlyph:
    """Glyph ``name`` of a ``glifLib`` glyph set, read as defcon reads it (the glyph set's validation).

    With ``folder`` (the glyph set's folder on disk, :func:`glyph_folder`) the file is opened directly
    and parsed with ``glifLib.readGlyphFromString`` under the glyph set's GLIF versions: the glyph
    set's file system resolves and checks every path, which cost a third of the reading. A file that
    cannot be opened or parsed so is read again through the glyph set, for its own error.
    """
    glyph = ReadGlyph(name)
    versions = getattr(glyph_set, "ufoFormatVersionTuple", None) if hasattr(glifLib, "GLIFFormatVersion") else None
    if folder is not None and versions is not None:
        try:
            with open(os.path.join(folder, glyph_set.contents[name]), "rb") as file:
                data = file.read()
            glifLib.readGlyphFromString(data, glyph, _Reader(glyph),
                                        formatVersions=glifLib.GLIFFormatVersion.supported_versions(versions),
                                        validate=getattr(glyph_set, "_validateRead", True))
            return glyph
        except (OSError, glifLib.GlifLibError):
            glyph = ReadGlyph(name)
    glyph_set.readGlyph(name, glyph, _Reader(glyph))
    return glyph


def glyph_folder(glyph_set) -> str | None:
    """The folder on disk of a ``glifLib`` glyph set's files, or None (a UFOZ, a file system in memory)."""
    try:
        folder = glyph_set.fs.getsyspath("")
    except Exception:  # noqa: BLE001  (fontTools' own file systems or pyfilesystem2's: NoSysPath)
        return None
    return folder if isinstance(folder, str) and os.path.isdir(folder) else None


class ReadLayer:
    """A defcon layer, read: ``layer[name]`` is defcon's glyph where defcon has loaded it, else the
    glyph read from its file (once); names, membership and order are the layer's own."""

    def __init__(self, layer):
        self.layer = layer
        self._loaded: dict = layer._glyphs
        self._glyph_set = layer._glyphSet
        self._folder = glyph_folder(self._glyph_set)
        self._read: dict[str, ReadGlyph] = {}

    def __getitem__(self, name: str):
        if name in self._loaded or name not in self.layer:  # defcon's glyph, or defcon's KeyError
            return self.layer[name]
        found = self._read.get(name)
        if found is None:
            found = self._read[name] = read_glyph(self._glyph_set, name, self._folder)
        return found

    def __contains__(self, name) -> bool:
        return name in self.layer

    def __iter__(self) -> Iterator:
        return (self[name] for name in self.layer.keys())

    def __len__(self) -> int:
        return len(self.layer)

    def keys(self):
        return self.layer.keys()


def _backed_by_files(layer) -> bool:
    """A defcon layer whose glyphs not loaded yet are in a glyph set's files."""
    return isinstance(getattr(layer, "_glyphs", None), dict) and hasattr(getattr(layer, "_glyphSet", None), "readGlyph")


_SHARED: ContextVar[dict[int, ReadLayer] | None] = ContextVar("bubblekern_read_layers", default=None)


@contextmanager
def files_read_once():
    """A block in which each glyph defcon has not loaded is read from its file once, for every reader
    (:func:`read_layer`); nested blocks share the outer one. Glyphs edited, added or deleted through
    defcon inside the block are read as they are; a file changed on disk by another program is not
    read again until the block ends."""
    if _SHARED.get() is not None:
        yield
        return
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def read_layer(layer):
    """The layer to read ``layer``'s glyphs from: within :func:`files_read_once`, the block's
    :class:`ReadLayer` of a defcon layer backed by files; else ``layer`` itself."""
    shared = _SHARED.get()
    if shared is None or layer is None or not _backed_by_files(layer):
        return layer
    found = shared.get(id(layer))
    if found is None or found.layer is not layer:
        found = shared[id(layer)] = ReadLayer(layer)
    return found
