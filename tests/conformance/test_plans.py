"""Plan records (issue 24), checked on every registered ruleset and on the toy.

Over the conformance playouts (:mod:`tests.conformance.cases`), for a sample of the legal
actions of every state:

- the plan is what the action does: applying the action leaves every unit the plan places
  where the plan said (``Plan.placements``);
- a plan is computed once per position and action: ``why_not``, ``present``, the odds and the
  handler all read the one memoised plan;
- a plan's outcome distributions are exact distributions (probabilities summing to 1) that
  cite catalogued rules, and ``outcome_distributions`` answers with them.
"""

from __future__ import annotations

import random
from fractions import Fraction

from game.core.actions import Action, MoveHex, MoveUnit, Pivot
from game.core.game import Game
from game.core.odds import odds_lines, outcome_distributions
from game.core.pending import Idle, PlayerDecision, Refusal
from game.core.plan import Outcomes, Placement, Plan
from game.core.state import GameState
from game.scenario import load_scenario
from tests.conformance.cases import CASES, TOY, Case, branch, case_ids
from tests.conformance.test_conformance import (
    MAX_ACTIONS,
    _every_state_listed,
    _guard,
    _problems_text,
    _sample,
    params,
)
from tests.conformance.toy import Step, Tag, toy_game
from tests.conftest import SCENARIOS

assert CASES and case_ids()


def _misplaced(state: GameState, placement: Placement) -> str | None:
    """How ``state`` differs from where ``placement`` said the unit would stand."""
    unit = state.units.get(placement.unit)
    if unit is None:
        return f"{placement.unit} is gone"
    if placement.pose is not None:
        tray = unit.tray
        pose = None if tray is None else (tray.x, tray.y, tray.facing)
        if pose is None or any(abs(a - b) > 1e-6 for a, b in zip(pose, placement.pose,
                                                                   strict=True)):
            return f"{unit.id} stands at {pose}, the plan said {placement.pose}"
    if placement.hex is not None:
        at = None if unit.hex is None else (unit.hex.q, unit.hex.r)
        if at != placement.hex:
            return f"{unit.id} stands on {at}, the plan said {placement.hex}"
    if placement.hex_facing is not None and unit.hex_facing != placement.hex_facing:
        return f"{unit.id} faces {unit.hex_facing}, the plan said {placement.hex_facing}"
    return None


def _outcome_problems(game: Game, outcomes: Outcomes) -> list[str]:
    """Why ``outcomes`` is not a set of exact distributions citing catalogued rules."""
    catalogue = game.ruleset.catalogue()
    problems = []
    for quantity in outcomes:
        total = sum((p for _, p in quantity.values), Fraction(0))
        if total != 1:
            problems.append(f"{quantity.name} sums to {total}")
        if any(not isinstance(p, Fraction) or p < 0 for _, p in quantity.values):
            problems.append(f"{quantity.name} has a probability that is not a fraction >= 0")
        if not quantity.rules or any(r not in catalogue for r in quantity.rules):
            problems.append(f"{quantity.name} cites {quantity.rules}")
    return problems


def _planned(game: Game, listed: tuple[Action, ...]) -> list[Action]:
    """The listed actions the ruleset plans: an idle player's (a decision's answers and the
    dice are the core's)."""
    return list(listed) if isinstance(game.pending(), Idle) else []


def _check_action(problems: list[str], where: str, game: Game, action: Action) -> None:
    """One action's plan against what applying it does (on a branch of ``game``)."""
    copy = branch(game)
    plan = copy.ruleset.plan(copy.state, action)
    if isinstance(plan, Refusal):
        problems.append(f"{where}: legal '{action}' has no plan: {plan.reason}")
        return
    outcomes = _guard(problems, f"{where} outcomes of '{action}'", lambda: plan.outcomes)
    if isinstance(outcomes, Outcomes):
        problems.extend(f"{where} '{action}': {p}" for p in _outcome_problems(copy, outcomes))
        if outcome_distributions(copy, action) != outcomes:
            problems.append(f"{where} '{action}': outcome_distributions is not the plan's")
    if _guard(problems, f"{where} apply '{action}'", copy.apply, action) is None:
        return
    for placement in plan.placements:
        wrong = _misplaced(copy.state, placement)
        if wrong:
            problems.append(f"{where} '{action}': {wrong}")


@params
def test_applying_an_action_gives_the_state_its_plan_predicted(case: Case) -> None:
    """Every sampled legal action of the playouts is applied on a branch; the units its plan
    places stand where the plan said, and its odds are exact distributions."""
    problems: list[str] = []
    rng = random.Random(1)
    placed = 0
    for seed, step, game, listed in _every_state_listed(case):
        for action in _sample(rng, _planned(game, listed), MAX_ACTIONS // 3):
            plan = game.ruleset.plan(game.state, action)
            placed += isinstance(plan, Plan) and bool(plan.placements)
            _check_action(problems, f"seed {seed} step {step}", game, action)
    if case.id == TOY:
        assert placed, "the toy's steps place their runners"
    assert not problems, _problems_text(problems)


@params
def test_a_plan_is_computed_once_per_position_and_action(case: Case) -> None:
    """``why_not``, ``present`` and the odds of one action in one position compute its plan
    once (the core's memo); a new position computes it again."""
    problems: list[str] = []
    rng = random.Random(2)
    for seed, step, game, listed in _every_state_listed(case):
        memo = game.ruleset.memo
        for action in _sample(rng, _planned(game, listed), 3):
            before = memo.computed["plan"]
            game.why_not(action)
            game.ruleset.present(game.state, action)
            game.why_not(action)
            outcome_distributions(game, action)
            if memo.computed["plan"] - before > 1:
                problems.append(f"seed {seed} step {step} '{action}': the plan was computed "
                                f"{memo.computed['plan'] - before} times")
    assert not problems, _problems_text(problems)


def _toy_tag() -> tuple[Game, Tag]:
    """A toy game in its tag phase with a tagger next to a runner, and that tag."""
    game = toy_game(seed=1)
    state = game.state
    state.turn.phase = "tag"
    state.units["b1"].hex = state.units["r3"].hex.neighbors()[0]  # type: ignore[union-attr]
    game.ruleset.memo.forget()
    return game, next(a for a in game.legal_actions() if isinstance(a, Tag))


def test_toy_tag_plan_gives_the_exact_odds_the_hover_shows() -> None:
    """TOY-TAG-3: the tag's plan holds the exact chance per number of dice, the hover's odds
    chart shows those very numbers, and outcome_distributions returns them."""
    game, tag = _toy_tag()
    state = game.state
    outcomes = outcome_distributions(game, tag)
    assert isinstance(outcomes, Outcomes)
    dodge = state.units[tag.target].dodge  # type: ignore[attr-defined]
    one = outcomes.get("tagged_out_1d")
    assert one is not None and one.probability(1) == Fraction(7 - dodge, 6)
    inspection = game.ruleset.inspect_pair(state, tag.unit, tag.target)
    assert inspection is not None
    assert [p for _, p in inspection.odds[0].bars] == [q.probability(1) for q in outcomes]
    assert outcomes.as_mapping()["tagged_out_1d"][1] == one.probability(1)


def test_toy_step_plan_predicts_the_hex_and_refuses_with_the_rule() -> None:
    """TOY-MOV-1: a step's plan places the runner on its hex; a step two hexes away is
    refused citing the rule, and outcome_distributions passes the refusal on."""
    game = toy_game(seed=2)
    step = next(a for a in game.legal_actions() if isinstance(a, Step))
    plan = game.ruleset.plan(game.state, step)
    assert isinstance(plan, Plan) and plan.placements[0].hex == (step.q, step.r)
    far = Step(step.unit, step.q + 5, step.r)
    refused = outcome_distributions(game, far)
    assert isinstance(refused, Refusal) and "TOY-MOV-1" in refused.rules


def test_wb_tbl_1_a_sandbox_moves_plan_is_where_the_unit_lands() -> None:
    """WB-TBL-1: a sandbox move's plan places the tray (or the hex unit) exactly where
    applying the move puts it, and shows its ghost there."""
    game = load_scenario(SCENARIOS / "sandbox_table.toml").new_game()
    move = MoveUnit("n1", 10.0, 8.0, 45.0)
    plan = game.ruleset.plan(game.state, move)
    assert isinstance(plan, Plan) and plan.rules == ("WB-TBL-1",)
    assert game.ruleset.present(game.state, move).ghost.pose == (10.0, 8.0, 45.0)  # type: ignore[union-attr]
    game.apply(move)
    assert _misplaced(game.state, plan.placements[0]) is None
    hexes = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game()
    unit = hexes.state.live_units(hexes.state.turn.active)[0]
    assert unit.hex is not None
    goal = next(h for h in unit.hex.neighbors()
                if hexes.why_not(MoveHex(unit.id, h.q, h.r, 2)) is None)
    hex_plan = hexes.ruleset.plan(hexes.state, MoveHex(unit.id, goal.q, goal.r, 2))
    assert isinstance(hex_plan, Plan)
    hexes.apply(MoveHex(unit.id, goal.q, goal.r, 2))
    assert _misplaced(hexes.state, hex_plan.placements[0]) is None


def test_wb_tbl_2_a_sandbox_pivots_plan_is_the_facing_it_takes() -> None:
    """WB-TBL-2: a sandbox pivot's plan turns the tray in place to the facing it takes."""
    game = load_scenario(SCENARIOS / "sandbox_table.toml").new_game()
    pivot = Pivot("n1", 135.0)
    plan = game.ruleset.plan(game.state, pivot)
    assert isinstance(plan, Plan) and plan.rules == ("WB-TBL-2",)
    game.apply(pivot)
    assert _misplaced(game.state, plan.placements[0]) is None


@params
def test_every_decision_answer_has_a_plan_with_exact_odds(case: Case) -> None:
    """Issue 29: every offered answer of every decision of the playouts has a plan (offered
    answers are legal as they are), computed once in its position; when dice follow, its
    outcomes are exact distributions citing catalogued rules, and ``outcome_distributions``
    and the table's tooltip words (``odds_lines``) read them."""
    problems: list[str] = []
    with_odds = 0
    for seed, step, game, _ in _every_state_listed(case):
        node = game.pending()
        if not isinstance(node, PlayerDecision):
            continue
        memo = game.ruleset.memo
        for offer in node.offers[:4]:
            where = f"seed {seed} step {step} '{offer.action}'"
            before = memo.computed["plan"]
            plan = game.ruleset.plan(game.state, offer.action)
            if isinstance(plan, Refusal):
                problems.append(f"{where}: an offered answer has no plan: {plan.reason}")
                continue
            outcomes = _guard(problems, f"{where} outcomes", lambda p=plan: p.outcomes)
            if not isinstance(outcomes, Outcomes):
                continue
            with_odds += bool(outcomes)
            problems.extend(f"{where}: {p}" for p in _outcome_problems(game, outcomes))
            if outcome_distributions(game, offer.action) != outcomes:
                problems.append(f"{where}: outcome_distributions is not the plan's")
            if len(odds_lines(game.ruleset, game.state, offer.action)) != len(outcomes):
                problems.append(f"{where}: the tooltip words are not one line per quantity")
            if memo.computed["plan"] - before > 1:
                problems.append(f"{where}: the plan was computed more than once")
    if case.id == TOY:
        assert with_odds, "the toy's effort answers carry the tag's odds"
    assert not problems, _problems_text(problems)


def test_an_answer_whose_odds_are_not_computed_is_never_called_certain() -> None:
    """Steps that do not compute their answers' odds (no ``answer_odds``) leave
    ``plans_odds`` false for those answers, so ``warbench odds`` says "not reported"; steps
    that do say so for each answer they speak for."""
    from game.core.procedure import Steps
    from tests.conformance.toy import TagSteps

    game, tag = _toy_tag()
    game.apply(tag)
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    answer = node.offers[0].action
    assert game.ruleset.plans_odds(answer, game.state)
    steps = game.ruleset.loop.steps_for(game.state.procedures[-1])
    assert isinstance(steps, TagSteps)
    original = TagSteps.answer_odds
    try:
        TagSteps.answer_odds = Steps.answer_odds  # type: ignore[method-assign]
        assert not game.ruleset.plans_odds(answer, game.state)
    finally:
        TagSteps.answer_odds = original  # type: ignore[method-assign]
