"""Generate bubbles from the outlines: make, refresh and delete bubble-layer glyphs.

::

    from bubblekern.generate import GenerateSettings, make_bubbles
    report = make_bubbles(font)                       # every glyph, settings from font.lib
    report = make_bubbles(font, ["A", "V"], GenerateSettings(offset_x=50, overwrite="always"))

A generated bubble is the glyph's ink (components drawn in) grown by ``offset_x`` and
``offset_y``, counters filled, fitted to the sidebearing lines (see :mod:`bubblekern.offset`
for the geometry), rounded to whole units and written to the bubble layer with a record
of what it was made from (see :mod:`bubblekern.status`).

Which glyphs get one:

- glyphs with no outline (space) never do;
- composites (components only) do not by default: they inherit their components'
  bubbles; ``include_composites`` generates theirs from the drawn-in outline too;
- a glyph that already has a bubble is left alone unless ``overwrite`` says otherwise:
  ``"never"`` writes only where the bubble layer has no glyph of that name,
  ``"if-empty"`` (default) also into an empty one, ``"always"`` replaces any bubble.

Sidebearings are not adhered for glyphs with an advance of zero or less, nor for
combining marks (Unicode category M): their room is set by the composites they sit in,
which are fitted to their own lines when kerned (:meth:`bubblekern.bubbles.FontBubbles.fitted`).

A glyph whose bubble cannot be built (an outline the geometry still refuses after its
retries, see :mod:`bubblekern.offset`) never stops a run: it is skipped with code
``"failed"`` and a message naming it, and every other bubble is written.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from fontTools.pens.recordingPen import RecordingPen

from .bubbles import _naked, glyph_order
from .errors import BubbleGeometryError, BubbleKernError, BubbleLayerError, MissingGlyphError
from .glyphfiles import read_layer
from .pairs import is_mark
from .settings import units_per_em
from .status import GLYPH_KEY, Outlines, _has_bubble, bubble_hash, bubble_status, drawable
from .sync import outline_of, record_outline

try:  # skia-pathops makes bubbles; delete_bubbles and the stored settings work without it
    import pathops

    from .offset import bubble_path, draw_clean
except ImportError:
    pathops = None

PATHOPS_MISSING = "making bubbles needs skia-pathops (python -m pip install 'skia-pathops>=0.8')"


def _need_pathops() -> None:
    if pathops is None:
        raise ImportError(PATHOPS_MISSING)

__all__ = [
    "GENERATE_KEY",
    "GenerateSettings",
    "GenerateSettingsError",
    "GenerateReport",
    "Skip",
    "load_generate_settings",
    "store_generate_settings",
    "make_bubbles",
    "refresh_bubbles",
    "delete_bubbles",
    "glyph_bubble",
]

GENERATE_KEY = "com.bubblekern.generate"
"""Key in ``font.lib`` of the settings the font's bubbles are generated with."""

Corner = Literal["round", "miter"]
Adhere = Literal["trim", "nudge", "off"]
Overwrite = Literal["never", "if-empty", "always"]
Progress = Callable[[str, int, int], None]

_CHOICES = {
    "corner": ("round", "miter"),
    "adhere": ("trim", "nudge", "off"),
    "overwrite": ("never", "if-empty", "always"),
}
_LENGTHS = ("offset_x", "offset_y", "corner_radius")
_NOT_STORED = ("overwrite",)
"""Left out of ``font.lib``: a stored ``always`` would replace hand-drawn bubbles on every later run."""
_SHAPE = ("offset_x", "offset_y", "corner", "corner_radius", "adhere")
"""The settings that shape a bubble, recorded with each generated one."""


class GenerateSettingsError(BubbleKernError, ValueError):
    """A generation setting has a value it cannot have."""


@dataclass(frozen=True)
class GenerateSettings:
    """How bubbles are generated. Lengths are per 1000 units per em, scaled to the font."""

    offset_x: float = 60.0
    """How far the bubble reaches beyond the ink horizontally."""
    offset_y: float = 40.0
    """How far the bubble reaches beyond the ink vertically (less than ``offset_x``: a capital's arm
    then clears a lowercase's top, as in `T n`; 60 up to version 0.1, see :data:`bubblekern.model.BLENDS`)."""
    corner: Corner = "round"
    """Corners of the grown ink: ``round`` (a circle's, or ellipse's, arc) or ``miter`` (sharp)."""
    corner_radius: float = 0.0
    """Round the bubble's remaining corners, concave and convex, to this radius (0: don't)."""
    adhere: Adhere = "trim"
    """Fit each side to its sidebearing line: ``trim`` clips what crosses it, ``nudge`` moves the
    side back onto it; both carry a side that falls short out to the line. ``off`` keeps the grown ink."""
    overwrite: Overwrite = "if-empty"
    """Which existing bubbles are replaced: ``never``, ``if-empty`` or ``always``."""
    include_composites: bool = False
    """Also generate bubbles for composites (by default they inherit their components')."""
    layer: str = "bubble"
    """The bubble layer written to."""

    def __post_init__(self):
        for name in _LENGTHS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise GenerateSettingsError(f"{name} must be a number, not {value!r}")
            if not 0 <= value <= 1000:
                raise GenerateSettingsError(f"{name} must be between 0 and 1000 (units per 1000 UPM), not {value!r}")
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise GenerateSettingsError(f"{name} must be one of {allowed}, not {getattr(self, name)!r}")
        if not isinstance(self.include_composites, bool):
            raise GenerateSettingsError(f"include_composites must be true or false, not {self.include_composites!r}")
        if not isinstance(self.layer, str) or not self.layer.strip():
            raise GenerateSettingsError(f"layer must be a layer name, not {self.layer!r}")

    def lengths(self, upm: float) -> tuple[float, float, float]:
        """(offset_x, offset_y, corner_radius) in font units for ``upm`` units per em."""
        return tuple(getattr(self, name) * upm / 1000.0 for name in _LENGTHS)

    def replace(self, **changes: Any) -> GenerateSettings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for ``font.lib`` and JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "") -> GenerateSettings:
        """Settings from plain data; unknown keys are ignored, bad values raise
        :class:`GenerateSettingsError` (naming ``source`` when given)."""
        if not isinstance(data, dict):
            raise GenerateSettingsError(f"{source or 'generation settings'}: expected a dictionary, not {data!r}")
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in known})
        except GenerateSettingsError as error:
            if source:
                raise GenerateSettingsError(f"{source}: {error}") from None
            raise


def default_shape() -> dict:
    """The shape settings (offsets, corners, adhere) of default generated bubbles, as a generated
    bubble's record stores them: what :data:`bubblekern.model.BLEND` was learned on."""
    defaults = GenerateSettings()
    return {k: getattr(defaults, k) for k in _SHAPE}


def load_generate_settings(font, settings: GenerateSettings | None = None, **overrides: Any) -> GenerateSettings:
    """The settings to generate ``font``'s bubbles with.

    Starts from ``settings`` when given, else from what ``font.lib`` stores under
    :data:`GENERATE_KEY` (defaults for anything missing); then ``overrides`` whose value is
    not None replace single fields (``offset_x=80``), as command-line flags do.
    """
    if settings is None:
        stored = font.lib.get(GENERATE_KEY)
        settings = (
            GenerateSettings()
            if stored is None
            else GenerateSettings.from_dict(dict(stored), source=f"font.lib[{GENERATE_KEY!r}]")
        )
    known = {f.name for f in fields(GenerateSettings)}
    unknown = sorted(set(overrides) - known)
    if unknown:
        raise TypeError(f"unknown generation settings: {', '.join(unknown)}")
    changes = {k: v for k, v in overrides.items() if v is not None}
    return settings.replace(**changes) if changes else settings


def _stored_form(settings: GenerateSettings) -> dict[str, Any]:
    return {k: v for k, v in settings.to_dict().items() if k not in _NOT_STORED}


def store_generate_settings(font, settings: GenerateSettings) -> bool:
    """Write ``settings`` to ``font.lib`` (all but ``overwrite``); True when the lib changed."""
    data = _stored_form(settings)
    if font.lib.get(GENERATE_KEY) == data:
        return False
    font.lib[GENERATE_KEY] = data
    return True


@dataclass(frozen=True)
class Skip:
    """Why a glyph got no bubble: a short ``code`` and a sentence for people."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass
class GenerateReport:
    """What :func:`make_bubbles`, :func:`refresh_bubbles` or :func:`delete_bubbles` did (or,
    in a dry run, would do)."""

    settings: GenerateSettings
    written: list[str] = field(default_factory=list)
    """Glyphs whose bubble was written (new or replaced)."""
    replaced: list[str] = field(default_factory=list)
    """Of ``written``, those that had a bubble before."""
    unchanged: list[str] = field(default_factory=list)
    """Glyphs whose bubble was generated again exactly as it was."""
    deleted: list[str] = field(default_factory=list)
    skipped: dict[str, Skip] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    """Written glyphs with something to know (sidebearings not adhered, and why)."""
    settings_stored: bool = False
    """``font.lib`` got new generation settings."""
    dry_run: bool = False
    elapsed: float = 0.0

    @property
    def changed(self) -> bool:
        """The font was (or would be) changed."""
        return bool(self.written or self.deleted or self.settings_stored)

    def skipped_with(self, code: str) -> list[str]:
        return [name for name, skip in self.skipped.items() if skip.code == code]

    def merge(self, other: GenerateReport) -> GenerateReport:
        for name in ("written", "replaced", "unchanged", "deleted"):
            getattr(self, name).extend(getattr(other, name))
        self.skipped.update(other.skipped)
        self.notes.update(other.notes)
        self.settings_stored = self.settings_stored or other.settings_stored
        self.elapsed += other.elapsed
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_dict(),
            "written": list(self.written),
            "replaced": list(self.replaced),
            "unchanged": list(self.unchanged),
            "deleted": list(self.deleted),
            "skipped": {name: {"code": s.code, "message": s.message} for name, s in self.skipped.items()},
            "notes": dict(self.notes),
            "settings_stored": self.settings_stored,
            "dry_run": self.dry_run,
            "seconds": round(self.elapsed, 3),
        }


# -- making ----------------------------------------------------------------------------


def _chosen(font, glyphs: Iterable[str] | None) -> list[str]:
    if glyphs is None:
        return glyph_order(font)
    names = list(dict.fromkeys(glyphs))
    known = set(font.keys())
    missing = [n for n in names if n not in known]
    if missing:
        raise MissingGlyphError(missing)
    return names


def _check_layer(font, layer: str) -> None:
    """Refuse to write bubbles into (or delete them from) the layer holding the outlines."""
    default = getattr(font, "defaultLayerName", None) or font.defaultLayer.name
    if layer == default:
        raise BubbleLayerError(
            f"layer {layer!r} is the font's default layer, which holds the outlines; "
            "bubbles go into a layer of their own (e.g. 'bubble')"
        )




def _adhere_mode(glyph, settings: GenerateSettings) -> tuple[str, str | None]:
    if settings.adhere == "off":
        return "off", None
    if glyph.width <= 0:
        return "off", f"sidebearings not adhered: advance width {glyph.width:g}"
    if is_mark(glyph):
        return "off", "sidebearings not adhered: a combining mark"
    return settings.adhere, None


def glyph_bubble(font, name: str, settings: GenerateSettings | None = None, *, outlines: Outlines | None = None):
    """The generated bubble of glyph ``name`` as a pathops path in font units (nothing is written).

    Empty when the glyph has no outline. ``outlines`` shares decomposed outlines between calls.
    """
    _need_pathops()
    settings = settings or load_generate_settings(font)
    outlines = outlines or Outlines(font)
    glyph = outlines.glyph(name)
    ink = outlines.ink(name)
    if ink.area == 0:
        return pathops.Path()
    mode, _ = _adhere_mode(glyph, settings)
    try:
        path = bubble_path(
            ink,
            upm=units_per_em(font),
            width=glyph.width,
            offset_x=settings.offset_x,
            offset_y=settings.offset_y,
            corner=settings.corner,
            corner_radius=settings.corner_radius,
            adhere_mode=mode,
            slant=outlines.slant,
            origin=outlines.origin,
        )
        _check_finite(path)
        return path
    except _GEOMETRY_ERRORS as error:
        raise BubbleGeometryError(
            f"glyph {name!r}: its bubble cannot be built from the outline: {error or type(error).__name__}"
        ) from error


_GEOMETRY_ERRORS = ((pathops.PathOpsError,) if pathops is not None else ()) + (
    NotImplementedError,
    ValueError,
    ArithmeticError,
)
"""What the geometry raises on an outline it cannot handle (Skia refusals, pens, non-numbers)."""


def _check_finite(path) -> None:
    x0, y0, x1, y1 = path.bounds
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        raise ValueError("the outline has coordinates that are not finite numbers")


def _record_of(glyph) -> list:
    pen = RecordingPen()
    drawable(glyph).draw(pen)
    return [(op, tuple(tuple(a) if isinstance(a, (tuple, list)) else a for a in args)) for op, args in pen.value]


def make_bubbles(
    font,
    glyphs: Iterable[str] | None = None,
    settings: GenerateSettings | None = None,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> GenerateReport:
    """Generate bubbles for ``glyphs`` (all when None) of ``font`` into the bubble layer.

    ``settings`` default to the font's stored ones (:func:`load_generate_settings`). The
    layer is created when missing; the settings are stored in ``font.lib`` when at least one
    bubble is written. With ``dry_run`` the font is not touched and the report says what
    would happen. ``progress(stage, done, total)`` is called with stage ``"bubbles"``.
    """
    _need_pathops()
    start = time.perf_counter()
    settings = settings or load_generate_settings(font)
    _check_layer(font, settings.layer)
    names = _chosen(font, glyphs)
    upm = units_per_em(font)
    outlines = Outlines(font)
    report = GenerateReport(settings=settings, dry_run=dry_run)
    layer = font.getLayer(settings.layer) if settings.layer in font.layerOrder else None
    in_layer = set(layer.keys()) if layer is not None else set()
    bubbles = _naked(layer) if layer is not None else None  # a fontParts layer lists every glyph per lookup
    grid_area = (upm / 1000.0) ** 2
    stale_names: set[str] | None = None
    sync_memo: dict = {}
    reader = read_layer(_naked(font.defaultLayer))  # outlines read through defcon (or their files): same values, faster

    for done, name in enumerate(names, 1):
        if progress is not None:
            progress("bubbles", done, len(names))
        glyph = outlines.glyph(name)
        existing = bubbles[name] if name in in_layer else None
        if existing is not None and settings.overwrite != "always":
            if _has_bubble(existing):
                if stale_names is None:
                    stale_names = set(bubble_status(font, settings.layer).stale)
                hint = " (stale: its glyph changed since it was generated)" if name in stale_names else ""
                report.skipped[name] = Skip(
                    "has-bubble", f"has a bubble{hint}; overwrite={settings.overwrite!r} keeps it"
                )
                continue
            if settings.overwrite == "never":
                report.skipped[name] = Skip("has-glyph", "has an (empty) bubble glyph; overwrite='never' keeps it")
                continue
        if not settings.include_composites and outlines.is_composite(name):
            report.skipped[name] = Skip("composite", "composite: inherits its components' bubbles")
            continue
        try:
            path = glyph_bubble(font, name, settings, outlines=outlines)
            if path.area == 0:
                if outlines.ink(name).area == 0:
                    report.skipped[name] = Skip("empty", "no outline")
                else:
                    report.skipped[name] = Skip("outside", "its grown outline lies wholly outside the advance")
                continue
            pen = RecordingPen()
            drawn = draw_clean(path, pen, grid=1.0, min_area=grid_area)
        except BubbleGeometryError as error:  # one glyph never stops the run: skipped, named, the rest written
            report.skipped[name] = Skip("failed", str(error))
            continue
        except _GEOMETRY_ERRORS as error:
            report.skipped[name] = Skip("failed", f"glyph {name!r}: its bubble cannot be drawn: {error}")
            continue
        if not drawn:
            report.skipped[name] = Skip("outside", "its bubble has no area left after cleaning")
            continue
        _, note = _adhere_mode(glyph, settings)
        record = {
            "fingerprint": outlines.fingerprint(name),
            "settings": {k: getattr(settings, k) for k in _SHAPE},
        }
        if existing is not None and _same(existing, pen.value, glyph.width, record):
            report.unchanged.append(name)
            continue
        report.written.append(name)
        if _has_bubble(existing):
            report.replaced.append(name)
        if note:
            report.notes[name] = note
        if dry_run:
            continue
        if bubbles is None:
            layer = font.newLayer(settings.layer)
            layer.color = (0.25, 0.55, 1.0, 0.5)
            bubbles = _naked(layer)
        target = existing if existing is not None else bubbles.newGlyph(name)
        in_layer.add(name)
        _write(target, pen, glyph.width, record)
        record_outline(target, outline_of(reader, name, sync_memo))  # the bubble follows this outline (bubblekern.sync)

    if report.written:
        if dry_run:
            report.settings_stored = font.lib.get(GENERATE_KEY) != _stored_form(settings)
        else:
            report.settings_stored = store_generate_settings(font, settings)
    report.elapsed = time.perf_counter() - start
    return report


def _same(existing, value: list, width: float, record: dict) -> bool:
    old = existing.lib.get(GLYPH_KEY)
    if not isinstance(old, dict) or existing.width != width:
        return False
    if old.get("fingerprint") != record["fingerprint"] or old.get("settings") != record["settings"]:
        return False
    new = [(op, tuple(tuple(a) for a in args)) for op, args in value]
    return _record_of(existing) == new and old.get("bubble") == bubble_hash(existing)


def _write(target, pen: RecordingPen, width: float, record: dict) -> None:
    glyph = drawable(target)  # the naked (defcon) glyph when there is one: no per-point fontParts wrappers
    # components first: while the glyph is on a component loop (A → B → A in the bubble layer)
    # every contour change is echoed round the loop by defcon's notifications, endlessly
    glyph.clearComponents()
    glyph.clearContours()
    pen.replay(glyph.getPen())
    glyph.width = width
    target.lib[GLYPH_KEY] = {**record, "bubble": bubble_hash(target)}


# -- refreshing and deleting -----------------------------------------------------------


def refresh_bubbles(
    font,
    glyphs: Iterable[str] | None = None,
    settings: GenerateSettings | None = None,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> GenerateReport:
    """Generate again the stale generated bubbles (of ``glyphs``, or all).

    A stale bubble edited by hand since it was generated is kept unless
    ``settings.overwrite`` is ``"always"``. Chosen glyphs that are not stale are skipped.
    """
    start = time.perf_counter()
    settings = settings or load_generate_settings(font)
    chosen = None if glyphs is None else _chosen(font, glyphs)
    status = bubble_status(font, settings.layer, chosen)
    report = GenerateReport(settings=settings, dry_run=dry_run)
    todo = []
    for name, state in status.glyphs.items():
        if state.state != "stale":
            if chosen is not None:
                report.skipped[name] = Skip("current", f"not stale ({state.state})")
            continue
        if state.edited and settings.overwrite != "always":
            report.skipped[name] = Skip(
                "edited", "stale, but edited by hand since it was generated; overwrite='always' replaces it"
            )
            continue
        todo.append(name)
    if todo:
        report.merge(make_bubbles(font, todo, settings.replace(overwrite="always"), dry_run=dry_run, progress=progress))
    report.elapsed = time.perf_counter() - start
    return report


def delete_bubbles(
    font,
    glyphs: Iterable[str] | None = None,
    *,
    layer: str | None = None,
    only_generated: bool = False,
    dry_run: bool = False,
) -> GenerateReport:
    """Remove the bubble-layer glyphs of ``glyphs`` (all when None).

    ``layer`` defaults to the font's generation layer. With ``only_generated``, bubbles
    drawn by hand (no generation record) are kept. The layer itself stays.
    """
    start = time.perf_counter()
    settings = load_generate_settings(font, layer=layer)
    _check_layer(font, settings.layer)
    report = GenerateReport(settings=settings, dry_run=dry_run)
    names = _chosen(font, glyphs) if glyphs is not None else None
    if settings.layer not in font.layerOrder:
        for name in names or ():
            report.skipped[name] = Skip("no-bubble", f"no bubble layer {settings.layer!r}")
        return report
    bubble_layer = font.getLayer(settings.layer)
    in_layer = list(bubble_layer.keys())
    if names is None:
        order = {n: i for i, n in enumerate(glyph_order(font))}
        names = sorted(in_layer, key=lambda n: (order.get(n, len(order)), n))
    present = set(in_layer)
    for name in names:
        if name not in present:
            report.skipped[name] = Skip("no-bubble", "has no bubble glyph")
            continue
        if only_generated and not isinstance(bubble_layer[name].lib.get(GLYPH_KEY), dict):
            report.skipped[name] = Skip("not-generated", "drawn by hand (only generated bubbles are deleted)")
            continue
        report.deleted.append(name)
        if not dry_run:
            del bubble_layer[name]
    report.elapsed = time.perf_counter() - start
    return report
