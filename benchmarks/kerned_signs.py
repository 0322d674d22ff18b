"""Which punctuation, currency signs and symbols designers kern: a survey of hand-kerned fonts (not a test).

    pip install -e '.[bench]'
    python benchmarks/kerned_signs.py FONT.ttf|FONT.otf|FONT.ufo ...

For each font (a binary is converted with ufo-extractor, as ``bench_realfont.py`` does; a font it cannot
convert is skipped and named), the glyphs its kerning reaches (its pairs, kern groups followed) are read by
their characters. For every character of the default pair set that is not a letter or a figure, the table says
in how many of the fonts that have it the designer kerns it. The signs in at least ``--fonts`` fonts and kerned
in fewer than ``--share`` of them are the candidates for ``bubblekern.glyphsets.UNKERNED_CHARACTERS``; the last
lines compare the two. ``glyphsets.UNKERNED_CHARACTERS`` was drawn so from 46 fonts: the five of ``../shared`` and
the Debian fonts of ``benchmarks/debian_fonts.py`` that ufo-extractor converts.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from bubblekern.glyphsets import UNKERNED_CHARACTERS, _kerned_char


def kerning_of(path: Path):
    """(character map, the glyphs the kerning reaches) of a UFO or a font binary; None when it cannot be read."""
    import defcon

    if path.suffix.lower() == ".ufo":
        font = defcon.Font(str(path))
    else:
        import extractor

        font = defcon.Font()
        try:
            extractor.extractUFO(str(path), font)
        except Exception as error:  # noqa: BLE001  what ufo-extractor cannot convert is reported, not fatal
            print(f"{path.name}: skipped, ufo-extractor cannot convert it: {type(error).__name__}", file=sys.stderr)
            return None
    reached: set[str] = set()
    for left, right in font.kerning.keys():
        for side in (left, right):
            reached.update(font.groups.get(side, (side,)))
    chars = {}
    for code, names in font.unicodeData.items():
        for name in names:
            chars.setdefault(name, chr(code))
    return chars, reached


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fonts", nargs="+", type=Path)
    parser.add_argument("--fonts", dest="least", type=int, default=10, help="fonts a sign must be in (default 10)")
    parser.add_argument("--share", type=float, default=0.1, help="kerned in fewer than this share (default 0.1)")
    args = parser.parse_args(argv)
    present, kerned, read = Counter(), Counter(), 0
    for path in args.fonts:
        found = kerning_of(path)
        if found is None:
            continue
        chars, reached = found
        if not reached:
            print(f"{path.name}: skipped, no kerning", file=sys.stderr)
            continue
        read += 1
        signs = {}
        for name, char in chars.items():
            if not unicodedata.category(char).startswith(("L", "N")) and _kerned_char(char) or char in UNKERNED_CHARACTERS:
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


if __name__ == "__main__":
    raise SystemExit(main())
