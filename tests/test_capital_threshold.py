"""Pairs of two capitals keep a threshold of their own (``Settings.capital_min_kern``).

Designers kern capitals finely (``A O`` ``T O`` ``K O`` −10 to −20 per 1000 em in every font of ``../shared``), and
a threshold fitted to model pairs that are mostly lowercase and punctuation dropped them all; ``fit`` now gives
capital pairs :data:`bubblekern.fit.CAPITAL_MIN_KERN` and chooses ``min_kern`` on the other model pairs only. What
that does to real fonts is measured in benchmarks/quality.py; these tests keep the mechanics honest, with either
kernel (test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.errors import SettingsError
from bubblekern.settings import LIB_KEY

from helpers import add_glyph, new_font, rect

GAP = 3
"""Room each glyph's bubble leaves at both sidebearing lines: every pair kerns −2 × GAP."""


def cased_font():
    """Capitals A B, lowercase a b and a hyphen: box bubbles GAP in from both sidebearing lines."""
    font = new_font()
    for name, code in (("A", 0x41), ("B", 0x42), ("a", 0x61), ("b", 0x62), ("hyphen", 0x2D)):
        top = 700 if name.isupper() else 500
        add_glyph(font, name, 500, unicode=code, outline=lambda p, t=top: rect(p, 50, 0, 450, t),
                  bubble=lambda p, t=top: rect(p, GAP, 0, 500 - GAP, t))
    return font


PAIRS = [("A", "B"), ("a", "b"), ("A", "b"), ("hyphen", "A"), ("B", "A")]


def test_capital_pairs_keep_their_own_threshold():
    font = cased_font()
    plain = kern_pairs(font, PAIRS, Settings(min_kern=0))
    assert plain.kept == {pair: -2 * GAP for pair in PAIRS}
    dropped = kern_pairs(font, PAIRS, Settings(min_kern=10))
    assert dropped.kept == {} and dropped.settings.capital_threshold == 10
    kept = kern_pairs(font, PAIRS, Settings(min_kern=10, capital_min_kern=2))
    assert kept.kept == {("A", "B"): -6, ("B", "A"): -6}  # a capital and a lowercase or a hyphen: min_kern
    assert kept.value(("a", "b")) is None and kept.value(("A", "B")) == -6
    # and the other way: capitals held to a larger threshold than the rest
    stricter = kern_pairs(font, PAIRS, Settings(min_kern=0, capital_min_kern=7))
    assert set(stricter.kept) == {("a", "b"), ("A", "b"), ("hyphen", "A")}


def test_capital_threshold_with_strengths_and_the_blend():
    """The value model's contexts (strengths, the blend) do not change which pairs are capitals."""
    font = cased_font()
    settings = Settings(min_kern=10, capital_min_kern=1, strengths=(1.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0))
    result = kern_pairs(font, PAIRS, settings)
    assert result.kept == {("A", "B"): -6, ("B", "A"): -6, ("A", "b"): -12}


@pytest.mark.parametrize("bad", [-1, float("nan"), "2", True])
def test_capital_min_kern_is_checked(bad):
    with pytest.raises(SettingsError, match="capital_min_kern must be a number ≥ 0 or None"):
        Settings(capital_min_kern=bad)


def test_capital_min_kern_is_stored_only_when_given():
    assert "capital_min_kern" not in Settings().to_dict() and Settings().capital_threshold == Settings().min_kern
    data = Settings(min_kern=20, capital_min_kern=2).to_dict()
    assert data["capital_min_kern"] == 2
    assert Settings.from_dict(data).capital_threshold == 2


def test_a_font_stores_its_capital_threshold_for_kern():
    """``bubblekern fit`` writes ``capital_min_kern`` into the font's settings; kern reads it from there."""
    font = cased_font()
    font.lib[LIB_KEY] = {"min_kern": 10, "capital_min_kern": 2}
    settings = Settings.for_font(font)
    assert (settings.min_kern, settings.capital_min_kern) == (10, 2)
    assert kern_pairs(font, PAIRS, settings).kept == {("A", "B"): -6, ("B", "A"): -6}
