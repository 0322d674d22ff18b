"""Which glyphs have a bubble, and which generated bubbles are out of date.

A generated bubble carries a record in its bubble-layer glyph's lib, under
:data:`GLYPH_KEY`: the **fingerprint** of what it was made from (the glyph's outline with
components resolved, its advance width and the font's italic angle) and a hash of the
contours that were written. :func:`bubble_status` compares both with the font as it is now:
a changed fingerprint makes the bubble **stale**; changed contours mean it was **edited**
by hand after generation.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from fontTools.pens.filterPen import FilterPen
from fontTools.pens.recordingPen import RecordingPen, RecordingPointPen

from .bubbles import MAX_COORDINATE, FontBubbles, _broken_file, _naked, glyph_order, has_contours
from .errors import BubbleGeometryError, BubbleKernError, ComponentCycleError, ComponentError, FontInfoError
from .glyphfiles import read_layer
from .italic import italic_offset
from .settings import Settings

try:  # the ink outlines need skia-pathops; the stored records (GLYPH_KEY) do not
    import pathops
except ImportError:
    pathops = None

__all__ = [
    "GLYPH_KEY",
    "State",
    "GlyphState",
    "BubbleStatus",
    "Outlines",
    "bubble_status",
    "stale_bubbles",
    "bubble_hash",
    "italic_slant",
    "drawable",
]

GLYPH_KEY = "com.bubblekern.generated"
"""Key of the generation record in a bubble-layer glyph's lib."""

State = Literal["own", "inherited", "none", "stale"]


def _pathops():
    """skia-pathops, needed to build outlines for generation (not to tell staleness)."""
    try:
        import pathops
    except ImportError:
        raise BubbleKernError(
            "generating bubbles needs skia-pathops, which is not installed (pip install skia-pathops)"
        ) from None
    return pathops


def italic_slant(font) -> float:
    """dx/dy of the font's sidebearing lines: tan(−italicAngle), 0 for an upright font."""
    angle = getattr(font.info, "italicAngle", None)
    if angle is None:
        return 0.0
    if isinstance(angle, bool) or not isinstance(angle, (int, float)) or not math.isfinite(angle) or abs(angle) >= 60:
        raise FontInfoError(f"font.info.italicAngle must be a number of degrees between −60 and 60, not {angle!r}")
    return math.tan(math.radians(-angle))


def drawable(glyph):
    """The quickest object that draws ``glyph``: its naked (defcon) glyph when it has one."""
    naked = glyph.naked() if hasattr(glyph, "naked") else glyph
    return naked if hasattr(naked, "draw") and hasattr(naked, "drawPoints") else glyph


def _number(value: float) -> str:
    return f"{round(float(value), 3):g}"


class _Closing(FilterPen):
    """Closes open contours (a fill closes them anyway) so that pathops sees closed ones only."""

    def endPath(self):
        self._outPen.closePath()

    def addComponent(self, glyphName, transformation):  # components are resolved by Outlines
        pass


class Outlines:
    """Outlines of one font's glyphs with components resolved, read once per glyph.

    ``ink(name)`` is the glyph's outline as a pathops path (font units, components
    decomposed with their full transformation); ``fingerprint(name)`` identifies what a
    generated bubble depends on. Component cycles and missing bases raise
    :class:`ComponentCycleError` / :class:`ComponentError` naming the glyphs.
    """

    def __init__(self, font):
        self.font = font
        self._names = set(font.keys())
        self._layer = read_layer(_naked(font.defaultLayer))
        self._components: dict[str, list[tuple[str, tuple[float, ...]]]] = {}
        self._ink: dict[str, pathops.Path] = {}
        self._hash: dict[str, str] = {}
        self._slant = italic_slant(font)
        self._origin = italic_offset(font, self._slant)

    @property
    def slant(self) -> float:
        """dx/dy of the sidebearing lines (:func:`italic_slant`)."""
        return self._slant

    @property
    def origin(self) -> float:
        """Where the sidebearing lines cross the baseline (:func:`~bubblekern.italic.italic_offset`)."""
        return self._origin

    def glyph(self, name: str):
        """The font's glyph ``name``, for its name, width, Unicode values and lib: the wrapped (defcon)
        glyph where there is one, as :meth:`_source` gives it."""
        return self._source(name)

    def _source(self, name: str):
        """The glyph ``name`` to read outlines from: the wrapped (defcon) glyph where there is one.
        A fontParts layer looks a name up by listing every glyph of the layer."""
        return self._layer[name]

    def components(self, name: str) -> list[tuple[str, tuple[float, ...]]]:
        """(base, transformation) of the glyph's components; a transformation that is not finite,
        or an offset beyond ±MAX_COORDINATE, is a :class:`BubbleGeometryError` naming both glyphs."""
        found = self._components.get(name)
        if found is None:
            found = self._components[name] = [(c.baseGlyph, tuple(c.transformation)) for c in self._source(name).components]
            for base, transformation in found:
                if not all(math.isfinite(v) for v in transformation) or any(
                    abs(v) > MAX_COORDINATE for v in transformation[4:]
                ):
                    numbers = ", ".join(f"{v:g}" for v in transformation)
                    raise BubbleGeometryError(
                        f"glyph {name!r} has a component of {base!r} with the transformation ({numbers}); "
                        f"its numbers must be finite and its offset within ±{MAX_COORDINATE:,.0f}"
                    )
        return found

    def is_composite(self, name: str) -> bool:
        """True for a glyph built of components only (it inherits their bubbles)."""
        glyph = self._source(name)
        return len(glyph.components) > 0 and not has_contours(glyph)

    def _resolve(self, name: str, memo: dict, build):
        """``build(glyph, [(base, transformation, base value)])`` for ``name``, bases first.

        Iterative (a chain of composites thousands deep needs no recursion); a cycle or a
        missing base raises, naming the glyphs.
        """
        if name in memo:
            return memo[name]
        path = [name]
        on_path = {name: 0}
        stack = [iter(self.components(name))]
        while stack:
            node = path[-1]
            step = next(stack[-1], None)
            if step is not None:
                base = step[0]
                if base in on_path:
                    loop = tuple(path[on_path[base]:]) + (base,)
                    raise ComponentCycleError(f"component cycle: {' → '.join(loop)}", loop)
                if base not in self._names:
                    raise ComponentError(
                        f"glyph {node!r} has a component of {base!r}, which is not in the font", (node, base)
                    )
                if base not in memo:
                    on_path[base] = len(path)
                    path.append(base)
                    stack.append(iter(self.components(base)))
                continue
            stack.pop()
            path.pop()
            del on_path[node]
            memo[node] = build(node, [(b, t, memo[b]) for b, t in self.components(node)])
        return memo[name]

    def ink(self, name: str) -> pathops.Path:
        """The glyph's outline with every component drawn in (a new path; callers may change it)."""
        return _pathops().Path(self._resolve(name, self._ink, self._build_ink))

    def _build_ink(self, name: str, parts) -> pathops.Path:
        path = _pathops().Path()
        drawable(self._source(name)).draw(_Closing(path.getPen()))
        for _, transformation, base in parts:
            path.addPath(base.transform(*transformation))
        return path

    def outline_hash(self, name: str) -> str:
        """A hash of the glyph's contours and components (recursively), not of its metrics."""
        return self._resolve(name, self._hash, self._build_hash)

    def _build_hash(self, name: str, parts) -> str:
        pen = RecordingPointPen()
        drawable(self._source(name)).drawPoints(pen)
        digest = hashlib.sha1()
        for method, args, _ in pen.value:
            if method == "addPoint":
                (x, y), segment_type = args[0], args[1] if len(args) > 1 else None
                digest.update(f"p{_number(x)},{_number(y)},{segment_type};".encode())
            elif method == "beginPath":
                digest.update(b"(")
            elif method == "endPath":
                digest.update(b")")
        for base, transformation, base_hash in parts:
            numbers = ",".join(_number(v) for v in transformation)
            digest.update(f"c{base}[{numbers}]{base_hash};".encode())
        return digest.hexdigest()

    def fingerprint(self, name: str) -> str:
        """What a generated bubble of ``name`` depends on: outline, advance width, italic angle and
        where the slanted sidebearing lines cross the baseline."""
        glyph = self._source(name)
        text = f"{self.outline_hash(name)}|w{_number(glyph.width)}|s{_number(self._slant)}"
        if self._origin:
            text += f"|o{_number(self._origin)}"
        return hashlib.sha1(text.encode()).hexdigest()[:20]


def bubble_hash(glyph) -> str:
    """A hash of a bubble glyph's contours and components (to tell a hand edit)."""
    pen = RecordingPen()
    drawable(glyph).draw(pen)
    text = repr([(op, tuple(tuple(_number(v) for v in a) if isinstance(a, tuple) else a for a in args))
                 for op, args in pen.value])
    return hashlib.sha1(text.encode()).hexdigest()[:20]


@dataclass(frozen=True)
class GlyphState:
    """The bubble of one glyph."""

    name: str
    state: State
    """``own``: a bubble of its own; ``stale``: a generated one whose glyph changed since;
    ``inherited``: none of its own but its components have; ``none``: no bubble at all."""
    generated: bool = False
    """The glyph's own bubble was generated by BubbleKern."""
    edited: bool = False
    """Generated, then changed by hand."""

    def to_dict(self) -> dict:
        return {"state": self.state, "generated": self.generated, "edited": self.edited}


@dataclass
class BubbleStatus:
    """:func:`bubble_status` of a font: one :class:`GlyphState` per glyph, in glyph order."""

    layer: str
    glyphs: dict[str, GlyphState] = field(default_factory=dict)
    orphans: list[str] = field(default_factory=list)
    """Glyphs of the bubble layer that the font itself does not have (the engine ignores them)."""
    has_layer: bool = True
    warnings: list[str] = field(default_factory=list)

    def names(self, *states: State) -> list[str]:
        return [n for n, g in self.glyphs.items() if g.state in states]

    @property
    def own(self) -> list[str]:
        """Glyphs with an up-to-date (or hand-drawn) bubble of their own."""
        return self.names("own")

    @property
    def stale(self) -> list[str]:
        return self.names("stale")

    @property
    def inherited(self) -> list[str]:
        return self.names("inherited")

    @property
    def none(self) -> list[str]:
        return self.names("none")

    @property
    def generated(self) -> list[str]:
        return [n for n, g in self.glyphs.items() if g.generated]

    @property
    def edited(self) -> list[str]:
        return [n for n, g in self.glyphs.items() if g.edited]

    def counts(self) -> dict[str, int]:
        return {state: len(self.names(state)) for state in ("own", "stale", "inherited", "none")}

    def to_dict(self) -> dict:
        return {
            "layer": self.layer,
            "has_layer": self.has_layer,
            "counts": {**self.counts(), "generated": len(self.generated), "edited": len(self.edited)},
            "glyphs": {name: state.to_dict() for name, state in self.glyphs.items()},
            "orphans": list(self.orphans),
            "warnings": list(self.warnings),
        }


def _has_bubble(glyph) -> bool:
    return glyph is not None and (len(glyph.components) > 0 or has_contours(glyph))


def bubble_status(font, layer: str = "bubble", glyphs: Iterable[str] | None = None) -> BubbleStatus:
    """Own, inherited, missing and stale bubbles of ``font``'s glyphs (all, or ``glyphs``).

    Broken components (cycles, missing bases) do not stop the listing: a generated bubble
    whose outline cannot be read is reported stale, and the problem is in ``warnings``.
    """
    outlines = Outlines(font)
    bubbles = FontBubbles(font, Settings(layer=layer, on_error="skip"))
    status = BubbleStatus(layer=layer, has_layer=layer in font.layerOrder)
    bubble_layer = read_layer(_naked(font.getLayer(layer))) if status.has_layer else None
    in_layer = set(bubble_layer.keys()) if bubble_layer is not None else set()
    names = glyph_order(font) if glyphs is None else list(glyphs)
    with bubbles.reading():  # one pass: each glyph and component chain is read once
        for name in names:
            glyph = bubble_layer[name] if name in in_layer else None
            if _has_bubble(glyph):
                record = glyph.lib.get(GLYPH_KEY)
                generated = isinstance(record, dict) and "fingerprint" in record
                edited = stale = False
                if generated:
                    edited = record.get("bubble") != bubble_hash(glyph)
                    try:
                        stale = record["fingerprint"] != outlines.fingerprint(name)
                    except (ComponentError, BubbleGeometryError) as error:
                        status.warnings.append(f"{error}; glyph {name!r} counts as stale")
                        stale = True
                state: State = "stale" if stale else "own"
                status.glyphs[name] = GlyphState(name, state, generated, edited)
            elif bubbles.bubble(name):
                status.glyphs[name] = GlyphState(name, "inherited")
            else:
                status.glyphs[name] = GlyphState(name, "none")
    status.warnings.extend(w for w in bubbles.warnings if w not in status.warnings)
    known = set(font.keys())
    status.orphans = sorted(n for n in in_layer if n not in known)
    return status


def stale_bubbles(font, layer: str = "bubble", glyphs: Iterable[str] | None = None) -> dict[str, bool]:
    """The generated bubbles whose glyph changed since they were made (of ``glyphs``, or all),
    each mapped to whether it was also edited by hand. Quicker than :func:`bubble_status`: only
    generated bubbles are looked at, and nothing needs skia-pathops."""
    if layer not in font.layerOrder:
        return {}
    bubble_layer = read_layer(_naked(font.getLayer(layer)))
    present = set(bubble_layer.keys()) & set(font.keys())
    names = glyph_order(font) if glyphs is None else list(dict.fromkeys(glyphs))
    outlines = Outlines(font)
    stale: dict[str, bool] = {}
    for name in names:
        if name not in present:
            continue
        with _broken_file(name, layer):
            glyph = bubble_layer[name]
            record = glyph.lib.get(GLYPH_KEY)
        if not (isinstance(record, dict) and "fingerprint" in record) or not _has_bubble(glyph):
            continue
        try:
            changed = record["fingerprint"] != outlines.fingerprint(name)
        except (ComponentError, BubbleGeometryError):
            changed = True
        if changed:
            stale[name] = record.get("bubble") != bubble_hash(glyph)
    return stale
