"""Deployment zones are shown faintly on the table at the start of a battle (round 1, before
the first action) and no more once play has begun (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.scenario import load_scenario_text, new_session
from game.ui.app import App
from game.ui.screens import open_session
from game.ui.table_scene import TableScene
from game.ui.zones_draw import at_battle_start
from tests.scenario.test_zones import table

TEXT = table("deployment = [[0, 0], [48, 0], [48, 10], [0, 10]]")
"""North (blue) has a zone along its edge; South none."""


def _tint(surface: pygame.Surface, scene: TableScene) -> float:
    """How much bluer the board is in North's zone than just outside it."""
    cam = scene.view.camera
    inside = surface.get_at([round(v) for v in cam.to_screen(30, 5)])
    outside = surface.get_at([round(v) for v in cam.to_screen(30, 15)])
    return (inside.b - inside.r) - (outside.b - outside.r)


def test_zones_show_at_the_start_and_go_once_play_begins(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    open_session(app, new_session(load_scenario_text(TEXT, "zones.toml")))
    scene = app.scene
    assert isinstance(scene, TableScene)
    app.step([], 0.016)
    assert at_battle_start(scene.state, len(scene.game.log))
    assert _tint(app.screen, scene) > 10
    scene.end_activation()  # the first action: the battle has begun
    assert not at_battle_start(scene.state, len(scene.game.log))
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    assert _tint(surface, scene) < 5
