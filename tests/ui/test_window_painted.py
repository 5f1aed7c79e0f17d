"""Every pixel of the window is painted at every frame of a table, though the table clears
only what neither the board nor the HUD paints (issue 32: the whole-window fill painted most
pixels twice): on a table and a hex map, zoomed out (the board smaller than the viewport) and
in, and in a lesson (room kept under the board for its captions)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.learn import find_lesson
from game.ui.app import App
from game.ui.lesson_scene import LessonScene

from .conftest import SCENARIOS
from .driver import frames, make_app, table

MAGENTA = (255, 0, 255)


def _unpainted(app: App) -> int:
    """Pixels a frame left as they were before it (a magenta window)."""
    screen = app.screen
    screen.fill(MAGENTA)
    assert app.scene is not None
    app.scene.draw(screen)
    mask = pygame.mask.from_threshold(screen, MAGENTA, (1, 1, 1, 255))
    return int(mask.count())


@pytest.mark.parametrize("name", ["sandbox_table", "sandbox_hex"])
def test_a_table_frame_paints_the_whole_window(data_dir: Path, name: str) -> None:
    app = make_app(data_dir, SCENARIOS / f"{name}.toml")
    cam = table(app).view.camera
    for zoom in (cam.zoom * 0.3, cam.zoom, cam.zoom * 4):
        cam.zoom = zoom
        frames(app, 1)
        assert _unpainted(app) == 0, zoom


def test_a_lesson_frame_paints_the_whole_window(data_dir: Path) -> None:
    app = App((1280, 800), data_dir)
    app.settings.animate = False
    app.switch(LessonScene(app, find_lesson("as-charge-roll")))
    frames(app, 2)
    assert isinstance(app.scene, LessonScene) and app.scene.table.bottom_reserve > 0
    assert _unpainted(app) == 0
