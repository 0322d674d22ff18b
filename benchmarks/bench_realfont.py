"""``bubblekern kern FONT.ufo`` with no options on a real grouped font of ~3,000 glyphs (not a test).

    pip install -e '.[bench]'
    python benchmarks/bench_realfont.py [--font ../shared/fonts/NotoSans-Regular.ttf]
                                        [--cache ~/.cache/bubblekern-bench] [--fit [MODEL]]
                                        [-- EXTRA KERN ARGS]

The shipped TTF is converted to a UFO with ufo-extractor (outlines, kern groups and the
designer's kerning from its GPOS), and bubbles are generated for it once
(``bubblekern bubbles --all``, the default offsets in the file name); both are kept in the
cache folder, outside the repository. Cached bubbles that this version of BubbleKern calls
stale (``bubblekern status``: it fits them to other lines) are made anew. Each run then kerns a fresh copy with
``bubblekern kern COPY.ufo`` in a child process and reports
its wall time, its peak memory (the child's max RSS), the kerning entries it wrote against
the designer's own count, and the phases from its summary. Targets: under 90 s and 1.5 GB,
at most about twice the designer's entries, never more than 25,000 without being asked.
With ``--fit`` the copy is first fitted (``bubblekern fit`` with its default training text,
the designer's kerning in the UFO as reference), so the run kerns with the fitted settings.
With ``--baseline REF`` the same kern is first run, on its own fresh copy, by the code of git
revision REF (its ``source/lib``, through ``PYTHONPATH``), and both runs are reported side by side,
with whether they wrote the same kerning; ``--repeat N`` runs each N times and keeps the least time
(a shared machine's timings vary by a second or two from run to run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from operator import itemgetter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "fonts"


def extracted(ttf: Path):
    """The TTF as a defcon font: glyphs, kern groups and kerning (ufo-extractor); what it cannot convert raises."""
    try:
        import extractor
    except ImportError:
        raise SystemExit("this benchmark needs ufo-extractor: pip install -e '.[bench]'") from None
    import defcon

    font = defcon.Font()
    extractor.extractUFO(str(ttf), font)
    return font


def convert(ttf: Path, ufo: Path) -> None:
    """The TTF as a UFO 3 (:func:`extracted`), saved at ``ufo``."""
    try:
        extracted(ttf).save(str(ufo))
    except Exception as error:  # noqa: BLE001  GPOS kern classes ufo-extractor calls conflicting, kerning ufoLib refuses
        shutil.rmtree(ufo, ignore_errors=True)
        raise SystemExit(f"{ttf.name}: ufo-extractor cannot convert it: {type(error).__name__}: {error}") from None


def bubblekern(*args: str) -> list[str]:
    return [sys.executable, "-m", "bubblekern", *args]


MEASURER = """import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(f"{os.waitstatus_to_exitcode(status)} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}")
"""
"""Runs a command and writes its exit status, CPU seconds and peak RSS. Linux keeps a process's peak RSS across
``exec``, so a child forked straight from this script would count the script's own memory (1.5 GB once it has read a
12,000-glyph UFO, against the 160 MB the run takes): the command is forked from this small process instead."""


def run_measured(command: list[str], env: dict | None = None) -> tuple[int, float, float, float, str, str]:
    """(exit status, wall seconds, CPU seconds, peak RSS in MiB, stdout, stderr) of a child process."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".txt") as measured:
        status = subprocess.run([sys.executable, "-c", MEASURER, measured.name, *command], stdout=out, stderr=err,
                                env=env).returncode
        seconds = time.perf_counter() - started
        code, cpu, peak = measured.read().split() or (status, 0, 0)
        out.seek(0)
        err.seek(0)
        return int(code), seconds, float(cpu), int(peak) / 1024, out.read().decode(), err.read().decode()


def baseline_env(ref: str, folder: Path) -> dict:
    """The environment that runs ``python -m bubblekern`` as git revision ``ref`` of this repository wrote it."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref, "source/lib"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return {**os.environ, "PYTHONPATH": str(folder / "source" / "lib")}


def timed_kern(copy: Path, extra: list[str], env: dict | None = None, repeat: int = 1) -> tuple[str, str, bytes]:
    """(the timing line, the run's output, its kerning.plist bytes) of ``bubblekern kern`` on ``copy``; with
    ``repeat`` runs, each on a fresh copy of it, the least wall and CPU time of them."""
    pristine = copy.with_name(copy.name + ".pristine")
    shutil.copytree(copy, pristine)
    best = None
    for _ in range(repeat):
        shutil.rmtree(copy)
        shutil.copytree(pristine, copy)
        code, seconds, cpu, peak, out, err = run_measured(bubblekern("kern", str(copy), *extra), env)
        best = (code, seconds, cpu, peak, out, err) if best is None else (
            code, min(best[1], seconds), min(best[2], cpu), max(best[3], peak), out, err)
    code, seconds, cpu, peak, out, err = best
    shutil.rmtree(pristine)
    runs = f", best of {repeat}" if repeat > 1 else ""
    line = f"exit {code}, {seconds:.1f} s wall ({cpu:.1f} s CPU{runs}), peak RSS {peak:,.0f} MiB"
    kerning = copy / "kerning.plist"
    return line, out + err, kerning.read_bytes() if kerning.exists() else b""


def stale(path: Path) -> bool:
    """Whether any generated bubble of the UFO at ``path`` is stale: its glyph, or what this version of
    BubbleKern fits bubbles to (an italic font's sidebearing lines), changed since it was made."""
    from bubblekern.fontio import open_font
    from bubblekern.status import bubble_status

    return bool(bubble_status(open_font(path)).stale)


def counts(path: Path) -> tuple[int, int, int, int]:
    """(glyphs, kern1 groups, kern2 groups, kerning entries) of a UFO."""
    from fontTools.ufoLib import UFOReader

    reader = UFOReader(str(path), validate=False)
    glyphs = len(reader.getGlyphSet().keys())
    groups = reader.readGroups()
    kerning = reader.readKerning()
    return (glyphs, sum(k.startswith("public.kern1.") for k in groups),
            sum(k.startswith("public.kern2.") for k in groups), len(kerning))


def agreement(designer: Path, ours: list, other: list = ()) -> tuple[int, float, float, float, dict]:
    """(pairs, MAE, Pearson r, MAE of no kerning, the same per context) of BubbleKern's own values ``ours`` (the
    kept pairs of ``kern --format json``; every other pair of the run is 0) against the ``designer``'s
    kerning (UFO 3 lookup), per 1000 em, over the pairs either kerns among the glyphs the run kerned
    that text sets (one script or a common character, not :func:`~bubblekern.glyphsets.apart` nor
    :func:`~bubblekern.glyphsets.flags_apart`); with ``other`` (another run's kept pairs), over the pairs either run
    or the designer kerns among the glyphs either kerned, so two versions are scored on one set of pairs. Per context
    (:func:`quality.context_label`): (pairs, MAE, r, MAE of no kerning, BubbleKern's mean, the designer's mean): a
    pooled r can fall where each context's rises."""
    import numpy as np
    from fontTools.ufoLib import UFOReader

    from bubblekern.fontio import open_font
    from bubblekern.glyphsets import apart, cases_of, flags_apart, neighbour_flags, same_script, scripts_of
    from bubblekern.groups import KernGroups, resolve_kerning

    reader = UFOReader(str(designer), validate=False)
    scale = 1000 / _upm(reader)
    theirs = resolve_kerning(reader.readKerning(), KernGroups.from_mapping(reader.readGroups()))
    mine = {(a, b): v for a, b, v in ours}
    both = set(mine) | {(a, b) for a, b, _ in other}
    lefts, rights = {a for a, _ in both}, {b for _, b in both}
    pairs = both | {(a, b) for (a, b), v in theirs.items() if v and a in lefts and b in rights}
    font = open_font(designer)
    names = sorted(lefts | rights)
    script = dict(zip(names, scripts_of(font, names)))
    case = dict(zip(names, cases_of(font, names)))
    flags = dict(zip(names, neighbour_flags(font, names)))
    pairs = [(a, b) for a, b in pairs if same_script(script[a], script[b]) and not apart(case[a], case[b], True)
             and not flags_apart(flags[a], flags[b])]
    designer_values = np.array([theirs.get(p, 0) for p in pairs], dtype=float) * scale
    values = np.array([mine.get(p, 0) for p in pairs], dtype=float) * scale
    r = float(np.corrcoef(designer_values, values)[0, 1]) if len(pairs) > 1 else float("nan")
    return (len(pairs), float(np.abs(designer_values - values).mean()), r, float(np.abs(designer_values).mean()),
            _by_context(font, pairs, designer_values, values))


def _by_context(font, pairs: list, designer_values, values) -> dict[str, tuple]:
    """:func:`agreement`'s figures per context of ``pairs``."""
    import numpy as np
    from quality import CONTEXT_ORDER, context_label

    from bubblekern.model import glyph_kinds, pair_contexts

    kinds = glyph_kinds(font, {n for p in pairs for n in p})
    labels = [context_label(kinds, a, b, c)
              for (a, b), c in zip(pairs, pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs]))]
    found = {}
    for label in sorted(set(labels), key=lambda c: (CONTEXT_ORDER.index(c) if c in CONTEXT_ORDER else 99, c)):
        mask = np.array([x == label for x in labels])
        d, v = designer_values[mask], values[mask]
        r = float(np.corrcoef(d, v)[0, 1]) if mask.sum() > 2 and d.std() and v.std() else float("nan")
        found[label or "other"] = (int(mask.sum()), float(np.abs(d - v).mean()), r, float(np.abs(d).mean()),
                                   float(v.mean()), float(d.mean()))
    return found


def _upm(reader) -> float:
    class Info:
        unitsPerEm = 1000

    info = Info()
    reader.readInfo(info)
    return float(info.unitsPerEm or 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", type=Path, default=SHARED / "NotoSans-Regular.ttf")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "bubblekern-bench")
    parser.add_argument("--fit", metavar="MODEL", nargs="?", const="", default=None,
                        help="first run `bubblekern fit` (its default training text, the designer's kerning as "
                        "reference; MODEL: a --value-model, default fit's own), then kern with what it stored")
    parser.add_argument("--baseline", metavar="REF", help="also run the kern as git revision REF wrote it, "
                        "on its own copy, and report both (e.g. HEAD for the last commit)")
    parser.add_argument("--repeat", type=int, default=1, help="run each kern this many times, on fresh copies, "
                        "and report the least time (default 1)")
    parser.add_argument("extra", nargs="*", help="options for bubblekern kern (default: none)")
    args = parser.parse_args()
    if not args.font.is_file():
        raise SystemExit(f"{args.font}: not found (the shipped fonts live in ../shared/fonts)")
    if REPO in args.cache.resolve().parents:
        raise SystemExit("keep the cache outside the repository")
    args.cache.mkdir(parents=True, exist_ok=True)
    stem = args.font.stem
    from bubblekern.generate import GenerateSettings

    shape = GenerateSettings()  # bubbles of another default are made anew, not read from the cache
    plain = args.cache / f"{stem}.ufo"
    bubbled = args.cache / f"{stem}-bubbles-{shape.offset_x:g}x{shape.offset_y:g}.ufo"
    if not plain.exists():
        started = time.perf_counter()
        convert(args.font, plain)
        print(f"converted {args.font.name} in {time.perf_counter() - started:.1f} s → {plain}")
    if bubbled.exists() and stale(bubbled):
        print(f"the cached bubbles are stale for this version of BubbleKern: made anew ({bubbled})")
        shutil.rmtree(bubbled)
    if not bubbled.exists():
        started = time.perf_counter()
        scratch = args.cache / f".{stem}-bubbles.ufo"
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(plain, scratch)
        subprocess.run(bubblekern("bubbles", str(scratch), "--all"), check=True, stdout=subprocess.DEVNULL)
        scratch.rename(bubbled)
        print(f"bubbles made in {time.perf_counter() - started:.1f} s → {bubbled}")

    glyphs, kern1, kern2, designer = counts(plain)
    with tempfile.TemporaryDirectory(prefix="bubblekern-real-") as folder:
        copy = Path(folder) / f"{stem}.ufo"
        shutil.copytree(bubbled, copy)
        if args.fit is not None:
            started = time.perf_counter()
            model = ["--value-model", args.fit] if args.fit else []
            fitted = subprocess.run(bubblekern("fit", str(copy), "--json", *model), capture_output=True, text=True)
            if fitted.returncode:
                raise SystemExit(f"bubblekern fit failed: {fitted.stderr.strip()[-400:]}")
            print(f"fitted in {time.perf_counter() - started:.0f} s: {json.loads(fitted.stdout)['model']} value model")
        if args.baseline:
            old_copy = Path(folder) / "baseline" / f"{stem}.ufo"
            shutil.copytree(copy, old_copy)
            env = baseline_env(args.baseline, Path(folder) / "baseline")
            old_timing, old_output, old_kerning = timed_kern(old_copy, args.extra, env, args.repeat)
        timing, output, kerning = timed_kern(copy, args.extra, repeat=args.repeat)
        *_, after = counts(copy)
        listing = subprocess.run(bubblekern("kern", str(copy), "--dry-run", "--format", "json", *args.extra),
                                 capture_output=True, text=True)  # the run's own values, after the timed run
        ours = json.loads(listing.stdout)["pairs"] if listing.returncode == 0 else None
        agree = agreement(plain, ours) if ours is not None else None
        compared = None
        if args.baseline and ours is not None:  # both versions over one set of pairs
            listing = subprocess.run(bubblekern("kern", str(old_copy), "--dry-run", "--format", "json", *args.extra),
                                     capture_output=True, text=True, env=env)
            if listing.returncode == 0:
                theirs = json.loads(listing.stdout)["pairs"]
                compared = agreement(plain, theirs, ours), agreement(plain, ours, theirs)
    print(f"{args.font.name}: {glyphs:,} glyphs, {kern1} kern1 + {kern2} kern2 groups, "
          f"designer's kerning {designer:,} entries")
    print(f"bubblekern kern {' '.join(args.extra) or '(no options)'}: {timing}")
    if args.baseline:
        same = "the same kerning" if old_kerning == kerning else "DIFFERENT kerning"
        print(f"  as {args.baseline} wrote it: {old_timing}; {same}")
        for line in old_output.splitlines():
            if "time:" in line:
                print(f"  {args.baseline}: " + line.strip()[:400])
    print(f"kerning entries after: {after:,} ({after / max(designer, 1):.1f}× the designer's)")
    if args.baseline and compared is not None:
        (n, old_mae, old_r, zero, _), (_, mae, r, _, _) = compared
        print(f"over one set of {n:,} pairs (either version or the designer kerns; per 1000 em, no kerning {zero:.1f}): "
              f"{args.baseline} → now MAE {old_mae:.2f} → {mae:.2f}, r {old_r:.3f} → {r:.3f}")
    if agree is not None:
        print("BubbleKern's values against the designer's, over the {:,} pairs either kerns (per 1000 em): "
              "MAE {:.1f} (no kerning: {:.1f}), r {:.2f}".format(*itemgetter(0, 1, 3, 2)(agree)))
        print("  by context: pairs, MAE (no kerning), r within, mean kern BubbleKern / designer")
        for label, (n, mae, r, zero, mean, theirs) in agree[4].items():
            print(f"    {label:<12} {n:>8,}  {mae:5.1f} ({zero:5.1f})  r {r:5.2f}  {mean:6.1f} / {theirs:6.1f}")
    for line in output.splitlines():
        if "time:" in line or "error" in line or "warning" in line or "solved" in line or "note" in line:
            print("  " + line.strip()[:400])


if __name__ == "__main__":
    main()
