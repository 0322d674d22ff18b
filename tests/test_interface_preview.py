"""Result rows, preview line and apply/undo plans; extension defaults, colours, generation options."""

from __future__ import annotations

import copy

import pytest

from bubblekern import Settings, apply_kerning, kern_pairs
from bubblekern.interface import colors, defaults
from bubblekern.interface.generation import default_offsets, generate_options, report_text, selection_or_error
from bubblekern.interface.preview import (
    Plan,
    apply_plan,
    plan_from_result,
    preview_line,
    result_rows,
    table_items,
)

import helpers

PAIRS = [("A", "V"), ("V", "A"), ("A", "A"), ("V", "V"), ("A", "B")]


def font_and_result(settings=None):
    font = helpers.box_font(
        {
            "A": (600, (0, 0, 500, 700)),  # A V: gap 100 + 100 = 200 → -200
            "V": (600, (100, 0, 600, 700)),  # V A: gap 0 + 0 → 0 (dropped); A A: gap 100 → -100
            "B": (600, (3, 0, 600, 700)),  # A B: gap 100 + 3 → -103; V V: gap 0 + 100 → -100
        }
    )
    font.kerning[("A", "V")] = -200  # unchanged
    font.kerning[("V", "A")] = -30  # solved to 0: removed in replace mode only
    font.kerning[("V", "V")] = -50  # changed
    result = kern_pairs(font, PAIRS, settings or Settings())
    return font, result


def statuses(rows):
    return {row.pair: row.status for row in rows}


def test_rows_in_update_mode():
    font, result = font_and_result()
    rows = result_rows(result, dict(font.kerning.items()))
    assert statuses(rows) == {
        ("A", "V"): "unchanged",
        ("V", "A"): "dropped",
        ("A", "A"): "new",
        ("V", "V"): "changed",
        ("A", "B"): "new",
    }
    by_pair = {row.pair: row for row in rows}
    assert (by_pair[("V", "V")].old, by_pair[("V", "V")].new) == (-50, -100)
    assert (by_pair[("V", "A")].old, by_pair[("V", "A")].new) == (-30, -30)  # update mode keeps it
    assert by_pair[("A", "A")].old is None


def test_rows_in_replace_mode_remove_stale_values():
    font, result = font_and_result()
    rows = result_rows(result, dict(font.kerning.items()), "replace")
    row = next(r for r in rows if r.pair == ("V", "A"))
    assert (row.status, row.old, row.new) == ("removed", -30, None)


@pytest.mark.parametrize("mode", ["update", "replace"])
def test_plan_matches_apply_kerning(mode):
    font, result = font_and_result()
    plan = plan_from_result(result, dict(font.kerning.items()), mode)
    twin = copy.deepcopy(font)
    report = apply_kerning(twin, result, mode)
    assert plan.write == report.written
    assert plan.remove == report.removed
    apply_plan(font, plan)
    assert dict(font.kerning.items()) == dict(twin.kerning.items())


def test_apply_then_undo_restores_exactly():
    font, result = font_and_result()
    font.kerning[("B", "B")] = 7  # a pair the result does not touch
    before = dict(font.kerning.items())
    plan = plan_from_result(result, before, "replace")
    undo = apply_plan(font, plan)
    assert dict(font.kerning.items()) != before
    redo = apply_plan(font, undo)
    assert dict(font.kerning.items()) == before
    apply_plan(font, redo)
    assert dict(font.kerning.items())[("A", "B")] == -103
    assert not Plan() and plan


class Counter:
    def __init__(self):
        self.names = []

    def changed(self, notification):
        self.names.append(notification.name)


def test_apply_plan_is_one_kerning_change():
    """defcon holds notifications per object: holding the font's would let every pair post
    its own Kerning.Changed. The plan goes through write_kerning: one change."""
    font, result = font_and_result()
    plan = plan_from_result(result, dict(font.kerning.items()), "replace")
    assert len(plan.write) + len(plan.remove) >= 3
    counter = Counter()
    font.kerning.naked().addObserver(counter, "changed", "Kerning.Changed")
    undo = apply_plan(font, plan)
    assert counter.names == ["Kerning.Changed"]
    apply_plan(font, undo)
    assert counter.names == ["Kerning.Changed"] * 2


def test_preview_line_and_items():
    font, result = font_and_result()
    rows = result_rows(result, dict(font.kerning.items()), "replace")
    line = preview_line(rows, skipped=2)
    assert line == "5 pairs solved: 2 new, 1 changed, 1 removed, 1 unchanged, 0 below the threshold; 2 skipped (no bubble)"
    items = table_items(rows, only_changes=True)
    assert [i["pair"] for i in items] == ["V A", "A A", "V V", "A B"]
    assert items[0] == {"pair": "V A", "left": "V", "right": "A", "old": "-30", "new": "", "status": "removed"}
    assert len(table_items(rows)) == 5


def test_failsafe_rows_are_marked():
    font = helpers.box_font({"period": (200, (50, 0, 150, 100)), "quote": (240, (60, 500, 180, 700))})
    result = kern_pairs(font, [("period", "quote")], Settings(failsafe="cap"))
    (row,) = result_rows(result, {})
    assert row.failsafe and row.new == -100 and row.as_item()["status"] == "new (fail-safe)"


# -- defaults ------------------------------------------------------------------------


def getter(values):
    return lambda key, fallback=None: values.get(key, fallback)


def test_settings_round_trip_through_defaults():
    settings = Settings(layer="bub", band=12.5, min_kern=2, rounding=5, allow_positive=False, positive_cap=40)
    stored = defaults.settings_to_defaults(settings)
    assert all(k.startswith("com.bubblekern.") for k in stored)
    back = defaults.settings_from_defaults(getter(stored))
    assert back.replace(on_error="raise") == settings
    assert back.on_error == "skip"  # the UI never stops on a broken component


def test_bad_defaults_fall_back_one_by_one():
    stored = {
        "com.bubblekern.band": -3,
        "com.bubblekern.minKern": 2.5,
        "com.bubblekern.rounding": True,
        "com.bubblekern.allowPositive": "yes",
        "com.bubblekern.positiveCap": 0,
        "com.bubblekern.layer": "  ",
        "com.bubblekern.groupsMode": "classes",
    }
    settings = defaults.settings_from_defaults(getter(stored))
    base = Settings()
    assert (settings.band, settings.min_kern, settings.rounding) == (base.band, base.min_kern, base.rounding)
    assert settings.allow_positive is base.allow_positive and settings.positive_cap is None
    assert settings.layer == "bubble"
    assert defaults.groups_mode_from_defaults(getter(stored)) == "glyphs"
    assert defaults.settings_from_defaults(getter({})).replace(on_error="raise") == base


def test_registered_defaults_cover_flags_and_colours():
    registered = defaults.registered_defaults()
    assert all(k.startswith("com.bubblekern.") for k in registered)
    assert registered["com.bubblekern.showBubbles"] is True
    assert registered["com.bubblekern.color.bubbleFill"] == list(colors.DEFAULT_COLORS["bubbleFill"])
    assert defaults.flag(getter({"com.bubblekern.showBands": False}), "showBands") is False
    assert defaults.flag(getter({"com.bubblekern.showBands": "no"}), "showBands") is True


def test_colours_are_checked():
    fallback = (0.1, 0.2, 0.3, 0.4)
    assert colors.parse_color([1, 0, 0], fallback) == (1.0, 0.0, 0.0, 1.0)
    assert colors.parse_color((0, 0, 0, 0.5), fallback) == (0.0, 0.0, 0.0, 0.5)
    for bad in (None, "red", (1, 2, 3, 4), (0, 0), (float("nan"), 0, 0, 1)):
        assert colors.parse_color(bad, fallback) == fallback
    read = colors.colors_from_defaults(getter({"com.bubblekern.color.kernText": [0, 1, 0, 1], "com.bubblekern.color.bandStroke": 5}))
    assert read["kernText"] == (0.0, 1.0, 0.0, 1.0)
    assert read["bandStroke"] == colors.DEFAULT_COLORS["bandStroke"]
    assert colors.with_alpha((1, 1, 1, 1), 2) == (1, 1, 1, 1.0)


# -- generation dialog -----------------------------------------------------------------


def test_generate_options_map_onto_generate_settings():
    from bubblekern.generate import GenerateSettings

    options = generate_options(dict(offsetX="40", offsetY=55, adhere=1, overwrite=2, corner=1, includeComposites=1))
    assert options == dict(
        offset_x=40.0, offset_y=55.0, adhere="nudge", overwrite="always", corner="miter", include_composites=True
    )
    settings = GenerateSettings(**options)
    assert (settings.adhere, settings.overwrite, settings.corner) == ("nudge", "always", "miter")


def test_the_dialog_starts_from_the_fonts_stored_offsets_else_the_defaults():
    from bubblekern.generate import GENERATE_KEY, GenerateSettings

    default = GenerateSettings()
    font = helpers.latin_font()
    assert default_offsets() == default_offsets(font) == {"offsetX": default.offset_x, "offsetY": default.offset_y}
    font.lib[GENERATE_KEY] = {"offset_x": 45, "offset_y": 60}
    assert default_offsets(font) == {"offsetX": 45, "offsetY": 60}
    font.lib[GENERATE_KEY] = {"offset_y": "tall"}  # broken: the defaults, and Make Bubbles stores over it
    assert default_offsets(font) == default_offsets()


@pytest.mark.parametrize(
    "values, field",
    [
        (dict(offsetX="", offsetY=60), "offsetX"),
        (dict(offsetX=60, offsetY=-1), "offsetY"),
        (dict(offsetX=60, offsetY=60, adhere=7), "adhere"),
        (dict(offsetX=60, offsetY=60, overwrite=None), "overwrite"),
    ],
)
def test_generate_options_name_the_bad_field(values, field):
    with pytest.raises(ValueError, match=field):
        generate_options(values)


class Selected:
    """A real font plus RoboFont's font-window selection (fontshell has none)."""

    def __init__(self, font, names):
        self.font, self.selectedGlyphNames = font, names

    def __getattr__(self, name):
        return getattr(self.font, name)


def test_selection_in_glyph_order():
    font = helpers.latin_font()
    helpers.add_glyph(font, "zzz", 100)  # not in glyphOrder: comes last
    assert selection_or_error(Selected(font, ["zzz", "V", "H", "Aacute"])) == ["H", "V", "Aacute", "zzz"]
    font = Selected(font, [])
    with pytest.raises(ValueError, match="select glyphs"):
        selection_or_error(font)
    with pytest.raises(ValueError, match="open a font"):
        selection_or_error(None)


def test_report_text():
    class Report:
        written = ["A", "B"]
        replaced = ["B"]
        unchanged = []
        deleted = []
        skipped = {"space": "empty"}

    assert report_text(Report()) == "2 bubbles written; 1 replaced; 1 skipped: space."


def test_rows_and_plan_agree_with_apply_kerning_on_fractional_old_values():
    from bubblekern import apply_kerning, kern_pairs
    from bubblekern.interface.preview import plan_from_result, result_rows

    font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})
    font.kerning[("A", "V")] = -199.6  # shows as -200, the solved value, yet is not it
    result = kern_pairs(font, [("A", "V")])
    (row,) = result_rows(result, dict(font.kerning.items()))
    assert (row.old, row.new, row.status) == (-200, -200, "changed")
    plan = plan_from_result(result, dict(font.kerning.items()))
    assert plan.write == apply_kerning(font, result).written == {("A", "V"): -200}


def grouped_font_and_result():
    boxes = {"H": (600, (0, 0, 600, 700)), "O": (600, (60, 0, 540, 700)), "Q": (600, (60, 0, 540, 700)),
             "V": (600, (100, 0, 500, 700)), "W": (600, (100, 0, 500, 700))}
    font = helpers.box_font(boxes)
    for side in ("public.kern1.", "public.kern2."):
        font.groups[side + "O"] = ["O", "Q"]
        font.groups[side + "V"] = ["V", "W"]
    font.kerning[("public.kern1.O", "public.kern2.V")] = -33  # the designer's class pair
    font.kerning[("H", "H")] = -9  # a value the run will not reach
    pairs = [(a, b) for a in ("O", "Q", "V", "W") for b in ("O", "Q", "V", "W")]
    return font, kern_pairs(font, pairs, Settings())


def test_class_plan_writes_group_pairs_and_keeps_what_it_did_not_solve():
    """With numpy and without it (test_without_numpy runs this module again with numpy blocked)."""
    from bubblekern.groups import resolve_pair
    from bubblekern.interface.preview import class_plan

    font, result = grouped_font_and_result()
    rows = {(r.left, r.right): r for r in result_rows(result, dict(font.kerning.items()), "update",
                                                      dict(font.groups.items()))}
    assert rows[("Q", "W")].old == -33  # its value now, through the groups
    assert rows[("Q", "W")].new == result.kept[("Q", "W")] and rows[("Q", "W")].status == "changed"
    plan = class_plan(font, result)
    assert ("public.kern1.O", "public.kern2.V") in plan.write and not any(p in plan.write for p in result.kept)
    before = dict(font.kerning.items())
    undo = apply_plan(font, plan)
    kerning = dict(font.kerning.items())
    groups = {k: list(v) for k, v in font.groups.items()}
    for (left, right), value in result.kept.items():
        assert -5 <= resolve_pair(kerning, groups, left, right) - value <= 20
    assert kerning[("H", "H")] == -9 and len(kerning) < len(result.kept)
    apply_plan(font, undo)
    assert dict(font.kerning.items()) == before


def test_class_plan_is_none_without_groups_and_the_same_without_numpy(monkeypatch):
    import sys

    from bubblekern.interface.preview import class_plan

    font, result = font_and_result()
    assert class_plan(font, result) is None  # no kern groups: glyph pairs, as before
    font, result = grouped_font_and_result()
    planned = class_plan(font, result)
    monkeypatch.setitem(sys.modules, "numpy", None)  # RoboFont without numpy: the plain planner, the same plan
    without = class_plan(font, result)
    assert without == planned and list(without.write) == list(planned.write) and without.write
