"""Exact odds of an attack (icepool, any die size) from the resolver's own plan and function.

The distribution of the attack total is the sum of the plan's dice; the defense die is
independent; every (total, defense) pair goes through :func:`.attack.resolve`, the very
function the game applies to rolled dice, so the odds cannot drift from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import icepool

from game.rulesets.realms.attack import AttackPlan, resolve


@dataclass(frozen=True)
class Odds:
    """Exact distributions of wounds to the target and counter wounds to the attacker."""

    damage: dict[int, Fraction]
    counter: dict[int, Fraction]

    @property
    def hurts(self) -> Fraction:
        """Probability that the target takes at least one wound."""
        return sum((p for k, p in self.damage.items() if k > 0), Fraction(0))

    @property
    def countered(self) -> Fraction:
        """Probability that the attacker takes at least one counter wound."""
        return sum((p for k, p in self.counter.items() if k > 0), Fraction(0))

    @property
    def nothing(self) -> Fraction:
        """Probability that nobody is wounded."""
        return 1 - self.hurts - self.countered


def _die(size: int) -> icepool.Die[int]:
    return icepool.Die([1]) if size == 1 else icepool.d(size)


def attack_odds(plan: AttackPlan) -> Odds:
    """Exact odds of ``plan`` (see the module docstring)."""
    total = sum((_die(d) for d in plan.dice), start=icepool.Die([0]))
    defense = _die(plan.defense_die) if plan.defense_die else icepool.Die([0])
    damage: dict[int, int] = {}
    counter: dict[int, int] = {}
    for t, tq in total.items():
        for d, dq in defense.items():
            result = resolve(plan, (t,), d)  # weights summed as integers, one fraction each
            damage[result.damage] = damage.get(result.damage, 0) + tq * dq
            counter[result.counter] = counter.get(result.counter, 0) + tq * dq
    den = total.denominator() * defense.denominator()
    return Odds({k: Fraction(w, den) for k, w in sorted(damage.items())},
                {k: Fraction(w, den) for k, w in sorted(counter.items())})
