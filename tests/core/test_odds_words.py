"""The words the table shows for an answer's odds (``game.core.odds``): one line per
quantity with its exact mean and the chance of at least one, never rounding an uncertain
chance to a sure one."""

from __future__ import annotations

from fractions import Fraction

from game.core.odds import quantity_words
from game.core.plan import Quantity, distribution


def _quantity(weights: dict[int, Fraction]) -> Quantity:
    return Quantity("wounds", "Wounds to the target", distribution(weights), ("X-1",))


def test_a_quantity_reads_as_its_mean_and_chance_of_at_least_one() -> None:
    words = quantity_words(_quantity({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}))
    assert words == "Wounds to the target: mean 1.00, 75% for at least 1"


def test_an_uncertain_chance_is_never_rounded_to_sure() -> None:
    tiny = quantity_words(_quantity({0: 1 - Fraction(1, 1000), 1: Fraction(1, 1000)}))
    nearly = quantity_words(_quantity({0: Fraction(1, 1000), 1: 1 - Fraction(1, 1000)}))
    assert "<1% for at least 1" in tiny and ">99% for at least 1" in nearly
    assert "0% for at least 1" in quantity_words(_quantity({0: Fraction(1)}))
