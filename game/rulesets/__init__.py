"""The rules systems Warbench plays: one explicit list, like python-chess's variants.

:data:`RULESETS` is the registry: every entry is a typed record of a :class:`Ruleset` subclass
(its name, title, board kinds and menu description come from the class's declaration). Nothing
looks a ruleset up by module name; adding a system means adding its class here. Rulesets never
import each other (an import-linter contract checks it).

Each entry imports its ruleset's package when first asked for the class (issue 12, start-up:
opening one game needs one rules system, not all five); the entry's ``name`` is the only
thing written here, and a test checks it against the class's declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Ruleset, SetupError
from game.core.state import BoardKind


@dataclass(frozen=True)
class RulesetEntry:
    """One registered rules system: its name and how to get its class (imported on first
    use); title, board kinds and description are the class's declaration."""

    name: str
    load: Callable[[], type[Ruleset]]

    @property
    def cls(self) -> type[Ruleset]:
        """The ruleset class (its package is imported the first time)."""
        return self.load()

    @property
    def title(self) -> str:
        return self.cls.title

    @property
    def boards(self) -> tuple[BoardKind, ...]:
        return self.cls.board_kinds

    @property
    def description(self) -> str:
        return self.cls.description

    @classmethod
    def of(cls, ruleset: type[Ruleset]) -> RulesetEntry:
        """The entry of a ruleset class already imported."""
        return cls(ruleset.name, lambda: ruleset)

    def create(self, options: Mapping[str, Any] | None = None) -> Ruleset:
        """A new ruleset object with these options; SetupError lists every bad option."""
        given = dict(options or {})
        problems = self.cls.option_problems(given)
        if problems:
            raise SetupError(problems)
        return self.cls(given)


def _sandbox() -> type[Ruleset]:
    from game.rulesets.sandbox import SandboxRuleset

    return SandboxRuleset


def _asoiaf() -> type[Ruleset]:
    from game.rulesets.asoiaf import AsoiafRuleset

    return AsoiafRuleset


def _godsgloom() -> type[Ruleset]:
    from game.rulesets.godsgloom import GodsgloomRuleset

    return GodsgloomRuleset


def _ninth_age() -> type[Ruleset]:
    from game.rulesets.ninth_age import NinthAgeRuleset

    return NinthAgeRuleset


def _realms() -> type[Ruleset]:
    from game.rulesets.realms import RealmsRuleset

    return RealmsRuleset


RULESETS: tuple[RulesetEntry, ...] = (
    RulesetEntry("sandbox", _sandbox), RulesetEntry("asoiaf", _asoiaf),
    RulesetEntry("godsgloom", _godsgloom), RulesetEntry("ninth_age", _ninth_age),
    RulesetEntry("realms", _realms),
)
"""Every rules system, in menu order."""

DEFAULT_SCENARIO = "asoiaf_skirmish.toml"
"""The shipped scenario the game opens with (the registry is the one place outside the rulesets'
packages that names a rules system)."""


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
