"""Where the renderer's cached board layers are drawn and placed, so that panning and zooming
do not redraw the board every frame (issue 12).

- Panning: while the zoom holds, the base and board layers are rendered for a *page* twice
  the viewport's size around the camera and blitted at an offset; a new page is rendered only
  when the viewport leaves it. When the whole board (a hex map or a table) at this zoom takes
  no more pixels than such a page, the page is the whole board (at least the viewport's
  size), and panning never renders a new one. While the view pans, the renderer builds the
  next page ahead in the direction of the pan, a slice per frame (``Renderer._pan_ahead``),
  so the frame that leaves a page finds the next one ready.
- Zooming: while the wheel turns, the last rendered board is scaled to the new zoom (one
  scale instead of a redraw of every unit). When the wheel stops, the board of the zoom
  reached (on a table the whole board's page when small, else the viewport's) is built over
  the next still frames, the last board scaled meanwhile, so no still frame paints a whole
  hex map or a table of 200 units; a board begun waits while the wheel turns again and goes
  on at the next still frame. Only past a factor (:data:`AHEAD_AT`) a little short of what
  a scaled board stands in for by itself does a wheel frame build a slice too. The idle
  frames after the viewport's page build the page a pan needs (twice its size, or the whole
  board's).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

from game.ui.camera import Camera

Bounds = tuple[float, float, float, float]
"""A board's extent in world units: (min x, min y, max x, max y)."""
EDGE_PX = 8
"""Pixels of background around the board on a page of the whole board."""
MAX_SCALE = 4.0
"""A scaled board stands in for at most a factor 4 of zoom either way."""
BUILDING_SCALE = 4 * MAX_SCALE
"""While the board of a nearer zoom is being built, the page's board, scaled, stands in up to
this factor (coarse for the few frames until the build is adopted) rather than a wheel frame
drawing the whole board at once when a fast wheel outruns the build."""
AHEAD_AT = MAX_SCALE / 1.4
"""Beyond this factor from the page's zoom a wheel frame builds a slice of the board at the
new zoom too (the still frames build it anyway): short of :data:`MAX_SCALE`, so a wheel
turning without a pause has begun the board before the scaled page runs out, and a board
being built lets the page stand in up to :data:`BUILDING_SCALE` (at the factor itself, the
frame that crossed it drew the whole board at once: 30 ms at 200 trays)."""


class BoardPage:
    """The page camera of the cached layers and the zoom of the last frame."""

    def __init__(self) -> None:
        self.cam: Camera | None = None
        self.last_zoom: float | None = None
        self.whole = False
        """Whether the page holds the whole board (then it serves any view at its zoom)."""

    def place(self, cam: Camera, bounds: Bounds | None = None) -> tuple[Camera, tuple[int, int]]:
        """The camera to render the cached layers with, and the screen position of their
        top-left pixel; the same page while it still covers the viewport at this zoom. A
        page of the whole board (``bounds``, world units: see :meth:`whole_page`) serves
        every view at its zoom: panning never leaves it."""
        steady = self.last_zoom == cam.zoom
        self.last_zoom = cam.zoom
        page = self.cam
        if page is not None and page.zoom == cam.zoom:
            ox, oy = offset(page, cam)
            if self.whole or (ox <= cam.left and oy <= cam.top
                              and ox + page.width >= cam.left + cam.width
                              and oy + page.height >= cam.top + cam.height):
                return page, (ox, oy)
        whole = self.whole_page(cam, bounds)
        grow = 2 if steady else 1
        page = whole or Camera(cam.cx, cam.cy, cam.zoom, cam.width * grow, cam.height * grow,
                               0, 0, cam.turn)
        self.cam, self.whole = page, whole is not None
        return page, offset(page, cam)

    @staticmethod
    def whole_page(cam: Camera, bounds: Bounds | None) -> Camera | None:
        """A page of the whole board at ``cam``'s zoom, centred on it and at least the
        viewport's size, when the board is no bigger than a page of twice the viewport (the
        pixels a page holds anyway); None when it is bigger."""
        if bounds is None:
            return None
        x0, y0, x1, y1 = bounds
        corners = [cam.to_view(x, y) for x in (x0, x1) for y in (y0, y1)]  # a turned map
        minx, maxx = min(c[0] for c in corners), max(c[0] for c in corners)
        miny, maxy = min(c[1] for c in corners), max(c[1] for c in corners)
        width = math.ceil((maxx - minx) * cam.zoom) + 2 * EDGE_PX
        height = math.ceil((maxy - miny) * cam.zoom) + 2 * EDGE_PX
        if width * height > 4 * cam.width * cam.height:
            return None
        # at least the viewport's size: a view of the whole board blits one page and fills
        # nothing around it (filling the margins every frame cost more than the page blit)
        width, height = max(width, cam.width), max(height, cam.height)
        return Camera((minx + maxx) / 2, (miny + maxy) / 2, cam.zoom, width, height, 0, 0,
                      cam.turn)

    def far(self, cam: Camera) -> bool:
        """Whether the zoom of ``cam`` is more than :data:`AHEAD_AT` times the page's either
        way (time to build a board at the new zoom ahead, see ``Renderer._zoom_ahead``)."""
        page = self.cam
        return page is not None and not 1 / AHEAD_AT <= cam.zoom / page.zoom <= AHEAD_AT

    def adopt(self, page: Camera, whole: bool = False) -> None:
        """The cached layers are now drawn with ``page`` (a board built ahead; ``whole``:
        a page of the whole board)."""
        self.cam, self.whole = page, whole

    def unsettled(self, cam: Camera) -> bool:
        """Whether the wheel has stopped at a zoom the cached board was not drawn at."""
        return self.cam is not None and self.last_zoom == cam.zoom != self.cam.zoom

    def scaled(self, board: pygame.Surface | None, cam: Camera, building: bool = False,
               settle: bool = False) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """On a frame whose zoom differs from the last frame's (or, with ``settle``, from the
        board's while the board of the new zoom is built): the last board (rendered with
        :attr:`cam`) scaled to the new zoom and where it lands; None otherwise (beyond
        :data:`MAX_SCALE`, or :data:`BUILDING_SCALE` while a board at a nearer zoom is
        ``building``)."""
        page = self.cam
        if (board is None or page is None or self.last_zoom is None
                or (self.last_zoom == cam.zoom and not settle)):
            return None
        factor = cam.zoom / page.zoom
        limit = BUILDING_SCALE if building else MAX_SCALE
        if not 1 / limit <= factor <= limit:
            return None
        self.last_zoom = cam.zoom
        # only the part of the page the viewport shows is scaled
        x0, y0 = page.to_screen(*cam.to_world(cam.left, cam.top))
        x1, y1 = page.to_screen(*cam.to_world(cam.left + cam.width, cam.top + cam.height))
        part = pygame.Rect(int(x0), int(y0), int(x1 - x0) + 2, int(y1 - y0) + 2).clip(
            board.get_rect())
        if part.width <= 0 or part.height <= 0:
            return None
        size = (max(1, round(part.width * factor)), max(1, round(part.height * factor)))
        sx, sy = cam.to_screen(*page.to_world(part.left, part.top))
        return (pygame.transform.scale(board.subsurface(part), size), (round(sx), round(sy)))


def offset(page: Camera, cam: Camera) -> tuple[int, int]:
    """Screen position under camera ``cam`` of the top-left pixel of a layer drawn with
    ``page`` (the same world point)."""
    sx, sy = cam.to_screen(*page.to_world(0, 0))
    return round(sx), round(sy)


def fill_around(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect,
                covered: pygame.Rect) -> None:
    """Fill the parts of ``area`` outside ``covered`` (a scaled board is blitted there)."""
    inner = covered.clip(area)
    if not inner.width or not inner.height:
        surface.fill(colour, area)
        return
    for rect in (pygame.Rect(area.left, area.top, area.width, inner.top - area.top),
                 pygame.Rect(area.left, inner.bottom, area.width, area.bottom - inner.bottom),
                 pygame.Rect(area.left, inner.top, inner.left - area.left, inner.height),
                 pygame.Rect(inner.right, inner.top, area.right - inner.right, inner.height)):
        if rect.width > 0 and rect.height > 0:
            surface.fill(colour, rect)


def new_layer(size: tuple[int, int], reuse: pygame.Surface | None) -> pygame.Surface:
    """A layer surface of ``size``: ``reuse`` when it has that size."""
    if reuse is not None and reuse.get_size() == size:
        return reuse
    display = pygame.display.get_surface()  # made in its pixel format: no second copy
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def copy_into(target: pygame.Surface | None, source: pygame.Surface) -> pygame.Surface:
    """``source``'s pixels in ``target`` when it has the same size (no new surface), else in
    a copy of ``source``."""
    if target is None or target.get_size() != source.get_size():
        return source.copy()
    target.blit(source, (0, 0))
    return target


COPY_ROWS = 64
"""Rows of pixels copied in one step of a board built over several frames."""


def layer_like(target: pygame.Surface | None, source: pygame.Surface) -> pygame.Surface:
    """``target`` when it has ``source``'s size, else a new surface of that size and format
    (to copy ``source`` into with :func:`copy_steps`)."""
    if target is None or target.get_size() != source.get_size():
        return pygame.Surface(source.get_size(), 0, source)
    return target


def copy_steps(target: pygame.Surface, source: pygame.Surface) -> Iterator[None]:
    """Copy ``source`` into ``target`` (the same size) a band of :data:`COPY_ROWS` rows at a
    time, a step after each band but the last (a page four viewports large takes several
    milliseconds to copy)."""
    width, height = source.get_size()
    for top in range(0, height, COPY_ROWS):
        if top:
            yield
        band = pygame.Rect(0, top, width, min(COPY_ROWS, height - top))
        target.blit(source, band, band)
