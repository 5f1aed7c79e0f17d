"""The computer is honest (issue 25): it never reads the game's dice seed or counter, so two
positions that differ only there get the same choice, at every strength, with its own seed
fixed. Its rehearsal copies forget the table's dice and roll its own."""

from __future__ import annotations

import functools

import pytest

from game.ai import LEVELS, make_player
from game.ai.rehearsal import rehearsal
from game.core.actions import RollPending
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.pending import Chance
from game.scenario import Scenario, load_scenario
from tests.conftest import SCENARIOS

POSITIONS = ("asoiaf_charge_example", "godsgloom_duel", "ninth_age_flank_charge",
             "realms_range_four")
"""A small battle of every ruleset where the first choice leads to dice."""


@functools.cache
def _scenario(name: str) -> Scenario:
    return load_scenario(SCENARIOS / f"{name}.toml")


def _twins(name: str) -> tuple[Game, Game]:
    """The scenario's opening twice: the second with another dice seed and counter."""
    first = _scenario(name).new_game()
    state = snapshot(first.state)
    state.seed, state.dice_drawn = first.state.seed + 9973, first.state.dice_drawn + 17
    return first, Game(state, _scenario(name).fresh_ruleset(), started=True)


def _rolls(game: Game) -> tuple[int, ...]:
    """What the table's dice would roll next (through a copy that keeps the dice)."""
    from game.core.actions import DiceSpec

    copy = Game(snapshot(game.state), game.ruleset, started=True)
    return copy._draw(DiceSpec(6, 6))


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_position_with_other_dice_gets_the_same_choice(name: str, level: str) -> None:
    first, second = _twins(name)
    assert _rolls(first) != _rolls(second), "the twins' table dice must differ"
    scale = 0.03 if level == "hard" else 0.15  # a look-ahead of 45 rehearsed actions
    one = make_player(level, 5, clock=False, scale=scale).choose(first)
    two = make_player(level, 5, clock=False, scale=scale).choose(second)
    assert one.action == two.action
    assert one.reason == two.reason


def test_a_rehearsal_copy_forgets_the_tables_dice() -> None:
    game = _scenario("godsgloom_duel").new_game()
    game.state.scripted_dice[:] = [6, 6, 6]
    copy = rehearsal(game)
    assert (copy.state.seed, copy.state.dice_drawn, copy.state.scripted_dice) == (0, 0, [])
    assert game.state.scripted_dice == [6, 6, 6] and not copy.history


def test_the_computer_answers_a_roll_with_the_tables_dice() -> None:
    game = _scenario("godsgloom_duel").new_game()
    game.state.scripted_dice.clear()
    for _ in range(80):
        if isinstance(game.pending(), Chance):
            break
        game.apply(make_player("normal", 1, clock=False, scale=0.1).choose(game).action)
    assert isinstance(game.pending(), Chance)
    assert make_player("hard", 1).choose(game).action == RollPending()
