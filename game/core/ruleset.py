"""The base every ruleset subclasses: the contract, the engine and the table helpers.

:class:`Ruleset` puts three parts together, so that a reader sees at once what is required:

- :class:`~game.core.contract.RulesetContract` (``game/core/contract.py``): what a rules system
  **must write** (its declaration, ``profile_ids``, ``build_unit``, ``legal_actions`` and its
  action kinds) and what it **may answer** (each with a neutral default);
- :class:`~game.core.table_rules.TableRules` (``game/core/table_rules.py``): the **optional
  table helpers** it may reuse: trays, placement, free moves, the hand-over (WB-TBL-*);
- this module's **engine**, which no ruleset rewrites: the record of every action kind
  (check -> plan, handler, presentation), plans memoised per position, applying actions,
  feeding dice and answers to the procedure loop, and the default buttons built from the legal
  actions. It registers the table actions every ruleset has: sandbox moves and pivots, free
  dice, ending an activation, answering a decision.

A ruleset is an object (never a module-level singleton).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar, cast

from game.core import table_actions
from game.core.actions import (
    TABLE_ACTIONS,
    Action,
    Choose,
    EndActivation,
    FreeRoll,
    MoveHex,
    MoveUnit,
    Pivot,
)
from game.core.context import Context
from game.core.contract import RulesetContract
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.plan import ActionKind, Plan, Present, bare
from game.core.position import PositionMemo
from game.core.present import Command, LazyOffers, Offer, humanise, plain_label
from game.core.procedure import ProcedureLoop
from game.core.state import GameState
from game.core.table_actions import OVERLAP_AREA, hex_label, placement_problem
from game.core.table_rules import TABLE_RULE_TEXTS, TableRules
from game.core.unit_setup import SetupError, SetupProblem, UnitSetup

__all__ = [
    "OVERLAP_AREA",
    "TABLE_RULE_TEXTS",
    "Context",
    "Ruleset",
    "RulesetContract",
    "SetupError",
    "SetupProblem",
    "TableRules",
    "UnitSetup",
    "hex_label",
    "placement_problem",
]
"""Context, placement_problem, hex_label, OVERLAP_AREA, the setup records and the table's rule
texts live in game.core.context, game.core.table_actions, game.core.unit_setup and
game.core.table_rules; they are re-exported here, where rulesets have always found them."""

A = TypeVar("A", bound=Action)


def doc_hint(doc: str | None, fallback: str) -> str:
    """A player-facing tooltip from an action type's docstring: its first sentence (which
    may run over several lines), without the reStructuredText ``markup`` the developers read.
    A docstring's first line alone would stop mid-sentence and show ``field`` notation."""
    paragraph = " ".join((doc or "").strip().split("\n\n")[0].split())
    sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
    return sentence.replace("``", "").strip() or fallback


class Ruleset(TableRules, RulesetContract):
    """The base of every ruleset: the contract (:class:`RulesetContract`: what a rules system
    writes and may answer), the table helpers (:class:`TableRules`) and the engine below,
    which routes each action to its registered kind. See the module docstring."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        self._kinds: dict[type[Action], ActionKind[Any]] = {}
        self.memo = PositionMemo()
        """This game's answers per position (plans, prepared geometry, odds): the one cache."""
        self.loop = ProcedureLoop(self.procedure_steps())
        self.register_kind(ActionKind(MoveUnit, partial(table_actions.plan_move, self),
                                      table_actions.apply_move, table_actions.show_move))
        self.register_kind(ActionKind(MoveHex, partial(table_actions.plan_hexmove, self),
                                      table_actions.apply_hexmove, table_actions.show_move))
        self.register_kind(ActionKind(Pivot, partial(table_actions.plan_pivot, self),
                                      table_actions.apply_pivot))
        self.register(FreeRoll, table_actions.check_free_roll, table_actions.do_free_roll)
        self.register(EndActivation, self._check_end, self._do_end)
        self.register(Choose, self._check_choice, self.on_choice)

    def register(
        self,
        action_type: type[A],
        check: Callable[[GameState, A], Refusal | None],
        handle: Callable[[GameState, A, Context], None],
        present: Present[A] | None = None,
    ) -> None:
        """Register an action whose plan is the action itself (see :meth:`register_kind`):
        a check that refuses or not, a handler that reads the action, its presentation.
        :class:`Choose` stays planned whatever the check (:meth:`_plan_answer`): an offered
        answer is legal as it is and an answer with dice to follow carries their odds."""
        if action_type is Choose:
            answer_check = cast(Callable[[GameState, Choose], Refusal | None], check)
            answer_handle = cast(Callable[[GameState, Choose, Context], None], handle)
            self.register_kind(cast(ActionKind[A], self._answer_kind(
                answer_check, answer_handle, cast(Present[Choose] | None, present))))
            return
        self.register_kind(ActionKind.simple(action_type, check, handle, present))

    def register_kind(self, kind: ActionKind[A]) -> None:
        """Route an action type to its record: its check (-> :class:`Plan` or
        :class:`Refusal`), its handler (plan -> events) and its presentation."""
        self._kinds[kind.action_type] = kind

    def plans_odds(self, action: Action, state: GameState | None = None) -> bool:
        """Whether ``action``'s kind computes a real plan, so that an empty
        :attr:`~game.core.plan.Plan.outcomes` means "no dice" (a simple kind's plan is the
        bare action and reports no odds, with dice or without: ``warbench odds`` says so).
        An answer (:class:`Choose`) in ``state`` reports odds when the running procedure's
        steps compute them (:meth:`~game.core.procedure.Steps.answer_odds`)."""
        kind = self._kinds.get(type(action))
        if isinstance(action, Choose) and state is not None:
            return self.loop.reports_odds(state, action)
        return kind is not None and kind.planned

    def present_as(self, action_type: type[A], present: Present[A]) -> None:
        """Give an already registered action type (a table action) this ruleset's words,
        keeping its check and handler."""
        self._kinds[action_type] = replace(self._kinds[action_type], present=present)

    def action_types(self) -> tuple[type[Action], ...]:
        """Every action type this ruleset understands (the table's and its own)."""
        extra = tuple(t for t in self._kinds if t not in TABLE_ACTIONS)
        return TABLE_ACTIONS + extra

    def decision(self, state: GameState) -> PlayerDecision | Chance | None:
        """The decision or chance node the running procedure waits for, if any."""
        return self.loop.waiting(state)

    def plan(self, state: GameState, action: Action) -> Plan[Any, Any] | Refusal:
        """What ``action`` will do now (a :class:`Plan`), or why it is not legal: the check
        its :class:`ActionKind` registered, computed once per position and action
        (:attr:`memo`). Never changes the state."""
        kind = self._kinds.get(type(action))
        if kind is None:
            return Refusal(f"'{action.verb}' is not an action of {self.name}", ())
        return self.memo.get(state, ("plan", action), partial(kind.check, state, action))

    def why_not(self, state: GameState, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now, or None if it is. Never changes the state."""
        plan = self.plan(state, action)
        return plan if isinstance(plan, Refusal) else None

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        """Carry out a legal action (the Game has checked it): its handler applies its plan.
        The memo starts a new generation before and after (the handler changes the state)."""
        # an offered answer is legal as it is (the Game checked it against the decision)
        plan = bare(action) if isinstance(action, Choose) else self.plan(state, action)
        if isinstance(plan, Refusal):  # the Game checks first; a direct caller may not have
            raise ValueError(f"{action} is not legal: {plan.reason}")
        with self.memo.changing():
            self._kinds[type(action)].handle(state, plan, ctx)

    def on_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        """Feed a chance node's results to the running procedure, then run on."""
        with self.memo.changing():
            self.loop.feed_dice(state, results, ctx)
            self.settle(state, ctx)

    def on_choice(self, state: GameState, choice: Choose, ctx: Context) -> None:
        """Feed a decision's answer (offered, or a free answer the ruleset accepted) to the
        running procedure, then run on."""
        with self.memo.changing():
            self.loop.feed_answer(state, choice, ctx)
            self.settle(state, ctx)

    def _answer_kind(self, check: Callable[[GameState, Choose], Refusal | None],
                     handle: Callable[[GameState, Choose, Context], None],
                     present: Present[Choose] | None) -> ActionKind[Choose]:
        """The record of decision answers: planned by :meth:`_plan_answer` with ``check``
        for free answers, applied by ``handle``."""

        def apply(state: GameState, plan: Plan[Choose, Any], ctx: Context) -> None:
            handle(state, plan.action, ctx)

        return ActionKind(Choose, partial(self._plan_answer, check), apply, present)

    def _plan_answer(self, check: Callable[[GameState, Choose], Refusal | None],
                     state: GameState, choice: Choose) -> Plan[Choose, None] | Refusal:
        """A decision's answer as a plan (issue 29): an offered answer is legal as it is, a
        free one is checked (``check``); when dice follow, the running procedure's
        :meth:`~game.core.procedure.Steps.answer_odds` gives its exact outcomes, so every
        decision offer can show its odds as an action's plan does."""
        node = self.decision(state)
        offered = isinstance(node, PlayerDecision) and choice in node.options
        if not offered:
            refusal = check(state, choice)
            if refusal is not None:
                return refusal
        rules = node.rules if isinstance(node, PlayerDecision) else ()
        return Plan(choice, None, rules, odds=self.loop.answer_odds(state, choice))

    def _check_choice(self, state: GameState, choice: Choose) -> Refusal | None:
        """Why a free answer is refused (offered answers never get here: the Game accepts
        them)."""
        return self.loop.check_answer(state, choice)

    def settle(self, state: GameState, ctx: Context) -> None:
        """Run the procedures' automatic steps; when none is left, :meth:`procedures_done`."""
        self.loop.run(state, ctx, self.procedures_done)

    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        """The legal discrete actions of one unit now (what its buttons offer). Rulesets
        override it with a cheaper per-unit computation; the answers must equal the unit's
        share of :meth:`legal_actions`."""
        return [a for a in self.legal_actions(state) if a.actor() == unit_id]

    def present(self, state: GameState, action: Action) -> Offer:
        """An action or answer as a player sees it: label, tooltip, target and ghost. The
        presentation its :class:`ActionKind` registered, given the action's plan (or refusal;
        a simple kind's bare plan: its check is not run just to present it);
        an answer the waiting decision offers is shown as offered (a free answer by the
        presentation registered for :class:`Choose`, if any); else a plain label."""
        if isinstance(action, Choose):
            node = self.decision(state)
            for offer in node.offers if isinstance(node, PlayerDecision) else ():
                if offer.action == action:
                    return offer
        kind = self._kinds.get(type(action))
        if kind is not None and kind.present is not None:
            plan = self.plan(state, action) if kind.planned else bare(action)
            return kind.present(state, action, plan)
        return self.plain_offer(state, action)

    def plain_offer(self, state: GameState, action: Action) -> Offer:
        """The plain presentation: a label from the fields, aimed at the action's target."""
        names = {u.id: u.name for u in state.units.values()}
        return Offer(action, plain_label(action, names), target=action.target_id())

    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        """The buttons of ``unit_id`` now: one per action type the unit performs, with its
        legal offers or the refusal that disables it. The default groups
        :meth:`legal_actions_for` by type; rulesets override it for steering and labels."""
        return self.commands_from(state, self.legal_actions_for(state, unit_id), unit_id)

    def commands_from(self, state: GameState, legal: Sequence[Action],
                      unit_id: str | None = None,
                      later: Mapping[type[Action], Callable[[], Iterable[Action]]] | None = None,
                      ) -> tuple[Command, ...]:
        """:meth:`commands` built from a given list of a unit's legal actions (a ruleset that
        turns a command into pointing needs only one of its actions to build it); a button
        with no legal use is disabled with :meth:`idle_reason` for ``unit_id``.

        Offers are presented when read (:class:`LazyOffers`: a panel asks only whether each
        button can be pressed). ``later``: the legal actions of some action types, listed
        only when read (instead of from ``legal``): each is checked as far as the button's
        offers are read, so an attack button needs one legal attack, not all (issue 32)."""
        out: list[Command] = []
        for action_type in self.action_types():
            if action_type in TABLE_ACTIONS:
                continue
            source = later.get(action_type) if later else None
            mine = self.lazy_offers(state, source or partial(of_type, legal, action_type))
            label = humanise(action_type.__name__)
            why = None if mine or unit_id is None else self.idle_reason(state, unit_id,
                                                                          action_type)
            refusal = None if mine else (
                Refusal(f"{label}: {why.reason}", why.rules) if why is not None else
                Refusal(f"{label}: no legal use right now", ()))
            out.append(Command(action_type.verb, label, doc_hint(action_type.__doc__, label),
                               mine, refusal=refusal))
        return tuple(out)

    def lazy_offers(self, state: GameState, actions: Callable[[], Iterable[Action]]
                    ) -> LazyOffers:
        """A button's offers: the legal actions ``actions()`` lists, listed and presented
        (:meth:`present`) only as far as they are read (:class:`LazyOffers`: a panel asks
        only whether each button can be pressed)."""
        return LazyOffers(lambda: (self.present(state, a) for a in actions()))


def of_type(legal: Sequence[Action], action_type: type[Action]) -> Iterator[Action]:
    """The actions of ``legal`` of exactly ``action_type``, in order."""
    return (a for a in legal if type(a) is action_type)
