"""The rules systems Warbench plays: one explicit list, like python-chess's variants.

:data:`RULESETS` is the registry: every entry is a typed record of a :class:`Ruleset` subclass
(its name, title, board kinds and menu description come from the class's declaration). Nothing
looks a ruleset up by module name; adding a system means adding its class here. Rulesets never
import each other (an import-linter contract checks it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Ruleset, SetupError
from game.core.state import BoardKind
from game.rulesets.asoiaf import AsoiafRuleset
from game.rulesets.godsgloom import GodsgloomRuleset
from game.rulesets.ninth_age import NinthAgeRuleset
from game.rulesets.realms import RealmsRuleset
from game.rulesets.sandbox import SandboxRuleset


@dataclass(frozen=True)
class RulesetEntry:
    """One registered rules system."""

    name: str
    title: str
    boards: tuple[BoardKind, ...]
    description: str
    cls: type[Ruleset]

    @classmethod
    def of(cls, ruleset: type[Ruleset]) -> RulesetEntry:
        """The entry of a ruleset class, from its declaration."""
        return cls(ruleset.name, ruleset.title, ruleset.board_kinds, ruleset.description, ruleset)

    def create(self, options: Mapping[str, Any] | None = None) -> Ruleset:
        """A new ruleset object with these options; SetupError lists every bad option."""
        given = dict(options or {})
        problems = self.cls.option_problems(given)
        if problems:
            raise SetupError(problems)
        return self.cls(given)


RULESETS: tuple[RulesetEntry, ...] = tuple(
    RulesetEntry.of(cls)
    for cls in (SandboxRuleset, AsoiafRuleset, GodsgloomRuleset, NinthAgeRuleset, RealmsRuleset)
)
"""Every rules system, in menu order."""


def names() -> list[str]:
    """The registered ruleset names, in registry order."""
    return [entry.name for entry in RULESETS]


def entry(name: str) -> RulesetEntry:
    """The entry called ``name`` (KeyError if none)."""
    for candidate in RULESETS:
        if candidate.name == name:
            return candidate
    raise KeyError(name)


def create(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """A new ruleset object of this name (KeyError if unknown, SetupError for bad options)."""
    return entry(name).create(options)


def catalogue() -> dict[str, str]:
    """Every rule ID of every registered ruleset with its paraphrase."""
    out: dict[str, str] = {}
    for candidate in RULESETS:
        out.update(candidate.cls.catalogue())
    return out
