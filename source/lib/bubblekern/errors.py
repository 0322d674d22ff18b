"""Exceptions BubbleKern raises. Every message names the glyph, layer, file or line at fault."""

from __future__ import annotations

__all__ = [
    "BubbleKernError",
    "BubbleLayerError",
    "BubbleGeometryError",
    "ComponentError",
    "ComponentCycleError",
    "MissingGlyphError",
    "PairListError",
    "FontFileError",
    "FontInfoError",
    "SettingsError",
    "InputFileError",
    "PairFileError",
    "BubbleKernWarning",
]


class BubbleKernError(Exception):
    """Base class of every error BubbleKern reports to a user."""


class BubbleLayerError(BubbleKernError):
    """The bubble layer is missing or holds nothing usable."""


class BubbleGeometryError(BubbleKernError):
    """A bubble contour cannot be used (NaN or out-of-range coordinates)."""


class ComponentError(BubbleKernError):
    """A component refers to a glyph that is not in the font."""

    def __init__(self, message: str, glyphs: tuple[str, ...] = ()):
        super().__init__(message)
        self.glyphs = glyphs


class ComponentCycleError(ComponentError):
    """Components refer to each other in a loop (A → B → A)."""


class MissingGlyphError(BubbleKernError, KeyError):
    """A glyph name given by the user is not in the font."""

    def __init__(self, names, where: str = ""):
        self.names = tuple(names)
        listed = ", ".join(repr(n) for n in self.names)
        plural = "s" if len(self.names) > 1 else ""
        message = f"glyph{plural} not in the font: {listed}"
        if where:
            message = f"{where}: {message}"
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


class PairListError(BubbleKernError):
    """A pair list or sample text has bad entries; ``problems`` holds (line, message)."""

    def __init__(self, problems: list[tuple[int, str]], source: str = "pair list"):
        self.problems = problems
        self.source = source
        shown = "\n".join(f"  {source}, line {line}: {text}" for line, text in problems[:20])
        more = f"\n  … and {len(problems) - 20} more" if len(problems) > 20 else ""
        count = len(problems)
        super().__init__(f"{count} bad line{'s' if count != 1 else ''} in {source}:\n{shown}{more}")


class FontFileError(BubbleKernError):
    """A font file cannot be read or written."""


class FontInfoError(BubbleKernError):
    """The font's info (unitsPerEm) makes kerning impossible."""


class SettingsError(BubbleKernError, ValueError):
    """A setting is out of range (a band under one font unit, a negative threshold)."""


class InputFileError(BubbleKernError):
    """A file given to BubbleKern (a pair list) cannot be read."""


class PairFileError(InputFileError, PairListError):
    """A pair-list file cannot be read at all (missing, a folder, no permission): no line is at fault."""

    def __init__(self, message: str, source: str):
        self.problems = []
        self.source = source
        BubbleKernError.__init__(self, message)


class BubbleKernWarning(UserWarning):
    """Something odd but usable in the input (duplicate glyph order entries); the run goes on."""
