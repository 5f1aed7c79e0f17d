"""The shipped realms scenarios: each loads, and the small ones walk the seed's numbers with
their scripted dice (armor, counterattack, night, height advantage, range)."""

from __future__ import annotations

import pytest

from game.core.pending import Chance, Idle
from game.scenario import load_scenario
from tests.conftest import SCENARIOS

from .helpers import kinds, play, ru, why

SMALL = ["range_four", "high_ground", "chasm_range", "night_precision", "armor_counter"]


@pytest.mark.parametrize("name", [*SMALL, "skirmish"])
def test_scenario_loads_and_starts(name: str) -> None:
    game = load_scenario(SCENARIOS / f"realms_{name}.toml").new_game()
    assert isinstance(game.pending(), Idle) and game.legal_actions()


def _attack(name: str, target: str = "d") -> tuple[object, list[str], dict[str, object]]:
    game = load_scenario(SCENARIOS / f"realms_{name}.toml").new_game()
    events = play(game, "command a", f"attack a -> {target}", "choose declared=roll")
    data = next(e.data for e in events if e.kind == "attack.resolved")
    return game, kinds(events), data


def test_rl_rng_1_scenario_range_four() -> None:
    game, _, data = _attack("range_four", "near")
    assert data["damage"] == 6 and ru(game, "near").destroyed  # type: ignore[arg-type]
    game2 = load_scenario(SCENARIOS / "realms_range_four.toml").new_game()
    play(game2, "command a")
    assert "RL-RNG-1" in why(game2, "attack a -> far")  # 5 spaces: out of range


def test_rl_elv_2_and_rl_hgt_1_scenario_high_ground() -> None:
    game, _, data = _attack("high_ground")
    assert data["damage"] == 4  # 6 rolled, defense 3 - 1 for the height advantage
    assert ru(game, "d").wounds == 4  # type: ignore[arg-type]


def test_rl_elv_3_scenario_chasm() -> None:
    _, _, data = _attack("chasm_range")
    assert data["damage"] == 3


def test_rl_ngt_1_and_rl_ngt_2_scenario_night() -> None:
    game, _, data = _attack("night_precision")
    assert (data["damage"], data["counter"]) == (0, 3)
    assert ru(game, "a").wounds == 3  # type: ignore[arg-type]


def test_rl_arm_1_and_rl_def_1_scenario_armor_counter() -> None:
    game, _, data = _attack("armor_counter")
    assert (data["damage"], data["counter"]) == (0, 4)
    assert ru(game, "a").wounds == 4  # type: ignore[arg-type]


def test_scenario_without_scripted_dice_waits_for_dice() -> None:
    game = load_scenario(SCENARIOS / "realms_armor_counter.toml").new_game()
    game.state.scripted_dice.clear()
    play(game, "command a", "attack a -> d", "choose declared=roll")
    assert isinstance(game.pending(), Chance)
