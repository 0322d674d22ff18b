"""The "Make Bubbles for Selected Glyphs…" dialog's values → generation keyword arguments."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = ["ADHERE", "OVERWRITE", "CORNER", "generate_options", "selection_or_error", "report_text"]

ADHERE = ("trim", "nudge", "off")
OVERWRITE = ("if-empty", "never", "always")
CORNER = ("round", "miter")


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
