"""Hex grid, GODSGLOOM corner Line of Sight and the Retreat Arc."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from game.geometry.hexgrid import (
    DIRECTIONS,
    Hex,
    clear_corner_lines,
    direction_to,
    facing_towards,
    front_arc_corners,
    front_arc_directions,
    hex_at_point,
    hex_center,
    hex_corners,
    hex_in_front_arc,
    hex_line,
    hex_line_of_sight,
    retreat_arc,
)

ORIGIN = Hex(0, 0)
hexes = st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6))


def test_directions_are_clockwise_from_north_east() -> None:
    bearings = []
    for d in range(6):
        x, y = hex_center(ORIGIN.neighbor(d))
        bearings.append(math.degrees(math.atan2(x, y)) % 360)
        assert math.hypot(x, y) == pytest.approx(math.sqrt(3))
    assert [round(b) for b in bearings] == [30, 90, 150, 210, 270, 330]
    assert DIRECTIONS[1] == (1, 0)


@given(hexes, hexes)
@settings(max_examples=200, deadline=None)
def test_distance_line_and_neighbours(a: Hex, b: Hex) -> None:
    assert a.q + a.r + a.s == 0
    line = hex_line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == a.distance(b) + 1
    assert all(line[i].distance(line[i + 1]) == 1 for i in range(len(line) - 1))
    assert a.distance(b) == b.distance(a)
    for d, n in enumerate(a.neighbors()):
        assert a.distance(n) == 1 and direction_to(a, n) == d
        assert facing_towards(a, n) == d
    if a.distance(b) > 1:
        assert direction_to(a, b) is None


def test_hex_corners_are_shared_exactly_by_neighbours() -> None:
    mine = set(hex_corners(ORIGIN))
    for n in ORIGIN.neighbors():
        assert len(mine & set(hex_corners(n))) == 2
    assert hex_corners(ORIGIN)[0] == (0.0, 1.0)


def test_front_arc_sides_and_corners() -> None:
    assert front_arc_directions(0) == (5, 0, 1)
    assert front_arc_directions(3) == (2, 3, 4)
    c = hex_corners(ORIGIN)
    assert front_arc_corners(ORIGIN, 1) == [c[0], c[1], c[2], c[3]]
    assert hex_in_front_arc(ORIGIN, 1, Hex(3, 0)) and not hex_in_front_arc(ORIGIN, 4, Hex(3, 0))


def test_facing_towards_ties_go_clockwise() -> None:
    # Hex(-1, 2) lies due north, on the corner line between facings 5 and 0
    assert facing_towards(ORIGIN, Hex(-1, 2)) == 0
    assert facing_towards(ORIGIN, Hex(2, 1)) == 1  # bearing 60: between 0 and 1 -> 1


def test_hx_mel_60_retreat_arc_three_hexes_two_from_winner() -> None:
    winner, loser = Hex(0, 0), Hex(1, 0)
    arc = retreat_arc(loser, winner)
    assert len(arc) == 3 and all(h.distance(winner) == 2 for h in arc)
    assert set(arc) == {Hex(1, 1), Hex(2, 0), Hex(2, -1)}


@given(hexes, st.integers(0, 5))
@settings(max_examples=100, deadline=None)
def test_hx_mel_60_retreat_arc_property(winner: Hex, d: int) -> None:
    loser = winner.neighbor(d)
    arc = retreat_arc(loser, winner)
    assert arc == sorted(arc, key=lambda h: direction_to(loser, h) or 0)
    assert {direction_to(loser, h) for h in arc} == {(d - 1) % 6, d, (d + 1) % 6}


def test_hx_los_clear_and_blocked() -> None:
    assert hex_line_of_sight(ORIGIN, 1, Hex(3, 0), []).visible
    wall = [Hex(2, -2), Hex(2, -1), Hex(2, 0), Hex(2, 1), Hex(1, 1), Hex(1, 2)]
    assert not hex_line_of_sight(ORIGIN, 1, Hex(3, 0), wall).visible


def test_hx_los_grazing_a_corner_is_allowed() -> None:
    # the lines along y = 1 and y = -1 only touch the corners of the blockers in between
    s = hex_line_of_sight(ORIGIN, 1, Hex(3, 0), [Hex(1, 0), Hex(2, 0)])
    assert any(a[1] == b[1] == 1.0 for a, b in s.lines)


def test_hx_los_line_along_a_shared_edge_of_two_blockers_is_blocked() -> None:
    # Hex(1, 0) and Hex(0, 1) share the side from ORIGIN's corner 1 to Hex(1, 1)'s corner 4
    a, b, target = Hex(1, 0), Hex(0, 1), Hex(1, 1)
    side = (hex_corners(ORIGIN)[1], hex_corners(target)[4])
    assert set(side) == set(hex_corners(a)) & set(hex_corners(b))
    corner = front_arc_corners(ORIGIN, 0).index(side[0])
    along_one = clear_corner_lines(ORIGIN, 0, target, [a])[corner]
    assert side in along_one  # running along one blocker's side is only touching
    along_seam = clear_corner_lines(ORIGIN, 0, target, [a, b])[corner]
    assert side not in along_seam


def brute_hex_sight(viewer: Hex, facing: int, target: Hex, blocking: list[Hex]) -> int:
    """Most clear corner lines from one front-arc corner, checked with shapely against the
    union of the blocking hexes (and the viewer's own hex), shrunk by 1e-7."""
    polys = [Polygon(hex_corners(h)) for h in {*blocking, viewer} if h != target]
    union = shapely.union_all(polys).buffer(-1e-7, join_style="mitre")
    best = 0
    for c in front_arc_corners(viewer, facing):
        n = 0
        for g in hex_corners(target):
            if math.dist(c, g) < 1e-9 or not LineString([c, g]).intersects(union):
                n += 1
        best = max(best, n)
    return best


@given(st.integers(0, 5), hexes, st.lists(hexes, max_size=12))
@settings(max_examples=200, deadline=None)
def test_hx_los_matches_brute_force(facing: int, target: Hex, blocking: list[Hex]) -> None:
    if target == ORIGIN:
        return
    s = hex_line_of_sight(ORIGIN, facing, target, blocking)
    best = brute_hex_sight(ORIGIN, facing, target, blocking)
    assert s.visible == (best >= 2)
    assert len(s.lines) == best


@given(hexes, st.floats(0, 0.85), st.floats(0, 2 * math.pi))
@settings(max_examples=200, deadline=None)
def test_hex_at_point_round_trips_with_hex_center(h: Hex, radius: float, angle: float) -> None:
    # any point within 0.85 of the centre (inside the inscribed circle, radius sqrt(3)/2)
    cx, cy = hex_center(h)
    assert hex_at_point(cx, cy) == h
    assert hex_at_point(cx + radius * math.cos(angle), cy + radius * math.sin(angle)) == h


@given(hexes, st.floats(0.01, 0.99), st.integers(0, 5))
@settings(max_examples=200, deadline=None)
def test_hex_at_point_agrees_with_the_hex_polygons(h: Hex, t: float, corner: int) -> None:
    # a point strictly inside the hex (between the centre and a corner) is held by that hex
    cx, cy = hex_center(h)
    kx, ky = hex_corners(h)[corner]
    p = (cx + t * (kx - cx), cy + t * (ky - cy))
    assert Polygon(hex_corners(h)).contains(shapely.Point(p))
    assert hex_at_point(*p) == h


def test_hex_str_is_readable_and_repr_unchanged() -> None:
    assert str(Hex(2, -1)) == "(2,-1)"
    assert repr(Hex(2, -1)) == "Hex(q=2, r=-1)"
    assert f"{Hex(0, 3)}" == "(0,3)"
