"""Generated bubbles: geometry, sidebearings, kerning, policies, status, delete, font.lib."""

from __future__ import annotations

import math

import generate_fonts as gf
import numpy as np
import pathops
import pytest
from fontTools.pens.recordingPen import DecomposingRecordingPen, RecordingPen

from bubblekern import (
    BubbleKernError,
    BubbleLayerError,
    ComponentCycleError,
    ComponentError,
    FontBubbles,
    FontInfoError,
    MissingGlyphError,
    Settings,
    kern_pairs,
    open_font,
)
from bubblekern.generate import (
    GENERATE_KEY,
    GenerateSettings,
    GenerateSettingsError,
    delete_bubbles,
    glyph_bubble,
    load_generate_settings,
    make_bubbles,
    refresh_bubbles,
    store_generate_settings,
)
from bubblekern.status import GLYPH_KEY, bubble_status

import helpers

PLAIN = ["H", "n", "I", "l", "O", "o", "A", "V", "T", "f", "j", "period"]
COMPOSITES = ["Aacute", "H.sc", "Aacute.ss01", "H_H"]
DX, DY = GenerateSettings().offset_x, GenerateSettings().offset_y
"""The default offsets (per 1000 em; the test fonts have 1000 units per em)."""


# -- helpers ---------------------------------------------------------------------------


def slant_of(font) -> float:
    return math.tan(math.radians(-(font.info.italicAngle or 0)))


def bubble_of(font, name, layer="bubble") -> pathops.Path:
    path = pathops.Path()
    font.getLayer(layer)[name].draw(path.getPen())
    return path


def upright(path: pathops.Path, font) -> pathops.Path:
    """``path`` sheared so that the font's sidebearing lines stand upright."""
    return path.transform(1, 0, -slant_of(font), 1, 0, 0)


def ink_record(font, name):
    pen = DecomposingRecordingPen(font)
    font[name].draw(pen)
    return pen.value


def ink_bounds(font, name):
    path = pathops.Path()
    pen = path.getPen()
    for op, args in ink_record(font, name):
        getattr(pen, op)(*args)
    return path.bounds


def _cubic_at(p0, p1, p2, p3, t):
    s = 1 - t
    return tuple(s**3 * a + 3 * s * s * t * b + 3 * s * t * t * c + t**3 * d for a, b, c, d in zip(p0, p1, p2, p3))


def outline_samples(font, name, steps=6):
    """Points along the glyph's decomposed outline (every on-curve point included)."""
    points, current, start = [], None, None
    for op, args in ink_record(font, name):
        if op == "moveTo":
            current = start = args[0]
            points.append(current)
        elif op in ("lineTo", "closePath"):
            end = args[0] if op == "lineTo" else start
            points += [tuple(a + (b - a) * i / steps for a, b in zip(current, end)) for i in range(1, steps + 1)]
            current = end
        elif op == "curveTo":
            points += [_cubic_at(current, *args, i / steps) for i in range(1, steps + 1)]
            current = args[-1]
    return points


def grown(points, rx, ry, slack=2.0, directions=16):
    """Points of the ink grown by an ellipse of (rx, ry), kept ``slack`` units inside its edge."""
    out = []
    for x, y in points:
        for k in range(directions):
            a = 2 * math.pi * k / directions
            out.append((x + max(rx - slack, 0) * math.cos(a), y + max(ry - slack, 0) * math.sin(a)))
    return out


def outside(path: pathops.Path, points):
    return [p for p in points if not path.contains(p)]


def extents(font, name, y, settings=None):
    """(left, right) of glyph ``name``'s effective bubble in the band holding height y (engine's view)."""
    bubbles = FontBubbles(font, settings or Settings())
    profile = bubbles.profile(name)
    return profile.extent(int(y // bubbles.band_height))


def kerns(font, pairs):
    return kern_pairs(font, pairs, Settings()).as_dict()


@pytest.fixture(scope="module")
def serif():
    font = gf.serif_font()
    make_bubbles(font)
    return font


@pytest.fixture(scope="module")
def italic():
    font = gf.serif_font(italic_angle=-12)
    make_bubbles(font)
    return font


# -- settings --------------------------------------------------------------------------


def test_settings_defaults_and_validation():
    s = GenerateSettings()
    assert (s.offset_x, s.offset_y, s.corner, s.corner_radius) == (60, 40, "round", 0)
    assert (s.adhere, s.overwrite, s.include_composites, s.layer) == ("trim", "if-empty", False, "bubble")
    for bad, word in (
        (dict(offset_x=-1), "offset_x"),
        (dict(offset_y=float("nan")), "offset_y"),
        (dict(corner_radius="5"), "corner_radius"),
        (dict(corner="bevel"), "corner"),
        (dict(adhere="yes"), "adhere"),
        (dict(overwrite="sometimes"), "overwrite"),
        (dict(include_composites="no"), "include_composites"),
        (dict(layer=""), "layer"),
    ):
        with pytest.raises(GenerateSettingsError, match=word) as error:
            GenerateSettings(**bad)
        assert isinstance(error.value, BubbleKernError) and isinstance(error.value, ValueError)


def test_settings_dict_round_trip_and_upm_scaling():
    s = GenerateSettings(offset_x=45, offset_y=70.5, corner="miter", corner_radius=12, adhere="nudge",
                         overwrite="always", include_composites=True, layer="room")
    assert GenerateSettings.from_dict(s.to_dict()) == s
    assert GenerateSettings.from_dict({**s.to_dict(), "future": 1}) == s
    assert GenerateSettings(offset_x=60, offset_y=30, corner_radius=10).lengths(2048) == pytest.approx(
        (122.88, 61.44, 20.48)
    )
    with pytest.raises(GenerateSettingsError, match="my source: adhere"):
        GenerateSettings.from_dict({"adhere": 3}, source="my source")


def test_settings_live_in_font_lib_and_overrides_win():
    font = helpers.new_font()
    assert load_generate_settings(font) == GenerateSettings()
    assert store_generate_settings(font, GenerateSettings(offset_x=40, overwrite="always", layer="room"))
    stored = font.lib[GENERATE_KEY]
    assert stored["offset_x"] == 40 and stored["layer"] == "room"
    assert "overwrite" not in stored  # a stored "always" would replace hand-drawn bubbles on later runs
    assert not store_generate_settings(font, GenerateSettings(offset_x=40, layer="room"))
    loaded = load_generate_settings(font, offset_y=25, adhere=None)
    assert (loaded.offset_x, loaded.offset_y, loaded.layer, loaded.overwrite) == (40, 25, "room", "if-empty")
    with pytest.raises(TypeError, match="offset_z"):
        load_generate_settings(font, offset_z=3)
    font.lib[GENERATE_KEY] = {"offset_x": "wide"}
    with pytest.raises(GenerateSettingsError, match=r"com\.bubblekern\.generate.*offset_x"):
        load_generate_settings(font)


def test_make_bubbles_uses_and_stores_font_settings():
    font = gf.sans_font()
    font.lib[GENERATE_KEY] = {"offset_x": 30, "offset_y": 10, "adhere": "off"}
    report = make_bubbles(font, ["H"])
    assert report.written == ["H"] and bubble_of(font, "H").bounds == (50, -10, 650, 710)
    assert report.settings_stored  # the partial entry was completed
    assert font.lib[GENERATE_KEY]["offset_y"] == 10 and font.lib[GENERATE_KEY]["corner"] == "round"
    assert not make_bubbles(font, ["n"]).settings_stored
    report = make_bubbles(font, ["o"], GenerateSettings(offset_x=20))
    assert report.settings_stored and font.lib[GENERATE_KEY]["offset_x"] == 20


# -- geometry ------------------------------------------------------------------------


@pytest.mark.parametrize("name", PLAIN)
def test_off_contains_the_grown_ink_and_no_more(name):
    font = gf.serif_font()
    make_bubbles(font, [name], GenerateSettings(adhere="off"))
    bubble = bubble_of(font, name)
    assert outside(bubble, grown(outline_samples(font, name), DX, DY)) == []
    ix0, iy0, ix1, iy1 = ink_bounds(font, name)
    assert bubble.bounds == pytest.approx((ix0 - DX, iy0 - DY, ix1 + DX, iy1 + DY), abs=1.5)


@pytest.mark.parametrize("name", ["O", "A", "f", "j"])
def test_horizontal_and_vertical_offsets_differ(name):
    font = gf.serif_font(upm=2048)
    make_bubbles(font, [name], GenerateSettings(offset_x=80, offset_y=25, adhere="off"))
    bubble = bubble_of(font, name)
    rx, ry = 80 * 2.048, 25 * 2.048
    assert outside(bubble, grown(outline_samples(font, name), rx, ry, slack=3)) == []
    ix0, iy0, ix1, iy1 = ink_bounds(font, name)
    assert bubble.bounds == pytest.approx((ix0 - rx, iy0 - ry, ix1 + rx, iy1 + ry), abs=3)


def test_zero_offset_on_one_axis():
    font = gf.sans_font()
    make_bubbles(font, ["O", "H"], GenerateSettings(offset_x=50, offset_y=0, adhere="off"))
    for name in ("O", "H"):
        ix0, iy0, ix1, iy1 = ink_bounds(font, name)
        assert bubble_of(font, name).bounds == pytest.approx((ix0 - 50, iy0, ix1 + 50, iy1), abs=1.5)


def test_round_and_mitred_corners_and_corner_radius():
    font = gf.sans_font()  # H: left stem from (80, 0) to (170, 700)
    corner_point, side_point = (21, -59), (21, 300)

    def bubble(**kw):
        make_bubbles(font, ["H"], GenerateSettings(adhere="off", overwrite="always", offset_y=60, **kw))
        return bubble_of(font, "H")

    rounded, mitred, softened = bubble(), bubble(corner="miter"), bubble(corner="miter", corner_radius=30)
    assert not rounded.contains(corner_point) and rounded.contains(side_point)
    assert mitred.contains(corner_point) and mitred.bounds == (20, -60, 680, 760)
    assert not softened.contains(corner_point) and softened.contains((25, -35)) and softened.contains(side_point)
    assert rounded.area < softened.area < mitred.area


@pytest.mark.parametrize("mode", ["trim", "nudge"])
@pytest.mark.parametrize("angle", [0, -12])
def test_adhered_bubbles_span_exactly_the_advance(mode, angle):
    font = gf.serif_font(italic_angle=angle)
    report = make_bubbles(font, settings=GenerateSettings(adhere=mode, include_composites=True))
    assert set(report.written) == set(PLAIN + COMPOSITES + ["Hbar", "acutecomb"])
    tolerance = 0 if angle == 0 else 1.0  # slanted lines are not on the unit grid
    for name in report.written:
        if name == "acutecomb":
            continue
        x0, _, x1, _ = upright(bubble_of(font, name), font).bounds
        assert x0 == pytest.approx(0, abs=tolerance), name
        assert x1 == pytest.approx(font[name].width, abs=tolerance), name


@pytest.mark.parametrize("angle", [0, -12])
@pytest.mark.parametrize("name", PLAIN + ["Hbar"])
def test_trim_keeps_the_grown_ink_inside_the_advance(name, angle):
    font = gf.serif_font(italic_angle=angle)
    make_bubbles(font, [name])
    bubble = bubble_of(font, name)
    t, width = slant_of(font), font[name].width
    inside_band = [(x, y) for x, y in grown(outline_samples(font, name), DX, DY) if 1 < x - y * t < width - 1]
    assert outside(bubble, inside_band) == []


def test_trim_clips_overhangs_flat_and_extends_short_sides(serif):
    # H: serifs reach past the sidebearings once grown, the stems do not
    assert extents(serif, "H", 10) == pytest.approx((0, 720))
    assert extents(serif, "H", 350) == pytest.approx((50, 670))  # stems 110..610 grown by 60
    # f: the hook and crossbar cross; they are cut at the lines
    assert extents(serif, "f", 700)[1] == pytest.approx(340)
    assert extents(serif, "f", 450)[0] == pytest.approx(0)
    # sans H and n fall short on both sides: carried out to the lines, profile shape kept
    sans, off = gf.sans_font(), gf.sans_font()
    make_bubbles(sans)
    make_bubbles(off, settings=GenerateSettings(adhere="off"))
    for name in ("H", "n"):
        a, b = FontBubbles(sans).profile(name), FontBubbles(off).profile(name)
        x0, _, x1, _ = bubble_of(off, name).bounds
        assert a.start == b.start and len(a) == len(b)
        assert np.allclose(a.left, np.array(b.left) - x0, atol=0.6, equal_nan=True)
        assert np.allclose(a.right, np.array(b.right) + (sans[name].width - x1), atol=0.6, equal_nan=True)
    assert outside(bubble_of(sans, "H"), grown(outline_samples(sans, "H"), DX, DY)) == []


def test_nudge_squeezes_overhangs_instead_of_cutting_them():
    trimmed, nudged = gf.serif_font(), gf.serif_font()
    make_bubbles(trimmed, ["H", "f", "j", "o"])
    make_bubbles(nudged, ["H", "f", "j", "o"], GenerateSettings(adhere="nudge"))
    # serif H: the serif still touches the line, the stems move in (the side is scaled to the middle)
    assert extents(nudged, "H", 10) == pytest.approx((0, 720), abs=0.6)
    left_trim, right_trim = extents(trimmed, "H", 350)
    left_nudge, right_nudge = extents(nudged, "H", 350)
    assert left_nudge > left_trim + 5 and right_nudge < right_trim - 5
    # the round o keeps a round side: only its extreme touches the line, the rest curves away
    assert extents(trimmed, "o", 150)[0] == pytest.approx(0)
    assert extents(nudged, "o", 150)[0] > 5
    # the hook of f keeps sticking out past the stem, and everything stays inside the advance
    assert extents(nudged, "f", 700)[1] > extents(nudged, "f", 200)[1] + 60
    for name in ("H", "f", "j", "o"):
        x0, _, x1, _ = bubble_of(nudged, name).bounds
        assert (x0, x1) == (0, nudged[name].width)


def test_italic_sidebearing_lines_follow_the_angle(italic):
    t = slant_of(italic)
    assert t == pytest.approx(math.tan(math.radians(12)))
    band = FontBubbles(italic).band_height
    upright_bands = Settings(italic=False)  # extents in glyph coordinates, not along the slant
    for name in ("H", "n", "o", "f"):
        width = italic[name].width
        for y in (10, 250, 450):  # a band's extent is its lowest (left) and highest (right) reach
            k = y // band
            left, right = extents(italic, name, y, upright_bands)
            assert left >= k * band * t - 1 and right <= width + (k + 1) * band * t + 1, (name, y)
    # the serifs of H touch the slanted lines at the bottom and at the top
    assert extents(italic, "H", 10, upright_bands) == pytest.approx((0, 720 + band * t), abs=1)
    assert extents(italic, "H", 690, upright_bands) == pytest.approx((680 * t, 720 + 700 * t), abs=1)
    # banded along the slant (the engine's default for italics), the sides stand on the lines
    assert extents(italic, "H", 10) == pytest.approx((0, 720), abs=1)
    assert extents(italic, "H", 690) == pytest.approx((0, 720), abs=1)
    plain = bubble_of(italic, "H").bounds
    assert plain[2] > 720 + 600 * t  # not clipped to an upright [0, advance]


# -- kerning -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make_font",
    [
        helpers.latin_font,
        gf.serif_font,
        gf.sans_font,
        lambda: gf.serif_font(italic_angle=-12),
        lambda: gf.sans_font(italic_angle=-9.5),
        lambda: gf.serif_font(upm=2048),
    ],
    ids=["latin", "serif", "sans", "serif-italic", "sans-italic", "serif-2048"],
)
def test_default_bubbles_kern_straight_sides_to_zero(make_font):
    font = make_font()
    if "bubble" in font.layerOrder:
        font.removeLayer("bubble")  # latin_font's drawn bubbles, to generate ours instead
    make_bubbles(font)
    pairs = [("H", "H"), ("n", "n"), ("H", "n"), ("n", "H"), ("A", "V"), ("V", "A"), ("T", "o")]
    result = kern_pairs(font, pairs, Settings())
    values, kept = result.as_dict(), result.kept
    assert kept[("A", "V")] < -20 and kept[("V", "A")] < -20
    assert kept[("T", "o")] < -20
    # italics too: the engine bands along the italic angle, so slanted straight sides meet exactly
    assert all(abs(values[pair]) <= 1 and pair not in kept for pair in pairs[:4]), values
    if font.info.italicAngle:
        # banded upright instead, two touching slanted sides overlap by h·tan(angle) within a band
        upright = kern_pairs(font, pairs[:4], Settings(italic=False)).as_dict()
        overlap = result.band_height * slant_of(font)
        assert all(2 <= upright[pair] <= math.ceil(overlap) + 1 for pair in pairs[:4]), upright


def test_composites_inherit_by_default(serif):
    report = make_bubbles(gf.serif_font())
    assert set(report.skipped_with("composite")) == set(COMPOSITES)
    assert "Hbar" in report.written  # contours and a component: generated from all its ink
    assert report.skipped_with("empty") == ["space"]
    status = bubble_status(serif)
    assert set(status.inherited) == set(COMPOSITES)
    assert status.none == ["space"]
    bubbles = FontBubbles(serif)
    assert bubbles.bubble("Aacute.ss01") and bubbles.bubble("H_H")
    assert kerns(serif, [("H_H", "H")])[("H_H", "H")] == 0


def test_include_composites_grows_their_transformed_ink():
    font = gf.serif_font()
    helpers.add_glyph(font, "V.turned", 700, components=[("V", (-1, 0, 0, -1, 700, 700))])  # rotated 180°
    helpers.add_glyph(font, "o.slanted", 560, components=[("o", (1, 0, 0.3, 0.9, 0, 0))])  # skewed
    report = make_bubbles(font, settings=GenerateSettings(include_composites=True, adhere="off"))
    assert set(COMPOSITES + ["V.turned", "o.slanted"]) <= set(report.written)
    for name in COMPOSITES + ["V.turned", "o.slanted"]:
        assert outside(bubble_of(font, name), grown(outline_samples(font, name), DX, DY)) == [], name
    x0, _, x1, _ = bubble_of(font, "H.sc").bounds
    ix0, _, ix1, _ = ink_bounds(font, "H.sc")  # 0.75 × the H, shifted by 10
    assert (ix0, ix1) == pytest.approx((0.75 * 50 + 10, 0.75 * 670 + 10))
    assert (x0, x1) == pytest.approx((ix0 - DX, ix1 + DX), abs=1.5)


def test_glyph_bubble_builds_without_writing():
    font = gf.serif_font()
    path = glyph_bubble(font, "f", GenerateSettings(adhere="nudge"))
    assert "bubble" not in font.layerOrder
    make_bubbles(font, ["f"], GenerateSettings(adhere="nudge"))
    assert path.bounds == pytest.approx(bubble_of(font, "f").bounds, abs=0.6)
    assert glyph_bubble(font, "space").area == 0


def test_marks_and_zero_width_glyphs_are_not_adhered():
    font = gf.serif_font()
    helpers.add_glyph(font, "zerowidth", 0, outline=lambda p: helpers.rect(p, -100, 0, -20, 100))
    helpers.add_glyph(font, "gravecomb", 300, outline=lambda p: helpers.rect(p, 100, 700, 160, 800), unicode=0x300)
    report = make_bubbles(font, ["acutecomb", "zerowidth", "gravecomb", "H"])
    assert report.written == ["acutecomb", "zerowidth", "gravecomb", "H"]
    assert "advance width 0" in report.notes["zerowidth"] and "advance width 0" in report.notes["acutecomb"]
    assert "combining mark" in report.notes["gravecomb"] and "H" not in report.notes
    assert bubble_of(font, "zerowidth").bounds == (-100 - DX, -DY, -20 + DX, 100 + DY)
    assert bubble_of(font, "gravecomb").bounds == (100 - DX, 700 - DY, 160 + DX, 800 + DY)
    assert outside(bubble_of(font, "acutecomb"), grown(outline_samples(font, "acutecomb"), DX, DY)) == []


def test_a_bubble_wholly_outside_the_advance_is_skipped_when_trimming():
    font = gf.sans_font()
    helpers.add_glyph(font, "far", 100, outline=lambda p: helpers.rect(p, -400, 0, -200, 100))
    report = make_bubbles(font, ["far"])
    assert report.skipped_with("outside") == ["far"] and "bubble" not in font.layerOrder
    assert make_bubbles(font, ["far"], GenerateSettings(adhere="nudge")).written == ["far"]
    assert bubble_of(font, "far").bounds[0::2] == (0, 100)


def test_clean_contours(serif):
    layer = serif.getLayer("bubble")
    for name in layer.keys():
        pen = RecordingPen()
        layer[name].draw(pen)
        ops = [op for op, _ in pen.value]
        assert ops.count("moveTo") == ops.count("closePath") == len(layer[name].contours), name
        assert "qCurveTo" not in ops and "endPath" not in ops
        points = [args[-1] for op, args in pen.value if args]
        assert all(isinstance(v, int) for p in points for v in p), name
        for contour in layer[name].contours:
            pts = [(p.x, p.y, p.type) for p in contour.points]
            on = [(x, y) for x, y, kind in pts if kind != "offcurve"]
            assert len(set(on)) == len(on), f"{name}: repeated point"
            for i, (x, y, kind) in enumerate(pts):  # no point in the middle of a straight run
                (ax, ay, _), (bx, by, bkind) = pts[i - 1], pts[(i + 1) % len(pts)]
                if kind == "line" and bkind == "line" and pts[i - 1][2] != "offcurve":
                    cross = (x - ax) * (by - y) - (y - ay) * (bx - x)
                    assert abs(cross) > 0, f"{name}: collinear point at {(x, y)}"
        path = bubble_of(serif, name)
        contours = list(path.contours)
        assert all(not c.clockwise for c in contours), name
        assert pathops.simplify(path).area == pytest.approx(sum(c.area for c in contours), rel=1e-3), name
    assert len(list(layer["H"].contours)) == 1
    assert sum(len(c.points) for c in layer["H"].contours) < 80
    assert sum(len(c.points) for c in layer["o"].contours) < 40


def test_upm_scales_the_offsets():
    small, big = gf.sans_font(1000), gf.sans_font(2048)
    make_bubbles(small, settings=GenerateSettings(adhere="off"))
    make_bubbles(big, settings=GenerateSettings(adhere="off"))
    for name in ("H", "O", "V"):
        a, b = bubble_of(small, name).bounds, bubble_of(big, name).bounds
        assert b == pytest.approx(tuple(2.048 * v for v in a), abs=2)


# -- policies, staleness, refresh, delete ----------------------------------------------


def hand_drawn(font, name, box=(0, 0, 100, 100)):
    layer = font.getLayer("bubble") if "bubble" in font.layerOrder else font.newLayer("bubble")
    glyph = layer.newGlyph(name)
    helpers.rect(glyph.getPen(), *box)
    return glyph


def test_overwrite_policies():
    font = gf.sans_font()
    hand_drawn(font, "H")
    font.getLayer("bubble").newGlyph("n")  # an empty bubble glyph
    report = make_bubbles(font, ["H", "n", "o"], GenerateSettings(overwrite="never"))
    assert report.written == ["o"]
    assert report.skipped["H"].code == "has-bubble" and report.skipped["n"].code == "has-glyph"
    assert bubble_of(font, "H").bounds == (0, 0, 100, 100) and len(font.getLayer("bubble")["n"].contours) == 0
    report = make_bubbles(font, ["H", "n", "o"])  # if-empty
    assert report.written == ["n"] and report.skipped["H"].code == "has-bubble" and report.skipped["o"].code == "has-bubble"
    assert bubble_of(font, "H").bounds == (0, 0, 100, 100)
    report = make_bubbles(font, ["H", "n", "o"], GenerateSettings(overwrite="always"))
    assert report.written == ["H"] and report.replaced == ["H"] and report.unchanged == ["n", "o"]
    assert bubble_of(font, "H").bounds == (0, -DY, 700, 700 + DY)
    make_bubbles(font)
    again = make_bubbles(font, settings=GenerateSettings(overwrite="always"))
    assert again.written == [] and not again.changed and len(again.unchanged) == len(font)
    # settings that do not shape a bubble do not make it new
    again = make_bubbles(font, settings=GenerateSettings(overwrite="always", include_composites=True))
    assert again.written == [] and len(again.unchanged) == len(font)
    record = font.getLayer("bubble")["H"].lib[GLYPH_KEY]
    assert set(record["settings"]) == {"offset_x", "offset_y", "corner", "corner_radius", "adhere"}


def test_dry_run_touches_nothing():
    font = gf.sans_font()
    report = make_bubbles(font, dry_run=True)
    assert report.written and report.settings_stored and report.changed
    assert "bubble" not in font.layerOrder and GENERATE_KEY not in font.lib
    make_bubbles(font, ["H"])
    report = delete_bubbles(font, dry_run=True)
    assert report.deleted == ["H"] and "H" in font.getLayer("bubble").keys()


def test_progress_is_reported():
    font = gf.sans_font()
    calls = []
    make_bubbles(font, progress=lambda stage, done, total: calls.append((stage, done, total)))
    assert calls[0] == ("bubbles", 1, len(font)) and calls[-1] == ("bubbles", len(font), len(font))


def test_stale_after_outline_width_or_component_changes():
    font = gf.serif_font()
    make_bubbles(font, settings=GenerateSettings(include_composites=True))
    status = bubble_status(font)
    assert status.stale == [] and set(status.generated) == set(status.own)
    font["o"].width += 10  # metrics
    font["V"].contours[0].points[0].x += 5  # outline
    font["acutecomb"].contours[0].points[1].y += 5  # base of the composites Aacute, Aacute.ss01
    status = bubble_status(font)
    assert set(status.stale) == {"o", "V", "acutecomb", "Aacute", "Aacute.ss01"}
    assert status.edited == []
    font.info.italicAngle = -5  # moves every sidebearing line
    assert len(bubble_status(font).stale) == len(status.generated)


def test_hand_edits_are_seen_and_kept_by_refresh():
    font = gf.sans_font()
    make_bubbles(font)
    font.getLayer("bubble")["H"].contours[0].points[0].x -= 20  # the designer edits a generated bubble
    font["H"].width += 10
    font["n"].width += 10
    status = bubble_status(font)
    assert status.glyphs["H"].edited and status.glyphs["H"].state == "stale"
    assert status.glyphs["n"].state == "stale" and not status.glyphs["n"].edited
    report = refresh_bubbles(font)
    assert report.written == ["n"] and report.skipped["H"].code == "edited"
    assert bubble_status(font).stale == ["H"]
    report = refresh_bubbles(font, ["H", "o"], GenerateSettings(overwrite="always"))
    assert report.written == ["H"] and report.skipped["o"].code == "current"
    assert bubble_status(font).stale == [] and bubble_of(font, "H").bounds[2] == 710


def test_hand_drawn_bubbles_are_never_stale():
    font = gf.sans_font()
    hand_drawn(font, "H")
    font["H"].width = 900
    status = bubble_status(font)
    assert status.glyphs["H"].state == "own" and not status.glyphs["H"].generated


def test_delete_bubbles():
    font = gf.sans_font()
    make_bubbles(font)
    hand_drawn(font, "Z", (0, 0, 10, 10))
    font.newGlyph("Z").width = 100
    report = delete_bubbles(font, ["H", "Z"], only_generated=True)
    assert report.deleted == ["H"] and report.skipped["Z"].code == "not-generated"
    report = delete_bubbles(font, ["H", "o"])
    assert report.deleted == ["o"] and report.skipped["H"].code == "no-bubble"
    report = delete_bubbles(font)
    assert set(report.deleted) == {"A", "O", "T", "V", "n", "Z"}
    assert font.getLayer("bubble").keys() == () and "bubble" in font.layerOrder
    with pytest.raises(MissingGlyphError, match="Nope"):
        delete_bubbles(font, ["Nope"])


# -- on disk -------------------------------------------------------------------------


def test_round_trip_through_a_ufo(tmp_path):
    font = gf.serif_font()
    make_bubbles(font, settings=GenerateSettings(offset_x=50, corner="miter", include_composites=True))
    path = helpers.save(font, tmp_path)
    back = open_font(path)
    assert load_generate_settings(back) == GenerateSettings(offset_x=50, corner="miter", include_composites=True)
    assert back.getLayer("bubble")["H"].lib[GLYPH_KEY]["settings"]["offset_x"] == 50
    status = bubble_status(back)
    assert status.stale == [] and status.edited == [] and len(status.generated) == len(status.own)
    again = make_bubbles(back, settings=load_generate_settings(back, overwrite="always"))
    assert again.written == [] and not again.changed
    assert kerns(back, [("H", "H")])[("H", "H")] == 0


# -- errors --------------------------------------------------------------------------


def test_broken_components_raise_naming_the_glyphs(tmp_path):
    font = gf.sans_font()
    helpers.add_glyph(font, "X", 500, components=[("Y", (1, 0, 0, 1, 0, 0))])
    helpers.add_glyph(font, "Y", 500, outline=lambda p: helpers.rect(p, 0, 0, 10, 10))
    helpers.add_glyph(font, "W", 500, components=[("missing", (1, 0, 0, 1, 0, 0))])
    path = helpers.save(font, tmp_path)
    glif = path / "glyphs" / "Y_.glif"  # defcon cannot build a cycle in memory; write it on disk
    text = glif.read_text()
    glif.write_text(text[: text.index("<outline>")] + '<outline><component base="X"/></outline></glyph>')
    font = open_font(path)
    assert set(make_bubbles(font).skipped_with("composite")) == {"X", "Y", "W"}
    with pytest.raises(ComponentCycleError, match="X → Y → X"):
        make_bubbles(font, ["X"], GenerateSettings(include_composites=True))
    with pytest.raises(ComponentError, match="'W'.*'missing'"):
        make_bubbles(font, ["W"], GenerateSettings(include_composites=True))
    status = bubble_status(font)
    assert {"X", "Y", "W"} <= set(status.none) and any("X → Y → X" in w for w in status.warnings)


def test_bad_input_is_named():
    font = gf.sans_font()
    with pytest.raises(MissingGlyphError, match="Nope"):
        make_bubbles(font, ["H", "Nope"])
    font.info.italicAngle = 95
    with pytest.raises(FontInfoError, match="italicAngle"):
        make_bubbles(font)
    font.info.italicAngle = None
    default = font.defaultLayer.name
    with pytest.raises(BubbleLayerError, match="default layer"):
        make_bubbles(font, settings=GenerateSettings(layer=default, overwrite="always"))
    with pytest.raises(BubbleLayerError, match="default layer"):
        delete_bubbles(font, layer=default)
    assert len(font) == 7 and len(font["H"].contours) == 3
    font.info.unitsPerEm = 0
    with pytest.raises(FontInfoError, match="unitsPerEm"):
        make_bubbles(font)
    assert "bubble" not in font.layerOrder


# -- fonts in ../shared --------------------------------------------------------------


def shared_fonts():
    return sorted(helpers.SHARED.glob("**/*.ufo")) if helpers.SHARED.is_dir() else []


@pytest.mark.skipif(not shared_fonts(), reason="no UFOs in ../shared")
@pytest.mark.parametrize("path", shared_fonts(), ids=lambda p: p.name)
def test_shared_fonts(path, tmp_path):
    font = open_font(path)  # read only: nothing is saved
    settings = GenerateSettings(layer="bubblekern-test", overwrite="always")
    report = make_bubbles(font, settings=settings)
    assert report.written
    slant = slant_of(font)
    for name in report.written:
        if name in report.notes:
            continue
        x0, _, x1, _ = bubble_of(font, name, settings.layer).transform(1, 0, -slant, 1, 0, 0).bounds
        assert x0 == pytest.approx(0, abs=1) and x1 == pytest.approx(font[name].width, abs=1), name
    cmap = {u: g.name for g in font for u in g.unicodes}
    pairs = [(cmap[ord(a)], cmap[ord(b)]) for a, b in ("HH", "nn") if ord(a) in cmap and ord(b) in cmap]
    pairs = [p for p in pairs if p[0] in report.written]
    if pairs:
        values = kern_pairs(font, pairs, Settings(layer=settings.layer)).as_dict()
        assert all(abs(v) <= 10 for v in values.values()), values
