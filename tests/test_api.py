"""The Python API on fontshell fonts: kerning, applying, caching, bad input."""

import pytest

from bubblekern import (
    BubbleLayerError,
    ComponentCycleError,
    ComponentError,
    FontBubbles,
    FontInfoError,
    MissingGlyphError,
    Settings,
    apply_kerning,
    glyphs_with_bubbles,
    kern_pairs,
    open_font,
)

from helpers import add_components_on_disk, add_glyph, box_font, latin_font, new_font, rect, save


@pytest.fixture
def font():
    return box_font({
        "H": (600, (0, 0, 600, 700)),
        "L": (560, (0, 0, 500, 700)),
        "T": (600, (40, 0, 600, 700)),
        "dot": (200, (20, 0, 180, 100)),
    })


def test_all_pairs_by_default_of_glyphs_with_bubbles(font):
    add_glyph(font, "space", 250)
    result = kern_pairs(font)
    assert glyphs_with_bubbles(font) == ["H", "L", "T", "dot"]
    assert len(result) == 16 and not result.skipped
    assert result.kept[("L", "T")] == -100
    assert ("H", "H") not in result.kept and result.as_dict()[("H", "H")] == 0


def test_update_mode_sets_solved_pairs_and_keeps_all_other_kerning(font):
    font.kerning[("H", "dot")] = -33  # not solved below: must survive
    font.kerning[("H", "H")] = -20  # solved to zero: update mode leaves it
    font.kerning[("L", "T")] = -5  # solved: replaced
    result = kern_pairs(font, [("L", "T"), ("H", "H"), ("L", "L")])
    report = apply_kerning(font, result)
    assert dict(font.kerning.items()) == {("H", "dot"): -33, ("H", "H"): -20, ("L", "T"): -100, ("L", "L"): -60}
    assert report.written == {("L", "T"): -100, ("L", "L"): -60} and report.removed == []


def test_replace_mode_removes_solved_pairs_that_came_out_zero_or_under_threshold(font):
    font.kerning[("H", "dot")] = -33
    font.kerning[("H", "H")] = -20
    font.kerning[("H", "L")] = -10
    result = kern_pairs(font, [("H", "H"), ("H", "L"), ("L", "T")], Settings(min_kern=50))
    assert result.as_dict()[("H", "L")] == 0 and result.as_dict()[("L", "T")] == -100
    report = apply_kerning(font, result, "replace")
    assert dict(font.kerning.items()) == {("H", "dot"): -33, ("L", "T"): -100}
    assert sorted(report.removed) == [("H", "H"), ("H", "L")]


def test_threshold_drop_keeps_a_stale_value_in_update_mode(font):
    font.kerning[("H", "T")] = -70
    result = kern_pairs(font, [("H", "T")], Settings(min_kern=50))  # solves to -40, under 50
    assert result.kept == {}
    apply_kerning(font, result)
    assert font.kerning[("H", "T")] == -70
    apply_kerning(font, result, "replace")
    assert ("H", "T") not in font.kerning


def test_applying_the_same_result_twice_changes_nothing(font):
    result = kern_pairs(font)
    assert apply_kerning(font, result).changed
    again = apply_kerning(font, result)
    assert not again.changed and again.unchanged == len(result.kept)


def test_unknown_glyphs_in_pairs_are_named(font):
    with pytest.raises(MissingGlyphError, match="'X'.*'Y'"):
        kern_pairs(font, [("H", "X"), ("Y", "H")])


def test_missing_bubble_layer_is_a_clear_error():
    font = new_font(layer=None)
    add_glyph(font, "H", 600)
    with pytest.raises(BubbleLayerError, match="no layer named 'bubble'.*public.default"):
        kern_pairs(font)
    with pytest.raises(BubbleLayerError, match="'bubbles'"):
        kern_pairs(box_font({"H": (600, (0, 0, 600, 700))}), settings=Settings(layer="bubbles"))


@pytest.mark.parametrize("upm", [None, 0])
def test_units_per_em_must_be_positive(upm):
    font = box_font({"H": (600, (0, 0, 600, 700))})
    font.info.unitsPerEm = upm
    with pytest.raises(FontInfoError, match="unitsPerEm"):
        kern_pairs(font)


def test_component_cycles_raise_naming_the_chain_or_are_skipped(tmp_path):
    font = new_font()
    add_glyph(font, "A", 500, bubble=lambda p: rect(p, 0, 0, 500, 700))
    add_glyph(font, "B", 500)
    add_glyph(font, "S", 500, bubble=lambda p: rect(p, 0, 0, 400, 700))
    path = save(font, tmp_path)
    add_components_on_disk(path, "A", ["B"])
    add_components_on_disk(path, "B", ["A"])
    add_components_on_disk(path, "S", ["S"])
    font = open_font(path)
    with pytest.raises(ComponentCycleError, match="component cycle: A → B → A"):
        kern_pairs(font, [("A", "B")])
    with pytest.raises(ComponentCycleError, match="S → S"):
        kern_pairs(font, [("S", "S")])
    # skipping drops every component that closes a loop, whichever glyph is read first
    for order in ([("A", "B"), ("S", "S")], [("B", "A"), ("S", "S")]):
        result = kern_pairs(font, order, bubbles=FontBubbles(font, Settings(on_error="skip")))
        assert result.as_dict() == {("S", "S"): -100}
        assert result.skipped == {order[0]: "no bubble: 'B'"}
        assert any("A → B → A" in w or "B → A → B" in w for w in result.warnings)
        assert any("S → S" in w for w in result.warnings)


def test_missing_component_base_is_named():
    font = new_font()
    add_glyph(font, "Aacute", 500, components=[("A", (1, 0, 0, 1, 0, 0)), ("acute", (1, 0, 0, 1, 0, 0))])
    add_glyph(font, "A", 500, bubble=lambda p: rect(p, 0, 0, 500, 700))
    with pytest.raises(ComponentError, match="'Aacute' has a component of 'acute', which is not in the font"):
        kern_pairs(font, [("Aacute", "A")])
    result = kern_pairs(font, [("Aacute", "A")], Settings(on_error="skip"))
    assert result.as_dict() == {("Aacute", "A"): 0}


def test_cache_reuses_profiles_until_something_changes():
    font = new_font()
    add_glyph(font, "A", 500, bubble=lambda p: rect(p, 0, 0, 500, 700))
    add_glyph(font, "acute", 200, bubble=lambda p: rect(p, 0, 720, 200, 900))
    add_glyph(font, "Aacute", 500, components=[("A", (1, 0, 0, 1, 0, 0)), ("acute", (1, 0, 0, 1, 150, 0))])
    add_glyph(font, "O", 600, bubble=lambda p: rect(p, 10, 0, 590, 700))
    bubbles = FontBubbles(font)
    names = ["A", "acute", "Aacute", "O"]
    first = bubbles.profiles(names)
    assert (bubbles.hits, bubbles.misses) == (0, 4)
    assert bubbles.profiles(names) == first and (bubbles.hits, bubbles.misses) == (4, 4)

    # edit the accent's bubble: the accent and the composite are redone, nothing else
    font.getLayer("bubble")["acute"].moveBy((100, 0))
    second = bubbles.profiles(names)
    assert (bubbles.hits, bubbles.misses) == (6, 6)
    assert second["Aacute"].extent(40) == (250, 450) and first["Aacute"].extent(40) == (150, 350)

    # move the component in the default layer: only the composite changes
    font["Aacute"].components[1].moveBy((-50, 0))
    assert bubbles.profile("Aacute").extent(40) == (200, 400)
    assert bubbles.dependents(["A"]) == {"A", "Aacute"}

    bubbles.invalidate(["A"])
    bubbles.profiles(names)
    assert bubbles.misses == 9  # A and Aacute again


def test_band_setting_change_recomputes_profiles():
    font = box_font({"H": (600, (0, 0, 600, 700))})
    bubbles = FontBubbles(font)
    assert len(bubbles.profile("H")) == 35
    bubbles.settings = Settings(band=50)
    assert len(bubbles.profile("H")) == 14


def test_progress_reports_both_stages(font):
    seen = []
    kern_pairs(font, progress=lambda stage, done, total: seen.append((stage, done, total)))
    assert ("bubbles", 4, 4) in seen and seen[-1] == ("pairs", 16, 16)


def test_chunked_solving_gives_the_same_result(font):
    whole = kern_pairs(font).as_dict()
    assert kern_pairs(font, settings=Settings(chunk=3)).as_dict() == whole


def test_combining_marks_stay_out_of_the_default_pair_set():
    from bubblekern.pairs import is_mark

    font = box_font({"H": (600, (0, 0, 600, 700)), "acutecomb": (300, (0, 720, 300, 900)), "gravecomb.case": (300, (0, 900, 300, 1000)),
                     "dotbelow.alt1": (0, (-240, -310, -60, -140))})  # unencoded and of no advance: a mark by its metrics
    font["acutecomb"].unicode = 0x0301
    assert is_mark(font["acutecomb"]) and is_mark(font["gravecomb.case"]) and not is_mark(font["H"])
    assert is_mark(font["dotbelow.alt1"])
    assert kern_pairs(font).pairs == [("H", "H")]
    with_marks = kern_pairs(font, settings=Settings(include_marks=True, failsafe="cap"))
    assert len(with_marks) == 16 and with_marks.kept[("H", "acutecomb")] == -150  # the fail-safe
    asked = kern_pairs(font, [("H", "acutecomb")], Settings(failsafe="cap"))
    assert asked.kept == {("H", "acutecomb"): -150}  # asked for: kerned


def test_a_composite_using_a_glyph_directly_and_through_another_component_has_its_bubble():
    """Postorder puts a base before every composite that uses it, however it is reached (Noto Sans
    Italic has such glyphs: reading their ink raised KeyError)."""
    from bubblekern.bubbles import FontBubbles

    font = new_font()
    add_glyph(font, "B", 300, bubble=lambda p: rect(p, 0, 0, 300, 100))
    add_glyph(font, "A", 300, components=[("B", (1, 0, 0, 1, 0, 200))])
    add_glyph(font, "X", 300, components=[("B", (1, 0, 0, 1, 0, 0)), ("A", (1, 0, 0, 1, 0, 400))])
    bubbles = FontBubbles(font)
    assert bubbles.bubble("X").bounds == (0, 0, 300, 700)
    assert FontBubbles(font).profiles(["X", "A"])["X"] is not None


def test_settings_for_font_kern_as_the_command_line_does(tmp_path, capsys):
    import json

    from bubblekern.cli import main
    from bubblekern.errors import SettingsError
    from bubblekern.generate import make_bubbles
    from bubblekern.settings import LIB_KEY

    pytest.importorskip("pathops")
    font = latin_font()
    font.removeLayer("bubble")
    make_bubbles(font, None)  # generated bubbles: the command line blends them ("auto")
    path = save(font, tmp_path, "Latin.ufo")
    pairs = [(a, b) for a in ("A", "T", "V", "o", "period") for b in ("V", "o", "A", "period", "quoteright")]

    def command_line() -> dict:
        lines = "\n".join(f"{a} {b}" for a, b in pairs)
        (tmp_path / "pairs.txt").write_text(lines)
        assert main(["kern", str(path), "--pairs", str(tmp_path / "pairs.txt"), "--dry-run", "--format", "json"]) == 0
        return {(a, b): v for a, b, v in json.loads(capsys.readouterr().out)["pairs"]}

    def api() -> dict:
        font = open_font(path)
        return kern_pairs(font, pairs, Settings.for_font(font)).kept

    assert Settings.for_font(open_font(path)).blend == "auto"
    assert api() == command_line()
    assert api() != kern_pairs(open_font(path), pairs, Settings()).kept  # the defaults do not blend
    stored = open_font(path)
    stored.lib[LIB_KEY] = {"min_kern": 30, "strengths": [1, 2, 1, 1, 1, 1, 1]}
    stored.save()
    assert Settings.for_font(open_font(path)).min_kern == 30
    assert api() == command_line()
    stored.lib[LIB_KEY] = {"band": "wide"}
    with pytest.raises(SettingsError, match=r"font\.lib com\.bubblekern\.settings holds unusable settings: band height"):
        Settings.for_font(stored)
    stored.lib[LIB_KEY] = [1, 2]
    with pytest.raises(SettingsError, match=r"holds unusable settings: \[1, 2\] is not a dictionary"):
        Settings.for_font(stored)
