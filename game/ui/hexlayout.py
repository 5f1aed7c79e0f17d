"""Hex <-> world layout, at the UI boundary only (DESIGN.md: the Layout lives in the UI).

Hexes are pointy-top in the world (a flat-top map is drawn turned by the camera,
:attr:`game.ui.camera.Camera.turn`) with a circumradius of 1 world unit; axial (q, r) as in
:mod:`game.geometry.hexgrid` and the same y-up plane (r grows upwards on screen, facings are
numbered clockwise from the upper right, as the rules and the geometry describe them; an
earlier version mirrored the map, which made the numbering run counter-clockwise on screen).
A hex facing 0..5 names the edge
the unit faces; :func:`facing_angle` gives its direction in the table convention (0 = +y,
clockwise positive).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

from game.geometry.hexgrid import DIRECTIONS, Hex, hex_at_point, hex_center

Point = tuple[float, float]


class AxialLike(Protocol):
    """Anything with axial coordinates ``q`` and ``r`` (``game.geometry.hexgrid.Hex``)."""

    @property
    def q(self) -> int: ...

    @property
    def r(self) -> int: ...


# Facing 0..5 follows game.geometry.hexgrid.DIRECTIONS: clockwise from the upper right, with r
# growing upwards on screen (world y = 1.5 r, exactly game.geometry.hexgrid.hex_center).


def hex_centre(q: int, r: int) -> Point:
    """World centre of hex (q, r) (the geometry layer's layout)."""
    return hex_center(Hex(q, r))


def hex_corners_world(q: int, r: int, scale: float = 1.0) -> list[Point]:
    """The six corners of a hex in world units (pointy-top), ``scale`` < 1 shrinks it."""
    cx, cy = hex_centre(q, r)
    return [
        (cx + scale * math.cos(math.radians(60 * i + 30)),
         cy + scale * math.sin(math.radians(60 * i + 30)))
        for i in range(6)
    ]


def edge_points(q: int, r: int, direction: int) -> tuple[Point, Point]:
    """World end points of the edge of hex (q, r) facing its neighbour in ``direction``."""
    dq, dr = DIRECTIONS[direction % 6]
    cx, cy = hex_centre(q, r)
    nx, ny = hex_centre(q + dq, r + dr)
    mx, my = (cx + nx) / 2, (cy + ny) / 2
    ux, uy = nx - cx, ny - cy
    n = math.hypot(ux, uy) or 1.0
    px, py = -uy / n * 0.5, ux / n * 0.5  # half an edge (circumradius 1) along the edge
    return ((mx + px, my + py), (mx - px, my - py))


def direction_vector(facing: int) -> Point:
    """World unit vector from a hex centre towards the neighbour across edge ``facing``."""
    dq, dr = DIRECTIONS[facing % 6]
    x, y = hex_centre(dq, dr)
    n = math.hypot(x, y)
    return (x / n, y / n)


def facing_angle(facing: int) -> float:
    """Table-convention angle (0 = +y, clockwise) of hex facing ``facing``."""
    x, y = direction_vector(facing)
    return math.degrees(math.atan2(x, y)) % 360.0


def world_to_axial(x: float, y: float) -> tuple[int, int]:
    """The hex (q, r) holding world point (x, y) (the geometry layer's cube rounding)."""
    h = hex_at_point(x, y)
    return (h.q, h.r)


def nearest_facing(dx: float, dy: float) -> int:
    """The facing whose direction is closest to the world vector (dx, dy)."""
    best, best_dot = 0, -2.0
    n = math.hypot(dx, dy) or 1.0
    for f in range(6):
        vx, vy = direction_vector(f)
        dot = (vx * dx + vy * dy) / n
        if dot > best_dot:
            best, best_dot = f, dot
    return best


def bounds(hexes: Iterable[AxialLike]) -> tuple[float, float, float, float]:
    """World bounding box (minx, miny, maxx, maxy) of some hexes."""
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        for x, y in hex_corners_world(h.q, h.r):
            xs.append(x)
            ys.append(y)
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))


SCREEN_NAMES = ("up", "upper right", "right", "lower right", "down", "lower left", "left",
                "upper left")


def facing_name(facing: int) -> str:
    """How hex facing ``facing`` looks on screen (``upper right``...), from this layout."""
    angle = facing_angle(facing)
    return SCREEN_NAMES[round(angle / 45.0) % 8]
