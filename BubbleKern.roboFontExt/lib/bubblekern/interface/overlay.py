"""What the glyph-editor overlay draws, in the current glyph's coordinates.

- the effective bubble (own contours plus inherited component bubbles) as path commands,
- its bands as rectangles (one per band the bubble reaches, from its left to right extent),
- for a neighbour glyph (left or right of the current one), where it sits once kerned,
  the colliding band across both bubbles and the kern value with its label position.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..bands import BandProfile
from ..bubbles import FontBubbles
from ..direction import glyph_directions, is_rtl_pair
from ..errors import BubbleKernError
from ..geometry import Bubble
from ..kerning import kern_pairs
from ..model import glyph_kinds, stop_raised_rows
from ..pairs import Pair

__all__ = [
    "Rect",
    "path_commands",
    "band_rects",
    "band_quads",
    "quad_commands",
    "Quad",
    "neighbours",
    "PairOverlay",
    "pair_overlay",
    "format_kern",
]

Side = Literal["left", "right"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: lower-left corner and size."""

    x: float
    y: float
    width: float
    height: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.width, self.y + self.height)


def path_commands(bubble: Bubble, dx: float = 0.0) -> list[tuple]:
    """The bubble as pen calls (``("moveTo", pt)``, ``("lineTo", pt)``, ``("curveTo", p1, p2, p3)``,
    ``("closePath",)``), shifted right by ``dx``."""
    commands: list[tuple] = []
    for contour in bubble.contours:
        commands.append(("moveTo", (contour.start[0] + dx, contour.start[1])))
        for segment in contour.segments:
            points = [(x + dx, y) for x, y in segment[1:]]
            commands.append(("lineTo", points[0]) if len(segment) == 2 else ("curveTo", *points))
        commands.append(("closePath",))
    return commands


def draw_commands(commands: Sequence[tuple], pen) -> None:
    """Replay :func:`path_commands` onto a segment pen (a merz path layer's pen)."""
    for name, *args in commands:
        getattr(pen, name)(*args)


def band_rects(profile: BandProfile | None, dx: float = 0.0) -> list[Rect]:
    """One rectangle per band the bubble reaches, spanning its extent in that band.

    The extents are along the bands' slant: for an italic font's profile use
    :func:`band_quads`, which gives the true (slanted) outlines.
    """
    if profile is None:
        return []
    rects = []
    for band, left, right in profile.bands():
        bottom, top = profile.band_range(band)
        rects.append(Rect(left + dx, bottom, right - left, top - bottom))
    return rects


Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


def band_quads(profile: BandProfile | None, dx: float = 0.0) -> list[Quad]:
    """Each band's extent outlined in glyph coordinates: rectangles, or parallelograms along
    the italic angle when the profile is slanted (bottom left, bottom right, top right, top left)."""
    if profile is None:
        return []
    quads = []
    for band, _, _ in profile.bands():
        corners = profile.quad(band)
        quads.append(tuple((x + dx, y) for x, y in corners))
    return quads


def quad_commands(quad: Quad) -> list[tuple]:
    """A quad as closed-polygon pen calls, like :func:`path_commands`."""
    return [("moveTo", quad[0]), *(("lineTo", p) for p in quad[1:]), ("closePath",)]


def neighbours(names: Sequence[str | None], index: int) -> tuple[str | None, str | None]:
    """(left, right) neighbours of position ``index`` in a glyph line (None at either end or for gaps)."""
    if not 0 <= index < len(names):
        return None, None
    left = names[index - 1] if index > 0 else None
    right = names[index + 1] if index + 1 < len(names) else None
    return left, right


def format_kern(value: int) -> str:
    """A kern value as the overlay labels it: signed, with a true minus sign."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


@dataclass(frozen=True)
class PairOverlay:
    """The overlay of the current glyph with one neighbour, in the current glyph's coordinates."""

    pair: Pair
    """The kerning pair, in logical order: a right-to-left pair has the glyph on the right first."""
    side: Side
    """Where the neighbour sits: ``"left"`` or ``"right"`` of the current glyph."""
    value: int
    """The solved kern of the pair (kept or not)."""
    kept: bool
    failsafe: bool
    offset: float
    """x where the neighbour's origin sits once kerned."""
    band: Rect | None
    """The colliding band across both bubbles (None for the fail-safe: no shared band), in the
    bands' own (upright or sheared) space."""
    outline: Quad | None
    """That band's outline in glyph coordinates: ``band`` slanted along the italic angle."""
    label: tuple[float, float]
    """Where the kern value label goes (centre of its baseline)."""
    text: str


def pair_overlay(
    bubbles: FontBubbles,
    current: str,
    neighbour: str,
    side: Side,
    prior=None,
) -> PairOverlay | None:
    """The overlay of ``current`` with ``neighbour`` on ``side``, or None when either has no bubble; with ``prior``
    (the font's reference fonts: :class:`~bubblekern.interface.references.RecordedPrior`) the value is blended as
    the kerning window blends it.

    ``side`` is where the neighbour is seen. Two right-to-left glyphs (Hebrew, Arabic) are read
    the other way: a neighbour seen on the left follows ``current`` in the text, so the pair
    kerned and shown is ``(current, neighbour)``. A pair mixing directions gives None (it is
    never kerned). Bubble errors (a broken component, a bad point) give None as well: the
    overlay must never stop the glyph editor.
    """
    font = bubbles.font
    seen = (neighbour, current) if side == "left" else (current, neighbour)  # left to right on screen
    try:
        directions = glyph_directions(font, set(seen), bubbles.settings.rtl)
        pair = seen[::-1] if is_rtl_pair(directions[seen[0]], directions[seen[1]]) else seen
        result = kern_pairs(font, [pair], bubbles=bubbles, prior=prior)
    except (BubbleKernError, KeyError):
        return None
    if pair not in result.pairs:
        return None
    i = result.pairs.index(pair)
    value = int(result.values[i])
    kept = bool(result.kept_mask[i])
    failsafe = bool(result.failsafe[i])
    left_name, right_name = seen
    left_width = font[left_name].width
    # the right glyph's origin, in the left glyph's coordinates, once kerned
    right_origin = left_width + value
    # everything below is computed in the left glyph's coordinates, then shifted
    shift = 0.0 if side == "right" else -right_origin
    offset = right_origin if side == "right" else -right_origin
    band_rect = outline = None
    top = max(bubbles.bubble(left_name).bounds[3], bubbles.bubble(right_name).bounds[3])
    label_x = right_origin + shift
    label_y = top
    band_index = int(result.bands[i])
    if not failsafe:  # band indices below the baseline are negative
        left_profile = bubbles.profile(left_name)
        right_profile = bubbles.profile(right_name)
        left_extent = left_profile.extent(band_index)
        right_extent = right_profile.extent(band_index)
        bottom, band_top = left_profile.band_range(band_index)
        x0 = left_extent[0]
        x1 = right_extent[1] + right_origin
        band_rect = Rect(x0 + shift, bottom, x1 - x0, band_top - bottom)
        slant = left_profile.slant
        outline = (
            (x0 + shift - bottom * slant, bottom),
            (x1 + shift - bottom * slant, bottom),
            (x1 + shift - band_top * slant, band_top),
            (x0 + shift - band_top * slant, band_top),
        )
        contact = (left_extent[1] + right_extent[0] + right_origin) / 2
        label_x = contact + shift - band_top * slant
        label_y = band_top
    if not math.isfinite(label_y):
        label_y = 0.0
    return PairOverlay(
        pair=pair,
        side=side,
        value=value,
        kept=kept,
        failsafe=failsafe,
        offset=offset,
        band=band_rect,
        outline=outline,
        label=(label_x, label_y),
        text=format_kern(value) + _failsafe_note(bubbles, pair, failsafe) + ("" if kept else " (below min)"),
    )


def _failsafe_note(bubbles: FontBubbles, pair: Pair, failsafe: bool) -> str:
    """What the label says of a pair sharing no band: whose value it has, the fail-safe's or, for a
    raised mark after a low stop, the font's ``Settings.stop_raised`` (the kerning window's Quote After Period), and
    for one before a low stop, its share of it (:data:`bubblekern.model.REVERSED_STOP_SHARE`)."""
    if not failsafe:
        return ""
    settings = bubbles.settings
    if settings.stop_raised is not None and settings.failsafe != "skip":
        stops, raised = stop_raised_rows(bubbles.font, glyph_kinds(bubbles.font, pair), list(pair))
        if stops[0] and raised[1]:
            return " (quote after period)"
        if raised[0] and stops[1]:
            return " (quote before period)"
    return " (fail-safe)"


def built_from(font, name: str, layer: str = "bubble") -> set[str]:
    """``name`` and every glyph its effective bubble is built from: component bases in the
    default layer and in the bubble layer, recursively (cycles and missing bases are skipped)."""
    names = set(font.keys())
    bubble_layer = font.getLayer(layer) if layer in font.layerOrder else None
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen or current not in names:
            continue
        seen.add(current)
        bases = [c.baseGlyph for c in font[current].components]
        if bubble_layer is not None and current in bubble_layer.keys():
            bases += [c.baseGlyph for c in bubble_layer[current].components]
        todo.extend(b for b in bases if b not in seen)
    return seen


__all__ += ["draw_commands", "built_from"]
