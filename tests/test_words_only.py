"""Only the letter pairs text sets are kerned, for a designer who kerns no other (``Settings.words_only``).

TeX Gyre's, Gentium's and DejaVu's designers kern ``T o`` and leave ``T q`` at 0, a pair no common word sets, where
the bubbles kern both alike; ``fit`` reads that policy off a model pair such as ``T q``. How far it brings real fonts
to their designers is measured in benchmarks/quality.py; these tests keep the mechanics honest, with either kernel
(test_without_numpy runs this module again without numpy).
"""

from __future__ import annotations

import argparse

import pytest

from bubblekern import Settings, kern_pairs, kernel
from bubblekern.errors import SettingsError

from helpers import add_glyph, new_font, rect

pytest.importorskip("wordfreq")

SHAPES = {  # name: (width, boxes, character); cap height 700, x-height 500
    "T": (600, [(20, 620, 580, 700), (260, 0, 340, 620)], "T"),
    "o": (500, [(40, 0, 460, 500)], "o"),
    "q": (500, [(40, 0, 460, 500), (380, -200, 460, 0)], "q"),
    "adieresis": (500, [(40, 0, 460, 500), (100, 560, 180, 640), (320, 560, 400, 640)], "\u00e4"),
    "one": (500, [(210, 0, 290, 700)], "1"),
    "period": (300, [(110, 0, 190, 80)], "."),
}
PAIRS = [("T", "o"), ("T", "q"), ("q", "T"), ("o", "T"), ("T", "adieresis"), ("T", "period"), ("one", "T"),
         ("T", "one")]


def letters_font(bubbles: bool = True):
    """T, o, q, ä, a figure and a period drawn in boxes; with ``bubbles``, each drawn grown by 40 on the bubble layer."""
    font = new_font()
    font.info.capHeight, font.info.xHeight = 700, 500
    for name, (width, boxes, char) in SHAPES.items():
        add_glyph(font, name, width, outline=lambda p, b=boxes: [rect(p, *box) for box in b],
                  bubble=(lambda p, b=boxes: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in b])
                  if bubbles else None, unicode=ord(char))
    return font


def without_wordfreq(monkeypatch) -> None:
    """Make the common words unreadable, as where wordfreq is not installed."""
    from bubblekern import words

    def missing(*_args, **_kwargs):
        raise words.WordsError("pairs from words need the wordfreq package")

    monkeypatch.setattr(words, "text_letter_pairs", missing)


def test_pairs_no_common_word_sets_are_not_kerned():
    font = letters_font()
    every = kern_pairs(font, PAIRS, Settings(min_kern=0))
    only = kern_pairs(font, PAIRS, Settings(min_kern=0, words_only="en"))
    assert every.value(("T", "q")) == every.value(("T", "o")) < -50  # the shapes kern alike
    assert only.value(("T", "q")) is None and only.as_dict()[("T", "q")] == 0  # no English word sets "Tq"
    assert only.value(("q", "T")) is None and every.value(("q", "T")) is not None  # nor a lowercase before a capital
    for pair in [("T", "o"), ("T", "adieresis"), ("T", "period"), ("one", "T"), ("T", "one")]:
        assert only.value(pair) == every.value(pair) is not None, pair  # words set To, Tä counts as Ta; no letter pairs
    # a full run drops the same pairs
    everything = kern_pairs(font, None, Settings(min_kern=0, words_only="en")).kept
    assert ("T", "q") not in everything and everything[("T", "o")] == only.value(("T", "o"))


def test_pairs_only_rare_words_set_are_left_out():
    """A pair counts as set by text when the common words set it at least ``TEXT_FLOOR`` times per word, their
    frequencies summed over the languages; the rarest (``V d``: a few times per million words) are left out."""
    from bubblekern import words
    from bubblekern.glyphsets import base_letter

    totals: dict[tuple[str, str], float] = {}
    for code in words.parse_languages(words.TEXT_LANGUAGES):
        for (a, b), frequency in words._letter_pairs(code, words.WORDS, words.CASES).items():
            pair = (base_letter(a), base_letter(b))
            totals[pair] = totals.get(pair, 0.0) + frequency
    letters, kept = words.text_letter_pairs(words.TEXT_LANGUAGES)
    everything = words.text_letter_pairs(words.TEXT_LANGUAGES, floor=0.0)[1]
    rare = {pair for pair, total in totals.items() if total < words.TEXT_FLOOR}
    assert rare and len(rare) < len(totals) // 10  # a few dozen pairs, not the text's own
    assert kept == everything - rare and kept == {p for p, t in totals.items() if t >= words.TEXT_FLOOR}
    assert {("T", "o"), ("V", "e"), ("t", "h")} <= kept and ("T", "q") not in everything
    assert letters == {c for pair in totals for c in pair} == words.text_letter_pairs(words.TEXT_LANGUAGES, floor=1.0)[0]


def test_without_wordfreq_kern_says_so_and_keeps_every_pair(monkeypatch):
    without_wordfreq(monkeypatch)
    result = kern_pairs(letters_font(), PAIRS, Settings(min_kern=0, words_only="en"))
    assert result.value(("T", "q")) is not None
    assert any("words_only" in w and "wordfreq" in w for w in result.warnings)


def test_both_kernels_drop_the_same_pairs():
    from array import array

    from bubblekern.kernel import plain

    codes = [0, 1, -1, 2]  # row 2 is no letter of the languages
    met = {(0, 1), (1, 1), (2, 0)}
    left, right = [0, 0, 1, 2, 3, 3, 1], [1, 3, 0, 0, 0, 1, 1]
    values, kept = [-30, -40, -50, -60, -70, 20, -5], [1, 1, 1, 1, 1, 1, 0]
    dropped = [False, True, True, False, False, True, False]
    got = plain.drop_unmet(array("i", values), array("B", kept), left, right, codes, met)
    assert list(got[0]) == [0 if d else v for v, d in zip(values, dropped)]
    assert list(got[1]) == [0 if d else k for k, d in zip(kept, dropped)]
    if kernel.BACKEND == "numpy":
        import numpy as np

        fast = kernel.drop_unmet(np.array(values), np.array(kept, dtype=bool), np.array(left), np.array(right), codes,
                                 met)
        assert fast[0].tolist() == list(got[0]) and fast[1].tolist() == [bool(k) for k in got[1]]
    # a ligature's row (3) ends with letter 0 and begins with letter 2: its codes differ by side
    starts = [0, 1, -1, 2]
    ends = [0, 1, -1, 0]
    dropped = [ends[a] >= 0 and starts[b] >= 0 and (ends[a], starts[b]) not in met for a, b in zip(left, right)]
    assert dropped == [False, True, True, False, True, False, False]
    got = plain.drop_unmet(array("i", values), array("B", kept), left, right, ends, met, starts)
    assert list(got[0]) == [0 if d else v for v, d in zip(values, dropped)]
    if kernel.BACKEND == "numpy":
        fast = kernel.drop_unmet(np.array(values), np.array(kept, dtype=bool), np.array(left), np.array(right), ends,
                                 met, starts)
        assert fast[0].tolist() == list(got[0]) and fast[1].tolist() == [bool(k) for k in got[1]]


def test_a_ligature_meets_its_neighbours_by_its_own_ends():
    """``f_i`` ends with ``i`` and begins with ``f``: ``f_i q`` is kept as ``i q`` is ("liquid"), where its first
    letter alone would drop it (no common word sets "fq"); ``q f_i`` is dropped as ``q f`` is."""
    from bubblekern.glyphsets import glyph_ends

    assert glyph_ends("f_i") == ("f", "i") == glyph_ends("fi", [0xFB01]) and glyph_ends("o.sc") == ("o", "o")
    assert glyph_ends("g042") == (None, None) and glyph_ends("T", [ord("T")]) == ("T", "T")
    font = letters_font()
    boxes = SHAPES["T"][1]  # an arm over the next letter
    add_glyph(font, "f_i", 600, outline=lambda p: [rect(p, *box) for box in boxes],
              bubble=lambda p: [rect(p, x0 - 40, y0 - 40, x1 + 40, y1 + 40) for x0, y0, x1, y1 in boxes])
    pairs = [("f_i", "q"), ("q", "f_i"), ("f_i", "o")]
    every = kern_pairs(font, pairs, Settings(min_kern=0))
    only = kern_pairs(font, pairs, Settings(min_kern=0, words_only="en"))
    assert every.value(("f_i", "q")) < -50 and every.value(("q", "f_i")) is not None
    assert only.value(("f_i", "q")) == every.value(("f_i", "q"))  # "iq" is set, "fq" is not
    assert only.value(("q", "f_i")) is None  # "qf" is not set
    assert only.value(("f_i", "o")) == every.value(("f_i", "o"))


def test_the_setting_is_checked_stored_and_a_command_line_option():
    from bubblekern.cli.common import add_settings_arguments, settings_from_args

    for wrong in ("", " , ", 3, "en;fr", "fr/be"):
        with pytest.raises(SettingsError, match="words_only"):
            Settings(words_only=wrong)
    assert Settings(words_only="en, fr  de,en").words_only == "en,fr,de"
    assert Settings.from_dict(Settings(words_only="en").to_dict()).words_only == "en"
    assert "words_only" not in Settings().to_dict()
    parser = argparse.ArgumentParser()
    add_settings_arguments(parser)
    assert settings_from_args(parser.parse_args(["--words-only", "en,fr"]), None).words_only == "en,fr"
    assert settings_from_args(parser.parse_args([]), None).words_only is None
    font = letters_font()
    font.lib["com.bubblekern.settings"] = {"words_only": "en"}
    assert Settings.for_font(font).words_only == "en"
    assert settings_from_args(parser.parse_args([]), font).words_only == "en"
    assert settings_from_args(parser.parse_args(["--words-only", "off"]), font).words_only is None


def test_fit_reads_the_policy_off_a_model_pair_and_kern_applies_it(monkeypatch):
    """A designer who kerns ``T o`` and leaves ``T q`` at 0 kerns only pairs text sets: the fit says so, stores it,
    and kern leaves ``T q`` out; a designer who kerns ``T q`` keeps every pair, and nothing is stored."""
    pytest.importorskip("numpy")
    pytest.importorskip("pathops")
    from bubblekern.fit import fit, store_fit
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.model import BLEND
    from bubblekern.settings import LIB_KEY
    from bubblekern.words import TEXT_LANGUAGES

    gen = GenerateSettings()
    work = letters_font(bubbles=False)
    make_bubbles(work, None, gen)
    designer = kern_pairs(work, PAIRS, Settings(min_kern=0, blend=BLEND)).as_dict()
    training = [("T", "o"), ("T", "q"), ("T", "period")]

    def fitted(tq: int):
        font = letters_font(bubbles=False)
        for pair, value in {**designer, ("T", "q"): tq}.items():
            font.kerning[pair] = value
        return font, fit(font, training, start=gen, refine=False, controls=False, value_model="blend")

    font, result = fitted(0)
    assert result.settings.words_only == TEXT_LANGUAGES and f"words of {TEXT_LANGUAGES}" in result.format()
    assert result.to_dict()["words_only"] == TEXT_LANGUAGES
    store_fit(font, result)
    assert font.lib[LIB_KEY]["words_only"] == TEXT_LANGUAGES
    kerned = kern_pairs(font, [("T", "q"), ("T", "o")], Settings.for_font(font).replace(min_kern=0))
    assert kerned.value(("T", "q")) is None and kerned.value(("T", "o")) < 0
    font, result = fitted(designer[("T", "q")])
    assert result.settings.words_only is None
    store_fit(font, result)
    assert "words_only" not in font.lib[LIB_KEY]
    without_wordfreq(monkeypatch)  # the fit cannot set it, and says so
    font, result = fitted(0)
    assert result.settings.words_only is None and "wordfreq" in result.format() and result.to_dict()["notes"]


def test_status_and_the_robofont_window_follow_the_stored_setting(tmp_path, capsys):
    import json

    pytest.importorskip("numpy")  # the command line needs it
    from bubblekern.cli import main
    from bubblekern.interface.defaults import with_font_model
    from bubblekern.settings import LIB_KEY

    from helpers import save

    font = letters_font()
    font.lib[LIB_KEY] = {"words_only": "en,fr"}
    assert with_font_model(Settings(), font).words_only == "en,fr"
    path = save(font, tmp_path, "Letters.ufo")
    assert main(["status", str(path)]) == 0
    assert "only the letter pairs the common words of en,fr set are kerned" in capsys.readouterr().out
    assert main(["status", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words_only"] == {"languages": "en,fr", "applied": True}
    font.lib[LIB_KEY] = {}
    save(font, tmp_path, "Letters.ufo")
    assert main(["status", str(path)]) == 0 and "common words" not in capsys.readouterr().out


def test_kern_on_the_command_line_leaves_the_pairs_out_and_the_designer_s_values_alone(tmp_path):
    pytest.importorskip("numpy")  # the command line needs it
    from fontParts.fontshell import RFont

    from bubblekern.cli import main

    from helpers import save

    font = letters_font()
    font.kerning[("q", "T")] = -33  # the designer's own: not asked to be replaced
    path = save(font, tmp_path, "Letters.ufo")
    assert main(["kern", str(path), "--words-only", "en", "--min-kern", "0"]) == 0
    kerning = dict(RFont(str(path)).kerning.items())
    assert ("T", "q") not in kerning and kerning[("T", "o")] < -50 and kerning[("q", "T")] == -33
