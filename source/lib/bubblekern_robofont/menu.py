"""What the Extensions > BubbleKern menu items do (each ``menu_*.py`` script calls one function).

Only Make Bubbles needs skia-pathops (``bubblekern.generate`` imports without it); when it
is missing, Make Bubbles says so and how to install it, and nothing else changes.
"""

from __future__ import annotations

import sys

import ezui
from mojo.events import postEvent
from mojo.extensions import getExtensionDefault, setExtensionDefault
from mojo.roboFont import CurrentFont, OpenWindow
from mojo.UI import Message

from bubblekern.errors import BubbleKernError
from bubblekern.interface import defaults
from bubblekern.interface.generation import (
    default_offsets,
    generate_options,
    pathops_help,
    pathops_missing,
    report_text,
    selection_or_error,
)

from . import DISPLAY_EVENT

__all__ = ["open_kerning_window", "make_bubbles_dialog", "delete_selected_bubbles", "toggle_bubbles", "run_self_test"]

get_default = defaults.plain_reader(getExtensionDefault)


def open_kerning_window():
    """Kerning Window…"""
    from .window import KerningWindowController

    OpenWindow(KerningWindowController)  # mojo.roboFont.OpenWindow opens one window per controller class


def toggle_bubbles():
    """Show/Hide Bubbles: flip the overlay default and tell every glyph editor to redraw."""
    shown = defaults.flag(get_default, "showBubbles")
    setExtensionDefault(defaults.key("showBubbles"), not shown)
    postEvent(DISPLAY_EVENT)  # the overlays redraw, an open kerning window ticks its checkbox


def pathops_message() -> str:
    """What Make Bubbles says when skia-pathops is missing, for the Python running RoboFont."""
    return pathops_help(sys.version_info, sys.path)


def delete_selected_bubbles(font=None):
    """Delete Bubbles of Selected Glyphs (needs no skia-pathops)."""
    from bubblekern.generate import delete_bubbles

    font = font if font is not None else CurrentFont()
    try:
        names = selection_or_error(font)
    except ValueError as error:
        return Message("BubbleKern", informativeText=str(error))
    layer = defaults.settings_from_defaults(get_default).layer
    try:
        report = delete_bubbles(font, names, layer=layer)
    except BubbleKernError as error:
        return Message("BubbleKern", informativeText=str(error))
    postEvent(DISPLAY_EVENT)
    Message("BubbleKern", informativeText=report_text(report))


GENERATE_CONTENT = """
* TwoColumnForm @form
> : Horizontal Offset:
> [_ _] @offsetX
> : Vertical Offset:
> [_ _] @offsetY
> : Sidebearings:
> (Trim at sidebearings ...) @adhere
> : Existing Bubbles:
> (Replace empty bubble glyphs only ...) @overwrite
> : Corners:
> (Round ...) @corner
> : Composites:
> [ ] Generate for composites too @includeComposites
---
( Make Bubbles ) @makeButton
"""


class MakeBubblesController(ezui.WindowController):
    """Make Bubbles for Selected Glyphs…; ``font`` fixes the font (else ``CurrentFont()``)."""

    def build(self, font=None):
        self.fixed_font = font
        offsets = default_offsets(font if font is not None else CurrentFont())
        self.w = ezui.EZWindow(
            title="Make Bubbles",
            content=GENERATE_CONTENT,
            descriptionData=dict(
                offsetX=dict(valueType="float", value=offsets["offsetX"]),
                offsetY=dict(valueType="float", value=offsets["offsetY"]),
                adhere=dict(items=["Trim at sidebearings", "Nudge onto sidebearings", "Ignore sidebearings"]),
                overwrite=dict(items=["Replace empty bubble glyphs only", "Never replace", "Always replace"]),
                corner=dict(items=["Round", "Mitred"]),
            ),
            controller=self,
        )

    def started(self):
        self.w.open()

    def offsetXCallback(self, sender):
        pass  # every value is read when Make Bubbles is pressed

    offsetYCallback = adhereCallback = overwriteCallback = cornerCallback = includeCompositesCallback = offsetXCallback

    def makeButtonCallback(self, sender):
        if pathops_missing():
            return Message("BubbleKern: skia-pathops is missing", informativeText=pathops_message())
        from bubblekern.generate import GenerateSettings, make_bubbles

        font = self.fixed_font if self.fixed_font is not None else CurrentFont()
        layer = defaults.settings_from_defaults(get_default).layer
        try:
            names = selection_or_error(font)
            settings = GenerateSettings(layer=layer, **generate_options(self.w.getItemValues()))
            report = make_bubbles(font, names, settings)
        except ValueError as error:  # GenerateSettingsError is a ValueError too
            return Message("BubbleKern", informativeText=str(error))
        except BubbleKernError as error:
            return Message("BubbleKern", informativeText=str(error))
        postEvent(DISPLAY_EVENT)
        self.w.close()
        Message("BubbleKern", informativeText=report_text(report))


def make_bubbles_dialog():
    """Make Bubbles for Selected Glyphs…: the dialog, or what to install when skia-pathops is missing."""
    if pathops_missing():
        return Message("BubbleKern: skia-pathops is missing", informativeText=pathops_message())
    OpenWindow(MakeBubblesController)


def run_self_test():
    """Run Self-Test: see :mod:`bubblekern_robofont.selftest`."""
    from .selftest import run

    return run()
