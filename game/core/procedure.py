"""One procedure protocol and one run loop for every ruleset.

A rules procedure (a Charge's steps 1-5, an attack's resolution, a melee's MEL.0-80) is split
in two:

- its **state**, a :class:`game.core.state.Procedure` dataclass on ``GameState.procedures``
  (plain data: copied for undo, hashed, saved through replay);
- its **steps**, a :class:`Steps` object that the ruleset registers for that state class: what
  it waits for (a decision or a chance node), how it takes dice and answers, and the automatic
  work it does between them.

:class:`ProcedureLoop` runs the innermost procedure's automatic steps until one waits for a
player or dice, or the stack is empty. Rulesets never write their own ``isinstance`` switch over
procedure kinds. Models: OpenSpiel's chance and decision nodes, boardgame.io's stages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from game.core.actions import Action
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.state import GameState, Procedure

if TYPE_CHECKING:
    from game.core.plan import Outcomes
    from game.core.ruleset import Context

Odds = Callable[[], "Outcomes"]
"""A call that computes an answer's exact outcome distributions (lazily: offering a decision
never pays for its odds; only a player or a program that asks for them does)."""

P = TypeVar("P", bound=Procedure)

MAX_STEPS = 10_000
"""Guard against procedures that never settle (a bug, reported instead of hanging)."""


class Steps(Generic[P]):
    """How one kind of procedure behaves; subclass per procedure, set :attr:`kind`.

    Every method receives the state and the procedure record; none keeps state of its own, so
    one instance serves every game of its ruleset.
    """

    kind: ClassVar[type[Procedure]]

    def waiting(self, state: GameState, proc: P) -> PlayerDecision | Chance | None:
        """The decision or dice this procedure waits for now, or None if it has automatic work
        to do (or is finished)."""
        return None

    def advance(self, state: GameState, proc: P, ctx: Context) -> bool:
        """Do automatic work; return True if anything changed (the loop then looks again),
        False if the procedure waits (for a decision or dice). It must not return True
        without progress: the loop would spin until :data:`MAX_STEPS`."""
        return False

    def on_dice(self, state: GameState, proc: P, results: tuple[int, ...], ctx: Context) -> None:
        """Take the results of the chance node :meth:`waiting` returned."""
        raise NotImplementedError(f"{type(self).__name__} asked for no dice")

    def on_answer(self, state: GameState, proc: P, answer: Action, ctx: Context) -> None:
        """Take the answer to the decision :meth:`waiting` returned (offered or free)."""
        raise NotImplementedError(f"{type(self).__name__} asked no question")

    def check_answer(self, state: GameState, proc: P, answer: Action) -> Refusal | None:
        """Why a *free* answer (not one of the offers) is refused; offers never reach here."""
        return Refusal("answer with one of the offered choices", ())

    def answer_odds(self, state: GameState, proc: P, answer: Action) -> Odds | None:
        """When the outcome of answering ``answer`` now has dice (an allocation, a formation
        that changes a pool, rolling a declared attack): a call computing its exact
        :class:`~game.core.plan.Outcomes` from the same steps the resolution runs, reading
        only what it captured now (the call may come later). None: no dice follow (or,
        where :meth:`reports_odds` says so, they are not reported)."""
        return None

    def reports_odds(self, state: GameState, proc: P, answer: Action) -> bool:
        """Whether :meth:`answer_odds` speaks for ``answer``: its odds, or None because no
        dice follow it. False (``warbench odds`` then says the odds are not reported, never
        that the outcome is certain) by default unless :meth:`answer_odds` is overridden;
        steps that compute the odds of some answers only override this too."""
        return type(self).answer_odds is not Steps.answer_odds


class ProcedureLoop:
    """Dispatches to the :class:`Steps` registered for each procedure class and runs them."""

    def __init__(self, steps: Iterable[Steps[Any]] = ()) -> None:
        self._steps: dict[type[Procedure], Steps[Any]] = {}
        for s in steps:
            self.add(s)

    def add(self, steps: Steps[Any]) -> None:
        """Register the steps of one procedure class (one per class)."""
        if steps.kind in self._steps:
            raise ValueError(f"two Steps for {steps.kind.__name__}")
        self._steps[steps.kind] = steps

    def steps_for(self, proc: Procedure) -> Steps[Any]:
        """The steps of ``proc``'s class (its nearest registered base class)."""
        for cls in type(proc).__mro__:
            found = self._steps.get(cls)
            if found is not None:
                return found
        raise KeyError(f"no Steps registered for {type(proc).__name__}")

    def waiting(self, state: GameState) -> PlayerDecision | Chance | None:
        """What the innermost procedure waits for (None when nothing runs or it is over)."""
        proc = state.procedure
        if proc is None or state.outcome is not None:
            return None
        return self.steps_for(proc).waiting(state, proc)

    def feed_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        """Give dice to the innermost procedure."""
        proc = state.procedure
        if proc is None:
            raise RuntimeError("dice arrived while no procedure runs")
        self.steps_for(proc).on_dice(state, proc, results, ctx)

    def feed_answer(self, state: GameState, answer: Action, ctx: Context) -> None:
        """Give a decision's answer to the innermost procedure."""
        proc = state.procedure
        if proc is None:
            raise RuntimeError("an answer arrived while no procedure runs")
        self.steps_for(proc).on_answer(state, proc, answer, ctx)

    def check_answer(self, state: GameState, answer: Action) -> Refusal | None:
        """Why a free answer is refused by the innermost procedure."""
        proc = state.procedure
        if proc is None:
            return Refusal("no decision is waiting for an answer", ())
        return self.steps_for(proc).check_answer(state, proc, answer)

    def answer_odds(self, state: GameState, answer: Action) -> Odds | None:
        """The innermost procedure's odds of ``answer`` (:meth:`Steps.answer_odds`)."""
        proc = state.procedure
        if proc is None or state.outcome is not None:
            return None
        return self.steps_for(proc).answer_odds(state, proc, answer)

    def reports_odds(self, state: GameState, answer: Action) -> bool:
        """Whether the innermost procedure speaks for ``answer``'s odds
        (:meth:`Steps.reports_odds`): else its empty outcomes mean "not reported", never
        "no dice"."""
        proc = state.procedure
        if proc is None or state.outcome is not None:
            return False
        return self.steps_for(proc).reports_odds(state, proc, answer)

    def run(self, state: GameState, ctx: Context,
            when_empty: Callable[[GameState, Context], None] | None = None) -> None:
        """Run automatic steps until a procedure waits or the stack is empty; then call
        ``when_empty`` once (e.g. to end the activation). A finished game clears the stack."""
        for _ in range(MAX_STEPS):
            if state.outcome is not None:
                state.procedures.clear()
                return
            proc = state.procedure
            if proc is None:
                if when_empty is not None:
                    when_empty(state, ctx)
                return
            if not self.steps_for(proc).advance(state, proc, ctx):
                return
        raise RuntimeError("a procedure did not settle")
