"""The catalogue of shipped scenarios that ``warbench scenarios`` prints and menus list.

Each row reads only the scenario's ``[scenario]`` table (its name, ruleset and title), so the list
is quick; ``warbench check NAME`` loads a scenario whole.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

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


def scenario_header(text: str) -> dict[str, Any]:
    """The ``[scenario]`` table of a scenario's TOML text and a word on its board (``board``:
    the table's size or "hex map"); empty if the text does not parse. The menus' list and
    ``warbench scenarios`` read it without loading the scenario whole."""
    try:
        doc = tomllib.loads(text)
    except ValueError:
        return {}
    meta = dict(doc.get("scenario", {}))
    table = doc.get("table")
    if isinstance(table, dict):
        meta["board"] = f'{table.get("width", "?")}" x {table.get("height", "?")}" table'
    elif "hexmap" in doc or "hexes" in doc:
        meta["board"] = "hex map"
    return meta


def _row(resource: Traversable) -> ShippedScenario:
    text = decode_text(read_limited(resource, MAX_SCENARIO_BYTES, "scenario"), resource.name)
    header = scenario_header(text)
    return ShippedScenario(shipped_name(resource), str(header.get("ruleset", "?")),
                           str(header.get("name", "")))
