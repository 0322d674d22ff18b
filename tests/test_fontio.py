"""Saving a font read from disk in place, atomically, without loading the glyphs it did not change: afterwards, and
after a save that failed, the glyphs it never loaded are read from where the font's files now are."""

from __future__ import annotations

import os

import defcon
import pytest

from bubblekern import open_font, save_font
from bubblekern.errors import FontFileError
from bubblekern.masters import save_fonts

from helpers import latin_font, rect, save, tree_bytes


def loaded(font) -> set[str]:
    """The glyphs defcon has loaded into the default layer (its private table: what a save now leaves alone)."""
    return set(font.naked().layers.defaultLayer._glyphs)


def edit_one_bubble(font) -> None:
    glyph = font.getLayer("bubble").newGlyph("H")
    glyph.width = font["H"].width if "H" in loaded(font) else 700
    rect(glyph.getPen(), 0, -40, 700, 740)


@pytest.fixture
def ufo(tmp_path):
    return save(latin_font(), tmp_path, "Test.ufo")


def test_a_save_in_place_loads_no_glyph_it_did_not_change_and_reads_the_others_from_the_saved_file(ufo):
    font = open_font(ufo)
    edit_one_bubble(font)
    before = tree_bytes(ufo)
    save_font(font, ufo)
    assert loaded(font) == set()  # the outlines' glyphs were neither loaded nor written
    after = tree_bytes(ufo)
    assert {k for k in after if after[k] != before.get(k)} >= {"glyphs.bubble/H_.glif"}
    assert all(after[k] == v for k, v in before.items() if k.startswith("glyphs/"))  # byte for byte
    assert font["O"].bounds == open_font(ufo)["O"].bounds  # read from the file swapped in, not the copy
    assert not [p for p in ufo.parent.iterdir() if p != ufo]  # no temporary left
    font.getLayer("bubble")["H"].moveBy((10, 0))
    save_font(font, ufo)  # a second save in place reads and writes the same way
    assert open_font(ufo).getLayer("bubble")["H"].bounds == font.getLayer("bubble")["H"].bounds
    assert font["V"].width == 700


def test_after_a_save_that_failed_the_glyphs_not_loaded_are_read_from_the_unchanged_file(ufo, monkeypatch):
    font = open_font(ufo)
    edit_one_bubble(font)
    before = tree_bytes(ufo)
    real = defcon.Layer.saveGlyph

    def no_room(self, glyph, glyphSet, saveAs=False):  # in the bubble layer, after the outlines' layer was saved
        if self.name == "bubble":
            raise OSError(28, "No space left on device")
        return real(self, glyph, glyphSet, saveAs=saveAs)

    monkeypatch.setattr(defcon.Layer, "saveGlyph", no_room)
    with pytest.raises(FontFileError, match="saving failed, the file is unchanged"):
        save_font(font, ufo)
    assert tree_bytes(ufo) == before and font.path == str(ufo)
    assert font["T"].bounds == (20, 0, 620, 700)  # not loaded before: read from the old file, still there
    monkeypatch.setattr(defcon.Layer, "saveGlyph", real)
    save_font(font, ufo)
    assert open_font(ufo).getLayer("bubble")["H"].bounds == (0, -40, 700, 740)


def test_after_a_swap_that_failed_every_font_reads_its_glyphs_from_its_old_file(tmp_path, monkeypatch):
    ufos = [save(latin_font(), tmp_path, f"M{i}.ufo") for i in range(2)]
    fonts = [open_font(u) for u in ufos]
    for font in fonts:
        edit_one_bubble(font)
    before = [tree_bytes(u) for u in ufos]
    real, calls = os.replace, []

    def fails_on_the_third(source, target):  # the second font's old file moved aside: refused
        calls.append(target)
        if len(calls) == 3:
            raise OSError(5, "Input/output error")
        return real(source, target)

    monkeypatch.setattr(os, "replace", fails_on_the_third)
    with pytest.raises(FontFileError, match="swapping the saved fonts in failed, no font was changed"):
        save_fonts([(f, u) for f, u in zip(fonts, ufos)])
    monkeypatch.setattr(os, "replace", real)
    assert [tree_bytes(u) for u in ufos] == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["M0.ufo", "M1.ufo"]
    for font, ufo in zip(fonts, ufos):
        assert font.path == str(ufo) and font["n"].bounds == (70, 0, 510, 500)
    save_fonts([(f, u) for f, u in zip(fonts, ufos)])  # the next save writes every change
    assert all(open_font(u).getLayer("bubble")["H"].bounds == (0, -40, 700, 740) for u in ufos)
