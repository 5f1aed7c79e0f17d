"""One position key and one memo per ruleset, owned by the core (issue 24).

A rules answer -- a plan, a prepared geometry, a sight line, the odds of an attack -- depends
on the position it is asked about. :class:`PositionMemo` keeps the answers of the last position
asked about; each ruleset object owns one (``Ruleset.memo``), so two games never share one and
nothing is module state. It replaces the caches and signatures each ruleset used to keep of its
own (a world cache, a memo, an inspection signature).

When is it the same position? :func:`position_key` names, cheaply, what any move, turn or roll
changes: the state object itself, where every unit stands and faces and whether it is in play,
the turn (round, player, phase, unit, who has acted), the dice drawn, the running procedures and
the outcome. What only a rules step changes in place (a unit's wounds, a procedure's faces) is
covered by the memo's *generation*: the base ruleset starts a new generation whenever it hands
the state to a handler, a procedure's dice or an answer (:meth:`Ruleset.apply`,
:meth:`Ruleset.on_dice`, :meth:`Ruleset.on_choice`), before and after, so an answer computed
before a change is never returned after it. Code that changes a state's counters by hand,
outside the game (a test setting up a position), calls :meth:`PositionMemo.forget`.

Working the key out is not free (a tuple over every unit): a query that asks the memo a
hundred times (one unit's legal actions, a hover) does it inside :meth:`PositionMemo.steady`
(the :func:`steady` decorator on a ruleset's query methods), which works the key out once for
the whole query: a query never changes the state, and any change through the rules starts a new
generation, which ends the scope's shortcut.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import wraps
from operator import attrgetter
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from game.core.state import GameState

T = TypeVar("T")
P = ParamSpec("P")

_PLACE = attrgetter("id", "tray", "hex", "hex_facing", "destroyed")
"""What of a unit a move, a turn or a loss changes (read in C: cheap at 800 trays)."""


def position_key(state: GameState) -> Hashable:
    """Where every unit stands, the turn, the dice drawn, the procedures and the outcome of
    ``state``, as one comparable value (see the module docstring for what it leaves to the
    memo's generation)."""
    turn = state.turn
    return (tuple(map(_PLACE, state.units.values())), turn.round, turn.active, turn.phase,
            turn.current_unit, tuple(turn.activated), state.dice_drawn,
            tuple(map(id, state.procedures)), state.outcome, len(state.scripted_dice))


LASTING_LIMIT = 512
"""Answers :meth:`PositionMemo.lasting` keeps before it forgets the oldest half."""


class PositionMemo:
    """The answers of one position (see the module docstring): asked again in the same
    position, an answer is not computed again; in a new position the old answers go.
    :meth:`static` keeps answers that depend on the board alone for as long as the board
    object is the same."""

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._key: Hashable = None
        self._store: dict[Hashable, Any] = {}
        self._board: object = None
        self._static: dict[Hashable, Any] = {}
        self._lasting: dict[Hashable, Any] = {}
        self.computed: Counter[Hashable] = Counter()
        """How many answers of each kind (the first item of a tuple ``what``, e.g. ``plan``)
        were computed rather than found: what the tests count."""
        self._steady: GameState | None = None
        """The state a :meth:`steady` scope holds still: its key is not worked out again."""
        self._generation = 0

    def forget(self) -> None:
        """Start a new generation: every answer kept so far goes (the state was changed in a
        way the position key does not see); a :meth:`steady` scope stops trusting its key."""
        self._state, self._key, self._store = None, None, {}
        self._steady = None
        self._generation += 1

    @contextmanager
    def steady(self, state: GameState) -> Iterator[None]:
        """Around a query that does not change ``state`` (legal actions, commands, a hover):
        its position key is worked out once on entry, and :meth:`get` and :meth:`holds` on
        ``state`` inside trust it instead of working it out on every call (a hundred times
        in one unit's legal actions). Nested scopes of the same state are one scope; a new
        generation inside (:meth:`forget`, a handler's :meth:`changing`) ends the trust."""
        if self._steady is state:
            yield
            return
        self._enter(state)
        outer, generation = self._steady, self._generation
        self._steady = state
        try:
            yield
        finally:
            if self._generation == generation:
                self._steady = outer if outer is self._state else None

    def _enter(self, state: GameState) -> None:
        """Make ``state``'s position the memo's (a new store if it is another position): the
        key is worked out unless a :meth:`steady` scope holds this very state."""
        if state is self._state and state is self._steady:
            return
        key = position_key(state)
        if state is not self._state or key != self._key:
            self._state, self._key, self._store = state, key, {}

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Around code that changes the state in place: a new generation before and after."""
        self.forget()
        try:
            yield
        finally:
            self.forget()

    def get(self, state: GameState, what: Hashable, compute: Callable[[], T]) -> T:
        """The answer to ``what`` in ``state``'s position, computed at most once there."""
        self._enter(state)
        if what in self._store:
            found: T = self._store[what]
            return found
        value = compute()
        self.computed[what[0] if isinstance(what, tuple) and what else what] += 1
        self._store[what] = value
        return value

    def holds(self, state: GameState, what: Hashable) -> bool:
        """Whether the answer to ``what`` in ``state``'s position is kept (asking it would
        compute nothing)."""
        return state is self._state and what in self._store and (
            state is self._steady or position_key(state) == self._key)

    def static(self, state: GameState, what: Hashable, compute: Callable[[], T]) -> T:
        """An answer that depends on ``state.board`` alone, kept while that very board object
        is asked about (it is held, so a new board is never mistaken for it)."""
        if self._board is not state.board:
            self._board, self._static = state.board, {}
        if what not in self._static:
            self._static[what] = compute()
        found: T = self._static[what]
        return found

    def lasting(self, what: Hashable, compute: Callable[[], T]) -> T:
        """An answer that depends on ``what`` alone, whatever the position (the exact odds of
        an attack given everything that decides them): kept across positions, at most
        :data:`LASTING_LIMIT` of them (the oldest half goes when full)."""
        if what not in self._lasting:
            if len(self._lasting) >= LASTING_LIMIT:
                for old in list(self._lasting)[: LASTING_LIMIT // 2]:
                    del self._lasting[old]
            self._lasting[what] = compute()
        found: T = self._lasting[what]
        return found


class Held:
    """A value in a memo key by identity (a board, whose dataclass equality would compare
    every space): equal only to a ``Held`` of the very same object, which it keeps alive, so
    its identity is never another object's while the key is kept."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Held) and other.value is self.value


class _Memoised(Protocol):
    memo: PositionMemo


M = TypeVar("M", bound=_Memoised)


def steady(query: Callable[Concatenate[M, GameState, P], T]
           ) -> Callable[Concatenate[M, GameState, P], T]:
    """A ruleset's query method (its first argument the state, never changed by it) run in
    one :meth:`PositionMemo.steady` scope of its ruleset's memo: the position key is worked
    out once for the query, not at every answer it asks for."""

    @wraps(query)
    def scoped(self: M, state: GameState, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self.memo.steady(state):
            return query(self, state, *args, **kwargs)

    return scoped
