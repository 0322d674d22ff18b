"""Open UFOs and save them atomically: a font on disk is replaced whole or not at all."""

from __future__ import annotations

import os
import plistlib
import shutil
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from .errors import FontFileError

__all__ = ["open_font", "save_font", "save_fonts", "point_font_at", "temporary_sibling", "write_atomically"]

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


def write_atomically(path: str | Path, write: Callable[[Path], object]) -> Path:
    """Write one file: ``write(temporary)`` fills a temporary sibling, renamed to ``path`` when done."""
    target = Path(path).absolute()
    if not target.parent.is_dir():
        raise FontFileError(f"{target}: the folder {target.parent} does not exist")
    temporary = temporary_sibling(target)
    try:
        write(temporary)
        os.replace(temporary, target)
    except Exception as error:
        _remove(temporary)
        raise FontFileError(f"{target}: writing failed, nothing was written: {error}") from error
    return target


def save_font(font, path: str | Path | None = None) -> Path:
    """Save ``font`` to ``path`` (its own path when None), atomically.

    The font is written to a temporary sibling first; only when that succeeded is it
    swapped in place of the old file, which is then removed. On any failure the old
    file is left exactly as it was and the temporary one is removed.
    """
    target = path if path is not None else font.path
    if not target:
        raise FontFileError("the font has no path; give one to save it")
    return save_fonts([(font, target)])[0]


def save_fonts(items: Sequence[tuple[object, str | Path]]) -> list[Path]:
    """Save every ``(font, path)`` or none: all are written to temporary siblings first,
    then swapped in; a failure anywhere leaves every old file as it was."""
    targets = [Path(p).absolute() for _, p in items]
    unchanged = "the file is unchanged" if len(targets) == 1 else "no font was changed"
    for target in targets:
        if not target.parent.is_dir():
            raise FontFileError(f"{target}: the folder {target.parent} does not exist; {unchanged}")
        if not os.access(target.parent, os.W_OK):
            raise FontFileError(f"{target}: the folder {target.parent} is not writable; {unchanged}")
    if len(set(targets)) != len(targets):
        raise FontFileError(f"two fonts would be saved to the same path; {unchanged}")
    written: list[tuple[Path, Path]] = []
    try:
        for (font, _), target in zip(items, targets):
            temporary = temporary_sibling(target)
            written.append((temporary, target))
            font.save(str(temporary))
    except BaseException as error:
        for temporary, _ in written:
            _remove(temporary)
        if isinstance(error, Exception):
            raise FontFileError(f"{written[-1][1]}: saving failed, {unchanged}: {error}") from error
        raise
    swapped: list[tuple[Path, Path | None]] = []
    try:
        for temporary, target in written:
            old = temporary_sibling(target) if target.exists() else None
            if old is not None:
                os.replace(target, old)
            swapped.append((target, old))
            os.replace(temporary, target)
    except BaseException as error:
        for target, old in reversed(swapped):
            if old is not None and old.exists():
                if target.exists():
                    _remove(target)
                os.replace(old, target)
        for temporary, _ in written:
            _remove(temporary)
        if isinstance(error, Exception):
            raise FontFileError(f"swapping the saved fonts in failed, {unchanged}: {error}") from error
        raise
    for _, old in swapped:
        if old is not None:
            _remove(old)
    for (font, _), target in zip(items, targets):
        point_font_at(font, target)
    return targets


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def point_font_at(font, path: Path) -> None:
    """After the swap the font's data lives at ``path``; tell the font object so."""
    naked = font.naked() if hasattr(font, "naked") else font
    try:
        naked.path = str(path)
    except Exception:  # a font object without a settable path keeps the temporary one
        pass
