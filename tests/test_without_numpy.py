"""The engine without numpy (as inside RoboFont): the plain-Python kernel gives the same
values as the numpy one, and everything the RoboFont layer imports works with numpy and
skia-pathops blocked.

The blocked runs are subprocesses with ``BUBBLEKERN_BLOCK=numpy,pathops`` (see
``blocked_imports.py``), so a hard ``import numpy`` anywhere on the path fails them.
"""

from __future__ import annotations

import ast
import json
import math
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import blocked_imports
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bubblekern import Settings, kern_pairs
from bubblekern.interface.preview import result_rows, table_items

from helpers import add_glyph, ellipse, new_font, parse_python, polygon, rect

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
LIB = ROOT / "source" / "lib"
DEMO = LIB / "bubblekern" / "data" / "BubbleKernDemo.ufo"
BLOCK = "numpy,pathops"

CORE_TESTS = [
    "test_bands.py",
    "test_solver.py",
    "test_pairs.py",
    "test_api.py",
    "test_properties.py",
    "test_fontkerning.py",
    "test_interface_overlay.py",
    "test_interface_pairs.py",
    "test_interface_pentool.py",
    "test_stems.py",
    "test_raised.py",
    "test_hang.py",
    "test_serif_stops.py",
    "test_armless.py",
    "test_case_offsets.py",
    "test_dash_share.py",
    "test_low_stops.py",
    "test_words_only.py",
    "test_quote_share.py",
    "test_stop_floor.py",
    "test_dash_clearance.py",
    "test_eroded_halo.py",
    "test_arms.py",
    "test_ink.py",
    "test_capital_threshold.py",
    "test_glyphfiles.py",
    "test_without_numpy.py::test_this_process_has_no_numpy_when_blocked",
]
"""Engine tests that must pass in both modes (run again here with numpy and skia-pathops blocked)."""

ROBOFONT_TESTS = ["test_robofont_layer.py", "test_interface_preview.py", "test_interface_references.py"]
"""The RoboFont layer under the fakes: its kerning window, overlay, tool, menus and self-test
run again with numpy blocked (skia-pathops stays: Make Bubbles needs it, and says so without)."""

ROBOFONT_PATH = [
    "bubblekern",
    "bubblekern.bands",
    "bubblekern.bubbles",
    "bubblekern.errors",
    "bubblekern.fontio",
    "bubblekern.fontkerning",
    "bubblekern.geometry",
    "bubblekern.kerning",
    "bubblekern.pairs",
    "bubblekern.rules",
    "bubblekern.settings",
    "bubblekern.solver",
]
"""Engine modules the RoboFont layer uses, besides those it names itself (found below)."""

unblocked = pytest.mark.skipif(bool(blocked_imports.blocked()), reason="runs the blocked mode itself")


def run_blocked(*args: str, timeout: float = 600, block: str = BLOCK) -> subprocess.CompletedProcess:
    """Run ``python args`` in the repository with ``block`` (numpy and skia-pathops) blocked."""
    env = dict(os.environ, **{blocked_imports.ENV: block})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), str(LIB), env.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout)


def blocked_script(body: str) -> str:
    return "import blocked_imports\nblocked_imports.block_from_environment()\n" + textwrap.dedent(body)


def test_this_process_has_no_numpy_when_blocked():
    from bubblekern import kernel

    if not blocked_imports.blocked():
        assert kernel.BACKEND == "numpy"  # numpy is installed with the package: the fast path
        return
    assert kernel.BACKEND == "python"
    assert "numpy" not in sys.modules
    with pytest.raises(ImportError):
        import numpy  # noqa: F401


@unblocked
@pytest.mark.parametrize(
    ("block", "tests", "least"), [(BLOCK, CORE_TESTS, 100), ("numpy", ROBOFONT_TESTS, 50)], ids=["engine", "robofont"]
)
def test_engine_and_robofont_tests_pass_without_numpy(block, tests, least):
    run = run_blocked("-m", "pytest", "-q", "-p", "no:cacheprovider", *(f"tests/{t}" for t in tests), block=block)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert "failed" not in summary and "error" not in summary, summary
    assert int(summary.split(" passed")[0].split()[-1]) >= least, summary


def robofont_imports() -> list[str]:
    """``bubblekern`` modules the RoboFont layer imports when its modules load."""
    found = set(ROBOFONT_PATH)
    for path in (LIB / "bubblekern_robofont").glob("*.py"):
        for node in parse_python(path.read_text(encoding="utf-8")).body:  # top level: imported at load time
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module.startswith("bubblekern."):
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names if (LIB / node.module.replace(".", "/") / f"{a.name}.py").exists())
    found.update(f"bubblekern.interface.{p.stem}" for p in (LIB / "bubblekern" / "interface").glob("*.py"))
    return sorted(found)


@unblocked
def test_modules_the_robofont_layer_imports_work_without_numpy_and_pathops():
    modules = robofont_imports()
    assert "bubblekern.interface.preview" in modules and "bubblekern.kerning" in modules
    run = run_blocked("-c", blocked_script(f"""
        import importlib, json, sys
        failed = {{}}
        for name in {modules!r}:
            try:
                importlib.import_module(name)
            except Exception as error:
                failed[name] = repr(error)
        from bubblekern import kernel
        print(json.dumps({{"failed": failed, "backend": kernel.BACKEND,
                           "numpy": "numpy" in sys.modules, "pathops": "pathops" in sys.modules}}))
    """))
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report == {"failed": {}, "backend": "python", "numpy": False, "pathops": False}


# -- identical values: the same fonts kerned in this process (numpy) and in a blocked one --


def random_font(seed: int, count: int = 36):
    """Polygons and curves, some below the baseline, composites, glyphs without a bubble,
    narrow and wide advances, Hebrew (right-to-left) and Latin letters, an H, an n and punctuation (two
    quotes drawn high) among neutral glyphs; italic for odd seeds."""
    rng = random.Random(seed)
    font = new_font(upm=rng.choice((1000, 2048)))
    if seed % 2:
        font.info.italicAngle = -rng.uniform(4, 14)
    names = [f"g{i}" for i in range(count)]
    for i, name in enumerate(names):
        width = rng.choice((0, 40, rng.randint(100, 1200)))
        unicode = {1: 0x05D0 + i // 5, 2: 0x41 + i // 5, 4: ord("-.,'\"!:;"[i // 5])}.get(
            i % 5, {3: 0x48, 8: 0x6E, 13: 0x6F}.get(i))  # H and n: the blend's references; o
        if i >= 8 and i % 9 == 0:
            base = names[rng.randrange(8)]
            dx = rng.choice((0, rng.randint(-50, 50)))  # at 0: an accented letter that follows its base under the blend
            add_glyph(font, name, width, components=[(base, (1, 0, 0, 1, dx, 0))], unicode=unicode)
            continue
        if i % 11 == 5:
            add_glyph(font, name, width, unicode=unicode)  # no bubble: its pairs are skipped
            continue
        bottom, top = rng.randint(-300, 400), rng.randint(450, 1000)
        if i in (7, 8):  # a capital with a straight stem under a serif, and n: the stem reference measures it
            x = rng.uniform(200, 600)
            shape = [(0, 0), (x, 0), (x, 600), (x + 40, 600), (x + 40, 700), (0, 700)] if i == 7 else \
                [(40, 0), (40, 500), (x, 500), (x, 0)]
            add_glyph(font, name, x + (140 if i == 7 else 40), bubble=lambda p, s=shape: polygon(p, *s), unicode=unicode)
            continue
        if i % 2:
            xs = [rng.uniform(-100, 900) for _ in range(4)]
            shape = [(xs[0], bottom), (xs[1], bottom), (xs[2], top), (xs[3], top)]
            add_glyph(font, name, width, bubble=lambda p, s=shape: polygon(p, *s), unicode=unicode)
        else:
            cx, rx = rng.uniform(0, 800), rng.uniform(30, 500)
            ellipse_args = (cx, (top + bottom) / 2, rx, (top - bottom) / 2)
            add_glyph(font, name, width, bubble=lambda p, a=ellipse_args: ellipse(p, *a), unicode=unicode)
    for name in ("g19", "g24"):  # the quotes drawn high: raised marks, tucked over n under the blend
        rect(font[name].getPen(), 0, font.info.unitsPerEm * 0.5, 50, font.info.unitsPerEm * 0.7)
    return font


SETTINGS = [
    Settings(),
    Settings(min_kern=0, rounding=10, band=13.7),
    Settings(allow_positive=False, min_kern=12, rounding=7),
    Settings(positive_cap=30, rounding=4, chunk=64),
    Settings(failsafe="cap", min_kern=0),
    Settings(failsafe="skip", depth_cap=60, strengths=(0.5, 1.3, 0.2, 1.0, 0.7), rounding=3, chunk=64),
    Settings(blend=((0, 0, 0.4), (20, 0, -0.1), (40, 40, 0.6)), min_kern=0),  # punctuation from H, stems from n too
    Settings(failsafe="cap", stop_raised=-45.5, rounding=2),  # a quote after a period: one kern, not the cap
]


def columns(result) -> dict:
    """pair → (value, gap, band, fail-safe, kept), and the skipped pairs (glyph order may
    differ between processes: fontParts lists glyphs in set order)."""
    rows = zip(
        result.values.tolist(),
        result.gaps.tolist(),
        result.bands.tolist(),
        map(bool, result.failsafe.tolist()),
        map(bool, result.kept_mask.tolist()),
    )
    return {
        "solved": {" ".join(pair): row for pair, row in zip(result.pairs, rows)},
        "skipped": sorted(" ".join(p) for p in result.skipped),
        "mixed": sorted(" ".join(p) for p in result.mixed),
    }


def kern_everything() -> dict:
    """Every font × settings, all pairs and a pair list, with the kerning window's table."""
    from fontParts.fontshell import RFont

    out = {}
    fonts = {"demo": RFont(str(DEMO))} | {f"random{seed}": random_font(seed) for seed in range(4)}
    for name, font in fonts.items():
        names = sorted(font.keys())
        listed = [(a, b) for a in names[::3] for b in names[::2]]
        for i, s in enumerate(SETTINGS):
            full = kern_pairs(font, None, s)
            out[f"{name}/{i}/all"] = columns(full)
            out[f"{name}/{i}/list"] = columns(kern_pairs(font, listed, s))
        existing = {pair: 17 for pair in list(full.pairs)[::5]}
        out[f"{name}/table"] = sorted(table_items(result_rows(full, existing, "replace")), key=lambda i: i["pair"])
    return out


def as_json(data) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=True)


@unblocked
def test_kerning_is_identical_with_and_without_numpy():
    from bubblekern import kernel

    assert kernel.BACKEND == "numpy"
    with_numpy = kern_everything()
    run = run_blocked("-c", blocked_script("""
        import json
        from bubblekern import kernel
        from test_without_numpy import as_json, kern_everything
        assert kernel.BACKEND == "python", kernel.BACKEND
        print(as_json(kern_everything()))
    """))
    assert run.returncode == 0, run.stderr[-3000:]
    without = json.loads(run.stdout)
    assert without.keys() == with_numpy.keys()
    for key, expected in json.loads(as_json(with_numpy)).items():
        assert without[key] == expected, key  # exactly: gaps as floats, bands, flags, masks
    rows = [row for key, c in with_numpy.items() if key.endswith("/all") for row in c["solved"].values()]
    assert len(rows) > 10_000
    for flag in (3, 4):  # fail-safe and kept both occur, and both are sometimes off
        assert any(row[flag] for row in rows) and not all(row[flag] for row in rows)
    assert any(c["skipped"] for c in with_numpy.values() if isinstance(c, dict))
    assert any(c["mixed"] for c in with_numpy.values() if isinstance(c, dict))  # right-to-left glyphs too


# -- the two kernels side by side, on the rules' edge cases --

finite_gaps = st.one_of(
    st.floats(-2000, 2000, allow_nan=False),
    st.integers(-2000, 2000).map(lambda n: n / 2),  # halves: rounding ties
    st.just(math.inf),
)
kernel_settings = st.builds(
    Settings,
    min_kern=st.integers(0, 20),
    rounding=st.integers(1, 25),
    allow_positive=st.booleans(),
    positive_cap=st.one_of(st.none(), st.integers(0, 300)),
    failsafe=st.sampled_from(("cap", "zero", "skip")),
)


@unblocked
@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(finite_gaps, st.floats(-50, 2000), st.floats(-50, 2000)), min_size=1, max_size=40),
    kernel_settings,
)
def test_plain_and_numpy_rules_agree_exactly(rows, kern_settings):
    import numpy as np

    from bubblekern.kernel import plain, vectorised

    gaps, lw, rw = (list(column) for column in zip(*rows))
    expected = vectorised.kern_values(np.array(gaps), np.array(lw), np.array(rw), kern_settings)
    got = plain.kern_values(gaps, lw, rw, kern_settings)
    assert [a.tolist() for a in got] == [e.tolist() for e in expected]
    scale = [0.05 * (i % 41) for i in range(len(gaps))]  # the value model's strengths per pair
    expected = vectorised.kern_values(np.array(gaps), np.array(lw), np.array(rw), kern_settings, np.array(scale))
    got = plain.kern_values(gaps, lw, rw, kern_settings, scale)
    assert [a.tolist() for a in got] == [e.tolist() for e in expected]
    fixed = [math.nan if i % 3 else 40.5 - 17.25 * i for i in range(len(gaps))]  # Settings.stop_raised's kern, some pairs
    expected = vectorised.kern_values(np.array(gaps), np.array(lw), np.array(rw), kern_settings, None, np.array(fixed))
    got = plain.kern_values(gaps, lw, rw, kern_settings, None, fixed)
    assert [a.tolist() for a in got] == [e.tolist() for e in expected]


@unblocked
def test_plain_and_numpy_solvers_agree_exactly_on_ties_and_holes():
    from bubblekern.bands import BandProfile
    from bubblekern.kernel import plain, vectorised

    rng = random.Random(3)
    profiles, widths = {}, {}
    for i in range(30):
        count = rng.randint(1, 25)
        left = [float(rng.randint(-40, 120)) for _ in range(count)]  # whole numbers: many equal gaps
        right = [x + rng.randint(0, 300) for x in left]
        for k in range(count):
            if rng.random() < 0.25:
                left[k] = right[k] = math.nan
        profiles[f"g{i}"] = BandProfile(20.0, rng.randint(-8, 20), left, right)
        widths[f"g{i}"] = float(rng.randint(0, 500))
    results = []
    for k in (plain, vectorised):
        matrix = k.ProfileMatrix.build(profiles, widths)
        left, right = k.all_rows(len(profiles))
        results.append([a.tolist() for a in k.solve(matrix, left, right, Settings(min_kern=3, chunk=100))])
        capped = k.cap_depth(matrix, 45.0)  # the value model's depth cap
        contexts = ([i % 4 for i in range(len(profiles))], [[0.5, 1.5, 1.0, 1.0]] * 4)
        results.append([a.tolist() for a in k.solve(capped, left, right, Settings(chunk=100), None, contexts)])
        grown = k.grow(matrix, 40.0, 45.0)  # the halo blend: grown rooms, then blended gaps
        results.append([grown.first_band, [list(r) for r in grown.room_left], [list(r) for r in grown.room_right]])
        blend = [(None, 0.3), (k.grow(matrix, 20.0, 0.0), -0.2), (grown, 0.6)]
        results.append([a.tolist() for a in k.solve(matrix, left, right, Settings(chunk=100), None, contexts, blend)])
        rows = [i % 3 != 0 for i in range(len(profiles))]  # "auto": only pairs of two marked rows blended
        results.append([a.tolist() for a in k.solve(matrix, left, right, Settings(chunk=100), None, contexts, blend, rows)])
        flat = k.cap_depth(matrix, 0.0, left_rows=[i % 2 == 0 for i in range(len(profiles))])  # word-initial rows
        results.append([[list(r) for r in flat.room_left], [list(r) for r in flat.room_right]])
        moved = k.ProfileMatrix.build(profiles, widths, -37.5)  # an italic font's lines, moved by its slant offset
        results.append([[list(r) for r in moved.room_left], [list(r) for r in moved.room_right],
                        [list(r) for r in k.grow(moved, 40.0, 45.0).room_left]])
        offsets = ([7.0 * (i % 5) for i in range(len(profiles))], [11.0 * (i % 3) for i in range(len(profiles))])
        results.append([a.tolist() for a in k.solve(matrix, left, right, Settings(chunk=100), None, contexts, blend,
                                                     None, offsets)])  # punctuation from the straight reference
    assert results[:8] == results[8:] and results[0] != results[1]
    for gap, a, b, blended in zip(results[7][0], left, right, results[3][0]):
        shift = offsets[0][a] + offsets[1][b]
        assert gap == (max(blended - shift, 0.0) if 0.0 < blended < math.inf else blended)
    assert results[7][2] != results[3][2]
    room_left, room_right = ([list(r) for r in rooms] for rooms in (matrix.room_left, matrix.room_right))
    assert results[6][0] == [[x + 37.5 for x in r] for r in room_left]  # the lines 37.5 further left: more room
    assert results[6][1] == [[x - 37.5 for x in r] for r in room_right]
    assert results[5][0] != [list(r) for r in matrix.room_left] and results[5][1] == [list(r) for r in matrix.room_right]
    mixed, full, plain = results[4][0], results[3][0], results[0][0]
    for gap, a, b, blended, unblended in zip(mixed, left, right, full, plain):
        assert gap == (blended if rows[a] and rows[b] else unblended)
    assert results[3][2] != results[0][2]  # the blend changed values
    gaps, bands = results[0][:2]
    assert math.inf in gaps and len(set(bands)) > 10
