"""A turn and a reform in player words (issue 13 leftovers): the log and the Turn button say
the turn and the compass facing, never a bare number like "turns to face 90." (NA-MOV-1)."""

from __future__ import annotations

from game.rulesets.ninth_age.actions import Turn
from tests.ninth_age.helpers import play, scenario, unit


def _in_move_phase():  # type: ignore[no-untyped-def]
    game = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                     unit("b", 2, (24.0, 40.0), 180.0, profile="imperial_guard")],
                    rounds=2).new_game()
    play(game, "end")
    return game


def test_na_mov_1_a_turn_is_offered_and_logged_in_compass_words() -> None:
    game = _in_move_phase()
    labels = {game.ruleset.present(game.state, Turn("a", f)).label for f in (90.0, 225.0)}
    assert labels == {"Turn 90° right to face east", "Turn 135° left to face south-west"}
    texts = [e.text for e in play(game, "turn a 90") if e.kind == "unit.turned"]
    assert texts == ["Veteran Orcs turns 90° right to face east."], texts


def test_na_mov_1_a_reform_is_logged_with_a_compass_facing() -> None:
    game = _in_move_phase()
    texts = [e.text for e in play(game, "reform a 10 turn=180") if e.kind == "unit.reformed"]
    assert len(texts) == 1 and texts[0].endswith("facing south."), texts
