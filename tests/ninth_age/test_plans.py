"""The Ninth Age's plans (issue 24): one computation of a charge or a move serves the button,
the hover, ``why_not`` and the handler, and predicts where the unit ends."""

from __future__ import annotations

import pytest

from game.core.odds import outcome_distributions
from game.core.plan import Outcomes, Plan
from game.rulesets.ninth_age import ruleset as na_ruleset
from game.rulesets.ninth_age.actions import Advance, Charge
from game.rulesets.ninth_age.moves import Moved
from tests.counting import count_calls
from tests.ninth_age.helpers import nu
from tests.ninth_age.test_turn import _two


def test_na_chg_2_a_charge_runs_its_contact_geometry_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-CHG-2: the contact position of one charge is worked out once in one position,
    however many ask (legal actions, the button, ``why_not``, the hover, the handler), and
    the charger ends where the plan put it."""
    game = _two({"profile": "veteran_orcs"}, {"profile": "imperial_guard"}, gap=6.0).new_game()
    calls = count_calls(monkeypatch, na_ruleset, "charge_refusal")
    charge = Charge("a", "b")
    rules, state = game.ruleset, game.state
    assert charge in rules.legal_actions_for(state, "a")
    rules.commands(state, "a")
    assert game.why_not(charge) is None
    offer = rules.present(state, charge)
    rules.inspect_pair(state, "a", "b")
    plan = rules.plan(state, charge)
    assert isinstance(plan, Plan) and isinstance(plan.detail, Moved)
    assert offer.ghost is not None and offer.ghost.pose == plan.placements[0].pose
    assert plan.contacts == ("b",) and plan.alignment == "front"
    game.apply(charge)
    assert len(calls) == 1
    tray = nu(game, "a").tray
    assert tray is not None and (tray.x, tray.y, tray.facing) == plan.placements[0].pose


def test_na_mov_1_an_advance_plan_is_where_the_unit_ends_and_what_it_pays() -> None:
    """NA-MOV-1: an Advance's plan holds the tray it ends on and the inches it pays; the
    handler applies exactly that (a March beyond the Advance rate is marked)."""
    game = _two({"profile": "orc_warband"}, {"profile": "goblin_archers"}, gap=20.0).new_game()
    game.apply(next(a for a in game.legal_actions() if a.verb == "end"))
    march = Advance("a", 2.0 * nu(game, "a").model.mob)
    plan = game.ruleset.plan(game.state, march)
    assert isinstance(plan, Plan) and plan.detail.distance == march.distance
    assert outcome_distributions(game, march) == Outcomes()
    game.apply(march)
    unit = nu(game, "a")
    assert unit.tray == plan.detail.tray and unit.marched


def test_na_mov_1_a_unit_that_may_not_move_lists_no_move_without_its_geometry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-MOV-1: a unit that has moved this phase has no legal move, and its legal actions
    are found without working out any move's geometry (a reform's formation, a wheel's
    swept ground): every move it would list is refused by ``why_not`` all the same."""
    game = _two({"profile": "orc_warband"}, {"profile": "goblin_archers"}, gap=20.0).new_game()
    game.apply(next(a for a in game.legal_actions() if a.verb == "end"))
    game.apply(Advance("a", 1.0))
    rules, state, unit = game.ruleset, game.state, nu(game, "a")
    reforms = count_calls(monkeypatch, na_ruleset, "reform_refusal")
    wheels = count_calls(monkeypatch, na_ruleset, "wheel_swept")
    assert rules.legal_actions_for(state, "a") == []
    assert not reforms and not wheels
    monkeypatch.setattr(na_ruleset, "mover_refusal", lambda *_: None)
    every_move = rules._move_candidates(state, unit)
    monkeypatch.undo()
    assert len(every_move) > 10
    assert all(rules.why_not(state, move) is not None for move in every_move)
