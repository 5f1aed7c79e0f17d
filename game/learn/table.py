"""LessonGame: a lesson seen through the :class:`~game.core.game.Game` interface, so a table
scene can play a lesson without knowing about lessons.

Every question (``pending``, ``legal_actions``, ``why_not``, ``state``...) is answered by the
lesson run's current game; ``apply`` hands the learner's action to :meth:`LessonRun.act` and
``undo`` to :meth:`LessonRun.undo`. A refused action raises
:class:`~game.core.pending.IllegalAction` with the lesson's explanation as its refusal, as a
game would; the lesson's own feedback stays on ``run.feedback`` for the caption panel.
"""

from __future__ import annotations

from collections.abc import Collection

from game.core.actions import Action, Dice
from game.core.events import Event
from game.core.game import Game, Listener, LogEntry
from game.core.pending import IllegalAction, Refusal
from game.core.ruleset import Ruleset
from game.core.state import GameState
from game.learn.run import LessonRun


class LessonGame(Game):
    """The Game a lesson scene hands to the table (see module docstring).

    It never calls ``Game.__init__``: it owns no state of its own and always forwards to
    ``run.game``, which the run replaces on every restart or undo.
    """

    def __init__(self, run: LessonRun) -> None:
        self.run = run
        self.opening_events = ()

    # --- forwarded attributes ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The lesson's current state."""
        return self.run.game.state

    @state.setter
    def state(self, value: GameState) -> None:
        self.run.game.state = value

    @property
    def ruleset(self) -> Ruleset:
        """The lesson's ruleset object."""
        return self.run.game.ruleset

    @ruleset.setter
    def ruleset(self, value: Ruleset) -> None:
        self.run.game.ruleset = value

    @property
    def log(self) -> list[LogEntry]:
        """The log of the current step's game."""
        return self.run.game.log

    @log.setter
    def log(self, value: list[LogEntry]) -> None:
        self.run.game.log = value

    @property
    def listeners(self) -> list[Listener]:
        """Listeners of the current game (a restart starts a fresh list)."""
        return self.run.game.listeners

    @listeners.setter
    def listeners(self, value: list[Listener]) -> None:
        self.run.game.listeners = value

    @property
    def initial_state(self) -> GameState:
        """The state the current game started from."""
        return self.run.game.initial_state

    @initial_state.setter
    def initial_state(self, value: GameState) -> None:
        self.run.game.initial_state = value

    # --- the learner's input ---------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """The learner's action, judged by the lesson; refused as IllegalAction."""
        before = len(self.run.step_events)
        feedback = self.run.act(action)
        if feedback.kind == "refused":
            raise IllegalAction(action, Refusal(feedback.text, feedback.rules))
        if feedback.kind == "wrong":
            return []  # the consequence was played out and the step restarted
        return list(self.run.step_events[before:])

    def can_undo(self, by: int | None = None) -> Refusal | None:
        """A lesson lets the learner take back any of their own actions in a try."""
        return None if self.run.can_undo() else Refusal("there is nothing of yours to undo")

    def undo(self, by: int | None = None) -> LogEntry:
        """Take back the learner's last action in this try."""
        if not self.run.can_undo():
            raise IllegalAction(Dice(()), Refusal("there is nothing of yours to undo"))
        self.run.undo()
        return LogEntry(-1, Dice(()), None, (), frozenset(), self.state_hash())

    def can_take_back(self, by: int, computer: Collection[int]) -> Refusal | None:
        """Against the lesson's computer opponent, Undo is the lesson's own: back to before
        the learner's last move."""
        return self.can_undo(by)

    def take_back(self, by: int, computer: Collection[int]) -> list[LogEntry]:
        """Take back the learner's last move (the computer's answers since go with it)."""
        return [self.undo(by)]

    def can_redo(self) -> bool:
        """Lessons have no redo: the hint shows the way forward instead."""
        return False

    def redo(self) -> LogEntry:
        """Refused: lessons have no redo."""
        raise IllegalAction(Dice(()), Refusal("a lesson has no redo; ask for a hint"))
