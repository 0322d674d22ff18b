"""Letters come into the room their ink leaves (``Settings.ink_room``): a pair of two capitals or two lowercase
letters gains part of the white its ink leaves beyond what each side leaves beside the straight reference.

Generated bubbles reach a round or slanted letter's sidebearing lines over most of its height, so ``v o`` and ``K C``
met at 0 or nearly where designers kern them. How far this brings real fonts to their designers is measured in
benchmarks/quality.py; these tests keep the arithmetic honest, with either kernel (test_without_numpy runs this
module again without numpy).
"""

from __future__ import annotations

import math

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bubbles import FontBubbles
from bubblekern.model import BLEND, BLENDS, CONTEXTS, INK_WEIGHT, glyph_kinds, ink_measure
from bubblekern.settings import LIB_KEY

from helpers import add_glyph, new_font, rect

ONES = (1.0,) * len(CONTEXTS)
CAPITALS = {  # name: (advance, ink boxes); cap height 700
    "H": (600, [(60, 0, 140, 700), (460, 0, 540, 700), (140, 320, 460, 380)]),  # 60 of room each side
    "T": (600, [(20, 620, 580, 700), (260, 0, 340, 620)]),  # 20 beside the arm, 260 under it
    "L": (540, [(60, 0, 140, 700), (140, 0, 500, 80)]),  # on the right 40 beside the foot, 400 above it
}
LOWERCASE = {  # x-height 500
    "n": (500, [(50, 0, 130, 500), (370, 0, 450, 500), (130, 420, 370, 500)]),  # 50 of room each side
    "r": (380, [(50, 0, 130, 500), (130, 420, 330, 500)]),  # on the right 50 beside the arm, 250 under it
    "a": (500, [(60, 0, 440, 200), (200, 200, 440, 500)]),  # on the left 60 beside its foot, 200 above it
}
PAIRS = [("L", "T"), ("T", "L"), ("H", "T"), ("T", "T"), ("L", "H"), ("H", "H"), ("r", "a"), ("a", "r"), ("n", "a"),
         ("n", "n"), ("r", "n"), ("T", "a"), ("L", "r")]


def ink_font():
    """Capitals and lowercase letters drawn in boxes, each with a bubble that fills its advance (as a generated
    bubble reaches the sidebearing lines): the bubbles alone kern every pair 0."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    for glyphs, top in ((CAPITALS, 700), (LOWERCASE, 500)):
        for name, (width, boxes) in glyphs.items():
            add_glyph(font, name, width, outline=lambda p, b=boxes: [rect(p, *box) for box in b],
                      bubble=lambda p, w=width, t=top: rect(p, 0, -40, w, t + 40), unicode=ord(name))
    return font


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(min_kern=0, blend=((0.0, 0.0, 1.0),), strengths=ONES,
                                            **settings)).as_dict()


def test_letters_come_into_the_room_their_ink_leaves_beyond_the_references():
    """``L T``: the ink meets at L's foot, 40 + 260 = 300 apart, where L leaves 100 beside H, H 80 beside T and H 120
    beside itself: 300 − 100 − 80 + 120 = 240 of room. ``r a``: r's arm over a's foot, 250 − 100 − 110 + 100 = 140."""
    font = ink_font()
    inked, plain = kern(font), kern(font, ink_room=False)
    assert all(value == 0 for value in plain.values())  # the bubbles meet at the sidebearing lines
    assert inked[("L", "T")] == pytest.approx(-INK_WEIGHT * 240, abs=1)
    assert inked[("r", "a")] == pytest.approx(-INK_WEIGHT * 140, abs=1)
    # sides that meet where they meet the reference leave no more white: the references, T's arm beside T's arm,
    # a stem beside anything, and pairs of a capital and a lowercase letter are left as they were
    for pair in [("T", "L"), ("H", "T"), ("T", "T"), ("L", "H"), ("H", "H"), ("a", "r"), ("n", "a"), ("n", "n"),
                 ("r", "n"), ("T", "a"), ("L", "r")]:
        assert inked[pair] == plain[pair] == 0, pair


def test_the_room_is_counted_with_the_strengths_and_the_shipped_blend():
    font = ink_font()
    strengths = tuple(2.0 if c == "UC-UC" else 1.0 for c in CONTEXTS)
    single = kern(font, [("L", "T")])[("L", "T")]
    double = kern_pairs(font, [("L", "T")], Settings(min_kern=0, blend=((0.0, 0.0, 1.0),), strengths=strengths)
                        ).as_dict()[("L", "T")]
    assert single < 0 and double == pytest.approx(2 * single, abs=1)
    shipped = kern_pairs(font, [("L", "T"), ("r", "a")], Settings(min_kern=0, blend=BLEND)).as_dict()
    without = kern_pairs(font, [("L", "T"), ("r", "a")], Settings(min_kern=0, blend=BLEND, ink_room=False)).as_dict()
    assert shipped[("L", "T")] < without[("L", "T")] and shipped[("r", "a")] < without[("r", "a")]


def test_a_pair_list_without_the_references_kerns_as_a_full_run():
    """``L T`` and ``r a`` alone measure from H and n as a run of every pair does, whichever other reference
    setting is off."""
    font = ink_font()
    for off in ({}, {"punctuation_reference": False, "stem_reference": False}):
        full = kern_pairs(font, None, Settings(min_kern=0, blend=((0.0, 0.0, 1.0),), strengths=ONES, **off)).as_dict()
        alone = kern(font, [("L", "T"), ("r", "a")], **off)
        assert alone == {pair: full[pair] for pair in alone} and alone[("L", "T")] < 0 and alone[("r", "a")] < 0


def test_no_ink_room_without_the_blend_or_under_an_earlier_shapes_blend():
    font = ink_font()
    assert kern_pairs(font, [("L", "T")], Settings(min_kern=0)).as_dict() == kern_pairs(
        font, [("L", "T")], Settings(min_kern=0, ink_room=False)).as_dict()
    old = BLENDS[1][1]  # version 0.1's shape: learned before the rule, kerned without it
    assert kern_pairs(font, PAIRS, Settings(min_kern=0, blend=old)).as_dict() == kern_pairs(
        font, PAIRS, Settings(min_kern=0, blend=old, ink_room=False)).as_dict()


def test_the_measure_and_the_kernel_by_their_arithmetic():
    font = ink_font()
    names = ["H", "T", "L", "n", "r", "a"]
    bubbles = FontBubbles(font, Settings())
    profiles = {n: bubbles.profile(n) for n in names}
    matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(profiles), bubbles.origin)
    kinds = glyph_kinds(font, names)
    ink = ink_measure(font, matrix, kinds, bubbles.ink_profiles, bubbles.origin)
    assert list(ink.cases) == [0, 0, 0, 1, 1, 1] and ink.weight == INK_WEIGHT
    assert list(ink.after) == pytest.approx([120, 80, 100, 100, 100, 110])  # each right side before H or n
    assert list(ink.before) == pytest.approx([120, 80, 120, 100, 100, 110])  # H or n before each left side
    assert list(ink.reference) == pytest.approx([120, 100])
    left, right = matrix.rows(["L", "r", "T", "L"]), matrix.rows(["T", "a", "a", "T"])
    gaps = [10.0, 0.0, 0.0, math.inf]  # a pair sharing no band keeps its gap
    out = list(kernel.ink_gaps(gaps, left, right, ink))
    assert out == pytest.approx([10.0 + INK_WEIGHT * 240, INK_WEIGHT * 140, 0.0, math.inf])  # T a: two cases
    # only the rows asked for, and none without the reference of their case
    only = ink_measure(font, matrix, kinds, bubbles.ink_profiles, bubbles.origin, [True] * 3 + [False] * 3)
    assert list(only.cases) == [0, 0, 0, -1, -1, -1]
    del font["n"]
    names.remove("n")
    profiles.pop("n")
    matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(profiles), bubbles.origin)
    no_n = ink_measure(font, matrix, glyph_kinds(font, names), FontBubbles(font, Settings()).ink_profiles, 0.0)
    assert list(no_n.cases) == [0, 0, 0, -1, -1]
    assert ink_measure(font, matrix, {n: "P" for n in names}, bubbles.ink_profiles, 0.0) is None


def test_settings_fitted_before_the_rule_kern_as_they_were_fitted():
    from bubblekern.interface.defaults import with_font_model

    font = ink_font()
    strengths = [1.0, 1.63, 1.0, 0.55, 1.0, 1.0, 0.21]
    font.lib[LIB_KEY] = {"strengths": strengths, "armless_share": 0.37, "tuck_arms": True,
                         "blend": [list(h) for h in BLEND]}
    assert not Settings.for_font(font).ink_room and not with_font_model(Settings(), font).ink_room
    assert Settings.for_font(font).tuck_arms  # the arms were fitted with
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "ink_room": True}
    assert Settings.for_font(font).ink_room and with_font_model(Settings(), font).ink_room
    font.lib[LIB_KEY] = {}  # nothing fitted: the default
    assert Settings.for_font(font).ink_room is Settings().ink_room is True
    assert Settings.from_dict(Settings(ink_room=False).to_dict()).ink_room is False


def test_fit_stores_that_its_strengths_were_fitted_with_the_ink_room():
    pytest.importorskip("numpy", reason="fit needs numpy (the blocked run checks the kernels)")
    from bubblekern.fit import fit, store_fit

    font = ink_font()
    reference = {("L", "T"): -40.0, ("H", "H"): 0.0, ("r", "a"): -20.0, ("n", "n"): 0.0}
    result = fit(font, list(reference), reference, Settings())
    store_fit(font, result, bubbles=False)
    assert font.lib[LIB_KEY]["ink_room"] is True
    assert Settings.for_font(font).ink_room


def test_the_command_line_gives_the_ink_room_unless_told_not_to(tmp_path, capsys):
    pytest.importorskip("numpy", reason="the command line needs numpy (the blocked run checks the kernels)")
    from helpers import kern_listed, saved_pair_list

    path, listed = saved_pair_list(tmp_path, ink_font(), [("L", "T")])

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "on", *flags)

    assert run()[("L", "T")] < 0 and run("--no-ink-room").get(("L", "T"), 0) == 0


def test_a_letter_whose_ink_cannot_be_read_leaves_the_others_their_room():
    """A lowercase letter on a missing component is skipped with a warning naming it; the rest keep the ink's room."""
    font = ink_font()
    broken = font.newGlyph("b")
    broken.width, broken.unicodes = 500, [ord("b")]
    broken.appendComponent("missing")
    rect(font.getLayer("bubble").newGlyph("b").getPen(), 0, -40, 500, 540)
    result = kern_pairs(font, [("L", "T"), ("r", "a"), ("b", "a")], Settings(min_kern=0, blend=((0.0, 0.0, 1.0),),
                                                                            strengths=ONES, on_error="skip"))
    assert result.as_dict()[("L", "T")] == pytest.approx(-INK_WEIGHT * 240, abs=1)
    assert result.as_dict()[("r", "a")] == pytest.approx(-INK_WEIGHT * 140, abs=1)
    assert any("'b'" in warning and "missing" in warning for warning in result.warnings)


def test_a_side_sharing_no_band_with_the_reference_gives_no_room_and_no_warning():
    import warnings

    from bubblekern.bands import BandProfile

    matrix = kernel.ProfileMatrix.build({"a": BandProfile(20.0, 0, [10.0], [90.0]),
                                         "b": BandProfile(20.0, 5, [10.0], [90.0])}, {"a": 100.0, "b": 100.0})
    ink = kernel.InkRoom(matrix, [1, 1], [math.inf, math.inf], [math.inf, math.inf], [0.0, 20.0], INK_WEIGHT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(kernel.ink_gaps([5.0], matrix.rows(["a"]), matrix.rows(["b"]), ink)) == [5.0]
