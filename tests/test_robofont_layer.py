"""The RoboFont layer: engine imports without RoboFont, UI modules compile, and with fake
mojo/merz/ezui modules the overlay, tool, window, menu and start-up make the right calls
on real fontshell fonts."""

from __future__ import annotations

import ast
import runpy
import subprocess
import sys
import textwrap
from pathlib import Path

import fake_robofont
import pytest
from fake_robofont import FakeBaseEventTool, FakeGlyphEditor, FakeSubscriber, Point, Recorder
from fontParts.fontshell import RFont, RGlyph

from bubblekern import FontBubbles, kern_pairs
from bubblekern.interface import defaults
from bubblekern.interface.colors import DEFAULT_COLORS, LAYER_COLOR

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


def test_engine_import_without_numpy_says_what_to_install():
    init = (LIB / "bubblekern" / "__init__.py").read_text(encoding="utf-8")
    if "_requirements" not in init:
        pytest.skip("bubblekern/__init__.py does not import _requirements first yet")
    script = textwrap.dedent(
        """
        import importlib.abc, sys

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "numpy":
                    raise ModuleNotFoundError("No module named 'numpy'")
                return None

        sys.meta_path.insert(0, Block())
        try:
            import bubblekern
        except ImportError as error:
            print(error)
        """
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert "BubbleKern needs numpy>=1.24" in run.stdout and "pip install numpy>=1.24" in run.stdout, run.stdout + run.stderr


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: p.name)
def test_ui_modules_compile(path):
    source = path.read_text(encoding="utf-8")
    compile(ast.parse(source, str(path)), str(path), "exec")


def test_ui_modules_import_robofont_only_as_documented():
    allowed = {"mojo", "merz", "ezui", "bubblekern", "bubblekern_robofont", "__future__"}
    for path in UI_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module.split(".")[0] in allowed, (path.name, node.module)
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in allowed for a in node.names), path.name


# -- with fake RoboFont modules --------------------------------------------------------------


@pytest.fixture
def rf(monkeypatch):
    recorder = Recorder()
    for name, module in fake_robofont.install(recorder).items():
        monkeypatch.setitem(sys.modules, name, module)
    # RoboFont's RGlyph has prepareUndo/performUndo and its RFont a font-window selection
    monkeypatch.setattr(RGlyph, "prepareUndo", lambda self, title="": recorder.calls.append(("prepareUndo", (self.name, title), {})), raising=False)
    monkeypatch.setattr(RGlyph, "performUndo", lambda self: recorder.calls.append(("performUndo", (self.name,), {})), raising=False)
    monkeypatch.setattr(RFont, "_get_selectedGlyphNames", lambda self: tuple(getattr(self, "_test_selection", ())), raising=False)
    fake_robofont.forget_ui_modules()
    from bubblekern.interface.defaults import registered_defaults

    recorder.defaults.update(registered_defaults())
    yield recorder
    fake_robofont.forget_ui_modules()


def two_boxes():
    return helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})


def overlay_for(glyph):
    from bubblekern_robofont.overlay import CONTAINER, BubbleOverlay

    editor = FakeGlyphEditor(glyph)
    FakeSubscriber.editor = editor
    overlay = BubbleOverlay()
    return overlay, editor.containers[CONTAINER]


def test_overlay_draws_bubble_and_bands(rf):
    font = two_boxes()
    overlay, container = overlay_for(font["A"])
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
    assert container.of("text") == []
    assert {(g.layer.name, g.name) for g in overlay.adjuncts} == {("bubble", "A")}


def test_overlay_with_partner_shows_collision_and_value(rf):
    font = two_boxes()
    rf.defaults[defaults.key("rightPartner")] = "V"
    rf.defaults[defaults.key("showBands")] = False
    overlay, container = overlay_for(font["A"])
    own, neighbour, band = container.of("path")
    assert neighbour.properties["fillColor"] == DEFAULT_COLORS["neighbourFill"]
    assert neighbour.pen.value[0] == ("moveTo", ((500.0, 0.0),))  # V's bubble (x 100) set at 600 - 200
    assert band.properties["fillColor"] == DEFAULT_COLORS["collisionFill"]
    assert [args[0] for _, args in band.pen.value[:4]] == [(0.0, 0.0), (1000.0, 0.0), (1000.0, 20.0), (0.0, 20.0)]
    (label,) = container.of("text")
    assert label.properties["text"] == "\u2212200" and label.properties["position"] == (500.0, 20.0)
    assert kern_pairs(font, [("A", "V")]).kept[("A", "V")] == -200
    observed = {(g.layer.name, g.name) for g in overlay.adjuncts}
    assert observed == {("bubble", "A"), ("public.default", "V"), ("bubble", "V")}


def test_overlay_redraws_on_edits_and_hides_when_toggled(rf):
    font = two_boxes()
    overlay, container = overlay_for(font["A"])
    bubble_glyph = font.getLayer("bubble")["A"]
    bubble_glyph.clearContours()
    helpers.rect(bubble_glyph.getPen(), 0, 0, 300, 100)
    overlay.adjunctGlyphDidChange({})
    bands = container.of("path")[1:]
    assert len(bands) == 5 and bands[0].pen.value[1] == ("lineTo", ((300.0, 0.0),))
    rf.defaults[defaults.key("showBubbles")] = False
    overlay.bubbleKernDisplayDidChange({})
    assert container.sublayers == [] and overlay.adjuncts == []
    overlay.destroy()
    assert container.sublayers == []


def test_overlay_on_glyph_without_bubble_layer_draws_nothing(rf):
    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 500)
    overlay, container = overlay_for(font["A"])
    assert container.sublayers == []
    overlay, container = overlay_for(None)
    assert container.sublayers == []


def undo_calls(rf):
    return [c[0] for c in rf.calls if c[0] in ("prepareUndo", "performUndo")]


def test_tool_draws_a_closed_bubble_with_undo_steps(rf):
    from bubblekern_robofont.tool import BubbleTool

    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 600)
    FakeBaseEventTool.glyph = font["A"]
    tool = BubbleTool()
    assert tool.getToolbarTip() == "BubbleKern Bubble Tool"
    assert tool.getToolbarIcon() == "<image toolbarIcon>"
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


def test_tool_drag_makes_curves_and_edits_points(rf):
    from bubblekern_robofont.tool import BubbleTool

    font = helpers.new_font()
    helpers.add_glyph(font, "O", 600, bubble=lambda p: helpers.rect(p, 0, 0, 100, 100))
    FakeBaseEventTool.glyph = font["O"]
    tool = BubbleTool()
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
    # select a node of the first contour and delete it with the Delete key
    tool.mouseDown(Point(0, 100), 1)
    tool.mouseUp(Point(0, 100))
    tool.keyDown({"keyDown": "\x7f"})
    assert len(font.getLayer("bubble")["O"].contours[0].points) == 3
    tool.keyDown({"keyDown": "x"})  # other keys do nothing
    assert undo_calls(rf)[-2:] == ["prepareUndo", "performUndo"]
    # an edit behind the tool's back (undo, another tool) is picked up on the next click
    bubble = font.getLayer("bubble")["O"]
    bubble.clearContours()
    helpers.rect(bubble.getPen(), 0, 0, 50, 50)
    tool.mouseDown(Point(50, 50), 1)
    tool.mouseDragged(Point(60, 50), Point(10, 0))
    tool.mouseUp(Point(60, 50))
    assert sorted((p.x, p.y) for p in font.getLayer("bubble")["O"].contours[0].points) == [(0, 0), (0, 50), (50, 0), (60, 50)]


def test_tool_keys_do_not_create_layers(rf):
    from bubblekern_robofont.tool import BubbleTool

    font = helpers.new_font(layer=None)
    helpers.add_glyph(font, "A", 600)
    FakeBaseEventTool.glyph = font["A"]
    tool = BubbleTool()
    tool.keyDown({"keyDown": "\x7f"})
    tool.keyDown({"keyDown": "a"})
    assert "bubble" not in font.layerOrder


def window(rf, font):
    from bubblekern_robofont.window import KerningWindowController

    rf.current_font = font
    return KerningWindowController()


def test_window_builds_rows_kerns_previews_applies_and_undoes(rf):
    font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700)), "o": (500, (0, 0, 450, 500))})
    font.kerning[("A", "V")] = -10
    controller = window(rf, font)
    w = controller.w
    assert w.opened and "rowsTable" in w.items and "progressBar" in w.items
    w.getItem("leftField").set("A")
    w.getItem("rightField").set("V o")
    w.getItem("flippedCheckbox").set(True)
    controller.addRowButtonCallback(None)
    assert w.getItem("rowsTable").get() == [dict(left="A", right="V o", flipped="yes", count="1 × 2 × 2 = 4 pairs")]
    assert w.getItem("builderCountLabel").get() == "4 pairs"
    controller.kernAllButtonCallback(None)
    progress = w.getItem("progressBar").history
    assert progress[-1] == 100 and progress == sorted(progress)
    expected = kern_pairs(font, [("A", "V"), ("A", "o"), ("V", "A"), ("o", "A")]).kept
    items = {i["pair"]: i for i in w.getItem("resultsTable").get()}
    assert items["A V"]["old"] == "-10" and items["A V"]["new"] == str(expected[("A", "V")])
    assert w.getItem("previewLabel").get().startswith("4 pairs solved: ")
    assert dict(font.kerning.items()) == {("A", "V"): -10}  # nothing written before Apply
    controller.applyButtonCallback(None)
    assert dict(font.kerning.items()) == expected
    controller.undoApplyButtonCallback(None)
    assert dict(font.kerning.items()) == {("A", "V"): -10}


def test_window_flat_text_sample_and_selected_glyphs(rf):
    font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700)), "o": (500, (0, 0, 450, 500))})
    font["A"].unicode, font["V"].unicode = 0x41, 0x56
    controller = window(rf, font)
    w = controller.w
    w.getItem("pairText").set("A V\nA Q\n")
    controller.pairTextCallback(w.getItem("pairText"))
    assert w.getItem("textStatusLabel").get() == "1 pair; 1 bad line (2)\nline 2: glyph 'Q' is not in the font"
    w.getItem("tabs").set(1)
    controller.tabsCallback(w.getItem("tabs"))
    controller.kernAllButtonCallback(None)
    assert ("Message", ("BubbleKern",), {"informativeText": "1 bad line in pair list:\n  pair list, line 2: glyph 'Q' is not in the font"}) in rf.calls
    w.getItem("tabs").set(2)
    controller.tabsCallback(w.getItem("tabs"))
    w.getItem("sampleField").set("AVA")
    controller.sampleFieldCallback(w.getItem("sampleField"))
    assert w.getItem("sampleStatusLabel").get() == "2 pairs"
    assert rf.defaults[defaults.key("sampleText")] == "AVA"
    font._test_selection = ("V",)
    w.getItem("tabs").set(4)  # the Settings tab keeps the last source tab
    controller.tabsCallback(w.getItem("tabs"))
    assert controller.source_tab == 2
    w.getItem("tabs").set(0)  # the empty builder: all pairs of glyphs with bubbles, here touching V
    controller.tabsCallback(w.getItem("tabs"))
    controller.kernSelectedButtonCallback(None)
    pairs = {i["pair"] for i in w.getItem("resultsTable").get()}
    assert pairs == {"A V", "V A", "V V", "V o", "o V"}


def test_window_settings_and_favourites_go_to_defaults(rf):
    font = two_boxes()
    controller = window(rf, font)
    w = controller.w
    assert w.getItem("bandField").get() == 20.0 and w.getItem("roundingField").get() == 1
    w.getItem("bandField").set(10)
    w.getItem("minKernField").set(0)
    w.getItem("rightPartnerField").set(" V ")
    w.getItem("showBandsCheckbox").set(False)
    controller.settingsFormCallback(None)
    assert rf.defaults[defaults.key("band")] == 10.0 and rf.defaults[defaults.key("minKern")] == 0
    assert rf.defaults[defaults.key("rightPartner")] == "V" and rf.defaults[defaults.key("showBands")] is False
    assert ("postEvent", ("com.bubblekern.displayDidChange",), {}) in rf.calls
    w.getItem("bandField").set("")  # half-typed: stored settings stay
    controller.settingsFormCallback(None)
    assert rf.defaults[defaults.key("band")] == 10.0
    w.getItem("leftField").set("A")
    w.getItem("rightField").set("V")
    controller.addRowButtonCallback(None)
    w.getItem("favouriteNameField").set("caps")
    controller.saveFavouriteButtonCallback(None)
    assert rf.defaults[defaults.key("favourites")] == {"caps": [{"left": "A", "right": "V", "flipped": False}]}
    controller.clearRowsButtonCallback(None)
    w.getItem("favouritesPopUp").set(0)
    controller.loadFavouriteButtonCallback(None)
    assert [r.left for r in controller.rows] == ["A"]
    controller.deleteFavouriteButtonCallback(None)
    assert rf.defaults[defaults.key("favourites")] == {}


def test_menu_actions(rf):
    from bubblekern_robofont import menu

    shown = rf.defaults[defaults.key("showBubbles")]
    menu.toggle_bubbles()
    assert rf.defaults[defaults.key("showBubbles")] is (not shown)
    font = helpers.latin_font()
    rf.current_font = font
    font._test_selection = ("H", "O")
    menu.make_bubbles_dialog()
    dialog = rf.opened[-1]
    dialog.makeButtonCallback(None)
    layer = font.getLayer("bubble")
    assert {"H", "O"} <= set(layer.keys()) and len(layer["H"].contours) >= 1
    assert dialog.w.closed
    menu.delete_selected_bubbles()
    assert "H" not in font.getLayer("bubble").keys()
    font._test_selection = ()
    menu.delete_selected_bubbles()
    assert rf.calls[-1] == ("Message", ("BubbleKern",), {"informativeText": "select glyphs in the font window first"})


def test_main_script_registers_everything(rf):
    runpy.run_path(str(LIB / "bubblekern_robofont" / "main.py"))
    names = [c[0] for c in rf.calls]
    assert names == ["registerExtensionDefaults", "registerSubscriberEvent", "registerGlyphEditorSubscriber", "installTool"]
    event = rf.calls[1][2]
    assert event["subscriberEventName"] == "com.bubblekern.displayDidChange"
    assert event["methodName"] == "bubbleKernDisplayDidChange" and event["dispatcher"] == "roboFont"
    assert rf.calls[2][1][0].__name__ == "BubbleOverlay"
    assert type(rf.calls[3][1][0]).__name__ == "BubbleTool"


@pytest.mark.parametrize(
    "script, check",
    [
        ("menu_kerning_window.py", lambda rf: type(rf.opened[-1]).__name__ == "KerningWindowController"),
        ("menu_make_bubbles.py", lambda rf: type(rf.opened[-1]).__name__ == "MakeBubblesController"),
        ("menu_toggle_bubbles.py", lambda rf: rf.defaults[defaults.key("showBubbles")] is False),
        ("menu_delete_bubbles.py", lambda rf: rf.calls[-1][0] == "Message"),
    ],
)
def test_menu_scripts_run(rf, script, check):
    rf.current_font = two_boxes()
    runpy.run_path(str(LIB / "bubblekern_robofont" / script))
    assert check(rf)


def test_make_bubbles_without_pathops_says_what_to_install(rf, monkeypatch):
    from bubblekern_robofont import menu

    monkeypatch.delitem(sys.modules, "bubblekern.generate", raising=False)
    monkeypatch.setitem(sys.modules, "pathops", None)  # import pathops now raises ImportError
    rf.current_font = two_boxes()
    menu.make_bubbles_dialog()
    rf.opened[-1].makeButtonCallback(None)
    name, args, kwargs = rf.calls[-1]
    assert name == "Message" and "skia-pathops>=0.8" in kwargs["informativeText"]
    menu.delete_selected_bubbles()
    assert "skia-pathops" in rf.calls[-1][2]["informativeText"]


def test_applying_is_one_entry_in_robofonts_font_undo(rf, monkeypatch):
    """RoboFont's RFont has prepareUndo/performUndo (fontshell's has not: stand them in)."""
    from fontParts.fontshell import RFont

    from bubblekern.interface.preview import plan_from_result
    from bubblekern_robofont.window import edit_kerning

    font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})
    calls = []
    monkeypatch.setattr(RFont, "prepareUndo", lambda self, title="": calls.append(("prepare", title, dict(self.kerning.items()))), raising=False)
    monkeypatch.setattr(RFont, "performUndo", lambda self: calls.append(("perform", dict(self.kerning.items()))), raising=False)
    result = kern_pairs(font, [("A", "V")])
    undo = edit_kerning(font, plan_from_result(result, {}, "update"), "BubbleKern: Apply Kerning")
    assert calls == [("prepare", "BubbleKern: Apply Kerning", {}), ("perform", {("A", "V"): -200})]
    edit_kerning(font, undo)
    assert dict(font.kerning.items()) == {}


def test_window_words_tab(rf):
    pytest.importorskip("wordfreq")
    from bubblekern.words import pairs_from_words

    font = helpers.box_font({c: (500, (20, 0, 480, 500)) for c in "thea"})
    for c in "thea":
        font[c].unicode = ord(c)
    controller = window(rf, font)
    w = controller.w
    w.getItem("wordsField").set("en")
    w.getItem("wordsTopField").set(3)
    controller.wordsFieldCallback(w.getItem("wordsField"))
    assert w.getItem("wordsStatusLabel").get() == "3 pairs, most frequent first: h/e t/h a/t"
    assert rf.defaults[defaults.key("wordsLanguages")] == "en" and rf.defaults[defaults.key("wordsTop")] == 3
    w.getItem("tabs").set(3)
    controller.tabsCallback(w.getItem("tabs"))
    controller.kernAllButtonCallback(None)
    expected = pairs_from_words("en", {ord(c): c for c in "thea"}, top=3)
    assert [i["pair"] for i in w.getItem("resultsTable").get()] == [f"{a} {b}" for a, b in expected]
