"""A pan builds the next page ahead, a slice per frame, in the direction the view moves, and
adopts it once whole: no frame of a slow pan renders a page at once, and the page built in
slices shows the very pixels of one drawn at once (issue 32)."""

from __future__ import annotations

import itertools

import pygame

from game.core.state import GameState
from game.ui.bench import bench_state
from game.ui.camera import Camera
from game.ui.palette import palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import ViewState

SIZE = (640, 420)


def _panning(selected: str | None) -> tuple[GameState, ViewState, Renderer, pygame.Surface]:
    """The bench table zoomed in four times, steady (a page twice the viewport)."""
    state = bench_state()
    view = ViewState(selected=selected)
    view.camera.resize(0, 0, *SIZE)
    fit_camera(view.camera, state)
    view.camera.zoom_at(4.0, SIZE[0] / 2, SIZE[1] / 2)
    renderer = Renderer(palette_named("default"))
    renderer.page.last_zoom = view.camera.zoom  # a zoom that holds still
    surface = pygame.Surface(SIZE)
    renderer.draw(surface, state, view)
    renderer.draw(surface, state, view)
    assert renderer.page.cam is not None and renderer.page.cam.width == 2 * SIZE[0]
    return state, view, renderer, surface


def _at_once(state: GameState, view: ViewState, page: Camera) -> bytes:
    """The frame a new renderer draws with ``page`` as its page (rendered in one go)."""
    surface = pygame.Surface(SIZE)
    renderer = Renderer(palette_named("default"))
    renderer.page.cam, renderer.page.last_zoom = page, view.camera.zoom
    renderer.draw(surface, state, view)
    assert renderer.page.cam is page
    return pygame.image.tobytes(surface, "RGB")


def test_a_slow_pan_finds_each_next_page_built_ahead() -> None:
    for selected in (None, "u45"):  # the base alone, and a ground with the unit's arcs
        state, view, renderer, surface = _panning(selected)
        renderer.pan_ms = 0.0  # one step a frame, whatever the machine's speed
        start = renderer.page.cam
        pages = [start]
        for _ in range(400):
            view.camera.pan_pixels(-3, -1)  # the view moves right and a little down
            building = renderer._pan is not None
            before = renderer.stats["base_renders"]
            renderer.draw(surface, state, view)
            page = renderer.page.cam
            assert renderer.stats["base_renders"] - before <= 1
            if page is not pages[-1]:  # a new page only ever comes from the build ahead
                assert building and renderer._pan is None
                pages.append(page)
        assert len(pages) >= 3, selected
        assert all(b is not None and a is not None and b.cx > a.cx
                   for a, b in itertools.pairwise(pages))
        page = pages[-1]
        assert page is not None
        assert pygame.image.tobytes(surface, "RGB") == _at_once(state, view, page)


def test_a_page_begun_for_another_game_moment_is_dropped() -> None:
    state, view, renderer, surface = _panning(None)
    renderer.pan_ms = 0.0
    view.camera.pan_pixels(-20, 0)
    renderer.draw(surface, state, view)
    assert renderer._pan is not None
    view.selected = "u45"  # the arcs of a unit: the page begun would show none
    renderer.draw(surface, state, view)
    assert renderer._pan is None
