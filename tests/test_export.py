"""OpenType output: ufo2ft's kern feature, compiled OTF/TTF shaped with HarfBuzz, the legacy kern table."""

from __future__ import annotations

import io

import kernfonts
import pytest
from fontTools.feaLib.parser import Parser
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from kernfonts import K1, K2

from bubblekern import kern_pairs
from bubblekern.cli import main
from bubblekern.export import compile_font, feature_text
from bubblekern.groups import apply_class_kerning, compress, read_groups, resolve_pair
from bubblekern.kerntable import MAX_PAIRS, KernTableError, flatten_kerning, kern_table

import helpers


def kerned_font(**options):
    font = kernfonts.shipping_font(**options)
    result = kern_pairs(font)
    classes = compress(result, read_groups(font))
    apply_class_kerning(font, classes)
    return font, classes


def every_kind(font):
    """Add one entry of each kind whose effect is known, so each is checked in the binary."""
    font.kerning[(K1 + "H", K2 + "H")] = -11  # group–group
    font.kerning[("I", K2 + "H")] = -22  # glyph–group
    font.kerning[(K1 + "H", "I")] = -33  # group–glyph (outranked by I @H for I I)
    font.kerning[("Q", "W")] = 0  # glyph–glyph zero exception of a kerned group pair


def cmap_of(font):
    return {g.name: g.unicode for g in font if g.unicode is not None}


def expected_advances(font):
    kerning = dict(font.kerning.items())
    groups = {k: list(v) for k, v in font.groups.items()}
    names = list(font.glyphOrder)
    return {
        (a, b): font[a].width + font[b].width + resolve_pair(kerning, groups, a, b) for a in names for b in names
    }


@pytest.fixture(scope="module")
def font_and_classes():
    font, classes = kerned_font()
    every_kind(font)
    return font, classes


def test_the_compressed_kerning_has_every_kind(font_and_classes):
    font, classes = font_and_classes
    kinds = {classes.kind(p) for p in font.kerning.keys()}
    assert kinds == {"group-group", "glyph-group", "group-glyph", "glyph-glyph"}
    assert classes.exceptions


@pytest.mark.parametrize("form", ["otf", "ttf"])
def test_shaped_pairs_match_the_ufo_kerning(font_and_classes, form, tmp_path):
    font, _ = font_and_classes
    path = tmp_path / f"Test.{form}"
    compile_font(font, path, form)
    ttfont = TTFont(str(path))
    assert "GPOS" in ttfont and "kern" not in ttfont
    expected = expected_advances(font)
    shaped = kernfonts.shaped_advances(path.read_bytes(), expected, cmap_of(font))
    assert shaped == expected
    assert shaped[("H", "H")] == 700 + 700 - 11  # group–group
    assert shaped[("I", "I")] == 300 + 300 - 22  # glyph–group outranks group–glyph
    assert shaped[("H", "I")] == 700 + 300 - 33  # group–glyph
    assert shaped[("Q", "W")] == 740 + 900  # the zero exception outranks the group pair
    assert shaped[("O", "W")] < 740 + 900


def test_the_bubble_layer_stays_out_of_the_binary(tmp_path):
    font = kernfonts.shipping_font()
    font.getLayer("bubble").newGlyph("onlyInBubbles").width = 100
    ttfont = compile_font(font, None, "ttf")
    assert "onlyInBubbles" not in ttfont.getGlyphOrder()
    glyphs = ttfont.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs["H"].draw(pen)
    assert pen.bounds == (80, 0, 620, 700)  # the outline, not the bubble (40…660)


def test_feature_text_has_the_classes_and_parses(font_and_classes, tmp_path):
    font, _ = font_and_classes
    text = feature_text(font)
    assert "feature kern" in text
    assert "@kern1.Latn.H = [H I];" in text and "@kern2.Latn.V = [V W];" in text
    assert "enum pos I @kern2.Latn.H -22;" in text
    assert "pos Q W 0;" in text
    doc = Parser(io.StringIO(text), glyphNames=list(font.keys())).parse()
    assert any(getattr(s, "name", None) == "kern" for s in doc.statements)


def test_feature_text_of_a_font_without_kerning_is_empty():
    assert feature_text(kernfonts.shipping_font()).strip() == ""


@pytest.mark.parametrize("form", ["otf", "ttf"])
def test_kern_table_as_well(font_and_classes, form):
    font, _ = font_and_classes
    data = kernfonts.binary(compile_font(font, None, form, "both"))
    ttfont = TTFont(io.BytesIO(data))
    assert "GPOS" in ttfont
    (subtable,) = ttfont["kern"].kernTables
    assert subtable.format == 0 and subtable.coverage == 1
    expected = {
        (a, b): advance - font[a].width - font[b].width
        for (a, b), advance in expected_advances(font).items()
        if advance != font[a].width + font[b].width
    }
    assert dict(subtable.kernTable) == expected


def test_kern_table_only_replaces_the_kern_feature(font_and_classes):
    font, _ = font_and_classes
    data = kernfonts.binary(compile_font(font, None, "ttf", "table"))
    ttfont = TTFont(io.BytesIO(data))
    assert "kern" in ttfont
    assert "GPOS" not in ttfont  # nothing else positions in this font
    # HarfBuzz falls back to the kern table when there is no GPOS
    expected = expected_advances(font)
    assert kernfonts.shaped_advances(data, expected, cmap_of(font)) == expected


def test_kern_table_survives_production_names():
    font, _ = kerned_font()
    font.lib["public.postscriptNames"] = {"period": "uni002E", "Q": "Q.prod"}
    ttfont = TTFont(io.BytesIO(kernfonts.binary(compile_font(font, None, "otf", "both"))))
    assert "uni002E" in ttfont.getGlyphOrder()
    table = ttfont["kern"].kernTables[0].kernTable
    flat = flatten_kerning(dict(font.kerning.items()), font.groups, font.keys())
    rename = {"period": "uni002E", "Q": "Q.prod"}
    assert table == {(rename.get(a, a), rename.get(b, b)): v for (a, b), v in flat.items()}


def big_font(count: int):
    font = helpers.new_font(layer=None)
    names = [f"g{i:03d}" for i in range(count)]
    for name in names:
        helpers.add_glyph(font, name, 500, outline=lambda p: helpers.rect(p, 50, 0, 450, 500))
    font.glyphOrder = names
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            font.kerning[(a, b)] = -((i * count + j) % 200) - 1
    return font, names


def test_kern_table_splits_subtables_at_10920_pairs():
    font, names = big_font(110)  # 12,100 pairs
    data = kernfonts.binary(compile_font(font, None, "ttf", "table"))
    ttfont = TTFont(io.BytesIO(data))
    tables = ttfont["kern"].kernTables
    assert [len(t.kernTable) for t in tables] == [MAX_PAIRS, 110 * 110 - MAX_PAIRS] == [10920, 1180]
    merged = {}
    for table in tables:
        assert not merged.keys() & table.kernTable.keys()
        merged.update(table.kernTable)
    assert merged == dict(font.kerning.items())
    # sorted by glyph ID, the first subtable holds the first pairs
    order = {n: i for i, n in enumerate(ttfont.getGlyphOrder())}
    last_of_first = max(tables[0].kernTable, key=lambda p: (order[p[0]], order[p[1]]))
    first_of_second = min(tables[1].kernTable, key=lambda p: (order[p[0]], order[p[1]]))
    assert (order[last_of_first[0]], order[last_of_first[1]]) < (order[first_of_second[0]], order[first_of_second[1]])


def test_kern_table_with_a_small_subtable_limit_and_bad_values():
    pairs = {("a", "b"): -10, ("a", "c"): -20, ("b", "a"): 5}
    table = kern_table(pairs, ["a", "b", "c"], max_pairs=2)
    assert [t.kernTable for t in table.kernTables] == [{("a", "b"): -10, ("a", "c"): -20}, {("b", "a"): 5}]
    with pytest.raises(KernTableError, match="a b has value -40000"):
        kern_table({("a", "b"): -40000})
    with pytest.raises(KernTableError, match="not in the font: z"):
        kern_table({("a", "z"): -1}, ["a"])


def test_flatten_kerning_resolves_class_kerning():
    groups = {K1 + "O": ["O", "Q"], K2 + "V": ["V", "W"]}
    kerning = {(K1 + "O", K2 + "V"): -40, ("Q", "W"): 0, ("O", K2 + "V"): -30}
    assert flatten_kerning(kerning, groups) == {("O", "V"): -30, ("O", "W"): -30, ("Q", "V"): -40}


# -- command line ---------------------------------------------------------------------


def test_cli_export_writes_fea_otf_and_ttf(tmp_path, capsys):
    font, _ = kerned_font()
    path = helpers.save(font, tmp_path)
    before = helpers.tree_bytes(path)
    fea, otf, ttf = tmp_path / "kern.fea", tmp_path / "Test.otf", tmp_path / "Test.ttf"
    argv = ["export", str(path), "--fea", str(fea), "--otf", str(otf), "--ttf", str(ttf), "--kern-table"]
    assert main(argv) == 0
    assert helpers.tree_bytes(path) == before
    assert fea.read_text() == feature_text(font)
    expected = expected_advances(font)
    for binary in (otf, ttf):
        ttfont = TTFont(str(binary))
        assert "GPOS" in ttfont and "kern" in ttfont
        assert kernfonts.shaped_advances(binary.read_bytes(), expected, cmap_of(font)) == expected
    assert main(["export", str(path), "--ttf", str(ttf), "--kern-table-only"]) == 0
    ttfont = TTFont(str(ttf))
    assert "kern" in ttfont and "GPOS" not in ttfont


def test_cli_export_needs_an_output(tmp_path, capsys):
    path = helpers.save(kernfonts.shipping_font(), tmp_path)
    assert main(["export", str(path)]) == 1
    assert "--fea" in capsys.readouterr().err
    assert main(["export", str(tmp_path / "Missing.ufo"), "--fea", str(tmp_path / "k.fea")]) == 1
    assert "Missing.ufo" in capsys.readouterr().err
    assert not (tmp_path / "k.fea").exists()


@pytest.mark.parametrize("marker", [False, True])
def test_a_kern_feature_of_the_font_s_own_is_named_when_it_hides_the_kerning(font_and_classes, marker, tmp_path):
    """ufo2ft keeps a features.fea kern feature without '# Automatic Code' and leaves the kerning out."""
    import warnings

    from bubblekern.errors import BubbleKernWarning

    font, _ = font_and_classes
    own = "    pos H H -500;\n" + ("    # Automatic Code\n" if marker else "")
    original = font.features.text
    font.features.text = f"feature kern {{\n{own}}} kern;\n"
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", BubbleKernWarning)
            compile_font(font, tmp_path / "Test.ttf", "ttf")
    finally:
        font.features.text = original
    said = [str(w.message) for w in caught if issubclass(w.category, BubbleKernWarning)]
    expected = expected_advances(font)
    shaped = kernfonts.shaped_advances((tmp_path / "Test.ttf").read_bytes(), expected, cmap_of(font))
    if marker:  # the kerning goes where the comment is: the font's kerning shapes, no warning
        assert not said and shaped[("I", "I")] == expected[("I", "I")]
    else:
        assert len(said) == 1 and "its features.fea has a kern feature of its own" in said[0]
        assert "'# Automatic Code'" in said[0] and f"({len(font.kerning):,} entries)" in said[0]
        assert shaped[("H", "H")] == 700 + 700 - 500 and shaped[("I", "I")] == 300 + 300  # the feature's, not ours


def test_export_fea_says_when_the_font_has_a_kern_feature_of_its_own(tmp_path, capsys):
    font, _ = kerned_font()
    ufo = helpers.save(font, tmp_path)
    out = tmp_path / "kern.fea"
    assert main(["export", str(ufo), "--fea", str(out)]) == 0
    assert "kern feature of its own" not in capsys.readouterr().err and "pos" in out.read_text()
    (ufo / "features.fea").write_text("feature kern {\n    pos H H -500;\n} kern;\n")
    assert main(["export", str(ufo), "--fea", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"Test.ufo: its features.fea has a kern feature of its own: use {out} in place of it" in err


GLYPHSLIB_FILTERS = [{"name": "eraseOpenCorners", "namespace": "glyphsLib.filters", "pre": True},
                     {"name": "decomposeComponents", "pre": True}]


def test_a_font_asking_for_glyphslib_filters_compiles_as_a_ufolib2_copy(font_and_classes, tmp_path, monkeypatch):
    import ufo2ft
    import ufoLib2

    from bubblekern.export import glyphslib_filters

    font, _ = font_and_classes
    font.lib["com.github.googlei18n.ufo2ft.filters"] = GLYPHSLIB_FILTERS
    try:
        assert glyphslib_filters(font) == ["eraseOpenCorners"]
        compiled = []
        real = ufo2ft.compileOTF
        monkeypatch.setattr(ufo2ft, "compileOTF", lambda ufo, **options: compiled.append(ufo) or real(ufo, **options))
        kerning, dirty = dict(font.kerning.items()), font.naked().dirty
        path = tmp_path / "Filtered.otf"
        compile_font(font, path, "otf", "both")
        [ufo] = compiled
        assert isinstance(ufo, ufoLib2.Font) and ufo.lib["com.github.googlei18n.ufo2ft.filters"] == GLYPHSLIB_FILTERS
        assert set(ufo.keys()) == set(font.keys()) and "bubble" not in ufo.layers  # the default layer only
        assert dict(font.kerning.items()) == kerning and font.naked().dirty == dirty  # the font is as it was
        expected = expected_advances(font)
        assert kernfonts.shaped_advances(path.read_bytes(), expected, cmap_of(font)) == expected
        assert "kern" in TTFont(str(path))
    finally:
        del font.lib["com.github.googlei18n.ufo2ft.filters"]


def test_glyphslib_filters_without_ufolib2_are_a_clear_error(font_and_classes, monkeypatch):
    import sys

    from bubblekern.export import ExportError

    font, _ = font_and_classes
    font.lib["com.github.googlei18n.ufo2ft.filters"] = GLYPHSLIB_FILTERS
    monkeypatch.setitem(sys.modules, "ufoLib2", None)
    try:
        with pytest.raises(ExportError, match=r"asks ufo2ft for glyphsLib's filters \(eraseOpenCorners\), which work on "
                                              r"ufoLib2 fonts; install it with: pip install ufoLib2"):
            compile_font(font, None, "ttf")
    finally:
        del font.lib["com.github.googlei18n.ufo2ft.filters"]
