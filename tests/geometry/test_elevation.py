"""The realms board: elevation rules RL-ELV-1..3 and 2.5D sight."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.elevation import (
    INFANTRY_HEIGHT,
    PEGS_PER_SPACE,
    Point3,
    can_melee_across_elevation,
    downward_range_bonus,
    line_of_sight_25d,
    peg_distance,
    peg_position,
    peg_range,
    shared_edge,
    target_points,
    wall_blocks,
)
from game.geometry.hexgrid import Hex


def test_board_units() -> None:
    assert PEGS_PER_SPACE == 6 and INFANTRY_HEIGHT == 5
    for n in Hex(0, 0).neighbors():
        assert peg_distance(Hex(0, 0), n) == pytest.approx(6.0)


def test_rl_elv_1_lower_unit_must_be_taller_than_the_step() -> None:
    assert can_melee_across_elevation(0, 5, 4, 5)  # lower top (5) above higher base (4)
    assert not can_melee_across_elevation(0, 5, 5, 5)  # exactly level: not higher
    assert not can_melee_across_elevation(10, 5, 0, 5)  # order does not matter
    assert can_melee_across_elevation(0, 5, 12, 5, transit_pad=True)


def test_rl_elv_1_obstruction_taller_than_both_blocks() -> None:
    assert not can_melee_across_elevation(0, 5, 0, 5, obstruction_top=6)
    assert can_melee_across_elevation(0, 5, 2, 5, obstruction_top=6)  # not above 7
    assert can_melee_across_elevation(0, 5, 0, 5, obstruction_top=5)


def test_rl_elv_2_downward_range_bonus() -> None:
    assert downward_range_bonus(10, INFANTRY_HEIGHT, 0) == 2  # the seed's example
    assert downward_range_bonus(9, 5, 0) == 1  # only full heights count
    assert downward_range_bonus(40, 5, 0) == 3  # capped
    assert downward_range_bonus(0, 5, 10) == 0  # upwards: nothing


@given(st.integers(0, 60), st.integers(1, 12), st.integers(0, 60))
@settings(max_examples=200, deadline=None)
def test_rl_elv_2_bonus_property(a: int, h: int, t: int) -> None:
    b = downward_range_bonus(a, h, t)
    assert 0 <= b <= 3
    assert b == min(3, sum(1 for k in range(1, 20) if t + k * h <= a))


def test_rl_elv_3_peg_distance_over_six_rounded_up() -> None:
    assert peg_range((0.0, 0.0), (8.0, 0.0)) == 2  # the seed's example
    assert peg_range((0.0, 0.0), (12.0, 0.0)) == 2
    assert peg_range((0.0, 0.0), (12.001, 0.0)) == 3
    assert peg_range(Hex(0, 0), Hex(1, 0)) == 1
    # two spaces apart along a corner line: 6 * sqrt(3) pegs = 10.39 -> 2
    assert peg_range(Hex(0, 0), Hex(1, 1)) == 2


@given(st.floats(0, 100), st.floats(0, 100))
@settings(max_examples=100, deadline=None)
def test_rl_elv_3_property(x: float, y: float) -> None:
    r = peg_range((0.0, 0.0), (x, y))
    d = math.hypot(x, y)
    assert (r - 1) * 6 < d + 1e-6 and d <= r * 6 + 1e-6


def test_25d_sight_over_and_behind_a_hill() -> None:
    a, hill, b = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    eye = (*peg_position(a), 5.0)  # infantry on flat ground, eyes at 5 pegs
    tops = {a: 0.0, hill: 12.0, b: 0.0}
    seen = line_of_sight_25d(eye, target_points(b, 0, 5), tops, ignore=[a, b])
    assert not seen.visible and seen.blocking == (hill,)
    tops[hill] = 5.0  # level with the eyes and the target's top: touching is allowed
    assert line_of_sight_25d(eye, target_points(b, 0, 5), tops, ignore=[a, b]).visible
    high_eye = (*peg_position(a), 30.0)  # from high ground the hill no longer hides it
    tops[hill] = 12.0
    assert line_of_sight_25d(high_eye, target_points(b, 0, 5), tops, ignore=[a, b]).visible


@given(st.floats(0, 20), st.floats(0, 20), st.floats(0, 20))
@settings(max_examples=100, deadline=None)
def test_25d_sight_matches_sampling(eye_z: float, hill: float, target_top: float) -> None:
    a, mid, b = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    eye = (*peg_position(a), eye_z)
    tp = (*peg_position(b), target_top)
    s = line_of_sight_25d(eye, [tp], {mid: hill}, ignore=[a, b])
    # the straight line along the row crosses mid from x = 3*sqrt(3)/... sample its heights
    xa, xb = peg_position(a)[0], peg_position(b)[0]
    half = 3.0  # mid spans 3 pegs either side of its centre along the row
    xs = [peg_position(mid)[0] - half + 6 * k / 200 for k in range(201)]
    zs = [eye_z + (target_top - eye_z) * (x - xa) / (xb - xa) for x in xs]
    assert s.visible == (min(zs) >= hill - 1e-6)


# --- dense sampling of the sight segment over a random height field (RL-LOS-1 geometry) -----

_MARGIN = 0.05
_RING = [(math.cos(k * math.pi / 3) * _MARGIN, math.sin(k * math.pi / 3) * _MARGIN)
         for k in range(6)]


def _spaces_at(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Axial (q, r) of the spaces holding peg points (vectorised cube rounding)."""
    scale = PEGS_PER_SPACE / math.sqrt(3.0)
    x, y = x / scale, y / scale
    q = (math.sqrt(3.0) / 3.0) * x - y / 3.0
    r = (2.0 / 3.0) * y
    s = -q - r
    rq, rr, rs = np.round(q), np.round(r), np.round(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return np.stack([rq, rr], axis=-1).astype(int)


def sampled(eye: Point3, target: Point3, tops: dict[Hex, float], ignore: set[Hex],
            samples: int = 3000) -> tuple[bool, bool]:
    """(surely blocked, surely clear) by sampling the segment densely: surely blocked if some
    sample lies at least a margin below the top of a space it is well inside; surely clear if
    no sample comes within a margin of the top of any space it is near."""
    t = np.arange(1, samples) / samples
    x = eye[0] + (target[0] - eye[0]) * t
    y = eye[1] + (target[1] - eye[1]) * t
    z = eye[2] + (target[2] - eye[2]) * t
    grids = [_spaces_at(x, y)] + [_spaces_at(x + dx, y + dy) for dx, dy in _RING]

    span = 1 + max(max(abs(h.q), abs(h.r)) for h in tops)
    table = np.full((2 * span + 1, 2 * span + 1), -np.inf)
    for h, top in tops.items():
        if h not in ignore:
            table[h.q + span, h.r + span] = top

    def top_of(cells: np.ndarray) -> np.ndarray:
        qs = np.clip(cells[:, 0] + span, 0, 2 * span)
        rs = np.clip(cells[:, 1] + span, 0, 2 * span)
        return table[qs, rs]

    centre_tops = top_of(grids[0])
    inside = np.all([np.all(g == grids[0], axis=1) for g in grids[1:]], axis=0)
    blocked = bool(np.any(inside & (z < centre_tops - _MARGIN)))
    near_tops = np.max([top_of(g) for g in grids], axis=0)
    clear = not bool(np.any(z < near_tops + _MARGIN))
    return blocked, clear


@st.composite
def height_fields(draw: st.DrawFn) -> tuple[Point3, Point3, dict[Hex, float], set[Hex]]:
    radius = 3
    hexes = [Hex(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if abs(q + r) <= radius]
    tops = {h: float(draw(st.integers(0, 14))) for h in hexes}
    a = draw(st.sampled_from(hexes))
    b = draw(st.sampled_from([h for h in hexes if h != a]))
    ax, ay = peg_position(a)
    bx, by = peg_position(b)
    jitter = st.floats(-2.0, 2.0)
    eye = (ax + draw(jitter), ay + draw(jitter), tops[a] + draw(st.floats(0.5, 12.0)))
    target = (bx + draw(jitter), by + draw(jitter), tops[b] + draw(st.floats(0.0, 12.0)))
    return eye, target, tops, {a, b}


@given(height_fields())
@settings(max_examples=150, deadline=None)
def test_rl_los_1_sight_matches_dense_sampling_of_the_height_field(
        case: tuple[Point3, Point3, dict[Hex, float], set[Hex]]) -> None:
    eye, target, tops, ignore = case
    seen = line_of_sight_25d(eye, [target], tops, ignore=list(ignore))
    blocked, clear = sampled(eye, target, tops, ignore)
    if seen.visible:
        assert not blocked, "the exact test sees through a space that sampling finds above"
    else:
        assert not clear, "the exact test blocks a line that sampling finds clear"
        assert seen.blocking


def test_rl_los_1_walls_stop_lines_below_their_top() -> None:
    a, b, c = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    p, q = shared_edge(a, b)
    assert math.dist(p, q) == pytest.approx(PEGS_PER_SPACE / math.sqrt(3.0))
    wall = (p, q, 6.0)
    eye = (*peg_position(a), 4.0)
    target = (*peg_position(c), 4.0)
    assert wall_blocks(eye, target, wall)
    assert not wall_blocks(eye, target, (p, q, 4.0))  # touching the top is allowed
    assert not wall_blocks((*peg_position(a), 10.0), (*peg_position(c), 10.0), wall)
    seen = line_of_sight_25d(eye, [target], {a: 0.0, b: 0.0, c: 0.0}, [a, c], [wall])
    assert not seen.visible and seen.walls == (0,)
