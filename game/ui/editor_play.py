"""A battle started from the battle builder (issue 26, "Play now"): the ordinary table, and
while the battle has not begun (round 1, before the first action) F5 goes back to the builder
with the battle as it was, to change it and start again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.table_scene import TableScene
from game.ui.zones_draw import at_battle_start

if TYPE_CHECKING:
    from game.scenario import Session
    from game.ui.app import App
    from game.ui.editor_scene import EditorScene

BACK_KEY = pygame.K_F5
HINT = "F5: back to the battle builder (until the first action)"


class BuilderTableScene(TableScene):
    """The table of a battle the builder started, remembering the builder to go back to."""

    def __init__(self, app: App, session: Session, editor: EditorScene) -> None:
        super().__init__(app, session)
        self.editor = editor

    def enter(self) -> None:
        super().enter()
        if self.can_go_back():
            self.app.notify(HINT, 6.0)

    def can_go_back(self) -> bool:
        """Whether the battle has not begun yet (nothing to lose by going back)."""
        return at_battle_start(self.state, len(self.game.log))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == BACK_KEY and self.can_go_back():
            self.back_to_builder()
            return
        super().handle(event)

    def back_to_builder(self) -> None:
        """Leave the unbegun battle (its autosave goes: nothing was played) for the builder."""
        from game.ui.screens import release_autosave

        release_autosave(self.app, finished=True)
        self.app.switch(self.editor)

    def help_lines(self) -> list[tuple[str, str]]:
        lines = super().help_lines()
        return [*lines, ("F5", HINT.removeprefix("F5: "))] if self.can_go_back() else lines
