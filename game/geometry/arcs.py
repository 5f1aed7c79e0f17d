"""Line of Sight Arcs of a tray (AS and NA): Front, Left Flank, Right Flank and Rear.

Each arc is the region outside the tray between its edge (the one facing the arc) and the two
dividing rays that leave the ends of that edge. Two constructions are named options:

* ``"corner-45"`` (default): from each corner a ray leaves at 45 degrees to both edges, i.e.
  at 135 degrees to the facing (DESIGN.md).
* ``"diagonals"``: the tray's two diagonals extended beyond the corners (RULES.md wording).

For a square tray the two coincide. A point on a dividing ray (within :data:`TOLERANCE`) is in
both arcs; a point strictly inside the tray is in no arc.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Literal

from shapely.geometry import Polygon

from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Point, Side, Tray

ArcConstruction = Literal["corner-45", "diagonals"]
CONSTRUCTIONS: tuple[ArcConstruction, ...] = ("corner-45", "diagonals")


class Arc(Enum):
    """The four Line of Sight Arcs."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    REAR = "rear"


ARC_EDGE: dict[Arc, Side] = {
    Arc.FRONT: Side.FRONT,
    Arc.LEFT: Side.LEFT,
    Arc.RIGHT: Side.RIGHT,
    Arc.REAR: Side.REAR,
}
"""The tray edge that faces each arc (a charger contacting that arc touches this edge)."""

HalfPlane = tuple[float, float, float]
"""(nx, ny, c): the closed half-plane nx*x + ny*y >= c, with (nx, ny) a unit vector."""


def _unit(dx: float, dy: float) -> tuple[float, float]:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


def corner_rays(tray: Tray, construction: ArcConstruction = "corner-45") -> dict[Point, Point]:
    """Unit direction of the dividing ray leaving each corner (keyed by the corner point)."""
    fl, fr, rr, rl = tray.corners
    if construction == "corner-45":
        fx, fy = tray.forward
        rx, ry = tray.right
        dirs = [(fx - rx, fy - ry), (fx + rx, fy + ry), (-fx + rx, -fy + ry), (-fx - rx, -fy - ry)]
    elif construction == "diagonals":
        dirs = [(c[0] - tray.x, c[1] - tray.y) for c in (fl, fr, rr, rl)]
    else:  # pragma: no cover - guarded by the Literal type
        raise ValueError(f"unknown arc construction {construction!r}")
    return {c: _unit(*d) for c, d in zip((fl, fr, rr, rl), dirs, strict=True)}


def arc_halfplanes(
    tray: Tray, arc: Arc, construction: ArcConstruction = "corner-45"
) -> tuple[HalfPlane, HalfPlane, HalfPlane]:
    """The three closed half-planes whose intersection is the arc (plus its dividing rays):
    outside the arc's edge, and on the inner side of each dividing ray's line."""
    a, b = tray.edge_points(ARC_EDGE[arc])
    nx, ny = tray.edge_normal(ARC_EDGE[arc])
    rays = corner_rays(tray, construction)
    out: list[HalfPlane] = [(nx, ny, nx * a[0] + ny * a[1])]
    for p, other in ((a, b), (b, a)):
        dx, dy = rays[p]
        # normal of the ray line, pointing to the side where the edge's other end lies
        mx, my = -dy, dx
        if mx * (other[0] - p[0]) + my * (other[1] - p[1]) < 0:
            mx, my = -mx, -my
        out.append((mx, my, mx * p[0] + my * p[1]))
    return (out[0], out[1], out[2])


def clip_ring(ring: list[Point], hp: HalfPlane) -> list[Point]:
    """Sutherland-Hodgman: the part of a convex ring inside a closed half-plane."""
    nx, ny, c = hp
    res: list[Point] = []
    n = len(ring)
    for i in range(n):
        p, q = ring[i], ring[(i + 1) % n]
        vp = nx * p[0] + ny * p[1] - c
        vq = nx * q[0] + ny * q[1] - c
        if vp >= 0:
            res.append(p)
        if (vp >= 0) != (vq >= 0):
            t = vp / (vp - vq)
            res.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return res


def arc_region(
    tray: Tray, arc: Arc, construction: ArcConstruction = "corner-45", extent: float = 200.0
) -> Polygon:
    """The arc as a polygon, cut to a square of half-side ``extent`` inches around the tray
    centre (the true arc is unbounded). The four regions tile that square minus the tray."""
    x, y = tray.x, tray.y
    ring: list[Point] = [(x - extent, y - extent), (x + extent, y - extent),
                         (x + extent, y + extent), (x - extent, y + extent)]
    for hp in arc_halfplanes(tray, arc, construction):
        ring = clip_ring(ring, hp)
        if not ring:
            return Polygon()
    return Polygon(ring)


def arcs_of_point(
    tray: Tray, point: Point, construction: ArcConstruction = "corner-45"
) -> frozenset[Arc]:
    """The arcs holding ``point`` (inches). On a dividing ray, within :data:`TOLERANCE`, the
    point is in both arcs; strictly inside the tray it is in none."""
    px, py = point
    found = set()
    for arc in Arc:
        if all(nx * px + ny * py - c >= -TOLERANCE
               for nx, ny, c in arc_halfplanes(tray, arc, construction)):
            found.add(arc)
    return frozenset(found)


def _shoelace(ring: list[Point]) -> float:
    return 0.5 * abs(sum(ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1]
                         for i in range(len(ring))))


def arc_shares(
    tray: Tray, other: Polygon, construction: ArcConstruction = "corner-45"
) -> dict[Arc, float]:
    """Fraction (0..1) of ``other``'s area lying in each arc of ``tray``. Area inside ``tray``
    itself belongs to no arc, so the fractions sum to 1 unless the polygons overlap.

    A convex ``other`` (any tray) is clipped by the arcs' half-planes directly, which stays
    exact when an edge of ``other`` runs along a dividing ray; other shapes use shapely."""
    area = float(other.area)
    if area <= 0.0:
        return {arc: 0.0 for arc in Arc}
    if len(other.interiors) == 0 and other.convex_hull.area - area <= 1e-12 * area:
        ring: list[Point] = [(float(x), float(y)) for x, y in other.exterior.coords[:-1]]
        shares: dict[Arc, float] = {}
        for arc in Arc:
            part = ring
            for hp in arc_halfplanes(tray, arc, construction):
                part = clip_ring(part, hp)
                if len(part) < 3:
                    break
            shares[arc] = _shoelace(part) / area if len(part) >= 3 else 0.0
        return shares
    minx, miny, maxx, maxy = other.bounds
    reach = max(abs(minx - tray.x), abs(maxx - tray.x), abs(miny - tray.y), abs(maxy - tray.y))
    extent = max(200.0, 2.0 * reach + tray.width + tray.depth)
    return {
        arc: float(arc_region(tray, arc, construction, extent).intersection(other).area) / area
        for arc in Arc
    }


def majority_arc(
    tray: Tray, other: Polygon, construction: ArcConstruction = "corner-45"
) -> tuple[Arc, ...]:
    """The arc of ``tray`` holding the larger part of ``other``'s area (AS-CHG-4). Returns one
    arc, or every arc tied for the largest share (shares within :data:`TOLERANCE` of each
    other, as fractions of the area): a tie is the charger's choice."""
    shares = arc_shares(tray, other, construction)
    best = max(shares.values())
    return tuple(arc for arc in Arc if shares[arc] >= best - TOLERANCE)
