"""Evaluation against reference kerning: group resolution, metrics by hand, references, CLI."""

import json
import math

import pytest

from bubblekern import Settings
from bubblekern.cli import main
from bubblekern.errors import BubbleLayerError, FontFileError, MissingGlyphError
from bubblekern.evaluate import KerningResolver, binary_classes, evaluate, metrics, resolve_kerning
from bubblekern.groups import KernGroups

from helpers import add_glyph, box_font, rect, save, tree_bytes

# Box bubbles whose kerns follow on paper: gap = (advance − right edge of L) + left edge of R.
#   L, T: advance 600, bubble x 0…500  → room right 100
#   R:    advance 600, bubble x 50…600 → room left 50
#   S:    advance 400, bubble x 0…400  → no room either side
# BubbleKern:  L R −150, L S −100, T R −150, T S −100, S R −50  (caps: half of 600 or 400, not reached)
BOXES = {
    "L": (600, (0, 0, 500, 700)),
    "T": (600, (0, 0, 500, 700)),
    "R": (600, (50, 0, 600, 700)),
    "S": (400, (0, 0, 400, 700)),
}
GROUPS = {"public.kern1.LL": ["L", "T"], "public.kern2.RR": ["R", "S"]}
KERNING = {
    ("public.kern1.LL", "public.kern2.RR"): -120,  # group–group: reaches T S only in the end
    ("L", "public.kern2.RR"): -130,  # glyph–group: beats group–glyph for L R
    ("public.kern1.LL", "R"): -140,  # group–glyph: beats group–group for T R
    ("L", "S"): -100,  # glyph–glyph exception
    ("S", "R"): -10,
}
# Resolved reference: L R −130, L S −100, T R −140, T S −120, S R −10
RESOLVED = {("L", "R"): -130, ("L", "S"): -100, ("T", "R"): -140, ("T", "S"): -120, ("S", "R"): -10}


def kerned_font():
    font = box_font(BOXES)
    for name, members in GROUPS.items():
        font.groups[name] = members
    for pair, value in KERNING.items():
        font.kerning[pair] = value
    return font


def test_group_kerning_resolves_by_ufo_precedence():
    assert resolve_kerning(KERNING, GROUPS) == RESOLVED
    resolver = KerningResolver(KERNING, GROUPS)
    assert resolver.value("L", "R") == -130 and resolver.value("T", "S") == -120
    assert resolver.value("R", "L") is None
    # a glyph–glyph pair only, no groups at all
    assert resolve_kerning({("A", "V"): -80}, {}) == {("A", "V"): -80}


def test_metrics_match_a_hand_computed_case():
    ev = evaluate(kerned_font())
    assert set(ev.pairs) == set(RESOLVED)
    got = dict(zip(ev.pairs, ev.predicted.tolist(), strict=True))
    assert got == {("L", "R"): -150, ("L", "S"): -100, ("T", "R"): -150, ("T", "S"): -100, ("S", "R"): -50}
    m = ev.metrics
    assert m.count == 5
    # errors 20, 0, 10, 20, 40
    assert m.mae == pytest.approx(90 / 5)
    assert m.within == pytest.approx(2 / 5)  # L S (0) and T R (10)
    assert m.sign_agreement == 1.0
    # needs kerning (|k| ≥ 20): reference 4 pairs (not S R), BubbleKern all 5
    assert (m.needs_reference, m.needs_predicted) == (4, 5)
    assert m.precision == pytest.approx(4 / 5) and m.recall == 1.0
    assert m.baseline_mae == pytest.approx((130 + 100 + 140 + 120 + 10) / 5)
    # Pearson by hand: deviations p = (−40, 10, −40, 10, 60), r = (−30, 0, −40, −20, 90)
    assert m.pearson == pytest.approx(8000 / math.sqrt(7000 * 11000))
    worst = ev.worst(2)
    assert worst[0] == (("S", "R"), -50, -10)
    assert {w[0] for w in worst[1:]} <= {("L", "R"), ("T", "S")}


def test_pairs_not_kept_count_as_zero():
    font = kerned_font()
    add_glyph(font, "N", 500)  # no bubble
    pairs = [("S", "S"), ("R", "L"), ("N", "R"), ("S", "R")]
    # S S: BubbleKern 0 (touching boxes), reference none → 0 (S is in no kern1 group)
    # R L: BubbleKern 0, reference none → 0;  N R: no bubble → 0, reference none → 0
    # S R: −50 is under min_kern 60 → dropped → 0; reference −10
    ev = evaluate(font, pairs=pairs, settings=Settings(min_kern=60))
    assert ev.predicted.tolist() == [0, 0, 0, 0]
    assert ev.reference.tolist() == [0, 0, 0, -10]
    assert ev.without_bubble == [("N", "R")]
    m = ev.metrics
    assert m.mae == pytest.approx(10 / 4) and m.baseline_mae == pytest.approx(10 / 4)
    assert m.within == pytest.approx(4 / 4)
    assert m.sign_agreement == pytest.approx(3 / 4)
    assert m.pearson is None  # BubbleKern is constant
    assert m.precision is None and m.recall is None  # nobody needs kerning at |k| ≥ 20


def test_tolerance_and_threshold_scale_with_units_per_em():
    m = metrics([-39, -45, 0], [-40, -66, -39], upm=2000)
    assert (m.tolerance, m.threshold) == (20, 40)
    assert m.within == pytest.approx(1 / 3)  # errors 1, 21, 39: only the first is within ±20
    assert (m.needs_predicted, m.needs_reference) == (1, 2)  # |k| ≥ 40: −45; −40 and −66


def test_reference_ufo_with_other_units_per_em(tmp_path):
    other = box_font(BOXES, upm=2000)
    for pair, value in RESOLVED.items():
        other.kerning[pair] = value * 2
    path = save(other, tmp_path, "Other.ufo")
    ev = evaluate(kerned_font(), reference=path)
    assert dict(zip(ev.pairs, ev.reference.tolist(), strict=True)) == RESOLVED
    assert ev.metrics.mae == pytest.approx(18)
    # a reference with a glyph the font lacks: left out, and said so
    other.newGlyph("Q").width = 500
    other.kerning[("Q", "R")] = -40
    other.save(str(path))
    ev = evaluate(kerned_font(), reference=path)
    assert ev.not_in_font == [("Q", "R")] and ev.metrics.count == 5


def test_binary_reference_measured_with_harfbuzz(tmp_path, capsys):
    ufo2ft = pytest.importorskip("ufo2ft")
    font = kerned_font()
    for name, code in zip("LTRS", (0x4C, 0x54, 0x52, 0x53), strict=True):
        font[name].unicode = code
        rect(font[name].getPen(), 50, 0, 350, 600)  # some ink
    add_glyph(font, "X", 500, outline=lambda p: rect(p, 0, 0, 400, 600))  # no unicode: HarfBuzz cannot set it
    font.kerning[("X", "R")] = -50
    otf = ufo2ft.compileOTF(font.naked())
    binary = tmp_path / "Test.otf"
    otf.save(str(binary))

    ev = evaluate(font, reference=binary)
    assert dict(zip(ev.pairs, ev.reference.tolist(), strict=True)) == RESOLVED
    assert ev.unmeasured == [("X", "R")]
    assert ev.metrics.mae == pytest.approx(18)
    woff = tmp_path / "Test.woff"
    otf.flavor = "woff"
    otf.save(str(woff))
    assert evaluate(font, reference=woff).metrics.mae == pytest.approx(18)
    broken = tmp_path / "Broken.otf"
    broken.write_bytes(b"not a font")
    with pytest.raises(FontFileError, match="Broken.otf"):
        evaluate(font, reference=broken)
    # explicit pairs: one the binary does not kern measures 0
    ev = evaluate(font, reference=binary, pairs=[("L", "R"), ("R", "L")])
    assert ev.reference.tolist() == [-130, 0]
    # the same from the command line, on a UFO without kerning of its own
    font.kerning.clear()
    ufo = save(font, tmp_path)
    assert main(["evaluate", str(ufo), "--reference-binary", str(binary), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["metrics"]["count"] == 5 and data["unmeasured"] == 1


def test_bad_inputs_are_clear(tmp_path):
    font = kerned_font()
    with pytest.raises(MissingGlyphError, match="'Z'"):
        evaluate(font, pairs=[("L", "Z")])
    with pytest.raises(FontFileError, match="Nope"):
        evaluate(font, reference=tmp_path / "Nope.ufo")
    bare = box_font({"A": (500, (0, 0, 400, 700))})
    bare.removeLayer("bubble")
    with pytest.raises(BubbleLayerError):
        evaluate(bare)


def test_cli_text_and_json(tmp_path, capsys):
    path = save(kerned_font(), tmp_path)
    before = tree_bytes(path)
    assert main(["evaluate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5 pairs" in out and "18.0" in out and "100.0" in out and "S" in out
    assert main(["evaluate", str(path), "--json", "--worst", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["metrics"]["count"] == 5 and data["metrics"]["mae"] == pytest.approx(18)
    assert data["worst"] == [["S", "R", -50, -10]]
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("L R\nR L\n")
    assert main(["evaluate", str(path), "--pairs", str(pairs), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["metrics"]["count"] == 2
    assert tree_bytes(path) == before  # evaluation never writes


def test_cli_errors(tmp_path, capsys):
    path = save(box_font(BOXES), tmp_path)  # no kerning at all
    assert main(["evaluate", str(path)]) == 1
    assert "no pairs to compare" in capsys.readouterr().err
    bad = tmp_path / "pairs.txt"
    bad.write_text("L R\nL\n")
    assert main(["evaluate", str(path), "--pairs", str(bad)]) == 1
    assert "line 2" in capsys.readouterr().err
    assert main(["evaluate", str(path), "--reference-binary", str(tmp_path / "missing.otf")]) == 1
    assert "missing.otf" in capsys.readouterr().err


def test_binary_classes_are_the_compiled_font_s_kern_groups(tmp_path):
    ufo2ft = pytest.importorskip("ufo2ft")
    font = box_font({**BOXES, "U": (600, (0, 0, 500, 700)), "V": (600, (0, 0, 500, 700))})
    for name, code in zip("LTRSUV", (0x4C, 0x54, 0x52, 0x53, 0x55, 0x56), strict=True):
        font[name].unicode = code
        rect(font[name].getPen(), 50, 0, 350, 600)
    groups = {"public.kern1.LL": ["L", "T", "U"], "public.kern2.RR": ["R", "S"], "public.kern2.V": ["V"]}
    for name, members in groups.items():
        font.groups[name] = members
    font.kerning[("public.kern1.LL", "public.kern2.RR")] = -120
    font.kerning[("L", "public.kern2.RR")] = -130  # a glyph–group exception (compiled as glyph pairs)
    font.kerning[("public.kern1.LL", "public.kern2.V")] = -40  # a class of one glyph: no group
    font.kerning[("S", "R")] = -10  # a glyph pair: no class
    binary = tmp_path / "Test.otf"
    ufo2ft.compileOTF(font.naked()).save(str(binary))

    found = binary_classes(binary)
    assert found == {"public.kern1.L": ["L", "T", "U"], "public.kern2.R": ["R", "S"]}
    # named after the first member in the order given; members not asked for left out, a class of one dropped
    assert binary_classes(binary, ["U", "T", "S", "R"]) == {"public.kern1.U": ["U", "T"], "public.kern2.S": ["S", "R"]}
    assert binary_classes(binary, ["L", "R"]) == {}
    assert KernGroups.from_mapping(found).left_of("T") == "public.kern1.L"  # valid kern groups, no conflicts
    # a class a later subtable holds in part (hand-written features) is still one group
    font.kerning.clear()
    font.features.text = ("@LL = [L T U]; @LT = [L T]; @RR = [R S];\n"
                          "feature kern { pos @LL @RR -120; subtable; pos @LT V -40; } kern;")
    ufo2ft.compileOTF(font.naked()).save(str(binary))
    assert binary_classes(binary) == {"public.kern1.L": ["L", "T", "U"], "public.kern2.R": ["R", "S"]}
    plain = box_font(BOXES)
    for name in "LTRS":
        plain[name].unicode = ord(name)
    plain_binary = tmp_path / "Plain.otf"
    ufo2ft.compileOTF(plain.naked()).save(str(plain_binary))
    assert binary_classes(plain_binary) == {}
    broken = tmp_path / "Broken.otf"
    broken.write_bytes(b"not a font")
    with pytest.raises(FontFileError, match="Broken.otf"):
        binary_classes(broken)
