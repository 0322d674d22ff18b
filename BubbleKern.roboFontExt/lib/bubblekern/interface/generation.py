"""The "Make Bubbles for Selected Glyphs…" dialog's values → generation keyword arguments."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "ADHERE",
    "OVERWRITE",
    "CORNER",
    "default_offsets",
    "generate_options",
    "selection_or_error",
    "report_text",
    "pathops_missing",
    "pathops_help",
]

ADHERE = ("trim", "nudge", "off")
OVERWRITE = ("if-empty", "never", "always")
CORNER = ("round", "miter")


def pathops_missing() -> bool:
    """True when skia-pathops (module ``pathops``) cannot be imported: Make Bubbles needs it."""
    try:
        import pathops  # noqa: F401
    except ImportError:
        return True
    return False


def _install_folder(path: Sequence[str]) -> str | None:
    """A folder of ``path`` (``sys.path``) outside the application where packages can go."""
    for folder in path:
        if folder and ".app/" not in folder and folder.rstrip("/").endswith("site-packages"):
            return folder
    return None


def pathops_help(version: Sequence[int], path: Sequence[str]) -> str:
    """What the Make Bubbles dialog says when skia-pathops is missing: what it is and how to
    install it for the Python that runs RoboFont (``version``: ``sys.version_info``,
    ``path``: ``sys.path``). Only Make Bubbles needs it; nothing else does."""
    python = f"python{version[0]}.{version[1]}"
    folder = _install_folder(path)
    where = (
        f'into a folder RoboFont\'s Python already searches:\n\n    {python} -m pip install --target "{folder}" "skia-pathops>=0.8"'
        if folder
        else f'for Python {version[0]}.{version[1]} (the version RoboFont runs), into a folder on its module path:\n\n    {python} -m pip install --target FOLDER "skia-pathops>=0.8"'
    )
    return (
        "Making bubbles needs the Python package skia-pathops (imported as 'pathops'), which RoboFont's "
        f"Python {version[0]}.{version[1]} does not have.\n\n"
        f"Install it from Terminal {where}\n\n"
        "then restart RoboFont. Everything else in BubbleKern (the overlay, the bubble tool, the kerning window, "
        "Delete Bubbles) works without it; bubbles can also be made outside RoboFont with "
        "'bubblekern bubbles --all FONT.ufo' and drawn or edited with the Bubble Tool."
    )


def default_offsets(font=None) -> dict[str, float]:
    """The dialog's starting ``offsetX``/``offsetY``: those ``font`` stores (what its bubbles were last
    made with, so new ones match them), else :class:`~bubblekern.generate.GenerateSettings`' defaults."""
    from ..generate import GenerateSettings, load_generate_settings

    try:
        start = load_generate_settings(font) if font is not None else GenerateSettings()
    except ValueError:  # a stored value it cannot take: Make Bubbles stores the dialog's over it
        start = GenerateSettings()
    return {"offsetX": start.offset_x, "offsetY": start.offset_y}


def generate_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``GenerateSettings`` from the dialog's values.

    ``values`` holds ``offsetX``/``offsetY`` (numbers 0…1000 per 1000 em), ``adhere``,
    ``overwrite`` and ``corner`` (indexes into :data:`ADHERE`, :data:`OVERWRITE`,
    :data:`CORNER`) and ``includeComposites``. Raises ValueError naming the field at fault.
    """
    options: dict[str, Any] = {}
    for field, name in (("offsetX", "offset_x"), ("offsetY", "offset_y")):
        try:
            number = float(values[field])
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{field}: enter a number of units per 1000 em") from None
        if not math.isfinite(number) or not 0 <= number <= 1000:
            raise ValueError(f"{field}: must be a number from 0 to 1000, not {values[field]!r}")
        options[name] = number
    for field, choices in (("adhere", ADHERE), ("overwrite", OVERWRITE), ("corner", CORNER)):
        index = values.get(field, 0)
        if not isinstance(index, int) or not 0 <= index < len(choices):
            raise ValueError(f"{field}: choose one of {', '.join(choices)}")
        options[field] = choices[index]
    options["include_composites"] = bool(values.get("includeComposites", False))
    return options


def selection_or_error(font) -> list[str]:
    """The font's selected glyph names in glyph order; ValueError when nothing is selected."""
    if font is None:
        raise ValueError("open a font first")
    selected = set(font.selectedGlyphNames)
    if not selected:
        raise ValueError("select glyphs in the font window first")
    order = [n for n in font.glyphOrder if n in selected]
    return order + sorted(selected - set(order))


def report_text(report) -> str:
    """A short account of a generation report (``GenerateReport``) for a message box."""
    parts = [f"{len(report.written)} bubble{'s' if len(report.written) != 1 else ''} written"]
    if report.replaced:
        parts.append(f"{len(report.replaced)} replaced")
    if report.unchanged:
        parts.append(f"{len(report.unchanged)} unchanged")
    if report.deleted:
        parts.append(f"{len(report.deleted)} deleted")
    if report.skipped:
        parts.append(f"{len(report.skipped)} skipped: " + ", ".join(sorted(report.skipped)[:10]))
    return "; ".join(parts) + "."
