"""The catalogue of shipped scenarios that ``warbench scenarios`` prints and menus list.

Each row reads only the scenario's ``[scenario]`` table (its name, ruleset and title), so the list
is quick; ``warbench check NAME`` loads a scenario whole.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources.abc import Traversable

from game.scenario.limits import MAX_SCENARIO_BYTES, decode_text, read_limited
from game.scenario.paths import shipped_name, shipped_scenarios


@dataclass(frozen=True)
class ShippedScenario:
    """One shipped scenario: the name commands accept, its ruleset and its title."""

    name: str
    ruleset: str
    title: str

    def as_json(self) -> dict[str, str]:
        """The row as a JSON object."""
        return {"name": self.name, "ruleset": self.ruleset, "title": self.title}


def shipped_catalogue() -> list[ShippedScenario]:
    """Every shipped scenario, in name order."""
    return [_row(resource) for resource in shipped_scenarios()]


def _row(resource: Traversable) -> ShippedScenario:
    text = decode_text(read_limited(resource, MAX_SCENARIO_BYTES, "scenario"), resource.name)
    header = tomllib.loads(text).get("scenario", {})
    return ShippedScenario(shipped_name(resource), str(header.get("ruleset", "?")),
                           str(header.get("name", "")))
