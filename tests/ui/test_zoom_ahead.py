"""Zoom frames blit a scaled board; after the wheel stops the board of the zoom reached is
built over the next still frames (the last board scaled meanwhile), then the page twice the
viewport's size in the idle frames after, and shown crisp, as drawn afresh; a wheel frame
builds nothing while the page's board, scaled, can stand in (a board begun waits for the
next still frame), and a slice per frame past that (issues 12, 32)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.state import GameState
from game.ui.bench import bench_state
from game.ui.board_page import AHEAD_AT, fill_around
from game.ui.palette import palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import ViewState

SIZE = (640, 420)


def fresh(state: GameState, view: ViewState, still: bool = True) -> bytes:
    """The frame a new renderer draws (no cache, no scaling); ``still``: at a zoom that holds
    still (a page twice the viewport's size), else on a zoom frame (the viewport's size)."""
    surface = pygame.Surface(SIZE)
    renderer = Renderer(palette_named("default"))
    renderer.page.last_zoom = view.camera.zoom if still else None
    renderer.draw(surface, state, replace(view))
    return pygame.image.tobytes(surface, "RGB")


def setup() -> tuple[GameState, ViewState, Renderer, pygame.Surface]:
    state = bench_state()
    view = ViewState(selected="u45")
    view.camera.resize(0, 0, *SIZE)
    fit_camera(view.camera, state)
    renderer = Renderer(palette_named("default"))
    surface = pygame.Surface(SIZE)
    renderer.draw(surface, state, view)
    return state, view, renderer, surface


def test_the_wheel_builds_the_board_ahead_and_the_still_frame_is_crisp() -> None:
    state, view, renderer, surface = setup()
    renderer.ahead_ms = 40.0  # whatever the machine's speed, the board gets built in time
    start = renderer.page.cam
    assert start is not None
    adopted = []
    for _ in range(20):  # 1.1 ** 20 = 6.7 times closer
        view.camera.zoom_at(1.1, SIZE[0] / 2, SIZE[1] / 2)
        before = renderer.stats["base_renders"]
        renderer.draw(surface, state, view)
        page = renderer.page.cam
        assert page is not None
        if page.zoom != start.zoom and (not adopted or adopted[-1] != page.zoom):
            adopted.append(page.zoom)
        # a wheel frame renders at most one base (a slice of the board built ahead)
        assert renderer.stats["base_renders"] - before <= 1
        assert renderer._ahead is not None or page.zoom != start.zoom or (
            view.camera.zoom / start.zoom <= AHEAD_AT)
    assert adopted and all(start.zoom < z < view.camera.zoom for z in adopted)
    renderer.settle_ms = 0.0  # one step a frame, whatever the machine's speed
    frames = 0
    while renderer.page.cam is not None and renderer.page.cam.zoom != view.camera.zoom:
        before = renderer.stats["base_renders"]
        renderer.draw(surface, state, view)  # the wheel stopped: scaled, a step built
        assert renderer.stats["base_renders"] - before <= 1
        frames += 1
        assert frames < 400
    assert frames > 2  # the board took several still frames, none drew it whole
    page = renderer.page.cam
    assert page is not None and page.width == SIZE[0]  # the viewport's page first
    renderer.pan_ms = 0.0
    while page.width == SIZE[0]:  # then the idle frames build a still frame's page
        before = renderer.stats["base_renders"]
        renderer.draw(surface, state, view)
        assert renderer.stats["base_renders"] - before <= 1
        page = renderer.page.cam
        assert page is not None
        frames += 1
        assert frames < 1000
    assert page.width == 2 * SIZE[0]
    renderer.draw(surface, state, view)
    assert pygame.image.tobytes(surface, "RGB") == fresh(state, view)


def test_a_wheel_frame_near_the_page_only_scales_and_the_still_frames_go_on() -> None:
    """A still frame begins the board of the zoom reached; the wheel turning again (within
    the factor a scaled board stands in for) builds none of it and keeps it; the next still
    frames go on with it (adopted once whole), then build the zoom reached."""
    state, view, renderer, surface = setup()
    renderer.settle_ms = 0.0  # one step a frame, whatever the machine's speed
    view.camera.zoom_at(1.5, SIZE[0] / 2, SIZE[1] / 2)
    renderer.draw(surface, state, view)  # the wheel frame
    renderer.draw(surface, state, view)  # the first still frame: a step of the new board
    begun = renderer._ahead
    assert begun is not None and begun[0][1] == view.camera.zoom
    renderer.ahead_ms = 1000.0  # a wheel frame that built would finish the board
    for _ in range(3):
        view.camera.zoom_at(1.15, SIZE[0] / 2, SIZE[1] / 2)
        before = renderer.stats["base_renders"], renderer.stats["board_renders"]
        renderer.draw(surface, state, view)
        assert (renderer.stats["base_renders"], renderer.stats["board_renders"]) == before
        assert renderer._ahead is begun
    renderer.settle_ms = 1000.0
    renderer.draw(surface, state, view)  # a still frame: the board begun, adopted
    page = renderer.page.cam
    assert page is not None and page.zoom == begun[0][1] != view.camera.zoom
    renderer.draw(surface, state, view)  # then the zoom reached
    page = renderer.page.cam
    assert page is not None and page.zoom == view.camera.zoom


def test_a_wheel_frame_never_scales_a_board_with_other_arcs() -> None:
    """The arcs of every unit switched off, then the wheel: the board is drawn again with the
    selected unit's arcs, not the last board scaled."""
    state, view, renderer, surface = setup()
    view.all_arcs = True
    renderer.draw(surface, state, view)
    view.all_arcs = False
    view.camera.zoom_at(1.15, SIZE[0] / 2, SIZE[1] / 2)
    renderer.draw(surface, state, view)
    assert pygame.image.tobytes(surface, "RGB") == fresh(state, view, still=False)


def test_the_ground_around_a_scaled_board_is_filled_as_the_whole_viewport_was() -> None:
    """The scaled board is opaque: filling only around it gives the same pixels."""
    area = pygame.Rect(10, 20, 300, 200)
    image = pygame.Surface((120, 90))
    image.fill((200, 30, 30))
    for at in [(0, 0), (50, 60), (250, 180), (-30, 150), (5, 5), (400, 400)]:
        whole, around = pygame.Surface((400, 300)), pygame.Surface((400, 300))
        for target in (whole, around):
            target.fill((1, 2, 3))
            target.set_clip(area)
        whole.fill((9, 9, 9), area)
        fill_around(around, (9, 9, 9), area, image.get_rect(topleft=at))
        for target in (whole, around):
            target.blit(image, at)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(around, "RGB"), at


def _layers(renderer: Renderer, state: GameState, view: ViewState) -> pygame.Surface:
    """The board layer of ``view``'s camera, rendered at once."""
    renderer._base_layer(state, view)
    return renderer._board_layer(renderer._ground_layer(state, view), state, view)


def test_the_board_built_a_step_at_a_time_is_the_board_rendered_at_once() -> None:
    """The base (table, grid, each terrain piece), the ground (each unit's arcs, the blend)
    and the units, built in slices, give the very pixels of one rendering; and no layer is
    adopted half-painted: until the last step the renderer's layers are the old ones."""
    state, view, renderer, _surface = setup()
    view.grid = True
    view.all_arcs = True
    view.camera.zoom_at(3.0, SIZE[0] / 2, SIZE[1] / 2)
    once = pygame.image.tobytes(_layers(Renderer(palette_named("default")), state, view), "RGB")
    old = (renderer._base, renderer._base_key, renderer._ground, renderer._board)
    steps = renderer._build_ahead(state, view)
    next(steps)
    next(steps)
    assert (renderer._base, renderer._base_key, renderer._ground, renderer._board) == old
    for _ in steps:
        pass
    assert renderer._board is not None
    assert pygame.image.tobytes(renderer._board, "RGB") == once


def test_a_wheel_turning_without_a_pause_never_draws_the_board_at_once() -> None:
    """Twelve notches in a row (a factor above five, past what a scaled board stands in for
    by itself): the board of the zoom reached is begun while the page's board, scaled, still
    stands in, so no wheel frame draws the whole board at once (one frame of a 200-tray table
    took 30 ms that way); each frame builds one step at most here."""
    state, view, renderer, surface = setup()
    renderer.ahead_ms = 0.0  # one step a frame, whatever the machine's speed
    at_once = []
    draw_board = renderer._draw_board

    def counted(*args: object) -> None:
        at_once.append(view.camera.zoom)
        draw_board(*args)  # type: ignore[arg-type]

    renderer._draw_board = counted  # type: ignore[method-assign]
    for _ in range(12):  # 1.15 ** 12 = 5.4 times closer
        view.camera.zoom_at(1.15, SIZE[0] / 2, SIZE[1] / 2)
        renderer.draw(surface, state, view)
    assert at_once == []
