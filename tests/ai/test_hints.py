"""The evaluation hints of the ruleset contract (issue 25) and the history-free game copy the
computer rehearses on."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.ai.evaluate import WIN, Evaluator
from game.ai.rehearsal import rehearsal
from game.core.actions import JSON
from game.core.game import Game
from game.core.state import GameState, Outcome, Unit
from game.rulesets.godsgloom.units import GodsUnit
from game.rulesets.sandbox import SandboxRuleset
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


@dataclass(kw_only=True)
class Counted(Unit):
    health: int = 3
    max_health: int = 4

    def status(self) -> dict[str, JSON]:
        return {"health": self.health, "max_health": self.max_health, "weak": False}


def test_the_default_worth_counts_a_live_unit_and_its_share_of_declared_counters() -> None:
    unit = Counted(id="u", name="U", owner=1, profile="p")
    state = load_scenario(SCENARIOS / "sandbox_table.toml").state
    state.units = {"u": unit}
    ruleset = SandboxRuleset()  # the contract's defaults: the sandbox overrides none
    assert ruleset.unit_worth(state, "u") == pytest.approx(1.75)
    assert ruleset.unit_threat(state, "u") == ruleset.unit_worth(state, "u")
    assert ruleset.objective_score(state, 1) == 0.0
    unit.destroyed = True
    assert ruleset.unit_worth(state, "u") == 0.0
    assert ruleset.unit_worth(state, "nobody") == 0.0


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "ninth_age_battle", "realms_skirmish",
                                  "godsgloom_skirmish"])
def test_every_ruleset_counts_worth_and_a_won_game_outweighs_it(name: str) -> None:
    game = load_scenario(SCENARIOS / f"{name}.toml").new_game()
    state: GameState = game.state
    worths = [game.ruleset.unit_worth(state, u.id) for u in state.live_units()]
    assert all(w > 0.0 for w in worths) and sum(worths) > len(worths)
    evaluator = Evaluator(game.ruleset)
    assert abs(evaluator.score(state, 1)) < 1.0
    state.outcome = Outcome(1, "won")
    assert evaluator.score(state, 1) > WIN - 1 and evaluator.score(state, 2) < -WIN + 1


def test_a_copy_without_history_remembers_what_it_waits_for_until_it_changes() -> None:
    game = load_scenario(SCENARIOS / "godsgloom_duel.toml").new_game()
    copy = rehearsal(game)
    assert copy.pending() == game.pending()
    action = game.legal_actions()[0]
    copy.apply(action)
    game.apply(action)
    assert copy.pending() == game.pending()
    assert copy.can_undo(None) is not None and copy.log[-1].hash_after == ""
    assert Game(copy.state, copy.ruleset, started=True).pending() == copy.pending()


def test_a_godsgloom_unit_standing_counts_the_same_whatever_its_health() -> None:
    """HX-ACT-3: at the round limit more units in play wins, then more health. Destroying the
    skirmishers (3 health) is worth more than taking 7 of the brute's 8 health, though it
    takes fewer wounds: each unit in play counts one, whatever its health."""
    def without(hurt: str, health: int) -> float:
        game = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").new_game()
        unit = game.state.units[hurt]
        assert isinstance(unit, GodsUnit)
        if health <= 0:
            unit.hex, unit.destroyed = None, True
        unit.health = max(0, health)
        return Evaluator(game.ruleset).score(game.state, 1)

    assert without("g5", 0) > without("g3", 1)
