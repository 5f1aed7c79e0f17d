"""Exact odds of a melee (icepool): the Attack Test's Wounds both ways and who wins.

One resolution model serves play and odds. The dice distributions come from the game's
:class:`~.attack_test.AttackTest` scoring (HX-ATC-30), Focus re-rolls of failed dice
(HX-ATC-20), automatic successes (HX-ATC-40) and Blocks cancelling Hits (HX-ATC-50). What the
Wounds then do -- destruction and Weak tokens (HX-ATC-60), death throes (HX-MEL-40), the winner
(HX-MEL-50) -- and the stakes before the dice (HX-EFF-1) are not re-implemented here: for every
outcome the resolver's own :func:`~.melee.wound_both` and :func:`~.melee.beginning_effects`
run on copies of the two units.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from game.core.ruleset import Context
from game.core.state import GameState
from game.rulesets.godsgloom.attack_test import SIDES, AttackTest, Pool, pool_of
from game.rulesets.godsgloom.effects import Side, usable_formations
from game.rulesets.godsgloom.melee import beginning_effects, decide_winner, wound_both
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


def _copy(unit: GodsUnit) -> GodsUnit:
    """A scratch copy the resolver's functions may wound (counters only are changed)."""
    return copy.copy(unit)


def melee_odds(test: AttackTest, attacker: GodsUnit, attacker_pool: Pool,
               defender: GodsUnit, defender_pool: Pool) -> MeleeOdds:
    """Exact odds from the units' current health and their pools."""
    to_defender = wounds(test, attacker_pool, defender_pool)
    to_attacker = wounds(test, defender_pool, attacker_pool)

    def winner(w_def: int, w_att: int) -> str:
        side = wound_both(_copy(attacker), _copy(defender), w_def, w_att, Context())
        return side or NO_WINNER

    outcome = icepool.map(winner, to_defender, to_attacker)

    def chance(side: str) -> Fraction:
        return Fraction(outcome.probability(side)) if side in outcome.outcomes() else Fraction(0)

    return MeleeOdds(_fractions(to_defender), _fractions(to_attacker), chance("attacker"),
                     chance("defender"), chance(NO_WINNER))


@dataclass(frozen=True)
class MeleeOutlook:
    """What a Melee Attack of ``attacker`` on ``defender`` would look like before it starts:
    the pools (after the beginning-of-action effects), the exact odds, and notes (an
    optional Tactical Formation is a later choice, HX-MEL-20, and is not counted)."""

    attacker_pool: Pool | None
    defender_pool: Pool | None
    odds: MeleeOdds
    notes: tuple[str, ...]


def melee_outlook(state: GameState, test: AttackTest, attacker: GodsUnit,
                  defender: GodsUnit) -> MeleeOutlook:
    """The odds of a melee from now, with this game's Attack Test: the beginning effects
    (HX-MEL-10, stakes HX-EFF-1) run on copies first, exactly as the resolver runs them."""
    notes: list[str] = []
    a, d = _copy(attacker), _copy(defender)
    scratch = Context()
    beginning_effects(state, a, d, scratch)
    for event in scratch.events:
        if event.kind == "unit.wounded":
            notes.append(f"First: {event.text}")
    if a.destroyed or d.destroyed:
        side = decide_winner(a.destroyed, d.destroyed, 0, 0)
        certain = MeleeOdds({}, {}, Fraction(side == "attacker"), Fraction(side == "defender"),
                            Fraction(side is None))
        return MeleeOutlook(None, None, certain, tuple(notes))
    sides: tuple[tuple[Side, GodsUnit, GodsUnit], ...] = (
        ("attacker", a, d), ("defender", d, a))
    for side_name, unit, enemy in sides:
        names = [f.name for f in usable_formations(state, side_name, unit, enemy)]
        if names:
            notes.append(f"{unit.name} may still use {', '.join(names)} (not counted).")
    pool_a, pool_d = pool_of(a, ()), pool_of(d, ())
    return MeleeOutlook(pool_a, pool_d, melee_odds(test, a, pool_a, d, pool_d), tuple(notes))
