"""Scripted positions the computer-player tests share."""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import parse
from game.core.game import Game
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def brute_duel(activated: bool = False) -> Game:
    """The GODSGLOOM skirmish down to two units a side, the brute (a5) next to the enemy's
    skirmishers (g5), who have 3 health left; with ``activated``, the brute activated."""
    game = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").new_game()
    for unit in list(game.state.live_units()):
        if unit.id not in {"a1", "a5", "g1", "g5"}:
            unit.hex, unit.destroyed = None, True
    brute, skirmishers = game.state.units["a5"], game.state.units["g5"]
    assert brute.hex is not None
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 1)
    if activated:
        game.apply(parse("activate a5", game.ruleset.action_types()))
    return game
