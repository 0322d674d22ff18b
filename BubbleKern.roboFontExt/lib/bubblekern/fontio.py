"""Open UFOs and save them atomically: a font on disk is replaced whole or not at all."""

from __future__ import annotations

import math
import os
import plistlib
import re
import shutil
import uuid
import warnings
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import unescape
from pathlib import Path

from .bubbles import _naked
from .errors import BubbleKernWarning, ComponentCycleError, FontFileError

__all__ = [
    "open_font",
    "save_font",
    "save_fonts",
    "point_font_at",
    "temporary_sibling",
    "write_atomically",
    "load_components_first",
]

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
    layers = _check_layers(path)
    _check_kerning(path)
    try:
        font = RFont(str(path))
        font.info.unitsPerEm  # noqa: B018  (fontinfo, groups and kerning are validated when read)
        font.groups.keys()
        font.kerning.keys()
    except Exception as error:  # ufoLib raises many kinds; say which file failed
        raise FontFileError(f"{path}: cannot be read as a UFO: {error}") from error
    _dedupe_glyph_order(font, path)
    for name, folder, contents in layers:
        load_components_first(font.getLayer(name), _component_bases(path / folder, contents))
    return font


# -- checks made before ufoLib reads the font: each names the file at fault -----------------


def _load_plist(path: Path, name: str):
    part = path / name
    try:
        with part.open("rb") as stream:
            return plistlib.load(stream)
    except Exception as error:
        raise FontFileError(f"{path}: {name} is broken: {error}") from error


def _check_layers(path: Path) -> list[tuple[str, str, dict[str, str]]]:
    """(layer name, folder, contents) of every glyph layer, every .glif checked to be a file.

    ufoLib reads glyph files only when a glyph is used and then fails with a traceback
    (a non-string in contents.plist, a .glif that is a folder) or leaves defcon's glyph
    half-made (a listed .glif that is missing); checked here, each is one clear error.
    """
    if (path / "layercontents.plist").is_file():
        entries = _load_plist(path, "layercontents.plist")
        if not isinstance(entries, list) or not all(
            isinstance(e, list) and len(e) == 2 and all(isinstance(s, str) and s for s in e) for e in entries
        ):
            raise FontFileError(f"{path}: layercontents.plist is broken: it must list [layer name, folder] pairs")
    else:
        entries = [["public.default", "glyphs"]]
    layers = []
    for index, (layer, folder) in enumerate(entries):
        name = f"{folder}/contents.plist"
        if not (path / name).is_file():
            continue  # ufoLib names a missing layer folder itself
        contents = _load_plist(path, name)
        if not isinstance(contents, dict):
            raise FontFileError(f"{path}: {name} is broken: it must map glyph names to file names")
        try:
            present = {e.name: e.is_file() for e in os.scandir(path / folder)}
        except OSError as error:
            raise FontFileError(f"{path}: the layer folder {folder} cannot be read: {error}") from error
        for glyph, file in contents.items():
            if not isinstance(glyph, str) or not glyph:
                raise FontFileError(f"{path}: {name} is broken: {glyph!r} is not a glyph name")
            if not isinstance(file, str) or not file or "/" in file or "\\" in file:
                raise FontFileError(f"{path}: {name} is broken: glyph {glyph!r} has the file name {file!r}")
            where = f"glyph {glyph!r} in layer {layer!r}"
            if file not in present:
                raise FontFileError(f"{path}: {folder}/{file} is missing ({where} is listed in {name})")
            if not present[file]:
                raise FontFileError(f"{path}: {folder}/{file} ({where}) is a folder, not a glyph file")
        layers.append((layer if index else "public.default", folder, contents))
    return layers


def _check_kerning(path: Path) -> None:
    """Every kerning entry has two names and a finite number; groups sit on their own side."""
    if not (path / "kerning.plist").is_file():
        return
    kerning = _load_plist(path, "kerning.plist")
    meta = _load_plist(path, "metainfo.plist")
    ufo3 = isinstance(meta, dict) and meta.get("formatVersion", 3) == 3
    broken = f"{path}: kerning.plist is broken"
    if not isinstance(kerning, dict):
        raise FontFileError(f"{broken}: it must map first glyphs to {{second glyph: value}}")
    for left, row in kerning.items():
        if not isinstance(left, str) or not left:
            raise FontFileError(f"{broken}: the first name of a pair is empty ({left!r})")
        if ufo3 and left.startswith("public.kern2."):
            raise FontFileError(f"{broken}: {left!r} is a right-side (kern2) group, used as the first of a pair")
        if not isinstance(row, dict):
            raise FontFileError(f"{broken}: the pairs of {left!r} must be a dictionary, not {type(row).__name__}")
        for right, value in row.items():
            if not isinstance(right, str) or not right:
                raise FontFileError(f"{broken}: the second name of a pair of {left!r} is empty ({right!r})")
            if ufo3 and right.startswith("public.kern1."):
                raise FontFileError(
                    f"{broken}: {right!r} is a left-side (kern1) group, used as the second of a pair with {left!r}"
                )
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise FontFileError(f"{broken}: the pair {left!r} {right!r} has the value {value!r}, not a number")


def _dedupe_glyph_order(font, path: Path) -> None:
    """Drop repeated names from ``public.glyphOrder`` (common in real UFOs), with a warning."""
    order = font.lib.get("public.glyphOrder")
    if not isinstance(order, list):
        return
    unique = list(dict.fromkeys(order))
    if len(unique) == len(order):
        return
    repeated = list(dict.fromkeys(n for i, n in enumerate(order) if n in order[:i]))
    shown = ", ".join(repr(n) for n in repeated[:10]) + (f" and {len(repeated) - 10} more" if len(repeated) > 10 else "")
    warnings.warn(
        f"{path.name}: public.glyphOrder lists {shown} more than once; the first place counts",
        BubbleKernWarning,
        stacklevel=3,
    )
    naked = _naked(font)
    naked.glyphOrder = unique


# -- composites nested deep: load their bases first -------------------------------------

_COMPONENT = re.compile(rb"<component\b[^>]*?\bbase\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")

DEEP = 16
"""Component chains deeper than this are loaded base first (defcon loads a base glyph from
inside its composite's load, a dozen Python frames per level: 150 levels overflowed the stack)."""


def _component_bases(folder: Path, contents: Mapping[str, str]) -> dict[str, list[str]]:
    """glyph → the base glyph names of its components, read straight from the .glif files."""
    bases: dict[str, list[str]] = {}
    for glyph, file in contents.items():
        try:
            data = (folder / file).read_bytes()
        except OSError:
            continue
        if b"<component" in data:
            bases[glyph] = [unescape((m[0] or m[1]).decode("utf-8", "replace")) for m in _COMPONENT.findall(data)]
    return bases


def load_components_first(layer, bases: Mapping[str, Iterable[str]]) -> None:
    """Load ``layer``'s composites nested deeper than :data:`DEEP` bottom-up, bases first.

    ``bases`` maps glyph → component base names (from the files). Nothing is done for
    usual fonts; a chain thousands deep is loaded one level at a time, without recursion.
    A component loop longer than :data:`DEEP` cannot be loaded at all and is an error.
    """
    depth = _depths(bases)
    if not depth or max(depth.values()) <= DEEP:
        return
    naked = layer.naked() if hasattr(layer, "naked") else layer
    for name in sorted((n for n, d in depth.items() if d > 0), key=depth.__getitem__):
        if name in naked:
            naked[name]  # noqa: B018  (loads it; its bases are loaded already)


def _depths(bases: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """Length of the longest component chain below each composite, found without recursion."""
    depth: dict[str, int] = {}
    on_path: dict[str, int] = {}
    for root in bases:
        if root in depth:
            continue
        path = [root]
        stack = [iter(bases.get(root, ()))]
        on_path[root] = 0
        while stack:
            child = next(stack[-1], None)
            if child is None:
                node = path.pop()
                stack.pop()
                del on_path[node]
                depth[node] = 1 + max((depth.get(b, 0) for b in bases.get(node, ()) if b not in on_path), default=0)
                continue
            if child in on_path:
                loop = path[on_path[child]:] + [child]
                if len(loop) > DEEP:
                    raise ComponentCycleError(
                        f"component cycle of {len(loop) - 1} glyphs: {' → '.join(loop[:6])} … → {child}",
                        tuple(loop),
                    )
                continue
            if child in depth or child not in bases:
                continue
            on_path[child] = len(path)
            path.append(child)
            stack.append(iter(bases[child]))
    return depth


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
    sources = [getattr(_naked(font), "path", None) for font, _ in items]
    written: list[tuple[Path, Path]] = []
    try:
        for (font, _), target in zip(items, targets):
            temporary = temporary_sibling(target)
            written.append((temporary, target))
            _save_to(font, target, temporary)
    except BaseException as error:
        for font, _ in items[: len(written)]:  # its layers read from the copy or from the old file: both there
            _load_every_glyph(font)
        _whole_next_time(font for font, _ in items)
        for temporary, _ in written:
            _remove(temporary)
        _back_to(items, sources)
        if isinstance(error, Exception):
            raise FontFileError(f"{written[-1][1]}: saving failed, {unchanged}: {error}") from error
        raise
    swapped: list[tuple[Path, Path | None]] = []
    moved_in = 0  # how many of the written copies are at their target
    try:
        for temporary, target in written:
            old = temporary_sibling(target) if target.exists() else None
            if old is not None:
                os.replace(target, old)
            swapped.append((target, old))
            os.replace(temporary, target)
            moved_in += 1
    except BaseException as error:
        for index, ((font, _), (_, target)) in enumerate(zip(items, written)):
            if index < moved_in:  # its copy was moved in: read it there before it is taken out again
                point_font_at(font, target)
            _load_every_glyph(font)
        for target, old in reversed(swapped):
            if old is not None and old.exists():
                if target.exists():
                    _remove(target)
                os.replace(old, target)
        for temporary, _ in written:
            _remove(temporary)
        _whole_next_time(font for font, _ in items)
        _back_to(items, sources)
        if isinstance(error, Exception):
            raise FontFileError(f"swapping the saved fonts in failed, {unchanged}: {error}") from error
        raise
    for _, old in swapped:
        if old is not None:
            _remove(old)
    for (font, _), target in zip(items, targets):
        point_font_at(font, target)
    return targets


_SAVED_WHOLE: weakref.WeakSet = weakref.WeakSet()
"""Fonts whose last save failed: some of their glyphs were written (and so are no longer
marked changed) to a copy that was thrown away, so their next save writes every glyph."""


def _save_to(font, target: Path, temporary: Path) -> None:
    """Write ``font`` for ``target`` into ``temporary``.

    A font read from ``target`` (a UFO folder) is saved as an edit of a copy of it: the folder is
    copied and defcon saves in place into the copy, writing only what changed. Glyph files the run
    did not touch stay byte for byte as they were (a clean diff under version control), and a
    3,000-glyph font is not written anew for the few hundred bubbles a run made. The glyphs it has
    not loaded stay unloaded: once the copy is swapped in, :func:`point_font_at` has defcon read
    them from there (after a failed save, :func:`save_fonts` loads them first). Any other font
    (a new file, another path, an object that is not defcon's) is written whole.
    """
    naked = _naked(font)
    version = None
    if _needs_ufo3(naked):
        extra = [repr(name) for name in naked.layers.layerOrder if name != naked.layers.defaultLayer.name]
        lost = f"layer {extra[0]}" if len(extra) == 1 else f"layers {', '.join(extra)}"
        warnings.warn(
            f"{target.name} is saved as UFO 3 (it was UFO 2): a UFO 2 holds one glyph layer, so its {lost} "
            "would be lost",
            BubbleKernWarning,
            stacklevel=4,
        )
        version = 3
    source = getattr(naked, "path", None)
    if (
        version is not None
        or not source
        or naked in _SAVED_WHOLE
        or not target.is_dir()
        or not (target / "metainfo.plist").is_file()
        or Path(source).resolve() != target.resolve()
        or not hasattr(naked, "layers")
    ):
        font.save(str(temporary), **({} if version is None else {"formatVersion": version}))
        _SAVED_WHOLE.discard(naked)
        return
    if _reopen(naked) is None:  # it cannot be pointed at the swapped-in copy (see point_font_at): no glyph
        _load_every_glyph(font)  # is left to be read from the copy later, as after a whole save
    shutil.copytree(target, temporary, symlinks=True)
    naked.path = str(temporary)  # after a failure, save_fonts points it back at its source (_back_to)
    font.save(str(temporary))


def _needs_ufo3(naked) -> bool:
    """True for a font read from a UFO 2 that now has layers besides the default one: a UFO 2 file
    holds one glyph set, so saving it as it was read would drop the bubble layer without a word."""
    version = getattr(naked, "ufoFormatVersionTuple", None)
    layers = getattr(naked, "layers", None)
    return version is not None and version[0] < 3 and layers is not None and len(layers.layerOrder) > 1


def _whole_next_time(fonts: Iterable) -> None:
    for font in fonts:
        naked = _naked(font)
        try:
            _SAVED_WHOLE.add(naked)
        except TypeError:  # not weakly referable: its saves are whole anyway
            pass


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def point_font_at(font, path: Path) -> None:
    """After the swap the font's data lives at ``path``; tell the font object so, and have a defcon font
    read the glyphs it has not loaded from there (:func:`_reopen`)."""
    naked = _naked(font)
    try:
        naked.path = str(path)
    except Exception:  # a font object without a settable path keeps the temporary one
        return
    reopen = _reopen(naked)
    if reopen is not None:
        try:
            reopen()
        except Exception as error:  # noqa: BLE001  (the save itself is done)
            warnings.warn(f"{path.name}: saved, but its glyphs not loaded yet cannot be read from there: {error}",
                          BubbleKernWarning, stacklevel=3)


def _reopen(naked) -> Callable[[], None] | None:
    """What opens a defcon font's glyph sets again at its path: the layer set's ``_fontSaveWasCompleted``,
    which defcon itself runs after every save (its reader and glyph sets then read from the saved file);
    None for another font object."""
    reopen = getattr(getattr(naked, "layers", None), "_fontSaveWasCompleted", None)
    return reopen if callable(reopen) else None


def _load_every_glyph(font) -> None:
    """Have defcon load every glyph of every layer, from wherever its layers read now: after a failed save,
    nothing is left to be read from a copy that is thrown away (the old file holds what the font read,
    but not the layers it made since)."""
    for layer in getattr(_naked(font), "layers", ()):
        for name in list(layer.keys()):
            try:
                layer[name]
            except Exception:  # noqa: BLE001  (a broken file stays broken; the save's own error is the one to tell)
                pass


def _back_to(items: Sequence[tuple[object, str | Path]], sources: Sequence[str | None]) -> None:
    """After a failed save (every glyph loaded), each font's path is where it was read from again."""
    for (font, _), source in zip(items, sources):
        if source is not None:
            try:
                _naked(font).path = source
            except Exception:  # noqa: BLE001  (a path that cannot be set, or a file gone since)
                pass
