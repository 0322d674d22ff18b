"""Time bubble generation: ``make_bubbles`` over a 600-glyph font, in glyphs per second.

    python benchmarks/bench_generate.py              # a synthetic 600-glyph font
    python benchmarks/bench_generate.py Font.ufo     # a real font (read only, nothing is saved)
    python benchmarks/bench_generate.py --shared     # the synthetic font, then each font in ../shared/fonts

With ``--shared`` every TrueType font in ``../shared/fonts`` (or ``--fonts DIR``) is read (its outlines as they are,
quadratic, components decomposed; ``--limit N`` takes its first N glyphs) and generated with
the default settings, side by side with the synthetic font in the same run; glyphs whose
bubble could not be built are counted.

The synthetic font has straight, round, diagonal and overhanging outlines with counters
and serifs, one glyph in six a composite; it is generated with the default settings
(composites inherit) and again with ``include_composites`` and ``adhere="nudge"``.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from fontParts.fontshell import RFont
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.reverseContourPen import ReverseContourPen
from fontTools.pens.transformPen import TransformPen

from bubblekern import Settings, kern_pairs, open_font
from bubblekern.generate import GenerateSettings, make_bubbles

KAPPA = 0.5522847498
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "fonts"


def _rect(pen, x0, y0, x1, y1):
    pen.moveTo((x0, y0))
    pen.lineTo((x1, y0))
    pen.lineTo((x1, y1))
    pen.lineTo((x0, y1))
    pen.closePath()


def _ellipse(pen, cx, cy, rx, ry, reverse=False):
    if reverse:
        pen = ReverseContourPen(pen)
    kx, ky = rx * KAPPA, ry * KAPPA
    pen.moveTo((cx, cy - ry))
    pen.curveTo((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy))
    pen.curveTo((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry))
    pen.curveTo((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy))
    pen.curveTo((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry))
    pen.closePath()


def _serif_h(pen):
    _rect(pen, 110, 0, 200, 700)
    _rect(pen, 520, 0, 610, 700)
    _rect(pen, 200, 320, 520, 390)
    for y0, y1 in ((0, 30), (670, 700)):
        _rect(pen, 50, y0, 260, y1)
        _rect(pen, 460, y0, 670, y1)


def _o(pen):
    _ellipse(pen, 280, 250, 240, 260)
    _ellipse(pen, 280, 250, 150, 190, reverse=True)


def _v(pen):
    pen.moveTo((0, 700))
    for point in ((100, 700), (350, 110), (600, 700), (700, 700), (400, 0), (300, 0)):
        pen.lineTo(point)
    pen.closePath()


def _f(pen):
    _rect(pen, 90, 0, 180, 600)
    _rect(pen, 20, 420, 300, 490)
    pen.moveTo((180, 560))
    pen.lineTo((180, 600))
    pen.curveTo((180, 640), (200, 660), (240, 660))
    pen.lineTo((380, 660))
    pen.lineTo((380, 740))
    pen.lineTo((240, 740))
    pen.curveTo((150, 740), (90, 700), (90, 620))
    pen.lineTo((90, 560))
    pen.closePath()


SHAPES = [(720, _serif_h), (560, _o), (700, _v), (340, _f), (600, lambda p: _rect(p, 80, 0, 520, 500))]


def synthetic_font(count: int = 600) -> RFont:
    font = RFont()
    font.info.unitsPerEm = 1000
    names = []
    for i in range(count):
        name = f"g{i:04d}"
        glyph = font.newGlyph(name)
        names.append(name)
        width, draw = SHAPES[i % len(SHAPES)]
        if i % 6 == 5:
            glyph.width = width
            glyph.getPen().addComponent(f"g{i - 5:04d}", (1, 0, 0.1 * (i % 3), 1, 10, 0))
            continue
        scale = 0.8 + 0.05 * (i % 7)
        glyph.width = round(width * scale)
        draw(TransformPen(glyph.getPen(), (scale, 0, 0.02 * (i % 5), 1, 15 * (i % 4), 0)))
    font.glyphOrder = names
    return font


def truetype_font(path: Path, limit: int | None = None) -> RFont:
    """A fontParts font of a TrueType font's glyphs (first ``limit``): outlines decomposed, advances, Unicode values."""
    from fontTools.ttLib import TTFont

    tt = TTFont(path)
    glyphset = tt.getGlyphSet()
    hmtx = tt["hmtx"]
    codes: dict[str, int] = {}
    for code, name in sorted(tt.getBestCmap().items()):
        codes.setdefault(name, code)
    font = RFont()
    font.info.unitsPerEm = tt["head"].unitsPerEm
    font.info.italicAngle = float(tt["post"].italicAngle)
    names = tt.getGlyphOrder()[:limit]
    for name in names:
        glyph = font.newGlyph(name)
        pen = DecomposingRecordingPen(glyphset)
        glyphset[name].draw(pen)
        pen.replay(glyph.getPen())
        glyph.width = hmtx[name][0]
        if name in codes:
            glyph.unicode = codes[name]
    font.glyphOrder = names
    return font


def bench(font, settings: GenerateSettings, label: str) -> float:
    start = time.perf_counter()
    report = make_bubbles(font, settings=settings)
    seconds = time.perf_counter() - start
    done = len(report.written) + len(report.unchanged)
    rate = done / seconds if seconds else math.inf
    failed = report.skipped_with("failed")
    print(
        f"{label:<36} {done:5d} bubbles in {seconds:6.2f} s = {rate:7.1f} glyphs/s"
        f"  ({len(report.skipped)} skipped{f', {len(failed)} failed: ' + ', '.join(failed[:8]) if failed else ''})"
    )
    return rate


def shared(limit: int | None, folder: Path = SHARED) -> None:
    paths = sorted(folder.glob("*.ttf")) if folder.is_dir() else []
    if not paths:
        print(f"{folder} holds no .ttf: no real fonts to time")
        return
    rates = []
    for path in paths:
        font = truetype_font(path, limit)
        rates.append(bench(font, GenerateSettings(layer="bench-default"), f"{path.stem} ({len(font)} glyphs)"))
    print(f"{'real fonts, slowest … fastest':<36} {min(rates):.1f} … {max(rates):.1f} glyphs/s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("font", nargs="?", help="a UFO to time instead of the synthetic font (not saved)")
    parser.add_argument("--count", type=int, default=600, help="glyphs in the synthetic font (default: 600)")
    parser.add_argument("--shared", action="store_true", help="also time each font in ../shared/fonts")
    parser.add_argument("--limit", type=int, metavar="N", help="with --shared: the first N glyphs of each font")
    parser.add_argument("--fonts", metavar="DIR", type=Path, default=SHARED, help="with --shared: another folder of .ttf")
    args = parser.parse_args(argv)
    font = open_font(args.font) if args.font else synthetic_font(args.count)
    print(f"{args.font or 'synthetic font'}: {len(font)} glyphs")
    bench(font, GenerateSettings(layer="bench-default"), "default (trim, round)")
    if args.shared:
        shared(args.limit, args.fonts)
        return
    bench(font, GenerateSettings(layer="bench-nudge", adhere="nudge", include_composites=True),
          "nudge + composites")
    bench(font, GenerateSettings(layer="bench-miter", corner="miter", corner_radius=20, offset_y=40),
          "miter + corner radius 20, 60 × 40")
    names = font.glyphOrder[:60]
    start = time.perf_counter()
    result = kern_pairs(font, [(a, b) for a in names for b in names], Settings(layer="bench-default"))
    print(f"{'then kerning 60 × 60 pairs':<36} {len(result):5d} pairs in {time.perf_counter() - start:6.2f} s")


if __name__ == "__main__":
    main()
