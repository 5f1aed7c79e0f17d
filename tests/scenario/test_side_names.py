"""Units of both sides bearing one name are told apart when the scenario loads, so every text
that names them (the log first of all) says whose unit it means (issue 13 item 10)."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import parse
from game.scenario import load_scenario

DUEL = Path(__file__).parents[1] / "ui" / "data" / "godsgloom_duel.toml"


def test_a_name_both_sides_bear_is_qualified_by_each_side() -> None:
    state = load_scenario(DUEL).state
    assert state.units["a1"].name == "Ashen Host Line Infantry"
    assert state.units["g1"].name == "Gloom Court Line Infantry"


def test_a_name_borne_by_one_side_only_is_kept() -> None:
    state = load_scenario(DUEL).state
    assert state.units["g3"].name == "Gloom Brute"


def test_the_log_says_whose_unit_attacks_whose() -> None:
    game = load_scenario(DUEL).new_game()
    types = game.ruleset.action_types()
    for text in ("activate a1", "melee a1 -> g1"):
        game.apply(parse(text, types))
    said = " ".join(e.text for e in game.log[-1].events)
    assert "Ashen Host Line Infantry" in said and "Gloom Court Line Infantry" in said
