"""The builder's unit choices and polygon zones driven headless through posted events (issue
26): a Ninth Age unit's files, joined character and equipment, a realms footprint, each by a
click on the right panel's declared choices; a table zone drawn corner by corner, a corner
dragged; then the battle saves and loads with the real loader."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.rulesets.ninth_age.units import NinthUnit
from game.rulesets.realms.units import RealmsUnit
from game.scenario import load_scenario
from game.scenario.zones import deployment_zone
from game.ui.app import App
from game.ui.editor_scene import EditorScene, battles_dir
from tests.ui.driver import frames, key
from tests.ui.test_editor import (
    CTRL,
    click_at,
    drag,
    drop_unit,
    hex_screen,
    hit,
    new_battle,
    screen,
)


def one_unit(tmp_path: Path, ruleset: str, profile: str,
             place: Callable[[EditorScene], tuple[int, int]]) -> tuple[App, EditorScene]:
    """A new battle with one unit dropped from the catalogue and selected (``u1``)."""
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, ruleset)
    drop_unit(app, profile, place(scene))
    scene.selected = "u1"
    frames(app, 1)
    return app, scene


def test_ninth_age_choices_by_clicks_save_and_load(tmp_path: Path) -> None:
    app, scene = one_unit(tmp_path, "ninth_age", "veteran_orcs", lambda s: screen(s, 24, 10))
    for label in ("choice files +1", "choice models +5", "choice characters Orc Warlord",
                  "choice equipment Spear"):
        click_at(app, hit(app, label))
    assert scene.doc.unit("u1")["stats"] == {
        "unit": "veteran_orcs", "files": 6, "models": 25, "characters": ["orc_warlord"],
        "equipment": ["shield"]}
    key(app, pygame.K_z, CTRL)  # one undo step a click
    assert "equipment" not in scene.doc.unit("u1")["stats"]
    key(app, pygame.K_s, CTRL)
    loaded = load_scenario(battles_dir(app) / "new_battle.toml")
    unit = loaded.state.units["u1"]
    assert isinstance(unit, NinthUnit)
    assert (unit.files, unit.rf_models, unit.characters[0].key) == (6, 25, "orc_warlord")


def test_a_realms_footprint_by_a_click(tmp_path: Path) -> None:
    app, scene = one_unit(tmp_path, "realms", "swordsman", lambda s: hex_screen(s, 3, 3))
    click_at(app, hit(app, "choice footprint flower"))
    scenario = scene.doc.check().scenario
    assert scenario is not None
    unit = scenario.state.units["u1"]
    assert isinstance(unit, RealmsUnit) and len(unit.footprint) == 7


def test_a_table_zone_drawn_as_a_polygon_and_a_corner_moved(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, "asoiaf")
    click_at(app, hit(app, "Zone"))
    click_at(app, hit(app, "zone side Player 1"))
    click_at(app, hit(app, "zone shape Polygon"))
    corners = [(0, 0), (48, 0), (48, 6), (24, 14), (0, 6)]
    for point in corners:
        click_at(app, screen(scene, *point))
    click_at(app, screen(scene, 0, 0))  # the first corner closes it
    assert scene.doc.zone(1) == [list(p) for p in corners]
    drag(app, screen(scene, 24, 14), screen(scene, 24, 18))
    assert (scene.doc.zone(1) or [])[3] == [24, 18]
    for point in [(10, 30), (20, 40), (20, 30), (10, 40)]:  # crosses itself: refused
        click_at(app, screen(scene, *point))
    key(app, pygame.K_RETURN)
    assert "cross" in scene.message and (scene.doc.zone(1) or [])[3] == [24, 18]
    drop_unit(app, "stark_sworn_swords", screen(scene, 24, 6))
    key(app, pygame.K_s, CTRL)
    zone = deployment_zone(load_scenario(battles_dir(app) / "new_battle.toml"), 1)
    assert zone is not None and len(zone.exterior.coords) == 6  # type: ignore[union-attr]
