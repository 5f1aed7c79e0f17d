"""Hex maps (the hex rulesets' boards): axial/cube coordinates and exact corner sight.

Layout: **pointy-top** hexes of unit size (centre to corner = 1) in a y-up plane:
``x = sqrt(3) * (q + r / 2)``, ``y = 1.5 * r``. The pixel layout (flip, scale, origin) belongs
to the UI. A flat-top map is this layout turned a quarter clockwise on screen: every answer
of this module is unchanged by a turn of the whole plane, so only the names of the directions
differ (:data:`FLAT_FACING_NAMES`). Directions and facings are numbered clockwise like table
facings, starting at the neighbour up and to the right (compass bearing 30 degrees):

====== ============ ================ =========================
index  axial (q, r) compass bearing  name
====== ============ ================ =========================
0      (0, +1)      30               north-east
1      (+1, 0)      90               east
2      (+1, -1)     150              south-east
3      (0, -1)      210              south-west
4      (-1, 0)      270              west
5      (-1, +1)     330              north-west
====== ============ ================ =========================

A unit facing direction ``f`` faces the hex side shared with ``neighbor(f)``. Corner ``i`` of a
hex is at compass bearing ``60 * i`` (corner 0 points north); side ``d`` runs from corner ``d``
to corner ``d + 1``.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from game.geometry.pieces import Pieces, pieces_from_rings
from game.geometry.sight import crossing_matrix, seam_owners
from game.geometry.tolerance import TOLERANCE

Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
"""Axial (dq, dr) of directions 0..5 (see the module table)."""

FACING_NAMES: tuple[str, ...] = (
    "north-east", "east", "south-east", "south-west", "west", "north-west")
"""Compass names of directions 0..5 (see the module table), for words in logs and labels."""
FLAT_FACING_NAMES: tuple[str, ...] = (
    "south-east", "south", "south-west", "north-west", "north", "north-east")
"""The compass names of directions 0..5 on a flat-top map: the same lattice turned a quarter
clockwise (``HexBoard.orientation``), so each direction reads 90 degrees further round."""


@dataclass(frozen=True, order=True)
class Hex:
    """A hex in axial coordinates (cube ``s = -q - r``)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate."""
        return -self.q - self.r

    def __str__(self) -> str:
        """Readable form ``(q,r)`` (the dataclass repr stays ``Hex(q=.., r=..)``)."""
        return f"({self.q},{self.r})"

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5, taken modulo 6)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes, in direction order 0..5."""
        return [self.neighbor(d) for d in range(6)]

    def distance(self, other: Hex) -> int:
        """Number of hex steps to ``other``."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


HALF_SQRT3 = SQRT3 / 2.0
_CORNER_X = (0, 1, 1, 0, -1, -1)  # in half-widths (sqrt(3) / 2)
_CORNER_Y = (2, 1, -1, -2, -1, 1)  # in half units


def hex_center(h: Hex) -> Point:
    """Centre of a hex in unit-size layout space."""
    return (HALF_SQRT3 * (2 * h.q + h.r), 1.5 * h.r)


def hex_corners(h: Hex) -> list[Point]:
    """The six corners of a hex, clockwise from the north corner (corner i at bearing 60*i).
    Corners are computed from integer lattice indices, so neighbouring hexes share
    bit-identical corner coordinates."""
    k = 2 * h.q + h.r
    return [(HALF_SQRT3 * (k + ox), 0.5 * (3 * h.r + oy))
            for ox, oy in zip(_CORNER_X, _CORNER_Y, strict=True)]


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_at_point(x: float, y: float) -> Hex:
    """The hex holding the point ``(x, y)`` in the unit-size layout of :func:`hex_center` and
    :func:`hex_corners` (cube rounding). A point on a side or corner shared by several hexes
    goes to one of them (deterministically, by the rounding)."""
    q = (SQRT3 / 3.0) * x - y / 3.0
    r = (2.0 / 3.0) * y
    return _cube_round(q, r)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (cube interpolation). Where
    the line runs exactly between two hexes the tie is broken by a fixed tiny nudge (+1e-6 in
    q, +2e-6 in r), so the answer is deterministic and symmetric in shape."""
    n = a.distance(b)
    if n == 0:
        return [a]
    eq, er = 1e-6, 2e-6
    return [_cube_round(a.q + eq + (b.q - a.q) * i / n, a.r + er + (b.r - a.r) * i / n)
            for i in range(n + 1)]


def direction_to(a: Hex, b: Hex) -> int | None:
    """Direction index from ``a`` to an adjacent ``b``; None if not adjacent."""
    d = (b.q - a.q, b.r - a.r)
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def facing_towards(a: Hex, b: Hex) -> int:
    """The facing of ``a`` nearest to the bearing of ``b``'s centre. When ``b`` lies exactly
    on a corner line (two facings equally near) the clockwise one is chosen. ``a == b``
    gives 0."""
    if a == b:
        return 0
    ax, ay = hex_center(a)
    bx, by = hex_center(b)
    bearing = math.degrees(math.atan2(bx - ax, by - ay)) % 360.0
    return math.floor(((bearing - 30.0) % 360.0) / 60.0 + 0.5 + 1e-9) % 6


def front_arc_directions(facing: int) -> tuple[int, int, int]:
    """The three sides of the Front Arc of a unit facing ``facing``: left, centre, right."""
    return ((facing - 1) % 6, facing % 6, (facing + 1) % 6)


def front_arc_corners(h: Hex, facing: int) -> list[Point]:
    """The four corners on the Front Arc sides, left to right (corners f-1 .. f+2)."""
    corners = hex_corners(h)
    return [corners[(facing - 1 + i) % 6] for i in range(4)]


def hex_in_front_arc(viewer: Hex, facing: int, target: Hex) -> bool:
    """True if ``target``'s centre lies strictly ahead of the line through the two outer
    corners of the viewer's Front Arc sides (a line through the viewer's centre)."""
    vx, vy = hex_center(viewer)
    fx, fy = hex_center(viewer.neighbor(facing))
    tx, ty = hex_center(target)
    return (fx - vx) * (tx - vx) + (fy - vy) * (ty - vy) > TOLERANCE


def retreat_arc(loser: Hex, winner: Hex) -> list[Hex]:
    """Retreat Arc reading (HX-MEL-60): the neighbours of ``loser`` that are one step further
    from ``winner`` than ``loser`` is -- for adjacent units, the three neighbours two hexes
    from the winner. In direction order."""
    d = loser.distance(winner)
    return [n for n in loser.neighbors() if n.distance(winner) == d + 1]


@dataclass(frozen=True)
class HexSight:
    """Corner Line of Sight on a hex map: ``visible`` and the clear corner-to-corner lines
    from the viewer corner that had the most (for drawing; fewer than 2 when not visible)."""

    visible: bool
    lines: tuple[tuple[Point, Point], ...]


def _hex_pieces(hexes: list[Hex]) -> Pieces:
    rings = [hex_corners(h)[::-1] for h in hexes]  # counter-clockwise
    return pieces_from_rings(rings, list(range(len(hexes))))


def clear_corner_lines(
    viewer: Hex, facing: int, target: Hex, blocking: Collection[Hex]
) -> list[list[tuple[Point, Point]]]:
    """For each of the four Front Arc corners (left to right), the clear lines to the
    target's corners (clear as defined in :func:`hex_line_of_sight`)."""
    sources = front_arc_corners(viewer, facing)
    goals = hex_corners(target)
    p = np.repeat(np.asarray(sources, dtype=float), 6, axis=0)
    q = np.tile(np.asarray(goals, dtype=float), (4, 1))
    # only blocking hexes whose centre is within a corner radius of some line can matter
    others = [h for h in blocking if h != target and h != viewer]
    pieces = _hex_pieces(_near_lines([viewer, *others], p, q))
    degenerate = np.hypot(*(q - p).T) <= TOLERANCE
    clear = ~crossing_matrix(p, q, pieces).any(axis=1) | degenerate
    lines: list[list[tuple[Point, Point]]] = [[] for _ in range(4)]
    for k in np.nonzero(clear)[0]:
        a = (float(p[k, 0]), float(p[k, 1]))
        b = (float(q[k, 0]), float(q[k, 1]))
        if degenerate[k] or not seam_owners(a, b, pieces):
            lines[k // 6].append((a, b))
    return lines


def hex_line_of_sight(
    viewer: Hex, facing: int, target: Hex, blocking: Collection[Hex]
) -> HexSight:
    """Corner Line of Sight (HX-LOS-1): visible if from one corner on the viewer's Front Arc
    sides there are clear lines to at least 2 of the target hex's 6 corners.

    A line is clear if it enters no blocking hex deeper than TOLERANCE (grazing a corner or
    running along one blocking hex's side is allowed) and does not run along a side shared by
    two blocking hexes. The viewer's own hex also blocks (lines leave through its front) and
    the target's hex never does. The rule itself does not ask for the target to be in the
    Front Arc; combine with :func:`hex_in_front_arc` where a table does."""
    lines = clear_corner_lines(viewer, facing, target, blocking)
    best = max(range(4), key=lambda i: len(lines[i]))
    return HexSight(len(lines[best]) >= 2, tuple(lines[best]))


def _near_lines(hexes: list[Hex], p: np.ndarray, q: np.ndarray) -> list[Hex]:
    if not hexes:
        return []
    c = np.asarray([hex_center(h) for h in hexes], dtype=float)  # (H, 2)
    d = q - p  # (S, 2)
    dd = np.maximum((d * d).sum(axis=1), 1e-30)
    t = np.clip(((c[:, None, :] - p[None]) * d[None]).sum(axis=2) / dd[None], 0.0, 1.0)
    closest = p[None] + t[..., None] * d[None]
    dist = np.hypot(*(c[:, None, :] - closest).transpose(2, 0, 1))
    keep = (dist < 1.0 + 1e-9).any(axis=1)
    return [h for h, k in zip(hexes, keep, strict=True) if k]
