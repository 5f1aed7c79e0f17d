"""Issue 13 item 9: one autosave per game. Starting another scenario never replaces an
unfinished game; Continue (and the start of the app) lists every unfinished game by name,
scenario, round and date; a finished game leaves the list."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.scenario.autosave import unfinished_games
from game.ui.app import App
from game.ui.screens import MenuScene, ResumeScene, ScenarioListScene
from game.ui.sides import SidesScene
from game.ui.table_scene import TableScene

from .conftest import SCENARIOS
from .driver import find_button, frames, key, make_app, press, table
from .test_menus import _scroll_to


def _leave_to_menu(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # confirmed
    assert isinstance(app.scene, MenuScene)


def _start_from_list(app: App, stem: str) -> None:
    press(app, "New game")
    scene = app.scene
    assert isinstance(scene, ScenarioListScene)
    path = next(p for p in scene.files() if p.stem == stem)
    _scroll_to(app, scene, scene.label(path))
    sides = app.scene
    assert isinstance(sides, SidesScene)  # hotseat: every side human (issue 25)
    for number in list(sides.sides):
        while number in sides.sides:
            sides.cycle(number)
            assert isinstance(app.scene, SidesScene)
            sides = app.scene
    frames(app, 1)
    press(app, "Start")
    assert isinstance(app.scene, TableScene)


def test_another_scenario_never_replaces_an_unfinished_game(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    key(app, pygame.K_RETURN)  # North ends: round 1, South to act
    first = table(app).game.state_hash()
    _leave_to_menu(app)
    assert find_button(app, "Continue (1)").is_enabled
    _start_from_list(app, "sandbox_hex")
    key(app, pygame.K_RETURN)  # North ends
    second = table(app).game.state_hash()
    _leave_to_menu(app)
    games = unfinished_games()
    assert len(games) == 2 and len({g.path for g in games}) == 2
    press(app, "Continue (2)")
    scene = app.scene
    assert isinstance(scene, ResumeScene)
    labels = [label for label, _, _ in scene.entries()]
    assert len(labels) == 2, labels
    hexes = next(label for label in labels if "hill fort" in label)
    table_game = next(label for label in labels if "river crossing" in label)
    # its name, scenario (ruleset), round and date
    assert "(Sandbox), round 1, " in hexes and " 20" in hexes
    press(app, table_game)
    assert table(app).game.state_hash() == first  # the first game, as it was left
    _leave_to_menu(app)
    press(app, "Continue (2)")
    press(app, hexes)
    assert table(app).game.state_hash() == second


def test_the_app_opens_on_the_list_of_unfinished_games(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    key(app, pygame.K_RETURN)
    _leave_to_menu(app)
    from game.ui.app import App as AppClass

    other = AppClass((1280, 800), data_dir)
    scene = ResumeScene(other, SCENARIOS / "sandbox_hex.toml")
    other.switch(scene)
    frames(other, 2)
    labels = [label for label, _, _ in scene.entries()]
    # the scenario's own name (its TOML title), not its file name
    # the scenario asked for comes first, above a long list of unfinished games
    assert len(labels) == 2 and labels[0] == "New game: Sandbox: hill fort"
    assert find_button(other, labels[1]).is_enabled


def test_leaving_or_loading_asks_first_when_the_game_is_not_saved(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    key(app, pygame.K_o, pygame.KMOD_CTRL)  # saved: Load opens at once
    assert not isinstance(app.scene, TableScene)
    press(app, "Back")
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    app.autosave._failed("No space left on device")  # the disk filled up
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.scene is scene and scene.confirm is not None and "NOT saved" in scene.confirm
    key(app, pygame.K_ESCAPE)  # stay
    assert app.scene is scene and scene.confirm is None
    key(app, pygame.K_ESCAPE)
    assert scene.confirm is not None and "throws it away" in scene.confirm
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)
