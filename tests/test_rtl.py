"""Right-to-left kerning: Hebrew and Arabic pairs in logical order, through ufo2ft and HarfBuzz."""

from __future__ import annotations

import math

import pytest

from bubblekern import kern_pairs
from bubblekern.bubbles import FontBubbles
from bubblekern.cli import main
from bubblekern.direction import direction_runs, glyph_directions, pair_direction
from bubblekern.fontio import open_font
from bubblekern.pairs import cmap_of, pairs_from_text
from bubblekern.settings import Settings

from helpers import add_glyph, box_font, new_font, polygon, rect, save

HEBREW = {
    "alef-hb": 0x05D0, "bet-hb": 0x05D1, "dalet-hb": 0x05D3, "he-hb": 0x05D4, "vav-hb": 0x05D5,
    "lamed-hb": 0x05DC, "finalmem-hb": 0x05DD, "shin-hb": 0x05E9, "resh-hb": 0x05E8, "tav-hb": 0x05EA,
}
ARABIC = {"alef-ar": 0x0627, "beh-ar": 0x0628, "dal-ar": 0x062F, "reh-ar": 0x0631, "waw-ar": 0x0648, "noon-ar": 0x0646}
LATIN = {"A": 0x41, "V": 0x56, "H": 0x48, "o": 0x6F}
NEUTRAL = {"space": 0x20, "period": 0x2E}

WORDS = ["שלום", "תודה", "בדלת", "ורד", "שבת", "دار", "نور", "باب", "وداد"]


def _trapezoid(i: int, width: int, top: int):
    """A bubble whose two sides slant differently, so a pair's gap depends on which side faces which."""
    lb, lt = 5 + (i * 37) % 110, 5 + (i * 71) % 110
    rb, rt = 5 + (i * 53) % 110, 5 + (i * 29) % 110
    return lambda p: polygon(p, (lb, 0), (width - rb, 0), (width - rt, top), (lt, top))


def rtl_font():
    """Hebrew, Arabic (isolated forms only, no GSUB) and Latin glyphs with bubbles, plus neutrals."""
    font = new_font()
    font.info.ascender, font.info.descender, font.info.capHeight, font.info.xHeight = 750, -250, 700, 500
    order = []
    for i, (name, code) in enumerate({**HEBREW, **ARABIC, **LATIN}.items()):
        width = 480 + (i * 41) % 160
        add_glyph(font, name, width, bubble=_trapezoid(i, width, 600),
                  outline=lambda p, w=width: rect(p, 120, 0, w - 120, 560), unicode=code)
        order.append(name)
    add_glyph(font, "period", 240, bubble=lambda p: rect(p, 40, 0, 200, 120),
              outline=lambda p: rect(p, 80, 0, 160, 80), unicode=0x2E)
    add_glyph(font, "space", 250, unicode=0x20)
    font.glyphOrder = [*order, "period", "space"]
    return font


def test_glyph_directions_follow_ufo2ft_bidi_classes():
    font = rtl_font()
    add_glyph(font, "alef-hb.alt", 500)  # unencoded, named after an encoded Hebrew glyph
    add_glyph(font, "lam_alef-ar", 500)  # a ligature whose parts are glyphs of the font…
    add_glyph(font, "lamalef-ar", 500)
    add_glyph(font, "uni0644_uni0627.fina", 500)  # …and AGL names of Arabic letters
    add_glyph(font, "one", 500, unicode=0x31)
    add_glyph(font, "one-ar", 500, unicode=0x0661)  # ARABIC-INDIC DIGIT ONE: bidi AN, shaped left to right
    add_glyph(font, "mystery", 500)
    d = glyph_directions(font)
    assert {d[n] for n in HEBREW} == {"R"} and {d[n] for n in ARABIC} == {"R"}
    assert {d[n] for n in LATIN} == {"L"}
    assert d["period"] is None and d["space"] is None and d["mystery"] is None
    assert d["alef-hb.alt"] == "R" and d["uni0644_uni0627.fina"] == "R"
    assert d["one"] == "L" and d["one-ar"] == "L"
    assert d["lam_alef-ar"] == "R"
    assert d["lamalef-ar"] is None  # neither a glyph nor an AGL name: list it in Settings.rtl
    assert glyph_directions(font, ["lamalef-ar", "A"], rtl=["lamalef-ar"]) == {"lamalef-ar": "R", "A": "L"}
    assert set(glyph_directions(font, ["A", "period"], rtl="all").values()) == {"R"}
    assert pair_direction("R", None) == pair_direction(None, "R") == pair_direction("R", "R") == "rtl"
    assert pair_direction("R", "L") == pair_direction("L", "R") == "mixed"
    assert pair_direction(None, None) == pair_direction("L", None) == "ltr"


def test_rtl_pair_gap_is_second_on_the_left():
    """Rectangles: the gap of a right-to-left pair (a, b) is (advance(b) − right(b)) + left(a)."""
    font = box_font({"alef-hb": (600, (30, 0, 520, 600)), "bet-hb": (500, (90, 0, 490, 600))})
    font["alef-hb"].unicode, font["bet-hb"].unicode = 0x05D0, 0x05D1
    result = kern_pairs(font, [("alef-hb", "bet-hb"), ("bet-hb", "alef-hb")], Settings(min_kern=0))
    assert result.value(("alef-hb", "bet-hb")) == -((500 - 490) + 30)
    assert result.value(("bet-hb", "alef-hb")) == -((600 - 520) + 90)
    assert result.is_rtl(("alef-hb", "bet-hb"))
    # the same glyphs unencoded are left to right (or right to left when listed)
    font["alef-hb"].unicodes, font["bet-hb"].unicodes = (), ()
    ltr = kern_pairs(font, [("alef-hb", "bet-hb")], Settings(min_kern=0))
    assert ltr.value(("alef-hb", "bet-hb")) == -((600 - 520) + 90) and not ltr.is_rtl(("alef-hb", "bet-hb"))
    listed = kern_pairs(font, [("alef-hb", "bet-hb")], Settings(min_kern=0, rtl=("alef-hb", "bet-hb")))
    assert listed.value(("alef-hb", "bet-hb")) == -40


def test_all_pairs_reverse_rtl_pairs_and_leave_out_mixed_ones():
    font = rtl_font()
    everything = kern_pairs(font, settings=Settings(min_kern=0))
    pairs = set(everything.pairs)
    d = everything.directions
    assert ("alef-hb", "A") not in pairs and ("A", "beh-ar") not in pairs
    assert ("alef-hb", "beh-ar") in pairs and ("alef-hb", "period") in pairs and ("A", "period") in pairs
    assert all(pair_direction(d[a], d[b]) != "mixed" for a, b in pairs)
    explicit = kern_pairs(font, list(pairs), Settings(min_kern=0))
    assert explicit.as_dict() == everything.as_dict()  # both paths orient the same way
    # a right-to-left pair gets the value of the left-to-right solve of its reverse
    plain = kern_pairs(font, [("bet-hb", "alef-hb")], Settings(min_kern=0, rtl=()))
    font_ltr = rtl_font()
    for name in HEBREW:
        font_ltr[name].unicodes = ()
    reversed_ltr = kern_pairs(font_ltr, [("bet-hb", "alef-hb"), ("alef-hb", "bet-hb")], Settings(min_kern=0))
    assert plain.value(("bet-hb", "alef-hb")) == reversed_ltr.value(("alef-hb", "bet-hb"))
    assert reversed_ltr.value(("bet-hb", "alef-hb")) != reversed_ltr.value(("alef-hb", "bet-hb"))


def test_mixed_pairs_asked_for_are_reported_not_kerned():
    font = rtl_font()
    result = kern_pairs(font, [("A", "alef-hb"), ("alef-hb", "bet-hb")], Settings(min_kern=0))
    assert result.mixed == [("A", "alef-hb")] and list(result.pairs) == [("alef-hb", "bet-hb")]
    assert any("mix right-to-left and left-to-right" in w for w in result.warnings)


def test_sample_text_splits_at_direction_changes():
    font = rtl_font()
    cmap, known, d = cmap_of(font), set(font.keys()), glyph_directions(font)
    # a left-to-right paragraph: the neutrals between Hebrew and Latin go with the Latin
    pairs = pairs_from_text("HAVo שלום. AV", cmap, known)
    assert pairs == [
        ("H", "A"), ("A", "V"), ("V", "o"), ("o", "space"),
        ("shin-hb", "lamed-hb"), ("lamed-hb", "vav-hb"), ("vav-hb", "finalmem-hb"),
        ("period", "space"), ("space", "A"),
    ]
    # a right-to-left paragraph keeps them: the period belongs to the Hebrew word, and
    # Hebrew and Arabic (bidi R and AL) are one run
    pairs = pairs_from_text("שלום. دار AV", cmap, known)
    assert ("finalmem-hb", "period") in pairs and ("period", "space") in pairs and ("space", "dal-ar") in pairs
    assert ("alef-ar", "reh-ar") in pairs and ("A", "V") in pairs and ("reh-ar", "space") in pairs
    assert ("space", "A") not in pairs
    assert all(pair_direction(d[a], d[b]) != "mixed" for a, b in pairs)
    assert direction_runs(["L", None, "R", "R", None, "L"]) == [(0, 2, "L"), (2, 4, "R"), (4, 6, "L")]
    assert direction_runs(["R", None, "R", None]) == [(0, 4, "R")]
    assert direction_runs([None, None]) == [(0, 2, "L")]


def _shaped(binary: bytes, text: str):
    """HarfBuzz's glyph names and pen positions (x of each glyph's origin), in visual order."""
    hb = pytest.importorskip("uharfbuzz")
    face = hb.Face(binary)
    shaper = hb.Font(face)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(shaper, buffer, {"kern": True})
    names, xs, x = [], [], 0
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        names.append(shaper.glyph_to_string(info.codepoint))
        xs.append(x + pos.x_offset)
        x += pos.x_advance
    return buffer.direction, names, xs


def _touching_gap(bubbles: FontBubbles, left: str, right: str, x_left: float, x_right: float) -> float:
    """The smallest horizontal gap between two placed bubbles over the bands both reach."""
    a, b = bubbles.profile(left), bubbles.profile(right)
    gaps = []
    for band in range(max(a.start, b.start), min(a.stop, b.stop)):
        ra, lb = a.right[band - a.start], b.left[band - b.start]
        if not (math.isnan(ra) or math.isnan(lb)):
            gaps.append((x_right + lb) - (x_left + ra))
    return min(gaps)


def test_rtl_kerning_through_ufo2ft_and_harfbuzz_makes_bubbles_touch(tmp_path, capsys):
    """Kern Hebrew and Arabic words with the CLI, compile with ufo2ft, shape with HarfBuzz:
    neighbouring bubbles touch (gap 0 within rounding); the same values stored as if the
    pairs were left to right would leave gaps and overlaps."""
    pytest.importorskip("ufo2ft")
    ufo = save(rtl_font(), tmp_path)
    text = " ".join(WORDS) + " HAVo"
    code = main(["kern", str(ufo), "--text", text, "--min-kern", "0", "--positive-cap", "1000"])
    assert code == 0, capsys.readouterr().err
    otf = tmp_path / "Test.otf"
    assert main(["export", str(ufo), "--otf", str(otf), "--fea", str(tmp_path / "kern.fea")]) == 0
    fea = (tmp_path / "kern.fea").read_text()
    assert "lookup kern_Hebr" in fea and "lookup kern_Arab" in fea
    font = open_font(ufo)
    value = font.kerning[("shin-hb", "lamed-hb")]
    assert f"pos shin-hb lamed-hb <{value} 0 {value} 0>;" in fea  # ufo2ft's right-to-left value record
    bubbles = FontBubbles(font)
    binary = otf.read_bytes()
    checked = 0
    for word in [*WORDS, "HAVo"]:
        direction, names, xs = _shaped(binary, word)
        assert direction == ("ltr" if word == "HAVo" else "rtl")
        for i in range(len(names) - 1):  # visual order: names[i] is on the left
            gap = _touching_gap(bubbles, names[i], names[i + 1], xs[i], xs[i + 1])
            assert abs(gap) <= 0.5 + 1e-6, (word, names[i], names[i + 1], gap)
            checked += 1
    assert checked == sum(len(w) - 1 for w in WORDS) + 3
    # the engine's left-to-right reading of the same pairs stores other values
    wrong = {p: v for p, v in font.kerning.items() if p[0] in HEBREW}
    naive = rtl_font()
    for name in [*HEBREW, *ARABIC]:
        naive[name].unicodes = ()
    ltr = kern_pairs(naive, list(wrong), Settings(min_kern=0, positive_cap=1000)).as_dict()
    assert sum(ltr[p] != v for p, v in wrong.items()) >= len(wrong) // 2


def test_mixed_text_from_the_command_line_has_no_pair_across_directions(tmp_path, capsys):
    ufo = save(rtl_font(), tmp_path)
    code = main(["kern", str(ufo), "--text", "AV שלום Ho", "--min-kern", "0", "--format", "tsv", "--dry-run"])
    out, err = capsys.readouterr()
    assert code == 0, err
    pairs = {tuple(line.split("\t")[:2]) for line in out.splitlines()}
    d = glyph_directions(open_font(ufo))
    assert ("shin-hb", "lamed-hb") in pairs and ("A", "V") in pairs and ("H", "o") in pairs
    assert all(pair_direction(d[a], d[b]) != "mixed" for a, b in pairs)
    assert ("space", "shin-hb") not in pairs and ("finalmem-hb", "space") not in pairs


def test_rtl_flag_and_stored_setting(tmp_path, capsys):
    font = rtl_font()
    for name in HEBREW:
        font[name].unicodes = ()
    ufo = save(font, tmp_path)
    args = ["kern", str(ufo), "--pairs", str(tmp_path / "p.txt"), "--min-kern", "0", "--format", "tsv", "--dry-run"]
    (tmp_path / "p.txt").write_text("shin-hb lamed-hb\n")
    values = {}
    for extra in ([], ["--rtl", "shin-hb,lamed-hb"], ["--rtl", "all"]):
        assert main(args + extra) == 0
        values[tuple(extra)] = capsys.readouterr().out
    assert values[()] != values[("--rtl", "shin-hb,lamed-hb")] == values[("--rtl", "all")]
    assert main(args + ["--rtl", "nosuchglyph"]) == 1
    assert "nosuchglyph" in capsys.readouterr().err
    stored = Settings(rtl=["shin-hb"])
    assert stored.rtl == ("shin-hb",) and Settings.from_dict(stored.to_dict()) == stored
    assert "rtl" not in Settings().to_dict() and Settings(rtl="all").to_dict()["rtl"] == "all"
    with pytest.raises(ValueError, match="rtl"):
        Settings(rtl="yes")


def test_unencoded_rtl_glyphs_in_sample_text_escapes():
    font = rtl_font()
    add_glyph(font, "alef-hb.alt", 500, bubble=lambda p: rect(p, 20, 0, 480, 600))
    known, cmap = set(font.keys()), cmap_of(font)
    pairs = pairs_from_text("A /alef-hb.alt ש", cmap, known, glyph_directions(font))
    assert pairs == [("A", "space"), ("alef-hb.alt", "shin-hb")]
    # without directions an escape is neutral and joins the run before it
    assert pairs_from_text("A /alef-hb.alt ש", cmap, known) == [("A", "space"), ("space", "alef-hb.alt")]


def test_built_groups_of_rtl_glyphs_face_the_right_way():
    """kern1 holds the first glyph of a pair, which in Hebrew is the right one: its left side counts."""
    from bubblekern.groups import build_groups

    boxes = {  # same left sides for alef and bet, same right sides for bet and dalet
        "alef-hb": (600, (30, 0, 500, 600)),
        "bet-hb": (600, (30, 0, 560, 600)),
        "dalet-hb": (620, (110, 0, 580, 600)),
    }
    font = box_font(boxes)
    for name in boxes:
        font[name].unicode = HEBREW[name]
    groups = build_groups(font, tolerance=5)
    assert set(groups.left.values()) == {("alef-hb", "bet-hb")}
    assert set(groups.right.values()) == {("bet-hb", "dalet-hb")}
    for name in boxes:
        font[name].unicodes = ()
    flipped = build_groups(font, tolerance=5)
    assert set(flipped.left.values()) == {("bet-hb", "dalet-hb")}
    assert set(flipped.right.values()) == {("alef-hb", "bet-hb")}


def test_proof_sets_rtl_pairs_and_text_the_way_they_are_read(tmp_path):
    """In the proof a Hebrew pair (first, second) shows second on the left, kerned by its value."""
    pytest.importorskip("skia")
    from test_proof import glyph_row, ink_runs, pixels

    from bubblekern.proof import ProofOptions, proof

    # alef: room left 30, ink 0…500; bet: room right 80 (bubble to 520 of 600), ink 100…450
    font = box_font({"alef-hb": (600, (30, 0, 600, 700)), "bet-hb": (600, (0, 0, 520, 700))})
    rect(font["alef-hb"].getPen(), 0, 0, 500, 700)
    rect(font["bet-hb"].getPen(), 100, 0, 450, 700)
    font["alef-hb"].unicode, font["bet-hb"].unicode = 0x05D0, 0x05D1
    options = ProofOptions(page=(900, 300), em=100, bubbles=False, compare=False)
    [path] = proof(font, tmp_path / "p.png", pairs=[("alef-hb", "bet-hb")], options=options)
    starts = [a for a, _ in ink_runs(glyph_row(pixels(path), options))]
    assert len(starts) == 4  # without and with the kerning: bet on the left, alef on the right
    scale = options.em / 1000
    kern = -(80 + 30)
    assert starts[1] - starts[0] == pytest.approx((600 - 100 + 0) * scale, abs=1.5)  # bet's ink at 100, alef's at 0
    assert starts[3] - starts[2] == pytest.approx((600 - 100 + kern) * scale, abs=1.5)
    # a line of sample text is set right to left too: the same two glyphs in the same places
    text_options = ProofOptions(page=(900, 600), em=100, bubbles=False, compare=False)
    [line] = proof(font, tmp_path / "t.png", text="אב", options=text_options)
    image = pixels(line)
    top = text_options.page[1] - text_options.margin - 2 * text_options.label_size
    for number, kern_seen in enumerate((0, kern)):  # the line without, then with the kerning
        baseline = top - number * _text_height(font, text_options) - 1.3 * text_options.label_size - 800 * scale
        row = image[int(round(text_options.page[1] - (baseline + 350 * scale)))]
        first = [a for a, _ in ink_runs(row)]
        assert first[1] - first[0] == pytest.approx((600 - 100 + kern_seen) * scale, abs=1.5)


def _text_height(font, options) -> float:
    """Height of a line of sample text in the proof (see proof._Painter.layout): ascender 0.8 em
    and descender 0.25 em when the font sets none, then the labels."""
    assert font.info.ascender is None and font.info.descender is None
    return (800 + 250) * options.em / 1000 + 3.9 * options.label_size
