"""BubbleKern beside FontForge's AutoKern on the same glyphs (not a test).

    python benchmarks/bench_fontforge.py [--glyphs 600] [--fontforge-glyphs 150]

The synthetic font of ``bench_kern.py`` gets its bubbles copied into the default layer
as outlines, so both tools see the same shapes. BubbleKern kerns all pairs; FontForge's
``font.autoKern`` runs in Debian's Python (package ``python3-fontforge``, run with the
system python) on the first ``--fontforge-glyphs`` glyphs (all by default); the
comparison is in pairs per second. Without FontForge the script says so and shows
BubbleKern alone.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_kern import build_font  # noqa: E402

from bubblekern import kern_pairs  # noqa: E402

FONTFORGE_SCRIPT = r"""
import json, sys, time
import fontforge
path, count = sys.argv[1], int(sys.argv[2])
font = fontforge.open(path)
names = [g.glyphname for g in font.glyphs() if g.foreground or g.references][:count]
font.addLookup("kern", "gpos_pair", None, (("kern", (("latn", ("dflt",)),)),))
font.addLookupSubtable("kern", "kern-1")
started = time.perf_counter()
font.autoKern("kern-1", 100, names, names)
seconds = time.perf_counter() - started
print(json.dumps({"pairs": len(names) ** 2, "seconds": seconds}))
"""


def system_python_with_fontforge() -> str | None:
    for python in ("/usr/bin/python3", shutil.which("python3")):
        if python and subprocess.run([python, "-c", "import fontforge"], capture_output=True).returncode == 0:
            return python
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glyphs", type=int, default=600)
    parser.add_argument("--fontforge-glyphs", type=int, default=600)
    args = parser.parse_args()

    font = build_font(args.glyphs)
    bubble_layer = font.getLayer("bubble")
    for glyph in font:
        if glyph.name in bubble_layer:
            bubble_layer[glyph.name].draw(glyph.getPen())
    from bubblekern import FontBubbles

    bubbles = FontBubbles(font)
    started = time.perf_counter()
    result = kern_pairs(font, bubbles=bubbles)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    kern_pairs(font, bubbles=bubbles)
    warm = time.perf_counter() - started
    rows = [
        ("BubbleKern, reading bubbles too", len(result), cold),
        ("BubbleKern, profiles cached", len(result), warm),
    ]

    python = system_python_with_fontforge()
    if python is None:
        print("FontForge is not available (apt-get install python3-fontforge); BubbleKern alone:")
    else:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "Bench.ufo"
            font.save(str(path))
            done = subprocess.run(
                [python, "-c", FONTFORGE_SCRIPT, str(path), str(args.fontforge_glyphs)],
                capture_output=True, text=True, timeout=3600,
            )
        if done.returncode:
            print(f"FontForge failed: {done.stderr.strip()[-500:]}")
        else:
            data = json.loads(done.stdout.strip().splitlines()[-1])
            rows.append((f"FontForge AutoKern ({args.fontforge_glyphs} glyphs)", data["pairs"], data["seconds"]))

    print(f"{'tool':40} {'pairs':>12} {'seconds':>9} {'pairs/s':>14}")
    for tool, pairs, seconds in rows:
        print(f"{tool:40} {pairs:>12,} {seconds:9.3f} {pairs / seconds:>14,.0f}")
    if len(rows) == 3:
        theirs = rows[2][1] / rows[2][2]
        for tool, pairs, seconds in rows[:2]:
            print(f"{tool}: {pairs / seconds / theirs:.2f}× FontForge's pairs per second")


if __name__ == "__main__":
    main()
