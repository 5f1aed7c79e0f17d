"""The arcs layer draws only the units whose arcs can show, and gives the same pixels as
drawing every unit's arcs in order (the arcs-of-all toggle of issue 12)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.state import TableBoard
from game.geometry.arcs import Arc, arc_region
from game.geometry.tray import Tray
from game.ui.arcs_layer import ARC_ALPHA, EDGE_ALPHA, ArcsPainter, showing
from game.ui.bench import bench_state
from game.ui.camera import Camera
from game.ui.unit_text import polygon_rings

COLOURS = {Arc.FRONT: (200, 60, 60), Arc.LEFT: (60, 200, 60), Arc.RIGHT: (60, 60, 200),
           Arc.REAR: (200, 200, 60)}


def every_arc(ground: pygame.Surface, board: TableBoard, trays: list[Tray],
              cam: Camera) -> None:
    """The reference: every tray's four arcs, in order, on one transparent layer."""
    layer = pygame.Surface(ground.get_size(), pygame.SRCALPHA)
    extent = max(board.width, board.height) * 2 + 10
    for tray in trays:
        for arc in Arc:
            region = arc_region(tray, arc, "corner-45", extent).intersection(board.polygon)
            for ring in polygon_rings(region):
                pts = cam.points_to_screen(ring)
                if len(pts) >= 3:
                    pygame.draw.polygon(layer, (*COLOURS[arc], ARC_ALPHA), pts)
                    pygame.draw.polygon(layer, (*COLOURS[arc], EDGE_ALPHA), pts, 1)
    ground.blit(layer, (0, 0))


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
