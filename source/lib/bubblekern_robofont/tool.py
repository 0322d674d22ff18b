"""The bubble tool: draw and edit bubble contours on the current glyph's bubble layer.

A ``mojo.events.BaseEventTool`` subclass, installed at start-up with ``installTool``
(https://robofont.com/documentation/reference/api/mojo/mojo-events/ and the custom tools
page https://robofont.com/documentation/building-tools/api/custom-tools/). The editing
itself is :mod:`bubblekern.interface.pentool`; every mouse-down … mouse-up is one undo
step on the bubble glyph (``prepareUndo``/``performUndo``, as RoboFont's RGlyph offers).
"""

from __future__ import annotations

from mojo.events import BaseEventTool, extractNSEvent
from mojo.extensions import ExtensionBundle, getExtensionDefault

from bubblekern.interface import defaults, pentool
from bubblekern.interface.colors import LAYER_COLOR

from . import EXTENSION_NAME, TOOLBAR_ICON

__all__ = ["BubbleTool", "bubble_glyph"]

DELETE_KEYS = ("\x7f", "\uf728", "\x08")
ESCAPE_KEY = "\x1b"


def bubble_glyph(glyph, layer_name: str):
    """The glyph's counterpart in the bubble layer, creating the layer (with its colour) and the glyph."""
    font = glyph.font
    if layer_name not in font.layerOrder:
        layer = font.newLayer(layer_name)
        layer.color = LAYER_COLOR
    layer = font.getLayer(layer_name)
    if glyph.name in layer.keys():
        target = layer[glyph.name]
    else:
        target = layer.newGlyph(glyph.name)
        target.width = glyph.width
    return target


class BubbleTool(BaseEventTool):
    """Click to add points, drag for curves, click the first point (or double-click) to close;
    drag points and handles to edit; Delete removes the selected point, Escape ends the contour."""

    def setup(self):
        self.state = pentool.EditState()
        self._target = None
        self._target_key = None
        self._written = None
        self._adding = False
        self._undo_open = False

    # -- toolbar (getToolbarIcon/getToolbarTip, as in BaseEventTool) -------------------

    def getToolbarTip(self):
        return "BubbleKern Bubble Tool"

    def getToolbarIcon(self):
        # ExtensionBundle(name).get(resourceName) returns the image in the bundle's resources
        return ExtensionBundle(EXTENSION_NAME).get(TOOLBAR_ICON)

    # -- state -----------------------------------------------------------------------

    def _layer_name(self) -> str:
        return defaults.settings_from_defaults(getExtensionDefault).layer

    def _current_target(self):
        glyph = self.getGlyph()
        if glyph is None or glyph.font is None:
            return None
        target = bubble_glyph(glyph, self._layer_name())
        key = (id(glyph.font.naked()), glyph.name, self._layer_name())
        fresh = pentool.from_glyph(target)
        if key != self._target_key or fresh != self._written:
            # another glyph, or the bubble changed behind the tool's back (undo, other tools)
            self._target_key = key
            self.state = fresh
            self._written = fresh
        self._target = target
        return target

    def _tolerance(self) -> float:
        glyph = self.getGlyph()
        upm = getattr(getattr(getattr(glyph, "font", None), "info", None), "unitsPerEm", None) or 1000
        return pentool.TOLERANCE * upm / 1000

    def _write(self):
        target = self._target
        if target is None:
            return
        target.clearContours()
        pentool.to_point_pen(self.state, target.getPointPen(), include_open=True)
        target.changed()
        self._written = pentool.from_glyph(target)

    def _begin(self, title: str):
        if self._target is not None and not self._undo_open:
            self._target.prepareUndo(title)
            self._undo_open = True

    def _end(self):
        if self._target is not None and self._undo_open:
            self._target.performUndo()
        self._undo_open = False

    def becomeActive(self):
        self._target_key = None

    def becomeInactive(self):
        self._end()

    # -- mouse (mouseDown(point, clickCount), mouseDragged(point, delta), mouseUp(point)) --

    def mouseDown(self, point, clickCount):
        if self._current_target() is None:
            return
        self._begin("Draw Bubble")
        xy = (point.x, point.y)
        if clickCount >= 2:
            self.state = pentool.close(self.state)
            self._adding = False
        else:
            before = self.state
            self.state = pentool.click(self.state, xy, self._tolerance())
            self._adding = len(_nodes(self.state)) > len(_nodes(before))
        self._write()

    def mouseDragged(self, point, delta):
        if self._target is None:
            return
        if self._adding:
            self.state = pentool.drag_new(self.state, (point.x, point.y))
        else:
            self.state = pentool.move(self.state, delta.x, delta.y)
        self._write()

    def mouseUp(self, point):
        self._adding = False
        self._end()

    # -- keys ------------------------------------------------------------------------

    def keyDown(self, event):
        pressed = extractNSEvent(event).get("keyDown", "")
        if pressed not in DELETE_KEYS and pressed != ESCAPE_KEY:
            return
        if self._target is None or self._current_target() is None:
            return
        if pressed in DELETE_KEYS:
            new = pentool.delete(self.state)
        elif pressed == ESCAPE_KEY:
            new = pentool.finish(self.state)
        else:
            return
        if new != self.state:
            self._begin("Edit Bubble")
            self.state = new
            self._write()
            self._end()


def _nodes(state: pentool.EditState) -> list:
    return [node for contour in state.contours for node in contour.nodes]
