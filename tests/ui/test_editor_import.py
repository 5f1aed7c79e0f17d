""""Import list" in the battle builder (issues 26, 27): the button opens a file dialog, a
picked list becomes the selected side (one undo step), and a list with entries no catalogue
knows is imported without them only after the player confirms."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ui.app import App
from game.ui.editor_scene import EditorScene, open_editor
from tests.ui.driver import frames

from .conftest import SCENARIOS
from .test_editor import click_at, hit

LISTS = Path(__file__).resolve().parents[1] / "data" / "rosters"


def _editor_on_skirmish(tmp_path: Path) -> tuple[App, EditorScene]:
    app = App((1280, 800), tmp_path)
    open_editor(app, SCENARIOS / "asoiaf_skirmish.toml")
    frames(app, 2)
    assert isinstance(app.scene, EditorScene)
    return app, app.scene


def _side_units(scene: EditorScene, side: int) -> list[str]:
    return [str(u["profile"]) for u in scene.doc.units if u.get("side") == side]


def test_the_button_opens_a_file_dialog_and_the_picked_list_becomes_the_side(
        tmp_path: Path) -> None:
    app, scene = _editor_on_skirmish(tmp_path)
    before = _side_units(scene, 2)
    click_at(app, hit(app, "Import list"))
    assert scene.importer.busy
    scene.side = 1
    picked = pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                text=str(LISTS / "lannister_host.txt"),
                                ui_element=scene.importer.dialog)
    frames(app, 2, [picked])
    assert scene.importer.dialog is None
    assert _side_units(scene, 2) == before, "the other side is untouched"
    assert len(_side_units(scene, 1)) >= 3
    assert scene.doc.check().valid and "imported" in scene.message
    scene.undo()
    assert _side_units(scene, 2) == before and scene.doc.can_redo


def test_unknown_entries_are_imported_without_them_only_when_confirmed(tmp_path: Path) -> None:
    app, scene = _editor_on_skirmish(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_text("Stark; 10201, 1O205, 99999\n", encoding="utf-8")
    units_before = list(scene.doc.units)
    assert scene.importer.run(bad) is None
    assert scene.importer.confirm is not None and scene.doc.units == units_before
    confirmed = pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                   ui_element=scene.importer.confirm)
    frames(app, 2, [confirmed])
    assert scene.importer.confirm is None
    assert len(_side_units(scene, 1)) == 1 and "2 left out" in scene.message


def test_a_file_that_is_not_a_list_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    _app, scene = _editor_on_skirmish(tmp_path)
    junk = tmp_path / "junk.json"
    junk.write_text("{\"not\": \"a list\"}", encoding="utf-8")
    units_before = list(scene.doc.units)
    assert scene.importer.run(junk) is None
    assert scene.doc.units == units_before and scene.message_bad
