"""Headless drawing: set up pygame without a window (SDL dummy driver) and render a game."""

from __future__ import annotations

import os

import pygame

from game.core.ruleset import Ruleset
from game.core.state import GameState
from game.ui.lens import RulesLens
from game.ui.palette import Palette, palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import ViewState


def init_headless() -> None:
    """Start pygame with the dummy video and audio drivers (no window, no sound)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` -> (1280, 800)."""
    w, _, h = text.lower().partition("x")
    width, height = int(w), int(h)
    if width < 200 or height < 150:
        raise ValueError(f"size {text!r} is too small")
    return width, height


def render_state(
    state: GameState, size: tuple[int, int], selected: str | None = None,
    hovered: str | None = None, palette: Palette | None = None, grid: bool = True,
    ruleset: Ruleset | None = None,
) -> pygame.Surface:
    """Draw ``state`` with the selected unit's arcs and the inspections of ``ruleset`` (the
    selected unit's, and the hovered unit's seen from it) onto a new surface."""
    surface = pygame.Surface(size)
    renderer = Renderer(palette or palette_named("default"), ruleset=ruleset)
    view = ViewState(grid=grid, selected=selected, hovered=hovered)
    view.camera.resize(0, 0, *size)
    fit_camera(view.camera, state)
    if ruleset is not None:
        lens = RulesLens()
        view.unit_overlay = lens.unit_overlay(ruleset, state, 0, selected)
        view.overlay = lens.overlay(ruleset, state, 0, selected, hovered)
    renderer.draw(surface, state, view)
    return surface
