"""The house rules, run as part of the suite: ruff, mypy --strict on game/, the import-linter
layer contracts of DESIGN.md, and a test naming every rule ID of the implemented systems."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

GEOMETRY_IDS = ("RL-ELV-1", "RL-ELV-2", "RL-ELV-3")
"""Rule IDs that are pure geometry: tested with the geometry layer whatever rulesets exist."""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "game", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_package() -> None:
    result = _run("mypy", "--strict", "game")
    assert result.returncode == 0, result.stdout + result.stderr


def test_layers_hold_import_linter_contracts() -> None:
    result = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken" in result.stdout


def _rule_ids() -> list[str]:
    """The project's own catalogue: every rule ID a registered ruleset declares (the table's
    WB-* rules included), plus the geometry-only IDs."""
    from game.rulesets import catalogue

    return sorted(set(catalogue()) | set(GEOMETRY_IDS))


def _tests_text() -> str:
    return "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))


def test_every_rule_id_of_an_implemented_system_is_named_by_a_test() -> None:
    text = _tests_text()
    missing = []
    for rule_id in _rule_ids():
        low = rule_id.lower().replace("-", "_")
        pattern = rf"({re.escape(rule_id)}|{re.escape(low)})([^0-9A-Za-z]|$)"
        if not re.search(pattern, text):
            missing.append(rule_id)
    assert not missing, f"rule IDs without a test naming them: {missing}"


@pytest.mark.parametrize(
    "package", ["geometry", "core", "rulesets", "scenario", "learn", "pbf"]
)
def test_nothing_below_the_ui_imports_pygame(package: str) -> None:
    code = (
        f"import sys, importlib, pkgutil, game.{package} as m\n"
        f"for info in pkgutil.walk_packages(m.__path__, 'game.{package}.'):\n"
        "    importlib.import_module(info.name)\n"
        "print('pygame' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
