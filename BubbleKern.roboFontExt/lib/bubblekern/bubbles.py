"""Collect each glyph's effective bubble from a fontParts font, with a per-glyph cache.

A glyph's effective bubble is the union of

- the closed contours of its glyph in the bubble layer, and
- for every component (in the default layer, and in the bubble layer), the base glyph's
  effective bubble under the component's transformation, recursively.

A composite built only from generated bubbles is fitted to its own sidebearing lines, as
generated bubbles are: its band profile is cut at them, or at its ink where the ink reaches
further (:meth:`FontBubbles.fitted`).

Results are cached against a signature of everything they were made from (the bubble
layer's points, the components and, recursively, their bases), so an edited glyph, an
edited bubble or an edited component base is noticed on the next call without any
notification; :meth:`FontBubbles.invalidate` drops entries by hand as well.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Hashable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass

from fontTools.pens.pointPen import AbstractPointPen, PointToSegmentPen
from fontTools.pens.recordingPen import RecordingPointPen
from fontTools.ufoLib.errors import UFOLibError

from .bands import BandProfile, band_profile
from .errors import (
    BubbleGeometryError,
    BubbleKernError,
    BubbleLayerError,
    ComponentCycleError,
    ComponentError,
    FontFileError,
    MissingGlyphError,
)
from .geometry import EMPTY, Bubble, SegmentPen
from .glyphfiles import read_layer
from .italic import italic_offset
from .pairs import cmap_of, is_mark
from .settings import Settings, italic_slant, units_per_em

__all__ = ["FontBubbles", "collect_bubble", "has_contours", "MAX_COORDINATE"]

MAX_COORDINATE = 1_000_000.0
"""Bubble coordinates beyond this (in font units) are rejected as broken data."""

MAX_BANDS = 100_000
"""A bubble crossing more bands than this is broken data (a glyph 100 em tall at 1 unit a band)."""

MAX_CELLS = 1 << 25
"""Glyphs × bands the solver may lay out (two float matrices of 256 MB); more is refused, naming
the glyphs whose bubbles stretch the band range (one bubble far from the others)."""


_NOTHING = "nothing"
"""What :meth:`FontBubbles._generated` says of a glyph with no bubble of its own."""


_IDENTITY = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class _Entry:
    signature: Hashable
    bubble: Bubble
    depends_on: frozenset[str]
    profile: BandProfile | None = None


class FontBubbles:
    """Effective bubbles and band profiles of one font's glyphs, cached per glyph."""

    def __init__(self, font, settings: Settings | None = None):
        self.font = font
        self.settings = settings or Settings()
        self.warnings: list[str] = []
        self.hits = 0
        self.misses = 0
        self._cache: dict[str, _Entry] = {}
        self._pass: dict[str, tuple[Hashable, frozenset[str]]] | None = None
        self._warned: set[str] = set()
        self._ink: FontBubbles | None = None

    # -- public ------------------------------------------------------------------

    @property
    def layer_name(self) -> str:
        return self.settings.layer

    def has_layer(self) -> bool:
        return self.layer_name in self.font.layerOrder

    def require_layer(self) -> None:
        """Raise :class:`BubbleLayerError` when the font has no bubble layer."""
        if not self.has_layer():
            from .bubblekern2 import has_walls

            layers = ", ".join(self.font.layerOrder)
            hint = (
                "; its glyphs hold BubbleKern2 walls, which `bubblekern import-bubblekern2 FILE.glyphs OUT.ufo` "
                "turns into bubbles" if has_walls(self.font) else ""
            )
            raise BubbleLayerError(
                f"the font has no layer named {self.layer_name!r} (its layers: {layers}); "
                f"draw bubbles in that layer or name another with --layer{hint}"
            )

    @property
    def upm(self) -> float:
        """The font's units per em, checked (:func:`~bubblekern.settings.units_per_em`)."""
        return units_per_em(self.font)

    @property
    def band_height(self) -> float:
        """Band height in font units; a :class:`SettingsError` when under one unit."""
        return self.settings.band_height(self.upm)

    @property
    def slant(self) -> float:
        """tan(italicAngle) bands follow: 0 upright, or with ``Settings.italic`` off."""
        return italic_slant(self.font) if self.settings.italic else 0.0

    @property
    def origin(self) -> float:
        """Where the sidebearing lines stand in the bands' space: x = 0 and the advance, moved by an
        italic font's slant offset (:func:`~bubblekern.italic.italic_offset`) when bands follow the slant."""
        return italic_offset(self.font, -self.slant)

    def bubble(self, name: str) -> Bubble:
        """The effective bubble of glyph ``name`` (empty when it has none)."""
        with self.reading():
            return self._entry(name).bubble

    def profile(self, name: str) -> BandProfile | None:
        """The band profile of ``name``'s effective bubble, or None when it has no bubble."""
        return self.profiles([name])[name]

    def profiles(self, names: Iterable[str], progress=None) -> dict[str, BandProfile | None]:
        """Band profiles for ``names``; ``progress(done, total)`` is called as glyphs are read."""
        names = list(dict.fromkeys(names))
        height, slant = self.band_height, self.slant
        result: dict[str, BandProfile | None] = {}
        with self.reading():
            fitted, layer = self.fitted(names), self._layers()[0]
            ink, origin = self.ink_profiles(fitted), self.origin if fitted else 0.0
            for done, name in enumerate(names, 1):
                entry = self._entry(name)
                profile = entry.profile
                if profile is not None and profile.height == height and profile.slant == slant:
                    self.hits += 1
                else:
                    self.misses += 1
                    _check_band_count(entry.bubble, height, name)
                    profile = band_profile(entry.bubble, height, slant)
                    self._cache[name] = _Entry(entry.signature, entry.bubble, entry.depends_on, profile)
                if profile.empty:
                    profile = None
                elif name in fitted:
                    profile = profile.within(origin, origin + layer[name].width, ink.get(name))
                result[name] = profile
                if progress is not None:
                    progress(done, len(names))
        _check_span(result)
        return result

    def glyphs_with_bubbles(self, marks: bool = True, among: Iterable[str] | None = None) -> list[str]:
        """Names of glyphs that have a non-empty effective bubble, in glyph order
        (combining marks left out with ``marks=False``); with ``among``, only of those (the others' bubbles
        are not read)."""
        with self.reading():
            order = glyph_order(self.font)
            if among is not None:
                among = set(among)
                order = [name for name in order if name in among]
            names = [name for name in order if self._entry(name).bubble]
            if not marks:
                layer = self._layers()[0]
                names = [name for name in names if not is_mark(layer[name])]
            return names

    def kernable_glyphs(self, among: Iterable[str] | None = None) -> list[str]:
        """The glyphs of the default all-pairs set: those with a bubble (of ``among``, when given: the default set's
        :func:`~bubblekern.glyphsets.default_candidates`), combining marks left out unless ``settings.include_marks``."""
        return self.glyphs_with_bubbles(marks=self.settings.include_marks, among=among)

    def dependents(self, names: Iterable[str]) -> set[str]:
        """``names`` plus every glyph whose bubble is built from one of them (composites)."""
        names = set(names)
        with self.reading():
            return {n for n in glyph_order(self.font) if n in names or self._depends(n) & names}

    def bases(self, names: Iterable[str]) -> set[str]:
        """``names`` plus every glyph their bubbles are built from (component bases, all the way down)."""
        names = set(names)
        with self.reading():
            known = self._names()
            return names | {base for n in names if n in known for base in self._depends(n)}

    def composite_bases(self, names: Iterable[str]) -> dict[str, str]:
        """The base letter of each of ``names`` drawn as a composite on it: no contours of its own and
        its first component placed as it is, at the origin (an accented letter, ``ä`` on ``a``),
        followed down through composites of composites (``ǻ`` → ``å`` → ``a``)."""
        with self.reading():
            known, layer = self._names(), self._layers()[0]
            memo: dict[str, str | None] = {}

            def first_base(name: str) -> str | None:
                with _broken_file(name, self._default_name()):
                    glyph = layer[name]
                    components = glyph.components
                    first = components[0] if components and not has_contours(glyph) else None
                    if first is None or tuple(first.transformation) != _IDENTITY:
                        return None
                    return first.baseGlyph if first.baseGlyph in known else None

            def base_of(name: str) -> str | None:  # without recursion: chains of any depth
                path, node = [], name
                while node is not None and node not in memo:
                    memo[node] = None  # a cycle ends here
                    path.append(node)
                    node = first_base(node)
                if node is None:
                    bottom = path[-1]
                else:  # met a glyph seen before: its base, or a cycle (no base)
                    bottom = None if node in path else memo[node] or node
                for step in path:
                    memo[step] = bottom if step != bottom else None
                return memo[name]

            return {n: base for n in names if n in known and (base := base_of(n)) is not None}

    def letter_bases(self, names: Iterable[str]) -> dict[str, str]:
        """The base letter of each of ``names`` drawn with contours of its own whose Unicode letter is built
        on another the font encodes (:func:`~bubblekern.glyphsets.base_letter`: ``Ŧ`` on ``T``, a drawn
        ``ê`` on ``e``): what :meth:`composite_bases` finds for letters drawn as composites."""
        from .glyphsets import base_letter, unicode_table

        with self.reading():
            known, layer = self._names(), self._layers()[0]
            table, encoded = unicode_table(self.font), cmap_of(self.font)
            found = {}
            for name in names:
                codes = table.get(name)
                if name not in known or not codes or not 0 <= codes[0] < 0x110000:
                    continue
                char = chr(codes[0])
                base = encoded.get(ord(base_letter(char))) if unicodedata.category(char)[0] == "L" else None
                if base is None or base == name or base not in known:
                    continue
                with _broken_file(name, self._default_name()):
                    if has_contours(layer[name]):
                        found[name] = base
            return found

    def ink_bounds(self, names: Iterable[str]) -> dict[str, tuple[float, float, float, float]]:
        """(xMin, yMin, xMax, yMax) of the ink of ``names`` (the default layer, components drawn in;
        control points), zeros for a glyph without ink; a :class:`BubbleKernError` when it cannot be read."""
        ink = self._ink_bubbles()
        with ink.reading():
            return {n: ink.bubble(n).bounds or (0.0,) * 4 for n in names}

    def generated_as(self, names: Iterable[str], shape: dict) -> set[str]:
        """Those of ``names`` whose bubble is built only from bubbles BubbleKern generated with the
        generation ``shape`` (offsets, corners, adhere) and nobody edited since (a composite
        without a bubble of its own counts by its component bases)."""
        with self.reading():
            known = self._names()
            return {
                n for n in names
                if n in known and all(self._generated(g) in (_NOTHING, shape) for g in (n, *self._depends(n)))
            }

    def fitted(self, names: Iterable[str]) -> set[str]:
        """Those of ``names`` whose band profile is kept between their own sidebearing lines.

        A generated bubble is fitted to its glyph's sidebearing lines (``adhere``); a composite
        inherits its components' bubbles, and a mark's generated bubble is not fitted (its room
        is set by the glyph it sits in), so an accent wider than its base would reach past the
        composite's lines and ask for positive kerning against every tall neighbour. A composite
        (a glyph with components, of positive advance, not a combining mark) built only from
        bubbles BubbleKern generated with ``adhere`` on and nobody edited is therefore fitted
        to its own lines, as a generated glyph is: its bands are cut at them, or at its ink
        where the ink itself reaches past them (a Greek capital's breathing, hung left of the
        letter, still keeps its neighbour off). A composite with a drawn or edited bubble among
        its parts keeps its bubble as drawn.
        """
        with self.reading():
            known, layer = self._names(), self._layers()[0]

            def fitted(name: str) -> bool:
                if name not in known or not self._usable_components(name):
                    return False
                found = [self._generated(g) for g in (name, *self._depends(name))]
                if not all(f is _NOTHING or (isinstance(f, dict) and f.get("adhere") != "off") for f in found):
                    return False
                glyph = layer[name]
                return any(isinstance(f, dict) for f in found) and glyph.width > 0 and not is_mark(glyph)

            return {n for n in names if fitted(n)}

    def ink_profiles(self, names: Iterable[str]) -> dict[str, BandProfile | None]:
        """Band profiles of the ink of ``names`` (the default layer, components drawn in) on the bubbles' band
        height and slant; none when the ink cannot be read (a fitted bubble is then cut at its lines)."""
        names = list(names)
        if not names:
            return {}
        try:
            return self._ink_bubbles().profiles(names)
        except BubbleKernError:
            return {}

    def _ink_bubbles(self) -> FontBubbles:
        """The glyphs' ink (the default layer, components drawn in) read as bubbles."""
        if self._ink is None:
            self._ink = FontBubbles(self.font, self.settings.replace(layer=self.font.defaultLayerName, on_error="skip"))
        return self._ink

    def _generated(self, name: str):
        """The shape settings ``name``'s own bubble was generated with, once per pass:
        :data:`_NOTHING` when it has no bubble of its own, None when it was drawn or edited."""
        memo = self._pass_data()
        key = ("generated", name)
        if key not in memo:
            from .status import GLYPH_KEY, bubble_hash

            glyph = self._bubble_glyph(name)
            if glyph is None or not (len(glyph.components) or has_contours(glyph)):
                memo[key] = _NOTHING
            else:
                record = glyph.lib.get(GLYPH_KEY)
                generated = (isinstance(record, dict) and "fingerprint" in record
                             and isinstance(record.get("settings"), dict) and record.get("bubble") == bubble_hash(glyph))
                memo[key] = record["settings"] if generated else None
        return memo[key]

    def invalidate(self, names: Iterable[str] | None = None) -> None:
        """Forget cached bubbles of ``names`` and of everything built from them (all when None)."""
        if names is None:
            self._cache.clear()
            return
        names = set(names)
        for name in [n for n, e in self._cache.items() if n in names or e.depends_on & names]:
            del self._cache[name]

    # -- reading -----------------------------------------------------------------

    def reading(self):
        """A context in which the font is read once per glyph (edits inside it go unseen)."""
        return _Pass(self)

    def glyph_names(self) -> set[str]:
        """Names of the glyphs in the font's default layer."""
        with self.reading():
            return set(self._names())

    def widths(self, names: Iterable[str]) -> dict[str, float]:
        """Advance widths of ``names`` from the default layer."""
        with self.reading():
            layer = self._layers()[0]
            return {name: layer[name].width for name in names}

    def _depends(self, name: str) -> frozenset[str]:
        return self._signature(name)[1]

    def _entry(self, name: str) -> _Entry:
        if name not in self._names():
            raise MissingGlyphError([name])

        def current(node: str) -> bool:
            entry = self._cache.get(node)
            return entry is not None and entry.signature == self._signature(node)[0]

        # bases before composites, without recursion: chains thousands deep are fine
        for node in _postorder(name, lambda n: [b for b, _ in self._usable_components(n)], current):
            signature, depends = self._signature(node)
            bubble = self._own_bubble(node)
            for base, transformation in self._usable_components(node):
                part = self._cache[base].bubble.transform(transformation)
                _check_placed(part, node, base, transformation)
                bubble = bubble + part
            self._cache[node] = _Entry(signature, bubble, depends)
        return self._cache[name]

    def _names(self) -> set[str]:
        memo = self._pass_data()
        if "names" not in memo:
            memo["names"] = set(self._layers()[0].keys())
        return memo["names"]

    def _pass_data(self) -> dict:
        assert self._pass is not None, "read inside reading()"
        return self._pass

    def _usable_components(self, name: str) -> list[tuple[str, tuple[float, ...]]]:
        """Components of ``name`` whose base exists and that are not part of a cycle."""
        cycles = self._cycles(name)
        names = self._names()
        return [(b, t) for b, t in self._components(name) if b in names and (name, b) not in cycles]

    def _signature(self, name: str) -> tuple[Hashable, frozenset[str]]:
        """(signature, names it depends on) of ``name``'s effective bubble, once per pass."""
        memo = self._pass_data()
        key = ("signature", name)
        if key not in memo:
            for node in _postorder(
                name, lambda n: [b for b, _ in self._usable_components(n)], lambda n: ("signature", n) in memo
            ):
                memo[("signature", node)] = self._own_signature(node)
        return memo[key]

    def _own_signature(self, name: str) -> tuple[Hashable, frozenset[str]]:
        """The signature of ``name`` from its own record and its bases' signatures (made already)."""
        memo = self._pass_data()
        cycles = self._cycles(name)
        parts: list[Hashable] = [self._own_record(name)]
        depends: set[str] = set()
        for base, transformation in self._components(name):
            if (name, base) in cycles:
                path = " → ".join(cycles[(name, base)])
                self._fail(ComponentCycleError(f"component cycle: {path}", tuple(cycles[(name, base)])))
                parts.append(("cycle", base))
            elif base not in self._names():
                self._fail(
                    ComponentError(
                        f"glyph {name!r} has a component of {base!r}, which is not in the font",
                        (name, base),
                    )
                )
                parts.append(("missing", base))
            else:
                base_signature, base_depends = memo[("signature", base)]
                # the base's signature by its hash: nesting whole signatures made them as deep as
                # the component chain, and comparing 3,000-deep tuples overflowed the C stack
                parts.append((base, transformation, hash(base_signature)))
                depends |= base_depends | {base}
        return tuple(parts), frozenset(depends)

    def _cycles(self, root: str) -> dict[tuple[str, str], tuple[str, ...]]:
        """Component edges (glyph, base) that lie on a cycle, among glyphs reachable from ``root``.

        Each maps to the loop it closes, for messages. Found with Tarjan's algorithm over
        the component graph, so the answer does not depend on which glyph is read first.
        """
        memo = self._pass_data()
        cycles = memo.setdefault("cycles", {})
        scanned = memo.setdefault("scanned", set())
        if root in scanned:
            return cycles
        names = self._names()
        edges = lambda n: [b for b, _ in self._components(n) if b in names]  # noqa: E731
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        work = [(root, iter(edges(root)))]
        index[root] = low[root] = 0
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child in scanned:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges(child))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                members = set(component)
                for member in component:
                    for base in edges(member):
                        if base in members:
                            cycles[(member, base)] = _loop(member, base, members, edges)
                scanned |= members
        return cycles

    def _fail(self, error: Exception) -> None:
        if self.settings.on_error == "raise":
            raise error
        self._warn(f"{error} (skipped)")

    def _warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warnings.append(message)

    def _layers(self):
        """(default layer, bubble layer or None), as the underlying objects, once per pass.

        fontParts wraps every point access; its ``naked()`` objects (defcon in fontshell and
        RoboFont) read the same data many times faster, so reading goes through them.
        """
        memo = self._pass_data()
        if "layers" not in memo:
            default = read_layer(_naked(self.font.defaultLayer))
            bubble = read_layer(_naked(self.font.getLayer(self.layer_name))) if self.has_layer() else None
            memo["layers"] = (default, bubble)
        return memo["layers"]

    def _default_name(self) -> str:
        """The default layer's name, once per pass (fontParts checks the whole layer order on every read)."""
        memo = self._pass_data()
        if "default name" not in memo:
            memo["default name"] = self.font.defaultLayerName
        return memo["default name"]

    def _bubble_glyph(self, name: str):
        layer = self._layers()[1]
        return layer[name] if layer is not None and name in layer else None

    def _own_record(self, name: str) -> Hashable:
        memo = self._pass_data()
        key = ("record", name)
        if key not in memo:
            with _broken_file(name, self.layer_name):
                glyph = self._bubble_glyph(name)
                pen = RecordingPointPen()
                if glyph is not None:
                    glyph.drawPoints(pen)
            memo[key] = None if glyph is None else tuple(
                (method, args, tuple(sorted(kwargs.items()))) for method, args, kwargs in pen.value
            )
        return memo[key]

    def _components(self, name: str) -> list[tuple[str, tuple[float, ...]]]:
        memo = self._pass_data()
        key = ("components", name)
        if key not in memo:
            with _broken_file(name, self._default_name()):
                components = [(c.baseGlyph, tuple(c.transformation)) for c in self._layers()[0][name].components]
            for base, transformation in components:
                _check_transformation(transformation, name, base, self._default_name())
            record = self._own_record(name) or () if self.layer_name != self._default_name() else ()
            own = [(args[0], tuple(args[1])) for method, args, _ in record if method == "addComponent"]
            for base, transformation in own:
                _check_transformation(transformation, name, base, self.layer_name)
            memo[key] = components + own
        return memo[key]

    def _own_bubble(self, name: str) -> Bubble:
        record = self._own_record(name)
        if not record:
            return EMPTY
        pen = SegmentPen()
        point_pen = PointToSegmentPen(pen)
        for method, args, kwargs in record:
            if method == "addComponent":
                continue
            if method == "addPoint":
                _check_point(args[0], name, self.layer_name)
            getattr(point_pen, method)(*args, **dict(kwargs))
        if pen.opened:
            self._warn(
                f"glyph {name!r}: {pen.opened} open contour(s) in layer {self.layer_name!r} "
                "were closed with a straight line"
            )
        if pen.dropped:
            self._warn(
                f"glyph {name!r}: {pen.dropped} contour(s) in layer {self.layer_name!r} "
                "have no area (a single point or points on one line) and were ignored"
            )
        return Bubble(tuple(pen.contours))


def _postorder(root: str, children, done) -> list[str]:
    """``root`` and every node below it that is not ``done``, each after its children.

    Iterative: a chain of composites thousands deep needs no recursion. ``children`` must
    not lead round a loop (cycle edges are left out by the caller).
    """
    if done(root):
        return []
    order: list[str] = []
    seen: set[str] = set()
    stack: list[tuple[str, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if node in seen:  # pushed twice (a base used directly and through another component): done already
            continue
        seen.add(node)
        stack.append((node, True))
        for child in children(node):
            if child not in seen and not done(child):
                stack.append((child, False))
    return order


def _loop(glyph: str, base: str, members: set[str], edges) -> tuple[str, ...]:
    """The shortest loop glyph → base → … → glyph inside one strongly connected set."""
    paths = {base: (glyph, base)}
    queue = [base]
    while queue:
        node = queue.pop(0)
        if node == glyph:
            return paths[node]
        for nxt in edges(node):
            if nxt in members and nxt not in paths:
                paths[nxt] = paths[node] + (nxt,)
                queue.append(nxt)
    return (glyph, base, glyph)


class _Pass:
    """Within one pass the font is read once per glyph; nested passes share it."""

    def __init__(self, owner: FontBubbles):
        self.owner = owner
        self.outer = owner._pass is not None

    def __enter__(self):
        if not self.outer:
            self.owner._pass = {}
        return self.owner

    def __exit__(self, *exc):
        if not self.outer:
            self.owner._pass = None
        return False


@contextmanager
def _broken_file(name: str, layer: str):
    """Glyph files are read when first used: a broken one becomes a FontFileError naming it."""
    try:
        yield
    except UFOLibError as error:
        raise FontFileError(f"glyph {name!r} in layer {layer!r} cannot be read: {error}") from error


class _HasContour(Exception):
    """Raised by :class:`_FirstContour` at a glyph's first contour."""


class _FirstContour(AbstractPointPen):
    """A point pen that stops the drawing at the first contour."""

    def beginPath(self, identifier=None, **kwargs):
        raise _HasContour

    def endPath(self):
        pass

    def addPoint(self, pt, segmentType=None, smooth=False, name=None, identifier=None, **kwargs):
        pass

    def addComponent(self, baseGlyphName, transformation, identifier=None, **kwargs):
        pass


def has_contours(glyph) -> bool:
    """True for a glyph with contours of its own (components aside), fontParts or defcon.

    Drawn up to its first contour rather than counted: ``len`` of a defcon glyph read from a
    file builds an object for every point of every contour, which cost whole-font runs seconds.
    """
    if glyph is None:
        return False
    naked = _naked(glyph)
    try:
        (naked if hasattr(naked, "drawPoints") else glyph).drawPoints(_FirstContour())
    except _HasContour:
        return True
    return False


def _naked(obj):
    """The wrapped object of a fontParts object (defcon's in fontshell), else the object."""
    naked = getattr(obj, "naked", None)
    return naked() if callable(naked) else obj


def _check_point(pt, name: str, layer: str) -> None:
    x, y = pt
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > MAX_COORDINATE or abs(y) > MAX_COORDINATE:
        raise BubbleGeometryError(
            f"glyph {name!r} in layer {layer!r} has a point at ({x!r}, {y!r}); "
            f"coordinates must be finite and within ±{MAX_COORDINATE:,.0f}"
        )


def _check_transformation(transformation: tuple[float, ...], name: str, base: str, layer: str) -> None:
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in transformation):
        numbers = ", ".join(f"{v!r}" for v in transformation)
        raise BubbleGeometryError(
            f"glyph {name!r} in layer {layer!r} has a component of {base!r} with the transformation "
            f"({numbers}); its numbers must be finite"
        )


def _check_placed(part: Bubble, name: str, base: str, transformation: tuple[float, ...]) -> None:
    """A component may not carry a bubble where a point could not be (an offset of 1e9)."""
    bounds = part.bounds
    if bounds is None:
        return
    x0, y0, x1, y1 = bounds
    if all(math.isfinite(v) and abs(v) <= MAX_COORDINATE for v in bounds):
        return
    far = max(((x0, y0), (x1, y1)), key=lambda p: max(abs(p[0]), abs(p[1])) if all(map(math.isfinite, p)) else math.inf)
    numbers = ", ".join(f"{v:g}" for v in transformation)
    raise BubbleGeometryError(
        f"glyph {name!r}: its component of {base!r} (transformation {numbers}) puts its bubble at "
        f"({far[0]:g}, {far[1]:g}); coordinates must be finite and within ±{MAX_COORDINATE:,.0f}"
    )


def _check_band_count(bubble: Bubble, height: float, name: str) -> None:
    bounds = bubble.bounds
    if bounds is not None and (bounds[3] - bounds[1]) / height > MAX_BANDS:
        raise BubbleGeometryError(
            f"glyph {name!r}: its bubble reaches from y = {bounds[1]:g} to {bounds[3]:g}, "
            f"{(bounds[3] - bounds[1]) / height:,.0f} bands of {height:g} units; more than {MAX_BANDS:,} is broken data"
        )


def _check_span(profiles: dict[str, BandProfile | None]) -> None:
    present = {n: p for n, p in profiles.items() if p is not None}
    if not present:
        return
    low = min(present, key=lambda n: present[n].start)
    high = max(present, key=lambda n: present[n].stop)
    span = present[high].stop - present[low].start
    if span * len(present) > MAX_CELLS:
        h = present[low].height
        raise BubbleGeometryError(
            f"the bubbles reach from y = {present[low].start * h:g} (glyph {low!r}) to {present[high].stop * h:g} "
            f"(glyph {high!r}): {span:,} bands for {len(present):,} glyphs is more than BubbleKern lays out "
            f"({MAX_CELLS:,} cells); check those glyphs"
        )


def glyph_order(font) -> list[str]:
    """The font's glyph names: glyphOrder first (those present), then the rest sorted."""
    names = set(font.keys())
    ordered = [n for n in dict.fromkeys(font.glyphOrder) if n in names]
    seen = set(ordered)
    return ordered + sorted(names - seen)


def collect_bubble(font, name: str, settings: Settings | None = None) -> Bubble:
    """The effective bubble of one glyph (uncached; use :class:`FontBubbles` for many)."""
    return FontBubbles(font, settings).bubble(name)
