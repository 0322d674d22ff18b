"""Punctuation keeps clear of hanging ink (``Settings.clear_hanging_ink``, :func:`bubblekern.model.hanging_ink`).

Generated bubbles stop at the sidebearing lines, so f's hook reaching past its right line was invisible to
them: ``f'`` came out 0 where Caladea's, Noto Sans' and Noto Serif's designers kern it +60 to +83 per 1000 em.
How far this brings real fonts to their designers is measured in benchmarks/quality.py; these tests keep the
arithmetic honest, with either kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.bubbles import FontBubbles
from bubblekern.model import (
    BLEND,
    CONTEXTS,
    HANG_MIN,
    glyph_kinds,
    hang_marks,
    hanging_ink,
    hanging_letters,
    letter_roots,
)

from helpers import add_glyph, new_font, rect

ONES = (1.0,) * len(CONTEXTS)


def hook_font(hang: int = 60):
    """Bubbles cut at the sidebearing lines, as generated: an f whose hook's ink reaches ``hang`` past its right
    line at 620–700, an x whose foot serif reaches 10 past it at the baseline, a t and a t with caron (drawn, its
    caron reaching 60 past the line), a quote, a period, a hyphen, a dollar sign, H."""
    font = new_font()
    font.info.xHeight = 500

    def f_ink(pen):
        rect(pen, 60, 0, 140, 700)
        rect(pen, 60, 620, 300 + hang, 700)

    def x_ink(pen):
        rect(pen, 40, 40, 460, 500)
        rect(pen, 300, 0, 510, 40)

    add_glyph(font, "f", 300, bubble=lambda p: rect(p, 0, -40, 300, 740), outline=f_ink, unicode=ord("f"))
    add_glyph(font, "x", 500, bubble=lambda p: rect(p, 0, -40, 500, 540), outline=x_ink, unicode=ord("x"))
    def tcaron_ink(pen):
        rect(pen, 40, 0, 260, 600)
        rect(pen, 240, 560, 360, 700)

    add_glyph(font, "t", 300, bubble=lambda p: rect(p, 0, -40, 300, 640), outline=lambda p: rect(p, 40, 0, 260, 600),
              unicode=ord("t"))
    add_glyph(font, "tcaron", 300, bubble=lambda p: rect(p, 0, -40, 300, 740), outline=tcaron_ink, unicode=0x165)
    add_glyph(font, "dollar", 500, bubble=lambda p: rect(p, 0, -90, 500, 790), outline=lambda p: rect(p, 50, -50, 450, 750),
              unicode=ord("$"))
    add_glyph(font, "quoteright", 260, bubble=lambda p: rect(p, 0, 440, 260, 740), outline=lambda p: rect(p, 100, 480, 160, 700),
              unicode=0x2019)
    add_glyph(font, "period", 240, bubble=lambda p: rect(p, 0, -40, 240, 140), outline=lambda p: rect(p, 80, 0, 160, 100),
              unicode=ord("."))
    add_glyph(font, "hyphen", 300, bubble=lambda p: rect(p, 0, 180, 300, 320), outline=lambda p: rect(p, 40, 220, 260, 280),
              unicode=ord("-"))
    add_glyph(font, "H", 700, bubble=lambda p: rect(p, 0, -40, 700, 740), outline=lambda p: rect(p, 80, 0, 620, 700),
              unicode=ord("H"))
    return font


PAIRS = [("f", "quoteright"), ("f", "period"), ("f", "hyphen"), ("x", "period"), ("quoteright", "f"), ("f", "H"),
         ("H", "quoteright"), ("tcaron", "quoteright"), ("f", "dollar")]


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(**{"min_kern": 0, "blend": BLEND, "strengths": ONES, **settings})).as_dict()


def test_punctuation_keeps_clear_of_a_hook_past_the_sidebearing_line():
    font = hook_font()
    clear, plain = kern(font), kern(font, clear_hanging_ink=False)
    # the hook reaches 60 past f's line in the quote's bands: the quote keeps that far off
    assert plain[("f", "quoteright")] == 0 and clear[("f", "quoteright")] == 60
    # the hook is not in the period's or the hyphen's bands; a serif tip under HANG_MIN does not count; a mark
    # before the letter, two letters, a letter with nothing hanging, a caron hanging from a t (which does not
    # hang) and a symbol are as they were
    for pair in PAIRS[1:]:
        assert clear[pair] == plain[pair], pair
    assert HANG_MIN > 10


def test_the_hang_needs_the_blend_and_stays_within_the_positive_limit():
    font = hook_font()
    assert kern(font, blend=()) == kern(font, blend=(), clear_hanging_ink=False)
    far = hook_font(hang=150)
    assert kern(far)[("f", "quoteright")] == 100  # positive_limit, 100 per 1000 em
    assert kern(far, positive_limit=None)[("f", "quoteright")] == 150


def test_a_pair_list_keeps_clear_as_a_full_run():
    font = hook_font()
    everything = kern_pairs(font, None, Settings(min_kern=0, blend=BLEND, strengths=ONES)).as_dict()
    assert everything[("f", "quoteright")] == kern(font, [("f", "quoteright")])[("f", "quoteright")] == 60
    assert everything[("x", "period")] == 0 or ("x", "period") not in everything


def test_hanging_ink_flags_hooks_only_and_measures_in_the_marks_bands():
    font = hook_font()
    names = ["f", "x", "tcaron", "quoteright", "period", "dollar", "H"]
    bubbles = FontBubbles(font, Settings())
    matrix = kernel.ProfileMatrix.build(bubbles.profiles(names), bubbles.widths(names), bubbles.origin)
    kinds = glyph_kinds(font, names)
    measured = ["f", "x", "tcaron", "t", "H"]
    ink, advances = bubbles.ink_profiles(measured), bubbles.widths(measured)
    marks = hang_marks(font, names, kinds)
    assert marks == [False, False, False, True, False, False, False]  # a raised mark; not a stop or a symbol
    assert letter_roots(bubbles, names) == {"tcaron": "t"}

    def hang(**changes):
        return hanging_ink(matrix, kinds, ink, advances, 1000.0, bubbles.origin, **{"marks": marks, **changes})

    found = hang()
    # f's hook and the caron hang; x's serif is under HANG_MIN
    assert list(found.left_rows) == [True, False, True, False, False, False, False]
    assert list(found.right_rows) == marks
    found = hang(marks=[False, False, False, True, True, False, False])
    gaps, _ = kernel.solve_gaps(found.matrix, matrix.rows(["f", "f", "tcaron"]), matrix.rows(["quoteright", "period", "quoteright"]))
    assert gaps.tolist() == [-60.0, 0.0, -60.0]  # the hook in the quote's bands; the period meets f's foot
    # a letter built on one that does not hang hangs no more; one whose base is not measured neither
    assert list(hang(bases={"tcaron": "t"}).left_rows)[2] is False
    assert list(hang(bases={"f": "missing"}).left_rows)[0] is False
    # only the rows measured (the blended ones): f left out, the caron still hangs; the quote left out, no mark
    assert list(hang(rows=[False] + [True] * 6).left_rows) == [False, False, True, False, False, False, False]
    assert hang(rows=[True, True, True, False, True, True, True]) is None
    # what kern reads: the roots, and the ink of the glyphs whose bounds may reach HANG_MIN past the line only,
    # never of a letter built on one that cannot (tcaron on t)
    read, widths, roots = hanging_letters(bubbles, ["f", "x", "tcaron", "H"])
    assert set(read) == {"f"} and roots == {"tcaron": "t"} and widths["t"] == 300
    assert read["f"] == ink["f"]
    # nothing hangs, or no punctuation: nothing to keep clear of
    assert hang(bases={"f": "t", "tcaron": "t"}) is None and hang(marks=[False] * 7) is None


@pytest.mark.parametrize("backend", ["plain", "vectorised"])
def test_both_kernels_keep_clear_the_same_way(backend):
    import importlib
    from array import array

    from bubblekern.bands import BandProfile

    if backend == "vectorised":
        pytest.importorskip("numpy")
    module = importlib.import_module(f"bubblekern.kernel.{backend}")
    profiles = {"f": BandProfile(20, 0, [0, 0, 0], [100, 100, 140]), "q": BandProfile(20, 2, [0], [50]),
                "h": BandProfile(20, 0, [0, 0, 0], [50, 50, 50])}
    matrix = module.ProfileMatrix.build(profiles, {"f": 100, "q": 50, "h": 50})
    hang = kernel.Hang(matrix, [True, False, False], [False, True, False])
    left, right = array("i", [0, 0, 0, 2, 0]), array("i", [1, 1, 2, 1, 1])
    gaps = array("d", [10.0, -50.0, 5.0, 7.0, float("inf")])
    out = module.hang_gaps(gaps, left, right, hang)
    # f before q: 40 hangs into q's band (a gap of 10 becomes -40; one of -50, more apart already, stays; a pair
    # whose bubbles shared no band gets the hang, not the fail-safe); f before h and h before q are not hang pairs
    assert [float(g) for g in out] == [-40.0, -50.0, 5.0, 7.0, -40.0]
    assert list(gaps) == [10.0, -50.0, 5.0, 7.0, float("inf")]  # the input is untouched


def test_closing_brackets_and_raised_punctuation_keep_clear_and_accented_letters_follow_their_root():
    font = new_font()
    font.info.xHeight = 500
    for name, char, bottom in [("parenright", ")", -100), ("quotedblright", "\u201d", 480), ("question", "?", 0),
                               ("dollar", "$", -50), ("degree", "\u00b0", 480), ("parenleft", "(", -100),
                               ("guillemotleft", "\u00ab", 100), ("u", "u", 0), ("uhorn", "\u01b0", 0)]:
        add_glyph(font, name, 400, bubble=lambda p: rect(p, 0, 0, 400, 700),
                  outline=lambda p, bottom=bottom: rect(p, 50, bottom, 350, 700), unicode=ord(char))
    add_glyph(font, "parenright.case", 400, bubble=lambda p: rect(p, 0, 0, 400, 700), outline=lambda p: rect(p, 50, 0, 350, 700))
    add_glyph(font, "uhornacute", 400, components=[("uhorn", (1, 0, 0, 1, 0, 0)), ("quotedblright", (1, 0, 0, 1, 0, 200))],
              unicode=0x1EE9)
    names = ["parenright", "quotedblright", "question", "dollar", "degree", "parenleft", "guillemotleft",
             "parenright.case", "u"]
    # closing brackets (their case forms too) and raised punctuation; not a stop, a symbol (raised or not), an
    # opening bracket or a guillemot, a quote at mid-height
    assert hang_marks(font, names, glyph_kinds(font, names)) == [True, True, False, False, False, False, False, True, False]
    roots = letter_roots(FontBubbles(font, Settings()), ["uhornacute", "uhorn", "u", "question"])
    assert roots == {"uhornacute": "u", "uhorn": "u"}  # ứ on ư (a composite), ư on u (by its Unicode name)
