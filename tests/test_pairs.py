"""Pair sources: glyph sets, the builder, pair-list text and files, sample text, filters."""

import pytest

from bubblekern import (
    MissingGlyphError,
    PairListError,
    all_pairs,
    cmap_of,
    pair_grid,
    pairs_from_text,
    parse_pair_list,
    read_pair_list,
    touching,
)
from bubblekern.pairs import check_names

from helpers import latin_font

KNOWN = {"A", "V", "T", "o", "H", "period", "quoteright", "a.sc"}


def test_all_pairs_are_every_permutation_including_same_glyph_pairs():
    assert all_pairs(["A", "V", "A"]) == [("A", "A"), ("A", "V"), ("V", "A"), ("V", "V")]


def test_pair_grid_left_times_right_with_optional_flips():
    assert pair_grid(["A", "T"], ["V", "o"]) == [("A", "V"), ("A", "o"), ("T", "V"), ("T", "o")]
    assert pair_grid(["A"], ["V", "A"], flipped=True) == [("A", "V"), ("A", "A"), ("V", "A")]


def test_flat_pair_list_with_comments_blank_lines_and_values():
    text = "# my list\nA V\n\n  T\to   # tab separated\nA V\nH H -20\n"
    assert parse_pair_list(text, KNOWN) == [("A", "V"), ("T", "o"), ("H", "H")]


def test_metricsmachine_pair_list():
    text = "#KPL:P: My Pairs\nA V\nT o\n"
    assert parse_pair_list(text, KNOWN) == [("A", "V"), ("T", "o")]


def test_other_metricsmachine_list_types_are_refused():
    with pytest.raises(PairListError, match="line 1: MetricsMachine list type 'W'"):
        parse_pair_list("#KPL:W: words\nA V\n", KNOWN)


def test_bad_lines_are_all_reported_by_number():
    text = "A V\nA\nA V T o\nA Xyz\n#KPL:P: late header\n"
    with pytest.raises(PairListError) as caught:
        parse_pair_list(text, KNOWN, source="pairs.txt")
    assert [line for line, _ in caught.value.problems] == [2, 3, 4, 5]
    message = str(caught.value)
    assert "pairs.txt, line 4: glyph 'Xyz' is not in the font" in message
    assert "line 2: expected two glyph names, found 1" in message


def test_group_names_stand_for_their_members():
    groups = {"public.kern1.O": ("O", "Q"), "public.kern2.V": ("V", "W")}
    assert parse_pair_list("public.kern1.O public.kern2.V\n", {"O", "Q", "V", "W"}, groups) == [
        ("O", "V"), ("O", "W"), ("Q", "V"), ("Q", "W"),
    ]


def test_pair_list_files_utf8_bom_utf16_and_wrong_encoding(tmp_path):
    (tmp_path / "bom.txt").write_bytes("\ufeffA V\n".encode())
    (tmp_path / "utf16.txt").write_text("#KPL:P: x\nA V\nT o\n", encoding="utf-16")
    (tmp_path / "latin1.txt").write_bytes("A V\nT o\n# caf\xe9\n".encode("latin-1"))
    assert read_pair_list(tmp_path / "bom.txt", KNOWN) == [("A", "V")]
    assert read_pair_list(tmp_path / "utf16.txt", KNOWN) == [("A", "V"), ("T", "o")]
    with pytest.raises(PairListError, match=r"latin1.txt, line 3: not UTF-8 text \(byte 0xe9\)"):
        read_pair_list(tmp_path / "latin1.txt", KNOWN)
    with pytest.raises(PairListError, match=r"^cannot read .*missing\.txt: no such file$"):
        read_pair_list(tmp_path / "missing.txt", KNOWN)
    with pytest.raises(PairListError, match=r"^cannot read .*: it is a folder, not a file$"):
        read_pair_list(tmp_path, KNOWN)


def test_sample_text_pairs_through_the_cmap_with_escapes():
    font = latin_font()
    cmap = cmap_of(font)
    known = set(font.keys())
    assert pairs_from_text("AVA", cmap, known) == [("A", "V"), ("V", "A")]
    assert pairs_from_text("To/period/quoteright", cmap, known) == [
        ("T", "o"), ("o", "period"), ("period", "quoteright"),
    ]
    # a /name is ended by white space, which it consumes; a space glyph in the cmap is a glyph
    assert pairs_from_text("/A V", cmap, known) == [("A", "V")]
    assert pairs_from_text("A V", cmap, known) == [("A", "space"), ("space", "V")]
    assert pairs_from_text("AV\nTo", cmap, known) == [("A", "V"), ("T", "o")]  # lines don't join


def test_sample_text_reports_unknown_characters_and_names():
    font = latin_font()
    with pytest.raises(PairListError) as caught:
        pairs_from_text("AVZ\nT/nothere o", cmap_of(font), set(font.keys()))
    assert caught.value.problems == [
        (1, "'Z' (U+005A, column 3) has no glyph in the font"),
        (2, "/nothere (column 2) is not a glyph in the font"),
    ]


def test_touching_keeps_pairs_with_the_glyphs_on_either_side():
    pairs = all_pairs(["A", "V", "o"])
    assert touching(pairs, {"V"}) == [("A", "V"), ("V", "A"), ("V", "V"), ("V", "o"), ("o", "V")]


def test_check_names_lists_every_missing_name():
    with pytest.raises(MissingGlyphError, match="--glyphs: glyphs not in the font: 'X', 'Y'"):
        check_names(["A", "X", "Y", "X"], KNOWN, "--glyphs")
