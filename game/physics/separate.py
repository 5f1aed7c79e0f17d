"""Separate trays after a physics drag, with shapely-exact overlap tests.

pymunk keeps trays apart up to its solver slack (and its collision skin), but a fast drag or a
turn against a concave obstacle can leave a sliver of overlap that the core refuses (it allows
at most ``game.core.ruleset.OVERLAP_AREA`` square inches). :func:`separate` pushes every moved
tray out of what it overlaps along the minimum translation (separating axis theorem on convex
outlines), keeps it on the table, and repeats until nothing overlaps or it gives up. It never
decides a rule: the caller still asks the core, and falls back when the core refuses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from shapely.geometry import Polygon

from game.geometry.tray import Tray

Point = tuple[float, float]
CLEARANCE = 0.004
"""Gap (inches) left after a push: larger than the rounding of saved poses (1/1000", 0.1 deg)."""
OVERLAP_LIMIT = 1e-7
"""Overlap area (sq in) treated as touching here: ten times stricter than the core's."""


def convex_ring(poly: Polygon) -> list[Point]:
    """Counter-clockwise vertices of the convex hull of a polygon (no closing point)."""
    hull = poly.convex_hull
    ring = hull.exterior.coords if isinstance(hull, Polygon) else poly.exterior.coords
    pts = [(float(x), float(y)) for x, y in list(ring)[:-1]]
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True))
    return pts if area >= 0 else pts[::-1]


def _axes(ring: Sequence[Point]) -> list[Point]:
    out: list[Point] = []
    for a, b in zip(ring, [*ring[1:], ring[0]], strict=True):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        if n > 1e-12:
            out.append((dy / n, -dx / n))
    return out


def _project(ring: Sequence[Point], axis: Point) -> tuple[float, float]:
    dots = [p[0] * axis[0] + p[1] * axis[1] for p in ring]
    return min(dots), max(dots)


def min_translation(mover: Sequence[Point], other: Sequence[Point]) -> Point | None:
    """The shortest vector that moves convex ``mover`` out of convex ``other`` (None when they
    do not overlap). Separating axis theorem over both outlines' edge normals."""
    best: Point | None = None
    best_depth = math.inf
    for axis in _axes(mover) + _axes(other):
        a0, a1 = _project(mover, axis)
        b0, b1 = _project(other, axis)
        depth = min(a1 - b0, b1 - a0)
        if depth <= 0:
            return None
        if depth < best_depth:
            sign = 1.0 if (a0 + a1) >= (b0 + b1) else -1.0
            best_depth = depth
            best = (axis[0] * sign * depth, axis[1] * sign * depth)
    return best


def _inside_table(tray: Tray, table: tuple[float, float] | None) -> Tray:
    """The tray shifted (not turned) so that it lies on the table, if it fits."""
    if table is None:
        return tray
    xs = [p[0] for p in tray.corners]
    ys = [p[1] for p in tray.corners]
    dx = max(0.0, -min(xs)) - max(0.0, max(xs) - table[0])
    dy = max(0.0, -min(ys)) - max(0.0, max(ys) - table[1])
    if dx == 0.0 and dy == 0.0:
        return tray
    dx += math.copysign(CLEARANCE, dx) if dx else 0.0
    dy += math.copysign(CLEARANCE, dy) if dy else 0.0
    return tray.moved_to(tray.x + dx, tray.y + dy, tray.facing)


def overlaps(a: Polygon, b: Polygon) -> bool:
    """Whether two outlines overlap by more than :data:`OVERLAP_LIMIT` (shapely decides)."""
    if not a.intersects(b):
        return False
    return bool(a.intersection(b).area > OVERLAP_LIMIT)


def separate(
    trays: Mapping[str, Tray],
    moved: Sequence[str],
    obstacles: Sequence[Polygon],
    table: tuple[float, float] | None,
    rounds: int = 12,
) -> dict[str, Tray]:
    """Push each tray of ``moved`` out of every other tray and obstacle it overlaps (minimum
    translation plus :data:`CLEARANCE`), and back onto the table. Trays not in ``moved`` stay
    put. Returns every tray at its (possibly corrected) pose; leftovers that could not be
    separated in ``rounds`` rounds are left for the caller's fallback."""
    out = dict(trays)
    walls = [(poly, convex_ring(poly)) for poly in obstacles]
    for _ in range(rounds):
        changed = False
        for uid in moved:
            tray = _inside_table(out[uid], table)
            for other_id, other in out.items():
                if other_id != uid:
                    tray = _push(tray, other.polygon, convex_ring(other.polygon))
            for poly, ring in walls:
                tray = _push(tray, poly, ring)
            if tray != out[uid]:
                out[uid] = _inside_table(tray, table)
                changed = True
        if not changed:
            break
    return out


def _push(tray: Tray, poly: Polygon, ring: Sequence[Point]) -> Tray:
    """The tray moved out of ``poly`` if they overlap (else unchanged)."""
    if not overlaps(tray.polygon, poly):
        return tray
    mtv = min_translation(convex_ring(tray.polygon), ring)
    if mtv is None:
        return tray
    n = math.hypot(*mtv) or 1.0
    dx = mtv[0] + mtv[0] / n * CLEARANCE
    dy = mtv[1] + mtv[1] / n * CLEARANCE
    return tray.moved_to(tray.x + dx, tray.y + dy, tray.facing)
