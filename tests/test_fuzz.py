"""Fuzzing the command line over the bundled demo UFO.

Each example copies ``BubbleKernDemo.ufo``, breaks it in one to three of the ways real
UFOs and real users broke it (issue 11: bad kerning keys, non-string contents.plist
values, a .glif that is a folder or is missing, NaN/inf/huge component transformations
in either layer, composites nested hundreds deep, component loops in the bubble layer,
repeated glyph-order names, absurd unitsPerEm or band height, an empty glyph name in
sample text) and runs a command on it. Every run must end in success or one clean
``bubblekern: error:`` message (exit 1 or 2): no traceback, no "Exception ignored", and
a failed run leaves every file as it was, with no temporary beside the font.
"""

from __future__ import annotations

import json
import plistlib
import shutil
import sys
import tempfile
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bubblekern
from bubblekern.cli import main
from bubblekern.fontio import open_font

from helpers import tree_bytes

DEMO = Path(bubblekern.__file__).parent / "data" / "BubbleKernDemo.ufo"
LAYERS = ("glyphs", "glyphs.bubble")


def contents(ufo: Path, layer: str) -> dict:
    return plistlib.loads((ufo / layer / "contents.plist").read_bytes())


def write_plist(path: Path, data) -> None:
    path.write_bytes(plistlib.dumps(data))


def pick(rng, names):
    return rng.choice(sorted(names))


def glyph_names(ufo: Path, layer: str) -> list[str]:
    return sorted(n for n, f in contents(ufo, layer).items() if isinstance(n, str) and (ufo / layer / str(f)).is_file())


def inject(ufo: Path, layer: str, name: str, xml: str) -> None:
    path = ufo / layer / contents(ufo, layer)[name]
    text = path.read_text().replace("<outline/>", "<outline></outline>")
    if "<outline>" not in text:
        text = text.replace("</glyph>", "<outline></outline></glyph>")
    path.write_text(text.replace("<outline>", f"<outline>{xml}", 1))


def add_glyphs(ufo: Path, layer: str, glyphs: dict[str, str]) -> None:
    table = contents(ufo, layer)
    for name, xml in glyphs.items():
        table[name] = f"{name}.glif"
        (ufo / layer / f"{name}.glif").write_text(
            f'<?xml version="1.0"?><glyph name="{name}" format="2"><advance width="600"/><outline>{xml}</outline></glyph>'
        )
    write_plist(ufo / layer / "contents.plist", table)


# -- the mutations: each takes (ufo, rng) and breaks the font on disk ------------------


def bad_kerning(ufo, rng):
    left = rng.choice(["", "public.kern2.O", "H"])
    right = rng.choice(["", "public.kern1.O", "O"]) if left == "H" else "O"
    write_plist(ufo / "kerning.plist", {left: {right: rng.choice([-40, 30])}, "T": {"o": -60}})


def non_string_contents(ufo, rng):
    layer = rng.choice(LAYERS)
    table = contents(ufo, layer)
    table[pick(rng, table)] = rng.choice([5, 1.5, True, ["x.glif"], {"a": "b"}, ""])
    write_plist(ufo / layer / "contents.plist", table)


def glif_is_a_folder(ufo, rng):
    layer = rng.choice(LAYERS)
    name = pick(rng, glyph_names(ufo, layer))
    path = ufo / layer / contents(ufo, layer)[name]
    path.unlink()
    path.mkdir()


def glif_missing(ufo, rng):
    layer = rng.choice(LAYERS)
    name = pick(rng, glyph_names(ufo, layer))
    (ufo / layer / contents(ufo, layer)[name]).unlink()


def odd_transformation(ufo, rng):
    layer = rng.choice(LAYERS)
    names = glyph_names(ufo, layer)
    attribute = rng.choice(["xOffset", "yOffset", "xScale", "yScale", "xyScale"])
    value = rng.choice(["nan", "inf", "-inf", "1e9", "2000000", "-2000000", "1e300"])
    inject(ufo, layer, pick(rng, names), f'<component base="{pick(rng, names)}" {attribute}="{value}"/>')


def deep_composites(ufo, rng):
    depth = rng.choice([150, 200, 300])
    base = pick(rng, glyph_names(ufo, "glyphs"))
    add_glyphs(ufo, "glyphs", {f"deep{i}": f'<component base="{base if i == 0 else f"deep{i - 1}"}"/>' for i in range(depth)})


def bubble_layer_loop(ufo, rng):
    names = glyph_names(ufo, "glyphs.bubble")
    size = rng.choice([1, 2, 3])
    loop = rng.sample(names, size)
    for a, b in zip(loop, loop[1:] + loop[:1]):
        inject(ufo, "glyphs.bubble", a, f'<component base="{b}"/>')


def repeated_glyph_order(ufo, rng):
    lib = plistlib.loads((ufo / "lib.plist").read_bytes())
    order = lib["public.glyphOrder"]
    lib["public.glyphOrder"] = order + rng.sample(order, 3)
    write_plist(ufo / "lib.plist", lib)


def absurd_upm(ufo, rng):
    info = plistlib.loads((ufo / "fontinfo.plist").read_bytes())
    info["unitsPerEm"] = rng.choice([0.001, 1, 8, 1e9, 99999])
    write_plist(ufo / "fontinfo.plist", info)


def thin_band_in_lib(ufo, rng):
    lib = plistlib.loads((ufo / "lib.plist").read_bytes())
    lib["com.bubblekern.settings"] = {"band": rng.choice([1e-6, 0.001, 0.5]), "min_kern": rng.choice([0, 5])}
    write_plist(ufo / "lib.plist", lib)


MUTATIONS = [
    bad_kerning, non_string_contents, glif_is_a_folder, glif_missing, odd_transformation, deep_composites,
    bubble_layer_loop, repeated_glyph_order, absurd_upm, thin_band_in_lib,
]

COMMANDS = [
    ["kern", "{ufo}"],
    ["kern", "{ufo}", "--dry-run", "--format", "json"],
    ["kern", "{ufo}", "--text", "/ HOT/ V"],
    ["kern", "{ufo}", "--text", ""],
    ["kern", "{ufo}", "--band", "0.0001"],
    ["status", "{ufo}", "--json"],
    ["bubbles", "{ufo}", "--all", "--overwrite", "always"],
]


@contextmanager
def unraisable_caught():
    """Collect what Python would print as "Exception ignored in …" (a half-made defcon glyph's __del__)."""
    caught = []
    previous = sys.unraisablehook
    sys.unraisablehook = caught.append
    try:
        yield caught
    finally:
        sys.unraisablehook = previous


def run_cli(args) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as stop:  # argparse usage errors (2) and bad flag values (a message: 1)
            code = 1 if isinstance(stop.code, str) else stop.code
            if isinstance(stop.code, str):
                err.write(stop.code + "\n")
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    mutations=st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3, unique=True),
    command=st.sampled_from(COMMANDS),
    rng=st.randoms(use_true_random=False),
)
def test_a_broken_font_ends_in_success_or_one_clear_error(mutations, command, rng):
    with tempfile.TemporaryDirectory() as folder:
        ufo = Path(folder) / "Demo.ufo"
        shutil.copytree(DEMO, ufo)
        for mutate in mutations:
            mutate(ufo, rng)
        before = tree_bytes(ufo)
        args = [part.format(ufo=ufo) for part in command]
        with unraisable_caught() as ignored:
            code, out, err = run_cli(args)
        assert not ignored, [str(u.exc_value) for u in ignored]
        assert "Traceback" not in err and "Exception ignored" not in err, err
        assert sorted(p.name for p in Path(folder).iterdir()) == ["Demo.ufo"]  # no temporary left beside it
        if code != 0:
            assert code in (1, 2), (code, err)
            lines = [line for line in err.splitlines() if not line.startswith("bubblekern: warning:")]
            assert lines and lines[0].startswith("bubblekern: error: ") or code == 2, err
            assert tree_bytes(ufo) == before, "a failed run changed the font"
            return
        if "--dry-run" in args or args[0] == "status":
            assert tree_bytes(ufo) == before
            if "json" in " ".join(args):
                json.loads(out)
        else:
            open_font(ufo)  # whatever was saved is a whole UFO


def test_every_mutation_kind_is_in_the_fuzz():
    names = {m.__name__ for m in MUTATIONS}
    assert names == {
        "bad_kerning", "non_string_contents", "glif_is_a_folder", "glif_missing", "odd_transformation",
        "deep_composites", "bubble_layer_loop", "repeated_glyph_order", "absurd_upm", "thin_band_in_lib",
    }
    assert any("--text" in c for c in COMMANDS) and any(c[0] == "bubbles" for c in COMMANDS)
