"""Overlay colours: RGBA tuples of floats in 0…1, with defaults and checking."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["RGBA", "DEFAULT_COLORS", "LAYER_COLOR", "parse_color", "colors_from_defaults", "with_alpha"]

RGBA = tuple[float, float, float, float]

DEFAULT_COLORS: dict[str, RGBA] = {
    "bubbleFill": (0.20, 0.55, 1.00, 0.18),
    "bubbleStroke": (0.20, 0.55, 1.00, 0.70),
    "bandStroke": (0.20, 0.55, 1.00, 0.35),
    "neighbourFill": (0.55, 0.55, 0.55, 0.15),
    "collisionFill": (1.00, 0.25, 0.10, 0.45),
    "kernText": (0.85, 0.15, 0.05, 1.00),
    "toolPoint": (0.00, 0.35, 0.90, 1.00),
}
"""Colour of each overlay element, by extension-defaults name (``com.bubblekern.color.<name>``)."""

LAYER_COLOR: RGBA = (0.20, 0.55, 1.00, 0.50)
"""Colour given to a newly created bubble layer, distinct from RoboFont's layer defaults."""


def parse_color(value: Any, fallback: RGBA) -> RGBA:
    """``value`` as an RGBA tuple, or ``fallback`` when it is not four numbers in 0…1.

    Three numbers are taken as an opaque colour.
    """
    try:
        numbers = [float(v) for v in value]
    except (TypeError, ValueError):
        return fallback
    if len(numbers) == 3:
        numbers.append(1.0)
    if len(numbers) != 4 or not all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in numbers):
        return fallback
    return tuple(numbers)  # type: ignore[return-value]


def with_alpha(color: RGBA, alpha: float) -> RGBA:
    """``color`` with its alpha replaced."""
    return (color[0], color[1], color[2], max(0.0, min(1.0, float(alpha))))


def colors_from_defaults(get: Callable[[str, Any], Any], prefix: str = "com.bubblekern.color.") -> dict[str, RGBA]:
    """Every overlay colour, read through ``get(key, fallback)`` (``getExtensionDefault``'s shape)."""
    return {name: parse_color(get(prefix + name, default), default) for name, default in DEFAULT_COLORS.items()}


def color_defaults(colors: Mapping[str, RGBA] | None = None, prefix: str = "com.bubblekern.color.") -> dict[str, list]:
    """Extension-defaults entries for ``colors`` (the defaults when None), as plist-friendly lists."""
    colors = DEFAULT_COLORS if colors is None else colors
    return {prefix + name: list(color) for name, color in colors.items()}


__all__ += ["color_defaults"]
