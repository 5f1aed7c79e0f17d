"""What a game waits for: a player's decision, a dice roll, an idle table or nothing (over).

Models: OpenSpiel's decision and chance nodes. ``Game.pending()`` returns one of these.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, DiceSpec


@dataclass(frozen=True)
class PlayerDecision:
    """A procedure needs ``player`` to pick one of ``options`` (``kind`` names the question)."""

    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chance:
    """A procedure needs dice: answer with ``dice N...`` or ``rolldice``.

    ``player`` is the one who rolls (their undo cannot take the roll back).
    """

    player: int
    dice: DiceSpec
    purpose: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Idle:
    """No procedure is running: ``player`` may act (activate a unit, end, ...)."""

    player: int
    round: int
    note: str = ""


@dataclass(frozen=True)
class Over:
    """The game has ended."""

    winner: int | None
    summary: str


Pending = PlayerDecision | Chance | Idle | Over


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal now, with the rule IDs that say so."""

    reason: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.reason}{cited}"


class IllegalAction(Exception):
    """Raised by ``Game.apply`` for an action that is not legal; the state is untouched."""

    def __init__(self, action: Action, refusal: Refusal) -> None:
        super().__init__(f"{action}: {refusal}")
        self.action = action
        self.refusal = refusal
