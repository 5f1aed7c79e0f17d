"""Drive the real table scene on an ASOIAF charge: select, hover, Charge, dice, decisions,
undo, save, load; check state and pixels."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.pending import Chance, PlayerDecision
from game.ui.modes import TargetMode
from game.ui.palette import hex_to_rgb

from .conftest import SCENARIOS
from .driver import (
    click,
    find_button,
    frames,
    hover,
    key,
    make_app,
    overrides,
    pixel,
    press,
    screen_of,
    steer_unit,
    table,
)

CHARGE = SCENARIOS / "asoiaf_charge_example.toml"


def test_tray_colour_and_front_arc_overlay(data_dir: Path) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    sworn = scene.state.units["sworn"]
    assert sworn.tray is not None
    slot = screen_of(app, *sworn.tray.model_slots()[0])
    player = scene.state.player(sworn.owner)
    assert pixel(app, slot) == hex_to_rgb(player.colour)
    probe = screen_of(app, sworn.tray.x - 8, sworn.tray.y + 8)  # open table in front
    before = pixel(app, probe)
    click(app, screen_of(app, sworn.tray.x, sworn.tray.y))
    assert scene.view.selected == "sworn"
    after = pixel(app, probe)
    front = scene.renderer.palette.arc_front
    assert after != before
    # the pixel moved towards the front-arc colour
    dist_before = sum(abs(a - b) for a, b in zip(before, front, strict=True))
    dist_after = sum(abs(a - b) for a, b in zip(after, front, strict=True))
    assert dist_after < dist_before


def test_hover_shows_range_and_charge_odds(data_dir: Path) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    sworn, guard = scene.state.units["sworn"], scene.state.units["guard"]
    assert sworn.tray and guard.tray
    click(app, screen_of(app, sworn.tray.x, sworn.tray.y))
    hover(app, screen_of(app, guard.tray.x, guard.tray.y))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.target == "guard"
    assert overlay.distance is not None and overlay.distance > 0
    # the lines are the ruleset's own record, drawn as given
    record = scene.game.ruleset.inspect_pair(scene.state, "sworn", "guard")
    assert record is not None and overlay.inspection == record
    if overrides(scene.game.ruleset, "inspect_pair"):
        assert any("Range" in line for line in overlay.lines)
        assert any("Charge" in line for line in overlay.lines)
    # the range line is drawn in white between front arrow and target
    assert overlay.range_from is not None and overlay.range_to is not None
    (ax, ay), (bx, by) = overlay.range_from, overlay.range_to
    x, y = screen_of(app, ax + (bx - ax) * 0.25, ay + (by - ay) * 0.25)
    assert any(pixel(app, (x + dx, y + dy)) == (255, 255, 255)
               for dx in range(-1, 2) for dy in range(-1, 2))


def test_charge_by_clicks_then_undo_save_load(data_dir: Path) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    sworn, guard = scene.state.units["sworn"], scene.state.units["guard"]
    assert sworn.tray and guard.tray
    start = sworn.tray
    click(app, screen_of(app, sworn.tray.x, sworn.tray.y))
    press(app, "Charge")
    assert isinstance(scene.mode, TargetMode) and "guard" in scene.view.targets
    click(app, screen_of(app, guard.tray.x, guard.tray.y))
    assert any(str(e.action).startswith("charge") for e in scene.game.log)
    # answer whatever the procedure asks, by the panel: dice with Space, decisions by button
    for _ in range(30):
        node = scene.game.pending()
        if isinstance(node, Chance):
            key(app, pygame.K_SPACE)
        elif isinstance(node, PlayerDecision):
            press(app, node.offers[0].label)
        else:
            break
    assert scene.game.log[-1].events
    moved = scene.state.units["sworn"].tray
    assert moved is not None and moved != start
    # undo of an action whose dice the player rolled is refused with WB-HIST-1
    rolled = any(scene.game.log[-1].rolled_by)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    if rolled and not scene.state.options.allow_undo_dice:
        assert "WB-HIST-1" in scene.status
    # save and load back: same state hash
    digest = scene.game.state_hash()
    path = scene.flow.save()
    assert path is not None and path.exists()
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    press(app, app.scene.label(path))  # type: ignore[attr-defined]
    assert table(app).game.state_hash() == digest


def test_disabled_action_says_why(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml")
    scene = table(app)
    bers = scene.state.units["bers"]
    assert bers.tray
    click(app, screen_of(app, bers.tray.x, bers.tray.y))
    charge = find_button(app, "Charge")
    assert not charge.is_enabled
    command = next(c for c in scene.commands_of("bers") if c.label == "Charge")
    assert command.refusal is not None
    assert scene.panel.refusals[charge] == str(command.refusal)  # the ruleset's own reason
    if command.refusal.rules:
        assert "[" in scene.panel.refusals[charge]  # cites its rule IDs
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=charge.rect.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    assert scene.status.startswith("Not now")


def test_click_on_the_maneuver_ghost_commits_the_maneuver(data_dir: Path) -> None:
    """Found playing under Xvfb: a click landing on the end-pose ghost of a Maneuver was
    taken for a decision ghost and did nothing."""
    app = make_app(data_dir, SCENARIOS / "asoiaf_skirmish.toml")
    scene = table(app)
    outriders = scene.state.units["outriders"].tray
    assert outriders is not None
    steer_unit(app, "outriders")
    target = screen_of(app, outriders.x, outriders.y + outriders.depth / 2 + 4.0)
    hover(app, target)
    assert scene.ghost_at(scene.view.camera.to_world(*target)) == "__steer__"
    assert "click to do it" in scene.status
    click(app, target)
    moved = scene.state.units["outriders"].tray
    assert moved is not None and moved.y > outriders.y + 3.5
    assert str(scene.game.log[-1].action).startswith("maneuver outriders")
