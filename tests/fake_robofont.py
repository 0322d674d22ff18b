"""Stand-ins for RoboFont's modules (mojo, merz, ezui) so the UI layer runs in tests.

Only RoboFont is faked: fonts are real fontshell (defcon) fonts, so notifications, holds and
observers are defcon's own. Each fake behaves as the real API does where we know it, so
that our wrong assumptions fail here and not in a designer's RoboFont:

- ``getExtensionDefault`` hands back Cocoa collections (NSArray/NSDictionary-like objects
  that are no ``list``/``dict``), as PyObjC does; ``setExtensionDefault`` refuses what a
  property list cannot hold (Mechanic 2 converts with ``list(getExtensionDefault(...))``).
- ezui content text is parsed item by item: an unknown ``* Type`` or an unknown
  ``descriptionData`` key raises. ``(Title ...)`` and ``( ...)`` are pop-up buttons (``items=``,
  ``selected=``; ``get()`` is the selected index: the ezui author's Space Ranger and Paste Glyph,
  RoboFont's author's ezui hackathon scripts); ``(...)`` with no space is a *pull-down* button
  (``itemDescriptions=``, no value: the ezui author's Guide Tool).
- tabs are written as the API's authors write them, and a Tabs holds only tabs: at the top of a ``= Tabs``
  content a tab is ``* Tab: Title [= Type] @id`` (RoboFont's author's Batch:
  ``* Tab: Desktop Fonts = ScrollingTwoColumnForm @desktopFontsForm``; the documentation author's xTools4);
  in a ``* Tabs @id`` item among other items it is ``> Tab: Title [= Type]``, with no star and no identifier
  (the ezui author's Freeze Dryer: ``* Tabs @projectTabs`` / ``> Tab: Changes``). Either form in the other's
  place is refused: no author writes it, and ezui's parser could not be read.
- a checkbox's ``descriptionData`` takes ``value=`` and a label's text is set with ``setItemValue``
  (the ezui author's Lazy Bones: ``clearCheckbox=dict(value=clear)``, its table caption).
- ``startProgress(text=, maxValue=, parent=)`` gives ezui's progress sheet, with ``setText``,
  ``setMaxValue``, ``increment`` and ``close``, and no ``update`` (defconAppKit's progress
  window's, which RoboFont's Batch aliases onto ezui's "to keep api in sync").
- a control without its own ``<identifier>Callback`` sends to the nearest enclosing
  container that has one (``tabsCallback``, ``settingsFormCallback``, ``contentCallback``),
  with the control as sender, as ezui does through nested stacks and forms.
- ``postEvent`` reaches live subscribers only through events registered with
  ``registerSubscriberEvent``; ``setAdjunctObjectsToObserve`` observes the glyphs' defcon
  ``Glyph.Changed`` and calls ``adjunctGlyphDidChange``: a glyph that did not exist when
  the list was set is not observed.
- a glyph editor's ``getGlyph()`` is RoboFont's own glyph (defcon, its font a defcon font), which
  ``asFontParts()`` turns into the fontParts glyph (the Subscriber author's Laser Measure, the
  documentation author's xTools4); a tool's ``getGlyph()`` and events' ``info["glyph"]`` are fontParts;
  registering a subscriber event name twice fails an assertion, as ``registerSubscriberEvent`` does.
- a ``BaseEventTool`` passes unhandled keys up (``super().keyDown`` is recorded) and has a
  glyph view with ``inverseScale()``; its ``__init__`` does not call ``setup()`` (whether RoboFont's
  does no author's code shows, and the self-test makes a tool no glyph editor holds), nor does
  ``installTool``; containers record every sublayer, and a sublayer given a merz
  property its kind does not take raises (:data:`SUBLAYER_PROPERTIES`).
"""

from __future__ import annotations

import re
import sys
import types
from contextlib import contextmanager
from pathlib import Path

from fontParts.fontshell import RFont
from fontTools.pens.recordingPen import RecordingPen

BLOCKED = ("mojo", "merz", "ezui", "vanilla", "AppKit", "Foundation", "objc")

RESOURCES = Path(__file__).resolve().parents[1] / "source" / "resources"
"""The extension's resources folder as build.py copies it into the bundle."""


class FakeImage:
    """``AppKit.NSImage``: ``NSImage.alloc().initWithContentsOfFile_(path)`` is the image, or None (nil)
    when there is no such file."""

    @classmethod
    def alloc(cls):
        return cls()

    def initWithContentsOfFile_(self, path):
        if path is None or not Path(path).is_file():
            return None
        self.path = str(path)
        return self


class Recorder:
    """Everything the fakes saw, and the state RoboFont would hold."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.defaults: dict = {}
        self.current_font = None
        self.opened: list = []
        self.editor_subscribers: list[type] = []
        self.events: dict[str, dict] = {}
        self.live: list = []
        self.tools: list = []
        self.inverse_scale = 1.0
        self.current_glyph = None
        self.chosen_files = None
        """What the user picks in the next open panel (GetFile): a path, a list of paths, or None (Cancel)."""

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]

    def messages(self) -> list[str]:
        return [c[2].get("informativeText", "") for c in self.calls if c[0] == "Message"]

    def open_glyph_editor(self, glyph):
        """A glyph editor on ``glyph`` with every registered glyph-editor subscriber attached."""
        editor = FakeGlyphEditor(glyph, self)
        self.current_glyph = glyph
        for cls in self.editor_subscribers:
            subscriber = cls.__new__(cls)
            FakeSubscriber._attach(subscriber, editor, self)
            editor.subscribers.append(subscriber)
        return editor


# -- Cocoa collections -----------------------------------------------------------------


class NSArrayLike:
    """What PyObjC hands back for an NSArray: indexable and iterable, but no ``list``."""

    def __init__(self, items):
        self._items = tuple(items)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __iter__(self):
        return iter(self._items)

    def count(self):
        return len(self._items)

    def __repr__(self):
        return f"NSArray({list(self._items)!r})"


class NSDictionaryLike:
    """What PyObjC hands back for an NSDictionary: keys, items and lookup, but no ``dict``."""

    def __init__(self, mapping):
        self._data = dict(mapping)

    def __len__(self):
        return len(self._data)

    def __getitem__(self, key):
        return self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, fallback=None):
        return self._data.get(key, fallback)

    def __repr__(self):
        return f"NSDictionary({self._data!r})"


def cocoa(value):
    """``value`` as NSUserDefaults hands it back."""
    if isinstance(value, dict):
        return NSDictionaryLike({k: cocoa(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return NSArrayLike(cocoa(v) for v in value)
    return value


def check_plist(value, where="value"):
    """Raise TypeError for what NSUserDefaults cannot store (None, sets, objects, non-string keys)."""
    if isinstance(value, (str, bytes, bool, int, float)):
        return
    if isinstance(value, (list, tuple)):
        for item in value:
            check_plist(item, where)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: property-list keys must be strings, not {key!r}")
            check_plist(item, where)
        return
    raise TypeError(f"{where}: {type(value).__name__} cannot be stored in the defaults")


# -- merz --------------------------------------------------------------------------------

SUBLAYER_KINDS = ("Base", "Path", "Rectangle", "Oval", "Line", "Symbol", "TextLine", "TextBox", "Image")

_BASE_PROPERTIES = {"name", "position", "size", "anchor", "opacity", "visible", "backgroundColor", "borderColor",
                    "borderWidth", "cornerRadius"}
_STROKE = {"strokeColor", "strokeWidth", "strokeDash", "strokeCap", "strokeJoin"}
SUBLAYER_PROPERTIES = {
    "Path": _BASE_PROPERTIES | _STROKE | {"fillColor", "path", "acceptsHit"},
    "Line": _BASE_PROPERTIES | _STROKE | {"startPoint", "endPoint", "endSymbol"},
    "Symbol": _BASE_PROPERTIES | {"imageSettings"},
    "TextLine": _BASE_PROPERTIES | {"text", "pointSize", "weight", "fillColor", "horizontalAlignment",
                                    "verticalAlignment", "font", "padding", "offset"},
}
"""The merz properties a sublayer of these kinds takes when it is appended, as merz's authors and RoboFont's
examples pass them (Glyph Nanny: Path ``path=``, Line ``endSymbol=``, TextLine ``font=`` ``padding=`` ``offset=``;
Guide Tool, Laser Measure, RoboFont's examples, ezui demos: ``acceptsHit=``); any other raises, as a misspelt
property (``strokeColour=``) must. Kinds not listed are not checked."""


class FakeLayer:
    def __init__(self, kind: str, **properties):
        self.kind = kind
        self.properties = properties
        self.pen = RecordingPen()
        self.sublayers: list[FakeLayer] = []

    def getPen(self):
        if self.kind != "path":
            raise AttributeError(f"a {self.kind} sublayer has no pen")
        return self.pen

    def of(self, kind):
        return [layer for layer in self.sublayers if layer.kind == kind]


class FakeContainer(FakeLayer):
    def __init__(self, identifier, location, clear):
        super().__init__("container")
        self.identifier, self.location, self.clear = identifier, location, clear
        self.groups = 0

    def __getattr__(self, name):
        match = re.fullmatch(r"append(\w+)Sublayer", name)
        if match and match[1] in SUBLAYER_KINDS:
            kind = re.sub(r"(?<!^)(?=[A-Z])", "_", match[1]).lower()

            def append(**properties):
                unknown = set(properties) - SUBLAYER_PROPERTIES.get(match[1], set(properties))
                if unknown:
                    raise TypeError(f"merz: {match[1]} sublayers take no {', '.join(sorted(unknown))}")
                layer = FakeLayer(kind, **properties)
                self.sublayers.append(layer)
                return layer

            return append
        raise AttributeError(name)

    def clearSublayers(self):
        self.sublayers = []

    @contextmanager
    def sublayerGroup(self):
        self.groups += 1
        yield


class FakeGlyphView:
    def __init__(self, recorder):
        self.recorder = recorder

    def inverseScale(self):
        return self.recorder.inverse_scale


class InternalGlyph:
    """The glyph a glyph editor's ``getGlyph()`` hands back: RoboFont's own (defcon) glyph, not a fontParts one.
    Its font is a defcon font (no ``naked``, ``layerOrder``, ``getLayer``); ``asFontParts()`` gives the fontParts
    glyph (the Subscriber author's Laser Measure: ``glyph = window.getGlyph()`` … ``glyph = glyph.asFontParts()``;
    the documentation author's xTools4: ``self.getGlyphEditor().getGlyph().asFontParts()``)."""

    def __init__(self, glyph):
        self._parts = glyph

    def asFontParts(self):
        return self._parts

    def __getattr__(self, name):
        return getattr(self._parts.naked(), name)


class FakeGlyphEditor:
    def __init__(self, glyph, recorder=None):
        self.glyph = glyph
        """The fontParts glyph shown (tests read it; ``getGlyph()`` gives RoboFont's own)."""
        self.recorder = recorder
        self.containers: dict = {}
        self.subscribers: list = []

    def getGlyph(self):
        return InternalGlyph(self.glyph) if self.glyph is not None else None

    def extensionContainer(self, identifier, location="foreground", clear=False):
        container = self.containers.get(identifier)  # get or make; clear empties the same container
        if container is None:
            container = self.containers[identifier] = FakeContainer(identifier, location, clear)
        elif clear:
            container.clearSublayers()
            container.clear = True
        return container

    def close(self):
        for subscriber in self.subscribers:
            subscriber._detach()
            subscriber.destroy()
        self.subscribers = []


# -- ezui --------------------------------------------------------------------------------

CONTAINERS = {"HorizontalStack", "VerticalStack", "TwoColumnForm", "Tabs", "Tab", "Box", "GridStack"}
TYPES = CONTAINERS | {
    "Label",
    "HorizontalLine",
    "VerticalLine",
    "Image",
    "PushButton",
    "ImageButton",
    "PopUpButton",
    "SegmentButton",
    "RadioButtons",
    "Checkbox",
    "Switch",
    "Slider",
    "PullDownButton",
    "ActionButton",
    "TextField",
    "ComboBox",
    "TextEditor",
    "ProgressSpinner",
    "ProgressBar",
    "Table",
    "ColorWell",
    "MerzView",
}
"""Item types written ``* Type`` in a content text (the ezui documentation's items page). The
kerning window shows progress with the controller's ``startProgress`` sheet, not a ``* ProgressBar``."""

SIZE_KEYS = {"width", "height", "gravity"}
KEYS = {
    "TextField": {"value", "valueType", "placeholder", "valueWidth", "minValue", "maxValue", "continuous"},
    "TextEditor": {"value", "editable"},
    "Checkbox": {"value"},
    "Switch": {"value"},
    "RadioButtons": {"value"},
    "Slider": {"value", "minValue", "maxValue", "tickMarks"},
    "PopUpButton": {"items", "selected"},
    "PullDownButton": {"itemDescriptions", "image"},
    "ActionButton": {"itemDescriptions", "image"},
    "PushButton": set(),
    "Label": set(),
    "Table": {"columnDescriptions", "items", "allowsMultipleSelection", "allowsEmptySelection", "showColumnTitles"},
    "TwoColumnForm": {"titleColumnWidth", "itemColumnWidth"},
    "HorizontalStack": {"spacing", "distribution", "alignment"},
    "VerticalStack": {"spacing", "distribution", "alignment"},
}
"""The ``descriptionData`` keys each item type takes (ezui documentation and the ezui
author's extensions); any other raises."""

GET_FILE_KEYS = {"message", "title", "directory", "fileName", "allowsMultipleSelection", "fileTypes", "parentWindow"}
"""mojo.UI.GetFile's keywords (RoboFab's prototype of it, and the calls of RoboFont extensions: ``message``,
``title``, ``allowsMultipleSelection=True, fileTypes=["ufo", "ufoz"]``; RoboFont's author passes ``parentWindow``)."""

VALUE_TYPES = {"PopUpButton", "Checkbox", "Switch", "RadioButtons", "Slider", "TextField", "TextEditor", "Table", "Tabs"}


def _classify(text: str) -> tuple[str, str | None]:
    """(item type, title) of one content line (without ``>`` and ``@identifier``)."""
    text = text.strip()
    if text.startswith("* "):
        name = text[2:].strip()
        if name.startswith("Tab:"):
            return "Tab*", name[4:].split("=")[0].strip()
        if name not in TYPES:
            raise ValueError(f"ezui: unknown item type '* {name}'")
        return name, None
    if text.startswith("= "):
        return text[2:].strip(), None
    if text.startswith("Tab:"):
        return "Tab", text[4:].split("=")[0].strip()
    if re.fullmatch(r"\(\(\s*\.\.\.\s*\)\)", text):
        return "ActionButton", None
    if text == "(...)":
        return "PullDownButton", None
    match = re.fullmatch(r"\((.*)\s+\.\.\.\s*\)", text)
    if match:
        return "PopUpButton", match[1].strip() or None
    if re.fullmatch(r"\[[ Xx-]\](.*)", text):
        return "Checkbox", text
    if re.fullmatch(r"\(\s?[Xx]?\)(.*)", text):
        return "RadioButtons", text
    if re.fullmatch(r"\|-+\|", text):  # a one-line table (RoboFont's Batch: ``|---| @sources``)
        return "Table", None
    if re.fullmatch(r"\[\[_.*_\]\]", text):
        return "TextEditor", None
    if re.fullmatch(r"\[_.*_\].*", text):
        return "TextField", None
    if re.fullmatch(r"\(.+\)", text):
        return "PushButton", text[1:-1].strip()
    if re.fullmatch(r"-+X?-+", text):
        return "Slider" if "X" in text else "HorizontalLine", None
    if text.startswith(":"):
        return "FormTitle", text[1:].strip()
    return "Label", text


class FakeItem:
    def __init__(self, identifier, kind, title, description, parent, window):
        self.identifier, self.kind, self.title = identifier, kind, title
        self.description = description
        self.parent = parent
        self.window = window
        self.history: list = []
        self.selected_indexes: list[int] = []
        allowed = SIZE_KEYS | KEYS.get(kind, set())
        for key in description:
            if key not in allowed:
                raise ValueError(f"ezui: {identifier} ({kind}) takes no description key {key!r}")
        if description.get("valueType", "string") not in ("string", "integer", "float", "number"):
            raise ValueError(f"ezui: {identifier}: unknown valueType {description['valueType']!r}")
        if kind == "PopUpButton":
            self.items = list(description.get("items", []))
            self.value = int(description.get("selected", 0))
        elif kind in ("Checkbox", "Switch"):
            self.value = bool(description.get("value", bool(title) and title[1] in "Xx"))
        elif kind == "Table":
            self.value = list(description.get("items", []))
        elif kind == "Tabs":
            self.value = 0
        elif kind == "TextField":
            self.value = description.get("value", "")
        elif kind in ("TextEditor",):
            self.value = description.get("value", "")
        elif kind == "Label":
            self.value = title or ""
        else:
            self.value = description.get("value")

    def get(self):
        if self.kind in ("PullDownButton", "ActionButton", "PushButton"):
            return None
        return self.value

    def set(self, value):
        if self.kind == "PopUpButton" and not (isinstance(value, int) and 0 <= value < max(len(self.items), 1)):
            raise IndexError(f"{self.identifier}: no item {value!r}")
        self.value = value
        self.history.append(value)

    def setItems(self, items):
        if self.kind not in ("PopUpButton", "ComboBox"):
            raise AttributeError(f"{self.kind} has no setItems")
        self.items = list(items)
        if self.value >= len(self.items):
            self.value = 0

    def getSelectedIndexes(self):
        return list(self.selected_indexes)

    def setSelectedIndexes(self, indexes):
        self.selected_indexes = list(indexes)


class FakeWindow:
    def __init__(self, content="", descriptionData=None, controller=None, title="", size=None, **kwargs):
        self.content, self.title, self.controller, self.size = content, title, controller, size
        data = dict(descriptionData or {})
        self.items: dict[str, FakeItem] = {}
        self.content_item = FakeItem("content", "VerticalStack", None, {}, None, self)
        stack = [self.content_item]  # enclosing item of each depth
        last_form = None
        for raw in content.splitlines():
            line = raw.strip()
            if not line:
                continue
            depth = len(line) - len(line.lstrip(">"))
            line = line[depth:]
            identifier = None
            match = re.search(r"\s@(\w+)\s*$", line)
            if match:
                identifier = match[1]
                line = line[: match.start()]
            kind, title = _classify(line)
            if kind == "FormTitle":
                last_form = title
                continue
            if line.startswith("= ") and depth == 0 and not self.items:  # the content's own type
                self.content_item.kind = kind
                continue
            parent = stack[min(depth, len(stack) - 1)]
            if kind == "Label" and not identifier:
                continue
            if kind in ("Tab", "Tab*") and parent.kind == "Tabs":
                top = parent is self.content_item
                if (kind == "Tab*") != top or (identifier and not top):
                    form = "* Tab: Title @id' at the top of a '= Tabs' content" if top else "> Tab: Title' in a '* Tabs' item"
                    raise ValueError(f"ezui: {line.strip()!r}: the API's authors write a tab there as '{form}'")
                kind = "Tab"
            if (kind in ("Tab", "Tab*")) != (parent.kind == "Tabs"):
                raise ValueError(f"ezui: {line.strip()!r}: a Tabs item holds Tab items, and a Tab sits in a Tabs")
            name = identifier or f"_{len(self.items)}"
            item = FakeItem(name, kind, title, data.pop(name, {}) if identifier else {}, parent, self)
            item.form_title = last_form
            if identifier in self.items:
                raise ValueError(f"ezui: identifier {identifier!r} used twice")
            self.items[name] = item
            if kind in CONTAINERS:
                del stack[depth + 1 :]
                stack.append(item)
        data.pop("content", None)
        if data:
            raise ValueError(f"ezui: descriptionData for items not in the content: {sorted(data)}")
        self.opened = self.closed = False

    def getItem(self, identifier):
        return self.items[identifier]

    def getItemValues(self):
        return {name: item.get() for name, item in self.items.items() if item.kind in VALUE_TYPES and not name.startswith("_")}

    def setItemValue(self, identifier, value):
        """ezui's ``setItemValue``: how the ezui author sets a label's text (Lazy Bones' table caption)."""
        self.items[identifier].set(value)

    def open(self):
        self.opened = True

    def close(self):
        self.closed = True
        destroy = getattr(self.controller, "destroy", None)
        if destroy is not None:
            destroy()

    # -- the user, in tests ----------------------------------------------------------

    def _callback(self, item):
        """The controller method ezui calls for ``item``: its own, else an enclosing container's."""
        node = item
        while node is not None:
            method = getattr(self.controller, f"{node.identifier}Callback", None)
            if method is not None:
                return method
            node = node.parent
        return None

    def user(self, identifier, value=None):
        """The user edits (or clicks) ``identifier``: set its value, then call back as ezui would."""
        item = self.items[identifier]
        if value is not None:
            item.set(value)
        callback = self._callback(item)
        if callback is not None:
            callback(item)

    click = user


class FakeProgress:
    """ezui's progress sheet: ``setText``, ``setMaxValue``, ``increment``, ``close`` (RoboFont's Batch
    aliases ``update = setText`` on it "to keep api in sync with older progress windows": it has no
    ``update``, which defconAppKit's progress window has)."""

    def __init__(self, recorder, text, maxValue, parent):
        self.recorder = recorder
        self.texts = [text]
        self.maximum = maxValue
        self.value = 0
        self.parent = parent
        self.closed = False

    def _open(self):
        if self.closed:
            raise RuntimeError("progress window already closed")

    def setText(self, text):
        self._open()
        self.texts.append(text)

    def setMaxValue(self, value):
        self._open()
        self.maximum = value

    def increment(self, value=1):
        self._open()
        self.value += value

    def close(self):
        self.closed = True


class FakeWindowController:
    recorder: Recorder | None = None

    def __init__(self, *args, **kwargs):
        self.build(*args, **kwargs)
        self.started()

    def started(self):
        pass

    def startProgress(self, text="", maxValue=0, parent=None):
        """ezui's keywords, as its author passes them (``text=``, ``maxValue=``, ``parent=self.w``)."""
        progress = FakeProgress(self.recorder, text, maxValue, parent)
        if self.recorder is not None:
            self.recorder.calls.append(("startProgress", (text,), {"maxValue": maxValue, "parent": parent}))
            self.recorder.progress = progress
        return progress


# -- mojo --------------------------------------------------------------------------------


class _Observer:
    def __init__(self, callback):
        self.callback = callback

    def changed(self, notification):
        self.callback(notification)


class FakeSubscriber:
    """mojo.subscriber.Subscriber: built by RoboFont for each glyph editor."""

    debug = False

    @staticmethod
    def _attach(subscriber, editor, recorder):
        subscriber._editor = editor
        subscriber._recorder = recorder
        subscriber._observers = []
        recorder.live.append(subscriber)
        glyph = editor.glyph  # events carry the fontParts glyph (info["glyph"])
        if glyph is not None and hasattr(subscriber, "glyphEditorGlyphDidChange"):
            observer = _Observer(lambda n: subscriber.glyphEditorGlyphDidChange(dict(glyph=glyph)))
            glyph.naked().addObserver(observer, "changed", "Glyph.Changed")
            subscriber._editor_observer = (glyph, observer)
        subscriber.build()
        subscriber.started()

    def _detach(self):
        self.clearObservedAdjunctObjects()
        if self in self._recorder.live:
            self._recorder.live.remove(self)

    def getGlyphEditor(self):
        return self._editor

    def setAdjunctObjectsToObserve(self, objects):
        for glyph, observer in self._observers:
            glyph.naked().removeObserver(observer, "Glyph.Changed")
        self._observers = []
        self.adjuncts = list(objects)
        for glyph in self.adjuncts:
            observer = _Observer(lambda n, glyph=glyph: self.adjunctGlyphDidChange(dict(glyph=glyph)))
            glyph.naked().addObserver(observer, "changed", "Glyph.Changed")
            self._observers.append((glyph, observer))

    def clearObservedAdjunctObjects(self):
        """Observe nothing more (the ezui author's Space Ranger and ezui demos)."""
        self.setAdjunctObjectsToObserve([])

    def build(self):
        pass

    def started(self):
        pass

    def destroy(self):
        pass


class FakeBaseEventTool:
    """mojo.events.BaseEventTool: the current glyph, its glyph view, containers, key passing."""

    recorder: Recorder | None = None

    def __init__(self):
        self._containers: dict = {}

    def setup(self):
        pass

    def getGlyph(self):
        return self.recorder.current_glyph if self.recorder else None

    def getNSView(self):
        return FakeGlyphView(self.recorder)

    def extensionContainer(self, identifier, location="foreground", clear=False):
        container = self._containers.get(identifier)  # get or make; clear empties the same container
        if container is None:
            container = self._containers[identifier] = FakeContainer(identifier, location, clear)
        elif clear:
            container.clearSublayers()
            container.clear = True
        return container

    def keyDown(self, event):
        self.recorder.calls.append(("BaseEventTool.keyDown", (extract_event(event)["keyDown"],), {}))

    def getModifiers(self):
        return dict(shiftDown=False, commandDown=False, optionDown=False, controlDown=False, capLockDown=False)


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __iter__(self):
        return iter((self.x, self.y))


class KeyEvent:
    """An NSEvent standing-in: the characters typed."""

    def __init__(self, characters):
        self.characters = characters


def extract_event(event):
    keys = event.characters
    return dict(
        keyDown=keys,
        keyDownWithoutModifiers=keys,
        shiftDown=False,
        commandDown=False,
        optionDown=False,
        controlDown=False,
        up=keys == "\uf700",
        down=keys == "\uf701",
        left=keys == "\uf702",
        right=keys == "\uf703",
    )


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

    def register_editor_subscriber(cls):
        recorder.calls.append(("registerGlyphEditorSubscriber", (cls,), {}))
        recorder.editor_subscribers.append(cls)

    def register_event(**kwargs):
        recorder.calls.append(("registerSubscriberEvent", (), kwargs))
        # registering a name twice fails an assertion (the Subscriber author's Laser Measure catches AssertionError)
        assert kwargs["subscriberEventName"] not in recorder.events, f"{kwargs['subscriberEventName']} is registered"
        recorder.events[kwargs["subscriberEventName"]] = kwargs

    subscriber.registerGlyphEditorSubscriber = register_editor_subscriber
    subscriber.registerSubscriberEvent = register_event
    subscriber.getRegisteredSubscriberEvents = lambda: dict(recorder.events)

    events = types.ModuleType("mojo.events")
    events.BaseEventTool = FakeBaseEventTool
    FakeBaseEventTool.recorder = recorder

    def install_tool(tool):
        recorder.calls.append(("installTool", (tool,), {}))
        recorder.tools.append(tool)

    observers: list[tuple] = []

    def add_observer(observer, method, event):
        observers.append((observer, method, event))

    def remove_observer(observer, event):
        observers[:] = [o for o in observers if not (o[0] is observer and o[2] == event)]

    def post_event(name, **kwargs):
        recorder.calls.append(("postEvent", (name,), kwargs))
        for observer, method, event in list(observers):
            if event == name:
                getattr(observer, method)(dict(kwargs))
        for event in list(recorder.events.values()):
            if name not in event["lowLevelEventNames"]:
                continue
            for live in list(recorder.live):
                method = getattr(live, event["methodName"], None)
                if method is not None:
                    method(dict(subscriberEventName=event["subscriberEventName"], **kwargs))

    events.installTool = install_tool
    events.addObserver = add_observer
    events.removeObserver = remove_observer
    recorder.observers = observers
    events.postEvent = post_event
    events.extractNSEvent = extract_event

    extensions = types.ModuleType("mojo.extensions")

    def get_default(key, fallback=None):
        if key in recorder.defaults:
            return cocoa(recorder.defaults[key])
        return fallback

    def set_default(key, value):
        check_plist(value, key)
        recorder.defaults[key] = value

    def register_defaults(values):
        recorder.calls.append(("registerExtensionDefaults", (values,), {}))
        for key, value in values.items():
            check_plist(value, key)
            recorder.defaults.setdefault(key, value)

    extensions.getExtensionDefault = get_default
    extensions.setExtensionDefault = set_default
    extensions.registerExtensionDefaults = register_defaults

    class ExtensionBundle:
        """``ExtensionBundle(name)`` (RoboFont's Batch: ``ExtensionBundle("Batch")``) of the extension as
        built from this repository; only what the mojo.extensions reference documents."""

        def __init__(self, name=None, path=None):
            self.name = name

        def getResourceFilePath(self, name, ext="*"):
            recorder.calls.append(("ExtensionBundle.getResourceFilePath", (self.name, name), {"ext": ext}))
            found = sorted(RESOURCES.glob(f"{name}.{ext}"))
            return str(found[0]) if found else None

    extensions.ExtensionBundle = ExtensionBundle

    roboFont = types.ModuleType("mojo.roboFont")
    roboFont.CurrentFont = lambda: recorder.current_font
    roboFont.CurrentGlyph = lambda: recorder.current_glyph

    def open_window(controller_class, *args, **kwargs):
        controller = controller_class(*args, **kwargs)
        recorder.opened.append(controller)
        return controller

    def new_font(familyName=None, styleName=None, showInterface=True):
        recorder.calls.append(("NewFont", (), {"showInterface": showInterface}))
        font = RFont()
        font.info.familyName, font.info.styleName = familyName, styleName
        font.close = lambda: recorder.calls.append(("Font.close", (), {}))
        return font

    roboFont.OpenWindow = open_window
    roboFont.NewFont = new_font

    ui = types.ModuleType("mojo.UI")
    ui.Message = record("Message")
    def get_file(**kwargs):
        """mojo.UI.GetFile: the keywords RoboFont's scripts and extensions pass it; what the user chose
        (``recorder.chosen_files``), None on Cancel. With ``allowsMultipleSelection`` a list of paths; without it
        extensions read either a path or a one-path list (RoboFont's author takes ``path[0]``), so the fake gives
        ``chosen_files`` as the test sets it, to try both."""
        unknown = set(kwargs) - GET_FILE_KEYS
        if unknown:
            raise TypeError(f"GetFile() got unexpected keyword arguments {sorted(unknown)}")
        recorder.calls.append(("GetFile", (), kwargs))
        chosen = recorder.chosen_files
        if not chosen:
            return None
        if kwargs.get("allowsMultipleSelection"):
            return [str(p) for p in chosen] if isinstance(chosen, (list, tuple)) else [str(chosen)]
        return chosen

    ui.GetFile = get_file

    appkit = types.ModuleType("AppKit")
    appkit.NSImage = FakeImage

    merz = types.ModuleType("merz")
    ezui = types.ModuleType("ezui")
    ezui.WindowController = FakeWindowController
    FakeWindowController.recorder = recorder
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
        "AppKit": appkit,
    }


def forget_ui_modules():
    for name in [n for n in sys.modules if n == "bubblekern_robofont" or n.startswith("bubblekern_robofont.")]:
        del sys.modules[name]
