"""BubbleKern: automatic kerning from bubbles drawn around glyphs.

The data flows one way: font → bubbles → bands → solver → kerning::

    from bubblekern import Settings, kern_pairs, apply_kerning
    result = kern_pairs(font, [("A", "V"), ("T", "o")], Settings(band=20))
    apply_kerning(font, result)

The engine is pure Python (fontTools, fontParts; numpy when installed, for speed) and never imports RoboFont.
"""

from __future__ import annotations

from . import _requirements  # noqa: F401  (first: says what to install when numpy/fontTools are missing)
from .bands import BandProfile, band_profile
from .bubbles import FontBubbles, collect_bubble, glyph_order
from .errors import (
    BubbleGeometryError,
    BubbleKernError,
    BubbleLayerError,
    ComponentCycleError,
    ComponentError,
    FontFileError,
    FontInfoError,
    MissingGlyphError,
    PairListError,
)
from .fontio import open_font, save_font
from .geometry import Bubble, Contour
from .kerning import ApplyReport, KernResult, apply_kerning, glyphs_with_bubbles, kern_pairs
from .pairs import all_pairs, cmap_of, pair_grid, pairs_from_text, parse_pair_list, read_pair_list, touching
from .settings import Settings

__version__ = "0.2.0"

# Later stages load on first use, so ``import bubblekern`` stays light and works where an
# optional stage's dependency (skia-pathops, ufo2ft, skia) is missing until it is used.
_LAZY = {
    "GenerateSettings": "generate",
    "make_bubbles": "generate",
    "refresh_bubbles": "generate",
    "delete_bubbles": "generate",
    "bubble_status": "status",
    "KernGroups": "groups",
    "read_groups": "groups",
    "resolve_pair": "groups",
    "compress": "groups",
    "apply_class_kerning": "groups",
    "build_groups": "groups",
    "write_groups": "groups",
    "read_designspace": "masters",
    "kern_masters": "masters",
    "apply_family": "masters",
    "save_fonts": "masters",
    "feature_text": "export",
    "compile_font": "export",
    "kern_table": "kerntable",
    "store_fit": "fit",
}
# (proof, evaluate and fit are modules of the same names: ``from bubblekern.fit import fit``.)


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'bubblekern' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    *_LAZY,
    "ApplyReport",
    "BandProfile",
    "Bubble",
    "BubbleGeometryError",
    "BubbleKernError",
    "BubbleLayerError",
    "ComponentCycleError",
    "ComponentError",
    "Contour",
    "FontBubbles",
    "FontFileError",
    "FontInfoError",
    "KernResult",
    "MissingGlyphError",
    "PairListError",
    "Settings",
    "all_pairs",
    "apply_kerning",
    "band_profile",
    "cmap_of",
    "collect_bubble",
    "glyph_order",
    "glyphs_with_bubbles",
    "kern_pairs",
    "open_font",
    "pair_grid",
    "pairs_from_text",
    "parse_pair_list",
    "read_pair_list",
    "save_font",
    "touching",
]
