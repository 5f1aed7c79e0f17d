"""Rules systems. Each is a package exposing ``create(options) -> Ruleset``.

Rulesets never import each other (an import-linter contract checks it); this module only maps
ruleset names to their packages and imports them on demand.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from game.core.ruleset import Ruleset

RULESET_PACKAGES: Mapping[str, str] = {
    "sandbox": "game.rulesets.sandbox",
    "asoiaf": "game.rulesets.asoiaf",
    "godsgloom": "game.rulesets.godsgloom",
}
"""Ruleset names a scenario may give, and the package that implements each."""


def available() -> list[str]:
    """Names of the rulesets that are installed and importable, sorted."""
    names = []
    for name, package in RULESET_PACKAGES.items():
        try:
            module = importlib.import_module(package)
        except ImportError:
            continue
        if hasattr(module, "create"):
            names.append(name)
    return sorted(names)


def create(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """A new ruleset object of this name (KeyError if unknown or not installed)."""
    if name not in RULESET_PACKAGES:
        raise KeyError(name)
    module = importlib.import_module(RULESET_PACKAGES[name])
    factory = getattr(module, "create", None)
    if factory is None:
        raise KeyError(name)
    ruleset = factory(dict(options or {}))
    assert isinstance(ruleset, Ruleset)
    return ruleset
