"""The camera: maps world coordinates (inches, y away from player 1) to screen pixels.

Player 1 sits at the bottom of the screen, so world y grows upwards on screen. ``zoom`` is in
pixels per world unit; ``cx``/``cy`` is the world point at the centre of the viewport.
Hex maps are first laid out in world units by :mod:`game.ui.hexlayout`.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]

MIN_ZOOM = 2.0
MAX_ZOOM = 120.0


@dataclass
class Camera:
    """A 2D camera over a viewport of ``width`` x ``height`` pixels at ``left``/``top``."""

    cx: float = 0.0
    cy: float = 0.0
    zoom: float = 10.0
    width: int = 1280
    height: int = 800
    left: int = 0
    top: int = 0

    def key(self) -> tuple[float, float, float, int, int, int, int]:
        """Everything that changes where things land on screen (for caches)."""
        return (
            round(self.cx, 4), round(self.cy, 4), round(self.zoom, 4),
            self.width, self.height, self.left, self.top,
        )

    def to_screen(self, x: float, y: float) -> Point:
        """World point -> screen pixel (floats)."""
        sx = self.left + self.width / 2 + (x - self.cx) * self.zoom
        sy = self.top + self.height / 2 - (y - self.cy) * self.zoom
        return (sx, sy)

    def to_world(self, sx: float, sy: float) -> Point:
        """Screen pixel -> world point."""
        x = self.cx + (sx - self.left - self.width / 2) / self.zoom
        y = self.cy - (sy - self.top - self.height / 2) / self.zoom
        return (x, y)

    def points_to_screen(self, points: list[Point] | tuple[Point, ...]) -> list[Point]:
        """Many world points -> screen pixels."""
        return [self.to_screen(x, y) for x, y in points]

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view by a mouse drag of (dx, dy) pixels (the table follows the mouse)."""
        self.cx -= dx / self.zoom
        self.cy += dy / self.zoom

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the world point under the screen pixel (sx, sy) fixed."""
        wx, wy = self.to_world(sx, sy)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        nx, ny = self.to_world(sx, sy)
        self.cx += wx - nx
        self.cy += wy - ny

    def fit(self, minx: float, miny: float, maxx: float, maxy: float, margin: float = 0.05) -> None:
        """Centre on a world rectangle and zoom so it fills the viewport (with a margin)."""
        w = max(maxx - minx, 1e-6)
        h = max(maxy - miny, 1e-6)
        self.cx = (minx + maxx) / 2
        self.cy = (miny + maxy) / 2
        scale = min(self.width / w, self.height / h) * (1 - 2 * margin)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, scale))

    def resize(self, left: int, top: int, width: int, height: int) -> None:
        """Change the viewport rectangle (the world centre stays put)."""
        self.left, self.top, self.width, self.height = left, top, max(1, width), max(1, height)
