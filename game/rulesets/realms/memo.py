"""Answers that depend only on where the units stand, kept per ruleset instance.

Hovering, selecting and listing legal actions ask the same questions many times over one
position: which unit covers which space, what a pair of units can see (RL-LOS-1), where a
unit can walk (RL-MOV-1), the exact odds of a plan. A :class:`Memo` keeps those answers for
one placement of the units on one board (the state's *revision* as far as these answers go:
a move, a turn, a destroyed unit give a new key and empty the memo). Each ruleset instance
owns its memo through its settings, so two games never share one and nothing is module
state. The answers are the very functions of :mod:`.board` and :mod:`.odds`; the memo only
avoids computing them twice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from game.core.state import GameState
from game.rulesets.realms.units import RealmsUnit

T = TypeVar("T")

ODDS_LIMIT = 512
"""Plans whose odds are kept (odds depend on the plan alone, not on the placement)."""


def placement_key(state: GameState) -> tuple[Hashable, ...]:
    """Where every live unit stands and faces, on which board (cheap to build and compare:
    plain integers)."""
    return (id(state.board), tuple(
        (u.id, u.hex.q, u.hex.r, u.hex_facing, u.move if isinstance(u, RealmsUnit) else 0)
        for u in state.live_units() if u.hex is not None))


class Memo:
    """See the module docstring."""

    def __init__(self) -> None:
        self._key: tuple[Hashable, ...] | None = None
        self._store: dict[Hashable, Any] = {}
        self._odds: dict[Hashable, Any] = {}
        self._board: object = None
        self._static: dict[Hashable, Any] = {}

    def get(self, state: GameState, what: Hashable, compute: Callable[[], T]) -> T:
        """The answer to ``what`` for the state's placement, computed once per placement."""
        key = placement_key(state)
        if key != self._key:
            self._key, self._store = key, {}
        if what not in self._store:
            self._store[what] = compute()
        found: T = self._store[what]
        return found

    def static(self, state: GameState, what: Hashable, compute: Callable[[], T]) -> T:
        """An answer that depends on the state's board alone (not on where the units stand),
        kept while the memo sees that very board object (held, so it is never mistaken for
        a new one)."""
        if self._board is not state.board:
            self._board, self._static = state.board, {}
        if what not in self._static:
            self._static[what] = compute()
        found: T = self._static[what]
        return found

    def odds(self, plan: Hashable, compute: Callable[[], T]) -> T:
        """The odds of a plan, computed once (bounded: the oldest half goes when full)."""
        if plan not in self._odds:
            if len(self._odds) >= ODDS_LIMIT:
                for k in list(self._odds)[: ODDS_LIMIT // 2]:
                    del self._odds[k]
            self._odds[plan] = compute()
        found: T = self._odds[plan]
        return found
