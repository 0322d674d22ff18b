"""Hand-kerned fonts from Debian's font packages, for the quality benchmark (not a test).

    apt-get install $(python benchmarks/debian_fonts.py --packages)
    python benchmarks/debian_fonts.py DIR        # copies them into DIR/unseen, DIR/pool2, DIR/check and DIR/test

Four sets, none of them in the repository (their licences let anyone install them; we keep no copy):

- ``unseen``: the eight fonts benchmarks/README.md's "Fonts never seen" first checked choices on;
- ``pool2``: ten more, the rest of the blend's learning pool (with ``../shared`` and ``unseen``: 23 fonts);
- ``test``: fourteen fonts of eight families, drawn at random (by family) from the same packages and
  never used to choose or learn anything: the test of fonts never seen (since stop 44 its errors have been read,
  so it is no longer blind);
- ``check``: seventeen fonts of seventeen families (two of them, Accanthis and Gillius, by one designer) from
  packages none of the others came from: of the Latin font packages surveyed in stop 46, each family whose designer
  kerns at least 100 of the benchmark's pairs, its regular. It checks choices on fonts no weight was learned from. It keeps designers the
  model pairs cannot speak for: B612's kerns ``n n`` −50, Century Catalogue's 29 of its 30 model pairs at 0,
  National Park's mostly colons.

Then, as benchmarks/README.md does::

    python benchmarks/quality.py --font-dir DIR/test                     # the shipped weights on the test set
    python benchmarks/quality.py --font-dir DIR/check                    # ... and on the check set
    python benchmarks/quality.py --blend-weights others --learn-dir DIR/unseen --learn-dir DIR/pool2
                                                                         # ../shared, weights learned without its family
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

FONTS = "/usr/share/fonts"
TEXMF = "/usr/share/texmf/fonts/opentype/public/tex-gyre"
SETS: dict[str, dict[str, tuple[str, ...]]] = {
    "unseen": {
        "fonts-lato": (f"{FONTS}/truetype/lato/Lato-Regular.ttf", f"{FONTS}/truetype/lato/Lato-Italic.ttf"),
        "fonts-open-sans": (f"{FONTS}/truetype/open-sans/OpenSans-Regular.ttf",
                            f"{FONTS}/truetype/open-sans/OpenSans-Italic.ttf"),
        "fonts-crosextra-carlito": (f"{FONTS}/truetype/crosextra/Carlito-Regular.ttf",),
        "fonts-dejavu-core": (f"{FONTS}/truetype/dejavu/DejaVuSans.ttf",),
        "fonts-ebgaramond": (f"{FONTS}/opentype/ebgaramond/EBGaramond12-Regular.otf",
                             f"{FONTS}/opentype/ebgaramond/EBGaramond12-Italic.otf"),
    },
    "pool2": {
        "fonts-manrope": (f"{FONTS}/truetype/manrope/Manrope-Regular.ttf",),
        "fonts-linuxlibertine": (f"{FONTS}/opentype/linux-libertine/LinLibertine_R.otf",
                                 f"{FONTS}/opentype/linux-libertine/LinBiolinum_R.otf"),
        "fonts-sora": (f"{FONTS}/opentype/sora/Sora-Regular.otf",),
        "fonts-cabin": (f"{FONTS}/opentype/cabin/Cabin-Regular.otf",),
        "fonts-junction": (f"{FONTS}/opentype/junction/Junction.otf",),
        "fonts-fanwood": (f"{FONTS}/truetype/fanwood/FanwoodText.otf",),
        "fonts-lindenhill": (f"{FONTS}/truetype/lindenhill/LindenHill.otf",),
        "fonts-vollkorn": (f"{FONTS}/truetype/vollkorn/Vollkorn-Regular.ttf",),
        "fonts-oldstandard": (f"{FONTS}/truetype/fonts-oldstandard/OldStandard-Regular.ttf",),
    },
    "check": {
        "fonts-adf-accanthis": (f"{FONTS}/truetype/adf/AccanthisADFStd-Regular.otf",),
        "fonts-adf-gillius": (f"{FONTS}/truetype/adf/GilliusADF-Regular.otf",),
        "fonts-comfortaa": (f"{FONTS}/truetype/comfortaa/Comfortaa-Regular.ttf",),
        "fonts-dosis": (f"{FONTS}/opentype/dosis/Dosis-Book.otf",),
        "fonts-quicksand": (f"{FONTS}/truetype/quicksand/Quicksand-Regular.ttf",),
        "fonts-yrsa-rasa": (f"{FONTS}/truetype/fonts-yrsa-rasa/Yrsa-Regular.ttf",),
        "fonts-b612": (f"{FONTS}/opentype/b612/B612-Regular.otf",),
        "fonts-century-catalogue": (f"{FONTS}/truetype/fonts-century-catalogue/Century-Catalogue.ttf",),
        "fonts-elstob": (f"{FONTS}/opentype/elstob/ElstobD-10pt.otf",),
        "fonts-lmodern": ("/usr/share/texmf/fonts/opentype/public/lm/lmroman10-regular.otf",),
        "fonts-stix": (f"{FONTS}/opentype/stix/STIXGeneral-Regular.otf",),
        "fonts-play": (f"{FONTS}/opentype/play/Play-Regular.otf",),
        "fonts-national-park": (f"{FONTS}/opentype/national-park/NationalPark-Regular.otf",),
        "fonts-league-spartan": (f"{FONTS}/opentype/league-spartan/LeagueSpartan-Regular.otf",),
        "fonts-jura": (f"{FONTS}/opentype/jura/Jura-Regular.otf",),
        "fonts-comic-neue": (f"{FONTS}/opentype/comic-neue/ComicNeue-Regular.otf",),
        "fonts-tiresias": (f"{FONTS}/truetype/tiresias/tiresias_infofont.ttf",),
    },
    "test": {
        "fonts-texgyre": tuple(f"{TEXMF}/texgyre{name}-regular.otf"
                               for name in ("pagella", "termes", "heros", "schola", "bonum", "adventor")),
        "fonts-inter": (f"{FONTS}/opentype/inter/Inter-Regular.otf",),
        "fonts-karla": (f"{FONTS}/truetype/karla/Karla-Regular.otf",),
        "fonts-clear-sans": (f"{FONTS}/truetype/clear-sans/ClearSans-Regular.ttf",),
        "fonts-quattrocento": (f"{FONTS}/opentype/quattrocento/Quattrocento-Regular.otf",),
        "fonts-paratype": (f"{FONTS}/truetype/paratype/PTS55F.ttf", f"{FONTS}/truetype/paratype/PTF55F.ttf"),
        "fonts-sil-gentiumplus": (f"{FONTS}/truetype/gentiumplus/GentiumPlus-Regular.ttf",),
        "fonts-cardo": (f"{FONTS}/truetype/cardo/Cardo104s.ttf",),
    },
}
"""Set → Debian package → font files. Left out of all three: fonts whose designer kerns fewer than 100 of
the benchmark's 3,481 pairs (Liberation Sans and Serif, Oxygen Sans, Goudy Bookletter 1911, and Go and Charis
SIL, which kern none), Roboto Slab (Roboto's family is in ``../shared``), Arimo and Tinos (Liberation's
outlines), FreeSerif (URW's Nimbus Roman, TeX Gyre Termes' source), Karmilla (Karla's), Computer Modern Unicode
(Latin Modern's outlines), Averia (kerning averaged from other fonts), and display faces with fewer than 100 pairs
(Arapey, Prociono, Tuffy, Allerta, Open DIN, Engadget, Museum)."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, help="copy the fonts into FOLDER/<set>/")
    parser.add_argument("--packages", action="store_true", help="print the Debian packages to install")
    args = parser.parse_args(argv)
    if args.packages:
        print(" ".join(sorted({package for packages in SETS.values() for package in packages})))
        return 0
    if args.folder is None:
        parser.error("give a folder, or --packages")
    missing = []
    for name, packages in SETS.items():
        (args.folder / name).mkdir(parents=True, exist_ok=True)
        for package, files in packages.items():
            for file in map(Path, files):
                if file.is_file():
                    shutil.copy2(file, args.folder / name / file.name)
                else:
                    missing.append(f"{file} ({package})")
    if missing:
        print("missing (apt-get install the packages --packages prints):", *missing, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
