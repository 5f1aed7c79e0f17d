"""Issue 29, round 3: the text size setting grows the GUI too (panel, buttons and their
labels, menus), no button label is clipped at 1000x700 or 1920x1080 at the largest size, the
mage's spells show on its unit card (a long card scrolls with the wheel) with the spell's
range on the hover, and the dice tray's caption sits under the dice, whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import hexlayout
from game.ui.anims import DICE_H, DiceShow, dice_tray_rect
from game.ui.app import App
from game.ui.panel import PANEL_W
from game.ui.screens import MenuScene, SettingsScene, start_table

from .conftest import SCENARIOS
from .driver import click, frames, press, screen_of, table

SIZES = [(1000, 700), (1920, 1080)]
ARROWS = ("▲", "▼", "◀", "▶")


def _app(data_dir: Path, size: tuple[int, int], text_size: str) -> App:
    app = App(size, data_dir)
    app.settings.handoff_screen = False
    app.settings.animate = False
    app.settings.text_size = text_size
    app.apply_text_scale()
    return app


def _buttons(app: App) -> list[Any]:
    """Every button on screen, those inside scrolling containers too."""
    from pygame_gui.elements import UIButton

    return [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, UIButton)
            and e.visible]


def clipped(app: App) -> list[str]:
    """The labels of buttons whose text runs past their edges (the GUI cuts it there), each
    measured in the button's own font."""
    out = []
    for b in _buttons(app):
        if not b.text or b.text in ARROWS:
            continue  # a scroll bar's own buttons
        width, height = b.font.size(b.text)
        if width > b.rect.width - 6 or height > b.rect.height - 2:
            out.append(f"{b.text!r} ({width}x{height} in {b.rect.width}x{b.rect.height})")
    return out


def _select(app: App, unit_id: str) -> None:
    unit = table(app).state.units[unit_id]
    if unit.tray is not None:
        click(app, screen_of(app, unit.tray.x, unit.tray.y))
    else:
        assert unit.hex is not None
        click(app, screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("scenario", "unit"), [("realms_skirmish", "mg1"),
                                                ("ninth_age_battle", "orcs")])
def test_no_button_label_is_clipped_at_the_largest_text_size(
        data_dir: Path, size: tuple[int, int], scenario: str, unit: str) -> None:
    """At "larger" text (x1.5) the panel widens and its buttons grow: every label of the
    tools, the unit's commands, the end button and the dice roller shows whole."""
    app = _app(data_dir, size, "larger")
    start_table(app, SCENARIOS / f"{scenario}.toml")
    frames(app, 2)
    _select(app, unit)
    frames(app, 2)
    assert len(_buttons(app)) >= 8
    assert clipped(app) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_menus_keep_their_labels_whole_at_the_largest_text_size(
        data_dir: Path, size: tuple[int, int]) -> None:
    app = _app(data_dir, size, "larger")
    for scene in (MenuScene(app), SettingsScene(app)):
        app.switch(scene)
        frames(app, 1)
        assert clipped(app) == [], type(scene).__name__


@pytest.mark.parametrize("size", SIZES)
def test_list_rows_keep_their_labels_whole_at_the_largest_text_size(
        data_dir: Path, size: tuple[int, int]) -> None:
    """The scenario and save lists, and a list whose row is wider than the list (the lessons
    list's progress rows were): a row too long is cut with "…" and said whole in its
    tooltip."""
    from game.ui.screens import ListScene, LoadScene, ScenarioListScene

    long_row = ("The Ninth Age (3rd edition): 0 of 35 rules practised - next: A turn in four "
                "phases: Charge, Move, Shoot, Melee")

    class Rows(ListScene):
        def entries(self) -> list[tuple[str, Any, str]]:
            return [(long_row, lambda: None, "")]

    app = _app(data_dir, size, "larger")
    for scene in (ScenarioListScene(app), LoadScene(app), Rows(app)):
        app.switch(scene)
        frames(app, 1)
        assert clipped(app) == [], type(scene).__name__
    row = next(b for b in _buttons(app) if b.text.startswith("The Ninth Age"))
    assert row.text.endswith("…") and row.tool_tip_text == long_row


def test_a_slider_button_keeps_its_value_at_the_largest_text_size(data_dir: Path) -> None:
    """A lesson's allocation slider ("How many on Imperial Guard: Imperial Captain (the rest
    on ...): 0" ran past its button): its label is cut, its value stays, the tooltip says
    it all, and no label of the lesson's panel is clipped."""
    from game.learn import find_lesson
    from game.ui.lesson_scene import LessonScene

    lesson = find_lesson("na-character-in-contact")
    assert lesson is not None
    app = _app(data_dir, (1000, 700), "larger")
    app.switch(LessonScene(app, lesson))
    frames(app, 2)
    assert clipped(app) == []
    slider = next(b for b in _buttons(app) if b.text.startswith("How many on"))
    assert slider.text.endswith("…: 0") and "rest on" in str(slider.tool_tip_text)


def test_larger_text_grows_the_panel_and_its_buttons(data_dir: Path) -> None:
    """The same table at normal and at larger text: the panel is wider, the buttons are
    taller and their font is larger (the GUI theme's sizes follow the setting)."""
    measures = {}
    for text_size in ("normal", "larger"):
        app = _app(data_dir, (1280, 800), text_size)
        start_table(app, SCENARIOS / "realms_skirmish.toml")
        frames(app, 2)
        scene = table(app)
        end = next(b for b in _buttons(app) if b.text.startswith("End activation"))
        measures[text_size] = (scene.viewport().width, end.rect.height,
                               end.font.size("End")[1])
        pygame.display.quit()
    normal, larger = measures["normal"], measures["larger"]
    assert normal[0] == 1280 - PANEL_W
    assert larger[0] < normal[0] and larger[1] > normal[1] and larger[2] > normal[2]


def test_changing_the_text_size_in_settings_rebuilds_the_gui_at_once(data_dir: Path) -> None:
    app = _app(data_dir, (1280, 800), "normal")
    app.switch(SettingsScene(app))
    frames(app, 1)
    before = max(b.font.size("Text")[1] for b in _buttons(app))
    app.settings.text_size = "larger"
    app.save_settings()
    app.switch(SettingsScene(app))
    frames(app, 1)
    assert max(b.font.size("Text")[1] for b in _buttons(app)) > before
    assert app.fonts.scale == 1.5


def _mage_card(data_dir: Path, size: tuple[int, int], text_size: str
               ) -> tuple[App, list[str]]:
    """The realms table with the Ember Mage selected, and its card's rows as shown."""
    app = _app(data_dir, size, text_size)
    start_table(app, SCENARIOS / "realms_skirmish.toml")
    frames(app, 2)
    _select(app, "mg1")
    card = table(app).hud._card_record()
    assert card is not None
    return app, [text for text, _ in table(app).hud._card_rows(card)]


def test_RL_SPC_1_the_mage_card_shows_its_spells_and_the_hover_their_range(
        data_dir: Path) -> None:
    """RL-SPC-1, RL-RNG-1: selecting the Ember Mage shows each spell on its card with dice,
    range and mana before the card's fold; hovering an enemy from it names the spell's
    reach (firebolt 5), not only the staff's reach of 1."""
    app, rows = _mage_card(data_dir, (1280, 800), "normal")
    scene = table(app)
    assert any(r.startswith("Spell firebolt: d8+d6 fire, range 5, 2 mana") for r in rows)
    assert any(r.startswith("Spell frost lance") for r in rows), rows
    tower = scene.state.units["tw2"]
    assert tower.hex is not None
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(
        app, *hexlayout.hex_centre(tower.hex.q, tower.hex.r)), rel=(0, 0), buttons=(0, 0, 0))])
    overlay = scene.view.overlay
    assert overlay is not None
    assert any("in reach of firebolt 5" in line and "staff 1" in line
               for line in overlay.lines), overlay.lines


def test_a_long_unit_card_scrolls_with_the_wheel_over_it(data_dir: Path) -> None:
    """A card longer than the panel's rows ends with how many more there are; the wheel over
    the card brings them (the board does not zoom), and another unit's card starts at its
    top."""
    app, first = _mage_card(data_dir, (1000, 700), "larger")
    scene = table(app)
    card = scene.hud._card_record()
    assert card is not None
    assert "more lines" in first[-1], first
    zoom = scene.view.camera.zoom
    at = scene.hud.card_rect().center
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    for _ in range(12):
        frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    last = [text for text, _ in scene.hud._card_rows(card)]
    assert scene.view.camera.zoom == zoom
    assert last != first and last[-1].startswith("(wheel up")
    assert any("Eyes at" in r for r in last)  # the card's last line came into view
    _select(app, "wy1")
    assert scene.hud.card_scroll == 0


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_the_dice_caption_sits_under_the_dice_whole(data_dir: Path, text_size: str) -> None:
    """The caption has its own strip under the dice (no die covers it, it covers no die),
    its lines do not overlap at any text size, and it stays inside the tray."""
    app = _app(data_dir, (1000, 700), text_size)
    start_table(app, SCENARIOS / "asoiaf_skirmish.toml")
    frames(app, 2)
    scene = table(app)
    label = ("Stark Outriders attack Lannister Halberdiers: 8 dice to hit on 4+ (Melee, "
             "Long Spears): 6 5 3 2 1 4 6 6")
    scene.animator.dice = DiceShow([[]], 6, label)
    frames(app, 1)
    scene.animator.dice = DiceShow([[]], 6, label)
    surface = pygame.Surface(app.screen.get_size())
    scene.animator.draw_dice(surface, scene.viewport(), app.fonts)
    tray = dice_tray_rect(scene.viewport(), app.fonts)
    white = sorted({y for y in range(tray.top, tray.bottom)
                    for x in range(tray.left, tray.right)
                    if surface.get_at((x, y))[:3] == (255, 255, 255)})
    assert white and white[0] >= tray.top + DICE_H, "the caption starts under the dice"
    assert white[-1] < tray.bottom, "and ends inside the tray"
    runs = [y for i, y in enumerate(white) if i == 0 or y != white[i - 1] + 1]
    assert len(runs) >= 2  # wrapped onto separate rows, a gap between each
    assert scene.view.reserved and scene.view.reserved[0][3] >= tray.height


def test_the_clip_check_finds_a_label_too_long_for_its_button(data_dir: Path) -> None:
    """The check the tests above rely on: a button narrower than its label is reported."""
    from pygame_gui.elements import UIButton

    app = _app(data_dir, (1000, 700), "larger")
    app.switch(MenuScene(app))
    frames(app, 1)
    assert clipped(app) == []
    UIButton(pygame.Rect(10, 10, 120, 30), "End the charge phase (Enter)", app.manager)
    frames(app, 1)
    assert len(clipped(app)) == 1


@pytest.mark.parametrize("size", SIZES)
def test_the_terrain_legend_wraps_its_rows_at_the_largest_text_size(
        data_dir: Path, size: tuple[int, int]) -> None:
    """At "larger" text the legend keeps to half the board's width, and a row too long for it
    wraps under its swatch: every line it paints fits the box (none is cut at the edge)."""
    app = _app(data_dir, size, "larger")
    start_table(app, SCENARIOS / "realms_skirmish.toml")
    frames(app, 2)
    scene = table(app)
    box = scene.hud.draw_legend(app.screen)
    assert box is not None and box.width <= scene.viewport().width // 2
    font = app.fonts.get(13)
    width, rows = scene.hud.legend_layout(scene.hud.legend_rows(), scene.viewport().width // 2)
    assert width == box.width
    texts = [line.strip() for parts, _ in rows for line in parts]
    assert len(texts) > len(rows)  # some row wrapped at this size
    assert all(24 + font.size(line)[0] <= box.width for line in texts)
    assert " ".join(texts).split() == " ".join(t for t, _ in scene.hud.legend_rows()).split()


def test_the_builder_widens_its_side_panels_with_the_text_size(data_dir: Path) -> None:
    """Issue 29 (text that fits) in the battle builder: at "larger" text the catalogue and
    the right panel grow (within their share of the window), the catalogue's rows grow with
    the font, and the board keeps the rest."""
    from game.ui.editor_scene import LEFT_W, RIGHT_W, EditorScene, open_editor

    sizes = {}
    for text_size in ("normal", "larger"):
        app = _app(data_dir, (1280, 800), text_size)
        open_editor(app, SCENARIOS / "ninth_age_battle.toml")
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, EditorScene)
        sizes[text_size] = (scene.left_w, scene.right_w, scene.row_h, scene.board_rect())
        assert all(rect.right <= scene.left_w for rect, _ in scene.catalogue_rows)
    assert sizes["normal"][:2] == (LEFT_W, RIGHT_W)
    left, right, row, board = sizes["larger"]
    assert LEFT_W < left <= 1280 * 0.25 and RIGHT_W < right <= 1280 * 0.32
    assert row > sizes["normal"][2] and board.width >= 1280 - left - right


def test_the_builder_toolbar_keeps_every_chip_on_screen_in_a_small_window(
        data_dir: Path) -> None:
    """At "larger" text in a 1000x700 window the builder's toolbar (every tool, Save, Play
    now and Back) fits in the window: its text steps down instead of running off the edge."""
    from game.ui.editor_scene import EditorScene, open_editor

    app = _app(data_dir, (1000, 700), "larger")
    open_editor(app, SCENARIOS / "ninth_age_battle.toml")
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    for label in ("Select", "Zone", "Setup", "Save", "Import list", "Play now", "Back"):
        rect = scene.hits.rect(label)
        assert rect.right <= 1000, label


@pytest.mark.parametrize("size", SIZES)
def test_a_received_turns_event_rows_keep_their_words_at_the_largest_text_size(
        data_dir: Path, size: tuple[int, int]) -> None:
    """The play-by-file preview's panel widens with the text like the table's: at "larger"
    text no event row or step button is clipped."""
    from game.ui.pbf_scene import SIDE_W, TurnPreviewScene
    from tests.ui.test_pbf_table import _received

    _received(data_dir)
    app = _app(data_dir, size, "larger")
    app.switch(MenuScene(app))
    frames(app, 1)
    press(app, "Open turn")
    press(app, "from-bob (inbox)")
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, TurnPreviewScene)
    assert scene.side_w > SIDE_W and len(scene.event_rows) >= 3
    assert clipped(app) == []
