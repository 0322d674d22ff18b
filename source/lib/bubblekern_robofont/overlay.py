"""The glyph-editor overlay: effective bubble, bands, neighbour collision and kern value.

A ``mojo.subscriber.Subscriber`` registered with ``registerGlyphEditorSubscriber``
(https://robofont.com/documentation/reference/api/mojo/mojo-subscriber/). It draws into a
merz container from ``glyphEditor.extensionContainer(identifier, location="background",
clear=True)`` (https://robofont.com/documentation/topics/merz/ and
https://typesupply.github.io/merz/concepts/hierarchy.html). All geometry comes from
:mod:`bubblekern.interface.overlay`; this module only turns it into sublayers.

RoboFont calls ``adjunctGlyphDidChange`` only for glyphs that existed when
``setAdjunctObjectsToObserve`` was called; a bubble glyph created later (the bubble tool's
first contour, Make Bubbles) is announced by our ``DISPLAY_EVENT``, after which it is observed.
"""

from __future__ import annotations

from mojo.extensions import getExtensionDefault
from mojo.subscriber import Subscriber

from bubblekern.bubbles import FontBubbles
from bubblekern.errors import BubbleKernError
from bubblekern.interface import defaults
from bubblekern.interface.colors import colors_from_defaults
from bubblekern.interface.follow import OutlineFollower
from bubblekern.interface.overlay import (
    band_quads,
    built_from,
    draw_commands,
    pair_overlay,
    path_commands,
    quad_commands,
)
from bubblekern.interface.references import RecordedPrior

from . import DISPLAY_METHOD, IDENTIFIER

__all__ = ["BubbleOverlay", "observed_glyphs"]

CONTAINER = IDENTIFIER + ".overlay"

get_default = defaults.plain_reader(getExtensionDefault)


def observed_glyphs(font, name: str, layer: str, partners) -> list:
    """The glyphs whose changes alter the overlay of ``name``: its bubble glyph, every
    glyph its bubble is built from (in both layers), and the partners with theirs. The
    edited glyph itself is left out: the glyph editor's own events cover it."""
    names = set()
    for n in {name, *[p for p in partners if p]}:
        names |= built_from(font, n, layer)
    glyphs = []
    has_layer = layer in font.layerOrder
    bubble_layer = font.getLayer(layer) if has_layer else None
    for n in sorted(names):
        if n in font and n != name:
            glyphs.append(font[n])
        if bubble_layer is not None and n in bubble_layer:
            glyphs.append(bubble_layer[n])
    return glyphs


class BubbleOverlay(Subscriber):
    """One per glyph editor (``registerGlyphEditorSubscriber(BubbleOverlay)``)."""

    debug = False

    def build(self):
        editor = self.getGlyphEditor()
        self.container = editor.extensionContainer(identifier=CONTAINER, location="background", clear=True)
        self._bubbles: dict[int, FontBubbles] = {}
        self._follower = OutlineFollower()  # bubbles follow sidebearing changes (bubblekern.interface.follow)
        self._prior = RecordedPrior()  # the font's reference fonts, blended in as the kerning window does
        self._follow(watch=True)
        self.update()

    def destroy(self):
        self.container.clearSublayers()

    # -- events (names from the mojo.subscriber glyph editor event list) -------------

    def glyphEditorDidSetGlyph(self, info):
        self._follow(watch=True)
        self.update()

    def glyphEditorGlyphDidChange(self, info):
        self._follow()
        self.update()

    def _glyph(self):
        """The edited glyph as fontParts: a glyph editor's ``getGlyph()`` is RoboFont's own (defcon) glyph, which
        ``asFontParts()`` wraps (as the Subscriber author's Laser Measure and the documentation author's xTools4 do)."""
        glyph = self.getGlyphEditor().getGlyph()
        as_parts = getattr(glyph, "asFontParts", None)
        return as_parts() if as_parts is not None else glyph

    def _follow(self, watch: bool = False) -> None:
        glyph = self._glyph()
        if glyph is None or glyph.font is None or glyph.name not in glyph.font:
            return
        if watch:
            self._follower.watch(glyph.font, glyph.name)
        else:
            self._follower.follow(glyph.font, glyph.name, defaults.settings_from_defaults(get_default).layer)

    def adjunctGlyphDidChange(self, info):
        # glyphs registered with setAdjunctObjectsToObserve: bubble glyphs, component bases, partners
        self.update()

    def bubbleKernDisplayDidChange(self, info):
        self._bubbles.clear()
        self.update()

    # -- drawing ---------------------------------------------------------------------

    def _font_bubbles(self, font) -> FontBubbles:
        # fontParts wrappers are made afresh on every access: key the cache by the naked font
        settings = defaults.with_font_model(defaults.settings_from_defaults(get_default), font)
        key = id(font.naked())
        bubbles = self._bubbles.get(key)
        if bubbles is None or bubbles.settings != settings:
            bubbles = self._bubbles[key] = FontBubbles(font, settings)
        bubbles.font = font
        return bubbles

    def update(self):
        self.container.clearSublayers()
        glyph = self._glyph()
        if glyph is None or not defaults.flag(get_default, "showBubbles"):
            self.clearObservedAdjunctObjects()
            return
        font = glyph.font
        name = glyph.name
        if font is None or name not in font:
            return
        bubbles = self._font_bubbles(font)
        partners = (
            get_default(defaults.key("leftPartner"), ""),
            get_default(defaults.key("rightPartner"), ""),
        )
        self.setAdjunctObjectsToObserve(observed_glyphs(font, name, bubbles.layer_name, partners))
        colors = colors_from_defaults(get_default)
        try:
            bubble = bubbles.bubble(name)
            profile = bubbles.profile(name) if bubble else None
        except BubbleKernError:
            return
        with self.container.sublayerGroup():
            if bubble:
                self._path(path_commands(bubble), colors["bubbleFill"], colors["bubbleStroke"])
            if defaults.flag(get_default, "showBands"):
                for quad in band_quads(profile):  # parallelograms along an italic angle
                    self._path(quad_commands(quad), None, colors["bandStroke"], 0.5)
            if not defaults.flag(get_default, "showCollision") or not bubble:
                return
            for side, partner in (("left", partners[0]), ("right", partners[1])):
                if not partner or partner not in font:
                    continue
                result = pair_overlay(bubbles, name, partner, side, self._prior.get(font))
                if result is None:
                    continue
                self._path(path_commands(bubbles.bubble(partner), result.offset), colors["neighbourFill"], None)
                if result.outline is not None:
                    self._path(quad_commands(result.outline), colors["collisionFill"], None)
                self.container.appendTextLineSublayer(
                    position=result.label,
                    text=result.text,
                    pointSize=12,
                    fillColor=colors["kernText"],
                    horizontalAlignment="center",
                )

    def _path(self, commands, fill, stroke, width=1):
        layer = self.container.appendPathSublayer(
            fillColor=fill,
            strokeColor=stroke,
            strokeWidth=width if stroke else 0,
        )
        pen = layer.getPen()
        draw_commands(commands, pen)
        return layer


assert hasattr(BubbleOverlay, DISPLAY_METHOD)
