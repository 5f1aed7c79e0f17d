"""A Move refused onto a taken hex names what stands there and marks that hex for the table
(issue 16 item 5; HX-MOV-1, HX-MOV-3)."""

from __future__ import annotations

from game.core.game import Game
from game.core.inspect import HexMark
from game.rulesets.godsgloom.actions import Activate, Advance
from tests.godsgloom.helpers import scenario, unit


def _game() -> Game:
    units = [unit("a", 1, (0, 0), 1, stats={"speed": 1}),
             unit("f", 1, (1, -1), 1, name="Line Infantry"), unit("e", 2, (3, 0), 4)]
    stone = {"at": [0, 1], "terrain": "standing stone", "keywords": ["impassable"]}
    game = scenario(units, hexes=[stone]).new_game()
    game.apply(Activate("a"))
    return game


def test_hx_mov_1_a_hex_held_by_a_unit_names_it_with_its_side() -> None:
    game = _game()
    refusal = game.why_not(Advance("a", 1, -1, 1))
    assert refusal is not None
    assert "Red Line Infantry stands there" in refusal.reason
    assert refusal.marks == (HexMark(1, -1, "blocked", "Red Line Infantry"),)
    assert "HX-MOV-1" in refusal.rules


def test_hx_mov_1_impassable_terrain_is_named_and_marked() -> None:
    game = _game()
    refusal = game.why_not(Advance("a", 0, 1, 1))
    assert refusal is not None
    assert "standing stone" in refusal.reason
    assert refusal.marks == (HexMark(0, 1, "blocked", "standing stone"),)


def test_hx_mov_3_a_far_hex_says_it_is_out_of_reach() -> None:
    game = _game()
    refusal = game.why_not(Advance("a", -2, 0, 1))
    assert refusal is not None
    assert "cannot reach (-2,0)" in refusal.reason and refusal.marks == ()
