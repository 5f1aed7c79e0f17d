"""Exact odds of a melee (icepool): the Attack Test's Wounds both ways and who wins.

Everything comes from the resolver's own pieces: the :class:`~.attack_test.AttackTest`
scoring (HX-ATC-30), Focus re-rolls of failed dice (HX-ATC-20), automatic successes
(HX-ATC-40), Blocks cancelling Hits (HX-ATC-50), destruction at 0 health (HX-ATC-60), the
death throes after Wounds (HX-MEL-40) and :func:`~.melee.decide_winner` (HX-MEL-50).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from game.rulesets.godsgloom.attack_test import SIDES, AttackTest, Pool
from game.rulesets.godsgloom.effects import death_throes_wounds
from game.rulesets.godsgloom.melee import decide_winner
from game.rulesets.godsgloom.units import GodsUnit

NO_WINNER = "none"


@dataclass(frozen=True)
class MeleeOdds:
    """Exact distributions of one Attack Test and the melee's winner."""

    wounds_to_defender: dict[int, Fraction]
    wounds_to_attacker: dict[int, Fraction]
    attacker_wins: Fraction
    defender_wins: Fraction
    no_winner: Fraction


def die_successes(test: AttackTest, rerolls: bool) -> Any:
    """Successes of one die (a failed die re-rolled once with Focus, HX-ATC-20/30)."""
    die = icepool.d(SIDES)
    if rerolls:
        die = die.reroll(lambda face: test.failed(face), depth=1)
    return die.map(test.value)


def pool_successes(test: AttackTest, dice: int, rerolls: bool, automatic: int) -> Any:
    """Total successes of ``dice`` dice plus automatic ones (HX-ATC-40)."""
    if dice == 0:
        return icepool.Die([automatic])
    return (dice @ die_successes(test, rerolls)) + automatic


def wounds(test: AttackTest, striker: Pool, guard: Pool) -> Any:
    """Wounds ``striker`` inflicts on ``guard``: its Hits less the guard's Blocks (HX-ATC-50)."""
    hits = pool_successes(test, striker.attack, striker.rerolls, striker.auto_hits)
    blocks = pool_successes(test, guard.defence, guard.rerolls, guard.auto_blocks)
    return icepool.map(lambda h, b: max(0, h - b), hits, blocks)


def _fractions(die: Any) -> dict[int, Fraction]:
    return {int(outcome): Fraction(die.probability(outcome)) for outcome in die.outcomes()}


def melee_odds(test: AttackTest, attacker: GodsUnit, attacker_pool: Pool,
               defender: GodsUnit, defender_pool: Pool) -> MeleeOdds:
    """Exact odds from the units' current health and their pools."""
    to_defender = wounds(test, attacker_pool, defender_pool)
    to_attacker = wounds(test, defender_pool, attacker_pool)

    def winner(w_def: int, w_att: int) -> str:
        att_dead = w_att >= attacker.health
        def_dead = w_def >= defender.health
        # HX-MEL-40: death throes of a unit destroyed in the Attack Test
        att_dead_after = att_dead or (
            death_throes_wounds(defender, def_dead) >= max(1, attacker.health - w_att))
        def_dead_after = def_dead or (
            death_throes_wounds(attacker, att_dead) >= max(1, defender.health - w_def))
        side = decide_winner(att_dead_after, def_dead_after, w_def, w_att)
        return side or NO_WINNER

    outcome = icepool.map(winner, to_defender, to_attacker)

    def chance(side: str) -> Fraction:
        return Fraction(outcome.probability(side)) if side in outcome.outcomes() else Fraction(0)

    return MeleeOdds(_fractions(to_defender), _fractions(to_attacker), chance("attacker"),
                     chance("defender"), chance(NO_WINNER))
