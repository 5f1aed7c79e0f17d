"""WB-HIST-3: against the computer, Undo takes the game back to the human's own last action,
the computer's actions since then with it; WB-HIST-1 still keeps the human's own dice."""

from __future__ import annotations

import pytest

from game.core.actions import parse
from game.core.game import Game
from game.core.pending import IllegalAction, PlayerDecision
from game.scenario import load_scenario, new_session
from game.scenario.paths import scenario_source


def play(game: Game, *texts: str) -> None:
    for text in texts:
        game.apply(parse(text, game.ruleset.action_types()))


def charged() -> Game:
    """Stark (1, human) charged and aligned; Lannister (2, the computer) answered with the
    Halberdiers' alignment (AS-CHG-13): the game waits for Stark's weapon again."""
    game = new_session(load_scenario(scenario_source("asoiaf_choices"))).game
    play(game, "charge sworn -> guardsmen", "dice 6", "choose align=100 side=centre")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 2
    game.apply(node.options[0])
    return game


def test_wb_hist_3_undo_takes_back_the_computers_moves_with_the_players_own() -> None:
    game = charged()
    assert game.can_undo(1) is not None  # WB-HIST-2 alone refuses: the last action is 2's
    assert game.can_take_back(1, {2}) is None
    taken = game.take_back(1, {2})
    assert [e.actor for e in taken] == [2, 1]
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.align" and node.player == 1
    assert len(game.log) == 2 and game.can_redo()


def test_wb_hist_3_keeps_the_humans_own_dice_and_others_moves() -> None:
    """The human's own roll stays (WB-HIST-1); another human's move is not theirs
    (WB-HIST-2); with nothing of theirs yet there is nothing to take back (WB-HIST-3)."""
    game = new_session(load_scenario(scenario_source("asoiaf_choices"))).game
    refusal = game.can_take_back(1, {2})
    assert refusal is not None and refusal.rules == ("WB-HIST-3",)
    play(game, "charge sworn -> guardsmen", "rolldice")
    refusal = game.can_take_back(1, {2})
    assert refusal is not None and refusal.rules == ("WB-HIST-1",)
    with pytest.raises(IllegalAction):
        game.take_back(1, {2})
    assert len(game.log) == 2  # nothing changed
    refusal = game.can_take_back(2, set())
    assert refusal is not None and refusal.rules == ("WB-HIST-2",)
