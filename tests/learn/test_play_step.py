"""A lesson's free-play step (issue 25): ``kind = "play"`` with an optional computer
``opponent``, checked by the loader, played unjudged by the run, leaving no trace on the steps
after it, and verified (the computer's first answer is one the rules accept)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.hashing import state_hash
from game.learn import LessonRun, find_lesson, load_lesson
from game.learn.verify import verify_lesson
from game.scenario.problems import ScenarioError

from .test_lesson_loader import GOOD

PLAY = GOOD + '''
[[steps]]
kind = "play"
caption = "Play on."
objective = "Free play."
player = 1
opponent = "normal"

''' + GOOD[GOOD.index('[[steps]]\nkind = "ask"'):]  # the quiz again, after free play


def _load(text: str, tmp_path: Path) -> object:
    path = tmp_path / "play-lesson.toml"
    path.write_text(text, encoding="utf-8")
    return load_lesson(path)


def test_a_play_step_names_a_computer_opponent(tmp_path: Path) -> None:
    from game.learn import Lesson

    lesson = _load(PLAY, tmp_path)
    assert isinstance(lesson, Lesson)
    assert lesson.steps[3].kind == "play" and lesson.steps[3].model.opponent == "normal"


def test_the_loader_refuses_a_wrong_opponent_and_one_outside_a_play_step(
        tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        _load(PLAY.replace('opponent = "normal"', 'opponent = "nromal"'), tmp_path)
    text = str(caught.value)
    assert "steps[3].opponent" in text and "did you mean 'normal'" in text
    with pytest.raises(ScenarioError) as caught:
        _load(PLAY.replace('dice = [4]', 'dice = [4]\nopponent = "easy"'), tmp_path)
    assert "a try step has no 'opponent'" in str(caught.value)


def test_free_play_is_unjudged_and_leaves_no_trace(tmp_path: Path) -> None:
    """Any legal move is played (the other side's too: the table's computer answers
    through the same run), Undo takes back the learner's last move with what followed, and
    Next goes on from the position the play step began with."""
    from game.learn import Lesson

    lesson = _load(PLAY, tmp_path)
    assert isinstance(lesson, Lesson)
    run = LessonRun(lesson, record=False)
    run.next()
    for action in lesson.steps[1].solution:
        run.act(action)
    run.next()
    run.answer(1)
    run.next()
    assert run.step.kind == "play" and run.can_next()
    assert run.opponents() == {2: "normal"} and run.learner == 1
    start = state_hash(run.game.state)
    mine = next(a for a in run.game.legal_actions())
    assert run.act(mine).kind == "progress"
    assert state_hash(run.game.state) != start and run.can_undo()
    run.undo()
    assert state_hash(run.game.state) == start
    run.act(mine)
    run.next()
    assert run.step.kind == "ask" and state_hash(run.game.state) == start


def test_shipped_free_play_steps_verify_for_every_ruleset() -> None:
    """One shipped lesson per ruleset ends with free play against the computer."""
    systems = set()
    for lesson_id in ("as-surge-forth", "gg-mel-30-attack-test", "na-supporting-attacks",
                      "rl-range-four"):
        lesson = find_lesson(lesson_id)
        assert lesson.steps[-1].kind == "play" and lesson.steps[-1].model.opponent
        assert verify_lesson(lesson).ok
        systems.add(lesson.system)
    assert systems == {"asoiaf", "godsgloom", "ninth_age", "realms"}
