"""Which pairs a kerning-window button solves, from the tab the user is on.

The window has four pair sources (builder rows, flat pair-list text, sample text, the
letter pairs of common words in some languages) and
two buttons: "Kern All Pairs" solves the source's pairs, "Kern Pairs with Selected Glyphs"
only those touching the font's selection. An empty source means every pair of glyphs
that have a bubble.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..bubbles import FontBubbles
from ..direction import glyph_directions
from ..errors import BubbleKernError
from ..pairs import Pair, cmap_of, pairs_from_text, parse_pair_list
from .pairbuilder import BuilderRow, rows_pairs, split_names
from .rekern import selected_pairs

__all__ = ["SOURCES", "Request", "NothingToKernError", "request_pairs", "source_tab", "words_status"]

Source = Literal["builder", "text", "sample", "words"]
SOURCES: tuple[Source, ...] = ("builder", "text", "sample", "words")
"""Pair sources in the order of the window's tabs."""


def source_tab(selected, last: int) -> int:
    """The pair source a kerning run takes: the tab ``selected`` now (what the window's Tabs item gives) when
    it is a pair-source tab, else ``last``, the source tab shown before (on the Settings tab, or when the
    Tabs item gives no index)."""
    if isinstance(selected, int) and not isinstance(selected, bool) and 0 <= selected < len(SOURCES):
        return selected
    return last


class NothingToKernError(BubbleKernError):
    """The request gives no pair to solve (an empty selection, or no glyph with a bubble)."""


@dataclass
class Request:
    """What the window asks for, read from its controls."""

    source: Source = "builder"
    rows: Sequence[BuilderRow] = ()
    text: str = ""
    sample: str = ""
    words: str = ""
    """Language codes (``"en, he"``) whose common words give the pairs (:mod:`bubblekern.words`)."""
    words_top: int | None = None
    """Only the most frequent pairs of the words, this many (None or 0: all)."""
    words_cases: Sequence[str] = ("lower", "title")
    selected_only: bool = False
    selection: Collection[str] = field(default_factory=tuple)
    groups_mode: str = "glyphs"


def _is_empty(request: Request) -> bool:
    if request.source == "builder":
        return not any(split_names(r.left) or split_names(r.right) for r in request.rows)
    if request.source == "text":
        return not any(line.split("#", 1)[0].strip() for line in request.text.splitlines())
    if request.source == "words":
        return not request.words.strip()
    return not request.sample.strip()


def _word_pairs(request: Request, font) -> list[Pair]:
    from ..words import pairs_from_words

    pairs = pairs_from_words(request.words, cmap_of(font), top=request.words_top or None, cases=request.words_cases)
    if not pairs:
        raise NothingToKernError(f"no letter pair of the {request.words.strip()} words has both glyphs in the font")
    return pairs


def words_status(languages: str, font, top: int | None = None, cases: Sequence[str] = ("lower", "title")) -> str:
    """The words tab's status line: how many pairs the languages give, or what is wrong."""
    if not languages.strip():
        return "No languages: all pairs of glyphs with bubbles."
    try:
        pairs = _word_pairs(Request(source="words", words=languages, words_top=top, words_cases=cases), font)
    except BubbleKernError as error:
        return str(error)
    return f"{len(pairs)} pairs, most frequent first: " + " ".join(f"{a}/{b}" for a, b in pairs[:5])


def _default_pairs(font, bubbles: FontBubbles) -> list[Pair]:
    """What "Kern All Pairs" kerns: the CLI's default set (:mod:`bubblekern.glyphsets`), in a
    font with kern groups only where its groups and kerning reach, in one with a finished kerning and no
    groups where its entries reach."""
    from ..glyphsets import (
        default_candidates,
        default_pair_list,
        designer_sides,
        has_kern_groups,
        wants_lowercase_capital,
    )

    groups = dict(font.groups.items())
    sides = designer_sides(groups if has_kern_groups(groups) else None, font.kerning.keys())
    marks = bubbles.settings.include_marks
    return default_pair_list(font, bubbles.kernable_glyphs(default_candidates(font, marks)), marks, sides,
                             wants_lowercase_capital(font, bubbles.settings.lowercase_capital))


def request_pairs(request: Request, bubbles: FontBubbles) -> list[Pair]:
    """The pairs ``request`` solves.

    Bad builder rows, pair-list lines or sample characters raise
    :class:`~bubblekern.errors.PairListError` (every problem, numbered); an empty
    result raises :class:`NothingToKernError` saying why.
    """
    font = bubbles.font
    known = set(font.keys())
    groups: Mapping[str, Sequence[str]] | None = dict(font.groups.items()) if request.groups_mode == "groups" else None
    if _is_empty(request):
        pairs = _default_pairs(font, bubbles)
        if not pairs:
            from ..glyphsets import default_candidates, monospaced_reason

            marks = bubbles.settings.include_marks
            reason = monospaced_reason(font, bubbles.kernable_glyphs(default_candidates(font, marks)), marks)
            if reason:
                raise NothingToKernError(f"{reason}; give pairs (the pair builder, a pair list or a sample text) to "
                                         "kern some anyway")
            raise NothingToKernError(
                f"no glyph has a bubble in layer {bubbles.layer_name!r}: draw bubbles or make them first"
            )
    elif request.source == "builder":
        pairs = rows_pairs(request.rows, known, groups)
    elif request.source == "text":
        pairs = parse_pair_list(request.text, known, groups)
    elif request.source == "words":
        pairs = _word_pairs(request, font)
    else:
        pairs = pairs_from_text(request.sample, cmap_of(font), known, glyph_directions(font, rtl=bubbles.settings.rtl))
    if request.selected_only:
        selection = [n for n in request.selection if n in known]
        if not selection:
            raise NothingToKernError("no glyph is selected in the font window")
        pairs = selected_pairs(pairs, selection)
        if not pairs:
            raise NothingToKernError("none of the pairs has a selected glyph on either side")
    return pairs
