"""Helpers every ruleset's tests use to play a game from text actions and read its events."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.actions import parse
from game.core.events import Event
from game.core.game import Game


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
