"""A hex map is painted in slices (issue 32): only the cells that reach the surface, a slice
of cells a step; the frames after the wheel stops show the last board scaled while the new
zoom's board is built a step per frame, then exactly the board drawn at once; and a page of
the whole map serves every pan at its zoom."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.inspect import Relief
from game.core.state import GameState, HexBoard, HexCell
from game.geometry.hexgrid import Hex
from game.scenario import load_scenario
from game.ui import draw_board
from game.ui.camera import Camera
from game.ui.headless import init_headless
from game.ui.palette import palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import ViewState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SIZE = (480, 360)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    init_headless()


def big_map(orientation: str = "pointy") -> GameState:
    """The hex sandbox on a 24 x 24 map of mixed ground: levels, forest that blocks sight,
    impassable rock (hatched); pointy-top or flat-top (the camera turned a quarter)."""
    state = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game().state
    assert isinstance(state.board, HexBoard)
    cells = {}
    for q in range(24):
        for r in range(24):
            k = (q * 7 + r * 3) % 11
            terrain = "forest" if k == 0 else "open"
            keywords = ("impassable",) if k == 5 else ("blocks-sight",) if k == 0 else ()
            cells[Hex(q - r // 2, r)] = HexCell(terrain, elevation=(q + r) % 4,
                                                keywords=frozenset(keywords))
    state.board = replace(state.board, cells=cells, orientation=orientation)
    state.units = {}
    return state


def _paint(state: GameState, cam: Camera, cull: bool, relief: Relief | None = None) -> bytes:
    surface = pygame.Surface(SIZE)
    surface.fill((0, 0, 0))
    board = state.board
    assert isinstance(board, HexBoard)
    for _ in draw_board.hexmap_steps(surface, board, cam, palette_named("default"),
                                     lambda s, b: pygame.font.Font(None, s), relief,
                                     cull=cull):
        pass
    return pygame.image.tobytes(surface, "RGB")


def test_the_cells_off_the_surface_are_left_out_and_nothing_on_it_changes() -> None:
    """Painting only the cells that reach the surface gives the pixels of painting them all,
    zoomed in (most cells off it) and out, at an edge of the map, and turned (flat-top)."""
    state = big_map()
    for cam in (Camera(20.0, 18.0, 14.0, *SIZE, 0, 0), Camera(3.0, 2.0, 31.0, *SIZE, 0, 0),
                Camera(10.0, 18.0, 6.0, *SIZE, 0, 0), Camera(18.0, -20.0, 9.0, *SIZE, 0, 0, 1)):
        assert _paint(state, cam, True) == _paint(state, cam, False)


def test_the_relief_off_the_surface_is_left_out_and_nothing_on_it_changes() -> None:
    """The relief's shadows and lit edges of the cliffs that reach the surface, through a
    surface of the rectangle the shadows cover, give the pixels of drawing every cliff
    through one of the layer's size (issue 32: the relief was one long step of a frame)."""
    state = big_map()
    for step in (1, 2):
        for cam in (Camera(20.0, 18.0, 14.0, *SIZE, 0, 0), Camera(3.0, 2.0, 31.0, *SIZE, 0, 0),
                    Camera(10.0, 18.0, 6.0, *SIZE, 0, 0),
                    Camera(18.0, -20.0, 9.0, *SIZE, 0, 0, 1),
                    Camera(300.0, 300.0, 20.0, *SIZE, 0, 0)):  # off the map
            relief = Relief(step=step)
            assert _paint(state, cam, True, relief) == _paint(state, cam, False, relief)


def test_the_map_is_painted_a_slice_at_a_time() -> None:
    state = big_map()
    board = state.board
    assert isinstance(board, HexBoard)
    cam = Camera(20.0, 18.0, 6.0, SIZE[0], SIZE[1], 0, 0)
    steps = list(draw_board.hexmap_steps(pygame.Surface(SIZE), board, cam,
                                         palette_named("default"),
                                         lambda s, b: pygame.font.Font(None, s)))
    assert len(steps) >= len(board.cells) // draw_board.HEX_SLICE


def _fresh(state: GameState, view: ViewState) -> bytes:
    surface = pygame.Surface(SIZE)
    renderer = Renderer(palette_named("default"))
    renderer.page.last_zoom = view.camera.zoom
    renderer.draw(surface, state, replace(view))
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_the_frames_after_the_wheel_build_the_map_in_steps_then_show_it_crisp(
        orientation: str) -> None:
    state = big_map(orientation)
    view = ViewState()
    view.camera.resize(0, 0, *SIZE)
    fit_camera(view.camera, state)
    renderer = Renderer(palette_named("default"))
    renderer.settle_ms = 0.0  # one step a frame, whatever the machine's speed
    surface = pygame.Surface(SIZE)
    renderer.draw(surface, state, view)
    renderer.draw(surface, state, view)
    for _ in range(3):  # a burst of the wheel
        view.camera.zoom_at(1.15, SIZE[0] / 2, SIZE[1] / 2)
        renderer.draw(surface, state, view)
    frames = 0
    while renderer.page.cam is not None and renderer.page.cam.zoom != view.camera.zoom:
        before = renderer.stats["base_renders"]
        renderer.draw(surface, state, view)  # still: the board scaled, a step built
        assert renderer.stats["base_renders"] - before <= 1
        frames += 1
        assert frames < 200
    assert frames > 2  # the map took several frames, none painted it whole
    renderer.pan_ms = 0.0
    while not renderer.page.whole:  # the viewport's page, then the idle frames build the map's
        before = renderer.stats["base_renders"]
        renderer.draw(surface, state, view)
        assert renderer.stats["base_renders"] - before <= 1
        frames += 1
        assert frames < 400
    renderer.draw(surface, state, view)
    assert pygame.image.tobytes(surface, "RGB") == _fresh(state, view)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_a_page_of_the_whole_map_serves_every_pan_at_its_zoom(orientation: str) -> None:
    state = big_map(orientation)
    view = ViewState()
    view.camera.resize(0, 0, *SIZE)
    fit_camera(view.camera, state)
    renderer = Renderer(palette_named("default"))
    surface = pygame.Surface(SIZE)
    renderer.draw(surface, state, view)
    renderer.draw(surface, state, view)
    assert renderer.page.whole
    before = renderer.stats["base_renders"]
    for _ in range(12):
        view.camera.pan_pixels(60, 25)
        renderer.draw(surface, state, view)
    assert renderer.stats["base_renders"] == before
    assert pygame.image.tobytes(surface, "RGB") == _fresh(state, view)
