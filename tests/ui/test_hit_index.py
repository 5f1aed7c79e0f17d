"""The hit test under the pointer asks an index of the units built once per game moment,
and answers as a test of every live unit in the scenario's order did: turned trays of odd
sizes, trays that overlap, a tray dragged elsewhere, units on a hex map (issue 32)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.core.state import GameState
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray
from game.scenario import load_scenario
from game.ui import hexlayout
from game.ui.bench import bench_state
from game.ui.hit_index import UnitIndex, on_tray

from .conftest import SCENARIOS

Point = tuple[float, float]


def every_unit(state: GameState, point: Point, overrides: dict[str, Tray]) -> str | None:
    """The answer of a test of every live unit in order (the hit test before the index)."""
    qr = hexlayout.world_to_axial(*point)
    for unit in state.live_units():
        tray = overrides.get(unit.id, unit.tray)
        if tray is not None:
            if on_tray(tray, point):
                return unit.id
        elif unit.hex is not None and (unit.hex.q, unit.hex.r) == qr:
            return unit.id
    return None


def odd_table() -> GameState:
    """The bench table with every tray turned and resized at random (some overlap), a unit
    destroyed."""
    state = bench_state()
    rng = random.Random(7)
    for unit in state.units.values():
        assert unit.tray is not None
        unit.tray = replace(unit.tray, facing=rng.uniform(0, 360),
                            width=rng.uniform(0.5, 9.0), depth=rng.uniform(0.5, 5.0))
    next(iter(state.units.values())).destroyed = True
    return state


def test_the_index_answers_as_a_test_of_every_tray() -> None:
    state = odd_table()
    index = UnitIndex(state)
    rng = random.Random(3)
    dragged = next(u for u in state.live_units())
    assert dragged.tray is not None
    overrides = {dragged.id: dragged.tray.moved_to(30.0, 20.0, 45.0)}
    points = [(rng.uniform(-2, 74), rng.uniform(-2, 50)) for _ in range(3000)]
    points += [(u.tray.x, u.tray.y) for u in state.units.values() if u.tray is not None]
    points += [(30.0, 20.0)]
    found = 0
    for point in points:
        for over in ({}, overrides):
            expected = every_unit(state, point, over)
            assert index.unit_at(point, over, False) == expected, point
            found += expected is not None
    assert found > 1000


def test_the_index_finds_units_on_their_hexes() -> None:
    state = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game().state
    index = UnitIndex(state)
    units = [u for u in state.live_units() if u.hex is not None]
    assert units
    for unit in units:
        assert unit.hex is not None
        centre = hexlayout.hex_centre(unit.hex.q, unit.hex.r)
        assert index.unit_at(centre, {}, True) == every_unit(state, centre, {}) == unit.id
    empty = Hex(99, 99)
    assert index.unit_at(hexlayout.hex_centre(empty.q, empty.r), {}, True) is None
