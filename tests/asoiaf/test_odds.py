"""Exact odds (icepool) against a seeded Monte Carlo of the real resolver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from game.core.actions import Choose, Dice
from game.core.pending import Chance, PickDice, PlayerDecision
from game.rulesets.asoiaf.inspection import attack_preview, charge_preview
from game.rulesets.asoiaf.odds import attack_odds, charge_probability
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, rules_and_state, scenario

RUNS = 700


def _play_out(game: object, rng: random.Random) -> None:
    """Answer every chance node with random dice and every re-roll with "all misses"."""
    while True:
        node = game.pending()  # type: ignore[attr-defined]
        if isinstance(node, Chance):
            game.apply(Dice(tuple(rng.randint(1, node.dice.sides)  # type: ignore[attr-defined]
                                  for _ in range(node.dice.count))))
        elif isinstance(node, PlayerDecision) and node.kind == "attack.reroll":
            game.apply(node.options[-1] if len(node.options) == 1 else _misses(node))  # type: ignore[attr-defined]
        else:
            return


def _misses(node: PlayerDecision) -> Choose:
    """The option re-rolling exactly the misses (dice below the To-Hit of 4)."""
    picker = node.free[0]
    assert isinstance(picker, PickDice)
    faces = picker.faces
    picks = "+".join(str(i + 1) for i, f in enumerate(faces) if f < 4) or "none"
    return Choose.of(reroll=picks)


def test_charge_probability_seed_example() -> None:
    assert charge_probability(5, 8.0) == Fraction(2, 3)
    example = rules_and_state(scenario("charge_example"))
    assert charge_preview(*example, "sworn", "guard").roll_needed == 3


def test_attack_odds_match_a_monte_carlo_of_the_resolver() -> None:
    base = scenario("attack_example")
    base.state.scripted_dice.clear()
    preview = attack_preview(*rules_and_state(base), "guard", "sworn")
    assert preview.valid and preview.modifiers is not None
    exact = attack_odds(preview.modifiers)
    assert abs(sum(exact.removed.values()) - 1) < 1e-12
    rng = random.Random(4)
    counts: Counter[int] = Counter()
    for _ in range(RUNS):
        game = scenario("attack_example")
        game.state.scripted_dice.clear()
        act(game, "attack guard sworn")
        _play_out(game, rng)
        sworn = game.state.units["sworn"]
        assert isinstance(sworn, AsoiafUnit)
        counts[12 - sworn.models] += 1
    mean = sum(k * v for k, v in counts.items()) / RUNS
    assert abs(mean - exact.expected_removed) < 0.15, (mean, exact.expected_removed)
    for k, p in exact.removed.items():
        assert abs(counts[k] / RUNS - float(p)) < 0.06, (k, counts[k] / RUNS, float(p))


def test_charge_attack_odds_with_rerolls_match_the_resolver() -> None:
    preview = charge_preview(*rules_and_state(scenario("charge_example")), "sworn", "guard")
    assert preview.attack is not None and preview.attack.modifiers is not None
    exact = attack_odds(preview.attack.modifiers)
    rng = random.Random(7)
    total = 0
    runs = 200
    for _ in range(runs):
        game = scenario("charge_example", [6])
        act(game, "charge sworn -> guard", "choose align=100 side=centre")
        _play_out(game, rng)
        guard = game.state.units["guard"]
        assert isinstance(guard, AsoiafUnit)
        total += 12 - guard.models
    assert abs(total / runs - exact.expected_removed) < 0.45
