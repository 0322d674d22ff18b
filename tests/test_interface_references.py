"""The kerning window's reference fonts (bubblekern.interface.references) on real fonts and UFOs on disk: what the
Settings tab says, what Add and Remove record in the font's lib, and the weight typed."""

from __future__ import annotations

import os

from bubblekern import kern_pairs, open_font
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.interface.references import (
    add_references,
    references_status,
    remove_references,
    store_prior_weight,
)
from bubblekern.prior import PRIOR_KEY, recorded_references, stored_weight
from bubblekern.settings import LIB_KEY

from helpers import latin_font, save


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


def test_the_overlay_reads_the_recorded_prior_again_only_when_it_may_have_changed(tmp_path):
    from bubblekern.interface.references import RecordedPrior

    now = [0.0]
    cache = RecordedPrior(interval=2.0, clock=lambda: now[0])
    font = latin_font()
    assert cache.get(font) is None  # no reference recorded
    reference = latin_font()
    reference.kerning[("A", "V")] = -100
    path = save(reference, tmp_path, "Reference.ufo")
    add_references(font, [path])
    first = cache.get(font)  # the references changed: read at once
    assert first.value("A", "V") == -100
    reference = open_font(path)
    reference.kerning[("A", "V")] = -40
    reference.save()
    plist = path / "kerning.plist"
    os.utime(plist, ns=(plist.stat().st_atime_ns, plist.stat().st_mtime_ns + 10**9))
    now[0] = 1.0
    assert cache.get(font) is first  # within the interval: not read again (the overlay redraws on every edit)
    now[0] = 2.5
    assert cache.get(font).value("A", "V") == -40  # later: read again, the saved change seen
    remove_references(font)
    assert cache.get(font) is None  # the references changed: at once


def test_the_overlay_shows_the_value_the_window_writes_with_a_prior(tmp_path):
    from bubblekern import FontBubbles, Settings
    from bubblekern.interface.overlay import pair_overlay
    from bubblekern.interface.references import RecordedPrior
    from bubblekern.prior import KerningPrior

    reference = latin_font()
    reference.kerning[("A", "V")] = -300
    path = save(reference, tmp_path, "Reference.ufo")
    font = latin_font()
    make_bubbles(font, None, GenerateSettings())
    add_references(font, [path])
    prior = RecordedPrior().get(font)
    info = pair_overlay(FontBubbles(font, Settings(min_kern=0)), "V", "A", "left", prior)
    blended = kern_pairs(font, [("A", "V")], Settings(min_kern=0), prior=KerningPrior.from_fonts([path]))
    assert info.pair == ("A", "V") and info.value == blended.as_dict()[("A", "V")]
    assert info.value != pair_overlay(FontBubbles(font, Settings(min_kern=0)), "V", "A", "left").value


def test_the_kern_of_a_quote_after_a_period_typed_is_checked_and_stored_in_the_font():
    """The Settings tab's Quote After Period field: ``stop_raised`` in the font's settings, as `bubblekern fit` stores
    it, so the window, the glyph editor and the command line kern ``.'`` alike."""
    from bubblekern import Settings
    from bubblekern.interface.defaults import (
        STOP_RAISED_PROBLEM,
        font_setting_text,
        stop_raised_status,
        store_font_setting,
        with_font_model,
    )

    font = latin_font()
    font.lib[LIB_KEY] = {"band": 10.0}
    assert font_setting_text(font, "stop_raised") == "" and "the fail-safe" in stop_raised_status(font)
    assert store_font_setting(font, "stop_raised", " -68 ", STOP_RAISED_PROBLEM) is None
    assert font.lib[LIB_KEY] == {"band": 10.0, "stop_raised": -68.0}
    assert font_setting_text(font, "stop_raised") == "-68" and stop_raised_status(font).startswith("-68 per 1000 em")
    assert with_font_model(Settings(), font).stop_raised == -68
    for bad in ("-600", "far", "nan", "inf"):
        problem = store_font_setting(font, "stop_raised", bad, STOP_RAISED_PROBLEM)
        assert problem == f"A quote after a period must be a kern from -500 to 500 per 1000 em, not {bad!r}"
        assert font.lib[LIB_KEY]["stop_raised"] == -68  # nothing stored
    font.lib[LIB_KEY] = {**font.lib[LIB_KEY], "stop_raised": "bad"}  # a lib edited by hand: shown empty, not used
    assert font_setting_text(font, "stop_raised") == "" and with_font_model(Settings(), font).stop_raised is None
    assert store_font_setting(font, "stop_raised", "", STOP_RAISED_PROBLEM) is None and font.lib[LIB_KEY] == {"band": 10.0}
