"""Trays: rectangular unit bases on the table.

Conventions (DESIGN.md "Geometry conventions"): table coordinates in inches, x to the right,
y away from player 1. A facing is in degrees, 0 = +y, clockwise positive, so facing 90 = +x.
"Left" and "right" are always as the unit itself sees them (looking along its facing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from shapely.geometry import LineString, Polygon

Point = tuple[float, float]


class Side(Enum):
    """The four edges of a tray, named as the unit sees them."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    REAR = "rear"


def facing_vector(facing: float) -> tuple[float, float]:
    """Unit vector of a facing in degrees (0 = +y, clockwise positive)."""
    f = facing % 360.0
    exact = {0.0: (0.0, 1.0), 90.0: (1.0, 0.0), 180.0: (0.0, -1.0), 270.0: (-1.0, 0.0)}
    if f in exact:  # quarter turns are exact, so trays squared to the table touch exactly
        return exact[f]
    rad = math.radians(f)
    return (math.sin(rad), math.cos(rad))


def facing_of_vector(dx: float, dy: float) -> float:
    """Facing in degrees [0, 360) of the direction (dx, dy); inverse of :func:`facing_vector`."""
    return math.degrees(math.atan2(dx, dy)) % 360.0


def normalise_facing(facing: float) -> float:
    """A facing reduced to [0, 360) degrees."""
    f = facing % 360.0
    return 0.0 if f >= 360.0 else f


@dataclass(frozen=True)
class Tray:
    """A rectangular tray: centre ``(x, y)`` in inches, ``facing`` in degrees, ``width`` (the
    front edge) and ``depth`` in inches, holding ``files`` x ``ranks`` model slots.

    Derived geometry is computed on first use and cached on the (immutable) instance.
    """

    x: float
    y: float
    facing: float
    width: float
    depth: float
    files: int = 1
    ranks: int = 1

    # -- frame -------------------------------------------------------------------------------
    @cached_property
    def forward(self) -> tuple[float, float]:
        """Unit vector the tray faces."""
        return facing_vector(self.facing)

    @cached_property
    def right(self) -> tuple[float, float]:
        """Unit vector to the unit's right (forward turned 90 degrees clockwise)."""
        fx, fy = self.forward
        return (fy, -fx)

    @property
    def centre(self) -> Point:
        """Centre of the tray in inches."""
        return (self.x, self.y)

    def local_to_table(self, across: float, along: float) -> Point:
        """Table point at ``across`` inches to the unit's right and ``along`` inches ahead of
        the centre (negative values go left / back)."""
        fx, fy = self.forward
        rx, ry = self.right
        return (self.x + across * rx + along * fx, self.y + across * ry + along * fy)

    def table_to_local(self, px: float, py: float) -> Point:
        """Inverse of :meth:`local_to_table`: (across, along) in inches."""
        dx, dy = px - self.x, py - self.y
        fx, fy = self.forward
        rx, ry = self.right
        return (dx * rx + dy * ry, dx * fx + dy * fy)

    # -- outline -----------------------------------------------------------------------------
    @cached_property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front-left, front-right, rear-right, rear-left corners (a clockwise ring)."""
        hw, hd = self.width / 2.0, self.depth / 2.0
        return (
            self.local_to_table(-hw, hd),
            self.local_to_table(hw, hd),
            self.local_to_table(hw, -hd),
            self.local_to_table(-hw, -hd),
        )

    @cached_property
    def polygon(self) -> Polygon:
        """The tray outline as a shapely Polygon (cached)."""
        return Polygon(self.corners)

    @cached_property
    def front_edge(self) -> LineString:
        """The front edge, from the front-left to the front-right corner."""
        return self.edge(Side.FRONT)

    @cached_property
    def front_arrow(self) -> Point:
        """The Front Arrow: the midpoint of the front edge, in inches."""
        return self.local_to_table(0.0, self.depth / 2.0)

    def edge_points(self, side: Side) -> tuple[Point, Point]:
        """End points of an edge, in clockwise order around the tray: FRONT is front-left ->
        front-right, RIGHT is front-right -> rear-right, REAR is rear-right -> rear-left and
        LEFT is rear-left -> front-left."""
        fl, fr, rr, rl = self.corners
        return {
            Side.FRONT: (fl, fr),
            Side.RIGHT: (fr, rr),
            Side.REAR: (rr, rl),
            Side.LEFT: (rl, fl),
        }[side]

    def edge(self, side: Side) -> LineString:
        """One edge as a LineString (direction as in :meth:`edge_points`)."""
        return LineString(self.edge_points(side))

    def edge_normal(self, side: Side) -> tuple[float, float]:
        """Outward unit normal of an edge."""
        fx, fy = self.forward
        rx, ry = self.right
        return {
            Side.FRONT: (fx, fy),
            Side.REAR: (-fx, -fy),
            Side.RIGHT: (rx, ry),
            Side.LEFT: (-rx, -ry),
        }[side]

    def edge_length(self, side: Side) -> float:
        """Length of an edge in inches."""
        return self.width if side in (Side.FRONT, Side.REAR) else self.depth

    # -- models ------------------------------------------------------------------------------
    def model_slots(self) -> list[Point]:
        """Centre of every model slot: front rank first, each rank left to right as the unit
        sees it. The tray is divided into ``files`` equal columns and ``ranks`` equal rows."""
        fw, rd = self.width / self.files, self.depth / self.ranks
        slots: list[Point] = []
        for rank in range(self.ranks):
            along = self.depth / 2.0 - (rank + 0.5) * rd
            for file in range(self.files):
                across = -self.width / 2.0 + (file + 0.5) * fw
                slots.append(self.local_to_table(across, along))
        return slots

    # -- moves -------------------------------------------------------------------------------
    def pivoted(self, degrees: float) -> Tray:
        """The tray turned about its centre by ``degrees`` (clockwise positive)."""
        return self.moved_to(self.x, self.y, self.facing + degrees)

    def advanced(self, distance: float) -> Tray:
        """The tray moved ``distance`` inches straight ahead (negative = backwards)."""
        fx, fy = self.forward
        return self.moved_to(self.x + fx * distance, self.y + fy * distance, self.facing)

    def translated(self, dx: float, dy: float) -> Tray:
        """The tray moved by (dx, dy) inches without turning."""
        return self.moved_to(self.x + dx, self.y + dy, self.facing)

    def moved_to(self, x: float, y: float, facing: float) -> Tray:
        """Same tray size and models at a new centre and facing (facing kept in [0, 360))."""
        return Tray(x, y, normalise_facing(facing), self.width, self.depth, self.files, self.ranks)

    @staticmethod
    def with_front_arrow_at(
        px: float, py: float, facing: float, width: float, depth: float, files: int = 1,
        ranks: int = 1,
    ) -> Tray:
        """A tray whose Front Arrow is at (px, py), facing ``facing`` degrees."""
        fx, fy = facing_vector(facing)
        return Tray(px - fx * depth / 2.0, py - fy * depth / 2.0, normalise_facing(facing),
                    width, depth, files, ranks)
