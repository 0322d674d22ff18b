"""Live validation of the flat-text tab: a pair list pasted or loaded from a file.

The text is checked as the user types; every bad line is reported with its number, and
the good lines still count, so the window can show "312 pairs, 2 bad lines" and mark
the lines at fault.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import PairListError
from ..pairs import Pair, parse_pair_list, read_pair_text

__all__ = ["Validation", "validate_pair_text", "load_pair_text"]


@dataclass(frozen=True)
class Validation:
    """What a pair-list text holds: its good pairs and its bad lines."""

    pairs: list[Pair] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def bad_lines(self) -> list[int]:
        return sorted({line for line, _ in self.problems})

    @property
    def status(self) -> str:
        """One line for the window: pair count and, when any, the bad lines."""
        count = len(self.pairs)
        text = f"{count} pair{'s' if count != 1 else ''}"
        if self.problems:
            lines = self.bad_lines
            shown = ", ".join(str(n) for n in lines[:8]) + (" …" if len(lines) > 8 else "")
            text += f"; {len(lines)} bad line{'s' if len(lines) != 1 else ''} ({shown})"
        return text

    @property
    def messages(self) -> list[str]:
        """Every problem as ``"line N: message"``."""
        return [f"line {line}: {message}" for line, message in self.problems]


def validate_pair_text(
    text: str,
    known: Collection[str],
    groups: Mapping[str, Sequence[str]] | None = None,
) -> Validation:
    """Check ``text`` line by line; good lines give pairs even when other lines are bad."""
    try:
        return Validation(parse_pair_list(text, known, groups))
    except PairListError as error:
        problems = list(error.problems)
    bad = {line for line, _ in problems}
    kept = "\n".join("" if number in bad else raw for number, raw in enumerate(text.splitlines(), 1))
    try:
        pairs = parse_pair_list(kept, known, groups)
    except PairListError:  # a header-position problem can only come from a line we blanked
        pairs = []
    return Validation(pairs, problems)


load_pair_text = read_pair_text
"""The text of a pair-list file for the tab (UTF-8, or UTF-16 with a byte-order mark)."""
