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
