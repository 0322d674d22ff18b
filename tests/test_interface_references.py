"""The kerning window's reference fonts (bubblekern.interface.references) on real fonts and UFOs on disk: what the
Settings tab says, what Add and Remove record in the font's lib, and the weight typed."""

from __future__ import annotations

import json

from bubblekern import open_font
from bubblekern.cli import main
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.interface.references import (
    add_references,
    references_status,
    remove_references,
    store_prior_weight,
)
from bubblekern.prior import PRIOR_KEY, recorded_references, stored_weight
from bubblekern.settings import LIB_KEY

from helpers import kern_listed, latin_font, rounded, save


def test_references_are_recorded_for_the_font_and_shown(tmp_path):
    font = latin_font()
    font.save(str(tmp_path / "Font.ufo"))
    first, second = save(latin_font(), tmp_path, "First.ufo"), save(latin_font(), tmp_path, "Second.ufo")
    (tmp_path / "Broken.otf").write_bytes(b"")
    assert references_status(font) == "No reference fonts: kerned from the bubbles alone."
    problems = add_references(font, [first, tmp_path / "Broken.otf", tmp_path / "Gone.ufo", first])
    assert len(problems) == 2 and "Broken.otf" in problems[0] and "Gone.ufo: no such reference font" in problems[1]
    add_references(font, [second, first])
    assert "the font being kerned" in add_references(font, [tmp_path / "Font.ufo"])[0]  # itself: not a reference
    assert font.lib[PRIOR_KEY] == {"fonts": ["First.ufo", "Second.ufo"]}  # in order, each once, relative
    assert recorded_references(font) == [tmp_path / "First.ufo", tmp_path / "Second.ufo"]
    second.rename(tmp_path / "Moved.ufo")
    assert references_status(font) == ("2 reference fonts, BubbleKern's share 0.6: First.ufo, "
                                        "Second.ufo (missing: left out)")
    remove_references(font)
    assert PRIOR_KEY not in font.lib and references_status(font).startswith("No reference fonts")


def test_the_weight_typed_is_checked_and_stored_in_the_font(tmp_path):
    font = latin_font()
    font.lib[LIB_KEY] = {"band": 10.0}
    assert stored_weight(font) == 0.6
    assert store_prior_weight(font, "0.75") is None and font.lib[LIB_KEY] == {"band": 10.0, "prior_weight": 0.75}
    for bad in ("1.5", "-0.1", "half", "nan"):
        assert "from 0 to 1" in store_prior_weight(font, bad)
        assert font.lib[LIB_KEY]["prior_weight"] == 0.75  # nothing stored
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "prior_weight": "bad"}  # a lib edited by hand: the default
    assert stored_weight(font) == 0.6
    assert store_prior_weight(font, "") is None and font.lib[LIB_KEY] == {"band": 10.0}
    untouched = latin_font()
    assert store_prior_weight(untouched, " ") is None and LIB_KEY not in untouched.lib


def test_the_command_line_kerns_with_the_references_the_window_recorded(tmp_path, capsys):
    reference = latin_font()
    reference.kerning[("A", "V")] = -300
    save(reference, tmp_path, "Reference.ufo")
    font = latin_font()
    make_bubbles(font, None, GenerateSettings())
    path = save(font, tmp_path, "Font.ufo")
    listed = tmp_path / "pairs.txt"
    listed.write_text("A V\n", encoding="utf-8")
    plain = kern_listed(capsys, path, listed).get(("A", "V"), 0)
    font = open_font(path)
    add_references(font, [tmp_path / "Reference.ufo"])
    store_prior_weight(font, "0.5")
    font.save()
    assert kern_listed(capsys, path, listed)[("A", "V")] == rounded(0.5 * plain - 150)
    assert main(["status", str(path)]) == 0  # status says what kern blends in
    assert ("kerning prior: 1 reference font blended in, BubbleKern's share 0.5: Reference.ufo "
            "(kern --no-prior leaves them out)") in capsys.readouterr().out
    (tmp_path / "Reference.ufo").rename(tmp_path / "Moved.ufo")
    assert main(["status", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prior"] == {
        "weight": 0.5, "fonts": [{"path": str(tmp_path / "Reference.ufo"), "found": False}]}
