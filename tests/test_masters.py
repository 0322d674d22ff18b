"""All masters: a designspace kerned compatibly, sign flips, sparse sources, all-or-nothing saving."""

from __future__ import annotations

import json
from pathlib import Path

import kernfonts
import pytest
from fontTools.designspaceLib import DesignSpaceDocument
from fontTools.ufoLib.kerning import lookupKerningValue
from kernfonts import K1, K2, make_family

from bubblekern import FontFileError
from bubblekern.cli import main
from bubblekern.export import compile_font
from bubblekern.groups import GroupError
from bubblekern.masters import Master, kern_masters, read_designspace, save_fonts, sign_flips

import helpers


def fonts_of(folder: Path):
    return [helpers.RFont(str(folder / n)) for n in ("Family-Light.ufo", "Family-Bold.ufo")]


def resolves(font, pairs):
    kerning = dict(font.kerning.items())
    groups = {k: list(v) for k, v in font.groups.items()}
    return {p: lookupKerningValue(p, kerning, groups) for p in pairs}


def test_designspace_is_kerned_compatibly_with_groups(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["compatible"] and data["grouping"] == "classes"
    light, bold = fonts_of(tmp_path)
    assert set(light.kerning.keys()) == set(bold.kerning.keys())
    assert any(a.startswith(K1) and b.startswith(K2) for a, b in light.kerning.keys())
    for font, master in zip((light, bold), data["masters"]):
        solved = {(a, b): v for a, b, v in master["pairs"]}
        assert solved
        got = resolves(font, solved)
        assert all(abs(got[p] - v) <= 5 for p, v in solved.items())
        # pairs solved to nothing resolve to (about) nothing
        unsolved = [(a, b) for a in font.glyphOrder for b in font.glyphOrder if (a, b) not in solved]
        assert all(abs(v) <= 5 for v in resolves(font, unsolved).values())
    # a pair kerned in one master only is written as 0 in the other
    zeros = [p for p, v in light.kerning.items() if v == 0 and bold.kerning[p] != 0]
    assert zeros


def test_sign_flips_are_reported(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--dry-run", "--ungrouped"]) == 0
    out = capsys.readouterr().out
    assert "pairs flip sign across masters" in out
    assert main(["kern", str(path), "--dry-run", "--ungrouped", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert ["period", "period", [-130, 100]] in data["sign_flips"]
    doc, masters, notes = read_designspace(path)
    family = kern_masters(masters, ungrouped=True)
    flips = family.flips
    assert flips[("period", "period")] == (-130, 100)
    assert all(min(v) < 0 < max(v) for v in flips.values())
    assert flips == sign_flips([run.result for run in family.runs])


def test_no_compatible_lets_pair_sets_differ(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--no-compatible", "--flat"]) == 0
    light, bold = fonts_of(tmp_path)
    assert set(light.kerning.keys()) != set(bold.kerning.keys())
    assert 0 not in light.kerning.values() and 0 not in bold.kerning.values()


def test_compatible_flat_writes_zeros(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--flat", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    light, bold = fonts_of(tmp_path)
    assert set(light.kerning.keys()) == set(bold.kerning.keys())
    assert not any(a.startswith(K1) or b.startswith(K2) for a, b in light.kerning.keys())
    kept = [{(a, b): v for a, b, v in m["pairs"]} for m in data["masters"]]
    assert set(light.kerning.keys()) == set(kept[0]) | set(kept[1])
    for font, values in zip((light, bold), kept):
        assert {p: v for p, v in font.kerning.items() if v} == values
    # the text report counts glyph pairs, not group pairs a flat run does not write
    assert main(["kern", str(path), "--flat", "--dry-run"]) == 0
    out = capsys.readouterr().out
    entries = f"→ {len(light.kerning):,} entries, the pairs any master kerns"
    assert out.count(entries) == 2 and "group pairs" not in out


def test_sparse_layer_sources_are_skipped_with_a_note(tmp_path, capsys):
    path = make_family(tmp_path, sparse=True)
    assert main(["kern", str(path)]) == 0
    out = capsys.readouterr().out
    assert "sparse layer 'support'" in out and "skipped" in out
    light, bold = fonts_of(tmp_path)
    assert light.kerning.keys() and bold.kerning.keys()


def test_missing_source_is_an_error_and_nothing_is_written(tmp_path, capsys):
    path = make_family(tmp_path, missing=True)
    before = {n: helpers.tree_bytes(tmp_path / n) for n in ("Family-Light.ufo", "Family-Bold.ufo")}
    assert main(["kern", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Family-Black.ufo" in err and "missing" in err
    assert {n: helpers.tree_bytes(tmp_path / n) for n in before} == before
    with pytest.raises(FontFileError, match="Family-Black.ufo"):
        read_designspace(path)


def test_one_failing_save_leaves_every_master_unchanged(tmp_path):
    path = make_family(tmp_path)
    doc, masters, notes = read_designspace(path)
    family = kern_masters(masters)
    from bubblekern.masters import apply_family

    apply_family(family)
    masters[1].font.naked().lib["com.example.unsaveable"] = object()  # plistlib cannot write it
    before = {m.path.name: helpers.tree_bytes(m.path) for m in masters}
    with pytest.raises(FontFileError, match="no font was changed"):
        save_fonts([(m.font, m.path) for m in masters])
    assert {m.path.name: helpers.tree_bytes(m.path) for m in masters} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Family-Bold.ufo", "Family-Light.ufo", "Family.designspace"]
    del masters[1].font.naked().lib["com.example.unsaveable"]
    saved = save_fonts([(m.font, m.path) for m in masters])
    assert saved == [m.path.absolute() for m in masters]
    assert set(helpers.RFont(str(saved[0])).kerning.keys()) == set(helpers.RFont(str(saved[1])).kerning.keys())


def test_output_folder_gets_the_masters_and_a_designspace(tmp_path, capsys):
    path = make_family(tmp_path / "src" if (tmp_path / "src").mkdir() is None else None)
    before = {n: helpers.tree_bytes(path.parent / n) for n in ("Family-Light.ufo", "Family-Bold.ufo")}
    out = tmp_path / "out"
    assert main(["kern", str(path), "--output", str(out)]) == 0
    assert {n: helpers.tree_bytes(path.parent / n) for n in before} == before
    doc = DesignSpaceDocument.fromfile(str(out / "Family.designspace"))
    assert [Path(s.path).resolve() for s in doc.sources] == [
        (out / "Family-Light.ufo").resolve(), (out / "Family-Bold.ufo").resolve()
    ]
    assert helpers.RFont(str(out / "Family-Bold.ufo")).kerning.keys()


def test_masters_with_different_groups_cannot_be_compatible(tmp_path, capsys):
    path = make_family(tmp_path)
    bold = helpers.RFont(str(tmp_path / "Family-Bold.ufo"))
    bold.groups[K1 + "O"] = ["O", "Q"]
    bold.save()
    before = helpers.tree_bytes(tmp_path / "Family-Light.ufo")
    assert main(["kern", str(path)]) == 1
    assert "kern groups differ" in capsys.readouterr().err
    assert helpers.tree_bytes(tmp_path / "Family-Light.ufo") == before
    with pytest.raises(GroupError):
        kern_masters([Master("a", kernfonts.shipping_font()), Master("b", bold)])


def test_two_master_family_compiles_to_fonts_whose_shaped_pairs_match(tmp_path, capsys):
    """The issue's "done when": a two-master designspace with bubbles, kerned with groups,
    compiles to OTF and TTF whose shaped pairs match the kerning."""
    path = make_family(tmp_path)
    assert main(["kern", str(path)]) == 0
    for font in fonts_of(tmp_path):
        names = list(font.glyphOrder)
        pairs = [(a, b) for a in names for b in names]
        kern = resolves(font, pairs)
        assert any(kern.values())
        expected = {(a, b): font[a].width + font[b].width + kern[(a, b)] for a, b in pairs}
        cmap = {g.name: g.unicode for g in font}
        for form in ("otf", "ttf"):
            data = kernfonts.binary(compile_font(font, None, form))
            assert kernfonts.shaped_advances(data, pairs, cmap) == expected


def test_designspace_groups_built_from_the_first_master_go_into_every_master(tmp_path, capsys):
    path = make_family(tmp_path, groups=False)
    assert main(["kern", str(path), "--groups", "build", "--write-groups", "--tolerance", "10"]) == 0
    light, bold = fonts_of(tmp_path)
    assert dict(light.groups.items()) == dict(bold.groups.items())
    assert light.groups[K2 + "O"] == ("O", "Q")  # C has a polygon bubble, not the ellipse of O and Q
    assert set(light.kerning.keys()) == set(bold.kerning.keys())
    assert any(a.startswith(K1) for a, b in light.kerning.keys())


def test_kern_designspace_api_saves_changed_masters_and_then_nothing(tmp_path):
    from bubblekern.masters import kern_designspace

    path = make_family(tmp_path)
    family = kern_designspace(path, groups="none")
    light, bold = fonts_of(tmp_path)
    assert dict(light.kerning.items()) and set(light.kerning.keys()) == set(bold.kerning.keys())
    assert all(run.report.changed for run in family.runs)
    before = {n: helpers.tree_bytes(tmp_path / n) for n in ("Family-Light.ufo", "Family-Bold.ufo")}
    again = kern_designspace(path, groups="none")
    assert not any(run.report.changed for run in again.runs)
    assert {n: helpers.tree_bytes(tmp_path / n) for n in before} == before  # unchanged: not rewritten


def test_a_designspace_over_the_budget_raises_the_tolerance_in_every_master(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--tolerance", "1", "--max-entries", "0"]) == 0
    free = json.loads(capsys.readouterr().out)
    everything = max(m["summary"]["after"] for m in free["masters"])
    budget = everything - 3
    assert main(["kern", str(path), "--format", "json", "--tolerance", "1", "--max-entries", str(budget)]) == 0
    data = json.loads(capsys.readouterr().out)
    note = next(n for n in data["notes"] if "to stay within --max-entries" in n)
    raised = float(note.split("more than ")[1].split(" units")[0])
    assert raised > 1 and "(--tolerance gave 1)" in note
    light, bold = fonts_of(tmp_path)
    assert set(light.kerning.keys()) == set(bold.kerning.keys())  # still compatible
    assert 0 < len(light.kerning) <= budget
    for font, master in zip((light, bold), data["masters"]):
        solved = {(a, b): v for a, b, v in master["pairs"]}
        got = resolves(font, solved)
        assert all(abs(got[p] - v) <= raised + 1e-6 for p, v in solved.items())
    # the smallest that fits, to half a unit: half a unit tighter does not
    (tmp_path / "again").mkdir()
    helpers_path = make_family(tmp_path / "again")
    tighter = str(max(raised - 0.5, 1))
    assert main(["kern", str(helpers_path), "--dry-run", "--format", "json", "--tolerance", tighter,
                 "--max-entries", "0"]) == 0
    assert max(m["summary"]["after"] for m in json.loads(capsys.readouterr().out)["masters"]) > budget


def test_a_designspace_budget_counts_the_entries_each_master_keeps(tmp_path, capsys):
    path = make_family(tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--tolerance", "1", "--max-entries", "0"]) == 0
    fresh = max(m["summary"]["after"] for m in json.loads(capsys.readouterr().out)["masters"])
    for font in fonts_of(tmp_path):  # designer values the run leaves alone
        for i in range(5):
            font.kerning[("nobody", f"else{i}")] = -10 - i
        font.save()
    assert main(["kern", str(path), "--format", "json", "--tolerance", "1", "--max-entries", str(fresh)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert any("to stay within --max-entries" in n for n in data["notes"])
    for font in fonts_of(tmp_path):
        assert len(font.kerning) <= fresh and font.kerning[("nobody", "else4")] == -14


def test_flat_designspace_pairs_are_those_each_master_kerns_flat_alone(tmp_path, capsys):
    """A master's own groups say which sides its designer kerns, written as classes or not: --flat on
    a designspace narrows to them as --flat on the UFO does (two 3,300-glyph Noto masters: 665,869
    entries and 2.6 GB before)."""
    path = make_family(tmp_path)
    for font in fonts_of(tmp_path):  # a glyph in no group that no kerning names: no side of it is kerned
        helpers.add_glyph(font, "Z", 600, bubble=lambda p: helpers.rect(p, 40, 0, 560, 700), unicode=ord("Z"))
        font.save()
    assert main(["kern", str(path), "--flat", "--dry-run", "--format", "json"]) == 0
    family = json.loads(capsys.readouterr().out)
    for name, master in zip(("Family-Light.ufo", "Family-Bold.ufo"), family["masters"]):
        assert main(["kern", str(tmp_path / name), "--flat", "--dry-run", "--format", "json", "--min-kern", "0"]) == 0
        alone = json.loads(capsys.readouterr().out)
        assert master["summary"]["solved"] == alone["summary"]["solved"] > 0
        assert not any("Z" in (a, b) for a, b, _ in master["pairs"])


def test_the_kerned_family_compiles_to_a_variable_font_whose_kerning_interpolates(tmp_path, capsys):
    """Compatible kerning is what a variable font needs: ufo2ft builds one from the kerned designspace, and
    HarfBuzz sets each pair at a master as that master kerns it, and halfway between at the middle."""
    pytest.importorskip("ufo2ft")
    hb = pytest.importorskip("uharfbuzz")
    path = make_family(tmp_path)
    assert main(["kern", str(path)]) == 0
    target = tmp_path / "Family-VF.ttf"
    capsys.readouterr()
    assert main(["export", str(path), "--ttf", str(target)]) == 0  # bubblekern export: ufo2ft's variable font
    assert capsys.readouterr().out.strip() == f"wrote {target} (variable: wght; GPOS)"
    cff2 = tmp_path / "Family-VF.otf"
    assert main(["export", str(path), "--otf", str(cff2)]) == 0
    from fontTools.ttLib import TTFont

    assert {"CFF2", "fvar", "GPOS"} <= set(TTFont(str(cff2)).keys())
    font = hb.Font(hb.Face(target.read_bytes()))
    light, bold = fonts_of(tmp_path)
    names = [g for g in light.glyphOrder if light[g].unicode is not None]
    pairs = [(a, b) for a in names for b in names]
    kern = {300: resolves(light, pairs), 700: resolves(bold, pairs)}

    def shaped(weight: int, pair, features) -> int:
        font.set_variations({"wght": weight})
        buffer = hb.Buffer()
        buffer.add_codepoints([light[pair[0]].unicode, light[pair[1]].unicode])
        buffer.guess_segment_properties()
        hb.shape(font, buffer, features)
        return buffer.glyph_positions[0].x_advance + buffer.glyph_positions[1].x_offset

    def kerned(weight: int, pair) -> int:
        return shaped(weight, pair, {"kern": True}) - shaped(weight, pair, {"kern": False})

    differ = [p for p in pairs if kern[300][p] != kern[700][p]]
    assert differ
    for pair in pairs:
        assert kerned(300, pair) == kern[300][pair], pair
        assert kerned(700, pair) == kern[700][pair], pair
        assert abs(kerned(500, pair) - (kern[300][pair] + kern[700][pair]) / 2) <= 1, pair


def test_a_designspace_exports_only_a_variable_font(tmp_path, capsys):
    path = make_family(tmp_path)
    for flags in (["--fea", str(tmp_path / "k.fea")], ["--ttf", str(tmp_path / "v.ttf"), "--kern-table"]):
        assert main(["export", str(path), *flags]) == 1
        assert "compiles to a variable font" in capsys.readouterr().err
    assert not (tmp_path / "k.fea").exists() and not (tmp_path / "v.ttf").exists()
    (tmp_path / "Family-Bold.ufo" / "features.fea").write_text("feature kern { lookup Missing; } kern;\n")
    assert main(["export", str(path), "--ttf", str(tmp_path / "v.ttf")]) == 1
    err = capsys.readouterr().err
    assert "could not compile a variable font" in err and "Missing" in err and not (tmp_path / "v.ttf").exists()


def test_sources_the_designspace_does_not_name_are_called_by_their_file(tmp_path, capsys):
    path = make_family(tmp_path)
    doc = DesignSpaceDocument.fromfile(str(path))
    for source in doc.sources:
        source.name = None
    doc.write(str(path))
    assert main(["kern", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Family-Light.ufo: " in out and "Family-Bold.ufo: " in out and "temp_master" not in out
