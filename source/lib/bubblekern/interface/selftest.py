"""The self-test's runner and scratch font: steps that each pass, fail or are skipped.

Run inside RoboFont by Extensions > BubbleKern > Run Self-Test
(:mod:`bubblekern_robofont.selftest`); every step prints one line to the Output window,
and a failing step never stops the ones after it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["Skip", "StepResult", "run_steps", "draw_scratch_glyphs", "SCRATCH_GLYPHS"]


class Skip(Exception):
    """Raised by a step that cannot run here; its message says why."""


@dataclass(frozen=True)
class StepResult:
    name: str
    status: str
    """``"pass"``, ``"fail"`` or ``"skip"``."""
    detail: str = ""

    @property
    def line(self) -> str:
        return f"{self.status.upper():4} {self.name}" + (f": {self.detail}" if self.detail else "")


def run_steps(steps: Iterable[tuple[str, Callable[[], object]]], emit: Callable[[str], None] = print) -> list[StepResult]:
    """Run each ``(name, step)``; emit one line per step and a summary line; return the results.

    A step passes when it returns, is skipped when it raises :class:`Skip`, and fails on any
    other exception (its message and the line it came from are shown); the next step runs anyway.
    """
    results = []
    for name, step in steps:
        try:
            step()
        except Skip as skip:
            result = StepResult(name, "skip", str(skip))
        except Exception as error:  # the self-test reports every failure and goes on
            where = traceback.extract_tb(error.__traceback__)[-1]
            detail = f"{type(error).__name__}: {error} ({where.filename.rsplit('/', 1)[-1]}, line {where.lineno})"
            result = StepResult(name, "fail", detail)
        else:
            result = StepResult(name, "pass")
        results.append(result)
        emit(result.line)
    counts = {status: sum(r.status == status for r in results) for status in ("pass", "fail", "skip")}
    emit(f"BubbleKern self-test: {counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
    return results


SCRATCH_GLYPHS = {"A": (600, (20, 0, 580, 700)), "V": (600, (60, 0, 540, 700)), "O": (650, (40, -10, 610, 710))}
"""name → (advance, outline box) of the scratch font's glyphs."""


def draw_scratch_glyphs(font) -> None:
    """Give ``font`` the :data:`SCRATCH_GLYPHS`, with unicodes and a 1000-unit em."""
    font.info.unitsPerEm = 1000
    for name, (width, (x0, y0, x1, y1)) in SCRATCH_GLYPHS.items():
        glyph = font.newGlyph(name)
        glyph.width = width
        glyph.unicodes = [ord(name)]
        pen = glyph.getPen()
        pen.moveTo((x0, y0))
        pen.lineTo((x1, y0))
        pen.lineTo((x1, y1))
        pen.lineTo((x0, y1))
        pen.closePath()
