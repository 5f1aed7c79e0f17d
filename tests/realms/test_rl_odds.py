"""Exact odds (icepool) from the resolver's own plan, checked against the issue's numbers and
against seeded Monte Carlo runs of the real resolver (the game's attack procedure)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Choose, RollPending
from game.rulesets.realms.actions import Command, Strike
from game.rulesets.realms.attack import AttackPlan, resolve
from game.rulesets.realms.odds import attack_odds

from .helpers import duel, ru, scenario, unit

ISSUE_PLAN = AttackPlan((8, 6), "slash", 2, 6, 0, True, 0)
"""d8 + d6 against armor 2 and a d6 defense die, adjacent (a counterattack can reach)."""


def test_rl_def_1_issue_check_exact_fractions() -> None:
    odds = attack_odds(ISSUE_PLAN)
    assert odds.hurts == Fraction(103, 144)  # 71.53 %
    assert odds.nothing == Fraction(13, 144)  # 9.03 %: exactly 0 either way
    assert odds.countered == Fraction(7, 36)  # 19.44 %
    assert sum(odds.damage.values()) == 1 and sum(odds.counter.values()) == 1


def test_odds_come_from_the_plan_the_game_builds() -> None:
    g = duel(d={"stats": {"armor": {"slash": 2}}})
    from game.rulesets.realms.rules import Attempt, attempt

    found = attempt(g.ruleset.settings, g.state, ru(g, "a"), "d", "main")  # type: ignore[attr-defined]
    assert isinstance(found, Attempt)
    assert found.plan.dice == (8, 6) and found.plan.armor == 2 and found.plan.counter
    assert attack_odds(found.plan).hurts == Fraction(103, 144)
    lines = g.ruleset.inspect_pair(g.state, "a", "d")
    assert lines is not None and lines.odds and lines.odds[0].rules


@given(st.lists(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 10, 12, 20]), min_size=1, max_size=3),
       st.integers(0, 6), st.sampled_from([0, 4, 6, 8]), st.integers(-2, 2), st.booleans(),
       st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_odds_equal_brute_force_enumeration(dice: list[int], armor: int, dd: int, mod: int,
                                            counter: bool, cut: int) -> None:
    plan = AttackPlan(tuple(dice), "slash", armor, dd, mod, counter, cut)
    odds = attack_odds(plan)
    import itertools

    faces = [range(1, d + 1) for d in dice]
    dfaces = range(1, dd + 1) if dd else [0]
    count = 0
    hurts = 0
    countered = 0
    for rolls in itertools.product(*faces):
        for d in dfaces:
            r = resolve(plan, rolls, d)
            count += 1
            hurts += r.damage > 0
            countered += r.counter > 0
    assert odds.hurts == Fraction(hurts, count)
    assert odds.countered == Fraction(countered, count)


def test_monte_carlo_of_the_resolution_function_agrees() -> None:
    rng = random.Random(2024)
    n = 40_000
    hurts = countered = nothing = 0
    for _ in range(n):
        rolls = [rng.randint(1, d) for d in ISSUE_PLAN.dice]
        r = resolve(ISSUE_PLAN, rolls, rng.randint(1, 6))
        hurts += r.damage > 0
        countered += r.counter > 0
        nothing += r.damage == 0 and r.counter == 0
    odds = attack_odds(ISSUE_PLAN)
    for seen, p in ((hurts, odds.hurts), (countered, odds.countered), (nothing, odds.nothing)):
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen / n - float(p)) < 4 * sigma


def test_monte_carlo_of_the_game_procedure_agrees() -> None:
    """Whole attacks through the game (declaration, seeded chance nodes, resolution)."""
    sc = scenario([unit("a", 1, (0, 0), 1, stats={"health": 99}),
                   unit("d", 2, (1, 0), 4, stats={"health": 99, "armor": {"slash": 2}})])
    n, hurt, countered = 400, 0, 0
    for seed in range(n):
        g = sc.new_game()
        g.state.seed = seed
        g.apply(Command("a"))
        g.apply(Strike("a", "d"))
        g.apply(Choose.of(declared="roll"))
        for _ in range(3):
            g.apply(RollPending())
        hurt += ru(g, "d").wounds > 0
        countered += ru(g, "a").wounds > 0
    odds = attack_odds(ISSUE_PLAN)
    for seen, p in ((hurt, odds.hurts), (countered, odds.countered)):
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen / n - float(p)) < 4 * sigma
