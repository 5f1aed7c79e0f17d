"""The hover's rules queries made cheaper answer as before (issue 32): AS-CHG-6, AS-CORE-3:
the vectorised ``blocker_of`` names the very blocker the one-by-one match named (the first
candidate of the same shape, else the first nearest to its centre), on a crowded bench table;
AS-CHG-1, AS-RNG-4: whether a pair has a sight-row entry is known without the row."""

from __future__ import annotations

import random

from shapely import affinity
from shapely.geometry import Polygon

from game import rulesets
from game.core.state import GameState
from game.rulesets.asoiaf import blockers
from game.rulesets.asoiaf.blockers import Blocker, blocker_of, candidates
from game.scenario import load_scenario_text


def _one_by_one(state: GameState, shape: Polygon) -> Blocker:
    """The reference: every candidate named, then compared in turn."""
    found = candidates(state)
    for item in found:
        if blockers._same(item.polygon, shape):
            return item
    if not found:
        return Blocker("an obstacle", shape)
    centre = shape.centroid
    return min(found, key=lambda b: b.polygon.distance(centre))


def _table(n: int) -> GameState:
    table = rulesets.create("asoiaf").bench_table(n, 7)
    assert table is not None
    return load_scenario_text(table.text, "bench.toml", max_units=table.max_units).state


def test_the_same_blocker_as_naming_every_candidate() -> None:
    state = _table(50)
    rng = random.Random(3)
    shapes = [b.polygon for b in candidates(state)]
    assert any(t.has("impassable") for t in state.terrain) or shapes
    asked = shapes + [affinity.translate(s, rng.uniform(-3, 3), rng.uniform(-3, 3))
                      for s in rng.sample(shapes, 20)]  # no exact match: the nearest
    asked += [affinity.translate(s, 1e-9, 0) for s in rng.sample(shapes, 5)]  # within bounds
    for shape in asked:
        assert blocker_of(state, shape) == _one_by_one(state, shape)


def test_in_row_says_what_the_sight_row_holds() -> None:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

    state = _table(50)
    gone = list(state.units.values())[3]
    gone.destroyed = True  # out of play: in no row
    rules = AsoiafRuleset()
    world = rules.worlds.of(state)
    ids = list(state.units)
    for viewer in [*ids[:8], gone.id]:
        row = world.sight_row(viewer) if viewer in world.index else {}
        for target in [*ids, "nobody"]:
            assert world.in_row(viewer, target) == (target in row), (viewer, target)
