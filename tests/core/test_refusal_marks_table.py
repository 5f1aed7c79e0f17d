"""The table actions' refusals name and outline what is in the way (WB-TBL-1, issue 16 item 5):
a sandbox move onto impassable water or onto another unit, a hex move onto a taken hex."""

from __future__ import annotations

from game.core.actions import MoveHex, MoveUnit
from game.core.game import Game
from game.core.inspect import Area, HexMark
from game.core.state import Unit
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def _mover_and_other(name: str) -> tuple[Game, Unit, Unit]:
    """A scenario's game, a unit of the player to act, and another unit."""
    game = load_scenario(SCENARIOS / name).new_game()
    mover = next(u for u in game.state.units.values() if u.owner == game.current_player())
    other = next(u for u in game.state.units.values() if u.id != mover.id)
    return game, mover, other


def test_wb_tbl_1_a_move_into_the_river_outlines_the_water() -> None:
    game = load_scenario(SCENARIOS / "sandbox_table.toml").new_game()
    uid = next(u.id for u in game.state.units.values() if u.owner == game.current_player())
    refusal = game.why_not(MoveUnit(uid, 10.0, 18.0, 0.0))
    assert refusal is not None and "impassable water" in refusal.reason
    assert refusal.rules == ("WB-TBL-1",)
    (mark,) = refusal.marks
    assert isinstance(mark, Area) and mark.style == "blocker" and mark.label == "water"
    assert (0.0, 16.0) in mark.points  # the west river's outline


def test_wb_tbl_1_a_move_onto_a_unit_outlines_that_unit() -> None:
    game, mover, other = _mover_and_other("sandbox_table.toml")
    assert other.tray is not None
    refusal = game.why_not(MoveUnit(mover.id, other.tray.x, other.tray.y, 0.0))
    assert refusal is not None and other.name in refusal.reason
    (mark,) = refusal.marks
    assert isinstance(mark, Area) and mark.label == other.name


def test_wb_tbl_1_a_hex_move_onto_a_taken_hex_marks_it() -> None:
    game, mover, other = _mover_and_other("sandbox_hex.toml")
    assert other.hex is not None
    refusal = game.why_not(MoveHex(mover.id, other.hex.q, other.hex.r, 0))
    assert refusal is not None and other.name in refusal.reason
    assert refusal.marks == (HexMark(other.hex.q, other.hex.r, "blocked", other.name),)
