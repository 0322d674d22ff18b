"""Accented letters follow their base letter under the value model (``Settings.follow_base``).

On generated bubbles an accent stops a pair early: ``Tö`` meets T's arm at the dieresis while ``To``
slides under it, so ``Tö`` came out near 0 where designers kern it as ``To``. Whether following the
base brings the kerning closer to designers' is measured in benchmarks/bench_realfont.py, not here.
"""

from __future__ import annotations

import math

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.bubbles import FontBubbles
from bubblekern.generate import make_bubbles
from bubblekern.model import BLEND, followed_bases

from helpers import add_components_on_disk, add_glyph, ellipse, kern_listed, latin_font, new_font, polygon, rect, save

DIERESIS = (1, 0, 0, 1, 0, 0)


def accented_font():
    """helpers.latin_font with ö (a dieresis over o, inside its width), ò (a grave overhanging o's left
    edge), ȫ (a macron over ö: a composite of a composite) and T with a long arm, bubbles generated
    with the default settings (what the blend is learned on)."""
    font = latin_font()
    add_glyph(font, "dieresiscomb", 300, outline=lambda p: (rect(p, 20, 560, 100, 640), rect(p, 200, 560, 280, 640)),
              unicode=0x308)
    add_glyph(font, "gravecomb", 300, outline=lambda p: rect(p, -60, 560, 120, 660), unicode=0x300)
    add_glyph(font, "macroncomb", 300, outline=lambda p: rect(p, 40, 680, 260, 720), unicode=0x304)
    add_glyph(font, "odieresis", 560, components=[("o", DIERESIS), ("dieresiscomb", (1, 0, 0, 1, 130, 0))],
              unicode=0xF6)
    add_glyph(font, "ograve", 560, components=[("o", DIERESIS), ("gravecomb", (1, 0, 0, 1, 0, 0))], unicode=0xF2)
    add_glyph(font, "odieresismacron", 560,
              components=[("odieresis", DIERESIS), ("macroncomb", (1, 0, 0, 1, 130, 0))], unicode=0x22B)
    add_glyph(font, "dotlessi", 220, outline=lambda p: rect(p, 70, 0, 150, 500), unicode=0x131)
    add_glyph(font, "dotaccentcomb", 220, outline=lambda p: rect(p, 70, 560, 150, 640), unicode=0x307)
    add_glyph(font, "i", 220, components=[("dotlessi", DIERESIS), ("dotaccentcomb", DIERESIS)], unicode=ord("i"))
    font.removeLayer("bubble")
    make_bubbles(font, None)
    return font


PAIRS = [(a, b) for a in ("T", "V", "H", "o", "period", "quoteright")
         for b in ("o", "odieresis", "ograve", "odieresismacron", "n", "A", "Aacute", "dotlessi", "i")]


def kern(font, pairs=PAIRS, **settings) -> dict:
    return kern_pairs(font, pairs, Settings(min_kern=0, **settings)).as_dict()


def test_an_accent_that_stops_the_pair_no_longer_decides_it():
    font = accented_font()
    on, off = kern(font, blend="auto"), kern(font, blend="auto", follow_base=False)
    assert off[("T", "o")] < off[("T", "odieresis")] <= 0  # the dieresis meets T's arm
    assert on[("T", "odieresis")] == on[("T", "o")] == off[("T", "o")]
    assert on[("T", "odieresismacron")] == on[("T", "o")]  # followed down to o through ö
    result = kern_pairs(font, PAIRS, Settings(min_kern=0, blend="auto"))  # it collides where T o does
    assert result.colliding_band(("T", "odieresis")) == result.colliding_band(("T", "o")) is not None
    assert result.gaps[result.position(("T", "odieresis"))] == result.gaps[result.position(("T", "o"))]
    # the grave overhangs o's left edge by 110 units (more than 20 per 1000 em): ò keeps its own kern
    assert on[("T", "ograve")] == off[("T", "ograve")] > on[("T", "o")]
    # ı is narrower than 400 per 1000 em: designers kern i by its dot (T i 0 where T ı is deep)
    assert on[("T", "i")] == off[("T", "i")] > on[("T", "dotlessi")]
    # a pair is only ever made deeper, never past its base, and only on the right
    for (a, b), value in on.items():
        if value != off[(a, b)]:
            base = {"odieresis": "o", "odieresismacron": "o", "Aacute": "A"}[b]
            assert off[(a, b)] <= 0 and value == on[(a, base)] < off[(a, b)], (a, b)
    assert any(on[p] != off[p] for p in PAIRS) and all(on[(a, b)] == off[(a, b)] for a, b in PAIRS if a == "o")


def test_a_pair_list_follows_the_base_it_does_not_name():
    font = accented_font()
    everything = kern_pairs(font, None, Settings(blend="auto", min_kern=0)).as_dict()
    alone = kern(font, [("T", "odieresis"), ("V", "odieresismacron")], blend="auto")  # o is in no pair
    assert alone == {p: everything[p] for p in alone}
    assert alone[("T", "odieresis")] == everything[("T", "o")] < 0


def test_bubbles_a_designer_drew_are_kerned_as_drawn():
    font = accented_font()
    pairs = [("T", "odieresis"), ("T", "o")]
    assert kern(font, pairs) == kern(font, pairs, follow_base=False)  # no blend: the bubbles' own collisions
    font.getLayer("bubble")["o"].contours[0].points[0].x += 3  # o edited by hand: auto no longer blends it
    assert kern(font, pairs, blend="auto") == kern(font, pairs, blend="auto", follow_base=False)
    # a blend the settings give applies to every pair, drawn or not
    assert kern(font, pairs, blend=BLEND)[("T", "odieresis")] == kern(font, pairs, blend=BLEND)[("T", "o")]


def test_a_base_pair_that_shares_no_band_is_never_followed():
    """A quote over a low letter shares no band with it; its accented form reaches the quote's bands.
    With the fail-safe ``cap`` the base pair gets the cap, which its accented form must not take."""
    font = new_font()
    add_glyph(font, "quotesingle", 200, bubble=lambda p: rect(p, 40, 500, 160, 700), unicode=ord("'"))
    add_glyph(font, "x", 500, outline=lambda p: rect(p, 40, 0, 460, 300), bubble=lambda p: rect(p, 0, 0, 500, 300),
              unicode=ord("x"))
    add_glyph(font, "tilde", 300, outline=lambda p: rect(p, 40, 600, 260, 650), bubble=lambda p: rect(p, 20, 580, 280, 670))
    add_glyph(font, "xtilde", 500, components=[("x", DIERESIS), ("tilde", (1, 0, 0, 1, 100, 0))])
    pairs = [("quotesingle", "x"), ("quotesingle", "xtilde")]
    on = kern_pairs(font, pairs, Settings(blend=BLEND, failsafe="cap", min_kern=0))
    off = kern_pairs(font, pairs, Settings(blend=BLEND, failsafe="cap", min_kern=0, follow_base=False))
    assert list(on.failsafe) == [True, False] and on.values[0] == -100  # half the narrower advance
    assert on.as_dict() == off.as_dict()


def composite_font():
    font = new_font()
    add_glyph(font, "o", 500, outline=lambda p: ellipse(p, 250, 250, 200, 250))
    add_glyph(font, "dot", 100, outline=lambda p: rect(p, 0, 600, 100, 700))
    add_glyph(font, "odot", 500, components=[("o", DIERESIS), ("dot", (1, 0, 0, 1, 200, 0))])
    add_glyph(font, "odotdot", 500, components=[("odot", DIERESIS), ("dot", (1, 0, 0, 1, 50, 100))])
    add_glyph(font, "dotted", 500, components=[("dot", (1, 0, 0, 1, 200, 0)), ("o", DIERESIS)])  # first: not at 0
    add_glyph(font, "small", 400, components=[("o", (0.8, 0, 0, 0.8, 0, 0))])  # scaled: not the letter itself
    add_glyph(font, "drawn", 500, outline=lambda p: rect(p, 0, 0, 10, 10), components=[("o", DIERESIS)])
    add_glyph(font, "loop1", 500)  # made a component cycle on disk
    add_glyph(font, "loop2", 500)
    add_glyph(font, "orphan", 500, components=[("missing", DIERESIS)])
    add_glyph(font, "wide", 500, components=[("o", DIERESIS), ("dot", (1, 0, 0, 1, -80, 0))])  # 130 units left of o
    return font


def test_composite_bases_are_untransformed_first_components_followed_down(tmp_path):
    from fontParts.fontshell import RFont

    path = save(composite_font(), tmp_path)
    add_components_on_disk(path, "loop1", ["loop2"])
    add_components_on_disk(path, "loop2", ["loop1"])
    bubbles = FontBubbles(RFont(str(path)))
    names = ["o", "odot", "odotdot", "dotted", "small", "drawn", "loop1", "loop2", "orphan", "wide"]
    # a drawn glyph, a scaled or moved first component, a component cycle and a missing base have no base
    assert bubbles.composite_bases(names) == {"odot": "o", "odotdot": "o", "wide": "o"}
    # ``wide``'s dot reaches 130 units left of o's ink: it keeps its own kern on the right (20 at most)
    bounds = bubbles.ink_bounds(["wide", "o"])
    assert bounds["o"][0] - bounds["wide"][0] == 130
    assert followed_bases(bubbles, names)[0] == {"odot": "o", "odotdot": "o"}


@pytest.mark.parametrize("backend", ["plain", "vectorised"])
def test_both_kernels_follow_bases_the_same_way(backend):
    import importlib
    from array import array

    module = importlib.import_module(f"bubblekern.kernel.{backend}")
    # rows: 0 T, 1 o, 2 ö (on o), 3 x, 4 x̃ (on x); pairs (left, right) with their values and kept flags
    left, right = [0, 0, 0, 3, 3, 1, 0], [1, 2, 4, 2, 4, 2, 3]
    values, kept = [-80, -10, 0, 20, -3, -5, -40], [1, 1, 0, 1, 0, 1, 1]
    gaps, bands = [80.0, 10.0, math.inf, -20.0, 3.0, 5.0, math.inf], [5, 30, -(2**31), 31, 30, 30, -(2**31)]
    bases = [-1, -1, 1, -1, 3]
    # base pair → (gap, band, value, fail-safe, kept)
    solved = {(0, 1): (80.0, 5, -80, 0, 1), (3, 1): (30.0, 6, -30, 0, 1), (0, 3): (math.inf, -(2**31), -40, 1, 1),
              (3, 3): (10.0, 7, -10, 0, 1), (1, 1): (2.0, 8, -2, 0, 0)}
    asked = []

    if backend == "plain":
        def column(v, typecode="i"):
            return array(typecode, v)
    else:
        import numpy as np

        def column(v, typecode="i"):
            return np.array(v, dtype={"B": bool, "d": float}.get(typecode, np.int32))

    def solve_pairs(a, b):
        keys = list(zip(a.tolist(), b.tolist()))
        asked.extend(keys)
        return tuple(column([solved[k][i] for k in keys], "diiBB"[i]) for i in range(5))

    def run(rows=None, bases=bases):
        columns = column(gaps, "d"), column(bands), column(values), column(kept, "B")
        out = module.follow_bases(columns, column(left), column(right), bases, solve_pairs, rows)
        return [float(g) for g in out[0]], [int(b) for b in out[1]], [int(v) for v in out[2]], [bool(k) for k in out[3]]

    # Tö follows To, its gap and band too; Tx̃ does not: T x shares no band (its value is the fail-safe's);
    # x ö keeps its positive kern; x x̃ follows x x; o ö keeps -5 (o o's -2 is not deeper)
    assert run() == ([80.0, 80.0, math.inf, -20.0, 10.0, 5.0, math.inf], [5, 5, -(2**31), 31, 7, 30, -(2**31)],
                     [-80, -80, 0, 20, -10, -5, -40], [True, True, False, True, True, True, True])
    assert sorted(asked) == sorted(solved)  # each base pair solved once
    # x is not blended: pairs it starts are left alone
    assert run([True, True, True, False, True])[2] == [-80, -80, 0, 20, -3, -5, -40]
    asked.clear()
    assert run(bases=[-1] * 5)[2] == values and not asked  # no composites: nothing asked, nothing changed


def test_the_command_line_follows_bases_unless_told_not_to(tmp_path, capsys):
    path = save(accented_font(), tmp_path)
    listed = tmp_path / "pairs.txt"
    listed.write_text("T odieresis\nT o\n")

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, *flags)

    followed, own = run(), run("--no-follow-base")
    assert followed[("T", "odieresis")] == followed[("T", "o")] == own[("T", "o")] < own[("T", "odieresis")]
    assert run("--blend", "off") == run("--blend", "off", "--no-follow-base")  # nothing to follow without the blend


def test_an_accented_letter_on_the_left_follows_its_base_when_it_is_encoded_and_as_wide():
    font = accented_font()
    add_glyph(font, "odieresis.alt", 560, components=[("o", DIERESIS), ("dieresiscomb", (1, 0, 0, 1, 130, 0))])
    add_glyph(font, "odieresis.wide", 600, components=[("o", DIERESIS), ("dieresiscomb", (1, 0, 0, 1, 130, 0))],
              unicode=0xE000)
    make_bubbles(font, ["odieresis.alt", "odieresis.wide"])
    pairs = [(a, "T") for a in ("o", "odieresis", "odieresismacron", "odieresis.alt", "odieresis.wide")]
    on, off = kern(font, pairs, blend="auto"), kern(font, pairs, blend="auto", follow_base=False)
    assert off[("o", "T")] < off[("odieresis", "T")] <= 0  # the dieresis meets T's arm from the left too
    assert on[("odieresis", "T")] == on[("odieresismacron", "T")] == on[("o", "T")]
    # no code point (an alternate), or another advance (its right sidebearing is not o's): its own kern
    assert on[("odieresis.alt", "T")] == off[("odieresis.alt", "T")] > on[("o", "T")]
    assert on[("odieresis.wide", "T")] == off[("odieresis.wide", "T")]
    alone = kern(font, [("odieresis", "T")], blend="auto")  # o is in no pair: solved all the same
    assert alone[("odieresis", "T")] == on[("o", "T")]


def test_a_letter_drawn_on_another_follows_it_by_its_unicode_name():
    """``Ŧ`` drawn with contours of its own (its bar stops o under T's arm) kerns as ``T``; ``Ø``, whose
    stroke reaches past O, keeps its own; an unencoded or non-letter glyph has no base."""
    from bubblekern.glyphsets import base_letter

    assert [base_letter(c) for c in "ŦĐễǻҒØ.T"] == ["T", "D", "e", "a", "Г", "O", ".", "T"]
    font = latin_font()
    tbar = lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610), rect(p, 160, 400, 480, 460))  # noqa: E731
    add_glyph(font, "Tbar", 640, outline=tbar, unicode=0x166)
    add_glyph(font, "Tbar.alt", 640, outline=tbar)
    add_glyph(font, "Oslash", 740, outline=lambda p: (ellipse(p, 370, 350, 310, 360), polygon(p, (0, -40), (60, -40), (740, 740), (680, 740))),
              unicode=0xD8)
    add_glyph(font, "Tcomposed", 640, components=[("T", DIERESIS)], unicode=0x162)
    font.removeLayer("bubble")
    make_bubbles(font, None)
    bubbles = FontBubbles(font)
    names = ["Tbar", "Tbar.alt", "Oslash", "Tcomposed", "T", "period", "Aacute"]
    assert bubbles.letter_bases(names) == {"Tbar": "T", "Oslash": "O"}  # a composite is composite_bases' to find
    assert followed_bases(bubbles, names) == ({"Tbar": "T", "Tcomposed": "T", "Aacute": "A"},
                                             {"Tbar": "T", "Tcomposed": "T", "Aacute": "A"})
    pairs = [("Tbar", "o"), ("T", "o"), ("Tbar.alt", "o"), ("Oslash", "T"), ("O", "T")]
    on, off = kern(font, pairs, blend="auto"), kern(font, pairs, blend="auto", follow_base=False)
    assert off[("T", "o")] < off[("Tbar", "o")] == off[("Tbar.alt", "o")]  # the bar meets o
    assert on[("Tbar", "o")] == on[("T", "o")] and on[("Tbar.alt", "o")] == off[("Tbar.alt", "o")]
    assert on[("Oslash", "T")] == off[("Oslash", "T")]
