"""What the Extensions > BubbleKern menu items do (each ``menu_*.py`` script calls one function).

The generation functions come from :mod:`bubblekern.generate`, imported inside the
actions so that this module imports without it.
"""

from __future__ import annotations

import ezui
from mojo.events import postEvent
from mojo.extensions import getExtensionDefault, setExtensionDefault
from mojo.roboFont import CurrentFont, OpenWindow
from mojo.UI import Message

from bubblekern.errors import BubbleKernError
from bubblekern.interface import defaults
from bubblekern.interface.generation import generate_options, report_text, selection_or_error

from . import DISPLAY_EVENT

__all__ = ["open_kerning_window", "make_bubbles_dialog", "delete_selected_bubbles", "toggle_bubbles"]


def open_kerning_window():
    """Kerning Window…"""
    from .window import KerningWindowController

    OpenWindow(KerningWindowController)  # mojo.roboFont.OpenWindow opens one window per controller class


def toggle_bubbles():
    """Show/Hide Bubbles: flip the overlay default and tell every glyph editor to redraw."""
    shown = defaults.flag(getExtensionDefault, "showBubbles")
    setExtensionDefault(defaults.key("showBubbles"), not shown)
    postEvent(DISPLAY_EVENT)


PATHOPS_MISSING = (
    "Making bubbles needs skia-pathops, which is not installed for RoboFont's Python. "
    "Install skia-pathops>=0.8 (the extension's requirements.txt lists it) and restart RoboFont."
)


def delete_selected_bubbles():
    """Delete Bubbles of Selected Glyphs."""
    try:
        from bubblekern.generate import delete_bubbles
    except ImportError:
        return Message("BubbleKern", informativeText=PATHOPS_MISSING)

    font = CurrentFont()
    try:
        names = selection_or_error(font)
    except ValueError as error:
        return Message("BubbleKern", informativeText=str(error))
    layer = defaults.settings_from_defaults(getExtensionDefault).layer
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
> ( ...) @adhere
> : Existing Bubbles:
> ( ...) @overwrite
> : Corners:
> ( ...) @corner
> : Composites:
> [ ] Generate for composites too @includeComposites
---
( Make Bubbles ) @makeButton
"""


class MakeBubblesController(ezui.WindowController):
    """Make Bubbles for Selected Glyphs…"""

    def build(self):
        self.w = ezui.EZWindow(
            title="Make Bubbles",
            content=GENERATE_CONTENT,
            descriptionData=dict(
                offsetX=dict(valueType="float", value=60),
                offsetY=dict(valueType="float", value=60),
                adhere=dict(items=["Trim at sidebearings", "Nudge onto sidebearings", "Ignore sidebearings"]),
                overwrite=dict(items=["Replace empty bubble glyphs only", "Never replace", "Always replace"]),
                corner=dict(items=["Round", "Mitred"]),
            ),
            controller=self,
        )

    def started(self):
        self.w.open()

    def makeButtonCallback(self, sender):
        try:
            from bubblekern.generate import GenerateSettings, make_bubbles
        except ImportError:
            return Message("BubbleKern", informativeText=PATHOPS_MISSING)

        font = CurrentFont()
        layer = defaults.settings_from_defaults(getExtensionDefault).layer
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
    OpenWindow(MakeBubblesController)
