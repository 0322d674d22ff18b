"""Brackets hold their letters: a letter or figure inside a bracket is never kerned closer
(``Settings.kern_inside_brackets`` off, the default).

Designers space brackets to what they hold: of the pairs either side kerns in Noto Sans, its italic and
Noto Serif, none inside brackets is kerned closer. Whether holding them brings whole fonts closer to their
designers' kerning is measured in benchmarks/bench_realfont.py, not here.
"""

from __future__ import annotations

import importlib

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.fit import fit
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.model import bracket_codes

from helpers import add_glyph, bracket_font, kern_listed, new_font, polygon, rect, save

INSIDE = [("bracketleft", "o"), ("o", "bracketright"), ("bracketleft", "one"), ("bracketleft.case", "o")]
OUTSIDE = [("o", "bracketleft"), ("bracketright", "o"), ("bracketleft", "hyphen"), ("quotedblbase", "o")]


def kern(font, pairs, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(min_kern=0, **settings)).as_dict()


def test_letters_and_figures_inside_brackets_are_never_kerned_closer():
    font = bracket_font()
    held, free = kern(font, INSIDE + OUTSIDE), kern(font, INSIDE + OUTSIDE, kern_inside_brackets=True)
    assert all(free[p] < 0 for p in INSIDE)  # the o slides into the bracket's open side
    assert all(held[p] == 0 for p in INSIDE)
    result = kern_pairs(font, INSIDE, Settings(min_kern=0))
    assert not result.kept and result.gaps.tolist() == kern_pairs(font, INSIDE, Settings(
        min_kern=0, kern_inside_brackets=True)).gaps.tolist()  # the collision is still there, for the proof
    # the outer side of a bracket, punctuation inside it and a low quote (open punctuation, not a bracket) kern
    assert held[("o", "bracketleft")] == free[("o", "bracketleft")] < 0
    assert all(held[p] == free[p] for p in OUTSIDE) and held[("quotedblbase", "o")] < 0


def test_overlapping_bubbles_inside_brackets_are_still_kerned_apart():
    font = bracket_font()
    pairs = [("bracketleft", "wide"), ("wide", "bracketright")]
    assert all(v > 0 for v in kern(font, pairs).values())


def test_every_pair_of_a_font_holds_brackets_as_a_pair_list_does():
    font = bracket_font()
    everything = kern_pairs(font, None, Settings(min_kern=0)).as_dict()
    assert all(everything[p] == 0 for p in INSIDE)
    assert {p: everything[p] for p in OUTSIDE} == kern(font, OUTSIDE)


def test_bracket_codes_read_unicode_values_and_the_name_before_the_suffix():
    font = bracket_font()
    names = ["bracketleft", "bracketright", "bracketleft.case", "o", "one", "hyphen", "quotedblbase", ".notdef"]
    assert bracket_codes(font, names) == [1, 2, 1, 3, 3, 0, 0, 0]


@pytest.mark.parametrize("backend", ["plain", "vectorised"])
def test_both_kernels_hold_brackets_the_same_way(backend):
    from array import array

    module = importlib.import_module(f"bubblekern.kernel.{backend}")
    codes = [1, 2, 3, 0]  # rows: [ ] o -
    left, right = [0, 2, 2, 0, 0, 1, 3], [2, 1, 0, 3, 2, 2, 1]
    values, kept = [-40, -30, -20, -10, 15, -5, -8], [1, 1, 1, 1, 1, 1, 1]
    if backend == "plain":
        columns = array("i", values), array("B", kept), array("i", left), array("i", right)
    else:
        import numpy as np

        columns = np.array(values, dtype=np.int32), np.array(kept, dtype=bool), np.array(left), np.array(right)
    out_values, out_kept = module.hold_inside(*columns, codes)
    # [o and o] held at 0; o[ and ]o (outside), [- (punctuation inside) and the positive [o kept
    assert [int(v) for v in out_values] == [0, 0, -20, -10, 15, -5, -8]
    assert [bool(k) for k in out_kept] == [False, False, True, True, True, True, True]
    assert [int(v) for v in columns[0]] == values  # the input is untouched


def test_the_command_line_holds_brackets_unless_told_not_to(tmp_path, capsys):
    path = save(bracket_font(), tmp_path)
    listed = tmp_path / "pairs.txt"
    listed.write_text("bracketleft o\no bracketright\no bracketleft\n")

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "off", *flags)

    held, free = run(), run("--kern-inside-brackets")
    assert ("bracketleft", "o") not in held and ("o", "bracketright") not in held  # 0: not listed
    assert free[("bracketleft", "o")] < 0 and free[("o", "bracketright")] < 0
    assert held[("o", "bracketleft")] == free[("o", "bracketleft")] < 0


def test_fit_scores_pairs_inside_brackets_as_kern_kerns_them():
    """The fit's score of a model pair inside brackets is kern's value, 0, not the bubbles' collision."""

    def outlined():
        font = new_font()
        add_glyph(font, "parenleft", 300, outline=lambda p: polygon(
            p, (60, -150), (260, -150), (260, -90), (140, -90), (140, 790), (260, 790), (260, 850), (60, 850)),
            unicode=ord("("))
        add_glyph(font, "o", 560, outline=lambda p: rect(p, 50, 0, 510, 500), unicode=ord("o"))
        add_glyph(font, "T", 640, outline=lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610)),
                  unicode=ord("T"))
        add_glyph(font, "H", 700, outline=lambda p: (rect(p, 80, 0, 170, 700), rect(p, 530, 0, 620, 700)),
                  unicode=ord("H"))
        add_glyph(font, "period", 260, outline=lambda p: rect(p, 80, 0, 180, 100), unicode=ord("."))
        return font

    gen = GenerateSettings()
    work = outlined()
    make_bubbles(work, None, gen)
    pairs = [("parenleft", "o"), ("o", "parenleft"), ("T", "o"), ("T", "period"), ("H", "o"), ("parenleft", "T")]
    designer = kern_pairs(work, pairs, Settings(min_kern=0)).as_dict()  # the bubbles as generated, no blend
    free = kern_pairs(work, pairs, Settings(min_kern=0, kern_inside_brackets=True)).as_dict()
    assert designer[("parenleft", "o")] == 0 > free[("parenleft", "o")] + 50
    assert designer[("T", "period")] < 0  # punctuation the fit must kern: a strength of 0 would not do
    font = outlined()
    for pair, value in designer.items():
        font.kerning[pair] = value
    result = fit(font, pairs, start=gen, refine=False, controls=False, model=False, value_model="search")
    assert result.training.mae < 1
