"""Drive a headless App by posting real input events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.app import App
from game.ui.screens import start_table
from game.ui.table_scene import TableScene

DT = 1 / 60


def make_app(data_dir: Path, scenario: Path, handoff: bool = False) -> App:
    """An app on a scenario's table (handoff screen off unless asked)."""
    app = App((1280, 800), data_dir)
    app.settings.handoff_screen = handoff
    app.settings.animate = False
    start_table(app, scenario)
    frames(app, 2)
    return app


def frames(app: App, n: int = 1, events: list[pygame.event.Event] | None = None) -> None:
    """Run ``n`` frames; the first gets ``events``; GUI events posted meanwhile are routed."""
    for i in range(n):
        batch = (events or []) if i == 0 else []
        app.step(batch + pygame.event.get(), DT)
    app.step(pygame.event.get(), DT)


def table(app: App) -> TableScene:
    """The current scene, which must be the table."""
    assert isinstance(app.scene, TableScene), type(app.scene).__name__
    return app.scene


def screen_of(app: App, x: float, y: float) -> tuple[int, int]:
    """Screen pixel of a world point on the table."""
    sx, sy = table(app).view.camera.to_screen(x, y)
    return (round(sx), round(sy))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move to ``pos``, press and release a mouse button there."""
    events = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]
    frames(app, 2, events)


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos``."""
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))])


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key."""
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def find_button(app: App, text: str) -> Any:
    """The GUI button whose label starts with ``text`` (enabled or not)."""
    for element in app.manager.get_sprite_group().sprites():
        if getattr(element, "text", None) and str(element.text).startswith(text) and hasattr(
                element, "is_enabled"):
            return element
    raise AssertionError(f"no button {text!r}")


def press(app: App, text: str) -> None:
    """Click the GUI button labelled ``text``."""
    b = find_button(app, text)
    assert b.is_enabled, f"{text} is disabled"
    click(app, b.rect.center)


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """RGB at a screen pixel."""
    c = app.screen.get_at(pos)
    return (c.r, c.g, c.b)
