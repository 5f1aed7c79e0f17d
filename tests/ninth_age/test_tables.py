"""The three dice tables cell by cell, special saves, and the exact odds of the record the
resolver uses (NA-HIT-2, NA-HIT-3, NA-HIT-4, NA-SAV-1, NA-SAV-2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.ninth_age.odds import hp_loss, two_d6_at_most, unsaved_chance
from game.rulesets.ninth_age.tables import (
    NO_ROLL,
    AttackRecord,
    armour_needs,
    melee_hit_needs,
    passes,
    shooting_hit_needs,
    special_save_needs,
    to_hit_needs,
    to_wound_needs,
)

# The seed's to-hit grid: one row per Defensive Skill 1..10, columns Offensive Skill 1..10.
TO_HIT = [
    "4 3 3 3 2 2 2 2 2 2",
    "4 4 3 3 3 2 2 2 2 2",
    "4 4 4 3 3 3 2 2 2 2",
    "4 4 4 4 3 3 3 2 2 2",
    "5 4 4 4 4 3 3 3 2 2",
    "5 5 4 4 4 4 3 3 3 2",
    "5 5 5 4 4 4 4 3 3 3",
    "5 5 5 5 4 4 4 4 3 3",
    "5 5 5 5 5 4 4 4 4 3",
    "5 5 5 5 5 5 4 4 4 4",
]

# To-wound: one row per Resilience 1..10, columns Strength 1..10.
TO_WOUND = [
    "4 3 2 2 2 2 2 2 2 2",
    "5 4 3 2 2 2 2 2 2 2",
    "6 5 4 3 2 2 2 2 2 2",
    "6 6 5 4 3 2 2 2 2 2",
    "6 6 6 5 4 3 2 2 2 2",
    "6 6 6 6 5 4 3 2 2 2",
    "6 6 6 6 6 5 4 3 2 2",
    "6 6 6 6 6 6 5 4 3 2",
    "6 6 6 6 6 6 6 5 4 3",
    "6 6 6 6 6 6 6 6 5 4",
]

# Armour save: one row per Armour 0..6, columns AP 0..6 ("-": no save).
ARMOUR = [
    "- - - - - - -",
    "6 - - - - - -",
    "5 6 - - - - -",
    "4 5 6 - - - -",
    "3 4 5 6 - - -",
    "2 3 4 5 6 - -",
    "2 2 3 4 5 6 -",
]


def _cell(text: str) -> int:
    return NO_ROLL if text == "-" else int(text)


@pytest.mark.parametrize("defensive", range(1, 11))
@pytest.mark.parametrize("offensive", range(1, 11))
def test_na_hit_2_to_hit_table_every_cell(offensive: int, defensive: int) -> None:
    """NA-HIT-2: every cell of the seed's 10x10 grid."""
    assert to_hit_needs(offensive, defensive) == int(TO_HIT[defensive - 1].split()[offensive - 1])


@pytest.mark.parametrize("resilience", range(1, 11))
@pytest.mark.parametrize("strength", range(1, 11))
def test_na_hit_3_to_wound_table_every_cell(strength: int, resilience: int) -> None:
    """NA-HIT-3: every cell of Strength 1..10 against Resilience 1..10."""
    expected = int(TO_WOUND[resilience - 1].split()[strength - 1])
    assert to_wound_needs(strength, resilience) == expected


@pytest.mark.parametrize("ap", range(7))
@pytest.mark.parametrize("armour", range(7))
def test_na_sav_1_armour_table_every_cell(armour: int, ap: int) -> None:
    """NA-SAV-1: every cell of Armour 0..6 against AP 0..6."""
    assert armour_needs(armour, ap) == _cell(ARMOUR[armour].split()[ap])


def test_na_sav_1_armour_is_capped_at_6_and_a_1_fails() -> None:
    """NA-SAV-1: Armour above 6 counts as 6; a natural 1 always fails even on 2+."""
    assert armour_needs(9, 0) == armour_needs(6, 0) == 2
    assert armour_needs(9, 3) == armour_needs(6, 3) == 4
    assert not passes(1, armour_needs(6, 0))


def test_na_sav_2_special_saves_fail_on_1_and_2() -> None:
    """NA-SAV-2: a 2+ or 3+ Aegis still fails on a 2; no save means no roll."""
    assert special_save_needs(2) == 3 and special_save_needs(3) == 3
    assert special_save_needs(5) == 5 and special_save_needs(None) == NO_ROLL
    assert not passes(2, special_save_needs(2))


def test_na_hit_4_melee_to_hit_is_clamped_and_a_6_hits() -> None:
    """NA-HIT-4: modifiers never make melee to-hit better than 2+ nor worse than 6+; a 6 hits."""
    assert melee_hit_needs(10, 1, modifier=3) == 2
    assert melee_hit_needs(1, 10, modifier=-4) == 6
    assert passes(6, melee_hit_needs(1, 10, modifier=-9))
    assert not passes(1, melee_hit_needs(10, 1, modifier=5))


def test_shooting_to_hit_modifiers() -> None:
    assert shooting_hit_needs(4) == 4
    assert shooting_hit_needs(4, long_range=True, moved=True) == 6
    assert shooting_hit_needs(4, long_range=True, moved=True, cover=2) == NO_ROLL


def test_exact_odds_of_the_issue_check() -> None:
    """10 attacks hitting on 3+, wounding on 4+, against a 4+ armour save: each leaves an
    unsaved wound with probability exactly 1/6; a 5+ Aegis added makes it 1/9."""
    plain = AttackRecord(hit=3, wound=4, armour=4, special=NO_ROLL)
    warded = AttackRecord(hit=3, wound=4, armour=4, special=special_save_needs(5))
    assert unsaved_chance(plain) == Fraction(1, 6)
    assert unsaved_chance(warded) == Fraction(1, 9)
    dist = hp_loss(10, plain, 30)
    assert sum(dist.values()) == 1
    assert sum(k * p for k, p in dist.items()) == Fraction(10, 6)


def test_na_hp_1_multiple_wounds_never_exceed_the_pool() -> None:
    """NA-HP-1: Multiple Wounds multiply unsaved wounds, but a pool loses at most its HP."""
    record = AttackRecord(hit=0, wound=2, armour=NO_ROLL, special=NO_ROLL, multiple=3)
    dist = hp_loss(2, record, 4)
    assert max(dist) == 4 and set(dist) <= {0, 3, 4}


def test_break_test_odds() -> None:
    assert two_d6_at_most(7) == Fraction(21, 36)
    assert two_d6_at_most(0) == Fraction(1, 36)  # a double 1 always passes


def test_na_nsm_1_special_hit_counts_are_exact() -> None:
    """NA-NSM-1: D6 Impact Hits of one model average 3.5; two D3 run 2..6 like 2D6 halved."""
    from game.rulesets.ninth_age.odds import special_hits

    one = special_hits("D6", 1)
    assert sum(k * p for k, p in one.items()) == Fraction(7, 2)
    two = special_hits("D3", 2)
    assert two == {2: Fraction(1, 9), 3: Fraction(2, 9), 4: Fraction(1, 3), 5: Fraction(2, 9),
                   6: Fraction(1, 9)}
    assert special_hits("2", 3) == {6: Fraction(1)}


def test_na_hp_1_the_binomial_hp_loss_equals_icepools_sum_of_dice() -> None:
    """NA-HP-1: the written-out binomial the hover uses equals icepool's sum of 0/1 dice for
    every needs, Multiple Wounds and pool cap tried."""
    from game.rulesets.ninth_age.odds import hp_loss_icepool
    from game.rulesets.ninth_age.tables import AttackRecord

    for hit, wound, armour, special, multiple, attacks, cap in (
            (3, 4, 4, 7, 1, 10, 30), (2, 2, 7, 5, 3, 7, 9), (0, 6, 2, 7, 2, 12, 5),
            (4, 3, 5, 6, 1, 1, 1), (5, 5, 3, 2, 1, 20, 40)):
        record = AttackRecord(hit=hit, wound=wound, armour=armour, special=special,
                              multiple=multiple)
        assert hp_loss(attacks, record, cap) == hp_loss_icepool(attacks, record, cap)
