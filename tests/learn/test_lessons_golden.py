"""Every shipped lesson is a golden test: its demos and the solution of every try are
replayed headless and their events compared with ``tests/learn/golden/<id>.json``.

Regenerate with ``python -m game.learn.golden`` (from the repository root) and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.hashing import state_hash
from game.learn import LessonRun, load_all
from game.learn.golden import golden_text
from game.learn.verify import verify_lesson

GOLDEN = Path(__file__).resolve().parent / "golden"
LESSONS = load_all()
IDS = [lesson.id for lesson in LESSONS]


def test_at_least_fourteen_lessons_for_every_ruleset_that_plays() -> None:
    assert len(LESSONS) >= 14
    assert {lesson.system for lesson in LESSONS} == {"asoiaf", "godsgloom", "ninth_age",
                                                     "realms"}


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_replays_exactly_as_its_golden_file(lesson: object) -> None:
    from game.learn import Lesson

    assert isinstance(lesson, Lesson)
    report = verify_lesson(lesson)
    assert report.ok, report.problems
    recorded = (GOLDEN / f"{lesson.id}.json").read_text(encoding="utf-8")
    assert golden_text(report.record) == recorded, (
        "the lesson's events changed: run `python -m game.learn.golden` and review the diff")
    assert json.loads(recorded) == report.record


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_ends_with_a_try_then_an_ask(lesson: object) -> None:
    """... then, optionally, free play (a play step changes nothing the steps after see)."""
    from game.learn import Lesson

    assert isinstance(lesson, Lesson)
    kinds = [step.kind for step in lesson.steps]
    while kinds[-1] == "play":
        kinds.pop()
    assert kinds[-1] == "ask"
    assert "try" in kinds[:-1]


def _tries(lesson_id: str) -> list[int]:
    lesson = next(lesson for lesson in LESSONS if lesson.id == lesson_id)
    return [step.index for step in lesson.steps if step.kind == "try"]


def _walk_to(run: LessonRun, index: int) -> None:
    """Advance a run to step ``index``, solving tries and asks on the way."""
    while run.index < index:
        step = run.step
        if step.kind == "try":
            for action in step.solution:
                run.act(action)
        elif step.kind == "ask":
            assert step.model.answer is not None
            run.answer(step.model.answer)
        assert run.next().kind != "refused"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_try_is_solvable_from_its_start_and_recoverable_after_each_wrong_move(
        lesson: object) -> None:
    from game.learn import Lesson

    assert isinstance(lesson, Lesson)
    for index in _tries(lesson.id):
        run = LessonRun(lesson, record=False)
        _walk_to(run, index)
        start = state_hash(run.game.state)
        for move, actions in zip(run.step.model.wrong, run.step.wrong, strict=True):
            feedback = None
            for action in actions:
                feedback = run.act(action)
                if feedback.kind in ("wrong", "refused"):
                    break
            assert feedback is not None and feedback.kind in ("wrong", "refused")
            assert move.explain[:15] in feedback.text
            if feedback.kind == "refused":
                run.restart_step()
            assert run.index == index and not run.solved
            assert state_hash(run.game.state) == start  # back at the step's start
        for action in run.step.solution:
            run.act(action)
        assert run.solved, run.feedback
