"""Pairs from words: the letter pairs of common words (wordfreq), ranked, limited to the font."""

from __future__ import annotations

import json
import string
import sys

import pytest

from bubblekern import kern_pairs
from bubblekern.bubbles import FontBubbles
from bubblekern.cli import main
from bubblekern.interface.sources import NothingToKernError, Request, request_pairs, words_status
from bubblekern.pairs import cmap_of
from bubblekern.settings import Settings
from bubblekern.words import WordsError, languages, pairs_from_words, parse_languages, word_pair_scores

from helpers import add_glyph, new_font, rect, save

wordfreq = pytest.importorskip("wordfreq", reason="pairs from words need the 'words' extra (wordfreq)")

HEBREW_LETTERS = range(0x05D0, 0x05EB)  # alef … tav, final forms included


def letters_font(codes, names=None):
    """A font with a box bubble for each code point (named ``uniXXXX`` unless ``names`` says)."""
    font = new_font()
    for i, code in enumerate(codes):
        name = (names or {}).get(code, f"uni{code:04X}")
        width = 500 + (i * 37) % 120
        add_glyph(font, name, width, unicode=code,
                  bubble=lambda p, w=width, i=i: rect(p, 10 + i % 50, 0, w - 10 - (i * 7) % 50, 500 + (i * 13) % 200))
    return font


def latin_cmap(letters=string.ascii_letters):
    return {ord(c): c for c in letters}


def test_english_pairs_are_ranked_by_word_frequency():
    scores = word_pair_scores("en", latin_cmap(), cases=("lower",))
    ranked = list(scores)
    assert ranked[:2] == [("t", "h"), ("h", "e")]  # "the" is the most common English word
    values = list(scores.values())
    assert values == sorted(values, reverse=True)
    # a pair's score is the summed frequency of the common words it occurs in (each occurrence)
    words = sorted(wordfreq.get_frequency_dict("en", "small").items(), key=lambda i: -i[1])
    words = [(w, f) for w, f in words if not any(ord(c) > 0x24F and c.isalpha() for c in w)][:10_000]
    expected = sum(f * sum(1 for k in range(len(w) - 1) if w[k : k + 2] == "qu") for w, f in words)
    assert scores[("q", "u")] == pytest.approx(expected)
    assert all(a.islower() and b.islower() for a, b in ranked)


def test_cases_top_and_only_glyphs_the_font_has():
    pairs = pairs_from_words("en", latin_cmap(), top=40)
    assert len(pairs) == 40 and ("T", "h") in pairs  # capitalised "The" starts many sentences
    assert not any(a.isupper() and b.isupper() for a, b in pairs_from_words("en", latin_cmap()))
    upper = pairs_from_words("en", latin_cmap(), cases=("upper",), top=10)
    assert ("T", "H") in upper and all(a.isupper() and b.isupper() for a, b in upper)
    no_h = pairs_from_words("en", latin_cmap(string.ascii_lowercase.replace("h", "")))
    assert no_h and not any("h" in pair for pair in no_h)
    assert ("t", "e") not in pairs_from_words("en", latin_cmap(), top=5)  # "the" does not make t e
    # glyph names, not characters: pairs come out as the font's glyphs
    font = letters_font([ord(c) for c in "theHT"], names={ord(c): c + ".x" for c in "the"})
    assert pairs_from_words("en", cmap_of(font), top=2) == [("h.x", "e.x"), ("t.x", "h.x")]


def test_hebrew_pairs_are_in_logical_order_and_solved_right_to_left():
    font = letters_font(HEBREW_LETTERS)
    pairs = pairs_from_words("he", cmap_of(font), top=60)
    assert len(pairs) == 60
    assert ("uni05E9", "uni05DC") in pairs[:10]  # של ("of"): shin, then lamed, in reading order
    assert all(0x05D0 <= int(n[3:], 16) <= 0x05EA for pair in pairs for n in pair)
    # two languages add up; each keeps its own pairs
    font_both = letters_font([*HEBREW_LETTERS, *map(ord, string.ascii_lowercase)],
                             names={ord(c): c for c in string.ascii_lowercase})
    both = word_pair_scores("en,he", cmap_of(font_both), cases=("lower",))
    assert ("h", "e") in both and ("uni05E9", "uni05DC") in both
    assert not any(a in string.ascii_letters for a, _ in word_pair_scores("he", cmap_of(font_both)))  # no loanwords
    result = kern_pairs(font, pairs, Settings(min_kern=0))
    assert all(result.is_rtl(p) for p in result.pairs)
    a, b = "uni05E9", "uni05DC"  # box bubbles: gap = (advance(second) − right(second)) + left(first)
    first, second = font.getLayer("bubble")[a].bounds, font.getLayer("bubble")[b].bounds
    assert result.value((a, b)) == -round((font[b].width - second[2]) + first[0])


def test_bad_languages_and_settings_are_named():
    assert {"en", "he", "ar"} <= set(languages())
    assert parse_languages(" en, he ,en") == ["en", "he"]
    with pytest.raises(WordsError, match="'xx'.*wordfreq has: .*en"):
        parse_languages("en,xx")
    with pytest.raises(WordsError, match="at least one language"):
        parse_languages(" , ")
    with pytest.raises(WordsError, match="top"):
        pairs_from_words("en", latin_cmap(), top=0)
    with pytest.raises(WordsError, match="cases"):
        pairs_from_words("en", latin_cmap(), cases=("smallcaps",))


def test_missing_wordfreq_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # import wordfreq now raises ImportError
    with pytest.raises(WordsError, match=r"pip install 'bubblekern\[words\]'"):
        pairs_from_words("en", latin_cmap())


def test_kern_from_words_on_the_command_line(tmp_path, capsys):
    font = letters_font([*map(ord, string.ascii_letters), *HEBREW_LETTERS], names={ord(c): c for c in string.ascii_letters})
    ufo = save(font, tmp_path)
    code = main(["kern", str(ufo), "--pairs-from-words", "en,he", "--pairs-top", "50", "--min-kern", "0",
                 "--format", "json", "--dry-run"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["summary"]["solved"] == 50
    expected = pairs_from_words("en,he", cmap_of(font), top=50)
    assert [tuple(p[:2]) for p in data["pairs"]] == [p for p in expected if p in {tuple(q[:2]) for q in data["pairs"]}]
    code = main(["kern", str(ufo), "--pairs-from-words", "ar", "--dry-run"])
    assert code == 1 and "no letter pair of the ar words" in capsys.readouterr().err
    code = main(["kern", str(ufo), "--pairs-from-words", "klingon", "--dry-run"])
    assert code == 1 and "'klingon'" in capsys.readouterr().err
    code = main(["kern", str(ufo), "--pairs-top", "5", "--dry-run"])
    assert code == 1 and "--pairs-top goes with --pairs-from-words" in capsys.readouterr().err
    help_text = _help(capsys)
    assert "--pairs-from-words" in help_text and "--pairs-top" in help_text and "--rtl" in help_text


def _help(capsys) -> str:
    with pytest.raises(SystemExit):
        main(["kern", "--help"])
    return capsys.readouterr().out


def test_kerning_window_words_source():
    font = letters_font(map(ord, string.ascii_letters), names={ord(c): c for c in string.ascii_letters})
    bubbles = FontBubbles(font)
    pairs = request_pairs(Request(source="words", words="en", words_top=25), bubbles)
    assert pairs == pairs_from_words("en", cmap_of(font), top=25)
    # empty: the default set, all pairs but a lowercase letter before a capital
    assert len(request_pairs(Request(source="words", words=""), bubbles)) == 52 * 52 - 26 * 26
    with pytest.raises(NothingToKernError, match="he words"):
        request_pairs(Request(source="words", words="he"), bubbles)
    with pytest.raises(WordsError, match="'zz'"):
        request_pairs(Request(source="words", words="zz"), bubbles)
    assert words_status("en", font, top=3).startswith("3 pairs, most frequent first: h/e t/h")
    assert "'zz'" in words_status("zz", font) and words_status("", font).startswith("No languages")


def test_words_on_a_big_font_without_groups_kern_glyph_pairs(tmp_path, capsys):
    """Groups are built for the default all-pairs set only: built for the few pairs of words, every
    member pair the words did not reach needed an exception holding it at 0 (Noto Sans without
    groups: 3,136 entries for 158 pairs kept)."""
    cyrillic = range(0x410, 0x450)
    font = letters_font([*map(ord, string.ascii_letters), *cyrillic], names={ord(c): c for c in string.ascii_letters})
    assert len(font.keys()) >= 100
    ufo = save(font, tmp_path)
    code = main(["kern", str(ufo), "--pairs-from-words", "en", "--pairs-top", "200", "--min-kern", "0",
                 "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    from bubblekern import open_font

    kerned = open_font(ufo)
    assert not kerned.groups.keys()
    assert 0 < len(kerned.kerning) <= data["summary"]["solved"] == 200
