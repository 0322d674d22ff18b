"""How far a blend of bubble kerns at several halo sizes could go: a research measurement (not a test).

    python benchmarks/halo_mixture.py            # every font in ../shared/fonts
    python benchmarks/halo_mixture.py --halos "100,20 60,100 100,100"

The value model BubbleKern ships solves each pair once, from one bubble per glyph. This
benchmark asks what a *blend* of solves would reach: for each font of ``../shared/fonts``
(the glyph set, designer values and cached UFO of ``benchmarks/quality.py``), bubbles are
generated at each halo of ``--halos`` (horizontal, vertical offset per 1000 em; ``adhere=trim``),
every pair is kerned with each (no threshold, strength 1), and the designer's values are
fitted as a weighted sum of those kerns (least squares, negative kerns only):

- **in-sample**, one weight per halo and pair context, fitted on all the font's pairs: the
  ceiling of the family;
- **leave one font out**, one weight per halo, fitted on the other fonts, then a threshold
  (|k| below it → 0) chosen on those fonts by MAE: what a font would get with weights
  learned from other designers' kerning and none of its own;
- **leave one font out, adapted**: those weights, then a strength per pair context
  (:func:`bubblekern.model.fit_strengths`) and a threshold fitted to the font's model pairs
  only (the training texts of ``quality.py`` plus the control pairs, ``--training`` to change
  them), scored on the pairs it did not see: the blend as ``fit`` would use it.

It prints per font r, MAE and the zero-kerning MAE (per 1000 em), beside the best single halo.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import quality  # noqa: E402  (the benchmark beside this one: glyph set, designer values, UFO cache)

from bubblekern import Settings, kern_pairs, open_font  # noqa: E402
from bubblekern.evaluate import binary_kerning  # noqa: E402
from bubblekern.fit import CONTROL_PAIRS  # noqa: E402
from bubblekern.generate import GenerateSettings, make_bubbles  # noqa: E402
from bubblekern.model import CONTEXTS, fit_strengths, glyph_kinds, pair_contexts  # noqa: E402

HALOS = ((20, 20), (40, 20), (60, 20), (100, 20), (150, 20), (20, 60), (60, 60), (100, 60), (150, 60),
         (60, 100), (100, 100), (150, 150), (40, 200))
THRESHOLDS = (0, 5, 10, 15, 20, 25, 30)


def font_data(ttf: Path, halos, cache: Path, texts=quality.TRAINING) -> dict:
    """Kerns of every measured pair at each halo (columns), the designer's values, the pair contexts
    and which pairs are model pairs (the training texts' pairs and the control pairs)."""
    cmap = quality.glyph_map(ttf, quality.LETTERS + quality.PUNCTUATION)
    names = list(cmap.values())
    pairs = [(a, b) for a in names for b in names]
    designer, unmeasured, upm = binary_kerning(ttf, pairs)
    skip = set(unmeasured)
    pairs = [p for p in pairs if p not in skip]
    font = open_font(quality.to_ufo(ttf, cmap, cache))
    if "bubble" not in font.layerOrder:
        font.newLayer("bubble")
    kinds = glyph_kinds(font, names)
    model = set(quality.training_pairs(cmap, texts))
    controls = {cmap[c]: cmap[c] for c in "HOno" if c in cmap}
    model |= {(controls[a], controls[b]) for a, b in CONTROL_PAIRS if a in controls and b in controls}
    columns = []
    for offset_x, offset_y in halos:
        make_bubbles(font, names, GenerateSettings(offset_x=offset_x, offset_y=offset_y, overwrite="always"))
        solved = kern_pairs(font, pairs, Settings(min_kern=0, positive_limit=None))
        columns.append(np.minimum(np.asarray(solved.values, float), 0) * 1000 / upm)
    return {
        "kerns": np.array(columns).T,
        "designer": np.array([designer.get(p, 0.0) for p in pairs]) * 1000 / upm,
        "contexts": np.array(pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs])),
        "model": np.array([p in model for p in pairs]),
    }


def per_context(kerns: np.ndarray, contexts: np.ndarray) -> np.ndarray:
    """One block of columns per pair context (−1: outside them): a weight per halo and context."""
    return np.hstack([kerns * (contexts == c)[:, None] for c in range(-1, len(CONTEXTS))])


def figures(predicted: np.ndarray, designer: np.ndarray) -> tuple[float, float, float]:
    r = float(np.corrcoef(predicted, designer)[0, 1]) if predicted.std() > 0 else 0.0
    return r, float(np.abs(predicted - designer).mean()), float(np.abs(designer).mean())


def thresholded(values: np.ndarray, threshold: float) -> np.ndarray:
    return np.where(np.abs(values) < threshold, 0.0, np.round(values))


def adapted(d: dict, weights: np.ndarray) -> np.ndarray:
    """The blend with ``weights``, then a strength per context and a threshold fitted to the model pairs."""
    raw = np.round(d["kerns"] @ weights)
    model, reference, contexts = d["model"], d["designer"], d["contexts"]
    strengths = np.array([*fit_strengths(raw[model], reference[model], contexts[model]), 1.0])
    scaled = np.where(raw < 0, np.round(raw * strengths[contexts]), raw)
    threshold = min(THRESHOLDS, key=lambda t: np.abs(thresholded(scaled[model], t) - reference[model]).mean())
    return thresholded(scaled, threshold)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--halos", default=" ".join(f"{x},{y}" for x, y in HALOS),
                        help="halos as 'X,Y X,Y …' per 1000 em (default: %(default)s)")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "bubblekern-quality")
    parser.add_argument("--training", type=lambda text: tuple(t for t in text.split(" ") if t),
                        default=" ".join(quality.TRAINING), metavar="TEXTS",
                        help="model pair texts for the adapted column (default: %(default)s)")
    args = parser.parse_args(argv)
    halos = [tuple(float(v) for v in item.split(",")) for item in args.halos.split()]

    fonts = sorted(quality.FONTS.glob("*.ttf")) if quality.FONTS.is_dir() else []
    if len(fonts) < 2:
        print(f"fewer than two fonts in {quality.FONTS}: nothing to measure")
        return 0
    data = {}
    for ttf in fonts:
        data[ttf.stem] = font_data(ttf, halos, args.cache, args.training)
        print(f"{ttf.stem}: {len(data[ttf.stem]['designer']):,} pairs at {len(halos)} halos", flush=True)

    print()
    print(f"{'font':<22} {'best single halo':>22} | {'in-sample, per context':>24} | {'weights of the other fonts':>26}"
          f" | {'adapted to the model pairs (held out)':>38}")
    for held, d in data.items():
        singles = [figures(d["kerns"][:, i], d["designer"])[0] for i in range(len(halos))]
        best = int(np.argmax(singles))
        features = per_context(d["kerns"], d["contexts"])
        weights, *_ = np.linalg.lstsq(features, d["designer"], rcond=None)
        inside = figures(features @ weights, d["designer"])

        others = [o for o in data if o != held]
        weights, *_ = np.linalg.lstsq(np.vstack([data[o]["kerns"] for o in others]),
                                      np.concatenate([data[o]["designer"] for o in others]), rcond=None)

        def ratio(name: str, threshold: float, weights=weights) -> float:
            got = thresholded(data[name]["kerns"] @ weights, threshold)
            return float(np.abs(got - data[name]["designer"]).mean() / max(np.abs(data[name]["designer"]).mean(), 1e-9))

        threshold = min(THRESHOLDS, key=lambda t: np.mean([ratio(o, t) for o in others]))
        outside = figures(thresholded(d["kerns"] @ weights, threshold), d["designer"])
        held_out = ~d["model"]
        fitted = figures(adapted(d, weights)[held_out], d["designer"][held_out])
        halo = f"{halos[best][0]:g},{halos[best][1]:g}"
        print(f"{held:<22} {halo:>10} r {singles[best]:.2f}      | r {inside[0]:.2f} MAE {inside[1]:4.1f}/{inside[2]:4.1f}"
              f"    | r {outside[0]:.2f} MAE {outside[1]:4.1f}/{outside[2]:4.1f} (t {threshold})"
              f"   | r {fitted[0]:.2f} MAE {fitted[1]:4.1f}/{fitted[2]:4.1f} ({int(d['model'].sum())} model pairs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
