"""Scenarios and saves: TOML files -> checked game state; atomic saves and autosave."""

from game.scenario.autosave import attach_autosave, autosave_path, clear_autosave, data_dir
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from game.scenario.paths import default_scenario, scenarios_dir
from game.scenario.problems import Problem, ScenarioError
from game.scenario.saves import Session, load_save, new_session, write_save

__all__ = [
    "Problem",
    "Scenario",
    "ScenarioError",
    "Session",
    "attach_autosave",
    "autosave_path",
    "clear_autosave",
    "data_dir",
    "default_scenario",
    "load_save",
    "load_scenario",
    "load_scenario_text",
    "new_session",
    "scenarios_dir",
    "write_save",
]
