"""Extensions > BubbleKern > Run Self-Test: what only a live RoboFont can check, on a scratch font.

Every step drives the extension's own code (the kerning window's callbacks, the bubble
tool's mouse handlers, the menu actions) and prints one PASS/FAIL/SKIP line to the Output
window; a failing step does not stop the others. The scratch font is made with
``NewFont(showInterface=False)`` and closed at the end; the defaults the steps touch are put
back. Making bubbles is skipped, with the reason, when skia-pathops is not installed.
"""

from __future__ import annotations

from types import SimpleNamespace

from mojo.extensions import getExtensionDefault, setExtensionDefault
from mojo.roboFont import NewFont

from bubblekern.interface import defaults
from bubblekern.interface.generation import pathops_missing
from bubblekern.interface.selftest import Skip, draw_scratch_glyphs, run_steps
from bubblekern.kerning import kern_pairs

__all__ = ["run", "steps"]

get_default = defaults.plain_reader(getExtensionDefault)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def steps(ctx) -> list[tuple[str, object]]:
    """The self-test's ``(name, step)`` list; the steps share ``ctx`` (its ``font``)."""

    def scratch_font():
        ctx.font = NewFont(familyName="BubbleKern Self-Test", styleName="Scratch", showInterface=False)
        draw_scratch_glyphs(ctx.font)
        _check(set(ctx.font.keys()) == {"A", "V", "O"}, "scratch glyphs missing")

    def draw_bubbles_with_tool():
        from .tool import BubbleTool

        tool = BubbleTool()
        for name in ("A", "V", "O"):
            glyph = ctx.font[name]
            tool.glyph_override = glyph
            tool.becomeActive()
            (x0, y0, x1, y1) = glyph.bounds
            corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]  # the last click closes
            for x, y in corners:
                point = SimpleNamespace(x=x, y=y)
                tool.mouseDown(point, 1)
                tool.mouseUp(point)
            tool.becomeInactive()
            bubble = ctx.font.getLayer(ctx.layer)[name]
            _check(len(bubble.contours) == 1 and not bubble.contours[0].open, f"{name}: no closed bubble drawn")

    def open_window():
        from .window import KerningWindowController

        ctx.window = KerningWindowController(font=ctx.font)
        _check(ctx.window.w.getItem("rowsTable") is not None, "kerning window has no pair table")

    def kern_pairs_step():
        window = ctx.window
        window.item("leftField").set("A V O")
        window.item("rightField").set("A V O")
        window.addRowButtonCallback(None)
        window.kernAllButtonCallback(None)
        _check(window.result is not None, "nothing kerned: " + str(window.item("previewLabel").get()))
        ctx.expected = dict(kern_pairs(ctx.font, list(window.result.pairs), window.kern_settings(ctx.font)).kept)
        _check(len(window.rows_shown) == 9, f"expected 9 solved pairs, got {len(window.rows_shown)}")

    def apply_and_undo():
        window = ctx.window
        _check(window.result is not None and ctx.expected, "nothing to apply: no pairs were kerned")
        before = dict(ctx.font.kerning.items())
        window.applyButtonCallback(None)
        after = dict(ctx.font.kerning.items())
        _check(after == {**before, **ctx.expected}, "applied kerning differs from the engine's values")
        window.undoApplyButtonCallback(None)
        _check(dict(ctx.font.kerning.items()) == before, "Undo Apply did not restore the kerning")

    def make_bubbles():
        if pathops_missing():
            raise Skip("skia-pathops is not installed; only Make Bubbles needs it (see README)")
        from .menu import MakeBubblesController

        ctx.font.selectedGlyphNames = ["A", "V"]
        dialog = MakeBubblesController(font=ctx.font)
        dialog.w.getItem("overwrite").set(2)  # always replace the hand-drawn ones
        dialog.makeButtonCallback(None)
        layer = ctx.font.getLayer(ctx.layer)
        _check(all(len(layer[n].contours) >= 1 for n in ("A", "V")), "Make Bubbles wrote no bubble")

    def delete_bubbles():
        from .menu import delete_selected_bubbles

        ctx.font.selectedGlyphNames = ["A"]
        delete_selected_bubbles(ctx.font)
        _check("A" not in ctx.font.getLayer(ctx.layer).keys(), "A's bubble is still there")

    def toggle_overlay():
        from .menu import toggle_bubbles

        shown = defaults.flag(get_default, "showBubbles")
        toggle_bubbles()
        _check(defaults.flag(get_default, "showBubbles") is (not shown), "Show/Hide Bubbles did not toggle")
        toggle_bubbles()
        _check(defaults.flag(get_default, "showBubbles") is shown, "Show/Hide Bubbles did not toggle back")
        if ctx.window is not None:
            box = ctx.window.item("showBubblesCheckbox").get()
            _check(bool(box) is shown, "the kerning window's Show Bubbles checkbox is out of step")

    return [
        ("make a scratch font", scratch_font),
        ("draw bubbles with the Bubble Tool's mouse handlers", draw_bubbles_with_tool),
        ("open the kerning window", open_window),
        ("kern a few pairs", kern_pairs_step),
        ("apply the kerning and undo it", apply_and_undo),
        ("make bubbles", make_bubbles),
        ("delete bubbles", delete_bubbles),
        ("show/hide the overlay", toggle_overlay),
    ]


def run(emit=print):
    """Run every step, print one line each, clean up; return the step results."""
    ctx = SimpleNamespace(font=None, window=None, expected={}, layer=defaults.settings_from_defaults(get_default).layer)
    saved = {name: get_default(defaults.key(name)) for name in ("showBubbles", "favourites", "sampleText")}
    emit("BubbleKern self-test")
    try:
        return run_steps(steps(ctx), emit)
    finally:
        if ctx.window is not None:
            ctx.window.w.close()
        if ctx.font is not None:
            ctx.font.close()
        for name, value in saved.items():
            if value is not None:
                setExtensionDefault(defaults.key(name), value)
