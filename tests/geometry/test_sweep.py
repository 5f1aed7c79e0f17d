"""Sweeps and charge moves (AS-CHG-6) against vertex ray casting and sampled overlap."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry import Tray
from game.geometry.sweep import charge_move, first_contact
from game.geometry.tolerance import TOLERANCE

from .brute import overlap_area, ray_cast_touch

T = Tray(0, 0, 0, 2, 1)  # front edge at y = 0.5


def test_thin_obstacle_is_not_jumped() -> None:
    # a 0.01" sliver 4.5" ahead: bisection on end positions after 12" would miss it
    d, who = first_contact(T, [box(-3, 5, 3, 5.01)], 12)
    assert d == pytest.approx(4.5) and who == 0


def test_grazing_and_sliding_do_not_block() -> None:
    assert first_contact(T, [box(1, 2, 3, 6)], 12) == (12, None)  # slides along x = 1
    assert first_contact(T, [Polygon([(1, 5), (2, 4), (3, 5)])], 12) == (12, None)
    d, who = first_contact(T, [box(0.9, 2, 3, 6)], 12)
    assert d == pytest.approx(1.5) and who == 0


def test_obstacle_behind_or_overlapping() -> None:
    assert first_contact(T, [box(-1, -3, 1, -2)], 12) == (12, None)
    assert first_contact(T, [box(-0.5, 0, 0.5, 2)], 12) == (0.0, 0)


def test_nearest_of_several_obstacles_and_max_distance() -> None:
    obs = [box(-3, 9, 3, 10), box(0.5, 4, 3, 5), box(-1, 30, 1, 31)]
    d, who = first_contact(T, obs, 12)
    assert d == pytest.approx(3.5) and who == 1
    assert first_contact(T, obs, 3.0) == (3.0, None)


def test_as_chg_6_charge_contacts_target() -> None:
    m = charge_move(T, box(-1, 8.5, 1, 9.5), [], 10)
    assert m.contacted_target and m.distance_moved == pytest.approx(8.0)
    assert m.end.y == pytest.approx(8.0) and m.stopped_by is None


def test_as_chg_6_failed_charge_moves_full_distance() -> None:
    # seed example: 8" away with Speed 5 and a roll of 2 moves 7" and ends 1" short
    m = charge_move(T, box(-1, 8.5, 1, 9.5), [], 7)
    assert not m.contacted_target and m.distance_moved == pytest.approx(7)
    assert m.end.polygon.distance(box(-1, 8.5, 1, 9.5)) == pytest.approx(1.0)


def test_as_chg_6_charge_stops_1_inch_short_of_an_obstacle() -> None:
    m = charge_move(T, box(-1, 8.5, 1, 9.5), [box(-5, 6, -0.5, 6.5)], 12)
    assert not m.contacted_target and m.stopped_by == 0
    assert m.end.polygon.distance(box(-5, 6, -0.5, 6.5)) == pytest.approx(1.0)


def test_as_chg_6_target_touched_before_an_obstacle_wins() -> None:
    m = charge_move(T, box(-1, 8.5, 1, 9.5), [box(-5, 9, -0.5, 9.5)], 12)
    assert m.contacted_target and m.distance_moved == pytest.approx(8.0)
    graze = charge_move(T, box(1, 5, 2, 6), [], 12)  # touching the target's edge counts
    assert graze.contacted_target and graze.distance_moved == pytest.approx(4.5)


def test_as_chg_6_obstacle_between_1_inch_from_contact_stops_at_zero() -> None:
    m = charge_move(T, box(-1, 8.5, 1, 9.5), [box(-1, 1.0, 1, 1.5)], 12)
    assert m.distance_moved == 0.0 and m.stopped_by == 0


half = st.integers(-20, 20).map(lambda v: v / 2)


@st.composite
def sweep_scenes(draw: st.DrawFn) -> tuple[Tray, list[Polygon]]:
    facing = draw(st.sampled_from([0.0, 90.0, 45.0])) if draw(st.booleans()) else draw(
        st.floats(0, 359))
    tray = Tray(0, 0, facing, draw(st.sampled_from([1.0, 2.0, 3.0])), 1.0)
    obstacles: list[Polygon] = []
    for _ in range(draw(st.integers(1, 5))):
        c = tray.local_to_table(draw(half), draw(st.integers(1, 12)) + draw(half) / 3)
        if draw(st.booleans()):
            w, h = draw(st.sampled_from([0.02, 0.5, 2.0])), draw(st.sampled_from([0.02, 1.0]))
            poly = box(c[0] - w, c[1] - h, c[0] + w, c[1] + h)
        else:
            poly = Tray(c[0], c[1], draw(st.floats(0, 180)), draw(st.sampled_from([0.05, 1.5])),
                        0.5).polygon
        obstacles.append(poly)
    for o in obstacles:
        assume(not o.intersects(tray.polygon))
    return tray, obstacles


@given(sweep_scenes())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@example((Tray(0, 0, 1e-5, 2.0, 1.0), [box(1.0 + 1.7e-7, 3.0, 3.0, 4.0)]))
def test_first_contact_matches_ray_casts(scene: tuple[Tray, list[Polygon]]) -> None:
    tray, obstacles = scene
    dist, idx = first_contact(tray, obstacles, 12.0)
    touches = [ray_cast_touch(tray, o, 12.0) for o in obstacles]
    # Positions agree within TOLERANCE inches, so an overlap thinner than that along the tray's
    # outline (a sliver area of at most TOLERANCE x perimeter) is a touch, not a crossing.
    sliver = TOLERANCE * tray.polygon.length
    # nothing overlaps before the answer (dense samples), and nothing is touched earlier
    # except by a graze (ray hits without overlap just after)
    for k in range(60):
        assert overlap_area(tray.advanced(dist * k / 60), obstacles) < sliver
    for i, t in enumerate(touches):
        if t is not None and t < dist - 1e-9:
            assert overlap_area(tray.advanced(t + 1e-4), [obstacles[i]]) < 1e-7
    if idx is None:
        assert dist == 12.0
    else:
        t = touches[idx]
        assert t is not None and abs(t - dist) < 1e-7
        assert overlap_area(tray.advanced(dist + 1e-3), [obstacles[idx]]) > 0
