"""How far a nonlinear model of the halo kerns could go: a research measurement (not a test).

    pip install scikit-learn      # not a dependency of BubbleKern: this script alone uses it
    python benchmarks/learned_model.py

The shipped value model is linear: a pair's kern is a weighted sum of its kerns with the
default bubbles grown by a few halos (:data:`bubblekern.model.BLEND`), never deeper than the
bubble's own. This script asks what a nonlinear model of the same measurements would reach. For
each font of ``../shared/fonts`` (the glyph set, designer values and cached UFO of
``benchmarks/quality.py``), with no fit and no model pair of its own:

- ``linear``: the blend's weights learned (least squares) on the other fonts;
- ``small trees``: 100 gradient-boosted trees of depth 2 (about 700 numbers) learned on the other
  fonts, from the blend's four halo kerns and the pair context (:data:`bubblekern.model.CONTEXTS`);
- ``boosted``: histogram gradient boosting from the kerns of all :data:`HALOS` and the context.

All three kern never deeper than the bubble's own and never positive. It prints per font r, MAE and
the zero-kerning MAE (per 1000 em, all 3,481 pairs). Shipping such a model would mean thousands of
parameters learned from these fonts' kerning and a tree evaluator in both kernels: see benchmarks/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import quality  # noqa: E402  (the benchmark's glyph set, designer values and cached UFOs)

HALOS = ((0, 0), (20, 0), (40, 0), (40, 40), (0, 40), (80, 0), (80, 80), (20, 20))
"""Halos (width, height per 1000 em) whose kerns the models see; the first four are the blend's."""


def measurements(ttf: Path, cache: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(halo kerns per pair, designer values, pair contexts) of one font, per 1000 em."""
    from bubblekern.evaluate import binary_kerning

    cmap = quality.glyph_map(ttf, quality.LETTERS + quality.PUNCTUATION)
    names = list(cmap.values())
    pairs = [(a, b) for a in names for b in names]
    designer, unmeasured, upm = binary_kerning(ttf, pairs)
    pairs = [p for p in pairs if p not in set(unmeasured)]
    ufo = quality.to_ufo(ttf, cmap, cache)
    kerns = quality.halo_kerns(ufo, names, pairs, upm, HALOS)
    values = np.array([designer.get(p, 0.0) * 1000.0 / upm for p in pairs])
    return kerns, values, quality.pair_context_codes(ufo, pairs)


def main() -> int:
    try:
        from sklearn.ensemble import GradientBoostingRegressor, HistGradientBoostingRegressor
    except ImportError:
        print("scikit-learn is not installed (pip install scikit-learn): nothing to measure")
        return 0
    fonts = sorted(quality.FONTS.glob("*.ttf")) if quality.FONTS.is_dir() else []
    if len(fonts) < 2:
        print(f"fewer than two fonts in {quality.FONTS}: nothing to measure")
        return 0
    cache = Path.home() / ".cache" / "bubblekern-quality"
    data = {ttf: measurements(ttf, cache) for ttf in fonts}
    blend = 4  # the shipped blend's halos are the first four of HALOS

    def features(kerns: np.ndarray, contexts: np.ndarray, halos: int) -> np.ndarray:
        return np.hstack([kerns[:, :halos], np.eye(7)[contexts + 1]])

    for model in ("linear", "small trees", "boosted"):
        print(model)
        for ttf in fonts:
            others = [data[o] for o in fonts if o != ttf]
            kerns, values, contexts = (np.concatenate(parts) for parts in zip(*others))
            k, d, c = data[ttf]
            if model == "linear":
                weights = np.linalg.lstsq(kerns[:, :blend], values, rcond=None)[0]
                predicted = k[:, :blend] @ weights
            elif model == "small trees":
                trees = GradientBoostingRegressor(n_estimators=100, max_depth=2, learning_rate=0.1, random_state=0)
                predicted = trees.fit(features(kerns, contexts, blend), values).predict(features(k, c, blend))
            else:
                trees = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, max_leaf_nodes=15,
                                                      min_samples_leaf=40, random_state=0)
                predicted = trees.fit(features(kerns, contexts, len(HALOS)), values).predict(features(k, c, len(HALOS)))
            predicted = np.maximum(np.minimum(predicted, 0.0), k[:, 0])  # never positive, never past the bubble
            r = float(np.corrcoef(d, predicted)[0, 1])
            print(f"  {ttf.stem:<22} r {r:.3f}  MAE {np.abs(d - predicted).mean():.2f}  (no kerning {np.abs(d).mean():.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
