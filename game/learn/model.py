"""Typed models of a lesson file (pydantic v2), strict: unknown keys are errors.

A lesson file names a scenario (``[lesson] scenario = "..."``) and lists ordered ``[[steps]]``.
These models check keys, types and ranges only; :mod:`game.learn.loader` then checks the
cross-references (units, rule IDs, actions, what each step kind needs). ``docs/lessons.md``
describes every key.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

StepKind = Literal["say", "demo", "try", "ask", "play"]
STEP_KINDS: tuple[str, ...] = ("say", "demo", "try", "ask", "play")

Point = tuple[float, float]


class Strict(BaseModel):
    """Base of every lesson model: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", strict=False)


class Camera(Strict):
    """Where the table view centres for a step: a unit, a point in inches or a hex."""

    unit: str | None = None
    at: Point | None = None
    hex: tuple[int, int] | None = None
    zoom: float = Field(default=1.0, gt=0.1, le=10.0)


class ArcMark(Strict):
    """Draw one arc of a unit (``front``, ``left``, ``right``, ``rear``...)."""

    unit: str
    arc: str = Field(min_length=1)


class LineMark(Strict):
    """Draw a line between two units (or points); ``label`` may hold live numbers."""

    a: str | Point
    b: str | Point
    label: str = ""


class Highlight(Strict):
    """What a step draws on the table."""

    units: list[str] = []
    arcs: list[ArcMark] = []
    lines: list[LineMark] = []
    hexes: list[tuple[int, int]] = []


class Condition(Strict):
    """One predicate on the attempt's events or the resulting state.

    Either ``event`` (an event of that kind happened in this step, whose ``data`` holds the
    given fields; ``absent = true`` turns it into "never happened"), or ``unit`` (the unit's
    position, facing, hex or counters, each within a tolerance).
    """

    event: str | None = None
    data: dict[str, Any] = {}
    absent: bool = False
    unit: str | None = None
    at: Point | None = None
    tolerance: float = Field(default=0.05, ge=0)
    facing: float | None = None
    facing_tolerance: float = Field(default=1.0, ge=0)
    hex: tuple[int, int] | None = None
    counters: dict[str, Any] = {}
    destroyed: bool | None = None


class WrongMove(Strict):
    """A known wrong move: the actions that play it, what marks it, and why it is wrong."""

    actions: list[str] = Field(min_length=1)
    when: list[Condition] = []
    explain: str = Field(min_length=1)
    rules: list[str] = []


class StepModel(Strict):
    """One ``[[steps]]`` entry; which keys a kind uses is checked by the loader."""

    kind: StepKind
    caption: str = Field(min_length=1)
    rules: list[str] = []
    camera: Camera | None = None
    highlight: Highlight = Highlight()
    reset: bool = False
    actions: list[str] = []
    dice: list[int] = []
    objective: str = ""
    player: int | None = Field(default=None, ge=1, le=8)
    success: list[Condition] = []
    wrong: list[WrongMove] = []
    hint: str = ""
    solution: list[str] = []
    replies: list[str] = []
    question: str = ""
    choices: list[str] = []
    answer: int | None = Field(default=None, ge=0)
    why: list[str] = []
    explain: str = ""
    opponent: str | None = None
    """A play step's computer opponent for the other side (a strength of ``game.ai``)."""


class LessonMeta(Strict):
    """``[lesson]``: identity, the scenario it plays on, and silent setup actions."""

    id: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9_\-]*$", max_length=60)
    title: str = Field(min_length=1, max_length=80)
    scenario: str = Field(min_length=1)
    summary: str = ""
    order: int = 0
    rules: list[str] = []
    setup: list[str] = []
    setup_dice: list[int] = []


class LessonModel(Strict):
    """A whole lesson file."""

    lesson: LessonMeta
    steps: list[StepModel] = Field(min_length=1)


KIND_KEYS: dict[str, frozenset[str]] = {
    "say": frozenset(),
    "demo": frozenset({"actions", "dice"}),
    "try": frozenset({"dice", "objective", "player", "success", "wrong", "hint", "solution",
                     "replies"}),
    "ask": frozenset({"question", "choices", "answer", "why", "explain"}),
    "play": frozenset({"objective", "player", "opponent"}),
}
"""The kind-specific keys each step kind accepts (the common ones are always allowed)."""

KIND_ONLY_KEYS: frozenset[str] = frozenset().union(*KIND_KEYS.values())
