"""The bubble tool's editing model: clicks, drags, closing, editing, and what it writes."""

from __future__ import annotations

import pytest
from fontTools.pens.recordingPen import RecordingPointPen

from bubblekern import FontBubbles
from bubblekern.interface import pentool
from bubblekern.interface.pentool import EditState, Hit, Node

import helpers


def clicks(*points, state=None):
    state = state or EditState()
    for point in points:
        state = pentool.click(state, point)
    return state


def written(state, include_open=False):
    pen = RecordingPointPen()
    pentool.to_point_pen(state, pen, include_open=include_open)
    return [(m, a[0], a[1]) if m == "addPoint" else (m,) for m, a, _ in pen.value]


def test_clicks_add_nodes_and_clicking_the_first_closes():
    state = clicks((0, 0), (100, 0), (100, 100))
    assert state.active == 0 and not state.contours[0].closed
    assert [n.point for n in state.contours[0].nodes] == [(0, 0), (100, 0), (100, 100)]
    assert state.selected == Hit(0, 2)
    closed = pentool.click(state, (3, -2))  # within tolerance of the first node
    assert closed.contours[0].closed and closed.active is None
    assert written(closed) == [
        ("beginPath",),
        ("addPoint", (0, 0), "line"),
        ("addPoint", (100, 0), "line"),
        ("addPoint", (100, 100), "line"),
        ("endPath",),
    ]


def test_two_straight_nodes_cannot_close():
    state = clicks((0, 0), (100, 0))
    again = pentool.click(state, (0, 0))
    assert not again.contours[0].closed
    assert again.selected == Hit(0, 0)  # the click selects the first node instead
    assert pentool.close(state) == state
    assert pentool.finish(state).contours == ()  # Escape drops what cannot close


def test_drag_after_adding_pulls_symmetric_handles_and_writes_curves():
    state = clicks((0, 0), (100, 0), (100, 100))
    state = pentool.drag_new(state, (130, 140))
    node = state.contours[0].nodes[2]
    assert node.handle_out == (130, 140) and node.handle_in == (70, 60)
    state = pentool.close(state)
    points = written(state)
    # the closing segment (node 2 → node 0) and the segment into node 2 are curves
    assert points[1:4] == [("addPoint", (130, 140), None), ("addPoint", (0, 0), None), ("addPoint", (0, 0), "curve")]
    assert points[5:8] == [("addPoint", (100, 0), None), ("addPoint", (70, 60), None), ("addPoint", (100, 100), "curve")]


def test_new_click_far_away_after_closing_starts_a_second_contour():
    state = pentool.close(clicks((0, 0), (100, 0), (100, 100)))
    state = clicks((300, 300), (400, 300), (400, 400), state=state)
    assert len(state.contours) == 2 and state.active == 1


def test_hit_test_prefers_handles_and_respects_tolerance():
    node = Node(0, 0, handle_in=(-5, 0), handle_out=(5, 0))
    state = EditState((pentool.ToolContour((node, Node(100, 0), Node(0, 100)), True),))
    assert pentool.hit_test(state, (4, 1)) == Hit(0, 0, "out")
    assert pentool.hit_test(state, (0.5, 0)) == Hit(0, 0, "node")
    assert pentool.hit_test(state, (100, 7)) == Hit(0, 1, "node")
    assert pentool.hit_test(state, (50, 50)) is None
    assert pentool.hit_test(state, (50, 50), tolerance=80) is not None


def test_move_node_carries_handles_move_handle_alone():
    node = Node(0, 0, handle_in=(-5, 0), handle_out=(5, 0))
    state = EditState((pentool.ToolContour((node, Node(100, 0), Node(0, 100)), True),), selected=Hit(0, 0))
    moved = pentool.move(state, 10, 20).contours[0].nodes[0]
    assert moved == Node(10, 20, (5, 20), (15, 20))
    handle = pentool.move(pentool.EditState(state.contours, selected=Hit(0, 0, "out")), 1, 1).contours[0].nodes[0]
    assert handle == Node(0, 0, (-5, 0), (6, 1))
    assert pentool.move(EditState(state.contours), 5, 5) == EditState(state.contours)  # nothing selected


def test_delete_node_handle_and_contour():
    state = pentool.close(clicks((0, 0), (100, 0), (100, 100), (0, 100)))
    one_less = pentool.delete(pentool.EditState(state.contours, selected=Hit(0, 3)))
    assert one_less.contours[0].closed and len(one_less.contours[0].nodes) == 3
    two_left = pentool.delete(pentool.EditState(one_less.contours, selected=Hit(0, 0)))
    assert not two_left.contours[0].closed  # a closed contour needs three nodes
    curvy = EditState((pentool.ToolContour((Node(0, 0, None, (5, 5)), Node(9, 9)), False),), selected=Hit(0, 0, "out"))
    assert pentool.delete(curvy).contours[0].nodes[0] == Node(0, 0)
    gone = pentool.delete(EditState((pentool.ToolContour((Node(0, 0),)),), active=0, selected=Hit(0, 0)))
    assert gone.contours == () and gone.active is None


def test_delete_before_the_active_contour_keeps_drawing_the_same_one():
    first = pentool.close(clicks((0, 0), (100, 0), (100, 100)))
    state = clicks((500, 500), state=EditState(first.contours + (pentool.ToolContour((Node(9, 9),)),)))
    assert state.active == 2
    state = pentool.delete(pentool.EditState(state.contours, active=2, selected=Hit(1, 0)))
    assert state.active == 1 and state.contours[1].nodes[0].point == (500, 500)


def test_open_contours_only_written_when_asked():
    state = clicks((0, 0), (100, 0))
    assert written(state) == []
    assert written(state, include_open=True) == [
        ("beginPath",),
        ("addPoint", (0, 0), "move"),
        ("addPoint", (100, 0), "line"),
        ("endPath",),
    ]


def test_round_trip_through_a_real_glyph_keeps_curves():
    state = clicks((0, 0), (200, 0))
    state = pentool.drag_new(state, (260, 80))
    state = pentool.click(state, (200, 300))
    state = pentool.drag_new(state, (150, 330))
    state = pentool.close(pentool.click(state, (0, 300)))
    font = helpers.new_font()
    glyph = font.getLayer("bubble").newGlyph("x")
    pentool.to_point_pen(state, glyph.getPointPen())
    assert len(glyph.contours) == 1
    assert pentool.from_glyph(glyph) == EditState(state.contours)


def test_reading_a_glyph_starting_with_off_curves():
    font = helpers.new_font()
    glyph = font.getLayer("bubble").newGlyph("o")
    helpers.ellipse(glyph.getPen(), 100, 100, 50, 80)
    state = pentool.from_glyph(glyph)
    contour = state.contours[0]
    assert contour.closed and len(contour.nodes) == 4
    assert all(n.handle_in and n.handle_out for n in contour.nodes)
    copy = font.getLayer("bubble").newGlyph("copy")
    pentool.to_point_pen(state, copy.getPointPen())
    assert pentool.from_glyph(copy) == state


def test_drawn_bubble_kerns_like_the_same_rectangle_drawn_by_hand():
    state = pentool.close(clicks((0, 0), (500, 0), (500, 700), (0, 700)))
    font = helpers.box_font({"V": (600, (100, 0, 600, 700))})
    helpers.add_glyph(font, "A", 600)
    pentool.to_point_pen(state, font.getLayer("bubble").newGlyph("A").getPointPen())
    profile = FontBubbles(font).profile("A")
    assert profile.extent(0) == (0, 500) and profile.extent(34) == (0, 500)
    assert profile.extent(35) is None


def test_tolerance_constant_is_positive():
    assert pentool.TOLERANCE > 0
    with pytest.raises(AttributeError):
        Node(0, 0).x = 5  # frozen: tool states are values
