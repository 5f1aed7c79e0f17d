"""Exact odds (icepool) from the one modifier record: a charge's chance to arrive, and the
distribution of wounds and models removed by an attack, Panic Test included.

The attack model follows the resolver step by step: each attack die hits per AS-RES-2 (with
the Charge Bonus, a miss is re-rolled once, AS-BON-1: the odds assume the player picks the
"re-roll every miss" option, :data:`REROLL_POLICY`; the resolver lets the player pick any dice,
and re-rolling a hit can only lower the odds); each hit
is saved per AS-RES-4 against the modified Defense (a defender whose card lets it re-roll
Defense Dice, AS-RES-5, is assumed to re-roll every die that failed to block, once:
:data:`DEFENSE_POLICY`); wounds make a Panic Test per AS-RES-7 /
AS-PNC-1 against the modified Panic target, which adds its shortfall in wounds; models follow
AS-RES-6 (multi-wound models keep damage).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

import icepool

from game.rulesets.asoiaf.modifiers import (
    AttackModifiers,
    models_lost,
    panic_shortfall,
    succeeds,
)

D6 = icepool.d6

REROLL_POLICY = "misses"
"""The Charge Bonus choice the odds assume (AS-BON-1): every die that missed is re-rolled once.
Without a Charge Bonus (or a Disorderly Charge) the policy is ``"none"``."""


DEFENSE_POLICY = "failed"
"""The defense re-roll the odds assume when the defender's card grants one (AS-RES-5): every
defense die that failed to block is re-rolled once (re-rolling a block can only lower it)."""


@dataclass(frozen=True)
class AttackOdds:
    """Exact distributions of an attack (as fractions): total wounds (the Panic Test's
    included), models removed, hits, the unblocked hits' wounds and whether the defender
    fails its Panic Test (1) or not (0, passed or not taken)."""

    wounds: dict[int, Fraction]
    removed: dict[int, Fraction]
    hits: dict[int, Fraction]
    reroll_policy: str = "none"
    """Which Charge Bonus re-roll these odds assume: ``"misses"`` or ``"none"`` (AS-BON-1)."""
    unblocked: dict[int, Fraction] = field(default_factory=lambda: {0: Fraction(1)})
    """Wounds from unblocked hits alone (AS-RES-4, AS-RES-6)."""
    panic: dict[int, Fraction] = field(default_factory=lambda: {0: Fraction(1)})
    """1 when the defender fails its Panic Test (AS-RES-7, AS-PNC-1)."""

    @property
    def expected_wounds(self) -> float:
        """Mean wounds."""
        return float(sum(k * p for k, p in self.wounds.items()))

    @property
    def expected_removed(self) -> float:
        """Mean models removed."""
        return float(sum(k * p for k, p in self.removed.items()))

    def destroy_chance(self, models: int) -> float:
        """Probability that every one of ``models`` models goes."""
        return float(self.removed.get(models, Fraction(0)))


def charge_probability(speed: int, needed: float) -> Fraction:
    """P(D6 + Speed >= needed) (AS-CHG-6): the faces that reach, out of six (the die's
    own count, without building it: tests/asoiaf/test_odds_memo.py)."""
    return Fraction(sum(1 for face in range(1, 7) if face + speed >= needed - 1e-6), 6)


def _hit_die(to_hit: int, reroll_misses: bool) -> icepool.Die[int]:
    """1 for a hit, 0 for a miss; with the Charge Bonus a miss is rolled again."""
    base: icepool.Die[int] = D6.map(lambda f: int(succeeds(f, to_hit)))
    if not reroll_misses:
        return base
    return D6.map(lambda f: 1 if succeeds(f, to_hit) else base)


def _wound_die(mods: AttackModifiers, reroll_misses: bool) -> icepool.Die[int]:
    """Wounds from one attack die: a hit that the defense die does not save."""
    return _wound_die_of(mods.to_hit.value, mods.defense.value, reroll_misses)


def _save_die(defense: int, resave: bool) -> icepool.Die[int]:
    """1 for a hit the defense die fails to block, 0 for a block (AS-RES-4); with a defense
    re-roll (AS-RES-5) a failed die is rolled again, once."""
    base: icepool.Die[int] = D6.map(lambda f: 0 if succeeds(f, defense) else 1)
    if not resave:
        return base
    return D6.map(lambda f: 0 if succeeds(f, defense) else base)


def _wound_die_of(to_hit: int, defense: int, reroll_misses: bool,
                  resave: bool = False) -> icepool.Die[int]:
    """:func:`_wound_die` from the to-hit and defense targets."""
    save = _save_die(defense, resave)
    return _hit_die(to_hit, reroll_misses).map(lambda h: save if h else 0)


def attack_odds(mods: AttackModifiers, reroll_misses: bool | None = None) -> AttackOdds:
    """Exact distributions of an attack described by ``mods``.

    Memoised on the numbers the distributions depend on (dice, to-hit, defense, panic,
    re-roll, the defender's models, wounds and damage), not on who attacks whom: every
    attack with the same numbers has the very same exact odds. Treat the answer as
    read-only (it is shared)."""
    reroll = mods.charge_bonus if reroll_misses is None else reroll_misses
    return _odds_of(mods.dice.value, mods.to_hit.value, mods.defense.value, mods.panic.value,
                    reroll, mods.defender_models, mods.wounds_per_model,
                    mods.defender_damage, bool(mods.defense_reroll))


def clear_odds_cache() -> None:
    """Forget the memoised odds (benchmarks measure the first, 'cold', query)."""
    _odds_of.cache_clear()
    _rerolled.cache_clear()
    _resaved.cache_clear()


@lru_cache(maxsize=4096)
def _odds_of(count: int, to_hit: int, defense: int, panic: int, reroll: bool,
             defender_models: int, wounds_per_model: int, defender_damage: int,
             resave: bool = False) -> AttackOdds:
    """The exact distributions of :func:`attack_odds` from its numbers."""
    return _resolved(0, count, to_hit, defense, panic, reroll, defender_models,
                     wounds_per_model, defender_damage, resave)


def reroll_odds(kept_hits: int, rerolled: int, mods: AttackModifiers) -> AttackOdds:
    """The rest of an attack whose dice are rolled, when ``rerolled`` of them are rolled
    again (AS-BON-1) and the others scored ``kept_hits`` hits: the same steps as
    :func:`attack_odds`, from the kept hits on. Shared like :func:`attack_odds`."""
    return _rerolled(kept_hits, rerolled, mods.to_hit.value, mods.defense.value,
                     mods.panic.value, mods.defender_models, mods.wounds_per_model,
                     mods.defender_damage, bool(mods.defense_reroll))


@lru_cache(maxsize=4096)
def _rerolled(kept_hits: int, rerolled: int, to_hit: int, defense: int, panic: int,
              defender_models: int, wounds_per_model: int, defender_damage: int,
              resave: bool = False) -> AttackOdds:
    """:func:`reroll_odds` from its numbers (a re-rolled die is not re-rolled again)."""
    found = _resolved(kept_hits, rerolled, to_hit, defense, panic, False, defender_models,
                      wounds_per_model, defender_damage, resave)
    return replace(found, reroll_policy="picked")


def defense_reroll_odds(hits: int, unblocked: int, rerolled: int, mods: AttackModifiers
                        ) -> AttackOdds:
    """The rest of an attack whose ``hits`` defense dice are rolled, when the defender
    re-rolls ``rerolled`` of them (AS-RES-5) and the dice it keeps left ``unblocked`` hits
    unblocked: each re-rolled die blocks per AS-RES-4 (once), then wounds and the Panic Test
    as in :func:`attack_odds`. Shared like :func:`attack_odds`."""
    return _resaved(hits, unblocked, rerolled, mods.defense.value, mods.panic.value,
                    mods.defender_models, mods.wounds_per_model, mods.defender_damage)


@lru_cache(maxsize=1024)
def _resaved(hits: int, unblocked: int, rerolled: int, defense: int, panic: int,
             defender_models: int, wounds_per_model: int, defender_damage: int) -> AttackOdds:
    """:func:`defense_reroll_odds` from its numbers."""
    raw = unblocked + _total([_save_die(defense, False)] * rerolled)
    return _wounded(raw, icepool.Die([hits]), panic, False, defender_models,
                    wounds_per_model, defender_damage)


def _resolved(kept_hits: int, count: int, to_hit: int, defense: int, panic: int,
              reroll: bool, defender_models: int, wounds_per_model: int,
              defender_damage: int, resave: bool = False) -> AttackOdds:
    """The attack's steps from its dice on: ``kept_hits`` hits already scored plus ``count``
    dice to roll, each hitting per AS-RES-2 (a miss rolled again with ``reroll``, AS-BON-1);
    each hit saved per AS-RES-4 (a failed save rolled again with ``resave``, AS-RES-5); then
    :func:`_wounded`."""
    save = _save_die(defense, resave)
    hits: icepool.Die[int] = kept_hits + _total([_hit_die(to_hit, reroll)] * count)
    raw = _total([save] * kept_hits + [_wound_die_of(to_hit, defense, reroll, resave)] * count)
    return _wounded(raw, hits, panic, reroll, defender_models, wounds_per_model,
                    defender_damage)


def _wounded(raw: icepool.Die[int], hits: icepool.Die[int], panic: int, reroll: bool,
             defender_models: int, wounds_per_model: int, defender_damage: int) -> AttackOdds:
    """From the unblocked hits ``raw`` on: wounds per AS-RES-6; the Panic Test per
    AS-RES-7/AS-PNC-1 (not taken without wounds or once the defender is gone), adding its
    shortfall; the models removed."""
    capacity = defender_models * wounds_per_model - defender_damage
    shortfalls = _panic_shortfalls(panic)
    total: dict[int, Fraction] = {}
    failed: dict[int, Fraction] = {}
    for w, p in _fractions(raw).items():
        if 0 < w < capacity:  # AS-RES-7: wounds, and the defender still stands: a test
            for short, q in shortfalls.items():
                _add(total, min(capacity, w + short), p * q)
                _add(failed, int(short > 0), p * q)
        else:
            _add(total, min(w, capacity), p)
            _add(failed, 0, p)
    removed: dict[int, Fraction] = {}
    for w, p in total.items():
        _add(removed, models_lost(defender_models, defender_damage, wounds_per_model, w)[0], p)
    return AttackOdds(_sorted(total), _sorted(removed), _fractions(hits),
                      REROLL_POLICY if reroll else "none", _fractions(raw), _sorted(failed))


@lru_cache(maxsize=32)
def _panic_shortfalls(panic: int) -> dict[int, Fraction]:
    """How far a Panic Test of 2D6 against ``panic`` falls short (0: passed), exactly
    (AS-PNC-1): worked out once per Panic value, then weighed in for every wound count (the
    same numbers as mapping the 2D6 die per count, ~4x cheaper cold)."""
    out: dict[int, Fraction] = {}
    for roll, p in _fractions(2 @ D6).items():
        _add(out, panic_shortfall(roll, panic), p)
    return out


def _add(into: dict[int, Fraction], key: int, p: Fraction) -> None:
    into[key] = into.get(key, Fraction(0)) + p


def _sorted(found: dict[int, Fraction]) -> dict[int, Fraction]:
    """``found`` in the order of its outcomes, without impossible ones (as a die lists them)."""
    return {k: found[k] for k in sorted(found) if found[k]}


def mixture(parts: list[tuple[Fraction, AttackOdds]]) -> AttackOdds:
    """The odds of an attack made one of several ways, each with its probability (the weights
    sum to 1): how a charge's earlier steps (a Disorderly roll, stakes wounds) feed the one
    attack model."""
    def mix(pick: Callable[[AttackOdds], dict[int, Fraction]]) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for weight, odds in parts:
            for k, p in pick(odds).items():
                out[k] = out.get(k, Fraction(0)) + weight * p
        return out

    policies = {o.reroll_policy for w, o in parts if w}
    policy = REROLL_POLICY if REROLL_POLICY in policies else "none"
    return AttackOdds(mix(lambda o: o.wounds), mix(lambda o: o.removed), mix(lambda o: o.hits),
                      policy, mix(lambda o: o.unblocked), mix(lambda o: o.panic))


def charge_attack_odds(speed: int, needed: float, stakes: bool,
                       attack_after: Callable[[int, bool], AttackOdds | None]) -> AttackOdds:
    """The attack of a successful charge, as the charge procedure reaches it (AS-CHG-6/11/14):
    each D6 that reaches (``D6 + speed >= needed``) weighs equally; a 1 is a Disorderly Charge
    (no Charge Bonus, AS-CHG-11); stakes on the path first cost D3+1 wounds (AS-CHG-14).
    ``attack_after(wounds, bonus)`` gives the attack's odds after the charger took ``wounds``
    (None when they destroy it: no attack, no wounds)."""
    reaching = [r for r in range(1, 7) if r + speed >= needed - 1e-6]
    if not reaching:
        return AttackOdds({0: Fraction(1)}, {0: Fraction(1)}, {0: Fraction(1)})
    hurt = [(Fraction(1, 3), d3 + 1) for d3 in (1, 2, 3)] if stakes else [(Fraction(1), 0)]
    parts: list[tuple[Fraction, AttackOdds]] = []
    none = AttackOdds({0: Fraction(1)}, {0: Fraction(1)}, {0: Fraction(1)})
    for bonus in (False, True):
        rolls = sum(1 for r in reaching if (r != 1) == bonus)
        if not rolls:
            continue
        for weight, wounds in hurt:
            found = attack_after(wounds, bonus)
            parts.append((Fraction(rolls, len(reaching)) * weight,
                          none if found is None else found))
    return mixture(parts)


def _total(dice: list[icepool.Die[int]]) -> icepool.Die[int]:
    """The sum of ``dice`` (0 for certain when there are none)."""
    if not dice:
        return icepool.Die([0])
    found: icepool.Die[int] = icepool.Pool(dice).sum()
    return found


def _fractions(die: icepool.Die[int]) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(k): Fraction(die.quantity(k), total) for k in die.outcomes()}
