"""The memo's steady scope (issue 32: a query works the position key out once, not at every
answer it asks for) answers as the memo without it, and never outlives a change."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from game.core import position
from game.core.position import PositionMemo, steady
from game.core.state import GameState
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


@pytest.fixture
def state() -> GameState:
    return load_scenario(SCENARIOS / "realms_skirmish.toml").new_game().state


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the position key is worked out (patched in the memo's module)."""
    calls = [0]
    real = position.position_key

    def counted(state: GameState) -> Hashable:
        calls[0] += 1
        return real(state)

    monkeypatch.setattr(position, "position_key", counted)
    return calls


def test_a_steady_scope_works_the_key_out_once(state: GameState,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    memo = PositionMemo()
    with memo.steady(state):
        for n in range(50):
            assert memo.get(state, ("n", n), lambda n=n: n * 2) == n * 2  # type: ignore[misc]
            assert memo.holds(state, ("n", n))
        with memo.steady(state):  # nested: the same scope
            assert memo.get(state, ("n", 3), lambda: -1) == 6
    assert calls[0] == 1
    memo.get(state, ("n", 1), lambda: -1)  # outside the scope: checked again
    assert calls[0] == 2


def test_a_move_after_the_scope_is_a_new_position(state: GameState) -> None:
    memo = PositionMemo()
    unit = next(iter(state.units.values()))
    with memo.steady(state):
        assert memo.get(state, "where", lambda: unit.hex) == unit.hex
    before = unit.hex
    assert before is not None
    unit.hex = type(before)(before.q + 1, before.r)  # moved outside any query
    assert memo.get(state, "where", lambda: unit.hex) == unit.hex != before


def test_a_new_generation_inside_ends_the_trust(state: GameState,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    memo = PositionMemo()
    with memo.steady(state):
        assert memo.get(state, "x", lambda: 1) == 1
        with memo.changing():  # a handler ran: answers and the shortcut go
            pass
        assert memo.get(state, "x", lambda: 2) == 2
        assert memo.get(state, "x", lambda: 3) == 2
    assert calls[0] == 3  # entry, then every get after the change checks the key again


def test_another_state_inside_does_not_borrow_the_store(state: GameState) -> None:
    other = load_scenario(SCENARIOS / "realms_skirmish.toml").new_game().state
    memo = PositionMemo()
    with memo.steady(state):
        assert memo.get(state, "x", lambda: "mine") == "mine"
        assert memo.get(other, "x", lambda: "other's") == "other's"
        assert memo.get(state, "x", lambda: "again") == "again"  # one position kept at a time


class _Rules:
    def __init__(self) -> None:
        self.memo = PositionMemo()

    @steady
    def query(self, state: GameState, what: str, /, twice: bool = False) -> int:
        """Asks the memo several times in one scope."""
        a = self.memo.get(state, what, lambda: 1)
        return a + (self.memo.get(state, what, lambda: 5) if twice else 0)


def test_the_decorator_scopes_a_query(state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    rules = _Rules()
    assert rules.query(state, "a", twice=True) == 2
    assert calls[0] == 1
    assert rules.query.__doc__ == "Asks the memo several times in one scope."


def test_a_held_value_keys_by_identity_and_keeps_its_value_alive() -> None:
    """``Held`` puts an unhashable or costly-to-compare value in a memo key: equal only to a
    ``Held`` of the very same object (equal values are not the same key), and the key keeps
    the object alive, so its identity is never reused while the key is kept."""
    import gc
    import weakref

    from game.core.position import Held

    class Board:
        pass

    a, b = Board(), Board()
    assert Held(a) == Held(a) and hash(Held(a)) == hash(Held(a))
    assert Held(a) != Held(b) and Held(a) != a
    assert Held([1, 2]) != Held([1, 2])  # equal values, other objects
    kept = {("field", Held(b)): 1}
    gone = weakref.ref(b)
    del b
    gc.collect()
    assert gone() is not None and next(iter(kept))[1].value is gone()
