"""Alignment (AS-CHG-2, AS-CHG-7, AS-MEL-4, AS-CHG-13) against brute-force offset scans."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry import Side, Tray
from game.geometry.align import (
    alignments,
    best_alignment,
    can_align_50,
    least_movement_alignment,
)

TARGET = Tray(0, 10, 180, 2, 1)  # faces -y; its front edge is y = 9.5, x in [-1, 1]
MOVER = Tray(0, 0, 0, 2, 1)


def overlaps(t: Tray, obstacles: list[Polygon]) -> bool:
    # (an overlay's area is not trusted here: GEOS can misjudge nearly coincident edges)
    return any(t.polygon.intersects(o.buffer(-1e-7, join_style="mitre")) for o in obstacles)


def test_as_mel_4_placements_are_flush_and_facing_the_edge() -> None:
    centre, left, right = alignments(MOVER, TARGET, Side.FRONT, [])
    assert (centre.kind, centre.side) == (100, "centre")
    assert centre.overlap == pytest.approx(2.0)
    assert centre.tray.front_arrow == pytest.approx((0, 9.5))
    assert centre.tray.facing == pytest.approx(0)
    assert left.tray.x == pytest.approx(-1) and left.overlap == pytest.approx(1)
    assert right.tray.x == pytest.approx(1) and all(p.legal for p in (centre, left, right))
    for p in (centre, left, right):
        assert p.tray.polygon.intersection(TARGET.polygon).area < 1e-12
        assert p.tray.polygon.distance(TARGET.polygon) < 1e-12


def test_placements_against_a_flank_edge() -> None:
    # target's left edge (as it sees it, facing -y) is at x = +1
    centre = alignments(MOVER, TARGET, Side.LEFT, [])[0]
    assert centre.tray.facing == pytest.approx(270)
    assert centre.tray.front_arrow == pytest.approx((1, 10))


def test_as_chg_7_falls_back_to_50_then_to_nearest_overlap() -> None:
    friend_right = box(0.5, 7, 3, 9.5)  # blocks 100% and right 50%
    best = best_alignment(MOVER, TARGET, Side.FRONT, [friend_right])
    assert best is not None and (best.kind, best.side) == (50, "left")
    wall = box(-0.5, 7, 3, 9.5)  # only offsets <= -1.5 are free
    near = best_alignment(MOVER, TARGET, Side.FRONT, [wall])
    assert near is not None and (near.kind, near.side) == (0, "nearest")
    assert near.tray.x == pytest.approx(-1.5) and near.overlap == pytest.approx(0.5)
    assert best_alignment(MOVER, TARGET, Side.FRONT, [box(-5, 7, 5, 9.5)]) is None


def test_as_chg_2_room_for_50_percent() -> None:
    assert can_align_50(MOVER, TARGET, Side.FRONT, [box(0.5, 7, 3, 9.5)])
    assert not can_align_50(MOVER, TARGET, Side.FRONT, [box(-1.5, 7, 0.5, 9.5)])
    # exactly touching at the 50% position is room enough
    assert can_align_50(MOVER, TARGET, Side.FRONT, [box(-5, 7, -2, 9.5), box(0, 7, 5, 9.5)])


def test_as_chg_13_least_movement() -> None:
    p = least_movement_alignment(Tray(3, 9, 0, 2, 1), TARGET, Side.FRONT, [])
    assert p is not None and (p.kind, p.side) == (50, "right")


half = st.integers(-12, 12).map(lambda v: v / 4)


@st.composite
def align_scenes(draw: st.DrawFn) -> tuple[Tray, Tray, Side, list[Polygon]]:
    target = Tray(0, 0, draw(st.sampled_from([0.0, 90.0, 30.0, 200.0])),
                  draw(st.sampled_from([1.0, 2.0, 3.0])), 1.0)
    mover = Tray(0, -8, 0, draw(st.sampled_from([1.0, 2.0, 2.5])), draw(
        st.sampled_from([0.5, 1.0])))
    side = draw(st.sampled_from(list(Side)))
    a, b = target.edge_points(side)
    nx, ny = target.edge_normal(side)
    obstacles = []
    for _ in range(draw(st.integers(1, 3))):
        cx = (a[0] + b[0]) / 2 + nx * draw(st.sampled_from([0.5, 1.0, 1.5])) + draw(half) * ny
        cy = (a[1] + b[1]) / 2 + ny * draw(st.sampled_from([0.5, 1.0, 1.5])) - draw(half) * nx
        w, h = draw(st.sampled_from([0.25, 0.5, 1.0])), draw(st.sampled_from([0.25, 0.5]))
        o = box(cx - w, cy - h, cx + w, cy + h)
        assume(not o.intersects(target.polygon.buffer(-1e-9)))
        obstacles.append(o)
    return mover, target, side, obstacles


@given(align_scenes())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_alignment_matches_offset_scan(scene: tuple[Tray, Tray, Side, list[Polygon]]) -> None:
    mover, target, side, obstacles = scene
    placements = alignments(mover, target, side, obstacles)
    for p in placements:
        assert p.legal == (not overlaps(p.tray, obstacles))
        assert not overlaps(p.tray, [target.polygon])
    centre = placements[0]
    h = math.hypot(placements[2].tray.x - centre.tray.x, placements[2].tray.y - centre.tray.y)
    ax, ay = centre.tray.right
    lim = (mover.width + target.edge_length(side)) / 2
    n = 400
    scan = [-lim + 2 * lim * k / n for k in range(1, n)]
    free = [s for s in scan
            if not overlaps(centre.tray.translated(ax * s, ay * s), obstacles)]
    best = best_alignment(mover, target, side, obstacles)
    if not free:
        # only an exact fit (touching on both sides) can remain, which a grid cannot hit
        assert best is None or not overlaps(best.tray, obstacles)
        return
    assert best is not None and best.legal and not overlaps(best.tray, obstacles)
    if best.kind == 0:
        goals = [0.0, -h, h]
        s_best = (best.tray.x - centre.tray.x) * ax + (best.tray.y - centre.tray.y) * ay
        err = min(abs(s_best - g) for g in goals)
        assert err <= min(min(abs(s - g) for g in goals) for s in free) + 1e-6
    h50 = max(mover.width, target.edge_length(side)) / 2
    assert can_align_50(mover, target, side, obstacles) == any(abs(s) <= h50 for s in free) or (
        any(abs(abs(s) - h50) < 2 * lim / n for s in free))


# ---------------------------------------------------------------------------------------------
# the table edge (bounds)

def test_bounds_none_changes_nothing() -> None:
    assert [p.legal for p in alignments(MOVER, TARGET, Side.FRONT, [], None)] == [
        p.legal for p in alignments(MOVER, TARGET, Side.FRONT, [])]


def test_as_chg_2_no_50_percent_placement_when_every_one_leaves_the_table() -> None:
    # the target stands with its left flank (x = 1 as it faces -y) 0.5" from the table's
    # right edge: a mover against that flank would face -x with its body beyond the edge
    target = Tray(0, 0, 180, 2, 1)
    table = box(-30, -30, 1.5, 30)
    mover = Tray(5, 0, 270, 2, 1)
    assert can_align_50(mover, target, Side.LEFT, [])
    assert not can_align_50(mover, target, Side.LEFT, [], bounds=table)
    assert all(not p.legal for p in alignments(mover, target, Side.LEFT, [], bounds=table))
    assert best_alignment(mover, target, Side.LEFT, [], bounds=table) is None
    assert least_movement_alignment(mover, target, Side.LEFT, [], bounds=table) is None


def test_bounds_near_a_corner_pick_the_50_percent_that_stays_on() -> None:
    # table edge at x = 0.5: 100% (mover x in [-1, 1]) and right 50% ([0, 2]) stick out,
    # left 50% ([-2, 0]) stays on
    table = box(-30, -30, 0.5, 30)
    best = best_alignment(MOVER, TARGET, Side.FRONT, [], bounds=table)
    assert best is not None and (best.kind, best.side) == (50, "left")
    assert best.tray.polygon.difference(table).area < 1e-9
    assert can_align_50(MOVER, TARGET, Side.FRONT, [], bounds=table)
    least = least_movement_alignment(MOVER, TARGET, Side.FRONT, [], bounds=table)
    assert least is not None and least.side == "left"


def test_touching_the_table_edge_is_on_the_table() -> None:
    # the 100% placement's right side lies exactly on the table edge x = 1
    table = box(-30, -30, 1.0, 30)
    centre = alignments(MOVER, TARGET, Side.FRONT, [], bounds=table)[0]
    assert centre.legal


@given(st.floats(-3, 3), st.floats(0.2, 3))
@settings(max_examples=40, deadline=None)
def test_bounds_legality_matches_shapely(edge_x: float, width: float) -> None:
    table = box(-30, -30, edge_x, 30)
    mover = Tray(0, 0, 0, width, 1)
    for p in alignments(mover, TARGET, Side.FRONT, [], bounds=table):
        sticks_out = p.tray.polygon.difference(table.buffer(1e-7, join_style="mitre")).area > 0
        if abs(p.tray.polygon.bounds[2] - edge_x) > 1e-5:  # away from the knife edge
            assert p.legal == (not sticks_out)
