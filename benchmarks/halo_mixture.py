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

With ``--dilate`` no bubble is generated per halo. The ink's band profiles, 5 units per 1000 em
high, are grown by each halo, an ellipse, band by band. Each side is then cut at its sidebearing
line, and a side that falls short is carried out to it (``adhere="trim"``). Pairs are solved on
20-unit bands as ``kern`` solves them. This is the form a blend could take inside the
kernel: array work on one profile per glyph, no geometry, no Skia.

With ``--grow-bubbles X,Y`` the blend sits on top of the bubbles. Bubbles are generated once,
at that halo, and *their* band profiles are grown by :data:`EXTRA_HALOS` (0,0 is the bubble
itself). A hand-drawn bubble layer could be grown the same way.
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
EXTRA_HALOS = ((0, 0), (20, 0), (40, 0), (90, 0), (0, 40), (40, 40), (90, 40), (0, 80), (40, 80), (90, 90), (0, 140))
"""Halos ``--grow-bubbles`` adds to the bubbles (per 1000 em)."""
FINE = 5.0
"""Band height of the ink profiles ``--dilate`` grows, per 1000 em (a fourth of the kerning band)."""


def font_data(ttf: Path, halos, cache: Path, texts=quality.TRAINING, dilate: bool = False,
              base: tuple[float, float] | None = None) -> dict:
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
    if dilate or base is not None:
        kerns = dilated_kerns(font, names, pairs, halos, upm, base)
    else:
        columns = []
        for offset_x, offset_y in halos:
            make_bubbles(font, names, GenerateSettings(offset_x=offset_x, offset_y=offset_y, overwrite="always"))
            solved = kern_pairs(font, pairs, Settings(min_kern=0, positive_limit=None))
            columns.append(np.minimum(np.asarray(solved.values, float), 0) * 1000 / upm)
        kerns = np.array(columns).T
    return {
        "kerns": kerns,
        "designer": np.array([designer.get(p, 0.0) for p in pairs]) * 1000 / upm,
        "contexts": np.array(pair_contexts([kinds[a] for a, _ in pairs], [kinds[b] for _, b in pairs])),
        "model": np.array([p in model for p in pairs]),
    }


def dilated_kerns(font, names, pairs, halos, upm: float, base: tuple[float, float] | None = None) -> np.ndarray:
    """Kerns of ``pairs`` (per 1000 em, negative part) at each halo, from fine band profiles grown
    by the halo instead of from generated bubbles: the ink's, or with ``base`` those of bubbles
    generated at that halo."""
    from bubblekern.bubbles import FontBubbles

    if base is None:
        make_bubbles(font, names, GenerateSettings(offset_x=0, offset_y=0, adhere="off", overwrite="always"))
    else:
        make_bubbles(font, names, GenerateSettings(offset_x=base[0], offset_y=base[1], overwrite="always"))
    profiles = FontBubbles(font, Settings(band=FINE)).profiles(names)
    scale = 1000.0 / upm
    start = min(p.start for p in profiles.values() if p is not None and not p.empty)
    stop = max(p.stop for p in profiles.values() if p is not None and not p.empty)
    step = int(round(20.0 / FINE))
    stop = start + -(-(stop - start) // step) * step  # whole kerning bands
    ink = np.full((len(names), 2, stop - start), np.nan)
    widths = np.array([font[n].width * scale for n in names])
    for g, name in enumerate(names):
        profile = profiles[name]
        if profile is not None and not profile.empty:
            at = slice(profile.start - start, profile.stop - start)
            ink[g, 0, at] = np.asarray(profile.left) * scale
            ink[g, 1, at] = np.asarray(profile.right) * scale
    index = {n: i for i, n in enumerate(names)}
    left = np.array([index[a] for a, _ in pairs])
    right = np.array([index[b] for _, b in pairs])
    columns = []
    for offset_x, offset_y in halos:
        lo = np.where(np.isnan(ink[:, 0]), np.inf, ink[:, 0])
        hi = np.where(np.isnan(ink[:, 1]), -np.inf, ink[:, 1])
        grown_lo, grown_hi = np.full_like(lo, np.inf), np.full_like(hi, -np.inf)
        reach = int(round(offset_y / FINE))
        n = lo.shape[1]
        for dy in range(-reach, reach + 1):
            dx = offset_x * np.sqrt(max(0.0, 1.0 - (dy / reach) ** 2)) if reach else offset_x
            src, dst = slice(max(0, -dy), min(n, n - dy)), slice(max(0, dy), min(n, n + dy))
            grown_lo[:, dst] = np.minimum(grown_lo[:, dst], lo[:, src] - dx)
            grown_hi[:, dst] = np.maximum(grown_hi[:, dst], hi[:, src] + dx)
        band_lo = grown_lo.reshape(len(names), -1, step).min(axis=2)
        band_hi = grown_hi.reshape(len(names), -1, step).max(axis=2)
        reached = np.isfinite(band_lo)
        band_lo = np.where(reached, np.maximum(band_lo, 0.0), np.nan)  # cut at the sidebearing lines…
        band_hi = np.where(reached, np.minimum(band_hi, widths[:, None]), np.nan)
        with np.errstate(all="ignore"):  # …and a side that falls short carried out to its line
            band_lo -= np.nan_to_num(np.nanmin(band_lo, axis=1, keepdims=True))
            band_hi += np.nan_to_num(widths[:, None] - np.nanmax(band_hi, axis=1, keepdims=True))
        gaps = (widths[left, None] - band_hi[left]) + band_lo[right]
        shared = ~np.isnan(gaps).all(axis=1)
        value = np.zeros(len(pairs))
        value[shared] = -np.nanmin(gaps[shared], axis=1)
        value = np.maximum(value, -np.minimum(widths[left], widths[right]) / 2)  # the negative cap
        columns.append(np.minimum(np.round(value), 0))
    return np.array(columns).T


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
    parser.add_argument("--dilate", action="store_true",
                        help="grow the ink's band profiles per halo instead of generating bubbles")
    parser.add_argument("--grow-bubbles", metavar="X,Y", help="generate bubbles at this halo and grow their band "
                        "profiles by the extra halos (a blend on top of the bubbles)")
    args = parser.parse_args(argv)
    halos = [tuple(float(v) for v in item.split(",")) for item in args.halos.split()]
    base = None
    if args.grow_bubbles:
        base = tuple(float(v) for v in args.grow_bubbles.split(","))
        halos = list(EXTRA_HALOS)

    fonts = sorted(quality.FONTS.glob("*.ttf")) if quality.FONTS.is_dir() else []
    if len(fonts) < 2:
        print(f"fewer than two fonts in {quality.FONTS}: nothing to measure")
        return 0
    data = {}
    for ttf in fonts:
        data[ttf.stem] = font_data(ttf, halos, args.cache, args.training, args.dilate, base)
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
