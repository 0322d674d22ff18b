"""The value model on top of the bubbles: depth caps, pair contexts and their strengths.

The bubbles stay the collision bound; this module shapes what the solver makes of them.

- **Depth caps** (``Settings.depth_cap``, per 1000 units per em): in every band, the room
  beside a glyph's bubble counts at most ``depth_cap`` more than the room at the glyph's
  outermost band on that side. A hyphen or a period beside L, F, P or C then stops that
  far inside the glyph's outer line instead of sliding in until it meets the stem.
  Straight sides (H, n) are unchanged: their room is the same in every band.
- **Contexts**: each pair falls in one of :data:`CONTEXTS` by the Unicode categories of its
  glyphs (any punctuation or symbol makes it ``punctuation``). Its value is scaled by the
  context's strength (``Settings.strengths``, one per context; 1 leaves it as solved).
  Pairs of other glyphs (figures, unencoded glyphs whose name does not lead to a letter)
  are not scaled. A **stop** (:data:`STOPS`: period, comma, colon, semicolon, ! ? … and their
  kin) before a letter is a context of its own, ``stop-letter``: in text a space follows a
  stop, so designers differ most there (Caladea's and Roboto's leave `.T` `,V` at 0, Noto's
  kern them like `T.`), and one model pair such as `,T` says which a font does.
- :func:`fit_strengths` picks a strength per context from reference values of model pairs.
- **The halo blend** (``Settings.blend``): each glyph's bubble is grown, band by band, by a few
  elliptical halos (:func:`grown_matrices`; a halo of negative height first takes the bubbles' vertical
  margin off); a pair's negative kern is the weighted sum of its kerns with each grown set, never closer
  than its bubbles' own kern. One bubble says where a
  pair collides; the kerns of its grown copies say how the white between the pair is spread
  over the height, which is what a designer's value follows. :data:`BLEND` holds the halos and
  weights learned (least squares) on the kerning of five hand-kerned fonts of ``../shared`` with
  default generated bubbles (60/40 per 1000 em); with weights learned on four and tested on the
  fifth, ``fit``'s strengths and thresholds on 30 model pairs reach r 0.80–0.83 on the pairs it
  did not see, with the rules below and capital pairs' own threshold (``Settings.capital_min_kern``) (``benchmarks/quality.py``; 0.52–0.68 for one bubble when the blend came). Bubbles generated
  with an earlier default keep the blend learned on them (:data:`BLENDS`, :func:`auto_blend`).

- **The straight reference** (``Settings.punctuation_reference``): with the blend, a punctuation glyph
  is kerned from where it meets H (:func:`straight_reference`, :func:`reference_offsets`): the room
  its bubble leaves beside the straight stem, a hyphen between H's serifs, is its designer's
  spacing, so ``-H`` stays 0 like ``H H`` and every pair of it is that much less deep.
- **The stem reference** (``Settings.stem_reference``): with the blend, a letter whose side is one straight
  line over the lowercase's height, set back from its outermost point by a serif at most (``N`` ``J``
  ``Eng`` in a serif font: the serif at the top, none at the foot), is kerned from where it meets ``n``
  (:func:`stem_offsets`): the room its stem keeps from n's is its designer's spacing, as a straight
  stem's is, so ``N a`` stays 0 like ``H a``.
- **Accents follow their letter** (``Settings.follow_base``): with the blend, an accented glyph
  kerns at least as deep as its base letter (``Tä`` as ``Ta``, ``öT`` as ``oT``, where the dieresis
  would stop T's arm; ``Ŧa`` as ``Ta``, a letter drawn on another by its Unicode name), unless its own
  kern is positive, its accent overhangs the letter's edge facing the other glyph by more than
  :data:`FOLLOW_OVERHANG` or the letter is narrower than :data:`FOLLOW_MIN_WIDTH` (``ì ï i``:
  :func:`followed_bases`).
- **Raised marks tuck over lowercase** (``Settings.tuck_raised``): with the blend, a raised mark (a quote,
  asterisk or degree: punctuation drawn above half the x-height, kind ``"R"``, :func:`raised_marks`) before a
  lowercase letter is its own context, ``raised-lc``, solved on the bubbles with their vertical margins taken
  off (:func:`raised_tuck`) and measured from the straight reference: a quote's bubble and an ``o``'s meet
  only by those margins, which left ``’o`` near 0. How far a designer tucks is a policy (Noto Sans ``'o`` −60,
  Caladea 0), so one model pair the bubbles kern decides the context's strength, as for ``stop-letter``.
- **Letters come under an arm** (``Settings.tuck_arms``): with the blend, a pair of two letters, not both capitals,
  gains :data:`ARM_WEIGHT` of the room the pair's bubbles open without their vertical margins, each side counted at
  most :data:`ARM_DEPTH` deeper than its outermost point (:func:`arm_tuck`). A ``u`` under T's arm meets it only by
  the bubbles' margins, which held ``T u`` ``T v`` at 0 in serif fonts (TeX Gyre Termes, Clear Sans, STIX) where
  their designers kern them as ``T o``, −80 to −110 per 1000 em; so do ``k e`` ``r T`` ``y o`` under k's, r's and
  y's arms. Pairs of parallel sides (``H n``) open nothing.
- **Letters come into the room their ink leaves** (``Settings.ink_room``): with the blend, a pair of two capitals
  or two lowercase letters gains :data:`INK_WEIGHT` of the room its ink leaves beyond what each side leaves beside
  its case's straight reference, ``H`` or ``n`` (:func:`ink_measure`). Generated bubbles reach a round or slanted
  letter's sidebearing lines over most of its height, so ``v o`` ``r e`` met at 0 and ``K C`` ``Y O`` at a third of
  what designers kern; ``H O`` ``O O`` ``n o`` gain nothing.
- **Punctuation keeps clear of hanging ink** (``Settings.clear_hanging_ink``): with the blend, a closing bracket
  or quote or raised punctuation (:func:`hang_marks`) after a letter whose ink reaches past its right sidebearing
  line by more than :data:`HANG_MIN` in the bands the mark's bubble reaches (f's hook beside a quote or a
  closing bracket) is kerned apart at least that far (:func:`hanging_ink`): generated bubbles stop at the
  sidebearing lines, so the hook's overhang was invisible to them, where designers kern ``f'`` +60 to +83 per
  1000 em (Caladea, Noto Sans, Noto Serif) and ``f)`` +40 to +90 (Noto). Letters whose accent or horn is what
  hangs (``ť ơ î``, built on a letter that does not: :func:`letter_roots`) are left as the bubbles kern them.
- **A dash beside a letter at the designer's share** (``Settings.dash_share``): a dash (:func:`dash_rows`) beside a
  letter kerns at a share of the punctuation strength, a row and a column of the context table (:func:`context_scales`):
  whether dashes are kerned against letters at all is a policy (Roboto's and Noto's designers leave ``-Y`` at 0), which
  ``fit`` reads off a model pair such as ``-T``.
- **A designer's move of a whole case pair** (``Settings.case_offsets``): a kern added to every pair of two letters by
  their cases (:data:`CASE_CONTEXTS`, :func:`case_shifts`, the kernel's ``shifts``), after the strengths. The model
  kerns each case's straight pair (``H n`` for UC–lc: :func:`straight_pairs`) 0, so a designer's kern of it is how far
  that whole context moved (Lato ``H n`` −7.5, ``n H`` −9.5); ``fit`` reads it off that model pair.
- **A quote beside a letter at the designer's share** (``Settings.quote_share``): a raised mark (kind ``"R"``: a
  quote, an asterisk, a degree) after a letter or before a capital kerns at a share of the punctuation strength, a
  cell of the context table (:func:`context_scales`): whether quotes are kerned against letters at all is a policy
  (TeX Gyre's, Carlito's, DejaVu's designers leave ``L'`` ``'A`` at 0 and kern ``P,`` ``T.``), which ``fit`` reads
  off model pairs such as ``L'`` and ``'A``.
- **Capitals with no arm over the lowercase kern lighter before it** (``Settings.armless_share``): with the blend, a
  capital whose ink reaches no further right above half the x-height than below (``A K L R X Z``, ``H``, a serif ``N``
  whose thin top serif is no arm: :func:`arm_reach`, :func:`armless_capitals`) kerns before a lowercase letter at a
  share of UC–lc's strength, which is the arms' (``T V W Y F P``): under an arm the white reaches in over the
  lowercase letter's top, and designers kern ``Ta Vo Yo`` deeper than ``Av Ko Ly``. The share is a row of the
  context table (:func:`context_scales`), so the kernel is unchanged.
- **A stop is set past a foot serif** (``Settings.serif_stops``): with the blend, a low stop (``.`` ``,``) after a
  letter whose right side is a stem standing on a foot serif, under an arm (serif ``T Y F P r``: :func:`foot_serif`),
  is kerned as if the serif were not there: the serif's reach past the stem, times the blend's weights, is added
  to the pair's room (:func:`serif_measure`). The serif stopped the period under the arm where designers set it
  by the stem: Noto Serif's ``T.`` came out −37 and ``r.`` −35 per 1000 em where its designer kerns −90 and −130
  (Caladea ``T.`` −27 against −112); a sans letter, or a serif letter with no arm above (``I``), has nothing added.
- **A stop comes into a round foot** (``Settings.stop_floor``): with the blend, a low stop after a letter keeps at
  least a share of its bubbles' own kern, taken of at most :data:`STOP_FLOOR_DEPTH` of their room
  (:func:`stop_floors`, :func:`bubblekern.kernel.floor_gaps`): the halos grow the stop sideways and fill the white
  beside a round or slanted foot the stop itself comes into (Noto Sans ``O.`` −11 per 1000 em blended, −65 on the
  bubbles, −40 from its designer). The straight reference is blended the same way, so ``H.`` stays 0.
- **A capital comes close to a stop** (``Settings.stop_capital_floor``): with the blend, a capital after a low stop
  keeps three quarters of its bubbles' own kern, of at most :data:`STOP_FLOOR_DEPTH` of their room
  (:func:`stop_floors`): the halos grow the stop up and sideways into the white beside a round or slanted capital,
  where a sentence's first capital comes (Noto Sans ``.O`` −11 per 1000 em blended, −64 on the bubbles, −50 from
  its designer; ``.W`` −43, −116, −60). A lowercase letter after a stop is left blended: designers kern ``.v``
  ``.y`` far less than the bubbles.
- **Brackets hold their letters** (``Settings.kern_inside_brackets`` off): a letter or figure after an
  opening bracket or before a closing one is never kerned closer (:func:`bracket_codes`); overlapping
  bubbles still push it apart. Designers space brackets to what they hold: of the 9,300 such pairs
  either side kerns in Noto Sans, Noto Sans Italic and Noto Serif, their designers kern none closer,
  and Roboto's designer a few by at most 13/1000 em (``( [ {`` against ``C J``).
- **A quote after a stop** (``Settings.stop_raised``): a raised mark after a stop (``.'`` ``,"``) shares no band
  with it, so the fail-safe decides its kern. How far a designer brings the quote over the period is a policy
  (Caladea −68, Roboto −83 per 1000 em, Noto 0), one value for the class, so the setting gives all such pairs
  one kern and ``fit`` sets it from a model pair such as ``.'`` (:func:`stop_raised_rows`). Only a low stop
  (``.`` ``,``) counts: a colon's upper dot meets the quote's bubble, and designers kern ``:'`` as that lets them
  (Caladea −20, Roboto 0).

The arithmetic is the kernel's (:mod:`bubblekern.kernel`: numpy or plain Python), so the
model runs without numpy too; only :func:`fit_strengths` (used by the fit) needs numpy.

The fail-safe policy (``Settings.failsafe``) lives in :mod:`bubblekern.rules`.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from . import kernel
from .bands import BandProfile
from .errors import BubbleKernError
from .glyphsets import small_cap, small_caps_of, unicode_table
from .settings import units_per_em

__all__ = [
    "CONTEXTS",
    "STOPS",
    "STRENGTHS",
    "OVERKERN_SHARE",
    "STRENGTH_PRIOR_PAIRS",
    "STRENGTH_LIMITS",
    "glyph_kind",
    "glyph_kinds",
    "LOW_STOP_CATEGORIES",
    "pair_contexts",
    "capped_matrix",
    "context_scales",
    "CASE_CONTEXTS",
    "case_shifts",
    "straight_pairs",
    "ARM_REACH",
    "ARM_HEIGHT",
    "BAR_REACH",
    "arm_reach",
    "armless_capitals",
    "fit_strengths",
    "informed_contexts",
    "BLEND",
    "BLENDS",
    "BLEND_STRENGTHS",
    "BLEND_CHOICES",
    "earlier_blend",
    "auto_blend",
    "grown_matrices",
    "REFERENCE_CHARS",
    "measured_references",
    "MEASURED_KINDS",
    "kind_rows",
    "stop_raised_rows",
    "REVERSED_STOP_SHARE",
    "stop_floors",
    "dash_clearance",
    "dash_rows",
    "low_marks",
    "straight_reference",
    "reference_offsets",
    "STEM_CHAR",
    "STEM_SPREAD",
    "STEM_SETBACK",
    "STEM_KINDS",
    "stem_reference",
    "stem_offsets",
    "model_offsets",
    "model_measures",
    "FOLLOW_OVERHANG",
    "FOLLOW_MIN_WIDTH",
    "followed_bases",
    "bracket_codes",
    "RAISED_LC",
    "POLICIES",
    "RAISED_FLOOR",
    "raised_marks",
    "TUCK_DEPTH",
    "raised_tuck",
    "ARM_MARGIN",
    "ARM_DEPTH",
    "ARM_WEIGHT",
    "arm_tuck",
    "HANG_MIN",
    "HANG_CATEGORIES",
    "hang_marks",
    "letter_roots",
    "hanging_letters",
    "hanging_ink",
    "SERIF_HEIGHT",
    "SERIF_STEM_TOP",
    "SERIF_REACH",
    "SERIF_ARM",
    "foot_serif",
    "serif_letters",
    "serif_measure",
]

CONTEXTS = ("UC-UC", "UC-lc", "lc-UC", "lc-lc", "punctuation", "stop-letter", "raised-lc")
"""Pair contexts, in the order of ``Settings.strengths``."""
STOP_LETTER = CONTEXTS.index("stop-letter")
RAISED_LC = CONTEXTS.index("raised-lc")
POLICIES = (STOP_LETTER, RAISED_LC)
"""Contexts that are a designer's policy more than a measure: one model pair the bubbles kern decides each."""
STOPS = frozenset(
    "!,.:;?\u037e\u0387\u055c\u055d\u0589\u060c\u061b\u061f\u06d4\u0964\u0965\u2026\u203c\u2047\u2048\u2049"
    "\u3001\u3002\uff01\uff0c\uff0e\uff1a\uff1b\uff1f"
)
"""Stops: marks a space follows in text (Latin, Greek, Armenian, Arabic, Devanagari, CJK forms)."""
BLEND = ((0.0, 0.0, -0.503), (20.0, 0.0, -0.134), (40.0, 40.0, 0.242), (10.0, -40.0, 0.871))
"""The halo blend ``fit`` tries: (width, height per 1000 em, weight) per halo; (0, 0) is the bubble itself.
The weights of the small halos difference the bubble's kerns: they measure how deep the
white between the pair reaches, not just where it is narrowest. The last halo is eroded (a negative
height): the bubbles without their 40 of vertical margin, grown 10 sideways, never deeper than the bubbles
(:class:`bubblekern.kernel.Eroded`). Where a pair's bubbles meet along parallel sides it takes some off;
where they meet only by their margins (a lowercase top under T's or Y's arm) it keeps the bubbles' kern,
so such pairs kern deeper than pairs of parallel sides of the same kern. Learned (least squares) on default
generated bubbles (:func:`bubblekern.generate.default_shape`) and 23 hand-kerned fonts: the five of ``../shared``
and 18 from Debian's font packages (``benchmarks/quality.py --learn-dir``; benchmarks/README.md's "Fonts never seen"
names them). Learned on the five alone they were −0.487, −0.178, 0.5, 0.779."""
BLEND_STRENGTHS = (1.0, 1.63, 1.0, 0.45, 1.0, 1.0, 0.21)
"""The strengths per context (:data:`CONTEXTS`) learned with :data:`BLEND`: per context, the least-squares
scale of the blended kerns to the kerning of the 23 fonts (``benchmarks/quality.py --blend-weights
others`` prints them). Designers kern a capital with an arm over the lowercase (``T V W Y F P``) before
lowercase over half as deep again as the blend with the room under the arm (``Settings.tuck_arms``; UC–lc 1.63;
1.47–1.67 learned without any one family; 1.76 before the arm's room counted; the other capitals at
``Settings.armless_share`` of it, 0.37: :func:`armless_capitals`), and two lowercase
letters less deep (lc–lc 0.45 with the room under their arms and the room their ink leaves, ``Settings.ink_room``;
0.43–0.48; 0.55 before the ink's room, 0.64 before the arms'): the blend's light lc–lc kerns are mostly pairs designers
leave at 0.
UC–UC (0.79 with the ink's room, 1.07 before it; the fit sets it from its model pairs) and punctuation (0.98) are near 1; lc–UC (0.57; 0.63 before the arms) and a stop before a letter (0.73) are
policies designers differ on, so they stay 1 (``kern`` opens lowercase–capital pairs only where a
designer's kerning reaches them, and there they are kerned in full). A raised mark over a lowercase
letter (``raised-lc``, tucked: :func:`raised_tuck`) is the policy designers differ on most, from none
(Caladea: ``'o`` 0) to all of it (Noto Sans: −60, strength 0.8–1.0); 0.21 is its least-squares scale over
the 23 fonts, what a font with no model pair of it gets. Learned on the five fonts of ``../shared`` alone they
were 1.64, 0.41 and 0.33; with every capital alike, UC–lc was 1.54."""
_ONES = (1.0,) * len(CONTEXTS)
FOLLOW_OVERHANG = 20.0
"""Per 1000 units per em: how far an accented glyph's ink may reach left of its base letter's and still
kern as its base (``Settings.follow_base``; ``ì``'s grave overhangs ``ı``)."""
FOLLOW_MIN_WIDTH = 400.0
"""Per 1000 units per em: the narrowest advance of a base letter its accented glyphs follow. On a narrow
letter (``ı ȷ ι l t``) the accent is as wide as the letter and designers kern by it: ``T i`` and ``T ï``
are 0 and +20 in Caladea where ``T ı`` is −34."""
BLENDS = (
    ({}, BLEND, BLEND_STRENGTHS),
    ({"offset_y": 60.0}, ((0.0, 0.0, 0.29), (20.0, 0.0, -0.185), (40.0, 0.0, -0.103), (40.0, 40.0, 0.63)), _ONES),
)
"""The blend and strengths ``blend="auto"`` gives bubbles generated with each shape: the default shape
changed by the fields given, the weights learned on it, and the strengths per context learned with
them (given to the blended pairs when the settings leave every strength at 1). The second is the
default of version 0.1 (60/60 per 1000 em): bubbles generated then keep the blend they were kerned
with."""


def earlier_blend(halos) -> bool:
    """Whether ``halos`` are the blend of an earlier default shape (:data:`BLENDS` after the first): learned
    before the rules that tell capitals apart before lowercase (``Settings.armless_share``, ``Settings.tuck_arms``),
    so kerned without them."""
    return any(tuple(halos) == tuple(old) for _, old, _ in BLENDS[1:])


BLEND_CHOICES = {"auto": "auto", "on": BLEND, "off": ()}
"""``Settings.blend`` for each choice of ``--blend``."""
STRENGTH_PRIOR_PAIRS = 2.0
"""How many model pairs the strength learned on other fonts counts as when ``fit`` measures a context's
strength on a font's own (:func:`fit_strengths`' ``prior_pairs``). With 30 model pairs a context has 2 to
8, and one strong pair could swing it: Carlito's punctuation strength went 1.2 ↔ 0.3 on a change of the
blend, Caladea's and Roboto's reached 1.6 and 1.45 from ``P,`` and ``T.``. Chosen on 23 hand-kerned fonts
(``benchmarks/quality.py --learn-dir``, weights learned without the scored font's family): mean r 0.737 with
no prior, 0.744 / 0.749 / 0.750 / 0.743 at 1 / 1.5 / 2 / 3 pairs."""
UNDRAWN = (CONTEXTS.index("lc-UC"),)
"""Contexts :func:`fit_strengths` does not draw toward the kept strength: lc–UC's (1) is ``kern``'s rule for
the pairs it opens where a designer's kerning reaches them, not a measure (drawn to it, the lc–UC pairs every
designer of ``../shared`` leaves at 0 came out −5 to −30)."""
OVERKERN_SHARE = {CONTEXTS.index("lc-UC"): 0.25}
"""Contexts a designer kerns in part, and the share of their model pairs :func:`fit_strengths` lets come out
deeper than the designer's (a pinball loss: a kern too deep costs (1 − share) / share times one too light). A
designer kerns lowercase before capitals all through (Lato, Cabin, Quattrocento) or a few pairs only: TeX Gyre's
``n T`` −55 and ``o V`` 0, Noto Serif's ``o V`` −60 and ``n T`` 0. Least error on ``n T`` and ``o V`` took the
mean and kerned every such pair of those fonts; with the share, the lighter pair decides. With ``o V`` added to
``benchmarks/quality.py``'s model pairs, on its 23-font pool (weights learned without the scored font's family): mean r 0.7629 → 0.7633, MAE
over no kerning's 0.795 → 0.796; on the 14 test fonts r 0.606 → 0.679, the MAE under no kerning's on 8 (5).
The other contexts keep the least error: the share there took the pool to 0.739–0.756."""
STRENGTHS = tuple(round(0.05 * i, 2) for i in range(41))
"""Strengths :func:`fit_strengths` tries (0 to 2 in steps of 0.05)."""
STRENGTH_LIMITS = (2.0, 2.0, 2.0, 1.0, 2.0, 2.0, 2.0)
"""The strongest :func:`fit_strengths` gives each context. Two lowercase letters never kern deeper than the
blend: the five designers' least-squares scale of it is 0.14 to 1.13, and a fit above 1 came from light model
pairs the blend barely sees (Noto Sans's ``ov`` ``ox`` ``xo``, −20 from its designer, −10 blended), then
doubled every lowercase pair of the font."""

Kind = str
"""``"U"`` (uppercase letter), ``"l"`` (lowercase letter), ``"S"`` (a stop), ``"R"`` (a raised mark:
:func:`raised_marks`), ``"P"`` (other punctuation or symbol) or ``""``."""

_CODES = {"U": 0, "l": 1, "P": 2, "": 3, "S": 4, "R": 5}
_CONTEXT = (
    (0, 1, 4, -1, 4, 4),
    (2, 3, 4, -1, 4, 4),
    (4, 4, 4, 4, 4, 4),
    (-1, -1, 4, -1, 4, 4),
    (5, 5, 4, 4, 4, 4),
    (4, 6, 4, 4, 4, 4),
)
"""Context index by (left kind code, right kind code); −1: outside the contexts."""
_ARMLESS = len(_CONTEXT)
"""The kind code :func:`context_scales` gives an armless capital (:func:`armless_capitals`)."""
_DASH = _ARMLESS + 1
"""The kind code :func:`context_scales` gives a dash whose pairs with letters ``Settings.dash_share`` scales."""


def glyph_kind(font, name: str, table: Mapping[str, Sequence[int]] | None = None) -> Kind:
    """The kind of glyph ``name`` by its Unicode value, or by the name's base (``a.alt`` → ``a``); an
    unencoded small capital (``a.sc``: :func:`bubblekern.glyphsets.small_cap`) is a capital, as its
    designer kerns it (``F a.sc`` as ``F A``, not tucked under the arm as ``F a``).

    ``table`` is :func:`bubblekern.glyphsets.unicode_table` of ``font`` when the caller has it."""
    base = name.split(".", 1)[0]  # ".notdef" has no base
    if table is None:
        table = {n: _unicodes(font, n) for n in {name, base} if n}
    own = table.get(name)
    codes = own or (table.get(base) or () if base else ())
    for code in codes:
        category = unicodedata.category(chr(code))
        if category in ("Lu", "Lt"):
            return "U"
        if category == "Ll":
            return "U" if not own and small_cap(name) else "l"
        if chr(code) in STOPS:
            return "S"
        if category[0] in "PS":
            return "P"
    return ""


def glyph_kinds(font, names: Iterable[str]) -> dict[str, Kind]:
    """:func:`glyph_kind` of every name, from one read of the font's Unicode values; an unencoded glyph
    the small-capital features substitute (:func:`bubblekern.glyphsets.small_caps_of`) is a capital too,
    punctuation drawn above half the x-height a raised mark (``"R"``, :func:`raised_marks`), and a punctuation
    mark drawn wholly below it (:data:`LOW_STOP_CATEGORIES`, :func:`low_marks`) a stop (``"S"``): the low quotes
    ``‚ „`` and the two-dot leader ``‥``, which designers kern before a letter as they kern a period or a comma."""
    table = unicode_table(font)
    kinds = {name: glyph_kind(font, name, table) for name in names}
    for name in small_caps_of(font).intersection(kinds):
        if kinds[name] in ("", "l") and not table.get(name):
            kinds[name] = "U"
    marks = [n for n, kind in kinds.items() if kind == "P"]
    for name in raised_marks(font, marks):
        kinds[name] = "R"
    low = [n for n in marks if kinds[n] == "P" and (char := _named_char(table, n)) is not None
           and unicodedata.category(char) in LOW_STOP_CATEGORIES]
    for name in low_marks(font, low):
        kinds[name] = "S"
    return kinds


LOW_STOP_CATEGORIES = ("Po", "Ps", "Pe", "Pi", "Pf")
"""The punctuation a mark drawn wholly low must be of to kern as a stop (:func:`glyph_kinds`): not a dash (``Pd``) nor a
connector (``Pc``: ``_``), which designers do not kern as a period."""


RAISED_FLOOR = 0.5
"""A punctuation mark or symbol whose ink lies wholly above this share of the x-height is raised."""


def raised_marks(font, names: Iterable[str]) -> set[str]:
    """The glyphs of ``names`` whose ink lies wholly above :data:`RAISED_FLOOR` of the font's x-height (half
    an em's when the font gives none) and reaches above the x-height: quotes, primes, asterisk, degree, ``^``;
    not a hyphen or a dash, whose ink stops below the x-height (Roboto's hyphen starts at half of it)."""
    return _inked(font, names, lambda bounds, floor: bounds[1] >= floor and bounds[3] > floor / RAISED_FLOOR)


def low_marks(font, names: Iterable[str]) -> set[str]:
    """The glyphs of ``names`` whose ink lies wholly below :data:`RAISED_FLOOR` of the font's x-height: a period,
    a comma, an ellipsis; not a colon, whose upper dot reaches the x-height."""
    return _inked(font, names, lambda bounds, floor: bounds[3] <= floor)


def _inked(font, names: Iterable[str], test: Callable[[tuple, float], bool]) -> set[str]:
    """The glyphs of ``names`` with ink whose bounds pass ``test(bounds, RAISED_FLOOR × the x-height)`` (half an
    em's when the font gives none)."""
    floor = RAISED_FLOOR * _font_height(font, "xHeight", 0.5)
    found = set()
    for name in names:
        bounds = font[name].bounds if name in font else None
        if bounds is not None and test(bounds, floor):
            found.add(name)
    return found


def _font_height(font, attribute: str, share: float) -> float:
    """The font's ``attribute`` of its info (``xHeight``, ``capHeight``) when it is a positive number, else
    ``share`` of its em."""
    value = getattr(font.info, attribute, None)
    if isinstance(value, (int, float)) and math.isfinite(value) and value > 0:
        return float(value)
    return share * units_per_em(font)


def _unicodes(font, name: str) -> list[int]:
    try:
        return list(font[name].unicodes or ())
    except KeyError:
        return []


def pair_contexts(left: Sequence[Kind], right: Sequence[Kind]) -> list[int]:
    """Index into :data:`CONTEXTS` of each pair of kinds (−1 for a pair outside them)."""
    return [_CONTEXT[_CODES[a]][_CODES[b]] for a, b in zip(left, right)]


def capped_matrix(matrix, depth: float):
    """``matrix`` (a kernel ``ProfileMatrix``) with each glyph's room per band limited to ``depth``
    (font units) beyond its smallest on that side."""
    if depth < 0:
        raise ValueError(f"depth cap must be ≥ 0, not {depth!r}")
    return kernel.cap_depth(matrix, float(depth))


def context_scales(kinds: Mapping[str, Kind], names: Sequence[str], strengths: Sequence[float],
                   armless: Collection[str] = (), share: float = 1.0, dashes: Collection[str] = (),
                   dash_share: float = 1.0, quote_share: float = 1.0):
    """The kernel's ``contexts`` argument: (a kind code per row of ``names``, the scale table)
    for ``strengths``, or None when every strength is 1, no capital is ``armless`` and no dash nor quote is scaled.
    A capital of ``armless`` (:func:`armless_capitals`) kerns before a lowercase letter at ``share`` of UC–lc's
    strength; a punctuation glyph of ``dashes`` (:func:`dash_rows`) beside a letter at ``dash_share`` of the
    punctuation strength (``Settings.dash_share``); a raised mark after a letter or before a capital at
    ``quote_share`` of it (``Settings.quote_share``; before a lowercase letter it is ``raised-lc``'s)."""
    armless = {n for n in armless if kinds.get(n) == "U"} if share != 1.0 else set()
    dashes = {n for n in dashes if kinds.get(n) == "P"} if dash_share != 1.0 else set()
    if all(s == 1.0 for s in strengths) and not armless and not dashes and quote_share == 1.0:
        return None
    scales = [float(s) for s in strengths]
    table = [[1.0 if c < 0 else scales[c] for c in row] for row in _CONTEXT]
    capital, lower, mark = _CODES["U"], _CODES["l"], _CODES["P"]
    for row in table:  # an armless capital's column is a capital's, a dash's a punctuation mark's
        row.extend((row[capital], row[mark]))
    table.append(list(table[capital]))  # their rows too, but an armless capital before a lowercase letter
    table.append(list(table[mark]))
    table[_ARMLESS][lower] *= float(share)
    raised = _CODES["R"]
    for letter in (capital, lower, _ARMLESS):  # and a dash beside a letter, a raised mark after one
        table[_DASH][letter] *= float(dash_share)
        table[letter][_DASH] *= float(dash_share)
        table[letter][raised] *= float(quote_share)
    for letter in (capital, _ARMLESS):  # and a raised mark before a capital
        table[raised][letter] *= float(quote_share)
    codes = [_DASH if n in dashes else _ARMLESS if n in armless else _CODES[kinds.get(n, "")] for n in names]
    return codes, table


def case_shifts(kinds: Mapping[str, Kind], names: Sequence[str], offsets: Sequence[float]):
    """The kernel's ``shifts`` argument: (a case code per row of ``names``, the kern added by left and right code)
    for ``offsets`` (font units, per :data:`CASE_CONTEXTS`: ``Settings.case_offsets``), or None when all are 0.
    Only pairs of two letters move."""
    if not any(offsets):
        return None
    cases = {"U": 1, "l": 2}
    uc_uc, uc_lc, lc_uc, lc_lc = (float(v) for v in offsets)
    table = [[0.0, 0.0, 0.0], [0.0, uc_uc, uc_lc], [0.0, lc_uc, lc_lc]]
    return [cases.get(kinds.get(n, ""), 0) for n in names], table


CASE_CONTEXTS = CONTEXTS[:4]
"""The contexts of two letters, in the order of ``Settings.case_offsets``."""


def straight_pairs(font, names: Iterable[str]) -> dict[int, tuple[str, str]]:
    """Each case context's straight pair among ``names`` (:data:`CASE_CONTEXTS` index → pair): the straight and stem
    references (:func:`straight_reference` ``H``, :func:`stem_reference` ``n``) side by side, which the value model
    kerns 0; a designer's kern of one is that context's ``Settings.case_offsets``."""
    names = list(names)
    capital, lower = straight_reference(font, names), stem_reference(font, names)
    found = {}
    for i, (a, b) in enumerate(((capital, capital), (capital, lower), (lower, capital), (lower, lower))):
        if a is not None and b is not None:
            found[i] = (a, b)
    return found


ARM_REACH = 50.0
"""Per 1000 units per em: how far a capital's ink must reach right above half the x-height, beyond its furthest
reach below it, for its arm to overhang the lowercase zone (:func:`arm_reach`)."""
ARM_HEIGHT = 80.0
"""Per 1000 units per em: the height over which that reach must hold. A serif face's ``N`` ``U`` ``J``
reach past their stems only by the thin top serif (30 to 40 per 1000 em sustained this high, where ``T`` ``V``
``W`` ``Y`` reach 60 to 300)."""
BAR_REACH = 150.0
"""Per 1000 units per em: a reach this far in one band is an arm however thin: a light weight's ``T`` bar (Quicksand's,
under 80 tall, reaches 237 past its stem), never a serif (at most 117 in the 54 fonts of the quality benchmark:
TeX Gyre Schola's ``U``; ``N`` ``J`` 116 and 109)."""


def arm_reach(ink: BandProfile, x_height: float, upm: float) -> float:
    """How far (per 1000 em) a capital's ``ink`` reaches right above half the ``x_height``, held over
    :data:`ARM_HEIGHT`, beyond its furthest reach below (its foot, leg or stem): ``T``'s bar over its stem,
    ``V``'s arm over its point, ``F``'s arm; nothing for ``A L K X Z``, whose foot reaches as far, nor for ink
    all on one side of that line. A bar too thin to hold that high counts where it reaches past
    :data:`BAR_REACH` in one band."""
    half = x_height / 2.0
    above, below = [], []
    for i, right in enumerate(ink.right):
        if right == right:  # not NaN
            (above if (ink.start + i + 0.5) * ink.height >= half else below).append(right)
    if not above or not below:
        return 0.0
    above.sort()
    foot = max(below)
    bar = (above[-1] - foot) * 1000.0 / upm
    if bar > BAR_REACH:
        return bar
    held = max(1, round(ARM_HEIGHT * upm / 1000.0 / ink.height))
    return (above[-held] - foot) * 1000.0 / upm if len(above) >= held else 0.0


def armless_capitals(font, kinds: Mapping[str, Kind], names: Sequence[str], read_letters: Callable[[list[str]], tuple],
                     upm: float, rows: Sequence[bool] | None = None) -> set[str]:
    """The capitals of ``names`` (of the ``rows`` flagged; all without it) whose arm does not overhang the
    lowercase zone (:func:`arm_reach` at most :data:`ARM_REACH`). ``read_letters`` reads their ink
    (:func:`serif_letters`' result: an accented capital has its base's arm, ``Ť`` as ``T``); a capital whose
    ink cannot be read is left as it was, with UC–lc's strength."""
    capitals = [n for n, flag in zip(names, kind_rows(kinds, names, ("U",), rows)) if flag]
    if not capitals:
        return set()
    ink, roots = read_letters(capitals)
    x_height = _font_height(font, "xHeight", 0.5)
    return {n for n in capitals
            if (drawn := ink.get(roots.get(n, n))) is not None and arm_reach(drawn, x_height, upm) <= ARM_REACH}


def fit_strengths(raw: Sequence[float], reference: Sequence[float], contexts: Sequence[int], *, min_pairs: int = 2,
                  keep: Sequence[float] | None = None, prior_pairs: float = 0.0) -> tuple[float, ...]:
    """The strength per context whose scaled ``raw`` values come closest (least MAE) to ``reference``.

    ``raw`` are the values at strength 1 (negative kerns; positive ones are not scaled), one
    per model pair, ``contexts`` their :func:`pair_contexts`. A context with fewer than
    ``min_pairs`` model pairs keeps its strength from ``keep`` (1 without it). ``stop-letter``
    and ``raised-lc`` are policies more than measures (:data:`POLICIES`), so one model pair the
    bubbles kern decides each (one they leave at 0, such as ``.P``, does not count). On a tie the
    strength nearest 1 wins; no strength passes the context's :data:`STRENGTH_LIMITS`. In a context a designer
    kerns in part (:data:`OVERKERN_SHARE`: lc–UC) a kern deeper than the designer's costs more than a lighter one.

    ``prior_pairs`` > 0 draws a measured context's strength toward its ``keep`` (learned on other
    fonts) as that many more model pairs would: each costs the distance from ``keep`` times the
    context's mean kern. A handful of model pairs then moves a strength only as far as they agree
    (:data:`STRENGTH_PRIOR_PAIRS`). Policies and :data:`UNDRAWN` contexts are not drawn.
    """
    import numpy as np  # the fit is numpy code; kerning never calls this

    raw = np.asarray(raw, float)
    reference = np.asarray(reference, float)
    contexts = np.asarray(contexts)
    keep = tuple(keep) if keep is not None else (1.0,) * len(CONTEXTS)
    if len(keep) != len(CONTEXTS):
        raise ValueError(f"keep needs a strength per context ({len(CONTEXTS)}), not {len(keep)}")
    found = list(keep)
    for i in informed_contexts(raw, contexts, min_pairs=min_pairs):
        grid = np.array([g for g in STRENGTHS if g <= STRENGTH_LIMITS[i]])
        mask = _informing(raw, contexts, i)
        r = raw[mask]
        scaled = np.where(r < 0, np.round(grid[:, None] * r[None, :]), r[None, :])
        errors = _pinball(reference[mask][None, :] - scaled, OVERKERN_SHARE.get(i, 0.5)).mean(axis=1)
        if prior_pairs and i not in POLICIES and i not in UNDRAWN:
            errors = errors + prior_pairs * np.abs(grid - keep[i]) * np.abs(np.minimum(r, 0.0)).mean() / len(r)
        best = int(np.argmin(errors + 1e-9 * np.abs(grid - 1.0)))
        found[i] = float(grid[best])
    return tuple(found)


def _pinball(lighter, share: float):
    """Each model pair's cost: ``lighter`` is how much lighter the designer kerns it than the strength does
    (negative: deeper); a kern too deep costs ``2 (1 − share)`` per unit, one too light ``2 share`` (the
    absolute error at 0.5)."""
    import numpy as np

    return np.abs(lighter) * np.where(lighter > 0, 2.0 * (1.0 - share), 2.0 * share)


def informed_contexts(raw: Sequence[float], contexts: Sequence[int], *, min_pairs: int = 2) -> list[int]:
    """Indices of the contexts :func:`fit_strengths` fits: those with ``min_pairs`` model pairs, or
    for a policy (:data:`POLICIES`) one model pair the bubbles kern (``raw`` < 0)."""
    import numpy as np

    raw, contexts = np.asarray(raw, float), np.asarray(contexts)
    return [i for i in range(len(CONTEXTS))
            if int(_informing(raw, contexts, i).sum()) >= (1 if i in POLICIES else min_pairs)]


def _informing(raw, contexts, i: int):
    """Mask of the model pairs that inform context ``i``'s strength: a policy's pair the bubbles leave
    at 0 (``.P``) says nothing of it."""
    mask = contexts == i
    return mask & (raw < 0) if i in POLICIES else mask


def auto_blend(bubbles, names: Iterable[str]) -> tuple[set[str], tuple[tuple[float, float, float], ...], tuple[float, ...]]:
    """What ``blend="auto"`` does in a font: those of ``names`` whose bubbles BubbleKern generated with
    one shape of :data:`BLENDS` (the one most of them have) and nobody edited, that shape's blend and
    the strengths learned with it."""
    from .generate import default_shape

    names = list(names)
    best: tuple[set[str], tuple, tuple] = (set(), BLEND, BLEND_STRENGTHS)
    with bubbles.reading():  # one pass: each bubble's record is read and checked once, for every shape
        for changes, blend, strengths in BLENDS:
            shaped = bubbles.generated_as(names, {**default_shape(), **changes})
            if len(shaped) > len(best[0]):
                best = shaped, blend, strengths
    return best


REFERENCE_CHARS = "H\u0397\u041d"
"""Straight references, the first the font has: Latin H, Greek Eta, Cyrillic En."""


def straight_reference(font, names: Iterable[str]) -> str | None:
    """The glyph of ``names`` that is the font's straight reference (:data:`REFERENCE_CHARS`), or None."""
    names = set(names)
    table = unicode_table(font)
    found = {chr(code): name for name, codes in table.items() if name in names for code in codes}
    return next((found[c] for c in REFERENCE_CHARS if c in found), None)


def measured_references(font, names: Iterable[str], settings) -> tuple[str | None, str | None]:
    """The straight reference (:func:`straight_reference`) and the stem reference (:func:`stem_reference`) among
    ``names`` that ``settings`` measure from: the straight one for ``punctuation_reference`` or ``ink_room``, the
    stem one for ``stem_reference`` or ``ink_room``; None for one they do not measure from or that is missing."""
    names = list(names)
    return (straight_reference(font, names) if settings.punctuation_reference or settings.ink_room else None,
            stem_reference(font, names) if settings.stem_reference or settings.ink_room else None)


MEASURED_KINDS = ("P", "S", "R")
"""The kinds (:func:`glyph_kinds`) measured from the straight reference: punctuation, symbols, stops and
raised marks."""


def kind_rows(kinds: Mapping[str, Kind], names: Sequence[str], wanted: Sequence[Kind],
              rows: Sequence[bool] | None = None) -> list[bool]:
    """Per name: whether its kind is one of ``wanted`` (with ``rows``, only among the rows that flags): the
    glyphs a reference measures (:data:`MEASURED_KINDS`, :data:`STEM_KINDS`) or a tuck takes."""
    return [kinds.get(n) in wanted and (rows is None or bool(rows[i])) for i, n in enumerate(names)]


REVERSED_STOP_SHARE = 0.5
"""The share of ``Settings.stop_raised`` a raised mark before a low stop (``".`` ``',``) gets: the two share no band
either way. Of the 14 designers among the benchmark's 54 fonts who kern ``.'``, 12 kern ``'.`` too, mostly as deep
(Lato, Cabin, Inter, Vollkorn), and Caladea's and Roboto's leave it at 0. Chosen on the pool (mean r; test and check
fonts as checks): 0.7852 without, 0.7876 / 0.7887 / 0.7885 / 0.7875 at 0.25 / 0.5 / 0.75 / 1 (test 0.7616 → 0.7638 /
0.7654 / 0.7665 / 0.7671, check 0.6152 → 0.6166 / 0.6176 / 0.6182 / 0.6184); at 1 Roboto fell to 0.78."""


def stop_raised_rows(font, kinds: Mapping[str, Kind], names: Sequence[str]) -> tuple[list[bool], list[bool]]:
    """(low stops, raised marks) among ``names``: the rows of the pairs ``Settings.stop_raised`` kerns, a raised
    mark (kind ``"R"``) set after a stop (``"S"``) whose ink is all low (:func:`low_marks`: ``.`` ``,``, not
    ``:``, which designers kern as its upper dot lets them), left to right; set before one, it kerns at
    :data:`REVERSED_STOP_SHARE` of that."""
    stops = low_marks(font, [n for n in names if kinds.get(n) == "S"])
    return [n in stops for n in names], kind_rows(kinds, names, ("R",))


STOP_FLOOR_DEPTH = 100.0
"""Per 1000 units per em: the most of a pair's room ``Settings.stop_floor`` and ``Settings.stop_capital_floor``
take their share of."""


def stop_floors(font, kinds: Mapping[str, Kind], names: Sequence[str], share: float, capital_share: float,
                upm: float) -> tuple[kernel.Floor, ...] | None:
    """The kernel's ``floor`` for ``Settings.stop_floor`` and ``Settings.stop_capital_floor``: a low stop
    (:func:`low_marks`: ``.`` ``,``) after a letter keeps ``share`` of its bubbles' own kern when blended, and a
    capital after a low stop ``capital_share`` of it, each of at most :data:`STOP_FLOOR_DEPTH` of their room;
    None when both shares are 0 or no pair is one."""
    if not (share or capital_share):
        return None
    stops = low_marks(font, [n for n in names if kinds.get(n) == "S"])
    if not stops:
        return None
    stop_rows, depth = [n in stops for n in names], STOP_FLOOR_DEPTH * upm / 1000.0
    floors = []
    if share and any(letters := kind_rows(kinds, names, STEM_KINDS)):
        floors.append(kernel.Floor(letters, stop_rows, float(share), depth))
    if capital_share and any(capitals := kind_rows(kinds, names, ("U",))):
        floors.append(kernel.Floor(stop_rows, capitals, float(capital_share), depth))
    return tuple(floors) or None


STEM_CHAR = "n"
"""The stem reference (``Settings.stem_reference``): the lowercase n, two straight stems."""
STEM_SPREAD = 25.0
"""Per 1000 units per em: how much a side's room may vary over the stem reference's bands and still be one
straight stem (:func:`stem_offsets`)."""
STEM_SETBACK = 100.0
"""Per 1000 units per em: how far a straight stem may stand back from the side's outermost point (a serif
above the lowercase's height; an arm, as T's, reaches farther and keeps the pairs it overhangs)."""
STEM_KINDS = ("U", "l")
"""The kinds (:func:`glyph_kind`) measured from the stem reference: letters."""


def stem_reference(font, names: Iterable[str]) -> str | None:
    """The glyph of ``names`` encoded as :data:`STEM_CHAR`, or None."""
    names = set(names)
    return next((n for n, codes in unicode_table(font).items() if n in names and ord(STEM_CHAR) in codes), None)


def stem_offsets(matrix, flags: Sequence[bool], reference: str, upm: float, chunk: int = 1 << 18):
    """The kernel's ``offsets`` for ``Settings.stem_reference``: for each side of a glyph ``flags`` marks
    that is one straight stem over the ``reference`` glyph's bands (its room varies there by at most
    :data:`STEM_SPREAD`) standing back from the side's outermost point by at most :data:`STEM_SETBACK`,
    the room it keeps from the reference's facing side (its bubbles' own gap); 0 for every other side."""
    after, before = reference_offsets(matrix, flags, reference, (), chunk)
    spread, setback = STEM_SPREAD * upm / 1000.0, STEM_SETBACK * upm / 1000.0
    row = matrix.index[reference]

    def floats(room) -> list[float]:  # a numpy row or a list
        return room.tolist() if hasattr(room, "tolist") else list(room)

    def bands(room) -> list[int]:
        return [c for c, v in enumerate(floats(room)) if math.isfinite(v)]

    def straight(room, facing: list[int]) -> bool:
        room = floats(room)
        inside = [room[c] for c in facing if math.isfinite(room[c])]
        outer = min((v for v in room if math.isfinite(v)), default=math.inf)
        return bool(inside) and max(inside) - min(inside) <= spread and min(inside) - outer <= setback

    facing_left, facing_right = bands(matrix.room_left[row]), bands(matrix.room_right[row])
    for i in range(len(after)):  # reference_offsets measured the flagged rows only
        if after[i] and not straight(matrix.room_right[i], facing_left):
            after[i] = 0.0
        if before[i] and not straight(matrix.room_left[i], facing_right):
            before[i] = 0.0
    return after, before


def model_offsets(matrix, kinds: Mapping[str, Kind], straight: str | None, stem: str | None, blend, upm: float,
                  chunk: int = 1 << 18, rows: Sequence[bool] | None = None, floor: kernel.Floor | None = None):
    """The kernel's ``offsets`` of the value model: the room punctuation keeps from the ``straight``
    reference (:func:`reference_offsets`, blended with ``blend``) plus the room straight letter stems keep
    from the ``stem`` reference (:func:`stem_offsets`); a reference that is None, not in ``matrix`` or not
    among the ``rows`` measured (all without it) measures nothing. None when nothing is measured."""

    def usable(reference: str | None) -> bool:
        return reference in matrix.index and (rows is None or rows[matrix.index[reference]])

    measured = []
    if usable(straight) and any(flags := kind_rows(kinds, matrix.names, MEASURED_KINDS, rows)):
        measured.append(reference_offsets(matrix, flags, straight, blend, chunk, floor))
    if usable(stem) and any(flags := kind_rows(kinds, matrix.names, STEM_KINDS, rows)):
        measured.append(stem_offsets(matrix, flags, stem, upm, chunk))
    if not measured:
        return None
    return tuple([sum(values) for values in zip(*sides)] for sides in zip(*measured))


def reference_offsets(matrix, flags: Sequence[bool], reference: str, blend=(), chunk: int = 1 << 18,
                      floor: kernel.Floor | None = None):
    """The kernel's ``offsets`` for the glyphs ``flags`` marks (per row of ``matrix``): the room each
    one's right side keeps from the ``reference`` glyph's left side, and its left side from the
    reference's right side, solved as the pairs are (``blend``: the kernel's grown matrices); 0 for
    every other row. Taken off a pair's gap, it makes the flagged glyph kern 0 against the straight
    reference, whatever white its bubble leaves there (a hyphen between H's serifs)."""
    names = matrix.names
    count = len(names)
    after, before = [0.0] * count, [0.0] * count
    chosen = [i for i, flag in enumerate(flags) if flag and names[i] != reference]
    if not chosen:
        return after, before
    glyphs = [names[i] for i in chosen]
    left = matrix.rows(glyphs + [reference] * len(glyphs))
    right = matrix.rows([reference] * len(glyphs) + glyphs)
    gaps, _ = kernel.solve_gaps(matrix, left, right, chunk)
    if blend:
        gaps = kernel.solve_blend(gaps, left, right, blend, chunk, floor=floor)
    for k, gap in enumerate(gaps.tolist()):
        room = gap if 0.0 < gap < float("inf") else 0.0
        (after if k < len(glyphs) else before)[chosen[k % len(glyphs)]] = room
    return after, before


TUCK_DEPTH = 20.0
"""Per 1000 units per em: the vertical margin :func:`raised_tuck` takes off the bubbles (half the default
generated bubble's 40, one band at the default band height)."""


def raised_tuck(matrix, kinds: Mapping[str, Kind], straight: str | None, upm: float, chunk: int = 1 << 18,
                rows: Sequence[bool] | None = None):
    """The kernel's ``tuck`` for ``Settings.tuck_raised`` (:class:`bubblekern.kernel.Tuck`): pairs of a raised
    mark (kind ``"R"``) before a lowercase letter (``"l"``), both among ``rows`` (all without it), solved with
    :data:`TUCK_DEPTH` taken off every bubble from above and below (:func:`bubblekern.kernel.erode`) and from
    the room the mark keeps there from the ``straight`` reference (none when it is None or not in ``matrix``).
    A quote's bubble and an ``o``'s meet above the ``o`` only by their margins; without them the quote comes
    over the ``o``'s shoulder as far as the ``o``'s shape lets it. None when no pair is one."""
    raised, lower = kind_rows(kinds, matrix.names, ("R",), rows), kind_rows(kinds, matrix.names, ("l",), rows)
    if not any(raised) or not any(lower):
        return None
    eroded = kernel.erode(matrix, TUCK_DEPTH * upm / 1000.0)
    room = [0.0] * len(matrix.names)
    if straight is not None and straight in matrix.index:
        room = reference_offsets(eroded, raised, straight, (), chunk)[0]
    return kernel.Tuck(eroded, raised, lower, room)


ARM_MARGIN = 40.0
"""Per 1000 units per em: the vertical margin :func:`arm_tuck` takes off the bubbles (the default generated
bubble's)."""
ARM_DEPTH = 150.0
"""Per 1000 units per em: how much deeper than its outermost point a glyph's side counts once :func:`arm_tuck`
has eroded it, so a lowercase letter comes under T's arm but not all the way to its stem."""
ARM_WEIGHT = 0.15
"""The share of the room :func:`arm_tuck` opens that is added to a pair's blended gap (before the context's
strength). Chosen on the 23 fonts of the pool (weights learned without the scored font's family), with the 14 test and
17 check fonts as checks, for a capital before a lowercase letter: mean r 0.7757 / 0.7324 / 0.6010 without, 0.7824 /
0.7486 / 0.6050 at 0.15 and 150 deep; 0.1, 0.2, 0.25 and 100, 200, 250 deep were lower on the pool, 0.5 much lower
everywhere. Then for lowercase pairs and a lowercase letter before a capital too (strengths learned again each
time): 0.7833 / 0.7503 / 0.6045 → 0.7848 / 0.7565 / 0.6145; two capitals as well took the pool to 0.7810."""


def arm_tuck(matrix, kinds: Mapping[str, Kind], upm: float, rows: Sequence[bool] | None = None):
    """The kernel's ``arms`` for ``Settings.tuck_arms`` (:class:`bubblekern.kernel.ArmTuck`): pairs of two letters
    (kinds ``"U"`` and ``"l"``) but not two capitals, both among ``rows`` (all without it), given :data:`ARM_WEIGHT`
    of the room they open with :data:`ARM_MARGIN` taken off every bubble from above and below and every side counted
    at most :data:`ARM_DEPTH` deeper than its outermost point. Under T's arm a ``u``'s bubble meets T's only by their
    margins, which held ``T u`` at 0 in serif fonts where designers kern it as ``T o``; so under the arms of ``k``
    ``r`` ``y`` beside a round letter. The margins' room is what a designer sees under the arm. None when no pair is
    one."""
    letters = kind_rows(kinds, matrix.names, ("U", "l"), rows)
    capitals = kind_rows(kinds, matrix.names, ("U",), rows)
    if all(c or not letter for letter, c in zip(letters, capitals)):  # no lowercase letter: only capital pairs
        return None
    scale = upm / 1000.0
    eroded = kernel.cap_depth(kernel.erode(matrix, ARM_MARGIN * scale), ARM_DEPTH * scale)
    return kernel.ArmTuck(eroded, letters, capitals, ARM_WEIGHT)


INK_WEIGHT = 0.1
"""The share of the room :func:`ink_measure` finds between two letters' ink that is added to the pair's blended gap
(before the context's strength). Chosen on the 23 fonts of the pool (weights learned without the scored font's
family), with the 14 test and 17 check fonts as checks: mean r 0.7887 / 0.7654 / 0.6176 without; 0.7897 / 0.7706 /
0.6225 for capitals alone at 0.1, 0.7878 / 0.7712 / 0.6214 at 0.2; 0.7890 / 0.7658 / 0.6184 for lowercase alone at
0.1; 0.7902 / 0.7713 / 0.6234 for both at 0.1 (0.05 or 0.03 for lowercase, 0.08 for capitals within 0.0006). Within
the contexts, r of two capitals 0.790 → 0.805 and of two lowercase letters 0.443 → 0.482. Each side's room counted
at most 100 or 200 per 1000 em deeper than its outermost point was no better."""


def ink_measure(font, matrix, kinds: Mapping[str, Kind], read_ink: Callable[[list[str]], Mapping[str, BandProfile | None]],
                origin: float, rows: Sequence[bool] | None = None,
                references: tuple[str | None, str | None] | None = None):
    """The kernel's ``ink`` for ``Settings.ink_room`` (:class:`bubblekern.kernel.InkRoom`): pairs of two capitals or
    two lowercase letters among ``rows`` (all without it), given :data:`INK_WEIGHT` of the room their ink leaves
    beyond what each side leaves beside its case's straight reference (:func:`straight_reference`, ``H``, for
    capitals; :func:`stem_reference`, ``n``, for lowercase): the ink gap of the pair, less the gap of its left
    glyph before the reference and of the reference before its right glyph, plus the reference's beside itself.

    Generated bubbles reach a letter's sidebearing lines over most of its height, so ``v o``, ``r e`` ``K C`` meet
    at 0 or nearly, where their designers kern them as the white their round and slanted sides leave calls for;
    ``H H`` ``H O`` ``O O`` ``n o`` ``o o`` leave no more white than their sides leave beside the reference and
    stay as they were. ``read_ink`` reads the letters' ink on ``matrix``'s bands (``origin``: where its sidebearing
    lines stand); a letter whose ink cannot be read is not measured. ``references``: the two, when the caller has
    found them already (a reference not among ``matrix``'s rows measures nothing). None when no pair is one."""
    names = matrix.names
    if references is None:
        references = (straight_reference(font, names), stem_reference(font, names))
    references = tuple(r if r in matrix.index else None for r in references)
    cases = [-1] * len(names)
    for case, (kind, reference) in enumerate(zip(("U", "l"), references)):
        if reference is None:
            continue
        for row, flag in enumerate(kind_rows(kinds, names, (kind,), rows)):
            if flag:
                cases[row] = case
    wanted = [n for n, case in zip(names, cases) if case >= 0]
    if not wanted:
        return None
    ink = read_ink(sorted({*wanted, *(r for r in references if r is not None)}))
    height = matrix.height
    usable = {n for n, profile in ink.items() if profile is not None and profile.height == height}
    references = tuple(r if r in usable else None for r in references)
    cases = [c if c >= 0 and names[row] in usable and references[c] is not None else -1 for row, c in enumerate(cases)]
    if not any(c >= 0 for c in cases):
        return None
    empty = BandProfile(height, matrix.first_band, (), ())
    profiles = {n: ink[n] if n in usable else empty for n in names}
    drawn = kernel.ProfileMatrix.build(profiles, dict(zip(names, map(float, matrix.widths))), origin)
    # one solve: each measured glyph before its reference, the reference before it, each reference beside itself
    measured = [names[row] for row, c in enumerate(cases) if c >= 0]
    facing = [references[c] for c in cases if c >= 0]
    present = [r for r in references if r is not None]
    gaps, _ = kernel.solve_gaps(drawn, drawn.rows(measured + facing + present), drawn.rows(facing + measured + present))
    gaps = gaps.tolist()
    count = len(measured)
    after, before = [math.inf] * len(names), [math.inf] * len(names)
    for k, name in enumerate(measured):
        after[drawn.index[name]], before[drawn.index[name]] = gaps[k], gaps[count + k]
    own = dict(zip(present, gaps[2 * count:]))
    reference = [own.get(r, math.inf) for r in references]
    return kernel.InkRoom(drawn, cases, after, before, reference, INK_WEIGHT)


HANG_MIN = 20.0
"""Per 1000 units per em: how far a letter's ink must reach past its right sidebearing line for punctuation to
keep clear of it (``Settings.clear_hanging_ink``). f's hook reaches 43 to 70 in the fonts of ``../shared``,
where designers kern ``f'`` apart; serif tips and leg ends reach 3 to 26 (``A. K. R.``: 0 there)."""
HANG_CATEGORIES = ("Pe",)
"""Unicode categories kept clear of a letter's hanging ink, besides raised punctuation: closing brackets."""


def hang_marks(font, names: Sequence[str], kinds: Mapping[str, Kind]) -> list[bool]:
    """Per name: whether it keeps clear of a letter's hanging ink (``Settings.clear_hanging_ink``): a closing
    bracket (:data:`HANG_CATEGORIES`: ``) ] }``) or raised punctuation (kind ``"R"``: ``' " ’ ” *``, not a degree
    sign or a spacing accent), by its code point or its name's base (``parenright.case``). Designers kern these
    apart from f's hook (``f'`` in all five fonts of ``../shared``, ``f)`` in four); ``f? f! f%`` only Caladea's,
    ``f$`` ``f°`` none; guillemots, quotes at mid-height, meet serif tips rather than hooks (``X«`` −24 in
    Caladea)."""
    table = unicode_table(font)
    out = []
    for name in names:
        base = name.split(".", 1)[0]
        codes = table.get(name) or (table.get(base) or () if base else ())
        category = unicodedata.category(chr(codes[0])) if codes else ""
        out.append(category in HANG_CATEGORIES or (category.startswith("P") and kinds.get(name) == "R"))
    return out


def letter_roots(bubbles, names: Iterable[str]) -> dict[str, str]:
    """The letter each of ``names`` is built on, followed to the end (``ứ`` → ``ư`` → ``u``): composites on
    their base (:meth:`~bubblekern.bubbles.FontBubbles.composite_bases`) and letters drawn on one by their
    Unicode name (:meth:`~bubblekern.bubbles.FontBubbles.letter_bases`); names built on nothing are left out."""
    names = list(names)
    direct: dict[str, str] = {}
    todo = visited = set(names)
    while todo:
        found = bubbles.composite_bases(todo)
        found.update((n, b) for n, b in bubbles.letter_bases(todo).items() if n not in found)
        direct.update((n, b) for n, b in found.items() if b != n)
        todo = set(found.values()) - visited
        visited = visited | todo
    roots = {}
    for name in names:
        root, seen = direct.get(name), {name}
        while root in direct and root not in seen:
            seen.add(root)
            root = direct[root]
        if root is not None:
            roots[name] = root
    return roots


def hanging_letters(bubbles, letters: Iterable[str]) -> tuple[dict, dict[str, float], dict[str, str]]:
    """What :func:`hanging_ink` reads of ``letters`` in ``bubbles`` (a :class:`~bubblekern.bubbles.FontBubbles`):
    (the ink profiles, the advances, the letters they are built on: :func:`letter_roots`). Only glyphs whose ink
    bounds may reach :data:`HANG_MIN` past the right sidebearing line (in the bands' slanted space) are banded,
    and a letter built on one that cannot hang is not read at all; ink that cannot be read hangs nowhere."""
    letters = list(letters)
    roots = letter_roots(bubbles, letters)
    advances = bubbles.widths({*letters, *roots.values()})
    slant, line, least = bubbles.slant, bubbles.origin, HANG_MIN * bubbles.upm / 1000.0

    def may_hang(names: Iterable[str]) -> list[str]:
        bounds = bubbles.ink_bounds(names)
        return [n for n, b in bounds.items() if b[2] + max(b[1] * slant, b[3] * slant) - (advances[n] + line) > least]

    try:
        first = may_hang({*(n for n in letters if n not in roots), *roots.values()})
        hanging = set(first)
        hanging.update(may_hang(n for n in letters if roots.get(n) in hanging))
    except BubbleKernError:
        return {}, advances, roots
    return bubbles.ink_profiles(hanging), advances, roots


def hanging_ink(matrix, kinds: Mapping[str, Kind], ink: Mapping[str, BandProfile | None], advances: Mapping[str, float],
                upm: float, origin: float, marks: Sequence[bool], bases: Mapping[str, str] | None = None,
                rows: Sequence[bool] | None = None):
    """The kernel's ``hang`` for ``Settings.clear_hanging_ink`` (:class:`bubblekern.kernel.Hang`): pairs of a letter
    (kind ``"U"`` or ``"l"``) whose ``ink`` reaches past its right sidebearing line by more than :data:`HANG_MIN`
    before a glyph ``marks`` flags (per row of ``matrix``: :func:`hang_marks`), both among ``rows`` (all without
    it). ``ink`` holds band profiles on ``matrix``'s band height and in its space (``origin``: where the
    sidebearing lines stand), ``advances`` the advance of each. A letter built on another (``bases``: name → the
    letter it is built on, :func:`letter_roots`) hangs only where that letter does: ``ḟ`` as ``f``, not ``ť``
    ``ứ`` ``î``, whose accent or horn reaches past the line where designers leave punctuation at its spacing.
    A pair's gap on the returned matrix is minus the ink that hangs in the bands the mark's bubble reaches.
    None when no pair is one."""
    least = HANG_MIN * upm / 1000.0
    names, widths = matrix.names, matrix.widths
    height, first = matrix.height, matrix.first_band
    marks = [bool(m) and (rows is None or bool(rows[i])) for i, m in enumerate(marks)]
    letters = kind_rows(kinds, names, STEM_KINDS, rows)

    def hanging(name: str) -> list[float] | None:
        """The right extents of ``name``'s ink, set back to its line where they pass it by ``least`` or less;
        None when nothing is left past it."""
        profile = ink.get(name)
        if profile is None or profile.height != height or name not in advances:
            return None
        line = float(advances[name]) + origin
        right = [x if x - line > least else (line if math.isfinite(x) else math.nan) for x in profile.right]
        return right if any(x > line for x in right) else None

    def base_hangs(name: str) -> bool:
        base = (bases or {}).get(name)
        return base is None or hanging(base) is not None

    hung = [False] * len(names)
    profiles: dict[str, BandProfile] = {}
    for row, name in enumerate(names):
        right = hanging(name) if letters[row] and base_hangs(name) else None
        if right is not None:  # the letter's room: minus its hang, 0 in its other inked bands
            hung[row] = True
            profiles[name] = BandProfile(height, ink[name].start, [origin if math.isfinite(x) else x for x in right], right)
        elif marks[row]:  # the mark's room: 0 in its bubble's bands
            line = float(widths[row]) + origin
            room = matrix.room_left[row]
            reached = [math.isfinite(v) for v in (room.tolist() if hasattr(room, "tolist") else room)]
            profiles[name] = BandProfile(height, first, [origin if r else math.nan for r in reached],
                                         [line if r else math.nan for r in reached])
        else:
            profiles[name] = BandProfile(height, first, (), ())
    if not any(hung) or not any(marks):
        return None
    return kernel.Hang(kernel.ProfileMatrix.build(profiles, dict(zip(names, map(float, widths))), origin), hung, marks)


def hang_measure(font, matrix, kinds: Mapping[str, Kind], read_letters: Callable[[list[str]], tuple], upm: float,
                 origin: float, rows: Sequence[bool] | None = None):
    """The kernel's ``hang`` of ``matrix``'s rows (``rows``; all without it), as ``kern_pairs`` and the fit's search
    both take it: None when no letter or no mark (:func:`hang_marks`) is among them, else :func:`hanging_ink` of the
    letters' ink, which ``read_letters`` reads (given the letters; :func:`hanging_letters`' result)."""
    letters = [n for n, flag in zip(matrix.names, kind_rows(kinds, matrix.names, STEM_KINDS, rows)) if flag]
    marks = hang_marks(font, matrix.names, kinds)
    if not letters or not any(marks):
        return None
    ink, advances, roots = read_letters(letters)
    return hanging_ink(matrix, kinds, ink, advances, upm, origin, marks, roots, rows)


SERIF_HEIGHT = 0.12
"""Share of the cap height (0.7 em when the font gives none): the bands of a foot serif (``Settings.serif_stops``)."""
SERIF_STEM_TOP = 0.4
"""Share of the cap height: the stem a foot serif stands under, from :data:`SERIF_HEIGHT` up to here; its side
may vary by at most :data:`STEM_SPREAD`."""
SERIF_REACH = 140.0
"""Per 1000 em: the most a foot serif reaches past its stem (Noto Serif's bracketed serifs 105–120, Caladea's ~100);
further is a foot or a tail, not a serif."""
SERIF_ARM = 100.0
"""Per 1000 em: how far past the stem the side's outermost ink must reach above it (an arm, a bowl, a serif T's
top) for the stop to pass under it; ``I`` has none and keeps its kern."""


def foot_serif(ink: BandProfile | None, cap_height: float, upm: float) -> float:
    """How far (font units) the foot serif of a letter's right side reaches past the stem above it, when that
    side is a straight stem (:data:`SERIF_STEM_TOP`) on a serif (:data:`SERIF_HEIGHT`, at most
    :data:`SERIF_REACH`) under something reaching at least :data:`SERIF_ARM` past the stem; else 0. ``ink`` is the
    letter's ink band profile."""
    if ink is None or ink.empty:
        return 0.0
    scale = upm / 1000.0
    foot, stem, outer = [], [], -math.inf
    for band, _, right in ink.bands():
        if right != right:  # a hole
            continue
        bottom, top = ink.band_range(band)
        if bottom >= 0.0 and top <= SERIF_HEIGHT * cap_height:
            foot.append(right)
        elif bottom >= SERIF_HEIGHT * cap_height:  # the foot is no arm of its own
            outer = max(outer, right)
            if top <= SERIF_STEM_TOP * cap_height:
                stem.append(right)
    if not foot or len(stem) < 3 or max(stem) - min(stem) > STEM_SPREAD * scale:
        return 0.0
    edge = sorted(stem)[len(stem) // 2]
    reach = max(foot) - edge
    if not 0.0 < reach <= SERIF_REACH * scale or outer - edge < SERIF_ARM * scale:
        return 0.0
    return reach


def serif_letters(bubbles, letters: Iterable[str]) -> tuple[Mapping[str, BandProfile | None], dict[str, str]]:
    """What :func:`serif_measure` reads of ``letters`` in ``bubbles`` (a :class:`~bubblekern.bubbles.FontBubbles`):
    (the ink band profiles of the letters, or of the letters they are built on, :func:`letter_roots`). An accented
    letter has its base's serif: ``Ť`` as ``T``, and ``Ĭ``'s breve is no arm. Ink that cannot be read: none."""
    letters = list(letters)
    roots = letter_roots(bubbles, letters)
    try:
        return bubbles.ink_profiles({*(n for n in letters if n not in roots), *roots.values()}), roots
    except BubbleKernError:
        return {}, roots


def serif_measure(font, matrix, kinds: Mapping[str, Kind], read_letters: Callable[[list[str]], tuple], blend,
                  upm: float, rows: Sequence[bool] | None = None) -> tuple[list[float], list[bool]] | None:
    """The kernel's ``serifs`` (``Settings.serif_stops``) for ``matrix``'s rows (``rows``; all without it): per row,
    :func:`foot_serif` of a letter's ink (or of the letter it is built on) times the weights of ``blend`` (the
    kernel's grown matrices and weights: every halo's kern deepens by the serif's reach), and the low stops
    (:func:`stop_raised_rows`) set past it; None when there is no such letter or stop. ``read_letters`` reads the
    letters given (:func:`serif_letters`' result, on ``matrix``'s band height); only letters whose bubble's right
    side varies by :data:`SERIF_ARM` are read."""
    names = matrix.names
    stops = [flag and (rows is None or bool(rows[i])) for i, flag in enumerate(stop_raised_rows(font, kinds, names)[0])]
    if not any(stops):
        return None
    reach = SERIF_ARM * upm / 1000.0
    candidates = []
    for row, (name, letter) in enumerate(zip(names, kind_rows(kinds, names, STEM_KINDS, rows))):
        if letter:
            room = [r for r in matrix.room_right[row] if math.isfinite(r)]
            if room and max(room) - min(room) >= reach:
                candidates.append(name)
    if not candidates:
        return None
    ink, roots = read_letters(candidates)
    cap = _font_height(font, "capHeight", 0.7)
    weight = max(sum(w for _, w in blend), 0.0)  # a blend whose weights cancel out deepens nothing
    room = [0.0] * len(names)
    for name in candidates:
        room[matrix.index[name]] = foot_serif(ink.get(roots.get(name, name)), cap, upm) * weight
    return (room, stops) if any(room) else None


def grown_matrices(matrix, blend: Sequence[tuple[float, float, float]], upm: float):
    """The kernel's ``blend`` argument for ``Settings.blend``: (``matrix`` grown by each halo, scaled
    from per 1000 em to ``upm``, or None for the halo (0, 0), weight) per halo. A halo of negative height
    erodes: the bubbles lose that much above and below (:func:`bubblekern.kernel.erode`) and grow its width
    sideways, and the kernel never solves it deeper than the bubbles (:class:`bubblekern.kernel.Eroded`)."""
    scale = upm / 1000.0

    def halo(dx: float, dy: float):
        if dy < 0:
            return kernel.Eroded(kernel.grow(kernel.erode(matrix, -dy * scale), dx * scale, 0.0))
        return kernel.grow(matrix, dx * scale, dy * scale) if dx or dy else None

    return [(halo(dx, dy), float(weight)) for dx, dy, weight in blend]


def model_measures(matrix, kinds: Mapping[str, Kind], straight: str | None, stem: str | None, blend, upm: float,
                   chunk: int = 1 << 18, rows: Sequence[bool] | None = None, tuck: bool = True,
                   floor: kernel.Floor | None = None, arms: bool = False) -> dict:
    """The kernel's ``offsets`` (:func:`model_offsets`, the references blended as the pairs are: with ``floor``)
    and, with ``tuck`` (``Settings.tuck_raised``), its ``tuck`` (:func:`raised_tuck`), with ``arms``
    (``Settings.tuck_arms``) its ``arms`` (:func:`arm_tuck`): what the value model measures under the blend, for
    ``kern`` and ``fit`` alike."""
    return {"offsets": model_offsets(matrix, kinds, straight, stem, blend, upm, chunk, rows, floor),
            "tuck": raised_tuck(matrix, kinds, straight, upm, chunk, rows) if tuck else None,
            "arms": arm_tuck(matrix, kinds, upm, rows) if arms else None}


def followed_bases(bubbles, names: Iterable[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The base letter each of ``names`` follows under ``Settings.follow_base``, as the glyph on the right
    of a pair and as the one on the left: a composite on its base
    (:meth:`~bubblekern.bubbles.FontBubbles.composite_bases`) or a letter drawn with contours of its own
    whose Unicode letter is built on it (:meth:`~bubblekern.bubbles.FontBubbles.letter_bases`: ``Ŧ`` on
    ``T``), whose ink overhangs the base's edge facing the other glyph by at most :data:`FOLLOW_OVERHANG`,
    on a base at least :data:`FOLLOW_MIN_WIDTH` wide.
    On the left it must also share its base's advance (so their right sidebearing lines meet) and have a
    code point: unencoded composites (case forms, alternates) that follow on the left got deep kerns their
    designers never set (Roboto's stacked Vietnamese capitals). Ink that cannot be read: none follows."""
    scale = bubbles.upm / 1000.0
    names = list(names)
    found = bubbles.composite_bases(names)
    found.update((n, b) for n, b in bubbles.letter_bases(names).items() if n not in found)
    widths = bubbles.widths({*found, *found.values()})
    found = {n: b for n, b in found.items() if widths[b] >= FOLLOW_MIN_WIDTH * scale}
    try:
        bounds = bubbles.ink_bounds({*found, *found.values()}) if found else {}
    except BubbleKernError:
        return {}, {}
    overhang, cmap = FOLLOW_OVERHANG * scale, unicode_table(bubbles.font)
    right = {n: b for n, b in found.items() if bounds[n][0] >= bounds[b][0] - overhang}
    left = {n: b for n, b in found.items()
            if bounds[n][2] <= bounds[b][2] + overhang and widths[n] == widths[b] and cmap.get(n)}
    return right, left


DASH_FACTOR = 2.0
"""``Settings.dash_clearance``: a pair with a dash kerns at most this many times as deep as it would with the dash's
bubble reaching the clearance further down (:func:`dash_clearance`), or :data:`DASH_DEPTH`."""
DASH_DEPTH = 30.0
"""Per 1000 units per em: how deep a pair with a dash may kern under ``Settings.dash_clearance`` however its reaching
bubble meets the other glyph: designers kern a dash lightly beside a leg or a curve coming down to the line (Caladea's
``K-`` −32, ``R-`` −26, Roboto's ``K-`` −31, Cyrillic ``Қ-`` −31), where the clearance alone took them to 0."""


def _named_char(table: Mapping[str, Sequence[int]], name: str) -> str | None:
    """The character glyph ``name`` stands for: its first code point in ``table`` (:func:`unicode_table`), else its
    name's base's (``hyphen.case`` → ``hyphen``'s); None for neither."""
    base = name.split(".", 1)[0]
    chars = table.get(name) or (table.get(base) or () if base else ())
    return chr(chars[0]) if chars else None


def dash_rows(font, names: Iterable[str]) -> list[bool]:
    """Per name: whether it is a dash (Unicode dash punctuation, ``Pd``: ``- ‐ – —`` and their kin); an unencoded
    glyph by its name's base (``hyphen.case``)."""
    table = unicode_table(font)
    return [(char := _named_char(table, name)) is not None and unicodedata.category(char) == "Pd" for name in names]


def dash_clearance(font, matrix, kinds: Mapping[str, Kind], straight: str | None, stem: str | None, depth: float,
                   upm: float, chunk: int = 1 << 18, rows: Sequence[bool] | None = None) -> kernel.Clearance | None:
    """The kernel's ``clearance`` for ``Settings.dash_clearance`` (``depth`` per 1000 units per em): each pair with a
    dash (:func:`dash_rows`, among ``rows``; all without it) kerns at most :data:`DASH_FACTOR` times as deep as with
    the dash's bubble reaching ``depth`` further down (:func:`bubblekern.kernel.reach_down`), measured from the
    references as the pairs are (:func:`model_offsets` on that matrix), or :data:`DASH_DEPTH`. A hyphen comes under
    an arm (``T-``) as before, but not far over a foot a little below it (Roboto's ``L-`` ``Z-``: −138 and −73 per
    1000 em from the bubbles, where every designer of ``../shared`` has 0). None when ``depth`` is 0 or no row is a
    dash."""
    if not depth:
        return None
    flags = [d and (rows is None or bool(rows[i])) for i, d in enumerate(dash_rows(font, matrix.names))]
    if not any(flags):
        return None
    reached = kernel.reach_down(matrix, flags, depth * upm / 1000.0)
    offsets = model_offsets(matrix, kinds, straight, stem, [(reached, 1.0)], upm, chunk, rows)
    return kernel.Clearance(reached, flags, offsets, DASH_FACTOR, DASH_DEPTH * upm / 1000.0)


def bracket_codes(font, names: Iterable[str]) -> list[int]:
    """Per name, the code :func:`bubblekern.kernel.hold_inside` takes: 1 an opening bracket, 2 a closing
    one (Unicode open or close punctuation that mirrors: ``( [ {`` and their kin, not the low quotes
    ``‚ „``), 3 a letter or figure, 0 anything else; an unencoded glyph by its name's base
    (``parenleft.case``)."""
    table = unicode_table(font)
    codes = []
    for name in names:
        code = 0
        if (char := _named_char(table, name)) is not None:
            category = unicodedata.category(char)
            if category in ("Ps", "Pe") and unicodedata.mirrored(char):
                code = 1 if category == "Ps" else 2
            elif category[0] in "LN":
                code = 3
        codes.append(code)
    return codes
