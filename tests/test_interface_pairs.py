"""Pair-builder rows, favourites, flat-text validation and the window's pair requests."""

from __future__ import annotations

import pytest

from bubblekern import FontBubbles
from bubblekern.errors import PairListError
from bubblekern.interface.flattext import load_pair_text, validate_pair_text
from bubblekern.interface.pairbuilder import (
    BuilderRow,
    add_favourite,
    favourites_from_defaults,
    favourites_to_defaults,
    remove_favourite,
    resolve_names,
    row_pairs,
    row_summary,
    rows_pairs,
    split_names,
)
from bubblekern.interface.sources import NothingToKernError, Request, request_pairs

import helpers

KNOWN = {"A", "V", "T", "o", "period", "Aacute"}
GROUPS = {"public.kern1.A": ["A", "Aacute"], "public.kern2.o": ["o", "missing"]}


def test_split_names():
    assert split_names(" A, V  /T/o\tA ") == ["A", "V", "T", "o"]
    assert split_names("") == []


def test_resolve_names_with_groups():
    assert resolve_names("A public.kern1.A x", KNOWN, GROUPS) == (["A", "Aacute"], ["x"])
    assert resolve_names("public.kern2.o", KNOWN, GROUPS) == (["o"], ["missing"])
    assert resolve_names("public.kern1.A", KNOWN) == ([], ["public.kern1.A"])


def test_row_pairs_and_flipped():
    pairs, problems = row_pairs(BuilderRow("A V", "o", flipped=True), KNOWN)
    assert pairs == [("A", "o"), ("V", "o"), ("o", "A"), ("o", "V")]
    assert problems == []
    assert row_summary(BuilderRow("A V", "o", True), KNOWN) == "2 × 1 × 2 = 4 pairs"
    assert row_summary(BuilderRow("A", "A", True), KNOWN) == "1 × 1 × 2 = 1 pair"


def test_rows_pairs_reports_every_bad_row():
    rows = [BuilderRow("A", "V"), BuilderRow("A Q", ""), BuilderRow("V", "A"), BuilderRow("A", "V")]
    with pytest.raises(PairListError) as caught:
        rows_pairs(rows, KNOWN)
    assert caught.value.problems == [
        (2, "left list: not in the font: Q"),
        (2, "right list is empty"),
    ]
    assert "pair builder row, line 2" in str(caught.value)
    assert rows_pairs([rows[0], rows[2], rows[3]], KNOWN) == [("A", "V"), ("V", "A")]


def test_favourites_round_trip_and_bad_data():
    favourites = add_favourite({}, " caps ", [BuilderRow("A V", "T", True)])
    favourites = add_favourite(favourites, "lower", [BuilderRow("o", "o")])
    stored = favourites_to_defaults(favourites)
    assert list(stored) == ["caps", "lower"]
    assert stored["caps"] == [{"left": "A V", "right": "T", "flipped": True}]
    assert favourites_from_defaults(stored) == favourites
    messy = {"ok": [{"left": "A", "right": "V"}, "junk", {"left": 3}], "empty": [], "bad": "x", 5: []}
    assert favourites_from_defaults(messy) == {"ok": [BuilderRow("A", "V", False)]}
    assert favourites_from_defaults(None) == {}
    assert remove_favourite(favourites, "caps") == {"lower": [BuilderRow("o", "o")]}
    with pytest.raises(ValueError, match="name"):
        add_favourite({}, "  ", [BuilderRow("A", "V")])
    with pytest.raises(ValueError, match="row"):
        add_favourite({}, "x", [])


def test_flat_text_validation_keeps_good_lines():
    text = "#KPL:P: test\nA V\nA Q  # typo\n\nT o -40\nA V T\nV A\n"
    validation = validate_pair_text(text, KNOWN)
    assert validation.pairs == [("A", "V"), ("T", "o"), ("V", "A")]
    assert validation.bad_lines == [3, 6]
    assert validation.status == "3 pairs; 2 bad lines (3, 6)"
    assert validation.messages[0] == "line 3: glyph 'Q' is not in the font"
    assert not validation.ok
    clean = validate_pair_text("A V\n", KNOWN)
    assert clean.ok and clean.status == "1 pair"


def test_flat_text_groups_and_misplaced_header():
    assert validate_pair_text("public.kern1.A o", KNOWN, GROUPS).pairs == [("A", "o"), ("Aacute", "o")]
    validation = validate_pair_text("A V\n#KPL:P: late\n", KNOWN)
    assert validation.bad_lines == [2] and validation.pairs == [("A", "V")]


def test_load_pair_text(tmp_path):
    path = tmp_path / "pairs.txt"
    path.write_bytes("A V\nT o\n".encode("utf-16"))
    assert load_pair_text(path) == "A V\nT o\n"
    path.write_bytes(b"A V\n\xff\xfe\xfa bad\n")
    with pytest.raises(PairListError) as caught:
        load_pair_text(path)
    assert str(path) in str(caught.value) and caught.value.problems[0][0] == 2
    with pytest.raises(PairListError, match="cannot read"):
        load_pair_text(tmp_path / "missing.txt")


# -- window requests --------------------------------------------------------------------


def bubbles_font():
    font = helpers.box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700)), "o": (500, (0, 0, 450, 500))})
    font["A"].unicode, font["V"].unicode, font["o"].unicode = 0x41, 0x56, 0x6F
    helpers.add_glyph(font, "space", 250, unicode=0x20)
    font.groups["public.kern1.AV"] = ["A", "V"]
    return FontBubbles(font)


def test_empty_source_means_the_default_set():
    bubbles = bubbles_font()  # kern1 groups only: the right side is not narrowed
    for source in ("builder", "text", "sample"):
        pairs = request_pairs(Request(source=source, text="# only a comment\n"), bubbles)
        assert set(pairs) == {(a, b) for a in "AV" for b in "AVo"} and ("space", "A") not in pairs
    font = bubbles.font
    font.groups["public.kern2.o"] = ["o"]
    font.kerning[("o", "V")] = -10
    pairs = request_pairs(Request("text"), FontBubbles(font))
    # o (no kern1 group) and V (no kern2 group) are kerned only against each other, as their entry says
    assert pairs == [("A", "o"), ("V", "o"), ("o", "V")]
    del font.groups["public.kern1.AV"], font.groups["public.kern2.o"]
    # no groups: every kerned glyph; of a lowercase before a capital, only the oV its kerning sets
    pairs = request_pairs(Request("text"), FontBubbles(font))
    assert set(pairs) == {(a, b) for a in "AV" for b in "AVo"} | {("o", "o"), ("o", "V")}


def test_each_source():
    bubbles = bubbles_font()
    assert request_pairs(Request("builder", rows=[BuilderRow("A", "o", True)]), bubbles) == [("A", "o"), ("o", "A")]
    assert request_pairs(Request("text", text="V o\n"), bubbles) == [("V", "o")]
    assert request_pairs(Request("sample", sample="AVo\noA"), bubbles) == [("A", "V"), ("V", "o"), ("o", "A")]
    grouped = Request("text", text="public.kern1.AV o\n", groups_mode="groups")
    assert request_pairs(grouped, bubbles) == [("A", "o"), ("V", "o")]
    with pytest.raises(PairListError):
        request_pairs(Request("text", text="public.kern1.AV o\n"), bubbles)  # glyphs mode: no groups


def test_selected_glyphs_filter_and_errors():
    bubbles = bubbles_font()
    request = Request("sample", sample="AVoA", selected_only=True, selection=["o", "nonexistent"])
    assert request_pairs(request, bubbles) == [("V", "o"), ("o", "A")]
    with pytest.raises(NothingToKernError, match="selected"):
        request_pairs(Request("sample", sample="AV", selected_only=True, selection=[]), bubbles)
    with pytest.raises(NothingToKernError, match="none of the pairs"):
        request_pairs(Request("sample", sample="AV", selected_only=True, selection=["o"]), bubbles)
    with pytest.raises(PairListError) as caught:
        request_pairs(Request("sample", sample="A€"), bubbles)
    assert caught.value.problems[0][0] == 1


def test_no_bubbles_at_all():
    font = helpers.new_font()
    helpers.add_glyph(font, "A", 500)
    with pytest.raises(NothingToKernError, match="no glyph has a bubble"):
        request_pairs(Request(), FontBubbles(font))


def test_kern_all_pairs_of_a_monospaced_font_says_why_it_kerns_nothing():
    """A monospaced font's default set is empty (its fixed advance is the design); pairs asked for still kern."""
    font = helpers.box_font({c: (600, (60, 0, 540, 700)) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})
    for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        font[c].unicode = ord(c)
    font.info.postscriptIsFixedPitch = True
    with pytest.raises(NothingToKernError, match="monospaced"):
        request_pairs(Request(), FontBubbles(font))
    assert request_pairs(Request("sample", sample="AV"), FontBubbles(font)) == [("A", "V")]


def test_an_empty_source_leaves_combining_marks_out_like_the_engine():
    from bubblekern import Settings

    font = helpers.box_font({"H": (600, (0, 0, 600, 700)), "acutecomb": (300, (0, 720, 300, 900))})
    font["acutecomb"].unicode = 0x0301
    assert request_pairs(Request("builder"), FontBubbles(font)) == [("H", "H")]
    with_marks = request_pairs(Request("builder"), FontBubbles(font, Settings(include_marks=True)))
    assert ("H", "acutecomb") in with_marks and len(with_marks) == 4
