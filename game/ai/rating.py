"""The rating seam: a candidate is rated by the distribution of outcomes after it.

:class:`OutcomeModel` is the one small interface between the search and the rules: given a
rehearsal copy and an action, it returns the weighted positions the action may lead to. Today
:class:`SampledOutcomes` builds them on rehearsal copies with the computer's own dice: exactly
(every throw, equally weighted) where the first roll has few faces, by sampling otherwise; once
the rules hand out plans with exact outcome distributions (issue 24) a model that reads them
replaces it without touching the players. :func:`rate` turns a distribution into a
:class:`Rating` (the expected score for the acting player), :func:`explain` into one line of
player words.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from game.ai.candidates import Candidate, accepted, free_samples
from game.ai.evaluate import Evaluator
from game.ai.rehearsal import OwnDice, branch, checkpoint
from game.core.actions import Action, EndActivation
from game.core.game import Game
from game.core.pending import Chance, Idle, PlayerDecision

EXACT_THROWS = 6
"""A first roll with at most this many throws is enumerated exactly (one die)."""

MAX_SETTLE = 200
"""Actions a rehearsal plays at most to settle one action (rolls and answers)."""

REPLY_OFFERS = 6
"""Answers a decision inside a rehearsal weighs at most (the rest are not tried)."""

RUN_OUT = 8
"""Ends a rehearsal plays at most to finish a player's run of actions (:meth:`Work.run_out`)."""


@dataclass
class Work:
    """What a search may spend (rehearsed actions and CPU seconds) and has spent, with the
    computer's own dice and the evaluator that answers decisions inside a rehearsal."""

    evaluator: Evaluator
    rng: random.Random
    actions: int
    seconds: float
    spent: int = 0
    started: float = field(default_factory=time.process_time)
    dice_seed: int | None = None
    """Where :meth:`same_dice` restarts the computer's dice (None: it does not)."""
    ended: tuple[int, float] | None = None
    """A player and what ending their run changes their score by at the position a decision
    starts from, where it changes it (fights already declared are fought in it): every other
    candidate of theirs at an idle table is rated with it added (:func:`rate`), as the same
    fights are fought after it, so a move is not outrated by ending for the fights alone."""
    _dice: random.Random | None = None

    @property
    def dice(self) -> OwnDice:
        """The computer's own dice (from :attr:`rng` until :meth:`same_dice` restarts them)."""
        return OwnDice(self._dice or self.rng)

    def same_dice(self) -> None:
        """Restart the computer's dice at :attr:`dice_seed`: candidates rated one after
        another each after a restart meet the same throws (common random numbers), so their
        ratings differ by what they do more than by their luck -- ending and a charge are
        compared on the same throws of the fights already declared."""
        if self.dice_seed is not None:
            self._dice = random.Random(self.dice_seed)

    def exhausted(self, share: float = 1.0) -> bool:
        """Whether the budget is spent (actions rehearsed, or CPU time); with ``share``,
        whether that share of it is (``1.4``: the budget and two fifths more)."""
        return self.spent >= self.actions * share or (
            time.process_time() - self.started > self.seconds * share)

    def play(self, game: Game, action: Action) -> None:
        """Apply ``action`` on a rehearsal copy, counting it."""
        self.spent += 1
        checkpoint()
        game.apply(action)

    def settle(self, game: Game, *, stop_at_chance: bool = False) -> None:
        """Play a rehearsal copy on until it waits for a player at an idle table (or is over):
        dice from the computer's own generator, decisions answered by :meth:`reply`."""
        for _ in range(MAX_SETTLE):
            node = game.pending()
            if isinstance(node, Chance):
                if stop_at_chance:
                    return
                self.play(game, self.dice.roll(node.dice))
            elif isinstance(node, PlayerDecision):
                self.play(game, self.reply(game, node))
            else:
                return

    def run_out(self, game: Game, player: int) -> None:
        """Finish ``player``'s run of actions on a rehearsal copy by ending whatever they may
        end (an activation, a phase) until another player acts or the game is over: what an
        attack or a charge is worth shows only once the fights it starts are fought (a charge
        declared now may be fought phases later, in the same turn)."""
        for _ in range(RUN_OUT):
            node = game.pending()
            if not isinstance(node, Idle) or node.player != player:
                return
            end = EndActivation()
            if not accepted(game, end):  # asked alone: listing every action costs ~15 ms
                return
            self.play(game, end)
            self.settle(game)

    def reply(self, game: Game, node: PlayerDecision) -> Action:
        """A quick answer to a decision inside a rehearsal: the offered (or sampled free)
        answer whose immediate position is best for the player who decides (the first one
        once the budget is spent)."""
        options = list(node.options)
        if not options:
            options = [c.action for f in node.free for c in free_samples(game, f, self.rng)
                       if accepted(game, c.action)]
        if len(options) == 1 or (options and self.exhausted()):
            return options[0]  # a spent budget takes the first answer without trying
        if len(options) > REPLY_OFFERS:
            options = self.rng.sample(options, REPLY_OFFERS)
        best, best_score = options[0], -float("inf")
        for option in options:
            copy = branch(game)
            try:
                self.play(copy, option)
            except Exception:  # an answer the rules cannot take is not taken
                continue
            score = self.evaluator.score(copy.state, node.player)
            if score > best_score:
                best, best_score = option, score
        return best


@dataclass(frozen=True)
class Outcome:
    """One position an action may lead to, with its probability."""

    weight: float
    game: Game


class OutcomeModel(Protocol):
    """The distribution of positions after an action (the seam a plan's exact distribution
    plugs into)."""

    def outcomes(self, game: Game, action: Action, work: Work) -> list[Outcome]:
        """The weighted positions after ``action`` on a rehearsal copy of ``game``, each
        settled (idle or over); ``game`` itself is left as it was."""
        ...


@dataclass(frozen=True)
class SampledOutcomes:
    """Outcomes on rehearsal copies with the computer's own dice: every throw of a first roll
    with at most ``exact`` throws, else ``samples`` sampled throws."""

    samples: int = 4
    exact: int = EXACT_THROWS

    def outcomes(self, game: Game, action: Action, work: Work) -> list[Outcome]:
        first = branch(game)
        work.play(first, action)
        work.settle(first, stop_at_chance=True)
        node = first.pending()
        if not isinstance(node, Chance):
            return [Outcome(1.0, first)]
        if node.dice.sides ** node.dice.count <= self.exact:
            throws = OwnDice.every_throw(node.dice)
        else:
            throws = [work.dice.roll(node.dice) for _ in range(max(1, self.samples))]
        out = []
        for i, throw in enumerate(throws):
            copy = first if i == len(throws) - 1 else branch(first)
            work.play(copy, throw)
            work.settle(copy)
            out.append(Outcome(1.0 / len(throws), copy))
        return out


@dataclass(frozen=True)
class Rating:
    """A candidate rated for ``player``: the expected score over its outcomes (``now``: before
    the player's run was ended for the rating, where it differs)."""

    candidate: Candidate
    value: float
    outcomes: tuple[Outcome, ...]
    now: float | None = None
    then: Rating | None = None
    """The action this one opens that its rating was raised to (an activation, a move before
    the attack: see ``players._see_through``), rated in the position after it: the reason
    given for the choice names it."""

    @property
    def action(self) -> Action:
        """The rated action."""
        return self.candidate.action

    @property
    def immediate(self) -> float:
        """The expected score right after the action (what it changes by itself)."""
        return self.value if self.now is None else self.now


def rate(game: Game, candidate: Candidate, player: int, model: OutcomeModel,
         work: Work) -> Rating | None:
    """``candidate`` rated for ``player`` on rehearsal copies of ``game`` (None when the rules
    fail on it: it is then not a candidate). An action aimed at a unit (an attack, a charge)
    and ending are rated after the rest of the player's run is ended (:meth:`Work.run_out`),
    so a charge is worth the melee it starts and ending is worth the fights already begun;
    every other action at an idle table is rated with what ending changes
    (:attr:`Work.ended`) added, as the fights already begun are fought after it too."""
    action = candidate.action
    try:
        outcomes = model.outcomes(game, action, work)
        if action.target_id() is not None or isinstance(action, EndActivation):
            for outcome in outcomes:
                work.run_out(outcome.game, player)
            return Rating(candidate, _expected(outcomes, player, work), tuple(outcomes))
    except Exception:  # a rehearsal the rules cannot finish rates nothing
        return None
    now = _expected(outcomes, player, work)
    if work.ended is None or work.ended[0] != player or not isinstance(game.pending(), Idle):
        return Rating(candidate, now, tuple(outcomes))
    return Rating(candidate, now + work.ended[1], tuple(outcomes), now)


def _expected(outcomes: list[Outcome], player: int, work: Work) -> float:
    return sum(o.weight * work.evaluator.score(o.game.state, player) for o in outcomes)
