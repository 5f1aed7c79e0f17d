"""The scene protocol: a screen of the app (menu, table, handoff...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base scene: builds its widgets on enter, handles events, updates and draws."""

    title = ""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Create the scene's widgets (the GUI manager is empty)."""

    def leave(self) -> None:
        """Forget the scene's widgets (the app clears the GUI manager)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input or GUI event."""

    def may_close(self) -> bool:
        """The window's close button was pressed: True lets the app close now; a scene with
        something to lose asks first and returns False. Default: close."""
        return True

    def before_gui(self, event: pygame.event.Event) -> bool:
        """See ``event`` before the GUI widgets do; True keeps it from them (a list that
        scrolls by whole rows). Default: nothing."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene below the GUI widgets."""

    def help_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) pairs for the help overlay."""
        return []

    def open_rules(self, rule: str | None = None) -> bool:
        """Open the rules browser of this scene's game at ``rule`` (F1 then R, or F2 from a
        rule explanation); False when the scene has no game. Default: none."""
        return False
