"""The battle builder's ready shapes and snapping (issue 26), in inches: no pygame here, so
the shapes are tested alone.

- terrain: a rectangle from two corners, a circle from its centre and a point of its rim,
  a wall (a thin rectangle) along a stroke;
- facing: snapped to 15 degrees (Shift: free);
- a tray dropped near a table edge snaps flush to it.
"""

from __future__ import annotations

import math

from game.geometry.tray import Tray

Point = tuple[float, float]

SNAP_DEGREES = 15.0
"""A unit's facing snaps to multiples of this (Shift turns freely)."""
EDGE_SNAP = 0.75
"""Inches within which a tray's side snaps flush to the table edge."""
CIRCLE_POINTS = 24
"""Vertices of a circle of terrain."""
WALL_THICKNESS = 0.5
"""Inches across a wall drawn with the wall tool."""
MIN_SIZE = 0.25
"""Smallest side of a drawn shape (a click without a drag draws nothing)."""


def rectangle(a: Point, b: Point) -> list[Point] | None:
    """The rectangle with opposite corners ``a`` and ``b`` (None if too small)."""
    (x0, y0), (x1, y1) = a, b
    if abs(x1 - x0) < MIN_SIZE or abs(y1 - y0) < MIN_SIZE:
        return None
    lo_x, hi_x, lo_y, hi_y = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    return [(lo_x, lo_y), (hi_x, lo_y), (hi_x, hi_y), (lo_x, hi_y)]


def circle(centre: Point, rim: Point, points: int = CIRCLE_POINTS) -> list[Point] | None:
    """A circle about ``centre`` through ``rim`` as a polygon (None if too small)."""
    radius = math.dist(centre, rim)
    if radius < MIN_SIZE:
        return None
    return [(centre[0] + radius * math.cos(2 * math.pi * i / points),
             centre[1] + radius * math.sin(2 * math.pi * i / points)) for i in range(points)]


def wall(a: Point, b: Point, thickness: float = WALL_THICKNESS) -> list[Point] | None:
    """A wall along the stroke from ``a`` to ``b``: a rectangle ``thickness`` across."""
    length = math.dist(a, b)
    if length < MIN_SIZE:
        return None
    nx, ny = -(b[1] - a[1]) / length * thickness / 2, (b[0] - a[0]) / length * thickness / 2
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
            (a[0] - nx, a[1] - ny)]


def snapped_facing(facing: float, free: bool = False) -> float:
    """A facing in [0, 360), on the 15-degree grid unless ``free``."""
    if not free:
        facing = round(facing / SNAP_DEGREES) * SNAP_DEGREES
    return round(facing % 360.0, 3) % 360.0


def snap_to_edges(centre: Point, facing: float, size: tuple[float, float],
                  table: tuple[float, float]) -> Point:
    """The tray's centre moved so that a side within :data:`EDGE_SNAP` of a table edge lies
    flush on it (a unit set up on its own table edge)."""
    tray = Tray(x=centre[0], y=centre[1], facing=facing, width=size[0], depth=size[1])
    xs = [p[0] for p in tray.corners]
    ys = [p[1] for p in tray.corners]
    x, y = centre
    width, height = table
    if abs(min(xs)) <= EDGE_SNAP:
        x -= min(xs)
    elif abs(max(xs) - width) <= EDGE_SNAP:
        x -= max(xs) - width
    if abs(min(ys)) <= EDGE_SNAP:
        y -= min(ys)
    elif abs(max(ys) - height) <= EDGE_SNAP:
        y -= max(ys) - height
    return (round(x, 3), round(y, 3))


GRID = 0.5
"""Inches drawn shapes and zones snap to (files read 12.5, not 12.4873)."""


def snap(point: Point, bounds: tuple[float, float] | None = None) -> Point:
    """A point on the :data:`GRID`, kept within ``(width, height)`` when given."""
    x, y = (round(v / GRID) * GRID for v in point)
    if bounds is not None:
        x, y = min(max(x, 0.0), bounds[0]), min(max(y, 0.0), bounds[1])
    return (x, y)


def closes(points: list[Point], at: Point, reach: float) -> bool:
    """Whether a click at ``at`` closes a polygon being drawn (on its first point)."""
    return len(points) >= 3 and math.dist(points[0], at) <= reach
