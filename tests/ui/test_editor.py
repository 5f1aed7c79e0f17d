"""The battle builder driven headless through posted pygame events (issue 26), for a table
and a hex map: set up a new battle, drag a unit from the catalogue, draw terrain or paint
hexes, place a map feature and a zone, undo and redo, save, and load the saved file with the
real loader; then Play now opens the table. Also: the menu's entries and ``warbench edit``'s
file checks."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import rulesets
from game.geometry.hexgrid import Hex
from game.scenario import load_scenario
from game.scenario.zones import deployment_zone
from game.ui.app import App
from game.ui.editor_scene import EditorScene, battles_dir, open_editor
from game.ui.editor_setup import EditListScene, EditorSetupScene
from game.ui.screens import MenuScene
from game.ui.table_scene import TableScene
from tests.ui.driver import frames, key

CTRL = pygame.KMOD_LCTRL


def hit(app: App, label: str) -> tuple[int, int]:
    """The centre of the builder's button called ``label`` (drawn last frame)."""
    scene = app.scene
    assert isinstance(scene, EditorScene | EditorSetupScene), scene
    rect = scene.hits.rect(label)
    return rect.center  # type: ignore[no-any-return]


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for pos in (middle, end):
        frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(
            pos[0] - start[0], pos[1] - start[1]), buttons=(1, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def editor(app: App) -> EditorScene:
    assert isinstance(app.scene, EditorScene), app.scene
    return app.scene


def new_battle(app: App, ruleset: str) -> EditorScene:
    """The setup form, filled in by clicks: the ruleset, then Create battle."""
    open_editor(app, None)
    frames(app, 1)
    click_at(app, hit(app, f"ruleset {rulesets.entry(ruleset).cls.title}"))
    click_at(app, hit(app, "Create battle"))
    frames(app, 1)
    return editor(app)


def screen(scene: EditorScene, x: float, y: float) -> tuple[int, int]:
    sx, sy = scene.view.camera.to_screen(x, y)
    return (round(sx), round(sy))


def hex_screen(scene: EditorScene, q: int, r: int) -> tuple[int, int]:
    from game.ui.hexlayout import hex_centre

    return screen(scene, *hex_centre(q, r))


def drop_unit(app: App, profile: str, target: tuple[int, int]) -> None:
    """Search the catalogue for the profile (a long catalogue scrolls), drag its row."""
    scene = editor(app)
    name = next(r.name for r in scene.doc.catalogue() if r.id == profile)
    assert scene.search is not None
    scene.search.set_text(name)
    frames(app, 1)
    row = next(rect for rect, record in scene.catalogue_rows if record.id == profile)
    drag(app, row.center, target)


def test_a_table_battle_built_by_hand(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, "asoiaf")
    assert scene.doc.board_kind == "table" and not scene.doc.check().valid
    drop_unit(app, "stark_sworn_swords", screen(scene, 24, 6))
    assert [u["profile"] for u in scene.doc.units] == ["stark_sworn_swords"]
    scene.side = 2
    frames(app, 1)
    drop_unit(app, "lannister_guardsmen", screen(scene, 24, 40))
    assert scene.doc.units[1]["side"] == 2 and scene.doc.units[1]["facing"] == 180
    drop_unit(app, "gregor_clegane", screen(scene, 24, 40))  # on the guardsmen: refused
    assert len(scene.doc.units) == 2 and "overlap" in scene.message
    scene.selected = "u1"
    key(app, pygame.K_e)  # turn 15 degrees
    assert scene.doc.unit("u1")["facing"] == 15
    click_at(app, hit(app, "Rectangle"))
    drag(app, screen(scene, 30, 20), screen(scene, 38, 26))
    assert scene.doc.terrain[0]["kind"] == "forest"
    click_at(app, hit(app, "keyword stakes"))  # the selected piece gets a keyword
    click_at(app, hit(app, "Select"))
    frames(app, 1)
    click_at(app, hit(app, "keyword stakes"))
    assert scene.doc.terrain[0]["keywords"] == ["stakes"]
    key(app, pygame.K_z, CTRL)
    assert scene.doc.terrain[0]["keywords"] == []
    key(app, pygame.K_y, CTRL)
    assert scene.doc.terrain[0]["keywords"] == ["stakes"]
    click_at(app, hit(app, "Zone"))
    click_at(app, hit(app, "zone side Player 1"))
    drag(app, screen(scene, 0, 0), screen(scene, 48, 10))
    assert scene.doc.zone(1) == [[0, 0], [48, 0], [48, 10], [0, 10]]
    assert scene.doc.check().valid
    key(app, pygame.K_s, CTRL)
    saved = battles_dir(app) / "new_battle.toml"
    loaded = load_scenario(saved)
    assert [u.profile for u in loaded.model.units] == ["stark_sworn_swords",
                                                        "lannister_guardsmen"]
    assert loaded.model.terrain[0].keywords == ["stakes"]
    assert deployment_zone(loaded, 1) is not None
    assert saved.read_text().startswith("# Built with the Warbench battle builder")
    click_at(app, hit(app, "Play now"))
    assert isinstance(app.scene, TableScene)
    key(app, pygame.K_F5)  # back to the builder before the first action
    assert app.scene is scene and app.autosave is None
    click_at(app, hit(app, "Play now"))
    table = app.scene
    assert isinstance(table, TableScene)
    table.perform(table.game.ruleset.legal_actions(table.state)[0])  # the battle begins
    key(app, pygame.K_F5)
    assert not isinstance(app.scene, EditorScene)  # no way back once it has begun


def test_a_hex_battle_built_by_hand(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, "realms")
    assert scene.doc.board_kind == "hex"
    drop_unit(app, "swordsman", hex_screen(scene, 1, 1))
    scene.side = 2
    drop_unit(app, "archer", hex_screen(scene, 4, 6))
    assert [u["hex"] for u in scene.doc.units] == [[1, 1], [4, 6]]
    click_at(app, hit(app, "Paint"))
    click_at(app, hit(app, "brush Elevation"))
    for _ in range(3):
        click_at(app, hit(app, "elevation +"))
    click_at(app, hex_screen(scene, 3, 3))
    assert scene.doc.hex_entry(3, 3) == {"at": [3, 3], "elevation": 4}
    click_at(app, hit(app, "Feature"))
    click_at(app, hit(app, "feature walls"))
    click_at(app, hex_screen(scene, 2, 2))
    click_at(app, hex_screen(scene, 3, 2))
    assert scene.doc.features("walls") == [{"between": [[2, 2], [3, 2]], "height": 1}]
    click_at(app, hit(app, "Zone"))
    click_at(app, hex_screen(scene, 4, 6))
    assert scene.doc.zone(2) == [[4, 6]]
    key(app, pygame.K_z, CTRL)
    assert scene.doc.zone(2) is None
    key(app, pygame.K_y, CTRL)
    click_at(app, hit(app, "Save"))
    loaded = load_scenario(battles_dir(app) / "new_battle.toml")
    assert loaded.state.board.cells[Hex(3, 3)].elevation == 4  # type: ignore[union-attr]
    assert len(loaded.state.board.features) == 1  # type: ignore[union-attr]
    assert deployment_zone(loaded, 2) == frozenset({Hex(4, 6)})


def test_problems_select_what_they_are_about_and_drafts_save(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, "sandbox")
    assert scene.doc.check().problems[0].path == "units"
    drop_unit(app, "infantry", screen(scene, 10, 10))
    scene.doc.add_terrain("water", ["impassable"], [(8, 8), (12, 8), (12, 12)])  # under u1
    frames(app, 1)
    click_at(app, hit(app, "problem 0"))
    assert scene.selected == "u1"
    click_at(app, hit(app, "Save draft"))
    draft = battles_dir(app) / "new_battle.draft.toml"
    assert draft.read_text().startswith("# DRAFT")
    assert "Save" not in [label for _, label, _ in scene.hits.areas]  # no Save while invalid
    listing = EditListScene(app)
    assert draft in listing.files()
    assert listing.label(draft).startswith("DRAFT: ")


def test_the_menu_offers_new_battle_and_edit(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    menu = MenuScene(app)
    labels = [label for label, _, _ in menu.entries()]
    assert "New battle" in labels and "Edit" in labels
    dict((label, action) for label, action, _ in menu.entries())["Edit"]()  # type: ignore[misc]
    assert isinstance(app.scene, EditListScene)


def test_a_shipped_scenario_opens_and_is_saved_as_a_new_battle(tmp_path: Path) -> None:
    from game.scenario.paths import shipped_scenario

    app = App((1280, 800), data_folder=tmp_path)
    source = shipped_scenario("ninth_age_battle")
    assert isinstance(source, Path)
    open_editor(app, source)
    frames(app, 2)
    scene = editor(app)
    assert scene.doc.check().valid
    path = scene.save()
    assert path is not None and path.parent == battles_dir(app)
    assert load_scenario(path).model == load_scenario(source).model


@pytest.mark.parametrize("word", ["no_such_battle", "/no/such/file.toml"])
def test_warbench_edit_refuses_a_missing_file(word: str, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    from game.cli import main

    assert main(["edit", word]) == 2
    assert word in capsys.readouterr().err


def test_the_setup_changes_a_battle_being_built_and_back_keeps_a_draft(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    scene = new_battle(app, "sandbox")
    drop_unit(app, "infantry", screen(scene, 10, 10))
    click_at(app, hit(app, "Setup"))
    assert isinstance(app.scene, EditorSetupScene)
    frames(app, 1)
    click_at(app, hit(app, "players 3"))
    click_at(app, hit(app, "Apply"))
    assert app.scene is scene and len(scene.doc.players) == 3
    key(app, pygame.K_z, CTRL)
    assert len(scene.doc.players) == 2
    click_at(app, hit(app, "Back"))
    assert isinstance(app.scene, MenuScene)
    assert (battles_dir(app) / "new_battle.draft.toml").is_file()


GARBAGE = """
[scenario]
name = "Broken"
ruleset = "sandbox"

[table]
width = 48
height = 36

[hexmap]
radius = 2
hexes = [{ at = ["a", 1] }, { at = [9, 9], terrain = 3 }]

[[terrain]]
kind = 5
polygon = [["a", 1], [2, 2]]

[[players]]
name = 1

[[units]]
id = ["not", "a", "word"]
side = "x"
at = ["a", "b"]

[[units]]
id = "u2"
hex = ["q", 2]
facing = "north"
"""


def test_a_broken_draft_opens_draws_and_lists_its_problems(tmp_path: Path) -> None:
    """Bad input never crashes: every problem is listed, each one clicked."""
    draft = tmp_path / "broken.draft.toml"
    draft.write_text(GARBAGE)
    app = App((1280, 800), data_folder=tmp_path)
    open_editor(app, draft)
    frames(app, 2)
    scene = editor(app)
    problems = scene.doc.check().problems
    assert len(problems) >= 5
    for i in range(min(len(problems), 12)):
        if isinstance(app.scene, EditorScene):
            label = f"problem {i}"
            if any(name == label for _, name, _ in scene.hits.areas):
                click_at(app, hit(app, label))
        if not isinstance(app.scene, EditorScene):  # a setup problem opens the setup
            app.switch(scene)
            frames(app, 1)
    for tool in ("Select", "Zone"):
        click_at(app, hit(app, tool))
        click_at(app, (600, 400))
    key(app, pygame.K_q)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_z, CTRL)
    frames(app, 2)


def test_every_shipped_scenario_opens_in_the_builder_valid(tmp_path: Path) -> None:
    """Issue 26's "done when": every shipped scenario opens in the builder, draws, and is
    valid there (the save-and-load-back of every one, to the same model and initial state
    hash, is tests/scenario/test_edit.py's round trip through the same document)."""
    from game.scenario.paths import shipped_scenarios

    app = App((1280, 800), data_folder=tmp_path)
    for resource in shipped_scenarios():
        assert isinstance(resource, Path)
        open_editor(app, resource)
        frames(app, 1)
        assert editor(app).doc.check().valid, resource.name
