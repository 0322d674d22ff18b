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


def _args(*args):
    """A case whose command line is ``args`` with the font (and ``{tmp}``) filled in."""
    return lambda ufo, tmp: [str(a).format(tmp=tmp) if isinstance(a, str) else a for a in (args[0], ufo, *args[1:])]


NUMBERS = [  # numbers a command line takes that no setting checks
    ("negative group tolerance", _args("kern", "--groups", "build", "--tolerance", "-1"),
     r"argument --tolerance: must be a number ≥ 0, not -1"),
    ("NaN loose tolerance", _args("kern", "--loose-tolerance", "nan"), r"argument --loose-tolerance: must be a number ≥ 0, not nan"),
    ("negative entry budget", _args("kern", "--max-entries", "-5"), r"argument --max-entries: must be a whole number ≥ 0, not -5"),
    ("fractional entry budget", _args("kern", "--max-entries", "2.5"), r"argument --max-entries: must be a whole number ≥ 0, not '2\.5'"),
    ("negative worst count", _args("evaluate", "--worst", "-3"), r"argument --worst: must be a whole number ≥ 0, not -3"),
    ("NaN proof em", _args("proof", "--em", "nan", "-o", "{tmp}/p.pdf"), r"--page/--em: page sizes must be numbers ≥ 0"),
    ("infinite proof page", _args("proof", "--page", "infx800", "-o", "{tmp}/p.pdf"), r"--page/--em: page sizes must be numbers ≥ 0"),
    ("proof em taller than the page", _args("proof", "--em", "1e6", "-o", "{tmp}/p.pdf"),
     r"--page/--em: an em of 1e\+06 does not fit the page's height within its margins"),
]


# -- stale and degenerate input, and what fuzzing the command line found (issue 11) --------


def inject(ufo: Path, name: str, xml: str, layer: str = "glyphs") -> None:
    """Put raw ``xml`` (a component) at the start of glyph ``name``'s outline, on disk."""
    path = glif(ufo, name, layer)
    text = path.read_text()
    text = text.replace("<outline/>", "<outline></outline>")
    if "<outline>" not in text:
        text = text.replace("</glyph>", "<outline></outline></glyph>")
    path.write_text(text.replace("<outline>", f"<outline>{xml}", 1))


def add_glyphs_on_disk(ufo: Path, glyphs: dict[str, str], layer: str = "glyphs", width: int = 600) -> None:
    """Add glyphs (name → outline XML) to a layer of a saved UFO, writing the files directly."""
    contents = plistlib.loads((ufo / layer / "contents.plist").read_bytes())
    for name, outline_xml in glyphs.items():
        contents[name] = f"{name}.glif"
        (ufo / layer / f"{name}.glif").write_text(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<glyph name="{name}" format="2">'
            f'<advance width="{width}"/><outline>{outline_xml}</outline></glyph>\n'
        )
    (ufo / layer / "contents.plist").write_bytes(plistlib.dumps(contents))


def add_glyph_on_disk(ufo: Path, name: str, outline_xml: str, layer: str = "glyphs", width: int = 600) -> None:
    add_glyphs_on_disk(ufo, {name: outline_xml}, layer, width)


def chain(ufo: Path, depth: int, base: str = "H", width: int = 700) -> str:
    """Composites nested ``depth`` deep on ``base`` (deep0 → H, deep1 → deep0, …); the top's name."""
    links = {f"deep{i}": f'<component base="{base if i == 0 else f"deep{i - 1}"}"/>' for i in range(depth)}
    add_glyphs_on_disk(ufo, links, width=width)
    return f"deep{depth - 1}"


def set_plist(ufo: Path, name: str, data) -> None:
    (ufo / name).write_bytes(plistlib.dumps(data))


def _kerning(data):
    def prepare(ufo, tmp):
        set_plist(ufo, "kerning.plist", data)
        return ["kern", ufo, "--glyphs", "H,O"]

    return prepare


def _contents_value(value, layer="glyphs"):
    def prepare(ufo, tmp):
        contents = plistlib.loads((ufo / layer / "contents.plist").read_bytes())
        contents["O"] = value
        set_plist(ufo, f"{layer}/contents.plist", contents)
        return ["kern", ufo]

    return prepare


def _glif_folder(layer):
    def prepare(ufo, tmp):
        path = glif(ufo, "O", layer)
        path.unlink()
        path.mkdir()
        return ["kern", ufo]

    return prepare


def _glif_missing(layer, command="kern"):
    def prepare(ufo, tmp):
        glif(ufo, "O", layer).unlink()
        return [command, ufo] + (["--all"] if command == "bubbles" else [])

    return prepare


def _component(xml, layer="glyphs", glyphs="H,O,I"):
    def prepare(ufo, tmp):
        inject(ufo, "I", xml, layer)
        return ["kern", ufo, "--glyphs", glyphs]

    return prepare


def _lib_settings(data):
    def prepare(ufo, tmp):
        set_plist(ufo, "lib.plist", {**plistlib.loads((ufo / "lib.plist").read_bytes()), "com.bubblekern.settings": data})
        return ["kern", ufo]

    return prepare


def _bubble_layer_cycle_kern(ufo, tmp):
    inject(ufo, "H", '<component base="O"/>', "glyphs.bubble")
    inject(ufo, "O", '<component base="H"/>', "glyphs.bubble")
    return ["kern", ufo, "--glyphs", "H,O"]


def _long_cycle(ufo, tmp):
    add_glyphs_on_disk(ufo, {f"loop{i}": f'<component base="loop{(i + 1) % 40}"/>' for i in range(40)})
    return ["kern", ufo, "--glyphs", "H,O"]


HARDENING = [
    ("kerning: empty name on the left", _kerning({"": {"H": -10}}), r"Test\.ufo: kerning\.plist is broken: the first name of a pair is empty \(''\)"),
    ("kerning: empty name on the right", _kerning({"H": {"": -10}}), r"kerning\.plist is broken: the second name of a pair of 'H' is empty"),
    ("kerning: kern2 group on the left", _kerning({"public.kern2.O": {"H": -10}}),
     r"kerning\.plist is broken: 'public\.kern2\.O' is a right-side \(kern2\) group, used as the first of a pair"),
    ("kerning: kern1 group on the right", _kerning({"H": {"public.kern1.O": -10}}),
     r"kerning\.plist is broken: 'public\.kern1\.O' is a left-side \(kern1\) group, used as the second of a pair with 'H'"),
    ("kerning: a value that is not a number", _kerning({"H": {"O": "-10"}}), r"the pair 'H' 'O' has the value '-10', not a number"),
    ("contents.plist: a number as file name", _contents_value(5), r"glyphs/contents\.plist is broken: glyph 'O' has the file name 5"),
    ("contents.plist: a list as file name (bubble layer)", _contents_value(["O_.glif"], "glyphs.bubble"),
     r"glyphs\.bubble/contents\.plist is broken: glyph 'O' has the file name \['O_\.glif'\]"),
    ("contents.plist: a path as file name", _contents_value("../O_.glif"), r"glyph 'O' has the file name '\.\./O_\.glif'"),
    ("a .glif that is a folder", _glif_folder("glyphs"),
     r"Test\.ufo: glyphs/O_\.glif \(glyph 'O' in layer 'public\.default'\) is a folder, not a glyph file"),
    ("a bubble .glif that is a folder", _glif_folder("glyphs.bubble"),
     r"glyphs\.bubble/O_\.glif \(glyph 'O' in layer 'bubble'\) is a folder, not a glyph file"),
    ("a listed .glif missing (kern)", _glif_missing("glyphs"),
     r"Test\.ufo: glyphs/O_\.glif is missing \(glyph 'O' in layer 'public\.default' is listed in glyphs/contents\.plist\)"),
    ("a listed bubble .glif missing (status)", _glif_missing("glyphs.bubble", "status"),
     r"glyphs\.bubble/O_\.glif is missing \(glyph 'O' in layer 'bubble' is listed in glyphs\.bubble/contents\.plist\)"),
    ("a listed .glif missing (bubbles)", _glif_missing("glyphs", "bubbles"), r"glyphs/O_\.glif is missing"),
    ("NaN component offset", _component('<component base="O" xOffset="nan"/>'),
     r"glyph 'I' in layer 'public\.default' has a component of 'O' with the transformation \(1, 0, 0, 1, nan, 0\); its numbers must be finite"),
    ("infinite component scale", _component('<component base="O" xScale="inf"/>'),
     r"glyph 'I' in layer 'public\.default' has a component of 'O' with the transformation \(inf, 0, 0, 1, 0, 0\)"),
    ("NaN component offset in the bubble layer", _component('<component base="O" yOffset="nan"/>', "glyphs.bubble"),
     r"glyph 'I' in layer 'bubble' has a component of 'O' with the transformation \(1, 0, 0, 1, 0, nan\)"),
    ("infinite component scale in the bubble layer", _component('<component base="O" yScale="-inf"/>', "glyphs.bubble"),
     r"glyph 'I' in layer 'bubble' has a component of 'O' with the transformation \(1, 0, 0, -inf, 0, 0\)"),
    ("component offset 1e9", _component('<component base="O" xOffset="1e9"/>'),
     r"glyph 'I': its component of 'O' \(transformation 1, 0, 0, 1, 1e\+09, 0\) puts its bubble at \(1e\+09, 730\); "
     r"coordinates must be finite and within ±1,000,000"),
    ("component offset 2,000,000", _component('<component base="O" yOffset="2000000"/>'),
     r"glyph 'I': its component of 'O' \(transformation 1, 0, 0, 1, 0, 2e\+06\) puts its bubble at \(.*, 2\.00073e\+06\)"),
    ("component scale 1e7", _component('<component base="O" xScale="10000000"/>', "glyphs.bubble"), r"glyph 'I': its component of 'O'.* coordinates must be finite"),
    ("component cycle in the bubble layer", _bubble_layer_cycle_kern, r"component cycle: (H → O → H|O → H → O)"),
    ("component loop of 40 glyphs", _long_cycle, r"component cycle of 40 glyphs: loop\d+ → "),
    ("empty glyph name in --text", lambda u, t: ["kern", u, "--text", "H/ O"], r"'/' \(column 2\) is followed by no glyph name \(write /name\)"),
    ("empty --text", lambda u, t: ["kern", u, "--text", ""], r"the sample text gives no pair to kern"),
    ("empty --glyphs", lambda u, t: ["kern", u, "--glyphs", ","], r"--glyphs gives no pair to kern"),
    ("pair list that is only comments", lambda u, t: (t.joinpath("c.txt").write_text("# none\n"), ["kern", u, "--pairs", t / "c.txt"])[1],
     r"the pair list .*c\.txt gives no pair to kern"),
    ("pair-list file missing", lambda u, t: ["kern", u, "--pairs", t / "nofile.txt"], r"^bubblekern: error: cannot read .*nofile\.txt: no such file$"),
    ("pair-list path is a folder", lambda u, t: ["kern", u, "--pairs", t], r"cannot read .*: it is a folder, not a file$"),
    ("band below one unit", lambda u, t: ["kern", u, "--band", "1e-6"],
     r"band height 1e-06 per 1000 units per em is 1e-06 font units at 1000 units per em; bands must be at least 1 unit tall"),
    ("band below one unit in the font's lib", _lib_settings({"band": 0.001}), r"band height 0\.001 per 1000 units per em is 0\.001 font units"),
    ("a band that is not a number in the lib", _lib_settings({"band": "wide"}), r"com\.bubblekern\.settings holds unusable settings: band height must be a positive number, not 'wide'"),
    ("unitsPerEm 0.001", _upm(0.001), r"font\.info\.unitsPerEm must be between 16 and 16384, not 0\.001"),
    ("unitsPerEm 8", _upm(8), r"font\.info\.unitsPerEm must be between 16 and 16384, not 8"),
    ("unitsPerEm 1e9", _upm(1_000_000_000), r"font\.info\.unitsPerEm must be between 16 and 16384, not 1e\+09"),
]


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
    *HARDENING,
    *NUMBERS,
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
        code = 1 if isinstance(code, str) else code  # SystemExit("message") exits with status 1
    assert code in (1, 2), err
    assert re.search(pattern, err, re.M), err
    assert "Traceback" not in err
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


@pytest.mark.parametrize("groups", [False, True])
def test_an_open_contour_in_a_default_run_is_said_too(tmp_path, capsys, groups):
    """The default set reads the bubbles before the solve does: what they say is reported all the same, with kern
    groups (class kerning) and without."""
    ufo = helpers.save(kernfonts.shipping_font(groups=groups), tmp_path)
    edit_glif(ufo, "H", 'type="line"', 'type="move"')
    code, out, err = cli(capsys, "kern", ufo, "--dry-run")
    assert code == 0 and "glyph 'H': 1 open contour(s) in layer 'bubble' were closed with a straight line" in err


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


@pytest.mark.parametrize("how", ["whole font", "kerning.plist alone"])
def test_disk_full_while_saving_leaves_the_font(ufo, capsys, monkeypatch, how):
    from fontParts.fontshell import RFont

    def full(self, path=None, **kwargs):
        Path(path).mkdir()
        (Path(path) / "metainfo.plist").write_text("half")
        raise OSError(28, "No space left on device")

    def half(self, data):
        with open(self, "wb") as stream:
            stream.write(data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(RFont, "save", full)
    if how == "kerning.plist alone":
        monkeypatch.setattr(Path, "write_bytes", half)
    before = tree_bytes(ufo)
    elsewhere = ["--output", ufo.parent / "Out.ufo"] if how == "whole font" else []  # a new UFO is saved whole
    code, _, err = cli(capsys, "kern", ufo, *elsewhere)
    assert code == 1 and "saving failed, the file is unchanged: [Errno 28] No space left on device" in err
    assert tree_bytes(ufo) == before and [p.name for p in ufo.parent.iterdir()] == ["Test.ufo"]


def test_interrupt_mid_solve_leaves_the_font(ufo, capsys, monkeypatch):
    import bubblekern.kernel

    real = bubblekern.kernel.solve
    calls = []

    def interrupted(matrix, left, right, settings, progress=None, contexts=None):
        calls.append(1)
        stop = lambda done, total: (_ for _ in ()).throw(KeyboardInterrupt)  # noqa: E731
        return real(matrix, left, right, settings, stop, contexts=contexts)

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


# -- odd input that kerns: deep composites, loops the generator replaces, repeated glyph order --


@pytest.mark.parametrize("depth", [150, 3000])
def test_composites_nested_thousands_deep_kern_like_their_base(ufo, capsys, depth):
    top = chain(ufo, depth)
    before = tree_bytes(ufo)
    code, out, err = cli(capsys, "kern", ufo, "--glyphs", f"{top},H,O", "--dry-run", "--format", "json", "--min-kern", "0")
    assert code == 0 and "Traceback" not in err, err
    import json

    values = {(a, b): v for a, b, v in json.loads(out)["pairs"]}
    # the top of the chain inherits H's bubble through every level: it kerns exactly as H does
    assert values[(top, "O")] == values[("H", "O")] != 0 and values[("O", top)] == values[("O", "H")] != 0
    assert values[(top, top)] == values[("H", "H")]
    assert tree_bytes(ufo) == before
    if depth == 150:  # status walks every glyph; 3,000 levels would only make the test slow
        code, out, err = cli(capsys, "status", ufo, "--json")
        assert code == 0 and "Traceback" not in err
        assert json.loads(out)["glyphs"][top]["state"] == "inherited"


def test_bubbles_replace_a_component_loop_in_the_bubble_layer(ufo, capsys):
    inject(ufo, "H", '<component base="O"/>', "glyphs.bubble")
    inject(ufo, "O", '<component base="H"/>', "glyphs.bubble")
    code, out, err = cli(capsys, "bubbles", ufo, "--all", "--overwrite", "always")
    assert code == 0 and "Traceback" not in err, err
    from bubblekern import open_font

    font = open_font(ufo)
    assert not font.getLayer("bubble")["H"].components and not font.getLayer("bubble")["O"].components
    assert font.getLayer("bubble")["H"].contours  # a generated bubble took the loop's place
    code, _, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--dry-run")
    assert code == 0, err


def test_a_missing_glif_is_one_line_without_exceptions_ignored_in_del(ufo):
    import subprocess
    import sys

    add_components_on_disk(ufo, "I", ["O"])
    glif(ufo, "O", "glyphs").unlink()
    before = tree_bytes(ufo)
    for command in (["kern", ufo], ["status", ufo], ["bubbles", ufo, "--all"], ["export", ufo, "--otf", ufo.parent / "x.otf"]):
        run = subprocess.run([sys.executable, "-m", "bubblekern", *map(str, command)], capture_output=True, text=True)
        assert run.returncode == 1, run.stderr
        assert run.stderr.strip().splitlines() == [
            f"bubblekern: error: {ufo}: glyphs/O_.glif is missing (glyph 'O' in layer 'public.default' is listed in glyphs/contents.plist)"
        ]
    assert tree_bytes(ufo) == before


def test_repeated_glyph_order_names_are_dropped_with_a_warning(ufo, capsys):
    lib = plistlib.loads((ufo / "lib.plist").read_bytes())
    lib["public.glyphOrder"] = lib["public.glyphOrder"] + ["H", "O", "H"]
    set_plist(ufo, "lib.plist", lib)
    before = tree_bytes(ufo)
    code, out, err = cli(capsys, "kern", ufo, "--dry-run", "--format", "json")
    assert code == 0
    assert err.splitlines() == ["bubblekern: warning: Test.ufo: public.glyphOrder lists 'H', 'O' more than once; the first place counts"]
    assert tree_bytes(ufo) == before
    code, out, err = cli(capsys, "kern", ufo)
    from bubblekern import open_font

    order = open_font(ufo).glyphOrder  # fontParts refuses a glyph order with repeats: the saved one has none
    assert code == 0 and list(order) == list(dict.fromkeys(lib["public.glyphOrder"]))


def test_white_space_and_invisible_glyphs_never_warn(ufo, capsys):
    from bubblekern import open_font

    font = open_font(ufo)
    for name, code in (("space", 0x20), ("nbspace", 0xA0), ("zerowidthjoiner", 0x200D), ("uni2028", 0x2028)):
        glyph = font.newGlyph(name)
        glyph.unicode, glyph.width = code, 250
    font.newGlyph("emptyname").width = 100
    font.save()
    code, out, err = cli(capsys, "kern", ufo, "--text", "HO OH\u00a0HO\u200dOH\u2028", "--dry-run")
    assert code == 0 and err == "", err
    code, out, err = cli(capsys, "kern", ufo, "--glyphs", "H,O,space,emptyname", "--dry-run")
    assert code == 0 and err == "", err
    code, out, err = cli(capsys, "kern", ufo, "--glyphs", "space")  # nothing at all can be solved: still an error
    assert code == 1 and "no pair could be solved" in err


def test_band_and_upm_limits_hold_for_the_api_too(ufo):
    from bubblekern import Settings, kern_pairs, open_font
    from bubblekern.errors import FontInfoError, SettingsError

    font = open_font(ufo)
    with pytest.raises(SettingsError, match=r"bands must be at least 1 unit tall \(band ≥ 1\)"):
        kern_pairs(font, [("H", "O")], Settings(band=1e-6))
    assert kern_pairs(font, [("H", "O")], Settings(band=1.0)).kept  # one unit is fine
    font.info.unitsPerEm = 16
    with pytest.raises(SettingsError, match=r"at 16 units per em; bands must be at least 1 unit tall \(band ≥ 62\.5\)"):
        kern_pairs(font, [("H", "O")], Settings())
    font.info.unitsPerEm = 20000
    with pytest.raises(FontInfoError, match="between 16 and 16384, not 20000"):
        kern_pairs(font, [("H", "O")])
    with pytest.raises(SettingsError, match="min_kern must be a number ≥ 0, not 'x'"):
        Settings(min_kern="x")


def test_progress_bars_only_on_a_terminal_with_whole_counts():
    import io

    from bubblekern.cli.common import progress_bar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    for stream, expected in ((io.StringIO(), False), (Terminal(), True)):
        with progress_bar(True, stream, delay=0) as progress:
            progress("pairs", 0, 9_080_000)
            progress("pairs", 6_280_000, 9_080_000)
        text = stream.getvalue()
        assert ("/9,080,000 pairs" in text) is expected, text
        assert "M" not in text and "k" not in text.replace("pairs", "")


# -- stale bubbles: kern names them, --refresh-stale makes the generated ones again ---------


def generated_ufo(tmp_path) -> Path:
    """A UFO whose bubbles were all generated (trimmed to the sidebearings: H H kerns to 0)."""
    ufo = helpers.save(kernfonts.shipping_font(groups=False), tmp_path)
    assert main(["bubbles", str(ufo), "--all", "--overwrite", "always"]) == 0
    return ufo


def widen(ufo: Path, name: str, by: int) -> None:
    """Move the glyph's right side and advance out by ``by`` units, on disk (its bubble goes stale)."""
    from bubblekern import open_font

    font = open_font(ufo)
    glyph = font[name]
    glyph.width += by
    for contour in glyph.contours:
        for point in contour.points:
            if point.x > glyph.width / 2 - by:
                point.x += by
    font.save()


def h_h(capsys, ufo, *flags) -> tuple[int, str, int]:
    import json

    code, out, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--format", "json", "--min-kern", "0", *flags)
    return code, err, dict(((a, b), v) for a, b, v in json.loads(out)["pairs"]).get(("H", "H"), 0) if code == 0 else None


def test_kern_names_stale_bubbles_and_refresh_stale_makes_them_again(tmp_path, capsys):
    ufo = generated_ufo(tmp_path)
    capsys.readouterr()
    code, err, before_value = h_h(capsys, ufo, "--dry-run")
    assert code == 0 and "stale" not in err and before_value == 0
    widen(ufo, "H", 200)
    snapshot = tree_bytes(ufo)
    code, err, stale_value = h_h(capsys, ufo, "--dry-run", "--blend", "off")
    assert code == 0 and stale_value == -200  # the old bubble no longer reaches the new sidebearing
    assert h_h(capsys, ufo, "--dry-run")[2] < 0  # blended (the default for generated bubbles), still wrong
    assert "bubblekern: warning: kerning with 1 stale bubble(s): 'H' (generated, their glyph changed since; " \
        "--refresh-stale makes them again first)" in err
    assert tree_bytes(ufo) == snapshot
    code, err, fresh_value = h_h(capsys, ufo, "--dry-run", "--refresh-stale")
    assert code == 0 and fresh_value == 0 and "made 1 stale bubble(s) again from the outlines: 'H'" in err
    assert "kerning with" not in err and tree_bytes(ufo) == snapshot  # a dry run saves the new bubble no more than the kerning
    code, err, _ = h_h(capsys, ufo, "--refresh-stale")
    assert code == 0
    from bubblekern import open_font
    from bubblekern.status import bubble_status

    assert bubble_status(open_font(ufo)).stale == []  # the new bubble was saved with the kerning
    code, err, value = h_h(capsys, ufo, "--dry-run")
    assert code == 0 and "stale" not in err and value == 0


def test_stale_bubbles_the_pairs_do_not_use_are_not_named(tmp_path, capsys):
    ufo = generated_ufo(tmp_path)
    widen(ufo, "T", 100)
    capsys.readouterr()
    code, _, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--dry-run")
    assert code == 0 and "stale" not in err
    code, _, err = cli(capsys, "kern", ufo, "--dry-run")
    assert code == 0 and "kerning with 1 stale bubble(s): 'T'" in err


def test_stale_bubbles_of_glyphs_the_default_set_never_holds_are_not_read(tmp_path, capsys):
    """A default run checks the bubbles of the glyphs its set can hold, not of every glyph (a Japanese font's
    12,000 ideographs took 27 of a 39 s run); with --all-glyphs every one."""
    font = kernfonts.shipping_font(groups=False)
    helpers.add_glyph(font, "uni4E00", 1000, outline=lambda p: helpers.rect(p, 50, 300, 950, 400), unicode=0x4E00)
    ufo = helpers.save(font, tmp_path)
    assert main(["bubbles", str(ufo), "--all", "--overwrite", "always"]) == 0
    widen(ufo, "uni4E00", 100)
    capsys.readouterr()
    code, _, err = cli(capsys, "kern", ufo, "--dry-run")
    assert code == 0 and "stale" not in err
    code, _, err = cli(capsys, "kern", ufo, "--dry-run", "--all-glyphs")
    assert code == 0 and "kerning with 1 stale bubble(s): 'uni4E00'" in err


def test_a_stale_bubble_edited_by_hand_is_named_and_never_remade(tmp_path, capsys):
    ufo = generated_ufo(tmp_path)
    edit_glif(ufo, "O", 'x="', 'x="1', count=1)  # a hand edit of the generated bubble
    widen(ufo, "O", 50)
    before = tree_bytes(ufo)
    capsys.readouterr()
    code, _, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--refresh-stale")
    assert code == 0 and "made" not in err
    assert "'O' (generated, then edited by hand; `bubblekern bubbles --stale --overwrite always` replaces them)" in err
    assert tree_bytes(ufo)["glyphs.bubble/O_.glif"] == before["glyphs.bubble/O_.glif"]


def test_refresh_stale_without_skia_pathops_is_a_clear_error(tmp_path, capsys, monkeypatch):
    import sys

    import bubblekern

    ufo = generated_ufo(tmp_path)
    widen(ufo, "H", 200)
    before = tree_bytes(ufo)
    for name in ("generate", "status", "offset"):  # re-imported without pathops, put back after
        monkeypatch.delitem(sys.modules, "bubblekern." + name, raising=False)
        monkeypatch.delattr(bubblekern, name, raising=False)
    monkeypatch.setitem(sys.modules, "pathops", None)
    capsys.readouterr()
    code, _, err = cli(capsys, "kern", ufo, "--glyphs", "H,O")  # telling staleness needs no pathops
    assert code == 0 and "kerning with 1 stale bubble(s): 'H'" in err
    before = tree_bytes(ufo)
    code, _, err = cli(capsys, "kern", ufo, "--glyphs", "H,O", "--refresh-stale")
    assert code == 1 and err.strip() == "bubblekern: error: --refresh-stale makes bubbles again: " \
        "making bubbles needs skia-pathops (python -m pip install 'skia-pathops>=0.8')"
    assert tree_bytes(ufo) == before
