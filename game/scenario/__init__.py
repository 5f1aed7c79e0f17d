"""Scenarios and saves: TOML files -> checked game state; safe saves and per-game autosaves.

Every problem of a file is reported as one :class:`FileError` (``ScenarioError`` is its older
name); the limits a file must stay within are in :mod:`game.scenario.limits`.
"""

from game.scenario.autosave import (
    Autosave,
    UnfinishedGame,
    attach_autosave,
    autosave_dir,
    autosave_path,
    clear_autosave,
    data_dir,
    unfinished_games,
)
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from game.scenario.paths import default_scenario, scenarios_dir
from game.scenario.problems import FileError, Problem, ScenarioError
from game.scenario.saves import (
    SAVE_VERSION,
    Session,
    load_save,
    new_session,
    reserve_save_path,
    write_save,
)
from game.scenario.settings_file import read_settings_data

__all__ = [
    "SAVE_VERSION",
    "Autosave",
    "FileError",
    "Problem",
    "Scenario",
    "ScenarioError",
    "Session",
    "UnfinishedGame",
    "attach_autosave",
    "autosave_dir",
    "autosave_path",
    "clear_autosave",
    "data_dir",
    "default_scenario",
    "load_save",
    "load_scenario",
    "load_scenario_text",
    "new_session",
    "read_settings_data",
    "reserve_save_path",
    "scenarios_dir",
    "unfinished_games",
    "write_save",
]
