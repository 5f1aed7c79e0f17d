"""ASOIAF plans (issue 24): one charge basis serves the check, the button, the odds and the
handler; its plan predicts where the charger starts and its exact chance of contact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.odds import outcome_distributions
from game.core.plan import Outcomes, Plan
from game.rulesets.asoiaf import ruleset as as_ruleset
from game.rulesets.asoiaf.actions import Charge
from game.rulesets.asoiaf.odds import charge_probability
from tests.asoiaf.helpers import table
from tests.asoiaf.test_mutants import _two
from tests.counting import count_calls


def test_as_chg_3_a_charge_plan_is_worked_out_once_and_gives_the_exact_contact_chance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-CHG-3: the charge basis of one charge is computed once in one position (check,
    button, odds entry point, handler); its contact chance is D6 + Speed against the
    distance, as the button's hint says."""
    game = table(_two(10.5))  # Speed 5: only a 6 reaches
    calls = count_calls(monkeypatch, as_ruleset.chg, "plan_charge")
    charge, rules, state = Charge("sworn", "guard"), game.ruleset, game.state
    assert game.why_not(charge) is None
    offer = rules.present(state, charge)
    outcomes = outcome_distributions(game, charge)
    plan = rules.plan(state, charge)
    assert isinstance(plan, Plan) and isinstance(outcomes, Outcomes)
    contact = outcomes.get("contact")
    assert contact is not None and contact.probability(1) == Fraction(1, 6)
    assert contact.probability(1) == charge_probability(5, plan.detail.needed)
    assert "(17%)" in offer.hint
    game.apply(charge)
    assert len(calls) == 1
