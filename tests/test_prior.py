"""A kerning prior: other fonts' kerning of the same characters blended with BubbleKern's (``kern --prior``).

How far it brings real fonts to their designers is measured in benchmarks/quality.py (``--prior-fonts others``);
these tests keep reading, blending and the command line honest on real fonts, UFOs on disk and a compiled font.
"""

from __future__ import annotations

import json

import pytest

from bubblekern import Settings, kern_pairs, open_font
from bubblekern.cli import main
from bubblekern.errors import BubbleKernError
from bubblekern.generate import GenerateSettings, make_bubbles
from bubblekern.prior import KerningPrior, PriorFont

from helpers import add_glyph, kern_listed, latin_font, rect, rounded, save

PAIRS = [("A", "V"), ("T", "o"), ("H", "H"), ("V", "period"), ("T", "A")]


def bubbled():
    """latin_font with generated bubbles."""
    font = latin_font()
    make_bubbles(font, None, GenerateSettings())
    return font


def reference(kerning: dict, groups: dict | None = None, drop: tuple[str, ...] = ()):
    """latin_font's outlines with ``kerning`` (and ``groups``), without the glyphs ``drop``."""
    font = latin_font()
    for name in drop:
        font.removeGlyph(name)
    font.groups.update(groups or {})
    font.kerning.update(kerning)
    return font


def test_the_prior_reads_character_pairs_through_groups_and_averages_the_fonts_that_have_them(tmp_path):
    first = save(reference({("public.kern1.A", "V"): -80, ("T", "o"): -60},
                           {"public.kern1.A": ["A", "Aacute"]}), tmp_path, "First.ufo")
    second = save(reference({("A", "V"): -40}, drop=("o",)), tmp_path, "Second.ufo")
    prior = KerningPrior.from_fonts([first, second])
    assert prior.value("A", "V") == -60  # both fonts
    assert prior.value("\u00c1", "V") == -40  # Aacute through the first font's group; the second leaves it at 0
    assert prior.value("T", "o") == -60  # only the first font has an o
    assert prior.value("H", "H") == 0  # both have the characters, neither kerns them
    assert prior.value("A", "\u00df") is None  # no font has the character
    scaled = prior.glyph_values(["A", "V", None], [0, 0, 2], [1, 1, 1], 2048)
    assert scaled == [-60 * 2.048, -60 * 2.048, None]  # in the font's units; a glyph without a code point: none


def test_kern_blends_bubblekern_with_the_prior_by_the_weight(tmp_path):
    font = bubbled()
    font_path = save(reference({("A", "V"): -100, ("T", "o"): -50, ("V", "period"): -400}), tmp_path, "Ref.ufo")
    prior = KerningPrior.from_fonts([font_path])
    plain = kern_pairs(font, PAIRS, Settings(min_kern=0)).as_dict()
    blended = kern_pairs(font, PAIRS, Settings(min_kern=0), prior=prior).as_dict()
    assert blended[("A", "V")] == rounded(0.6 * plain[("A", "V")] - 0.4 * 100)
    assert blended[("T", "o")] == rounded(0.6 * plain[("T", "o")] - 0.4 * 50)
    assert blended[("H", "H")] == 0  # neither kerns it
    # every kern stays within the rules' cap: half the narrower advance (the period's 260)
    assert blended[("V", "period")] == max(rounded(0.6 * plain[("V", "period")] - 0.4 * 400), -130)
    assert kern_pairs(font, PAIRS, Settings(min_kern=0, prior_weight=1.0), prior=prior).as_dict() == plain
    only = kern_pairs(font, PAIRS, Settings(min_kern=0, prior_weight=0.0), prior=prior).as_dict()
    assert only[("A", "V")] == -100 and only[("T", "A")] == 0
    # as every kern, a blended one is positive only where positive kerns are allowed
    apart = KerningPrior.from_fonts([save(reference({("H", "H"): 80}), tmp_path, "Apart.ufo")])
    assert kern_pairs(font, [("H", "H")], Settings(min_kern=0), prior=apart).as_dict()[("H", "H")] == 32
    assert kern_pairs(font, [("H", "H")], Settings(min_kern=0, allow_positive=False), prior=apart).as_dict()[("H", "H")] == 0
    # the threshold applies to the blended value
    kept = kern_pairs(font, PAIRS, Settings(min_kern=30), prior=prior)
    assert all(abs(v) >= 30 for v in kept.kept.values()) and ("T", "o") in kept.kept


def test_a_compiled_reference_is_measured_with_harfbuzz(tmp_path):
    from bubblekern.export import compile_font

    ttf = tmp_path / "Ref.ttf"
    compile_font(reference({("A", "V"): -90, ("T", "o"): -30}), ttf, "ttf")
    font = PriorFont.read(ttf)
    assert font.kerning[("A", "V")] == -90 and font.kerning[("T", "o")] == -30
    assert {"A", "V", "T", "o"} <= font.chars


def test_a_reference_is_read_again_only_when_its_files_change(tmp_path):
    import os

    path = save(reference({("A", "V"): -80}), tmp_path, "Reference.ufo")
    first = PriorFont.read(path)
    assert PriorFont.read(path) is first  # nothing changed: not read again (the window kerns again and again)
    font = open_font(path)
    font.kerning[("A", "V")] = -50
    font.save()
    plist = path / "kerning.plist"
    stat = plist.stat()
    os.utime(plist, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a later save, however fast the test
    assert PriorFont.read(path).kerning[("A", "V")] == -50
    glif = next((path / "glyphs").glob("V_.glif"))
    glif.write_text(glif.read_text().replace('<unicode hex="0056"/>', '<unicode hex="0057"/>'))  # V now encodes W
    again = PriorFont.read(path)
    assert again.kerning[("A", "W")] == -50 and ("A", "V") not in again.kerning


def test_a_zipped_ufo_is_a_reference(tmp_path):
    path = tmp_path / "Reference.ufoz"
    reference({("public.kern1.A", "V"): -70}, {"public.kern1.A": ["A", "Aacute"]}).save(str(path), fileStructure="zip")
    font = PriorFont.read(path)
    assert path.is_file() and font.kerning[("\u00c1", "V")] == -70 and "o" in font.chars


def test_glyphs_without_a_code_point_are_matched_by_name_in_a_ufo_reference(tmp_path):
    from bubblekern.export import compile_font
    from bubblekern.prior import glyph_keys

    def with_alternate(font):
        add_glyph(font, "V.ss01", 700, outline=lambda p: rect(p, 0, 0, 700, 700))  # no code point
        return font

    ufo = save(with_alternate(reference({("A", "V.ss01"): -90, ("V.ss01", "o"): -40, ("A", "V"): -60})), tmp_path,
               "Master.ufo")
    master = PriorFont.read(ufo)
    assert master.kerning[("A", "/V.ss01")] == -90 and master.kerning[("/V.ss01", "o")] == -40
    font = with_alternate(bubbled())
    make_bubbles(font, ["V.ss01"], GenerateSettings())
    assert glyph_keys(font, ["A", "V.ss01"]) == ["A", "/V.ss01"]
    pairs = [("A", "V.ss01"), ("V.ss01", "o"), ("V.ss01", "V.ss01")]
    own = kern_pairs(font, pairs, Settings(min_kern=0)).as_dict()
    solved = kern_pairs(font, pairs, Settings(min_kern=0), prior=KerningPrior([master]))
    blended = solved.as_dict()
    assert solved.prior_blended == 3  # the master has every glyph of these pairs
    assert blended[("A", "V.ss01")] == rounded(0.6 * own.get(("A", "V.ss01"), 0) - 36)  # as another master kerns it
    assert blended.get(("V.ss01", "V.ss01"), 0) == rounded(0.6 * own.get(("V.ss01", "V.ss01"), 0))  # known, unkerned
    ttf = tmp_path / "Master.ttf"
    compile_font(with_alternate(reference({("A", "V"): -60})), ttf, "ttf")
    compiled = PriorFont.read(ttf)  # a compiled font is read by character only: the alternate is not covered
    assert not any(key.startswith("/") for key in compiled.chars)
    uncovered = kern_pairs(font, pairs, Settings(min_kern=0), prior=KerningPrior([compiled]))
    assert uncovered.as_dict() == own and uncovered.prior_blended == 0


def test_bad_references_are_named(tmp_path):
    with pytest.raises(BubbleKernError, match="Missing.ufo: no such reference font"):
        KerningPrior.from_fonts([tmp_path / "Missing.ufo"])
    broken = tmp_path / "Broken.ttf"
    broken.write_bytes(b"not a font")
    with pytest.raises(BubbleKernError, match="Broken.ttf"):
        KerningPrior.from_fonts([broken])
    conflicting = save(reference({("public.kern1.A", "V"): -80}, {"public.kern1.A": ["A"]}), tmp_path, "Groups.ufo")
    plist = conflicting / "groups.plist"
    plist.write_text(plist.read_text().replace("<key>public.kern1.A</key>",
                                               "<key>public.kern1.B</key><array><string>A</string></array>"
                                               "<key>public.kern1.A</key>"))
    with pytest.raises(BubbleKernError, match="Groups.ufo"):
        KerningPrior.from_fonts([conflicting])
    with pytest.raises(BubbleKernError, match="at least one reference font"):
        KerningPrior.from_fonts([])
    with pytest.raises(ValueError, match="prior_weight must be a number from 0 to 1"):
        Settings(prior_weight=1.5)


def test_the_command_line_kerns_with_a_prior(tmp_path, capsys):
    ref = save(reference({("A", "V"): -100, ("T", "o"): -50}), tmp_path, "Ref.ufo")
    listed = tmp_path / "pairs.txt"
    listed.write_text("A V\nT o\n")

    def run(*flags) -> dict:
        path = save(bubbled(), tmp_path, "Font.ufo")
        assert main(["kern", str(path), "--pairs", str(listed), "--blend", "off", "--min-kern", "0", *flags]) == 0
        capsys.readouterr()
        return dict(open_font(path).kerning.items())

    plain, blended = run(), run("--prior", str(ref))
    assert blended[("A", "V")] == rounded(0.6 * plain.get(("A", "V"), 0) - 40)
    assert run("--prior", str(ref), "--prior-weight", "0.5")[("T", "o")] == rounded(0.5 * plain.get(("T", "o"), 0) - 25)
    assert run("--prior", str(ref), "--prior-weight", "1") == plain
    assert main(["kern", str(tmp_path / "Font.ufo"), "--prior", str(tmp_path / "Nope.ufo")]) != 0
    assert "Nope.ufo: no such reference font" in capsys.readouterr().err


def test_blending_keeps_either_kernels_column_types():
    """The plain kernel's columns (array.array, as inside RoboFont without numpy) and numpy's blend alike."""
    from array import array

    from bubblekern.prior import blend_values

    settings = Settings(min_kern=10, prior_weight=0.5)
    priors, widths = [-40.0, None, 300.0, -1000.0], [500.0] * 4
    for values, kept in ((array("i", [-20, -30, 0, 0]), array("B", [1, 1, 0, 0])),
                         (pytest.importorskip("numpy").array([-20, -30, 0, 0], dtype="int32"),
                          pytest.importorskip("numpy").array([True, True, False, False]))):
        out, out_kept = blend_values(values, kept, priors, widths, widths, settings)
        # blended; no prior: as it was; the positive cap (none set: none); half the narrower advance at most
        assert [int(v) for v in out] == [-30, -30, 150, -250]
        assert [bool(k) for k in out_kept] == [True, True, True, True]
        assert type(out) is type(values) and [int(v) for v in values] == [-20, -30, 0, 0]  # copies


def test_the_fit_scores_and_thresholds_the_blended_values_kern_will_write(tmp_path):
    """With a prior the fit chooses the threshold on, and scores, the values blended as kern blends them: with the
    designer's own kerning as the prior, its training error is the blend's (0.6 of the bubbles' where they alone
    would miss), well under the bubbles' alone."""
    from test_fit import designed_font, training_pairs

    from bubblekern.fit import MIN_KERNS, fit

    font = designed_font(noise=True)
    own = KerningPrior.from_fonts([save(font, tmp_path, "Designer.ufo")])
    train = training_pairs(font)
    plain = fit(font, train, refine=False, value_model="blend")
    blended = fit(font, train, refine=False, value_model="blend", prior=own)
    assert blended.best.min_kern in MIN_KERNS and blended.settings.min_kern == blended.best.min_kern
    assert blended.training.mae < 0.8 * plain.training.mae
    assert blended.best.generate == plain.best.generate and blended.best.strengths == plain.best.strengths


def test_the_command_line_fits_with_a_prior(tmp_path, capsys):
    from test_fit import designed_font

    path = save(designed_font(), tmp_path, "Font.ufo")
    ref = save(designed_font(), tmp_path, "Ref.ufo")
    assert main(["fit", str(path), "--prior", str(ref), "--no-refine", "--json", "--dry-run"]) == 0
    assert '"min_kern"' in capsys.readouterr().out
    assert main(["fit", str(path), "--prior", str(tmp_path / "Nope.ufo")]) != 0
    assert "Nope.ufo: no such reference font" in capsys.readouterr().err


def test_fit_records_the_references_and_kern_blends_them_in_again(tmp_path, capsys):
    from bubblekern.prior import PRIOR_KEY, stored_prior
    from bubblekern.settings import LIB_KEY

    ref = save(reference({("A", "V"): -100, ("T", "o"): -50}), tmp_path, "Ref.ufo")
    listed = tmp_path / "pairs.txt"
    listed.write_text("A V\nT o\n")
    path = save(bubbled(), tmp_path, "Font.ufo")
    font = open_font(path)
    font.kerning.update({("A", "V"): -60, ("T", "o"): -40})  # the designer's model pairs
    font.save()
    assert main(["fit", str(path), "--prior", str(ref), "--prior-weight", "0.5", "--no-refine", "--no-bubbles"]) == 0
    font = open_font(path)
    assert font.lib[PRIOR_KEY] == {"fonts": ["Ref.ufo"]}  # relative to the font's folder
    assert font.lib[LIB_KEY]["prior_weight"] == 0.5
    prior, notes = stored_prior(font)
    assert notes == [] and prior.value("A", "V") == -100
    capsys.readouterr()

    def kern(*flags) -> tuple[list, str]:
        assert main(["kern", str(path), "--pairs", str(listed), "--dry-run", "--format", "json", "--min-kern", "0",
                     *flags]) == 0
        out = capsys.readouterr()
        return json.loads(out.out)["pairs"], out.err

    assert kern()[0] == kern("--prior", str(ref), "--prior-weight", "0.5")[0]  # the recorded references and weight
    assert kern("--no-prior")[0] == kern("--prior", str(ref), "--prior-weight", "1")[0]
    assert kern()[0] != kern("--no-prior")[0]
    (tmp_path / "Ref.ufo").rename(tmp_path / "Moved.ufo")
    moved, err = kern()
    assert moved == kern("--no-prior")[0] and "Ref.ufo: no such reference font" in err  # named, kerned without it
    assert main(["fit", str(path), "--no-refine", "--no-bubbles"]) == 0  # a fit without them forgets them
    assert PRIOR_KEY not in open_font(path).lib and "prior_weight" not in open_font(path).lib[LIB_KEY]


def test_flat_kerning_resolves_groups_as_the_groups_module_does():
    from bubblekern.groups import resolve_kerning
    from bubblekern.prior import flat_kerning

    groups = {"public.kern1.O": ["O", "D", "Q"], "public.kern2.O": ["O", "C", "G"], "public.kern1.T": ["T"]}
    kerning = {("public.kern1.O", "public.kern2.O"): -10, ("D", "public.kern2.O"): -20, ("public.kern1.O", "C"): -30,
               ("D", "C"): -40, ("public.kern1.T", "O"): -50, ("Q", "G"): 0}
    assert flat_kerning(kerning, groups) == resolve_kerning(kerning, groups)
    assert flat_kerning(kerning, groups)[("D", "C")] == -40 and flat_kerning(kerning, groups)[("D", "G")] == -20


def test_the_command_line_kerns_with_the_references_the_window_recorded(tmp_path, capsys):
    from bubblekern.interface.references import add_references, store_prior_weight

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
    add_references(font, [tmp_path / "Reference.ufo"])  # as the RoboFont window's Settings tab does
    store_prior_weight(font, "0.5")
    font.save()
    assert kern_listed(capsys, path, listed)[("A", "V")] == rounded(0.5 * plain - 150)
    assert main(["kern", str(path), "--pairs", str(listed), "--dry-run"]) == 0  # the summary says it blended
    assert "blended with the reference fonts' kerning: 1 pair they cover (BubbleKern's share 0.5)" in (
        capsys.readouterr().out)
    assert main(["status", str(path)]) == 0  # status says what kern blends in
    assert ("kerning prior: 1 reference font blended in, BubbleKern's share 0.5: Reference.ufo "
            "(kern --no-prior leaves them out)") in capsys.readouterr().out
    (tmp_path / "Reference.ufo").rename(tmp_path / "Moved.ufo")
    assert main(["status", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prior"] == {
        "weight": 0.5, "fonts": [{"path": str(tmp_path / "Reference.ufo"), "found": False}]}


def test_a_font_is_not_its_own_reference(tmp_path, capsys):
    import kernfonts

    from helpers import tree_bytes

    font = bubbled()
    font.kerning[("A", "V")] = -80
    path = save(font, tmp_path, "Font.ufo")
    before = tree_bytes(path)
    assert main(["kern", str(path), "--prior", str(path)]) == 1
    assert "--prior names a font this run kerns or learns from" in capsys.readouterr().err
    assert main(["fit", str(path), "--prior", str(tmp_path / "." / "Font.ufo")]) == 1  # the same font, spelt otherwise
    assert "Font.ufo: --prior names a font" in capsys.readouterr().err
    assert tree_bytes(path) == before  # nothing written
    (tmp_path / "family").mkdir()
    family = kernfonts.make_family(tmp_path / "family")
    light = tmp_path / "family" / "Family-Light.ufo"
    assert main(["kern", str(family), "--prior", str(light)]) == 1  # a master of the designspace kerned
    assert "Family-Light.ufo: --prior names a font" in capsys.readouterr().err
