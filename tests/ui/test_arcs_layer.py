"""The arcs layer draws only the units whose arcs can show, and gives the same pixels as
drawing every unit's arcs in order (the arcs-of-all toggle of issue 12)."""

from __future__ import annotations

import random

import pygame
import pytest
from shapely.geometry import Polygon

from game.core.state import TableBoard
from game.geometry.arcs import Arc, arc_region
from game.geometry.tray import Tray
from game.ui.arcs_layer import ARC_ALPHA, EDGE_ALPHA, ArcsPainter, arc_on_table, showing
from game.ui.bench import bench_state
from game.ui.camera import Camera

COLOURS = {Arc.FRONT: (200, 60, 60), Arc.LEFT: (60, 200, 60), Arc.RIGHT: (60, 60, 200),
           Arc.REAR: (200, 200, 60)}


def every_arc(ground: pygame.Surface, board: TableBoard, trays: list[Tray],
              cam: Camera) -> None:
    """The reference: every tray's four arcs, in order, on one transparent layer."""
    layer = pygame.Surface(ground.get_size(), pygame.SRCALPHA)
    for tray in trays:
        for arc in Arc:
            pts = cam.points_to_screen(arc_on_table(board, tray, arc))
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (*COLOURS[arc], ARC_ALPHA), pts)
                pygame.draw.polygon(layer, (*COLOURS[arc], EDGE_ALPHA), pts, 1)
    ground.blit(layer, (0, 0))


@pytest.mark.parametrize("seed", [1, 2])
def test_an_arc_on_the_table_is_the_arc_cut_to_the_table(seed: int) -> None:
    """The arcs drawn are the rules' arcs (:func:`arc_region`) cut to the table, trays on,
    at and over its edge."""
    rng = random.Random(seed)
    board = TableBoard(48.0, 36.0)
    for _ in range(20):
        tray = Tray(rng.uniform(-3, 51), rng.uniform(-3, 39), rng.uniform(0, 360), 4.0, 2.0)
        for arc in Arc:
            want = arc_region(tray, arc, "corner-45", 200.0).intersection(board.polygon)
            ring = arc_on_table(board, tray, arc)
            got = Polygon(ring) if len(ring) >= 3 else Polygon()
            assert got.symmetric_difference(want).area < 1e-9


def pixels(trays: list[Tray], board: TableBoard, zoom: float, full: bool) -> bytes:
    cam = Camera(board.width / 2, board.height / 2, zoom, 420, 300, 0, 0)
    ground = pygame.Surface((420, 300))
    ground.fill((90, 120, 80))
    if full:
        every_arc(ground, board, trays, cam)
    else:
        ArcsPainter().draw(ground, board, trays, cam, COLOURS.__getitem__)
    return pygame.image.tobytes(ground, "RGB")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("zoom", [4.0, 9.0])
def test_the_arcs_of_every_unit_look_as_drawing_them_all(seed: int, zoom: float) -> None:
    state = bench_state(seed)
    trays = [u.tray for u in state.live_units() if u.tray is not None][:60]
    board = state.board
    assert isinstance(board, TableBoard)
    assert len(showing(trays, zoom)) < 5  # the point: a few trays drawn, not sixty
    assert pixels(trays, board, zoom, full=False) == pixels(trays, board, zoom, full=True)


def test_overlapping_trays_keep_the_earlier_arcs_that_show_through() -> None:
    """Dragged trays may overlap: every tray whose arcs still show inside the later ones is
    drawn (here all three share ground)."""
    rng = random.Random(5)
    board = TableBoard(40.0, 30.0)
    trays = [Tray(20 + rng.uniform(-0.3, 0.3), 15 + rng.uniform(-0.3, 0.3),
                  rng.uniform(0, 360), 4.0, 3.0) for _ in range(3)]
    assert len(showing(trays, 9.0)) == 3
    assert pixels(trays, board, 9.0, full=False) == pixels(trays, board, 9.0, full=True)


def test_only_the_last_tray_shows_when_nothing_overlaps_it() -> None:
    a, b, c = (Tray(x, 10.0, 0.0, 3.0, 2.0) for x in (5.0, 15.0, 25.0))
    assert showing([a, b, c], 8.0) == [b, c]  # b shows only within c's tray, a nowhere
    assert showing([c], 8.0) == [c]


def _painted(board: TableBoard, tray: Tray, cam: Camera, base: pygame.Surface
             ) -> tuple[pygame.Surface, ArcsPainter]:
    """``base`` with ``tray``'s arcs painted whole, and the painter (its layer kept)."""
    ground = base.copy()
    painter = ArcsPainter()
    for _ in painter.paint(ground, board, [tray], cam, COLOURS.__getitem__, ("shows", tray)):
        pass
    return ground, painter


@pytest.mark.parametrize("seed", range(6))
def test_a_patch_of_the_arcs_gives_the_pixels_of_a_whole_paint(seed: int) -> None:
    """Issue 32: the selected unit moved, the arcs are repainted only where they changed
    (moves, wheels and turns of every size, trays at and over the table's edge, another
    camera turn); the ground and the layer are the very pixels a whole paint gives, and a
    change over most of the page is left to a whole paint."""
    rng = random.Random(seed)
    board = TableBoard(48.0, 36.0)
    cam = Camera(24.0 + rng.uniform(-4, 4), 18.0, rng.choice([5.0, 9.0, 14.0]), 640, 480, 0, 0,
                 seed % 2)
    base = pygame.Surface((640, 480))
    base.fill((90, 120, 80))
    pygame.draw.circle(base, (30, 60, 140), (300, 200), 90)  # not a flat colour
    tray = Tray(rng.uniform(0, 48), rng.uniform(0, 36), rng.uniform(0, 360), 4.0, 2.0)
    ground, painter = _painted(board, tray, cam, base)
    patched = 0
    for _ in range(12):
        step = rng.choice([0.02, 0.3, 1.0, 4.0])
        turn = rng.choice([0.0, 0.0, 0.4, 15.0, 90.0])
        now = tray.moved_to(min(max(tray.x + rng.uniform(-step, step), -2.0), 50.0),
                            min(max(tray.y + rng.uniform(-step, step), -2.0), 38.0),
                            tray.facing + rng.choice([-turn, turn]))
        rects = painter.patch(ground, base, board, (tray, now), cam, COLOURS.__getitem__,
                              (("shows", tray), ("shows", now)))
        whole, fresh = _painted(board, now, cam, base)
        if rects is None:  # the caller paints the page whole
            ground, painter = whole, fresh
        else:
            patched += 1
            assert fresh._layer is not None and painter._layer is not None
            assert pygame.image.tobytes(painter._layer, "RGBA") == pygame.image.tobytes(
                fresh._layer, "RGBA")
            assert pygame.image.tobytes(ground, "RGB") == pygame.image.tobytes(whole, "RGB")
        tray = now
    assert patched >= 4
    assert painter.patch(ground, base, board, (tray, tray), cam, COLOURS.__getitem__,
                         (("other", tray), ("shows", tray))) is None  # it shows another key
