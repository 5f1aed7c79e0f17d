"""Flat-top hex maps (issue 26): ``[hexmap] orientation = "flat"``. A flat-top map is the
pointy-top lattice turned a quarter clockwise: the loader builds ``cols`` columns of ``rows``
hexes, the board keeps its orientation (left out of the state hash while pointy, so every
older map hashes as before), the writer writes it back, and the words for directions turn
with the map; distances, neighbours and sight are the lattice's and do not change."""

from __future__ import annotations

from game.core.actions import MoveHex
from game.core.hashing import state_hash
from game.core.state import HexBoard
from game.core.words import hex_facing_words
from game.geometry.hexgrid import FACING_NAMES, FLAT_FACING_NAMES, Hex
from game.scenario import load_scenario_text
from game.scenario.edit import BattleDoc
from game.scenario.loader import Scenario, flat_rectangle, rectangle
from game.scenario.writer import scenario_text

TEXT = """[scenario]
name = "Flat"
ruleset = "sandbox"

[hexmap]
cols = 5
rows = 3
{orientation}

[[players]]
name = "A"
colour = "#3b6fb6"

[[players]]
name = "B"
colour = "#c0392b"

[[units]]
id = "a"
side = 1
profile = "infantry"
hex = [0, 0]

[[units]]
id = "b"
side = 2
profile = "infantry"
hex = [1, 1]
facing = 1
"""


def load(orientation: str = "") -> Scenario:
    return load_scenario_text(TEXT.format(orientation=orientation), "flat.toml")


def test_a_flat_map_is_columns_of_hexes() -> None:
    scenario = load('orientation = "flat"')
    board = scenario.state.board
    assert isinstance(board, HexBoard) and board.orientation == "flat"
    assert set(board.cells) == set(flat_rectangle(5, 3)) == set(rectangle(3, 5))
    columns = {h.r for h in board.cells}
    assert columns == set(range(5))  # r counts the 5 columns
    assert all(sum(1 for h in board.cells if h.r == c) == 3 for c in columns)


def test_a_pointy_map_hashes_as_before_and_flat_differs() -> None:
    plain, pointy, flat = load(), load('orientation = "pointy"'), load('orientation = "flat"')
    assert state_hash(plain.state) == state_hash(pointy.state)
    assert state_hash(flat.state) != state_hash(plain.state)


def test_the_orientation_is_written_back_and_round_trips() -> None:
    scenario = load('orientation = "flat"')
    text = scenario_text(scenario.model)
    assert 'orientation = "flat"' in text
    again = load_scenario_text(text, "again.toml")
    assert state_hash(again.state) == state_hash(scenario.state)
    assert 'orientation' not in scenario_text(load().model)


def test_the_builder_makes_and_keeps_a_flat_map() -> None:
    doc = BattleDoc.new("realms", {"cols": 6, "rows": 4, "orientation": "flat"})
    assert doc.data["hexmap"] == {"cols": 6, "rows": 4, "orientation": "flat"}
    doc.add_unit("swordsman", 1, (0, 5))  # r = 5: the sixth column
    doc.set_board({"cols": 6, "rows": 4})  # back to pointy-top: r = 5 is off the map now
    assert "orientation" not in doc.data["hexmap"] and not doc.check().valid
    doc.undo()
    assert doc.check().valid


def test_directions_are_named_as_a_flat_map_shows_them() -> None:
    """Facing 0, north-east on a pointy-top map, shows south-east once the map is turned a
    quarter clockwise; every name turns by the same quarter."""
    flat, pointy = load('orientation = "flat"'), load()
    assert [hex_facing_words(pointy.state, f) for f in range(6)] == list(FACING_NAMES)
    assert [hex_facing_words(flat.state, f) for f in range(6)] == list(FLAT_FACING_NAMES)
    assert hex_facing_words(flat.state, 1) == "south"
    move = MoveHex("a", 2, 0, 1)  # the table's own words for a free hex move (WB-TBL-1)
    assert flat.ruleset.present(flat.state, move).label.endswith("facing south")
    assert pointy.ruleset.present(pointy.state, move).label.endswith("facing east")


def test_distances_do_not_change_with_the_orientation() -> None:
    assert Hex(0, 0).distance(Hex(1, 4)) == 5
