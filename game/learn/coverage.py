"""Which rules the lessons teach, per rules system, and what a learner has practised.

A lesson *declares* the rule IDs it teaches (``[lesson] rules`` and each step's ``rules``).
:func:`lesson_coverage` checks a declaration against what the engine did when the lesson was
played headless (:attr:`game.learn.verify.Report.exercised`): a declared rule that no event
and no refusal of the engine cited is a claim only. :func:`system_coverage` sums the honest
declarations per system against the ruleset's own catalogue (``Ruleset.rule_texts``), so the
untaught rule IDs of each system can be listed (``warbench learn --coverage``).

The learner's progress (:func:`practised`) reads the declarations of the lessons they finished;
the coverage test (``tests/learn/test_lesson_coverage.py``) keeps declarations honest, so this
needs no replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game import rulesets
from game.learn.loader import Lesson
from game.learn.verify import verify_lesson


@dataclass(frozen=True)
class LessonCoverage:
    """One lesson's declared rules beside the rules the engine cited while it played."""

    lesson: str
    system: str
    declared: tuple[str, ...]
    exercised: frozenset[str]
    problems: tuple[str, ...] = ()

    @property
    def claims(self) -> tuple[str, ...]:
        """Declared rule IDs the lesson never made the engine apply (labels only)."""
        return tuple(r for r in self.declared if r not in self.exercised)


def lesson_coverage(lesson: Lesson) -> LessonCoverage:
    """Play ``lesson`` headless and compare its declaration with what the engine cited."""
    report = verify_lesson(lesson)
    return LessonCoverage(lesson.id, lesson.system, lesson.rules,
                          frozenset(report.exercised), tuple(report.problems))


@dataclass(frozen=True)
class SystemCoverage:
    """One rules system's catalogue and the lessons that teach each of its rules."""

    system: str
    title: str
    rules: tuple[str, ...]
    taught: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def untaught(self) -> tuple[str, ...]:
        """The system's rule IDs no lesson teaches, in catalogue order."""
        return tuple(r for r in self.rules if not self.taught.get(r))

    def as_json(self) -> dict[str, object]:
        """The ``--coverage --json`` record of this system."""
        return {"system": self.system, "title": self.title, "rules": len(self.rules),
                "taught": len(self.rules) - len(self.untaught),
                "untaught": list(self.untaught),
                "lessons": {r: list(ids) for r, ids in self.taught.items()}}


def system_coverage(lessons: Sequence[Lesson],
                    honest: Iterable[LessonCoverage] | None = None) -> list[SystemCoverage]:
    """Per registered system with a catalogue: which lessons teach each rule. With ``honest``
    (:func:`lesson_coverage` results) only rules the engine applied count; without it, the
    declarations are taken as they are (the coverage test keeps them honest)."""
    exercised = {c.lesson: c.exercised for c in honest} if honest is not None else None
    out = []
    for entry in rulesets.RULESETS:
        rules = tuple(entry.cls.rule_texts)
        if not rules:
            continue
        taught: dict[str, list[str]] = {}
        for lesson in lessons:
            if lesson.system != entry.name:
                continue
            for rule in lesson.rules:
                if exercised is None or rule in exercised.get(lesson.id, frozenset()):
                    taught.setdefault(rule, []).append(lesson.id)
        out.append(SystemCoverage(entry.name, entry.title, rules,
                                  {r: tuple(ids) for r, ids in taught.items() if r in rules}))
    return out


@dataclass(frozen=True)
class Practice:
    """A learner's progress in one system: rules practised, and the lesson to take next."""

    system: str
    title: str
    practised: int
    rules: int
    next_lesson: Lesson | None

    def line(self) -> str:
        """``<system title>: 12 of 46 rules practised; next: <lesson id> (<title>)``."""
        head = f"{self.title}: {self.practised} of {self.rules} rules practised"
        if self.next_lesson is None:
            return f"{head}; every lesson done"
        return f"{head}; next: {self.next_lesson.id} ({self.next_lesson.title})"


def practised(lessons: Sequence[Lesson], done: Mapping[str, bool]) -> list[Practice]:
    """Per system: how many of its rules the finished lessons taught, and the first lesson
    (in the list's order, basics first) not finished yet."""
    out = []
    for system in system_coverage(lessons):
        own = [lesson for lesson in lessons if lesson.system == system.system]
        if not own:
            continue
        learnt = {r for lesson in own if done.get(lesson.id) for r in lesson.rules}
        following = next((lesson for lesson in own if not done.get(lesson.id)), None)
        out.append(Practice(system.system, system.title, len(learnt & set(system.rules)),
                            len(system.rules), following))
    return out
