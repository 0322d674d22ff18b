"""Proof labels print no boxes, and a proof without pairs shows one pair per class with the font's value."""

from __future__ import annotations

import html
import io
import re
import shutil
from pathlib import Path

import pytest

from bubblekern import open_font
from bubblekern.cli import main
from bubblekern.proof import _text_typeface, class_pairs, label_text, one_per_class

DEMO = Path(__file__).resolve().parents[1] / "source" / "lib" / "bubblekern" / "data" / "BubbleKernDemo.ufo"


def grouped_demo(tmp_path) -> Path:
    path = tmp_path / "Demo.ufo"
    shutil.copytree(DEMO, path)
    font = open_font(path)
    font.groups["public.kern1.A"] = ("A", "Aacute")
    font.groups["public.kern2.V"] = ("V", "Y")
    font.kerning[("public.kern1.A", "public.kern2.V")] = -80
    font.kerning[("Aacute", "V")] = -40  # an exception of the class pair
    font.kerning[("T", "o")] = -60
    font.kerning[("L", "quoteright")] = -100
    font.kerning[("O", "O")] = 0
    font.save()
    return path


def svg_labels(path: Path) -> list[str]:
    return [html.unescape(t).strip() for t in re.findall(r">([^<]+)</text>", path.read_text(encoding="utf-8"))]


def test_class_pairs_give_one_pair_per_kerning_entry(tmp_path):
    font = open_font(grouped_demo(tmp_path))
    assert class_pairs(font) == [("L", "quoteright"), ("A", "V"), ("T", "o"), ("Aacute", "V")]
    # the class pair's first members are overridden by a glyph exception: another member stands for it
    font.kerning[("A", "V")] = -90
    assert class_pairs(font)[:3] == [("L", "quoteright"), ("A", "V"), ("A", "Y")]
    values = {("A", "V"): -50, ("Aacute", "Y"): -70, ("T", "o"): -20, ("T", "v"): -30}
    assert one_per_class(values, dict(font.groups.items())) == [("Aacute", "Y"), ("T", "v"), ("T", "o")]


def test_proof_without_pairs_shows_each_class_once_with_the_fonts_value(tmp_path, capsys):
    if _text_typeface() is None:
        pytest.skip("no system typeface to set labels with")
    path = grouped_demo(tmp_path)
    out = tmp_path / "proof.svg"
    assert main(["proof", str(path), "-o", str(out), "--page", "1400x900"]) == 0, capsys.readouterr().err
    labels = svg_labels(out)
    assert [t for t in labels if t in ("L quoteright", "A V", "T o", "Aacute V", "A Y", "Aacute Y")] == [
        "L quoteright", "A V", "T o", "Aacute V"
    ]
    assert labels.count("font") == 4  # the font's value beside BubbleKern's, for every pair
    # with a minus sign where the system's typeface has one (Noto Sans from fonts-noto-core has none: "-100")
    assert {label_text(f"\u2212{v}", _text_typeface()) for v in (100, 80, 60, 40)} <= set(labels)


def test_labels_fall_back_to_ascii_where_the_typeface_lacks_a_character():
    skia = pytest.importorskip("skia")
    ufo2ft = pytest.importorskip("ufo2ft")
    binary = io.BytesIO()
    ufo2ft.compileTTF(open_font(DEMO).naked()).save(binary)  # a real typeface without U+2212 or U+2014
    lacking = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(binary.getvalue()))
    assert lacking is not None and lacking.unicharToGlyph(0x41) and not lacking.unicharToGlyph(0x2212)
    assert label_text("\u2212175 \u2014 A\u2026", lacking) == "-175 - A..."
    default = _text_typeface()
    if default is not None and default.unicharToGlyph(0x2212):
        assert label_text("\u2212175", default) == "\u2212175"  # a typeface that has the minus keeps it
