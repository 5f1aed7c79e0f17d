"""The chance to be ahead when the last round ends (issue 25): The Ninth Age's second side,
behind on models from the start, waited for good fights until the rounds ran out and lost a
quarter of its games to a random player. The score weighs that chance where a ruleset ends
its games at a round limit: behind, a gamble that may turn the lead is worth more than its
average; ahead, a sure gain is; the closer the end, the more the lead counts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.evaluate import Evaluator
from game.core.game import Game
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def _battle(round_: int = 1) -> Game:
    game = load_scenario(SCENARIOS / "ninth_age_battle.toml").new_game()
    game.state.turn = replace(game.state.turn, round=round_)
    return game


def test_no_round_limit_no_endgame() -> None:
    game = _battle()
    evaluator = Evaluator(game.ruleset)
    assert evaluator.endgame(game.state, 0.3) > 0
    game.ruleset.round_limit = lambda state: None  # type: ignore[method-assign]
    assert evaluator.endgame(game.state, 0.3) == 0.0


def test_a_ruleset_that_declares_no_swing_gets_no_endgame() -> None:
    """GODSGLOOM ends at a round limit but says nothing of how far a round moves the lead:
    its computer player plays as before (with the term, it lost 7 of 80 games to random
    against 1 of 40 without)."""
    game = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").new_game()
    assert game.ruleset.round_limit(game.state) is not None
    assert game.ruleset.round_swing(game.state) is None
    assert Evaluator(game.ruleset).endgame(game.state, 0.3) == 0.0


def test_the_lead_counts_more_as_the_rounds_run_out() -> None:
    early, late = _battle(1), _battle(6)
    evaluator = Evaluator(early.ruleset)
    for lead in (0.02, 0.05, 0.2):
        assert 0 < evaluator.endgame(early.state, lead) < evaluator.endgame(late.state, lead)
        assert evaluator.endgame(late.state, -lead) == pytest.approx(
            -evaluator.endgame(late.state, lead))


@pytest.mark.parametrize("lead", [-0.15, -0.05, 0.05, 0.15])
def test_behind_a_gamble_is_worth_more_than_its_average_ahead_less(lead: float) -> None:
    game = _battle(5)
    evaluator = Evaluator(game.ruleset)
    sure = evaluator.endgame(game.state, lead)
    gamble = (evaluator.endgame(game.state, lead - 0.1)
              + evaluator.endgame(game.state, lead + 0.1)) / 2
    assert (gamble > sure) if lead < 0 else (gamble < sure)


def test_the_score_of_the_side_behind_carries_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Orcs 70 models, Sonnstahl 63, in the last round: Sonnstahl's score is lower by the
    weighted endgame term than without it, the Orcs' higher by as much."""
    from game.ai import evaluate

    game = _battle(6)
    evaluator = Evaluator(game.ruleset, danger_weight=0.0)
    with_it = [evaluator.score(game.state, side) for side in (1, 2)]
    weight = evaluate.ENDGAME
    monkeypatch.setattr(evaluate, "ENDGAME", 0.0)
    without = [evaluator.score(game.state, side) for side in (1, 2)]
    term = evaluator.endgame(game.state, (70 - 63) / 133)
    assert term > 0.2
    assert with_it[0] - without[0] == pytest.approx(weight * term)
    assert with_it[1] - without[1] == pytest.approx(-weight * term)
