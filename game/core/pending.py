"""What a game waits for: a player's decision, a dice roll, an idle table or nothing (over).

Models: OpenSpiel's decision and chance nodes. ``Game.pending()`` returns one of these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.actions import Action, DiceSpec

if TYPE_CHECKING:
    from game.core.inspect import Shape
    from game.core.present import Offer, Steer


@dataclass(frozen=True)
class PickDice:
    """A free answer that picks dice by position (a re-roll): the player toggles any of
    ``faces`` (1-based positions) and ``answer(positions)`` is the action to apply, which the
    ruleset checks like any other (``Game.why_not``)."""

    faces: tuple[int, ...]
    answer: Callable[[frozenset[int]], Action]
    confirm_label: str = "Re-roll the picked dice"


@dataclass(frozen=True)
class PickNumber:
    """A free answer that is a number from ``low`` to ``high`` in steps of ``step``."""

    label: str
    low: float
    high: float
    step: float
    answer: Callable[[float], Action]
    default: float | None = None


@dataclass(frozen=True)
class PickSplit:
    """A free answer that shares ``total`` among several ``parts`` (an allocation across
    more than two pools): a count for each part, at least its entry of ``least`` (0 when not
    given), the counts adding up to ``total``. The table offers a count for every part but
    the first, which takes what they leave, so any legal split can be made, not only one
    between two parts; ``answer(counts)`` is the action, checked by the ruleset like any
    other (``Game.why_not``)."""

    label: str
    parts: tuple[str, ...]
    total: int
    answer: Callable[[tuple[int, ...]], Action]
    least: tuple[int, ...] = ()

    def minimum(self, index: int) -> int:
        """The fewest a part may get."""
        return self.least[index] if index < len(self.least) else 0

    def counts(self, others: tuple[int, ...]) -> tuple[int, ...] | None:
        """Every part's count when the parts after the first get ``others``; None when that
        leaves the first part below its minimum or a part below its own."""
        if len(others) != len(self.parts) - 1 or any(
                n < self.minimum(i + 1) for i, n in enumerate(others)):
            return None
        first = self.total - sum(others)
        return (first, *others) if first >= self.minimum(0) else None


@dataclass(frozen=True)
class PointAnswer:
    """A free answer made by pointing on the board (any legal move, any facing): see
    :class:`game.core.present.Steer`."""

    steer: Steer


FreeAnswer = PickDice | PickNumber | PickSplit | PointAnswer
"""A parameterised answer that the ruleset validates instead of a fixed list."""


@dataclass(frozen=True)
class PlayerDecision:
    """A procedure needs ``player`` to answer a question (``kind`` names it).

    ``offers`` are discrete answers, each legal by definition and shown with its label, tooltip
    and ghost. ``free`` lists parameterised answers (dice to pick, a number, a pose by pointing):
    any action they build is checked by the ruleset, so a continuous choice is never reduced to
    a sample. Every decision offers at least one discrete answer or one free answer.
    """

    player: int
    kind: str
    prompt: str
    offers: tuple[Offer, ...]
    rules: tuple[str, ...] = ()
    free: tuple[FreeAnswer, ...] = ()

    @property
    def options(self) -> tuple[Action, ...]:
        """The actions of the discrete offers."""
        return tuple(offer.action for offer in self.offers)


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
    """Why an action is not legal now, with the rule IDs that say so.

    ``marks`` are what the refusal points at, as inspection shapes in board coordinates
    (:data:`game.core.inspect.Shape`): the blocker's outline (an ``Area`` styled ``blocker``,
    a ``HexMark`` styled ``blocked``) labelled with its name, the stopped path. The table draws
    them beside the reason like any inspection's shapes, knowing nothing of the rule; they
    take no part in equality (two refusals with the same reason and rules are the same).
    """

    reason: str
    rules: tuple[str, ...] = ()
    marks: tuple[Shape, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.reason}{cited}"


class IllegalAction(Exception):
    """Raised by ``Game.apply`` for an action that is not legal; the state is untouched."""

    def __init__(self, action: Action, refusal: Refusal) -> None:
        super().__init__(f"{action}: {refusal}")
        self.action = action
        self.refusal = refusal
