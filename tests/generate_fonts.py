"""Fonts with outlines and no bubbles, for the bubble-generation tests: curves, serifs,
overhanging f and j, composites (plain, scaled, nested, mixed), a mark, an italic."""

from __future__ import annotations

import math

from fontTools.pens.reverseContourPen import ReverseContourPen
from fontTools.pens.transformPen import TransformPen

from helpers import add_glyph, ellipse, new_font, polygon, rect


def _f(pen):
    rect(pen, 90, 0, 180, 600)  # stem
    rect(pen, 20, 420, 300, 490)  # crossbar, past the left sidebearing
    pen = ReverseContourPen(pen)  # drawn clockwise below; reversed to the outer direction
    pen.moveTo((90, 560))  # hook, past the right sidebearing (advance 340)
    pen.lineTo((90, 620))
    pen.curveTo((90, 700), (150, 740), (240, 740))
    pen.lineTo((380, 740))
    pen.lineTo((380, 660))
    pen.lineTo((240, 660))
    pen.curveTo((200, 660), (180, 640), (180, 600))
    pen.lineTo((180, 560))
    pen.closePath()


def _j(pen):
    rect(pen, 130, -80, 210, 500)
    ellipse(pen, 170, 640, 50, 50)
    pen = ReverseContourPen(pen)
    pen.moveTo((210, -80))  # tail, past the left sidebearing
    pen.lineTo((210, -160))
    pen.curveTo((210, -230), (150, -260), (60, -260))
    pen.lineTo((-40, -260))
    pen.lineTo((-40, -190))
    pen.lineTo((60, -190))
    pen.curveTo((110, -190), (130, -170), (130, -120))
    pen.lineTo((130, -80))
    pen.closePath()


def _serif_h(pen):
    rect(pen, 110, 0, 200, 700)
    rect(pen, 520, 0, 610, 700)
    rect(pen, 200, 320, 520, 390)
    for y0, y1 in ((0, 30), (670, 700)):
        rect(pen, 50, y0, 260, y1)  # serifs reach 10 units past the sidebearings once grown
        rect(pen, 460, y0, 670, y1)


def _serif_n(pen):
    rect(pen, 80, 0, 170, 480)
    rect(pen, 430, 0, 520, 330)
    rect(pen, 30, 0, 220, 30)
    rect(pen, 380, 0, 570, 30)
    rect(pen, 30, 450, 170, 480)
    pen = ReverseContourPen(pen)
    pen.moveTo((170, 400))
    pen.curveTo((220, 470), (280, 500), (350, 500))
    pen.curveTo((460, 500), (520, 450), (520, 360))
    pen.lineTo((520, 300))
    pen.lineTo((430, 300))
    pen.lineTo((430, 360))
    pen.curveTo((430, 410), (400, 430), (350, 430))
    pen.curveTo((290, 430), (220, 400), (170, 340))
    pen.closePath()


def _sans_h(pen):
    rect(pen, 80, 0, 170, 700)
    rect(pen, 530, 0, 620, 700)
    rect(pen, 170, 310, 530, 390)


def _sans_n(pen):
    rect(pen, 70, 0, 160, 500)
    rect(pen, 160, 420, 510, 500)
    rect(pen, 420, 0, 510, 420)


GLYPHS = {
    # name: (width, outline, unicode)
    "H": (720, _serif_h, 0x48),
    "n": (600, _serif_n, 0x6E),
    "I": (300, lambda p: rect(p, 80, 0, 220, 700), 0x49),
    "l": (260, lambda p: rect(p, 85, 0, 175, 750), 0x6C),
    "O": (760, lambda p: (ellipse(p, 380, 350, 320, 360), ellipse(p, 380, 350, 230, 290, reverse=True)), 0x4F),
    "o": (560, lambda p: (ellipse(p, 280, 250, 240, 260), ellipse(p, 280, 250, 150, 190, reverse=True)), 0x6F),
    "A": (720, lambda p: polygon(p, (20, 0), (120, 0), (185, 200), (535, 200), (600, 0), (700, 0), (410, 700),
                                 (310, 700)), 0x41),
    "V": (700, lambda p: polygon(p, (0, 700), (100, 700), (350, 110), (600, 700), (700, 700), (400, 0), (300, 0)),
          0x56),
    "T": (640, lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610)), 0x54),
    "f": (340, _f, 0x66),
    "j": (260, _j, 0x6A),
    "period": (260, lambda p: rect(p, 80, 0, 180, 100), 0x2E),
    "acutecomb": (0, lambda p: polygon(p, (-210, 740), (-130, 740), (-10, 880), (-110, 880)), 0x301),
}


def serif_font(upm: int = 1000, italic_angle: float = 0.0, bubble_layer: bool = False):
    """The glyphs above (scaled to ``upm``, slanted by ``italic_angle``), no bubbles.

    Composites: Aacute (A + acutecomb), H.sc (H scaled), Aacute.ss01 (nested), H_H
    (two H, one shifted), Hbar (mixed: an H component plus a contour). And an empty space.
    """
    font = new_font(upm, layer="bubble" if bubble_layer else None)
    k = upm / 1000.0
    slant = math.tan(math.radians(-italic_angle))
    font.info.italicAngle = italic_angle or None
    font.info.capHeight, font.info.xHeight = 700 * k, 500 * k
    font.info.ascender, font.info.descender = 750 * k, -250 * k
    transform = (k, 0, k * slant, k, 0, 0)
    for name, (width, outline, code) in GLYPHS.items():
        add_glyph(font, name, round(width * k), outline=lambda p, o=outline: o(TransformPen(p, transform)),
                  unicode=code)
    add_glyph(font, "space", round(250 * k), unicode=0x20)
    add_glyph(font, "Aacute", round(720 * k), components=[("A", (1, 0, 0, 1, 0, 0)),
                                                          ("acutecomb", (1, 0, 0, 1, round(530 * k), 0))],
              unicode=0xC1)
    add_glyph(font, "H.sc", round(560 * k), components=[("H", (0.75, 0, 0, 0.75, 10 * k, 0))])
    add_glyph(font, "Aacute.ss01", round(720 * k), components=[("Aacute", (1, 0, 0, 1, 0, 0))])
    add_glyph(font, "H_H", round(1440 * k), components=[("H", (1, 0, 0, 1, 0, 0)), ("H", (1, 0, 0, 1, 720 * k, 0))])
    add_glyph(font, "Hbar", round(720 * k), components=[("H", (1, 0, 0, 1, 0, 0))],
              outline=lambda p: rect(TransformPen(p, transform), 0, 560, 720, 620))
    font.glyphOrder = list(GLYPHS) + ["space", "Aacute", "H.sc", "Aacute.ss01", "H_H", "Hbar"]
    return font


def sans_font(upm: int = 1000, italic_angle: float = 0.0):
    """Straight-sided H and n whose grown outlines fall short of the sidebearings, plus o, A, V, T."""
    font = new_font(upm, layer=None)
    k = upm / 1000.0
    slant = math.tan(math.radians(-italic_angle))
    font.info.italicAngle = italic_angle or None
    transform = (k, 0, k * slant, k, 0, 0)
    specs = {"H": (700, _sans_h, 0x48), "n": (580, _sans_n, 0x6E)}
    specs.update({name: GLYPHS[name] for name in ("o", "A", "V", "T", "O")})
    for name, (width, outline, code) in specs.items():
        add_glyph(font, name, round(width * k), outline=lambda p, o=outline: o(TransformPen(p, transform)),
                  unicode=code)
    font.glyphOrder = list(specs)
    return font


def synthetic_font(count: int = 600, upm: int = 1000):
    """``count`` glyphs of varied outlines (curves, stems, diagonals, counters; 1 in 6 a composite)."""
    font = new_font(upm, layer=None)
    shapes = [spec for name, spec in GLYPHS.items() if name != "acutecomb"]
    for i in range(count):
        name = f"g{i:04d}"
        width, outline, _ = shapes[i % len(shapes)]
        if i % 6 == 5:
            add_glyph(font, name, width, components=[(f"g{i - 5:04d}", (1, 0, 0.1 * (i % 3), 1, 10, 0))])
            continue
        scale = 0.8 + 0.05 * (i % 7)
        transform = (scale, 0, 0.02 * (i % 5), 1, 15 * (i % 4), 0)
        add_glyph(font, name, round(width * scale), outline=lambda p, o=outline, t=transform: o(TransformPen(p, t)))
    return font
