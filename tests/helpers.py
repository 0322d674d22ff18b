"""Build real fontParts (fontshell) fonts with outlines and bubbles for the tests."""

from __future__ import annotations

import ast
import gc
import math
from pathlib import Path

from fontParts.fontshell import RFont
from fontTools.pens.reverseContourPen import ReverseContourPen

KAPPA = 0.5522847498

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def polygon(pen, *points):
    pen.moveTo(points[0])
    for point in points[1:]:
        pen.lineTo(point)
    pen.closePath()


def rect(pen, x0, y0, x1, y1):
    polygon(pen, (x0, y0), (x1, y0), (x1, y1), (x0, y1))


def ellipse(pen, cx, cy, rx, ry, reverse=False):
    """An ellipse of four cubic arcs (the usual circle approximation)."""
    if reverse:
        pen = ReverseContourPen(pen)
    kx, ky = rx * KAPPA, ry * KAPPA
    pen.moveTo((cx, cy - ry))
    pen.curveTo((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy))
    pen.curveTo((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry))
    pen.curveTo((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy))
    pen.curveTo((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry))
    pen.closePath()


def new_font(upm: int = 1000, layer: str | None = "bubble") -> RFont:
    font = RFont()
    font.info.unitsPerEm = upm
    font.info.familyName = "Test"
    font.info.styleName = "Regular"
    if layer:
        font.newLayer(layer)
    return font


def add_glyph(font, name, width=600, bubble=None, outline=None, components=(), unicode=None, layer="bubble"):
    """Add glyph ``name``; ``bubble``/``outline`` are callables drawing on a pen.

    ``components`` holds (base, transformation) with a six-number transformation.
    """
    glyph = font.newGlyph(name)
    glyph.width = width
    if unicode is not None:
        glyph.unicode = unicode
    if outline:
        outline(glyph.getPen())
    for base, transformation in components:
        glyph.getPen().addComponent(base, tuple(transformation))
    if bubble:
        target = font.getLayer(layer).newGlyph(name)
        target.width = width
        bubble(target.getPen())
    return glyph


def box_font(boxes: dict, upm: int = 1000) -> RFont:
    """A font of rectangle bubbles: name → (width, (x0, y0, x1, y1))."""
    font = new_font(upm)
    for name, (width, box) in boxes.items():
        add_glyph(font, name, width, bubble=lambda p, b=box: rect(p, *b))
    return font


def latin_font() -> RFont:
    """A small font with outlines and offset bubbles: H O A V T o n v period quoteright Aacute space."""
    font = new_font()
    font.info.capHeight, font.info.xHeight, font.info.ascender, font.info.descender = 700, 500, 750, -250
    specs = {
        "H": (700, lambda p: (rect(p, 80, 0, 170, 700), rect(p, 530, 0, 620, 700), rect(p, 170, 310, 530, 390)), 0x48),
        "O": (740, lambda p: (ellipse(p, 370, 350, 310, 360), ellipse(p, 370, 350, 220, 290, reverse=True)), 0x4F),
        "A": (720, lambda p: polygon(p, (20, 0), (120, 0), (185, 200), (535, 200), (600, 0), (700, 0), (410, 700), (310, 700)), 0x41),
        "V": (700, lambda p: polygon(p, (0, 700), (100, 700), (350, 110), (600, 700), (700, 700), (400, 0), (300, 0)), 0x56),
        "T": (640, lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610)), 0x54),
        "o": (560, lambda p: (ellipse(p, 280, 250, 230, 260), ellipse(p, 280, 250, 150, 190, reverse=True)), 0x6F),
        "n": (580, lambda p: (rect(p, 70, 0, 160, 500), rect(p, 160, 420, 510, 500), rect(p, 420, 0, 510, 420)), 0x6E),
        "v": (540, lambda p: polygon(p, (0, 500), (95, 500), (270, 100), (445, 500), (540, 500), (320, 0), (220, 0)), 0x76),
        "period": (260, lambda p: rect(p, 80, 0, 180, 100), 0x2E),
        "quoteright": (260, lambda p: rect(p, 90, 480, 170, 700), 0x2019),
        "acutecomb": (300, lambda p: polygon(p, (90, 740), (170, 740), (290, 880), (190, 880)), 0x301),
    }
    for name, (width, outline, code) in specs.items():
        add_glyph(font, name, width, outline=outline, unicode=code)
    add_glyph(font, "space", 250, unicode=0x20)
    add_glyph(font, "Aacute", 720, components=[("A", (1, 0, 0, 1, 0, 0)), ("acutecomb", (1, 0, 0, 1, 230, 0))], unicode=0xC1)
    font.glyphOrder = list(specs) + ["space", "Aacute"]
    return font


def bracket_font():
    """Square brackets whose open side a box o slides into, a round o, a figure, a hyphen and a low quote,
    bubbles drawn by hand; ``bracketleft.case`` is unencoded."""
    font = new_font()

    def opening(p):
        polygon(p, (40, -150), (260, -150), (260, -80), (120, -80), (120, 780), (260, 780), (260, 850), (40, 850))

    def closing(p):
        polygon(p, (40, -150), (260, -150), (260, 850), (40, 850), (40, 780), (180, 780), (180, -80), (40, -80))

    add_glyph(font, "bracketleft", 300, bubble=opening, unicode=ord("["))
    add_glyph(font, "bracketright", 300, bubble=closing, unicode=ord("]"))
    add_glyph(font, "bracketleft.case", 300, bubble=opening)
    add_glyph(font, "o", 560, bubble=lambda p: rect(p, 40, 0, 520, 500), unicode=ord("o"))
    add_glyph(font, "one", 560, bubble=lambda p: rect(p, 40, 0, 520, 500), unicode=ord("1"))
    add_glyph(font, "hyphen", 560, bubble=lambda p: rect(p, 40, 250, 520, 350), unicode=ord("-"))
    add_glyph(font, "quotedblbase", 300, bubble=opening, unicode=0x201E)  # Ps, but no bracket: it does not mirror
    add_glyph(font, "wide", 560, bubble=lambda p: rect(p, -60, 0, 620, 900), unicode=ord("W"))
    return font


def rounded(value: float) -> int:
    """Rounded as the rules round a kern: halves away from zero."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def save(font, folder: Path, name: str = "Test.ufo") -> Path:
    path = folder / name
    font.save(str(path))
    return path


def kern_listed(capsys, path: Path, listed: Path, *flags: str) -> dict:
    """``bubblekern kern PATH --pairs LISTED --dry-run --format json --min-kern 0 FLAGS``: its values by pair
    (a pair kerned 0 is not listed)."""
    import json

    from bubblekern.cli import main

    assert main(["kern", str(path), "--pairs", str(listed), "--dry-run", "--format", "json", "--min-kern", "0",
                 *flags]) == 0
    return {(a, b): v for a, b, v in json.loads(capsys.readouterr().out)["pairs"]}


def saved_pair_list(folder: Path, font, pairs: list[tuple[str, str]]) -> tuple[Path, Path]:
    """(``font`` saved as a UFO in ``folder``, a pair list of ``pairs`` beside it), for :func:`kern_listed`."""
    path, listed = folder / "Font.ufo", folder / "pairs.txt"
    font.save(str(path))
    listed.write_text("".join(f"{a} {b}\n" for a, b in pairs))
    return path, listed


def tree_bytes(path: Path) -> dict[str, bytes]:
    """Every file under ``path`` with its bytes (to check a UFO on disk is unchanged)."""
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def add_components_on_disk(ufo: Path, name: str, bases, layer: str | None = None) -> None:
    """Give glyph ``name`` of a saved UFO components of ``bases``, editing the .glif directly.

    defcon loops on component cycles when they are made in memory, so tests that need a
    broken font (A → B → A) write it the way a broken file would come: on disk.
    """
    from fontTools.ufoLib import UFOReader, UFOWriter
    from fontTools.ufoLib.glifLib import Glyph

    writer = UFOWriter(str(ufo))
    reader = UFOReader(str(ufo))
    glyph_set = writer.getGlyphSet(layer) if layer else writer.getGlyphSet()
    glyph = Glyph(name, glyph_set)
    recorded = []

    class Recorder:
        def beginPath(self, **kw):
            recorded.append(("beginPath", (), kw))

        def addPoint(self, *a, **kw):
            recorded.append(("addPoint", a, kw))

        def endPath(self):
            recorded.append(("endPath", (), {}))

        def addComponent(self, *a, **kw):
            recorded.append(("addComponent", a, kw))

    glyph_set.readGlyph(name, glyph, Recorder())

    def draw(pen):
        for method, args, kwargs in recorded:
            getattr(pen, method)(*args, **kwargs)
        for base in bases:
            pen.addComponent(base, (1, 0, 0, 1, 0, 0))

    glyph_set.writeGlyph(name, glyph, draw)
    glyph_set.writeContents()
    del reader


def parse_python(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse`` with the garbage collector held off. CPython 3.11 before 3.11.8 shares one
    recursion counter between AST conversions that run inside one another (gh-106905), so code a
    collection runs mid-parse (defcon's fonts have finalizers) can make the parse fail now and then
    with "SystemError: AST constructor recursion depth mismatch"; it did once in CI on 3.11.7."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source, filename)
    finally:
        if enabled:
            gc.enable()
