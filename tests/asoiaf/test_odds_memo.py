"""Attack odds are memoised on the numbers they depend on and stay exact (issue 12)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import icepool
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.asoiaf import odds as odds_mod
from game.rulesets.asoiaf.modifiers import AttackModifiers, Modified


def mods(attacker: str = "a", dice: int = 7, defense: int = 4) -> AttackModifiers:
    from game.geometry.arcs import Arc

    return AttackModifiers(
        attacker=attacker, defender="d", weapon=0, weapon_name="Sword", ranged=False,
        arc=Arc.FRONT, dice=Modified(dice, ()), to_hit=Modified(4, ()),
        defense=Modified(defense, ()), panic=Modified(5, ()), charge_bonus=True,
        wounds_per_model=1, defender_models=12, defender_damage=0)


def test_memoised_odds_equal_a_fresh_computation_and_depend_only_on_numbers() -> None:
    odds_mod.clear_odds_cache()
    first = odds_mod.attack_odds(mods())
    again = odds_mod.attack_odds(mods(attacker="someone else"))
    assert again is first  # same numbers, another attacker: the same exact answer
    odds_mod.clear_odds_cache()
    fresh = odds_mod.attack_odds(mods())
    assert fresh == first and fresh is not first
    assert sum(fresh.wounds.values()) == 1
    other = odds_mod.attack_odds(mods(defense=3))
    assert other != first
    assert odds_mod.attack_odds(replace(mods(), charge_bonus=False)).reroll_policy == "none"


@given(st.integers(1, 12), st.floats(0.0, 20.0, allow_nan=False))
def test_charge_probability_is_the_die_s_own_answer(speed: int, needed: float) -> None:
    """AS-CHG-6: the chance a charge reaches, counted face by face, is what the D6 + Speed
    die itself says (the reference, built here)."""
    die = icepool.d6 + speed
    assert odds_mod.charge_probability(speed, needed) == Fraction(
        die.probability(">=", needed - 1e-6)).limit_denominator(10**6)
    for edge in (speed + 1.0, speed + 3.0, speed + 6.0, speed + 6.5):
        assert odds_mod.charge_probability(speed, edge) == Fraction(
            die.probability(">=", edge - 1e-6)).limit_denominator(10**6)
