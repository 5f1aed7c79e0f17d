"""Profiles, strict set-up checks with paths (footprints, attack types, die sizes, transit
pads), options, and action text round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Action, from_dict, parse
from game.core.hashing import canonical
from game.geometry.hexgrid import Hex
from game.rulesets.realms import RealmsRuleset
from game.rulesets.realms.actions import REALMS_ACTIONS, Strike
from game.rulesets.realms.units import RealmsUnit
from game.scenario import ScenarioError, load_scenario
from tests.conftest import SCENARIOS
from tests.strategies import action_strategy

from .helpers import game, ru, scenario, unit

TYPES = RealmsRuleset({}).action_types()


@pytest.mark.parametrize("cls", REALMS_ACTIONS, ids=lambda c: c.verb)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_actions_round_trip_through_text_and_dict(cls: type[Action], data: st.DataObject) -> None:
    action = data.draw(action_strategy(cls))
    assert parse(str(action), TYPES) == action
    assert from_dict(action.to_dict(), TYPES) == action


def test_attack_text_form() -> None:
    assert str(Strike("u1", "u4")) == "attack u1 -> u4"
    assert str(Strike("u1", "u4", "off")) == "attack u1 -> u4 hand=off"


def test_profiles_cover_the_issue_list() -> None:
    profiles = RealmsRuleset({}).profiles
    assert {"swordsman", "archer", "spearman", "duelist", "wyrm", "ballista", "watchtower",
            "mage"} <= set(profiles)
    assert len(profiles["wyrm"].footprint) == 2 and profiles["wyrm"].neck_reach > 0
    assert profiles["ballista"].eyeless and "war_machine" in profiles["ballista"].abilities
    assert profiles["mage"].spells and profiles["spearman"].off == "shield"
    assert "building" in profiles["watchtower"].abilities


def test_counters_set_wounds_and_mana() -> None:
    g = game([unit("a", 1, (0, 0), 1, profile="mage", damage=2, tokens=3),
              unit("d", 2, (1, 0), 4, profile="swordsman")])
    assert ru(g, "a").wounds == 2 and ru(g, "a").mana == 3 and ru(g, "a").max_mana == 6


def _problems(*units: dict[str, object], **kwargs: object) -> str:
    with pytest.raises(ScenarioError) as err:
        scenario(list(units), **kwargs)  # type: ignore[arg-type]
    return str(err.value)


def test_footprint_off_the_board_or_on_a_blocked_space_is_refused() -> None:
    text = _problems(unit("a", 1, (0, 0), 0, profile="wyrm"), unit("d", 2, (2, 0), 4),
                     hexes=[{"at": [0, -1], "keywords": ["impassable"]}])
    assert "units[0].hex" in text and "blocked space (0,-1)" in text
    text = _problems(unit("a", 1, (0, -4), 0, profile="wyrm"), unit("d", 2, (2, 0), 4))
    assert "units[0].hex" in text and "(0,-5), off the board" in text
    text = _problems(unit("a", 1, (0, 0), 0, profile="wyrm"), unit("d", 2, (0, -1), 4))
    assert "already covers" in text


def test_unknown_attack_types_and_die_sizes_are_refused_with_paths() -> None:
    text = _problems(unit("a", 1, (0, 0), 1, stats={
        "weapons": {"sword": {"die": 7, "type": "slsh"}}, "base_die": 3}),
        unit("d", 2, (1, 0), 4, stats={"armor": {"wood": 1}}))
    assert "units[0].stats.weapons.sword.die" in text and "unknown die size 7" in text
    assert "units[0].stats.weapons.sword.type" in text and "slash" in text
    assert "units[0].stats.base_die" in text
    assert "units[1].stats.armor.wood" in text


def test_the_die_sizes_option_changes_what_is_allowed() -> None:
    g = game([unit("a", 1, (0, 0), 1, stats={"weapons": {"w": {"die": 7, "type": "slash"}},
                                             "main": "w"}),
              unit("d", 2, (1, 0), 4)], options={"die_sizes": [4, 6, 7, 8]})
    assert ru(g, "a").weapons[0].dice == (7,)


def test_a_transit_pad_to_nowhere_is_refused() -> None:
    text = _problems(unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4),
                     options={"pads": [[[0, 0], [9, 9]]]})
    assert "rules.options.pads[0][1]" in text and "nowhere" in text


def test_map_features_that_do_not_fit_are_refused_with_line_path_and_reason() -> None:
    """RL-ELV-1 / RL-MOV-1 board data: every problem of the [hexmap] features at once, each
    with its file, line and dotted path, and no state is built (never half-loaded)."""
    two = (unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4))
    with pytest.raises(ScenarioError) as err:
        scenario(list(two), hexes=[{"at": [2, 2], "terrain": "void"}], features={
            "pads": [{"between": [[0, -1], [2, 2]]}, {"between": [[-1, 0], [0, -1]]},
                     {"between": [[0, 3], [-2, 1]]}],
            "obstructions": [{"at": [9, 9], "height": 4}, {"at": [-2, 1], "height": 4}],
            "walls": [{"between": [[0, 0], [3, 0]], "height": 4}]})
    shown = {(p.line, p.path): p.message for p in err.value.problems}
    paths = {path for _, path in shown}
    assert {"hexmap.obstructions[0].at", "hexmap.walls[0].between"} == paths
    assert all(p.file == "test.toml" and p.line is not None for p in err.value.problems)
    with pytest.raises(ScenarioError) as err:  # on the map, but not where a pad can lead
        scenario(list(two), hexes=[{"at": [2, 2], "terrain": "void"}], features={
            "pads": [{"between": [[0, -1], [2, 2]]}, {"between": [[-1, 0], [0, -1]]},
                     {"between": [[0, 3], [-2, 1]]}],
            "obstructions": [{"at": [2, 2], "height": 4}, {"at": [-2, 1], "height": 4}]})
    found = {p.path: p.message for p in err.value.problems}
    assert "nowhere" in found["hexmap.pads[0].between[1]"]  # a gap
    assert "already has a transit pad" in found["hexmap.pads[1].between[1]"]
    assert "blocked" in found["hexmap.pads[2].between[1]"]  # an obstruction stands there
    assert "gap" in found["hexmap.obstructions[0].at"]


def test_map_features_are_typed_strictly_with_a_suggestion() -> None:
    two = (unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4))
    with pytest.raises(ScenarioError) as err:
        scenario(list(two), features={"pads": [{"betwen": [[0, 0], [1, 1]]}],
                                      "obstructions": [{"at": [1, 1], "height": 500}]})
    found = {p.path: p for p in err.value.problems}
    assert found["hexmap.pads[0].betwen"].suggestion == "between"
    assert "99" in found["hexmap.obstructions[0].height"].message


def test_map_features_reach_the_rules_and_hash_only_when_present() -> None:
    from game.core.hashing import state_hash

    plain = scenario([unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4)])
    stone = scenario([unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4)],
                     features={"obstructions": [{"at": [0, 1], "height": 4}]})
    rs = stone.fresh_ruleset()
    assert rs.feats(stone.state).obstructions == {Hex(0, 1): 4}  # type: ignore[attr-defined]
    assert state_hash(plain.state) != state_hash(stone.state)
    assert "features" not in str(canonical(plain.state.board))


def test_bad_options_are_refused_with_paths() -> None:
    text = _problems(unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4),
                     options={"armor_stacking": "most", "night_round": [2],
                              "walls": [{"between": [[0, 0], [3, 0]], "height": 4}]})
    assert "rules.options.night_round" in text and "night_rounds" in text
    problems = RealmsRuleset.option_problems({"armor_stacking": "most", "walls": [
        {"between": [[0, 0], [3, 0]], "height": 4}]})
    paths = [p.path for p in problems]
    assert "rules.options.armor_stacking" in paths and "rules.options.walls[0].between" in paths


def test_hand_and_counter_problems_are_reported_together() -> None:
    text = _problems(unit("a", 1, (0, 0), 1, stats={"off": "sword2"}, models=3),
                     unit("d", 2, (1, 0), 4, profile="mage", tokens=9))
    assert "units[0].stats.off" in text and "models" in text and "units[1].tokens" in text


def test_the_skirmish_starts_level_at_the_round_limit() -> None:
    """RL-TRN-1: the round limit counts the health left, buildings included, so the skirmish
    gives each side a watchtower and as much health: a game where nobody is hurt is a draw."""
    state = load_scenario(SCENARIOS / "realms_skirmish.toml").new_game().state
    health = {p.number: sum(u.health - u.wounds for u in state.live_units(p.number)
                            if isinstance(u, RealmsUnit)) for p in state.players}
    towers = {u.owner for u in state.live_units() if u.profile == "watchtower"}
    assert health == {1: 57, 2: 57} and towers == {1, 2}
