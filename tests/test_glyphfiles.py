"""Glyphs read from their files in a whole-font run (:mod:`bubblekern.glyphfiles`): defcon's data, without
loading the glyphs, and a glyph changed in memory read as it is now."""

from __future__ import annotations

import pytest
from fontParts.fontshell import RFont
from fontTools.pens.recordingPen import RecordingPen, RecordingPointPen
from fontTools.ufoLib.errors import GlifLibError

from bubblekern import Settings, kern_pairs
from bubblekern.errors import MissingGlyphError
from bubblekern.glyphfiles import ReadGlyph, ReadLayer, _Reader, files_read_once, glyph_folder, read_layer
from bubblekern.status import stale_bubbles

from helpers import add_glyph, latin_font, rect

PAIRS = [("H", "O"), ("A", "V"), ("T", "o"), ("V", "Aacute"), ("o", "period"), ("Aacute", "T")]


@pytest.fixture
def ufo(tmp_path):
    """A saved font: outlines with curves and components, hand-drawn bubbles (one on a composite, with a
    component of its own), an anchor, a guideline, a note and a lib entry."""
    font = latin_font()
    for name in font.keys():
        glyph = font[name]
        if name != "space":
            add_glyph_bubble(font, name, glyph.width)
    font["A"].appendAnchor("top", (360, 700))
    font["A"].appendGuideline((0, 350), 0, "middle")
    font["A"].note = "a note"
    font["A"].lib["com.example.mark"] = [1, 2]
    font.getLayer("bubble")["Aacute"].getPen().addComponent("acutecomb", (1, 0, 0, 1, 230, 0))
    path = tmp_path / "Read.ufo"
    font.save(str(path))
    return path


def add_glyph_bubble(font, name, width):
    glyph = font.getLayer("bubble").newGlyph(name)
    glyph.width = width
    xMin, yMin, xMax, yMax = font[name].bounds or (0, 0, width, 100)
    rect(glyph.getPen(), max(xMin - 40, 0), yMin - 30, min(xMax + 40, width), yMax + 30)


def points(glyph) -> list:
    pen = RecordingPointPen()
    glyph.drawPoints(pen)
    return pen.value


def segments(glyph) -> list:
    pen = RecordingPen()
    glyph.draw(pen)
    return pen.value


def loaded(font, layer: str) -> set[str]:
    """The glyphs defcon has loaded into ``layer`` (its private table: what the speed-up leaves alone)."""
    return set(font.getLayer(layer).naked()._glyphs)


def test_a_glyph_read_from_its_file_holds_and_draws_what_defcons_does(ufo):
    reading, loading = RFont(str(ufo)), RFont(str(ufo))
    with files_read_once():
        for layer_name in ("public.default", "bubble"):
            read, layer = read_layer(reading.getLayer(layer_name).naked()), loading.getLayer(layer_name).naked()
            assert isinstance(read, ReadLayer) and set(read.keys()) == set(layer.keys())
            for name in layer.keys():
                mine, theirs = read[name], layer[name]
                assert isinstance(mine, ReadGlyph) and mine.name == name
                assert points(mine) == points(theirs) and segments(mine) == segments(theirs)
                assert (mine.width, mine.unicodes, dict(mine.lib), len(mine)) == (
                    theirs.width, list(theirs.unicodes), dict(theirs.lib), len(theirs))
                assert [(c.baseGlyph, c.transformation) for c in mine.components] == [
                    (c.baseGlyph, tuple(c.transformation)) for c in theirs.components]
    read_a = ReadLayer(RFont(str(ufo)).defaultLayer.naked())["A"]
    assert (read_a.note, read_a.anchors[0]["name"], read_a.guidelines[0]["name"]) == ("a note", "top", "middle")
    composite = ReadLayer(RFont(str(ufo)).getLayer("bubble").naked())["Aacute"]
    assert [m for m, *_ in points(composite)][-2:] == ["endPath", "addComponent"]  # contours, then components


def test_outside_a_run_readers_get_the_layer_itself_and_nested_runs_share_one_reading(ufo):
    layer = RFont(str(ufo)).defaultLayer.naked()
    assert read_layer(layer) is layer and read_layer(None) is None
    with files_read_once():
        first = read_layer(layer)
        with files_read_once():
            assert read_layer(layer) is first
        assert first["H"] is first["H"]  # read once
    assert read_layer(layer) is layer
    plain = {"H": object()}  # not a defcon layer backed by files: read as it is
    with files_read_once():
        assert read_layer(plain) is plain


def test_a_whole_font_run_reads_the_files_loads_no_glyph_and_kerns_as_defcon_read(ufo):
    expected = kern_pairs(RFont(str(ufo)), PAIRS, Settings(min_kern=0))
    font = RFont(str(ufo))
    loaded_font = RFont(str(ufo))
    for layer in loaded_font.layers:
        list(layer.naked())  # every glyph loaded into defcon: read as its objects, as before
    assert kern_pairs(loaded_font, PAIRS, Settings(min_kern=0)).as_dict() == expected.as_dict()
    everything = kern_pairs(font, None, Settings(min_kern=0))
    assert {p: v for p, v in everything.as_dict().items() if p in PAIRS} == expected.as_dict()
    assert loaded(font, "public.default") == set() and loaded(font, "bubble") == set()
    assert stale_bubbles(font) == {}


def test_a_glyph_changed_added_or_deleted_in_memory_is_read_as_it_is_now(ufo):
    font = RFont(str(ufo))
    with files_read_once():
        before = kern_pairs(font, [("H", "O")], Settings(min_kern=0)).as_dict()[("H", "O")]  # O read from its file
        font.getLayer("bubble")["O"].moveBy((40, 0))  # then loaded and edited in memory, not saved
        moved = kern_pairs(font, [("H", "O")], Settings(min_kern=0)).as_dict()[("H", "O")]
    assert moved == before - 40
    add_glyph(font, "I", 300, bubble=lambda p: rect(p, 20, 0, 280, 700))  # only in memory
    assert ("H", "I") in kern_pairs(font, [("H", "I")], Settings(min_kern=0)).as_dict()
    del font["V"]  # deleted in memory; its files stay on disk until the font is saved
    with pytest.raises(MissingGlyphError, match="V"):
        kern_pairs(font, [("A", "V")])
    with files_read_once():
        layer = read_layer(font.getLayer("bubble").naked())
        assert isinstance(layer["V"], ReadGlyph)  # the bubble layer still has it: read from its file
        del font.getLayer("bubble")["V"]
        with pytest.raises(KeyError):
            layer["V"]  # read before, deleted since: defcon's KeyError, not the glyph read


def test_files_on_disk_are_opened_directly_and_read_as_the_glyph_set_reads_them(ufo):
    font = RFont(str(ufo))
    for layer_name, folder in (("public.default", "glyphs"), ("bubble", "glyphs.bubble")):
        layer = font.getLayer(layer_name).naked()
        assert glyph_folder(layer._glyphSet) == str(ufo / folder)
        direct = ReadLayer(layer)

        def refused(*args, **kwargs):
            raise AssertionError("read through the glyph set's file system")

        layer._glyphSet.readGlyph, through_set = refused, layer._glyphSet.readGlyph
        read = {name: direct[name] for name in layer.keys()}
        layer._glyphSet.readGlyph = through_set
        for name, glyph in read.items():
            theirs = ReadGlyph(name)
            through_set(name, theirs, _Reader(theirs))
            assert points(glyph) == points(theirs) and (glyph.width, glyph.unicodes, glyph.lib) == (
                theirs.width, theirs.unicodes, theirs.lib)


def test_a_broken_or_missing_glyph_file_gets_the_glyph_sets_own_error_naming_the_glyph(ufo):
    (ufo / "glyphs" / "H_.glif").write_text("<glyph name='H' format='2'><advance width='oops'/></glyph>")
    (ufo / "glyphs" / "O_.glif").unlink()
    layer = RFont(str(ufo)).defaultLayer.naked()
    read = ReadLayer(layer)
    assert read._folder is not None  # the direct reading is tried first
    with pytest.raises(GlifLibError) as broken:
        read["H"]
    assert "The issue is in glyph 'H'" in "\n".join([str(broken.value), *getattr(broken.value, "__notes__", [])])
    with pytest.raises(GlifLibError, match="O_.glif.*does not exist"):
        read["O"]
    assert isinstance(read["A"], ReadGlyph)  # the others read on


def test_a_glyph_set_with_no_folder_on_disk_is_read_through_its_file_system(ufo, tmp_path):
    zipped = tmp_path / "Read.ufoz"
    RFont(str(ufo)).save(str(zipped), formatVersion=3, fileStructure="zip")
    font, plain = RFont(str(zipped)), RFont(str(ufo))
    layer = font.getLayer("bubble").naked()
    assert glyph_folder(layer._glyphSet) is None
    read = ReadLayer(layer)
    assert points(read["A"]) == points(ReadLayer(plain.getLayer("bubble").naked())["A"])
