"""Settings of a kerning run, and their scaling to a font's units per em."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from .errors import FontInfoError, SettingsError

__all__ = ["Settings", "SettingsError", "units_per_em", "italic_slant", "stores_blend", "stored_dict", "stored_value",
           "fitted_alike", "fitted_before_arms", "fitted_before_ink", "fitted_as", "LIB_KEY", "MIN_UPM", "MAX_UPM"]

LIB_KEY = "com.bubblekern.settings"

MIN_UPM, MAX_UPM = 16, 16384
"""The unitsPerEm range OpenType allows; anything outside it is broken data."""

OnError = Literal["raise", "skip"]
Failsafe = Literal["cap", "zero", "skip"]
FAILSAFES = ("cap", "zero", "skip")


@dataclass(frozen=True)
class Settings:
    """What a kerning run does.

    ``band`` and ``positive_limit`` are given per 1000 units per em and scaled to the font;
    every other length (``min_kern``, ``rounding``, ``positive_cap``) is in the font's own units.
    """

    layer: str = "bubble"
    """Name of the glyph layer holding the bubbles."""
    band: float = 20.0
    """Band height per 1000 units per em."""
    min_kern: int = 5
    """Solved values with a smaller magnitude are not kept (0 keeps every non-zero value)."""
    capital_min_kern: int | None = None
    """``min_kern`` for a pair of two capitals (uppercase letters); None: ``min_kern``. ``bubblekern fit`` chooses
    it on the capital model pairs (:data:`bubblekern.fit.CAPITAL_MIN_KERNS`, a tie going to
    :data:`bubblekern.fit.CAPITAL_MIN_KERN`): designers kern capitals finely (``A O`` ``T O`` ``K O`` −10 to −20 per
    1000 em), and a threshold fitted to lowercase and punctuation model pairs dropped them."""
    rounding: int = 1
    """Values are rounded to a multiple of this step."""
    allow_positive: bool = True
    """Keep positive kerns of overlapping bubbles; when False they become 0."""
    positive_cap: int | None = None
    """Largest positive kern in font units; None: ``positive_limit`` decides."""
    positive_limit: float | None = 100.0
    """Largest positive kern per 1000 units per em when ``positive_cap`` is None (None: no limit).
    Bubbles overlap most where accents clash; they should not push glyphs a tenth of an em apart."""
    include_marks: bool = False
    """Let combining marks into the default all-pairs set (they sit on glyphs, not beside them)."""
    lowercase_capital: bool = False
    """Let a lowercase letter before a capital (``aT``, camelCase) into the default all-pairs set
    of :mod:`bubblekern.glyphsets`, all of them (text rarely sets one; most designers never kern
    one). False still keeps those a font's own kerning reaches, when its designer kerns some."""
    italic: bool = True
    """Band italic fonts along ``font.info.italicAngle`` (see :mod:`bubblekern.bands`)."""
    rtl: str | tuple[str, ...] = ()
    """Glyphs kerned right to left whatever their code points: names, or ``"all"``. Glyphs
    encoded with a right-to-left character (Hebrew, Arabic…) need no listing
    (:mod:`bubblekern.direction`)."""
    on_error: OnError = "raise"
    """What a component cycle or a missing component base does: raise, or skip with a warning."""
    failsafe: Failsafe = "zero"
    """A pair whose bubbles share no band (period + quote): ``zero`` solves it to 0, ``cap`` gives
    it the negative cap (the original BubbleKern's fail-safe), ``skip`` leaves it unsolved."""
    stop_raised: float | None = None
    """Per 1000 units per em: the kern of a raised mark (quote, asterisk, degree) after a low stop (``.'`` ``,"``), a
    pair whose bubbles share no band, instead of what ``failsafe`` gives (unless it is ``skip``); within the caps.
    How far a quote comes over a period is a designer's policy, one value for them all (Caladea and Roboto kern
    ``.'`` ``,"`` −68 and −83 per 1000 em, Noto 0), so ``bubblekern fit`` sets it from a model pair such as ``.'``.
    A raised mark before a low stop (``".``) gets :data:`bubblekern.model.REVERSED_STOP_SHARE` of it: most designers
    who kern one order kern the other. None: the fail-safe decides."""
    case_offsets: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
    """Per 1000 units per em: a kern added to every pair of two letters by their cases, UC–UC, UC–lc, lc–UC and lc–lc
    (not to a pair whose bubbles share no band). The value model kerns each case's straight pair (``H H``, ``H n``,
    ``n H``, ``n n``) 0; a designer who kerns it has moved that whole case pair, as Lato's and Cabin's designers
    tighten every lowercase before a capital by 8 to 18 per 1000 em. ``bubblekern fit`` sets each from the model pair
    that is that case's straight pair, where the model pairs hold it (:func:`bubblekern.model.straight_pairs`)."""
    depth_cap: float | None = None
    """Per 1000 units per em: room beside a bubble counts at most this much beyond the room at its
    outermost band (see :mod:`bubblekern.model`); None for no cap."""
    strengths: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    """Scale of negative kerns per pair context: UC–UC, UC–lc, lc–UC, lc–lc, punctuation, a stop
    before a letter, a raised mark before a lowercase letter (:data:`bubblekern.model.CONTEXTS`);
    five or six values (stored before the last ones had contexts of their own) give them the
    punctuation strength. A context at 0 is not kerned at all: its positive kerns (overlapping bubbles, f's hook
    before a quote) are 0 too, and so are those of a share at 0 (``dash_share``, ``quote_share``)."""
    blend: tuple[tuple[float, float, float], ...] | str = ()
    """The halo blend (see :mod:`bubblekern.model`): (width, height, weight) per grown halo, width
    and height per 1000 units per em (a negative height takes that much off the bubbles above and below
    before they grow sideways); a pair's negative kern is the weighted sum of its kerns with the bubbles
    grown by each halo, never closer than the bubbles' own. Empty: off. ``"auto"``:
    the blend learned on the bubbles BubbleKern generates by default (:data:`bubblekern.model.BLENDS`:
    the current default shape, or that of version 0.1) for each pair of two glyphs generated so and
    not edited since, off for the rest (the command line's and the RoboFont window's default)."""
    punctuation_reference: bool = True
    """With the halo blend, a punctuation glyph's kern is counted from its kern against the straight
    reference (H, else Greek Eta or Cyrillic En; :func:`bubblekern.model.reference_offsets`): the white
    its bubble leaves beside a straight stem (a hyphen between H's serifs) is its designer's
    spacing, so ``-H`` stays 0 and every pair of it is that much less deep."""
    stem_reference: bool = True
    """With the halo blend, a letter whose side is one straight stem over the lowercase's height, set back
    from its outermost point by a serif at most (``N`` ``J`` in a serif font), is kerned from where it
    meets ``n`` (:func:`bubblekern.model.stem_offsets`): the room its stem keeps from n's is spacing, so
    ``N a`` stays 0 like ``H a``."""
    follow_base: bool = True
    """With the halo blend, an accented glyph (a composite on its base letter whose accent stays over
    it, or a letter drawn on it by its Unicode name such as ``Ŧ`` on ``T``, on a base not too narrow:
    :func:`bubblekern.model.followed_bases`) kerns at least as deep as its
    base where the base pair kerns negative and its own kern is not positive: ``Tä`` as ``Ta`` and
    ``öT`` as ``oT``, not stopped by the accent under T's arm, as designers kern them."""
    tuck_raised: bool = True
    """With the halo blend, a raised mark (a quote, asterisk or degree: punctuation whose ink is all above
    half the x-height) before a lowercase letter is kerned from its bubble and the letter's with their
    vertical margins taken off (:func:`bubblekern.model.raised_tuck`), measured from its kern against the
    straight reference: the mark then tucks over the letter's top as far as the letter's shape lets it,
    and the pair context ``raised-lc``'s strength says how far the designer takes that."""
    tuck_arms: bool = True
    """With the halo blend, a pair of two letters, not both capitals, gains part of the room their bubbles' vertical
    margins hide (:func:`bubblekern.model.arm_tuck`): a lowercase letter comes under T's arm (and ``e`` under k's) as
    designers set it, where the margins of the arm's and the letter's bubbles met. Settings fitted before it
    (strengths stored without ``tuck_arms``) keep it off, as they were fitted."""
    ink_room: bool = True
    """With the halo blend, a pair of two capitals or two lowercase letters gains part of the room their ink leaves
    beyond what each side leaves beside its case's straight reference, ``H`` or ``n`` (:func:`bubblekern.model.ink_measure`):
    generated bubbles reach a round or slanted letter's sidebearing lines over most of its height, so ``v o`` ``r e``
    ``K C`` met at 0 or nearly where designers kern them; ``H O`` ``O O`` ``n o`` stay as they were. Settings fitted
    before it (strengths stored without ``ink_room``) keep it off, as they were fitted."""
    clear_hanging_ink: bool = True
    """With the halo blend, a closing bracket or quote or raised punctuation (:func:`bubblekern.model.hang_marks`)
    after a letter whose ink reaches past its right sidebearing line (by more than
    :data:`bubblekern.model.HANG_MIN`) in the bands the mark's bubble reaches is kerned apart at least that far
    (:func:`bubblekern.model.hanging_ink`): ``f'`` ``f)`` keep the mark off f's hook, which generated bubbles,
    stopping at the sidebearing lines, do not see. A letter built on another hangs only where that one does."""
    serif_stops: bool = True
    """With the halo blend, a period or comma after a letter whose right side is a stem on a foot serif, under an
    arm (serif ``T Y F P r``: :func:`bubblekern.model.foot_serif`), is kerned as if the serif were not there
    (:func:`bubblekern.model.serif_measure`): designers set the stop under the arm by the stem, where the serif
    alone held it off."""
    armless_share: float = 0.37
    """With the halo blend, the share of UC–lc's strength a capital with no arm over the lowercase zone kerns at
    before a lowercase letter (``A H K L R X Z``; not ``T V W Y F P``, whose ink reaches further right above half
    the x-height than below: :func:`bubblekern.model.armless_capitals`). Under an arm the white reaches in over
    the lowercase letter's top, and designers kern ``Ta Vo Yo`` deeper than ``Av Ko Ly``, which meet the letter at
    its foot or middle: over 23 hand-kerned fonts the least-squares strengths of the two are 1.63 and 0.60 with
    ``tuck_arms`` (the share 0.34–0.43 learned without any one family; 1.76 and 0.74 without it). 1: every capital
    at UC–lc's strength."""
    dash_share: float = 1.0
    """The share of the punctuation strength a dash (a hyphen, an en or em dash: :func:`bubblekern.model.dash_rows`)
    kerns at beside a letter, either side (``-T`` ``T-`` ``-x``). Whether dashes are kerned against letters at all
    is a designer's policy: Roboto's, Noto Sans's and Noto Serif's leave ``-Y`` ``-V`` ``-x`` at 0 where the bubbles
    kern them, Caladea's kerns them deeper than the bubbles. ``bubblekern fit`` sets it from a model pair such as
    ``-T``, as it sets ``stop_raised`` from ``.'``. 1: as punctuation."""
    quote_share: float = 1.0
    """The share of the punctuation strength a raised mark (a quote, an asterisk, a degree: punctuation drawn above half
    the x-height) kerns at after a letter (``L'`` ``T"``) or before a capital (``'A``); before a lowercase letter the
    ``raised-lc`` context's strength decides. Whether quotes are kerned against letters is a designer's policy: TeX
    Gyre's, Carlito's, DejaVu's and EB Garamond's designers leave ``L'`` and ``'A`` at 0 while they kern ``P,`` and
    ``T.``. ``bubblekern fit`` sets it from model pairs such as ``L'`` and ``'A``. 1: as punctuation."""
    words_only: str | None = None
    """Language codes (``"de,en,es,fr,it,nl,pt"``): a pair of two letters of those languages' alphabets that none of
    their common words sets side by side, in lower case, capitalised or in capitals (``T q``, ``Y c``, any lowercase
    before a capital), is not kerned (:func:`bubblekern.words.text_codes`; accented letters count as their base
    letter, a ligature as the letter it ends with on its left side and the one it begins with on its right).
    Some designers kern only the pairs their text sets: TeX Gyre's, Gentium's and DejaVu's kern ``T o`` and leave
    ``T q`` at 0, where the bubbles kern both alike. Other glyphs (figures, punctuation, letters of other alphabets)
    pair as ever. ``bubblekern fit`` sets it from a model pair such as ``T q``. The words come from wordfreq (the
    ``words`` extra); without it kerning says so and keeps every pair. None: every pair."""
    stop_floor: float = 0.5
    """With the halo blend, a period or comma after a letter keeps at least this share of its bubbles' own kern
    (:func:`bubblekern.kernel.floor_gaps`): the halos, grown sideways, fill the white beside a round or open
    bottom (``O.`` ``D.`` ``w.``), which the stop, sitting low, does come into; designers kern it there. 0: off."""
    stop_capital_floor: float = 0.75
    """With the halo blend, a capital after a period or comma keeps at least this share of its bubbles' own kern, of
    at most 100 per 1000 em of their room (:func:`bubblekern.model.stop_floors`): the halos grow the stop up and
    sideways into the white beside a round or slanted capital (``.O`` ``,V`` ``.W``), where a sentence's first
    capital does come; designers kern it there. 0: off."""
    dash_clearance: float = 200.0
    """With the halo blend, per 1000 units per em: a pair with a dash (a hyphen, an en or em dash) kerns at most twice
    as deep as it would were the dash's bubble reaching this much further down, or 30 per 1000 em
    (:func:`bubblekern.model.dash_clearance`): a dash comes under an arm (``T-``) but not far over a foot below it
    (``L-`` ``Z-``), where designers leave it at 0. 0: off."""
    kern_inside_brackets: bool = False
    """Kern a letter or figure closer to the inner side of a bracket (after ``( [ {``, before ``) ] }``).
    Off by default: such pairs are never kerned closer, only apart where their bubbles overlap, as
    designers space brackets to what they hold (:func:`bubblekern.model.bracket_codes`)."""
    prior_weight: float = 0.6
    """BubbleKern's share of a pair's value where a kerning prior is given (:mod:`bubblekern.prior`: other fonts'
    kerning of the same characters); the prior's share is the rest. Unused without a prior. On the five fonts of
    ``../shared``, the weight that gives the other four the highest mean r is 0.6 for every font left out."""
    chunk: int = 1 << 18
    """Band cells the solver holds at once: bounds memory, and small chunks stay in the CPU cache."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """Settings of later stages (groups, generation) that ride along unchanged."""

    def __post_init__(self):
        if not (_number(self.band) and math.isfinite(self.band) and self.band > 0):
            raise SettingsError(f"band height must be a positive number, not {self.band!r}")
        if not _number(self.rounding) or self.rounding < 1 or int(self.rounding) != self.rounding:
            raise SettingsError(f"rounding must be a whole number ≥ 1, not {self.rounding!r}")
        if not _number(self.min_kern) or not math.isfinite(self.min_kern) or self.min_kern < 0:
            raise SettingsError(f"min_kern must be a number ≥ 0, not {self.min_kern!r}")
        if self.capital_min_kern is not None and not (
            _number(self.capital_min_kern) and math.isfinite(self.capital_min_kern) and self.capital_min_kern >= 0
        ):
            raise SettingsError(f"capital_min_kern must be a number ≥ 0 or None, not {self.capital_min_kern!r}")
        for name in ("positive_cap", "positive_limit"):
            value = getattr(self, name)
            if value is not None and not (_number(value) and math.isfinite(value) and value >= 0):
                raise SettingsError(f"{name} must be a number ≥ 0 or None, not {value!r}")
        if not isinstance(self.layer, str) or not self.layer:
            raise SettingsError(f"layer must be a layer name, not {self.layer!r}")
        if self.on_error not in ("raise", "skip"):
            raise SettingsError(f"on_error must be 'raise' or 'skip', not {self.on_error!r}")
        if not (_number(self.prior_weight) and 0 <= self.prior_weight <= 1):
            raise SettingsError(f"prior_weight must be a number from 0 to 1, not {self.prior_weight!r}")
        if not _number(self.chunk) or self.chunk < 1:
            raise SettingsError("chunk must be ≥ 1")
        if self.failsafe not in FAILSAFES:
            raise SettingsError(f"failsafe must be one of {', '.join(FAILSAFES)}, not {self.failsafe!r}")
        if self.stop_raised is not None and not (_number(self.stop_raised) and -500 <= self.stop_raised <= 500):
            raise SettingsError(f"stop_raised must be a kern from -500 to 500 per 1000 em or None, not {self.stop_raised!r}")
        for name in ("dash_share", "quote_share"):
            if not (_number(getattr(self, name)) and 0 <= getattr(self, name) <= 2):
                raise SettingsError(f"{name} must be a share from 0 to 2, not {getattr(self, name)!r}")
        if self.words_only is not None:
            codes = self.words_only.replace(",", " ").split() if isinstance(self.words_only, str) else []
            if not codes or not all(c.replace("-", "").isalnum() and c.isascii() for c in codes):
                raise SettingsError(f"words_only must be language codes such as 'en,fr', or None, not {self.words_only!r}")
            object.__setattr__(self, "words_only", ",".join(dict.fromkeys(codes)))
        for name in ("armless_share", "stop_floor", "stop_capital_floor"):
            if not (_number(getattr(self, name)) and 0 <= getattr(self, name) <= 1):
                raise SettingsError(f"{name} must be a share from 0 to 1, not {getattr(self, name)!r}")
        if not (_number(self.dash_clearance) and 0 <= self.dash_clearance <= 1000):
            raise SettingsError(f"dash_clearance must be from 0 to 1000 per 1000 em, not {self.dash_clearance!r}")
        offsets = tuple(self.case_offsets) if isinstance(self.case_offsets, (list, tuple)) else ()
        if len(offsets) != 4 or not all(_number(v) and -500 <= v <= 500 for v in offsets):
            raise SettingsError(f"case_offsets must be 4 kerns from -500 to 500 per 1000 em (UC-UC, UC-lc, lc-UC, "
                                f"lc-lc), not {self.case_offsets!r}")
        object.__setattr__(self, "case_offsets", tuple(float(v) for v in offsets))
        if self.depth_cap is not None and not (
            _number(self.depth_cap) and math.isfinite(self.depth_cap) and self.depth_cap >= 0
        ):
            raise SettingsError(f"depth_cap must be a number ≥ 0 or None, not {self.depth_cap!r}")
        strengths = tuple(self.strengths) if isinstance(self.strengths, (list, tuple)) else ()
        if len(strengths) not in (5, 6, 7) or not all(_number(v) and math.isfinite(v) and 0 <= v <= 4 for v in strengths):
            raise SettingsError(f"strengths must be 7 numbers from 0 to 4 (5 or 6 from before stop-letter or "
                                f"raised-lc), not {self.strengths!r}")
        # stored before stop-letter (5) or raised-lc (6) had a context: they kept the punctuation strength
        strengths += (strengths[4],) * (7 - len(strengths))
        object.__setattr__(self, "strengths", tuple(float(v) for v in strengths))
        object.__setattr__(self, "blend", _blend(self.blend))
        if isinstance(self.rtl, str) and self.rtl != "all":
            raise SettingsError(f"rtl must be 'all' or a list of glyph names, not {self.rtl!r}")
        if not isinstance(self.rtl, str):
            if not all(isinstance(n, str) for n in self.rtl):
                raise SettingsError(f"rtl must be 'all' or a list of glyph names, not {self.rtl!r}")
            object.__setattr__(self, "rtl", tuple(self.rtl))

    def band_height(self, upm: float) -> float:
        """Band height in font units for a font of ``upm`` units per em.

        Raises :class:`SettingsError` when that is under one font unit: thinner bands
        measure nothing more and only multiply the work (``--band 1e-6`` never ended).
        """
        height = self.band * upm / 1000.0
        if height < 1.0:
            raise SettingsError(
                f"band height {self.band:g} per 1000 units per em is {height:.3g} font units at "
                f"{upm:g} units per em; bands must be at least 1 unit tall (band ≥ {1000.0 / upm:.3g})"
            )
        return height

    @property
    def capital_threshold(self) -> float:
        """The ``min_kern`` of pairs of two capitals: ``capital_min_kern``, else ``min_kern``."""
        return self.min_kern if self.capital_min_kern is None else self.capital_min_kern

    def cap_for(self, upm: float) -> Settings:
        """These settings with ``positive_cap`` set from ``positive_limit`` for a font of ``upm``
        units per em (unchanged when ``positive_cap`` is given or there is no limit)."""
        if self.positive_cap is not None or self.positive_limit is None:
            return self
        return self.replace(positive_cap=int(math.floor(self.positive_limit * upm / 1000.0)))

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data, e.g. for ``font.lib``."""
        data = asdict(self)
        data.pop("chunk")
        if data["positive_cap"] is None:
            data.pop("positive_cap")
        for name in ("depth_cap", "stop_raised", "capital_min_kern", "words_only"):
            if data[name] is None:
                data.pop(name)
        if data["blend"]:
            data["blend"] = data["blend"] if data["blend"] == "auto" else [list(halo) for halo in data["blend"]]
        else:
            data.pop("blend")
        if all(v == 1.0 for v in data["strengths"]):
            data.pop("strengths")
        else:
            data["strengths"] = list(data["strengths"])
        if not any(data["case_offsets"]):
            data.pop("case_offsets")
        else:
            data["case_offsets"] = list(data["case_offsets"])
        if not data["extra"]:
            data.pop("extra")
        if not data["rtl"]:
            data.pop("rtl")
        elif not isinstance(data["rtl"], str):
            data["rtl"] = list(data["rtl"])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from plain data; unknown keys are ignored. Strengths stored without ``armless_share``
        (:func:`fitted_alike`) keep a share of 1, and without ``tuck_arms`` or ``ink_room`` (:func:`fitted_before_arms`,
        :func:`fitted_before_ink`) neither rule."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values.update(fitted_as(values))
        for name in ("strengths", "case_offsets"):
            if isinstance(values.get(name), list):
                values[name] = tuple(values[name])
        return cls(**values)


    @classmethod
    def for_font(cls, font) -> Settings:
        """What ``bubblekern kern`` and the RoboFont kerning window kern ``font`` with: the settings its lib
        stores (``com.bubblekern.settings``, as ``bubblekern fit`` stores them), defaults for the rest, and the
        halo blend ``"auto"`` unless the lib gives one. Settings the lib holds wrongly raise
        :class:`SettingsError` naming the key."""
        stored = font.lib.get(LIB_KEY) if LIB_KEY in font.lib else None
        if stored is not None and not isinstance(stored, Mapping):
            raise SettingsError(f"font.lib {LIB_KEY} holds unusable settings: {stored!r} is not a dictionary")
        try:
            settings = cls.from_dict(dict(stored or {}))
        except (TypeError, ValueError) as error:
            raise SettingsError(f"font.lib {LIB_KEY} holds unusable settings: {error}") from None
        return settings if stores_blend(font) else settings.replace(blend="auto")


def _blend(value: Any) -> tuple[tuple[float, float, float], ...] | str:
    """``value`` as blend halos, checked: ``"auto"``, or (width, height, weight) triples, widths 0 to 500
    and heights −500 to 500 per 1000 em (a negative height erodes the bubbles), weights finite, at most 16 halos."""
    if value == "auto":
        return "auto"
    wrong = SettingsError(f"blend must be 'auto' or up to 16 (width, height, weight) triples, width 0 to 500 and "
                          f"height -500 to 500 per 1000 em (negative: eroded), not {value!r}")
    if not isinstance(value, (list, tuple)) or len(value) > 16:
        raise wrong
    halos = []
    for halo in value:
        if not isinstance(halo, (list, tuple)) or len(halo) != 3 or not all(
                _number(v) and math.isfinite(v) for v in halo):
            raise wrong
        width, height, weight = (float(v) for v in halo)
        if not (0 <= width <= 500 and -500 <= height <= 500 and abs(weight) <= 100):
            raise wrong
        halos.append((width, height, weight))
    return tuple(halos)


def stores_blend(font) -> bool:
    """True when ``font``'s settings (``com.bubblekern.settings``) say what the halo blend is, as
    ``bubblekern fit`` does; otherwise the command line and the RoboFont window take ``"auto"``."""
    stored = font.lib.get(LIB_KEY) if font is not None else None
    return isinstance(stored, Mapping) and "blend" in stored


def fitted_alike(stored: Mapping[str, Any]) -> bool:
    """Whether stored settings hold strengths but no ``armless_share``: fitted before armless capitals had a share
    of UC–lc's strength, with every capital alike, so they kern with a share of 1."""
    return "strengths" in stored and "armless_share" not in stored


def fitted_before_arms(stored: Mapping[str, Any]) -> bool:
    """Whether stored settings hold strengths but no ``tuck_arms``: fitted before lowercase letters came under a
    capital's arm, so they kern without it."""
    return "strengths" in stored and "tuck_arms" not in stored


def fitted_before_ink(stored: Mapping[str, Any]) -> bool:
    """Whether stored settings hold strengths but no ``ink_room``: fitted before letters came into the room their
    ink leaves, so they kern without it."""
    return "strengths" in stored and "ink_room" not in stored


def fitted_as(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The settings stored strengths were fitted with where the stored settings do not say them (fitted before the
    rule came): ``armless_share`` 1 (:func:`fitted_alike`), ``tuck_arms`` off (:func:`fitted_before_arms`),
    ``ink_room`` off (:func:`fitted_before_ink`)."""
    return {**({"armless_share": 1.0} if fitted_alike(stored) else {}),
            **({"tuck_arms": False} if fitted_before_arms(stored) else {}),
            **({"ink_room": False} if fitted_before_ink(stored) else {})}


def stored_dict(font) -> dict:
    """A copy of ``font``'s BubbleKern settings as its lib stores them (``com.bubblekern.settings``), unchecked; empty
    when it has none (or no font)."""
    stored = font.lib.get(LIB_KEY) if font is not None and LIB_KEY in font.lib else None
    return dict(stored) if isinstance(stored, Mapping) else {}


def stored_value(font, name: str) -> Any:
    """Setting ``name`` as ``font``'s settings (``com.bubblekern.settings``) store it, checked as :class:`Settings`
    checks it; None when it is not stored, or stored wrongly (a lib edited by hand)."""
    value = stored_dict(font).get(name)
    if value is None:
        return None
    try:
        return getattr(Settings(**{name: value}), name)
    except (SettingsError, TypeError, ValueError):
        return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def italic_slant(font) -> float:
    """tan(font.info.italicAngle), or 0 for an upright font (angle missing or 0)."""
    angle = getattr(font.info, "italicAngle", None)
    if not angle or not isinstance(angle, (int, float)) or not math.isfinite(angle) or abs(angle) >= 90:
        return 0.0
    return math.tan(math.radians(angle))


def units_per_em(font) -> float:
    """The font's unitsPerEm, checked: a clear error when missing, not a number, or outside
    OpenType's 16 to 16384 (a UPM of 0.001 made the bands a thousandth of a unit tall)."""
    upm = getattr(font.info, "unitsPerEm", None)
    if upm is None:
        raise FontInfoError("font.info.unitsPerEm is not set; BubbleKern needs it to scale the bands")
    if not _number(upm) or not math.isfinite(upm) or upm <= 0:
        raise FontInfoError(f"font.info.unitsPerEm must be a positive number, not {upm!r}")
    if not MIN_UPM <= upm <= MAX_UPM:
        raise FontInfoError(f"font.info.unitsPerEm must be between {MIN_UPM} and {MAX_UPM}, not {upm:g}")
    return float(upm)
