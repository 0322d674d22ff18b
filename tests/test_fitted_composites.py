"""Composites of generated bubbles keep to their own sidebearing lines (FontBubbles.fitted)."""

from __future__ import annotations

import math

import generate_fonts as gf
import pytest
from fontTools.pens.transformPen import TransformPen

from bubblekern import FontBubbles, Settings, kern_pairs
from bubblekern.generate import GenerateSettings, make_bubbles

import helpers

pytest.importorskip("pathops")


def accented(italic_angle: float = 0.0, adhere: str = "trim"):
    """The serif test font plus a narrow dotless i, a dieresis mark as wide as it (so its grown
    bubble reaches past the i's lines), their composite ``idieresis`` and an ``l``, all with
    generated bubbles."""
    font = gf.serif_font(italic_angle=italic_angle)
    slant = math.tan(math.radians(-italic_angle))

    def slanted(draw):
        return lambda pen: draw(TransformPen(pen, (1, 0, slant, 1, 0, 0)))

    helpers.add_glyph(font, "dotlessi", 200, outline=slanted(lambda p: helpers.rect(p, 70, 0, 130, 500)),
                      unicode=0x131)
    helpers.add_glyph(font, "l", 200, outline=slanted(lambda p: helpers.rect(p, 70, 0, 130, 750)), unicode=0x6C)
    helpers.add_glyph(font, "dieresiscomb", 0, unicode=0x308, outline=slanted(lambda p: (
        helpers.rect(p, -190, 600, -130, 660), helpers.rect(p, -70, 600, -10, 660))))
    helpers.add_glyph(font, "idieresis", 200, unicode=0xEF,
                      components=[("dotlessi", (1, 0, 0, 1, 0, 0)), ("dieresiscomb", (1, 0, 0, 1, 200, 0))])
    helpers.add_glyph(font, "dieresiscomb.wide", 0, outline=slanted(lambda p: (
        helpers.rect(p, -230, 600, -170, 660), helpers.rect(p, -30, 600, 30, 660))))
    helpers.add_glyph(font, "idieresis.wide", 200,  # its dots' ink reaches 30 past either line
                      components=[("dotlessi", (1, 0, 0, 1, 0, 0)), ("dieresiscomb.wide", (1, 0, 0, 1, 200, 0))])
    make_bubbles(font, settings=GenerateSettings(adhere=adhere))
    return font


def values(font, pairs):
    return kern_pairs(font, pairs, Settings()).as_dict()


PAIRS = [("idieresis", "l"), ("l", "idieresis"), ("idieresis", "idieresis")]


@pytest.mark.parametrize("angle", [0.0, -12.0])
def test_a_composite_of_generated_bubbles_stays_within_its_lines(angle):
    font = accented(angle)
    bubbles = FontBubbles(font)
    assert bubbles.fitted(["idieresis", "dotlessi", "dieresiscomb", "l", "Aacute", "space"]) == {"idieresis", "Aacute"}
    profile = bubbles.profile("idieresis")
    bands = [(lo, hi) for _, lo, hi in profile.bands()]
    assert min(lo for lo, _ in bands) == 0 and max(hi for _, hi in bands) == 200
    # the dieresis still fills the accent bands out to both lines: nothing kerns under it
    assert profile.extent(int(630 // bubbles.band_height)) == (0, 200)
    # the mark's bubble, grown 60 around dots that end 10 inside the lines, would ask for +50
    got = values(font, PAIRS)
    assert all(abs(got[pair]) <= 1 for pair in PAIRS), got


@pytest.mark.parametrize("angle", [0.0, -12.0])
def test_ink_past_the_lines_keeps_its_room(angle):
    font = accented(angle)
    bubbles = FontBubbles(font)
    profile = bubbles.profile("idieresis.wide")
    assert profile.extent(int(630 // bubbles.band_height)) == pytest.approx((-30, 230))
    assert profile.extent(int(680 // bubbles.band_height)) == (0, 200)  # above the dots: their halo only
    wide = [("idieresis.wide", "l"), ("l", "idieresis.wide"), ("idieresis.wide", "idieresis.wide")]
    assert values(font, wide) == {wide[0]: 30, wide[1]: 30, wide[2]: 60}


def test_edited_or_drawn_parts_keep_the_composite_as_drawn():
    font = accented()
    assert values(font, PAIRS[:1])[PAIRS[0]] == 0
    mark = font.getLayer("bubble")["dieresiscomb"]
    mark.contours[0].points[0].x -= 10  # the designer edits the mark's bubble: it is theirs now
    mark.changed()
    assert FontBubbles(font).fitted(["idieresis"]) == set()
    assert values(font, PAIRS[:1])[PAIRS[0]] == 50  # overlapping bubbles: a positive kern, as drawn


def test_adhere_off_leaves_composites_unfitted():
    font = accented(adhere="off")
    assert FontBubbles(font).fitted(["idieresis", "Aacute"]) == set()
    assert values(font, PAIRS[:1])[PAIRS[0]] == 40  # unfitted, the l's bubble ends 10 short of its line


def test_a_composite_with_its_own_drawn_bubble_is_not_fitted():
    font = accented()
    helpers.add_glyph(font, "idieresis.drawn", 200, bubble=lambda p: helpers.rect(p, 0, 0, 200, 100),
                      components=[("dotlessi", (1, 0, 0, 1, 0, 0)), ("dieresiscomb", (1, 0, 0, 1, 200, 0))])
    bubbles = FontBubbles(font)
    assert bubbles.fitted(["idieresis.drawn", "idieresis"]) == {"idieresis"}
    assert min(lo for _, lo, _ in bubbles.profile("idieresis.drawn").bands()) == -50


def test_unreadable_ink_cuts_at_the_lines_and_never_stops_a_run():
    font = accented()
    base = font["dieresiscomb.wide"]
    base.contours[0].points[0].y = 5e9  # broken ink after the bubbles were made
    bubbles = FontBubbles(font)
    assert bubbles.fitted(["idieresis.wide"]) == {"idieresis.wide"}
    profile = bubbles.profile("idieresis.wide")
    assert profile.extent(int(630 // bubbles.band_height)) == (0, 200)
    assert values(font, [("idieresis.wide", "l")]) == {("idieresis.wide", "l"): 0}
