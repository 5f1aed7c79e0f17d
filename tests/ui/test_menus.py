"""Menus a first-time player meets (issue 13): every scenario reachable from New game, every
save from Load (the lists scroll), each with what it is; Esc on the table asks first."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.screens import LoadScene, MenuScene, ScenarioListScene
from game.ui.sides import SidesScene
from game.ui.table_scene import TableScene

from .conftest import SCENARIOS
from .driver import click, find_button, frames, key, make_app, press, table


def _scroll_to(app: App, scene: ScenarioListScene | LoadScene, label: str) -> None:
    """Scroll the list until the button ``label`` is inside it, then click it."""
    button = find_button(app, label)
    box = scene.list_box
    rows = len(scene.entries())
    for step in range(rows + 1):
        if box.rect.contains(button.rect):
            break
        box.vert_scroll_bar.set_scroll_from_start_percentage(step / rows)
        frames(app, 2)
    assert box.rect.contains(button.rect), (box.rect, button.rect)
    click(app, button.rect.center)


def test_new_game_lists_every_scenario_and_opens_the_last(data_dir: Path) -> None:
    app = App((1280, 800), data_dir)
    app.switch(ScenarioListScene(app))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, ScenarioListScene)
    files = sorted(SCENARIOS.glob("*.toml"))
    assert len(files) > 9  # more than the old list could show
    labels = [label for label, _, _ in scene.entries()]
    assert len(labels) == len(files)
    for label in labels:
        assert find_button(app, label)
    assert all("(" in label and ")" in label for label in labels)  # the ruleset is named
    _scroll_to(app, scene, labels[-1])
    assert isinstance(app.scene, SidesScene)  # who plays each side (issue 25)
    press(app, "Start")
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.scenario.file.endswith(files[-1].name)


def test_load_lists_every_save_with_name_and_round(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    paths = []
    for _ in range(12):
        paths.append(table(app).flow.save())
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    scene = app.scene
    assert isinstance(scene, LoadScene)
    labels = [label for label, _, _ in scene.entries()]
    assert len(labels) >= 12
    assert all("round 1" in label for label in labels), labels
    assert any("river crossing" in label for label in labels), labels
    _scroll_to(app, scene, labels[-1])
    assert isinstance(app.scene, TableScene)


def test_escape_on_the_table_asks_before_leaving(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.confirm is not None  # asked, not gone
    key(app, pygame.K_ESCAPE)  # Esc again: stay
    assert app.scene is scene and scene.confirm is None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # confirmed: to the menu (the autosave keeps the game)
    assert isinstance(app.scene, MenuScene)


def test_free_dice_roller_on_the_sandbox(data_dir: Path) -> None:
    """Issue 13 item 11: the sandbox says "move freely and roll" but had no dice roller."""
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    entry = scene.panel.free_dice_entry
    assert entry is not None and entry.get_text() == "2d6"
    entry.set_text("3d8")
    press(app, "Roll free dice")
    last = scene.game.events()[-1]
    assert last.kind == "dice.free" and len(last.data["results"]) == 3  # type: ignore[arg-type]
    assert scene.animator.dice is not None and scene.animator.dice.sides == 8


def test_hovering_terrain_names_it(data_dir: Path) -> None:
    """Issue 13 item 10: terrain had no hover names."""
    from .driver import hover, screen_of

    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    hover(app, screen_of(app, 9, 29))  # the copse
    assert scene.status == "Terrain: forest (blocks-sight, rough)"
    hover(app, screen_of(app, 40, 30))  # open ground: the name goes
    assert scene.status == ""


def test_hovering_a_terrain_hex_names_it(data_dir: Path) -> None:
    from game.ui import hexlayout

    from .driver import hover, screen_of

    app = make_app(data_dir, Path(__file__).parent / "data" / "godsgloom_duel.toml")
    scene = table(app)
    hover(app, screen_of(app, *hexlayout.hex_centre(4, 0)))
    assert scene.status.startswith("Hex (4, 0): "), scene.status


def test_home_fits_the_board_again(data_dir: Path) -> None:
    """Issue 13 item 14: there was no key to reset the view."""
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    cam = table(app).view.camera
    fitted = cam.key()
    cam.zoom_at(2.0, 300, 300)
    cam.pan_pixels(120, -80)
    assert cam.key() != fitted
    key(app, pygame.K_HOME)
    assert cam.key() == fitted
