"""Preview of a received turn: step through it on the table before accepting it.

:class:`TurnStepper` is the API the table's preview uses (first, back, next, last, jump to an
action or to an event). It holds the checked states before and after each action of the
received file; :attr:`game` is a read-only :class:`Game` at the current position (a new one at
each step, built from the kept state, so stepping never replays or re-rolls anything).
:meth:`accept` keeps the file and hands over the player's own turn; a game's last file has no
turn after it, so :meth:`keep` only keeps it (:attr:`finished` says which).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.events import Event
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.stepping import StepControls
from game.pbf.session import Received, accept, receive, start_turn
from game.pbf.turnfile import ActionRecord, PbfError
from game.pbf.writer import TurnWriter


@dataclass(frozen=True)
class TurnEvent:
    """An event of the received turn and the position (actions applied) just after it."""

    position: int
    event: Event


class TurnStepper(StepControls):
    """Step controls over a received turn (see module docstring)."""

    def __init__(self, received: Received) -> None:
        self.received = received
        self.position = 0
        self.game = self._game_at(0)

    @classmethod
    def open(cls, path: str, home: Path) -> TurnStepper:
        """Receive (check) a turn file and show it from its start."""
        return cls(receive(path, home))

    @property
    def count(self) -> int:
        """How many actions the received file holds."""
        return len(self.received.steps)

    def _game_at(self, position: int) -> Game:
        state = self.received.before if position == 0 else self.received.steps[position - 1].state
        ruleset = self.received.replay.scenario.fresh_ruleset()
        return Game(snapshot(state), ruleset, started=True)

    def events(self) -> list[TurnEvent]:
        """Every event of the received turn, in order."""
        return [TurnEvent(i + 1, event) for i, step in enumerate(self.received.steps)
                for event in step.entry.events]

    def jump_to_event(self, index: int) -> Game:
        """Show the table just after event ``index`` of :meth:`events`."""
        events = self.events()
        if not 0 <= index < len(events):
            raise IndexError(f"the turn has {len(events)} events")
        return self.jump(events[index].position)

    def shown_events(self) -> list[Event]:
        """The received turn's events up to the current position."""
        return [e.event for e in self.events() if e.position <= self.position]

    def current(self) -> ActionRecord | None:
        """The last action shown (None before the first)."""
        return self.received.steps[self.position - 1].record if self.position else None

    @property
    def finished(self) -> str | None:
        """How the game ended, if the received file is its last one (None while it goes on)."""
        if self.received.turn.next_player is not None:
            return None
        node = self.received.replay.game.pending()
        return getattr(node, "summary", None) or "the game is over"

    def answered(self) -> str | None:
        """Why this file cannot be answered from the desktop: this player already sent their
        answer to it (a second, different answer is never written: issue 28.2), or None."""
        received = self.received
        if received.store.sent(received.turn.sequence + 1) is None:
            return None
        path = received.store.turn_path(received.turn.sequence + 1)
        return (f"you already sent your answer to this file ({path}); send that file again "
                "if it went missing")

    def accept(self) -> TurnWriter:
        """Keep the received file and start this player's turn on the full game (PbfError if
        this player already sent their answer to it)."""
        reason = self.answered()
        if reason is not None:
            raise PbfError(reason, self.received.path)
        return start_turn(self.received)

    def keep(self) -> None:
        """Keep the received file without starting a turn (for a game's last file, which the
        receiver keeps so that both players have the whole game)."""
        accept(self.received)
