"""The bubble tool: draw and edit bubble contours on the current glyph's bubble layer.

A ``mojo.events.BaseEventTool`` subclass, installed at start-up with ``installTool``
(https://robofont.com/documentation/reference/api/mojo/mojo-events/). What it uses is what
the ezui/merz author's Guide Tool (a public BaseEventTool) uses: ``self.extensionContainer``
for its drawing, ``self.getNSView().inverseScale()`` for sizes in screen pixels,
``extractNSEvent(event)["keyDownWithoutModifiers"]`` and ``super().keyDown(event)`` for keys
it does not handle, ``glyph.prepareUndo``/``performUndo`` around a mouse-down … mouse-up and
``with font.undo(title)`` for a font-level change. The editing itself is
:mod:`bubblekern.interface.pentool`.
"""

from __future__ import annotations

import AppKit
from mojo.events import BaseEventTool, extractNSEvent, postEvent
from mojo.extensions import ExtensionBundle, getExtensionDefault

from bubblekern.interface import defaults, pentool
from bubblekern.interface.colors import LAYER_COLOR, colors_from_defaults, with_alpha
from bubblekern.interface.overlay import draw_commands

from . import DISPLAY_EVENT, EXTENSION_NAME, IDENTIFIER, TOOLBAR_ICON
from .undo import undo_step

__all__ = ["BubbleTool", "bubble_glyph", "existing_bubble_glyph"]

DELETE_KEYS = ("\x7f", "\uf728", "\x08")
ESCAPE_KEY = "\x1b"
CONTAINER = IDENTIFIER + ".tool"
POINT_SIZE = 7
"""Size of the drawn points, in screen pixels (merz symbols keep their size at any zoom)."""

get_default = defaults.plain_reader(getExtensionDefault)


def existing_bubble_glyph(glyph, layer_name: str):
    """The glyph's counterpart in the bubble layer, or None (nothing is created)."""
    font = glyph.font
    if layer_name not in font.layerOrder:
        return None
    layer = font.getLayer(layer_name)
    return layer[glyph.name] if glyph.name in layer.keys() else None


def bubble_glyph(glyph, layer_name: str):
    """The glyph's counterpart in the bubble layer, creating the layer (with its colour) and the
    glyph as one font-level undo step when missing."""
    target = existing_bubble_glyph(glyph, layer_name)
    if target is not None:
        return target
    font = glyph.font
    with undo_step(font, "New Bubble"):
        if layer_name not in font.layerOrder:
            layer = font.newLayer(layer_name)
            layer.color = LAYER_COLOR
        target = font.getLayer(layer_name).newGlyph(glyph.name)
        target.width = glyph.width
    return target


class BubbleTool(BaseEventTool):
    """Click to add points, drag for curves, click the first point (or double-click) to close;
    drag points and handles to edit; Delete removes the selected point, Escape ends the contour.
    Other keys go on to RoboFont."""

    glyph_override = None
    """A glyph to edit instead of the glyph editor's (the self-test's scratch glyph)."""

    # The state starts here, not in setup(): whether BaseEventTool.__init__ calls setup() no author's
    # code shows, and the self-test makes a tool that no glyph editor ever holds.
    state = pentool.EditState()
    _target = None
    _target_key = None
    _written = None
    _adding = False
    _undo_open = False
    _last_point = None
    container = None

    def setup(self):
        self._container()

    def _container(self):
        """The tool's merz container, made on first use; None outside a glyph editor (the self-test)."""
        if self.container is None:
            try:
                self.container = self.extensionContainer(identifier=CONTAINER, location="foreground", clear=True)
            except Exception:  # a tool made outside a glyph editor has no view to draw in
                return None
        return self.container

    # -- toolbar (getToolbarIcon/getToolbarTip, as in BaseEventTool) -------------------

    def getToolbarTip(self):
        return "BubbleKern Bubble Tool"

    def getToolbarIcon(self):
        # mojo.extensions documents ExtensionBundle.getResourceFilePath(name, ext="*"): the path of the
        # resource of that name (resources/toolbarIcon.pdf, the only "toolbarIcon" there); the toolbar
        # takes an NSImage, as Guide Tool's getToolbarIcon returns one
        path = ExtensionBundle(EXTENSION_NAME).getResourceFilePath(TOOLBAR_ICON)
        return AppKit.NSImage.alloc().initWithContentsOfFile_(path)

    # -- state -----------------------------------------------------------------------

    def _glyph(self):
        return self.glyph_override if self.glyph_override is not None else self.getGlyph()

    def _layer_name(self) -> str:
        return defaults.settings_from_defaults(get_default).layer

    def _load(self):
        """Read the current glyph's bubble (creating nothing); False when there is no glyph."""
        glyph = self._glyph()
        if glyph is None or glyph.font is None:
            self._target = None
            return False
        layer = self._layer_name()
        target = existing_bubble_glyph(glyph, layer)
        key = (id(glyph.font.naked()), glyph.name, layer)
        fresh = pentool.from_glyph(target) if target is not None else pentool.EditState()
        if key != self._target_key or fresh != self._written:
            # another glyph, or the bubble changed behind the tool's back (undo, other tools)
            self._target_key = key
            self.state = fresh
            self._written = fresh
        self._target = target
        return True

    def _tolerance(self) -> float:
        view = self.getNSView() if self.glyph_override is None else None
        scale = view.inverseScale() if view is not None else 1.0
        return pentool.font_tolerance(pentool.TOLERANCE, scale)

    def _write(self, title: str):
        """Write the state into the bubble glyph, creating it (and the layer) on the first write."""
        if self.state == self._written:
            return
        created = self._target is None
        if created:
            self._target = bubble_glyph(self._glyph(), self._layer_name())
        self._begin(title)
        target = self._target
        target.clearContours()
        pentool.to_point_pen(self.state, target.getPointPen(), include_open=True)
        target.changed()
        self._written = pentool.from_glyph(target)
        if created:
            postEvent(DISPLAY_EVENT)  # overlays observe the new bubble glyph from now on

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
        self._load()
        self._draw()

    def becomeInactive(self):
        self._end()
        if self.container is not None:
            self.container.clearSublayers()

    def currentGlyphChanged(self):
        self._end()
        self._target_key = None
        self._load()
        self._draw()

    # -- drawing: the contours being edited, nodes, handles, selection -------------------

    def _draw(self):
        container = self._container()
        if container is None:
            return
        container.clearSublayers()
        marks = pentool.marks(self.state)
        color = colors_from_defaults(get_default)["toolPoint"]
        with container.sublayerGroup():
            for commands in marks.paths:
                layer = container.appendPathSublayer(fillColor=None, strokeColor=color, strokeWidth=1)
                draw_commands(commands, layer.getPen())
            for start, end in marks.bars:
                container.appendLineSublayer(startPoint=start, endPoint=end, strokeColor=with_alpha(color, 0.5), strokeWidth=1)
            size = (POINT_SIZE, POINT_SIZE)
            for point in marks.nodes:
                shape = "rectangle" if point == marks.start else "oval"
                container.appendSymbolSublayer(
                    position=point, imageSettings=dict(name=shape, size=size, fillColor=color)
                )
            for point in marks.handles:
                container.appendSymbolSublayer(
                    position=point, imageSettings=dict(name="oval", size=size, fillColor=None, strokeColor=color, strokeWidth=1)
                )
            if marks.selected is not None:
                big = POINT_SIZE + 6
                container.appendSymbolSublayer(
                    position=marks.selected,
                    imageSettings=dict(name="oval", size=(big, big), fillColor=with_alpha(color, 0.3)),
                )

    # -- mouse (mouseDown(point, clickCount), mouseDragged(point, delta), mouseUp(point)) --
    # A drag moves by the points' difference, as Guide Tool measures its drags: what mouseDragged's
    # ``delta`` holds (since the last event or the mouse-down, which way y points) no author's code shows.

    def mouseDown(self, point, clickCount):
        if not self._load():
            return
        xy = (point.x, point.y)
        self._last_point = xy
        if clickCount >= 2:
            self.state = pentool.close(self.state)
            self._adding = False
        else:
            before = self.state
            self.state = pentool.click(self.state, xy, self._tolerance())
            self._adding = len(_nodes(self.state)) > len(_nodes(before))
        self._write("Draw Bubble")
        self._draw()

    def mouseDragged(self, point, delta):
        xy, last = (point.x, point.y), self._last_point
        self._last_point = xy
        if self._glyph() is None or not self.state.contours or last is None:
            return
        if self._adding:
            self.state = pentool.drag_new(self.state, xy)
        else:
            self.state = pentool.move(self.state, xy[0] - last[0], xy[1] - last[1])
        self._write("Draw Bubble")
        self._draw()

    def mouseUp(self, point):
        self._adding = False
        self._last_point = None
        self._end()

    # -- keys ------------------------------------------------------------------------

    def keyDown(self, event):
        pressed = extractNSEvent(event).get("keyDownWithoutModifiers", "")
        if pressed in DELETE_KEYS or pressed == ESCAPE_KEY:
            if self._load():
                new = pentool.delete(self.state) if pressed in DELETE_KEYS else pentool.finish(self.state)
                if new != self.state:
                    self.state = new
                    self._write("Edit Bubble")
                    self._end()
                    self._draw()
                    return
        super().keyDown(event)  # arrows, shortcuts…: RoboFont's own handling


def _nodes(state: pentool.EditState) -> list:
    return [node for contour in state.contours for node in contour.nodes]
