"""Fonts with outlines, bubbles, cmap and kern groups for the group/export/master tests."""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

import helpers
from helpers import ellipse, polygon, rect

K1, K2 = "public.kern1.", "public.kern2."

GROUPS = {
    K1 + "O": ["O", "Q", "C"],
    K2 + "O": ["O", "Q", "C"],
    K1 + "H": ["H", "I"],
    K2 + "H": ["H", "I"],
    K1 + "V": ["V", "W"],
    K2 + "V": ["V", "W"],
    K1 + "o": ["o", "e"],
    K2 + "o": ["o", "e"],
}


def _shapes(grow: float):
    """name → (width, unicode, outline, bubble); ``grow`` widens bubbles (a bolder master)."""
    g = grow
    return {
        "H": (700, 0x48, partial(rect, x0=80, y0=0, x1=620, y1=700), partial(rect, x0=40 - g, y0=0, x1=660 + g, y1=700)),
        "I": (300, 0x49, partial(rect, x0=100, y0=0, x1=200, y1=700), partial(rect, x0=40 - g, y0=0, x1=260 + g, y1=700)),
        "O": (740, 0x4F, partial(ellipse, cx=370, cy=350, rx=310, ry=360),
              partial(ellipse, cx=370, cy=350, rx=350 + g, ry=380)),
        "Q": (740, 0x51, partial(ellipse, cx=370, cy=350, rx=310, ry=360),
              partial(ellipse, cx=370, cy=350, rx=350 + g, ry=380)),
        "C": (680, 0x43, partial(ellipse, cx=370, cy=350, rx=300, ry=360),
              lambda pen, g=g: polygon(pen, (20 - g, 350), (370, -20), (560 + g, 80), (560 + g, 620), (370, 720))),
        "V": (700, 0x56, partial(polygon_v, w=700, inset=0), partial(polygon_v, w=700, inset=-g)),
        "W": (900, 0x57, partial(polygon_v, w=900, inset=0), partial(polygon_v, w=900, inset=-g)),
        "T": (640, 0x54, lambda p: (rect(p, 20, 610, 620, 700), rect(p, 275, 0, 365, 610)),
              lambda p, g=g: (rect(p, -g, 590, 640 + g, 720), rect(p, 250 - g, 0, 390 + g, 590))),
        "o": (560, 0x6F, partial(ellipse, cx=280, cy=250, rx=230, ry=260),
              partial(ellipse, cx=280, cy=250, rx=260 + g, ry=270)),
        "e": (560, 0x65, partial(ellipse, cx=280, cy=250, rx=230, ry=260),
              lambda p, g=g: polygon(p, (20 - g, 250), (280, -20), (540 + g, 120), (540 + g, 400), (280, 520))),
        "period": (260, 0x2E, partial(rect, x0=80, y0=0, x1=180, y1=100),
                   partial(rect, x0=80 - 5 * g, y0=0, x1=180 + 5 * g, y1=100)),
    }


def polygon_v(pen, w, inset):
    polygon(pen, (inset, 700), (w - inset, 700), (w / 2 + 50, 0), (w / 2 - 50, 0))


def shipping_font(grow: float = 0.0, groups: bool = True, style: str = "Regular"):
    """A font of 11 glyphs with outlines, bubbles and unicodes; with ``groups``, kern groups too."""
    font = helpers.new_font()
    font.info.styleName = style
    font.info.capHeight, font.info.xHeight, font.info.ascender, font.info.descender = 700, 500, 750, -250
    for name, (width, code, outline, bubble) in _shapes(grow).items():
        helpers.add_glyph(font, name, width, bubble=bubble, outline=outline, unicode=code)
    font.glyphOrder = list(_shapes(grow))
    if groups:
        for name, members in GROUPS.items():
            font.groups[name] = members
    return font


def binary(ttfont) -> bytes:
    stream = io.BytesIO()
    ttfont.save(stream)
    return stream.getvalue()


def shaped_advances(data: bytes, pairs, cmap) -> dict:
    """HarfBuzz (kern on): pair → the pair's total advance (HarfBuzz splits a legacy kern table's
    value between the two glyphs, so the sum is what both kinds of kerning agree on)."""
    import uharfbuzz as hb

    font = hb.Font(hb.Face(data))
    out = {}
    for left, right in pairs:
        buffer = hb.Buffer()
        buffer.add_codepoints([cmap[left], cmap[right]])
        buffer.guess_segment_properties()
        hb.shape(font, buffer, {"kern": True})
        out[(left, right)] = sum(p.x_advance for p in buffer.glyph_positions)
    return out


GROW = 30  # the bold master's bubbles are 30 units wider a side (period's 150)


def make_family(folder: Path, groups: bool = True, sparse: bool = False, missing: bool = False) -> Path:
    """Family.designspace with a Light and a Bold master (optionally a sparse layer or a missing source)."""
    light = shipping_font(0, groups, "Light")
    bold = shipping_font(GROW, groups, "Bold")
    helpers.save(light, folder, "Family-Light.ufo")
    helpers.save(bold, folder, "Family-Bold.ufo")
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor

    doc = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.name, axis.tag, axis.minimum, axis.default, axis.maximum = "Weight", "wght", 300, 300, 700
    doc.addAxis(axis)
    entries = [("Family-Light.ufo", 300, None), ("Family-Bold.ufo", 700, None)]
    if sparse:
        entries.append(("Family-Light.ufo", 500, "support"))
    if missing:
        entries.append(("Family-Black.ufo", 650, None))
    for filename, weight, layer in entries:
        source = SourceDescriptor()
        source.filename = filename
        source.path = str(folder / filename)
        source.location = {"Weight": weight}
        source.layerName = layer
        source.name = f"{filename}:{layer or 'default'}"
        doc.addSource(source)
    path = folder / "Family.designspace"
    doc.write(str(path))
    return path
