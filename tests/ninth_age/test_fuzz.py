"""Bad input never crashes: random actions of every Ninth Age type (and random answers) are
refused with a reason or applied; a refusal changes nothing. Actions round-trip as text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Action, Choose, from_dict, parse
from game.core.pending import IllegalAction
from game.rulesets.ninth_age.actions import NINTH_ACTIONS
from game.rulesets.ninth_age.ruleset import NinthAgeRuleset
from game.scenario import load_scenario
from tests.conftest import SCENARIOS
from tests.strategies import action_strategy

from .helpers import play

TYPES = NinthAgeRuleset().action_types()
IDS = st.sampled_from(["orcs", "guard", "nobody", "", "orcs/rf"])


@pytest.mark.parametrize("cls", NINTH_ACTIONS, ids=lambda c: c.verb)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_actions_round_trip_through_text_and_dict(cls: type[Action], data: st.DataObject) -> None:
    action = data.draw(action_strategy(cls))
    assert parse(str(action), TYPES) == action
    assert from_dict(action.to_dict(), TYPES) == action


@pytest.mark.parametrize("phases", [0, 1, 2, 3])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_random_actions_are_refused_or_applied_never_crash(phases: int,
                                                           data: st.DataObject) -> None:
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, *["end"] * phases)
    for _ in range(4):
        cls = data.draw(st.sampled_from([*NINTH_ACTIONS, Choose]))
        action = data.draw(action_strategy(cls))
        if hasattr(action, "unit") and data.draw(st.booleans()):
            action = type(action).from_fields({**{k: v for k, v in action.to_dict().items()
                                                  if k != "verb"}, "unit": data.draw(IDS)})
        before = game.state_hash()
        refusal = game.why_not(action)
        if refusal is None:
            game.apply(action)
        else:
            assert refusal.reason
            with pytest.raises(IllegalAction):
                game.apply(action)
            assert game.state_hash() == before
