"""Actions that change nothing, or only weaken (issue 25): a free pivot or a reform is worth
what it opens for the same unit, and never more than taking that action at once, so the
computer does not spend its turn turning a unit that is about to attack; and weakening a unit
far from the enemy does not raise its side's share of threat closing in."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai.evaluate import Evaluator
from game.ai.players import Budget, GreedyPlayer
from game.core.actions import EndActivation, parse
from game.core.game import Game
from game.scenario import load_scenario
from tests.ai.positions import brute_duel
from tests.conftest import SCENARIOS


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_pivot_before_an_attack_does_not_outrate_the_attack(seed: int) -> None:
    """HX-MEL-10: the attacker pivots to face its target anyway, so a free Face before the
    Melee Attack changes nothing; one sampled throw of the attack after it must not rate it
    above the attack's own rating (the brute used to turn on the spot three times)."""
    game = brute_duel(activated=True)
    choice = GreedyPlayer(seed, "normal", Budget(200, math.inf)).choose(game)
    assert choice.action.verb != "face", choice.ratings


def test_reforming_a_far_unit_into_fewer_fighting_ranks_does_not_raise_the_score() -> None:
    """NA-MOV-1: in the Ninth Age move phase the orcs' boar riders, far from the enemy,
    reform 2 wide: fewer models fight (a lower threat). Weighed against the threat of the
    position the search starts from, closing in counts less, not the other units' more (as
    a share of the threat that is left, the reform used to rate above marching)."""
    def start() -> Game:
        game = load_scenario(SCENARIOS / "ninth_age_battle.toml").new_game()
        game.apply(EndActivation())  # the charge phase over: the move phase
        orcs = game.state.units["orcs"]
        assert orcs.tray is not None
        orcs.tray = replace(orcs.tray, y=30.0)  # one block already near the enemy
        return game

    root, reformed = start(), start()
    reformed.apply(parse("reform boarboyz 2", reformed.ruleset.action_types()))
    evaluator = Evaluator(root.ruleset, reference=root.state)
    assert evaluator.score(reformed.state, 1) < evaluator.score(root.state, 1)


@pytest.mark.parametrize("common", [True, False])
def test_hard_rates_what_an_action_opens_on_shared_throws(common: bool) -> None:
    """The best of follow-up ratings, each on throws of its own, is the luckiest one: hard
    rates the actions an action opens on the same throws of its dice (``Follow.common``), so
    the same attack rated twice rates the same; normal's one-throw ratings need not."""
    import random

    from game.ai.candidates import candidates
    from game.ai.players import Follow, HardPlayer, _rate_all
    from game.ai.rating import SampledOutcomes, Work
    from game.ai.rehearsal import rehearsal

    game = rehearsal(brute_duel(activated=True))
    player = game.current_player()
    attack = next(c for c in candidates(game, random.Random(1)) if c.action.verb == "melee")
    follow = HardPlayer().follow if common else Follow(SampledOutcomes(samples=1, exact=1))
    values = set()
    for seed in range(6):
        work = Work(Evaluator(game.ruleset), random.Random(seed), 10_000, math.inf,
                    dice_seed=seed)
        twice = _rate_all(game, [attack, attack], player, follow.model, work,
                          common=follow.common)
        values.add(len({r.value for r in twice}))
    assert follow.common is common
    assert values == {1} if common else values != {1}
