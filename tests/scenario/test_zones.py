"""Deployment zones (issue 26): optional per player, checked by the loader at their dotted
path, kept in the state (without changing the hash of scenarios that have none) and handed
to army-list import by ``deployment_zone``."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Polygon

from game.core.hashing import state_hash
from game.geometry.hexgrid import Hex
from game.scenario import ScenarioError, load_scenario, load_scenario_text
from game.scenario.paths import shipped_scenario
from game.scenario.writer import scenario_text
from game.scenario.zones import deployment_zone

TABLE = """
[scenario]
name = "Zones"
ruleset = "sandbox"

[table]
width = 48
height = 36

[[players]]
name = "North"
colour = "#3b6fb6"
{north}

[[players]]
name = "South"
colour = "#c0392b"
{south}

[[units]]
id = "n1"
side = 1
profile = "infantry"
{where1}

[[units]]
id = "s1"
side = 2
profile = "infantry"
{where2}
"""


def table(north: str = "", south: str = "") -> str:
    return TABLE.format(north=north, south=south, where1="at = [10, 5]", where2="at = [10, 30]")


def hexes(north: str = "", south: str = "") -> str:
    text = TABLE.format(north=north, south=south, where1="hex = [0, 0]", where2="hex = [2, 0]")
    return text.replace("[table]\nwidth = 48\nheight = 36", "[hexmap]\nradius = 3")


def problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "z.toml")
    return [f"{p.path}: {p.message}" for p in caught.value.problems]


def test_a_table_zone_is_kept_and_handed_out() -> None:
    scenario = load_scenario_text(table("deployment = [[0, 0], [48, 0], [48, 12], [0, 12]]"))
    zone = deployment_zone(scenario, 1)
    assert isinstance(zone, Polygon) and zone.area == 48 * 12
    assert deployment_zone(scenario.state, 2) is None
    assert deployment_zone(scenario, 9) is None


def test_a_hex_zone_is_kept_and_handed_out() -> None:
    scenario = load_scenario_text(hexes(south="deployment_hexes = [[2, 0], [3, 0], [2, 1]]"))
    assert deployment_zone(scenario, 2) == frozenset({Hex(2, 0), Hex(3, 0), Hex(2, 1)})


def test_zones_change_the_hash_only_of_scenarios_that_have_them() -> None:
    plain = load_scenario_text(table())
    zoned = load_scenario_text(table("deployment = [[0, 0], [48, 0], [48, 12], [0, 12]]"))
    shipped = load_scenario(shipped_scenario("sandbox_table"))  # type: ignore[arg-type]
    assert state_hash(plain.state) != state_hash(zoned.state)
    assert "deployment" not in repr([p for p in shipped.state.players if p.deployment])


def test_zone_problems_point_at_their_key() -> None:
    found = problems(table("deployment = [[0, 0], [60, 0], [60, 12], [0, 12]]",
                           "deployment = [[0, 30], [48, 36], [48, 30], [0, 36]]"))
    assert "players[0].deployment[1]: [60, 0] is off the table (48 x 36 inches)" in found
    assert "players[1].deployment: the zone crosses itself or has no area" in found
    found = problems(table("deployment_hexes = [[0, 0]]"))
    assert any(f.startswith("players[0].deployment_hexes: a table's zone is") for f in found)
    found = problems(table(south="deployment = [[0, 0], [1, 1]]"))
    assert any(f.startswith("players[1].deployment:") for f in found)  # fewer than 3 points
    found = problems(hexes("deployment_hexes = [[0, 0], [9, 9], [0, 0]]",
                           "deployment = [[0, 0], [1, 0], [1, 1]]"))
    assert "players[0].deployment_hexes[1]: [9, 9] is not on the map" in found
    assert "players[0].deployment_hexes[2]: [0, 0] is listed twice" in found
    assert any(f.startswith("players[1].deployment: a hex map's zone") for f in found)


def test_the_zone_limit_is_enforced() -> None:
    ring = ", ".join(f"[{24 + 10 * math.cos(i / 65 * 6.28):.3f}, "
                     f"{18 + 10 * math.sin(i / 65 * 6.28):.3f}]" for i in range(65))
    found = problems(table(f"deployment = [{ring}]"))
    assert any(f.startswith("players[0].deployment:") and "64" in f for f in found)


def test_zones_round_trip_through_the_writer() -> None:
    scenario = load_scenario_text(table("deployment = [[0, 0], [48, 0], [48, 12.5], [0, 12]]"))
    again = load_scenario_text(scenario_text(scenario.model))
    assert again.model == scenario.model
    assert state_hash(again.state) == state_hash(scenario.state)
