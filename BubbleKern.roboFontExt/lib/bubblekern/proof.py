"""Proof pages: pairs set without kerning, with BubbleKern's kerning and (optionally) the font's own.

Each pair is a cell of two or three settings side by side — unkerned, BubbleKern, and with
``compare`` the font's existing kerning (groups resolved) — with the value under each.
Bubbles are translucent fills; with ``bands`` every band of the bubbles is outlined in the
BubbleKern setting; the band where the pair collides is marked in red. Sample text is also
set as whole lines, without and with the kerning, above the pairs.

Pages are drawn with drawbot-skia and saved as one PDF (``.pdf``), or one PNG or SVG file
per page (``.png``/``.svg``; several pages are numbered ``name-1.png``, ``name-2.png`` …).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bubbles import FontBubbles
from .direction import direction_runs, glyph_directions, is_rtl_pair
from .errors import BubbleKernError
from .evaluate import resolve_kerning
from .kerning import KernResult, kern_pairs
from .pairs import Pair, check_names, unique
from .settings import Settings, units_per_em

__all__ = [
    "ProofOptions",
    "ProofError",
    "proof",
    "page_paths",
    "glyph_runs",
    "class_pairs",
    "one_per_class",
    "label_text",
    "FORMATS",
    "DEFAULT_PAIRS",
]

FORMATS = (".pdf", ".png", ".svg")
DEFAULT_PAIRS = 300
"""Pairs a proof shows when none are given: the font's strongest kerning pairs, or BubbleKern's."""

MAX_IMAGE_PAGES = 1000
"""A PNG or SVG proof writes one file a page: more pages than this stop it (a PDF is one file)."""

INK = (0, 0, 0)
BUBBLE = (0.15, 0.45, 0.95, 0.22)
BAND = (0.15, 0.35, 0.75, 0.55)
COLLISION = (0.9, 0.1, 0.1)
NEGATIVE = (0.75, 0.1, 0.1)
POSITIVE = (0.1, 0.5, 0.15)
GREY = (0.5, 0.5, 0.5)


class ProofError(BubbleKernError):
    """A proof cannot be made (unknown file type, nothing to show, a file that cannot be written)."""


@dataclass(frozen=True)
class ProofOptions:
    """Page geometry of a proof, in page units (PDF points; pixels in a PNG)."""

    page: tuple[float, float] = (1190.0, 842.0)
    """Page width and height (A3 landscape in points)."""
    margin: float = 36.0
    em: float = 80.0
    """Size of one em of the font on the page."""
    gap: float = 14.0
    """Room between the settings of a pair."""
    cell_gap: float = 30.0
    """Room between pairs."""
    label_size: float = 9.0
    bubbles: bool = True
    bands: bool = False
    compare: bool = False

    def __post_init__(self):
        numbers = (*self.page, self.margin, self.em, self.gap, self.cell_gap, self.label_size)
        if not all(math.isfinite(v) and v >= 0 for v in numbers):
            raise ValueError(f"page sizes must be numbers ≥ 0, not {', '.join(f'{v:g}' for v in numbers)}")
        if min(self.page) <= 2 * self.margin or self.em <= 0:
            raise ValueError("the page must be larger than its margins and the em positive")
        if self.em > self.page[1] - 2 * self.margin:
            raise ValueError(f"an em of {self.em:g} does not fit the page's height within its margins")


@dataclass
class _Cell:
    pair: Pair
    settings: list[tuple[str, float | None, str]]  # caption, kern (None: not shown kerned), label
    width: float


@dataclass
class _Page:
    texts: list[tuple[str, list[str], list[float]]] = field(default_factory=list)  # caption, glyphs, kerns
    rows: list[list[tuple[float, _Cell]]] = field(default_factory=list)  # (x, cell) per row


def glyph_runs(text: str, cmap: Mapping[int, str], known: Iterable[str]) -> list[list[str]]:
    """Glyph names of sample text, one list per line (``/name`` escapes as in :func:`pairs_from_text`).

    Characters without a glyph are left out (``pairs_from_text`` reports them).
    """
    known = set(known)
    escape = re.compile(r"/([^\s/]+)\s?")
    runs = []
    for line in text.splitlines():
        names: list[str] = []
        position = 0
        while position < len(line):
            match = escape.match(line, position) if line[position] == "/" else None
            if match:
                position = match.end()
                if match.group(1) in known:
                    names.append(match.group(1))
                continue
            name = cmap.get(ord(line[position]))
            position += 1
            if name is not None:
                names.append(name)
        if names:
            runs.append(names)
    return runs


def _members(groups: Mapping[str, Sequence[str]], prefix: str) -> dict[str, str]:
    """Glyph → its kerning group of one side (``public.kern1.``/``public.kern2.``)."""
    return {glyph: name for name, members in groups.items() if name.startswith(prefix) for glyph in members}


def class_pairs(font) -> list[Pair]:
    """One glyph pair per entry of ``font.kerning``, strongest first.

    A group pair is shown by its first member pair whose value comes from that entry (the
    UFO 3 lookup order: glyph–glyph, glyph–group, group–glyph, group–group), so every class
    pair and every exception is seen once. Zero entries are left out.
    """
    kerning = dict(font.kerning.items())
    groups = {k: tuple(v) for k, v in font.groups.items()}
    left_of, right_of = _members(groups, "public.kern1."), _members(groups, "public.kern2.")
    known = set(font.keys())
    chosen: dict[Pair, float] = {}
    for (left, right), value in kerning.items():
        if not value:
            continue
        lefts = groups.get(left, ()) if left.startswith("public.kern1.") else (left,)
        rights = groups.get(right, ()) if right.startswith("public.kern2.") else (right,)
        for a in (n for n in lefts if n in known):
            pair = next((
                (a, b) for b in rights if b in known and _entry(kerning, left_of, right_of, a, b) == (left, right)
            ), None)
            if pair is not None:
                chosen[pair] = value
                break
    return sorted(chosen, key=lambda p: -abs(chosen[p]))


def _entry(kerning, left_of: dict, right_of: dict, a: str, b: str) -> Pair | None:
    """The key of ``kerning`` that glyph pair (a, b) takes its value from."""
    first, second = left_of.get(a), right_of.get(b)
    for key in ((a, b), (a, second), (first, b), (first, second)):
        if None not in key and key in kerning:
            return key
    return None


def one_per_class(values: Mapping[Pair, float], groups: Mapping[str, Sequence[str]]) -> list[Pair]:
    """The strongest glyph pair of each kerning-group pair of ``values``, strongest first
    (glyphs outside groups stand for themselves)."""
    left_of, right_of = _members(groups, "public.kern1."), _members(groups, "public.kern2.")
    best: dict[Pair, Pair] = {}
    for pair, value in values.items():
        key = (left_of.get(pair[0], pair[0]), right_of.get(pair[1], pair[1]))
        if key not in best or abs(value) > abs(values[best[key]]):
            best[key] = pair
    return sorted(best.values(), key=lambda p: -abs(values[p]))


def page_paths(output: str | Path, count: int) -> list[Path]:
    """Files a proof of ``count`` pages writes: the path itself for a PDF or a single page, else numbered."""
    output = Path(output)
    if output.suffix.lower() == ".pdf" or count == 1:
        return [output]
    return [output.with_name(f"{output.stem}-{i}{output.suffix}") for i in range(1, count + 1)]


def proof(
    font,
    output: str | Path,
    pairs: Iterable[Pair] | None = None,
    text: str | None = None,
    settings: Settings | None = None,
    *,
    options: ProofOptions | None = None,
    bands: bool | None = None,
    compare: bool | None = None,
    bubbles: FontBubbles | None = None,
    result: KernResult | None = None,
) -> list[Path]:
    """Draw a proof of ``pairs`` (and the lines of ``text``) of ``font`` and save it to ``output``.

    Without pairs or text: the font's kerning pairs (groups resolved), or when it has none
    the pairs BubbleKern kerns; the strongest :data:`DEFAULT_PAIRS` of them, strongest first.
    Returns the files written.
    """
    output = Path(output)
    suffix = output.suffix.lower()
    if suffix not in FORMATS:
        raise ProofError(f"{output}: a proof is a .pdf, .png or .svg file, not {suffix or 'a file without suffix'}")
    if not output.parent.is_dir():
        raise ProofError(f"{output}: the folder {output.parent} does not exist")
    options = options or ProofOptions()
    changes = {k: v for k, v in (("bands", bands), ("compare", compare)) if v is not None}
    if changes:
        options = ProofOptions(**{**options.__dict__, **changes})
    if bubbles is None:
        bubbles = FontBubbles(font, settings)
    bubbles.require_layer()
    settings = bubbles.settings
    known = set(font.keys())

    runs: list[list[str]] = []
    if text is not None:
        from .pairs import cmap_of, pairs_from_text

        cmap = cmap_of(font)
        text_pairs = pairs_from_text(text, cmap, known)
        runs = glyph_runs(text, cmap, known)
        pairs = unique(list(pairs or []) + text_pairs)
    font_kerning = resolve_kerning(dict(font.kerning.items()), dict(font.groups.items()))
    if pairs is None:
        if font_kerning:
            pairs = class_pairs(font)[:DEFAULT_PAIRS]
            if compare is None:  # the pairs stand for the font's kerning: show its value beside ours
                options = ProofOptions(**{**options.__dict__, "compare": True})
        else:
            solved = kern_pairs(font, None, bubbles=bubbles)
            pairs = one_per_class(solved.kept, dict(font.groups.items()))[:DEFAULT_PAIRS]
    pairs = unique(pairs)
    check_names((n for p in pairs for n in p), known, "proof pairs")
    if not pairs and not runs:
        raise ProofError("nothing to proof: no pairs (give pairs or a text, or kern the font first)")
    wanted = unique(pairs + [p for r in runs for p in zip(r, r[1:], strict=False)])
    if result is None or not set(wanted) <= set(result.pairs) | set(result.skipped):
        result = kern_pairs(font, wanted, bubbles=bubbles)
    painter = _Painter(font, bubbles, result, font_kerning, options)
    pages = painter.layout(pairs, runs)
    if suffix != ".pdf" and len(pages) > MAX_IMAGE_PAGES:
        raise ProofError(f"{output}: {len(pages):,} pages would be {len(pages):,} {suffix} files (at most "
                         f"{MAX_IMAGE_PAGES:,}); proof fewer pairs, or write a .pdf")
    paths = page_paths(output, len(pages))
    try:
        painter.save(pages, suffix, paths)
    except OSError as error:
        raise ProofError(f"{output}: cannot write the proof: {error}") from error
    return paths


class _Painter:
    def __init__(self, font, bubbles: FontBubbles, result: KernResult, font_kerning, options: ProofOptions):
        self.font = font
        self.bubbles = bubbles
        self.result = result
        self.values = result.as_dict()
        self.kept = result.kept
        self.font_kerning = font_kerning
        self.options = options
        self.upm = units_per_em(font)
        self.scale = options.em / self.upm
        self._paths: dict[tuple[str, str], object] = {}
        self.directions = glyph_directions(font, rtl=result.settings.rtl)
        info = font.info
        low = min(info.descender if info.descender is not None else -0.25 * self.upm, 0)
        high = max(info.ascender if info.ascender is not None else 0.8 * self.upm, 0)
        self.low, self.high = float(low), float(high)

    # -- layout -------------------------------------------------------------------

    def _captions(self) -> list[str]:
        return ["without", "BubbleKern"] + (["font"] if self.options.compare else [])

    def _cell(self, pair: Pair) -> _Cell:
        left, right = pair
        settings = []
        for caption in self._captions():
            if caption == "without":
                settings.append((caption, 0.0, f"{left} {right}"))
            elif caption == "BubbleKern":
                if pair in self.result.skipped:
                    settings.append((caption, 0.0, "no bubble"))
                else:
                    value = self.kept.get(pair, 0)
                    raw = self.values.get(pair, 0)
                    label = _signed(value) if value or raw == 0 else f"0 ({_signed(raw)} dropped)"
                    settings.append((caption, float(value), label))
            else:
                value = self.font_kerning.get(pair)
                settings.append((caption, float(value or 0), "—" if value is None else _signed(value)))
        width = sum(self._pair_width(pair, k) for _, k, _ in settings) + self.options.gap * (len(settings) - 1)
        return _Cell(pair, settings, width)

    def _width(self, name: str) -> float:
        return float(self.font[name].width)

    def _pair_width(self, pair: Pair, kern: float) -> float:
        return max(self._width(pair[0]) + kern + self._width(pair[1]), self._width(pair[0])) * self.scale

    def _extent(self) -> tuple[float, float]:
        """Lowest and highest y of what a line shows (ink metrics and bubbles)."""
        low, high = self.low, self.high
        for name in self._drawn:
            bounds = self.bubbles.bubble(name).bounds
            if bounds:
                low, high = min(low, bounds[1]), max(high, bounds[3])
        return low, high

    def layout(self, pairs: Sequence[Pair], runs: Sequence[list[str]]) -> list[_Page]:
        o = self.options
        self._drawn = set(n for p in pairs for n in p) | {n for r in runs for n in r}
        low, high = self._extent()
        self.line_low, self.line_high = low * self.scale, high * self.scale
        label_room = 2.6 * o.label_size
        row_height = self.line_high - self.line_low + label_room + o.cell_gap / 2
        text_height = self.line_high - self.line_low + label_room + 1.3 * o.label_size
        width, height = o.page
        usable = width - 2 * o.margin
        top = height - o.margin - 2 * o.label_size  # room for the page header
        pages = [_Page()]
        y = top
        # sample text lines: each run without and with the kerning, wrapped to the page
        for run in runs:
            for piece in map(self._visual, self._wrap(run, usable)):
                for caption in ["without", "BubbleKern"] + (["font"] if o.compare else []):
                    if y - text_height < o.margin:
                        pages.append(_Page())
                        y = top
                    kerns = [self._seen_kern(caption, a, b) for a, b in zip(piece, piece[1:], strict=False)]
                    pages[-1].texts.append((caption, piece, kerns))
                    y -= text_height
        if runs:
            y -= o.cell_gap / 2
        row: list[tuple[float, _Cell]] = []
        x = 0.0
        for pair in pairs:
            cell = self._cell(pair)
            if row and x + cell.width > usable:
                pages[-1].rows.append(row)
                row, x = [], 0.0
                y -= row_height
            if not row and y - row_height < o.margin:
                pages.append(_Page())
                y = top
            row.append((x, cell))
            x += cell.width + o.cell_gap
        if row:
            pages[-1].rows.append(row)
        self.row_height, self.text_height = row_height, text_height
        return [p for p in pages if p.texts or p.rows] or [_Page()]

    def _rtl(self, a: str, b: str) -> bool:
        return is_rtl_pair(self.directions.get(a), self.directions.get(b))

    def _visual(self, names: list[str]) -> list[str]:
        """Glyphs of one line in the order they are seen: right-to-left runs reversed, and the
        runs themselves too when the line starts with a right-to-left glyph."""
        sides = [self.directions.get(n) for n in names]
        runs = [names[a:b][::-1] if d == "R" else names[a:b] for a, b, d in direction_runs(sides)]
        if next((d for d in sides if d is not None), "L") == "R":
            runs.reverse()
        return [n for run in runs for n in run]

    def _seen_kern(self, caption: str, a: str, b: str) -> float:
        """The kern between ``a`` seen on the left and ``b`` on the right."""
        return self._kern(caption, (b, a) if self._rtl(a, b) else (a, b))

    def _kern(self, caption: str, pair: Pair) -> float:
        if caption == "without":
            return 0.0
        if caption == "BubbleKern":
            return float(self.kept.get(pair, 0))
        return float(self.font_kerning.get(pair, 0))

    def _wrap(self, run: list[str], usable: float) -> list[list[str]]:
        pieces, piece, x = [], [], 0.0
        for name in run:
            advance = self._width(name) * self.scale
            if piece and x + advance > usable:
                pieces.append(piece)
                piece, x = [], 0.0
            piece.append(name)
            x += advance
        if piece:
            pieces.append(piece)
        return pieces

    # -- drawing ----------------------------------------------------------------------

    def save(self, pages: list[_Page], suffix: str, paths: list[Path]) -> None:
        from drawbot_skia.drawing import Drawing

        if suffix == ".pdf":
            drawing = Drawing()
            for number, page in enumerate(pages, 1):
                drawing.newPage(*self.options.page)
                self._page(drawing, page, number, len(pages))
            drawing.saveImage(str(paths[0]))
            return
        for number, (page, path) in enumerate(zip(pages, paths, strict=False), 1):
            drawing = Drawing()
            drawing.newPage(*self.options.page)
            self._page(drawing, page, number, len(pages))
            drawing.saveImage(str(path))

    def _page(self, d, page: _Page, number: int, count: int) -> None:
        o = self.options
        width, height = o.page
        d.fill(1)
        d.stroke(None)
        d.rect(0, 0, width, height)
        name = " ".join(str(v) for v in (self.font.info.familyName, self.font.info.styleName) if v) or "font"
        s = self.result.settings
        self._label(
            d,
            f"{name} — BubbleKern proof, band {s.band:g}, min kern {s.min_kern}   page {number}/{count}",
            (o.margin, height - o.margin - o.label_size),
            GREY,
        )
        y = height - o.margin - 2 * o.label_size
        for caption, glyphs, kerns in page.texts:
            self._label(d, caption, (o.margin, y - o.label_size), GREY)
            baseline = y - 1.3 * o.label_size - self.line_high
            self._run(d, glyphs, kerns, o.margin, baseline, marks=False, bands=False)
            y -= self.text_height
        if page.texts:
            y -= o.cell_gap / 2
        for row in page.rows:
            baseline = y - self.line_high
            for x, cell in row:
                self._draw_cell(d, cell, o.margin + x, baseline)
            y -= self.row_height

    def _draw_cell(self, d, cell: _Cell, x: float, baseline: float) -> None:
        o = self.options
        left, right = cell.pair
        for caption, kern, label in cell.settings:
            is_bk = caption == "BubbleKern"
            seen = [right, left] if self._rtl(left, right) else [left, right]  # a right-to-left pair: second on the left
            self._run(d, seen, [kern], x, baseline, marks=is_bk, bands=is_bk and o.bands)
            span = self._pair_width(cell.pair, kern)
            colour = NEGATIVE if kern < 0 else POSITIVE if kern > 0 else GREY
            under = baseline + self.line_low - 1.2 * o.label_size
            self._label(d, label, (x + span / 2, under), colour, align="center")
            self._label(d, caption, (x + span / 2, under - 1.2 * o.label_size), GREY, align="center", size=0.8)
            x += span + o.gap

    def _run(self, d, glyphs: list[str], kerns: list[float], x: float, baseline: float, marks: bool, bands: bool):
        """Set ``glyphs`` from (x, baseline) with ``kerns`` between them; bubbles, bands, collision marks."""
        positions = [0.0]
        for name, kern in zip(glyphs, kerns, strict=False):
            positions.append(positions[-1] + self._width(name) + kern)
        with d.savedState():
            d.translate(x, baseline)
            d.scale(self.scale)
            if self.options.bubbles:
                d.stroke(None)
                d.fill(*BUBBLE)
                for name, at in zip(glyphs, positions, strict=False):
                    self._draw(d, name, "bubble", at)
            if bands:
                d.fill(None)
                d.stroke(*BAND)
                d.strokeWidth(0.6 / self.scale)
                for name, at in zip(glyphs, positions, strict=False):
                    profile = self.bubbles.profile(name)
                    if profile is None:
                        continue
                    for k, _, _ in profile.bands():  # parallelograms along an italic angle
                        d.polygon(*((at + x, y) for x, y in profile.quad(k)))
            d.stroke(None)
            d.fill(*INK)
            for name, at in zip(glyphs, positions, strict=False):
                self._draw(d, name, "ink", at)
            if marks:  # over the ink, translucent, so it shows where bubbles sit on the ink
                for i, (a, b) in enumerate(zip(glyphs, glyphs[1:], strict=False)):
                    self._collision(d, (b, a) if self._rtl(a, b) else (a, b), positions[i], positions[i + 1])

    def _collision(self, d, pair: Pair, left_at: float, right_at: float) -> None:
        if pair not in self.values:
            return
        span = self.result.colliding_band(pair)
        if span is None:
            return
        bottom, top = span
        band = int(round(bottom / self.result.band_height))
        left, right = (pair[1], pair[0]) if self._rtl(*pair) else pair
        lp, rp = self.bubbles.profile(left), self.bubbles.profile(right)
        le, re_ = lp.extent(band) if lp else None, rp.extent(band) if rp else None
        if le is None or re_ is None:
            return
        # the band, from a little inside the left bubble's edge to a little inside the right one's
        contact_left, contact_right = left_at + le[1], right_at + re_[0]
        reach = 0.12 * self.upm
        x0 = max(left_at + le[0], min(contact_left, contact_right) - reach)
        x1 = min(right_at + re_[1], max(contact_left, contact_right) + reach)
        slant = lp.slant  # extents run along the italic angle: shear them back to glyph space
        outline = [(x0 - bottom * slant, bottom), (x1 - bottom * slant, bottom), (x1 - top * slant, top), (x0 - top * slant, top)]
        d.stroke(None)
        d.fill(*COLLISION, 0.45)
        d.polygon(*outline)
        d.fill(None)
        d.stroke(*COLLISION)
        d.strokeWidth(1.2 / self.scale)
        for x in (contact_left, contact_right):
            d.line((x - bottom * slant, bottom), (x - top * slant, top))
        d.polygon(*outline)

    def _draw(self, d, name: str, kind: str, at: float) -> None:
        path = self._path(name, kind)
        if path is None:
            return
        with d.savedState():
            d.translate(at, 0)
            d.drawPath(path)

    def _path(self, name: str, kind: str):
        key = (name, kind)
        if key not in self._paths:
            from drawbot_skia.path import BezierPath

            path = BezierPath(glyphSet=self.font)
            if kind == "ink":
                try:
                    self.font[name].draw(path)  # components are drawn through the glyph set
                except RecursionError:  # a component cycle (skipped by on_error="skip"): no ink
                    path = BezierPath()
            else:
                self.bubbles.bubble(name).draw(path)
            self._paths[key] = path if not path.path.isEmpty() else None
        return self._paths[key]

    def _label(self, d, text: str, position, colour, align: str | None = None, size: float = 1.0) -> None:
        typeface = _text_typeface()
        if not text or typeface is None:
            return
        d.stroke(None)
        d.fill(*colour)
        d.fontSize(self.options.label_size * size)
        d.text(label_text(text, typeface), position, align=align)


def _signed(value: float) -> str:
    value = int(value) if float(value).is_integer() else round(float(value), 1)
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


FALLBACKS = {"\u2212": "-", "\u2014": "-", "\u2013": "-", "\u2026": "...", "\u2192": "->", "\u00d7": "x"}
"""ASCII stand-ins for label characters a typeface may lack (minus sign, dashes, ellipsis, arrow)."""


def label_text(text: str, typeface) -> str:
    """``text`` with every character ``typeface`` has no glyph for replaced by its ASCII stand-in
    (:data:`FALLBACKS`), so that no label prints a box (.notdef)."""
    return "".join(
        FALLBACKS.get(c, c) if c in FALLBACKS and not typeface.unicharToGlyph(ord(c)) else c for c in text
    )


_TEXT_FONT: list = []


def _text_typeface():
    """The typeface labels are set in (skia's default), or None on a system without fonts."""
    if not _TEXT_FONT:
        import skia

        typeface = skia.Typeface(None)
        _TEXT_FONT.append(typeface if typeface is not None and typeface.countGlyphs() > 0 else None)
    return _TEXT_FONT[0]

