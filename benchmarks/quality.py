"""Kerning quality on real hand-kerned fonts: BubbleKern beside the designer (not a test).

    python benchmarks/quality.py                 # every font in ../shared/fonts
    python benchmarks/quality.py --fonts Roboto  # fonts whose file name contains this
    python benchmarks/quality.py --font-dir DIR  # other hand-kerned TTF/OTF fonts: fonts the shipped weights never saw
    python benchmarks/quality.py --no-fontforge  # BubbleKern alone
    python benchmarks/quality.py --model off     # the plain bubble model (collision only)
    python benchmarks/quality.py --fit off       # default settings, no fit (what bubbles + kern give)
    python benchmarks/quality.py --dump pairs.csv  # also every pair's values, to see where the error is
    python benchmarks/quality.py --training "AVATAR To. Yo"  # other model pair texts (≤ 30 pairs with controls)
    python benchmarks/quality.py --training "AVATAR" --unscored "HOLTAVOAvonTo"  # scored without these pairs too
    python benchmarks/quality.py --value-model search  # the fit's one-bubble search only (no halo blend)
    python benchmarks/quality.py --value-model auto    # both, the blend kept unless the search is clearly better
    python benchmarks/quality.py --blend-weights others  # blend weights learned without the scored font's family
    python benchmarks/quality.py --blend-weights others --learn-dir DIR  # ... on more fonts too (debian_fonts.py)
    python benchmarks/quality.py --font-dir DIR --blend-weights pool --learn-dir DIR2  # weights learned on DIR2 only
    python benchmarks/quality.py --prior fit   # also BubbleKern blended with the other families' kerning
    python benchmarks/quality.py --prior-fonts others  # kern with them as a kerning prior (kern --prior)

For each TrueType font in ``../shared/fonts`` (read only; the script skips cleanly
without them):

1. the glyph set is A–Z, a–z and seven punctuation marks (``. , : ; - ' "``): 59 glyphs,
   3,481 pairs;
2. the designer's kerning of every pair is measured with HarfBuzz (the pair set with the
   ``kern`` feature on minus off, :func:`bubblekern.evaluate.binary_kerning`);
3. the glyphs are converted to a UFO (outlines decomposed, metrics kept, no kerning) in a
   cache folder outside the repository (``--cache``, default ``~/.cache/bubblekern-quality``);
4. BubbleKern gets the designer's kerning of the training pairs only (the pairs of
   :data:`TRAINING`, at most 30, plus the zero control pairs ``fit`` adds), fits its
   settings to them (``fit``'s default value model, the halo blend, unless ``--value-model`` says otherwise),
   generates bubbles for all 59 glyphs and kerns all 3,481 pairs. The halo blend's weights
   (:data:`bubblekern.model.BLEND`) were learned on these very fonts and 18 more (``debian_fonts.py``);
   ``--blend-weights others`` learns them again for each font on the fonts of other families (these and
   ``--learn-dir``'s), so no pair of the scored font's family helped;
5. it prints, per font, Pearson r, the mean absolute error (MAE), the MAE of no kerning
   at all, and precision/recall of "needs kerning" (|k| ≥ 20 per 1000 em) — on the pairs
   **not** used for training — beside FontForge's AutoKern, tuned on the same training
   pairs (its separation chosen from a grid by MAE), when ``import fontforge`` works in
   some Python on the machine (Debian: ``apt-get install python3-fontforge``);
6. beside them, **other designers**: the mean of the other fonts' designer values for the same
   character pairs (fonts of the scored font's family left out: Noto Sans Italic is not
   "another designer" of Noto Sans), scored the same way. It is how far one designer's kerning
   goes as a prediction of another's, with no tool involved: the level an automatic kerning
   from a few model pairs is measured against;
7. it prints where BubbleKern's held-out error is, per font and pair context (punctuation split
   into letter–punctuation, punctuation–letter and punctuation–punctuation): each context's share
   of the font's absolute error, its MAE and its zero-kerning MAE; then where the designer's kerning
   is: each context's share of the designer's squared values (what r weighs) and r within the context.
   ``--dump`` writes every pair
   (font, glyphs, context, model pair or not, designer / BubbleKern / FontForge values) to a CSV file.

All values are per 1000 units per em.
"""

from __future__ import annotations

import argparse
import csv
import functools
import hashlib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from bubblekern import Settings, kern_pairs, open_font
from bubblekern.classkern import LOOSE_TOLERANCE, plan_classes
from bubblekern.evaluate import binary_classes, binary_kerning, metrics
from bubblekern.fit import CONTROL_PAIRS, MODELS, control_pairs, fit
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.groups import KernGroups, resolve_pair, scaled_tolerance
from bubblekern.model import BLEND, BLEND_CHOICES, BLEND_STRENGTHS, CONTEXTS, RAISED_LC
from bubblekern.model import BLENDS as SHIPPED_BLENDS
from bubblekern.prior import KerningPrior, PriorFont
from bubblekern.settings import units_per_em

FONTS = next(
    (p / "shared" / "fonts" for p in Path(__file__).resolve().parents[1:4] if (p / "shared" / "fonts").is_dir()),
    Path(__file__).resolve().parents[1].parent / "shared" / "fonts",
)
"""``../shared/fonts`` of the repository (of the main checkout, from a worktree beside it)."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
PUNCTUATION = ".,:;-'\""
TRAINING = ("HO", "LT", "AVOAvonTo", "oV", "Tq", "Ty.", "L'A", "-T", "P,T.'", "'o")
"""Training texts: their consecutive pairs (22) and the control pairs ``fit`` adds (8 more: 30 in all)
are the only designer kerning BubbleKern sees. ``,T`` says whether the designer kerns a stop before
a letter (the ``stop-letter`` context); ``r,P.``, which the figures before that context used, had
only ``,P``, a stop pair the bubbles leave at 0, which says nothing. ``'o`` says how far the designer
tucks a raised mark over a lowercase letter (the ``raised-lc`` context); it took the place of ``ox``
(the lowercase pairs keep ``vo on`` and the controls ``nn no oo``). ``.'`` says how far the designer
brings a quote over a period (``Settings.stop_raised``); it took the place of ``A-`` (the text was
``L'A-T``), which only Caladea's designer kerns. ``oV`` is lc–UC's second model pair beside ``nT``: designers
who kern lowercase before capitals in part kern one of them (TeX Gyre ``nT``, Noto Serif ``oV``), and the
lighter decides (:data:`bubblekern.model.OVERKERN_SHARE`). It took the place of ``OL``, a pair every designer
leaves at 0 like the controls, which had kept Noto Serif's threshold at 15 before the halo blend's later rules
(its MAE is 2.7 with or without it now). ``Tq`` says whether the designer kerns pairs no text sets
(``Settings.words_only``, :data:`bubblekern.fit.SPARSE_PAIRS`); it took the place of ``TA`` (the 23 pool fonts' mean r
0.7710; 0.7644 with ``VO`` left out instead, most of the difference Junction's)."""
MAX_TRAINING = 30


def training_pairs(cmap: dict[str, str], texts=TRAINING) -> list[tuple[str, str]]:
    """Consecutive pairs of the training texts, as glyph names, each once."""
    pairs: dict[tuple[str, str], None] = {}
    for text in texts:
        for a, b in zip(text, text[1:]):
            if a in cmap and b in cmap:
                pairs.setdefault((cmap[a], cmap[b]))
    return list(pairs)


# -- the font, converted --------------------------------------------------------------


def glyph_map(ttf: Path, chars: str) -> dict[str, str]:
    """Character → glyph name for the characters the font maps."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(ttf, lazy=True).getBestCmap() or {}
    return {c: cmap[ord(c)] for c in chars if ord(c) in cmap}


def to_ufo(ttf: Path, cmap: dict[str, str], cache: Path) -> Path:
    """A UFO of the glyphs of ``cmap`` (outlines decomposed, no kerning), made once per font file."""
    digest = hashlib.sha1(ttf.read_bytes() + "".join(cmap).encode()).hexdigest()[:12]
    path = cache / f"{ttf.stem}-{digest}.ufo"
    if path.exists():
        return path
    from fontParts.fontshell import RFont
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.ttLib import TTFont

    source = TTFont(ttf)
    glyphs = source.getGlyphSet()
    font = RFont()
    font.info.familyName = ttf.stem
    font.info.unitsPerEm = source["head"].unitsPerEm
    os2 = source["OS/2"]
    font.info.ascender = source["hhea"].ascent
    font.info.descender = source["hhea"].descent
    font.info.xHeight = getattr(os2, "sxHeight", None) or None
    font.info.capHeight = getattr(os2, "sCapHeight", None) or None
    font.info.italicAngle = source["post"].italicAngle
    for char, name in cmap.items():
        glyph = font.newGlyph(name)
        pen = DecomposingRecordingPen(glyphs)
        glyphs[name].draw(pen)
        pen.replay(glyph.getPen())
        glyph.width = glyphs[name].width
        glyph.unicodes = [ord(char)]
    cache.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    shutil.rmtree(partial, ignore_errors=True)
    font.save(str(partial))
    partial.rename(path)
    return path


# -- the tools ------------------------------------------------------------------------


def bubblekern_values(ufo: Path, names: list[str], reference: dict, training: list, model: bool,
                      fitted: bool = True, value_model: str | None = None, blend: str = "auto",
                      prior=None, armless_share: float | None = None,
                      classes: dict | None = None, group_value: str = "key") -> tuple[dict, str, list, dict]:
    """BubbleKern's values of all pairs of ``names`` after fitting to ``reference`` on ``training``
    (with ``fitted`` false: the default settings, what ``bubbles`` + ``kern`` give without ``fit``),
    a description of the settings, the model pairs (training plus controls) and, with ``classes`` (kern
    groups), every pair's value through the class kerning ``kern`` writes with them (``group_value`` as
    ``--group-value``, the default tolerances; empty without); ``armless_share``: the setting's, where it
    was learned without the font (None: the default)."""
    font = open_font(ufo)
    base = Settings() if armless_share is None else Settings(armless_share=armless_share)
    if fitted:
        result = fit(font, training, reference, base, model=model, value_model=value_model, prior=prior)
        gen, settings, used = result.best.generate.replace(overwrite="always"), result.settings, result.training_pairs
    else:
        settings = base.replace(blend=BLEND_CHOICES[blend])
        gen, used = GenerateSettings(overwrite="always"), [*training, *control_pairs(font, training)]
    if "bubble" not in font.layerOrder:
        font.newLayer("bubble")
    make_bubbles(font, names, gen)
    pairs = [(a, b) for a in names for b in names]
    kerned = kern_pairs(font, pairs, settings, prior=prior)
    values = {p: float(v) for p, v, k in zip(kerned.pairs, kerned.values, kerned.kept_mask) if k}
    grouped = {}
    if classes:
        groups = KernGroups.from_mapping(classes, names)
        upm = units_per_em(font)
        plan = plan_classes(kerned, groups, {}, "replace", scaled_tolerance(5.0, upm), None, group_value,
                            scaled_tolerance(LOOSE_TOLERANCE, upm))
        grouped = {p: float(resolve_pair(plan.entries, groups, *p)) for p in pairs}
    g = gen
    how = (
        f"offset {g.offset_x:g}/{g.offset_y:g} {g.adhere} {g.corner} r{g.corner_radius:g}, band {settings.band:g}, "
        f"min {settings.min_kern} (capitals {settings.capital_threshold}), depth cap {settings.depth_cap}, strengths {'/'.join(f'{v:g}' for v in settings.strengths)}"
        + (f", halo blend {settings.blend if isinstance(settings.blend, str) else 'on'}" if settings.blend else "")
        + (f", words of {settings.words_only} only" if settings.words_only else "")
        + (f", quotes at {settings.quote_share:g}" if settings.quote_share != 1.0 else "")
        + (" (cross-validated MAE " + ", ".join(f"{k} {v:.1f}" for k, v in result.compared.items()) + ")"
           if fitted and result.compared else "")
    )
    return values, how, list(used), grouped


def default_bubbled(ufo: Path, names: list[str]):
    """The UFO's font with default generated bubbles for ``names`` (in memory; the cache is not written)."""
    font = open_font(ufo)
    if "bubble" not in font.layerOrder:
        font.newLayer("bubble")
    make_bubbles(font, names, GenerateSettings(overwrite="always"))
    return font


def negative_kerns(font, pairs: list, upm: float, settings: Settings) -> list[float]:
    """The negative part of each pair's kern under ``settings``, per 1000 em (0 where it is not kept)."""
    solved = kern_pairs(font, pairs, settings)
    got = dict(zip(solved.pairs, solved.values.tolist()))
    return [min(got.get(p, 0), 0) * 1000.0 / upm for p in pairs]


def halo_kerns(ufo: Path, names: list[str], pairs: list, upm: float, halos=BLEND, font=None) -> np.ndarray:
    """Kerns of ``pairs`` (negative part, per 1000 em) with default bubbles grown by each halo of
    ``halos`` (:data:`bubblekern.model.BLEND`'s: the columns the blend's weights weigh); ``font``: the
    UFO's font with its default bubbles made already (:func:`default_bubbled`)."""
    font = default_bubbled(ufo, names) if font is None else font
    return np.array([negative_kerns(font, pairs, upm, Settings(min_kern=0, positive_limit=None, blend=((dx, dy, 1.0),),
                                                               tuck_raised=False, armless_share=1.0, tuck_arms=False,
                                                               ink_room=False))
                     for dx, dy, *_ in halos]).T  # tucked pairs: tucked_kerns; armless capitals: armless_rows; arms and the ink's room: room_kerns


def tucked_kerns(font, pairs: list, upm: float) -> np.ndarray:
    """Kerns of ``pairs`` (negative part, per 1000 em) with ``font``'s default bubbles (:func:`default_bubbled`)
    and the value model's measures at strength 1, unblended: for a raised mark before a lowercase letter, its
    tucked kern (:func:`bubblekern.model.raised_tuck`), which the halos' columns do not hold."""
    return np.array(negative_kerns(font, pairs, upm, Settings(min_kern=0, positive_limit=None, blend=((0.0, 0.0, 1.0),),
                                                              armless_share=1.0)))


def room_kerns(font, pairs: list, upm: float) -> np.ndarray:
    """What ``Settings.tuck_arms`` and ``Settings.ink_room`` add to each pair's kern (per 1000 em; 0 but for two
    letters: :func:`bubblekern.model.arm_tuck`, :func:`bubblekern.model.ink_measure`), which the halos' columns do not
    hold; ``font`` as for :func:`tucked_kerns`."""
    def kerns(arms: bool) -> np.ndarray:
        return np.array(negative_kerns(font, pairs, upm, Settings(min_kern=0, positive_limit=None, blend=((0.0, 0.0, 1.0),),
                                                                  tuck_raised=False, armless_share=1.0, tuck_arms=arms,
                                                                  ink_room=arms)))

    return kerns(True) - kerns(False)


def armless_rows(font, pairs: list) -> np.ndarray:
    """Per pair: an armless capital (:func:`bubblekern.model.armless_capitals`) before a lowercase letter, the
    pairs ``Settings.armless_share`` scales; ``font`` as for :func:`tucked_kerns`."""
    from bubblekern.bubbles import FontBubbles
    from bubblekern.model import CONTEXTS, armless_capitals, glyph_kinds, pair_contexts, serif_letters

    names = sorted({n for pair in pairs for n in pair})
    kinds = glyph_kinds(font, names)
    bubbles = FontBubbles(font, Settings())
    armless = armless_capitals(font, kinds, names, lambda letters: serif_letters(bubbles, letters), bubbles.upm)
    contexts = pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs])
    return np.array([c == CONTEXTS.index("UC-lc") and a in armless for (a, _), c in zip(pairs, contexts)], dtype=bool)


def pair_context_codes(ufo: Path, pairs: list) -> np.ndarray:
    """The pair context (:data:`bubblekern.model.CONTEXTS` index, −1 outside them) of each pair."""
    from bubblekern.model import glyph_kinds, pair_contexts

    kinds = glyph_kinds(open_font(ufo), {n for pair in pairs for n in pair})
    return np.array(pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs]))


def learn_strengths(kerns: list[np.ndarray], designer: list[np.ndarray], contexts: list[np.ndarray],
                    tucked: list[np.ndarray], armless: list[np.ndarray], arms: list[np.ndarray],
                    blend: tuple) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """(:data:`~bubblekern.model.BLEND_STRENGTHS` with the contexts it does not leave at 1 learned again,
    every context's strength learned, ``Settings.armless_share``) on these fonts' pairs blended with ``blend``:
    per context, the least-squares scale of the blended kerns (never deeper than the bubble's own; for
    ``raised-lc``, the ``tucked`` kerns, :func:`tucked_kerns`; two letters deeper by what ``arms`` adds, the room
    under an arm and the room the ink leaves, :func:`room_kerns`) to the designer's. UC–lc's is its capitals with an
    arm's, and the share the armless ones' (``armless``: :func:`armless_rows`) over it."""
    k, d, c = np.vstack(kerns), np.concatenate(designer), np.concatenate(contexts)
    blended = np.maximum(k @ np.array([w for *_, w in blend]), k[:, 0]) + np.concatenate(arms)
    blended = np.where(c == RAISED_LC, np.concatenate(tucked), blended)
    armless = np.concatenate(armless)

    def scale(mask) -> float:
        b, t = blended[mask], d[mask]
        return float(t @ b / (b @ b)) if b @ b > 0 else 1.0

    learned = [round(scale((c == i) & ~armless), 2) for i in range(len(BLEND_STRENGTHS))]
    uc_lc = CONTEXTS.index("UC-lc")
    share = round(min(scale(armless) / learned[uc_lc], 1.0), 2) if learned[uc_lc] > 0 else 1.0
    shipped = tuple(s if s == 1.0 else learned[i] for i, s in enumerate(BLEND_STRENGTHS))
    return shipped, tuple(learned), share


def learn_blend(kerns: list[np.ndarray], designer: list[np.ndarray]) -> tuple[tuple[float, float, float], ...]:
    """:data:`~bubblekern.model.BLEND`'s halos with weights learned (least squares) on these fonts' pairs."""
    weights, *_ = np.linalg.lstsq(np.vstack(kerns), np.concatenate(designer), rcond=None)
    return tuple((dx, dy, round(float(w), 3)) for (dx, dy, _), w in zip(BLEND, weights))


FONTFORGE_SCRIPT = r"""
import json, sys
import fontforge
path, names, training = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
SEPARATIONS = (40, 60, 80, 100, 120, 150, 180, 220)

def run(separation, left, right):
    font = fontforge.open(path)
    for lookup in font.gpos_lookups:
        font.removeLookup(lookup)
    font.addLookup("kern", "gpos_pair", None, (("kern", (("latn", ("dflt",)), ("DFLT", ("dflt",)))),))
    font.addLookupSubtable("kern", "kern-1")
    font.autoKern("kern-1", separation, left, right)
    values = {}
    for name in left:
        for entry in font[name].getPosSub("kern-1"):
            if entry[1] == "Pair":
                values[name + " " + entry[2]] = entry[5]
    font.close()
    return values

firsts = sorted({a for a, b, v in training})
seconds = sorted({b for a, b, v in training})
best = None
for separation in SEPARATIONS:
    got = run(separation, firsts, seconds)
    error = sum(abs(got.get(a + " " + b, 0) - v) for a, b, v in training) / len(training)
    if best is None or error < best[1]:
        best = (separation, error)
values = run(best[0], names, names)
print(json.dumps({"separation": best[0], "values": values}))
"""


def fontforge_python() -> str | None:
    """A Python that can ``import fontforge``, or None."""
    for python in ("/usr/bin/python3", shutil.which("python3")):
        if python and Path(python).exists():
            done = subprocess.run([python, "-c", "import fontforge"], capture_output=True)
            if done.returncode == 0:
                return python
    return None


def fontforge_values(python: str, ttf: Path, names: list[str], reference: dict, training: list) -> tuple[dict, str]:
    """FontForge AutoKern's values, its separation tuned on the training pairs."""
    rows = [[a, b, reference.get((a, b), 0.0)] for a, b in training]
    done = subprocess.run(
        [python, "-c", FONTFORGE_SCRIPT, str(ttf), json.dumps(names), json.dumps(rows)],
        capture_output=True, text=True, timeout=1800,
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-400:])
    data = json.loads(done.stdout.strip().splitlines()[-1])
    values = {tuple(k.split(" ")): float(v) for k, v in data["values"].items()}
    return values, f"separation {data['separation']}"


# -- the report -----------------------------------------------------------------------


def score(predicted: dict, reference: dict, pairs: list, upm: float) -> dict:
    """r, MAE, zero-kerning MAE, precision and recall per 1000 em on ``pairs``."""
    scale = 1000.0 / upm
    p = np.array([predicted.get(pair, 0.0) for pair in pairs]) * scale
    r = np.array([reference.get(pair, 0.0) for pair in pairs]) * scale
    m = metrics(p, r, 1000.0)
    return {"r": m.pearson, "mae": m.mae, "zero": m.baseline_mae, "precision": m.precision, "recall": m.recall}


def dump_rows(font_name: str, ufo: Path, scored: list, model_pairs: list, designer: dict, ours: dict, theirs: dict,
              upm: float, grouped: dict) -> list[tuple]:
    """One row per pair of a font (scored and model pairs), values per 1000 em, for ``--dump``."""
    from bubblekern.model import glyph_kinds, pair_contexts

    font = open_font(ufo)
    pairs = list(model_pairs) + list(scored)
    kinds = glyph_kinds(font, {n for p in pairs for n in p})
    contexts = pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs])
    scale = 1000.0 / upm
    training = set(model_pairs)

    return [
        (font_name, a, b, context_label(kinds, a, b, c), int((a, b) in training), round(designer.get((a, b), 0.0) * scale, 1),
         round(ours.get((a, b), 0.0) * scale, 1), round(theirs[(a, b)] * scale, 1) if (a, b) in theirs else "",
         round(grouped.get((a, b), ours.get((a, b), 0.0)) * scale, 1))
        for (a, b), c in zip(pairs, contexts)
    ]


CONTEXT_ORDER = ("UC-UC", "UC-lc", "lc-UC", "lc-lc", "letter–P", "P–letter", "P–P")
"""The contexts the benchmarks report on, in order (more follow: :data:`bubblekern.model.CONTEXTS`' policies)."""


def context_label(kinds: dict, a: str, b: str, c: int) -> str:
    """The reported context of the pair ``a b`` of :func:`bubblekern.model.pair_contexts` index ``c``: punctuation
    split by side, where designers differ most ("" outside the contexts)."""
    from bubblekern.model import CONTEXTS, MEASURED_KINDS

    if c < 0 or CONTEXTS[c] != "punctuation":
        return CONTEXTS[c] if c >= 0 else ""
    marks = (kinds[a] in MEASURED_KINDS, kinds[b] in MEASURED_KINDS)  # punctuation, stops, raised marks
    return {(True, True): "P–P", (True, False): "P–letter"}.get(marks, "letter–P")


def by_context(rows: list[tuple]) -> None:
    """Where the error is: per font and context, the held-out pairs' share of BubbleKern's absolute error,
    its MAE and the zero-kerning MAE; and where the kerning is: the context's share of the designer's
    squared values and r within it."""
    if not rows:
        return
    order = CONTEXT_ORDER
    contexts = sorted({r[3] for r in rows}, key=lambda c: (order.index(c) if c in order else len(order), c))
    held = {}  # font → its held-out rows, and those of each context
    for r in rows:
        if not r[4]:
            held.setdefault(r[0], []).append(r)
    parts = {font: {c: [r for r in font_rows if r[3] == c] for c in contexts} for font, font_rows in held.items()}

    def table(title: str, cell) -> None:
        print()
        print(title)
        print(f"{'font':<22} " + " ".join(f"{c:>16}" for c in contexts))
        for font, font_rows in held.items():
            print(f"{font:<22} " + " ".join(f"{cell(font_rows, parts[font][c]):>16}" for c in contexts))

    def error(font_rows, part) -> str:
        total = sum(abs(r[6] - r[5]) for r in font_rows) or 1.0
        err, zero = sum(abs(r[6] - r[5]) for r in part), sum(abs(r[5]) for r in part)
        return f"{err / total:4.0%} {err / max(len(part), 1):4.1f}/{zero / max(len(part), 1):4.1f}"

    def kerning(font_rows, part) -> str:
        energy = sum(r[5] ** 2 for r in font_rows) or 1.0
        designer, ours = np.array([r[5] for r in part], float), np.array([r[6] for r in part], float)
        within = float(np.corrcoef(designer, ours)[0, 1]) if len(part) > 2 and designer.std() and ours.std() else None
        return f"{(designer ** 2).sum() / energy:4.0%} r {_f(within)}"

    table("held-out error by context: share of the font's absolute error, MAE / no-kerning MAE", error)
    table("where the kerning is: share of the designer's squared kerning (what r weighs), r within the context",
          kerning)


def family(ttf: Path) -> str:
    """The font's family name (typographic family first): fonts of one family are one designer's."""
    from fontTools.ttLib import TTFont

    return TTFont(ttf, lazy=True)["name"].getBestFamilyName() or ttf.stem


def other_families(kerned: dict[str, tuple[str, dict, list]], name: str) -> list[dict]:
    """The designer values by character pair of the fonts of ``kerned`` whose family is not ``name``'s."""
    own = kerned[name][0]
    return [values for other, (family, values, _) in kerned.items() if other != name and family != own]


def other_designers(kerned: dict[str, tuple[str, dict, list]]) -> dict[str, dict]:
    """Per font, the mean of the other families' designer values (per 1000 em) for its scored character
    pairs, scored against its own designer's values: ``kerned`` maps a font to (family, values by
    character pair, scored character pairs)."""
    found = {}
    for name, (_, values, scored) in kerned.items():
        others = other_families(kerned, name)
        if not others:
            continue
        predicted = np.array([np.mean([v.get(pair, 0.0) for v in others]) for pair in scored])
        m = metrics(predicted, np.array([values.get(pair, 0.0) for pair in scored]), 1000.0)
        found[name] = {"r": m.pearson, "mae": m.mae, "zero": m.baseline_mae, "precision": m.precision,
                       "recall": m.recall, "fonts": len(others)}
    return found


PRIOR_WEIGHTS = tuple(round(0.1 * i, 1) for i in range(11))
"""Weights of BubbleKern's values ``--prior fit`` chooses from (the rest goes to the other families' kerning)."""


def with_prior(kerned: dict[str, tuple[str, dict, list]], ours: dict[str, tuple[dict, list]], weight: str) -> dict[str, dict]:
    """Per font, BubbleKern's values blended with the other families' mean kerning of the same character pairs
    (what :func:`other_designers` scores): ``w × BubbleKern + (1 − w) × others``, ``w`` chosen by MAE on the font's
    model pairs (``weight`` "fit"; on a tie the larger) or the number ``weight``; scored as the rest. ``ours`` maps a
    font to (BubbleKern's values by character pair, its model pairs as character pairs)."""
    found = {}
    for name, (_, values, scored) in kerned.items():
        others = other_families(kerned, name)
        if not others or name not in ours:
            continue
        own, model_pairs = ours[name]
        w = float(weight) if weight != "fit" else _prior_weight(*_prior_columns(model_pairs, own, others, values))
        mine, prior, designer = _prior_columns(scored, own, others, values)
        m = metrics(w * mine + (1.0 - w) * prior, designer, 1000.0)
        found[name] = {"r": m.pearson, "mae": m.mae, "zero": m.baseline_mae, "weight": w}
    return found


def _prior_columns(pairs: list, own: dict, others: list[dict], values: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """BubbleKern's values, the other families' mean and the designer's values of ``pairs``."""
    return (np.array([own.get(pair, 0.0) for pair in pairs]),
            np.array([np.mean([v.get(pair, 0.0) for v in others]) for pair in pairs]),
            np.array([values.get(pair, 0.0) for pair in pairs]))


def _prior_weight(mine: np.ndarray, prior: np.ndarray, designer: np.ndarray) -> float:
    """The weight of :data:`PRIOR_WEIGHTS` whose blend comes closest (MAE) to the designer; on a tie the larger."""
    errors = np.array([np.abs(w * mine + (1.0 - w) * prior - designer).mean() for w in PRIOR_WEIGHTS])
    return max(w for w, e in zip(PRIOR_WEIGHTS, errors) if e <= errors.min() + 1e-9)


@functools.cache
def prior_font(ttf: Path):
    """``ttf``'s kerning as a reference font of a kerning prior (:class:`bubblekern.prior.PriorFont`), read once."""
    return PriorFont.read(ttf)


def _f(value, spec=".2f") -> str:
    return "—" if value is None else format(value, spec)


GOAL_R = 0.8
"""Issue 12's goal: on every font, r at least this and the MAE under no kerning's."""


def goal_line(rows: list, key: str = "bubblekern") -> str:
    """The mean r and, per font, whether BubbleKern meets the goal (:data:`GOAL_R`, the MAE under no kerning's);
    ``key``: which of the entries' scores (``bubblekern_classes``: through the designer's classes, where it has
    some, else as ``bubblekern``)."""
    found = [(name, entry.get(key, entry["bubblekern"])) for name, entry in rows
             if entry.get(key, entry["bubblekern"]).get("r") is not None]
    if not found:
        return "goal: no font measured"
    met = [name for name, ours in found if ours["r"] >= GOAL_R and ours["mae"] < ours["zero"]]
    missed = [f"{name} (r {ours['r']:.3f}, MAE {ours['mae']:.2f} / {ours['zero']:.2f})"
              for name, ours in found if name not in met]
    mean = sum(ours["r"] for _, ours in found) / len(found)
    verdict = "met on every font" if not missed else "not met on " + ", ".join(missed)
    return f"mean r {mean:.4f}; the goal (r ≥ {GOAL_R} and the MAE under no kerning's, every font): {verdict}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", default="", help="only fonts whose file name contains this")
    parser.add_argument("--font-dir", type=Path, default=FONTS, metavar="DIR",
                        help="the fonts to measure, TTF or OTF (default: ../shared/fonts). Fonts the blend's weights were "
                        "not learned on, with the shipped weights, are the test of fonts never seen (see benchmarks/README.md)")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "bubblekern-quality")
    parser.add_argument("--no-fontforge", action="store_true", help="leave FontForge out")
    parser.add_argument("--model", choices=("on", "off"), default="on",
                        help="fit the value model (depth cap, strengths per context) or only the bubbles")
    parser.add_argument("--value-model", choices=MODELS,
                        help="the fit's value model: blend (fit's default), search (one bubble), auto (the blend unless "
                        "the search is clearly better)")
    parser.add_argument("--blend-weights", choices=("shipped", "others", "pool"), default="shipped",
                        help="the halo blend's weights: as shipped; 'others': learned on the other families' fonts "
                        "(these and --learn-dir's), so no pair of the scored font's family helped choose them; 'pool': "
                        "learned on --learn-dir's fonts only, the same for every scored font")
    parser.add_argument("--learn-dir", type=Path, action="append", default=[], metavar="DIR",
                        help="more hand-kerned fonts (TTF or OTF) to learn the blend's weights on, not scored "
                        "(repeatable): with --blend-weights others or pool")
    parser.add_argument("--blend", choices=("auto", "on", "off"), default="auto",
                        help="with --fit off: the halo blend as `kern --blend` takes it (default: auto, as kern; "
                        "the benchmark's bubbles are default generated ones, so auto is on)")
    parser.add_argument("--fit", choices=("on", "off"), default="on",
                        help="fit to the model pairs, or kern with the default settings (what a designer gets without fit)")
    parser.add_argument("--group-value", choices=("key", "median", "fewest", "none"), default="key",
                        help="also score BubbleKern through the designer's kerning classes (the binary's class kerning "
                        "as kern groups, bubblekern.evaluate.binary_classes), as `kern --group-value` writes class "
                        "kerning with them (a group named after its first member; default: key); none: flat pairs only")
    parser.add_argument("--worst", type=int, default=0, help="list this many worst pairs per font")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--training", type=lambda text: tuple(t for t in text.split(" ") if t), default=" ".join(TRAINING),
                        metavar="TEXTS", help="model pair texts, space-separated (default: %(default)s); with the "
                        "control pairs at most 30 pairs")
    parser.add_argument("--unscored", type=lambda text: tuple(t for t in text.split(" ") if t), default=(),
                        metavar="TEXTS", help="also leave these texts' pairs out of the scores (space-separated): two runs "
                        "with other model pairs, each given the other's texts here, are scored on the same pairs (a model "
                        "pair moved into the scored ones changes r by itself: the fit kerns it well or badly)")
    parser.add_argument("--dump", type=Path, help="also write every scored pair (font, pair, context, values) to this CSV file")
    parser.add_argument("--prior-fonts", choices=("none", "others"), default="none",
                        help="kern with a kerning prior (`kern --prior`): the other families' fonts, at the default "
                        "Settings.prior_weight")
    parser.add_argument("--prior", metavar="WEIGHT", help="also score BubbleKern's values blended with the other families' "
                        "kerning of the same pairs: WEIGHT × BubbleKern + (1 − WEIGHT) × others, WEIGHT a number or 'fit' "
                        "(chosen by MAE on the model pairs)")
    args = parser.parse_args(argv)

    fonts = sorted(p for pattern in ("*.ttf", "*.otf") for p in args.font_dir.glob(pattern)
                   if args.fonts in p.name) if args.font_dir.is_dir() else []
    if not fonts:
        print(f"no fonts in {args.font_dir}: nothing to measure (the shared fonts are not in a user's clone)")
        return 0
    python = None if args.no_fontforge else fontforge_python()
    if python is None and not args.no_fontforge:
        print("FontForge is not available (apt-get install python3-fontforge): BubbleKern alone")

    blends = {}
    pool = sorted({p for folder in args.learn_dir for pattern in ("*.ttf", "*.otf") for p in folder.glob(pattern)})
    if args.blend_weights == "pool" and not pool:
        raise SystemExit("--blend-weights pool learns on --learn-dir's fonts: give at least one folder of them")
    if args.blend_weights != "shipped" and len(fonts) + len(pool) > 1:
        columns = {}
        for ttf in sorted(set(pool) if args.blend_weights == "pool" else set(fonts) | set(pool)):  # what they learn on
            cmap = glyph_map(ttf, LETTERS + PUNCTUATION)
            names = list(cmap.values())
            pairs = [(a, b) for a in names for b in names]
            designer, unmeasured, upm = binary_kerning(ttf, pairs)
            pairs = [p for p in pairs if p not in set(unmeasured)]
            ufo = to_ufo(ttf, cmap, args.cache)
            font = default_bubbled(ufo, names)  # once, for the halos' columns and the tucked one
            columns[ttf] = (halo_kerns(ufo, names, pairs, upm, font=font),
                            np.array([designer.get(p, 0.0) * 1000.0 / upm for p in pairs]), pair_context_codes(ufo, pairs),
                            tucked_kerns(font, pairs, upm), armless_rows(font, pairs), room_kerns(font, pairs, upm))
        families = {ttf: family(ttf) for ttf in columns}
        learned_on = pool if args.blend_weights == "pool" else list(columns)
        for ttf in fonts:
            if args.blend_weights == "others":  # the scored font's family left out: one designer's fonts
                others = [columns[o] for o in learned_on if families[o] != families[ttf]]
            else:
                others = [columns[o] for o in learned_on]
            weights = learn_blend([k for k, *_ in others], [d for _, d, *_ in others])
            strengths, _, share = learn_strengths(*zip(*others), weights)
            blends[ttf] = weights, strengths, share
            print(f"blend weights for {ttf.stem} ({len(others)} fonts):", " ".join(f"{w:g}" for *_, w in weights),
                  "strengths", "/".join(f"{s:g}" for s in strengths), "armless share", share)
        everything = [columns[o] for o in learned_on]
        weights = learn_blend([k for k, *_ in everything], [d for _, d, *_ in everything])
        print(f"blend weights of all {len(everything)} fonts:", weights)
        print("strengths learned with them (shipped form, every context):",
              *learn_strengths(*zip(*everything), weights))

    rows, report, dumped, kerned, by_char = [], {}, [], {}, {}
    for ttf in fonts:
        started = time.perf_counter()
        cmap = glyph_map(ttf, LETTERS + PUNCTUATION)
        names = list(cmap.values())
        pairs = [(a, b) for a in names for b in names]
        designer, unmeasured, upm = binary_kerning(ttf, pairs)
        training = training_pairs(cmap, args.training)
        controls = {a: cmap[a] for a in "HOno" if a in cmap}  # by character: glyph names may be uniXXXX
        model_pairs = training + [(controls[a], controls[b]) for a, b in CONTROL_PAIRS
                                  if a in controls and b in controls and (controls[a], controls[b]) not in training]
        if len(model_pairs) > MAX_TRAINING:
            raise SystemExit(f"{len(model_pairs)} model pairs: at most {MAX_TRAINING}")
        known = {p: designer.get(p, 0.0) for p in model_pairs}
        unscored = set(model_pairs) | set(unmeasured) | set(training_pairs(cmap, args.unscored))
        scored = [p for p in pairs if p not in unscored]
        ufo = to_ufo(ttf, cmap, args.cache)
        import bubblekern.fit
        import bubblekern.model

        # the weights learned without this font (--blend-weights others): for the fit and for kern's "auto",
        # which takes the default shape's blend from BLENDS
        weights, strengths, share = blends.get(ttf, (BLEND, BLEND_STRENGTHS, None))
        bubblekern.fit.BLEND = bubblekern.model.BLEND = weights
        bubblekern.fit.BLEND_STRENGTHS = bubblekern.model.BLEND_STRENGTHS = strengths
        bubblekern.model.BLENDS = ((SHIPPED_BLENDS[0][0], weights, strengths), *SHIPPED_BLENDS[1:])
        try:
            prior = None
            if args.prior_fonts == "others":  # the other families' kerning, as `kern --prior` reads it
                prior = KerningPrior(tuple(prior_font(o) for o in fonts if family(o) != family(ttf)))
            classes = binary_classes(ttf, names) if args.group_value != "none" else {}
            ours, how, used, grouped = bubblekern_values(ufo, names, known, training, args.model == "on",
                                                         args.fit == "on", args.value_model, args.blend, prior, share,
                                                         classes, args.group_value)
            assert set(used) == set(model_pairs), "fit used other model pairs than counted"
        except Exception as error:  # a benchmark reports a failing font and goes on  # noqa: BLE001
            print(f"{ttf.stem}: BubbleKern failed: {type(error).__name__}: {error}", flush=True)
            ours, how, grouped, classes = {}, f"failed: {type(error).__name__}", {}, {}
        entry = {"bubblekern": score(ours, designer, scored, upm), "bubblekern_settings": how, "pairs": len(scored)}
        if grouped:
            entry["bubblekern_classes"] = score(grouped, designer, scored, upm)
            entry["classes"] = sum(1 for name in classes if name.startswith("public.kern1.")), \
                sum(1 for name in classes if name.startswith("public.kern2."))
        if python is not None:
            try:
                theirs, their_how = fontforge_values(python, ttf, names, known, model_pairs)
                entry["fontforge"] = score(theirs, designer, scored, upm)
                entry["fontforge_settings"] = their_how
            except (RuntimeError, subprocess.TimeoutExpired, ValueError) as error:
                entry["fontforge_error"] = str(error)
        entry["seconds"] = round(time.perf_counter() - started, 1)
        char = {name: c for c, name in cmap.items()}
        kerned[ttf.stem] = (family(ttf), {(char[a], char[b]): v * 1000.0 / upm for (a, b), v in designer.items()},
                            [(char[a], char[b]) for a, b in scored])
        by_char[ttf.stem] = ({(char[a], char[b]): v * 1000.0 / upm for (a, b), v in ours.items()},
                             [(char[a], char[b]) for a, b in model_pairs])
        if args.dump:
            dumped += dump_rows(ttf.stem, ufo, scored, model_pairs, designer, ours, theirs if "fontforge" in entry else {},
                                upm, grouped)
        report[ttf.stem] = entry
        rows.append((ttf.stem, entry))
        if args.worst:
            scale = 1000.0 / upm
            worst = sorted(scored, key=lambda p: -abs(ours.get(p, 0.0) - designer.get(p, 0.0)))[: args.worst]
            print(f"{ttf.stem}: worst pairs (BubbleKern, designer, per 1000 em)")
            for a, b in worst:
                print(f"  {a:>12} {b:<12} {ours.get((a, b), 0) * scale:7.0f} {designer.get((a, b), 0) * scale:7.0f}")
        print(f"{ttf.stem}: {entry['seconds']} s; BubbleKern {how}", flush=True)

    for name, found in other_designers(kerned).items():
        report[name]["other_designers"] = found
    print()
    print(f"{'font':<22} {'pairs':>5} | {'r':>5} {'MAE':>6} {'zero':>6} {'P':>5} {'R':>5} | {'FF r':>5} {'FF MAE':>6} {'P':>5} {'R':>5}"
          f" | {'others r':>8} {'MAE':>6} {'P':>5} {'R':>5}")
    for name, entry in rows:
        ours, theirs, others = entry["bubblekern"], entry.get("fontforge", {}), entry.get("other_designers", {})
        print(
            f"{name:<22} {entry['pairs']:>5} | {_f(ours['r'])} {_f(ours['mae'], '6.1f')} {_f(ours['zero'], '6.1f')} "
            f"{_f(ours['precision'])} {_f(ours['recall'])} | {_f(theirs.get('r'))} {_f(theirs.get('mae'), '6.1f')} "
            f"{_f(theirs.get('precision'))} {_f(theirs.get('recall'))} | {_f(others.get('r')):>8} "
            f"{_f(others.get('mae'), '6.1f')} {_f(others.get('precision'))} {_f(others.get('recall'))}"
        )
    if any("other_designers" in entry for _, entry in rows):
        print("others: the mean of the other families' designer values for the same character pairs")
    print(goal_line(rows))
    grouped_rows = [(name, entry) for name, entry in rows if "bubblekern_classes" in entry]
    if grouped_rows:
        print()
        print(f"through the designer's classes (--group-value {args.group_value}; fonts without classes as above):")
        print(f"{'font':<22} {'classes':>7} | {'r':>5} {'MAE':>6} {'zero':>6} | flat r, MAE")
        for name, entry in grouped_rows:
            ours, flat = entry["bubblekern_classes"], entry["bubblekern"]
            counts = "/".join(str(n) for n in entry["classes"])
            print(f"{name:<22} {counts:>7} | {_f(ours['r'])} {_f(ours['mae'], '6.1f')} "
                  f"{_f(ours['zero'], '6.1f')} | {_f(flat['r'])} {_f(flat['mae'], '6.1f')}")
        print(goal_line(rows, "bubblekern_classes"))
    if args.prior:
        print()
        print(f"BubbleKern with the other families' kerning as a prior (--prior {args.prior}): r, MAE, zero, weight")
        for name, found in with_prior(kerned, by_char, args.prior).items():
            report[name]["prior"] = found
            print(f"{name:<22} {_f(found['r'])} {_f(found['mae'], '6.1f')} {_f(found['zero'], '6.1f')} {found['weight']:5.1f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    if args.dump:
        with args.dump.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(("font", "left", "right", "context", "training", "designer", "bubblekern", "fontforge",
                             "classes"))
            writer.writerows(dumped)
    by_context(dumped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
