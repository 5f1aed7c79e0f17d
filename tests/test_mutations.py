"""The "every rule ID has a test" check means tests that fail when the rule breaks (issue 11
item 12, issue 30): ``tools/mutate.py`` lists at least one deliberate bug for every rule ID of
every ruleset, each with the narrowest selection of tests that must catch it. Here, cheaply:
every snippet still matches the code (a refactor must update the list), every rule ID has a
mutation, and a small sample, rotating by the day, is applied in a temporary copy of the tree
and must be killed, so over the days the whole list runs and can never go stale. The whole
list runs with ``python tools/mutate.py`` (``python tools/mutate.py NA-`` for one ruleset)."""

from __future__ import annotations

import datetime
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from game.rulesets import RULESETS

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_SIZE = 3
"""Mutations applied per run (each costs one pytest run of a few seconds)."""


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("warbench_mutate", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def rotation(count: int, size: int, day: int) -> list[int]:
    """The indexes of the ``size`` mutations of ``day``: one window of a stride through the
    list, moving on each day, so every mutation runs within ``count / size`` days."""
    windows = max(1, -(-count // size))
    start = day % windows
    return [i for i in range(start, count, windows)][:size]


def test_every_mutation_snippet_still_matches_the_code() -> None:
    tool = _tool()
    tool.check_snippets(tool.MUTATIONS)  # raises SnippetMissing: update the list


def test_every_rule_id_of_every_ruleset_has_a_mutation() -> None:
    tool = _tool()
    ids = {rule for entry in RULESETS for rule in entry.cls.rule_texts}
    covered = {m.rule for m in tool.MUTATIONS}
    assert ids - covered == set()
    assert covered <= ids  # no mutation under a rule ID the catalogue does not know


def test_the_rotation_covers_the_whole_list() -> None:
    count = len(_tool().MUTATIONS)
    days = -(-count // SAMPLE_SIZE)
    seen = {i for day in range(days) for i in rotation(count, SAMPLE_SIZE, day)}
    assert seen == set(range(count))


def test_todays_sample_of_rule_mutations_is_killed_by_its_tests() -> None:
    """The day's sample (``WARBENCH_MUTATION_DAY`` picks another day's)."""
    tool = _tool()
    day = int(os.environ.get("WARBENCH_MUTATION_DAY", datetime.date.today().toordinal()))
    sample = tuple(tool.MUTATIONS[i] for i in rotation(len(tool.MUTATIONS), SAMPLE_SIZE, day))
    results = tool.mutate(sample)
    survivors = [f"{m.rule}: {m.mutated.strip()}" for m, survived in results.items() if survived]
    assert not survivors, survivors
