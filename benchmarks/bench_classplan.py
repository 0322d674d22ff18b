"""Time the plain-Python class planner beside the numpy one on a real grouped font (not a test).

    python benchmarks/bench_classplan.py [--ufo PATH] [--repeat 3] [--budget 25000]

What the RoboFont kerning window's **Kern All Pairs** and **Apply** do on a font with kern groups:
the default pair set solved with the font's settings, then its class kerning planned by
:func:`bubblekern.classkern.plan_classes` (numpy, glyph × glyph matrices) and by
:func:`bubblekern.classkern_plain.plan_classes` (plain Python, the class pairs a run rewrites; what
the window uses where RoboFont's Python has no numpy), with the window's tolerances and entry limit.
Both plans must be equal, entry for entry and in order, or the benchmark fails. It plans in
``update`` and ``replace`` mode, and once more with a small budget (the binary search over
tolerances). Times are CPU seconds, best of ``--repeat``.

The default font is Noto Sans with generated bubbles, as ``bench_realfont.py`` caches it (run that
once first: ``python benchmarks/bench_realfont.py --font ../shared/fonts/NotoSans-Regular.ttf``).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from pathlib import Path

DEFAULT_UFO = Path.home() / ".cache" / "bubblekern-bench" / "NotoSans-Regular-bubbles-60x40.ufo"


def best_of(repeat: int, function):
    best, value = math.inf, None
    for _ in range(repeat):
        started = time.process_time()
        value = function()
        best = min(best, time.process_time() - started)
    return value, best


def comparable(plan) -> tuple:
    fields = dataclasses.asdict(plan)
    fields.pop("groups")
    return fields, list(plan.written), list(plan.entries), plan.removed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ufo", type=Path, default=DEFAULT_UFO, help="a UFO with kern groups and bubbles")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--budget", type=int, default=None,
                        help="the small budget of the third run (default: a third of the update plan's entries)")
    args = parser.parse_args()
    if not args.ufo.is_dir():
        raise SystemExit(f"{args.ufo}: not found (make it with benchmarks/bench_realfont.py, see --help)")

    from fontParts.fontshell import RFont

    from bubblekern import FontBubbles, Settings, kern_pairs
    from bubblekern.classkern import plan_classes as numpy_plan
    from bubblekern.classkern_plain import plan_classes as plain_plan
    from bubblekern.classplan import LOOSE_TOLERANCE
    from bubblekern.fontkerning import kerning_dict
    from bubblekern.glyphsets import never_neighbours
    from bubblekern.groups import read_groups, scaled_tolerance
    from bubblekern.interface.preview import MAX_ENTRIES
    from bubblekern.interface.sources import Request, request_pairs
    from bubblekern.settings import units_per_em

    font = RFont(str(args.ufo))
    bubbles = FontBubbles(font, Settings.for_font(font))
    started = time.perf_counter()
    pairs = request_pairs(Request(), bubbles)
    result = kern_pairs(font, pairs, bubbles=bubbles)
    print(f"{args.ufo.name}: {len(font):,} glyphs, {len(pairs):,} default pairs solved in "
          f"{time.perf_counter() - started:.1f} s, {len(result.kept):,} kept")
    upm = units_per_em(font)
    groups, existing, never = read_groups(font), kerning_dict(font), never_neighbours(font)
    tolerances = (scaled_tolerance(5.0, upm), scaled_tolerance(LOOSE_TOLERANCE, upm))
    update_entries = 0
    print(f"{'plan':<28}{'numpy s':>9}{'plain s':>9}  entries  written  removed  same")
    for mode, label in (("update", "update"), ("replace", "replace"), ("update", "update, small budget")):
        if label.endswith("budget"):
            budget = args.budget or max(1, update_entries // 3)
            label = f"update, budget {budget:,}"
        else:
            budget = MAX_ENTRIES

        def plan(planner, mode=mode, budget=budget):
            return planner(result, groups, existing, mode, tolerances[0], budget, "key", tolerances[1],
                           never_set=never)

        planned, numpy_s = best_of(args.repeat, lambda: plan(numpy_plan))
        plain, plain_s = best_of(args.repeat, lambda: plan(plain_plan))
        same = comparable(planned) == comparable(plain)
        update_entries = update_entries or len(planned.entries)
        print(f"{label:<28}{numpy_s:>9.2f}{plain_s:>9.2f}  {len(planned.entries):>7,}  {len(planned.written):>7,}  "
              f"{len(planned.removed):>7,}  {'yes' if same else 'NO'}")
        if not same:
            raise SystemExit("the plain planner's plan differs from numpy's")


if __name__ == "__main__":
    main()
