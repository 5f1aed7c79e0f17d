"""What a full game played by hand in a real window (Xvfb, xdotool) still found after issue
13's fixes, one headless test per finding, each failing before its fix."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.core.actions import EndActivation
from game.ui.anims import DiceShow, dice_tray_rect
from game.ui.app import App
from game.ui.panel import PANEL_W
from game.ui.table_scene import TableScene

from .conftest import SCENARIOS
from .driver import (
    activate_hex_unit,
    click,
    find_button,
    frames,
    hover,
    key,
    make_app,
    press,
    screen_of,
    steer_unit,
    table,
)

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


def _white_rows(surface: pygame.Surface, rect: pygame.Rect) -> set[int]:
    return {y - rect.top for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)
            if surface.get_at((x, y))[:3] == (255, 255, 255)}


def test_the_dice_tray_caption_shows_a_long_purpose_whole_with_its_result(data_dir: Path
                                                                          ) -> None:
    """The charge roll's caption ("... (D6 + Speed 6): 2") was cut at 48 characters, losing
    the formula and the result; it wraps inside the tray now."""
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    label = "Charge distance of House Umber Berserkers (D6 + Speed 6): 2"
    scene.animator.dice = DiceShow([[]], 6, label)
    surface = pygame.Surface(app.screen.get_size())
    scene.animator.draw_dice(surface, scene.viewport(), app.fonts)
    box = dice_tray_rect(scene.viewport())
    rows = _white_rows(surface, box)
    assert rows and min(rows) < box.height - 18, "the caption's first line sits above the last"
    assert max(rows) < box.height, "inside the tray"


def test_the_terrain_legend_gives_way_to_the_dice_tray(data_dir: Path) -> None:
    """The legend shares the board's lower-left corner with the dice tray; while dice are
    shown its last row peeked out under the tray."""
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    assert scene.hud.draw_legend(pygame.Surface(app.screen.get_size())) is not None
    scene.animator.dice = DiceShow([[]], 6, "2d6: 3 4")
    frames(app, 1)
    assert scene.hud.draw_legend(pygame.Surface(app.screen.get_size())) is None


ROUND_3 = Path(__file__).resolve().parent / "data" / "asoiaf_skirmish_round3.json"
"""The skirmish as played by hand to round 3: the House Umber Berserkers stand below the
Lannister Halberdiers with the east stone wall's end just across their straight path."""


def _charge(data_dir: Path) -> tuple[App, TableScene]:
    """Round 3 of the played skirmish: the Berserkers declare their charge on the
    Halberdiers by clicks (the button, then the target)."""
    app = make_app(data_dir, ROUND_3)
    scene = table(app)
    bers, halb = scene.state.units["berserkers"].tray, scene.state.units["halberdiers"].tray
    assert bers is not None and halb is not None
    click(app, screen_of(app, bers.x, bers.y))
    press(app, "Charge")
    click(app, screen_of(app, halb.x, halb.y))
    return app, scene


def _to_the_end(app: App, scene: TableScene) -> None:
    """Roll with Space and keep all dice until the charge's attack is over."""
    from game.core.pending import Chance, PlayerDecision

    for _ in range(12):
        node = scene.game.pending()
        if isinstance(node, PlayerDecision):
            press(app, "Keep all dice")
        elif isinstance(node, Chance):
            key(app, pygame.K_SPACE)
        else:
            break


def test_as_chg_5_the_hover_agrees_with_the_charge_button_on_a_pivoted_charge(data_dir: Path
                                                                             ) -> None:
    """The Charge button offered the Halberdiers (with the nearest legal pivot, 15° left),
    but hovering them said "Charge: not possible - ... blocked by the stone wall": the hover
    tried only no pivot and pointing at the target. It now shows the charge the button makes,
    after that pivot, and still names the wall straight ahead."""
    app = make_app(data_dir, ROUND_3)
    scene = table(app)
    bers, halb = scene.state.units["berserkers"].tray, scene.state.units["halberdiers"].tray
    assert bers is not None and halb is not None
    click(app, screen_of(app, bers.x, bers.y))
    charge = next(c for c in scene.commands_of("berserkers") if c.key == "charge")
    assert any(o.target == "halberdiers" for o in charge.offers), "the button offers it"
    press(app, "Charge")
    hover(app, screen_of(app, halb.x, halb.y))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.target == "halberdiers"
    assert not [line for line in overlay.lines if "not possible" in line and
                line.startswith("Charge")], overlay.lines
    charge_line = next(line for line in overlay.lines if line.startswith("Charge after a pivot"))
    assert "left" in charge_line, charge_line
    assert any("stone wall" in line for line in overlay.lines if line.startswith("Straight"))


def test_the_log_says_a_maneuver_and_a_charge_pivot_in_player_words(data_dir: Path) -> None:
    """The log read "Stark Outriders pivots 0°, moves 6" and pivots 15°." (which way?),
    "pivots -15° keeping ... in sight" and "Stark Outriders's activation ends"; it says
    "maneuvers: move 6", then turn 15° right", "(turn 15° left)" and "Outriders'" now."""
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    tray = scene.state.units["outriders"].tray
    assert tray is not None
    steer_unit(app, "outriders")
    target = screen_of(app, tray.x, tray.y + 9.0)
    hover(app, target)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    click(app, target)
    texts = [e.text for e in scene.game.events()]
    moved = next(t for t in texts if t.startswith("Stark Outriders maneuvers"))
    assert re.fullmatch(r"Stark Outriders maneuvers: move 6\", then turn \d+° (left|right)\.",
                        moved), moved
    assert "Stark Outriders' activation ends." in texts, texts[-4:]
    assert not [t for t in texts if "°," in t or "-" in t.split("°")[0][-4:]], texts

    app, scene = _charge(data_dir)
    pivot = next(e.text for e in scene.game.events() if e.kind == "charge.pivot")
    assert "(turn 15° left)" in pivot and "-" not in pivot, pivot


def test_the_top_bar_shows_a_long_roll_whole_and_names_the_roller_once(data_dir: Path) -> None:
    """Declaring the charge, the top bar read "Round 3 - Stark to act: Stark rolls 1d6 for
    Charge distance of House Umb…": the roller named twice and the purpose cut off."""
    app, scene = _charge(data_dir)
    top = scene.hud.top_text()
    assert top.count("Stark") == 1 and "Charge distance" in top, top
    width = app.screen.get_width() - PANEL_W - 200
    text, _ = scene.hud.top_line(width)
    assert text == top, text


def test_as_bon_1_a_picked_die_is_named_by_its_face_not_its_position(data_dir: Path) -> None:
    """The Charge Bonus re-roll: clicking the die showing 2 (the fifth) read "Re-roll the
    picked dice: 5" and "Picked dice 5" - as if a 5 had been picked. Both name the face."""
    from game.core.pending import PlayerDecision
    from game.ui.modes import DicePickMode

    app, scene = _charge(data_dir)
    while not isinstance(scene.game.pending(), PlayerDecision):
        key(app, pygame.K_SPACE)
    mode = scene.mode
    assert isinstance(mode, DicePickMode), mode
    assert "Picked dice none" not in scene.status and "Click the dice" in scene.status
    faces = mode.pick.faces
    position = next(i for i, face in enumerate(faces, start=1) if face != i)
    click(app, scene.panel.die_buttons[position].rect.center)
    confirm = str(scene.panel.pick_confirm.text)
    assert confirm.endswith(f": {faces[position - 1]}"), (confirm, faces, position)
    assert scene.status.startswith(f"Picked {faces[position - 1]}:"), scene.status


def test_as_bon_1_a_one_die_re_roll_reads_without_a_tuple(data_dir: Path) -> None:
    """Re-rolling every miss (one die) logged "Charge Bonus re-roll of dice (5,): now ...":
    Python's tuple, not words."""
    from game.core.pending import PlayerDecision

    app, scene = _charge(data_dir)
    while not isinstance(scene.game.pending(), PlayerDecision):
        key(app, pygame.K_SPACE)
    press(app, "Re-roll every miss (1 die)")
    key(app, pygame.K_SPACE)
    reroll = next(e.text for e in scene.game.events() if e.kind == "attack.reroll")
    assert re.match(r"Charge Bonus re-roll of die \d \(was \d\): now [1-6 ]+\.$", reroll), reroll


def test_na_mov_1_a_wheel_to_the_left_is_logged_in_words(data_dir: Path) -> None:
    """Scanning the log of every shipped scenario played at random for program notation
    found "Veteran Orcs with Warlord wheels -45° (3.9")" in the Ninth Age battle: the
    log says "wheels 45° left" now (the buttons already did)."""
    import random

    from game.core.actions import RollPending
    from game.core.pending import Chance, Over
    from game.rulesets.ninth_age.actions import Wheel
    from game.scenario.loader import load_scenario

    game = load_scenario(SCENARIOS / "ninth_age_battle.toml").new_game()
    rng = random.Random(0)
    left = []
    for _ in range(150):
        node = game.pending()
        if isinstance(node, Over):
            break
        actions = game.legal_actions()
        wheels = [a for a in actions if isinstance(a, Wheel) and a.degrees < 0]
        action = (RollPending() if isinstance(node, Chance)
                  else wheels[0] if wheels and not left else rng.choice(actions))
        events = game.apply(action)
        left += [e.text for e in events if e.kind == "unit.wheeled" and "left" in e.text]
    texts = [e.text for e in game.events() if e.kind == "unit.wheeled"]
    assert left, texts
    assert not [t for t in texts if "-" in t.split("°")[0][-6:]], texts


def test_na_mov_1_the_reform_button_hint_shows_no_action_syntax(data_dir: Path) -> None:
    """The Ninth Age Reform button's tooltip was its docstring's first sentence, which ended
    in the action syntax "reform u1 8, reform u1 5 turn=180"."""
    app = make_app(data_dir, SCENARIOS / "ninth_age_battle.toml")
    scene = table(app)
    assert scene.perform(EndActivation())  # the Charge phase ends; Reform is a Move-phase button
    unit = next(u for u in scene.state.units.values() if u.owner == 1)
    reform = [c for c in scene.commands_of(unit.id) if c.label == "Reform"]
    assert reform, [c.label for c in scene.commands_of(unit.id)]
    hint = reform[0].hint
    assert "Re-form" in hint and not re.search(r"=|\bu\d\b|reform \w+ \d", hint), hint


def test_a_name_ending_in_s_takes_a_bare_apostrophe_in_the_log(data_dir: Path) -> None:
    """The charge's log read "Lannister Halberdiers's Panic Test" and "House Umber
    Berserkers's activation ends": every ruleset now says "Halberdiers' Panic Test"
    (``game.core.present.possessive``)."""

    app, scene = _charge(data_dir)
    _to_the_end(app, scene)
    texts = [e.text for e in scene.game.events()]
    assert any("Halberdiers' Panic Test" in t for t in texts), texts[-6:]
    assert not [t for t in texts if re.search(r"s's\b", t)], texts


def test_the_godsgloom_legend_tells_its_kinds_of_ground_apart(data_dir: Path) -> None:
    """The ruined crossing's legend listed deep water, ford, gloomwood, rubble, ruined tower
    and standing stone all in the one default brown (and drew them so): no two share a
    colour now, and deep water is drawn like water."""
    app = make_app(data_dir, SCENARIOS / "godsgloom_skirmish.toml")
    scene = table(app)
    rows = scene.hud.legend_rows()
    colours = [colour for _, colour in rows]
    assert len(rows) >= 5 and len(set(colours)) == len(colours), rows
    palette = scene.app.palette
    assert palette.terrain_colour("deep water") == palette.terrain_colour("water")


def test_hx_mov_1_a_godsgloom_move_is_logged_with_the_facing_named(data_dir: Path) -> None:
    """Advancing the Ashen Line Infantry logged "moves from (3,1) to (0,1), facing 0." while
    its card said "facing north-east": the log names the facing now."""
    app = make_app(data_dir, SCENARIOS / "godsgloom_skirmish.toml")
    scene = table(app)
    unit = next(u for u in scene.state.units.values() if u.owner == 1 and u.hex is not None)
    activate_hex_unit(app, unit.id, "Advance")
    press(app, "Move to")
    moved = next(e.text for e in scene.game.events() if e.kind == "unit.moved")
    assert re.search(r", facing (north|south)?-?(east|west)\.$", moved), moved


def test_the_leave_question_is_modal_a_click_behind_it_does_nothing(data_dir: Path) -> None:
    """Esc on the table asks before leaving for the menu. While the question showed, a click
    on a panel button (Hold) still acted behind it and ended the selected unit's activation;
    the wheel turned a steered ghost. Only Enter and Esc answer the question now."""
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    unit = next(u for u in scene.state.live_units()
                if u.tray is not None and u.owner == scene.game.current_player())
    assert unit.tray is not None
    click(app, screen_of(app, unit.tray.x, unit.tray.y))
    hold = find_button(app, "Hold")
    assert hold.is_enabled
    key(app, pygame.K_ESCAPE)
    assert scene.confirm is not None, "Esc asks before leaving"
    before = len(scene.game.actions())
    click(app, hold.rect.center)
    frames(app, 2, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)])
    assert len(scene.game.actions()) == before, "a button behind the question acted"
    assert app.scene is scene and scene.confirm is not None, "the question still waits"
    key(app, pygame.K_ESCAPE)
    assert scene.confirm is None, "Esc stays at the table"
    press(app, "Hold")
    assert len(scene.game.actions()) == before + 1, "with the question gone, Hold acts"


def test_labels_of_ghosts_at_one_place_stack_instead_of_printing_over_each_other(
        data_dir: Path) -> None:
    """A charge's three alignments, a Retreat's keep-the-facing / turn-about pairs and Surge
    Forth's turns put their ghosts at or near one place; their labels were printed on top
    of each other ("Align 50%, Align ... side"). The lit offer's label stays on its ghost
    and the others stack clear of it and of each other."""
    from itertools import combinations

    from game.ui import draw_units
    from game.ui.view import Ghost

    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    tray = scene.state.units["sworn"].tray
    assert tray is not None
    ghosts = [Ghost("a", "Align 100% (centred)", tray=tray),
              Ghost("b", "Align 50%, left side", tray=tray.moved_to(tray.x - 1, tray.y, 0)),
              Ghost("c", "Align 50%, right side", tray=tray.moved_to(tray.x + 1, tray.y, 0))]
    surface = pygame.Surface(app.screen.get_size())
    boxes = draw_units.draw_ghosts(surface, ghosts, "b", scene.view.camera, (255, 255, 0),
                                   app.fonts.get(13, bold=True))
    assert boxes is not None and len(boxes) == 3, "one label per ghost"
    assert not any(a.colliderect(b) for a, b in combinations(boxes, 2)), boxes
    assert boxes[0].center == pytest.approx(screen_of(app, tray.x - 1, tray.y), abs=1), (
        "the lit offer's label sits on its ghost")
