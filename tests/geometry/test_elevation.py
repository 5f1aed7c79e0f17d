"""The realms board: elevation rules RL-ELV-1..3 and 2.5D sight."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.elevation import (
    INFANTRY_HEIGHT,
    PEGS_PER_SPACE,
    can_melee_across_elevation,
    downward_range_bonus,
    line_of_sight_25d,
    peg_distance,
    peg_position,
    peg_range,
    target_points,
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
