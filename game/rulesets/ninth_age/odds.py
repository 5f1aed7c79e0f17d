"""Exact odds of Ninth Age attacks (icepool), read from the resolver's :class:`AttackRecord`.

The chance that one attack leaves an unsaved wound multiplies the chances of each roll the
record asks for (hit, wound, failed armour, failed special save); a group of attacks is a sum of
such independent trials, and HP lost by a pool is that count times Multiple Wounds, capped by the
pool's HP (NA-HP-1).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import icepool

from game.rulesets.ninth_age.tables import NO_ROLL, AttackRecord


def chance_to_pass(needs: int) -> Fraction:
    """Chance a D6 makes ``needs``+ (a 1 always fails; NO_ROLL never passes; 0 = automatic)."""
    if needs <= 0:
        return Fraction(1)
    if needs >= NO_ROLL:
        return Fraction(0)
    return Fraction(7 - max(needs, 2), 6)


def unsaved_chance(record: AttackRecord) -> Fraction:
    """Chance one attack of ``record`` causes an unsaved wound."""
    return (chance_to_pass(record.hit) * chance_to_pass(record.wound)
            * (1 - chance_to_pass(record.armour)) * (1 - chance_to_pass(record.special)))


def unsaved_die(record: AttackRecord) -> icepool.Die:
    """One attack as a 0/1 die: 1 for an unsaved wound."""
    p = unsaved_chance(record)
    return icepool.Die({0: p.denominator - p.numerator, 1: p.numerator})


def hp_loss(attacks: int, record: AttackRecord, pool_hp: int) -> dict[int, Fraction]:
    """Exact distribution of the HP a pool of ``pool_hp`` loses to ``attacks`` attacks of
    ``record``: unsaved wounds times Multiple Wounds, never more than the pool has (NA-HP-1).
    The count of unsaved wounds is binomial (independent attacks, the sum icepool forms as
    ``attacks @ unsaved_die(record)``: :func:`hp_loss_icepool`); it is written out with
    exact fractions here because the hover needs it in well under a millisecond."""
    if attacks <= 0:
        return {0: Fraction(1)}
    p = unsaved_chance(record)
    q = 1 - p
    out: dict[int, Fraction] = {}
    for wounds in range(attacks + 1):
        chance = comb(attacks, wounds) * p ** wounds * q ** (attacks - wounds)
        if chance:
            lost = min(wounds * record.multiple, pool_hp)
            out[lost] = out.get(lost, Fraction(0)) + chance
    return dict(sorted(out.items()))


def hp_loss_icepool(attacks: int, record: AttackRecord, pool_hp: int) -> dict[int, Fraction]:
    """:func:`hp_loss` computed by icepool's sum of dice (the reference the tests compare)."""
    if attacks <= 0:
        return {0: Fraction(1)}
    total = attacks @ unsaved_die(record)
    out: dict[int, Fraction] = {}
    denominator = total.denominator()
    for wounds, count in total.items():
        lost = min(int(wounds) * record.multiple, pool_hp)
        out[lost] = out.get(lost, Fraction(0)) + Fraction(count, denominator)
    return dict(sorted(out.items()))


def special_hits(value: str, models: int) -> dict[int, Fraction]:
    """Exact number of hits of ``models`` models' Impact Hits or Stomp of ``value`` (``2``,
    ``D3``, ``D6``): a D3 is a D6 halved, rounding up (NA-NSM-1)."""
    if value.isdigit():
        return {int(value) * models: Fraction(1)}
    die = icepool.d3 if value == "D3" else icepool.d6
    total = models @ die
    denominator = total.denominator()
    return {int(k): Fraction(n, denominator) for k, n in total.items()}


def combine(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent HP losses."""
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


TWO_D6_WAYS = tuple(6 - abs(total - 7) if 2 <= total <= 12 else 0 for total in range(13))
"""Ways (of 36) that 2D6 roll each total 0..12."""


def two_d6_at_most(target: int) -> Fraction:
    """Chance 2D6 rolls ``target`` or less (a Break Test against Discipline minus the
    penalty: NA-CS-1); a double 1 always passes (reading)."""
    passing = sum(TWO_D6_WAYS[: max(0, min(target, 12)) + 1])
    return max(Fraction(passing, 36), Fraction(1, 36))


def expected(dist: dict[int, Fraction]) -> Fraction:
    """The mean of a distribution."""
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))
