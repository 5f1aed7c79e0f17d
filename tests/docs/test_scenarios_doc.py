"""docs/scenarios.md matches the loader (issue 23, item 6): every ``toml`` example in it loads
with the real loader, and every key the loader accepts (the file's pydantic models, each
ruleset's inline stats, counters and options) is described on the page.

A complete example loads as it is. A fragment starts with ``# fragment: RULESET``; the test
completes it with a minimal scenario of that ruleset (the ``[scenario]`` table, a board, two
players and a unit a side), leaving out whatever the fragment gives itself.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest
from pydantic import BaseModel

from game import rulesets
from game.rulesets.asoiaf.profiles import ATTACK_KEYS
from game.rulesets.asoiaf.profiles import PROFILE_KEYS as ASOIAF_KEYS
from game.rulesets.godsgloom.units import COUNTERS as GODSGLOOM_COUNTERS
from game.rulesets.godsgloom.units import OPTIONAL_KEYS, STAT_KEYS
from game.rulesets.ninth_age.units import COUNTERS as NINTH_COUNTERS
from game.rulesets.ninth_age.units import (
    DEFENSIVE_KEYS,
    ENTRY_KEYS,
    GLOBAL_KEYS,
    OPTIONAL_SAVES,
    PART_KEYS,
    TEXT_KEYS,
)
from game.rulesets.realms.units import _KEYS as REALMS_KEYS
from game.rulesets.realms.units import COUNTERS as REALMS_COUNTERS
from game.rulesets.sandbox import STAT_KEYS as SANDBOX_KEYS
from game.scenario.loader import load_scenario_text
from game.scenario.model import ScenarioModel
from tests.docs.fences import Fence, fences, page_text

TERRAIN_KEYWORDS = sorted({k.name for entry in rulesets.RULESETS
                           for k in entry.cls.terrain_keywords})
"""Every keyword a registered ruleset declares (issue 24: each ruleset's own vocabulary)."""

PAGE = "scenarios.md"
_FRAGMENT = re.compile(r"^#\s*fragment:\s*(\w+)\s*$")

BASES: dict[str, dict[str, str]] = {
    "table": {"board": "[table]\nwidth = 48\nheight = 48\n"},
    "hex": {"board": "[hexmap]\nradius = 4\n"},
}
BASE_UNITS: dict[str, str] = {
    "sandbox": 'profile = "infantry"\nat = [10, 10]',
    "asoiaf": 'profile = "stark_sworn_swords"\nat = [10, 10]',
    "ninth_age": 'profile = "veteran_orcs"\nat = [10, 10]',
    "godsgloom": 'profile = "line_infantry"\nhex = [0, 0]',
    "realms": 'profile = "swordsman"\nhex = [0, 0]',
}
"""One unit per ruleset for the base; the second side's stands further on (see _base_units)."""

PART_EXTRA_KEYS = ("name", "impact", "stomp", "uses_weapons", "multiple_wounds")
"""Keys of a Ninth Age model part besides its Offensive Characteristics (the example on the
page uses each, so the loader proves them)."""
REALMS_ATTACK_KEYS = ("die", "type", "range", "dice", "cost")
"""Keys of a realms weapon (die, type, range) and of a special attack or spell (dice, type,
range, cost); the example on the page uses each."""

RULESET_KEYS: dict[str, tuple[str, ...]] = {
    "sandbox": (*SANDBOX_KEYS, "models"),
    "asoiaf": (*ASOIAF_KEYS, *ATTACK_KEYS, "models", "damage"),
    "godsgloom": (*STAT_KEYS, *OPTIONAL_KEYS, *GODSGLOOM_COUNTERS),
    "ninth_age": (*GLOBAL_KEYS, *DEFENSIVE_KEYS, *OPTIONAL_SAVES, *PART_KEYS, *PART_EXTRA_KEYS,
                  *TEXT_KEYS, *ENTRY_KEYS, *NINTH_COUNTERS),
    "realms": (*REALMS_KEYS, *REALMS_ATTACK_KEYS, *REALMS_COUNTERS),
}
"""Every inline stat, counter and nested key a ruleset reads from a ``[[units]]`` entry."""


def toml_examples() -> list[Fence]:
    """Every ``toml`` block of the page."""
    return [f for f in fences(PAGE) if f.language == "toml"]


def fragment_ruleset(fence: Fence) -> str | None:
    """The ruleset a fragment is completed with, or None for a complete example."""
    match = _FRAGMENT.match(fence.lines[0].strip()) if fence.lines else None
    return match.group(1) if match else None


def _base_units(name: str) -> str:
    first = BASE_UNITS[name]
    second = first.replace("[10, 10]", "[30, 30]\nfacing = 180").replace("[0, 0]", "[2, 0]")
    return "".join(f'\n[[units]]\nid = "base{side}"\nside = {side}\n{place}\n'
                   for side, place in ((1, first), (2, second)))


def completed(name: str, fragment: str) -> str:
    """A fragment with a minimal scenario of ruleset ``name`` around it: every top-level
    table the fragment does not give (units only if it gives none)."""
    given = tomllib.loads(fragment)
    parts = []
    if "scenario" not in given:
        parts.append(f'[scenario]\nname = "Fragment"\nruleset = "{name}"\n')
    if "table" not in given and "hexmap" not in given:
        kind = rulesets.entry(name).boards[0]
        parts.append(BASES[kind]["board"])
    if "players" not in given:
        parts.append('[[players]]\nname = "One"\ncolour = "#112233"\n\n'
                     '[[players]]\nname = "Two"\ncolour = "#332211"\n')
    if "units" not in given:
        parts.append(_base_units(name))
    return "\n".join([*parts, fragment])


@pytest.mark.parametrize("fence", toml_examples(), ids=lambda f: f.where(PAGE))
def test_every_toml_example_loads_with_the_real_loader(fence: Fence) -> None:
    """Complete examples load as written; fragments load inside the minimal base. The
    example in a ruleset's section is of that ruleset."""
    name = fragment_ruleset(fence)
    text = fence.text if name is None else completed(name, fence.text)
    scenario = load_scenario_text(text, fence.where(PAGE))
    wanted = re.search(r"`(\w+)`", fence.section) if fence.section.startswith("Ruleset") else None
    assert wanted is None or scenario.ruleset.name == wanted.group(1), fence.where(PAGE)


def model_keys(model: type[BaseModel], path: str = "") -> dict[str, list[str]]:
    """Every key of a scenario model, grouped by its top-level table."""
    out: dict[str, list[str]] = {}
    for key, info in model.model_fields.items():
        top = path or key
        out.setdefault(top, []).append(key)
        for inner in _models_in(info.annotation):
            for sub, keys in model_keys(inner, top).items():
                out.setdefault(sub, []).extend(keys)
    return out


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in getattr(annotation, "__args__", ()) for m in _models_in(arg)]


def section(heading: str) -> str:
    """The text of the page's ``## `` section whose heading holds ``heading``."""
    parts = re.split(r"^## ", page_text(PAGE), flags=re.MULTILINE)
    found = [p for p in parts if heading in p.splitlines()[0]]
    assert found, f"docs/{PAGE} has no section '{heading}'"
    return found[0]


@pytest.mark.parametrize("table", sorted(ScenarioModel.model_fields))
def test_every_key_of_every_table_is_described(table: str) -> None:
    """A section per top-level table, holding every key of its model in backticks."""
    keys = model_keys(ScenarioModel)[table]
    text = section(f"[{table}]")
    missing = [k for k in keys if k != table and f"`{k}`" not in text and f"`{k} " not in text]
    assert not missing, f"the [{table}] section does not describe {missing}"


def test_every_terrain_keyword_is_described() -> None:
    """Every keyword a registered ruleset accepts (terrain pieces and hexes)."""
    text = section("[terrain]")
    assert all(f"`{k}`" in text for k in TERRAIN_KEYWORDS)


@pytest.mark.parametrize("name", rulesets.names())
def test_every_ruleset_has_a_section_with_every_key(name: str) -> None:
    """A section per ruleset naming its board, profiles, inline stats, counters and
    options, with an example that loads."""
    text = section(f"Ruleset: `{name}`")
    rules = rulesets.create(name)
    wanted = (*RULESET_KEYS[name], *rules.option_keys, *rules.profile_ids())
    missing = [k for k in wanted if f"`{k}`" not in text and f"`{k} " not in text]
    assert not missing, f"the {name} section does not describe {missing}"
    assert any(f.section.startswith(f"Ruleset: `{name}`") for f in toml_examples()), \
        f"the {name} section has no toml example"
