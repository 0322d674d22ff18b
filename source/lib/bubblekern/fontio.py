"""Open UFOs and save them atomically: a font on disk is replaced whole or not at all."""

from __future__ import annotations

import os
import plistlib
import shutil
import uuid
from pathlib import Path

from .errors import FontFileError

__all__ = ["open_font", "save_font", "temporary_sibling"]

PLISTS = ("metainfo.plist", "fontinfo.plist", "groups.plist", "kerning.plist", "lib.plist", "layercontents.plist")


def open_font(path: str | Path):
    """Open a UFO as a fontParts (fontshell) font, reading kerning and groups up front.

    Raises :class:`FontFileError` naming the file and what is wrong with it.
    """
    from fontParts.fontshell import RFont

    path = Path(path)
    if not path.exists():
        raise FontFileError(f"{path}: no such file or folder")
    if not path.is_dir() or not (path / "metainfo.plist").is_file():
        raise FontFileError(f"{path}: not a UFO (a UFO is a folder with a metainfo.plist)")
    for name in PLISTS:  # name the broken file, before ufoLib reads several at once
        part = path / name
        if part.is_file():
            try:
                with part.open("rb") as stream:
                    plistlib.load(stream)
            except Exception as error:
                raise FontFileError(f"{path}: {name} is broken: {error}") from error
    try:
        font = RFont(str(path))
        font.info.unitsPerEm  # noqa: B018  (fontinfo, groups and kerning are validated when read)
        font.groups.keys()
        font.kerning.keys()
    except Exception as error:  # ufoLib raises many kinds; say which file failed
        raise FontFileError(f"{path}: cannot be read as a UFO: {error}") from error
    return font


def temporary_sibling(path: Path) -> Path:
    """A fresh name beside ``path`` for writing before the swap."""
    return path.with_name(f".{path.name}.bubblekern-{uuid.uuid4().hex[:8]}")


def save_font(font, path: str | Path | None = None) -> Path:
    """Save ``font`` to ``path`` (its own path when None), atomically.

    The font is written to a temporary sibling first; only when that succeeded is it
    swapped in place of the old file, which is then removed. On any failure the old
    file is left exactly as it was and the temporary one is removed.
    """
    target = Path(path if path is not None else font.path or "")
    if not str(target):
        raise FontFileError("the font has no path; give one to save it")
    target = target.absolute()
    if not target.parent.is_dir():
        raise FontFileError(f"{target}: the folder {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK):
        raise FontFileError(f"{target}: the folder {target.parent} is not writable")
    temporary = temporary_sibling(target)
    try:
        font.save(str(temporary))
    except BaseException as error:
        shutil.rmtree(temporary, ignore_errors=True)
        if isinstance(error, Exception):
            raise FontFileError(f"{target}: saving failed, the file is unchanged: {error}") from error
        raise
    _swap(temporary, target)
    _point_font_at(font, target)
    return target


def _swap(new: Path, target: Path) -> None:
    if not target.exists():
        os.replace(new, target)
        return
    old = temporary_sibling(target)
    os.replace(target, old)
    try:
        os.replace(new, target)
    except BaseException:
        os.replace(old, target)
        shutil.rmtree(new, ignore_errors=True)
        raise
    if old.is_dir():
        shutil.rmtree(old, ignore_errors=True)
    else:
        old.unlink(missing_ok=True)


def _point_font_at(font, path: Path) -> None:
    """After the swap the font's data lives at ``path``; tell the font object so."""
    naked = font.naked() if hasattr(font, "naked") else font
    try:
        naked.path = str(path)
    except Exception:  # a font object without a settable path keeps the temporary one
        pass
