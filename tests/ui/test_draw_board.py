"""Boards with height and board marks are drawn generically: terraced levels, cliffs between
levels, the level written in the hex, and a ruleset's walls, links, obstructions and pads."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.inspect import BoardMark, HexMark, Relief, Segment
from game.core.ruleset import Ruleset
from game.core.state import GameState, HexBoard, HexCell
from game.geometry.hexgrid import DIRECTIONS, Hex
from game.rulesets.sandbox import SandboxRuleset
from game.scenario import load_scenario
from game.ui import hexlayout
from game.ui.draw_board import (
    CLIFF,
    LIGHT,
    LINK,
    OBSTRUCTION,
    WALL,
    cliffs,
    edge_points,
    level_factor,
    relief_colour,
)
from game.ui.headless import init_headless
from game.ui.palette import palette_named
from game.ui.render import Renderer
from game.ui.view import ViewState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SIZE = (640, 480)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    init_headless()


class Marks(SandboxRuleset):
    """A ruleset declaring fixed board marks."""

    name = "marks-test"

    def __init__(self, marks: tuple[BoardMark, ...]) -> None:
        super().__init__()
        self.marks = marks

    def board_marks(self, state: GameState) -> tuple[BoardMark, ...]:
        return self.marks


def hill_state() -> GameState:
    """The hex sandbox with one raised hex (4 levels) in the middle of an open patch."""
    state = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game().state
    assert isinstance(state.board, HexBoard)
    cells = {h: HexCell("open") for h in state.board.cells}
    cells[Hex(0, 0)] = HexCell("open", elevation=4)
    state.board = replace(state.board, cells=cells)
    state.units = {}
    return state


def draw(state: GameState, ruleset: Ruleset | None = None) -> tuple[pygame.Surface, ViewState]:
    surface = pygame.Surface(SIZE)
    view = ViewState()
    view.camera.resize(0, 0, *SIZE)
    view.camera.fit(-3.0, -3.0, 3.0, 3.0, 0.0)
    Renderer(palette_named("default"), ruleset=ruleset).draw(surface, state, view)
    return surface, view


def at(view: ViewState, x: float, y: float) -> tuple[int, int]:
    sx, sy = view.camera.to_screen(x, y)
    return round(sx), round(sy)


def test_higher_levels_are_lighter() -> None:
    assert level_factor(0, 0, 4) < 1.0 < level_factor(4, 0, 4)
    assert level_factor(3, 3, 3) == 1.0
    surface, view = draw(hill_state())
    hill = surface.get_at(at(view, *hexlayout.hex_centre(0, 0)))[:3]
    cx, cy = hexlayout.hex_centre(2, 0)
    low = surface.get_at(at(view, cx + 0.3, cy + 0.3))[:3]
    assert sum(hill) > sum(low)


def test_an_edge_between_levels_is_drawn_as_a_cliff() -> None:
    state = hill_state()
    assert isinstance(state.board, HexBoard)
    found = cliffs(state.board)
    assert len(found) == 6 and all(h == Hex(0, 0) and drop == 4 for h, _, drop in found)
    surface, view = draw(state)
    a, b = edge_points(Hex(0, 0), found[0][1])
    mid = at(view, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert surface.get_at(mid)[:3] == CLIFF


def test_the_level_is_written_on_a_raised_hex() -> None:
    flat = hill_state()
    assert isinstance(flat.board, HexBoard)
    flat.board = replace(flat.board, cells={h: HexCell("open") for h in flat.board.cells})
    raised, view = draw(hill_state())
    plain, _ = draw(flat)
    cx, cy = at(view, *hexlayout.hex_centre(0, 0))
    zoom = view.camera.zoom
    area = pygame.Rect(cx - zoom * 0.4, cy - zoom * 0.75, zoom * 0.8, zoom * 0.35)
    light = {(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
             if sum(raised.get_at((x, y))[:3]) > 700}
    assert light  # the label's light text
    assert any(plain.get_at(p) != raised.get_at(p) for p in light)


def test_board_marks_draw_walls_links_obstructions_and_pads() -> None:
    state = hill_state()
    wall = Segment(hexlayout.hex_corners_world(1, 1)[0], hexlayout.hex_corners_world(1, 1)[1],
                   "wall", "")
    link_a, link_b = hexlayout.hex_centre(-2, 1), hexlayout.hex_centre(-2, -1)
    marks: tuple[BoardMark, ...] = (
        HexMark(1, -1, "obstruction"), HexMark(-2, 1, "pad"), HexMark(-2, -1, "pad"),
        Segment(link_a, link_b, "link"), wall)
    surface, view = draw(state, Marks(marks))
    wx = (wall.a[0] + wall.b[0]) / 2
    wy = (wall.a[1] + wall.b[1]) / 2
    assert surface.get_at(at(view, wx, wy))[:3] in (WALL, tuple(
        min(255, int(c + (255 - c) * 0.8)) for c in WALL))
    ox, oy = hexlayout.hex_centre(1, -1)
    assert surface.get_at(at(view, ox + 0.5, oy))[:3] == OBSTRUCTION
    px, py = link_a
    ring = at(view, px + 0.45, py)
    assert any(surface.get_at((ring[0] + d, ring[1]))[:3] == LINK for d in range(-3, 4))
    # a line of dashes between the pads
    mid = at(view, (link_a[0] + link_b[0]) / 2, (link_a[1] + link_b[1]) / 2)
    column = [surface.get_at((mid[0] + dx, mid[1] + dy))[:3] for dx in range(-2, 3)
              for dy in range(-20, 21)]
    assert LINK in column


class Pegs(SandboxRuleset):
    """A ruleset declaring a relief in pegs, three pegs a step (as realms does)."""

    name = "pegs-test"

    def relief(self, state: GameState) -> Relief | None:
        return Relief("pegs", 3)


def terraces_state() -> GameState:
    """Four heights in a row going east (0, 4, 8, 12 pegs), as a hill, its crown and a mesa."""
    state = hill_state()
    assert isinstance(state.board, HexBoard)
    cells = {h: HexCell("open") for h in state.board.cells}
    for q, height in ((0, 4), (1, 8), (2, 12)):
        cells[Hex(q, 0)] = HexCell("open", elevation=height)
    state.board = replace(state.board, cells=cells)
    return state


def test_relief_gives_each_step_of_height_its_own_clearly_lighter_shade() -> None:
    """Issue 29 major 5: a hill, its crown and a mesa must read apart at a glance."""
    palette = palette_named("default")
    shades = [relief_colour(palette, "open", h, 0, 12, 3) for h in (0, 4, 8, 12)]
    for lower, higher in itertools.pairwise(shades):
        assert sum(higher) - sum(lower) >= 45, shades  # each step clearly lighter
    assert relief_colour(palette, "open", 4, 0, 12, 3) == relief_colour(palette, "open", 5, 0,
                                                                        12, 3)  # one step
    state = terraces_state()
    surface, view = draw(state, Pegs())
    drawn = [surface.get_at(at(view, *hexlayout.hex_centre(q, 0)))[:3] for q in (-1, 0, 1, 2)]
    assert [sum(c) for c in drawn] == sorted(sum(c) for c in drawn)
    plain, _ = draw(state)  # no relief declared: the plain terraces, as before
    assert plain.get_at(at(view, *hexlayout.hex_centre(1, 0)))[:3] != drawn[2]


def test_higher_ground_casts_a_shadow_away_from_the_light() -> None:
    """The lit side (top left) of a raised hex's neighbours stays bright; the side away from
    the light (bottom right) gets the drop's shadow."""
    state = hill_state()
    surface, view = draw(state, Pegs())
    centre = view.camera.to_screen(*hexlayout.hex_centre(0, 0))
    lit, shaded = [], []
    for dq, dr in DIRECTIONS:  # just past each edge of the raised hex, on its neighbour
        x, y = hexlayout.hex_centre(dq, dr)
        sx, sy = view.camera.to_screen(x * 0.6, y * 0.6)
        towards_light = (sx - centre[0]) * LIGHT[0] + (sy - centre[1]) * LIGHT[1]
        colour = sum(surface.get_at((round(sx), round(sy)))[:3])
        (lit if towards_light > 0 else shaded).append(colour)
    assert lit and shaded and min(lit) > max(shaded), (lit, shaded)
