"""A hex map's blocking hexes are found once per board and kept on it (issue 32): the same
answer as scanning every cell, for each keyword, and never part of the state hash."""

from __future__ import annotations

from game.core.hashing import state_hash
from game.core.state import HexBoard
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def _scan(board: HexBoard, keyword: str) -> frozenset[object]:
    return frozenset(h for h, cell in board.cells.items() if keyword in cell.keywords)


def test_blocking_hexes_are_every_cell_with_the_keyword_and_leave_the_hash_alone() -> None:
    state = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").state
    board = state.board
    assert isinstance(board, HexBoard)
    before = state_hash(state)
    keywords = {k for cell in board.cells.values() for k in cell.keywords} | {"none-such"}
    for keyword in sorted(keywords):
        assert board.blocking(keyword) == _scan(board, keyword)
        assert board.blocking(keyword) is board.blocking(keyword)  # found once
    assert board.blocking("blocks-sight")
    assert state_hash(state) == before
