"""The bad-input catalogue: every case names what is wrong and leaves the font on disk byte-for-byte.

Each case prepares a broken input next to (or inside) a real UFO on disk, runs the
``bubblekern`` command on it and checks the exit status, the message, and that every
file of the UFO is unchanged.
"""

from __future__ import annotations

import plistlib
import re
from pathlib import Path

import kernfonts
import pytest

from bubblekern import FontBubbles, band_profile
from bubblekern.cli import main
from bubblekern.geometry import Bubble, SegmentPen

import helpers
from helpers import add_components_on_disk, tree_bytes


@pytest.fixture
def ufo(tmp_path) -> Path:
    return helpers.save(kernfonts.shipping_font(groups=False), tmp_path)


def glif(ufo: Path, name: str, layer: str = "glyphs.bubble") -> Path:
    contents = plistlib.loads((ufo / layer / "contents.plist").read_bytes())
    return ufo / layer / contents[name]


def edit_glif(ufo: Path, name: str, old: str, new: str, layer: str = "glyphs.bubble", count: int = 1) -> None:
    path = glif(ufo, name, layer)
    text = path.read_text()
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, count))


def set_info(ufo: Path, **values) -> None:
    info = plistlib.loads((ufo / "fontinfo.plist").read_bytes())
    for key, value in values.items():
        if value is None:
            info.pop(key, None)
        else:
            info[key] = value
    (ufo / "fontinfo.plist").write_bytes(plistlib.dumps(info))


def replace_outline(ufo: Path, name: str, outline_xml: str, layer: str = "glyphs.bubble") -> None:
    path = glif(ufo, name, layer)
    text = path.read_text()
    text = re.sub(r"<outline>.*</outline>", f"<outline>{outline_xml}</outline>", text, flags=re.S)
    path.write_text(text)


def points(*coords, kind="line", first=None) -> str:
    rows = [f'<point x="{x}" y="{y}" type="{first if (first and i == 0) else kind}"/>' for i, (x, y) in enumerate(coords)]
    return "<contour>" + "".join(rows) + "</contour>"


def cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


# Each case: (id, prepare(ufo, tmp) -> command arguments, expected exit status, expected message pattern)
def _pairs_missing(ufo, tmp):
    (tmp / "pairs.txt").write_text("H O\nH Nope\n")
    return ["kern", ufo, "--pairs", tmp / "pairs.txt"]


def _pairs_encoding(ufo, tmp):
    (tmp / "pairs.txt").write_bytes("H O\n# caf\xe9\n".encode("latin-1"))
    return ["kern", ufo, "--pairs", tmp / "pairs.txt"]


def _no_layer(ufo, tmp):
    (ufo / "layercontents.plist").write_bytes(plistlib.dumps([["public.default", "glyphs"]]))
    import shutil

    shutil.rmtree(ufo / "glyphs.bubble")
    return ["kern", ufo]


def _empty_bubble(ufo, tmp):
    replace_outline(ufo, "H", "")
    return ["kern", ufo, "--glyphs", "H"]


def _zero_area(ufo, tmp):
    replace_outline(ufo, "H", points((0, 0), (100, 100), (200, 200)))
    return ["kern", ufo, "--glyphs", "H"]


def _single_point(ufo, tmp):
    replace_outline(ufo, "H", points((10, 10)))
    return ["kern", ufo, "--glyphs", "H"]


def _nan(ufo, tmp):
    edit_glif(ufo, "H", 'x="660.0"', 'x="nan"')
    return ["kern", ufo, "--glyphs", "H,O"]


def _huge(ufo, tmp):
    edit_glif(ufo, "H", 'x="660.0"', 'x="1e12"')
    return ["kern", ufo, "--glyphs", "H,O"]


def _cycle(ufo, tmp):
    add_components_on_disk(ufo, "H", ["I"])
    add_components_on_disk(ufo, "I", ["H"])
    return ["kern", ufo, "--glyphs", "H,O"]


def _self_reference(ufo, tmp):
    add_components_on_disk(ufo, "O", ["O"])
    return ["kern", ufo, "--glyphs", "O,H"]


def _missing_base(ufo, tmp):
    add_components_on_disk(ufo, "T", ["Tbar"])
    return ["kern", ufo, "--glyphs", "T,o"]


def _upm(value):
    def prepare(ufo, tmp):
        set_info(ufo, unitsPerEm=value)
        return ["kern", ufo]

    return prepare


def _broken_file(name, text):
    def prepare(ufo, tmp):
        (ufo / name).write_text(text)
        return ["kern", ufo]

    return prepare


def _group_conflict(ufo, tmp):
    (ufo / "groups.plist").write_bytes(plistlib.dumps({"public.kern1.H": ["H", "I"], "public.kern1.I": ["I"]}))
    return ["kern", ufo]


def _designspace_missing(ufo, tmp):
    doc = tmp / "Family.designspace"
    doc.write_text(
        '<?xml version="1.0"?><designspace format="4.1"><axes>'
        '<axis tag="wght" name="Weight" minimum="100" maximum="900" default="100"/></axes><sources>'
        '<source filename="Test.ufo" name="light"><location><dimension name="Weight" xvalue="100"/></location></source>'
        '<source filename="Bold.ufo" name="bold"><location><dimension name="Weight" xvalue="900"/></location></source>'
        "</sources></designspace>"
    )
    return ["kern", doc]


def _glyphs_rejected(ufo, tmp):
    (tmp / "Broken.glyphs").write_text("{\n.appVersion = \"3219\";\nglyphs = (\n{ glyphname = A;\n")
    return ["kern", tmp / "Broken.glyphs", "--output", tmp / "out"]


def _not_a_ufo(ufo, tmp):
    (ufo / "metainfo.plist").rename(ufo / "metainfo.plist.bak")
    return ["kern", ufo]


def _broken_glif(ufo, tmp):
    edit_glif(ufo, "O", "<point", "<pointless")
    return ["kern", ufo, "--glyphs", "O,H"]


def _broken_outline_glif(ufo, tmp):
    edit_glif(ufo, "I", "<point", "<pointless", layer="glyphs")
    return ["kern", ufo, "--glyphs", "I,H"]


def _output_unwritable(ufo, tmp):
    return ["kern", ufo, "--output", "/proc/BubbleKern.ufo"]


def _output_folder_missing(ufo, tmp):
    return ["kern", ufo, "--output", tmp / "no" / "such" / "Out.ufo"]


def _bubbles_unknown(ufo, tmp):
    return ["bubbles", ufo, "--glyphs", "H,Zed"]


def _bubbles_default_layer(ufo, tmp):
    return ["bubbles", ufo, "--all", "--layer", "public.default"]


def _export_folder_missing(ufo, tmp):
    return ["export", ufo, "--otf", tmp / "nofolder" / "Font.otf"]


def _proof_format(ufo, tmp):
    return ["proof", ufo, "-o", tmp / "proof.doc"]


def _fit_without_kerning(ufo, tmp):
    return ["fit", ufo]


def _evaluate_missing_reference(ufo, tmp):
    return ["evaluate", ufo, "--reference", tmp / "Nothing.ufo"]


def _bad_band(ufo, tmp):
    return ["kern", ufo, "--band", "0"]


CASES = [
    ("missing glyph in a pair list", _pairs_missing, r"pairs\.txt, line 2: glyph 'Nope' is not in the font"),
    ("unknown glyph in --glyphs", lambda u, t: ["kern", u, "--glyphs", "H,Zed"], r"--glyphs: glyph not in the font: 'Zed'"),
    ("unknown glyph in --touching", lambda u, t: ["kern", u, "--touching", "Zed"], r"--touching: glyph not in the font: 'Zed'"),
    ("unknown character in sample text", lambda u, t: ["kern", u, "--text", "HOZ"], r"'Z' \(U\+005A, column 3\) has no glyph in the font"),
    ("pair list in the wrong encoding", _pairs_encoding, r"pairs\.txt, line 2: not UTF-8 text \(byte 0xe9\)"),
    ("bubble layer missing", _no_layer, r"the font has no layer named 'bubble' \(its layers: public\.default\)"),
    ("empty bubble", _empty_bubble, r"no pair could be solved: no bubble in layer 'bubble' \(own or inherited\) for 'H'"),
    ("zero-area bubble", _zero_area, r"glyph 'H': 1 contour\(s\) in layer 'bubble' have no area(.|\n)*no pair could be solved"),
    ("single-point contour", _single_point, r"glyph 'H': 1 contour\(s\) in layer 'bubble' have no area \(a single point"),
    ("NaN coordinate", _nan, r"glyph 'H' in layer 'bubble' has a point at \(nan, 0\)"),
    ("huge coordinate", _huge, r"glyph 'H' in layer 'bubble' has a point at \(1000000000000\.0, 0\); coordinates must be finite and within ±1,000,000"),
    ("component cycle", _cycle, r"component cycle: (H → I → H|I → H → I)"),
    ("component self-reference", _self_reference, r"component cycle: O → O"),
    ("missing component base", _missing_base, r"glyph 'T' has a component of 'Tbar', which is not in the font"),
    ("zero unitsPerEm", _upm(0), r"font\.info\.unitsPerEm must be a positive number, not 0"),
    ("negative unitsPerEm", _upm(-1000), r"cannot be read as a UFO: Invalid value for attribute unitsPerEm \(-1000\)"),
    ("missing unitsPerEm", _upm(None), r"font\.info\.unitsPerEm is not set"),
    ("broken kerning.plist", _broken_file("kerning.plist", "<plist><dict><key>H"), r"Test\.ufo: kerning\.plist is broken"),
    ("broken groups.plist", _broken_file("groups.plist", "<plist><dict><key>H"), r"groups\.plist"),
    ("glyph in two kern1 groups", _group_conflict, r"'I' is in public\.kern1\.H and public\.kern1\.I|'I'.*public\.kern1\.H.*public\.kern1\.I"),
    ("designspace naming a missing source", _designspace_missing, r"source UFOs missing, nothing was kerned: bold \(Bold\.ufo"),
    (".glyphs file glyphsLib rejects", _glyphs_rejected, r"Broken\.glyphs: cannot be read as a Glyphs file"),
    ("folder that is not a UFO", _not_a_ufo, r"not a UFO \(a UFO is a folder with a metainfo\.plist\)"),
    ("broken bubble glyph file", _broken_glif, r"glyph 'O' in layer 'bubble' cannot be read: .*pointless"),
    ("broken outline glyph file", _broken_outline_glif, r"glyph 'I' in layer 'public\.default' cannot be read: .*pointless"),
    ("read-only output path", _output_unwritable, r"/proc/BubbleKern\.ufo: saving failed, the file is unchanged"),
    ("output folder missing", _output_folder_missing, r"Out\.ufo: the folder .*no/such does not exist"),
    ("bad band height", _bad_band, r"band height must be a positive number, not 0"),
    ("unknown glyph for bubble generation", _bubbles_unknown, r"--glyphs: glyph not in the font: 'Zed'"),
    ("default layer as the bubble layer", _bubbles_default_layer, r"layer 'public\.default' is the font's default layer"),
    ("export into a missing folder", _export_folder_missing, r"nofolder/Font\.otf: the folder .*nofolder does not exist"),
    ("proof in an unknown format", _proof_format, r"a proof is a \.pdf, \.png or \.svg file, not \.doc"),
    ("fit without reference kerning", _fit_without_kerning, r"the reference has no kerning to fit to"),
    ("evaluate against a missing reference", _evaluate_missing_reference, r"Nothing\.ufo: no such file or folder"),
]


@pytest.mark.parametrize("prepare, pattern", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_named_and_nothing_is_lost(ufo, tmp_path, capsys, prepare, pattern):
    args = prepare(ufo, tmp_path)
    before = tree_bytes(ufo)
    siblings = sorted(p.name for p in ufo.parent.iterdir())
    try:
        code, _, err = cli(capsys, *args)
    except SystemExit as stop:  # argparse-level and settings errors exit through SystemExit
        code, err = stop.code, str(stop.code) + capsys.readouterr().err
    assert code not in (0, None), err
    assert re.search(pattern, err), err
    assert tree_bytes(ufo) == before
    assert sorted(p.name for p in ufo.parent.iterdir()) == siblings  # no temporary left behind


def test_the_catalogue_has_at_least_25_cases():
    assert len(CASES) >= 25


# -- inputs that are odd but fine: they kern, and say what they did ---------------------


def test_open_contour_is_closed_with_a_warning(ufo, capsys):
    edit_glif(ufo, "H", 'type="line"', 'type="move"')
    before = tree_bytes(ufo)
    code, out, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--dry-run", "--format", "json")
    assert code == 0 and "glyph 'H': 1 open contour(s) in layer 'bubble' were closed with a straight line" in err
    assert tree_bytes(ufo) == before


def test_self_intersecting_bubble_kerns_as_the_region_it_encloses():
    # an hourglass drawn as one self-intersecting contour, and the same region as two triangles
    def profile(draw):
        pen = SegmentPen()
        draw(pen)
        return band_profile(Bubble(tuple(pen.contours)), 20)

    crossing = profile(lambda p: helpers.polygon(p, (0, 0), (600, 0), (0, 600), (600, 600)))
    triangles = profile(lambda p: (helpers.polygon(p, (0, 0), (600, 0), (300, 300)), helpers.polygon(p, (300, 300), (600, 600), (0, 600))))
    assert crossing == triangles


@pytest.mark.parametrize("width", [0, -50])
def test_zero_and_negative_advances_never_kern_closer(ufo, capsys, width):
    edit_glif(ufo, "period", 'advance width="260"', f'advance width="{width}"', layer="glyphs")
    code, out, _ = cli(capsys, "kern", ufo, "--glyphs", "period,H,o", "--dry-run", "--format", "json", "--min-kern", "0")
    import json

    values = {(a, b): v for a, b, v in json.loads(out)["pairs"]}
    assert code == 0 and values
    assert all(v >= 0 for (a, b), v in values.items() if "period" in (a, b))
    assert values.get(("H", "o"), 0) < 0  # other pairs are unaffected


def test_disk_full_while_saving_leaves_the_font(ufo, capsys, monkeypatch):
    from fontParts.fontshell import RFont

    def full(self, path=None, **kwargs):
        Path(path).mkdir()
        (Path(path) / "metainfo.plist").write_text("half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(RFont, "save", full)
    before = tree_bytes(ufo)
    code, _, err = cli(capsys, "kern", ufo)
    assert code == 1 and "saving failed, the file is unchanged: [Errno 28] No space left on device" in err
    assert tree_bytes(ufo) == before and [p.name for p in ufo.parent.iterdir()] == ["Test.ufo"]


def test_interrupt_mid_solve_leaves_the_font(ufo, capsys, monkeypatch):
    import bubblekern.kernel

    real = bubblekern.kernel.solve
    calls = []

    def interrupted(matrix, left, right, settings, progress=None):
        calls.append(1)
        return real(matrix, left, right, settings, lambda done, total: (_ for _ in ()).throw(KeyboardInterrupt))

    monkeypatch.setattr(bubblekern.kernel, "solve", interrupted)
    before = tree_bytes(ufo)
    code, _, err = cli(capsys, "kern", ufo)
    assert calls and code == 130 and "interrupted; nothing was saved" in err
    assert tree_bytes(ufo) == before


def test_ten_thousand_glyphs_complete_in_bounded_memory():
    import tracemalloc

    import defcon
    import numpy as np
    from fontParts.fontshell import RFont

    from bubblekern import Settings, kern_pairs
    from bubblekern.solver import ProfileMatrix, solve_gaps

    naked = defcon.Font()  # built through defcon: fontParts' per-glyph checks take minutes at this size
    naked.info.unitsPerEm = 1000
    layer = naked.layers.newLayer("bubble")
    for i in range(10_000):
        name = f"g{i:05d}"
        naked.newGlyph(name).width = 300 + i % 400
        helpers.rect(layer.newGlyph(name).getPen(), i % 50, (i % 7) * 40, 300 + i % 350, 500 + (i % 11) * 20)
    font = RFont(naked)
    names = list(font.keys())
    edited = ["g00001", "g05000", "g09999"]
    bubbles = FontBubbles(font, Settings())
    result = kern_pairs(font, [(a, b) for a in edited for b in names] + [(b, a) for a in edited for b in names],
                        bubbles=bubbles)
    assert len(result) == 2 * 3 * 10_000 - 9 and not result.skipped

    # the solver holds at most `chunk` band cells at a time, however many pairs there are
    profiles = bubbles.profiles(names)
    matrix = ProfileMatrix.build(profiles, bubbles.widths(names))
    count = 2_000_000
    rng = np.random.default_rng(1)
    left = rng.integers(0, len(names), count).astype(np.int32)
    right = rng.integers(0, len(names), count).astype(np.int32)
    chunk = 1 << 16
    tracemalloc.start()
    solve_gaps(matrix, left, right, chunk)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    outputs = count * (8 + 4)  # gaps (float64) and bands (int32)
    assert peak < outputs + 4 * chunk * 8 + 2**20


def test_several_fonts_are_saved_together_or_not_at_all(tmp_path, capsys, monkeypatch):
    from fontParts.fontshell import RFont

    first = helpers.save(helpers.latin_font(), tmp_path, "Light.ufo")
    second = helpers.save(helpers.latin_font(), tmp_path, "Bold.ufo")
    before = {p: tree_bytes(p) for p in (first, second)}
    real, calls = RFont.save, []

    def second_fails(self, path=None, **kwargs):
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(self, path, **kwargs)

    monkeypatch.setattr(RFont, "save", second_fails)
    code, _, err = cli(capsys, "bubbles", first, second, "--all")
    assert code == 1 and "saving failed, no font was changed" in err and len(calls) == 2
    assert {p: tree_bytes(p) for p in (first, second)} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Bold.ufo", "Light.ufo"]
