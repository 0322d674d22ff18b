"""Where an italic font's sidebearing lines stand (bubblekern.italic) and what follows from it."""

from __future__ import annotations

import json
import math

import generate_fonts as gf
import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.fit import fit
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.italic import OFFSET_KEY, REFERENCES, italic_offset
from bubblekern.model import BLEND, BLEND_STRENGTHS
from bubblekern.status import bubble_status

import helpers

pytest.importorskip("pathops")

ANGLE = -12.0
SLANT = math.tan(math.radians(-ANGLE))
HALF = -SLANT * 250  # the serif test font's x-height is 500
NAMES = ["A", "V", "T", "o", "f", "j", "H", "period", "Aacute", "Hbar"]
PAIRS = [(a, b) for a in NAMES for b in NAMES]


def shifted(dx: float, key: float | None = None):
    """The italic serif test font (drawn with its lines through the baseline) with every contour
    moved by ``dx``, as RoboFont's italic tutorial applies a slant offset after drawing, and
    ``key`` as the font's slant offset."""
    font = gf.serif_font(italic_angle=ANGLE)
    for glyph in font:
        for contour in glyph.contours:
            contour.moveBy((dx, 0))
    if key is not None:
        font.lib[OFFSET_KEY] = key
    return font


def kerned(font) -> dict:
    make_bubbles(font)
    return kern_pairs(font, PAIRS, Settings(min_kern=0)).as_dict()


def test_the_lines_are_the_fonts_slant_offset_or_where_its_glyphs_balance():
    drawn_at_baseline = gf.serif_font(italic_angle=ANGLE)
    assert italic_offset(drawn_at_baseline, SLANT) == 0  # RoboFont without an offset
    assert italic_offset(shifted(HALF), SLANT) == pytest.approx(HALF)  # Glyphs: half the x-height
    assert italic_offset(shifted(HALF + 9), SLANT) == pytest.approx(HALF)  # a convention, not a measurement
    assert italic_offset(shifted(-20, key=-20), SLANT) == -20  # the font's own offset wins
    assert italic_offset(shifted(HALF, key=0), SLANT) == 0
    assert italic_offset(gf.serif_font(), 0.0) == 0  # upright
    no_references = shifted(HALF)
    for name in REFERENCES:
        if name in no_references:
            no_references.removeGlyph(name)
    assert italic_offset(no_references, SLANT) == 0
    no_x_height = shifted(HALF)
    no_x_height.info.xHeight = None
    assert italic_offset(no_x_height, SLANT) == 0


def test_kerning_an_italic_does_not_depend_on_where_its_lines_cross_the_baseline():
    """The same design, drawn with its lines through the baseline or through half the x-height
    (Glyphs), or moved by any slant offset it states, kerns the same. Taking the baseline for
    the second trimmed every left side flat and carried every right side out by 53 units."""
    reference = kerned(gf.serif_font(italic_angle=ANGLE))
    assert sum(v < 0 for v in reference.values()) > 20 and abs(reference[("H", "H")]) <= 1
    for font in (shifted(HALF), shifted(-30, key=-30), shifted(25, key=25)):
        got = kerned(font)
        assert got.keys() == reference.keys()
        assert all(abs(got[p] - reference[p]) <= 1 for p in PAIRS), {
            p: (got[p], reference[p]) for p in PAIRS if abs(got[p] - reference[p]) > 1}


def test_fit_scores_an_italic_with_the_lines_kern_uses():
    """The halo blend grows each side up to its sidebearing line: fit and kern must agree on it."""
    work = shifted(HALF)
    make_bubbles(work)
    training = [("T", "o"), ("A", "V"), ("V", "o"), ("f", "o"), ("T", "A"), ("o", "period"), ("period", "V")]
    # kerned with the strengths learned with the blend: those the fit keeps (f o, the one lowercase pair, is too
    # few to fit lc-lc) and draws the measured contexts toward
    designer = kern_pairs(work, training, Settings(min_kern=0, blend=BLEND, strengths=BLEND_STRENGTHS)).as_dict()
    font = shifted(HALF)
    for pair, value in designer.items():
        font.kerning[pair] = value
    result = fit(font, training, start=GenerateSettings(), refine=False, controls=False, value_model="blend")
    # within a unit on one pair: UC-lc's learned strength lies between two of the fit's steps
    assert result.settings.blend == BLEND and result.training.mae * len(training) <= 1


def test_a_new_slant_offset_makes_generated_italic_bubbles_stale():
    font = shifted(HALF)
    make_bubbles(font)
    assert bubble_status(font).stale == []
    font.lib[OFFSET_KEY] = HALF  # the same lines, now stated
    assert bubble_status(font).stale == []
    font.lib[OFFSET_KEY] = 0.0  # other lines
    status = bubble_status(font)
    assert set(status.stale) == set(status.generated) and status.edited == []
    upright = helpers.latin_font()
    make_bubbles(upright)
    upright.lib[OFFSET_KEY] = 40.0  # an upright font has no slanted lines to move
    assert bubble_status(upright).stale == []


def test_status_says_where_the_lines_stand_and_why(tmp_path, capsys):
    from bubblekern.cli import main

    def status(font, *extra):
        path = helpers.save(font, tmp_path, "Italic.ufo")
        assert main(["status", str(path), *extra]) == 0
        return capsys.readouterr().out

    out = status(shifted(HALF))
    assert f"italic -12°: sidebearing lines cross the baseline at x = {round(HALF, 2):g}" in out
    assert "through half the x-height" in out
    assert "through the baseline, as RoboFont draws without an offset" in status(gf.serif_font(italic_angle=ANGLE))
    assert json.loads(status(shifted(-30, key=-30), "--json"))["italic"] == {
        "angle": ANGLE, "offset": -30, "from": "slant offset"}
    assert "italic" not in status(gf.serif_font()) and "italic" not in json.loads(status(gf.serif_font(), "--json"))
