"""The value model's mechanics: depth caps, pair contexts and strengths, fitting strengths per context.

Whether they make kerning closer to a designer's is measured in benchmarks/quality.py, not here.
"""

import numpy as np
import pytest

from bubblekern import Settings, kern_pairs
from bubblekern.model import (
    BLEND,
    BLEND_STRENGTHS,
    BLENDS,
    CONTEXTS,
    capped_matrix,
    fit_strengths,
    glyph_kind,
    glyph_kinds,
    pair_contexts,
)
from bubblekern.settings import SettingsError
from bubblekern.solver import ProfileMatrix

from helpers import add_glyph, kern_listed, new_font, polygon, rect


def letters_font():
    """Box and L-shaped bubbles with Unicode values: straight H n, an L, a hyphen and a period."""
    font = new_font()
    add_glyph(font, "H", 700, bubble=lambda p: rect(p, 0, 0, 700, 700), unicode=ord("H"))
    add_glyph(font, "n", 560, bubble=lambda p: rect(p, 0, 0, 560, 500), unicode=ord("n"))
    # an L: the foot reaches the right sidebearing, the stem stops 420 units short of it
    add_glyph(font, "L", 600, bubble=lambda p: polygon(p, (0, 0), (600, 0), (600, 100), (180, 100), (180, 700), (0, 700)),
              unicode=ord("L"))
    add_glyph(font, "hyphen", 300, bubble=lambda p: rect(p, 20, 250, 280, 350), unicode=ord("-"))
    add_glyph(font, "period", 260, bubble=lambda p: rect(p, 30, 0, 230, 100), unicode=ord("."))
    add_glyph(font, "T", 600, bubble=lambda p: (rect(p, 0, 600, 600, 700), rect(p, 230, 0, 370, 600)), unicode=ord("T"))
    add_glyph(font, "o", 600, bubble=lambda p: rect(p, 40, 0, 560, 500), unicode=ord("o"))
    add_glyph(font, "o.alt", 600, bubble=lambda p: rect(p, 40, 0, 560, 500))
    add_glyph(font, "ornament", 600, bubble=lambda p: rect(p, 40, 0, 560, 500))
    return font


def designer_kerned(designer: Settings, gen, glyphs):
    """latin_font outlines without bubbles, kerned as ``designer`` kerns ``glyphs``' pairs on bubbles
    generated with ``gen``."""
    from bubblekern.generate import make_bubbles
    from bubblekern.pairs import all_pairs

    from helpers import latin_font

    font = latin_font()
    font.removeLayer("bubble")
    work = latin_font()
    work.removeLayer("bubble")
    make_bubbles(work, None, gen)
    for pair, value in kern_pairs(work, all_pairs(glyphs), designer).kept.items():
        font.kerning[pair] = value
    return font


def kern(font, pairs, **settings):
    return kern_pairs(font, pairs, Settings(**settings)).as_dict()


def test_a_depth_cap_stops_a_hyphen_that_far_inside_the_L():
    font = letters_font()
    plain = kern(font, [("L", "hyphen")])
    assert plain[("L", "hyphen")] == -150  # slides towards the stem (420 + 20) until held by half the hyphen's advance
    capped = kern(font, [("L", "hyphen")], depth_cap=100)
    assert capped[("L", "hyphen")] == -120  # 100 inside the L's outer line, plus the hyphen's own 20
    assert kern(font, [("L", "hyphen")], depth_cap=0)[("L", "hyphen")] == -20


def test_the_depth_cap_scales_with_units_per_em():
    font = letters_font()
    big = new_font(2000)
    add_glyph(big, "L", 1200, bubble=lambda p: polygon(p, (0, 0), (1200, 0), (1200, 200), (360, 200), (360, 1400), (0, 1400)))
    add_glyph(big, "hyphen", 600, bubble=lambda p: rect(p, 40, 500, 560, 700))
    assert kern(big, [("L", "hyphen")], depth_cap=100)[("L", "hyphen")] == 2 * kern(font, [("L", "hyphen")], depth_cap=100)[("L", "hyphen")]


def test_straight_references_stay_zero_whatever_the_model_settings():
    font = letters_font()
    references = [("H", "H"), ("n", "n"), ("H", "n"), ("n", "H")]
    for settings in ({}, {"depth_cap": 0}, {"depth_cap": 60, "strengths": (2, 2, 2, 2, 2)}, {"strengths": (0, 0.5, 3, 1, 1)},
                     {"blend": BLEND}, {"blend": BLEND, "strengths": (1.5, 1.5, 1.5, 1.5, 1.5)}):
        assert kern(font, references, **settings) == {p: 0 for p in references}


def test_depth_caps_leave_bubbles_whose_rooms_are_within_the_cap_alone():
    font = letters_font()
    pairs = [(a, b) for a in ("H", "n", "o", "period") for b in ("H", "n", "o", "period")]
    assert kern(font, pairs, depth_cap=50) == kern(font, pairs)


def test_capped_matrix_caps_each_side_from_its_own_outermost_band():
    room = np.array([[0.0, 50.0, 400.0, np.inf], [10.0, 10.0, 10.0, 10.0]])
    matrix = ProfileMatrix(("a", "b"), {"a": 0, "b": 1}, 0, 10.0, room.copy(), room[:, ::-1].copy(), np.array([500.0, 500.0]))
    capped = capped_matrix(matrix, 100)
    assert capped.room_left.tolist() == [[0.0, 50.0, 100.0, np.inf], [10.0, 10.0, 10.0, 10.0]]
    assert capped.room_right.tolist() == [[np.inf, 100.0, 50.0, 0.0], [10.0, 10.0, 10.0, 10.0]]
    assert matrix.room_left[0, 2] == 400  # the original is untouched
    with pytest.raises(ValueError):
        capped_matrix(matrix, -1)


def test_glyph_kinds_come_from_unicode_values_or_the_name_before_the_suffix():
    font = letters_font()
    kinds = {n: glyph_kind(font, n) for n in ("H", "n", "hyphen", "period", "o.alt", "ornament")}
    assert kinds == {"H": "U", "n": "l", "hyphen": "P", "period": "S", "o.alt": "l", "ornament": ""}
    add_glyph(font, ".notdef", 500, bubble=lambda p: rect(p, 40, 0, 460, 700))
    assert glyph_kind(font, ".notdef") == ""  # a name starting with a period has no base to ask about
    contexts = pair_contexts(["U", "U", "l", "l", "P", "U", "", "S", "S", "S", "U", "S"],
                             ["U", "l", "U", "l", "l", "P", "U", "U", "l", "P", "S", ""])
    assert [CONTEXTS[i] if i >= 0 else None for i in contexts] == [
        "UC-UC", "UC-lc", "lc-UC", "lc-lc", "punctuation", "punctuation", None,
        "stop-letter", "stop-letter", "punctuation", "punctuation", "punctuation",
    ]


def test_each_context_is_scaled_by_its_own_strength():
    font = letters_font()
    pairs = [("L", "T"), ("T", "o"), ("o", "T"), ("o", "o.alt"), ("T", "period"), ("T", "ornament")]
    plain = kern(font, pairs, min_kern=0)
    assert plain == {("L", "T"): -230, ("T", "o"): -270, ("o", "T"): -270, ("o", "o.alt"): -80,
                     ("T", "period"): -130, ("T", "ornament"): -270}
    scaled = kern(font, pairs, min_kern=0, strengths=(0.5, 0.25, 0.1, 2.0, 0.0, 1.0))
    assert scaled == {("L", "T"): -115, ("T", "o"): -68, ("o", "T"): -27, ("o", "o.alt"): -160,
                      ("T", "period"): 0, ("T", "ornament"): -270}  # a glyph of no kind is not scaled
    everything = kern_pairs(font, None, Settings(min_kern=0, strengths=(0.5, 0.25, 0.1, 2.0, 0.0, 1.0))).as_dict()
    assert {p: everything[p] for p in pairs} == scaled  # all pairs solve the same as a pair list


def test_small_capitals_are_capitals_to_the_value_model():
    font = letters_font()
    for name in ("o.sc", "o.c2sc.ss01", "uni1D0F.sc", "glyph01969", "glyph01970"):
        add_glyph(font, name, 600, bubble=lambda p: rect(p, 40, 0, 560, 560))
    add_glyph(font, "uni1D0F", 600, bubble=lambda p: rect(p, 40, 0, 560, 560), unicode=0x1D0F)  # encoded: stays lowercase
    font.features.text = "feature smcp { sub o by glyph01969; } smcp;"  # a small capital by its feature, not its name
    names = ("o.sc", "o.c2sc.ss01", "o.alt", "uni1D0F", "uni1D0F.sc", "glyph01969", "glyph01970")
    assert glyph_kinds(font, names) == {"o.sc": "U", "o.c2sc.ss01": "U", "o.alt": "l", "uni1D0F": "l",
                                        "uni1D0F.sc": "U", "glyph01969": "U", "glyph01970": ""}
    assert {n: glyph_kind(font, n) for n in names[:5]} == {n: k for n, k in glyph_kinds(font, names).items() if n in names[:5]}
    pairs = [("T", "o"), ("T", "o.sc")]
    plain = kern(font, pairs, min_kern=0)
    scaled = kern(font, pairs, min_kern=0, strengths=(0.5, 0.25, 1.0, 1.0, 1.0, 1.0))
    assert scaled == {("T", "o"): round(plain[("T", "o")] * 0.25), ("T", "o.sc"): round(plain[("T", "o.sc")] * 0.5)}


def test_strengths_never_scale_positive_kerns_nor_pass_the_cap():
    font = new_font()
    add_glyph(font, "f", 400, bubble=lambda p: rect(p, 0, 0, 520, 700), unicode=ord("f"))
    add_glyph(font, "x", 500, bubble=lambda p: rect(p, -40, 0, 500, 700), unicode=ord("x"))
    add_glyph(font, "i", 200, bubble=lambda p: rect(p, 60, 0, 140, 700), unicode=ord("i"))
    values = kern(font, [("f", "x"), ("i", "i")], strengths=(1, 1, 1, 4, 1), positive_limit=None)
    assert values[("f", "x")] == 160  # overlap: positive, unscaled
    assert values[("i", "i")] == -100  # 4 × −120 is held by half the narrower advance


def test_a_context_at_strength_0_is_not_kerned_at_all_not_even_apart():
    """A strength of 0 says the designer does not kern the context: overlapping bubbles' positive kerns go too
    (f's hook before a quote in a font whose designer leaves quotes beside letters alone); other contexts keep
    theirs."""
    font = new_font()
    add_glyph(font, "f", 400, bubble=lambda p: rect(p, 0, 0, 520, 700), unicode=ord("f"))
    add_glyph(font, "x", 500, bubble=lambda p: rect(p, -40, 0, 500, 700), unicode=ord("x"))
    add_glyph(font, "X", 500, bubble=lambda p: rect(p, -40, 0, 500, 700), unicode=ord("X"))
    pairs = [("f", "x"), ("f", "X")]
    apart = kern(font, pairs, positive_limit=None)
    assert apart == {("f", "x"): 160, ("f", "X"): 160}
    lc_lc = kern(font, pairs, strengths=(1, 1, 1, 0, 1, 1, 1), positive_limit=None)
    assert lc_lc == {("f", "x"): 0, ("f", "X"): 160}  # lc–lc at 0: not kerned; lc–UC kept
    near_zero = kern(font, pairs, strengths=(1, 1, 1, 0.05, 1, 1, 1), positive_limit=None)
    assert near_zero[("f", "x")] == 160  # any other strength leaves a positive kern unscaled


def test_settings_round_trip_and_refuse_bad_model_values():
    settings = Settings(depth_cap=60, strengths=[0.5, 1, 1, 1, 0.25, 0, 2], failsafe="skip", stop_raised=-68)
    data = settings.to_dict()
    assert data["depth_cap"] == 60 and data["failsafe"] == "skip" and data["stop_raised"] == -68
    assert data["strengths"] == [0.5, 1.0, 1.0, 1.0, 0.25, 0.0, 2.0]
    assert Settings.from_dict(data) == settings
    assert not {"strengths", "depth_cap", "stop_raised"} & set(Settings().to_dict())
    for bad in ({"depth_cap": -1}, {"depth_cap": float("nan")}, {"strengths": (1, 1)}, {"strengths": (1, 1, 1, 1, -0.5)},
                {"strengths": (1, 1, 1, 1, 9)}, {"failsafe": "none"}, {"stop_raised": -501}, {"stop_raised": float("nan")},
                {"stop_raised": "-60"}, {"stop_raised": True}):
        with pytest.raises(ValueError):
            Settings(**bad)


def test_fit_strengths_picks_a_strength_per_context_on_a_constructed_case():
    rng = np.random.default_rng(7)
    truth = (0.5, 1.0, 0.2, 1.5, 0.0, 1.25, 0.75)
    contexts = np.repeat(np.arange(len(CONTEXTS)), 6).astype(np.int8)
    raw = -rng.integers(20, 200, size=len(contexts)).astype(float)
    reference = np.round(raw * np.array(truth)[contexts])
    found = fit_strengths(raw, reference, contexts)
    assert found == (*truth[:3], 1.0, *truth[4:])  # two lowercase letters: never deeper than the blend


def test_no_fitted_strength_passes_its_context_s_limit():
    from bubblekern.model import STRENGTH_LIMITS

    lc_lc = CONTEXTS.index("lc-lc")
    assert STRENGTH_LIMITS[lc_lc] == 1.0 and max(STRENGTH_LIMITS) == 2.0
    raw = np.array([-11.0, -11.0, -11.0, -11.0, 0.0])  # light pairs the blend barely sees ...
    reference = np.array([-30.0, -30.0, -30.0, -30.0, 0.0])  # ... a designer kerns -30
    for context, limit in ((0, 2.0), (lc_lc, 1.0)):
        contexts = np.full(5, context, dtype=np.int8)
        assert fit_strengths(raw, reference, contexts)[context] == limit


def test_fit_strengths_keeps_contexts_without_enough_model_pairs():
    raw = np.array([-100.0, -80.0, -60.0])
    reference = np.array([-50.0, -40.0, -30.0])
    contexts = np.array([0, 0, 3], dtype=np.int8)
    found = fit_strengths(raw, reference, contexts, keep=(1.0, 0.7, 1.0, 1.2, 0.3, 0.8, 0.3))
    assert found == (0.5, 0.7, 1.0, 1.2, 0.3, 0.8, 0.3)  # lc-lc has one pair only: kept
    assert fit_strengths(raw, np.zeros(3), contexts)[0] == 0.0  # a designer who kerns none of them


def test_lc_uc_strength_follows_the_lighter_model_pairs():
    """A designer kerns lowercase before capitals in part (``n T`` but not ``o V``): lc-UC's strength is what its
    lighter model pairs say, where another context's is the middle of them."""
    from bubblekern.model import OVERKERN_SHARE

    lc_uc, uc_uc = CONTEXTS.index("lc-UC"), CONTEXTS.index("UC-UC")
    assert OVERKERN_SHARE == {lc_uc: 0.25}
    raw = np.array([-40.0, -40.0])
    for context, expected in ((lc_uc, 0.0), (uc_uc, 1.0)):  # one pair kerned -80, one left at 0
        contexts = np.full(2, context, dtype=np.int8)
        assert fit_strengths(raw, np.array([-80.0, 0.0]), contexts)[context] == expected
    raw, reference = np.full(3, -40.0), np.array([-40.0, -60.0, -80.0])  # a designer who kerns them all
    for context, expected in ((lc_uc, 1.0), (uc_uc, 1.5)):
        contexts = np.full(3, context, dtype=np.int8)
        assert fit_strengths(raw, reference, contexts)[context] == expected


def test_the_learned_strength_counts_as_prior_pairs_of_a_measured_context():
    """``prior_pairs``: a few model pairs move a strength only as far as they agree; many move it all the way;
    lc-UC (kern's rule, not a measure) and the policies are not drawn."""
    from bubblekern.model import POLICIES, STRENGTH_PRIOR_PAIRS, UNDRAWN

    assert STRENGTH_PRIOR_PAIRS > 0 and CONTEXTS.index("lc-UC") in UNDRAWN
    keep = (1.0, 1.5, 1.0, 0.6, 1.0, 1.0, 0.3)
    punctuation = CONTEXTS.index("punctuation")
    # two punctuation pairs that disagree: one says 2, one says 0.3; alone they pick one of them
    raw, reference = np.array([-100.0, -20.0]), np.array([-200.0, -6.0])
    contexts = np.full(2, punctuation, dtype=np.int8)
    alone = fit_strengths(raw, reference, contexts, keep=keep)[punctuation]
    drawn = fit_strengths(raw, reference, contexts, keep=keep, prior_pairs=2.0)[punctuation]
    assert alone == 2.0 and 1.0 <= drawn < alone
    # twelve pairs that agree on 2: the prior of two pairs does not hold them back
    raw = -np.linspace(40.0, 150.0, 12)
    contexts = np.full(12, punctuation, dtype=np.int8)
    assert fit_strengths(raw, 2.0 * raw, contexts, keep=keep, prior_pairs=2.0)[punctuation] == 2.0
    # lc-UC and a policy: the model pairs decide alone, however few
    for context in (*UNDRAWN, *POLICIES):
        contexts = np.full(2, context, dtype=np.int8)
        raw = np.array([-60.0, -40.0])
        assert fit_strengths(raw, np.zeros(2), contexts, keep=keep, prior_pairs=2.0)[context] == 0.0


def test_a_stop_before_a_letter_is_decided_by_one_model_pair_the_bubbles_kern():
    stop = CONTEXTS.index("stop-letter")
    raw = np.array([-100.0, -80.0, -120.0, -90.0])
    contexts = np.array([4, 4, stop, 0], dtype=np.int8)  # T. y. | .T | one UC-UC pair
    found = fit_strengths(raw, np.array([-100.0, -80.0, 0.0, -90.0]), contexts)
    assert found[4] == 1.0 and found[stop] == 0.0  # kerns T. as solved, leaves .T alone
    kerned = fit_strengths(raw, np.array([-100.0, -80.0, -60.0, -90.0]), contexts)
    assert kerned[stop] == 0.5
    # a stop pair the bubbles leave at 0 (. P: a straight stem) says nothing: the strength is kept
    flat = fit_strengths(np.array([-100.0, -80.0, 0.0]), np.array([-50.0, -40.0, 0.0]), np.array([4, 4, stop]),
                         keep=(1, 1, 1, 1, 1, 0.7, 1))
    assert flat[4] == 0.5 and flat[stop] == 0.7


def test_a_raised_mark_over_lowercase_is_decided_by_one_model_pair_the_bubbles_kern():
    raised = CONTEXTS.index("raised-lc")
    raw = np.array([-100.0, -80.0, -90.0])
    contexts = np.array([4, 4, raised], dtype=np.int8)  # 'A L' | 'o
    assert fit_strengths(raw, np.array([-100.0, -80.0, 0.0]), contexts)[raised] == 0.0  # Caladea: 'o 0
    assert fit_strengths(raw, np.array([-100.0, -80.0, -72.0]), contexts)[raised] == 0.8  # Noto Sans: 'o −60
    kept = fit_strengths(np.array([-100.0, 0.0]), np.array([-100.0, 0.0]), np.array([4, raised]),
                         keep=(1, 1, 1, 1, 1, 1, 0.3))
    assert kept[raised] == 0.3  # a raised pair the bubbles leave at 0 says nothing


def test_a_stop_before_a_letter_has_its_own_strength_and_old_settings_keep_theirs():
    font = letters_font()
    add_glyph(font, "comma", 260, bubble=lambda p: rect(p, 30, -120, 230, 100), unicode=ord(","))
    pairs = [("T", "period"), ("period", "T"), ("comma", "T"), ("hyphen", "T"), ("period", "hyphen")]
    plain = kern(font, pairs, min_kern=0)
    assert plain[("T", "period")] < 0 and plain[("period", "T")] < 0 and plain[("comma", "T")] < 0
    apart = kern(font, pairs, min_kern=0, strengths=(1, 1, 1, 1, 1, 0))
    assert apart[("period", "T")] == apart[("comma", "T")] == 0  # a stop before a letter: its own context
    assert {p: apart[p] for p in pairs if p[0] not in ("period", "comma")} == {
        p: plain[p] for p in pairs if p[0] not in ("period", "comma")}  # T. and - T: punctuation, as solved
    assert apart[("period", "hyphen")] == plain[("period", "hyphen")]  # a stop before punctuation: punctuation
    # five strengths, as fonts fitted before this context stored them: the stop follows punctuation
    old = Settings.from_dict({"strengths": [1, 1, 1, 1, 0.5]})
    assert old.strengths == (1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5)
    assert Settings.from_dict({"strengths": [1, 1, 1, 1, 0.5, 0]}).strengths == (1, 1, 1, 1, 0.5, 0, 0.5)
    assert kern(font, pairs, min_kern=0, strengths=(1, 1, 1, 1, 0.5)) == kern(
        font, pairs, min_kern=0, strengths=(1, 1, 1, 1, 0.5, 0.5, 0.5))


# -- fitting the model with the bubbles -----------------------------------------------------


def test_fit_finds_the_strength_per_context_behind_a_kerning_and_stores_it():
    from bubblekern.fit import fit, store_fit
    from bubblekern.generate import GenerateSettings
    from bubblekern.pairs import cmap_of, pairs_from_text
    from bubblekern.settings import LIB_KEY

    designer = Settings(strengths=(0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0))  # capitals kerned half as much as the bubbles say
    gen = GenerateSettings(offset_x=40, offset_y=30)
    font = designer_kerned(designer, gen, ["H", "O", "A", "V", "T", "o", "n", "v"])
    training = pairs_from_text("HOTAVOAvonTo\nHAVTvoT", cmap_of(font), set(font.keys()))
    plain = fit(font, training, start=gen, refine=False, model=False)
    fitted = fit(font, training, start=gen, refine=False, value_model="search")
    assert fitted.best.strengths[0] == 0.5 and fitted.best.depth_cap is None
    assert fitted.training.mae == 0 < plain.training.mae
    assert fitted.held_out.mae < plain.held_out.mae
    store_fit(font, fitted)
    assert font.lib[LIB_KEY]["strengths"] == [0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0] and "depth_cap" not in font.lib[LIB_KEY]
    assert fitted.to_dict()["strengths"]["UC-UC"] == 0.5


def test_the_blend_weighs_the_kerns_of_grown_bubbles_by_hand():
    font = letters_font()
    flat = {"stem_reference": False}  # the arithmetic alone: o's straight side is not measured from n here
    # T's stem leaves 230 units of room on its right, o's bubble 40 on its left: T o −270
    assert kern(font, [("T", "o")])[("T", "o")] == -270
    assert kern(font, [("T", "o")], blend=((0, 0, 0.5),), **flat)[("T", "o")] == -135
    # grown 20 units wide: 210 + 20 (o's side stops at its sidebearing line)
    assert kern(font, [("T", "o")], blend=((20, 0, 1),), **flat)[("T", "o")] == -230
    assert kern(font, [("T", "o")], blend=((0, 0, 0.5), (20, 0, 0.5)), **flat)[("T", "o")] == -250
    # grown 100 units high: the bar comes down to the o, which comes up to it, 40 units apart
    assert kern(font, [("T", "o")], blend=((0, 100, 1),), **flat)[("T", "o")] == -40
    # on 2000 units per em the halo scales with the em
    big = new_font(2000)
    add_glyph(big, "T", 1200, bubble=lambda p: (rect(p, 0, 1200, 1200, 1400), rect(p, 460, 0, 740, 1200)))
    add_glyph(big, "o", 1200, bubble=lambda p: rect(p, 80, 0, 1120, 1000))
    assert kern(big, [("T", "o")], blend=((20, 0, 1),), **flat)[("T", "o")] == -460


def test_the_blend_never_sets_a_pair_closer_than_its_bubbles_nor_touches_positive_kerns():
    font = letters_font()
    add_glyph(font, "wide", 500, bubble=lambda p: rect(p, -50, 0, 550, 500))  # past both sidebearings
    names = list(font.keys())
    pairs = [(a, b) for a in names for b in names]
    plain = kern(font, pairs, min_kern=0)
    for blend in (BLEND, ((0, 0, 2.0),), ((0, 0, 3.0), (40, 40, -1.0))):
        blended = kern(font, pairs, min_kern=0, blend=blend)
        assert all(blended.get(p, 0) >= plain.get(p, 0) for p in pairs)
        assert all(blended.get(p, 0) == v for p, v in plain.items() if v > 0)
    assert plain[("wide", "wide")] == 100
    assert kern(font, [("T", "o")], blend=((0, 0, 2.0),), stem_reference=False)[("T", "o")] == -270  # held at the bubbles'
    some = kern(font, pairs, min_kern=0, blend=BLEND)
    assert any(some.get(p, 0) > v for p, v in plain.items() if v < 0)  # the blend loosens some pairs


def test_blend_settings_round_trip_and_refuse_bad_values():
    settings = Settings(blend=[[0, 0, 0.3], [40, 40, 0.6]])
    assert settings.blend == ((0.0, 0.0, 0.3), (40.0, 40.0, 0.6))
    assert Settings.from_dict(settings.to_dict()) == settings
    assert settings.to_dict()["blend"] == [[0.0, 0.0, 0.3], [40.0, 40.0, 0.6]]
    assert "blend" not in Settings().to_dict()
    for bad in ([[0, 0]], [[-1, 0, 1]], [[0, 600, 1]], [[0, 0, float("nan")]], "corpus", [[0, 0, 1]] * 17, [[0, True, 1]]):
        with pytest.raises(SettingsError, match="blend"):
            Settings(blend=bad)


def generated_font(**settings):
    """helpers.latin_font outlines with generated bubbles: default ones (what BLEND was learned on),
    or made with these generation ``settings``."""
    from bubblekern.generate import GenerateSettings, make_bubbles

    from helpers import latin_font

    font = latin_font()
    font.removeLayer("bubble")
    make_bubbles(font, None, GenerateSettings(**settings))
    return font


def test_auto_blends_the_pairs_of_default_generated_bubbles_and_no_others():
    from bubblekern.generate import GenerateSettings, make_bubbles

    font = generated_font()
    names = ["H", "O", "A", "V", "T", "o", "v", "period", "Aacute"]
    pairs = [(a, b) for a in names for b in names]
    off = kern(font, pairs)
    on = kern(font, pairs, blend=BLEND, strengths=BLEND_STRENGTHS)  # the blend and the strengths learned with it
    auto = kern_pairs(font, pairs, Settings(blend="auto"))
    assert auto.as_dict() == on != off and auto.blended == len(pairs)  # Aacute inherits A's: blended too
    assert kern_pairs(font, pairs, Settings()).blended == 0
    unscaled = kern(font, pairs, blend=BLEND)
    assert BLEND_STRENGTHS[CONTEXTS.index("UC-lc")] > 1 and on[("T", "o")] < unscaled[("T", "o")] < 0
    capital_lowercase = {(a, b) for a in ("H", "O", "A", "V", "T", "Aacute") for b in ("o", "v")}
    lowercase = {(a, b) for a in ("o", "v") for b in ("o", "v")}  # lc-lc: less deep
    assert BLEND_STRENGTHS[CONTEXTS.index("lc-lc")] < 0.8
    assert all(unscaled.get(p, 0) <= on.get(p, 0) <= 0 for p in lowercase)  # this font's are −1 either way
    assert all(on.get(p) == unscaled.get(p) for p in pairs if p not in capital_lowercase | lowercase)
    chosen = (1.0, 1.2, 1.0, 1.0, 0.5, 1.0)  # strengths the settings give (as fit stores them) are kept as they are
    assert kern(font, pairs, blend="auto", strengths=chosen) == kern(font, pairs, blend=BLEND, strengths=chosen)

    # V's bubble edited by hand, T's made with other settings: their pairs are the bubbles' own collisions,
    # unscaled
    contour = font.getLayer("bubble")["V"].contours[0]
    contour.points[0].x += 7
    make_bubbles(font, ["T"], GenerateSettings(offset_x=30, overwrite="always"))
    off, on = kern(font, pairs), kern(font, pairs, blend=BLEND, strengths=BLEND_STRENGTHS)
    auto = kern_pairs(font, pairs, Settings(blend="auto"))
    plain = {p for p in pairs if "V" in p or "T" in p}
    assert auto.as_dict() == {p: off[p] if p in plain else on[p] for p in off.keys() | on.keys()
                              if (off.get(p) if p in plain else on.get(p)) is not None}
    assert auto.blended == len(pairs) - len(plain)
    assert any(off[p] != on[p] for p in pairs if p not in plain and p in off and p in on)


def test_bubbles_of_the_earlier_default_keep_the_blend_learned_on_them():
    from bubblekern.generate import GenerateSettings, make_bubbles

    earlier = BLENDS[1][1]
    assert BLENDS[1][0] == {"offset_y": 60.0} and earlier != BLEND and GenerateSettings().offset_y != 60
    assert set(BLENDS[1][2]) == {1.0}  # learned before the strengths were: they stay 1
    font = generated_font(offset_y=60)  # as version 0.1 made them
    names = ["H", "O", "A", "V", "T", "o", "v", "period", "Aacute"]
    pairs = [(a, b) for a in names for b in names]
    auto = kern_pairs(font, pairs, Settings(blend="auto"))
    assert auto.as_dict() == kern(font, pairs, blend=earlier) != kern(font, pairs, blend=BLEND)
    assert auto.blended == len(pairs)

    # two glyphs regenerated with today's default: the shape most glyphs have wins, the others stay plain
    make_bubbles(font, ["T", "V"], GenerateSettings(overwrite="always"))
    off, on = kern(font, pairs), kern(font, pairs, blend=earlier)
    auto = kern_pairs(font, pairs, Settings(blend="auto"))
    plain = {p for p in pairs if "V" in p or "T" in p}
    assert auto.as_dict() == {p: off[p] if p in plain else on[p] for p in off.keys() | on.keys()
                              if (off.get(p) if p in plain else on.get(p)) is not None}
    assert auto.blended == len(pairs) - len(plain)


def test_settings_take_auto_as_a_blend():
    assert Settings(blend="auto").blend == "auto"
    assert Settings.from_dict(Settings(blend="auto").to_dict()).blend == "auto"


def test_the_command_line_blends_by_default_only_what_auto_picks(tmp_path, capsys):
    import json

    from bubblekern import open_font
    from bubblekern.cli import main
    from bubblekern.settings import LIB_KEY

    from helpers import save

    path = save(generated_font(), tmp_path)
    pairs = [("T", "o"), ("A", "V"), ("V", "A"), ("H", "O"), ("T", "period")]
    listed = tmp_path / "pairs.txt"
    listed.write_text("".join(f"{a} {b}\n" for a, b in pairs))

    def run(*flags) -> tuple[dict, str]:
        assert main(["kern", str(path), "--pairs", str(listed), "--dry-run", "--format", "json", *flags]) == 0
        out, err = capsys.readouterr()
        return {(a, b): v for a, b, v in json.loads(out)["pairs"] if v}, err

    font = open_font(path)
    on, off, auto = ({p: v for p, v in kern(font, pairs, **b).items() if v}
                     for b in ({"blend": BLEND}, {}, {"blend": BLEND, "strengths": BLEND_STRENGTHS}))
    assert on != off and auto[("T", "o")] < on[("T", "o")]  # auto scales capital–lowercase kerns as learned
    got, err = run()
    assert got == auto and "halo blend on 5 of 5 pairs" in err
    assert main(["kern", str(path), "--pairs", str(listed), "--dry-run", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["blended"] == 5
    got, err = run("--blend", "off")
    assert got == off and "halo blend" not in err
    font.lib[LIB_KEY] = {"blend": []}  # what fit stores when it keeps one bubble per glyph
    font.save()
    got, err = run()
    assert got == off and "halo blend" not in err
    assert run("--blend", "auto")[0] == auto
    assert run("--blend", "on")[0] == on  # on: every pair blended, strengths as the settings give them


def test_fit_learns_from_one_model_pair_that_the_designer_leaves_stops_before_letters_alone():
    from bubblekern.fit import fit
    from bubblekern.generate import GenerateSettings, make_bubbles
    from bubblekern.pairs import cmap_of, pairs_from_text

    designer = Settings(strengths=(1.0, 1.0, 1.0, 1.0, 1.0, 0.0))  # T. V. kerned, . T and . V never
    gen = GenerateSettings(offset_x=40, offset_y=30)
    font = designer_kerned(designer, gen, ["H", "O", "A", "V", "T", "o", "n", "v", "period"])
    assert ("T", "period") in font.kerning and ("period", "V") not in font.kerning
    training = pairs_from_text("HOTAVOAvonTo\nHAVTvoT\nT.V", cmap_of(font), set(font.keys()))
    fitted = fit(font, training, start=gen, refine=False, value_model="search")
    assert fitted.best.strengths[CONTEXTS.index("stop-letter")] == 0.0
    assert fitted.best.strengths[CONTEXTS.index("punctuation")] == 1.0
    assert "stop-letter" not in fitted.kept and ",T or .V" not in fitted.format()
    unasked = fit(font, training[:-1], start=gen, refine=False, value_model="search")  # without . V: nothing says it
    assert unasked.best.strengths[CONTEXTS.index("stop-letter")] == 1.0 and "stop-letter" in unasked.kept
    assert "strength kept: " in unasked.format() and ",T or .V" in unasked.format()
    assert unasked.to_dict()["kept"] == unasked.kept
    make_bubbles(font, None, fitted.best.generate.replace(overwrite="always"))
    values = kern_pairs(font, [("period", "T"), ("V", "period"), ("period", "A")], fitted.settings).as_dict()
    assert values[("period", "T")] == values[("period", "A")] == 0  # held out: no stop before a letter is kerned
    assert values[("V", "period")] == font.kerning[("V", "period")] < 0  # the other side still is


def serif_font():
    """An H whose serifs reach its sidebearing lines and whose stems stop 40 units inside them, a hyphen
    spaced 20 units clear of its lines, an o, a T, a quote; every bubble drawn."""
    font = new_font()
    add_glyph(font, "H", 700, bubble=lambda p: (rect(p, 0, 0, 700, 60), rect(p, 40, 60, 660, 640), rect(p, 0, 640, 700, 700)),
              unicode=ord("H"))
    add_glyph(font, "hyphen", 400, bubble=lambda p: rect(p, 20, 250, 380, 350), unicode=ord("-"))
    add_glyph(font, "o", 600, bubble=lambda p: rect(p, 10, 0, 590, 500), unicode=ord("o"))
    add_glyph(font, "T", 600, bubble=lambda p: (rect(p, 0, 600, 600, 700), rect(p, 100, 0, 500, 600)), unicode=ord("T"))
    add_glyph(font, "quotesingle", 200, bubble=lambda p: rect(p, 40, 500, 160, 700), unicode=ord("'"))
    return font


def test_punctuation_is_measured_from_the_straight_reference():
    from bubblekern.model import straight_reference

    font = serif_font()
    pairs = [(a, b) for a in font.keys() for b in font.keys()]
    plain = ((0, 0, 1.0),)  # the bubbles' own kerns, through the blend (the dash clearance, tested on its own, off)
    off = kern(font, pairs, blend=plain, min_kern=0, punctuation_reference=False, dash_clearance=0)
    on = kern(font, pairs, blend=plain, min_kern=0, dash_clearance=0)
    assert straight_reference(font, font.keys()) == "H"
    # between H's serifs the hyphen slides 20 + 40 units in: its designer's spacing, so it stays 0 ...
    assert off[("hyphen", "H")] == off[("H", "hyphen")] == -60
    assert on[("hyphen", "H")] == on[("H", "hyphen")] == 0
    # ... and every pair of it is 60 units less deep, never turned positive
    assert off[("hyphen", "o")] == -30 and on[("hyphen", "o")] == 0
    assert off[("T", "hyphen")] == -120 and on[("T", "hyphen")] == -60  # 100 + 20 room, less 60
    # the quote meets H's top serif 40 units out: that much is taken off its pairs
    assert off[("quotesingle", "H")] == off[("quotesingle", "T")] == -40 and on[("quotesingle", "T")] == 0
    assert off[("T", "quotesingle")] == -40 and on[("T", "quotesingle")] == 0
    # pairs of two letters are never measured so
    letters = [p for p in pairs if not {"hyphen", "quotesingle"} & set(p)]
    assert [on[p] for p in letters] == [off[p] for p in letters] and off[("T", "o")] == -110
    # without the blend (bubbles a designer drew, kerned as drawn) nothing changes
    assert kern(font, pairs, min_kern=0) == kern(font, pairs, min_kern=0, punctuation_reference=False)


def test_a_pair_list_measures_punctuation_as_a_full_run_does():
    font = serif_font()
    everything = kern_pairs(font, None, Settings(blend=BLEND, min_kern=0)).as_dict()
    alone = kern(font, [("T", "hyphen"), ("hyphen", "o")], blend=BLEND, min_kern=0)  # H is in no pair
    assert alone == {p: everything[p] for p in alone} and ("T", "hyphen") in alone
    font.removeGlyph("H")  # no straight reference: nothing to measure from
    assert kern(font, [("T", "hyphen")], blend=BLEND) == kern(font, [("T", "hyphen")], blend=BLEND,
                                                              punctuation_reference=False)


def test_the_straight_reference_is_h_else_greek_eta_else_cyrillic_en():
    from bubblekern.model import straight_reference

    font = new_font()
    for name, code in (("Eta", 0x397), ("En", 0x41D), ("Heta", None), ("hyphen", 0x2D)):
        add_glyph(font, name, 500, bubble=lambda p: rect(p, 0, 0, 500, 700), unicode=code)
    assert straight_reference(font, font.keys()) == "Eta"
    assert straight_reference(font, ["En", "hyphen"]) == "En"
    assert straight_reference(font, ["hyphen", "Heta"]) is None


def test_the_command_line_tucks_unless_told_not_to(tmp_path, capsys):
    from test_raised import raised_font

    font = raised_font()
    path = tmp_path / "Raised.ufo"
    font.save(str(path))
    listed = tmp_path / "pairs.txt"
    listed.write_text("quoteright o\n")

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "on", *flags)

    tucked, plain = run(), run("--no-tuck-raised")
    assert tucked[("quoteright", "o")] < 0 and ("quoteright", "o") not in plain  # 0: not listed


def test_the_command_line_keeps_punctuation_clear_of_hanging_ink_unless_told_not_to(tmp_path, capsys):
    from test_hang import hook_font

    path = tmp_path / "Hook.ufo"
    hook_font().save(str(path))
    listed = tmp_path / "pairs.txt"
    listed.write_text("f quoteright\n")

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "on", *flags)

    assert run()[("f", "quoteright")] == 60
    assert ("f", "quoteright") not in run("--no-clear-hanging-ink")  # 0: not listed


def test_the_command_line_sets_stops_past_foot_serifs_unless_told_not_to(tmp_path, capsys):
    from test_serif_stops import serif_font

    path = tmp_path / "Serif.ufo"
    serif_font().save(str(path))
    listed = tmp_path / "pairs.txt"
    listed.write_text("T period\nT.sans period\n")

    def run(*flags) -> dict:
        return kern_listed(capsys, path, listed, "--blend", "on", "--min-kern", "0", *flags)

    past, plain = run(), run("--no-serif-stops")
    assert past[("T", "period")] == past[("T.sans", "period")] < plain[("T", "period")] < 0
    assert plain[("T.sans", "period")] == past[("T.sans", "period")]
