"""Which punctuation, currency signs and symbols designers kern: a survey of hand-kerned fonts (not a test).

    pip install -e '.[bench]'
    python benchmarks/kerned_signs.py FONT.ttf|FONT.otf|FONT.ufo ...

For each font (a binary is converted with ufo-extractor, as ``bench_realfont.py`` does; a font it cannot
convert is skipped and named), the glyphs its kerning reaches (its pairs, kern groups followed) are read by
their characters. For every character of the default pair set that is not a letter or a figure, the table says
in how many of the fonts that have it the designer kerns it. The signs in at least ``--fonts`` fonts and kerned
in fewer than ``--share`` of them (default 1 in 4) are the candidates for
``bubblekern.glyphsets.UNKERNED_CHARACTERS``; the last lines compare the two.
``glyphsets.UNKERNED_CHARACTERS`` was drawn so from 46 fonts: the five of ``../shared`` and the Debian fonts of
``benchmarks/debian_fonts.py`` that ufo-extractor converts. At 1 in 10 it held 40 signs; 1 in 4 (82) was kept, as
measured on fonts kerned from nothing (README, "The default pair set").

With ``--pairs`` it counts pairs of two such signs (figures too) instead: how many at least ``--fonts`` fonts hold,
how many of those the designers kern in at least ``--share`` of them (default 1 in 10), and how many of each, and of all the
designers' kerning among them, ``glyphsets.signs_apart`` keeps in the default set.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from bench_realfont import extracted

from bubblekern.glyphsets import UNKERNED_CHARACTERS, _kerned_char, sign_kind, signs_apart
from bubblekern.prior import flat_kerning


def kerning_of(path: Path):
    """(character map, the glyphs the kerning reaches, the glyph pairs it kerns to a value other than 0, by the UFO 3
    lookup order) of a UFO or a font binary; None when it cannot be read."""
    import defcon

    if path.suffix.lower() == ".ufo":
        font = defcon.Font(str(path))
    else:
        try:
            font = extracted(path)
        except Exception as error:  # noqa: BLE001  what ufo-extractor cannot convert is reported, not fatal
            print(f"{path.name}: skipped, ufo-extractor cannot convert it: {type(error).__name__}", file=sys.stderr)
            return None
    flat = flat_kerning(dict(font.kerning.items()), {name: list(members) for name, members in font.groups.items()})
    reached = {name for pair in flat for name in pair}
    pairs = {pair for pair, value in flat.items() if value}
    chars = {}
    for code, names in font.unicodeData.items():
        for name in names:
            chars.setdefault(name, chr(code))
    return chars, reached, pairs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fonts", nargs="+", type=Path)
    parser.add_argument("--fonts", dest="least", type=int, default=10, help="fonts a sign must be in (default 10)")
    parser.add_argument("--share", type=float, default=None,
                        help="kerned in fewer than this share (default 0.25; with --pairs, at least this share: 0.1)")
    parser.add_argument("--pairs", action="store_true", help="pairs of two signs instead (see above)")
    args = parser.parse_args(argv)
    if args.pairs:
        args.share = 0.1 if args.share is None else args.share
        return sign_pairs(args)
    args.share = 0.25 if args.share is None else args.share
    present, kerned, read = Counter(), Counter(), 0
    for path in args.fonts:
        found = kerning_of(path)
        if found is None:
            continue
        chars, reached, _ = found
        if not reached:
            print(f"{path.name}: skipped, no kerning", file=sys.stderr)
            continue
        read += 1
        signs = {}
        for name, char in chars.items():
            if not unicodedata.category(char).startswith(("L", "N")) and _kerned_char(char, keep_seldom=True):
                signs.setdefault(char, set()).add(name)
        for char, names in signs.items():
            present[char] += 1
            kerned[char] += bool(names & reached)
    print(f"{read} kerned fonts read")
    rows = sorted(present, key=lambda c: (kerned[c] / present[c], -present[c]))
    for char in rows:
        print(f"U+{ord(char):04X} {char}  {unicodedata.name(char, '?')[:36]:36} kerned in {kerned[char]:3} of {present[char]:3}")
    chosen = {c for c in present if present[c] >= args.least and kerned[c] < args.share * present[c]}
    print("candidates:", "".join(sorted(chosen)))
    print("in UNKERNED_CHARACTERS, not candidates here:", "".join(sorted(UNKERNED_CHARACTERS - chosen)) or "none")
    print("candidates not in UNKERNED_CHARACTERS:", "".join(sorted(chosen - UNKERNED_CHARACTERS)) or "none")
    return 0


def sign_pairs(args) -> int:
    """The ``--pairs`` survey: pairs of two signs, and what :func:`~bubblekern.glyphsets.signs_apart` keeps."""
    present, kerned, read = Counter(), Counter(), 0
    kind: dict[str, int] = {}
    for path in args.fonts:
        found = kerning_of(path)
        if found is None or not found[1]:
            continue
        chars, _, pairs = found
        read += 1
        signs = {n: c for n, c in chars.items() if not unicodedata.category(c).startswith("L") and _kerned_char(c)}
        chars_here = set(signs.values())
        kind.update((char, sign_kind(char)) for char in chars_here - kind.keys())
        present.update((a, b) for a in chars_here for b in chars_here)
        kerned.update({(signs[a], signs[b]) for a, b in pairs if a in signs and b in signs})
    held = [p for p in present if present[p] >= args.least]
    often = [p for p in held if kerned[p] >= args.share * present[p]]
    keeps = {p for p in held if not signs_apart(kind[p[0]], kind[p[1]])}
    events = sum(kerned[p] for p in held)
    kept_events = sum(kerned[p] for p in keeps)
    print(f"{read} kerned fonts read; {len(held):,} sign pairs in at least {args.least} of them, "
          f"{len(often)} kerned in at least {args.share:g} of those")
    print(f"the default set keeps {len(keeps):,} of the {len(held):,}, {sum(p in keeps for p in often)} of the "
          f"{len(often)}, and {kept_events:,} of the {events:,} (font, pair) kerns among them")
    dropped = sorted((p for p in often if signs_apart(kind[p[0]], kind[p[1]])), key=lambda p: -kerned[p] / present[p])
    print("kerned, left out:", " ".join(a + b for a, b in dropped))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
