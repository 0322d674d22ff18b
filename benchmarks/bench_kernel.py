"""Time the numpy kernel beside the plain-Python one (numpy blocked) on the same font (not a test).

    python benchmarks/bench_kernel.py [--glyphs 600] [--repeat 3]

Builds bench_kern.py's synthetic font, then in this process (numpy) and in a child process
with numpy really blocked (as inside RoboFont) times: reading bubbles and band profiles,
the all-pairs solve (``kernel.solve``: gaps, bands, values, masks), the whole ``kern_pairs``
with profiles cached, and the 2 × N pairs of one edited glyph (what the kerning window
re-kerns). The first glyphs are given the characters of capitals, lowercase letters and punctuation,
so the value model's rules by kind of glyph run too. The child's values (the solver's and ``kern_pairs``') must
equal this process's, or the benchmark fails.
Times are CPU seconds of the process (best of ``--repeat``), steadier than wall time on a
shared machine; the kernels run on one thread.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.abc
import json
import math
import platform
import string
import subprocess
import sys
import time
from pathlib import Path

BLOCK_FLAG = "--without-numpy"


class _BlockNumpy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "numpy":
            raise ModuleNotFoundError("No module named 'numpy' (blocked by the benchmark)", name=name)
        return None


LETTERS = string.ascii_uppercase + string.ascii_lowercase + ".,:;-'\"!?()"
"""The characters given to the synthetic font's first glyphs, so that the value model's kind-based rules run."""


def best_of(repeat: int, function):
    best, value = math.inf, None
    for _ in range(repeat):
        started = time.process_time()
        value = function()
        best = min(best, time.process_time() - started)
    return value, best


def measure(glyphs: int, repeat: int) -> dict:
    """Timings and a digest of every value, in whichever kernel this process has."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_kern import build_font

    from bubblekern import FontBubbles, Settings, kern_pairs, kernel

    font = build_font(glyphs)
    for name, char in zip(sorted(font.keys()), LETTERS):  # capitals, lowercase and punctuation: every context's rules
        font[name].unicodes = [ord(char)]
    settings = Settings()
    bubbles = FontBubbles(font, settings)
    started = time.process_time()
    names = bubbles.kernable_glyphs()
    profiles = bubbles.profiles(names)
    read = time.process_time() - started
    matrix = kernel.ProfileMatrix.build(profiles, bubbles.widths(names))
    left, right = kernel.all_rows(len(names))
    solved, solve = best_of(repeat, lambda: kernel.solve(matrix, left, right, settings))
    result, whole = best_of(repeat, lambda: kern_pairs(font, bubbles=bubbles))
    edited = names[len(names) // 2]
    pairs = [(edited, n) for n in names] + [(n, edited) for n in names if n != edited]
    _, one = best_of(repeat, lambda: kern_pairs(font, pairs, bubbles=bubbles))
    gaps, bands, values, failsafe, kept = (column.tolist() for column in solved)
    masks = [[int(x) for x in mask] for mask in (failsafe, kept)]  # numpy bools, 0/1 without numpy
    kerned = [float(v) for v in result.values.tolist()]  # the value model's kerns, beyond the solver's collisions
    digest = hashlib.sha256(json.dumps([gaps, bands, values, *masks, kerned]).encode()).hexdigest()
    return {
        "backend": kernel.BACKEND,
        "numpy loaded": "numpy" in sys.modules,
        "glyphs": len(names),
        "pairs": len(left),
        "edit pairs": len(pairs),
        "read": read,
        "solve": solve,
        "kern_pairs": whole,
        "one glyph": one,
        "digest": digest,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glyphs", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(BLOCK_FLAG, action="store_true", help="(internal) run with numpy blocked, print JSON")
    args = parser.parse_args()
    if args.without_numpy:
        sys.meta_path.insert(0, _BlockNumpy())
        print(json.dumps(measure(args.glyphs, args.repeat)))
        return
    fast = measure(args.glyphs, args.repeat)
    child = subprocess.run(
        [sys.executable, __file__, BLOCK_FLAG, "--glyphs", str(args.glyphs), "--repeat", str(args.repeat)],
        capture_output=True, text=True, check=True,
    )
    plain = json.loads(child.stdout)
    assert fast["backend"] == "numpy" and plain["backend"] == "python" and not plain["numpy loaded"]
    if plain["digest"] != fast["digest"]:
        raise SystemExit("the plain kernel's values differ from numpy's")

    print("CPU seconds, best of", args.repeat)
    print(f"BubbleKern kernels — {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{fast['glyphs']} glyphs, {fast['pairs']:,} pairs; identical values in both")
    print(f"{'what':38} {'numpy':>9} {'plain':>9} {'plain/numpy':>12}  plain rate")
    for key, what, count in (
        ("read", "bubbles + profiles (same code)", fast["glyphs"]),
        ("solve", "all pairs: kernel.solve", fast["pairs"]),
        ("kern_pairs", "all pairs: kern_pairs, cached", fast["pairs"]),
        ("one glyph", f"one glyph's {fast['edit pairs']:,} pairs", fast["edit pairs"]),
    ):
        unit = "glyphs/s" if key == "read" else "pairs/s"
        print(f"{what:38} {fast[key]:9.3f} {plain[key]:9.3f} {plain[key] / fast[key]:11.1f}×  "
              f"{count / plain[key]:,.0f} {unit}")


if __name__ == "__main__":
    main()
