"""Refusals name and draw their blocker on the table (issue 13 item 4, issue 16 item 5):
Stark Sworn Swords facing north, Lannister Guardsmen inside its Front Arc but off the straight
line, and a stone wall on the line that faces them (AS-CHG-5, AS-CHG-6, AS-CORE-3)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.inspect import Area
from game.ui.app import App

from .driver import click, hover, make_app, pixel, screen_of, steer_unit, table

WALL_SCENE = Path(__file__).resolve().parent / "data" / "asoiaf_wall.toml"


def _wall_pixels(app: App) -> int:
    """How many pixels of the blocker colour lie around the wall on screen."""
    scene = table(app)
    wall = scene.state.terrain[0].polygon
    x0, y0 = screen_of(app, wall.bounds[0], wall.bounds[3])
    x1, y1 = screen_of(app, wall.bounds[2], wall.bounds[1])
    colour = scene.renderer.palette.blocker
    box = pygame.Rect(min(x0, x1) - 4, min(y0, y1) - 4, abs(x1 - x0) + 8, abs(y1 - y0) + 8)
    return sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if pixel(app, (x, y)) == colour)


def test_as_chg_6_hovering_the_target_names_and_draws_the_wall(data_dir: Path) -> None:
    """Select the Sworn Swords, hover the Guardsmen: the charge line names the stone wall
    (not "would not reach within 11"") and the wall is outlined in the blocker colour."""
    app = make_app(data_dir, WALL_SCENE)
    scene = table(app)
    sworn, guards = scene.state.units["sworn"].tray, scene.state.units["guards"].tray
    assert sworn is not None and guards is not None
    click(app, screen_of(app, sworn.x, sworn.y))
    before = _wall_pixels(app)
    hover(app, screen_of(app, guards.x, guards.y))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.target == "guards"
    charge = [line for line in overlay.lines if line.startswith("Charge")]
    assert charge and "blocked by the stone wall" in charge[0], overlay.lines
    assert "would not reach" not in charge[0]
    named = [s for s in overlay.inspection.shapes if isinstance(s, Area) and s.style == "blocker"]
    assert [s.label for s in named] == ["the stone wall"]
    assert _wall_pixels(app) > before + 20


def test_as_core_3_steering_into_the_wall_names_and_draws_it(data_dir: Path) -> None:
    """Maneuver, point straight ahead past the wall: the status names the wall and the
    refusal's outline of it is drawn; pointing elsewhere clears it."""
    app = make_app(data_dir, WALL_SCENE)
    scene = table(app)
    sworn = scene.state.units["sworn"].tray
    assert sworn is not None
    steer_unit(app, "sworn")
    hover(app, screen_of(app, sworn.x - 6.0, sworn.y + 4.0))
    assert scene.view.refusal_marks == (), scene.status
    before = _wall_pixels(app)
    hover(app, screen_of(app, sworn.x + 2.5, sworn.y + 9.0))
    assert "would cross the stone wall" in scene.status, scene.status
    assert [getattr(m, "label", "") for m in scene.view.refusal_marks
            if getattr(m, "style", "") == "blocker"] == ["the stone wall"]
    assert _wall_pixels(app) > before + 20
    hover(app, screen_of(app, sworn.x - 6.0, sworn.y + 4.0))
    assert scene.view.refusal_marks == ()
