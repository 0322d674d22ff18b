"""The whole kerning process, BubbleKern's way and the original loop's way, side by side (not a test).

    python benchmarks/bench_loop.py [--glyphs 600] [--keep DIR]

Both start from the same UFO on disk (the synthetic font of ``bench_kern.py``: polygon and
curve bubbles, a tenth of the glyphs composites) and end with a saved UFO holding the kerning
of all pairs:

- **bubblekern**: ``bubblekern kern FONT.ufo --flat --all-glyphs --max-entries 0``, the
  command line in this process (read, bubbles, band profiles, the vectorised solve, one bulk
  kerning write, the atomic save);
- **original loop**: a plain-Python port of the original BubbleKern's method, written here for
  the comparison: each bubble flattened to line segments and cut by **one scanline in the
  middle of each band**, the extents kept in **a dict per glyph** (band → (left, right)), then
  **a Python loop over every pair** and its shared bands, and each kept value set **pair by
  pair** through ``font.kerning``, then ``font.save()``.

Both apply the same rules (the negative cap of half the narrower advance, ``min_kern``), so
they write about the same number of pairs; the values differ a little where a band's extent
lies off its middle scanline. The ratio of the wall times is printed (target: at least 3×).
"""

from __future__ import annotations

import argparse
import math
import platform
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from fontParts.fontshell import RFont
from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_kern import build_font  # noqa: E402

from bubblekern.cli import main as bubblekern  # noqa: E402

BAND = 20.0
MIN_KERN = 5


class _FlatPen(BasePen):
    """Line segments of a drawing, curves cut into straight steps."""

    def __init__(self, glyphset=None, steps: int = 16):
        super().__init__(glyphset)
        self.segments: list[tuple[float, float, float, float]] = []
        self.steps = steps
        self._start = None

    def _moveTo(self, pt):
        self._start = pt

    def _lineTo(self, pt):
        x0, y0 = self._getCurrentPoint()
        self.segments.append((x0, y0, pt[0], pt[1]))

    def _curveToOne(self, p1, p2, p3):
        x0, y0 = self._getCurrentPoint()
        previous = (x0, y0)
        for i in range(1, self.steps + 1):
            t = i / self.steps
            u = 1 - t
            x = u**3 * x0 + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
            y = u**3 * y0 + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
            self.segments.append((previous[0], previous[1], x, y))
            previous = (x, y)

    def _closePath(self):
        current = self._getCurrentPoint()
        if self._start is not None and current != self._start:
            self.segments.append((current[0], current[1], self._start[0], self._start[1]))

    _endPath = _closePath


def _draw_bubble(font, name, pen, transformation=(1, 0, 0, 1, 0, 0), depth=0):
    """The glyph's bubble contours, and its components' bubbles moved as the components are."""
    bubble = font.getLayer("bubble")
    if name in bubble:
        bubble[name].draw(TransformPen(pen, transformation) if transformation != (1, 0, 0, 1, 0, 0) else pen)
    if depth > 20:
        return
    for component in font[name].components:
        a, b, c, d, e, f = component.transformation
        ta, tb, tc, td, te, tf = transformation
        combined = (a * ta + b * tc, a * tb + b * td, c * ta + d * tc, c * tb + d * td,
                    e * ta + f * tc + te, e * tb + f * td + tf)
        _draw_bubble(font, component.baseGlyph, pen, combined, depth + 1)


def scanline_profile(font, name, band: float) -> dict[int, tuple[float, float]]:
    """Band index → (left, right) where the bubble crosses the band's middle line."""
    pen = _FlatPen()
    _draw_bubble(font, name, pen)
    profile: dict[int, tuple[float, float]] = {}
    if not pen.segments:
        return profile
    low = min(min(s[1], s[3]) for s in pen.segments)
    high = max(max(s[1], s[3]) for s in pen.segments)
    for index in range(math.floor(low / band), math.ceil(high / band)):
        y = (index + 0.5) * band
        xs = []
        for x0, y0, x1, y1 in pen.segments:
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        if xs:
            profile[index] = (min(xs), max(xs))
    return profile


def original_loop(path: Path) -> tuple[int, dict[str, float]]:
    """The whole process the original way; returns the pairs written and the time per phase."""
    times: dict[str, float] = {}
    started = time.perf_counter()
    font = RFont(str(path))
    names = list(font.glyphOrder)
    times["read"] = time.perf_counter() - started
    started = time.perf_counter()
    profiles = {name: scanline_profile(font, name, BAND) for name in names}
    widths = {name: font[name].width for name in names}
    names = [n for n in names if profiles[n]]
    times["bubbles"] = time.perf_counter() - started
    started = time.perf_counter()
    kerning = {}
    for left in names:
        right_room = {k: widths[left] - r for k, (_, r) in profiles[left].items()}
        for right in names:
            gap = math.inf
            for k, (lx, _) in profiles[right].items():
                room = right_room.get(k)
                if room is not None and room + lx < gap:
                    gap = room + lx
            cap = math.floor(max(min(widths[left], widths[right]), 0) / 2)
            value = -cap if gap == math.inf else max(-gap, -cap)
            value = int(math.copysign(math.floor(abs(value) + 0.5), value))
            if value and abs(value) >= MIN_KERN:
                kerning[(left, right)] = value
    times["solve"] = time.perf_counter() - started
    started = time.perf_counter()
    for pair, value in kerning.items():
        font.kerning[pair] = value
    times["write"] = time.perf_counter() - started
    started = time.perf_counter()
    font.save()
    times["save"] = time.perf_counter() - started
    return len(kerning), times


def ours(path: Path) -> float:
    started = time.perf_counter()
    code = bubblekern(["kern", str(path), "--flat", "--all-glyphs", "--max-entries", "0"])
    if code:
        raise SystemExit(f"bubblekern kern failed with {code}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glyphs", type=int, default=600)
    parser.add_argument("--keep", metavar="DIR", help="keep the UFOs in DIR (default: a temporary folder)")
    args = parser.parse_args()

    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bubblekern-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "Bench.ufo"
    font = build_font(args.glyphs)
    font.save(str(source))
    mine, theirs = folder / "Bubblekern.ufo", folder / "Loop.ufo"
    for copy in (mine, theirs):
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(source, copy)

    ours_seconds = ours(mine)
    written, loop_times = original_loop(theirs)
    loop_seconds = sum(loop_times.values())
    ours_pairs = len(RFont(str(mine)).kerning)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print()
    print(f"whole process, {args.glyphs} glyphs, all pairs — {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    print(f"{'':16} {'pairs written':>14} {'seconds':>9}")
    print(f"{'bubblekern':16} {ours_pairs:>14,} {ours_seconds:9.2f}")
    print(f"{'original loop':16} {written:>14,} {loop_seconds:9.2f}   "
          + ", ".join(f"{k} {v:.2f}" for k, v in loop_times.items()))
    print(f"ratio: bubblekern is {loop_seconds / ours_seconds:.1f}× faster (target ≥ 3×); peak RSS {peak:.0f} MiB")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
