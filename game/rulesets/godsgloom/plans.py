"""GODSGLOOM's plans (issue 24): what a Melee Attack will do, and its exact odds (icepool).

:func:`melee_plan` is the one computation of a Melee Attack Action before it starts: the
attacker's pivot to the target (HX-MEL-10), the beginning-of-action effects (the stakes,
HX-EFF-1) run on copies of the two units exactly as the resolver runs them, both pools with
their modifiers and rule IDs (:func:`~.attack_test.pool_of`), and -- asked for, once -- the
exact outcome distributions of the procedure's dice (:func:`test_outcomes`). The action's
check returns it, the handler starts the procedure it describes, and the hover, the table's
labels and ``warbench odds`` read ``plan.outcomes``; nothing else computes melee odds.

The dice model: each die scores with the game's own :class:`~.attack_test.AttackTest`
(HX-ATC-30), a focused unit re-rolls each failed die once (HX-ATC-20), automatic successes are
added after (HX-ATC-40) and each Block cancels a Hit (HX-ATC-50). A pool's attack and defence
dice are different dice, so the Wounds each way are independent. What those Wounds then do --
destruction and Weak tokens (HX-ATC-60), death throes (HX-MEL-40), the winner (HX-MEL-50) -- is
the resolver's own :func:`~.melee.wound_both`, run on copies for every pair of Wounds.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from game.core.plan import Modifier, Outcomes, Plan, Quantity, distribution
from game.core.ruleset import Context
from game.core.state import GameState
from game.geometry.hexgrid import direction_to
from game.rulesets.godsgloom.actions import MeleeAttack
from game.rulesets.godsgloom.attack_test import SIDES, AttackTest, Pool, pool_of
from game.rulesets.godsgloom.effects import Side, usable_formations
from game.rulesets.godsgloom.melee import beginning_effects, wound_both
from game.rulesets.godsgloom.units import GodsUnit

MELEE_RULES = ("HX-MEL-0", "HX-MEL-10", "HX-LOS-1", "HX-MEL-30", "HX-ATC-10")
"""The rules every Melee Attack's plan applies."""


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


def _weights(die: Any) -> dict[int, Fraction]:
    return {int(outcome): Fraction(die.probability(outcome)) for outcome in die.outcomes()}


def scratch(unit: GodsUnit) -> GodsUnit:
    """A copy of ``unit`` the resolver's functions may wound (only counters change)."""
    return copy.copy(unit)


@dataclass(frozen=True)
class Fight:
    """Everything the dice of one Attack Test decide from, captured when it is planned:
    both units as they will stand when the dice are rolled (copies: after the beginning
    effects or a formation's wound), their pools, and each unit's health when the plan was
    made (what "health lost" counts from)."""

    test: AttackTest
    attacker: GodsUnit
    defender: GodsUnit
    attacker_pool: Pool | None
    defender_pool: Pool | None
    health_before: tuple[int, int]

    def labels(self) -> tuple[str, str]:
        """(attacker, defender) names as the quantities say them."""
        return self.attacker.name, self.defender.name


def _quantities(fight: Fight, joint: dict[tuple[int, ...], Fraction]) -> Outcomes:
    """The reported quantities of a joint distribution of (Wounds to the defender, Wounds to
    the attacker, health lost by each, destroyed each, winner code)."""
    att, dfd = fight.labels()
    marginals: list[dict[int, Fraction]] = [{} for _ in range(8)]
    for key, p in joint.items():  # one pass over the joint for every marginal
        for out, value in zip(marginals, key, strict=True):
            out[value] = out.get(value, 0) + p

    def marginal(index: int) -> dict[int, Fraction]:
        return marginals[index]

    test_rules = ("HX-MEL-30", "HX-ATC-30", "HX-ATC-50")
    fate_rules = ("HX-ATC-60", "HX-MEL-40")
    won_rules = ("HX-MEL-50",)
    return Outcomes((
        Quantity("wounds_to_defender", f"Wounds to the defender, {dfd}",
                 distribution(marginal(0)), test_rules),
        Quantity("wounds_to_attacker", f"Counterattack Wounds to the attacker, {att}",
                 distribution(marginal(1)), test_rules),
        Quantity("health_lost_defender", f"Health lost by {dfd}", distribution(marginal(2)),
                 ("HX-MEL-10", *fate_rules)),
        Quantity("health_lost_attacker", f"Health lost by {att}", distribution(marginal(3)),
                 ("HX-MEL-10", *fate_rules)),
        Quantity("defender_destroyed", f"{dfd} destroyed", distribution(marginal(4)),
                 fate_rules),
        Quantity("attacker_destroyed", f"{att} destroyed", distribution(marginal(5)),
                 fate_rules),
        Quantity("attacker_wins", f"Attacker {att} wins", distribution(marginal(6)),
                 won_rules),
        Quantity("defender_wins", f"Defender {dfd} wins", distribution(marginal(7)),
                 won_rules),
    ))


def _fate(fight: Fight, to_defender: int, to_attacker: int) -> tuple[int, ...]:
    """One pair of Attack Test Wounds through the resolver's own :func:`wound_both` on
    copies: the row of quantities :func:`_quantities` reads."""
    a, d = scratch(fight.attacker), scratch(fight.defender)
    side: Side | None = None
    if not (a.destroyed or d.destroyed):
        side = wound_both(a, d, to_defender, to_attacker, Context())
    elif a.destroyed != d.destroyed:  # a beginning effect decided it (HX-MEL-10/20)
        side = "defender" if a.destroyed else "attacker"
    lost_a = fight.health_before[0] - a.health
    lost_d = fight.health_before[1] - d.health
    return (to_defender, to_attacker, lost_d, lost_a, int(d.destroyed), int(a.destroyed),
            int(side == "attacker"), int(side == "defender"))


def fight_outcomes(fight: Fight) -> Outcomes:
    """The exact outcomes of the Attack Test of ``fight`` (see the module docstring):
    Wounds each way, health lost, destruction (the kill chance) and the winner."""
    if fight.attacker_pool is None or fight.defender_pool is None:
        return _quantities(fight, {_fate(fight, 0, 0): Fraction(1)})
    to_defender = _weights(wounds(fight.test, fight.attacker_pool, fight.defender_pool))
    to_attacker = _weights(wounds(fight.test, fight.defender_pool, fight.attacker_pool))
    joint: dict[tuple[int, ...], Fraction] = {}
    for wd, pd in to_defender.items():
        for wa, pa in to_attacker.items():
            row = _fate(fight, wd, wa)
            joint[row] = joint.get(row, Fraction(0)) + pd * pa
    return _quantities(fight, joint)


@dataclass(frozen=True)
class MeleeDetail:
    """A Melee Attack's plan detail (issue 24): who attacks whom, the facing the attacker
    pivots to (HX-MEL-10), each side's pool after the beginning effects (None when an effect
    already destroyed a unit: no dice are rolled), what those effects do (``notes``, player
    words) and the Attack Test."""

    attacker: str
    defender: str
    facing: int
    attacker_pool: Pool | None
    defender_pool: Pool | None
    test: str
    notes: tuple[str, ...]


def _modifiers(pools: tuple[Pool | None, ...]) -> tuple[Modifier, ...]:
    return tuple(Modifier(f"{pool.unit}: {m.note}", m.delta, (m.rule,))
                 for pool in pools if pool is not None for m in pool.modifiers)


def melee_plan(state: GameState, test: AttackTest, action: MeleeAttack, attacker: GodsUnit,
               defender: GodsUnit) -> Plan[MeleeAttack, MeleeDetail]:
    """The plan of ``attacker``'s Melee Attack on ``defender`` (legal: the caller checked
    it). The beginning effects run on copies, as the resolver's ``_start`` runs them; an
    optional Tactical Formation is a later choice (HX-MEL-20: its answer's plan counts it),
    so the pools here have none."""
    assert attacker.hex is not None and defender.hex is not None
    facing = direction_to(attacker.hex, defender.hex)
    assert facing is not None, "a melee needs neighbouring hexes (the check says so)"
    a, d = scratch(attacker), scratch(defender)
    effects = Context()
    beginning_effects(state, a, d, effects)
    notes = [f"First: {e.text}" for e in effects.events if e.kind == "unit.wounded"]
    dice = not (a.destroyed or d.destroyed)
    if dice:
        sides: tuple[tuple[Side, GodsUnit, GodsUnit], ...] = (("attacker", a, d),
                                                                 ("defender", d, a))
        for side, unit, enemy in sides:
            names = [f.name for f in usable_formations(state, side, unit, enemy)]
            if names:
                notes.append(f"{unit.name} may still use {', '.join(names)} (not counted).")
    pool_a, pool_d = (pool_of(a, ()), pool_of(d, ())) if dice else (None, None)
    fight = Fight(test, a, d, pool_a, pool_d, (attacker.health, defender.health))
    detail = MeleeDetail(attacker.id, defender.id, facing, pool_a, pool_d, test.name,
                         tuple(notes))
    effect_rules = ("HX-EFF-1",) if effects.events else ()
    return Plan(action, detail, (*MELEE_RULES, *effect_rules), targets=(defender.id,),
                modifiers=_modifiers((pool_a, pool_d)), odds=outcomes_of(fight))


def outcomes_of(fight: Fight) -> Callable[[], Outcomes]:
    """The lazy odds of a captured fight (computed when a plan's outcomes are asked for)."""
    return lambda: fight_outcomes(fight)


def winning_chances(outcomes: Outcomes) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, no winner) read from a melee's outcomes."""
    att, dfd = outcomes.get("attacker_wins"), outcomes.get("defender_wins")
    a = att.at_least(1) if att is not None else Fraction(0)
    d = dfd.at_least(1) if dfd is not None else Fraction(0)
    return a, d, 1 - a - d
