"""Build the bundled demo font, BubbleKernDemo.ufo, with outlines and hand-placed bubbles.

Run from the project root: ``python tools/make_demo.py``. The UFO it writes is committed
under ``source/lib/bubblekern/data/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fontParts.fontshell import RFont
from fontTools.pens.reverseContourPen import ReverseContourPen

KAPPA = 0.5522847498
TARGET = Path(__file__).resolve().parent.parent / "source" / "lib" / "bubblekern" / "data" / "BubbleKernDemo.ufo"


def polygon(pen, *points):
    pen.moveTo(points[0])
    for point in points[1:]:
        pen.lineTo(point)
    pen.closePath()


def rect(pen, x0, y0, x1, y1):
    polygon(pen, (x0, y0), (x1, y0), (x1, y1), (x0, y1))


def ellipse(pen, cx, cy, rx, ry):
    kx, ky = rx * KAPPA, ry * KAPPA
    pen.moveTo((cx, cy - ry))
    pen.curveTo((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy))
    pen.curveTo((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry))
    pen.curveTo((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy))
    pen.curveTo((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry))
    pen.closePath()


def ring(pen, cx, cy, rx, ry, stem):
    ellipse(pen, cx, cy, rx, ry)
    ellipse(ReverseContourPen(pen), cx, cy, rx - stem, ry - stem * 0.8)


GLYPHS = {
    # name: (unicode, width, outline drawer, bubble drawer)
    "H": (0x48, 700,
          lambda p: (rect(p, 80, 0, 170, 700), rect(p, 530, 0, 620, 700), rect(p, 170, 310, 530, 390)),
          lambda p: rect(p, 0, 0, 700, 700)),
    "O": (0x4F, 740, lambda p: ring(p, 370, 350, 310, 360, 90), lambda p: ellipse(p, 370, 350, 370, 390)),
    "A": (0x41, 720,
          lambda p: (polygon(p, (20, 0), (120, 0), (185, 200), (535, 200), (600, 0), (700, 0), (410, 700), (310, 700)),
                     polygon(p, (215, 290), (360, 600), (505, 290))),
          lambda p: polygon(p, (0, 0), (720, 0), (520, 720), (200, 720))),
    "V": (0x56, 700,
          lambda p: polygon(p, (0, 700), (100, 700), (350, 110), (600, 700), (700, 700), (400, 0), (300, 0)),
          lambda p: polygon(p, (0, 720), (700, 720), (520, 0), (180, 0))),
    "T": (0x54, 640,
          lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610)),
          lambda p: polygon(p, (0, 720), (640, 720), (640, 580), (480, 520), (480, 0), (160, 0), (160, 520), (0, 580))),
    "L": (0x4C, 600,
          lambda p: polygon(p, (80, 0), (560, 0), (560, 90), (170, 90), (170, 700), (80, 700)),
          lambda p: polygon(p, (0, 0), (600, 0), (600, 160), (300, 240), (300, 720), (0, 720))),
    "Y": (0x59, 680,
          lambda p: polygon(p, (0, 700), (105, 700), (340, 390), (575, 700), (680, 700), (385, 320), (385, 0), (295, 0), (295, 320)),
          lambda p: polygon(p, (0, 720), (680, 720), (500, 330), (500, 0), (180, 0), (180, 330))),
    "o": (0x6F, 560, lambda p: ring(p, 280, 250, 230, 260, 80), lambda p: ellipse(p, 280, 250, 280, 280)),
    "n": (0x6E, 580,
          lambda p: (rect(p, 70, 0, 160, 500),
                     (p.moveTo((160, 380)), p.curveTo((200, 450), (250, 510), (330, 510)),
                      p.curveTo((450, 510), (510, 440), (510, 330)), p.lineTo((510, 0)), p.lineTo((420, 0)),
                      p.lineTo((420, 320)), p.curveTo((420, 390), (390, 425), (330, 425)),
                      p.curveTo((260, 425), (200, 380), (160, 310)), p.closePath())),
          lambda p: (p.moveTo((0, 0)), p.lineTo((580, 0)), p.lineTo((580, 360)),
                     p.curveTo((580, 480), (490, 540), (340, 540)), p.lineTo((0, 540)), p.closePath())),
    "v": (0x76, 540,
          lambda p: polygon(p, (0, 500), (95, 500), (270, 100), (445, 500), (540, 500), (320, 0), (220, 0)),
          lambda p: polygon(p, (0, 520), (540, 520), (400, 0), (140, 0))),
    "period": (0x2E, 260, lambda p: rect(p, 80, 0, 180, 100), lambda p: ellipse(p, 130, 50, 130, 90)),
    "quoteright": (0x2019, 260,
                   lambda p: polygon(p, (90, 700), (180, 700), (170, 520), (110, 460), (90, 480), (120, 530)),
                   lambda p: ellipse(p, 130, 590, 130, 150)),
    # a combining mark: no advance of its own, drawn left of its origin over the glyph before it
    "acutecomb": (0x301, 0,
                  lambda p: polygon(p, (-210, 740), (-130, 740), (-10, 880), (-110, 880)),
                  lambda p: polygon(p, (-260, 720), (-100, 720), (40, 900), (-150, 900))),
    "space": (0x20, 250, None, None),
}


def build(target: Path = TARGET) -> Path:
    font = RFont()
    font.info.familyName = "BubbleKern Demo"
    font.info.styleName = "Regular"
    font.info.unitsPerEm = 1000
    font.info.ascender = 750
    font.info.descender = -250
    font.info.capHeight = 700
    font.info.xHeight = 500
    font.info.versionMajor, font.info.versionMinor = 1, 0
    font.info.copyright = "Made for BubbleKern's demo; Apache-2.0."
    bubbles = font.newLayer("bubble")
    bubbles.color = (0.2, 0.6, 1.0, 0.5)
    for name, (code, width, outline, bubble) in GLYPHS.items():
        glyph = font.newGlyph(name)
        glyph.unicode = code
        glyph.width = width
        if outline:
            outline(glyph.getPen())
        if bubble:
            layer_glyph = bubbles.newGlyph(name)
            layer_glyph.width = width
            bubble(layer_glyph.getPen())
    composite = font.newGlyph("Aacute")
    composite.unicode = 0xC1
    composite.width = font["A"].width
    composite.appendComponent("A")
    composite.appendComponent("acutecomb", offset=(520, 0))
    font.glyphOrder = list(GLYPHS) + ["Aacute"]
    font.lib["com.bubblekern.demo"] = True
    if target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))
    return target


if __name__ == "__main__":
    print(build())
