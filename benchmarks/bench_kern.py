"""Time all-pairs kerning of a synthetic font with bubbles (not a test).

    python benchmarks/bench_kern.py [--glyphs 600] [--repeat 3]

Builds a font of N glyphs whose bubbles mix polygons and curves (a tenth of them
composites), then times: reading bubbles and band profiles (cold), the all-pairs solve,
a second run with every profile cached, and the run after one glyph changed.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import resource
import time

from fontParts.fontshell import RFont

from bubblekern import FontBubbles, Settings, kern_pairs

KAPPA = 0.5522847498


def build_font(count: int, seed: int = 1) -> RFont:
    rng = random.Random(seed)
    font = RFont()
    font.info.unitsPerEm = 1000
    layer = font.newLayer("bubble")
    names = [f"g{i:04d}" for i in range(count)]
    for i, name in enumerate(names):
        glyph = font.newGlyph(name)
        glyph.width = rng.randint(250, 900)
        if i >= 20 and i % 10 == 0:  # composites inherit their bubbles
            base = names[rng.randrange(20)]
            glyph.appendComponent(base, offset=(rng.randint(-30, 30), 0))
            glyph.appendComponent(names[rng.randrange(20)], offset=(rng.randint(0, 200), 720), scale=(0.5, 0.3))
            continue
        pen = layer.newGlyph(name).getPen()
        bottom = rng.choice((-250, -20, 0, 0, 0, 300))
        top = rng.choice((500, 520, 700, 720, 760))
        if i % 2:
            # polygon: a stack of rows with random left/right edges
            rows = rng.randint(3, 8)
            ys = [bottom + (top - bottom) * k / (rows - 1) for k in range(rows)]
            left = [rng.uniform(0, glyph.width * 0.4) for _ in ys]
            right = [rng.uniform(glyph.width * 0.6, glyph.width) for _ in ys]
            pen.moveTo((left[0], ys[0]))
            for x, y in zip(right, ys):
                pen.lineTo((x, y))
            for x, y in zip(reversed(left), reversed(ys)):
                pen.lineTo((x, y))
            pen.closePath()
        else:
            cx, cy = glyph.width / 2, (top + bottom) / 2
            rx, ry = glyph.width / 2 * rng.uniform(0.8, 1.05), (top - bottom) / 2
            kx, ky = rx * KAPPA, ry * KAPPA
            pen.moveTo((cx, cy - ry))
            pen.curveTo((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy))
            pen.curveTo((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry))
            pen.curveTo((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy))
            pen.curveTo((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry))
            pen.closePath()
    font.glyphOrder = names
    return font


def timed(function):
    started = time.perf_counter()
    value = function()
    return value, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glyphs", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    font, built = timed(lambda: build_font(args.glyphs))
    settings = Settings()
    rows = []
    bubbles = FontBubbles(font, settings)
    names, cold_profiles = timed(lambda: bubbles.glyphs_with_bubbles())
    _, profile_time = timed(lambda: bubbles.profiles(names))
    rows.append(("bubbles + profiles, cold", f"{len(names)} glyphs", cold_profiles + profile_time,
                 f"{(cold_profiles + profile_time) / len(names) * 1000:.2f} ms/glyph"))
    best = math.inf
    result = None
    for _ in range(args.repeat):
        result, seconds = timed(lambda: kern_pairs(font, bubbles=bubbles))
        best = min(best, seconds)
    pairs = len(result)
    rows.append(("all pairs, profiles cached", f"{pairs:,} pairs", best, f"{pairs / best:,.0f} pairs/s"))
    layer_glyph = font.getLayer("bubble")[names[1]]
    layer_glyph.moveBy((5, 0))
    before = bubbles.misses
    _, seconds = timed(lambda: kern_pairs(font, bubbles=bubbles))
    redone = bubbles.misses - before
    rate = 1 - redone / len(names)
    rows.append(("all pairs after one glyph edit", f"{redone} profiles redone", seconds, f"cache hit rate {rate:.1%}"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"BubbleKern benchmark — {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, font built in {built:.2f} s")
    print(f"{'what':34} {'size':>22} {'seconds':>9}  rate")
    for what, size, seconds, rate in rows:
        print(f"{what:34} {size:>22} {seconds:9.3f}  {rate}")
    print(f"peak memory (max RSS): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
