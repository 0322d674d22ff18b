"""The package surface: lazy exports, style, and the README's promises."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bubblekern

ROOT = Path(__file__).resolve().parent.parent


def test_every_exported_name_resolves():
    for name in bubblekern.__all__:
        assert getattr(bubblekern, name) is not None, name


def test_later_stages_load_only_when_used():
    code = "import sys, bubblekern; print(sorted(m for m in ('pathops', 'ufo2ft', 'skia') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_unknown_attributes_still_raise():
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        bubblekern.nothing_here  # noqa: B018


def test_readme_starts_with_the_two_fresh_machine_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    install_demo, install_tests = blocks[0], blocks[1]
    assert "pip install ." in install_demo and install_demo.endswith("bubblekern demo")
    assert "pytest" in install_tests
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_tests in ci


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(), reason="ruff not installed")
def test_the_code_is_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run([ruff, "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
