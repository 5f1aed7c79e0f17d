"""Where the shipped scenarios are, and which one the game opens with."""

from __future__ import annotations

from pathlib import Path

DEFAULT_SCENARIO = "asoiaf_skirmish.toml"


def scenarios_dir() -> Path:
    """The folder of shipped scenarios (``scenarios/`` beside the package)."""
    return Path(__file__).resolve().parent.parent.parent / "scenarios"


def default_scenario() -> Path:
    """The scenario the game opens with."""
    return scenarios_dir() / DEFAULT_SCENARIO
