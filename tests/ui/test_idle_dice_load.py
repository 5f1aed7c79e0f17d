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


def test_a_table_just_opened_loads_the_dice_in_its_first_quiet_frame(tmp_path: Path) -> None:
    """Before any input, the frame after the game moment's own loads them: a table just opened
    is looked at before it is played, so the player's first action never pays for them."""
    app = make_app(tmp_path, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    scene._dice_ready = scene._handled = False
    scene._prepared = None  # the game moment is new again: its frame prepares it
    shown = [pygame.event.Event(pygame.WINDOWSHOWN), pygame.event.Event(pygame.VIDEOEXPOSE)]
    app.step(shown, 1 / 60)  # the window's own events are no player's input
    app.step([], 1 / 60)
    assert not scene._dice_ready and not scene._handled  # the moment's own frame
    app.step([], 1 / 60)
    assert scene._dice_ready
