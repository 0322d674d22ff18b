"""The RoboFont layer: engine imports without RoboFont, UI modules compile, and with fake
mojo/merz/ezui modules the overlay, tool, window, menu and start-up make the right calls
on real fontshell fonts."""

from __future__ import annotations

import ast
import os
import runpy
import subprocess
import sys
import textwrap
from contextlib import contextmanager
from pathlib import Path

import blocked_imports
import fake_robofont
import pytest
from fake_robofont import KeyEvent, Point, Recorder
from fontParts.fontshell import RFont, RGlyph

from bubblekern import FontBubbles, kern_pairs
from bubblekern.interface import defaults
from bubblekern.interface.colors import DEFAULT_COLORS, LAYER_COLOR
from bubblekern.status import GLYPH_KEY

import helpers

ROOT = Path(__file__).resolve().parent.parent
LIB = ROOT / "source" / "lib"
UI_FILES = sorted((LIB / "bubblekern_robofont").glob("*.py"))


def test_engine_imports_without_robofont():
    script = textwrap.dedent(
        f"""
        import importlib, importlib.abc, pkgutil, sys
        BLOCKED = {fake_robofont.BLOCKED!r}

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ImportError("RoboFont module imported: " + name)
                return None

        sys.meta_path.insert(0, Block())
        sys.path.append({str(ROOT / "source" / "lib")!r})  # the RoboFont layer is not pip-installed
        import bubblekern, bubblekern_robofont
        names = []
        for info in pkgutil.walk_packages(bubblekern.__path__, "bubblekern."):
            if info.name.endswith("__main__"):
                continue
            importlib.import_module(info.name)
            names.append(info.name)
        leaked = [n for n in sys.modules if n.split(".")[0] in BLOCKED]
        ui = [n for n in sys.modules if n.startswith("bubblekern_robofont.")]
        assert not leaked, leaked
        assert not ui, ui
        assert "bubblekern.interface.overlay" in names and "bubblekern.interface.pentool" in names
        print(len(names))
        """
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 20


def test_requirements_check_names_what_to_install():
    from bubblekern import _requirements

    assert _requirements.missing() == []
    _requirements.check()
    with pytest.raises(ImportError, match="pip install notapackage-xyz>=1"):
        _requirements.check({"notapackage_xyz": "notapackage-xyz>=1"})


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: p.name)
def test_ui_modules_compile(path):
    source = path.read_text(encoding="utf-8")
    compile(helpers.parse_python(source, str(path)), str(path), "exec")


def test_ui_modules_import_robofont_only_as_documented():
    allowed = {"mojo", "merz", "ezui", "bubblekern", "bubblekern_robofont", "__future__", *sys.stdlib_module_names}
    for path in UI_FILES:
        # the toolbar icon is an NSImage (RoboFont's tool example: getToolbarIcon returns "aNSImage";
        # Guide Tool builds one with AppKit): the tool alone may import AppKit
        allowed_here = allowed | {"AppKit"} if path.name == "tool.py" else allowed
        for node in ast.walk(helpers.parse_python(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module.split(".")[0] in allowed_here, (path.name, node.module)
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in allowed_here for a in node.names), path.name


# -- with fake RoboFont modules --------------------------------------------------------------


@pytest.fixture
def rf(monkeypatch):
    recorder = Recorder()
    for name, module in fake_robofont.install(recorder).items():
        monkeypatch.setitem(sys.modules, name, module)

    # what RoboFont's RGlyph and RFont offer and fontshell's lack: undo and the font-window selection
    def prepare(self, title=""):
        recorder.calls.append(("prepareUndo", (self.name, title), {}))

    def perform(self):
        recorder.calls.append(("performUndo", (self.name,), {}))

    @contextmanager
    def undo(self, title=""):
        recorder.calls.append(("font.undo", (title,), {"layers": list(self.layerOrder)}))
        yield
        recorder.calls.append(("font.undo end", (title,), {"layers": list(self.layerOrder)}))

    monkeypatch.setattr(RGlyph, "prepareUndo", prepare, raising=False)
    monkeypatch.setattr(RGlyph, "performUndo", perform, raising=False)
    monkeypatch.setattr(RFont, "undo", undo, raising=False)
    monkeypatch.setattr(RFont, "_get_selectedGlyphNames", lambda self: tuple(getattr(self, "_test_selection", ())), raising=False)
    monkeypatch.setattr(RFont, "_set_selectedGlyphNames", lambda self, names: setattr(self, "_test_selection", tuple(names)), raising=False)
    fake_robofont.forget_ui_modules()
    yield recorder
    fake_robofont.forget_ui_modules()


def start(rf):
    """Run the extension's start-up script, as RoboFont does at launch."""
    runpy.run_path(str(LIB / "bubblekern_robofont" / "main.py"))
    return rf.tools[-1]


def two_boxes():
    return helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})


def overlay_for(rf, glyph):
    """The overlay of a glyph editor opened on ``glyph`` (after start-up) and its container."""
    from bubblekern_robofont.overlay import CONTAINER

    if not rf.editor_subscribers:
        start(rf)
    editor = rf.open_glyph_editor(glyph)
    (overlay,) = editor.subscribers
    return overlay, editor.containers[CONTAINER]


def test_main_script_registers_everything(rf):
    tool = start(rf)
    assert rf.names() == ["registerExtensionDefaults", "registerSubscriberEvent", "registerGlyphEditorSubscriber", "installTool"]
    event = rf.events["com.bubblekern.displayDidChange"]
    assert event["methodName"] == "bubbleKernDisplayDidChange" and event["dispatcher"] == "roboFont"
    assert event["lowLevelEventNames"] == ["com.bubblekern.displayDidChange"]
    assert rf.editor_subscribers[0].__name__ == "BubbleOverlay"
    assert type(tool).__name__ == "BubbleTool"


def test_overlay_draws_bubble_and_bands(rf):
    font = two_boxes()
    overlay, container = overlay_for(rf, font["A"])
    assert (container.identifier, container.location, container.clear) == ("com.bubblekern.overlay", "background", True)
    path, *bands = container.of("path")
    assert path.properties["fillColor"] == DEFAULT_COLORS["bubbleFill"]
    assert path.pen.value == [
        ("moveTo", ((0.0, 0.0),)),
        ("lineTo", ((500.0, 0.0),)),
        ("lineTo", ((500.0, 700.0),)),
        ("lineTo", ((0.0, 700.0),)),
        ("lineTo", ((0.0, 0.0),)),
        ("closePath", ()),
    ]
    assert len(bands) == 35 and container.of("rectangle") == []
    assert bands[0].properties["strokeColor"] == DEFAULT_COLORS["bandStroke"]
    assert bands[0].pen.value == [
        ("moveTo", ((0.0, 0.0),)),
        ("lineTo", ((500.0, 0.0),)),
        ("lineTo", ((500.0, 20.0),)),
        ("lineTo", ((0.0, 20.0),)),
        ("closePath", ()),
    ]
    assert bands[-1].pen.value[0] == ("moveTo", ((0.0, 680.0),))
    assert container.of("text_line") == []
    assert {(g.layer.name, g.name) for g in overlay.adjuncts} == {("bubble", "A")}


def test_overlay_with_partner_shows_collision_and_value(rf):
    font = two_boxes()
    rf.defaults[defaults.key("rightPartner")] = "V"
    rf.defaults[defaults.key("showBands")] = False
    overlay, container = overlay_for(rf, font["A"])
    own, neighbour, band = container.of("path")
    assert neighbour.properties["fillColor"] == DEFAULT_COLORS["neighbourFill"]
    assert neighbour.pen.value[0] == ("moveTo", ((500.0, 0.0),))  # V's bubble (x 100) set at 600 - 200
    assert band.properties["fillColor"] == DEFAULT_COLORS["collisionFill"]
    assert [args[0] for _, args in band.pen.value[:4]] == [(0.0, 0.0), (1000.0, 0.0), (1000.0, 20.0), (0.0, 20.0)]
    (label,) = container.of("text_line")
    assert label.properties["text"] == "\u2212200" and label.properties["position"] == (500.0, 20.0)
    assert kern_pairs(font, [("A", "V")]).kept[("A", "V")] == -200
    observed = {(g.layer.name, g.name) for g in overlay.adjuncts}
    assert observed == {("bubble", "A"), ("public.default", "V"), ("bubble", "V")}


def test_overlay_blends_the_fonts_reference_fonts_as_the_window_does(rf, tmp_path):
    from bubblekern.prior import PRIOR_KEY

    font = three_boxes()
    reference = three_boxes()
    reference.kerning[("A", "V")] = -100
    reference.save(str(tmp_path / "Reference.ufo"))
    font.lib[PRIOR_KEY] = {"fonts": [str(tmp_path / "Reference.ufo")]}
    window_value = int(kerned_in_window(rf, font, "A", "V")["A V"])
    assert window_value == helpers.rounded(0.6 * -200 - 40)  # the boxes alone kern -200
    rf.defaults[defaults.key("rightPartner")] = "V"
    _, container = overlay_for(rf, font["A"])
    (label,) = container.of("text_line")
    assert label.properties["text"] == f"\u2212{-window_value}"


def test_overlay_redraws_on_edits_and_hides_when_toggled(rf):
    from bubblekern_robofont import menu

    font = two_boxes()
    overlay, container = overlay_for(rf, font["A"])
    bubble_glyph = font.getLayer("bubble")["A"]
    bubble_glyph.clearContours()  # RoboFont tells the overlay (adjunctGlyphDidChange)
    helpers.rect(bubble_glyph.getPen(), 0, 0, 300, 100)
    bands = container.of("path")[1:]
    assert len(bands) == 5 and bands[0].pen.value[1] == ("lineTo", ((300.0, 0.0),))
    menu.toggle_bubbles()  # Show/Hide Bubbles reaches the overlay through the registered event
    assert container.sublayers == [] and overlay.adjuncts == []
    menu.toggle_bubbles()
    assert len(container.of("path")) == 6


def test_overlay_on_glyph_without_bubble_layer_draws_nothing(rf):
    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 500)
    overlay, container = overlay_for(rf, font["A"])
    assert container.sublayers == []
    overlay, container = overlay_for(rf, None)
    assert container.sublayers == []


def test_overlay_shows_the_first_bubble_drawn_and_follows_it(rf):
    """Point 8: RoboFont only reports changes of glyphs observed when the list was set; the
    first bubble of a glyph did not exist then."""
    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 600)
    tool = start(rf)
    overlay, container = overlay_for(rf, font["A"])
    assert container.sublayers == []
    for x, y in ((0, 0), (500, 0), (500, 700), (0, 700), (0, 0)):
        tool.mouseDown(Point(x, y), 1)
        tool.mouseUp(Point(x, y))
    path = container.of("path")[0]
    assert [args[0] for _, args in path.pen.value[:4]] == [(0.0, 0.0), (500.0, 0.0), (500.0, 700.0), (0.0, 700.0)]
    tool.mouseDown(Point(500, 0), 1)  # drag a corner: the overlay follows
    tool.mouseDragged(Point(530, 0), Point(0, 0))  # by the points' difference, whatever delta holds
    tool.mouseDragged(Point(550, -10), Point(50, 10))
    tool.mouseUp(Point(550, -10))
    assert ("lineTo", ((550.0, -10.0),)) in container.of("path")[0].pen.value


def undo_calls(rf):
    return [c[0] for c in rf.calls if c[0] in ("prepareUndo", "performUndo")]


def test_tool_draws_a_closed_bubble_with_undo_steps(rf):
    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 600)
    tool = start(rf)
    rf.current_glyph = font["A"]
    assert tool.getToolbarTip() == "BubbleKern Bubble Tool"
    icon = tool.getToolbarIcon()
    assert icon is not None and Path(icon.path).name == "toolbarIcon.pdf"
    for x, y in ((0, 0), (500, 0), (500, 700), (0, 700), (2, 3)):
        tool.mouseDown(Point(x, y), 1)
        tool.mouseUp(Point(x, y))
    layer = font.getLayer("bubble")
    assert tuple(layer.color) == LAYER_COLOR
    glyph = layer["A"]
    assert glyph.width == 600
    (contour,) = glyph.contours
    assert contour.open is False
    assert [(p.x, p.y, p.type) for p in contour.points] == [(0, 0, "line"), (500, 0, "line"), (500, 700, "line"), (0, 700, "line")]
    assert undo_calls(rf) == ["prepareUndo", "performUndo"] * 5
    assert ("prepareUndo", ("A", "Draw Bubble"), {}) in rf.calls
    profile = FontBubbles(font).profile("A")
    assert profile.extent(0) == (0, 500) and profile.extent(34) == (0, 500)


def test_tool_creates_the_layer_inside_undo_and_only_when_drawing_starts(rf):
    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 600)
    tool = start(rf)
    rf.current_glyph = font["A"]
    tool.becomeActive()
    tool.keyDown(KeyEvent("\x7f"))
    tool.keyDown(KeyEvent("a"))
    tool.mouseUp(Point(0, 0))
    assert "bubble" not in font.layerOrder and not [c for c in rf.calls if c[0].startswith("font.undo")]
    tool.mouseDown(Point(10, 10), 1)
    enter, leave = [c for c in rf.calls if c[0].startswith("font.undo")]
    assert enter[2]["layers"] == ["public.default"] and leave[2]["layers"] == ["public.default", "bubble"]
    assert "A" in font.getLayer("bubble").keys()


def test_tool_draws_points_handles_and_selection(rf):
    from bubblekern_robofont.tool import CONTAINER

    font = helpers.new_font()
    helpers.add_glyph(font, "O", 600)
    tool = start(rf)
    rf.current_glyph = font["O"]
    container = tool.extensionContainer(CONTAINER)
    tool.mouseDown(Point(0, 0), 1)
    tool.mouseUp(Point(0, 0))
    assert [s.properties["position"] for s in container.of("symbol")][:1] == [(0.0, 0.0)]  # feedback at once
    tool.mouseDown(Point(100, 0), 1)
    tool.mouseDragged(Point(150, 50), Point(50, 50))  # pull out handles
    symbols = container.of("symbol")
    nodes = [s for s in symbols if s.properties["imageSettings"]["fillColor"] == DEFAULT_COLORS["toolPoint"]]
    assert {s.properties["position"] for s in nodes} == {(0.0, 0.0), (100.0, 0.0)}
    assert {s.properties["imageSettings"]["name"] for s in nodes} == {"rectangle", "oval"}  # the start node is square
    handles = [s for s in symbols if s.properties["imageSettings"].get("strokeColor")]
    assert {s.properties["position"] for s in handles} == {(50.0, -50.0), (150.0, 50.0)}
    assert {(line.properties["startPoint"], line.properties["endPoint"]) for line in container.of("line")} == {
        ((100.0, 0.0), (50.0, -50.0)),
        ((100.0, 0.0), (150.0, 50.0)),
    }
    selected = [s for s in symbols if s.properties["imageSettings"]["size"][0] > 7]
    assert [s.properties["position"] for s in selected] == [(100.0, 0.0)]
    (path,) = container.of("path")
    assert path.pen.value[-1] == ("endPath", ())  # the open contour being drawn is shown


def test_tool_passes_unhandled_keys_on(rf):
    font = helpers.new_font()
    helpers.add_glyph(font, "O", 600, bubble=lambda p: helpers.rect(p, 0, 0, 100, 100))
    tool = start(rf)
    rf.current_glyph = font["O"]
    tool.keyDown(KeyEvent("x"))
    tool.keyDown(KeyEvent("\uf700"))  # arrow up
    tool.keyDown(KeyEvent("\x7f"))  # nothing selected: Delete is RoboFont's too
    passed = [c[1][0] for c in rf.calls if c[0] == "BaseEventTool.keyDown"]
    assert passed == ["x", "\uf700", "\x7f"]
    tool.mouseDown(Point(0, 100), 1)
    tool.mouseUp(Point(0, 100))
    tool.keyDown(KeyEvent("\x7f"))  # deletes the selected node: handled, not passed on
    assert len(font.getLayer("bubble")["O"].contours[0].points) == 3
    assert [c[1][0] for c in rf.calls if c[0] == "BaseEventTool.keyDown"] == passed


@pytest.mark.parametrize("inverse_scale, selects", [(1.0, True), (0.25, False), (4.0, True)])
def test_tool_hit_tolerance_is_in_screen_pixels(rf, inverse_scale, selects):
    """8 pixels: 8 units at 100 %, 2 units at 400 % zoom, 32 units at 25 %."""
    font = helpers.new_font()
    helpers.add_glyph(font, "O", 600, bubble=lambda p: helpers.rect(p, 0, 0, 100, 100))
    tool = start(rf)
    rf.current_glyph = font["O"]
    rf.inverse_scale = inverse_scale
    distance = 5 if inverse_scale <= 1 else 25
    tool.mouseDown(Point(100 + distance, 100), 1)
    tool.mouseUp(Point(100 + distance, 100))
    points = [(p.x, p.y) for c in font.getLayer("bubble")["O"].contours for p in c.points]
    added = (100 + distance, 100) in points
    assert added is not selects
    assert (tool.state.selected is not None and tool.state.selected.part == "node") is True


def test_tool_drag_makes_curves_and_edits_points(rf):
    font = helpers.new_font()
    helpers.add_glyph(font, "O", 600, bubble=lambda p: helpers.rect(p, 0, 0, 100, 100))
    tool = start(rf)
    rf.current_glyph = font["O"]
    # the existing bubble is loaded: drag its (100, 0) corner to the right
    tool.mouseDown(Point(100, 0), 1)
    tool.mouseDragged(Point(130, 0), Point(30, 0))
    tool.mouseUp(Point(130, 0))
    points = [(p.x, p.y) for p in font.getLayer("bubble")["O"].contours[0].points]
    assert (130, 0) in points and (100, 0) not in points
    # a new contour whose second node is dragged into a curve
    tool.mouseDown(Point(300, 0), 1)
    tool.mouseUp(Point(300, 0))
    tool.mouseDown(Point(400, 0), 1)
    tool.mouseDragged(Point(450, 50), Point(50, 50))
    tool.mouseUp(Point(450, 50))
    tool.mouseDown(Point(400, 200), 2)  # double-click closes
    tool.mouseUp(Point(400, 200))
    bubble = font.getLayer("bubble")["O"]
    assert len(bubble.contours) == 2
    second = bubble.contours[1]
    assert not second.open and "curve" in [p.type for p in second.points]
    # an edit behind the tool's back (undo, another tool) is picked up on the next click
    bubble.clearContours()
    helpers.rect(bubble.getPen(), 0, 0, 50, 50)
    tool.mouseDown(Point(50, 50), 1)
    tool.mouseDragged(Point(60, 50), Point(10, 0))
    tool.mouseUp(Point(60, 50))
    assert sorted((p.x, p.y) for p in font.getLayer("bubble")["O"].contours[0].points) == [(0, 0), (0, 50), (50, 0), (60, 50)]


# -- the kerning window ----------------------------------------------------------------------


def window(rf, font):
    from bubblekern_robofont.window import KerningWindowController

    rf.current_font = font
    return KerningWindowController()


def kerned_in_window(rf, font, left: str, right: str) -> dict[str, str]:
    """The kerning window's results (pair → new value) after kerning the rows ``left`` × ``right``."""
    w = window(rf, font).w
    w.user("leftField", left)
    w.user("rightField", right)
    w.click("addRowButton")
    w.click("kernAllButton")
    return {i["pair"]: i["new"] for i in w.getItem("resultsTable").get()}


def three_boxes():
    return helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700)), "o": (500, (0, 0, 450, 500))})


def test_window_builds_rows_kerns_previews_applies_and_undoes(rf):
    font = three_boxes()
    font.kerning[("A", "V")] = -10
    controller = window(rf, font)
    w = controller.w
    assert w.opened and "rowsTable" in w.items
    w.user("leftField", "A")
    w.user("rightField", "V o")
    w.user("flippedCheckbox", True)
    w.click("addRowButton")
    assert w.getItem("rowsTable").get() == [dict(left="A", right="V o", flipped="yes", count="1 × 2 × 2 = 4 pairs")]
    assert w.getItem("builderCountLabel").get() == "4 pairs"
    w.click("kernAllButton")
    assert rf.progress.closed and rf.progress.texts[0] == "Kerning…" and rf.progress.parent is w
    assert rf.progress.texts[-1] == "Solving pairs: 4 of 4…"
    expected = kern_pairs(font, [("A", "V"), ("A", "o"), ("V", "A"), ("o", "A")]).kept
    items = {i["pair"]: i for i in w.getItem("resultsTable").get()}
    assert items["A V"]["old"] == "-10" and items["A V"]["new"] == str(expected[("A", "V")])
    assert w.getItem("previewLabel").get().startswith("4 pairs solved: ")
    assert dict(font.kerning.items()) == {("A", "V"): -10}  # nothing written before Apply
    w.click("applyButton")
    assert dict(font.kerning.items()) == expected
    w.click("undoApplyButton")
    assert dict(font.kerning.items()) == {("A", "V"): -10}


def test_the_progress_sheet_is_closed_when_kerning_fails_unexpectedly(rf, monkeypatch):
    import bubblekern_robofont.window as window_module

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(window_module, "kern_pairs", broken)
    w = window(rf, three_boxes()).w
    with pytest.raises(RuntimeError, match="a bug"):
        w.click("kernAllButton")
    assert rf.progress.closed and rf.progress.parent is w
    assert not hasattr(rf.progress, "update")  # ezui's progress sheet has none (defconAppKit's had)


def test_window_pop_ups_are_pop_ups_and_no_progress_item(rf):
    """Points 3 and 4: ``(Title ...)`` pop-ups with items=, progress on the controller's sheet
    (no ``* ProgressBar`` item); the groups pop-up shows the stored mode."""
    rf.defaults[defaults.key("groupsMode")] = "groups"
    controller = window(rf, two_boxes())
    w = controller.w
    for name in ("favouritesPopUp", "groupsModePopUp"):
        assert w.getItem(name).kind == "PopUpButton"
    assert w.getItem("groupsModePopUp").get() == 1 and controller.groups_mode() == "groups"
    assert not [i for i in w.items.values() if i.kind == "ProgressBar"]


def test_every_window_control_has_its_own_callback(rf):
    """Point 5: a control without a callback sends to its container's; ticking "Add Flipped"
    used to reach tabsCallback with True (== 1) and switch the pair source."""
    controller = window(rf, two_boxes())
    w = controller.w
    controls = [i for i in w.items.values() if i.kind not in fake_robofont.CONTAINERS | {"Label"} and not i.identifier.startswith("_")]
    assert len(controls) >= 30
    missing = [i.identifier for i in controls if not hasattr(controller, i.identifier + "Callback")]
    assert missing == []
    w.user("tabs", 2)
    assert controller.source_tab == 2
    w.user("flippedCheckbox", True)
    w.user("allowPositiveCheckbox", False)
    w.user("replaceCheckbox", True)
    assert controller.source_tab == 2
    w.user("tabs", 4)  # the Settings tab keeps the last source tab
    assert controller.source_tab == 2


def test_window_flat_text_sample_and_selected_glyphs(rf):
    font = three_boxes()
    font["A"].unicode, font["V"].unicode = 0x41, 0x56
    controller = window(rf, font)
    w = controller.w
    w.user("pairText", "A V\nA Q\n")
    assert w.getItem("textStatusLabel").get() == "1 pair; 1 bad line (2)\nline 2: glyph 'Q' is not in the font"
    w.user("tabs", 1)
    w.click("kernAllButton")
    assert "1 bad line in pair list:\n  pair list, line 2: glyph 'Q' is not in the font" in rf.messages()
    assert rf.progress.closed
    w.user("tabs", 2)
    w.user("sampleField", "AVA")
    assert w.getItem("sampleStatusLabel").get() == "2 pairs"
    assert rf.defaults[defaults.key("sampleText")] == "AVA"
    font._test_selection = ("V",)
    w.user("tabs", 0)  # the empty builder: all pairs of glyphs with bubbles, here touching V
    w.click("kernSelectedButton")
    pairs = {i["pair"] for i in w.getItem("resultsTable").get()}
    assert pairs == {"A V", "V A", "V V", "V o"}  # the default set: no lowercase letter before a capital


def test_a_run_takes_the_tab_shown_even_without_a_tab_callback(rf):
    """The pair source is read from the Tabs item when kerning, so the run is right whether or not ezui calls
    back on a tab switch; on the Settings tab the last source tab shown counts."""
    from bubblekern.interface.sources import source_tab

    font = three_boxes()
    font["A"].unicode, font["V"].unicode = 0x41, 0x56
    controller = window(rf, font)
    w = controller.w
    w.user("sampleField", "AV")
    w.getItem("tabs").set(2)  # the user picks Sample Text; no callback reaches the controller
    w.click("kernAllButton")
    assert {i["pair"] for i in w.getItem("resultsTable").get()} == {"A V"}
    w.getItem("tabs").set(4)  # the Settings tab: still the sample
    w.click("kernAllButton")
    assert {i["pair"] for i in w.getItem("resultsTable").get()} == {"A V"}
    assert [source_tab(x, 3) for x in (0, 2, 4, -1, None, True, "1")] == [0, 2, 3, 3, 3, 3, 3]
    # a Tabs item without get(): the run keeps the source tab its callbacks set
    w.user("tabs", 1)
    w.getItem("tabs").get = None
    w.user("pairText", "V A")
    w.click("kernAllButton")
    assert {i["pair"] for i in w.getItem("resultsTable").get()} == {"V A"}


def test_window_settings_go_to_defaults(rf):
    font = two_boxes()
    controller = window(rf, font)
    w = controller.w
    assert w.getItem("bandField").get() == 20.0 and w.getItem("roundingField").get() == 1
    w.getItem("minKernField").set(0)
    w.user("bandField", 10)
    w.user("rightPartnerField", " V ")
    w.user("showBandsCheckbox", False)
    assert rf.defaults[defaults.key("band")] == 10.0 and rf.defaults[defaults.key("minKern")] == 0
    assert rf.defaults[defaults.key("rightPartner")] == "V" and rf.defaults[defaults.key("showBands")] is False
    assert ("postEvent", ("com.bubblekern.displayDidChange",), {}) in rf.calls
    w.user("bandField", "")  # half-typed: stored settings stay
    assert rf.defaults[defaults.key("band")] == 10.0
    w.user("groupsModePopUp", 1)
    assert rf.defaults[defaults.key("groupsMode")] == "groups"


def test_favourites_come_back_from_cocoa_defaults(rf):
    """Point 6: getExtensionDefault returns NSDictionary/NSArray, not dict/list."""
    from bubblekern_robofont.window import KerningWindowController

    font = two_boxes()
    controller = window(rf, font)
    w = controller.w
    w.user("leftField", "A")
    w.user("rightField", "V")
    w.click("addRowButton")
    w.user("favouriteNameField", "caps")
    w.click("saveFavouriteButton")
    assert rf.defaults[defaults.key("favourites")] == {"caps": [{"left": "A", "right": "V", "flipped": False}]}
    assert isinstance(sys.modules["mojo.extensions"].getExtensionDefault(defaults.key("favourites")), fake_robofont.NSDictionaryLike)
    again = KerningWindowController()  # a new window reads them back
    assert again.w.getItem("favouritesPopUp").items == ["caps"]
    again.w.user("favouritesPopUp", 0)
    again.w.click("loadFavouriteButton")
    assert [(r.left, r.right) for r in again.rows] == [("A", "V")]
    again.w.click("deleteFavouriteButton")
    assert rf.defaults[defaults.key("favourites")] == {}
    assert again.w.getItem("favouritesPopUp").items == ["(no favourites)"]


class Notes:
    def __init__(self):
        self.names = []

    def note(self, notification):
        self.names.append(notification.name)


def test_applying_many_pairs_is_one_kerning_change_and_one_undo_step(rf):
    """Point 7: the kerning object holds its own notifications; the font's hold does not."""
    names = [f"g{i}" for i in range(12)]
    font = helpers.box_font({n: (600, (0, 0, 500, 700)) for n in names})
    controller = window(rf, font)
    w = controller.w
    w.user("leftField", " ".join(names))
    w.user("rightField", " ".join(names))
    w.click("addRowButton")
    w.click("kernAllButton")
    assert len(controller.result.pairs) == 144
    notes = Notes()
    font.kerning.naked().addObserver(notes, "note", "Kerning.Changed")
    w.click("applyButton")
    assert len(font.kerning) == 144
    assert notes.names == ["Kerning.Changed"]
    assert [c[1][0] for c in rf.calls if c[0] == "font.undo"] == ["BubbleKern: Apply Kerning"]
    w.click("undoApplyButton")
    assert len(font.kerning) == 0 and notes.names == ["Kerning.Changed"] * 2


def test_apply_refuses_a_plan_over_the_entry_limit_and_writes_nothing(rf):
    names = [f"g{i}" for i in range(6)]
    font = helpers.box_font({n: (600, (0, 0, 500, 700 - 40 * i)) for i, n in enumerate(names)})
    font.kerning[("g0", "g1")] = -7
    controller = window(rf, font)
    controller.max_entries = 5
    w = controller.w
    w.click("kernAllButton")  # an empty pair source: the default set, every pair of the six
    assert len(controller.result.pairs) == 36
    w.click("applyButton")
    label = w.getItem("previewLabel").get()
    assert label.startswith("Not applied: the font's kerning would hold ") and "more than 5" in label
    assert "the Words tab's pairs" in label  # a window tab there is (the way to a font kerned from nothing)
    from bubblekern_robofont.window import CONTENT

    assert "> Tab: Words" in CONTENT
    assert dict(font.kerning.items()) == {("g0", "g1"): -7}
    assert not [c for c in rf.calls if c[0] == "font.undo"]
    font.kerning[("g0", "nobody")] = -9  # a designer value outside the pair set: it stays and counts
    written = len(controller.result.kept)
    controller.max_entries = written  # what the run writes fits; beside the designer's value it does not
    w.click("applyButton")
    assert f"would hold {written + 1:,} entries ({written:,} written)" in w.getItem("previewLabel").get()
    assert len(font.kerning) == 2
    controller.max_entries = written + 1
    w.click("applyButton")
    assert len(font.kerning) == written + 1 and font.kerning[("g0", "nobody")] == -9


def test_show_hide_bubbles_keeps_an_open_window_in_step(rf):
    from bubblekern_robofont import menu

    controller = window(rf, two_boxes())
    box = controller.w.getItem("showBubblesCheckbox")
    assert box.get() is True
    menu.toggle_bubbles()
    assert box.get() is False
    controller.w.close()  # a closed window listens no more
    menu.toggle_bubbles()
    assert box.get() is False and rf.observers == []


# -- menu items ---------------------------------------------------------------------------------


def test_make_bubbles_dialog_uses_pop_ups(rf):
    """Point 3: ``( ...)`` is a pull-down (no value): Make Bubbles always failed its check."""
    from bubblekern_robofont import menu

    font = helpers.latin_font()
    rf.current_font = font
    font._test_selection = ("H", "O")
    menu.make_bubbles_dialog()
    dialog = rf.opened[-1]
    assert [dialog.w.getItem(n).kind for n in ("adhere", "overwrite", "corner")] == ["PopUpButton"] * 3
    controls = [i.identifier for i in dialog.w.items.values() if i.kind not in fake_robofont.CONTAINERS | {"Label", "HorizontalLine"}]
    assert len(controls) == 7 and [c for c in controls if not hasattr(dialog, c + "Callback")] == []
    dialog.w.user("corner", 1)
    dialog.w.click("makeButton")
    assert rf.messages()[-1].startswith("2 bubbles written"), rf.messages()
    layer = font.getLayer("bubble")
    assert {"H", "O"} <= set(layer.keys()) and len(layer["H"].contours) >= 1
    assert dialog.w.closed


def test_make_bubbles_dialog_starts_from_the_fonts_offsets_or_the_defaults(rf):
    from bubblekern.generate import GENERATE_KEY, default_shape
    from bubblekern_robofont import menu

    font = helpers.latin_font()
    font.removeLayer("bubble")
    rf.current_font = font
    font._test_selection = ("H",)
    menu.make_bubbles_dialog()
    dialog = rf.opened[-1]
    dialog.w.click("makeButton")
    assert font.getLayer("bubble")["H"].lib[GLYPH_KEY]["settings"] == default_shape()  # what auto blends

    # a font whose bubbles were made with other offsets: new ones match them
    font.lib[GENERATE_KEY] = {**font.lib[GENERATE_KEY], "offset_y": 60.0}
    font._test_selection = ("O",)
    menu.make_bubbles_dialog()
    rf.opened[-1].w.click("makeButton")
    assert font.getLayer("bubble")["O"].lib[GLYPH_KEY]["settings"] == {**default_shape(), "offset_y": 60.0}


def test_menu_actions(rf):
    from bubblekern_robofont import menu

    shown = rf.defaults[defaults.key("showBubbles")] = True
    menu.toggle_bubbles()
    assert rf.defaults[defaults.key("showBubbles")] is (not shown)
    font = helpers.latin_font()
    rf.current_font = font
    font._test_selection = ("H", "O")
    menu.make_bubbles_dialog()
    rf.opened[-1].makeButtonCallback(None)
    menu.delete_selected_bubbles()
    assert "H" not in font.getLayer("bubble").keys()
    font._test_selection = ()
    menu.delete_selected_bubbles()
    assert rf.calls[-1] == ("Message", ("BubbleKern",), {"informativeText": "select glyphs in the font window first"})


@pytest.mark.parametrize(
    "script, check",
    [
        ("menu_kerning_window.py", lambda rf: type(rf.opened[-1]).__name__ == "KerningWindowController"),
        ("menu_make_bubbles.py", lambda rf: type(rf.opened[-1]).__name__ == "MakeBubblesController"),
        ("menu_toggle_bubbles.py", lambda rf: rf.defaults[defaults.key("showBubbles")] is False),
        ("menu_delete_bubbles.py", lambda rf: rf.calls[-1][0] == "Message"),
        ("menu_self_test.py", lambda rf: ("Font.close", (), {}) in rf.calls),
    ],
)
def test_menu_scripts_run(rf, script, check, capsys):
    start(rf)
    rf.current_font = two_boxes()
    runpy.run_path(str(LIB / "bubblekern_robofont" / script))
    assert check(rf)
    if script == "menu_self_test.py":  # printed to the Output window
        assert capsys.readouterr().out.splitlines()[-1] == "BubbleKern self-test: 8 passed, 0 failed, 0 skipped"


def block_pathops(monkeypatch):
    import bubblekern

    for name in ("generate", "status", "offset"):  # re-imported without pathops, put back after
        monkeypatch.delitem(sys.modules, "bubblekern." + name, raising=False)
        monkeypatch.delattr(bubblekern, name, raising=False)
    monkeypatch.setitem(sys.modules, "pathops", None)  # import pathops now raises ImportError


def test_make_bubbles_without_pathops_says_what_to_install_and_delete_works(rf, monkeypatch):
    from bubblekern_robofont import menu

    block_pathops(monkeypatch)
    font = helpers.latin_font()
    rf.current_font = font
    menu.make_bubbles_dialog()
    assert rf.opened == []  # no dialog that cannot work
    name, args, kwargs = rf.calls[-1]
    assert name == "Message" and args == ("BubbleKern: skia-pathops is missing",)
    text = kwargs["informativeText"]
    assert "skia-pathops" in text and f"python{sys.version_info[0]}.{sys.version_info[1]} -m pip install --target" in text
    assert "requirements.txt" not in text and "Delete Bubbles" in text
    font._test_selection = ("H",)
    helpers.rect(font.getLayer("bubble").newGlyph("H").getPen(), 0, 0, 100, 100)
    menu.delete_selected_bubbles()
    assert "H" not in font.getLayer("bubble").keys() and rf.messages()[-1] == "0 bubbles written; 1 deleted."


# -- the self-test ------------------------------------------------------------------------------


def test_self_test_passes_every_step_under_the_fakes(rf):
    from bubblekern_robofont.selftest import run

    start(rf)
    lines = []
    results = run(emit=lines.append)
    assert [r.status for r in results] == ["pass"] * 8, "\n".join(lines)
    assert lines[0] == "BubbleKern self-test" and lines[-1] == "BubbleKern self-test: 8 passed, 0 failed, 0 skipped"
    assert ("NewFont", (), {"showInterface": False}) in rf.calls and ("Font.close", (), {}) in rf.calls


def test_self_test_skips_make_bubbles_without_pathops(rf, monkeypatch):
    from bubblekern_robofont.selftest import run

    block_pathops(monkeypatch)
    start(rf)
    lines = []
    results = run(emit=lines.append)
    statuses = {r.name: r.status for r in results}
    assert statuses.pop("make bubbles") == "skip" and set(statuses.values()) == {"pass"}, "\n".join(lines)
    assert "SKIP make bubbles: skia-pathops is not installed" in "\n".join(lines)


def test_a_broken_step_fails_without_stopping_the_others(rf, monkeypatch):
    from bubblekern_robofont import window as window_module
    from bubblekern_robofont.selftest import run

    def broken(self, sender):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(window_module.KerningWindowController, "kernAllButtonCallback", broken)
    start(rf)
    lines = []
    results = run(emit=lines.append)
    statuses = [r.status for r in results]
    assert statuses == ["pass", "pass", "pass", "fail", "fail", "pass", "pass", "pass"], "\n".join(lines)
    assert lines[4].startswith("FAIL kern a few pairs: RuntimeError: solver exploded (test_robofont_layer.py, line")
    assert lines[-1] == "BubbleKern self-test: 6 passed, 2 failed, 0 skipped"


def test_window_words_tab(rf):
    pytest.importorskip("wordfreq")
    from bubblekern.words import pairs_from_words

    font = helpers.box_font({c: (500, (20, 0, 480, 500)) for c in "thea"})
    for c in "thea":
        font[c].unicode = ord(c)
    controller = window(rf, font)
    w = controller.w
    w.user("wordsTopField", 3)
    w.user("wordsField", "en")
    assert w.getItem("wordsStatusLabel").get() == "3 pairs, most frequent first: h/e t/h a/t"
    assert rf.defaults[defaults.key("wordsLanguages")] == "en" and rf.defaults[defaults.key("wordsTop")] == 3
    w.user("tabs", 3)
    assert controller.source_tab == 3
    w.click("kernAllButton")
    expected = pairs_from_words("en", {ord(c): c for c in "thea"}, top=3)
    assert [i["pair"] for i in w.getItem("resultsTable").get()] == [f"{a} {b}" for a, b in expected]


# -- with only what RoboFont ships ----------------------------------------------------------------

WITHOUT_NUMPY = """
import importlib.abc, runpy, sys
from pathlib import Path

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "pathops"):
            raise ModuleNotFoundError("No module named " + repr(name))
        return None

sys.meta_path.insert(0, Block())
tests, lib = Path(sys.argv[1]), Path(sys.argv[2])
sys.path[:0] = [str(tests), str(lib)]
import fake_robofont, helpers
from fake_robofont import Point, Recorder
from fontParts.fontshell import RFont, RGlyph

rf = Recorder()
sys.modules.update(fake_robofont.install(rf))
RGlyph.prepareUndo = lambda self, title="": None
RGlyph.performUndo = lambda self: None
RFont._get_selectedGlyphNames = lambda self: tuple(getattr(self, "_test_selection", ()))
RFont._set_selectedGlyphNames = lambda self, names: setattr(self, "_test_selection", tuple(names))

runpy.run_path(str(lib / "bubblekern_robofont" / "main.py"))
tool = rf.tools[-1]
font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})
font.newGlyph("O").width = 600
rf.current_font = font
editor = rf.open_glyph_editor(font["O"])
for x, y in ((0, 0), (500, 0), (500, 700), (0, 700), (0, 0)):
    tool.mouseDown(Point(x, y), 1)
    tool.mouseUp(Point(x, y))
container = editor.containers["com.bubblekern.overlay"]
assert container.of("path"), "the overlay shows no bubble"
for script in sorted((lib / "bubblekern_robofont").glob("menu_*.py")):
    runpy.run_path(str(script))
window = [c for c in rf.opened if type(c).__name__ == "KerningWindowController"][0]
window.w.user("leftField", "A V O")
window.w.user("rightField", "A V O")
window.w.click("addRowButton")
window.w.click("kernAllButton")
window.w.click("applyButton")
kerning = dict(font.kerning.items())
assert kerning[("A", "V")] == -200, kerning
blocked = sorted(n for n in sys.modules if n.split(".")[0] in ("numpy", "pathops"))
assert not blocked, blocked
print("ok", len(kerning))
"""


def test_extension_runs_without_numpy_and_skia_pathops():
    """Start-up, every menu script, the overlay, the tool and the kerning window (kern and
    apply) with numpy and skia-pathops impossible to import, as in a RoboFont that lacks them."""
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMPY, str(ROOT / "tests"), str(LIB)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == "ok 7"  # A V O × A V O: 7 pairs over the minimum
    assert "BubbleKern self-test: 7 passed, 0 failed, 1 skipped" in run.stdout


def test_window_and_overlay_kern_with_the_value_model_the_fit_stored(rf):
    from bubblekern.settings import LIB_KEY, Settings

    font = two_boxes()
    model = {"strengths": [0.5, 0.5, 0.5, 0.5, 0.5], "blend": [[0, 0, 0.5], [40, 40, 0.5]], "depth_cap": 400}
    font.lib[LIB_KEY] = {**model, "band": "nonsense", "failsafe": "whatever"}  # bad values are ignored one by one
    stored = Settings(strengths=(0.5,) * 5, blend=((0, 0, 0.5), (40, 40, 0.5)), depth_cap=400)
    expected = kern_pairs(font, [("A", "V")], stored).values[0]
    assert expected != kern_pairs(font, [("A", "V")]).values[0] == -200
    assert kerned_in_window(rf, font, "A", "V")["A V"] == str(expected)
    rf.defaults[defaults.key("rightPartner")] = "V"
    rf.defaults[defaults.key("showBands")] = False
    overlay, container = overlay_for(rf, font["A"])
    (label,) = container.of("text_line")
    assert label.properties["text"] == f"\u2212{-expected}"


def test_window_keeps_capital_pairs_by_the_threshold_the_fit_stored(rf):
    from bubblekern.settings import LIB_KEY

    font = two_boxes()
    font["A"].unicode, font["V"].unicode = 0x41, 0x56
    rf.defaults[defaults.key("minKern")] = 300  # the window's own threshold drops A V (−200)
    assert kerned_in_window(rf, font, "A", "V") == {"A V": ""}  # solved, not kept
    font.lib[LIB_KEY] = {"capital_min_kern": 5}  # as bubblekern fit stores it
    assert kerned_in_window(rf, font, "A", "V") == {"A V": "-200"}
    w = window(rf, font).w  # the Settings tab shows it, and a value typed there is the font's
    assert w.getItem("capitalMinKernField").get() == "5" and "under 5 font units" in w.getItem("capitalMinKernLabel").get()
    w.user("capitalMinKernField", "250")
    assert font.lib[LIB_KEY]["capital_min_kern"] == 250
    assert kerned_in_window(rf, font, "A", "V") == {"A V": ""}
    w.user("capitalMinKernField", "-3")  # refused: said in the label, nothing stored
    assert "≥ 0" in w.getItem("capitalMinKernLabel").get() and font.lib[LIB_KEY]["capital_min_kern"] == 250
    w.user("capitalMinKernField", "")  # emptied: as Min Kern again
    assert "capital_min_kern" not in font.lib[LIB_KEY] and "as Min Kern" in w.getItem("capitalMinKernLabel").get()


def test_window_kerns_inside_brackets_only_where_the_font_says_so(rf):
    from bubblekern.settings import LIB_KEY, Settings

    def kerned(font) -> str:
        return kerned_in_window(rf, font, "bracketleft", "o").get("bracketleft o")

    font = helpers.bracket_font()
    free = kern_pairs(font, [("bracketleft", "o")], Settings(kern_inside_brackets=True)).values[0]
    assert free < 0 and kerned(font) == ""  # held at 0 (nothing to write) by default, as on the command line
    font.lib[LIB_KEY] = {"kern_inside_brackets": True}
    assert kerned(font) == str(free)


def test_window_tucks_raised_marks_as_the_font_says(rf):
    from test_raised import ONES, raised_font

    from bubblekern.model import BLEND
    from bubblekern.settings import LIB_KEY

    def kerned(font) -> str:
        return kerned_in_window(rf, font, "quoteright", "o").get("quoteright o")

    font = raised_font()
    font.lib[LIB_KEY] = {"blend": [list(h) for h in BLEND], "strengths": list(ONES)}  # as a fit stores them
    assert kerned(font) == "-40"  # tucked over the o, as kern_pairs does (tests/test_raised.py)
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "tuck_raised": False}
    assert kerned(font) == ""  # the bubbles' margins meet: 0, nothing to write


def test_window_keeps_quotes_clear_of_hanging_ink_as_the_font_says(rf):
    from test_hang import ONES, hook_font

    from bubblekern.model import BLEND
    from bubblekern.settings import LIB_KEY

    def kerned(font) -> str:
        return kerned_in_window(rf, font, "f", "quoteright").get("f quoteright")

    font = hook_font()
    font.lib[LIB_KEY] = {"blend": [list(h) for h in BLEND], "strengths": list(ONES)}  # as a fit stores them
    assert kerned(font) == "60"  # apart by f's hook, as kern_pairs does (tests/test_hang.py)
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "clear_hanging_ink": False}
    assert kerned(font) == ""  # the bubbles alone: 0, nothing to write


def test_window_blends_in_the_reference_fonts_a_fit_recorded(rf, tmp_path):
    from bubblekern.prior import PRIOR_KEY

    font = three_boxes()
    reference = three_boxes()
    reference.kerning[("A", "V")] = -200
    reference.save(str(tmp_path / "Reference.ufo"))
    plain = kerned_in_window(rf, font, "A", "V").get("A V", "0")
    font.lib[PRIOR_KEY] = {"fonts": [str(tmp_path / "Reference.ufo")]}  # as `bubblekern fit --prior` records it
    blended = kerned_in_window(rf, font, "A", "V")["A V"]
    assert int(blended) == helpers.rounded(0.6 * int(plain) - 0.4 * 200)
    font.lib[PRIOR_KEY] = {"fonts": [str(tmp_path / "Gone.ufo")]}  # a reference that moved: kerned without it
    assert kerned_in_window(rf, font, "A", "V").get("A V", "0") == plain


def test_window_chooses_reference_fonts_and_their_weight_for_the_font(rf, tmp_path):
    from bubblekern.prior import PRIOR_KEY, KerningPrior
    from bubblekern.settings import LIB_KEY, Settings

    font = three_boxes()
    font.save(str(tmp_path / "Font.ufo"))
    reference = three_boxes()
    reference.kerning[("A", "V")] = -200
    (tmp_path / "refs").mkdir()
    reference.save(str(tmp_path / "refs" / "Reference.ufo"))
    (tmp_path / "Broken.ttf").write_bytes(b"not a font")
    plain = int(kerned_in_window(rf, font, "A", "V").get("A V", "0"))
    controller = window(rf, font)
    w = controller.w
    assert w.getItem("referencesLabel").get() == "No reference fonts: kerned from the bubbles alone."
    rf.chosen_files = None  # Cancel: nothing recorded
    w.click("addReferencesButton")
    assert PRIOR_KEY not in font.lib
    rf.chosen_files = [str(tmp_path / "refs" / "Reference.ufo"), str(tmp_path / "Broken.ttf")]
    w.click("addReferencesButton")
    get_file = [c for c in rf.calls if c[0] == "GetFile"][-1][2]
    assert get_file["allowsMultipleSelection"] is True and set(get_file["fileTypes"]) == {"ufo", "ufoz", "ttf", "otf"}
    assert font.lib[PRIOR_KEY] == {"fonts": ["refs/Reference.ufo"]}  # relative to the font, as `fit --prior` records
    assert "Broken.ttf" in rf.messages()[-1]  # named, not recorded
    assert w.getItem("referencesLabel").get() == "1 reference font, BubbleKern's share 0.6: Reference.ufo"
    w.click("addReferencesButton")  # the same reference again: recorded once
    assert font.lib[PRIOR_KEY] == {"fonts": ["refs/Reference.ufo"]}
    expected = kern_pairs(font, [("A", "V")], prior=KerningPrior.from_fonts([tmp_path / "refs" / "Reference.ufo"]))
    assert int(kerned_in_window(rf, font, "A", "V")["A V"]) == expected.as_dict()[("A", "V")] == helpers.rounded(0.6 * plain - 80)
    w.user("leftField", "A")
    w.user("rightField", "V")
    w.click("addRowButton")
    w.click("kernAllButton")  # the preview says the prior was blended in
    assert "Blended with the reference fonts' kerning: 1 pair they cover (BubbleKern's share 0.6)." in (
        w.getItem("previewLabel").get())
    w.user("priorWeightField", "2")
    assert "from 0 to 1" in w.getItem("referencesLabel").get() and "prior_weight" not in font.lib.get(LIB_KEY, {})
    w.user("priorWeightField", "0.8")
    assert font.lib[LIB_KEY]["prior_weight"] == 0.8
    blended = kern_pairs(font, [("A", "V")], Settings(prior_weight=0.8),
                         prior=KerningPrior.from_fonts([tmp_path / "refs" / "Reference.ufo"])).as_dict()[("A", "V")]
    assert int(kerned_in_window(rf, font, "A", "V")["A V"]) == blended == helpers.rounded(0.8 * plain - 40)
    other = three_boxes()  # another font made current: kerning it shows its references (none)
    rf.current_font = other
    w.click("kernAllButton")
    assert w.getItem("referencesLabel").get().startswith("No reference fonts")
    window(rf, font).w.click("removeReferencesButton")
    assert PRIOR_KEY not in font.lib and "prior_weight" not in font.lib.get(LIB_KEY, {})
    assert int(kerned_in_window(rf, font, "A", "V").get("A V", "0")) == plain


def test_window_uses_the_prior_weight_a_fit_stored(rf, tmp_path):
    from bubblekern.prior import PRIOR_KEY
    from bubblekern.settings import LIB_KEY

    font = three_boxes()
    reference = three_boxes()
    reference.kerning[("A", "V")] = -200
    reference.save(str(tmp_path / "Reference.ufo"))
    plain = int(kerned_in_window(rf, font, "A", "V").get("A V", "0"))
    font.lib[PRIOR_KEY] = {"fonts": [str(tmp_path / "Reference.ufo")]}
    font.lib[LIB_KEY] = {"prior_weight": 0.3}  # as `bubblekern fit --prior --prior-weight 0.3` stores it
    assert int(kerned_in_window(rf, font, "A", "V")["A V"]) == helpers.rounded(0.3 * plain - 140)
    assert window(rf, font).w.getItem("priorWeightField").get() == "0.3"


def test_window_kerns_a_quote_after_a_stop_as_a_fit_stored_it(rf):
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.settings import LIB_KEY

    font = helpers.latin_font()
    make_bubbles(font, None, GenerateSettings())
    assert kerned_in_window(rf, font, "period", "quoteright") == {"period quoteright": ""}  # the fail-safe: 0, not written
    font.lib[LIB_KEY] = {"stop_raised": -68}  # as `bubblekern fit` stores it from a model pair such as .’
    assert kerned_in_window(rf, font, "period", "quoteright")["period quoteright"] == "-68"
    w = window(rf, font).w  # the Settings tab shows it, and a value typed there is the font's
    assert w.getItem("stopRaisedField").get() == "-68" and w.getItem("stopRaisedLabel").get().startswith("-68 per 1000")
    w.user("stopRaisedField", "-40")
    assert font.lib[LIB_KEY]["stop_raised"] == -40
    assert kerned_in_window(rf, font, "period", "quoteright")["period quoteright"] == "-40"
    w.user("stopRaisedField", "-4000")  # refused: said in the label, nothing stored
    assert "-500 to 500" in w.getItem("stopRaisedLabel").get() and font.lib[LIB_KEY]["stop_raised"] == -40
    rf.current_font = other = helpers.latin_font()  # another font: its own (none) shown after it is kerned
    w.click("kernAllButton")
    assert w.getItem("stopRaisedField").get() == "" and "the fail-safe" in w.getItem("stopRaisedLabel").get()
    assert LIB_KEY not in other.lib
    rf.current_font = font
    w.click("kernAllButton")
    w.user("stopRaisedField", "")  # emptied: the fail-safe again
    assert "stop_raised" not in font.lib[LIB_KEY]


def test_window_loads_a_pair_list_file(rf, tmp_path):
    font = three_boxes()
    (tmp_path / "pairs.txt").write_text("A V\nV o\n", encoding="utf-8")
    for chosen in (str(tmp_path / "pairs.txt"), [str(tmp_path / "pairs.txt")]):  # a path, or a list of one
        w = window(rf, font).w
        rf.chosen_files = chosen
        w.click("loadFileButton")
        assert w.getItem("pairText").get() == "A V\nV o\n" and w.getItem("textStatusLabel").get() == "2 pairs"
    assert not [c for c in rf.calls if c[0] == "GetFile"][-1][2].get("allowsMultipleSelection")


def test_window_blends_default_generated_bubbles_as_the_command_line_does(rf):
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.model import BLEND, BLEND_STRENGTHS
    from bubblekern.settings import Settings

    font = helpers.latin_font()
    font.removeLayer("bubble")
    make_bubbles(font, None, GenerateSettings())
    pairs = [("T", "o"), ("A", "V")]
    blended = kern_pairs(font, pairs, Settings(blend=BLEND, strengths=BLEND_STRENGTHS)).as_dict()
    assert blended != kern_pairs(font, pairs).as_dict()
    items = kerned_in_window(rf, font, "T A", "o V")
    assert items["T o"] == str(blended[("T", "o")]) and items["A V"] == str(blended[("A", "V")])


def test_the_fake_reads_ezui_buttons_as_the_api_authors_write_them():
    """``(Title ...)`` and ``( ...)`` are pop-ups (Space Ranger, Paste Glyph, RoboFont's ezui hackathon),
    ``(...)`` a pull-down (Guide Tool), ``((...))`` an action button; a pop-up takes ``selected=``."""
    assert fake_robofont._classify("(Choose ...)") == ("PopUpButton", "Choose")
    assert fake_robofont._classify("( ...)") == ("PopUpButton", None)
    assert fake_robofont._classify("(...)") == ("PullDownButton", None)
    assert fake_robofont._classify("((...))") == ("ActionButton", None)
    assert fake_robofont._classify("|---|") == ("Table", None)  # RoboFont's Batch
    assert fake_robofont._classify("[[_ _]]") == ("TextEditor", None)  # Workspaces
    w = fake_robofont.FakeWindow(content="( ...) @fonts", descriptionData=dict(fonts=dict(items=["A", "B"], selected=1)))
    assert w.getItem("fonts").get() == 1
    with pytest.raises(ValueError, match="takes no description key 'itemDescriptions'"):
        fake_robofont.FakeWindow(content="( ...) @fonts", descriptionData=dict(fonts=dict(itemDescriptions=[])))


def test_the_fake_nests_tabs_as_the_api_authors_write_them():
    """``> Tab: Title`` lines, no star, in a ``* Tabs`` among other items (the ezui author's Freeze Dryer);
    ``* Tab: Title @id`` lines at the top of a ``= Tabs`` content (RoboFont's Batch). Either form in the
    other's place, a tab outside a Tabs, or anything but tabs directly in one, is refused."""
    w = fake_robofont.FakeWindow(content="* Tabs @tabs\n> Tab: One\n>> [_ _] @field\n> Tab: Two = HorizontalStack\n"
                                 ">> ( Go ) @go\n( Stop ) @stop")
    one, two = (item for item in w.items.values() if item.kind == "Tab")
    assert (one.title, two.title) == ("One", "Two") and one.parent is two.parent is w.getItem("tabs")
    assert w.getItem("field").parent is one and w.getItem("go").parent is two
    assert w.getItem("stop").parent is w.content_item
    w = fake_robofont.FakeWindow(content="= Tabs\n* Tab: Desktop = TwoColumnForm @desktopForm\n> [_ _] @field")
    assert w.getItem("desktopForm").parent is w.content_item and w.getItem("field").parent is w.getItem("desktopForm")
    for content in ("* Tabs @tabs\n> * Tab: One @one", "* Tabs @tabs\n> Tab: One @one", "= Tabs\nTab: One"):
        with pytest.raises(ValueError, match="the API's authors write a tab there as"):
            fake_robofont.FakeWindow(content=content)
    for content in ("* Tab: One @one", "Tab: One", "* Tabs @tabs\n> [_ _] @field", "* HorizontalStack\n> Tab: One"):
        with pytest.raises(ValueError, match="a Tabs item holds Tab items"):
            fake_robofont.FakeWindow(content=content)


def test_the_fakes_glyph_editor_hands_back_robofonts_own_glyph(rf):
    """A glyph editor's getGlyph() is RoboFont's own (defcon) glyph: fontParts only through asFontParts()
    (the Subscriber author's Laser Measure, the documentation author's xTools4); the overlay wraps it."""
    font = two_boxes()
    overlay, _ = overlay_for(rf, font["A"])
    own = overlay.getGlyphEditor().getGlyph()
    assert not hasattr(own.font, "naked") and not hasattr(own.font, "getLayer")
    assert own.asFontParts() == font["A"] and own.name == "A"
    assert overlay._glyph() == font["A"] and overlay._glyph().font.layerOrder == font.layerOrder
    with pytest.raises(AssertionError):  # registerSubscriberEvent refuses a name registered already
        sys.modules["mojo.subscriber"].registerSubscriberEvent(subscriberEventName=next(iter(rf.events)))


def test_the_fake_refuses_a_misspelt_merz_property():
    container = fake_robofont.FakeContainer("test", "background", True)
    container.appendPathSublayer(fillColor=None, strokeColor=(0, 0, 0, 1), strokeWidth=1)
    with pytest.raises(TypeError, match="strokeColour"):
        container.appendPathSublayer(strokeColour=(0, 0, 0, 1))


def test_apply_in_a_font_with_kern_groups_writes_class_kerning_as_the_command_line(rf, tmp_path):
    """Glyph pairs in a grouped font are each an exception; Apply writes what `bubblekern kern` writes, with
    numpy and without it (tests/test_without_numpy.py runs this module again with numpy blocked: the window then
    plans in plain Python, and the command line, in a child process with numpy, must still agree)."""
    from bubblekern.groups import resolve_pair

    boxes = {"H": (600, (0, 0, 600, 700)), "I": (600, (0, 0, 600, 700)), "O": (600, (60, 0, 540, 700)),
             "Q": (600, (60, 0, 540, 700)), "V": (600, (100, 0, 500, 700)), "W": (600, (100, 0, 500, 700))}
    font = helpers.box_font(boxes)
    for side in ("public.kern1.", "public.kern2."):
        font.groups[side + "O"] = ["O", "Q"]
        font.groups[side + "V"] = ["V", "W"]
    font.kerning[("H", "I")] = -7  # a designer value; the run solves H I to 0 and, updating, keeps it
    path = helpers.save(font, tmp_path)
    env = {k: v for k, v in os.environ.items() if k != blocked_imports.ENV}  # the command line has numpy
    subprocess.run([sys.executable, "-m", "bubblekern", "kern", str(path)], check=True, env=env,
                   capture_output=True)  # on a copy on disk
    written_by_cli = dict(RFont(str(path)).kerning.items())
    controller = window(rf, font)
    w = controller.w
    w.click("kernAllButton")
    rows = {(r.left, r.right): r for r in controller.rows_shown}
    result = controller.result
    assert rows[("H", "I")].old == -7 and rows[("Q", "W")].new == result.kept[("Q", "W")]
    w.click("applyButton")
    assert w.getItem("previewLabel").get().startswith("Applied: ") and "numpy" not in w.getItem("previewLabel").get()
    kerning = dict(font.kerning.items())
    assert kerning == written_by_cli
    assert ("public.kern1.O", "public.kern2.V") in kerning and ("Q", "W") not in kerning  # a class pair
    assert len(kerning) < len(result.kept)
    groups = {k: list(v) for k, v in font.groups.items()}
    for (left, right), value in result.kept.items():
        assert -5 <= resolve_pair(kerning, groups, left, right) - value <= 20
    assert kerning[("H", "I")] == -7
    w.click("undoApplyButton")
    assert dict(font.kerning.items()) == {("H", "I"): -7}




def test_kern_all_reads_the_glyphs_not_loaded_from_their_files_and_kerns_as_loaded_ones(rf, tmp_path):
    """The window's run (the default pair set, then the solve) reads each glyph RoboFont has not loaded once, from
    its file, and leaves it unloaded (``bubblekern.glyphfiles``); its values are those of the font fully loaded."""
    from bubblekern import open_font

    def kern_all(font) -> dict[str, str]:
        w = window(rf, font).w
        w.click("kernAllButton")  # an empty builder: every pair of the glyphs with bubbles
        return {i["pair"]: i["new"] for i in w.getItem("resultsTable").get()}

    source = helpers.latin_font()
    for glyph in source:  # a bubble around each outline
        if glyph.bounds:
            xMin, yMin, xMax, yMax = glyph.bounds
            bubble = source.getLayer("bubble").newGlyph(glyph.name)
            bubble.width = glyph.width
            helpers.rect(bubble.getPen(), max(xMin - 40, 0), yMin - 30, min(xMax + 40, glyph.width), yMax + 30)
    ufo = helpers.save(source, tmp_path, "Read.ufo")
    loaded = open_font(ufo)
    for layer in loaded.layers:
        list(layer.naked())  # every glyph loaded into defcon
    helpers.add_glyph(loaded, "I", 300, bubble=lambda p: helpers.rect(p, 20, 0, 280, 700))  # in memory only
    expected = kern_all(loaded)
    font = open_font(ufo)
    helpers.add_glyph(font, "I", 300, bubble=lambda p: helpers.rect(p, 20, 0, 280, 700))
    assert kern_all(font) == expected and "I I" in expected and len(expected) > 50
    assert set(font.naked().layers.defaultLayer._glyphs) == {"I"}  # defcon's table: only the glyph made in memory
