"""Pairs that occur in text: the letter pairs of a language's common words, most frequent first.

Word frequencies come from `wordfreq <https://pypi.org/project/wordfreq/>`_ (code under
the Apache licence, word lists under CC BY-SA 4.0; about 60 MB, so an optional extra:
``pip install 'bubblekern[words]'``). Each word of the ``words`` most common of a
language adds its frequency to every pair of neighbouring letters in it, in each case
form asked for; pairs are ranked by that sum over all languages given. Only letters
pair: marks are dropped (they sit on their letter), other characters (apostrophes,
digits, hyphens) split a word. Words with a letter outside the language's script (the
English brand names in the Hebrew and Arabic lists) are left out. Pairs are in logical order, as UFO kerning is, also for
Hebrew and Arabic; pairs of characters the font has no glyph for are left out.

Arabic letters pair as the characters they are; the contextual forms the font's GSUB
substitutes at shaping time are not looked up.

The same words say which letter pairs text never sets (:func:`text_letter_pairs`, :func:`text_codes`), for a designer
who kerns no other (``Settings.words_only``): there every case form counts, and accented letters as their base.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from .errors import BubbleKernError
from .pairs import Pair

__all__ = ["WordsError", "CASES", "WORDS", "TEXT_LANGUAGES", "TEXT_FLOOR", "languages", "parse_languages",
           "word_pair_scores", "pairs_from_words", "text_letter_pairs", "text_codes"]

CASES = ("lower", "title", "upper")
"""Case forms a word can be counted in: as listed (lower case), capitalised, all capitals."""
WORDS = 10_000
"""How many of a language's most common words are read by default."""
WORDLIST = "small"
"""wordfreq's list: words used at least once per million, in every language it has."""


TEXT_LANGUAGES = "de,en,es,fr,it,nl,pt"
"""The languages whose common words say which letter pairs occur in text when ``bubblekern fit`` finds a designer
who kerns no other (``Settings.words_only``)."""


TEXT_FLOOR = 1e-5
"""How often a letter pair must occur in the common words to count as one text sets (``Settings.words_only``): ten
times per million words, the words' frequencies summed over the languages. ``V d`` occurs about 7 times per million
words in :data:`TEXT_LANGUAGES` and is left out; ``V c`` (54) and ``W d`` (11) are kept. Designers who kern only the
pairs text sets leave out the rarest of them too: on the benchmark's fonts (mean r of 23 pool fonts, 14 test fonts and
17 check fonts) this floor gave +0.0001, +0.008 and +0.0015 over counting every pair the words set; three times
higher, the check fonts lost 0.008."""


class WordsError(BubbleKernError, ValueError):
    """wordfreq is missing, or a language or setting is not usable."""


def _wordfreq():
    try:
        import wordfreq
    except ImportError:
        raise WordsError(
            "pairs from words need the wordfreq package (about 60 MB): pip install 'bubblekern[words]'"
        ) from None
    return wordfreq


def languages() -> list[str]:
    """The language codes wordfreq has word lists for (``en``, ``he``, ``ar``, …)."""
    return sorted(_wordfreq().available_languages(WORDLIST))


def parse_languages(text: str | Iterable[str]) -> list[str]:
    """Language codes from ``"en,he"`` (or a list), checked: unknown codes are an error naming them."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else [str(c).strip() for c in text]
    codes = list(dict.fromkeys(c for c in codes if c))
    if not codes:
        raise WordsError("give at least one language code, e.g. en or en,he")
    known = languages()
    unknown = [c for c in codes if c not in known]
    if unknown:
        raise WordsError(
            f"no word list for {', '.join(repr(c) for c in unknown)}; wordfreq has: {', '.join(known)}"
        )
    return codes


_SCRIPTS = {"Jpan": {"Hira", "Kana", "Hani"}, "Hans": {"Hani"}, "Hant": {"Hani"}, "Kore": {"Hang", "Hani"}}


def _scripts(code: str) -> set[str]:
    """The Unicode scripts (ISO 15924) a language is written in: en → Latn, he → Hebr."""
    import langcodes  # a dependency of wordfreq

    script = langcodes.Language.get(code).maximize().script or "Latn"
    return _SCRIPTS.get(script, {script})


@lru_cache(maxsize=4096)
def _letter_scripts(char: str) -> frozenset[str]:
    from fontTools.unicodedata import script_extension

    return frozenset(script_extension(char)) if unicodedata.category(char).startswith("L") else frozenset()


def _in_script(word: str, scripts: set[str]) -> bool:
    return all(not found or found & scripts for found in map(_letter_scripts, word))


def _forms(word: str, cases: Sequence[str]) -> set[str]:
    forms = set()
    for case in cases:
        if case == "lower":
            forms.add(word)
        elif case == "title":
            forms.add(word[:1].upper() + word[1:])
        else:
            forms.add(word.upper())
    return forms


def _letter_runs(word: str) -> list[str]:
    """The runs of letters in ``word``, marks dropped, anything else splitting it."""
    runs, current = [], []
    for char in word:
        category = unicodedata.category(char)
        if category.startswith("L"):
            current.append(char)
        elif not category.startswith("M"):
            if current:
                runs.append("".join(current))
            current = []
    if current:
        runs.append("".join(current))
    return runs


def word_pair_scores(
    langs: str | Iterable[str],
    cmap: Mapping[int, str],
    *,
    words: int = WORDS,
    cases: Sequence[str] = ("lower", "title"),
) -> dict[Pair, float]:
    """Glyph pairs of the letter pairs in the ``words`` most common words of each language,
    with the summed frequency (per word of text) of the words they occur in, most frequent
    first. ``cmap`` maps code points to glyph names; pairs with a character it lacks are
    left out."""
    codes = parse_languages(langs)
    if not isinstance(words, int) or isinstance(words, bool) or words < 1:
        raise WordsError(f"the number of words must be a whole number ≥ 1, not {words!r}")
    bad = [c for c in cases if c not in CASES]
    if bad or not cases:
        raise WordsError(f"cases must be some of {', '.join(CASES)}, not {', '.join(map(str, cases)) or 'none'}")
    scores: dict[Pair, float] = {}
    for code in codes:
        for (a, b), frequency in _letter_pairs(code, words, tuple(cases)).items():
            left, right = cmap.get(ord(a)), cmap.get(ord(b))
            if left is not None and right is not None:
                scores[left, right] = scores.get((left, right), 0.0) + frequency
    ranked = sorted(scores.items(), key=lambda item: -item[1])  # stable: ties keep first-seen order
    return dict(ranked)


@lru_cache(maxsize=16)
def _letter_pairs(code: str, words: int, cases: tuple[str, ...]) -> dict[tuple[str, str], float]:
    """Letter pair → summed frequency over the ``words`` most common words of language ``code``."""
    frequencies = _wordfreq().get_frequency_dict(code, WORDLIST)
    scripts = _scripts(code)
    common = sorted((item for item in frequencies.items() if _in_script(item[0], scripts)), key=lambda i: -i[1])
    counts: dict[tuple[str, str], float] = {}
    for word, frequency in common[:words]:
        for form in _forms(word, cases):
            for run in _letter_runs(form):
                for pair in zip(run, run[1:]):
                    counts[pair] = counts.get(pair, 0.0) + frequency
    return counts


def pairs_from_words(
    langs: str | Iterable[str],
    cmap: Mapping[int, str],
    *,
    top: int | None = None,
    words: int = WORDS,
    cases: Sequence[str] = ("lower", "title"),
) -> list[Pair]:
    """The glyph pairs of :func:`word_pair_scores`, most frequent first, the first ``top`` of them."""
    if top is not None and (not isinstance(top, int) or isinstance(top, bool) or top < 1):
        raise WordsError(f"top must be a whole number ≥ 1, not {top!r}")
    pairs = list(word_pair_scores(langs, cmap, words=words, cases=cases))
    return pairs if top is None else pairs[:top]


@lru_cache(maxsize=8)
def text_letter_pairs(langs: str, words: int = WORDS,
                      floor: float = TEXT_FLOOR) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The base letters (:func:`bubblekern.glyphsets.base_letter`: ``é`` is ``e``) of the ``words`` most common words
    of each language of ``langs``, in lower case, capitalised and in capitals, and the pairs of them those words set
    side by side at least ``floor`` times per word of text (the words' frequencies summed over the languages)."""
    from .glyphsets import base_letter

    totals: dict[tuple[str, str], float] = {}
    for code in parse_languages(langs):
        for (a, b), frequency in _letter_pairs(code, words, CASES).items():
            pair = (base_letter(a), base_letter(b))
            totals[pair] = totals.get(pair, 0.0) + frequency
    letters = frozenset(c for pair in totals for c in pair)  # a letter only rare pairs hold is still a letter
    return letters, frozenset(pair for pair, total in totals.items() if total >= floor)


def text_codes(font, names: Sequence[str], langs: str) -> tuple[list[int], list[int], frozenset[tuple[int, int]]]:
    """What ``Settings.words_only`` keeps of the pairs of ``names``: per glyph, the index of the base letter it
    ends with (its side as a left glyph) and of the one it begins with (as a right glyph: ``f_i`` ends with ``i``
    and begins with ``f``) among the letters of ``langs``' common words (:func:`text_letter_pairs`), -1 for any
    other glyph (a figure, punctuation, a letter of another alphabet, a glyph whose character cannot be told); and
    the index pairs those words set side by side (for :func:`bubblekern.kernel.drop_unmet`)."""
    from .glyphsets import base_letter, glyph_ends, unicode_table

    letters, pairs = text_letter_pairs(langs)
    index = {c: i for i, c in enumerate(sorted(letters))}
    table = unicode_table(font)

    def code(char: str | None) -> int:
        letter = base_letter(char) if char and unicodedata.category(char).startswith("L") else None
        return index.get(letter, -1)

    ends, starts = [], []
    for name in names:
        first, last = glyph_ends(name, table.get(name, ()))
        ends.append(code(last))
        starts.append(code(first))
    return ends, starts, frozenset((index[a], index[b]) for a, b in pairs)
