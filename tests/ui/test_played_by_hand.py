"""What a full game played by hand in a real window (Xvfb, xdotool) still found after issue
13's fixes, one headless test per finding, each failing before its fix."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from .conftest import SCENARIOS
from .driver import frames, make_app, table

SKIRMISH = SCENARIOS / "asoiaf_skirmish.toml"


class _Keys:
    """``pygame.key.get_pressed()`` with the given keys held."""

    def __init__(self, held: set[int]) -> None:
        self.held = held

    def __getitem__(self, k: int) -> bool:
        return k in self.held


def test_ctrl_s_released_ctrl_first_does_not_pan(data_dir: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+S let go Ctrl first (people and xdotool do): S is still down for a frame or more
    without Ctrl, after a save that made that frame long; the board must not move."""
    app = make_app(data_dir, SKIRMISH)
    camera = table(app).view.camera
    held: set[int] = set()
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Keys(held))
    monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)
    before = (camera.cx, camera.cy)
    held.add(pygame.K_s)
    frames(app, 5, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL,
                                       unicode="", scancode=0)])
    assert list((data_dir / "saves").glob("*.json")), "Ctrl+S saved"
    assert (camera.cx, camera.cy) == before, "S of Ctrl+S panned after Ctrl was let go"
    held.clear()
    frames(app, 1, [pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="",
                                       scancode=0)])
    held.add(pygame.K_s)
    frames(app, 5, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="",
                                       scancode=0)])
    assert (camera.cx, camera.cy) != before, "S alone pans"
