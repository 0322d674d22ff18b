"""build.py: a valid bundle and zip, the committed bundle is a fresh build, broken sources fail loudly."""

from __future__ import annotations

import importlib.util
import plistlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = "BubbleKern.roboFontExt"

spec = importlib.util.spec_from_file_location("bubblekern_build", ROOT / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def comparable(path: Path) -> dict[str, object]:
    """Every file's bytes, info.plist as data without timeStamp."""
    files: dict[str, object] = dict(tree(path))
    info = plistlib.loads(files.pop("info.plist"))
    info.pop("timeStamp")
    files["info.plist"] = info
    return files


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    bundle, archive = build.build(ROOT, out, timestamp=1_700_000_000.0)
    return bundle, archive


def source_copy(tmp_path: Path) -> Path:
    """A copy of what build.py reads, to break."""
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "source", repo / "source", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copyfile(ROOT / "LICENSE", repo / "LICENSE")
    return repo


def test_bundle_is_valid(built):
    bundle, _ = built
    assert build.validate(bundle) == []
    info = plistlib.loads((bundle / "info.plist").read_bytes())
    assert info["name"] == "BubbleKern" and info["timeStamp"] == 1_700_000_000.0
    assert info["developerURL"] == "https://github.com/bubblekern/BubbleKern"
    assert info["requiresVersionMajor"] == "4" and isinstance(info["requiresVersionMinor"], str)
    assert info["launchAtStartUp"] is True and (bundle / "lib" / info["mainScript"]).is_file()
    names = [item["preferredName"] for item in info["addToMenu"]]
    assert names == [
        "Kerning Window…",
        "Make Bubbles for Selected Glyphs…",
        "Delete Bubbles of Selected Glyphs",
        "Show/Hide Bubbles",
        "Run Self-Test",
    ]
    for item in info["addToMenu"]:
        assert (bundle / "lib" / item["path"]).is_file()
        assert item["shortKey"] == "" or (isinstance(item["shortKey"][0], int) and len(item["shortKey"][1]) == 1)
    assert (bundle / "html" / "index.html").is_file()
    assert (bundle / "resources" / "toolbarIcon.pdf").is_file()
    assert not (bundle / "resources" / "make_icon.py").exists()
    assert (bundle / "license").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert not (bundle / "requirements.txt").exists()  # it would name other extensions; we need none
    assert sorted(p.name for p in (bundle / "resources").iterdir()) == ["toolbarIcon.pdf"]
    assert (bundle / "html" / "toolbarIcon.png").is_file()
    assert not [p for p in bundle.rglob("*") if p.name == "__pycache__" or p.suffix == ".pyc"]
    version = build.read_version(ROOT / "source" / "lib" / "bubblekern" / "__init__.py")
    assert info["version"] == version


def test_zip_holds_the_bundle(built):
    bundle, archive = built
    assert archive.name == "BubbleKern.roboFontExt.zip" and archive.parent.name == "dist"
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        assert names == sorted(names)
        assert {n for n in names} == {f"{BUNDLE}/{k}" for k in tree(bundle)}
        assert z.read(f"{BUNDLE}/info.plist") == (bundle / "info.plist").read_bytes()
        assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in z.infolist())


def test_build_is_deterministic(tmp_path):
    first = build.build(ROOT, tmp_path / "a", timestamp=1.5)
    second = build.build(ROOT, tmp_path / "b", timestamp=1.5)
    assert tree(first[0]) == tree(second[0])
    assert first[1].read_bytes() == second[1].read_bytes()


def test_committed_bundle_matches_a_fresh_build(built):
    committed = ROOT / BUNDLE
    assert committed.is_dir(), "BubbleKern.roboFontExt is missing: run `python build.py` and commit it"
    old, new = comparable(committed), comparable(built[0])
    stale = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    assert not stale, f"the committed bundle is stale (run `python build.py`); differing: {stale}"
    assert build.validate(committed) == []


def test_source_date_epoch_fixes_the_timestamp(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1234")
    assert build.build_timestamp() == 1234.0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    with pytest.raises(build.BuildError, match="SOURCE_DATE_EPOCH"):
        build.build_timestamp()


def breaks(repo: Path, out: Path, match: str):
    with pytest.raises(build.BuildError, match=match):
        build.build(repo, out, timestamp=1.0)


def test_missing_license_fails(tmp_path):
    repo = source_copy(tmp_path)
    (repo / "LICENSE").unlink()
    breaks(repo, tmp_path / "out", "LICENSE")


def test_bad_or_missing_version_fails(tmp_path):
    repo = source_copy(tmp_path)
    init = repo / "source" / "lib" / "bubblekern" / "__init__.py"
    text = init.read_text()
    init.write_text(text.replace('__version__ = "', '__version__ = "not a version '))
    breaks(repo, tmp_path / "out", "PEP 440")
    init.write_text(text.replace("__version__ =", "version ="))
    breaks(repo, tmp_path / "out", "__version__")


def test_syntax_error_missing_script_and_icon_fail_together(tmp_path):
    repo = source_copy(tmp_path)
    lib = repo / "source" / "lib"
    (lib / "bubblekern_robofont" / "tool.py").write_text("def broken(:\n")
    (lib / "bubblekern_robofont" / "menu_toggle_bubbles.py").unlink()
    (repo / "source" / "resources" / "toolbarIcon.pdf").unlink()
    with pytest.raises(build.BuildError) as caught:
        build.build(repo, tmp_path / "out", timestamp=1.0)
    message = str(caught.value)
    assert "lib/bubblekern_robofont/tool.py, line 1: syntax error" in message
    assert "menu_toggle_bubbles.py' does not exist in lib/" in message
    assert "resources/toolbarIcon.pdf is missing" in message


def test_failed_build_leaves_the_previous_bundle(tmp_path):
    repo = source_copy(tmp_path)
    out = tmp_path / "out"
    bundle, _ = build.build(repo, out, timestamp=1.0)
    before = tree(bundle)
    (repo / "source" / "html" / "index.html").unlink()
    breaks(repo, out, "index.html")
    assert tree(out / BUNDLE) == before
    assert sorted(p.name for p in out.iterdir()) == [BUNDLE, "dist"]  # no staging folder left behind


def test_validate_reports_hand_broken_bundles(built, tmp_path):
    bundle = tmp_path / BUNDLE
    shutil.copytree(built[0], bundle)
    info = plistlib.loads((bundle / "info.plist").read_bytes())
    info["addToMenu"][0]["shortKey"] = ["k", 3]
    info["version"] = 2
    info["developerURL"] = "bubblekern"
    info["requiresVersionMajor"] = 4
    del info["timeStamp"]
    (bundle / "info.plist").write_bytes(plistlib.dumps(info))
    (bundle / "lib" / "bubblekern" / "__pycache__").mkdir()
    (bundle / "requirements.txt").write_text("# extensions\nnumpy>=1.24\n")
    (bundle / "resources" / "toolbarIcon.png").write_bytes(b"png")
    problems = "\n".join(build.validate(bundle))
    for expected in (
        "shortKey",
        "'version' must be",
        "developerURL",
        "requiresVersionMajor",
        "'timeStamp' is missing",
        "__pycache__",
        "requirements.txt, line 2: 'numpy' is a Python package, not a RoboFont extension",
        "share the name 'toolbarIcon'",
    ):
        assert expected in problems
    assert build.validate(tmp_path / "nothing.roboFontExt") == ["info.plist is missing"]


def test_command_line_fails_loudly(tmp_path):
    repo = source_copy(tmp_path)
    (repo / "LICENSE").unlink()
    run = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--source", str(repo), "--output", str(tmp_path / "out")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert run.stderr.startswith("build.py: error:") and "LICENSE" in run.stderr
    ok = subprocess.run([sys.executable, str(ROOT / "build.py"), "--check", str(ROOT / BUNDLE)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", None),
        ("# none\n\n", None),
        ("DrawBot\n", None),
        ("Glyph Construction>=0.8.2\nDrawBot == 3.128  # pinned\n", None),
        ("numpy>=1.24\n", "'numpy' is a Python package"),
        ("skia-pathops\n", "'skia-pathops' is a Python package"),
        ("DrawBot>=3,<4\n", "is not a PEP 440 version"),
        ("DrawBot~=3.1\n", "is not 'ExtensionName'"),
        ("DrawBot>=three\n", "is not a PEP 440 version"),
        ("DrawBot; python_version>'3'\n", "is not 'ExtensionName'"),
    ],
)
def test_requirements_txt_names_extensions_as_robofont_reads_it(built, tmp_path, text, problem):
    """RoboFont's ExtensionBundle reads requirements.txt as extension names, each optionally
    ``==`` or ``>=`` a version compared with that extension's info.plist version."""
    bundle = tmp_path / BUNDLE
    shutil.copytree(built[0], bundle)
    (bundle / "requirements.txt").write_text(text)
    problems = [p for p in build.validate(bundle) if p.startswith("requirements.txt")]
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problem in problems[0], problems


def test_menu_and_main_scripts_must_be_python_files(built, tmp_path):
    bundle = tmp_path / BUNDLE
    shutil.copytree(built[0], bundle)
    info = plistlib.loads((bundle / "info.plist").read_bytes())
    (bundle / "lib" / "menu.txt").write_text("")
    info["addToMenu"][0]["path"] = "menu.txt"
    info["expireDate"] = "next year"
    (bundle / "info.plist").write_bytes(plistlib.dumps(info))
    problems = "\n".join(build.validate(bundle))
    assert "'menu.txt' must be a .py file" in problems and "expireDate must be YYYY-MM-DD" in problems
