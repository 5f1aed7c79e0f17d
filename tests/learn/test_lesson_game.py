"""LessonGame: a table plays a lesson through the Game interface."""

from __future__ import annotations

import pytest

from game.core.actions import Pivot
from game.core.pending import IllegalAction, PlayerDecision
from game.learn import LessonRun, find_lesson
from game.learn.table import LessonGame


def test_the_table_plays_a_lesson_through_the_game_interface() -> None:
    run = LessonRun(find_lesson("gg-mel-70-consolidation"), record=False)
    game = LessonGame(run)
    with pytest.raises(IllegalAction) as caught:  # a say step is for watching
        game.apply(Pivot("a", 2.0))
    assert "watching" in caught.value.refusal.reason
    run.next()
    run.next()
    assert game.current_player() == 1 and game.legal_actions()
    game.apply(next(a for a in game.legal_actions() if str(a) == "activate a"))
    assert run.feedback is not None and run.feedback.kind == "progress"
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("melee")))
    assert isinstance(game.pending(), PlayerDecision)
    assert game.can_undo() is None
    game.undo()
    assert not game.can_redo()
    with pytest.raises(IllegalAction):
        game.redo()
    assert game.state is run.game.state and game.ruleset is run.game.ruleset


def test_a_wrong_move_through_the_table_restarts_the_step() -> None:
    run = LessonRun(find_lesson("as-melee-two-sides"), record=False)
    run.next()
    run.next()
    game = LessonGame(run)
    start = game.state_hash()
    assert game.apply(next(a for a in game.legal_actions() if "guard" in str(a))) == []
    assert run.feedback is not None and run.feedback.kind == "wrong"
    assert game.state_hash() == start
