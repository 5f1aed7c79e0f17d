"""Helpers every ruleset's tests use to play a game from text actions and read its events."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from game.core.actions import Action, parse
from game.core.events import Event
from game.core.game import Game
from game.core.pending import Over


def play(game: Game, *texts: str) -> list[Event]:
    """Apply actions given in text form, in order; return all their events."""
    events: list[Event] = []
    types = game.ruleset.action_types()
    for text in texts:
        events.extend(game.apply(parse(text, types)))
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of events, in order."""
    return [e.kind for e in events]


def random_playout(game: Game, pick: Callable[[Game, random.Random], Action],
                   check: Callable[[Game], None], seed: int, steps: int,
                   check_every: int = 1, undo_every: int = 11) -> Game:
    """Play up to ``steps`` actions chosen by ``pick`` (each must be legal), calling
    ``check`` (the ruleset's invariants) every ``check_every`` steps, and taking back and
    replaying an action every ``undo_every`` steps (the state hash must come back)."""
    rng = random.Random(seed)
    for step in range(steps):
        if isinstance(game.pending(), Over):
            break
        action = pick(game, rng)
        assert game.why_not(action) is None, action
        game.apply(action)
        if step % check_every == 0:
            check(game)
        if step % undo_every == 0 and game.can_undo() is None:
            before = game.state_hash()
            game.undo()
            game.redo()
            assert game.state_hash() == before
    return game
