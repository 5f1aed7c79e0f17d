"""Exact odds (icepool) against a seeded Monte Carlo of the real resolver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from game.core.actions import Choose, Dice
from game.core.game import Game
from game.core.pending import Chance, PickDice, PlayerDecision
from game.rulesets.asoiaf.inspection import attack_preview, charge_preview
from game.rulesets.asoiaf.odds import attack_odds, charge_probability
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, rules_and_state, scenario, table, unit

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


STAKES = {"kind": "stakes", "keywords": ["stakes"],
          "polygon": [[18.0, 14.0], [30.0, 14.0], [30.0, 15.0], [18.0, 15.0]]}


def _stakes_charge(dice: list[int] | None = None) -> Game:
    """Sworn Swords 5" from Guardsmen (every roll reaches, a 1 is Disorderly) with stakes on
    the path (D3+1 wounds before the attack)."""
    return table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 12.4 + 5.0 + 2.4, 180)],
                 [STAKES], dice=dice or [])


def test_as_chg_11_14_charge_odds_count_disorderly_and_stakes_like_the_procedure() -> None:
    preview = charge_preview(*rules_and_state(_stakes_charge()), "sworn", "guard")
    assert preview.attack is not None and preview.attack.modifiers is not None
    naive = attack_odds(preview.attack.modifiers).expected_removed  # bonus, no stakes
    rng = random.Random(6)
    runs = 500
    total = 0
    for _ in range(runs):
        game = _stakes_charge()
        act(game, "charge sworn -> guard")
        for _ in range(4):
            _play_out(game, rng)
            node = game.pending()
            if isinstance(node, PlayerDecision) and node.kind == "charge.align":
                act(game, "choose align=100 side=centre")
        guard = game.state.units["guard"]
        assert isinstance(guard, AsoiafUnit)
        total += 12 - guard.models
    mean = total / runs
    expected = preview.attack.expected_removed
    # deterministic (seeded); the real procedure sits nearer the new preview than the old
    assert abs(mean - expected) < 0.25, (mean, expected, naive)
    assert abs(mean - expected) < abs(mean - naive) / 2, (mean, expected, naive)
    assert abs(naive - expected) > 0.25  # the preview no longer assumes the bonus blindly
