"""Realms plans (issue 24): one attack's geometry and odds serve the listing, the button, the
check, the odds entry point and the declaration; a walk's plan is where the unit stands."""

from __future__ import annotations

import pytest

from game.core.actions import Choose
from game.core.odds import outcome_distributions
from game.core.plan import Outcomes, Plan
from game.rulesets.realms import ruleset as rl_ruleset
from game.rulesets.realms.actions import Command, Strike, Walk
from game.rulesets.realms.odds import attack_odds
from tests.counting import count_calls

from .helpers import ru, scenario, unit


def test_rl_dec_1_an_attack_is_worked_out_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """RL-DEC-1: the attempt of one attack (reach, sight, modifiers, plan) is worked out once
    in one position, whoever asks; the declared procedure holds the plan's own attack plan
    and the odds entry point gives the resolver's exact odds."""
    sc = scenario([unit("a", 1, (0, 0), 1, stats={"health": 99}),
                   unit("d", 2, (1, 0), 4, stats={"health": 99, "armor": {"slash": 2}})])
    game = sc.new_game()
    game.apply(Command("a"))
    calls = count_calls(monkeypatch, rl_ruleset, "attempt")
    strike, rules, state = Strike("a", "d"), game.ruleset, game.state
    assert strike in rules.legal_actions_for(state, "a")
    rules.commands(state, "a")
    offer = rules.present(state, strike)
    outcomes = outcome_distributions(game, strike)
    plan = rules.plan(state, strike)
    assert isinstance(plan, Plan) and isinstance(outcomes, Outcomes)
    exact = attack_odds(plan.detail.plan)
    wounds = outcomes.get("wounds")
    assert wounds is not None and wounds.at_least(1) == exact.hurts
    assert f"wounds {float(exact.hurts):.0%}" in offer.hint
    game.apply(strike)
    assert len(calls) == 1
    assert game.state.procedures[-1].plan is plan.detail.plan  # type: ignore[attr-defined]


def test_rl_mov_1_a_walks_plan_is_where_the_unit_stands() -> None:
    """RL-MOV-1: a walk's plan places the unit on its space and facing; applying it puts it
    there."""
    game = scenario([unit("a", 1, (0, 0), 1), unit("d", 2, (4, 0), 4)]).new_game()
    game.apply(Command("a"))
    walk = next(a for a in game.legal_actions() if isinstance(a, Walk))
    plan = game.ruleset.plan(game.state, walk)
    assert isinstance(plan, Plan)
    game.apply(walk)
    moved = ru(game, "a")
    assert moved.hex is not None and plan.placements[0].hex == (moved.hex.q, moved.hex.r)
    assert plan.placements[0].hex_facing == moved.hex_facing


def test_rl_dec_1_the_declared_attacks_answers_carry_its_odds() -> None:
    """RL-DEC-1: once declared, rolling the attack (and refusing to call it off) has the
    attack's own exact outcomes as its answer's plan; asking to call it off rolls nothing.
    The hover's charts are the same outcomes."""
    sc = scenario([unit("a", 1, (0, 0), 1, stats={"health": 99}),
                   unit("d", 2, (1, 0), 4, stats={"health": 99, "armor": {"slash": 2}})])
    game = sc.new_game()
    game.apply(Command("a"))
    rules, strike = game.ruleset, Strike("a", "d")
    declared = outcome_distributions(game, strike)
    assert isinstance(declared, Outcomes) and declared
    seen = rules.inspect_pair(game.state, "a", "d")
    assert seen is not None
    wounds = declared.get("wounds")
    assert wounds is not None and seen.odds[0].bars == tuple(
        (str(v), p) for v, p in wounds.values)
    game.apply(strike)
    roll = outcome_distributions(game, Choose.of(declared="roll"))
    assert isinstance(roll, Outcomes) and roll.as_mapping() == declared.as_mapping()
    cancel = outcome_distributions(game, Choose.of(declared="cancel"))
    assert cancel == Outcomes()
    game.apply(Choose.of(declared="cancel"))
    refuse = outcome_distributions(game, Choose.of(cancel="refuse"))
    assert isinstance(refuse, Outcomes) and refuse.as_mapping() == declared.as_mapping()
    assert outcome_distributions(game, Choose.of(cancel="agree")) == Outcomes()
