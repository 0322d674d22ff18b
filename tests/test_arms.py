"""Letters come under an arm (``Settings.tuck_arms``): a pair of two letters, not both capitals, gains part of the
room their bubbles' vertical margins hide.

Under T's arm a lowercase letter's bubble meets T's only by the two margins, which held ``T u`` at 0 in serif fonts
whose designers kern it as ``T o``. How far this brings real fonts to their designers is measured in
benchmarks/quality.py; these tests keep the arithmetic honest, with either kernel (test_without_numpy runs this module
again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bubbles import FontBubbles
from bubblekern.model import ARM_DEPTH, ARM_MARGIN, ARM_WEIGHT, BLEND, BLENDS, CONTEXTS, arm_tuck, glyph_kinds
from bubblekern.settings import LIB_KEY

from helpers import add_glyph, new_font, polygon, rect

ONES = (1.0,) * len(CONTEXTS)
PAIRS = [("T", "o"), ("I", "o"), ("I", "I"), ("T", "T"), ("o", "T"), ("dot", "quote")]


def margin_font():
    """test_eroded_halo's glyphs, encoded: I (a stem whose bubble keeps 40 from each sidebearing line), T (its arm's
    bubble 580–740 at the sidebearing lines, the stem's 220–380), o (its bubble reaching 600, 30 in from its left
    sidebearing line: it meets T's arm by one band of margin), a period and a quote."""
    font = new_font()
    add_glyph(font, "I", 300, outline=lambda p: rect(p, 100, 0, 200, 700), bubble=lambda p: rect(p, 40, -40, 260, 740),
              unicode=ord("I"))
    add_glyph(font, "T", 600, outline=lambda p: polygon(p, (40, 620), (260, 620), (260, 0), (340, 0), (340, 620),
                                                        (560, 620), (560, 700), (40, 700)),
              bubble=lambda p: polygon(p, (0, 580), (220, 580), (220, -40), (380, -40), (380, 580), (600, 580),
                                       (600, 740), (0, 740)), unicode=ord("T"))
    add_glyph(font, "o", 500, outline=lambda p: rect(p, 70, 0, 430, 560), bubble=lambda p: rect(p, 30, -40, 470, 600),
              unicode=ord("o"))
    add_glyph(font, "dot", 200, outline=lambda p: rect(p, 60, 0, 140, 100), bubble=lambda p: rect(p, 20, -40, 180, 140),
              unicode=ord("."))
    add_glyph(font, "quote", 200, outline=lambda p: rect(p, 60, 460, 140, 700),
              bubble=lambda p: rect(p, 20, 420, 180, 740), unicode=ord("'"))
    return font


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(min_kern=0, blend=((0.0, 0.0, 1.0),), strengths=ONES,
                                            **settings)).as_dict()


def test_a_lowercase_letter_comes_under_the_arm_by_a_share_of_the_room_the_margins_hid():
    """margin_font's T has its arm's bubble at its sidebearing line and its stem's 220 back; o's bubble meets the
    arm by one band of margin. Without the margins o comes under the arm, to T's stem at most ``ARM_DEPTH`` in."""
    font = margin_font()
    tucked, plain = kern(font), kern(font, tuck_arms=False)
    assert plain[("T", "o")] == -30  # the bubbles: the arm and o's top meet by their margins
    opened = min(220.0, ARM_DEPTH)  # under the arm, o meets the stem, counted at most ARM_DEPTH past the arm
    assert tucked[("T", "o")] == pytest.approx(plain[("T", "o")] - ARM_WEIGHT * opened, abs=1)
    assert tucked[("T", "o")] < plain[("T", "o")]
    # a capital with no arm over the letter opens nothing: I's stem keeps the same room at every height
    assert tucked[("I", "o")] == plain[("I", "o")] < 0
    # o before T comes under the arm's other side as far
    assert tucked[("o", "T")] == pytest.approx(plain[("o", "T")] - ARM_WEIGHT * opened, abs=1)
    # two capitals and punctuation keep their kerns
    for pair in [("I", "I"), ("T", "T"), ("dot", "quote")]:
        assert tucked[pair] == plain[pair], pair


def test_the_arm_is_counted_with_the_strengths_and_the_shipped_blend():
    """The room comes before the context's strength: UC–lc at 2 doubles the tuck as it doubles the rest."""
    font = margin_font()
    strengths = tuple(2.0 if c == "UC-lc" else 1.0 for c in CONTEXTS)
    single = kern(font, [("T", "o")])[("T", "o")]
    double = kern_pairs(font, [("T", "o")], Settings(min_kern=0, blend=((0.0, 0.0, 1.0),), strengths=strengths,
                                                     armless_share=1.0)).as_dict()[("T", "o")]
    assert double == pytest.approx(2 * single, abs=2)
    shipped = kern_pairs(font, [("T", "o")], Settings(min_kern=0, blend=BLEND)).as_dict()
    without = kern_pairs(font, [("T", "o")], Settings(min_kern=0, blend=BLEND, tuck_arms=False)).as_dict()
    assert shipped[("T", "o")] < without[("T", "o")] < 0


def test_no_arm_tuck_without_the_blend_or_under_an_earlier_shapes_blend():
    font = margin_font()
    bubbles = kern_pairs(font, [("T", "o")], Settings(min_kern=0)).as_dict()
    assert bubbles == kern_pairs(font, [("T", "o")], Settings(min_kern=0, tuck_arms=False)).as_dict()
    old = BLENDS[1][1]  # version 0.1's shape: learned before the rule, kerned without it
    assert kern_pairs(font, [("T", "o")], Settings(min_kern=0, blend=old)).as_dict() == kern_pairs(
        font, [("T", "o")], Settings(min_kern=0, blend=old, tuck_arms=False)).as_dict()


def test_the_kernel_adds_the_share_of_the_opened_room_to_the_chosen_pairs_only():
    inf = float("inf")
    font = margin_font()
    names = ["T", "o", "I"]
    bubbles = FontBubbles(font, Settings())
    profiles = {n: bubbles.profile(n) for n in names}
    matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(profiles), bubbles.origin)
    arms = arm_tuck(matrix, glyph_kinds(font, names), 1000.0)
    assert list(arms.letters) == [True, True, True] and list(arms.capitals) == [True, False, True]
    assert arms.weight == ARM_WEIGHT
    left, right = matrix.rows(["T", "I", "T", "T", "o"]), matrix.rows(["o", "o", "T", "o", "T"])
    gaps, _ = kernel.solve_gaps(matrix, left, right)
    gaps = list(gaps)
    gaps[3] = inf  # a pair sharing no band keeps its gap
    out = list(kernel.arm_gaps(gaps, gaps, left, right, arms))  # the bubbles' own gaps: no blend here
    assert out[0] == pytest.approx(gaps[0] + ARM_WEIGHT * min(220.0, ARM_DEPTH))
    assert out[4] == pytest.approx(gaps[4] + ARM_WEIGHT * min(220.0, ARM_DEPTH))  # o T: the arm's other side
    assert out[1:4] == gaps[1:4]  # I o opens nothing; T T: two capitals; T o sharing no band
    eroded = kernel.erode(matrix, ARM_MARGIN)
    assert kernel.solve_gaps(eroded, matrix.rows(["T"]), matrix.rows(["o"]))[0][0] > gaps[0]  # the margins hid it
    assert arm_tuck(matrix, {"T": "U", "o": "U", "I": "U"}, 1000.0) is None  # capitals alone: nothing to tuck
    assert arm_tuck(matrix, {"T": "P", "o": "l", "I": ""}, 1000.0) is not None  # o o: a lowercase pair


def test_settings_fitted_before_the_rule_kern_as_they_were_fitted():
    from bubblekern.interface.defaults import with_font_model

    font = margin_font()
    strengths = [1.0, 1.6, 1.0, 0.64, 1.0, 1.0, 0.21]
    font.lib[LIB_KEY] = {"strengths": strengths, "armless_share": 0.42, "blend": [list(h) for h in BLEND]}
    assert not Settings.for_font(font).tuck_arms and not with_font_model(Settings(), font).tuck_arms
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "tuck_arms": True}
    assert Settings.for_font(font).tuck_arms and with_font_model(Settings(), font).tuck_arms
    font.lib[LIB_KEY] = {}  # nothing fitted: the default
    assert Settings.for_font(font).tuck_arms is Settings().tuck_arms is True
    assert "tuck_arms" in Settings().to_dict() and Settings.from_dict(Settings().to_dict()).tuck_arms


def test_fit_stores_that_its_strengths_were_fitted_with_the_arms():
    pytest.importorskip("numpy", reason="fit needs numpy (the blocked run checks the kernels)")
    from bubblekern.fit import fit, store_fit

    font = margin_font()
    reference = {("T", "o"): -60.0, ("I", "o"): 0.0, ("I", "I"): 0.0}
    result = fit(font, list(reference), reference, Settings())
    store_fit(font, result, bubbles=False)
    assert font.lib[LIB_KEY]["tuck_arms"] is True
    assert Settings.for_font(font).tuck_arms


def test_the_command_line_tucks_under_arms_unless_told_not_to(tmp_path, capsys):
    pytest.importorskip("numpy", reason="the command line needs numpy (the blocked run checks the kernels)")
    from helpers import kern_listed, saved_pair_list

    path, listed = saved_pair_list(tmp_path, margin_font(), [("T", "o")])

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "on", *flags)

    assert run()[("T", "o")] < run("--no-tuck-arms")[("T", "o")] < 0
