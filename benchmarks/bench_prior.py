"""Time reading the reference fonts of a kerning prior (``kern --prior``), side by side with the way it was read.

    pip install -e '.[bench]'
    python benchmarks/bench_prior.py [--cache ~/.cache/bubblekern-bench] [--repeat 3]

Each TrueType font of ``../shared/fonts`` is converted to a UFO once (ufo-extractor, kept in the cache folder
outside the repository, shared with ``bench_realfont.py``) and read as a reference in three ways, the best of
``--repeat`` runs each: the baseline (the UFO opened as a fontParts font, its code points read through defcon,
as BubbleKern read references before), ``PriorFont.read`` the first time (fontTools' ufoLib, no font objects),
and ``PriorFont.read`` again with nothing changed (the RoboFont window's second kern: only the files' sizes and
dates are read). Every way must give the same character pairs.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench_realfont import SHARED, convert

from bubblekern import prior
from bubblekern.fontio import open_font
from bubblekern.glyphsets import unicode_table
from bubblekern.settings import units_per_em


def baseline(path: Path) -> dict:
    """The character-pair kerning as read before: a fontParts font, code points through defcon."""
    font = open_font(path)
    chars = {name: [chr(code) for code in codes] for name, codes in unicode_table(font).items()}
    values = prior.flat_kerning(dict(font.kerning.items()), dict(font.groups.items()))
    scale = 1000.0 / units_per_em(font)
    return {(a, b): value * scale for (x, y), value in values.items() for a in chars.get(x, ()) for b in chars.get(y, ())}


def best(function, path: Path, repeat: int) -> tuple[float, object]:
    """(the shortest of ``repeat`` timings of ``function(path)``, its result)."""
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function(path)
        times.append(time.perf_counter() - started)
    return min(times), result


def first_read(path: Path) -> prior.PriorFont:
    """``PriorFont.read`` with nothing read before."""
    prior._CACHE.clear()
    return prior.PriorFont.read(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "bubblekern-bench")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    fonts = sorted(SHARED.glob("*.ttf"))
    if not fonts:
        raise SystemExit(f"no fonts in {SHARED}")
    args.cache.mkdir(parents=True, exist_ok=True)
    print(f"{'reference':24} {'pairs':>7} {'baseline':>9} {'first read':>11} {'again':>7}")
    for ttf in fonts:
        ufo = args.cache / f"{ttf.stem}.ufo"
        if not ufo.exists():
            convert(ttf, ufo)
        old_time, old = best(baseline, ufo, args.repeat)
        new_time, new = best(first_read, ufo, args.repeat)
        again_time, again = best(prior.PriorFont.read, ufo, args.repeat)
        if dict(new.kerning) != old or again is not new:
            raise SystemExit(f"{ufo.name}: the ways of reading disagree")
        print(f"{ttf.stem:24} {len(new.kerning):7} {old_time:8.2f}s {new_time:10.2f}s {again_time:6.3f}s")


if __name__ == "__main__":
    main()
