"""Sandbox table: physics drag through the core, hex moves, handoff, help, menu, explain."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.actions import MoveHex, MoveUnit
from game.ui.screens import HandoffScene, MenuScene

from .conftest import SCENARIOS
from .driver import click, find_button, frames, key, make_app, pixel, screen_of, table

SANDBOX = SCENARIOS / "sandbox_table.toml"
HEXES = SCENARIOS / "sandbox_hex.toml"


def _drag(app: object, start: tuple[int, int], end: tuple[int, int], steps: int = 40) -> None:
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),  # type: ignore[arg-type]
                                       buttons=(1, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),  # type: ignore[arg-type]
                                           rel=(0, 0), buttons=(1, 0, 0))])
    frames(app, 20)  # let the tray catch up with the pointer
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])  # type: ignore[arg-type]


def test_drag_pushes_own_tray_and_moves_go_through_the_core(data_dir: Path) -> None:
    app = make_app(data_dir, SANDBOX)
    scene = table(app)
    n1, n2 = scene.state.units["n1"].tray, scene.state.units["n2"].tray
    assert n1 and n2
    _drag(app, screen_of(app, n1.x, n1.y), screen_of(app, n2.x + 4, n1.y))
    moves = [e.action for e in scene.game.log if isinstance(e.action, MoveUnit)]
    assert {m.unit for m in moves} == {"n1", "n2"}
    a, b = scene.state.units["n1"].tray, scene.state.units["n2"].tray
    assert a and b and a.x > n1.x + 5 and b.x > n2.x
    assert a.polygon.intersection(b.polygon).area < 1e-6
    # the tray is drawn where the core put it: its first model slot has the side colour
    colour = scene.renderer.unit_colour(scene.state, scene.state.units["n1"])
    frames(app, 1)
    assert pixel(app, screen_of(app, *a.model_slots()[0])) == colour


def test_enemy_tray_is_an_immovable_obstacle(data_dir: Path) -> None:
    app = make_app(data_dir, SANDBOX)
    scene = table(app)
    n1, s1 = scene.state.units["n1"].tray, scene.state.units["s1"].tray
    assert n1 and s1
    _drag(app, screen_of(app, n1.x, n1.y), screen_of(app, s1.x, s1.y), steps=30)
    assert scene.state.units["s1"].tray == s1
    a = scene.state.units["n1"].tray
    assert a is not None and a.polygon.intersection(s1.polygon).area < 1e-6


def test_hex_drag_end_activation_and_handoff(data_dir: Path) -> None:
    app = make_app(data_dir, HEXES, handoff=True)
    scene = table(app)
    b1 = scene.state.units["b1"]
    assert b1.hex is not None
    from game.ui import hexlayout

    start = screen_of(app, *hexlayout.hex_centre(b1.hex.q, b1.hex.r))
    dest = b1.hex.neighbor(0)
    end = screen_of(app, *hexlayout.hex_centre(dest.q, dest.r))
    _drag(app, start, end, steps=5)
    assert isinstance(scene.game.log[-1].action, MoveHex)
    assert scene.state.units["b1"].hex == dest
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandoffScene)
    assert app.scene.player_name == scene.state.player(2).name
    click(app, (640, 400))
    assert app.scene is scene and scene.game.current_player() == 2


def test_undo_redo_keys_and_rule_explanation(data_dir: Path) -> None:
    app = make_app(data_dir, SANDBOX)
    scene = table(app)
    n1 = scene.state.units["n1"].tray
    assert n1
    _drag(app, screen_of(app, n1.x, n1.y), screen_of(app, n1.x, n1.y + 3))
    moved = scene.state.units["n1"].tray
    assert moved and moved.y > n1.y + 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # North's own move, no hand-over since: undone
    assert scene.state.units["n1"].tray == n1
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.state.units["n1"].tray == moved
    scene.explain("WB-TBL-4")
    assert scene.explanation is not None and "next player" in scene.explanation[1]
    key(app, pygame.K_ESCAPE)
    assert scene.explanation is None


def test_wb_hist_2_hotseat_undo_never_takes_back_the_opponents_move(data_dir: Path) -> None:
    app = make_app(data_dir, SANDBOX)
    scene = table(app)
    n1 = scene.state.units["n1"].tray
    assert n1
    _drag(app, screen_of(app, n1.x, n1.y), screen_of(app, n1.x, n1.y + 3))
    moved = scene.state.units["n1"].tray
    assert moved and moved.y > n1.y + 2
    key(app, pygame.K_RETURN)  # North hands over to South
    assert scene.game.current_player() == 2
    before = scene.game.state_hash()
    colour = scene.renderer.unit_colour(scene.state, scene.state.units["n1"])
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # South tries to take back North's turn
    assert scene.game.state_hash() == before and scene.game.current_player() == 2
    assert "WB-HIST-2" in scene.status
    assert not find_button(app, "Undo").is_enabled
    frames(app, 1)
    assert pixel(app, screen_of(app, *moved.model_slots()[0])) == colour  # still drawn moved
    s1 = scene.state.units["s1"].tray
    assert s1
    _drag(app, screen_of(app, s1.x, s1.y), screen_of(app, s1.x, s1.y - 2))
    assert scene.state.units["s1"].tray != s1
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # South's own move since the hand-over: undone
    assert scene.state.units["s1"].tray == s1
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # but never further back than the hand-over
    assert scene.game.state_hash() == before and "WB-HIST-2" in scene.status


def test_help_overlay_and_menu(data_dir: Path) -> None:
    app = make_app(data_dir, SANDBOX)
    before = pixel(app, (60, 300))
    key(app, pygame.K_F1)
    assert app.show_help
    assert pixel(app, (60, 300)) != before
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Esc asks first (issue 13 item 8)
    assert isinstance(app.scene, MenuScene)


def test_handoff_is_not_dismissed_by_the_release_of_the_last_click(data_dir: Path) -> None:
    """Found playing under Xvfb: the mouse-up of the click that ended a turn reached the new
    handoff screen and dismissed it at once."""
    app = make_app(data_dir, SCENARIOS / "asoiaf_skirmish.toml", handoff=True)
    scene = table(app)
    outriders = scene.state.units["outriders"].tray
    assert outriders is not None
    click(app, screen_of(app, outriders.x, outriders.y))
    from .driver import hover, needs_steer, press

    needs_steer(scene, "outriders", "Maneuver")
    press(app, "Maneuver")
    target = screen_of(app, outriders.x, outriders.y + outriders.depth / 2 + 4.0)
    hover(app, target)
    click(app, target)  # press + release in one frame: the maneuver ends the activation
    assert isinstance(app.scene, HandoffScene)
    click(app, (640, 600))
    assert app.scene is scene
