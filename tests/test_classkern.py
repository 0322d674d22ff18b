"""Class kerning planned on matrices: designer values kept (checked with ufoLib's own lookup), sizes, the CLI."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from fontTools.ufoLib.kerning import lookupKerningValue

from bubblekern import kern_pairs
from bubblekern.classkern import plan_classes, resolve_all
from bubblekern.classkern_plain import plan_classes as plain_plan_classes
from bubblekern.cli import main
from bubblekern.fontkerning import kerning_dict, size_after, write_kerning
from bubblekern.glyphsets import (
    ACCENT,
    BREATHING,
    FIGURE,
    JOINING,
    LETTER,
    LOWER,
    MID_STOP,
    SIGN,
    SMALL,
    UNKERNED_CHARACTERS,
    Reach,
    cases_of,
    default_candidates,
    default_pair_list,
    default_pairs,
    flags_apart,
    greek_accented,
    kerned_glyphs,
    kerned_sides,
    kerns_lowercase_capital,
    neighbour_flags,
    never_neighbours,
    sign_kinds,
    small_cap,
    small_cap_features,
    small_caps_of,
    tabular_figures,
    text_reached,
    wants_lowercase_capital,
    word_initial,
)
from bubblekern.groups import apply_class_kerning, compress, read_groups
from bubblekern.settings import Settings

import helpers

K1, K2 = "public.kern1.", "public.kern2."


def lookup_all(font) -> dict[tuple[str, str], float]:
    """Every glyph pair's value by fontTools' UFO 3 lookup (an implementation that is not ours)."""
    kerning = dict(font.kerning.items())
    groups = {k: list(v) for k, v in font.groups.items()}
    names = list(font.keys())
    return {(a, b): lookupKerningValue((a, b), kerning, groups) for a in names for b in names}


def random_font(seed: int):
    """A font of box bubbles in random kern groups, with random designer kerning of all four kinds."""
    rng = random.Random(seed)
    font = helpers.new_font()
    names = [f"g{i:02d}" for i in range(rng.randint(5, 11))]
    for name in names:
        width = rng.randint(300, 800)
        box = (rng.choice((0, 20, 60, 120)), rng.choice((0, 0, 300)), width - rng.choice((0, 20, 60, 150)), 700)
        # a diagonal edge on some glyphs, so values differ within groups
        if rng.random() < 0.5:
            x0, y0, x1, y1 = box
            slope = rng.choice((40, 90, 160))
            helpers.add_glyph(font, name, width, bubble=lambda p, b=(x0, y0, x1, y1), s=slope: helpers.polygon(
                p, (b[0] + s, b[1]), (b[2], b[1]), (b[2] - s, b[3]), (b[0], b[3])))
        else:
            helpers.add_glyph(font, name, width, bubble=lambda p, b=box: helpers.rect(p, *b))
    if rng.random() < 0.2:  # a glyph without a bubble: its pairs are never solved
        helpers.add_glyph(font, "nobubble", 500)
        names.append("nobubble")
    for prefix in (K1, K2):
        pool = names[:]
        rng.shuffle(pool)
        for g in range(rng.randint(0, 3)):
            members = [pool.pop() for _ in range(min(len(pool), rng.randint(1, 4)))]
            if members:
                font.groups[f"{prefix}G{g}"] = members
    left_keys = [k for k in font.groups.keys() if k.startswith(K1)] + names
    right_keys = [k for k in font.groups.keys() if k.startswith(K2)] + names
    for _ in range(rng.randint(0, 25)):
        font.kerning[(rng.choice(left_keys), rng.choice(right_keys))] = rng.choice((0, -80, -55, -40, -12, 7, 30, -12.5))
    pairs = None
    if rng.random() < 0.6:
        pool = [(a, b) for a in names for b in names]
        pairs = rng.sample(pool, rng.randint(1, len(pool)))
    return font, pairs


def check_kept(before, after, result, mode, tolerance, loose=None):
    """Update: kept pairs within the tolerance, every other pair exactly as before. Replace: solved pairs
    (0 when not kept) within the tolerance, unsolved pairs exactly as before. With ``loose``, a pair may
    be set at most ``tolerance`` closer and ``loose`` further apart than its value."""
    solved = {p: (v if k else 0) for p, v, k in zip(result.pairs, result.values.tolist(), result.kept_mask.tolist())}
    kept = {p: v for p, v in solved.items() if v}
    for pair, old in before.items():
        new = after[pair]
        target = kept.get(pair) if mode == "update" else solved.get(pair)
        if target is None:
            assert new == old, (pair, old, new)
        else:
            assert -tolerance <= new - target <= (tolerance if loose is None else loose), (pair, target, new)


@pytest.mark.parametrize("seed", range(60))
def test_plan_keeps_every_value_it_did_not_keep(seed):
    font, pairs = random_font(seed)
    mode = ("update", "replace")[seed % 2]
    tolerance = (0, 5, 20)[seed % 3]
    before = lookup_all(font)
    result = kern_pairs(font, pairs)
    plan = plan_classes(result, read_groups(font), kerning_dict(font), mode, tolerance)
    assert not plan.pinned  # the fresh entries are right by construction
    write_kerning(font, plan.written, plan.removed)
    check_kept(before, lookup_all(font), result, mode, tolerance)
    # planning again changes nothing
    again = plan_classes(result, read_groups(font), kerning_dict(font), mode, tolerance)
    assert not again.written and not again.removed


def same_plan(a, b) -> bool:
    """Two plans alike in every field, and their entries, writes and removals in the same order."""
    fields = [{k: v for k, v in dataclasses.asdict(plan).items() if k != "groups"} for plan in (a, b)]
    return fields[0] == fields[1] and all(list(x) == list(y) for x, y in (
        (a.written, b.written), (a.entries, b.entries), (a.removed, b.removed), (a.pinned, b.pinned)))


@pytest.mark.parametrize("seed", range(40))
def test_the_plain_planner_plans_what_the_matrix_planner_plans(seed):
    """classkern_plain (RoboFont without numpy) against classkern: every mode, method, tolerance, budget, and
    glyphs text never sets side by side (Greek accents, small capitals beside lowercase letters)."""
    font, pairs = random_font(seed)
    result = kern_pairs(font, pairs)
    groups, existing = read_groups(font), kerning_dict(font)
    marks = random_marks(font, seed)
    for mode in ("update", "replace"):
        for tolerance, loose in ((0, None), (5, 20), (1, 3)):
            for method in ("key", "median", "fewest"):
                for budget in (None, 1, 4, 12):
                    for never in (None, marks):
                        args = (result, groups, existing, mode, tolerance, budget, method, loose)
                        matrix = plan_classes(*args, never_set=never)
                        assert same_plan(matrix, plain_plan_classes(*args, never_set=never))
    with pytest.raises(ValueError, match="tolerance must be a number"):
        plain_plan_classes(result, groups, existing, tolerance=-1)


def random_marks(font, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    return {name: rng.choice((0, ACCENT | LOWER, LOWER, SMALL, BREATHING | LOWER)) for name in font.keys()}


def test_the_random_marks_free_pairs_in_many_fonts():
    """The marks of the test above change the plan of many of its fonts, so both planners' handling of
    pairs text never sets is compared there."""
    changed = 0
    for seed in range(40):
        font, pairs = random_font(seed)
        result = kern_pairs(font, pairs)
        args = (result, read_groups(font), kerning_dict(font))
        changed += not same_plan(plan_classes(*args), plan_classes(*args, never_set=random_marks(font, seed)))
    assert changed >= 8


@pytest.mark.parametrize("tolerance, loose", [(-1, None), (float("nan"), None), (5, float("inf")), ("wide", None), (True, None)])
def test_plan_refuses_tolerances_that_are_not_distances(tolerance, loose):
    font, pairs = random_font(0)
    result = kern_pairs(font, pairs)
    with pytest.raises(ValueError, match=r"tolerance must be a number ≥ 0 \(font units\), not"):
        plan_classes(result, read_groups(font), kerning_dict(font), tolerance=tolerance, loose_tolerance=loose)
    assert plan_classes(result, read_groups(font), kerning_dict(font), tolerance=0, loose_tolerance=0).tolerance == 0


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_compress_and_apply_keep_every_value_they_did_not_keep(seed):
    font, pairs = random_font(seed)
    mode = ("update", "replace")[seed % 2]
    before = lookup_all(font)
    result = kern_pairs(font, pairs)
    for method in ("fewest", "median"):
        classes = compress(result, read_groups(font), method, tolerance=5)
        apply_class_kerning(font, classes, mode)
        check_kept(before, lookup_all(font), result, mode, 5)
        before = lookup_all(font)


def test_matrix_lookup_matches_ufolib():
    for seed in range(10):
        font, _ = random_font(seed)
        names = list(font.keys())
        matrix = resolve_all(dict(font.kerning.items()), read_groups(font), names)
        expected = lookup_all(font)
        assert all(matrix[i, j] == expected[(a, b)] for i, a in enumerate(names) for j, b in enumerate(names))


# -- the designer's values in the issue's case ------------------------------------------------------


def type_font():
    """T y f o r d g with kern groups and designer values, as in a shipped italic."""
    font = helpers.new_font()
    shapes = {
        "T": (600, lambda p: (helpers.rect(p, 0, 640, 600, 700), helpers.rect(p, 250, 0, 350, 640))),
        "y": (520, lambda p: helpers.polygon(p, (0, 500), (520, 500), (300, -200), (200, -200))),
        "v": (520, lambda p: helpers.polygon(p, (0, 500), (520, 500), (300, 0), (220, 0))),
        "f": (360, lambda p: (helpers.rect(p, 60, 0, 160, 700), helpers.rect(p, 60, 640, 360, 720))),
        "o": (540, lambda p: helpers.ellipse(p, 270, 250, 250, 260)),
        "e": (540, lambda p: helpers.ellipse(p, 270, 250, 250, 260)),
        "r": (380, lambda p: (helpers.rect(p, 40, 0, 140, 500), helpers.rect(p, 40, 420, 380, 500))),
        "d": (560, lambda p: helpers.rect(p, 30, 0, 530, 720)),
        "g": (540, lambda p: helpers.ellipse(p, 270, 150, 250, 350)),
    }
    for name, (width, bubble) in shapes.items():
        helpers.add_glyph(font, name, width, bubble=bubble, unicode=ord(name))
    font.groups[K1 + "T"] = ["T"]
    font.groups[K2 + "y"] = ["y", "v"]
    font.groups[K1 + "f"] = ["f"]
    font.groups[K2 + "o"] = ["o", "e", "g", "d"]
    font.groups[K1 + "r"] = ["r"]
    font.kerning[(K1 + "T", K2 + "y")] = -80
    font.kerning[(K1 + "f", K2 + "o")] = -40
    font.kerning[(K1 + "r", K2 + "o")] = -55
    font.kerning[("r", "g")] = -55
    return font


def test_text_run_never_zeroes_designer_values(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    before = lookup_all(helpers.RFont(str(path)))
    assert main(["kern", str(path), "--text", "Ty ford rg Te", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    kept = {(a, b): v for a, b, v in data["masters"][0]["pairs"]}
    after = lookup_all(helpers.RFont(str(path)))
    for pair, old in before.items():
        if pair in kept:
            assert abs(after[pair] - kept[pair]) <= 5, pair
        else:
            assert after[pair] == old, (pair, old, after[pair])
    assert after[("T", "v")] == -80  # in the group of y, not solved: still the designer's


def test_dry_run_lists_strongest_values_and_changes_and_writes_nothing(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    before = helpers.tree_bytes(path)
    assert main(["kern", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "strongest: " in out and "would write " in out and "dry run: nothing saved" in out
    assert "time: read " in out and " bubbles " in out and " solve " in out and " group " in out
    assert helpers.tree_bytes(path) == before


def test_max_entries_stops_before_writing(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    before = helpers.tree_bytes(path)
    assert main(["kern", str(path), "--flat", "--max-entries", "3"]) == 1
    err = capsys.readouterr().err
    assert "would leave" in err and "--max-entries 3" in err and "nothing was written" in err
    assert "--pairs-from-words LANG" in err  # the way to the pairs text sets, for a font kerned from nothing
    assert helpers.tree_bytes(path) == before
    assert main(["kern", str(path), "--max-entries", "3"]) == 1  # class kerning too
    assert helpers.tree_bytes(path) == before
    assert main(["kern", str(path), "--flat", "--max-entries", "0"]) == 0
    assert helpers.tree_bytes(path) != before


def test_timings_in_every_summary(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    assert main(["kern", str(path), "--format", "json"]) == 0
    timings = json.loads(capsys.readouterr().out)["timings"]
    assert set(timings) == {"read", "bubbles", "solve", "group", "write", "save"}
    assert all(v >= 0 for v in timings.values())
    assert main(["kern", str(path), "--flat", "--format", "json", "--replace"]) == 0
    assert set(json.loads(capsys.readouterr().out)["timings"]) == {"read", "bubbles", "solve", "group", "write", "save"}


# -- the default pair set --------------------------------------------------------------------------


def test_default_set_is_letters_figures_punctuation_of_kerned_scripts():
    font = helpers.new_font()
    glyphs = {
        "A": 0x41, "Alpha": 0x391, "afii10017": 0x410, "one": 0x31, "period": 0x2E, "ampersand": 0x26,
        "uni4E00": 0x4E00, "acutecomb": 0x301, "space": 0x20, "onesuperior": 0xB9, "uniE000": 0xE000,
        "alef-hb": 0x5D0, "uni02B0": 0x2B0, "a.sc": None, "f_f": None, "one.tf": None, "g042": None,
        ".notdef": None, ".null": None,  # special glyphs (the AGL reserves names with a leading period)
    }
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 0, 0, 500, 700), unicode=code)
    chosen = kerned_glyphs(font, list(glyphs))
    assert chosen == [
        "A", "Alpha", "afii10017", "one", "period", "ampersand", "alef-hb", "a.sc", "f_f", "g042"
    ]  # one.tf: a tabular figure keeps its width
    assert "acutecomb" in kerned_glyphs(font, list(glyphs), marks=True)
    table = default_pairs(font, chosen)
    pairs = set(table)
    assert ("A", "period") in pairs and ("Alpha", "one") in pairs and ("A", "a.sc") in pairs
    assert ("A", "Alpha") not in pairs and ("afii10017", "A") not in pairs  # Latin next to Greek, Cyrillic
    assert ("alef-hb", "period") in pairs and ("alef-hb", "A") not in pairs
    assert len(default_pairs(font, list(glyphs), all_glyphs=True)) == len(glyphs) ** 2
    assert default_pair_list(font, list(glyphs)) == list(default_pairs(font, list(glyphs)))


def test_unencoded_glyphs_take_the_scripts_their_features_substitute_them_from():
    """A Devanagari conjunct has no code point and a name no rule reads, yet its font's features make it of the
    ligated letters' script, which is not kerned pair by pair (Noto Sans Devanagari: 716 glyphs kept before, 51 now);
    a glyph substituted from a Latin letter stays; one no substitution reaches is never set in text, and is left out
    (:func:`~bubblekern.glyphsets.text_reached`)."""
    from bubblekern.glyphsets import substituted_scripts

    font = helpers.new_font()
    glyphs = {"A": 0x41, "kadeva": 0x915, "viramadeva": 0x94D, "ssadeva": 0x937, "kassadeva": None, "kassahalfdeva": None,
              "glyph01": None, "glyph02": None, "Acutecase": None, "acutecomb": 0x301}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 0, 0, 500, 700), unicode=code)
    font.features.text = """# a comment naming sub A by kassadeva; is no rule
@CONJUNCTS = [kassadeva];
lookup akhn { sub kadeva viramadeva ssadeva by kassadeva; } akhn;
feature half { sub @CONJUNCTS' viramadeva by kassahalfdeva; } half;
feature ss01 { sub A by glyph01; } ss01;
feature case { sub acutecomb by Acutecase; } case;
"""
    scripts = substituted_scripts(font)
    assert scripts == {"kassadeva": {"Deva"}, "kassahalfdeva": {"Deva"}, "glyph01": {"Latn"}, "Acutecase": {"Zinh"}}
    chosen = kerned_glyphs(font, list(glyphs))
    assert chosen == ["A", "glyph01"]  # Devanagari, its conjuncts, the marks and what no feature reaches left out
    assert "Acutecase" in kerned_glyphs(font, list(glyphs), marks=True)
    font.features.text = ""  # without features nothing tells them: kept, as before
    assert kerned_glyphs(font, list(glyphs)) == ["A", "kassadeva", "kassahalfdeva", "glyph01", "glyph02", "Acutecase"]


def test_a_monospaced_font_has_no_default_pairs(tmp_path, capsys):
    """A font whose info says it is monospaced (postscriptIsFixedPitch) and whose kerned glyphs are nine in ten one
    width (Fira Code): kerning would defeat its fixed advance, so its default set is empty and the command line says
    why; pairs asked for are kerned. Without the flag, or with widths of a proportional font, it is not."""
    from bubblekern.glyphsets import monospaced

    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    font = helpers.new_font()
    for i, c in enumerate(letters):
        width = 600 if i else 1200  # one wide glyph (a ligature, a wide letter) does not make it proportional
        helpers.add_glyph(font, c, width, bubble=lambda p: helpers.rect(p, 60, 0, 540, 700), unicode=ord(c))
    helpers.add_glyph(font, "dotbelowcomb", 0, bubble=lambda p: helpers.rect(p, -200, -200, -50, -50), unicode=0x323)
    names = kerned_glyphs(font, [*letters, "dotbelowcomb"])
    assert names == list(letters)
    assert not monospaced(font, names)  # one width, but the font does not say it is monospaced
    font.info.postscriptIsFixedPitch = True
    assert monospaced(font, names) and len(default_pairs(font, names)) == 0
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path)]) == 0
    captured = capsys.readouterr()
    assert "monospaced" in captured.err and "0 pairs solved" in captured.out
    assert main(["kern", str(path), "--text", "AVA"]) == 0 and "2 pairs solved" in capsys.readouterr().out
    for i, c in enumerate(letters[:5]):  # five of 26 drawn to other widths: proportional, whatever the flag says
        font[c].width = 500 + 20 * i
    assert not monospaced(font, names) and len(default_pairs(font, names)) == len(names) ** 2


def test_signs_designers_leave_unkerned_stay_out_of_the_default_set(tmp_path, capsys):
    """``% ‰ § < >``: out of a default run, which kerned ``‰ “`` −188 per 1000 em; named, kerned like any glyph."""
    font = helpers.new_font()
    glyphs = {"T": 0x54, "o": 0x6F, "period": 0x2E, "quotedblleft": 0x201C, "ampersand": 0x26, "asterisk": 0x2A,
              "endash": 0x2013, "percent": 0x25, "perthousand": 0x2030, "section": 0xA7, "less": 0x3C, "greater": 0x3E,
              "sterling": 0xA3, "dagger": 0x2020, "at": 0x40, "plus": 0x2B, "degree": 0xB0, "dollar": 0x24}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    unkerned = {"percent", "perthousand", "section", "less", "greater", "sterling", "dagger", "at", "plus", "degree",
                "dollar"}
    assert not {chr(glyphs[n]) for n in glyphs if n not in unkerned} & UNKERNED_CHARACTERS  # stops, quotes, dashes
    assert {chr(glyphs[n]) for n in unkerned} <= UNKERNED_CHARACTERS
    assert kerned_glyphs(font, list(glyphs)) == [n for n in glyphs if n not in unkerned]
    assert len(default_pairs(font, list(glyphs), all_glyphs=True)) == len(glyphs) ** 2
    # a sign the font's own kerning reaches stays: its designer kerns it (symbols too, not only punctuation)
    assert kerned_glyphs(font, list(glyphs), reached={"plus", "degree", "percent"}) == [
        n for n in glyphs if n not in unkerned - {"plus", "degree", "percent"}]
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--min-kern", "0", "--flat"]) == 0
    solved = {n for a, b, _ in json.loads(capsys.readouterr().out)["pairs"] for n in (a, b)}
    assert solved and not solved & unkerned
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--min-kern", "0", "--flat",
                 "--glyphs", "T,perthousand,quotedblleft"]) == 0
    solved = {n for a, b, _ in json.loads(capsys.readouterr().out)["pairs"] for n in (a, b)}
    assert "perthousand" in solved


def test_two_signs_pair_by_default_only_beside_a_stop_quote_or_dash():
    """``7.`` ``*”`` ``.”`` ``74`` stay in; ``*[`` ``&7`` ``7*`` go (designers kern few such pairs); all glyphs: all."""
    font = helpers.new_font()
    glyphs = {"T": 0x54, "period": 0x2E, "quotedblright": 0x201D, "endash": 0x2013, "asterisk": 0x2A,
              "bracketleft": 0x5B, "ampersand": 0x26, "seven": 0x37, "four": 0x34, "g042": None}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    pairs = set(default_pairs(font, names))
    assert pairs == set(default_pair_list(font, names))
    for kept in [("seven", "period"), ("asterisk", "quotedblright"), ("period", "quotedblright"), ("endash", "seven"),
                 ("seven", "four"), ("T", "asterisk"), ("asterisk", "T"), ("g042", "asterisk"), ("bracketleft", "T")]:
        assert kept in pairs, kept
    for dropped in [("asterisk", "bracketleft"), ("ampersand", "seven"), ("seven", "asterisk"),
                    ("asterisk", "asterisk")]:
        assert dropped not in pairs, dropped
    assert sign_kinds(font, ["T", "period", "seven", "asterisk", "g042"]) == [LETTER, JOINING, FIGURE, SIGN, LETTER]
    assert ("asterisk", "bracketleft") in set(default_pairs(font, names, all_glyphs=True))


def test_a_colon_or_semicolon_pairs_by_default_with_letters_figures_and_signs_not_stops_quotes_or_dashes():
    """Designers kern ``: '`` ``- ;`` ``: .`` ``;;`` in at most 2 of the quality benchmark's 53 fonts: out of the
    default set, in both orders; ``T:`` ``:7`` ``:)`` stay."""
    font = helpers.new_font()
    glyphs = {"T": 0x54, "colon": 0x3A, "semicolon": 0x3B, "period": 0x2E, "quotesingle": 0x27, "hyphen": 0x2D,
              "seven": 0x37, "parenright": 0x29}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    pairs = set(default_pairs(font, names))
    assert pairs == set(default_pair_list(font, names))
    for stop in ("colon", "semicolon"):
        for other in ("colon", "semicolon", "period", "quotesingle", "hyphen"):
            assert (stop, other) not in pairs and (other, stop) not in pairs, (stop, other)
        for other in ("T", "seven", "parenright"):
            assert (stop, other) in pairs and (other, stop) in pairs, (stop, other)
    assert ("period", "quotesingle") in pairs and ("hyphen", "quotesingle") in pairs  # the other joining signs as before
    assert sign_kinds(font, ["colon", "semicolon", "period"]) == [MID_STOP, MID_STOP, JOINING]


def test_tabular_figures_are_never_kerned_by_default(tmp_path, capsys):
    font = helpers.new_font()
    names = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    for value, name in enumerate(names):  # default figures, one width: tabular
        helpers.add_glyph(font, name, 550, bubble=lambda p: helpers.rect(p, 40, 0, 510, 700), unicode=0x30 + value)
    for value, name in enumerate(names):  # oldstyle figures of several widths: proportional
        helpers.add_glyph(font, name + ".osf", 400 + 10 * value, bubble=lambda p: helpers.rect(p, 40, 0, 360, 500))
    for name in ("one.tf", "two.tnum", "three.tosf", "four.tlf", "one.pnum", "glyph07", "A", "period"):
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700),
                          unicode={"A": 0x41, "period": 0x2E}.get(name))
    oldstyle = " ".join(n + ".osf" for n in names)
    font.features.text = ("feature tnum { sub one.pnum by glyph07; } tnum;\nfeature pnum { sub one by one.pnum; } pnum;\n"
                          f"feature onum {{ sub [{' '.join(names)}] by [{oldstyle}]; }} onum;")
    every = list(font.keys())
    tabular = tabular_figures(font, every)
    assert tabular == {*names, "one.tf", "two.tnum", "three.tosf", "four.tlf", "glyph07"}
    chosen = kerned_glyphs(font, every)
    assert set(chosen) == {n + ".osf" for n in names} | {"one.pnum", "A", "period"}
    assert default_pair_list(font, every) == list(default_pairs(font, every))
    font["five"].width = 560  # no longer one width: the default figures are proportional, and kerned
    assert "five" in kerned_glyphs(font, every) and "one.tf" not in kerned_glyphs(font, every)
    font["five"].width = 550
    # asked for by name, a tabular figure is kerned like any glyph
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--min-kern", "0", "--flat"]) == 0
    solved = {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}
    assert solved and not {n for pair in solved for n in pair} & tabular
    assert main(["kern", str(path), "--glyphs", "one,A", "--dry-run", "--format", "json", "--min-kern", "0"]) == 0
    assert ("A", "one") in {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}


def test_default_set_leaves_out_a_lowercase_letter_before_a_capital(tmp_path, capsys):
    font = helpers.new_font()
    for name, code in {"T": 0x54, "A": 0x41, "a": 0x61, "o": 0x6F, "a.sc": None, "period": 0x2E, "alpha": 0x3B1,
                       "Alpha": 0x391}.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(font.keys())
    pairs = set(default_pairs(font, names))
    assert {("T", "a"), ("A", "T"), ("a", "o"), ("a", "period"), ("period", "T"), ("Alpha", "alpha")} <= pairs
    assert not {("a", "T"), ("o", "A"), ("a.sc", "T"), ("alpha", "Alpha")} & pairs  # small capitals too
    everything = set(default_pairs(font, names, lowercase_capital=True))
    assert everything - pairs == {("a", "T"), ("a", "A"), ("o", "T"), ("o", "A"), ("a.sc", "T"), ("a.sc", "A"),
                                  ("alpha", "Alpha")}
    for asked in (False, True):  # numpy and plain Python agree
        assert default_pair_list(font, names, lowercase_capital=asked) == list(
            default_pairs(font, names, lowercase_capital=asked))
    path = helpers.save(font, tmp_path)
    for flags, present in (([], False), (["--lowercase-capital"], True)):
        assert main(["kern", str(path), "--flat", "--dry-run", "--format", "json", "--min-kern", "0", *flags]) == 0
        solved = {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}
        assert (("o", "T") in solved) == present and ("T", "o") in solved
    # a font whose designer kerns a lowercase letter before a capital keeps such pairs
    assert not kerns_lowercase_capital(font)
    font.kerning[("o", "T")] = 0  # a zero says nothing
    assert not kerns_lowercase_capital(font)
    font.groups[K1 + "o"], font.groups[K2 + "A"] = ["o", "a"], ["A", "T"]
    font.kerning[(K1 + "o", K2 + "A")] = -15
    assert kerns_lowercase_capital(font) and isinstance(wants_lowercase_capital(font), Reach)
    assert wants_lowercase_capital(font, asked=True) is True
    # only the pairs its kerning reaches: the o/a class before the A/T class, not a.sc or Greek
    reached = set(default_pairs(font, names, lowercase_capital=wants_lowercase_capital(font)))
    assert reached - pairs == {("a", "T"), ("a", "A"), ("o", "T"), ("o", "A")}
    assert default_pair_list(font, names, lowercase_capital=wants_lowercase_capital(font)) == list(
        default_pairs(font, names, lowercase_capital=wants_lowercase_capital(font)))
    del font.kerning[(K1 + "o", K2 + "A")]
    font.kerning[("a.sc", "T")] = -20  # one stray entry opens one pair, not every lowercase-capital pair
    font.kerning[("alpha", "Alpha")] = 0  # a zero the designer set is reached too
    assert kerns_lowercase_capital(font)
    reached = set(default_pairs(font, names, lowercase_capital=wants_lowercase_capital(font)))
    assert reached - pairs == {("a.sc", "T"), ("alpha", "Alpha"), ("o", "T")}  # oT = 0 from above
    font.kerning[("a", K2 + "A")] = -10  # a glyph against a group
    font.kerning[(K1 + "o", "A")] = -10  # a group against a glyph
    reached = set(default_pairs(font, names, lowercase_capital=wants_lowercase_capital(font)))
    assert reached - pairs == {("a.sc", "T"), ("alpha", "Alpha"), ("o", "T"), ("a", "A"), ("a", "T"), ("o", "A")}
    assert default_pair_list(font, names, lowercase_capital=wants_lowercase_capital(font)) == list(
        default_pairs(font, names, lowercase_capital=wants_lowercase_capital(font)))
    path = helpers.save(font, tmp_path, "Kerned.ufo")
    assert main(["kern", str(path), "--flat", "--dry-run", "--format", "json", "--min-kern", "0"]) == 0
    solved = {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}
    assert ("a.sc", "T") in solved and ("o", "A") in solved and ("a.sc", "A") not in solved


def test_accented_greek_capitals_only_start_words(tmp_path, capsys):
    assert word_initial("\u0386") and word_initial("\u1F08") and word_initial("\u1FBC")  # Ά Ἀ ᾼ
    assert word_initial("\u1F8E")  # ᾎ: psili, perispomeni and prosgegrammeni, recursively decomposed
    assert not word_initial("\u03AA") and not word_initial("\u0391")  # Ϊ (dialytika alone), Α
    assert not word_initial("\u00C1") and not word_initial("\u03AC")  # Latin Á, lowercase ά
    font = helpers.new_font()
    glyphs = {"Alpha": 0x391, "Tau": 0x3A4, "Alphatonos": 0x386, "uni1F08": None, "Iotadieresis": 0x3AA,
              "alpha": 0x3B1, "omicron": 0x3BF, "period": 0x2E, "quotedblleft": 0x201C, "Aacute": 0xC1, "a": 0x61}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    assert cases_of(font, names) == ["U", "U", "W", "W", "U", "l", "l", "", "", "U", "l"]
    for asked in (False, True):
        pairs = set(default_pairs(font, names, lowercase_capital=asked))
        assert default_pair_list(font, names, lowercase_capital=asked) == list(
            default_pairs(font, names, lowercase_capital=asked))
        # what text sets: a word-initial capital after a space or punctuation, before lowercase
        assert {("Alphatonos", "alpha"), ("uni1F08", "omicron"), ("quotedblleft", "Alphatonos"),
                ("period", "uni1F08"), ("Alphatonos", "period"), ("Tau", "Iotadieresis"),
                ("Iotadieresis", "Tau"), ("Aacute", "Aacute")} <= pairs
        # what it never sets, whether or not lowercase-capital pairs are asked for
        assert not {("Tau", "Alphatonos"), ("alpha", "uni1F08"), ("Alphatonos", "uni1F08"),
                    ("Alphatonos", "Tau"), ("uni1F08", "Iotadieresis")} & pairs
        assert (("alpha", "Tau") in pairs) == asked
    font.kerning[("alpha", "Alphatonos")] = -20  # a lowercase before a word-initial capital: the designer's
    assert kerns_lowercase_capital(font)


def test_a_word_initial_capital_is_edged_by_its_breathing():
    """Only a space or punctuation precedes Ὑ: a hyphen stops at its breathing, not under it."""
    font = helpers.new_font()
    capital = lambda p: (helpers.rect(p, 20, 600, 120, 700), helpers.rect(p, 220, 0, 480, 700))  # noqa: E731
    for name, code in (("uni1F59", 0x1F59), ("Upsilon", 0x3A5), ("U", 0x55)):  # Ὑ, and the same shape plain
        helpers.add_glyph(font, name, 500, bubble=capital, unicode=code)
    helpers.add_glyph(font, "hyphen", 300, bubble=lambda p: helpers.rect(p, 0, 250, 300, 350), unicode=0x2D)
    helpers.add_glyph(font, "quoteleft", 300, bubble=lambda p: helpers.rect(p, 0, 600, 300, 700), unicode=0x2018)
    pairs = [("hyphen", "uni1F59"), ("hyphen", "Upsilon"), ("hyphen", "U"), ("quoteleft", "uni1F59"),
             ("quoteleft", "U"), ("uni1F59", "hyphen"), ("U", "hyphen")]
    values = dict(zip(pairs, kern_pairs(font, pairs, Settings(min_kern=0)).values.tolist()))
    assert values[("hyphen", "U")] == values[("hyphen", "Upsilon")] == -150  # under the bar: half of 300 at most
    assert values[("hyphen", "uni1F59")] == -20  # stops at the breathing's edge
    assert values[("quoteleft", "uni1F59")] == values[("quoteleft", "U")] == -20
    assert values[("uni1F59", "hyphen")] == values[("U", "hyphen")]  # its right side is as drawn


def test_a_big_font_without_groups_gets_groups_built_and_says_so(tmp_path, capsys):
    font = helpers.new_font()
    rng = random.Random(3)
    for i in range(100):
        width = rng.choice((500, 600))
        inset = rng.choice((0, 40))
        helpers.add_glyph(font, f"g{i:03d}", width, bubble=lambda p, w=width, s=inset: helpers.polygon(
            p, (s, 0), (w, 0), (w - s, 700), (0, 700)))
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["grouping"] == "classes" and any("built" in n and "wrote them" in n for n in data["notes"])
    font = helpers.RFont(str(path))
    assert any(k.startswith(K1) for k in font.groups.keys())
    summary = data["summary"]
    assert summary["after"] == len(font.kerning) < summary["before"]
    assert len(font.kerning) < 40  # four shapes: a handful of class pairs, not 10,000 glyph pairs


def test_a_kerning_only_save_rewrites_kerning_plist_alone_and_reads_back(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    before = helpers.tree_bytes(path)
    assert main(["kern", str(path), "--flat"]) == 0
    after = helpers.tree_bytes(path)
    assert {k for k in after if after[k] != before.get(k)} == {"kerning.plist"}
    font = helpers.RFont(str(path))
    assert font.kerning[("T", "o")] < 0 and font.kerning[(K1 + "T", K2 + "y")] == -80
    # anything else edited: the whole font is saved, atomically
    font = helpers.RFont(str(path))
    font.info.familyName = "Changed"
    write_kerning(font, {("T", "e"): -33})
    from bubblekern.fontkerning import save_kerning

    assert not save_kerning(font, path)


def test_kerning_plist_bytes_are_what_ufolib_writes(tmp_path):
    font = type_font()
    font.kerning[("T", "e")] = -12.5
    font.kerning[("f", "o")] = 3.0
    font.kerning[("r", "d")] = 0
    path = helpers.save(font, tmp_path)
    written = (path / "kerning.plist").read_bytes()
    from bubblekern.fontkerning import kerning_plist

    nested = {}
    for (a, b), v in helpers.RFont(str(path)).kerning.items():
        nested.setdefault(a, {})[b] = v
    assert kerning_plist(nested) == written


def test_a_grouped_font_is_kerned_where_its_groups_and_kerning_reach(tmp_path, capsys):
    font = type_font()
    helpers.add_glyph(font, "H", 600, bubble=lambda p: helpers.rect(p, 0, 0, 600, 700), unicode=ord("H"))
    font.kerning[("e", "d")] = -7  # a glyph entry puts e on the left, d on the right
    sides = kerned_sides(dict(font.groups.items()), kerning_dict(font))
    left, right, partners = sides
    assert left == {"T", "f", "r", "e"} and right == {"y", "v", "o", "e", "g", "d"}
    assert partners == {(0, "e"): {"o", "e", "g", "d"}}  # e only against d's whole group
    table = default_pairs(font, list(font.keys()), sides=sides)
    assert {a for a, _ in table} == left and {b for _, b in table} == right
    assert len(table) == len(left) * len(right) - 2 and ("e", "y") not in set(table)
    assert len(default_pairs(font, list(font.keys()), sides=(left, right))) == len(left) * len(right)
    assert default_pair_list(font, list(font.keys()), sides=sides) == list(table)  # RoboFont's, no numpy
    everything = default_pairs(font, list(font.keys()), lowercase_capital=True)
    assert ("H", "T") in set(everything) and len(everything) == len(font.keys()) ** 2
    assert ("e", "T") in set(everything) and ("e", "T") not in set(default_pairs(font, list(font.keys())))

    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json"]) == 0
    solved = json.loads(capsys.readouterr().out)["masters"][0]["summary"]["solved"]
    assert solved == len(table)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--ungrouped", "--lowercase-capital"]) == 0
    assert json.loads(capsys.readouterr().out)["masters"][0]["summary"]["solved"] == len(everything)


def test_a_font_with_a_finished_kerning_and_no_groups_is_kerned_where_its_entries_reach(tmp_path, capsys):
    """Entry-by-entry kerning of FINISHED_FLAT_KERNING entries or more narrows the default set side by side, every
    named glyph against every glyph of the other side; fewer entries (a fit's model pairs) narrow nothing."""
    from bubblekern.glyphsets import FINISHED_FLAT_KERNING, flat_sides

    font = helpers.new_font()
    latin = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("l") + 1)]
    for name in [*latin, "Zeta"]:
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 0, 0, 500, 700),
                          unicode=0x396 if name == "Zeta" else ord(name))
    kerned = [(a, b) for a in latin for b in latin if (a, b) != ("l", "A")]  # l only on the left: A..Z a..k on the right
    kerned = [(a, b) for a, b in kerned if not (b == "l")]
    assert len(kerned) >= FINISHED_FLAT_KERNING
    assert flat_sides(kerned[: FINISHED_FLAT_KERNING - 1]) is None  # being kerned: everything stays
    sides = flat_sides(kerned)
    assert sides.left == set(latin) and sides.right == set(latin) - {"l"} and not sides.partners
    table = set(default_pairs(font, list(font.keys()), sides=sides, lowercase_capital=True))
    assert ("l", "A") in table and ("A", "l") not in table and not any("Zeta" in pair for pair in table)
    for pair in kerned:
        font.kerning[pair] = -5
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--lowercase-capital"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["summary"]["solved"] == len(table) == 38 * 37
    assert f"no kern groups and {len(kerned):,} kerning entries: kerned where they reach, 38 left and 37 right" in err
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--lowercase-capital", "--ungrouped"]) == 0
    # Zeta (Greek) meets only Greek letters, figures and punctuation: itself
    assert json.loads(capsys.readouterr().out)["summary"]["solved"] == 38 * 38 + 1
    # the RoboFont window's Kern All Pairs (an empty request): the same narrowing
    from bubblekern.bubbles import FontBubbles
    from bubblekern.interface.sources import Request, request_pairs

    opened = helpers.RFont(str(path))
    assert set(request_pairs(Request(), FontBubbles(opened, Settings(lowercase_capital=True)))) == table
    # groups built from the bubbles (the path a font's masters take): the same narrowing
    assert main(["kern", str(path), "--dry-run", "--format", "json", "--lowercase-capital", "--groups", "build"]) == 0
    built = json.loads(capsys.readouterr().out)
    assert built["masters"][0]["summary"]["solved"] == len(table)
    assert any("kerned where they reach, 38 left and 37 right glyphs" in n for n in built["notes"])


def test_a_glyph_kerned_entry_by_entry_is_kerned_only_against_those_partners(tmp_path, capsys):
    font = type_font()
    for name, code in (("questiondown", 0xBF), ("underscore", 0x5F), ("H", 0x48)):
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 0, -200, 400, 500), unicode=code)
    font.kerning[("questiondown", "T")] = -50  # no group on either side: named pairs only
    font.kerning[("questiondown", "v")] = -10  # v's group on the right: y too
    font.kerning[(K1 + "T", "underscore")] = 20  # on the right, against T's group
    sides = kerned_sides(dict(font.groups.items()), kerning_dict(font))
    assert sides.partners == {(0, "questiondown"): {"T", "y", "v"}, (1, "T"): {"questiondown"},
                              (1, "underscore"): {"T"}}
    assert "H" not in sides.left | sides.right
    table = default_pairs(font, list(font.keys()), sides=sides)
    pairs = set(table)
    assert {p for p in pairs if p[0] == "questiondown"} == {("questiondown", "T"), ("questiondown", "y"),
                                                             ("questiondown", "v")}
    assert {p for p in pairs if "T" == p[1]} == {("questiondown", "T")}
    assert {p for p in pairs if "underscore" in p} == {("T", "underscore")}
    assert {("T", "y"), ("f", "o"), ("r", "g")} <= pairs  # grouped glyphs: every partner
    assert len(pairs) == 3 * 6 + 3 + 1  # T f r × the o and y groups, ¿ T y v, T _
    assert default_pair_list(font, list(font.keys()), sides=sides) == list(table)  # RoboFont's, no numpy
    assert sides.allows("questiondown", "y") and not sides.allows("questiondown", "o")
    assert not sides.allows("f", "T") and sides.allows("f", "o")

    path = helpers.save(font, tmp_path)
    before = lookup_all(helpers.RFont(str(path)))
    assert main(["kern", str(path), "--format", "json"]) == 0
    kept = {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}
    assert kept <= pairs and ("questiondown", "o") not in kept
    after = lookup_all(helpers.RFont(str(path)))
    assert after[("questiondown", "o")] == before[("questiondown", "o")] == 0
    assert after[("underscore", "T")] == 0 and after[("f", "underscore")] == 0


def slanted_font(key=0):
    """Two kern groups of eight members each, every member slanted its own way: one group pair,
    and exceptions at a tight tolerance for nearly every member pair. The groups are named after
    ``L{key}`` and ``R{key}``: with key 0 every member could kern tighter than its class value (0),
    with key 4 some could and others would collide."""
    font = helpers.new_font()
    for i in range(8):
        slant = 15 * i
        helpers.add_glyph(font, f"L{i}", 500, bubble=lambda p, s=slant: helpers.polygon(
            p, (0, 0), (500 - s, 0), (500, 700), (0, 700)))
        helpers.add_glyph(font, f"R{i}", 500, bubble=lambda p, s=slant: helpers.polygon(
            p, (0, 0), (500, 0), (500, 700), (s // 2, 700)))
    font.groups[K1 + f"L{key}"] = [f"L{(i + key) % 8}" for i in range(8)]
    font.groups[K2 + f"R{key}"] = [f"R{(i + key) % 8}" for i in range(8)]
    font.kerning[(K1 + f"L{key}", K2 + f"R{key}")] = -20
    font.kerning[("R3", "L5")] = -33  # a designer value outside the pair set
    return font


@pytest.mark.parametrize("mode", ["update", "replace"])
def test_a_loose_tolerance_spares_members_that_could_kern_tighter(mode):
    font = slanted_font(key=4)
    pairs = [(f"L{i}", f"R{j}") for i in range(8) for j in range(8)]
    result = kern_pairs(font, pairs)
    groups, existing = read_groups(font), kerning_dict(font)
    tight = plan_classes(result, groups, existing, mode, 1)
    assert tight.loose_tolerance is None and "loose_tolerance" not in tight.summary()
    loose = plan_classes(result, groups, existing, mode, 1, loose_tolerance=1000)
    assert loose.loose_tolerance == 1000 and not loose.loosened and not loose.pinned
    assert len(loose.entries) < len(tight.entries)
    before = lookup_all(font)
    write_kerning(font, loose.written, loose.removed)
    after = lookup_all(font)
    check_kept(before, after, result, mode, 1, 1000)
    # members that could kern tighter are left at their class value; those it would set closer keep theirs
    class_value = result.kept[("L4", "R4")]
    assert any(after[p] == class_value and v < class_value - 1 for p, v in result.kept.items())
    assert all(after[p] >= v - 1 for p, v in result.kept.items() if v > class_value + 1)


@pytest.mark.parametrize("mode", ["update", "replace"])
def test_a_budget_raises_the_loose_tolerance_first_and_keeps_designer_values(mode):
    font = slanted_font(key=4)
    pairs = [(f"L{i}", f"R{j}") for i in range(8) for j in range(8)]
    result = kern_pairs(font, pairs)
    groups, existing = read_groups(font), kerning_dict(font)
    free = plan_classes(result, groups, existing, mode, 1)
    all_loose = len(plan_classes(result, groups, existing, mode, 1, loose_tolerance=1000).entries)
    assert not free.loosened and free.tolerance == 1 and all_loose < len(free.entries) - 2
    before = lookup_all(font)

    # a budget met by leaving members looser than they could be: collisions keep their exceptions
    budget = (all_loose + len(free.entries)) // 2
    plan = plan_classes(result, groups, existing, mode, 1, budget)
    assert plan.loosened and plan.asked_loose == 1 and plan.loose_tolerance > 1
    assert plan.tolerance == 1 and plan.asked_tolerance is None
    assert plan.total <= budget and not plan.pinned
    # the smallest loose tolerance that fits: a step tighter would not
    tighter = plan_classes(result, groups, existing, mode, 1, loose_tolerance=plan.loose_tolerance - 0.5)
    assert tighter.total > budget
    copy = slanted_font(key=4)
    write_kerning(copy, plan.written, plan.removed)
    check_kept(before, lookup_all(copy), result, mode, plan.tolerance, plan.loose_tolerance)
    assert lookup_all(copy)[("R3", "L5")] == -33

    # a smaller budget raises the tolerance for collisions too, once every loose member is spared
    budget = all_loose - 2
    plan = plan_classes(result, groups, existing, mode, 1, budget)
    assert plan.asked_tolerance == 1 and plan.tolerance > 1 and plan.asked_loose == 1
    assert plan.total <= budget and not plan.pinned
    tighter = plan_classes(result, groups, existing, mode, plan.tolerance - 0.5, loose_tolerance=plan.loose_tolerance)
    assert tighter.total > budget
    write_kerning(font, plan.written, plan.removed)
    check_kept(before, lookup_all(font), result, mode, plan.tolerance, plan.loose_tolerance)
    assert lookup_all(font)[("R3", "L5")] == -33
    # a budget that fits already changes nothing
    assert plan_classes(result, groups, existing, mode, 1, free.total).entries == free.entries


def test_the_cli_says_when_the_budget_raised_the_tolerance(tmp_path, capsys):
    path = helpers.save(slanted_font(), tmp_path)
    tight = ["--tolerance", "1", "--loose-tolerance", "1"]
    assert main(["kern", str(path), *tight, "--dry-run", "--format", "json", "--max-entries", "0"]) == 0
    everything = json.loads(capsys.readouterr().out)["summary"]["after"]
    budget = everything // 2
    assert main(["kern", str(path), *tight, "--max-entries", str(budget)]) == 0
    out = capsys.readouterr().out
    assert f"to stay within --max-entries {budget:,}" in out and "(--loose-tolerance gave 1)" in out
    assert 0 < len(helpers.RFont(str(path)).kerning) <= budget  # the designer's R3 L5 counts


@pytest.mark.parametrize("seed", range(0, 60, 2))
def test_median_and_fewest_plans_keep_every_value_they_did_not_keep(seed):
    font, pairs = random_font(seed)
    mode = ("update", "replace")[seed % 4 // 2]
    method = ("median", "fewest")[seed % 2 == 0 and seed % 3 == 0]
    before = lookup_all(font)
    result = kern_pairs(font, pairs)
    plan = plan_classes(result, read_groups(font), kerning_dict(font), mode, 5, method=method)
    assert not plan.pinned and plan.method == method
    write_kerning(font, plan.written, plan.removed)
    check_kept(before, lookup_all(font), result, mode, 5)


def test_fewest_takes_the_value_most_members_share():
    font = slanted_font()
    pairs = [(f"L{i}", f"R{j}") for i in range(8) for j in range(8)]
    result = kern_pairs(font, pairs)
    values = sorted(v if k else 0 for v, k in zip(result.values.tolist(), result.kept_mask.tolist()))
    groups, existing = read_groups(font), kerning_dict(font)
    plans = {m: plan_classes(result, groups, existing, "replace", 5, method=m) for m in ("key", "median", "fewest")}
    group_pair = (K1 + "L0", K2 + "R0")
    assert plans["key"].entries.get(group_pair, 0) == result.kept.get(("L0", "R0"), 0) == 0
    assert plans["median"].entries[group_pair] == values[(len(values) - 1) // 2]
    fewest = plans["fewest"].entries.get(group_pair, 0)
    within = sum(abs(v - fewest) <= 5 for v in values)
    assert all(sum(abs(v - c) <= 5 for v in values) <= within for c in values)
    assert len(plans["median"].entries) < len(plans["key"].entries)
    with pytest.raises(ValueError, match="method"):
        plan_classes(result, groups, existing, "replace", 5, method="envelope")


def test_the_cli_leaves_members_a_little_looser_but_never_closer(tmp_path, capsys):
    counts, fonts = {}, {}
    for loose in ("20", "1"):
        (tmp_path / loose).mkdir()
        path = helpers.save(slanted_font(key=4), tmp_path / loose)
        assert main(["kern", str(path), "--tolerance", "1", "--loose-tolerance", loose, "--replace"]) == 0
        fonts[loose] = helpers.RFont(str(path))
        counts[loose] = len(fonts[loose].kerning)
    capsys.readouterr()
    assert counts["20"] < counts["1"]
    font = fonts["20"]
    own = kern_pairs(font, [(f"L{i}", f"R{j}") for i in range(8) for j in range(8)]).kept
    after = lookup_all(font)
    assert all(v - 1 <= after[p] <= v + 20 for p, v in own.items())
    assert any(after[p] > v + 1 for p, v in own.items())  # left looser, no exception


@pytest.mark.parametrize("mode", ["update", "replace"])
def test_the_budget_counts_the_entries_the_run_leaves_alone(mode):
    font = slanted_font(key=4)
    for i in range(8):  # designer values in buckets the run does not touch
        font.kerning[(f"R{i}", f"R{(i + 1) % 8}")] = -10 - i
    pairs = [(f"L{i}", f"R{j}") for i in range(8) for j in range(8)]
    result = kern_pairs(font, pairs)
    groups, existing = read_groups(font), kerning_dict(font)
    free = plan_classes(result, groups, existing, mode, 1)
    assert free.total == size_after(existing, free.written, free.removed) == len(free.entries) + 9
    before = lookup_all(font)

    budget = free.total - 3  # the fresh entries alone would fit; with the nine left alone they do not
    assert len(free.entries) <= budget
    plan = plan_classes(result, groups, existing, mode, 1, budget)
    assert plan.loosened and plan.total <= budget and len(plan.entries) <= budget - 9
    write_kerning(font, plan.written, plan.removed)
    assert len(font.kerning) == plan.total
    check_kept(before, lookup_all(font), result, mode, plan.tolerance, plan.loose_tolerance)

    # a font whose own kerning is over the limit may be kerned again within its own size
    small = plan_classes(result, groups, existing, mode, 1, 5)
    own = plan_classes(result, groups, existing, mode, 1, len(existing))
    assert len(existing) > 5 and small.loosened and small.budget == 5
    assert (small.entries, small.tolerance, small.loose_tolerance) == (own.entries, own.tolerance, own.loose_tolerance)


def test_max_entries_counts_the_fonts_whole_kerning(tmp_path, capsys):
    path = helpers.save(type_font(), tmp_path)
    (tmp_path / "copy").mkdir()
    copy = helpers.save(type_font(), tmp_path / "copy")
    assert main(["kern", str(copy), "--flat", "--max-entries", "0", "--format", "json"]) == 0
    written = json.loads(capsys.readouterr().out)["summary"]["written"]
    total = len(helpers.RFont(str(copy)).kerning)
    assert written < total  # the designer's group pairs stay beside what the run wrote
    before = helpers.tree_bytes(path)
    assert main(["kern", str(path), "--flat", "--max-entries", str(total - 1)]) == 1
    err = capsys.readouterr().err
    assert f"would leave {total:,} kerning entries in the font ({written:,} written" in err and "it had 4" in err
    assert helpers.tree_bytes(path) == before
    assert main(["kern", str(path), "--flat", "--max-entries", str(total)]) == 0
    assert len(helpers.RFont(str(path)).kerning) == total
    # a font already over the limit is kerned again as long as it does not grow
    assert main(["kern", str(path), "--flat", "--max-entries", "2"]) == 0
    assert len(helpers.RFont(str(path)).kerning) == total


def test_two_accented_greek_letters_are_never_paired(tmp_path, capsys):
    assert greek_accented("\u03AC") and greek_accented("\u1FD6") and greek_accented("\u1F04")  # ά ῖ ἄ
    assert greek_accented("\u0390") and greek_accented("\u1F86")  # ΐ (dialytika and tonos), ᾆ (with ypogegrammeni)
    assert not greek_accented("\u1F00") and not greek_accented("\u03CA") and not greek_accented("\u1FF3")  # ἀ ϊ ῳ
    assert not greek_accented("\u00E1") and not greek_accented("\u0301")  # Latin á, a lone combining acute
    font = helpers.new_font()
    glyphs = {"alpha": 0x3B1, "alphatonos": 0x3AC, "uni1FD6": 0x1FD6, "uni1F00": 0x1F00, "uni1F04": 0x1F04,
              "iotadieresis": 0x3CA, "period": 0x2E, "aacute": 0xE1, "eacute": 0xE9}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    assert neighbour_flags(font, names) == [8, 9, 9, 10, 11, 8, 0, 8, 8]  # accent 1, breathing on a vowel 2, lowercase 8
    pairs = set(default_pairs(font, names))
    assert default_pair_list(font, names) == list(default_pairs(font, names))
    # one accent per word: never two accented letters side by side; a breathing opens the word ...
    assert not {("alphatonos", "uni1FD6"), ("uni1FD6", "uni1FD6"), ("uni1F04", "alphatonos"),
                ("alphatonos", "uni1F00"), ("uni1F00", "uni1F04"), ("uni1F00", "uni1F00")} & pairs
    # ... but a breathing before an accent (ἀέρας), after a bare vowel (αἱ), a dialytika, punctuation,
    # and Latin (Vietnamese ườ) are set
    assert {("uni1F00", "alphatonos"), ("alpha", "uni1F00"), ("iotadieresis", "alphatonos"), ("alphatonos", "alpha"),
            ("alphatonos", "period"), ("aacute", "eacute")} <= pairs
    # 6 × 6 Greek, 2 × 2 Latin and 17 with the period, less the 3 × 3 accented pairs and the 2 × 2 + 1
    # marked ones before the two breathings not counted yet (ἀ after ά ῖ ἀ ἄ, ἄ after ἀ)
    assert len(pairs) == 36 + 4 + 17 - 9 - 5
    assert flags_apart(2, 2) and flags_apart(1, 3) and not flags_apart(2, 1) and not flags_apart(8, 10)
    rhos = helpers.new_font()
    for name, code in (("uni1FE4", 0x1FE4), ("uni1FE5", 0x1FE5)):  # ῤῥ, spelt inside words
        helpers.add_glyph(rhos, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    assert neighbour_flags(rhos, ["uni1FE4", "uni1FE5"]) == [8, 8] and ("uni1FE4", "uni1FE5") in set(
        default_pairs(rhos, ["uni1FE4", "uni1FE5"]))
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--flat", "--dry-run", "--format", "json", "--min-kern", "0"]) == 0
    solved = {(a, b) for a, b, _ in json.loads(capsys.readouterr().out)["pairs"]}
    assert ("uni1F00", "alphatonos") in solved and ("alphatonos", "uni1FD6") not in solved


def test_positional_forms_that_cannot_join_are_never_paired():
    """An initial or medial form is followed only by a medial or final one, which only follow such a form (the
    forms by name suffix or as the init/medi/fina features substitute them); an isolated or
    final form stands beside anything that does not join it."""
    from bubblekern.glyphsets import JOINS_NEXT, JOINS_PREVIOUS, joining_forms

    font = helpers.new_font()
    glyphs = {"beh-ar": 0x628, "beh-ar.init": None, "beh-ar.medi": None, "beh-ar.fina": None, "alef-ar": 0x627,
              "alef-ar.fina": None, "meemInitial": None, "tatweel-ar": 0x640, "period": 0x2E}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    helpers.add_glyph(font, "e", 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 500), unicode=0x65)
    helpers.add_glyph(font, "e.fina", 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 500))  # a Latin swash
    font.features.text = """feature init { sub beh-ar by beh-ar.init; sub alef-ar by meemInitial; } init;
feature medi { sub beh-ar by beh-ar.medi; } medi;
feature fina { sub beh-ar by beh-ar.fina; sub alef-ar by alef-ar.fina; sub e by e.fina; } fina;
"""
    forms = joining_forms(font)
    assert forms == {"beh-ar.init": JOINS_NEXT, "beh-ar.medi": JOINS_NEXT | JOINS_PREVIOUS,
                     "beh-ar.fina": JOINS_PREVIOUS, "alef-ar.fina": JOINS_PREVIOUS, "meemInitial": JOINS_NEXT}
    assert ("e", "e.fina") in set(default_pairs(font, ["e", "e.fina"]))  # Latin forms join nothing
    names = list(glyphs)
    pairs = set(default_pairs(font, names))
    assert default_pair_list(font, names) == list(default_pairs(font, names))
    assert {("beh-ar.init", "beh-ar.fina"), ("beh-ar.init", "beh-ar.medi"), ("beh-ar.medi", "alef-ar.fina"),
            ("meemInitial", "beh-ar.medi"), ("alef-ar", "beh-ar.init"), ("alef-ar.fina", "beh-ar"),
            ("beh-ar.fina", "period"), ("period", "beh-ar.init")} <= pairs
    assert not {("beh-ar.init", "period"), ("beh-ar.init", "beh-ar.init"), ("beh-ar.init", "alef-ar"),
                ("period", "beh-ar.fina"), ("beh-ar", "beh-ar.medi"), ("alef-ar.fina", "beh-ar.fina"),
                ("meemInitial", "period")} & pairs
    assert never_neighbours(font)["beh-ar.medi"] == JOINS_NEXT | JOINS_PREVIOUS
    # the tatweel, a modifier letter the default set leaves out, joins both sides where pairs are planned by class
    assert neighbour_flags(font, ["tatweel-ar"]) == [JOINS_NEXT | JOINS_PREVIOUS]
    # encoded presentation forms join as their compatibility decompositions say: ﺑ initial, ﺒ medial, ﺐ final, ﺏ neither
    for name, code in (("uniFE91", 0xFE91), ("uniFE92", 0xFE92), ("uniFE90", 0xFE90), ("uniFE8F", 0xFE8F)):
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    assert neighbour_flags(font, ["uniFE91", "uniFE92", "uniFE90", "uniFE8F"]) == [
        JOINS_NEXT, JOINS_NEXT | JOINS_PREVIOUS, JOINS_PREVIOUS, 0]


def test_pairs_text_never_sets_do_not_pin_their_class_values(tmp_path):
    """Two accented Greek letters are not solved, and their class value may change with its class pair;
    an entry that names one of them by glyph keeps its value."""
    font = helpers.new_font()
    glyphs = {"alpha": 0x3B1, "alphatonos": 0x3AC, "uni1FD6": 0x1FD6, "omicron": 0x3BF, "omicrontonos": 0x3CC}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 40, 0, 460, 500), unicode=code)
    font.groups[K1 + "alpha"] = ["alpha", "alphatonos", "uni1FD6"]
    font.groups[K2 + "omicron"] = ["omicron", "omicrontonos", "uni1FD6"]
    font.kerning[(K1 + "alpha", K2 + "omicron")] = -10  # the designer's class value, before the bubbles' −80
    names = list(glyphs)
    assert never_neighbours(font) == {"alpha": 8, "alphatonos": 9, "uni1FD6": 9, "omicron": 8, "omicrontonos": 9}
    result = kern_pairs(font, default_pairs(font, names), Settings())
    assert ("alphatonos", "omicrontonos") not in set(result.pairs)  # text never sets it: not solved
    groups, existing = read_groups(font), kerning_dict(font)
    pinned = plan_classes(result, groups, existing)
    free = plan_classes(result, groups, existing, never_set=never_neighbours(font))
    # held to −10 the four unsolved pairs need exceptions; free they take the new class value
    never = {"alphatonos", "uni1FD6", "omicrontonos"}
    held = {p for p in pinned.entries if set(p) <= never}
    assert {("alphatonos", "omicrontonos"), ("alphatonos", "uni1FD6"), ("uni1FD6", "omicrontonos"),
            ("uni1FD6", "uni1FD6")} <= held  # each held to its old value
    assert all(pinned.entries[p] == lookupKerningValue(p, existing, font.groups) for p in held)
    assert not any(set(p) <= never for p in free.entries)
    assert free.entries[(K1 + "alpha", K2 + "omicron")] == -80 and len(free.entries) < len(pinned.entries)
    final = {**existing, **free.entries}
    assert all(lookupKerningValue(p, final, font.groups) == v for p, v in result.kept.items())
    # an entry that names a glyph is the designer's word on the pair: kept exactly
    font.kerning[("alphatonos", "omicrontonos")] = 15
    font.kerning[("uni1FD6", K2 + "omicron")] = 5
    existing = kerning_dict(font)
    plan = plan_classes(result, groups, existing, never_set=never_neighbours(font))
    final = {p: v for p, v in existing.items() if p not in set(plan.removed)} | plan.entries
    assert lookupKerningValue(("alphatonos", "omicrontonos"), final, font.groups) == 15
    assert lookupKerningValue(("uni1FD6", "omicrontonos"), final, font.groups) == 5
    assert lookupKerningValue(("uni1FD6", "uni1FD6"), final, font.groups) == 5
    # the command line plans with them free: its default set is the grouped sides, one class pair covers it
    path = helpers.save(font, tmp_path)
    del font.kerning[("alphatonos", "omicrontonos")], font.kerning[("uni1FD6", K2 + "omicron")]
    font.save()
    assert main(["kern", str(path)]) == 0
    from bubblekern import open_font

    assert kerning_dict(open_font(path)) == {(K1 + "alpha", K2 + "omicron"): -80}


def test_a_small_capital_never_stands_beside_a_lowercase_letter():
    font = helpers.new_font()
    glyphs = {"a": 0x61, "o": 0x6F, "a.sc": None, "o.smcp": None, "A": 0x41, "period": 0x2E}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    assert neighbour_flags(font, names) == [8, 8, 4, 4, 0, 0] and small_cap("a.c2sc") and not small_cap("sc")
    pairs = set(default_pairs(font, names))
    assert default_pair_list(font, names) == list(default_pairs(font, names))
    # small-capital text sets every lowercase as a small capital: ao and a.sc o.smcp, never a o.smcp
    assert not {("a", "o.smcp"), ("a.sc", "o"), ("o", "a.sc"), ("o.smcp", "a")} & pairs
    assert {("a", "o"), ("a.sc", "o.smcp"), ("A", "a.sc"), ("a.sc", "period"), ("period", "o.smcp")} <= pairs
    assert ("a.sc", "A") not in pairs  # a lowercase before a capital, as for a
    assert len(pairs) == 36 - 8 - 4  # less the 8 small/lowercase pairs and the 4 lowercase or small before A


def test_small_capitals_are_known_by_what_the_features_substitute():
    font = helpers.new_font()
    glyphs = {"a": 0x61, "b": 0x62, "A": 0x41, "B": 0x42, "glyph01": None, "uni1D04": 0x1D04}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    font.features.text = (
        "lookup SMALL { sub a by glyph01; } SMALL;\n"
        "feature smcp { lookup SMALL; sub c by uni1D04; sub b by B; } smcp;\n"  # ᴄ, and a capital as fallback
        "feature c2sc { sub A by glyph01; } c2sc;\n"
    )
    assert small_caps_of(font) == {"glyph01", "uni1D04", "B"}
    names = list(glyphs)
    assert neighbour_flags(font, names) == [8, 8, 0, 0, 4, 4]  # B stays a capital
    pairs = set(default_pairs(font, names))
    assert not {("a", "glyph01"), ("glyph01", "b"), ("uni1D04", "a")} & pairs
    assert {("glyph01", "uni1D04"), ("A", "glyph01"), ("B", "a"), ("A", "b")} <= pairs
    font.features.text = "feature smcp { sub [a-b] by [glyph01 uni1D04]; } smcp;"  # a glyph range
    assert small_caps_of(font) == {"glyph01", "uni1D04"}
    font.features.text = "feature smcp { sub a by ; } smcp;"  # does not parse: says nothing
    assert small_caps_of(font) == frozenset() and neighbour_flags(font, names)[4] == 0


def test_small_capitals_are_read_past_features_that_do_not_parse():
    """Only the small-capital features and what they use are parsed first: a mark feature naming a
    lookup nobody defined (as Noto's extracted features do) no longer hides them."""
    font = helpers.new_font()
    for name, code in {"a": 0x61, "b": 0x62, "glyph01": None, "glyph02": None, "acutecomb": 0x301}.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    used = "lookup INNER { sub b by glyph02; } INNER;\nlookup OUTER { sub a' lookup INNER b; } OUTER;\n"
    font.features.text = (
        "languagesystem DFLT dflt; # a comment with { braces\n@LOWER = [a b];\n"
        "lookup SMALL { sub @LOWER by glyph01; } SMALL;\n" + used
        + "lookup MARKS { pos base a <anchor 0 0> mark @TOP; } MARKS;\n"  # @TOP: undefined, never read
        "feature mark { lookup MarkToLigature9; } mark;\n"  # an unknown lookup: the whole text fails
        "feature smcp { lookup SMALL; lookup OUTER; } smcp;\n"
    )
    assert small_caps_of(font) == {"glyph01"}  # a contextual rule's lookup is not a small capital's
    text = small_cap_features(font.features.text)
    assert "MARKS" not in text and "feature mark" not in text and "comment" not in text
    assert text.index("lookup INNER") < text.index("lookup OUTER") < text.index("feature smcp")  # what OUTER names
    # smcp naming a lookup that another feature defines: the reduced text fails, the whole one is read
    font.features.text = "feature liga { lookup L { sub a by glyph01; } L; } liga;\nfeature smcp { lookup L; } smcp;"
    assert "feature liga" not in small_cap_features(font.features.text)
    assert small_caps_of(font) == {"glyph01"}


def test_unencoded_glyphs_text_never_sets_are_not_kerned():
    """Where the features substitute anything, an unencoded glyph is kerned only when a horizontal feature gives it:
    a component part, a glyph no feature reaches, a form of vertical text and an alternate only `aalt` lists are
    not; an encoded vertical presentation form and a letter styled for mathematics neither. A font with no
    substitutions keeps every glyph but those."""
    font = helpers.new_font()
    glyphs = {"a": 0x61, "b": 0x62, "f": 0x66, "i": 0x69, "a.sc": None, "f_i": None, "b.ss01": None, "_part.stem": None,
              "aj1234": None, "a.vert": None, "b.alt": None, "uniFE10": 0xFE10, "comma": 0x2C, "u1D400": 0x1D400}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 500, bubble=lambda p: helpers.rect(p, 20, 0, 480, 700), unicode=code)
    names = list(glyphs)
    assert text_reached(font) is None  # no features yet: every glyph may be meant for text, but a vertical form
    assert kerned_glyphs(font, names) == [n for n in names if n not in ("uniFE10", "a.vert", "u1D400")]  # 𝐀: maths
    font.features.text = (
        "# sub a by aj1234; (a comment)\n@SC = [a.sc];\nlookup SS { sub b by b.ss01; } SS;\n"
        "lookup VERT { sub a by a.vert; } VERT;\n"
        "feature smcp { sub a by @SC; } smcp;\nfeature liga { sub f i by f_i; } liga;\n"
        "feature ss01 { lookup SS; } ss01;\nfeature vert { lookup VERT; } vert;\n"
        "feature aalt { feature smcp; sub b from [b.alt b.ss01]; } aalt;\n"
    )
    assert text_reached(font) == {"a.sc", "f_i", "b.ss01"}
    assert kerned_glyphs(font, names) == ["a", "b", "f", "i", "a.sc", "f_i", "b.ss01", "comma"]
    table = default_pairs(font, names)
    assert {n for pair in table for n in pair} == {"a", "b", "f", "i", "a.sc", "f_i", "b.ss01", "comma"}
    # a glyph the font's own kerning names is kerned all the same
    assert {"b.alt", "u1D400"} <= set(kerned_glyphs(font, names, reached={"b.alt", "u1D400"}))
    # features that cannot be read whole say nothing: another file included, a range, a CID
    base = font.features.text
    for unreadable in ("include(more.fea);\n", "feature salt { sub [a-b] by [a.sc-b.ss01]; } salt;\n",
                       "feature salt { sub \\1 by \\2; } salt;\n"):
        font.features.text = base + unreadable
        assert text_reached(font) is None and "_part.stem" in kerned_glyphs(font, names), unreadable


def test_the_default_set_reads_only_the_bubbles_it_can_kern(tmp_path, capsys):
    """A Japanese font's ideographs and kana are never in the default set, so their bubbles are not read to draw it
    (IPA P Gothic: 24.6 of a 29.7 s run went to its 12,000 other glyphs' bubbles): one that cannot be read warns no
    more, and the pairs are the same as when every bubble was read."""
    from bubblekern.bubbles import FontBubbles

    font = helpers.new_font()
    glyphs = {"A": 0x41, "V": 0x56, "o": 0x6F, "period": 0x2E, "uni4E00": 0x4E00, "uni3042": 0x3042, "uni4E8C": 0x4E8C}
    for name, code in glyphs.items():
        helpers.add_glyph(font, name, 600, bubble=lambda p: helpers.rect(p, 30, 0, 570, 700), unicode=code)
    broken = font.getLayer("bubble")["uni4E8C"]
    broken.clearContours()
    pen = broken.getPen()  # an open bubble: the glyph cannot be kerned
    pen.moveTo((0, 0))
    pen.lineTo((300, 700))
    pen.endPath()
    assert set(default_candidates(font)) == {"A", "V", "o", "period"}
    bubbles = FontBubbles(font, Settings())
    assert bubbles.kernable_glyphs(["period", "V", "uni4E00"]) == ["V", "period", "uni4E00"]  # glyph order
    every = bubbles.kernable_glyphs()
    assert default_pair_list(font, every) == default_pair_list(font, bubbles.kernable_glyphs(default_candidates(font)))
    path = helpers.save(font, tmp_path)
    assert main(["kern", str(path), "--dry-run", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert {n for a, b, _ in json.loads(out)["pairs"] for n in (a, b)} <= {"A", "V", "o", "period"}
    assert "uni4E8C" not in err
    assert main(["kern", str(path), "--dry-run", "--all-glyphs"]) == 0  # every glyph asked for: read, and said
    assert "glyph 'uni4E8C': 1 open contour(s)" in capsys.readouterr().err


def test_kerning_one_key_pair_of_a_class_writes_one_exception_not_the_class(tmp_path, capsys):
    """`--text To` in a font whose designer kerns @T @o: the one solved pair becomes an exception; the
    class pair keeps the value its other members have (before: the class pair moved to T o's value and
    every other member was held at the old one by an exception of its own, 59 entries in Noto Sans)."""
    boxes = {name: (600, (0, 0, 600, 700)) for name in ("T", "Tcaron", "Tcedilla", "o", "oacute", "odieresis")}
    font = helpers.box_font(boxes)
    font.groups[K1 + "T"] = ["T", "Tcaron", "Tcedilla"]
    font.groups[K2 + "o"] = ["o", "oacute", "odieresis"]
    font.kerning[(K1 + "T", K2 + "o")] = -70
    result = kern_pairs(font, [("T", "o")], Settings())
    assert result.kept == {}  # box bubbles that touch: T o solves to 0 ...
    result.values[0], result.kept_mask[0] = -90, True  # ... where a T whose arm lets the o in solves -90
    existing, groups = kerning_dict(font), read_groups(font)
    before = lookup_all(font)
    plan = plan_classes(result, groups, existing)
    assert plan.written == {("T", "o"): -90} and not plan.removed
    write_kerning(font, plan.written, plan.removed)
    after = lookup_all(font)
    assert after[("T", "o")] == -90 and all(v == before[p] for p, v in after.items() if p != ("T", "o"))
    again = plan_classes(result, read_groups(font), kerning_dict(font))
    assert not again.written and not again.removed
    # the whole class solved: the class pair takes the key's value, as before
    everything = kern_pairs(font, [(a, b) for a in groups.left[K1 + "T"] for b in groups.right[K2 + "o"]], Settings())
    everything.values[:] = -90
    everything.kept_mask[:] = True
    whole = plan_classes(everything, groups, kerning_dict(font))
    assert whole.entries[(K1 + "T", K2 + "o")] == -90 and len(whole.entries) == 1
