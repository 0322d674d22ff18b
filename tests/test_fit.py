"""Fitting generated-bubble settings to a designer's kerning, on training pairs, checked on held-out pairs."""

import json

import pytest

from bubblekern import Settings, kern_pairs, open_font
from bubblekern.cli import main
from bubblekern.errors import MissingGlyphError, PairListError
from bubblekern.fit import FIT_KEY, FitError, fit, store_fit
from bubblekern.generate import GENERATE_KEY, GenerateSettings, make_bubbles
from bubblekern.pairs import all_pairs, cmap_of, pairs_from_text
from bubblekern.settings import LIB_KEY

from helpers import latin_font, save, tree_bytes

GLYPHS = ["H", "O", "A", "V", "T", "o", "n", "v", "period", "quoteright", "Aacute"]
TRAINING_TEXT = "HOTAVOAvonTo\nHAVTvoT."
DESIGNER = GenerateSettings(offset_x=40, offset_y=30, adhere="trim")
"""The settings the "designer's" kerning was made with; the fit starts from the defaults (60/60)."""


def designed_font(noise: bool = False):
    """latin_font outlines, no bubble layer, and kerning made from bubbles generated with DESIGNER.

    With ``noise`` the designer is a little inconsistent (a fixed pattern of −4…+4 units),
    and A/Aacute are kerned as a group, as a designer would.
    """
    font = latin_font()
    font.removeLayer("bubble")
    work = latin_font()
    work.removeLayer("bubble")
    make_bubbles(work, None, DESIGNER)
    result = kern_pairs(work, all_pairs(GLYPHS), Settings(min_kern=5))
    for i, (pair, value) in enumerate(result.kept.items()):
        font.kerning[pair] = value + (((i * 7) % 9) - 4 if noise else 0)
    if noise:
        font.groups["public.kern1.A"] = ["A", "Aacute"]
        font.groups["public.kern2.A"] = ["A", "Aacute"]
        for left, right in list(font.kerning.keys()):
            if "Aacute" in (left, right):
                del font.kerning[(left, right)]
        for (left, right), value in list(font.kerning.items()):
            if left == "A":
                font.kerning[("public.kern1.A", right)] = value
                del font.kerning[(left, right)]
    return font


def training_pairs(font):
    return pairs_from_text(TRAINING_TEXT, cmap_of(font), set(font.keys()))


def snapshot(font):
    return (list(font.layerOrder), dict(font.kerning.items()), dict(font.groups.items()), dict(font.lib.items()))


@pytest.fixture(scope="module")
def clean_fit():
    """(snapshot before, fit result, snapshot after) of the noise-free designed font."""
    font = designed_font()
    before = snapshot(font)
    train = training_pairs(font)
    assert len(train) == 16
    return before, fit(font, train), snapshot(font)


def test_fit_recovers_the_settings_behind_the_kerning(clean_fit):
    before, result, after = clean_fit
    train = result.training_pairs
    assert after == before  # nothing written, no scratch layer left
    assert set(result.training_pairs) == set(train) and not set(train) & set(result.held_out_pairs)
    assert len(result.held_out_pairs) >= 40
    assert (result.best.generate.offset_x, result.best.generate.offset_y) == (40, 30)
    assert result.best.generate.adhere == "trim" and result.best.band == 20
    assert result.training.mae == 0 and result.held_out.mae == 0
    assert result.start_held_out.mae > 10  # the default settings are measurably off


def test_fit_on_16_pairs_beats_the_no_kerning_baseline_on_held_out_pairs():
    font = designed_font(noise=True)
    result = fit(font, training_pairs(font))
    held = result.held_out
    assert held.count == len(result.held_out_pairs) >= 35
    assert held.mae < held.baseline_mae  # the bar …
    assert held.mae < 0.2 * held.baseline_mae  # … cleared by far
    assert held.mae < result.start_held_out.mae
    assert result.training.mae <= result.start_training.mae
    assert abs(result.best.generate.offset_x - 40) <= 10
    data = result.to_dict()
    assert data["held_out"]["pairs"] == len(result.held_out_pairs) and data["training"]["pairs"] == 16
    text = result.format()
    assert "training" in text and "held-out" in text


def test_store_fit_and_regenerate_reproduces_the_kerning(clean_fit):
    font = designed_font()
    result = clean_fit[1]
    store_fit(font, result)
    assert font.lib[FIT_KEY]["generate"]["offset_x"] == 40
    assert font.lib[FIT_KEY]["held_out"]["mae"] == 0
    assert font.lib[GENERATE_KEY]["offset_y"] == 30 and "overwrite" not in font.lib[GENERATE_KEY]
    assert font.lib[LIB_KEY]["band"] == 20 and font.lib[LIB_KEY]["min_kern"] == result.best.min_kern
    # a later run generates with the stored settings and kerns like the designer
    make_bubbles(font)
    solved = kern_pairs(font, result.held_out_pairs, Settings(**{k: font.lib[LIB_KEY][k] for k in ("band", "min_kern")}))
    assert solved.kept == {p: v for p, v in font.kerning.items() if p in set(result.held_out_pairs)}


def test_bad_inputs():
    font = designed_font()
    with pytest.raises(MissingGlyphError, match="'Q'"):
        fit(font, [("H", "Q")])
    with pytest.raises(FitError, match="no training pairs"):
        fit(font, [])
    bare = latin_font()
    with pytest.raises(FitError, match="no kerning"):
        fit(bare, [("H", "O")])


def test_cli_fit(tmp_path, capsys):
    path = save(designed_font(), tmp_path)
    before = tree_bytes(path)
    assert main(["fit", str(path), "--training-text", TRAINING_TEXT, "--dry-run", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["generate"]["offset_x"] == 40 and data["saved"] is None
    assert data["held_out"]["mae"] == 0 and data["held_out"]["baseline_mae"] > 0
    assert tree_bytes(path) == before

    pairs = tmp_path / "train.txt"
    pairs.write_text("".join(f"{a} {b}\n" for a, b in training_pairs(open_font(path))))
    assert main(["fit", str(path), "--training-pairs", str(pairs), "--no-refine"]) == 0
    out = capsys.readouterr().out
    assert "held-out" in out and "saved" in out
    font = open_font(path)
    stored = font.lib[FIT_KEY]["generate"]
    assert stored["offset_x"] in (20, 50, 60, 80, 120)  # the start or a point of the coarse grid
    assert font.lib[GENERATE_KEY] == stored and font.lib[FIT_KEY]["training"]["pairs"] == 16
    assert "bubble" not in font.layerOrder  # the fit stores settings; it draws no bubbles

    bad = tmp_path / "bad.txt"
    bad.write_text("H O\nH\n")
    assert main(["fit", str(path), "--training-pairs", str(bad)]) == 1
    assert "line 2" in capsys.readouterr().err
    with pytest.raises(PairListError):
        from bubblekern.pairs import read_pair_list

        read_pair_list(bad, set(font.keys()))


def test_cli_fit_default_text_and_errors(tmp_path, capsys):
    path = save(designed_font(), tmp_path)
    assert main(["fit", str(path), "--dry-run", "--no-refine"]) == 0  # default training text, font's letters only
    assert "training" in capsys.readouterr().out
    bare = save(latin_font(), tmp_path, "Bare.ufo")
    before = tree_bytes(bare)
    assert main(["fit", str(bare)]) == 1
    assert "no kerning" in capsys.readouterr().err
    assert tree_bytes(bare) == before
