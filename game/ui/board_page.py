"""Where the renderer's cached board layers are drawn and placed, so that panning and zooming
do not redraw the board every frame (issue 12).

- Panning: while the zoom holds, the base and board layers are rendered for a *page* twice
  the viewport's size around the camera and blitted at an offset; a new page is rendered only
  when the viewport leaves it.
- Zooming: while the wheel turns, the last rendered board is scaled to the new zoom (one
  scale instead of a redraw of every unit); the frame after the zoom holds still draws the
  board afresh. On a zoom frame the page is the viewport itself (no bigger render then).
"""

from __future__ import annotations

import pygame

from game.ui.camera import Camera

MAX_SCALE = 4.0
"""A scaled board stands in for at most a factor 4 of zoom either way."""


class BoardPage:
    """The page camera of the cached layers and the zoom of the last frame."""

    def __init__(self) -> None:
        self.cam: Camera | None = None
        self.last_zoom: float | None = None

    def place(self, cam: Camera) -> tuple[Camera, tuple[int, int]]:
        """The camera to render the cached layers with, and the screen position of their
        top-left pixel; the same page while it still covers the viewport at this zoom."""
        steady = self.last_zoom == cam.zoom
        self.last_zoom = cam.zoom
        page = self.cam
        if page is not None and page.zoom == cam.zoom:
            ox, oy = offset(page, cam)
            if (ox <= cam.left and oy <= cam.top and ox + page.width >= cam.left + cam.width
                    and oy + page.height >= cam.top + cam.height):
                return page, (ox, oy)
        grow = 2 if steady else 1
        page = Camera(cam.cx, cam.cy, cam.zoom, cam.width * grow, cam.height * grow, 0, 0)
        self.cam = page
        return page, offset(page, cam)

    def scaled(self, board: pygame.Surface | None, cam: Camera
               ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """On a frame whose zoom differs from the last frame's: the last board (rendered with
        :attr:`cam`) scaled to the new zoom and where it lands; None otherwise."""
        page = self.cam
        if (board is None or page is None or self.last_zoom is None
                or self.last_zoom == cam.zoom):
            return None
        factor = cam.zoom / page.zoom
        if not 1 / MAX_SCALE <= factor <= MAX_SCALE:
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
