"""The Line of Sight arcs drawn over the table (the selected unit's, or every unit's).

The arcs are see-through fills painted on one transparent layer and blended over the table
and its terrain, under the units. ``pygame.draw`` writes a colour into a transparent layer
without blending, so where two units' arcs overlap the later unit's fill replaces the earlier
one: the four arcs of a tray cover the whole table but the tray itself, so an earlier unit
can only show through the trays of the units drawn after it. :func:`showing` keeps just the
units that can show (walking back from the last one while the trays drawn after a unit
still share some ground); the layer is then the one every unit's arcs would give, for a
fraction of the fills (issue 12: the arcs-of-all toggle drew 800 page-sized polygons).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import pygame
from shapely.geometry.base import BaseGeometry

from game.core.state import TableBoard
from game.geometry.arcs import Arc, arc_region
from game.geometry.tray import Tray
from game.ui.board_page import copy_steps
from game.ui.camera import Camera
from game.ui.palette import RGB, Palette
from game.ui.unit_text import polygon_rings

ARC_ALPHA = 70
EDGE_ALPHA = 160
SEAM_PX = 3.0
"""Pixels around a tray counted as its own: a fill's rasterised edge and its 1-pixel outline
never reach further from the region they draw."""


def arc_colour(palette: Palette, arc: Arc) -> RGB:
    """The overlay colour of an arc under ``palette``."""
    return {Arc.FRONT: palette.arc_front, Arc.LEFT: palette.arc_left,
            Arc.RIGHT: palette.arc_right, Arc.REAR: palette.arc_rear}[arc]


def showing(trays: Sequence[Tray], zoom: float) -> list[Tray]:
    """The trays (in drawing order) whose arcs can still show once every tray's arcs are drawn
    in order: the last one, and each earlier one while the trays after it overlap (grown by
    :data:`SEAM_PX` pixels, so a pixel on a tray's outline counts as inside)."""
    kept: list[Tray] = []
    hole: BaseGeometry | None = None
    grow = SEAM_PX / max(zoom, 1e-6)
    for tray in reversed(trays):
        kept.append(tray)
        own = tray.polygon.buffer(grow, join_style="mitre")
        hole = own if hole is None else hole.intersection(own)
        if hole.is_empty:
            break
    kept.reverse()
    return kept


class ArcsPainter:
    """Paints the arcs of some trays over a table layer (keeps its transparent layer)."""

    def __init__(self) -> None:
        self._layer: pygame.Surface | None = None

    def _clear_layer(self, size: tuple[int, int]) -> pygame.Surface:
        layer = self._layer
        if layer is None or layer.get_size() != size:
            layer = self._layer = pygame.Surface(size, pygame.SRCALPHA)
        else:
            layer.fill((0, 0, 0, 0))
        return layer

    def draw(self, ground: pygame.Surface, board: TableBoard, trays: Sequence[Tray],
             cam: Camera, colour: Callable[[Arc], RGB]) -> None:
        """Blend the arcs of ``trays`` (drawn in order, later over earlier) onto ``ground``."""
        for _ in self.paint(ground, board, trays, cam, colour):
            pass

    def paint(self, ground: pygame.Surface, board: TableBoard, trays: Sequence[Tray],
              cam: Camera, colour: Callable[[Arc], RGB]) -> Iterator[None]:
        """:meth:`draw` a step at a time (a board built ahead while the wheel turns): a
        step per unit's arcs, then the blend onto ``ground`` a band of rows a step."""
        if not trays:
            return
        layer = self._clear_layer(ground.get_size())
        extent = max(board.width, board.height) * 2 + 10
        table = board.polygon
        for tray in showing(trays, cam.zoom):
            yield
            for arc in Arc:
                region = arc_region(tray, arc, "corner-45", extent).intersection(table)
                rgb = colour(arc)
                for ring in polygon_rings(region):
                    pts = cam.points_to_screen(ring)
                    if len(pts) >= 3:
                        pygame.draw.polygon(layer, (*rgb, ARC_ALPHA), pts)
                        pygame.draw.polygon(layer, (*rgb, EDGE_ALPHA), pts, 1)
        yield
        yield from copy_steps(ground, layer)  # the blend in bands: a page is millions of pixels
