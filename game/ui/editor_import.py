""""Import list" in the battle builder (issues 26 and 27): a file dialog picks an army list,
the battle's document imports it as the selected side (``warbench roster import``'s own
importer: the units replace that side's, placed in its deployment zone facing the enemy, one
undo step), and entries no catalogue knows are shown with their "did you mean" and imported
without them only when the player confirms. Nothing is half-imported."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.scenario.edit import EditRefused
from game.scenario.problems import FileError
from game.scenario.roster.importer import Imported, UnknownEntries

if TYPE_CHECKING:
    from game.ui.editor_scene import EditorScene

SHOWN_PROBLEMS = 8
"""Unknown entries listed in the confirmation (the rest are counted)."""


class ListImport:
    """The import's dialogs for one editor scene (see module docstring)."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.dialog: Any = None
        self.confirm: Any = None
        self._path: Path | None = None
        self._folder = Path.home()

    @property
    def busy(self) -> bool:
        """Whether a dialog of the import is open (the board takes no clicks meanwhile)."""
        return any(d is not None and d.alive() for d in (self.dialog, self.confirm))

    def open(self) -> None:
        """Open the file dialog for the selected side's list."""
        from pygame_gui.windows import UIFileDialog

        if self.busy:
            return
        w, h = self.scene.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(560, w - 40), min(460, h - 40))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(rect, self.scene.app.manager,
                                   window_title=f"Army list for {self._side_name()}",
                                   initial_file_path=str(self._folder),
                                   allow_existing_files_only=True)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the dialogs' events; True when the event was the import's."""
        element = event.dict.get("ui_element")
        if element is None or element not in (self.dialog, self.confirm):
            return False
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            path = Path(event.text)
            self._folder = path.parent
            self.run(path)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and self._path:
            self.confirm = None
            self.run(self._path, accept_skipped=True)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE:
            self.dialog = self.confirm = None
        return True

    def run(self, path: Path, accept_skipped: bool = False) -> Imported | None:
        """Import the list at ``path`` as the selected side; say what happened."""
        side = self.scene.side
        try:
            result = self.scene.doc.import_list(path, side, accept_skipped=accept_skipped)
        except UnknownEntries as exc:
            self._ask(path, exc)
            return None
        except (FileError, EditRefused) as exc:
            self.scene.say(f"{path.name}: {_first_lines(str(exc))}", bad=True)
            return None
        skipped = f"; {len(result.skipped)} left out" if result.skipped else ""
        notes = f"; {len(result.notes)} notes (stand-ins, abilities not enforced)" \
            if result.notes else ""
        self.scene.do(lambda: None, f"imported {len(result.placed)} units from {path.name} as "
                                    f"{self._side_name()}{skipped}{notes}")
        return result

    def _ask(self, path: Path, exc: UnknownEntries) -> None:
        """Show the entries no catalogue knows and offer to import the list without them."""
        from pygame_gui.windows import UIConfirmationDialog

        self._path = path
        lines = [p.message for p in exc.entries]
        more = len(lines) - SHOWN_PROBLEMS
        text = "<br>".join(html.escape(line) for line in lines[:SHOWN_PROBLEMS])
        if more > 0:
            text += f"<br>... and {more} more"
        w, h = self.scene.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(560, w - 40), min(360, h - 40))
        rect.center = (w // 2, h // 2)
        self.confirm = UIConfirmationDialog(
            rect, f"{html.escape(path.name)}: no catalogue knows these entries:<br>{text}"
                  "<br><br>Import the list without them?",
            self.scene.app.manager, window_title="Unknown entries",
            action_short_name="Import without them")

    def _side_name(self) -> str:
        players = self.scene.doc.players
        side = self.scene.side
        return str(players[side - 1].get("name", f"side {side}")) if side <= len(players) \
            else f"side {side}"

    def close(self) -> None:
        """Close any open dialog (the editor is left)."""
        for dialog in (self.dialog, self.confirm):
            if dialog is not None:
                dialog.kill()
        self.dialog = self.confirm = None


def _first_lines(text: str, count: int = 2) -> str:
    """The first lines of a problem list, for the line under the board."""
    return " ".join(text.splitlines()[:count])
