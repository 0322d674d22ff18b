"""Overlay geometry and re-kern decisions, on real fontshell fonts with hand-computed answers."""

from __future__ import annotations

import pytest
from fontTools.pens.recordingPen import RecordingPen

from bubblekern import FontBubbles, Settings, kern_pairs
from bubblekern.interface.overlay import (
    band_rects,
    built_from,
    draw_commands,
    format_kern,
    neighbours,
    pair_overlay,
    path_commands,
)
from bubblekern.interface.rekern import affected_glyphs, pairs_to_rekern, selected_pairs

import helpers


def boxes():
    return helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700))})


def test_pair_overlay_right_neighbour():
    bubbles = FontBubbles(boxes())
    info = pair_overlay(bubbles, "A", "V", "right")
    # gap = (600 - 500) + 100 = 200 in every band, so the kern is -200 and V sits at 600 - 200
    assert info.pair == ("A", "V")
    assert info.value == -200 and info.kept and not info.failsafe
    assert info.offset == 400
    assert info.band.y == 0 and info.band.height == 20
    # the band runs from A's left extent (0) to V's right extent once kerned (600 + 400)
    assert info.band.x == 0 and info.band.width == 1000
    # the label sits where the bubbles touch: A's right extent 500 = V's left 100 + 400
    assert info.label == (500, 20)
    assert info.text == "\u2212200"


def test_pair_overlay_left_neighbour_is_in_the_current_glyphs_coordinates():
    bubbles = FontBubbles(boxes())
    info = pair_overlay(bubbles, "V", "A", "left")
    assert info.pair == ("A", "V")
    assert info.offset == -400  # A's origin, left of V's
    assert info.band.x == -400 and info.band.width == 1000
    assert info.label == (100, 20)  # V's own left extent


def test_colliding_band_is_where_the_gap_is_smallest():
    font = helpers.new_font()
    helpers.add_glyph(font, "L", 500, bubble=lambda p: (helpers.rect(p, 0, 0, 300, 700), helpers.rect(p, 0, 0, 450, 100)))
    helpers.add_glyph(font, "T", 500, bubble=lambda p: (helpers.rect(p, 0, 600, 500, 700), helpers.rect(p, 200, 0, 300, 700)))
    info = pair_overlay(FontBubbles(font), "L", "T", "right")
    # bands 0-4: (500-450)+200 = 250; bands 5-29: (500-300)+200 = 400; bands 30-34: (500-300)+0 = 200
    assert info.value == -200
    assert 600 <= info.band.y and info.band.y + info.band.height <= 700
    assert info.band.x == 0 and info.band.width == 500 + 300  # L's left 0 … T's right 500 at offset 300
    assert info.offset == 300


def test_failsafe_pair_has_no_band():
    font = helpers.box_font({"period": (200, (50, 0, 150, 100)), "quote": (240, (60, 500, 180, 700))})
    info = pair_overlay(FontBubbles(font, Settings(failsafe="cap")), "period", "quote", "right")
    assert info.failsafe and info.band is None
    assert info.value == -100  # half the narrower advance (200)
    assert info.offset == 100
    assert "fail-safe" in info.text


def test_a_quote_after_a_period_is_labelled_with_the_setting_that_kerned_it():
    font = helpers.new_font()
    font.info.xHeight = 500
    for name, char, width, (x0, y0, x1, y1) in (("period", ".", 240, (80, 0, 160, 100)),
                                                 ("quoteright", "\u2019", 240, (80, 480, 160, 700)),
                                                 ("hyphen", "-", 300, (40, 220, 260, 300))):
        helpers.add_glyph(font, name, width, unicode=ord(char), outline=lambda p, b=(x0, y0, x1, y1): helpers.rect(p, *b),
                          bubble=lambda p, b=(x0 - 40, y0 - 40, x1 + 40, y1 + 40): helpers.rect(p, *b))
    given = FontBubbles(font, Settings(stop_raised=-68))
    info = pair_overlay(given, "period", "quoteright", "right")
    assert info.failsafe and info.band is None and info.value == -68
    assert info.text == "\u221268 (quote after period)"
    # the reverse order: its share of the setting
    assert pair_overlay(given, "quoteright", "period", "right").text == "\u221234 (quote before period)"
    # another pair sharing no band, or no setting: the fail-safe's value
    assert pair_overlay(given, "period", "hyphen", "right").text == "0 (fail-safe) (below min)"
    assert pair_overlay(FontBubbles(font), "period", "quoteright", "right").text == "0 (fail-safe) (below min)"


def test_value_below_minimum_is_shown_but_marked():
    font = helpers.box_font({"A": (600, (0, 0, 598, 700)), "B": (600, (1, 0, 600, 700))})
    info = pair_overlay(FontBubbles(font), "A", "B", "right")
    assert info.value == -3 and not info.kept
    assert info.text.endswith("(below min)")


def test_no_bubble_or_broken_component_gives_none():
    font = boxes()
    helpers.add_glyph(font, "space", 250)
    helpers.add_glyph(font, "broken", 500, components=[("missing", (1, 0, 0, 1, 0, 0))])
    bubbles = FontBubbles(font)
    assert pair_overlay(bubbles, "A", "space", "right") is None
    assert pair_overlay(bubbles, "broken", "A", "right") is None


def test_composite_uses_inherited_bubble():
    font = boxes()
    helpers.add_glyph(font, "acute", 300, bubble=lambda p: helpers.rect(p, 50, 720, 250, 900))
    helpers.add_glyph(font, "Aacute", 600, components=[("A", (1, 0, 0, 1, 0, 0)), ("acute", (1, 0, 0, 1, 150, 0))])
    bubbles = FontBubbles(font)
    direct = pair_overlay(bubbles, "A", "V", "right")
    composite = pair_overlay(bubbles, "Aacute", "V", "right")
    assert composite.value == direct.value == -200
    rects = band_rects(bubbles.profile("Aacute"))
    tops = [r.y + r.height for r in rects]
    assert max(tops) == 900  # the accent's bubble is part of the composite's bands
    assert built_from(font, "Aacute") == {"Aacute", "A", "acute"}
    assert built_from(font, "A") == {"A"}


def test_built_from_survives_cycles_and_bubble_layer_components():
    font = helpers.new_font()
    # a cycle through both layers (defcon itself cannot hold one within a layer)
    helpers.add_glyph(font, "a", 500, components=[("b", (1, 0, 0, 1, 0, 0))])
    helpers.add_glyph(font, "b", 500, bubble=lambda p: p.addComponent("a", (1, 0, 0, 1, 0, 0)))
    helpers.add_glyph(font, "c", 500, bubble=lambda p: p.addComponent("d", (1, 0, 0, 1, 0, 0)))
    helpers.add_glyph(font, "d", 500)
    assert built_from(font, "a") == {"a", "b"}
    assert built_from(font, "c") == {"c", "d"}


def test_band_rects_of_a_triangle():
    font = helpers.new_font()
    helpers.add_glyph(font, "t", 300, bubble=lambda p: helpers.polygon(p, (0, 0), (200, 0), (0, 200)))
    rects = band_rects(FontBubbles(font).profile("t"), dx=10)
    assert len(rects) == 10
    for k, r in enumerate(rects):
        assert (r.x, r.y, r.height) == (10, 20 * k, 20)
        assert r.width == pytest.approx(200 - 20 * k)  # widest at the band's bottom edge
    assert band_rects(None) == []


def test_path_commands_replay_onto_a_pen():
    font = helpers.new_font()
    helpers.add_glyph(font, "r", 300, bubble=lambda p: helpers.rect(p, 0, 0, 100, 50))
    helpers.add_glyph(font, "o", 300, bubble=lambda p: helpers.ellipse(p, 100, 100, 50, 50))
    bubbles = FontBubbles(font)
    commands = path_commands(bubbles.bubble("r"), dx=5)
    assert commands == [
        ("moveTo", (5.0, 0.0)),
        ("lineTo", (105.0, 0.0)),
        ("lineTo", (105.0, 50.0)),
        ("lineTo", (5.0, 50.0)),
        ("lineTo", (5.0, 0.0)),
        ("closePath",),
    ]
    curves = path_commands(bubbles.bubble("o"))
    assert [c[0] for c in curves] == ["moveTo"] + ["curveTo"] * 4 + ["closePath"]
    pen = RecordingPen()
    draw_commands(curves, pen)
    assert pen.value[0] == ("moveTo", ((100.0, 50.0),))
    assert pen.value[-1] == ("closePath", ())


def test_neighbours_and_labels():
    line = ["H", "O", None, "V"]
    assert neighbours(line, 0) == (None, "O")
    assert neighbours(line, 1) == ("H", None)
    assert neighbours(line, 3) == (None, None)
    assert neighbours(line, 9) == (None, None)
    assert format_kern(-40) == "\u221240" and format_kern(12) == "+12" and format_kern(0) == "0"


def test_pairs_to_rekern_follows_composites_and_drops_cache():
    font = boxes()
    helpers.add_glyph(font, "acute", 300, bubble=lambda p: helpers.rect(p, 50, 720, 250, 900))
    helpers.add_glyph(font, "Aacute", 600, components=[("A", (1, 0, 0, 1, 0, 0)), ("acute", (1, 0, 0, 1, 150, 0))])
    bubbles = FontBubbles(font)
    pairs = [("A", "V"), ("V", "V"), ("Aacute", "V"), ("V", "acute")]
    before = kern_pairs(font, pairs, bubbles=bubbles).as_dict()
    assert affected_glyphs(bubbles, ["A", "nonexistent"]) == {"A", "Aacute"}
    # widen A's bubble: A V and Aacute V change, V V does not
    bubble_glyph = font.getLayer("bubble")["A"]
    bubble_glyph.clearContours()
    helpers.rect(bubble_glyph.getPen(), 0, 0, 550, 700)
    todo = pairs_to_rekern(bubbles, ["A"], pairs)
    assert todo == [("A", "V"), ("Aacute", "V")]
    after = kern_pairs(font, todo, bubbles=bubbles).as_dict()
    assert before[("A", "V")] == -200 and after[("A", "V")] == -150
    assert after[("Aacute", "V")] == -150
    assert pairs_to_rekern(bubbles, ["nonexistent"], pairs) == []


def test_selected_pairs():
    pairs = [("A", "V"), ("V", "A"), ("V", "V"), ("A", "V")]
    assert selected_pairs(pairs, {"A"}) == [("A", "V"), ("V", "A")]
    assert selected_pairs(pairs, set()) == []


def test_italic_bands_are_outlined_along_the_slant():
    import math

    from bubblekern.interface.overlay import band_quads

    t = math.tan(math.radians(10))
    font = helpers.new_font()
    font.info.italicAngle = -10
    helpers.add_glyph(font, "I", 300, bubble=lambda p: helpers.polygon(p, (0, 0), (300, 0), (300 + 700 * t, 700), (700 * t, 700)))
    helpers.add_glyph(font, "J", 300, bubble=lambda p: helpers.polygon(p, (0, 0), (300, 0), (300 + 700 * t, 700), (700 * t, 700)))
    bubbles = FontBubbles(font, Settings(min_kern=0))
    first = band_quads(bubbles.profile("I"))[0]
    flat = [c for corner in first for c in corner]
    assert flat == pytest.approx([0, 0, 300, 0, 300 + 20 * t, 20, 20 * t, 20])
    info = pair_overlay(bubbles, "I", "J", "right")
    assert info.value == 0 and not info.failsafe
    (x0, y0), (x1, _), (x2, y2), (x3, _) = info.outline
    assert (y0, y2) == (0, 20) and x1 - x0 == pytest.approx(600) and x2 - x1 == pytest.approx(20 * t)


def test_collision_below_the_baseline_is_shown():
    font = helpers.new_font()
    helpers.add_glyph(font, "p", 500, bubble=lambda p: helpers.rect(p, 0, -200, 450, -100))
    helpers.add_glyph(font, "q", 500, bubble=lambda p: helpers.rect(p, 60, -200, 500, -100))
    info = pair_overlay(FontBubbles(font), "p", "q", "right")
    assert info.value == -110 and info.band is not None and info.band.y == -200


def hebrew_boxes():
    font = helpers.box_font({"alef-hb": (600, (30, 0, 520, 600)), "bet-hb": (500, (90, 0, 490, 600)),
                             "A": (600, (0, 0, 500, 700))})
    font["alef-hb"].unicode, font["bet-hb"].unicode, font["A"].unicode = 0x05D0, 0x05D1, 0x41
    return font


def test_a_right_to_left_neighbour_seen_on_the_left_follows_in_the_text():
    bubbles = FontBubbles(hebrew_boxes())
    info = pair_overlay(bubbles, "alef-hb", "bet-hb", "left")
    # read right to left, alef comes first: the pair kerned is (alef, bet), its gap bet's right + alef's left
    assert info.pair == ("alef-hb", "bet-hb")
    assert info.value == kern_pairs(bubbles.font, [("alef-hb", "bet-hb")], Settings(min_kern=0)).value(
        ("alef-hb", "bet-hb")) == -((500 - 490) + 30)
    assert info.offset == -(500 - 40)  # bet's origin, left of alef's
    assert info.band.x == 90 - 460 and info.band.width == 520 - (90 - 460)
    assert info.label == (30, 20)  # where the bubbles touch: alef's own left extent
    right = pair_overlay(bubbles, "alef-hb", "bet-hb", "right")
    assert right.pair == ("bet-hb", "alef-hb") and right.value == -((600 - 520) + 90)
    assert right.offset == 600 - 170
    # a Hebrew glyph beside a Latin one is never kerned: no overlay
    assert pair_overlay(bubbles, "alef-hb", "A", "right") is None
