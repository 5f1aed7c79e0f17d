"""Exact Line of Sight (AS) against brute-force sampling, with grazing and touching cases."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry import Tray
from game.geometry.sight import line_of_sight

from .brute import sampled_sight, witness_is_valid

V = Tray(0, 0, 0, 2, 1)  # front edge (-1, 0.5) -> (1, 0.5)


def test_clear_view_gives_a_witness() -> None:
    s = line_of_sight(V, box(-0.5, 6, 0.5, 7), [])
    assert s.visible and s.witness is not None
    assert witness_is_valid(V, box(-0.5, 6, 0.5, 7), [], s.witness)


def test_target_behind_is_out_of_arc() -> None:
    s = line_of_sight(V, box(-0.5, -7, 0.5, -6), [])
    assert not s.visible and s.reason == "out-of-arc" and s.blockers == ()


def test_target_in_contact_is_seen() -> None:
    s = line_of_sight(V, box(-0.5, 0.5, 0.5, 2), [box(-5, 3, 5, 4)])
    assert s.visible and s.reason == "contact"


def test_wall_blocks_and_is_reported() -> None:
    target = box(-0.5, 6, 0.5, 7)
    s = line_of_sight(V, target, [box(-30, 5, -10, 6), box(-3, 3, 3, 4)])
    assert not s.visible and s.blockers == (1,)


def test_grazing_through_a_pinch_point_is_clear() -> None:
    # two obstacles meet only at the corner (0, 3); the only clear lines pass through it
    # leaning left, so dense sampling can never find one, but the exact answer must.
    obstacles = [box(-10, 2, 0, 3), box(0, 3, 10, 4)]
    target = box(-1.1, 6, -0.9, 6.2)
    s = line_of_sight(V, target, obstacles)
    assert s.visible and s.witness is not None
    assert witness_is_valid(V, target, obstacles, s.witness)
    assert not sampled_sight(V, target, obstacles)


def test_line_along_a_seam_between_touching_obstacles_is_blocked() -> None:
    obstacles = [box(-10, 2, 0, 3), box(0, 2, 10, 3)]
    s = line_of_sight(V, box(-0.5, 6, 0.5, 7), obstacles)
    assert not s.visible and s.blockers == (0, 1)


def test_seam_inside_non_convex_terrain_is_not_a_gap() -> None:
    # an L-shaped wood: its triangulation has internal diagonals; none may let sight through
    wood = Polygon([(-10, 2), (10, 2), (10, 3), (0.2, 3), (0.2, 4.5), (-0.2, 4.5), (-0.2, 3),
                    (-10, 3)])
    s = line_of_sight(V, box(-0.5, 6, 0.5, 7), [wood])
    assert not s.visible and s.blockers == (0,)


def test_touching_an_obstacle_edge_is_not_crossing() -> None:
    # the only clear lines run along the obstacle's right edge x = -0.25 ... or right of it
    obstacles = [box(-10, 2, -0.25, 3), box(0.25, 2, 10, 3)]
    target = box(-0.25, 6, 0.25, 7)
    s = line_of_sight(V, target, obstacles)
    assert s.visible
    assert s.witness is not None and witness_is_valid(V, target, obstacles, s.witness)


def test_partial_seam_still_blocks() -> None:
    # the obstacles share the edge x = 0 for 2.5 <= y <= 3; the vertical line x = 0 would
    # have to run along it, and every other line crosses one of them
    seam = [box(-10, 2, 0.0, 3), box(0.0, 2.5, 10, 3.5)]
    s = line_of_sight(V, box(-0.25, 6, 0.25, 7), seam)
    assert not s.visible and s.blockers == (0, 1)
    assert not sampled_sight(V, box(-0.25, 6, 0.25, 7), seam)


# ---------------------------------------------------------------------------------------------
# random scenes


grid = st.integers(-16, 16).map(lambda v: v / 2)  # half-inch grid: many exact degeneracies


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Tray, Polygon, list[Polygon]]:
    facing = draw(st.sampled_from([0.0, 45.0, 90.0, 30.0])) if draw(st.booleans()) else draw(
        st.floats(0, 359))
    viewer = Tray(0, 0, facing, draw(st.sampled_from([1.0, 2.0, 3.0])), 1.0)
    tw = draw(st.sampled_from([0.5, 1.0, 2.0]))
    ahead = viewer.local_to_table(draw(grid), draw(st.integers(3, 12)))
    target = Tray(ahead[0], ahead[1], draw(st.sampled_from([0.0, 90.0, 180.0, 33.0])), tw, 1.0)
    obstacles: list[Polygon] = []
    for _ in range(draw(st.integers(1, 6))):
        c = viewer.local_to_table(draw(grid), draw(st.integers(2, 10)) / 1.0 + draw(grid) / 4)
        kind = draw(st.integers(0, 3))
        if kind == 0:
            w, h = draw(st.sampled_from([0.5, 1.0, 2.0])), draw(st.sampled_from([0.5, 1.0]))
            poly = box(c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
        elif kind == 1:
            poly = Tray(c[0], c[1], draw(st.floats(0, 90)), 1.5, 0.5).polygon
        elif kind == 2:  # L-shaped terrain
            x, y = c
            poly = Polygon([(x, y), (x + 2, y), (x + 2, y + 0.5), (x + 0.5, y + 0.5),
                            (x + 0.5, y + 2), (x, y + 2)])
        else:  # triangle
            poly = Polygon([c, (c[0] + draw(grid), c[1] + 1), (c[0] - 1, c[1] + draw(grid))])
        if poly.is_valid and poly.area > 0.05:
            obstacles.append(poly)
    assume(obstacles)
    for o in obstacles:
        assume(not o.intersects(viewer.polygon))
        assume(not o.intersects(target.polygon))
    return viewer, target.polygon, obstacles


@given(scenes())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
def test_exact_sight_agrees_with_brute_force(scene: tuple[Tray, Polygon, list[Polygon]]) -> None:
    viewer, target, obstacles = scene
    s = line_of_sight(viewer, target, obstacles)
    if s.visible:
        assert s.witness is not None
        assert witness_is_valid(viewer, target, obstacles, s.witness)
    else:
        assert not sampled_sight(viewer, target, obstacles)
        assert set(s.critical) <= set(s.blockers) <= set(range(len(obstacles)))
        spare = sorted(set(range(len(obstacles))) - set(s.critical))
        if spare:  # taking away an obstacle that is not critical never reveals the target
            rest = [o for k, o in enumerate(obstacles) if k != spare[0]]
            assert not line_of_sight(viewer, target, rest).visible


def test_critical_blockers_are_the_lone_stoppers() -> None:
    # a wall of two boxes with a gap; a third box behind covers the gap. Lines through the
    # gap cross only the third box, so it is critical; removing either wall box alone
    # does not reveal the target.
    obstacles = [box(-5, 3, -0.1, 4), box(0.1, 3, 5, 4), box(-0.5, 5, 0.5, 5.5)]
    target = box(-0.5, 7, 0.5, 8)
    s = line_of_sight(V, target, obstacles)
    assert not s.visible and set(s.critical) <= set(s.blockers)
    assert 2 in s.critical
    for i in set(range(3)) - set(s.critical):
        rest = [o for k, o in enumerate(obstacles) if k != i]
        assert not line_of_sight(V, target, rest).visible
