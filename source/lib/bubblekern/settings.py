"""Settings of a kerning run, and their scaling to a font's units per em."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from .errors import FontInfoError

__all__ = ["Settings", "units_per_em", "italic_slant", "LIB_KEY"]

LIB_KEY = "com.bubblekern.settings"

OnError = Literal["raise", "skip"]


@dataclass(frozen=True)
class Settings:
    """What a kerning run does.

    ``band`` is given per 1000 units per em and scaled to the font; every other length
    (``min_kern``, ``rounding``, ``positive_cap``) is in the font's own units.
    """

    layer: str = "bubble"
    """Name of the glyph layer holding the bubbles."""
    band: float = 20.0
    """Band height per 1000 units per em."""
    min_kern: int = 5
    """Solved values with a smaller magnitude are not kept (0 keeps every non-zero value)."""
    rounding: int = 1
    """Values are rounded to a multiple of this step."""
    allow_positive: bool = True
    """Keep positive kerns of overlapping bubbles; when False they become 0."""
    positive_cap: int | None = None
    """Largest positive kern, or None for no limit."""
    include_marks: bool = False
    """Let combining marks into the default all-pairs set (they sit on glyphs, not beside them)."""
    italic: bool = True
    """Band italic fonts along ``font.info.italicAngle`` (see :mod:`bubblekern.bands`)."""
    rtl: str | tuple[str, ...] = ()
    """Glyphs kerned right to left whatever their code points: names, or ``"all"``. Glyphs
    encoded with a right-to-left character (Hebrew, Arabic…) need no listing
    (:mod:`bubblekern.direction`)."""
    on_error: OnError = "raise"
    """What a component cycle or a missing component base does: raise, or skip with a warning."""
    chunk: int = 1 << 18
    """Band cells the solver holds at once: bounds memory, and small chunks stay in the CPU cache."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """Settings of later stages (groups, generation) that ride along unchanged."""

    def __post_init__(self):
        if not (isinstance(self.band, (int, float)) and math.isfinite(self.band) and self.band > 0):
            raise ValueError(f"band height must be a positive number, not {self.band!r}")
        if self.rounding < 1 or int(self.rounding) != self.rounding:
            raise ValueError(f"rounding must be a whole number ≥ 1, not {self.rounding!r}")
        if self.min_kern < 0:
            raise ValueError(f"min_kern must be ≥ 0, not {self.min_kern!r}")
        if self.positive_cap is not None and self.positive_cap < 0:
            raise ValueError(f"positive_cap must be ≥ 0 or None, not {self.positive_cap!r}")
        if self.on_error not in ("raise", "skip"):
            raise ValueError(f"on_error must be 'raise' or 'skip', not {self.on_error!r}")
        if self.chunk < 1:
            raise ValueError("chunk must be ≥ 1")
        if isinstance(self.rtl, str) and self.rtl != "all":
            raise ValueError(f"rtl must be 'all' or a list of glyph names, not {self.rtl!r}")
        if not isinstance(self.rtl, str):
            if not all(isinstance(n, str) for n in self.rtl):
                raise ValueError(f"rtl must be 'all' or a list of glyph names, not {self.rtl!r}")
            object.__setattr__(self, "rtl", tuple(self.rtl))

    def band_height(self, upm: float) -> float:
        """Band height in font units for a font of ``upm`` units per em."""
        return self.band * upm / 1000.0

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data, e.g. for ``font.lib``."""
        data = asdict(self)
        data.pop("chunk")
        if data["positive_cap"] is None:
            data.pop("positive_cap")
        if not data["extra"]:
            data.pop("extra")
        if not data["rtl"]:
            data.pop("rtl")
        elif not isinstance(data["rtl"], str):
            data["rtl"] = list(data["rtl"])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from plain data; unknown keys are ignored."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


def italic_slant(font) -> float:
    """tan(font.info.italicAngle), or 0 for an upright font (angle missing or 0)."""
    angle = getattr(font.info, "italicAngle", None)
    if not angle or not isinstance(angle, (int, float)) or not math.isfinite(angle) or abs(angle) >= 90:
        return 0.0
    return math.tan(math.radians(angle))


def units_per_em(font) -> float:
    """The font's unitsPerEm, checked: a clear error when missing, zero or negative."""
    upm = getattr(font.info, "unitsPerEm", None)
    if upm is None:
        raise FontInfoError("font.info.unitsPerEm is not set; BubbleKern needs it to scale the bands")
    if not isinstance(upm, (int, float)) or not math.isfinite(upm) or upm <= 0:
        raise FontInfoError(f"font.info.unitsPerEm must be a positive number, not {upm!r}")
    return float(upm)
