"""Exact odds (icepool) of the Attack Test and the melee, against the real resolver.

Named for HX-ATC-30/50 (scoring, Blocks cancel Hits), HX-MEL-30 (the test's distribution)
and HX-MEL-50 (who wins), checked by a seeded Monte Carlo of the resolver itself.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

from game.core.game import Game
from game.core.hashing import snapshot
from game.core.pending import Chance
from game.core.ruleset import Context
from game.rulesets.godsgloom.actions import Activate, MeleeAttack
from game.rulesets.godsgloom.attack_test import ATTACK_TESTS, Pool
from game.rulesets.godsgloom.odds import wounds
from game.rulesets.godsgloom.preview import melee_preview

from .helpers import duel, play


def test_hx_atc_30_one_die_against_one_die_by_hand() -> None:
    """HX-ATC-30 and HX-ATC-50: {0: 1/3, 1: 1/2, 2: 1/6} Hits less the same in Blocks."""
    one = Pool("x", 1, 1, 0, 0, False)
    dist = wounds(ATTACK_TESTS["default"], one, one)
    assert Fraction(dist.probability(0)) == Fraction(25, 36)
    assert Fraction(dist.probability(2)) == Fraction(1, 6) * Fraction(1, 3)


def test_preview_refuses_what_the_rules_refuse() -> None:
    game = duel(a={"tokens": 0})
    preview = melee_preview(game.state, "a", "d")
    assert not preview.valid and preview.refusal is not None
    assert "HX-MEL-0" in preview.refusal.rules


def test_preview_counts_the_stakes_first() -> None:
    game = duel(a={"stats": {"health": 1}}, hexes=[{"at": [1, 0], "keywords": ["stakes"]}])
    preview = melee_preview(game.state, "a", "d")
    assert preview.valid and preview.defender_win_probability == 1.0


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

    preview = melee_preview(base.state, "a", "d")
    assert preview.valid
    to_def, to_att, winners = _sample(base, n)
    for k, p in preview.wounds_to_defender.items():
        assert _close(to_def[k], n, p), (k, to_def[k], p)
    for k, p in preview.wounds_to_attacker.items():
        assert _close(to_att[k], n, p), (k, to_att[k], p)
    assert _close(winners["attacker"], n, preview.win_probability)
    assert _close(winners["defender"], n, preview.defender_win_probability)
    assert _close(winners["none"], n, preview.no_winner_probability)
    assert abs(sum(preview.wounds_to_defender.values()) - 1) < 1e-12


def test_exact_odds_with_focus_rerolls_match_the_resolver() -> None:
    """HX-ATC-20 in the odds: Focus re-rolls failed dice once."""
    n = 1500

    base = duel()
    play(base, "activate a", "focus a", "activate d", "end")

    preview = melee_preview(base.state, "a", "d")
    assert preview.attacker_pool is not None and preview.attacker_pool.rerolls
    to_def, _, _ = _sample(base, n)
    for k, p in preview.wounds_to_defender.items():
        assert _close(to_def[k], n, p), (k, to_def[k], p)
