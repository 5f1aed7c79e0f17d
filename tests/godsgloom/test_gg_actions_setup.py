"""Action text round trips, unit set-up from profiles and counters, ruleset options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Action, from_dict, parse
from game.rulesets.godsgloom import create
from game.rulesets.godsgloom.actions import GODSGLOOM_ACTIONS, MeleeAttack
from game.scenario import ScenarioError
from tests.conftest import SCENARIOS
from tests.strategies import action_strategy

from .helpers import gu, scenario, unit

TYPES = create({}).action_types()


@pytest.mark.parametrize("cls", GODSGLOOM_ACTIONS, ids=lambda c: c.verb)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_actions_round_trip_through_text_and_dict(cls: type[Action], data: st.DataObject) -> None:
    action = data.draw(action_strategy(cls))
    assert parse(str(action), TYPES) == action
    assert from_dict(action.to_dict(), TYPES) == action


def test_melee_text_form() -> None:
    assert str(MeleeAttack("u1", "u4")) == "melee u1 -> u4"


def test_profiles_are_varied_package_data() -> None:
    profiles = create({}).profiles
    assert {"line_infantry", "elite_guard", "brute"} <= set(profiles)
    assert profiles["brute"].health > profiles["line_infantry"].health


def test_units_take_health_and_tokens_counters() -> None:
    game = scenario([unit("a", 1, (0, 0), 1, profile="brute", health=1, tokens=0),
                     unit("d", 2, (1, 0), 4, profile="elite_guard")]).new_game()
    brute, guard = gu(game, "a"), gu(game, "d")
    assert (brute.health, brute.max_health, brute.tokens, brute.weak) == (1, 8, 0, True)
    assert (guard.health, guard.tokens, guard.max_tokens) == (5, 4, 4)
    assert guard.auto_blocks == 1 and "veteran" in guard.abilities


def test_unused_counters_and_bad_numbers_are_refused_with_every_problem() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario([unit("a", 1, (0, 0), 1, profile="brute", models=3, health=9, tokens=7),
                  unit("d", 2, (1, 0), 4, stats={"attack": 0, "formations": ["testudo"]})])
    text = str(err.value)
    for needle in ("models", "health", "tokens", "attack", "testudo"):
        assert needle in text


def test_unknown_profile_suggests_a_close_one() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario([unit("a", 1, (0, 0), 1, profile="brutes"), unit("d", 2, (1, 0), 4)])
    assert "brute" in str(err.value)


def test_options_are_checked() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario([unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4)],
                 options={"attack_test": "fancy", "round": 3})
    assert "fancy" in str(err.value) and "round" in str(err.value)


def test_skirmish_scenario_loads_with_five_units_a_side() -> None:
    from game.scenario import load_scenario

    sc = load_scenario(SCENARIOS / "godsgloom_skirmish.toml")
    owners = [u.owner for u in sc.state.units.values()]
    assert owners.count(1) == 5 and owners.count(2) == 5
    assert sc.state.board.blocking("impassable") and sc.state.board.blocking("blocks-sight")  # type: ignore[union-attr]
