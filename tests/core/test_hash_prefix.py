"""The state hash reads the board's part of the text once per board (issue 32: a 60 x 60
map is 450,000 characters of the text at every action) and is still the SHA-256 of the
whole canonical text, whichever boards were hashed before."""

from __future__ import annotations

import hashlib
from dataclasses import replace

from game.core.hashing import canonical_text, state_hash
from game.core.state import GameState, HexBoard
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


def _whole(state: GameState) -> str:
    return hashlib.sha256(canonical_text(state).encode("utf-8")).hexdigest()


def _state(name: str) -> GameState:
    return new_session(load_scenario(SCENARIOS / name)).game.state


def test_the_hash_is_the_whole_text_s_on_maps_and_tables_in_any_order() -> None:
    states = [_state("realms_skirmish.toml"), _state("sandbox_table.toml"),
              _state("godsgloom_skirmish.toml"), _state("sandbox_hex.toml")]
    for _ in range(2):  # the second round finds every board's part kept
        for state in states:
            assert state_hash(state) == _whole(state)


def test_a_change_after_the_board_and_a_new_board_change_the_hash() -> None:
    state = _state("godsgloom_skirmish.toml")
    first = state_hash(state)
    state.dice_drawn += 1
    assert state_hash(state) == _whole(state) != first
    state.dice_drawn -= 1
    assert state_hash(state) == first
    other = replace(state, board=replace(state.board))  # an equal board, another object
    assert state_hash(other) == first
    board = state.board
    assert isinstance(board, HexBoard)
    cells = dict(board.cells)
    cells.pop(next(iter(cells)))
    smaller = replace(state, board=replace(board, cells=cells))
    assert state_hash(smaller) == _whole(smaller) != first
