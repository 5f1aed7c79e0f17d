"""The hash an action logs is the state's hash, written again from scratch, in every rules
system: the units the action left as they were are read from the history's kept texts
(issue 32), never a text of a unit that changed."""

from __future__ import annotations

import random

import pytest

from game.core.hashing import state_hash
from game.core.pending import Over
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "ninth_age_battle", "realms_skirmish",
                                  "godsgloom_skirmish"])
def test_each_logged_hash_is_the_state_s_hash_written_again(name: str) -> None:
    game = new_session(load_scenario(SCENARIOS / f"{name}.toml")).game
    rng = random.Random(5)
    for step in range(60):
        if isinstance(game.pending(), Over):
            break
        game.apply(rng.choice(game.legal_actions()))
        assert game.log[-1].hash_after == state_hash(game.state), (name, step)
        if step % 17 == 16 and game.can_undo() is None:  # undo, then play on from there
            game.undo()
            game.apply(rng.choice(game.legal_actions()))
            assert game.log[-1].hash_after == state_hash(game.state), (name, step)
    assert len(game.log) > 10


def test_the_units_an_action_left_alone_are_told_until_the_game_moves_back() -> None:
    from dataclasses import replace

    from game.core.actions import MoveUnit

    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    game.state.options = replace(game.state.options, allow_undo_others=True)
    unit = next(u for u in game.state.live_units(game.current_player()) if u.tray)
    assert unit.tray is not None and game.units_left_alone() is None  # nothing done yet
    game.apply(MoveUnit(unit.id, unit.tray.x + 0.5, unit.tray.y, unit.tray.facing))
    left = game.units_left_alone()
    assert left is not None and unit.id not in left
    assert left == set(game.state.units) - {unit.id}
    game.undo()
    assert game.units_left_alone() is None
    game.redo()
    assert game.units_left_alone() == left


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "ninth_age_battle", "realms_skirmish",
                                  "godsgloom_skirmish"])
def test_an_action_s_snapshot_shares_just_the_units_a_fresh_comparison_finds_the_same(
        name: str) -> None:
    """The undo snapshot as an action begins takes the units the last action's hash found
    unchanged on trust (issue 32: one walk over every unit, not two); they must be exactly
    the units a comparison with the history's last snapshot finds the same."""
    from game.core.hashing import same

    game = new_session(load_scenario(SCENARIOS / f"{name}.toml")).game
    rng = random.Random(8)
    trusted = 0
    for _ in range(40):
        if isinstance(game.pending(), Over):
            break
        like = game._last_snapshot()
        told = game._units_same_as(like)
        if like is not None and told is not None:
            walked = {uid for uid, unit in game.state.units.items()
                      if uid in like.units and same(like.units[uid], unit)}
            assert set(told) == walked
            trusted += 1
        game.apply(rng.choice(game.legal_actions()))
    assert trusted > 10


def test_a_unit_replaced_between_actions_is_compared_again() -> None:
    """A unit object put in the state after the last action's hash is not taken as the one
    that hash compared: the snapshot compares every unit then (and the undo brings it back
    as it was)."""
    from copy import deepcopy

    game = new_session(load_scenario(SCENARIOS / "realms_skirmish.toml")).game
    rng = random.Random(3)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    like = game._last_snapshot()
    assert game._units_same_as(like) is not None
    uid = next(iter(game.state.units))
    game.state.units[uid] = deepcopy(game.state.units[uid])
    assert game._units_same_as(like) is None


def test_the_first_action_shares_the_initial_state_s_units_and_their_texts() -> None:
    """The first action's undo snapshot shares the units it leaves alone with the initial
    state (no copy of every unit on the game's first click, issue 32), its hash reads their
    texts as the initial hash wrote them, and undoing it gives the initial state back."""
    game = new_session(load_scenario(SCENARIOS / "realms_skirmish.toml")).game
    start = game.initial_hash()
    game.apply(game.legal_actions()[0])
    before = game._undo[0]
    assert before is not None
    left = game.units_left_alone()
    assert left and all(before.units[uid] is game.initial_state.units[uid] for uid in left)
    assert game.log[-1].hash_after == state_hash(game.state)
    game.undo()
    assert state_hash(game.state) == start == state_hash(game.initial_state)
