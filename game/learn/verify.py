"""Replay a lesson headless: every demo, every try's solution, every authored wrong move.

:func:`verify_lesson` plays the lesson the way a learner who gets everything right would, and
checks on the way that each try is solvable from its start, that each authored wrong move is
recognised and leaves the step recoverable (the solution still works after it), that each
ask's answer is accepted, and that no caption is left with a placeholder that has no value.
It also returns the record of events the golden tests compare (``python -m game.learn.golden``)
and every rule ID the engine cited on the way (:attr:`Report.exercised`, from
:attr:`LessonRun.engine_rules`: events, plans, decisions and refusals, never a lesson's own
labels), which the coverage check compares with the lesson's declared rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.events import Event
from game.learn.loader import Lesson
from game.learn.predicates import unresolved
from game.learn.run import LessonError, LessonRun

JSONish = Any


@dataclass
class Report:
    """What :func:`verify_lesson` found: problems (empty = the lesson works) and the record."""

    lesson: str
    problems: list[str] = field(default_factory=list)
    record: list[dict[str, JSONish]] = field(default_factory=list)
    exercised: set[str] = field(default_factory=set)
    """Rule IDs the engine cited while the lesson played (see the module docstring)."""

    @property
    def ok(self) -> bool:
        """Whether the lesson plays through without a problem."""
        return not self.problems


def event_record(event: Event) -> dict[str, JSONish]:
    """The golden form of an event: kind, rules and numbers (not the wording)."""
    return {"kind": event.kind, "rules": list(event.rules), "data": dict(event.data)}


def verify_lesson(lesson: Lesson) -> Report:
    """Play ``lesson`` through headless and report every problem (see module docstring)."""
    report = Report(lesson.id)
    try:
        run = LessonRun(lesson, record=False)
    except LessonError as exc:
        report.problems.append(str(exc))
        return report
    while True:
        where = f"{lesson.id} step {run.index + 1} ({run.step.kind})"
        try:
            _check_step(run, where, report)
        except LessonError as exc:
            report.problems.append(str(exc))
            return report
        if report.problems:
            return report
        report.record.append({"step": run.index + 1, "kind": run.step.kind,
                              "events": [event_record(e) for e in run.step_events]})
        report.exercised.update(run.engine_rules)
        feedback = run.next()
        if run.finished:
            return report
        if feedback.kind == "refused":
            report.problems.append(f"{where}: Next refused: {feedback.text}")
            return report


def _check_step(run: LessonRun, where: str, report: Report) -> None:
    missing = unresolved(run.step.model.caption, run.game.state, run.events())
    if run.step.kind == "try":
        _check_try(run, where, report)
    elif run.step.kind == "ask":
        _check_ask(run, where, report)
    elif run.step.kind == "play":
        _check_play(run, where, report)
    if missing:
        report.problems.append(f"{where}: caption placeholders without a value: {missing}")


def _check_play(run: LessonRun, where: str, report: Report) -> None:
    """A free-play step with a computer opponent: where the computer is to answer at the
    step's start, its answer (a quick, clock-free search) is one the rules accept."""
    from game.ai import detached, make_player
    from game.core.pending import Over

    sides = run.opponents()
    node = run.game.pending()
    if isinstance(node, Over) or node.player not in sides:
        return
    player = make_player(sides[node.player], clock=False, scale=0.25)
    copy = detached(run.game, run.lesson.scenario.fresh_ruleset())
    action = player.choose(copy).action
    refusal = run.game.why_not(action)
    if refusal is not None:
        report.problems.append(f"{where}: the computer opponent's move '{action}' is refused: "
                               f"{refusal.reason}")


def _check_try(run: LessonRun, where: str, report: Report) -> None:
    for n, (move, actions) in enumerate(zip(run.step.model.wrong, run.step.wrong, strict=True)):
        feedback = None
        for action in actions:
            feedback = run.act(action)
            if feedback.kind in ("wrong", "refused", "solved"):
                break
        if feedback is None or feedback.kind not in ("wrong", "refused"):
            kind = feedback.kind if feedback else "nothing"
            report.problems.append(f"{where}: wrong move {n + 1} was not refused or judged "
                                   f"wrong (got {kind})")
        elif move.explain.split("{")[0][:20] not in feedback.text:
            report.problems.append(f"{where}: wrong move {n + 1} did not get its authored "
                                   f"explanation (got: {feedback.text})")
        run.restart_step()
    _solve(run, where, report)


def _solve(run: LessonRun, where: str, report: Report) -> None:
    feedback = None
    for action in run.step.solution:
        feedback = run.act(action)
        if feedback.kind in ("wrong", "refused"):
            break
    if not run.solved:
        said = feedback.text if feedback else "no action"
        report.problems.append(f"{where}: the solution does not solve the step ({said})")


def _check_ask(run: LessonRun, where: str, report: Report) -> None:
    model = run.step.model
    assert model.answer is not None
    wrong = next((i for i in range(len(model.choices)) if i != model.answer), None)
    if wrong is not None and run.answer(wrong).kind != "incorrect":
        report.problems.append(f"{where}: a wrong choice was accepted")
    if run.answer(model.answer).kind != "correct":
        report.problems.append(f"{where}: the answer was not accepted")
