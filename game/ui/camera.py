"""The camera: maps world coordinates (inches, y away from player 1) to screen pixels.

Player 1 sits at the bottom of the screen, so world y grows upwards on screen. ``zoom`` is in
pixels per world unit; ``cx``/``cy`` is the point at the centre of the viewport, in the view's
frame. Hex maps are first laid out in world units by :mod:`game.ui.hexlayout` (pointy-top); a
flat-top map is the same layout seen turned a quarter clockwise (``turn = 1``,
:func:`turn_for`): every world point goes through the camera, so the board, the units, the
lines and the pointer all turn together, and only what is drawn at a screen angle (a hex
unit's facing wedge) adds :meth:`Camera.angle`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Board, HexBoard

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
    turn: int = 0
    """Quarter turns clockwise from the world to the view: 0, or 1 for a flat-top hex map."""

    def key(self) -> tuple[float, float, float, int, int, int, int, int]:
        """Everything that changes where things land on screen (for caches)."""
        return (
            round(self.cx, 4), round(self.cy, 4), round(self.zoom, 4),
            self.width, self.height, self.left, self.top, self.turn,
        )

    def to_view(self, x: float, y: float) -> Point:
        """World point -> the view's frame (turned ``turn`` quarters clockwise)."""
        return (y, -x) if self.turn % 4 == 1 else (x, y)

    def from_view(self, vx: float, vy: float) -> Point:
        """The view's frame -> world point (the inverse of :meth:`to_view`)."""
        return (-vy, vx) if self.turn % 4 == 1 else (vx, vy)

    def angle(self, degrees: float) -> float:
        """A world direction (table degrees: 0 = +y, clockwise) as seen on screen."""
        return degrees + 90.0 * (self.turn % 4)

    def to_screen(self, x: float, y: float) -> Point:
        """World point -> screen pixel (floats)."""
        vx, vy = self.to_view(x, y)
        sx = self.left + self.width / 2 + (vx - self.cx) * self.zoom
        sy = self.top + self.height / 2 - (vy - self.cy) * self.zoom
        return (sx, sy)

    def to_world(self, sx: float, sy: float) -> Point:
        """Screen pixel -> world point."""
        vx = self.cx + (sx - self.left - self.width / 2) / self.zoom
        vy = self.cy - (sy - self.top - self.height / 2) / self.zoom
        return self.from_view(vx, vy)

    def points_to_screen(self, points: list[Point] | tuple[Point, ...]) -> list[Point]:
        """Many world points -> screen pixels."""
        return [self.to_screen(x, y) for x, y in points]

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view by a mouse drag of (dx, dy) pixels (the table follows the mouse)."""
        self.cx -= dx / self.zoom
        self.cy += dy / self.zoom

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the world point under the screen pixel (sx, sy) fixed."""
        wx, wy = self.to_view(*self.to_world(sx, sy))
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        nx, ny = self.to_view(*self.to_world(sx, sy))
        self.cx += wx - nx
        self.cy += wy - ny

    def fit(self, minx: float, miny: float, maxx: float, maxy: float, margin: float = 0.05) -> None:
        """Centre on a world rectangle and zoom so it fills the viewport (with a margin)."""
        corners = [self.to_view(x, y) for x in (minx, maxx) for y in (miny, maxy)]
        minx, maxx = min(c[0] for c in corners), max(c[0] for c in corners)
        miny, maxy = min(c[1] for c in corners), max(c[1] for c in corners)
        w = max(maxx - minx, 1e-6)
        h = max(maxy - miny, 1e-6)
        self.cx = (minx + maxx) / 2
        self.cy = (miny + maxy) / 2
        scale = min(self.width / w, self.height / h) * (1 - 2 * margin)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, scale))

    def resize(self, left: int, top: int, width: int, height: int) -> None:
        """Change the viewport rectangle (the world centre stays put)."""
        self.left, self.top, self.width, self.height = left, top, max(1, width), max(1, height)


def turn_for(board: Board) -> int:
    """The camera's quarter turns for a board: 1 for a flat-top hex map, else 0."""
    return 1 if isinstance(board, HexBoard) and board.orientation == "flat" else 0
