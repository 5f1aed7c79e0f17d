"""The Line of Sight arcs drawn over the table (the selected unit's, or every unit's).

The arcs are see-through fills painted on one transparent layer and blended over the table
and its terrain, under the units. ``pygame.draw`` writes a colour into a transparent layer
without blending, so where two units' arcs overlap the later unit's fill replaces the earlier
one: the four arcs of a tray cover the whole table but the tray itself, so an earlier unit
can only show through the trays of the units drawn after it. :func:`showing` keeps just the
units that can show (walking back from the last one while the trays drawn after a unit
still share some ground); the layer is then the one every unit's arcs would give, for a
fraction of the fills (issue 12: the arcs-of-all toggle drew 800 page-sized polygons).

When one tray's arcs give way to another tray's (the selected unit moved) the layer and the
table are repainted only where the two differ (:meth:`ArcsPainter.patch`): the four arcs
cover the whole page, and a commit repainted and blended all of it (issue 32).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence

import numpy as np
import pygame
from shapely.geometry.base import BaseGeometry

from game.core.state import TableBoard
from game.geometry.arcs import Arc, arc_halfplanes, clip_ring, corner_rays
from game.geometry.tray import Point, Tray
from game.ui.board_page import copy_steps
from game.ui.camera import Camera
from game.ui.palette import RGB, Palette

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


PATCH_ROWS = 24
"""The height in pixels of the bands a patch of the arcs is cut into (see :func:`changed_rects`):
a dividing ray crosses the page aslant, so one rectangle around its change would be most of
the page."""
PATCH_SHARE = 0.3
"""The most of the page a patch of the arcs may repaint; beyond it the page is painted whole."""
NEAR_SHARE = 0.05
"""The farthest a tray may move, as a share of the page's larger side, for a patch of its
arcs to be tried (see :func:`near`)."""
NEAR_TURN = 20.0
"""The most a tray may turn (degrees) for a patch of its arcs to be tried."""
REGION_CACHE = 8
"""Trays whose arc regions a painter keeps (the one shown and the ones before)."""


class ArcsPainter:
    """Paints the arcs of some trays over a table layer (keeps its transparent layer, and
    what it shows: see :meth:`patch`)."""

    def __init__(self) -> None:
        self._layer: pygame.Surface | None = None
        self._shows: Hashable = None
        """The key the layer was last painted whole under (None: unknown, or being painted)."""
        self._regions: dict[tuple[Tray, float, float], dict[Arc, list[Point]]] = {}

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
              cam: Camera, colour: Callable[[Arc], RGB], key: Hashable = None
              ) -> Iterator[None]:
        """:meth:`draw` a step at a time (a board built ahead while the wheel turns): a
        step per unit's arcs, then the blend onto ``ground`` a band of rows a step. ``key``:
        what the layer then shows (camera, colours, trays), for :meth:`patch`."""
        self._shows = None
        if not trays:
            return
        layer = self._clear_layer(ground.get_size())
        for tray in showing(trays, cam.zoom):
            yield
            self._draw_arcs(layer, board, tray, cam, colour)
        self._shows = key
        yield
        yield from copy_steps(ground, layer)  # the blend in bands: a page is millions of pixels

    def _draw_arcs(self, layer: pygame.Surface, board: TableBoard, tray: Tray, cam: Camera,
                   colour: Callable[[Arc], RGB]) -> None:
        """Draw the four arcs of ``tray`` onto the layer (fill, then outline, arc by arc)."""
        for arc, ring in self._regions_of(board, tray).items():
            rgb = colour(arc)
            pts = cam.points_to_screen(ring)
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (*rgb, ARC_ALPHA), pts)
                pygame.draw.polygon(layer, (*rgb, EDGE_ALPHA), pts, 1)

    def _regions_of(self, board: TableBoard, tray: Tray) -> dict[Arc, list[Point]]:
        """The four arcs of ``tray`` on the table (:func:`arc_on_table`), kept for the last
        few trays (a patch reads the ones shown before)."""
        key = (tray, board.width, board.height)
        hit = self._regions.get(key)
        if hit is None:
            if len(self._regions) >= REGION_CACHE:
                self._regions.clear()
            hit = self._regions[key] = {arc: arc_on_table(board, tray, arc) for arc in Arc}
        return hit

    def patch(self, ground: pygame.Surface, base: pygame.Surface, board: TableBoard,
              trays: tuple[Tray, Tray], cam: Camera, colour: Callable[[Arc], RGB],
              keys: tuple[Hashable, Hashable]) -> list[pygame.Rect] | None:
        """Bring ``ground`` (``base`` with the arcs of the first of ``trays`` blended, the
        layer showing them under the first of ``keys``) to the arcs of the second: the layer
        cleared where the two trays' arcs differ (:func:`changed_rects`) and the new arcs
        drawn over it (within the rectangles' bounds: elsewhere the layer holds them
        already), then ``base`` and the layer blended again there only. The very pixels
        a whole paint gives (``tests/ui/test_arcs_layer.py``). The rectangles repainted;
        None (nothing done) when the layer shows something else or the arcs differ over
        most of the page."""
        layer = self._layer
        if (layer is None or self._shows is None or self._shows != keys[0]
                or layer.get_size() != ground.get_size()):
            return None
        was, now = trays
        if not near(was, now, cam.zoom, ground.get_size()):
            return None
        rects = changed_rects(self._regions_of(board, was), self._regions_of(board, now),
                              (was, now), board, cam, layer.get_rect())
        if rects is None:
            return None
        self._shows = None
        for rect in rects:
            layer.fill((0, 0, 0, 0), rect, special_flags=pygame.BLEND_RGBA_MULT)  # fast
        if rects:  # elsewhere the layer holds the new arcs already
            layer.set_clip(rects[0].unionall(rects))
            self._draw_arcs(layer, board, now, cam, colour)
            layer.set_clip(None)
        self._shows = keys[1]
        for rect in rects:
            ground.blit(base, rect, rect)
            ground.blit(layer, rect, rect)
        return rects


def near(was: Tray, now: Tray, zoom: float, size: tuple[int, int]) -> bool:
    """Whether ``now`` is near enough to ``was`` (moved at most :data:`NEAR_SHARE` of the
    page's size, turned at most :data:`NEAR_TURN` degrees) that a patch of the arcs may pay;
    a tray further away (another unit selected, a wheel) changes most of the page's arcs,
    and working out where costs more than it saves."""
    turn = abs((now.facing - was.facing + 180.0) % 360.0 - 180.0)
    moved = math.hypot(now.x - was.x, now.y - was.y) * zoom
    return turn <= NEAR_TURN and moved <= NEAR_SHARE * max(size)


def arc_on_table(board: TableBoard, tray: Tray, arc: Arc) -> list[Point]:
    """The outline of the part of ``tray``'s ``arc`` on the table (the table's rectangle
    cut by the arc's three half-planes: convex); fewer than three points when it has
    none."""
    ring: list[Point] = [(0.0, 0.0), (board.width, 0.0), (board.width, board.height),
                         (0.0, board.height)]
    for plane in arc_halfplanes(tray, arc):
        ring = clip_ring(ring, plane)
        if not ring:
            break
    return ring


def changed_rects(before: dict[Arc, list[Point]], after: dict[Arc, list[Point]],
                  trays: tuple[Tray, Tray], board: TableBoard, cam: Camera,
                  bounds: pygame.Rect) -> list[pygame.Rect] | None:
    """Rectangles of ``bounds`` covering every pixel where the arcs ``before`` (of the first
    of ``trays``) and ``after`` (of the second) may be drawn differently: where an arc's
    region changed (in convex parts: the arc before outside each half-plane of the arc
    after, and the other way round), both trays and the rays dividing their arcs on the
    table, grown by a pixel more than :data:`SEAM_PX` (a fill's and an outline's rasterised
    edge), in bands of :data:`PATCH_ROWS` rows (:func:`band_spans`); None when they cover
    more than :data:`PATCH_SHARE` of ``bounds``."""
    outlines: list[list[tuple[float, float]]] = []
    was, now = trays
    for arc in Arc:  # an arc is convex: what it loses or gains lies outside a half-plane
        for ring, other in ((before[arc], now), (after[arc], was)):  # of the other's
            for nx, ny, c in arc_halfplanes(other, arc) if len(ring) >= 3 else ():
                part = clip_ring(ring, (-nx, -ny, -c))
                if len(part) >= 2:
                    outlines.append(part)
    for tray in trays:
        outlines.append(list(tray.corners))
        for corner, way in corner_rays(tray).items():
            ray = _on_table(corner, way, board)
            if ray is not None:
                outlines.append(ray)
    rects = band_spans(_on_screen(cam, outlines), [len(ring) for ring in outlines], bounds,
                       SEAM_PX + 1.0)
    area = sum(r.width * r.height for r in rects)
    return rects if area <= PATCH_SHARE * bounds.width * bounds.height else None


def _on_table(corner: tuple[float, float], way: tuple[float, float], board: TableBoard
              ) -> list[tuple[float, float]] | None:
    """The part on the table of the ray from ``corner`` along ``way`` (its two ends), None
    when it misses the table (the table's rectangle clips it: Liang-Barsky)."""
    lo, hi = 0.0, math.inf
    for start, step, size in ((corner[0], way[0], board.width), (corner[1], way[1], board.height)):
        if abs(step) < 1e-12:
            if not 0.0 <= start <= size:
                return None
            continue
        a, b = (0.0 - start) / step, (size - start) / step
        lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
    if lo > hi:
        return None
    return [(corner[0] + way[0] * t, corner[1] + way[1] * t) for t in (lo, hi)]


def _on_screen(cam: Camera, rings: Sequence[Sequence[Point]]) -> np.ndarray:
    """The points of ``rings`` (world) in screen pixels, in one array, all turned at once
    (the camera's turn, zoom and place make an affine map)."""
    ox, oy = cam.to_screen(0.0, 0.0)
    (ax, ay), (bx, by) = cam.to_screen(1.0, 0.0), cam.to_screen(0.0, 1.0)
    world = np.array([p for ring in rings for p in ring], dtype=float).reshape(-1, 2)
    screen: np.ndarray = world @ np.array([[ax - ox, ay - oy], [bx - ox, by - oy]]) + (ox, oy)
    return screen


def band_spans(points: np.ndarray, sizes: Sequence[int], bounds: pygame.Rect, margin: float
               ) -> list[pygame.Rect]:
    """Rectangles of ``bounds`` covering the closed polygons (or, of two points, segments)
    made of ``points`` (screen pixels, ``sizes`` points a polygon, one after the other)
    grown by ``margin`` pixels: for each band of :data:`PATCH_ROWS` rows, the span across of
    each outline's edges within the band widened by ``margin`` up and down (a region's part
    in a band reaches no further across than its outline there), widened by ``margin``,
    overlapping spans of a band merged. Worked out for every edge and band at once."""
    heads: list[int] = []
    tails: list[int] = []
    starts: list[int] = []
    at = 0
    for size in sizes:
        if size >= 2:
            starts.append(len(heads))
            ring = range(at, at + size)
            heads += ring[:-1] if size == 2 else ring
            tails += ring[1:] if size == 2 else [*ring[1:], at]
        at += size
    if not heads:
        return []
    a, b = points[heads], points[tails]
    y_min, y_max = np.minimum(a[:, 1], b[:, 1]), np.maximum(a[:, 1], b[:, 1])
    first = max(bounds.top, math.floor(float(y_min.min()) - margin))
    last = min(bounds.bottom, math.ceil(float(y_max.max()) + margin) + 1)
    if first >= last:
        return []
    tops = np.arange(first, last, PATCH_ROWS)
    lo = tops[None, :] - margin
    hi = np.minimum(tops + PATCH_ROWS, last)[None, :] + margin
    meet = (y_max[:, None] >= lo) & (y_min[:, None] <= hi)
    ya, yb = np.maximum(y_min[:, None], lo), np.minimum(y_max[:, None], hi)
    rise = b[:, 1] - a[:, 1]
    flat = np.abs(rise) < 1e-9
    slope = np.where(flat, 0.0, (b[:, 0] - a[:, 0]) / np.where(flat, 1.0, rise))[:, None]
    xa = a[:, 0, None] + (ya - a[:, 1, None]) * slope
    xb = a[:, 0, None] + (yb - a[:, 1, None]) * slope
    left = np.where(flat[:, None], np.minimum(a[:, 0], b[:, 0])[:, None], np.minimum(xa, xb))
    right = np.where(flat[:, None], np.maximum(a[:, 0], b[:, 0])[:, None], np.maximum(xa, xb))
    left = np.minimum.reduceat(np.where(meet, left, np.inf), starts, axis=0)
    right = np.maximum.reduceat(np.where(meet, right, -np.inf), starts, axis=0)
    piece, band = np.nonzero(left <= right)
    x_lo, x_hi = left[piece, band], right[piece, band]
    order = np.lexsort((x_lo, band))
    rects: list[pygame.Rect] = []
    last_band, start, end = -1, math.inf, -math.inf
    for k, x0, x1 in zip(band[order].tolist(), x_lo[order].tolist(), x_hi[order].tolist(),
                         strict=True):
        if k == last_band and x0 - margin <= end + margin + 1:
            end = max(end, x1)
            continue
        if last_band >= 0:
            rects.append(_span_rect(tops, last, last_band, start, end, margin, bounds))
        last_band, start, end = k, x0, x1
    if last_band >= 0:
        rects.append(_span_rect(tops, last, last_band, start, end, margin, bounds))
    return [r for r in rects if r.width and r.height]


def _span_rect(tops: np.ndarray, last: int, band: int, x0: float, x1: float, margin: float,
               bounds: pygame.Rect) -> pygame.Rect:
    """The rectangle of band ``band`` (of :func:`band_spans`) from ``x0`` to ``x1`` widened
    by ``margin``, within ``bounds``."""
    top = int(tops[band])
    left = math.floor(x0 - margin)
    return pygame.Rect(left, top, math.ceil(x1 + margin) + 1 - left,
                       min(PATCH_ROWS, last - top)).clip(bounds)
