"""``bubblekern import-bubblekern2``: BubbleKern2 walls in a .glyphs file become bubbles, then kern.

The small .glyphs file is written by glyphsLib from UFOs whose glyph libs hold the walls (glyphsLib
puts a glyph's lib into its master layer's userData, where BubbleKern2 keeps them); BK Test Serif,
the BubbleKern2 demo by the original author, is read from ../shared when it is there.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import kernfonts
import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from bubblekern import kern_pairs, open_font
from bubblekern.bubblekern2 import IMPORT_KEY, import_walls, resolve_wall
from bubblekern.bubbles import FontBubbles
from bubblekern.cli import main
from bubblekern.sync import SYNC_KEY, sync_status

import helpers

glyphsLib = pytest.importorskip("glyphsLib")
defcon = pytest.importorskip("defcon")

BK_TEST_SERIF = helpers.SHARED / "fonts" / "BK Test Serif.glyphs"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _glyph(ufo, name, width, box=None, components=(), **lib):
    glyph = ufo.newGlyph(name)
    glyph.width = width
    if box:
        helpers.rect(glyph.getPen(), *box)
    for base, dx in components:
        glyph.getPen().addComponent(base, (1, 0, 0, 1, dx, 0))
    for key, value in lib.items():
        glyph.lib[key] = value
    return glyph


def walls_master(style: str, italic: float = 0.0):
    ufo = defcon.Font()
    ufo.info.familyName, ufo.info.styleName = "Walls", style
    ufo.info.unitsPerEm, ufo.info.xHeight, ufo.info.capHeight = 1000, 500, 700
    ufo.info.ascender, ufo.info.descender, ufo.info.italicAngle = 750, -250, italic
    # a stepped left wall (30 up to 400, 80 above), a straight right wall 50 inside the advance
    _glyph(ufo, "H", 600, (100, 0, 500, 700),
           BubbleKernNodesL=[[30, 0], [30, 400], [80, 400], [80, 700]], BubbleKernNodesR=[[-50, 0], [-50, 700]])
    _glyph(ufo, "I", 300, (100, 0, 200, 700), BubbleKernReferL="H", BubbleKernNodesR=[[-20, 0], [-20, 700]])
    _glyph(ufo, "Hdot", 600, components=[("H", 0)])  # walls from its components: inherits H's bubble
    _glyph(ufo, "M", 500, (50, 0, 450, 700), BubbleKernMirrorL=1,
           BubbleKernNodesR=[[-10, 0], [-60, 350], [-10, 700]])
    _glyph(ufo, "X", 400, (0, 0, 400, 700), BubbleKernReferL="Y", BubbleKernNodesL=[[5, 0], [5, 700]],
           BubbleKernNodesR=[[0, 0], [0, 700]])
    _glyph(ufo, "Y", 400, (0, 0, 400, 700), BubbleKernReferL="X", BubbleKernNodesR=[[0, 0], [0, 700]])
    _glyph(ufo, "Z", 400, (0, 0, 400, 700), BubbleKernNodesL=[[0, 0], [0, 700]], BubbleKernReferR="nothing")
    _glyph(ufo, "plain", 400, (0, 0, 400, 700))
    ufo.glyphOrder = ["H", "I", "Hdot", "M", "X", "Y", "Z", "plain"]
    return ufo


def walls_file(tmp_path: Path, masters=(("Regular", 0.0),)) -> Path:
    path = tmp_path / "Walls.glyphs"
    glyphsLib.to_glyphs([walls_master(s, a) for s, a in masters], ufo_module=defcon).save(str(path))
    return path


def test_walls_become_bubbles_whose_band_extents_are_the_offsets(tmp_path, capsys):
    source = walls_file(tmp_path)
    assert "BubbleKernNodesL" in source.read_text()  # the walls are in the layers' userData, as BubbleKern2 keeps them
    out = tmp_path / "Walls.ufo"
    code, text, err = run(capsys, "import-bubblekern2", source, out)
    assert code == 0, err
    assert "4 bubbles from walls" in text and "1 composites inherit" in text and "Hdot" in text
    assert "'X', left wall: reference cycle: X L → Y L → X L; its own nodes are used instead" in err
    assert "'Y', left wall: reference cycle: Y L → X L → Y L; the side has no wall" in err
    assert "'Z', right wall: BubbleKernReferR names 'nothing', which is not in the font" in err
    font = open_font(out)
    layer = font.getLayer("bubble")
    assert sorted(n for n in layer.keys() if layer[n].contours) == ["H", "I", "M", "X"]
    assert layer["I"].lib[IMPORT_KEY] == {"left": "refer:H", "right": "nodes"}
    assert layer["M"].lib[IMPORT_KEY] == {"left": "mirror", "right": "nodes"}
    assert SYNC_KEY in layer["H"].lib and sync_status(font).out_of_step == []

    bubbles = FontBubbles(font)
    h = bubbles.profile("H")
    for k in range(0, 20):  # bands within 0–400: the left wall's offset 30; the right wall 50 inside 600
        assert h.extent(k) == (30, 550)
    for k in range(20, 35):  # above the step (at 400, a band edge)
        assert h.extent(k) == (80, 550)
    assert bubbles.profile("I").extent(5) == (30, 280)  # H's left offsets, from I's own sidebearing line
    m = bubbles.profile("M")
    assert m.extent(0)[0] == pytest.approx(500 - m.extent(0)[1])  # mirrored about the middle of the advance
    assert m.extent(17) == (pytest.approx(60, abs=3), pytest.approx(440, abs=3))
    assert bubbles.bubble("Hdot").bounds == bubbles.bubble("H").bounds  # inherited from its component

    result = kern_pairs(font, [("H", "H"), ("I", "H"), ("H", "I")])
    assert result.as_dict() == {("H", "H"): -80, ("I", "H"): -50, ("H", "I"): -80}


def test_every_master_and_italic_walls_lean_with_the_angle(tmp_path, capsys):
    source = walls_file(tmp_path, (("Regular", 0.0), ("Italic", -10.0)))
    out = tmp_path / "Walls.ufo"
    code, text, err = run(capsys, "import-bubblekern2", source, out, "--json")
    assert code == 0, err
    data = json.loads(text)
    assert [len(m["written"]) for m in data["masters"]] == [4, 4]
    ufos = [Path(m["ufo"]) for m in data["masters"]]
    assert [p.name for p in ufos] == ["Walls-Regular.ufo", "Walls-Italic.ufo"]
    assert Path(data["designspace"]).name == "Walls.designspace" and Path(data["designspace"]).is_file()
    italic = open_font(ufos[1])
    assert italic.info.italicAngle == -10
    points = {(p.x, p.y) for c in italic.getLayer("bubble")["I"].contours for p in c.points}
    lean = math.tan(math.radians(10))
    for x, y in ((30, 0), (30, 400), (80, 400), (80, 700), (280, 0), (280, 700)):  # pivot: half the x-height
        assert (round(x + (y - 250) * lean, 3), y) in points
    code, _, err = run(capsys, "import-bubblekern2", source, out)
    assert code == 1 and "exists" in err and "--force" in err
    assert run(capsys, "import-bubblekern2", source, out, "--force")[0] == 0


def test_kerning_a_file_of_walls_says_how_to_import_them(tmp_path, capsys):
    code, _, err = run(capsys, "kern", walls_file(tmp_path), "--output", tmp_path / "Out.ufo")
    assert code == 1 and "no layer named 'bubble'" in err
    assert "its glyphs hold BubbleKern2 walls, which `bubblekern import-bubblekern2 FILE.glyphs OUT.ufo`" in err
    assert not (tmp_path / "Out.ufo").exists()
    font = open_font(helpers.save(helpers.latin_font(), tmp_path))  # no walls: no hint
    font.removeLayer("bubble")
    code, _, err = run(capsys, "kern", helpers.save(font, tmp_path, "Plain.ufo"))
    assert code == 1 and "no layer named 'bubble'" in err and "BubbleKern2" not in err


def test_bad_input_is_named(tmp_path, capsys):
    code, _, err = run(capsys, "import-bubblekern2", tmp_path / "none.glyphs", tmp_path / "o.ufo")
    assert code == 1 and "none.glyphs" in err
    plain = defcon.Font()
    plain.info.familyName, plain.info.unitsPerEm = "Plain", 1000
    _glyph(plain, "a", 500, (0, 0, 500, 500))
    path = tmp_path / "Plain.glyphs"
    glyphsLib.to_glyphs([plain], ufo_module=defcon).save(str(path))
    code, _, err = run(capsys, "import-bubblekern2", path, tmp_path / "o.ufo")
    assert code == 1 and "no glyph has BubbleKern2 walls" in err and not (tmp_path / "o.ufo").exists()
    font = open_font(helpers.save(helpers.new_font(), tmp_path))
    font.newGlyph("a").lib["BubbleKernNodesL"] = [[0, 0], ["x", 10]]
    font["a"].lib["BubbleKernNodesR"] = [[0, 0], [0, 10]]
    report = import_walls(font)
    assert report.skipped == {"a": "no left wall"} and "BubbleKernNodesL is not a list" in report.warnings[0]


def _polyline_kern(gsfont, master_id, left, right) -> float:
    """BubbleKern2's own value for a pair whose walls are drawn (no references): −(least horizontal
    distance between the left glyph's right wall and the right glyph's left wall over their shared heights)."""
    def layer(name):
        return next(la for la in gsfont.glyphs[name].layers if la.layerId == master_id)

    def at(wall, y):
        for (x0, y0), (x1, y1) in zip(wall, wall[1:]):
            if y0 <= y <= y1:
                return x0 if y1 == y0 else x0 + (y - y0) / (y1 - y0) * (x1 - x0)

    wall_r = sorted(((float(x), float(y)) for x, y in layer(left).userData["BubbleKernNodesR"]), key=lambda n: n[1])
    wall_l = sorted(((float(x), float(y)) for x, y in layer(right).userData["BubbleKernNodesL"]), key=lambda n: n[1])
    low, high = max(wall_r[0][1], wall_l[0][1]), min(wall_r[-1][1], wall_l[-1][1])
    heights = [y for y in sorted({y for _, y in wall_r + wall_l}) if low <= y <= high]
    return -min(at(wall_l, y) - at(wall_r, y) for y in heights)


@pytest.mark.skipif(not BK_TEST_SERIF.is_file(), reason="../shared/fonts/BK Test Serif.glyphs is absent")
def test_bk_test_serif_imports_kerns_and_proofs(tmp_path, capsys):
    out = tmp_path / "BK.ufo"
    code, text, err = run(capsys, "import-bubblekern2", BK_TEST_SERIF, out)
    assert code == 0, err
    regular = tmp_path / "BK-Regular.ufo"
    assert "69 bubbles from walls" in text and regular.is_dir() and (tmp_path / "BK-Tight.ufo").is_dir()
    font = open_font(regular)
    gsfont = glyphsLib.GSFont(str(BK_TEST_SERIF))
    master = gsfont.masters[0].id
    # references are followed: B's left side is I's, W's sides are V's
    assert resolve_wall(font, "B", "L").nodes == resolve_wall(font, "I", "L").nodes
    assert resolve_wall(font, "W", "R").source == "refer:V"

    code, text, err = run(capsys, "kern", regular, "--flat", "--format", "json")
    assert code == 0, err
    kerned = open_font(regular).kerning
    classic = [("A", "V"), ("V", "A"), ("A", "T"), ("T", "o"), ("L", "T"), ("L", "V"), ("P", "A"), ("Y", "o"),
               ("F", "o"), ("T", "a")]
    for pair in classic:
        assert kerned.get(pair, 0) < -15, pair
        own = _polyline_kern(gsfont, master, *pair)
        # banded, BubbleKern is as tight as BubbleKern2's polylines or a little looser, never tighter
        assert own - 1 <= kerned[pair] <= own + 10, (pair, kerned[pair], own)
    assert ("H", "O") not in kerned or abs(kerned[("H", "O")]) < 15
    proof = tmp_path / "proof.png"
    assert run(capsys, "proof", regular, "-o", proof, "--text", "AVATAR Tokyo LTYP")[0] == 0
    assert any(p.stat().st_size > 10_000 for p in tmp_path.glob("proof*.png"))

    # its corner components (serifs on A V W v w y p q) are glyphsLib filters, written for ufoLib2 fonts:
    # the export compiles them all the same, applied, with the kerning in GPOS
    otf = tmp_path / "BK.otf"
    code, text, err = run(capsys, "export", regular, "--otf", otf)
    assert code == 0 and "wrote" in text, err
    binary = TTFont(str(otf))
    glyphs = binary.getGlyphSet()
    bounds = BoundsPen(glyphs)
    glyphs["A"].draw(bounds)
    ufo_a = open_font(regular)["A"]
    assert bounds.bounds[0] < ufo_a.bounds[0] - 20 and bounds.bounds[2] > ufo_a.bounds[2] + 20  # the serifs
    kerned = open_font(regular).kerning
    cmap = {g.name: g.unicode for g in open_font(regular) if g.unicode is not None}
    pairs = {pair: None for pair in classic}
    shaped = kernfonts.shaped_advances(otf.read_bytes(), pairs, cmap)
    font = open_font(regular)
    for left, right in classic:
        assert shaped[(left, right)] == font[left].width + font[right].width + kerned[(left, right)]
