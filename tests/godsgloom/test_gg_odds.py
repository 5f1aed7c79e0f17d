"""Exact odds (icepool) of the Attack Test and the melee, against the real resolver.

Named for HX-ATC-30/50 (scoring, Blocks cancel Hits), HX-MEL-30 (the test's distribution)
and HX-MEL-50 (who wins), checked by a seeded Monte Carlo of the resolver itself. The odds come
from the attack's plan (``GodsgloomRuleset.melee_preview``: the action's own plan, or the same
computation for a unit not yet activated), so they use the instance's Attack Test.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

from game.core.game import Game
from game.core.hashing import snapshot
from game.core.pending import Chance, Refusal
from game.core.plan import Plan
from game.core.ruleset import Context
from game.rulesets.godsgloom.actions import Activate, MeleeAttack
from game.rulesets.godsgloom.attack_test import ATTACK_TESTS, Pool
from game.rulesets.godsgloom.plans import MeleeDetail, winning_chances, wounds
from game.rulesets.godsgloom.ruleset import GodsgloomRuleset

from .helpers import duel, play


def test_hx_atc_30_one_die_against_one_die_by_hand() -> None:
    """HX-ATC-30 and HX-ATC-50: {0: 1/3, 1: 1/2, 2: 1/6} Hits less the same in Blocks."""
    one = Pool("x", 1, 1, 0, 0, False)
    dist = wounds(ATTACK_TESTS["default"], one, one)
    assert Fraction(dist.probability(0)) == Fraction(25, 36)
    assert Fraction(dist.probability(2)) == Fraction(1, 6) * Fraction(1, 3)


def outlook(game: Game, attacker: str = "a",
            target: str = "d") -> Plan[MeleeAttack, MeleeDetail] | Refusal:
    """The plan of ``attacker`` on ``target`` from the game's own ruleset instance."""
    ruleset = game.ruleset
    assert isinstance(ruleset, GodsgloomRuleset)
    return ruleset.melee_preview(game.state, attacker, target)


def valid(game: Game) -> Plan[MeleeAttack, MeleeDetail]:
    seen = outlook(game)
    assert isinstance(seen, Plan), seen
    return seen


def dist(plan: Plan[MeleeAttack, MeleeDetail], name: str) -> dict[int, Fraction]:
    """One quantity of the plan's outcomes as value -> probability."""
    quantity = plan.outcomes.get(name)
    assert quantity is not None, name
    return dict(quantity.values)


def test_preview_refuses_what_the_rules_refuse() -> None:
    game = duel(a={"tokens": 0})
    refusal = outlook(game)
    assert isinstance(refusal, Refusal)
    assert "HX-MEL-0" in refusal.rules


def test_preview_counts_the_stakes_first() -> None:
    game = duel(a={"stats": {"health": 1}}, hexes=[{"at": [1, 0], "keywords": ["stakes"]}])
    assert winning_chances(valid(game).outcomes)[1] == 1


def test_hx_mel_30_odds_use_the_games_own_attack_test() -> None:
    """The scenario's ``attack_test`` reaches the odds: 4+ without Criticals is worse."""
    default = dist(valid(duel()), "wounds_to_defender")
    plain = dist(valid(duel(options={"attack_test": "plain"})), "wounds_to_defender")
    assert plain[0] > default[0]
    assert max(plain) == 2 and max(default) == 4


def _sample(base: Game, n: int) -> tuple[Counter[int], Counter[int], Counter[str]]:
    """``n`` melees of ``a`` on ``d`` through the ruleset's own resolver, seeded dice."""
    to_def: Counter[int] = Counter()
    to_att: Counter[int] = Counter()
    winners: Counter[str] = Counter()
    rng = random.Random(5)
    ruleset = base.ruleset
    for _ in range(n):
        state = snapshot(base.state)
        ctx = Context()
        ruleset.apply(state, Activate("a"), ctx)
        ruleset.apply(state, MeleeAttack("a", "d"), ctx)
        while isinstance(node := ruleset.decision(state), Chance):
            ruleset.on_dice(state, tuple(rng.randint(1, 6) for _ in range(node.dice.count)),
                            ctx)
        for e in ctx.events:
            if e.kind == "melee.test":
                to_def[e.data["wounds_to_defender"]] += 1  # type: ignore[index]
                to_att[e.data["wounds_to_attacker"]] += 1  # type: ignore[index]
            if e.kind == "melee.winner":
                unit = e.data.get("unit")
                winners["attacker" if unit == "a" else "defender" if unit == "d"
                        else "none"] += 1
    return to_def, to_att, winners


def _close(observed: int, n: int, p: float) -> bool:
    sigma = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(observed / n - p) <= 4.5 * sigma + 1e-3


def test_hx_mel_30_and_hx_mel_50_exact_odds_match_a_seeded_monte_carlo() -> None:
    """The preview's numbers against 3000 melees through the real resolver."""
    n = 3000

    base = duel(a={"stats": {"attack": 3, "defence": 2, "health": 3, "auto_hits": 1}},
                d={"stats": {"attack": 2, "defence": 2, "health": 3,
                             "abilities": ["death-throes"]}})

    preview = valid(base)
    attacker_wins, defender_wins, no_winner = winning_chances(preview.outcomes)
    to_def, to_att, winners = _sample(base, n)
    for k, p in dist(preview, "wounds_to_defender").items():
        assert _close(to_def[k], n, float(p)), (k, to_def[k], p)
    for k, p in dist(preview, "wounds_to_attacker").items():
        assert _close(to_att[k], n, float(p)), (k, to_att[k], p)
    assert _close(winners["attacker"], n, float(attacker_wins))
    assert _close(winners["defender"], n, float(defender_wins))
    assert _close(winners["none"], n, float(no_winner))
    assert sum(dist(preview, "wounds_to_defender").values()) == 1


def test_exact_odds_with_focus_rerolls_match_the_resolver() -> None:
    """HX-ATC-20 in the odds: Focus re-rolls failed dice once."""
    n = 1500

    base = duel()
    play(base, "activate a", "focus a", "activate d", "end")

    preview = valid(base)
    assert preview.detail.attacker_pool is not None and preview.detail.attacker_pool.rerolls
    to_def, _, _ = _sample(base, n)
    for k, p in dist(preview, "wounds_to_defender").items():
        assert _close(to_def[k], n, float(p)), (k, to_def[k], p)


def test_hx_eff_1_odds_after_the_stakes_match_the_resolver() -> None:
    """The stakes leave the attacker Weak (1 health: one attack die fewer, HX-WEAK-1) before
    the dice; the odds run the resolver's own beginning effects, so they agree with it."""
    n = 1500

    base = duel(a={"stats": {"health": 2, "attack": 3}},
                hexes=[{"at": [1, 0], "keywords": ["stakes"]}])

    preview = valid(base)
    assert preview.detail.attacker_pool is not None and preview.detail.attacker_pool.attack == 2
    attacker_wins, defender_wins, _ = winning_chances(preview.outcomes)
    to_def, to_att, winners = _sample(base, n)
    for k, p in dist(preview, "wounds_to_defender").items():
        assert _close(to_def[k], n, float(p)), (k, to_def[k], p)
    for k, p in dist(preview, "wounds_to_attacker").items():
        assert _close(to_att[k], n, float(p)), (k, to_att[k], p)
    assert _close(winners["attacker"], n, float(attacker_wins))
    assert _close(winners["defender"], n, float(defender_wins))
