#!/usr/bin/env python3
"""Build BubbleKern.roboFontExt (RoboFont extension file spec 5.0) and its release zip.

Runs on Linux and macOS with nothing but the standard library (``packaging`` is used
when installed, for exact PEP 440 checks). RoboFont is not needed.

    python build.py                    # writes BubbleKern.roboFontExt/ and dist/BubbleKern.roboFontExt.zip
    python build.py --output DIR       # writes DIR/BubbleKern.roboFontExt (and DIR/dist/…zip)
    python build.py --check PATH       # validates an existing bundle, writes nothing

The bundle is written to a temporary sibling and swapped in only once it validates, so a
failed build leaves the previous bundle untouched. Output is deterministic: files are
copied in sorted order without caches, the zip has fixed dates and permissions, and the
only varying byte is info.plist's ``timeStamp`` (``SOURCE_DATE_EPOCH`` fixes it too).

Spec: https://robofont.com/documentation/reference/extensions/extension-file-spec/
"""

from __future__ import annotations

import argparse
import ast
import os
import plistlib
import re
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent
BUNDLE_NAME = "BubbleKern.roboFontExt"
ZIP_NAME = BUNDLE_NAME + ".zip"
REPOSITORY = "https://github.com/bubblekern/BubbleKern"

PACKAGES = ("bubblekern", "bubblekern_robofont")
"""Packages of source/lib copied into the bundle's lib folder."""

IGNORED_NAMES = {"__pycache__", ".DS_Store", ".pytest_cache", ".ruff_cache", ".mypy_cache"}
IGNORED_SUFFIXES = (".pyc", ".pyo")

# modifier masks of NSEvent (NSEventModifierFlagControl | NSEventModifierFlagOption)
CONTROL, OPTION, SHIFT, COMMAND = 1 << 18, 1 << 19, 1 << 17, 1 << 20

MENU = [
    ("bubblekern_robofont/menu_kerning_window.py", "Kerning Window…", [CONTROL | OPTION, "k"]),
    ("bubblekern_robofont/menu_make_bubbles.py", "Make Bubbles for Selected Glyphs…", ""),
    ("bubblekern_robofont/menu_delete_bubbles.py", "Delete Bubbles of Selected Glyphs", ""),
    ("bubblekern_robofont/menu_toggle_bubbles.py", "Show/Hide Bubbles", [CONTROL | OPTION, "b"]),
    ("bubblekern_robofont/menu_self_test.py", "Run Self-Test", ""),
]

REQUIREMENTS: list[str] = []
"""Other RoboFont *extensions* this one needs (``Name``, ``Name==1.2`` or ``Name>=1.2``), written
to the bundle's requirements.txt; none, so the file is left out. It is not a pip file: RoboFont's
``ExtensionBundle`` looks each name up as an installed ``Name.roboFontExt`` and compares the
version with that extension's info.plist, and refuses to install while one is missing. Nothing
pip-installs anything: the extension runs on what RoboFont ships (numpy and skia-pathops are
optional, see README)."""

NOT_EXTENSIONS = {"numpy", "skia-pathops", "skia_pathops", "pathops", "fonttools", "fontparts", "defcon", "ufo2ft"}
"""Python packages that are no RoboFont extension: naming one in requirements.txt blocks the install."""

REQUIRED_RESOURCES = ["toolbarIcon.pdf"]
"""Resources the code loads by name (ExtensionBundle(...).getResourceFilePath("toolbarIcon")). RoboFont maps
resources by file name without extension, so no two resources may share a stem."""

# PEP 440, appendix B (canonical public and local versions)
PEP440 = re.compile(
    r"^([1-9][0-9]*!)?(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*((a|b|rc)(0|[1-9][0-9]*))?"
    r"(\.post(0|[1-9][0-9]*))?(\.dev(0|[1-9][0-9]*))?(\+[a-z0-9]+(\.[a-z0-9]+)*)?$"
)


class BuildError(Exception):
    """The source or the written bundle breaks the spec; the message says where."""


# -- reading the source ---------------------------------------------------------------


def read_version(init: Path) -> str:
    """``__version__`` of a package's ``__init__.py``, read without importing it."""
    try:
        tree = ast.parse(init.read_text(encoding="utf-8"), str(init))
    except (OSError, SyntaxError) as error:
        raise BuildError(f"{init}: cannot read __version__: {error}") from None
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Name) and target.id == "__version__":
                value = node.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    return value.value
                raise BuildError(f"{init}:{node.lineno}: __version__ must be a string literal")
    raise BuildError(f"{init}: no __version__ = '…' assignment")


def info_plist(version: str, timestamp: float) -> dict:
    """The bundle's info.plist."""
    return {
        "name": "BubbleKern",
        "developer": "The BubbleKern developers",
        "developerURL": REPOSITORY,
        "documentationURL": REPOSITORY + "#robofont-extension",
        "version": version,
        "timeStamp": float(timestamp),
        "launchAtStartUp": True,
        "mainScript": "bubblekern_robofont/main.py",
        "html": True,
        "requiresVersionMajor": "4",
        "requiresVersionMinor": "4",
        "addToMenu": [
            {"path": path, "preferredName": name, "shortKey": key, "nestInSubmenus": False} for path, name, key in MENU
        ],
    }


def build_timestamp() -> float:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        try:
            return float(epoch)
        except ValueError:
            raise BuildError(f"SOURCE_DATE_EPOCH must be a number of seconds, not {epoch!r}") from None
    return round(time.time(), 3)


# -- writing --------------------------------------------------------------------------


def _ignored(name: str) -> bool:
    return name in IGNORED_NAMES or name.endswith(IGNORED_SUFFIXES)


def copy_tree(source: Path, target: Path, skip_suffixes: tuple[str, ...] = ()) -> None:
    """Copy ``source`` into ``target`` in sorted order, without caches (and ``skip_suffixes``)."""
    if not source.is_dir():
        raise BuildError(f"missing source folder: {source}")
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(source.iterdir(), key=lambda p: p.name):
        if _ignored(entry.name) or entry.name.endswith(skip_suffixes):
            continue
        if entry.is_symlink():
            raise BuildError(f"symbolic links are not allowed in the bundle: {entry}")
        if entry.is_dir():
            copy_tree(entry, target / entry.name, skip_suffixes)
        else:
            shutil.copyfile(entry, target / entry.name)


def write_bundle(source: Path, bundle: Path, timestamp: float) -> dict:
    """Write the bundle at ``bundle`` (which must not exist) from the repository at ``source``."""
    lib_source = source / "source" / "lib"
    version = read_version(lib_source / "bubblekern" / "__init__.py")
    license_path = source / "LICENSE"
    if not license_path.is_file():
        raise BuildError(f"missing {license_path}: the bundle's license is copied from it")
    info = info_plist(version, timestamp)
    bundle.mkdir(parents=True)
    for package in PACKAGES:
        copy_tree(lib_source / package, bundle / "lib" / package)
    copy_tree(source / "source" / "html", bundle / "html")
    copy_tree(source / "source" / "resources", bundle / "resources", skip_suffixes=(".py",))
    shutil.copyfile(license_path, bundle / "license")
    if REQUIREMENTS:
        (bundle / "requirements.txt").write_text("\n".join(REQUIREMENTS) + "\n", encoding="utf-8")
    with open(bundle / "info.plist", "wb") as f:
        plistlib.dump(info, f, sort_keys=True)
    return info


def write_zip(bundle: Path, path: Path) -> Path:
    """Zip ``bundle`` (as its folder name) with sorted entries, fixed dates and permissions."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    files = sorted((p for p in bundle.rglob("*") if p.is_file()), key=lambda p: p.relative_to(bundle).as_posix())
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in files:
            name = (Path(bundle.name) / file.relative_to(bundle)).as_posix()
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, file.read_bytes())
    os.replace(temporary, path)
    return path


# -- validation -----------------------------------------------------------------------

_TYPES = {
    "name": str,
    "developer": str,
    "developerURL": str,
    "version": str,
    "timeStamp": (float, int),
    "addToMenu": list,
}
_OPTIONAL_TYPES = {
    "html": (bool, int),
    "launchAtStartUp": (bool, int),
    "mainScript": str,
    "uninstallScript": str,
    "documentationURL": str,
    "requiresVersionMajor": str,
    "requiresVersionMinor": str,
    "expireDate": str,
}


def _valid_url(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("http", "https") and bool(parsed.netloc)


def _valid_version(version: str) -> bool:
    try:
        from packaging.version import InvalidVersion, Version
    except ImportError:
        return bool(PEP440.match(version))
    try:
        Version(version)
    except InvalidVersion:
        return False
    return True


_EXTENSION_REQUIREMENT = re.compile(r"^(?P<name>[^=<>!~#;\[\],]+?)\s*(?:(?P<op>==|>=)\s*(?P<version>\S+))?$")


def _check_requirement(line: str) -> str | None:
    """Why ``line`` of requirements.txt is not ``ExtensionName`` [``==``/``>=`` version], or None.

    The format of RoboFont's ``ExtensionBundle``: each name is an extension installed as
    ``Name.roboFontExt``; a version is compared (PEP 440) with that extension's info.plist.
    """
    match = _EXTENSION_REQUIREMENT.match(line)
    if match is None:
        return f"{line!r} is not 'ExtensionName', 'ExtensionName==version' or 'ExtensionName>=version'"
    name = match["name"].strip()
    if name.lower() in NOT_EXTENSIONS:
        return (
            f"{name!r} is a Python package, not a RoboFont extension: requirements.txt names other "
            "extensions only, and RoboFont refuses the install while one is missing"
        )
    if match["version"] is not None and not _valid_version(match["version"]):
        return f"version {match['version']!r} of {name!r} is not a PEP 440 version"
    return None


def validate(bundle: Path) -> list[str]:
    """Every way the bundle at ``bundle`` breaks the extension file spec (empty when valid)."""
    problems: list[str] = []
    if bundle.suffix != ".roboFontExt":
        problems.append(f"{bundle.name}: the bundle name must end in .roboFontExt")
    plist_path = bundle / "info.plist"
    try:
        info = plistlib.loads(plist_path.read_bytes())
    except FileNotFoundError:
        return problems + ["info.plist is missing"]
    except Exception as error:  # plistlib raises several types for bad data
        return problems + [f"info.plist is not a readable property list: {error}"]
    if not isinstance(info, dict):
        return problems + ["info.plist must hold a dictionary"]
    for key, kind in _TYPES.items():
        if key not in info:
            problems.append(f"info.plist: required key {key!r} is missing")
        elif isinstance(info[key], bool) or not isinstance(info[key], kind) or (kind is str and not info[key]):
            name = kind.__name__ if isinstance(kind, type) else "number"
            problems.append(f"info.plist: {key!r} must be a non-empty {name}, not {info[key]!r}")
    for key, kinds in _OPTIONAL_TYPES.items():
        if key in info and not isinstance(info[key], kinds):
            problems.append(f"info.plist: {key!r} has the wrong type: {type(info[key]).__name__}")
    for key in ("html", "launchAtStartUp"):
        if isinstance(info.get(key), int) and info[key] not in (0, 1):
            problems.append(f"info.plist: {key!r} must be 0 or 1")
    version = info.get("version")
    if isinstance(version, str) and version and not _valid_version(version):
        problems.append(f"info.plist: version {version!r} is not a PEP 440 version")
    for key in ("developerURL", "documentationURL"):
        if isinstance(info.get(key), str) and info[key] and not _valid_url(info[key]):
            problems.append(f"info.plist: {key!r} is not an http(s) URL: {info[key]!r}")
    for key in ("requiresVersionMajor", "requiresVersionMinor"):
        if isinstance(info.get(key), str) and not info[key].isdigit():
            problems.append(f"info.plist: {key!r} must be a string of digits, not {info[key]!r}")
    lib = bundle / "lib"
    if not lib.is_dir():
        problems.append("lib folder is missing")
    if info.get("launchAtStartUp") and not info.get("mainScript"):
        problems.append("info.plist: launchAtStartUp is set but mainScript is empty")
    for key in ("mainScript", "uninstallScript"):
        script = info.get(key)
        if isinstance(script, str) and script and not script.endswith(".py"):
            problems.append(f"info.plist: {key} {script!r} must be a .py file")
        if isinstance(script, str) and script and not (lib / script).is_file():
            problems.append(f"info.plist: {key} {script!r} does not exist in lib/")
    expire = info.get("expireDate")
    if isinstance(expire, str) and not re.match(r"^\d{4}-\d{2}-\d{2}$", expire):
        problems.append(f"info.plist: expireDate must be YYYY-MM-DD, not {expire!r}")
    menu = info.get("addToMenu")
    if isinstance(menu, list):
        for number, item in enumerate(menu, 1):
            where = f"info.plist: addToMenu item {number}"
            if not isinstance(item, dict):
                problems.append(f"{where} must be a dictionary")
                continue
            for key in ("path", "preferredName"):
                if not isinstance(item.get(key), str) or not item.get(key):
                    problems.append(f"{where}: {key!r} must be a non-empty string")
            path = item.get("path")
            if isinstance(path, str) and path and not path.endswith(".py"):
                problems.append(f"{where}: script {path!r} must be a .py file")
            if isinstance(path, str) and path and not (lib / path).is_file():
                problems.append(f"{where}: script {path!r} does not exist in lib/")
            if "shortKey" not in item:
                problems.append(f"{where}: 'shortKey' is missing (use '' for none)")
            else:
                key = item["shortKey"]
                ok = key == "" or (
                    isinstance(key, list)
                    and len(key) == 2
                    and isinstance(key[0], int)
                    and not isinstance(key[0], bool)
                    and isinstance(key[1], str)
                    and len(key[1]) == 1
                )
                if not ok:
                    problems.append(f"{where}: shortKey must be '' or [modifierMask, 'key'], not {key!r}")
            if "nestInSubmenus" in item and not isinstance(item["nestInSubmenus"], (bool, int)):
                problems.append(f"{where}: nestInSubmenus must be a bool")
    if info.get("html") and not (bundle / "html" / "index.html").is_file():
        problems.append("info.plist: html is set but html/index.html is missing")
    for name in REQUIRED_RESOURCES:
        if not (bundle / "resources" / name).is_file():
            problems.append(f"resources/{name} is missing")
    stems: dict[str, list[str]] = {}
    resources = bundle / "resources"
    for path in sorted(resources.rglob("*")) if resources.is_dir() else []:
        if path.is_file():
            stems.setdefault(path.stem, []).append(path.relative_to(resources).as_posix())
    for stem, files in stems.items():
        if len(files) > 1:
            problems.append(
                f"resources: {', '.join(files)} share the name {stem!r}: ExtensionBundle.getResourceFilePath({stem!r}) may return either"
            )
    requirements = bundle / "requirements.txt"
    if requirements.is_file():
        for number, line in enumerate(requirements.read_text(encoding="utf-8").splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if line and (problem := _check_requirement(line)):
                problems.append(f"requirements.txt, line {number}: {problem}")
    for path in sorted(lib.rglob("*")) if lib.is_dir() else []:
        if path.is_file() and (_ignored(path.name) or path.name.endswith(IGNORED_SUFFIXES)):
            problems.append(f"lib/{path.relative_to(lib)}: caches and compiled files do not belong in the bundle")
        if path.is_dir() and path.name in IGNORED_NAMES:
            problems.append(f"lib/{path.relative_to(lib)}: caches do not belong in the bundle")
        if path.suffix == ".py" and path.is_file():
            try:
                ast.parse(path.read_text(encoding="utf-8"), str(path))
            except SyntaxError as error:
                problems.append(f"lib/{path.relative_to(lib)}, line {error.lineno}: syntax error: {error.msg}")
    return problems


# -- the whole build ------------------------------------------------------------------


def build(source: Path = ROOT, output: Path | None = None, make_zip: bool = True, timestamp: float | None = None):
    """Build, validate and swap in the bundle; return (bundle path, zip path or None).

    Raises :class:`BuildError` listing every problem; the previous bundle is then untouched.
    """
    source = Path(source).resolve()
    output = Path(output).resolve() if output is not None else source
    output.mkdir(parents=True, exist_ok=True)
    target = output / BUNDLE_NAME
    staging = Path(tempfile.mkdtemp(prefix=".bubblekern-build-", dir=output))
    try:
        bundle = staging / BUNDLE_NAME
        write_bundle(source, bundle, build_timestamp() if timestamp is None else timestamp)
        problems = validate(bundle)
        if problems:
            raise BuildError("the bundle does not validate:\n  " + "\n  ".join(problems))
        old = staging / (BUNDLE_NAME + ".old")
        if target.exists():
            os.replace(target, old)
        os.replace(bundle, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    archive = write_zip(target, output / "dist" / ZIP_NAME) if make_zip else None
    return target, archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="repository to build from (default: this one)")
    parser.add_argument("--output", type=Path, help="folder to write the bundle into (default: the repository)")
    parser.add_argument("--no-zip", action="store_true", help="do not write dist/BubbleKern.roboFontExt.zip")
    parser.add_argument("--check", type=Path, metavar="BUNDLE", help="only validate an existing bundle")
    args = parser.parse_args(argv)
    try:
        if args.check is not None:
            problems = validate(args.check)
            if problems:
                raise BuildError(f"{args.check} does not validate:\n  " + "\n  ".join(problems))
            print(f"{args.check}: valid")
            return 0
        bundle, archive = build(args.source, args.output, make_zip=not args.no_zip)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    print(f"wrote {bundle}" + (f" and {archive}" if archive else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
