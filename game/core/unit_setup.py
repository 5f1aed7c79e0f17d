"""A unit entry of a scenario as a ruleset receives it, and the problems a ruleset reports.

Below the ruleset contract (:mod:`game.core.contract`): the loader builds :class:`UnitSetup`
records, a ruleset's ``build_unit`` turns each into a unit or raises :class:`SetupError` with
every :class:`SetupProblem` found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.geometry.hexgrid import Hex


@dataclass(frozen=True)
class SetupProblem:
    """One error in a scenario's unit or options, at a dotted path below the entry."""

    path: str
    message: str
    suggestion: str | None = None


class SetupError(Exception):
    """A ruleset refuses a unit or option set; carries every problem found."""

    def __init__(self, problems: Sequence[SetupProblem]) -> None:
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class UnitSetup:
    """A unit as the scenario file gives it, already checked for types.

    ``profile`` names a profile of the ruleset, or ``stats`` gives one inline (a mapping that
    the ruleset validates). ``counters`` holds what is left (``models``, ``wounds``, ``tokens``,
    ...). Either ``x``/``y``/``facing`` (table) or ``hex``/``hex_facing`` is set.
    """

    id: str
    owner: int
    name: str | None = None
    profile: str | None = None
    stats: Mapping[str, Any] | None = None
    x: float | None = None
    y: float | None = None
    facing: float = 0.0
    hex: Hex | None = None
    hex_facing: int = 0
    counters: Mapping[str, Any] = field(default_factory=dict)
