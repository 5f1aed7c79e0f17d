"""Load a lesson file strictly: TOML -> typed model -> cross-checked :class:`Lesson`.

Every problem is reported with file, line, dotted path and a "did you mean", using the
scenario loader's :class:`~game.scenario.problems.Problem` and
:class:`~game.scenario.problems.ScenarioError`; a lesson with any problem never loads.
The shipped lessons belong to their rulesets: each ruleset's package holds them in
``lessons/`` (their own scenarios in ``lessons/scenes/``), found through the contract
(``Ruleset.lessons()``) and read with ``importlib.resources``, so they work from an installed
wheel as from a checkout.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path as FilePath
from typing import Any

from pydantic import ValidationError

from game import rulesets
from game.ai import LEVELS
from game.core.actions import Action, ActionSyntaxError, parse
from game.learn.model import (
    KIND_KEYS,
    KIND_ONLY_KEYS,
    STEP_KINDS,
    Condition,
    LessonModel,
    StepModel,
)
from game.rulesets import catalogue
from game.scenario.limits import decode_text, parse_toml, read_limited
from game.scenario.loader import Scenario, load_scenario
from game.scenario.paths import scenarios_dir
from game.scenario.problems import LineIndex, Path, Problem, ScenarioError, did_you_mean, dotted
from game.scenario.validation import validation_problems

OPPONENTS: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
"""The computer strengths a play step may set as the learner's opponent."""

MAX_FILE_BYTES = 500_000
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.\-]+(?:\[[A-Za-z0-9_]+=[^\]{}]*\])?[A-Za-z0-9_.\-/]*)\}")
"""A live number in a caption: ``{key}`` (the latest event data field of that name),
``{kind/key}`` (the same, from the latest event of that kind), ``{kind[field=value]/key}``
(from the latest event of that kind whose ``field`` is ``value``) or ``{unit.field}``."""


@dataclass(frozen=True)
class Step:
    """One checked step: its model and its actions already parsed."""

    index: int
    model: StepModel
    actions: tuple[Action, ...]
    solution: tuple[Action, ...]
    replies: tuple[Action, ...]
    wrong: tuple[tuple[Action, ...], ...]

    @property
    def kind(self) -> str:
        """``say``, ``demo``, ``try`` or ``ask``."""
        return self.model.kind


@dataclass(frozen=True)
class Lesson:
    """A loaded lesson: its identity, its scenario, its setup and its steps."""

    id: str
    file: str
    title: str
    system: str
    order: int
    model: LessonModel
    scenario: Scenario
    setup: tuple[Action, ...]
    steps: tuple[Step, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs this lesson declares it teaches: its own, then its steps', each once
        (the coverage test checks the engine applies each of them when the lesson plays)."""
        found = [*self.model.lesson.rules, *(r for s in self.steps for r in s.model.rules)]
        return tuple(dict.fromkeys(found))

    def summary(self) -> dict[str, object]:
        """The ``--list --json`` record of this lesson: id, system, title and its rules."""
        return {"id": self.id, "system": self.system, "title": self.title,
                "rules": list(self.rules)}


def lesson_folders() -> list[Traversable]:
    """The lesson folders of every registered ruleset that has lessons, in registry order."""
    found = (entry.cls.lessons() for entry in rulesets.RULESETS)
    return [folder for folder in found if folder is not None and folder.is_dir()]


def lesson_files(folder: Traversable | None = None) -> list[Traversable]:
    """Every lesson file of ``folder`` (default: every ruleset's shipped ones), by name."""
    folders = lesson_folders() if folder is None else [folder]
    found = [f for d in folders for f in d.iterdir() if f.is_file() and f.name.endswith(".toml")]
    return sorted(found, key=lambda f: f.name)


def load_all(folder: Traversable | None = None) -> list[Lesson]:
    """Every lesson of ``folder``, ordered by system, then ``order``, then id."""
    lessons = [load_lesson(f) for f in lesson_files(folder)]
    return sorted(lessons, key=lambda lesson: (lesson.system, lesson.order, lesson.id))


def lesson_for_rule(rule_id: str, lessons: Sequence[Lesson] | None = None) -> Lesson | None:
    """The lesson that teaches ``rule_id`` (named in its ``[lesson] rules``, else in a step's
    rules), for the event log's rule links; None if no lesson does."""
    pool = load_all() if lessons is None else list(lessons)
    for lesson in pool:
        if rule_id in lesson.model.lesson.rules:
            return lesson
    for lesson in pool:
        if any(rule_id in step.model.rules for step in lesson.steps):
            return lesson
    return None


def find_lesson(name: str, folder: Traversable | None = None) -> Lesson:
    """A lesson by id or by file path; ScenarioError with a "did you mean" if unknown."""
    if name.endswith(".toml") or "/" in name:
        return load_lesson(name)
    files = {f.name.removesuffix(".toml"): f for f in lesson_files(folder)}
    if name in files:
        return load_lesson(files[name])
    problem = Problem(name, None, "", "no lesson has this id", did_you_mean(name, files))
    raise ScenarioError([problem])


def load_lesson(path: str | FilePath | Traversable) -> Lesson:
    """Read and check a lesson file (a path, or a resource of a ruleset's package); raise
    ScenarioError with every problem. The size is checked before the file is read whole
    (``warbench learn /dev/zero`` is refused, issue 28.10)."""
    file = str(path)
    source = FilePath(path) if isinstance(path, str) else path
    raw = read_limited(source, MAX_FILE_BYTES, "lesson")
    return load_lesson_text(decode_text(raw, file), file, _parent(source))


def _parent(source: FilePath | Traversable) -> Traversable | None:
    """The folder holding a lesson file (file-system and zip resources have one)."""
    parent: Any = getattr(source, "parent", None)
    return parent if parent is not None and hasattr(parent, "joinpath") else None


def load_lesson_text(text: str, file: str = "<lesson>",
                     here: Traversable | None = None) -> Lesson:
    """Check a lesson given as TOML text (``file`` names it; its scenario is looked for in
    ``here``, the lesson's folder, default the folder of ``file``). The TOML goes through the
    scenarios' safe parser (deep nesting, giant integers and non-finite numbers are problems
    of the file, never tracebacks: issue 28.9)."""
    lines = LineIndex(text)
    data = parse_toml(text, file, lines.line_of)
    try:
        model = LessonModel.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(validation_problems(file, lines, exc, LessonModel,
                                                STEP_KINDS, "is not a step kind")) from None
    return _Checker(file, lines, model, here or FilePath(file).parent).lesson()


def _is_file(candidate: Traversable) -> bool:
    """Whether a candidate scenario exists (a name that cannot be a file is not one)."""
    try:
        return candidate.is_file()
    except (OSError, ValueError):
        return False


class _Checker:
    """Cross-checks a typed lesson: scenario, units, rule IDs, actions, kind keys."""

    def __init__(self, file: str, lines: LineIndex, model: LessonModel,
                 here: Traversable) -> None:
        self.file = file
        self.here = here
        self.lines = lines
        self.model = model
        self.problems: list[Problem] = []
        self.units: list[str] = []
        self.rules: set[str] = set()

    def problem(self, loc: Path, message: str, suggestion: str | None = None) -> None:
        """Record a problem at a path of the lesson file."""
        self.problems.append(
            Problem(self.file, self.lines.line_of(loc), dotted(loc), message, suggestion))

    def lesson(self) -> Lesson:
        """The checked lesson, or ScenarioError with every problem."""
        meta = self.model.lesson
        scenario = self._scenario()
        lesson_id = meta.id or FilePath(self.file).stem
        if scenario is None:
            raise ScenarioError(self.problems)
        self.units = list(scenario.state.units)
        self.rules = set(catalogue())
        types = scenario.ruleset.action_types()
        self._rule_ids(("lesson", "rules"), meta.rules)
        setup = self._actions(("lesson", "setup"), meta.setup, types)
        steps = tuple(self._step(i, s, types) for i, s in enumerate(self.model.steps))
        if self.problems:
            raise ScenarioError(self.problems)
        return Lesson(lesson_id, self.file, meta.title, scenario.ruleset.name, meta.order,
                      self.model, scenario, setup, steps)

    def _scenario(self) -> Scenario | None:
        name = self.model.lesson.scenario
        candidates: list[Traversable] = [self.here / name, self.here / "scenes" / name,
                                         scenarios_dir() / name]
        found = next((c for c in candidates if _is_file(c)), None)
        if found is None:
            self.problem(("lesson", "scenario"), f"no scenario file {name!r} beside the "
                         "lesson, in its scenes/ folder or among the shipped scenarios")
            return None
        try:
            return load_scenario(found)
        except ScenarioError as exc:
            self.problem(("lesson", "scenario"), f"the scenario {name!r} does not load: "
                         + "; ".join(str(p) for p in exc.problems))
            return None

    def _rule_ids(self, loc: Path, ids: Iterable[str]) -> None:
        for i, rule in enumerate(ids):
            if rule not in self.rules:
                self.problem((*loc, i), f"unknown rule ID {rule!r}", did_you_mean(rule, self.rules))

    def _unit(self, loc: Path, unit: str) -> None:
        if unit not in self.units:
            self.problem(loc, f"no unit {unit!r} in the scenario; expected one of: "
                         f"{', '.join(self.units)}", did_you_mean(unit, self.units))

    def _actions(self, loc: Path, texts: Sequence[str],
                 types: tuple[type[Action], ...]) -> tuple[Action, ...]:
        out = []
        for i, text in enumerate(texts):
            try:
                out.append(parse(text, types))
            except (ActionSyntaxError, ValueError) as exc:
                self.problem((*loc, i), f"not an action of this ruleset: {exc}")
        return tuple(out)

    def _step(self, i: int, step: StepModel, types: tuple[type[Action], ...]) -> Step:
        loc: Path = ("steps", i)
        self._kind_keys(loc, step)
        self._rule_ids((*loc, "rules"), step.rules)
        self._marks(loc, step)
        for key in ("caption", "objective", "explain", "question", "hint"):
            self._placeholders((*loc, key), getattr(step, key))
        for n, condition in enumerate(step.success):
            self._condition((*loc, "success", n), condition)
        wrong = []
        for n, move in enumerate(step.wrong):
            wrong.append(self._actions((*loc, "wrong", n, "actions"), move.actions, types))
            self._rule_ids((*loc, "wrong", n, "rules"), move.rules)
            for m, condition in enumerate(move.when):
                self._condition((*loc, "wrong", n, "when", m), condition)
        self._kind_needs(loc, step)
        return Step(i, step, self._actions((*loc, "actions"), step.actions, types),
                    self._actions((*loc, "solution"), step.solution, types),
                    self._actions((*loc, "replies"), step.replies, types), tuple(wrong))

    def _kind_keys(self, loc: Path, step: StepModel) -> None:
        allowed = KIND_KEYS[step.kind]
        for key in sorted(step.model_fields_set & KIND_ONLY_KEYS - allowed):
            owners = [k for k, keys in KIND_KEYS.items() if key in keys]
            self.problem((*loc, key), f"a {step.kind} step has no {key!r} (only a "
                         f"{' or '.join(owners)} step has)")

    def _kind_needs(self, loc: Path, step: StepModel) -> None:
        if step.kind == "demo" and not step.actions:
            self.problem((*loc, "actions"), "a demo step needs the actions it plays")
        if step.kind == "try":
            if not step.success:
                self.problem((*loc, "success"), "a try step needs a success predicate")
            if not step.solution:
                self.problem((*loc, "solution"), "a try step needs its solution actions")
            if not step.objective:
                self.problem((*loc, "objective"), "a try step needs an objective line")
        if step.opponent is not None and step.opponent not in OPPONENTS:
            self.problem((*loc, "opponent"), f"{step.opponent!r} is not a computer strength "
                         f"(one of {', '.join(OPPONENTS)})",
                         did_you_mean(step.opponent, OPPONENTS))
        if step.kind == "ask":
            if not step.question:
                self.problem((*loc, "question"), "an ask step needs a question")
            if len(step.choices) < 2:
                self.problem((*loc, "choices"), "an ask step needs at least two choices")
            if step.answer is None or step.answer >= max(len(step.choices), 1):
                self.problem((*loc, "answer"), "the answer must be the index (from 0) of one "
                             "of the choices")
            if step.why and len(step.why) != len(step.choices):
                self.problem((*loc, "why"), "give one reason per choice (or none)")
            if not step.explain:
                self.problem((*loc, "explain"), "an ask step explains its correct answer")

    def _marks(self, loc: Path, step: StepModel) -> None:
        if step.camera is not None and step.camera.unit is not None:
            self._unit((*loc, "camera", "unit"), step.camera.unit)
        light = step.highlight
        for n, unit in enumerate(light.units):
            self._unit((*loc, "highlight", "units", n), unit)
        for n, arc in enumerate(light.arcs):
            self._unit((*loc, "highlight", "arcs", n, "unit"), arc.unit)
        for n, line in enumerate(light.lines):
            for end in ("a", "b"):
                value = getattr(line, end)
                if isinstance(value, str):
                    self._unit((*loc, "highlight", "lines", n, end), value)
            self._placeholders((*loc, "highlight", "lines", n, "label"), line.label)

    def _condition(self, loc: Path, condition: Condition) -> None:
        if (condition.event is None) == (condition.unit is None):
            self.problem(loc, "a condition names exactly one of: event, unit")
        if condition.unit is not None:
            self._unit((*loc, "unit"), condition.unit)

    def _placeholders(self, loc: Path, text: str) -> None:
        stripped = PLACEHOLDER.sub("", text)
        if "{" in stripped or "}" in stripped:
            self.problem(loc, "a brace that is not a {placeholder} (names: letters, digits, "
                         "_ . - /, and one [field=value] after an event kind)")
        for name in PLACEHOLDER.findall(text):
            if "." in name and "/" not in name:
                self._unit(loc, name.split(".", 1)[0])

