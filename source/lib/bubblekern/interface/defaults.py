"""Settings and window state ↔ RoboFont extension defaults.

Every key lives under ``com.bubblekern.``. Values are plist types (numbers, strings,
booleans, lists, dicts) so ``setExtensionDefault`` can store them. Reading is forgiving:
a missing or malformed value falls back to the default, never raises, because defaults
are written by older versions and by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..errors import SettingsError
from ..settings import LIB_KEY, Settings, fitted_as, stored_dict, stored_value, stores_blend
from .colors import color_defaults

__all__ = [
    "PREFIX",
    "key",
    "GROUPS_MODES",
    "DEFAULTS",
    "registered_defaults",
    "settings_from_defaults",
    "settings_to_defaults",
    "with_font_model",
    "store_font_setting",
    "font_setting_text",
    "stop_raised_status",
    "capital_min_kern_status",
    "CAPITAL_MIN_KERN_PROBLEM",
    "STOP_RAISED_PROBLEM",
    "groups_mode_from_defaults",
    "plain",
    "plain_reader",
]

PREFIX = "com.bubblekern."

GROUPS_MODES = ("glyphs", "groups")
"""How the kerning window writes pairs: glyph pairs only, or expand kerning-group names in pair lists."""

_SETTINGS_KEYS = {
    "band": "band",
    "min_kern": "minKern",
    "rounding": "rounding",
    "allow_positive": "allowPositive",
    "positive_cap": "positiveCap",
    "layer": "layer",
}


def key(name: str) -> str:
    """The extension-defaults key of ``name``."""
    return PREFIX + name


_base = Settings()

DEFAULTS: dict[str, Any] = {
    key("band"): _base.band,
    key("minKern"): _base.min_kern,
    key("rounding"): _base.rounding,
    key("allowPositive"): _base.allow_positive,
    key("positiveCap"): 0,
    key("layer"): _base.layer,
    key("groupsMode"): "glyphs",
    key("replaceMode"): False,
    key("showBubbles"): True,
    key("showBands"): True,
    key("showCollision"): True,
    key("leftPartner"): "",
    key("rightPartner"): "",
    key("favourites"): {},
    key("sampleText"): "",
    key("wordsLanguages"): "",
    key("wordsTop"): 0,
}
"""Every default BubbleKern registers (``registerExtensionDefaults``), colours excluded."""


def plain(value: Any) -> Any:
    """``value`` as plain Python data: Cocoa collections become dicts and lists, deeply.

    ``getExtensionDefault`` hands back what NSUserDefaults stores: NSArray and NSDictionary
    (PyObjC proxies), not list and dict (Mechanic 2 converts them with ``list(...)``). Strings
    and numbers come back as ``str``/``int``/``float`` subclasses and are kept.
    """
    if value is None or isinstance(value, (str, bytes, bool, int, float)):
        return value
    if hasattr(value, "keys") and hasattr(value, "__getitem__"):
        return {plain(k): plain(value[k]) for k in value.keys()}
    try:
        items = list(value)
    except TypeError:
        return value
    return [plain(v) for v in items]


def plain_reader(get: Callable[..., Any]) -> Callable[[str, Any], Any]:
    """``get(key, fallback)`` (``getExtensionDefault``) returning :func:`plain` values."""

    def read(name: str, fallback: Any = None) -> Any:
        return plain(get(name, fallback))

    return read


def registered_defaults() -> dict[str, Any]:
    """All defaults to register at start-up, colours included."""
    return {**DEFAULTS, **color_defaults()}


def _number(value: Any, fallback: float, *, low: float, integer: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < low:
        return fallback
    if integer:
        if int(value) != value:
            return fallback
        return int(value)
    return float(value)


def settings_from_defaults(get: Callable[[str, Any], Any]) -> Settings:
    """Settings read through ``get(key, fallback)``; bad values fall back one by one."""
    band = _number(get(key("band"), _base.band), _base.band, low=1e-6)
    if band <= 0:
        band = _base.band
    min_kern = _number(get(key("minKern"), _base.min_kern), _base.min_kern, low=0, integer=True)
    rounding = _number(get(key("rounding"), _base.rounding), _base.rounding, low=1, integer=True)
    allow = get(key("allowPositive"), _base.allow_positive)
    allow = allow if isinstance(allow, bool) else _base.allow_positive
    cap = _number(get(key("positiveCap"), 0), 0, low=0, integer=True)
    layer = get(key("layer"), _base.layer)
    layer = layer.strip() if isinstance(layer, str) and layer.strip() else _base.layer
    return Settings(
        layer=layer,
        band=band,
        min_kern=min_kern,
        rounding=rounding,
        allow_positive=allow,
        positive_cap=cap or None,
        on_error="skip",
    )


MODEL_FIELDS = ("capital_min_kern", "depth_cap", "strengths", "blend", "failsafe", "stop_raised", "case_offsets",
                "punctuation_reference", "stem_reference", "follow_base", "tuck_raised", "tuck_arms", "ink_room",
                "clear_hanging_ink", "serif_stops", "armless_share", "dash_share", "stop_floor", "stop_capital_floor", "dash_clearance",
                "kern_inside_brackets", "prior_weight", "words_only", "quote_share")
"""Value-model settings a font's lib may hold (``bubblekern fit`` stores the first four, ``stop_raised``,
``case_offsets``, ``dash_share``, ``quote_share``, ``armless_share`` and ``words_only``, and ``prior_weight`` with ``--prior``; the window's Settings
tab writes ``prior_weight`` too) that the window's settings do not cover."""


def with_font_model(settings: Settings, font) -> Settings:
    """``settings`` with the value model stored in ``font``'s lib (``com.bubblekern.settings``, written
    by ``bubblekern fit``: depth cap, strengths, halo blend, fail-safe; or by a script: the other
    :data:`MODEL_FIELDS`), so the window and the glyph
    editor kern as the command line does: without a stored blend, ``"auto"``. A value the lib holds
    wrongly is ignored, one by one."""
    if not stores_blend(font):
        settings = settings.replace(blend="auto")  # as on the command line
    stored = stored_dict(font)
    settings = settings.replace(**fitted_as(stored))  # what strengths fitted before a rule came were fitted with
    for name in MODEL_FIELDS:
        if name in stored:
            try:
                settings = settings.replace(**{name: stored[name]})
            except (SettingsError, TypeError, ValueError):
                continue
    return settings


def store_font_setting(font, name: str, text: str, problem: str) -> str | None:
    """Store the number typed as ``text`` as setting ``name`` in ``font``'s settings (the window's fields for what
    belongs to the font, not to the window); ``problem`` (``{text}`` filled in) when :class:`Settings` refuses it,
    nothing stored. Empty text removes the setting: its default again."""
    text = (text or "").strip()
    stored = stored_dict(font)
    if not text:
        if name in stored:
            del stored[name]
            font.lib[LIB_KEY] = stored
        return None
    try:
        value = getattr(Settings(**{name: float(text)}), name)
    except (SettingsError, ValueError):
        return problem.format(text=repr(text))
    if stored.get(name) != value:
        stored[name] = value
        font.lib[LIB_KEY] = stored
    return None


def font_setting_text(font, name: str) -> str:
    """What the window's field shows of setting ``name`` stored in ``font`` (empty: not stored, or stored wrongly)."""
    value = stored_value(font, name)
    return "" if value is None else format(value, "g")


STOP_RAISED_PROBLEM = "A quote after a period must be a kern from -500 to 500 per 1000 em, not {text}"
"""What the Settings tab says of a ``stop_raised`` it cannot store."""


CAPITAL_MIN_KERN_PROBLEM = "Capitals' min kern must be a number of font units ≥ 0, not {text}"
"""What the Settings tab says of a ``capital_min_kern`` it cannot store."""


def capital_min_kern_status(font) -> str:
    """What the Settings tab says of ``font``'s ``capital_min_kern`` (the threshold of pairs of two capitals)."""
    text = font_setting_text(font, "capital_min_kern")
    if not text:
        return "Font units; empty: as Min Kern. bubblekern fit sets it (2 to 20 per 1000 em)"
    return f"Pairs of two capitals (A O, T O) under {text} font units are dropped; Min Kern for the rest."


def stop_raised_status(font) -> str:
    """What the Settings tab says of ``font``'s ``stop_raised`` (a quote after a period or comma)."""
    text = font_setting_text(font, "stop_raised")
    if not text:
        return "Per 1000 em; empty: the fail-safe (0). bubblekern fit sets it from a model pair such as .'"
    return f"{text} per 1000 em for . and , before ' \" ’ ” * ° (their bubbles share no band)."


def settings_to_defaults(settings: Settings) -> dict[str, Any]:
    """Extension-defaults entries for ``settings`` (positive_cap None is stored as 0)."""
    return {
        key("band"): float(settings.band),
        key("minKern"): int(settings.min_kern),
        key("rounding"): int(settings.rounding),
        key("allowPositive"): bool(settings.allow_positive),
        key("positiveCap"): int(settings.positive_cap or 0),
        key("layer"): settings.layer,
    }


def groups_mode_from_defaults(get: Callable[[str, Any], Any]) -> str:
    """The stored groups mode, or ``"glyphs"``."""
    mode = get(key("groupsMode"), "glyphs")
    return mode if mode in GROUPS_MODES else "glyphs"


def flag(get: Callable[[str, Any], Any], name: str) -> bool:
    """A boolean default, falling back to the registered value."""
    value = get(key(name), DEFAULTS[key(name)])
    return value if isinstance(value, bool) else bool(DEFAULTS[key(name)])


__all__ += ["flag"]
