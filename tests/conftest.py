import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
# The RoboFont layer is not part of the pip package (RoboFont loads it from the extension's
# lib/); the tests that exercise it with fake RoboFont modules import it from the source.
# Appended, so an installed `bubblekern` still wins over the source copy.
SOURCE_LIB = str(TESTS.parent / "source" / "lib")
if SOURCE_LIB not in sys.path:
    sys.path.append(SOURCE_LIB)

import blocked_imports  # noqa: E402

blocked_imports.block_from_environment()  # BUBBLEKERN_BLOCK=numpy,pathops: run as inside RoboFont

from hypothesis import settings as hypothesis_settings  # noqa: E402

# CI replays the same examples every run, so a rare example found locally cannot make a
# submission red by chance; local runs keep searching at random.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")
