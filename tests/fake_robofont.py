"""Stand-ins for RoboFont's modules (mojo, merz, ezui) so the UI layer can run in tests.

Only RoboFont is faked: fonts are real fontshell fonts. Every fake records the calls the
UI makes, so tests check what would be drawn, registered or written.
"""

from __future__ import annotations

import re
import sys
import types
from contextlib import contextmanager

from fontTools.pens.recordingPen import RecordingPen

BLOCKED = ("mojo", "merz", "ezui", "vanilla", "AppKit", "Foundation", "objc")


class Recorder:
    def __init__(self):
        self.calls: list[tuple] = []
        self.defaults: dict = {}
        self.current_font = None
        self.opened: list = []


# -- merz -------------------------------------------------------------------------------


class FakeLayer:
    def __init__(self, kind: str, **properties):
        self.kind = kind
        self.properties = properties
        self.pen = RecordingPen()

    def getPen(self):
        return self.pen


class FakeContainer:
    def __init__(self, identifier, location, clear):
        self.identifier, self.location, self.clear = identifier, location, clear
        self.sublayers: list[FakeLayer] = []
        self.groups = 0

    def _append(self, kind, properties):
        layer = FakeLayer(kind, **properties)
        self.sublayers.append(layer)
        return layer

    def appendPathSublayer(self, **properties):
        return self._append("path", properties)

    def appendRectangleSublayer(self, **properties):
        return self._append("rectangle", properties)

    def appendTextLineSublayer(self, **properties):
        return self._append("text", properties)

    def clearSublayers(self):
        self.sublayers = []

    @contextmanager
    def sublayerGroup(self):
        self.groups += 1
        yield

    def of(self, kind):
        return [layer for layer in self.sublayers if layer.kind == kind]


class FakeGlyphEditor:
    def __init__(self, glyph):
        self.glyph = glyph
        self.containers: dict = {}

    def getGlyph(self):
        return self.glyph

    def extensionContainer(self, identifier, location="foreground", clear=False):
        container = self.containers.get(identifier)
        if container is None or clear:
            container = self.containers[identifier] = FakeContainer(identifier, location, clear)
        return container


# -- ezui -------------------------------------------------------------------------------


class FakeItem:
    def __init__(self, identifier, description):
        self.identifier = identifier
        self.description = description
        self.value = description.get("value", description.get("selected", description.get("items", "")))
        if "columnDescriptions" in description or isinstance(self.value, list):
            self.value = list(description.get("items", []))
        if "items" in description and "columnDescriptions" not in description:
            self.value = description.get("selected", 0)
            self.items = list(description["items"])
        self.selected_indexes: list[int] = []
        self.history: list = []

    def get(self):
        return self.value

    def set(self, value):
        self.value = value
        self.history.append(value)

    def setItems(self, items):
        self.items = list(items)

    def getSelectedIndexes(self):
        return list(self.selected_indexes)


class FakeWindow:
    def __init__(self, content="", descriptionData=None, controller=None, title="", size=None, **kwargs):
        self.content, self.title, self.controller = content, title, controller
        data = descriptionData or {}
        self.items = {name: FakeItem(name, data.get(name, {})) for name in re.findall(r"@(\w+)", content)}
        self.opened = self.closed = False

    def getItem(self, identifier):
        return self.items[identifier]

    def getItemValues(self):
        return {name: item.get() for name, item in self.items.items()}

    def open(self):
        self.opened = True

    def close(self):
        self.closed = True


class FakeWindowController:
    def __init__(self, *args, **kwargs):
        self.build(*args, **kwargs)
        self.started()

    def started(self):
        pass


# -- mojo -------------------------------------------------------------------------------


class FakeSubscriber:
    editor = None  # set by tests: the glyph editor the next subscriber attaches to

    def __init__(self):
        self._editor = FakeSubscriber.editor
        self.adjuncts: list = []
        self.build()

    def getGlyphEditor(self):
        return self._editor

    def setAdjunctObjectsToObserve(self, objects):
        self.adjuncts = list(objects)

    def build(self):
        pass


class FakeBaseEventTool:
    glyph = None  # set by tests: the glyph getGlyph returns

    def __init__(self):
        self.setup()

    def setup(self):
        pass

    def getGlyph(self):
        return FakeBaseEventTool.glyph


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


def install(recorder: Recorder) -> dict[str, types.ModuleType]:
    """Fake modules, wired to ``recorder``, to put in ``sys.modules``."""

    def record(name):
        def call(*args, **kwargs):
            recorder.calls.append((name, args, kwargs))

        return call

    mojo = types.ModuleType("mojo")
    mojo.__path__ = []

    subscriber = types.ModuleType("mojo.subscriber")
    subscriber.Subscriber = FakeSubscriber
    subscriber.registerGlyphEditorSubscriber = record("registerGlyphEditorSubscriber")
    subscriber.registerSubscriberEvent = record("registerSubscriberEvent")
    subscriber.getRegisteredSubscriberEvents = lambda: {}

    events = types.ModuleType("mojo.events")
    events.BaseEventTool = FakeBaseEventTool
    events.installTool = record("installTool")
    events.postEvent = record("postEvent")
    events.extractNSEvent = lambda event: dict(event)

    extensions = types.ModuleType("mojo.extensions")
    extensions.getExtensionDefault = lambda key, fallback=None: recorder.defaults.get(key, fallback)

    def set_default(key, value):
        recorder.defaults[key] = value

    extensions.setExtensionDefault = set_default

    def register_defaults(values):
        recorder.calls.append(("registerExtensionDefaults", (values,), {}))
        for key, value in values.items():
            recorder.defaults.setdefault(key, value)

    extensions.registerExtensionDefaults = register_defaults

    class ExtensionBundle:
        def __init__(self, name):
            self.name = name

        def get(self, resource):
            recorder.calls.append(("ExtensionBundle.get", (self.name, resource), {}))
            return f"<image {resource}>"

    extensions.ExtensionBundle = ExtensionBundle

    roboFont = types.ModuleType("mojo.roboFont")
    roboFont.CurrentFont = lambda: recorder.current_font

    def open_window(controller_class, *args, **kwargs):
        controller = controller_class(*args, **kwargs)
        recorder.opened.append(controller)
        return controller

    roboFont.OpenWindow = open_window

    ui = types.ModuleType("mojo.UI")
    ui.Message = record("Message")
    ui.GetFile = lambda **kwargs: recorder.defaults.get("test.file")

    merz = types.ModuleType("merz")
    ezui = types.ModuleType("ezui")
    ezui.WindowController = FakeWindowController
    ezui.EZWindow = FakeWindow

    for module in (subscriber, events, extensions, roboFont, ui):
        setattr(mojo, module.__name__.split(".")[1], module)
    return {
        "mojo": mojo,
        "mojo.subscriber": subscriber,
        "mojo.events": events,
        "mojo.extensions": extensions,
        "mojo.roboFont": roboFont,
        "mojo.UI": ui,
        "merz": merz,
        "ezui": ezui,
    }


def forget_ui_modules():
    for name in [n for n in sys.modules if n == "bubblekern_robofont" or n.startswith("bubblekern_robofont.")]:
        del sys.modules[name]
