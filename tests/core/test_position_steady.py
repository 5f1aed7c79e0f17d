"""PositionMemo.steady: a batch of questions that change nothing reads the position key once,
answers exactly as without it, and a change inside ends it (issue 32)."""

from __future__ import annotations

import pytest

from game.core import position
from game.core.position import PositionMemo
from game.core.state import GameState
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


def _state() -> GameState:
    return new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game.state


def test_steady_reads_the_position_key_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state, memo = _state(), PositionMemo()
    calls = []
    real = position.position_key
    monkeypatch.setattr(position, "position_key", lambda s: calls.append(1) or real(s))
    with memo.steady(state):
        answers = [memo.get(state, ("q", n), lambda n=n: n * 2) for n in range(50)]
        assert memo.holds(state, ("q", 3))
    assert answers == [n * 2 for n in range(50)]
    assert len(calls) == 1
    memo.get(state, ("q", 1), lambda: -1)
    assert len(calls) == 2, "outside steady every question reads the key again"


def test_a_change_inside_steady_starts_a_new_generation() -> None:
    state, memo = _state(), PositionMemo()
    with memo.steady(state):
        assert memo.get(state, "q", lambda: 1) == 1
        with memo.changing():
            pass
        assert memo.get(state, "q", lambda: 2) == 2, "an answer from before the change"
    assert memo.get(state, "q", lambda: 3) == 2


def test_another_state_inside_steady_is_keyed_by_its_own_position() -> None:
    state, memo = _state(), PositionMemo()
    other = _state()
    unit = next(iter(other.units.values()))
    unit.destroyed = not unit.destroyed
    with memo.steady(state):
        assert memo.get(state, "q", lambda: "mine") == "mine"
        assert memo.get(other, "q", lambda: "other") == "other"
        assert memo.get(state, "q", lambda: "again") == "again"
