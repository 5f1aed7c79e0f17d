"""The dice's physics is loaded in a frame without input, once, not on the first roll's
frame (issue 32: a first import of ~40 ms)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from .conftest import SCENARIOS
from .driver import frames, make_app, table


def test_the_dice_physics_loads_in_idle_frames_not_with_input(tmp_path: Path) -> None:
    app = make_app(tmp_path, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    scene._dice_ready = False
    for _ in range(4):  # a frame with input each time: nothing is loaded then
        frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0),
                                           buttons=(0, 0, 0))])
    assert not scene._dice_ready
    frames(app, 4)
    assert scene._dice_ready and "game.physics.dice" in sys.modules
