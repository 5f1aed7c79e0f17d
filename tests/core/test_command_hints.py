"""Command tooltips are written for players: the default ``Ruleset.commands`` takes an action
type's first sentence without the developers' ``markup`` (issue 13 item 14), and no shipped
ruleset's command hint shows markup or stops mid-sentence."""

from __future__ import annotations

import pytest

from game.core.ruleset import doc_hint
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def test_a_hint_is_the_whole_first_sentence_without_markup() -> None:
    doc = """Move the unit to space (q, r), ending with the given ``facing``;
    the same space turns it in place. Only before its action.

    Details for developers."""
    assert doc_hint(doc, "Walk") == ("Move the unit to space (q, r), ending with the given "
                                     "facing; the same space turns it in place.")


def test_a_missing_docstring_falls_back_to_the_label() -> None:
    assert doc_hint(None, "Walk") == "Walk"
    assert doc_hint("   ", "Walk") == "Walk"


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "godsgloom_skirmish", "ninth_age_battle",
                                  "realms_skirmish", "sandbox_table"])
def test_no_shipped_command_hint_shows_markup(name: str) -> None:
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    game = scenario.new_game()
    for unit in game.state.units:
        for command in game.ruleset.commands(game.state, unit):
            assert "``" not in command.hint, (unit, command.key, command.hint)
