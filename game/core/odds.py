"""The odds of an action, ruleset-agnostic: the exact outcome distributions of its plan.

:func:`outcome_distributions` is the one public entry point (``warbench odds`` and a computer
opponent call it with a game); :func:`plan_outcomes` is the same computation for code that holds
a ruleset and a state (a ruleset's hover asks it), so the hover's odds and the command line's
are one function's answer. Both read :attr:`game.core.plan.Plan.outcomes`, which the ruleset
computes from the same steps its resolution runs.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.game import Game
from game.core.inspect import OddsChart
from game.core.pending import Refusal
from game.core.plan import Outcomes, Quantity
from game.core.present import Offer
from game.core.ruleset import Ruleset
from game.core.state import GameState


def plan_outcomes(ruleset: Ruleset, state: GameState, action: Action) -> Outcomes | Refusal:
    """The exact outcome distributions of ``action``'s plan in ``state`` (empty for an action
    without dice), or why the action is not legal now."""
    plan = ruleset.plan(state, action)
    return plan if isinstance(plan, Refusal) else plan.outcomes


def outcome_distributions(game: Game, action: Action) -> Outcomes | Refusal:
    """Given a game and an action: each quantity the ruleset reports for it (wounds, models
    lost, damage, panic...) with its exact distribution of value -> probability, as an
    :class:`~game.core.plan.Outcomes` record; or the refusal when the action is not legal now
    (the game's own check first: a pending decision or dice, a finished game)."""
    refusal = game.why_not(action)
    if refusal is not None:
        return refusal
    return plan_outcomes(game.ruleset, game.state, action)


def at_least_chart(quantity: Quantity, title: str | None = None, *,
                   start: int = 1) -> OddsChart:
    """An :class:`OddsChart` of a quantity as the table draws it: the chance of each value
    from ``start`` up, or more ("2+")."""
    top = max((v for v, _ in quantity.values), default=0)
    bars = tuple((f"{v}+", quantity.at_least(v)) for v in range(start, top + 1))
    return OddsChart(title or quantity.label, bars, quantity.rules)


def quantity_words(quantity: Quantity) -> str:
    """One quantity as a player reads it: ``Wounds to the target: mean 1.25, 62% for at
    least 1`` (exact mean; the chance of at least one, or of 1 or more when it can be
    negative)."""
    some = quantity.at_least(1)
    chance = f"{float(some):.0%}"
    if some not in (0, 1) and chance in ("0%", "100%"):
        chance = "<1%" if chance == "0%" else ">99%"  # never call an uncertain thing sure
    return f"{quantity.label}: mean {float(quantity.mean()):.2f}, {chance} for at least 1"


def odds_lines(ruleset: Ruleset, state: GameState, action: Action) -> tuple[str, ...]:
    """The exact odds of ``action``'s plan in words, one line per quantity its dice decide
    (:func:`quantity_words`); none when it is refused or has no dice. What the table shows
    beside a decision offer's label (issue 29): the plan's own outcomes, computed once per
    position (the ruleset's memo), never a copy."""
    found = plan_outcomes(ruleset, state, action)
    return () if isinstance(found, Refusal) else tuple(map(quantity_words, found))


def offer_tip(ruleset: Ruleset, state: GameState, offer: Offer) -> str:
    """The whole tooltip of an offer's button: its label, its hint and the exact odds of its
    plan (:func:`odds_lines`), each on its own line."""
    parts = [offer.label, offer.hint, *odds_lines(ruleset, state, offer.action)]
    return "\n".join(p.strip() for p in parts if p.strip())
