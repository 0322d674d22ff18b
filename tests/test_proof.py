"""Proofs render real PDF, PNG and SVG files, and show the kerning where it is."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from bubblekern.cli import main
from bubblekern.errors import BubbleLayerError, MissingGlyphError
from bubblekern.generate import make_bubbles
from bubblekern.proof import ProofError, ProofOptions, glyph_runs, page_paths, proof

from helpers import add_glyph, box_font, latin_font, rect, save, tree_bytes

skia = pytest.importorskip("skia")

# L: room right 100; R: room left 50 → L R kerns −150. Ink: L 0…500, R 100…600 (bubble-tight)
BOXES = {"L": (600, (0, 0, 500, 700)), "R": (600, (50, 0, 600, 700)), "S": (400, (0, 0, 400, 700))}


def font_with_ink():
    font = box_font(BOXES)
    rect(font["L"].getPen(), 0, 0, 500, 700)
    rect(font["R"].getPen(), 100, 0, 600, 700)
    rect(font["S"].getPen(), 0, 0, 400, 700)
    for name, code in (("L", 0x4C), ("R", 0x52), ("S", 0x53)):
        font[name].unicode = code
    return font


def pixels(path):
    image = skia.Image.open(str(path))
    assert image is not None, f"{path} does not decode"
    return image.toarray(colorType=skia.kRGBA_8888_ColorType)


def ink_runs(row):
    """(start, stop) of runs of dark opaque pixels along one pixel row."""
    dark = (row[:, :3].max(axis=1) < 90) & (row[:, 3] > 200)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], dark.astype(int), [0]])))
    return list(zip(edges[::2], edges[1::2], strict=True))


def glyph_row(image, options):
    """A pixel row through the ink of the first line of pairs (y = 350 units above its baseline)."""
    top = options.page[1] - options.margin - 2 * options.label_size  # top of the first line
    baseline = top - 800 * options.em / 1000  # line height above the baseline: ascender 0.8 em
    y = baseline + 350 * options.em / 1000
    return image[int(round(options.page[1] - y))]


def test_png_shows_each_pair_unkerned_kerned_and_with_font_kerning(tmp_path):
    font = font_with_ink()
    font.kerning[("L", "R")] = -50
    options = ProofOptions(page=(900, 300), em=100, bubbles=False, compare=True)
    [path] = proof(font, tmp_path / "p.png", pairs=[("L", "R")], options=options)
    assert path == tmp_path / "p.png"
    image = pixels(path)
    assert image.shape[:2] == (300, 900)
    runs = ink_runs(glyph_row(image, options))
    assert len(runs) == 6  # L and R, three times (their inks do not touch: R's ink starts 100 in)
    scale = options.em / 1000
    starts = [a for a, _ in runs]
    # distance from L's ink to R's ink: 600 + 100 unkerned, then −150 (BubbleKern), then −50 (font)
    for i, kern in ((0, 0), (2, -150), (4, -50)):
        assert starts[i + 1] - starts[i] == pytest.approx((700 + kern) * scale, abs=1.5)


def test_an_image_proof_of_too_many_pages_writes_nothing(tmp_path, monkeypatch):
    import bubblekern.proof as proofs

    font = font_with_ink()
    options = ProofOptions(page=(300, 300), em=100, bubbles=False)  # one pair a page
    pairs = [("L", "R"), ("R", "L"), ("L", "S"), ("S", "R")]
    monkeypatch.setattr(proofs, "MAX_IMAGE_PAGES", 3)
    with pytest.raises(ProofError, match=r"p\.png: 4 pages would be 4 \.png files \(at most 3\); proof fewer pairs, or write a \.pdf"):
        proof(font, tmp_path / "p.png", pairs=pairs, options=options)
    assert list(tmp_path.iterdir()) == []
    assert proof(font, tmp_path / "p.pdf", pairs=pairs, options=options) == [tmp_path / "p.pdf"]  # one file
    assert len(proof(font, tmp_path / "p.svg", pairs=pairs[:3], options=options)) == 3


def test_pixels_differ_only_where_kerning_differs(tmp_path):
    options = ProofOptions(page=(600, 300), em=100, bubbles=False)
    a, b, c = font_with_ink(), font_with_ink(), font_with_ink()
    # same pair, same drawing, other bubble: R's bubble reaches its left edge → kern −100 instead of −150
    b.getLayer("bubble")["R"].clear()
    rect(b.getLayer("bubble")["R"].getPen(), 0, 0, 600, 700)
    c.kerning[("L", "S")] = -30  # font kerning of another pair: not shown without compare
    pa, pb, pc = (proof(f, tmp_path / f"{n}.png", pairs=[("L", "R")], options=options)[0] for n, f in
                  (("a", a), ("b", b), ("c", c)))
    ia, ib, ic = pixels(pa), pixels(pb), pixels(pc)
    assert np.array_equal(ia, ic)
    differ = np.flatnonzero((ia != ib).any(axis=2).any(axis=0))
    scale = options.em / 1000
    unkerned_end = options.margin + 1200 * scale  # the unkerned setting is the same in both
    assert differ.min() > unkerned_end


def test_pages_png_numbered_pdf_counted_svg_parses(tmp_path):
    font = font_with_ink()
    pairs = [(a, b) for a in "LRS" for b in "LRS"]
    options = ProofOptions(page=(600, 400), em=120, bands=True, compare=True)
    pngs = proof(font, tmp_path / "many.png", pairs=pairs, options=options)
    assert len(pngs) > 1
    assert pngs == page_paths(tmp_path / "many.png", len(pngs))
    assert [p.name for p in pngs][:2] == ["many-1.png", "many-2.png"]
    for png in pngs:
        assert pixels(png).shape[:2] == (400, 600)
    [pdf] = proof(font, tmp_path / "many.pdf", pairs=pairs, options=options)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)) == len(pngs)
    svgs = proof(font, tmp_path / "many.svg", pairs=pairs, options=options)
    assert len(svgs) == len(pngs)
    root = ET.parse(svgs[0]).getroot()
    assert root.tag.endswith("svg") and float(root.get("width")) == 600


def test_text_lines_bands_and_collision_are_drawn(tmp_path):
    font = font_with_ink()
    assert glyph_runs("LR/S S\nR", {0x4C: "L", 0x52: "R"}, {"L", "R", "S"}) == [["L", "R", "S"], ["R"]]
    plain = ProofOptions(page=(800, 700), em=100, bubbles=False)
    banded = ProofOptions(page=(800, 700), em=100, bubbles=False, bands=True)
    [a] = proof(font, tmp_path / "a.png", text="LRS", options=plain)
    [b] = proof(font, tmp_path / "b.png", text="LRS", options=banded)
    ia, ib = pixels(a), pixels(b)
    assert not np.array_equal(ia, ib)
    reds = (ia[..., 0] > 180) & (ia[..., 1] < 120) & (ia[..., 2] < 120) & (ia[..., 3] > 200)
    assert reds.any()  # the colliding band is marked in red


def test_bad_inputs(tmp_path):
    font = font_with_ink()
    with pytest.raises(ProofError, match="jpg"):
        proof(font, tmp_path / "p.jpg", pairs=[("L", "R")])
    with pytest.raises(ProofError, match="does not exist"):
        proof(font, tmp_path / "nope" / "p.pdf", pairs=[("L", "R")])
    with pytest.raises(MissingGlyphError, match="'Q'"):
        proof(font, tmp_path / "p.pdf", pairs=[("L", "Q")])
    bare = box_font({"A": (500, (0, 0, 400, 700))})
    bare.removeLayer("bubble")
    with pytest.raises(BubbleLayerError):
        proof(bare, tmp_path / "p.pdf", pairs=[("A", "A")])
    assert not list(tmp_path.iterdir())


def test_composites_and_default_pairs(tmp_path):
    font = font_with_ink()
    add_glyph(font, "Lcomp", 600, components=[("L", (1, 0, 0, 1, 0, 0))])
    font.kerning[("Lcomp", "R")] = -100
    options = ProofOptions(page=(600, 300), em=100, bubbles=False)
    [path] = proof(font, tmp_path / "d.png", options=options, compare=False)
    runs = ink_runs(glyph_row(pixels(path), ProofOptions(page=(600, 300), em=100)))
    assert len(runs) == 4  # the composite's ink is drawn through its component
    [path] = proof(font, tmp_path / "e.png", options=options)  # pairs from the font's kerning: its value too
    assert len(ink_runs(glyph_row(pixels(path), ProofOptions(page=(600, 300), em=100)))) == 6


def test_cli_proof(tmp_path, capsys):
    path = save(font_with_ink(), tmp_path)
    before = tree_bytes(path)
    out = tmp_path / "proof.pdf"
    code = main(["proof", str(path), "-o", str(out), "--text", "LRS", "--bands", "--compare"])
    assert code == 0, capsys.readouterr().err
    assert out.read_bytes().startswith(b"%PDF") and f"wrote {out}" in capsys.readouterr().out
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("L R\nS L\n")
    assert main(["proof", str(path), "-o", str(tmp_path / "p.png"), "--pairs", str(pairs), "--page", "700x300"]) == 0
    assert pixels(tmp_path / "p.png").shape[:2] == (300, 700)
    assert main(["proof", str(path), "-o", str(tmp_path / "p.gif")]) == 1
    assert ".gif" in capsys.readouterr().err
    assert tree_bytes(path) == before


def test_real_outlines_with_generated_bubbles(tmp_path):
    font = latin_font()
    font.removeLayer("bubble")
    make_bubbles(font)
    font.kerning[("A", "V")] = -80
    paths = proof(font, tmp_path / "latin.pdf", text="HOTAVOAvonTo T.\u00c1V", bands=True, compare=True)
    data = paths[0].read_bytes()
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)) >= 1
    [png] = proof(font, tmp_path / "av.png", pairs=[("A", "V"), ("Aacute", "V")],
                  options=ProofOptions(page=(900, 300), em=100, bubbles=False))
    runs = ink_runs(glyph_row(pixels(png), ProofOptions(page=(900, 300), em=100)))
    assert len(runs) >= 8  # A and V (and Á, drawn through its components) in each setting
