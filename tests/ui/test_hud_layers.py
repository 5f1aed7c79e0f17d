"""The HUD's parts (top bar, unit card, status line, terrain legend) are painted once per change
and blitted on the frames between (issue 12: text rendered once per change); what a frame
shows is what painting it afresh shows, and a change shows on the very next frame."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.hud import Hud

from .conftest import SCENARIOS
from .driver import click, frames, make_app, screen_of, table


def _fresh(app_scene: object, size: tuple[int, int]) -> bytes:
    """The HUD as a new :class:`Hud` (nothing cached) paints it."""
    surface = pygame.Surface(size)
    hud = Hud(app_scene)  # type: ignore[arg-type]
    hud.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _cached(hud: Hud, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    hud.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_cached_hud_shows_what_a_fresh_one_paints_and_follows_every_change(
        data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml")
    scene = table(app)
    size = app.screen.get_size()
    hud = scene.hud
    assert _cached(hud, size) == _fresh(scene, size)
    painted = {name: layer for name, (_, layer) in hud._layers.items()}
    assert _cached(hud, size) == _fresh(scene, size)
    assert all(hud._layers[name][1] is layer for name, layer in painted.items())  # no repaint
    unit = next(u for u in scene.state.live_units(scene.game.current_player() or 1) if u.tray)
    assert unit.tray is not None
    click(app, screen_of(app, unit.tray.x, unit.tray.y))  # the card and the status change
    assert hud._layers["card"][1] is not painted["card"]
    assert _cached(hud, size) == _fresh(scene, size)
    scene.status = "something else entirely"
    frames(app, 1)
    assert _cached(hud, size) == _fresh(scene, size)
