"""The glyphs a default all-pairs run kerns: letters, figures and punctuation of kerned scripts.

Designers kern the letters, figures and punctuation of alphabetic scripts, not every glyph
of a font. A glyph is in the default set when its character (its lowest
Unicode value; unencoded, the character its name stands for, read the AGL way after
dropping any ``.suffix``: ``a.sc``, ``one.tf``, ``f_f_i``, ``uni0416.loclBGR``) is

- a letter (``Lu``, ``Ll``, ``Lt``, ``Lo``; not ``Lm``, the modifier letters that sit high
  like accents), a decimal figure (``Nd``) or punctuation (``P*``), or a currency sign (``Sc``),
  or one of :data:`EXTRA_SYMBOLS` (``& * ™``), and not one of :data:`UNKERNED_CHARACTERS`
  (``# $ % + = @ _ ° © ® § † ‰ < >`` …, which designers seldom kern),
- in one of :data:`KERNED_SCRIPTS` (Latin, Greek, Cyrillic, Armenian, Georgian, Cherokee, …,
  and the right-to-left Arabic, Hebrew, Syriac, Thaana, N'Ko, Adlam, kerned in logical
  order) or in no script of its own (``Zyyy``: figures, punctuation).

A glyph whose character cannot be told (no Unicode value, a name that stands for none, such
as ``g042``) is kept. An unencoded glyph is kerned only when horizontal text can set it: when the font's
features substitute anything at all, only the glyphs they give outside vertical text and ``aalt`` are
(:func:`text_reached`), so a part that only composites use (Inter's ``_part.f_base``, Roboto's 40
unnamed accent parts), an alternate no feature reaches and the 1,008 Adobe-Japan1 glyphs of IPA P Gothic
that only ``vert`` reaches or none does are not kerned; nor is a vertical form by name (``a.vert``) or by
character (``︐`` U+FE10), nor a letter styled for mathematics (``𝐀``, :data:`UNSET_FORMS`); a glyph the font's own
kerning or groups name stays. Left out: special glyphs, whose names begin with a period (``.notdef``,
``.null``: the AGL reserves such names; ``.notdef`` has an outline, so a bubble, and was kerned
against every glyph), combining marks (unless marks are asked for), spacing modifiers and
symbols, whitespace, controls, the private use area, superscripts and fractions (``No``),
scripts whose glyphs are not kerned pair by pair (Han, kana, Hangul, the Brahmic scripts,
Thai…), and tabular figures (:func:`tabular_figures`: ``one.tf``, what
``tnum`` substitutes, default figures of one width), whose width kerning would defeat; for that reason a monospaced
font's default set is empty (:func:`monospaced`: its info says so and nine in ten of its kerned glyphs are one
width). A pair
of two letters of different scripts (Latin then Greek) is left out too; figures, punctuation
and marks pair with every script (:func:`same_script`).
So is a lowercase letter followed by a capital (``aT``, the ``cD`` of McDonald, camelCase):
text rarely sets one, and four of the five hand-kerned fonts of the quality benchmark never
kern one. A font whose kerning already sets such a pair to a value keeps those its kerning
reaches (:class:`Reach`: the class pairs and exceptions its designer wrote), not all of them
(:func:`wants_lowercase_capital`); ``lowercase_capital=True`` (``--lowercase-capital``) takes
them all. Small capitals count as lowercase (``a.sc`` is ``a``). So is a pair of two signs
(punctuation, symbols, currency signs, figures) neither of which is a stop, a quote or a dash,
unless both are figures (:func:`signs_apart`: ``* [``, ``& 7``; not ``7.``, ``.”``, ``74``).

**An accented Greek capital only starts a word** (:func:`word_initial`): Greek drops accents
and breathings from capitals inside a word and in all-capital text, so ``Ά``, ``Ἀ``, ``ᾼ``
(a capital whose decomposition carries tonos/oxia, varia, perispomeni, psili, dasia or
ypogegrammeni) is always preceded by a space or punctuation and followed by a lowercase
letter. Pairs that would set one after a letter or before a capital are left out
(:func:`apart`); in polytonic fonts they are most of the Greek pairs. A capital with a
dialytika alone (``Ϊ``, ``Ϋ``) stays in: all-capital text keeps it inside words.

**Two accented Greek letters are never neighbours** (:func:`flags_apart`): a Greek word carries
one accent (oxia/tonos, varia or perispomeni; an enclitic adds a second one syllables away), so
``ῖῖ`` or ``άή`` never meet in text; nor does a breathing follow an accent or a breathing (it opens
the word, or sits on the second vowel of an opening diphthong after a bare first one, ``αἱ``), while
a breathing before an accent does (``ἀέρας``), and so does ``ῤῥ``. In polytonic fonts such pairs
were a tenth of all the pairs kept, each one kerned where no text sets it. **Nor does a small
capital stand beside another lowercase letter** (:func:`small_cap`: ``a.sc``, ``a.smcp``,
``a.c2sc``, or any glyph the ``smcp``/``c2sc`` features substitute, :func:`small_caps_of`): small-capital text sets every lowercase letter as one, so ``a.sc`` meets other small
capitals, capitals, figures and punctuation. Noto Serif's designer kerns none of the 9,346 such
pairs its run kept. **Nor do positional forms that cannot join** (:func:`joining_forms`): an initial or medial
form (``beh-ar.init``) is followed only by a medial or final one, which only follow such a form; Noto Naskh Arabic's
default set kept every form beside every other. These rules are :func:`flags_apart`.

**A font with kern groups has said which sides its designer kerns.** Its default set is
narrowed side by side to the glyphs its kerning reaches (:func:`kerned_sides`): a glyph is
a left glyph when it is in a ``public.kern1.`` group or is the left glyph of a kerning
entry, a right glyph likewise. A glyph in no group on a side is one the designer left
unkerned there (the right side of ``H``, most accented capitals' right sides in fonts
that group only what they kern); kerning it against every glyph would write a class of one
per glyph. A glyph in no group on a side that its designer kerned entry by entry (``¿``
against ``T``, ``V``, ``W`` and ``Y`` alone, ``_`` against ``J``) is kerned there only
against those partners and the members of their groups (:attr:`Sides.partners`): its
designer has said which pairs it needs, and on the shipped Noto fonts the rest were a
seventh of all pairs, every one of which the designer leaves at 0.
**So has a font kerned entry by entry**, with no kern groups, once its kerning holds
:data:`FINISHED_FLAT_KERNING` entries (:func:`flat_sides`): its default set is narrowed to the glyphs
named on each side of an entry, each against every glyph of the other side (Open Sans kerns 488 and
523 of its 938 glyphs; the pairs of the rest, every one of which the designer leaves at 0, were two
thirds of its default set, and took TeX Gyre's runs past their 25,000 entries).
``--ungrouped`` (``ungrouped=True``) takes the whole default set instead.
"""

from __future__ import annotations

import functools
import io
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

__all__ = ["KERNED_SCRIPTS", "EXTRA_SYMBOLS", "UNKERNED_CHARACTERS", "COMMON", "glyph_char", "glyph_ends", "glyph_script",
           "kerned_glyphs", "default_candidates", "same_script", "text_reached"]

KERNED_SCRIPTS = frozenset({
    "Latn", "Grek", "Cyrl", "Armn", "Geor", "Cher", "Copt", "Glag", "Goth", "Runr", "Ogam", "Osge",
    "Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Zyyy",
})
"""ISO 15924 codes of the scripts a default run kerns (``Zyyy``: characters common to all)."""

COMMON = "Zyyy"
COMMONS = frozenset({"Zyyy", "Zinh"})
"""Scripts that pair with every script: common characters, and marks inherited from their base."""

EXTRA_SYMBOLS = frozenset("&*™")
"""Symbols outside the letter/figure/punctuation categories that designers kern too."""
UNKERNED_CHARACTERS = frozenset(
    "#$%+<=>@^_|~¢£¤¥§©®°¶×÷\u037e\u0387‐‑‒‖‗‛‟†‡•‣․‥‧‰‱′″‴‵‶‷‸※‼‽‾‿⁀⁅⁆⁋⁔⁗₡₣₤₦₧₩₫€₭₮₱₴₹₺"
    "\u2329\u232a⟦⟧⸘⸢⸣⸤⸥"
)
"""Punctuation, currency signs and symbols designers seldom kern, out of the default set: of 46 hand-kerned fonts
(``../shared``'s and the Debian fonts of ``benchmarks/debian_fonts.py``, whole), each is in at least 10 and kerned by
fewer than 1 in 4 of those (``%`` by 3 of 46, ``§`` by none of 43, ``‰`` by 1 of 41, ``<`` ``>`` by 2 of 46, ``$`` by
6, ``°`` by 8 of 44, ``®`` by 11 of 45, a hyphen ``‐`` drawn apart from ``-`` by 4 of 27;
``benchmarks/kerned_signs.py`` draws the list). Kerned anyway they made a default run's deepest entries
(Tiresias' ``‰ “`` −188 and ``> ,`` −132 per 1000 em, Caladea's ``″ Ǽ`` −185 from nothing, where their designers
have 0). Named in a pair source, they are kerned like any glyph."""

_CATEGORIES = ("Lu", "Ll", "Lt", "Lo", "Nd", "Sc")
KERN1, KERN2 = "public.kern1.", "public.kern2."


def unicode_table(font) -> dict[str, list[int]]:
    """Glyph name → its Unicode values, read once (defcon's table where there is one)."""
    layer = font.defaultLayer
    naked = layer.naked() if hasattr(layer, "naked") else None
    data = getattr(naked, "unicodeData", None)
    if data is not None:
        out: dict[str, list[int]] = {}
        for code, names in data.items():
            for name in names:
                out.setdefault(name, []).append(code)
        return out
    return {name: list(font[name].unicodes) for name in font.keys()}


def base_letter(char: str) -> str:
    """The letter ``char`` is built on: its canonical decomposition's first character, else the letter its
    Unicode name puts before " WITH " (``Ŧ`` LATIN CAPITAL LETTER T WITH STROKE → ``T``), followed down
    (``ễ`` → ``ê`` → ``e``); ``char`` itself when it is built on none."""
    for _ in range(8):  # decompositions are a few levels deep at most
        decomposition = unicodedata.decomposition(char)
        if decomposition and not decomposition.startswith("<"):
            char = chr(int(decomposition.split()[0], 16))
            continue
        name = unicodedata.name(char, "")
        if " WITH " not in name:
            break
        try:
            char = unicodedata.lookup(name.split(" WITH ", 1)[0])
        except KeyError:
            break
    return char


def _name_text(name: str) -> str:
    """The text a glyph's name stands for, read the AGL way after dropping any ``.suffix`` (``f_i`` → ``fi``);
    empty for a name the AGL rules cannot read."""
    from fontTools.agl import toUnicode

    base = (name or "").split(".")[0]
    if not base:
        return ""
    try:
        return toUnicode(base)
    except Exception:  # a name the AGL rules cannot read
        return ""


def glyph_char(name: str, codes: Sequence[int] = ()) -> str | None:
    """The character a glyph stands for: its lowest Unicode value, else its name read the AGL way."""
    codes = [u for u in codes if 0 <= u < 0x110000]
    if codes:
        return chr(min(codes))
    return _name_text(name)[:1] or None


def glyph_ends(name: str, codes: Sequence[int] = ()) -> tuple[str | None, str | None]:
    """The first and last characters a glyph sets: ``f_i`` and ``ﬁ`` (its compatibility decomposition) set
    ``f`` first and ``i`` last; any other glyph sets :func:`glyph_char` at both ends."""
    codes = [u for u in codes if 0 <= u < 0x110000]
    if codes:
        text = chr(min(codes))
        if unicodedata.decomposition(text).startswith("<compat>"):
            text = unicodedata.normalize("NFKD", text)
    else:
        text = _name_text(name)
    return (text[0], text[-1]) if text else (None, None)


def glyph_script(char: str) -> str:
    """The ISO 15924 script code of ``char`` (``Zyyy`` for common characters)."""
    from fontTools import unicodedata as fontunicode

    return fontunicode.script(char)


UNSET_FORMS = ("<vertical>", "<font>")
"""Compatibility decompositions of characters kerning never meets beside text: presentation forms of vertical text
(``︐`` U+FE10), and letters styled for mathematics (``𝐀`` ``ℂ`` ``ℓ``, the Hebrew wide letters): STIX holds 1,030 of
them, DejaVu Sans 239, Noto Sans 37, and none of the 19 whole fonts of ``bench_realfont.py`` kerns one."""


def _kerned_char(char: str, marks: bool = False, keep_seldom: bool = False) -> bool:
    category = unicodedata.category(char)
    if unicodedata.decomposition(char).startswith(UNSET_FORMS) and not keep_seldom:
        return False
    if marks and category.startswith("M"):
        return True
    if char in UNKERNED_CHARACTERS and not keep_seldom:
        return False
    if char in EXTRA_SYMBOLS or char in UNKERNED_CHARACTERS or category in _CATEGORIES or category.startswith("P"):
        return glyph_script(char) in KERNED_SCRIPTS
    return False


def kerned_glyphs(font, names: Iterable[str], marks: bool = False, reached: Collection[str] = ()) -> list[str]:
    """The glyphs of ``names`` (in order) that a designer kerns, by the rule in the module doc
    (combining marks too with ``marks``; never :func:`tabular_figures`); a glyph whose character
    cannot be told is kept unless the font's features make it only of scripts not kerned pair by pair
    (:func:`substituted_scripts`: a Devanagari conjunct; a case form of a combining mark, unless ``marks``); an
    unencoded glyph only when horizontal text can set it (not a vertical form, ``a.vert``, and one the features give,
    :func:`text_reached`, when they substitute anything); a sign of :data:`UNKERNED_CHARACTERS` or an unencoded glyph
    among ``reached`` (the glyphs the font's own kerning reaches: its designer kerns it) is kept."""
    names = list(names)
    table = unicode_table(font)
    tabular = tabular_figures(font, names, table)
    chars = {name: glyph_char(name, table.get(name, ())) for name in names}
    unknown = [name for name, char in chars.items() if char is None and not name.startswith(".")]
    inherited = substituted_scripts(font, table) if unknown else {}
    in_text = text_reached(font) if any(not table.get(name) for name in names) else None
    chosen = []
    for name in names:
        if name.startswith("."):  # .notdef, .null: special glyphs, no text sets them
            continue
        if not table.get(name) and name not in reached and (
                not VERTICAL_FEATURES.isdisjoint(name.split(".")[1:]) or (in_text is not None and name not in in_text)):
            continue  # unencoded, and no horizontal text sets it
        char = chars[name]
        if char is None:
            scripts = inherited.get(name)
            kept = not scripts or not scripts.isdisjoint(KERNED_SCRIPTS) or (marks and "Zinh" in scripts)
        else:
            kept = _kerned_char(char, marks, name in reached)
        if kept and name not in tabular:
            chosen.append(name)
    return chosen


def default_candidates(font, marks: bool = False) -> list[str]:
    """The glyphs of ``font`` a default set can hold, told by their characters and names alone (:func:`kerned_glyphs`,
    a glyph the font's kerning or groups name kept where it keeps one its kerning reaches): the glyphs worth reading
    a bubble of before the set is drawn. A Japanese font's 12,000 ideographs and kana are not."""
    named = {name for members in font.groups.values() for name in members}
    named.update(name for pair in font.kerning.keys() for name in pair)
    return kerned_glyphs(font, list(font.keys()), marks, named)


_SUBSTITUTION = re.compile(r"\b(?:sub|substitute|rsub|reversesub)\s+([^;{}]*?)\s+(?:by|from)\s+([^;{}]*);")
_GLYPH_CLASS = re.compile(r"(@[A-Za-z0-9_.\-]+)\s*=\s*\[([^\]]*)\]\s*;")
_NAME = re.compile(r"@?[A-Za-z0-9_.\-]+")


def substituted_scripts(font, table: Mapping[str, Sequence[int]] | None = None) -> dict[str, frozenset[str]]:
    """Per glyph whose character cannot be told (:func:`glyph_char`), the scripts of the glyphs ``font``'s features
    substitute it from, through any chain of substitutions (``sub ka virama ssa by k_ssa``: ``k_ssa`` is Devanagari);
    glyphs no substitution reaches are not in it. Read from the feature text's substitution statements and glyph
    classes, without compiling it (a feature file that does not compile still names its glyphs)."""
    text = getattr(getattr(font, "features", None), "text", None) or ""
    if "sub" not in text:
        return {}
    table = unicode_table(font) if table is None else table
    return dict(_substituted_scripts(re.sub(r"#[^\n]*", "", text), tuple(font.keys()),
                                     tuple(sorted((n, tuple(c)) for n, c in table.items() if c))))


def _glyphs(part: str, classes: Mapping[str, Sequence[str]]) -> list[str]:
    """The glyph names of one side of a substitution statement, its glyph classes (``@NAME``) spelt out."""
    out = []
    for token in _NAME.findall(part.replace("'", " ")):
        out.extend(classes.get(token, ()) if token.startswith("@") else (token,))
    return out


def _classes(text: str) -> dict[str, list[str]]:
    """The glyph classes the feature text defines (``@NAME = [a b c];``), by name."""
    return {name: _NAME.findall(members) for name, members in _GLYPH_CLASS.findall(text)}


@functools.lru_cache(maxsize=8)
def _substituted_scripts(text: str, names: tuple[str, ...], codes: tuple[tuple[str, tuple[int, ...]], ...]):
    classes = _classes(text)

    known = set(names)
    table = dict(codes)
    scripts: dict[str, set[str]] = {}
    unknown = set()
    for name in names:
        char = glyph_char(name, table.get(name, ()))
        if char is None:
            unknown.add(name)
        else:
            scripts[name] = {glyph_script(char)}
    rules = [(set(_glyphs(inputs, classes)) & known, set(_glyphs(outputs, classes)) & unknown)
             for inputs, outputs in _SUBSTITUTION.findall(text)]
    rules = [(inputs, outputs) for inputs, outputs in rules if inputs and outputs]
    changed = True
    while changed:  # to a fixed point: a substitution's outputs take its inputs' scripts
        changed = False
        for inputs, outputs in rules:
            found = set().union(*(scripts.get(n, ()) for n in inputs))
            for name in outputs:
                if not found <= scripts.setdefault(name, set()):
                    scripts[name] |= found
                    changed = True
    return tuple((name, frozenset(scripts[name])) for name in unknown if scripts.get(name))


VERTICAL_FEATURES = frozenset({"vert", "vrt2", "vkna", "vrtr"})
"""The features that substitute the forms of vertical text, which horizontal kerning never meets."""
UNSET_FEATURES = VERTICAL_FEATURES | {"aalt"}
"""Features whose substitutions do not put a glyph in horizontal text: the vertical ones, and ``aalt``, the list of
every alternate a glyph palette offers (a glyph only it lists is one the user inserts by hand)."""
_FEATURE = re.compile(r"\bfeature\s+([A-Za-z0-9_.]+)\s*(?:useExtension\s*)?\{")


def text_reached(font) -> frozenset[str] | None:
    """The glyphs ``font``'s features put in horizontal text by substitution: every glyph a substitution of a
    feature other than :data:`UNSET_FEATURES` gives (single, multiple, alternate, ligature; in the feature or a
    lookup it names), read from the feature text without compiling it. None when no feature substitutes anything
    (features not written yet: any glyph may be meant for text), and when the text cannot be read whole: it includes
    other files, or a substitution gives a glyph range or a CID (``[a.sc-z.sc]``, ``\\1234``). An unencoded glyph
    outside it is never set in text: a component part, a glyph no feature reaches, a vertical form."""
    text = getattr(getattr(font, "features", None), "text", None) or ""
    if "sub" not in text:
        return None
    return _text_reached(text, frozenset(font.keys()))


_INCLUDE = re.compile(r"\binclude\s*\(")


@functools.lru_cache(maxsize=8)
def _text_reached(text: str, names: frozenset[str]) -> frozenset[str] | None:
    text = re.sub(r"#[^\n]*", "", text)
    if not _SUBSTITUTION.search(text) or _INCLUDE.search(text):
        return None
    used = small_cap_features(text, tuple(sorted(set(_FEATURE.findall(text)) - UNSET_FEATURES)))
    classes = _classes(text)
    reached: set[str] = set()
    for _, outputs in _SUBSTITUTION.findall(used):
        if "\\" in outputs:
            return None  # a CID: glyph names it does not say
        for name in _glyphs(outputs, classes):
            if "-" in name and name not in names:
                return None  # a range, whose glyphs the text does not list
            reached.add(name)
    return frozenset(reached)


TABULAR_SUFFIXES = frozenset({"tf", "tnum", "tosf", "tlf"})
"""Name suffixes of tabular figures (``one.tf``, ``one.tnum``, ``one.tosf``, ``one.tlf``)."""

TABULAR_FEATURES = ("tnum",)
"""The OpenType features whose substitutions give tabular figures."""


def tabular_figures(font, names: Iterable[str], table: Mapping[str, Sequence[int]] | None = None) -> frozenset[str]:
    """The figures of ``names`` drawn to one width, which kerning would defeat: named so (a suffix of
    :data:`TABULAR_SUFFIXES`), substituted by the ``tnum`` feature, or one of a set of the ten decimal
    figures 0–9 of one script and one name suffix (the default figures have none) that share one
    advance width — the default figures of most text fonts (Noto, Roboto). Proportional figures
    (``one.pnum``, ``one.osf``, or default ones of several widths, as Caladea's) are kerned."""
    table = unicode_table(font) if table is None else table
    names = list(names)
    found: set[str] = set()
    sets: dict[tuple[int, str], dict[int, str]] = {}
    for name in names:
        char = glyph_char(name, table.get(name, ()))
        if char is None or unicodedata.category(char) != "Nd":
            continue
        suffix = name.split(".", 1)[1] if "." in name else ""
        if any(part in TABULAR_SUFFIXES for part in suffix.split(".")):
            found.add(name)
        value = unicodedata.digit(char)
        sets.setdefault((ord(char) - value, suffix), {})[value] = name
    for figures in sets.values():
        if len(figures) == 10 and len({font[name].width for name in figures.values()}) == 1:
            found.update(figures.values())
    found.update(substituted_by(font, TABULAR_FEATURES).intersection(names))
    return frozenset(found)


MONOSPACED_SHARE = 0.9
"""The share of a monospaced font's kerned glyphs (of :func:`kerned_glyphs`, with an advance) drawn to one width
(:func:`monospaced`)."""


def monospaced(font, names: Sequence[str]) -> bool:
    """Whether ``font`` is monospaced: its info says so (``postscriptIsFixedPitch``, the ``post`` table's
    ``isFixedPitch``) and at least :data:`MONOSPACED_SHARE` of its glyphs ``names`` (:func:`kerned_glyphs`' choice)
    with an advance share one width. Kerning would defeat the fixed advance such a font is drawn to (Fira Code:
    2,009 glyphs 1,200 units wide), as it would a tabular figure's (:func:`tabular_figures`), so its default pair
    set is empty."""
    if not getattr(font.info, "postscriptIsFixedPitch", None):
        return False
    names = list(names)
    room = (1.0 - MONOSPACED_SHARE) * len(names)  # glyphs off the commonest width a monospaced font may have
    counts: dict[float, int] = {}
    total = most = 0
    for name in names:
        width = font[name].width
        if width > 0:
            counts[width] = counts.get(width, 0) + 1
            total, most = total + 1, max(most, counts[width])
            if total - most > room:  # never falls again: a proportional font is told after a few glyphs
                return False
    return total > 0 and most >= MONOSPACED_SHARE * total


MONOSPACED_NOTE = ("the font is monospaced (its info says so and nine in ten of its glyphs are one width): kerning "
                   "would defeat its fixed advance, so its default pair set is empty")
"""What a run that kerned nothing says of a monospaced font (:func:`monospaced_reason`)."""


def monospaced_reason(font, names: Sequence[str], marks: bool = False) -> str | None:
    """:data:`MONOSPACED_NOTE` when the default set of ``names`` (glyphs with bubbles) is empty because ``font`` is
    :func:`monospaced`, else None: for a run that found nothing to kern to say why."""
    return MONOSPACED_NOTE if monospaced(font, kerned_glyphs(font, names, marks)) else None


def scripts_of(font, names: Sequence[str]) -> list[str]:
    """The script code of each glyph of ``names`` (``Zyyy`` when it has no character)."""
    table = unicode_table(font)
    out = []
    for name in names:
        char = glyph_char(name, table.get(name, ()))
        out.append(glyph_script(char) if char is not None else COMMON)
    return out


def same_script(left: str, right: str) -> bool:
    """True when a pair of glyphs of scripts ``left`` and ``right`` is kerned: the same script,
    or a common character (figures, punctuation) on either side."""
    return left == right or left in COMMONS or right in COMMONS


JOINING_SIGNS = frozenset(".,:;…‥'\"‘’‚‛“”„‟‹›«»-‐‑‒–—―")
"""Stops, quotes and dashes: the signs designers kern against other signs (``.”`` ``’,`` ``”–`` ``7.``)."""
MID_STOPS = frozenset(":;：；")
"""The stops that stand at the x-height as well as on the baseline, colon and semicolon: designers kern them beside
letters and figures, not beside other stops, quotes or dashes (:func:`signs_apart`)."""
LETTER, JOINING, FIGURE, SIGN, MID_STOP = range(5)
"""Kinds of glyph for :func:`signs_apart` (:func:`sign_kinds`)."""


def sign_kind(char: str | None) -> int:
    """:data:`FIGURE` for a decimal figure, :data:`MID_STOP` for a colon or semicolon (:data:`MID_STOPS`),
    :data:`JOINING` for another of :data:`JOINING_SIGNS`, :data:`SIGN` for other punctuation, currency signs and
    symbols, :data:`LETTER` for the rest (letters, marks, None: a glyph whose character cannot be told)."""
    category = unicodedata.category(char) if char else "L"
    if category.startswith(("L", "M")):
        return LETTER
    if char in MID_STOPS:
        return MID_STOP
    return JOINING if char in JOINING_SIGNS else FIGURE if category == "Nd" else SIGN


def sign_kinds(font, names: Sequence[str]) -> list[int]:
    """:func:`sign_kind` of each glyph of ``names``."""
    table = unicode_table(font)
    return [sign_kind(glyph_char(name, table.get(name, ()))) for name in names]


def signs_apart(left: int, right: int) -> bool:
    """True when the default set leaves a pair of :func:`sign_kinds` ``left`` and ``right`` out: two signs
    neither of which is a stop, a quote or a dash (:data:`JOINING_SIGNS`), unless both are figures. Of the
    3,185 pairs of two signs of the default set that at least 10 of 46 hand-kerned fonts hold
    (``benchmarks/kerned_signs.py --pairs``), designers kern 189 in at least 1 in 10 of those fonts; the rule
    keeps 176 of them, 2,053 of the 3,185, and 3,098 of the 3,640 kerns designers wrote among them (it leaves out
    ``( [``, ``//``, ``7/``). Nor is a colon or semicolon (:data:`MID_STOP`) set beside another stop, a quote or a
    dash: of the quality benchmark's 53 fonts, designers kern ``: '``, ``; "``, ``- :``, ``: .``, ``;;`` and their kin
    in at most 2 each, where the bubbles kerned ``' ;`` ``- ;`` in 13 to 27."""
    if MID_STOP in (left, right) and {left, right} <= {MID_STOP, JOINING}:
        return True
    return left in (FIGURE, SIGN) and right in (FIGURE, SIGN) and not left == right == FIGURE


SIGNS_APART = tuple(tuple(signs_apart(a, b) for b in range(5)) for a in range(5))
""":func:`signs_apart` by left then right kind."""


class Sides(NamedTuple):
    """The glyphs a grouped font's kerning reaches, side by side (:func:`kerned_sides`)."""

    left: set[str] | None
    """Left glyphs (None: that side is not narrowed)."""
    right: set[str] | None
    """Right glyphs (None: that side is not narrowed)."""
    partners: Mapping[tuple[int, str], frozenset[str]] = {}
    """(side, glyph) → the glyphs it is kerned against, for a glyph in no kern group on ``side``
    (0 left, 1 right) that its designer kerned entry by entry: the glyphs on the other side of
    its entries and the members of their groups."""

    def allows(self, left: str, right: str) -> bool:
        """True when the pair is one of these sides (both glyphs reached, and partners agree)."""
        if (self.left is not None and left not in self.left) or (self.right is not None and right not in self.right):
            return False
        mine, theirs = self.partners.get((0, left)), self.partners.get((1, right))
        return (mine is None or right in mine) and (theirs is None or left in theirs)


def group_of(groups: Mapping[str, Sequence[str]]) -> tuple[dict[str, str], dict[str, str]]:
    """(glyph → its ``public.kern1.`` group, glyph → its ``public.kern2.`` group) of ``groups`` (as
    ``font.groups``; a glyph in two groups of a side keeps the first)."""
    member_of: tuple[dict[str, str], dict[str, str]] = ({}, {})
    for name, members in groups.items():
        side = 0 if name.startswith(KERN1) else 1 if name.startswith(KERN2) else None
        if side is not None:
            for member in members:
                member_of[side].setdefault(member, name)
    return member_of


def kerned_sides(groups: Mapping[str, Sequence[str]], kerning: Iterable[tuple[str, str]]) -> Sides:
    """The :class:`Sides` a grouped font's kerning reaches: the members of its
    ``public.kern1.``/``public.kern2.`` groups (``groups``: group name → members, as
    ``font.groups``), and the glyphs named on that side of an entry of ``kerning``, each of
    those only against its entries' partners (:attr:`Sides.partners`). A side with no kern
    group at all is not narrowed (None)."""
    member_of = group_of(groups)
    grouped = bool(member_of[0]), bool(member_of[1])

    def glyphs(name: str, side: int) -> Iterable[str]:
        """The glyphs ``name`` (a glyph, or a kern group of ``side``) stands for, whole groups."""
        if name.startswith((KERN1, KERN2)):
            return groups.get(name, ())
        group = member_of[side].get(name)
        return groups.get(group, ()) if group else (name,)

    partners: dict[tuple[int, str], set[str]] = {}
    for pair in kerning:
        for side in (0, 1):
            name = pair[side]
            if grouped[side] and not name.startswith((KERN1, KERN2)) and name not in member_of[side]:
                partners.setdefault((side, name), set()).update(glyphs(pair[1 - side], 1 - side))
    left = set(member_of[0]) | {name for (side, name) in partners if side == 0}
    right = set(member_of[1]) | {name for (side, name) in partners if side == 1}
    return Sides(left if grouped[0] else None, right if grouped[1] else None,
                 {key: frozenset(value) for key, value in partners.items()})


FINISHED_FLAT_KERNING = 1000
"""Entries from which the kerning of a font without kern groups counts as its designer's, side by side
(:func:`flat_sides`): a few dozen model pairs for ``fit`` never reach it; Open Sans's 18,694 and TeX Gyre's
11,571–13,632 entry-by-entry kerning does."""


def flat_sides(kerning: Iterable[tuple[str, str]]) -> Sides | None:
    """The :class:`Sides` a font with no kern groups has said it kerns: the glyphs named on each side of its
    ``kerning``'s entries, when it holds :data:`FINISHED_FLAT_KERNING` entries or more (None below: a font
    being kerned, whose every glyph is kerned). Each glyph is kerned against all of the other side's,
    not only its entries' partners: entry by entry is how the whole font is kerned, not a few glyphs.
    On Open Sans (938 glyphs, 488 and 523 of them named) the default set falls from 95,743 pairs to 34,973."""
    entries = [(a, b) for a, b in kerning if not a.startswith((KERN1, KERN2)) and not b.startswith((KERN1, KERN2))]
    if len(entries) < FINISHED_FLAT_KERNING:
        return None
    return Sides({a for a, _ in entries}, {b for _, b in entries})


def designer_sides(groups: Mapping[str, Sequence[str]] | None, kerning: Iterable[tuple[str, str]],
                   say: Callable[[str], object] | None = None) -> Sides | None:
    """The :class:`Sides` a font's designer has said they kern: with kern ``groups`` (as ``font.groups``), where
    the groups and ``kerning`` reach (:func:`kerned_sides`); with none (None or empty), where a finished
    entry-by-entry kerning reaches (:func:`flat_sides`), which ``say`` is told. None: every glyph."""
    if groups:
        return kerned_sides(groups, kerning)
    entries = list(kerning)
    sides = flat_sides(entries)
    if sides is not None and say is not None:
        say(f"the font has no kern groups and {len(entries):,} kerning entries: kerned where they reach, "
            f"{len(sides.left or ()):,} left and {len(sides.right or ()):,} right glyphs (--ungrouped: every glyph)")
    return sides


def has_kern_groups(groups: Mapping[str, Sequence[str]]) -> bool:
    """True when ``groups`` (as ``font.groups``) holds a kern group with members."""
    return any(members for name, members in groups.items() if name.startswith((KERN1, KERN2)))


GREEK_ACCENTS = frozenset("\u0300\u0301\u0313\u0314\u0342\u0345")
"""Combining varia, oxia (tonos), psili, dasia, perispomeni and ypogegrammeni: the marks a
Greek capital carries only at the start of a word."""


def _marks_of(char: str) -> set[str]:
    """The combining marks of ``char``'s full canonical decomposition."""
    return {c for c in unicodedata.normalize("NFD", char) if unicodedata.combining(c)}


def word_initial(char: str) -> bool:
    """True for a Greek capital that carries an accent, breathing or ypogegrammeni
    (:data:`GREEK_ACCENTS`): one that text sets only at the start of a word."""
    if unicodedata.category(char) not in ("Lu", "Lt") or glyph_script(char) != "Grek":
        return False
    return bool(_marks_of(char) & GREEK_ACCENTS)


GREEK_TONES = frozenset("\u0300\u0301\u0342")
"""Combining varia, oxia (tonos) and perispomeni: the accents of which a Greek word carries one."""
GREEK_BREATHINGS = frozenset("\u0313\u0314")
"""Combining psili and dasia: the breathings a Greek word carries on its first vowel (or on the second
vowel of an opening diphthong)."""
ACCENT, BREATHING, SMALL, LOWER, JOINS_NEXT, JOINS_PREVIOUS = 1, 2, 4, 8, 16, 32
"""Flags of :func:`neighbour_flags`: a Greek accent, a breathing on a Greek vowel, a small capital,
another lowercase letter, a joining form joined to the glyph after it (an initial or medial form) and one joined to
the glyph before it (a medial or final form)."""
JOINING_FORMS = {"init": JOINS_NEXT, "medi": JOINS_NEXT | JOINS_PREVIOUS, "fina": JOINS_PREVIOUS}
"""The joining flags of the positional forms, by name suffix (``beh-ar.init``, ``uni0628.fina``) and by the feature
that substitutes them (``init``, ``medi``, ``fina``)."""
JOINING_SCRIPTS = frozenset({"Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phlp", "Rohg", "Sogd", "Adlm"})
"""Scripts whose letters join their neighbours in positional forms. Other scripts' ``init`` and ``fina`` forms (a
Latin swash ``e.fina``) follow and precede any letter."""
JOIN_CAUSING = frozenset("\u0640\u07fa")
"""Characters joined on both sides: the Arabic tatweel and the N'Ko lajanyalan."""
PRESENTATION_FORMS = {"<initial>": JOINS_NEXT, "<medial>": JOINS_NEXT | JOINS_PREVIOUS, "<final>": JOINS_PREVIOUS}
"""The joining flags of encoded presentation forms (``ﺑ`` U+FE91), by the tag of their compatibility decomposition."""
SMALL_CAP_SUFFIXES = frozenset({"sc", "smcp", "c2sc"})
"""Name suffixes of small capitals (``a.sc``, ``a.smcp``, ``a.c2sc``)."""


def greek_marks(char: str) -> int:
    """For a Greek letter, :data:`ACCENT` when it carries an accent (:data:`GREEK_TONES`) and
    :data:`BREATHING` when it is a vowel with a breathing (rho's ``ῤ ῥ`` are not: ``ῤῥ`` is spelt
    inside words); 0 for any other character."""
    category = unicodedata.category(char)
    if not category.startswith("L") or glyph_script(char) != "Grek":
        return 0
    marks = _marks_of(char)
    vowel = unicodedata.normalize("NFD", char)[0].lower() != "\u03c1"
    return (ACCENT if marks & GREEK_TONES else 0) | (BREATHING if vowel and marks & GREEK_BREATHINGS else 0)


def greek_accented(char: str) -> bool:
    """True for a Greek letter that carries an accent (:data:`GREEK_TONES`), alone or with a
    breathing, dialytika or ypogegrammeni."""
    return bool(greek_marks(char) & ACCENT)


def small_cap(name: str) -> bool:
    """True for a glyph named as a small capital (a suffix of :data:`SMALL_CAP_SUFFIXES`)."""
    return any(part in SMALL_CAP_SUFFIXES for part in name.split(".")[1:])


SMALL_CAP_FEATURES = ("smcp", "c2sc")
"""The OpenType features whose substitutions give small capitals."""


def small_caps_of(font) -> frozenset[str]:
    """The glyphs ``font``'s features substitute in :data:`SMALL_CAP_FEATURES` (single and alternate
    substitutions, through the lookups they name): small capitals whatever their names, such as the
    ``glyph01969`` of a font read from a binary. Empty when the features say nothing or do not parse."""
    return substituted_by(font, SMALL_CAP_FEATURES)


def substituted_by(font, tags: tuple[str, ...]) -> frozenset[str]:
    """The glyphs ``font``'s features ``tags`` substitute (single and alternate substitutions, through
    the lookups they name). Empty when the features say nothing or do not parse."""
    features = getattr(font, "features", None)
    text = getattr(features, "text", None) or ""
    if not any(tag in text for tag in tags):
        return frozenset()
    return _substituted(text, tuple(font.keys()), tags)


_BLOCK = re.compile(r"\b(feature|lookup)\s+([A-Za-z0-9_.]+)\s*(?:useExtension\s*)?\{")
_LOOKUP_NAME = re.compile(r"\blookup\s+([A-Za-z0-9_.]+)")


def small_cap_features(text: str, tags: tuple[str, ...] = SMALL_CAP_FEATURES) -> str:
    """Feature-file ``text`` with only what the features ``tags`` (:data:`SMALL_CAP_FEATURES`) can use: every
    statement outside blocks (language systems, classes, tables), those features' blocks and the top-level
    lookups they name, directly or through other lookups, in their order. Comments are dropped."""
    text = re.sub(r"#[^\n]*", "", text)
    parts: list[tuple[str | None, str, str]] = []  # (block kind or None, name, text)
    position = 0
    while (start := _BLOCK.search(text, position)) is not None:
        kind, name = start.groups()
        end = re.compile(r"\}\s*" + re.escape(name) + r"\s*;").search(text, start.end())
        if end is None:
            return text
        parts.append((None, "", text[position:start.start()]))
        parts.append((kind, name, text[start.start():end.end()]))
        position = end.end()
    parts.append((None, "", text[position:]))
    kept = [kind is None or (kind == "feature" and name in tags) for kind, name, _ in parts]
    while True:
        named = {n for keep, (_, _, chunk) in zip(kept, parts) if keep for n in _LOOKUP_NAME.findall(chunk)}
        more = [keep or (kind == "lookup" and name in named) for keep, (kind, name, _) in zip(kept, parts)]
        if more == kept:
            return "".join(chunk for keep, (_, _, chunk) in zip(kept, parts) if keep)
        kept = more


@functools.lru_cache(maxsize=8)
def _substituted(text: str, names: tuple[str, ...], tags: tuple[str, ...] = SMALL_CAP_FEATURES) -> frozenset[str]:
    from fontTools.feaLib import ast
    from fontTools.feaLib.parser import Parser

    document = None
    # The small-capital features alone first (a font's mark and kerning features can be most of
    # its text); they fail to parse where they need what was left out, and then the whole text is read.
    for source, known in ((small_cap_features(text, tags), names), (text, names), (text, ())):
        try:  # with the glyph names (for ranges), then without (a name the font lacks)
            document = Parser(io.StringIO(source), glyphNames=known, followIncludes=False).parse()
            break
        except Exception:  # features that do not parse (an include, a typo) say nothing here
            continue
    if document is None:
        return frozenset()
    targets: set[str] = set()

    def collect(block, seen: set[int]) -> None:
        if id(block) in seen:
            return
        seen.add(id(block))
        for statement in block.statements:
            if isinstance(statement, ast.SingleSubstStatement):
                for replacement in statement.replacements:
                    targets.update(replacement.glyphSet())
            elif isinstance(statement, ast.AlternateSubstStatement):
                targets.update(statement.replacement.glyphSet())
            elif isinstance(statement, ast.LookupReferenceStatement) and statement.lookup is not None:
                collect(statement.lookup, seen)
            elif isinstance(statement, ast.LookupBlock):
                collect(statement, seen)

    for statement in document.statements:
        if isinstance(statement, ast.FeatureBlock) and statement.name in tags:
            collect(statement, set())
    return frozenset(str(name) for name in targets)


def flags_apart(left: int, right: int) -> bool:
    """True when text never sets a glyph of :func:`neighbour_flags` ``left`` before one of ``right``:
    two Greek accents (a word has one); a breathing after an accent or a breathing (a breathing
    opens the word, or sits on an opening diphthong's second vowel after a bare first one: ``αἱ``);
    a small capital beside another lowercase letter (small-capital text sets every lowercase as one); a joining
    form joined to the glyph after it before one not joined to the glyph before it, or the other way round (an initial
    form is always followed by a medial or final one, which always follow one that joins them)."""
    greek = ACCENT | BREATHING
    return (bool(left & right & ACCENT) or bool(right & BREATHING and left & greek)
            or bool(left & SMALL and right & LOWER) or bool(left & LOWER and right & SMALL)
            or bool(left & JOINS_NEXT) != bool(right & JOINS_PREVIOUS))


FLAGS_APART = tuple(tuple(flags_apart(a, b) for b in range(64)) for a in range(64))
""":func:`flags_apart` of every pair of flags, by left then right flags."""


def neighbour_flags(font, names: Sequence[str], cases: Sequence[str] | None = None) -> list[int]:
    """Per glyph of ``names``: its :func:`greek_marks`, and :data:`SMALL` for a small capital (by
    its name, :func:`small_cap`, or as the features make it, :func:`small_caps_of`, unless it is an
    encoded capital: a font may fall back to capitals there) or :data:`LOWER` for another lowercase
    letter (``cases`` as :func:`cases_of` gives them, read when not given), and its joining flags
    (:func:`joining_forms`)."""
    table = unicode_table(font)
    substituted = small_caps_of(font)
    joining = joining_forms(font)
    out = []
    for name, case in zip(names, cases if cases is not None else cases_of(font, names)):
        char = glyph_char(name, table.get(name, ()))
        flags = greek_marks(char) if char is not None else 0
        if name in joining:
            flags |= joining[name]
        elif char is not None:
            flags |= (JOINS_NEXT | JOINS_PREVIOUS if char in JOIN_CAUSING
                      else PRESENTATION_FORMS.get(unicodedata.decomposition(char).split(" ")[0], 0))
        if (name in substituted and case in ("", "l")) or (case == "l" and small_cap(name)):
            flags |= SMALL
        elif case == "l":
            flags |= LOWER
        out.append(flags)
    return out


def joining_forms(font) -> dict[str, int]:
    """The positional forms of ``font``'s joining scripts (:data:`JOINING_SCRIPTS`: Arabic, Syriac, N'Ko…) and their
    :data:`JOINING_FORMS` flags: by a name suffix (``beh-ar.init``, ``lam_alef-ar.fina``, ``uni0628.medi.ss01``) or as
    the features ``init``, ``medi`` and ``fina`` substitute them, of a joining script by their character or as the
    features make them (:func:`substituted_scripts`). An isolated form, encoded or not, joins neither side."""
    forms: dict[str, int] = {}
    for name in font.keys():
        for suffix in name.split(".")[1:]:
            if suffix in JOINING_FORMS:
                forms[name] = forms.get(name, 0) | JOINING_FORMS[suffix]
    for tag, flags in JOINING_FORMS.items():
        for name in substituted_by(font, (tag,)):
            forms[name] = forms.get(name, 0) | flags
    if not forms:
        return forms
    table = unicode_table(font)
    inherited = substituted_scripts(font, table)

    def joins(name: str) -> bool:
        char = glyph_char(name, table.get(name, ()))
        scripts = {glyph_script(char)} if char is not None else inherited.get(name, frozenset())
        return not JOINING_SCRIPTS.isdisjoint(scripts)

    return {name: flags for name, flags in forms.items() if joins(name)}


def never_neighbours(font) -> dict[str, int]:
    """The glyphs of ``font`` with :func:`neighbour_flags`, and their flags: the pairs of them
    :func:`flags_apart` rules out are never set side by side."""
    names = list(font.keys())
    return {name: flags for name, flags in zip(names, neighbour_flags(font, names)) if flags}


def cases_of(font, names: Sequence[str]) -> list[str]:
    """``"l"`` for a lowercase letter (``Ll``: small capitals too), ``"U"`` for a capital (``Lu``,
    ``Lt``), ``"W"`` for a capital that only starts a word (:func:`word_initial`), ``""`` for
    anything else, per glyph of ``names``."""
    table = unicode_table(font)
    out = []
    for name in names:
        char = glyph_char(name, table.get(name, ()))
        category = unicodedata.category(char) if char is not None else ""
        if category == "Ll":
            out.append("l")
        elif category in ("Lu", "Lt"):
            out.append("W" if word_initial(char) else "U")
        else:
            out.append("")
    return out


def apart(left: str, right: str, lowercase_capital: bool = False) -> bool:
    """True when text never sets a glyph of case ``left`` before one of case ``right`` (cases as
    :func:`cases_of` gives them): a word-initial capital after a letter or before a capital,
    and a lowercase letter before a capital unless ``lowercase_capital``."""
    if right == "W" and left in ("l", "U", "W"):
        return True
    if left == "W" and right in ("U", "W"):
        return True
    return not lowercase_capital and left == "l" and right == "U"


def word_initial_rows(font, names: Sequence[str]) -> list[bool]:
    """Per glyph of ``names``: whether it is a capital that only starts a word
    (:func:`word_initial`). Its left side is solved as flat as its outermost band: only a space
    or punctuation ever precedes it, and the accent or breathing it carries on the left is the
    edge its designer spaced it by, so a hyphen or low quote does not slide in under it."""
    return [case == "W" for case in cases_of(font, names)]


def kerns_lowercase_capital(font) -> bool:
    """True when an entry of ``font.kerning`` with a value other than 0 sets a lowercase letter
    before a capital (a glyph, or any member of a kern group, on each side)."""
    groups = {name: tuple(members) for name, members in font.groups.items() if name.startswith((KERN1, KERN2))}
    entries = [(a, b) for (a, b), value in font.kerning.items() if value]
    names = sorted({m for a, b in entries for side in (a, b) for m in groups.get(side, (side,))})
    case = dict(zip(names, cases_of(font, names)))
    return any(
        any(case.get(m) == "l" for m in groups.get(a, (a,)))
        and any(case.get(m) in ("U", "W") for m in groups.get(b, (b,)))
        for a, b in entries
    )


class Reach(NamedTuple):
    """The glyph pairs a font's kerning entries reach: an entry's own glyphs, or the members of
    its kern groups (:meth:`from_font`)."""

    entries: frozenset[tuple[str, str]]
    """The keys of the kerning (glyph or group on each side)."""
    left_group: Mapping[str, str]
    """Glyph → its ``public.kern1.`` group."""
    right_group: Mapping[str, str]
    """Glyph → its ``public.kern2.`` group."""

    @classmethod
    def from_font(cls, font) -> Reach:
        """The reach of ``font.kerning`` through ``font.groups`` (entries set to 0 count: the
        designer has set the pair)."""
        return cls(frozenset(font.kerning.keys()), *group_of(font.groups))

    def keys(self, glyph: str, side: int) -> tuple[str, ...]:
        """The keys an entry may name ``glyph`` by on ``side`` (0 left, 1 right)."""
        group = (self.left_group if side == 0 else self.right_group).get(glyph)
        return (glyph, group) if group else (glyph,)

    def reaches(self, left: str, right: str) -> bool:
        """True when an entry sets the pair ``left right``."""
        return any((a, b) in self.entries for a in self.keys(left, 0) for b in self.keys(right, 1))


def wants_lowercase_capital(font, asked: bool = False) -> bool | Reach:
    """Which pairs of a lowercase letter before a capital the default set takes: all (True) when
    ``asked``; those the font's kerning reaches (its :class:`Reach`) when its designer kerns
    such pairs already (:func:`kerns_lowercase_capital`); none (False) otherwise."""
    if asked:
        return True
    return Reach.from_font(font) if kerns_lowercase_capital(font) else False


def _axes(font, names: Sequence[str], all_glyphs: bool, marks: bool, sides: Sides | None,
          lowercase_capital: bool | Reach):
    """(glyphs, left positions, right positions, script of each glyph or None, case of each glyph
    or None, which lowercase–capital pairs are kept, the :class:`Sides` or None, the
    :func:`neighbour_flags` of each glyph or None, the :func:`sign_kinds` of each glyph as a left and as a
    right glyph or None) of the default set. A glyph the font's kerning reaches (``sides``) stays even when it is
    a sign designers seldom kern, and pairs as a letter on each side its kerning reaches it from."""
    if all_glyphs:
        chosen = list(names)
        return chosen, range(len(chosen)), range(len(chosen)), None, None, True, None, None, None
    sides = Sides(*sides) if sides is not None else Sides(None, None)
    on_left, on_right = sides.left or frozenset(), sides.right or frozenset()
    chosen = kerned_glyphs(font, names, marks, on_left | on_right)
    if monospaced(font, chosen):  # a fixed advance, which kerning would defeat
        chosen = []
    if sides.left is not None and sides.right is not None:
        chosen = [n for n in chosen if n in sides.left or n in sides.right]
    left = [i for i, n in enumerate(chosen) if sides.left is None or n in sides.left]
    right = [i for i, n in enumerate(chosen) if sides.right is None or n in sides.right]
    cases = cases_of(font, chosen)
    kinds = sign_kinds(font, chosen)
    signs = ([LETTER if n in on_left else k for n, k in zip(chosen, kinds)],
             [LETTER if n in on_right else k for n, k in zip(chosen, kinds)])
    return (chosen, left, right, scripts_of(font, chosen), cases, lowercase_capital, sides,
            neighbour_flags(font, chosen, cases), signs)


def default_pair_list(font, names: Sequence[str], marks: bool = False, sides: Sides | None = None,
                      lowercase_capital: bool | Reach = False) -> list[tuple[str, str]]:
    """The pairs of :func:`default_pairs` as a list, in plain Python (for RoboFont, where numpy
    may be absent)."""
    chosen, left, right, scripts, cases, lower_upper, sides, flags, (left_kinds, right_kinds) = _axes(
        font, names, False, marks, sides, lowercase_capital)
    reach = lower_upper if isinstance(lower_upper, Reach) else None
    everything = lower_upper is True

    def kept(a: int, b: int) -> bool:
        if not apart(cases[a], cases[b], everything):
            return True
        return reach is not None and not apart(cases[a], cases[b], True) and reach.reaches(chosen[a], chosen[b])

    return [(chosen[a], chosen[b]) for a in left for b in right
            if same_script(scripts[a], scripts[b]) and kept(a, b) and not flags_apart(flags[a], flags[b])
            and not SIGNS_APART[left_kinds[a]][right_kinds[b]]
            and (not sides.partners or sides.allows(chosen[a], chosen[b]))]


def default_pairs(font, names: Sequence[str], all_glyphs: bool = False, marks: bool = False, sides: Sides | None = None,
                  lowercase_capital: bool | Reach = False):
    """The default all-pairs set over ``names`` (glyphs with bubbles) as a
    :class:`~bubblekern.kerning.PairTable`: the kerned glyphs, each pair of one script or with a
    common character on a side, and not a pair text never sets (:func:`apart`: a lowercase
    letter before a capital unless ``lowercase_capital`` is True or a :class:`Reach` that
    reaches it (:func:`wants_lowercase_capital`), glyphs :func:`flags_apart` keeps apart (Greek
    marks that never meet, a small capital beside a lowercase), a word-initial capital after a letter
    or before a capital, two signs :func:`signs_apart` keeps apart); with ``sides`` (:func:`kerned_sides`),
    only pairs of a left glyph and a right glyph of those sets that their partners allow; with ``all_glyphs``,
    every pair of ``names``."""
    import numpy as np

    from .kerning import PairTable

    chosen, left_rows, right_rows, scripts, cases, lower_upper, sides, flags, signs = _axes(
        font, names, all_glyphs, marks, sides, lowercase_capital)
    left_rows = np.asarray(left_rows, dtype=np.int32)
    right_rows = np.asarray(right_rows, dtype=np.int32)
    left, right = np.repeat(left_rows, len(right_rows)), np.tile(right_rows, len(left_rows))
    if scripts:
        codes = {s: i for i, s in enumerate(dict.fromkeys(scripts))}
        script = np.array([codes[s] for s in scripts], dtype=np.int32)
        common = np.array([s in COMMONS for s in codes], dtype=bool)
        keep = (script[left] == script[right]) | common[script[left]] | common[script[right]]
        left, right = left[keep], right[keep]
    if cases:
        kinds = ("", "l", "U", "W")
        code = np.array([kinds.index(c) for c in cases], dtype=np.int8)
        never = np.array([[apart(a, b, lower_upper is True) for b in kinds] for a in kinds], dtype=bool)
        keep = ~never[code[left], code[right]]
        if isinstance(lower_upper, Reach):
            lower = kinds.index("l"), kinds.index("U")
            asked = np.flatnonzero((code[left] == lower[0]) & (code[right] == lower[1]))
            keep[asked] = _reached(chosen, left[asked], right[asked], lower_upper)
        left, right = left[keep], right[keep]
    if flags and any(flags):
        codes = np.asarray(flags, dtype=np.int8)
        keep = ~np.array(FLAGS_APART, dtype=bool)[codes[left], codes[right]]
        left, right = left[keep], right[keep]
    if signs is not None:
        left_kinds, right_kinds = (np.asarray(k, dtype=np.int8) for k in signs)
        keep = ~np.array(SIGNS_APART, dtype=bool)[left_kinds[left], right_kinds[right]]
        left, right = left[keep], right[keep]
    if sides is not None and sides.partners:
        left, right = _with_partners(chosen, left, right, sides.partners)
    return PairTable(chosen, left, right)


def _reached(chosen: Sequence[str], left, right, reach: Reach):
    """Whether ``reach`` reaches each pair (``left``, ``right`` positions into ``chosen``), on arrays."""
    import numpy as np

    keys = sorted({key for side, rows in ((0, left), (1, right)) for row in np.unique(rows)
                   for key in reach.keys(chosen[row], side)})
    index = {key: i for i, key in enumerate(keys)}
    entries = np.asarray([index[a] * len(keys) + index[b] for a, b in reach.entries if a in index and b in index],
                         dtype=np.int64)
    found = np.zeros(len(left), dtype=bool)
    own = np.asarray([index.get(name, -1) for name in chosen], dtype=np.int64)
    groups = [np.asarray([index.get(group.get(name, ""), -1) for name in chosen], dtype=np.int64)
              for group in (reach.left_group, reach.right_group)]
    for a in (own[left], groups[0][left]):
        for b in (own[right], groups[1][right]):
            found |= (a >= 0) & (b >= 0) & np.isin(a * len(keys) + b, entries)
    return found


def _with_partners(chosen: Sequence[str], left, right, partners: Mapping[tuple[int, str], frozenset[str]]):
    """The pairs (``left``, ``right`` positions into ``chosen``) that ``partners`` allow
    (:meth:`Sides.allows`, on arrays)."""
    import numpy as np

    count = len(chosen)
    position = {name: i for i, name in enumerate(chosen)}
    code = left.astype(np.int64) * count + right
    keep = np.ones(len(code), dtype=bool)
    for side, rows in ((0, left), (1, right)):
        limited = np.zeros(count, dtype=bool)
        allowed: list[int] = []
        for (which, name), others in partners.items():
            if which == side and name in position:
                glyph = position[name]
                limited[glyph] = True
                others = [position[o] for o in others if o in position]
                allowed.extend(glyph * count + o if side == 0 else o * count + glyph for o in others)
        keep &= ~limited[rows] | np.isin(code, np.asarray(allowed, dtype=np.int64))
    return left[keep], right[keep]


__all__ += ["base_letter", "unicode_table", "Sides", "GREEK_ACCENTS", "word_initial", "word_initial_rows", "apart", "GREEK_TONES", "GREEK_BREATHINGS", "ACCENT", "BREATHING", "SMALL", "LOWER", "SMALL_CAP_SUFFIXES", "SMALL_CAP_FEATURES", "greek_marks", "greek_accented", "small_cap", "small_caps_of", "flags_apart", "FLAGS_APART", "neighbour_flags", "never_neighbours", "JOINS_NEXT", "JOINS_PREVIOUS", "JOINING_FORMS", "JOINING_SCRIPTS", "JOIN_CAUSING", "PRESENTATION_FORMS", "joining_forms", "scripts_of", "cases_of", "kerns_lowercase_capital", "Reach", "wants_lowercase_capital", "kerned_sides", "flat_sides", "designer_sides", "FINISHED_FLAT_KERNING", "has_kern_groups", "group_of", "default_pair_list", "default_pairs", "JOINING_SIGNS", "MID_STOPS", "LETTER", "JOINING", "FIGURE", "SIGN", "MID_STOP", "sign_kind", "sign_kinds", "signs_apart", "SIGNS_APART", "MONOSPACED_SHARE", "monospaced", "MONOSPACED_NOTE", "monospaced_reason", "substituted_scripts"]
