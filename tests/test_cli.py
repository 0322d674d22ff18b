"""The ``bubblekern`` command line, end to end on UFOs written to a temporary folder."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bubblekern import open_font
from bubblekern.cli import main

from helpers import add_glyph, box_font, rect, save, tree_bytes


@pytest.fixture
def ufo(tmp_path):
    font = box_font({
        "H": (600, (0, 0, 600, 700)),
        "L": (560, (0, 0, 500, 700)),
        "T": (600, (40, 0, 600, 700)),
        "dot": (200, (20, 0, 180, 100)),
    })
    for name, code in (("H", 0x48), ("L", 0x4C), ("T", 0x54), ("dot", 0x2E)):
        font[name].unicode = code
    add_glyph(font, "space", 250, unicode=0x20)
    font.kerning[("H", "space")] = -15  # a pair BubbleKern cannot solve: must survive
    return save(font, tmp_path)


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_kern_saves_in_place_and_keeps_other_kerning(ufo, capsys):
    code, out, err = run(capsys, "kern", ufo)
    assert code == 0, err
    assert "16 pairs solved" in out and f"saved {ufo}" in out
    kerning = dict(open_font(ufo).kerning.items())
    assert kerning[("L", "T")] == -100 and kerning[("H", "space")] == -15
    assert ("H", "H") not in kerning  # zero is not written
    assert not list(ufo.parent.glob(".*bubblekern*"))  # no temporary left behind


def test_capital_pairs_take_their_own_threshold_from_the_flag_or_the_font(ufo, capsys):
    _, out, _ = run(capsys, "kern", ufo, "--format", "tsv", "--dry-run", "--min-kern", "150", "--capital-min-kern", "0")
    rows = {(a, b): int(v) for a, b, v in (line.split("\t") for line in out.splitlines())}
    assert rows[("L", "T")] == -100 and ("dot", "L") not in rows and all(a != "dot" and b != "dot" for a, b in rows)
    code, out, _ = run(capsys, "kern", ufo, "--dry-run", "--min-kern", "150", "--capital-min-kern", "50")
    assert code == 0 and "(|kern| ≥ 150; ≥ 50 for two capitals)" in out
    font = open_font(ufo)  # as bubblekern fit stores it
    font.lib["com.bubblekern.settings"] = {"min_kern": 150, "capital_min_kern": 5}
    font.save()
    _, out, _ = run(capsys, "kern", ufo, "--format", "tsv", "--dry-run")
    assert "L\tT\t-100" in out.splitlines() and not any(line.startswith("dot") for line in out.splitlines())


def test_json_output_lists_kept_pairs(ufo, capsys):
    code, out, _ = run(capsys, "kern", ufo, "--format", "json", "--dry-run")
    data = json.loads(out)
    pairs = {(a, b): v for a, b, v in data["pairs"]}
    assert pairs[("L", "T")] == -100 and pairs[("dot", "L")] == -20
    assert all(abs(v) >= 5 for v in pairs.values())
    assert data["summary"]["solved"] == 16 and data["summary"]["dry_run"] is True


def test_tsv_output_and_settings_flags(ufo, capsys):
    code, out, _ = run(capsys, "kern", ufo, "--format", "tsv", "--dry-run", "--round", "50", "--min-kern", "60")
    rows = [line.split("\t") for line in out.splitlines()]
    assert ["L", "T", "-100"] in rows
    assert all(int(v) % 50 == 0 and abs(int(v)) >= 60 for _, _, v in rows)


def test_dry_run_leaves_the_ufo_byte_for_byte(ufo, capsys):
    before = tree_bytes(ufo)
    code, out, _ = run(capsys, "kern", ufo, "--dry-run")
    assert code == 0 and "dry run: nothing saved" in out
    assert tree_bytes(ufo) == before


def test_nothing_changed_means_nothing_saved(ufo, capsys):
    run(capsys, "kern", ufo)
    before = tree_bytes(ufo)
    code, out, _ = run(capsys, "kern", ufo)
    assert "nothing changed, nothing saved" in out and tree_bytes(ufo) == before


def test_output_writes_a_new_ufo_and_leaves_the_source(ufo, tmp_path, capsys):
    before = tree_bytes(ufo)
    out_path = tmp_path / "Kerned.ufo"
    code, _, _ = run(capsys, "kern", ufo, "--output", out_path)
    assert code == 0 and tree_bytes(ufo) == before
    kerned = open_font(out_path)
    assert kerned.kerning[("L", "T")] == -100
    assert "bubble" in kerned.layerOrder and len(kerned.getLayer("bubble")) == 4


def test_pair_sources_and_touching(ufo, tmp_path, capsys):
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("#KPL:P: test\nL T\nL L\n")
    _, out, _ = run(capsys, "kern", ufo, "--pairs", pairs, "--format", "tsv", "--dry-run", "--min-kern", "0")
    assert out.splitlines() == ["L\tT\t-100", "L\tL\t-60"]
    _, out, _ = run(capsys, "kern", ufo, "--text", "LT.", "--format", "tsv", "--dry-run")
    assert [tuple(r.split("\t")[:2]) for r in out.splitlines()] == [("L", "T"), ("T", "dot")]
    _, out, _ = run(capsys, "kern", ufo, "--glyphs", "L,T", "--format", "json", "--dry-run", "--min-kern", "0")
    assert len(json.loads(out)["pairs"]) == 3  # T L solves to 0, which is never kept
    _, out, _ = run(capsys, "kern", ufo, "--touching", "dot", "--format", "json", "--dry-run", "--min-kern", "0")
    assert all("dot" in (a, b) for a, b, _ in json.loads(out)["pairs"])
    assert len(json.loads(out)["pairs"]) == 7


def test_replace_removes_stale_values_of_solved_pairs_only(ufo, capsys):
    font = open_font(ufo)
    font.kerning[("H", "H")] = -40
    font.save()
    run(capsys, "kern", ufo, "--replace")
    kerning = dict(open_font(ufo).kerning.items())
    assert ("H", "H") not in kerning and kerning[("H", "space")] == -15


@pytest.mark.parametrize(
    "args, message",
    [
        (["--glyphs", "H,Nope"], "--glyphs: glyph not in the font: 'Nope'"),
        (["--touching", "Zzz"], "--touching: glyph not in the font: 'Zzz'"),
        (["--text", "HQ"], "'Q' (U+0051, column 2) has no glyph"),
        (["--layer", "bubbles"], "no layer named 'bubbles'"),
    ],
)
def test_bad_input_is_named_and_the_ufo_unchanged(ufo, capsys, args, message):
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo, *args)
    assert code == 1 and message in err and err.startswith("bubblekern: error:")
    assert tree_bytes(ufo) == before


def test_bad_pair_list_lines_are_reported_by_number(ufo, tmp_path, capsys):
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("L T\nL Nope\nL\n")
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo, "--pairs", pairs)
    assert code == 1 and "line 2: glyph 'Nope' is not in the font" in err and "line 3:" in err
    assert tree_bytes(ufo) == before


def test_missing_and_broken_fonts(tmp_path, ufo, capsys):
    code, _, err = run(capsys, "kern", tmp_path / "Nothing.ufo")
    assert code == 1 and "no such file" in err
    (ufo / "kerning.plist").write_text("<plist><dict><key>H</key>")  # truncated
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo)
    assert code == 1 and "kerning.plist" in err
    assert tree_bytes(ufo) == before


def test_failed_save_leaves_the_original_untouched(ufo, capsys, monkeypatch):
    from fontParts.fontshell import RFont

    def broken_save(self, path=None, **kwargs):
        import os

        os.makedirs(path)
        (open(os.path.join(path, "metainfo.plist"), "w")).write("partial")
        raise OSError(28, "No space left on device")

    def broken_write(self, data):  # a kerning-only save writes kerning.plist alone
        with open(self, "wb") as stream:
            stream.write(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(RFont, "save", broken_save)
    monkeypatch.setattr(Path, "write_bytes", broken_write)
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo)
    assert code == 1 and "saving failed, the file is unchanged" in err and "No space left" in err
    assert tree_bytes(ufo) == before
    assert sorted(p.name for p in ufo.parent.iterdir()) == ["Test.ufo"]


def test_interrupt_during_solving_saves_nothing(ufo, capsys, monkeypatch):
    import bubblekern.kernel

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bubblekern.kernel, "solve", interrupted)
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo)
    assert code == 130 and "nothing was saved" in err
    assert tree_bytes(ufo) == before


def test_demo_copies_kerns_and_prints(tmp_path, capsys):
    code, out, _ = run(capsys, "demo", tmp_path)
    assert code == 0
    demo = open_font(tmp_path / "BubbleKernDemo.ufo")
    assert demo.kerning[("A", "V")] < -50 and demo.kerning[("T", "o")] < -50
    assert ("H", "H") not in demo.kerning
    assert ("period", "quoteright") not in demo.kerning  # no shared band: 0 by default (Settings.failsafe)
    assert demo.kerning[("Aacute", "V")] == demo.kerning[("A", "V")]  # the composite inherits
    assert "A V" in out
    assert run(capsys, "demo", tmp_path)[0] == 0  # running again replaces the earlier demo copy


def test_demo_never_replaces_another_font(tmp_path, ufo, capsys):
    target = tmp_path / "BubbleKernDemo.ufo"
    ufo.rename(target)
    before = tree_bytes(target)
    code, _, err = run(capsys, "demo", tmp_path)
    assert code == 1 and "not BubbleKern's demo font" in err and tree_bytes(target) == before


def test_module_entry_point_runs(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bubblekern", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("bubblekern ")


def test_glyphs_without_bubbles_are_named(ufo, capsys):
    code, _, err = run(capsys, "kern", ufo, "--glyphs", "L,T,space", "--dry-run")
    assert code == 0 and err == ""  # white space never has a bubble: its pairs are skipped without a word
    font = open_font(ufo)
    add_glyph(font, "x", 500, outline=lambda pen: rect(pen, 50, 0, 450, 500), unicode=0x78)
    font.save()
    code, _, err = run(capsys, "kern", ufo, "--glyphs", "L,T,space,x", "--dry-run")
    assert code == 0 and "7 pair(s) skipped: no bubble in layer 'bubble' (own or inherited) for 'x'" in err
    assert "'space'" not in err
    before = tree_bytes(ufo)
    code, _, err = run(capsys, "kern", ufo, "--glyphs", "space")
    assert code == 1 and "no pair could be solved: no bubble in layer 'bubble'" in err
    assert tree_bytes(ufo) == before


def test_settings_stored_in_the_font_are_the_defaults_and_flags_win(ufo, capsys):
    font = open_font(ufo)
    font.lib["com.bubblekern.settings"] = {"min_kern": 90, "rounding": 20}
    font.save()
    _, out, _ = run(capsys, "kern", ufo, "--format", "json", "--dry-run")
    values = [v for _, _, v in json.loads(out)["pairs"]]
    assert values and all(abs(v) >= 90 and v % 20 == 0 for v in values)
    _, out, _ = run(capsys, "kern", ufo, "--format", "json", "--dry-run", "--min-kern", "5", "--round", "1")
    assert len(json.loads(out)["pairs"]) > len(values)
    font.lib["com.bubblekern.settings"] = {"band": -3}
    font.save()
    code, _, err = run(capsys, "kern", ufo, "--dry-run")
    assert code == 1 and "com.bubblekern.settings holds unusable settings" in err


def test_include_marks_flag(tmp_path, capsys):
    font = box_font({"H": (600, (0, 0, 600, 700)), "acutecomb": (300, (0, 720, 300, 900))})
    font["acutecomb"].unicode = 0x0301
    path = save(font, tmp_path)
    _, out, _ = run(capsys, "kern", path, "--format", "json", "--dry-run")
    assert json.loads(out)["summary"]["solved"] == 1
    _, out, _ = run(capsys, "kern", path, "--format", "json", "--dry-run", "--include-marks")
    assert json.loads(out)["summary"]["solved"] == 4


def test_touching_a_glyph_rekerns_the_composites_built_from_it(tmp_path, capsys):
    """A composite inherits its base's bubble, so editing A changes Aacute's pairs too."""
    import shutil

    demo = tmp_path / "Demo.ufo"
    shutil.copytree(Path(__file__).resolve().parent.parent / "source/lib/bubblekern/data/BubbleKernDemo.ufo", demo)
    assert [c.baseGlyph for c in open_font(demo)["Aacute"].components][0] == "A"
    _, out, _ = run(capsys, "kern", demo, "--touching", "A", "--format", "json", "--dry-run", "--min-kern", "0")
    solved = {(a, b) for a, b, _ in json.loads(out)["pairs"]}
    assert ("Aacute", "V") in solved and ("A", "V") in solved
    assert all({"A", "Aacute"} & {a, b} for a, b in solved)


def test_touching_takes_the_pairs_a_run_without_a_pair_source_kerns(tmp_path, capsys):
    """In a font with kern groups that is where its groups and kerning reach: a glyph in no group that
    no kerning names stays out, as it does from `kern` alone."""
    from helpers import box_font, save

    font = box_font({"A": (600, (0, 0, 500, 700)), "V": (600, (100, 0, 600, 700)), "Z": (600, (50, 0, 550, 700))})
    for name, code in (("A", 0x41), ("V", 0x56), ("Z", 0x5A)):
        font[name].unicode = code
    font.groups["public.kern1.A"] = ["A", "V"]
    font.groups["public.kern2.A"] = ["A", "V"]
    path = save(font, tmp_path)
    _, out, _ = run(capsys, "kern", path, "--format", "json", "--dry-run", "--min-kern", "0")
    everything = {(a, b) for a, b, _ in json.loads(out)["pairs"]}
    _, out, _ = run(capsys, "kern", path, "--touching", "A", "--format", "json", "--dry-run", "--min-kern", "0")
    touching = {(a, b) for a, b, _ in json.loads(out)["pairs"]}
    assert touching and touching == {p for p in everything if "A" in p}
    assert not any("Z" in p for p in touching)
