"""The text side of ``warbench learn``: ``--list [--json]`` and ``--verify``.

Opening a lesson in a window is the UI's job (:mod:`game.cli` hands it to
``game.ui.lesson_scene``); this module only lists, verifies and describes lessons.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from game.learn.coverage import lesson_coverage, practised, system_coverage
from game.learn.loader import Lesson, load_all
from game.learn.progress import load_progress
from game.learn.verify import verify_lesson
from game.scenario.problems import ScenarioError

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2


def _lessons() -> list[Lesson] | None:
    """Every shipped lesson, or None after saying on stderr which one does not load."""
    try:
        return load_all()
    except ScenarioError as exc:
        print(f"a lesson does not load: {exc}", file=sys.stderr)
        return None


def list_lessons(as_json: bool, out: TextIO | None = None) -> int:
    """Print every shipped lesson (JSON: a list of {id, system, title, rules}); the text form
    adds, per system, how many rules the learner has practised and the lesson to take next."""
    out = out or sys.stdout
    lessons = _lessons()
    if lessons is None:
        return EXIT_INVALID
    if as_json:
        out.write(json.dumps([lesson.summary() for lesson in lessons], indent=1) + "\n")
        return EXIT_OK
    done = load_progress()
    for lesson in lessons:
        mark = "x" if done.get(lesson.id) else " "
        out.write(f"[{mark}] {lesson.system:10} {lesson.id:28} {lesson.title}\n")
    for system in practised(lessons, done):
        out.write(f"{system.line()}\n")
    return EXIT_OK


def coverage(as_json: bool, out: TextIO | None = None) -> int:
    """Per system, the rule IDs the lessons teach and those none teaches yet, counting only
    what the engine applied while each lesson played (a declared rule it never cited is
    listed as a claim); exit 1 if a lesson claims a rule it does not exercise."""
    out = out or sys.stdout
    lessons = _lessons()
    if lessons is None:
        return EXIT_INVALID
    honest = [lesson_coverage(lesson) for lesson in lessons]
    systems = system_coverage(lessons, honest)
    claims = {c.lesson: c.claims for c in honest if c.claims}
    if as_json:
        record = {"systems": [s.as_json() for s in systems],
                  "claims": {k: list(v) for k, v in claims.items()}}
        out.write(json.dumps(record, indent=1) + "\n")
    else:
        for system in systems:
            taught = len(system.rules) - len(system.untaught)
            out.write(f"{system.title}: {taught} of {len(system.rules)} rules taught\n")
            if system.untaught:
                out.write(f"  not yet taught: {', '.join(system.untaught)}\n")
        for lesson_id, rules in claims.items():
            out.write(f"claimed but not exercised by {lesson_id}: {', '.join(rules)}\n")
    return EXIT_FAILED if claims else EXIT_OK


def verify_all(out: TextIO | None = None) -> int:
    """Replay every lesson's demos, wrong moves and try solutions; non-zero on any failure."""
    out = out or sys.stdout
    lessons = _lessons()
    if lessons is None:
        return EXIT_INVALID
    failed = 0
    for lesson in lessons:
        report = verify_lesson(lesson)
        if report.ok:
            out.write(f"ok    {lesson.id} ({len(lesson.steps)} steps)\n")
        else:
            failed += 1
            out.write(f"FAIL  {lesson.id}\n")
            for problem in report.problems:
                out.write(f"      {problem}\n")
    out.write(f"{len(lessons) - failed} of {len(lessons)} lessons verified\n")
    return EXIT_FAILED if failed else EXIT_OK


def outline(lesson: Lesson) -> str:
    """A plain-text outline of a lesson (what ``warbench learn`` shows without a display)."""
    lines = [f"{lesson.title} ({lesson.system}, {lesson.id})"]
    for step in lesson.steps:
        model = step.model
        goal = model.objective or model.question
        text = goal or model.caption
        lines.append(f"  {step.index + 1}. {step.kind}: {text[:90]}")
    return "\n".join(lines)
