"""The "every rule ID has a test" check means tests that fail when the rule breaks: a sample of
``tools/mutate.py``'s deliberate bugs, each applied in a temporary copy of the tree, must be
killed by its tests (issue 11 item 12). The whole list runs with ``python tools/mutate.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = {"AS-RES-4", "AS-CHG-6", "AS-CHG-9", "AS-RNG-3", "AS-SRG-1"}
"""Rule IDs whose mutations run here (each costs one pytest run of a few seconds)."""


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("warbench_mutate", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_mutation_snippet_still_matches_the_code() -> None:
    tool = _tool()
    tool.check_snippets(tool.MUTATIONS)  # raises SnippetMissing: update the list
    assert len({m.rule for m in tool.MUTATIONS}) >= 15


def test_a_sample_of_rule_mutations_is_killed_by_the_suite() -> None:
    tool = _tool()
    sample = tuple(m for m in tool.MUTATIONS if m.rule in SAMPLE)
    assert {m.rule for m in sample} == SAMPLE
    results = tool.mutate(sample)
    survivors = [f"{m.rule}: {m.mutated.strip()}" for m, survived in results.items() if survived]
    assert not survivors, survivors
