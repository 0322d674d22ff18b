"""``bubblekern bubbles`` and ``bubblekern status`` end to end, on UFOs in a temporary folder."""

from __future__ import annotations

import io
import json

import generate_fonts as gf
import pytest

from bubblekern import Settings, open_font
from bubblekern.cli import commands, main
from bubblekern.generate import GENERATE_KEY, GenerateSettings
from bubblekern.model import BLEND_STRENGTHS, CONTEXTS
from bubblekern.status import GLYPH_KEY

import helpers

DY = GenerateSettings().offset_y
"""The default vertical offset (per 1000 em)."""


def unbubbled(tmp_path, font=None, name="Test.ufo"):
    font = font or helpers.latin_font()
    if "bubble" in font.layerOrder:
        font.removeLayer("bubble")
    return helpers.save(font, tmp_path, name)


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def bounds(font, name, layer="bubble"):
    return font.getLayer(layer)[name].bounds


def test_subcommands_are_discovered_in_order():
    names = [m.__name__.rsplit(".", 1)[1] for m in commands()]
    assert names.index("kern") < names.index("bubbles") < names.index("status")


def test_bubbles_then_kern_gives_plausible_kerning(tmp_path, capsys):
    path = unbubbled(tmp_path)
    code, out, err = run(capsys, "bubbles", path, "--all")
    assert code == 0, err
    assert "11 bubbles written" in out and "saved" in out
    font = open_font(path)
    layer = font.getLayer("bubble")
    assert set(layer.keys()) == {"H", "O", "A", "V", "T", "o", "n", "v", "period", "quoteright", "acutecomb"}
    assert font.lib[GENERATE_KEY] == {k: v for k, v in GenerateSettings().to_dict().items() if k != "overwrite"}
    assert isinstance(layer["H"].lib[GLYPH_KEY]["fingerprint"], str)
    code, out, err = run(capsys, "kern", path)
    assert code == 0, err
    assert "halo blend on" in err  # default generated bubbles: kerned with the blend
    kerning = dict(open_font(path).kerning.items())
    assert kerning[("A", "V")] < -50 and kerning[("V", "A")] < -50 and kerning[("T", "o")] < -20
    assert ("H", "H") not in kerning and ("n", "n") not in kerning and ("H", "n") not in kerning
    assert kerning[("Aacute", "V")] == kerning[("A", "V")]  # the composite inherits A's bubble
    code, out, err = run(capsys, "kern", path, "--blend", "off", "--replace")  # the bubbles' own collisions
    plain = dict(open_font(path).kerning.items())
    assert code == 0 and plain[("T", "o")] < kerning[("T", "o")] and plain[("T", "o")] < -50
    assert ("H", "H") not in plain and plain[("Aacute", "V")] == plain[("A", "V")]


def test_compiled_font_shapes_with_the_kerning(tmp_path, capsys):
    hb = pytest.importorskip("uharfbuzz")
    ufo2ft = pytest.importorskip("ufo2ft")
    path = unbubbled(tmp_path)
    assert run(capsys, "bubbles", path)[0] == 0
    assert run(capsys, "kern", path)[0] == 0
    font = open_font(path)
    binary = io.BytesIO()
    ufo2ft.compileOTF(font.naked(), optimizeCFF=0).save(binary)
    shaper = hb.Font(hb.Face(binary.getvalue()))

    def advances(text):
        buffer = hb.Buffer()
        buffer.add_str(text)
        buffer.guess_segment_properties()
        hb.shape(shaper, buffer, {"kern": True})
        return [p.x_advance for p in buffer.glyph_positions]

    assert advances("HH") == [700, 700] and advances("nn") == [580, 580]
    assert advances("AV")[0] == 720 + font.kerning[("A", "V")] < 720 - 50
    assert advances("To")[0] == 640 + font.kerning[("T", "o")] < 640 - 20


def test_flags_override_stored_settings_and_are_stored(tmp_path, capsys):
    font = helpers.latin_font()
    font.removeLayer("bubble")
    font.lib[GENERATE_KEY] = {"offset_x": 40, "adhere": "off"}
    path = unbubbled(tmp_path, font)
    code, out, err = run(capsys, "bubbles", path, "--glyphs", "H,o", "--offset-y", "30")
    assert code == 0, err
    assert "offset 40 × 30" in out and "adhere off" in out
    font = open_font(path)
    assert font.lib[GENERATE_KEY]["offset_x"] == 40 and font.lib[GENERATE_KEY]["offset_y"] == 30
    assert bounds(font, "H") == (40, -30, 660, 730)
    assert set(font.getLayer("bubble").keys()) == {"H", "o"}
    # the next run starts from what is stored
    code, out, err = run(capsys, "bubbles", path, "--glyphs", "n", "--corner", "miter")
    font = open_font(path)
    assert bounds(font, "n") == (30, -30, 550, 530)
    assert font.lib[GENERATE_KEY]["corner"] == "miter"


def test_overwrite_and_include_composites_flags(tmp_path, capsys):
    path = unbubbled(tmp_path)
    run(capsys, "bubbles", path, "--offset-x", "30")
    code, out, _ = run(capsys, "bubbles", path, "--offset-x", "50")
    assert "0 bubbles written" in out and "--overwrite always" in out and "nothing changed" in out
    assert bounds(open_font(path), "H") == (0, -DY, 700, 700 + DY)
    code, out, _ = run(capsys, "bubbles", path, "--offset-x", "50", "--adhere", "off", "--overwrite", "always",
                       "--include-composites")
    font = open_font(path)
    assert bounds(font, "H") == (30, -DY, 670, 700 + DY)
    assert "Aacute" in font.getLayer("bubble").keys()
    assert font.lib[GENERATE_KEY]["include_composites"] is True and "overwrite" not in font.lib[GENERATE_KEY]
    code, out, _ = run(capsys, "bubbles", path, "--no-include-composites", "--overwrite", "always", "--json")
    data = json.loads(out)
    assert data["skipped"]["Aacute"]["code"] == "composite"
    assert "H" in data["unchanged"] and data["written"] == [] and data["settings_stored"] is False
    assert data["saved"] is None  # the composites' bubbles stay; nothing new was written


def test_dry_run_and_unchanged_runs_leave_the_ufo_alone(tmp_path, capsys):
    path = unbubbled(tmp_path)
    before = helpers.tree_bytes(path)
    code, out, _ = run(capsys, "bubbles", path, "--dry-run")
    assert code == 0 and "11 bubbles written" in out and "dry run" in out
    assert helpers.tree_bytes(path) == before
    run(capsys, "bubbles", path)
    after = helpers.tree_bytes(path)
    assert after != before
    for argv in (["--overwrite", "always"], [], ["--stale"]):
        code, out, _ = run(capsys, "bubbles", path, *argv)
        assert code == 0 and "nothing changed, nothing saved" in out, argv
        assert helpers.tree_bytes(path) == after, argv


def test_output_saves_elsewhere(tmp_path, capsys):
    path = unbubbled(tmp_path)
    before = helpers.tree_bytes(path)
    out_path = tmp_path / "Out.ufo"
    code, out, err = run(capsys, "bubbles", path, "-o", out_path)
    assert code == 0, err
    assert helpers.tree_bytes(path) == before
    assert "bubble" in open_font(out_path).layerOrder


def test_delete(tmp_path, capsys):
    path = unbubbled(tmp_path)
    run(capsys, "bubbles", path)
    font = open_font(path)
    hand = font.getLayer("bubble").newGlyph("space")
    helpers.rect(hand.getPen(), 0, 0, 250, 100)
    font.save()
    before = helpers.tree_bytes(path)
    code, _, err = run(capsys, "bubbles", path, "--delete")
    assert code == 1 and "--glyphs" in err and "--all" in err
    assert helpers.tree_bytes(path) == before
    code, out, _ = run(capsys, "bubbles", path, "--delete", "--glyphs", "H,n")
    assert code == 0 and "2 bubbles deleted" in out
    assert not {"H", "n"} & set(open_font(path).getLayer("bubble").keys())
    code, out, _ = run(capsys, "bubbles", path, "--delete", "--all", "--only-generated")
    assert "9 bubbles deleted" in out and "drawn by hand: space" in out
    assert open_font(path).getLayer("bubble").keys() == ("space",)


def test_status_and_stale_refresh(tmp_path, capsys):
    path = unbubbled(tmp_path)
    run(capsys, "bubbles", path)
    code, out, _ = run(capsys, "status", path)
    assert code == 0
    assert "own" in out and "11" in out and "inherited      1  Aacute" in out and "none           1  space" in out
    font = open_font(path)
    font["H"].width = 720
    font["o"].contours[0].points[0].y -= 10
    font.save()
    code, out, _ = run(capsys, "status", path, "--json")
    data = json.loads(out)
    assert data["counts"]["stale"] == 2 and data["glyphs"]["H"] == {"state": "stale", "generated": True, "edited": False}
    assert data["glyphs"]["Aacute"]["state"] == "inherited" and data["glyphs"]["space"]["state"] == "none"
    code, out, _ = run(capsys, "status", path)
    assert "stale          2  H, o" in out and "--stale" in out
    code, out, _ = run(capsys, "bubbles", path, "--stale")
    assert code == 0 and "2 bubbles written (2 replaced)" in out
    font = open_font(path)
    assert bounds(font, "H")[2] == 720
    code, out, _ = run(capsys, "status", path, "--json")
    assert json.loads(out)["counts"]["stale"] == 0


def test_status_says_what_the_halo_blend_does(tmp_path, capsys):
    from bubblekern.settings import LIB_KEY

    path = unbubbled(tmp_path)
    run(capsys, "bubbles", path)
    code, out, _ = run(capsys, "status", path)
    assert code == 0 and "halo blend auto: on for pairs of the 12 glyphs" in out and "off for the 0 others" in out
    share = Settings().armless_share
    learned = ", ".join(f"{c} ×{v:g}" + (f" (capitals with no arm over the lowercase: ×{share:g} of it)"
                                         if c == "UC-lc" else "") for c, v in zip(CONTEXTS, BLEND_STRENGTHS) if v != 1)
    assert learned.count("×") == 4 and f"({learned}, as learned with it)" in out
    font = open_font(path)
    font.getLayer("bubble")["V"].contours[0].points[0].x += 5  # edited by hand: its pairs are plain collisions
    font.save()
    data = json.loads(run(capsys, "status", path, "--json")[1])
    assert data["blend"] == {"mode": "auto", "blended": 11, "plain": 1,
                             "strengths": dict(zip(CONTEXTS, BLEND_STRENGTHS)), "armless_share": share}
    font = open_font(path)
    font.lib[LIB_KEY] = {"strengths": [1, 1.2, 1, 1, 1, 1], "armless_share": 1}  # the font's own: no learned ones
    font.save()
    assert {"strengths", "armless_share"}.isdisjoint(json.loads(run(capsys, "status", path, "--json")[1])["blend"])
    font = open_font(path)
    font.lib[LIB_KEY] = {"blend": []}
    font.save()
    assert "halo blend off, as `bubblekern fit` stored it" in run(capsys, "status", path)[1]


def test_status_names_the_composites_fitted_to_their_lines(tmp_path, capsys):
    path = unbubbled(tmp_path)
    run(capsys, "bubbles", path)
    code, out, _ = run(capsys, "status", path)
    assert code == 0 and "fitted to their own sidebearing lines (composites of generated bubbles): 1" in out
    assert json.loads(run(capsys, "status", path, "--json")[1])["fitted"] == ["Aacute"]
    font = open_font(path)
    font.getLayer("bubble")["acutecomb"].contours[0].points[0].x += 5  # the accent's bubble, edited by hand
    font.save()
    code, out, _ = run(capsys, "status", path)
    assert "fitted to their own" not in out
    assert json.loads(run(capsys, "status", path, "--json")[1])["fitted"] == []


def test_status_of_a_font_without_a_bubble_layer(tmp_path, capsys):
    path = unbubbled(tmp_path)
    code, out, _ = run(capsys, "status", path)
    assert code == 0 and "no such layer" in out and "none          13" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--offset-x", "-5"], "offset_x"),
        (["--corner-radius", "5000"], "corner_radius"),
        (["--glyphs", "H,Nope"], "Nope"),
        (["--stale", "--delete"], "--delete"),
        (["--only-generated"], "--delete"),
    ],
)
def test_bad_input_is_named_and_the_ufo_unchanged(tmp_path, capsys, argv, message):
    path = unbubbled(tmp_path)
    before = helpers.tree_bytes(path)
    code, out, err = run(capsys, "bubbles", path, *argv)
    assert code == 1 and message in err and err.startswith("bubblekern: error:")
    assert helpers.tree_bytes(path) == before


def test_broken_stored_settings_are_named(tmp_path, capsys):
    font = helpers.latin_font()
    font.lib[GENERATE_KEY] = {"adhere": "sideways"}
    path = unbubbled(tmp_path, font)
    before = helpers.tree_bytes(path)
    code, _, err = run(capsys, "bubbles", path)
    assert code == 1 and "com.bubblekern.generate" in err and "adhere" in err
    assert helpers.tree_bytes(path) == before


def test_not_a_ufo(tmp_path, capsys):
    code, _, err = run(capsys, "bubbles", tmp_path / "Font.otf")
    assert code == 1 and "Font.otf" in err
    code, _, err = run(capsys, "status", tmp_path / "Missing.ufo")
    assert code == 1 and "Missing.ufo" in err


def test_several_masters_at_once(tmp_path, capsys):
    light = unbubbled(tmp_path, gf.serif_font(), "Light.ufo")
    bold = unbubbled(tmp_path, gf.serif_font(upm=2048), "Bold.ufo")
    code, out, err = run(capsys, "bubbles", light, bold, "--json")
    assert code == 0, err
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["font"] for r in reports] == [str(light), str(bold)]
    assert all(r["saved"] and "H" in r["written"] for r in reports)
    assert bounds(open_font(bold), "H") == pytest.approx((0, -DY * 2.048, 1475, (700 + DY) * 2.048), abs=1)  # all × 2.048
    code, _, err = run(capsys, "bubbles", light, bold, "-o", tmp_path / "x.ufo")
    assert code == 1 and "--output" in err


def _hand_written(ufo, name: str) -> bytes:
    """Rewrite glyph ``name``'s .glif as another tool might (its own spacing and a comment)."""
    import plistlib

    path = ufo / "glyphs" / plistlib.loads((ufo / "glyphs" / "contents.plist").read_bytes())[name]
    text = path.read_text().replace("<glyph ", "<!-- drawn by hand -->\n<glyph  ")
    path.write_text(text)
    return path.read_bytes()


def test_saving_writes_only_what_changed_and_keeps_other_files_byte_for_byte(tmp_path, capsys):
    ufo = unbubbled(tmp_path)
    glif = _hand_written(ufo, "H")
    other = {p: p.read_bytes() for p in (ufo / "glyphs").iterdir() if p.name != "contents.plist"}
    (ufo / "data").mkdir()
    (ufo / "data" / "notes.txt").write_text("the designer's notes")

    code, _, err = run(capsys, "bubbles", ufo, "--all")
    assert code == 0, err
    assert {p: p.read_bytes() for p in other} == other  # the outlines' files, hand formatting and all
    assert glif in other.values() and b"drawn by hand" in glif
    assert (ufo / "data" / "notes.txt").read_text() == "the designer's notes"
    font = open_font(ufo)
    assert sorted(font.getLayer("bubble").keys()) == sorted(n for n in font.keys() if len(font[n].contours))
    assert font["H"].width == 700 and len(font["H"].contours) == 3 and font.getLayer("bubble")["H"].bounds

    # deleting them goes through the same save: their files go (the layer stays), the rest stays
    code, _, err = run(capsys, "bubbles", ufo, "--delete", "--all")
    assert code == 0, err
    assert not open_font(ufo).getLayer("bubble").keys()
    assert not list(ufo.glob("glyphs.*/*.glif"))
    assert {p: p.read_bytes() for p in other} == other


def test_a_save_that_failed_half_way_writes_every_change_the_next_time(tmp_path, monkeypatch):
    import defcon

    from bubblekern import save_font
    from bubblekern.errors import FontFileError
    from bubblekern.generate import make_bubbles

    ufo = unbubbled(tmp_path)
    font = open_font(ufo)
    font.newLayer("bubble")
    written = make_bubbles(font).written
    before = helpers.tree_bytes(ufo)
    real, calls = defcon.Layer.saveGlyph, []

    def fails_on_the_third(self, glyph, glyphSet, saveAs=False):  # of the glyphs that changed
        if glyph.dirty:
            calls.append(glyph.name)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(self, glyph, glyphSet, saveAs=saveAs)

    monkeypatch.setattr(defcon.Layer, "saveGlyph", fails_on_the_third)
    with pytest.raises(FontFileError, match="saving failed, the file is unchanged"):
        save_font(font, ufo)
    assert helpers.tree_bytes(ufo) == before and [p.name for p in tmp_path.iterdir()] == ["Test.ufo"]
    assert font.path == str(ufo)

    monkeypatch.setattr(defcon.Layer, "saveGlyph", real)
    save_font(font, ufo)  # the two glyphs written to the copy thrown away (no longer marked changed) are written
    again = open_font(ufo)
    assert sorted(again.getLayer("bubble").keys()) == sorted(written)
    assert all(again.getLayer("bubble")[n].bounds == font.getLayer("bubble")[n].bounds for n in written)
    assert font.path == str(ufo) and font["H"].bounds  # the font still reads from where it was saved


def test_bubbles_in_a_ufo_2_are_saved_by_making_it_ufo_3_with_a_warning(tmp_path, capsys):
    from fontTools.ufoLib import UFOReader

    font = helpers.latin_font()
    font.removeLayer("bubble")
    ufo = tmp_path / "Old.ufo"
    font.save(str(ufo), formatVersion=2)  # a UFO 2 has no layers: the bubbles would be dropped on save
    code, _, err = run(capsys, "bubbles", ufo, "--all")
    assert code == 0, err
    assert "Old.ufo is saved as UFO 3 (it was UFO 2): a UFO 2 holds one glyph layer, so its layer 'bubble'" in err
    reader = UFOReader(str(ufo))
    assert reader.formatVersionTuple[0] == 3 and reader.getLayerNames() == ["public.default", "bubble"]
    kerned = open_font(ufo)
    assert kerned.getLayer("bubble")["H"].contours and kerned["H"].width == font["H"].width
