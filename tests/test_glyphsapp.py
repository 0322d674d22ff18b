""".glyphs input: Glyphs layers named ``bubble`` become the UFO layer ``bubble``; results are written as UFOs."""

from __future__ import annotations

import json

import defcon
import glyphsLib
import kernfonts
import pytest
from fontTools.designspaceLib import DesignSpaceDocument
from kernfonts import make_family

from bubblekern import FontFileError, kern_pairs
from bubblekern.cli import main
from bubblekern.glyphsapp import read_glyphs
from bubblekern.masters import kern_masters, read_designspace

import helpers


def glyphs_file(tmp_path, masters: int = 2):
    """A .glyphs file made by glyphsLib from UFOs with bubble layers."""
    if masters == 1:
        path = helpers.save(kernfonts.shipping_font(), tmp_path, "Single.ufo")
        gsfont = glyphsLib.to_glyphs([defcon.Font(str(path))])
    else:
        doc = DesignSpaceDocument.fromfile(str(make_family(tmp_path)))
        doc.loadSourceFonts(defcon.Font)
        gsfont = glyphsLib.to_glyphs(doc)
    target = tmp_path / "Family.glyphs"
    gsfont.save(str(target))
    return target


def test_glyphs_bubble_layers_become_ufo_bubble_layers(tmp_path):
    path = glyphs_file(tmp_path)
    layers = {layer.name for glyph in glyphsLib.GSFont(str(path)).glyphs for layer in glyph.layers}
    assert "bubble" in layers  # glyphsLib kept the UFO layer as a Glyphs layer
    doc, masters, notes = read_glyphs(path)
    assert len(masters) == 2 and not notes
    originals = [helpers.RFont(str(tmp_path / n)) for n in ("Family-Light.ufo", "Family-Bold.ufo")]
    for master, original in zip(masters, originals):
        assert "bubble" in master.font.layerOrder
        assert sorted(master.font.getLayer("bubble").keys()) == sorted(original.getLayer("bubble").keys())
        # the same bubbles give the same kerning
        assert kern_pairs(master.font).kept == kern_pairs(original).kept


def test_glyphslib_keeps_plain_named_layers_only_in_full_ufos(tmp_path):
    """Why read_glyphs builds full UFOs: minimal ones drop the plain named (non-master) layers."""
    gsfont = glyphsLib.GSFont(str(glyphs_file(tmp_path, masters=1)))
    minimal = glyphsLib.to_designspace(gsfont, minimal=True, ufo_module=defcon)
    full = glyphsLib.to_designspace(gsfont, minimal=False, ufo_module=defcon)
    assert "bubble" not in minimal.sources[0].font.layers
    assert "bubble" in full.sources[0].font.layers


def test_cli_kerns_glyphs_into_a_folder_of_ufos(tmp_path, capsys):
    path = glyphs_file(tmp_path)
    out = tmp_path / "out"
    assert main(["kern", str(path), "--output", str(out), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["compatible"] and data["grouping"] == "classes"
    designspaces = list(out.glob("*.designspace"))
    assert len(designspaces) == 1
    doc = DesignSpaceDocument.fromfile(str(designspaces[0]))
    fonts = [helpers.RFont(s.path) for s in doc.sources]
    assert len(fonts) == 2 and all("bubble" in f.layerOrder for f in fonts)
    assert set(fonts[0].kerning.keys()) == set(fonts[1].kerning.keys()) and fonts[0].kerning.keys()
    # the same as kerning the UFOs the .glyphs file was made from
    _, masters, _ = read_designspace(tmp_path / "Family.designspace")
    direct = kern_masters(masters)
    for font, run in zip(fonts, direct.runs):
        assert dict(font.kerning.items()) == run.classes.kerning


def test_single_master_glyphs_to_one_ufo(tmp_path, capsys):
    path = glyphs_file(tmp_path, masters=1)
    out = tmp_path / "Kerned.ufo"
    assert main(["kern", str(path), "--output", str(out), "--flat", "--lowercase-capital"]) == 0
    font = helpers.RFont(str(out))
    # the same as `kern --flat` on the UFO it was made from: its groups narrow the pairs either way
    ufo = helpers.save(kernfonts.shipping_font(), tmp_path, "Direct.ufo")
    assert main(["kern", str(ufo), "--flat", "--lowercase-capital"]) == 0
    direct = dict(helpers.RFont(str(ufo)).kerning.items())
    assert dict(font.kerning.items()) == direct
    assert set(direct) < set(kern_pairs(kernfonts.shipping_font()).kept)  # not every pair of the font


def test_glyphs_needs_output_and_a_folder_for_several_masters(tmp_path, capsys):
    path = glyphs_file(tmp_path)
    before = path.read_bytes()
    assert main(["kern", str(path)]) == 1
    assert "--output" in capsys.readouterr().err
    assert main(["kern", str(path), "--output", str(tmp_path / "One.ufo")]) == 1
    assert "2 masters" in capsys.readouterr().err
    assert not (tmp_path / "One.ufo").exists()
    assert path.read_bytes() == before


def test_a_file_glyphslib_rejects_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "Broken.glyphs"
    path.write_text("{\n.appVersion = \"3000\";\nfontMaster = (\n{ this is not a glyphs file ((\n")
    with pytest.raises(FontFileError, match="Broken.glyphs"):
        read_glyphs(path)
    assert main(["kern", str(path), "--output", str(tmp_path / "out")]) == 1
    assert "Broken.glyphs" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
