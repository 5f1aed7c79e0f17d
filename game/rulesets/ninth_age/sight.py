"""Line of Sight for shooting (NA-SHT-2): from the shooter's front facing, within 45 degrees of
its facing, to the part of the target's Unit Boundary inside its Front Arc, not through another
unit's boundary nor terrain that blocks sight (docs/rules/ninth_age.md; cover is
``cover.py``).

Exact, not sampled: if some unblocked sight line exists, one can be slid and turned until it
rests on two features (a front corner, a vertex of the target's visible part or of a blocker)
or meets the 45-degree limit at one of them, so those finitely many candidate lines are tried.
A line may graze a blocker's edge or corner (touching is not crossing). Pure: reads trays and
polygons only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from shapely.geometry import LineString, Polygon
from shapely.prepared import PreparedGeometry, prep

from game.core.state import GameState
from game.geometry.arcs import Arc, arc_region
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.rulesets.ninth_age.units import NinthUnit

Point = tuple[float, float]

SIGHT_HALF_ANGLE = 45.0
"""Sight lines leave the front facing at most this many degrees off the facing (NA-SHT-2)."""

REACH = 200.0
"""How far the Front Arc region is drawn (inches; beyond any table)."""


def visible_part(tray: Tray, target: Polygon) -> Polygon:
    """The part of ``target`` inside the Front Arc of ``tray`` (corner-45)."""
    region = arc_region(tray, Arc.FRONT, "corner-45", REACH)
    part = region.intersection(target)
    return part if isinstance(part, Polygon) else Polygon()


def _points(geom: Polygon) -> list[Point]:
    return [(float(x), float(y)) for x, y in list(geom.exterior.coords)[:-1]]


def _directions(features: Sequence[Point], fwd: Point) -> Iterable[tuple[Point, Point]]:
    """Candidate lines (a point and a unit direction pointing ahead within the limit): through
    every pair of features, and at the 45-degree limits through every feature."""
    limit = math.cos(math.radians(SIGHT_HALF_ANGLE)) - 1e-9
    for ang in (SIGHT_HALF_ANGLE, -SIGHT_HALF_ANGLE, 0.0):
        c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        d = (fwd[0] * c - fwd[1] * s, fwd[0] * s + fwd[1] * c)
        for a in features:
            yield a, d
    for i, a in enumerate(features):
        for b in features[i + 1:]:
            dx, dy = b[0] - a[0], b[1] - a[1]
            norm = math.hypot(dx, dy)
            if norm < TOLERANCE:
                continue
            dx, dy = dx / norm, dy / norm
            if dx * fwd[0] + dy * fwd[1] < 0:
                dx, dy = -dx, -dy
            if dx * fwd[0] + dy * fwd[1] >= limit:
                yield a, (dx, dy)


def _on_front(a: Point, d: Point, left: Point, right: Point) -> Point | None:
    """Where the line through ``a`` along ``d`` crosses the front edge, if it does."""
    ex, ey = right[0] - left[0], right[1] - left[1]
    den = d[0] * ey - d[1] * ex
    if abs(den) < 1e-12:
        return None
    # a + t d = left + u e
    wx, wy = left[0] - a[0], left[1] - a[1]
    t = (wx * ey - wy * ex) / den
    u = (wx * d[1] - wy * d[0]) / den
    if not -1e-9 <= u <= 1 + 1e-9:
        return None
    return a[0] + t * d[0], a[1] + t * d[1]


def _first_hit(p: Point, d: Point, part: PreparedGeometry, shape: Polygon) -> Point | None:
    """The nearest point of ``shape`` on the ray from ``p`` along ``d``."""
    ray = LineString([p, (p[0] + d[0] * REACH * 2, p[1] + d[1] * REACH * 2)])
    if not part.intersects(ray):
        return None
    hit = ray.intersection(shape)
    if hit.is_empty:
        return None
    best = min(((float(x), float(y)) for g in getattr(hit, "geoms", [hit])
                for x, y in g.coords), key=lambda q: (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)
    return best


def sight_line(tray: Tray, target: Polygon,
               blockers: Sequence[Polygon]) -> LineString | None:
    """An unblocked sight line from the front edge of ``tray`` to ``target`` (NA-SHT-2), or
    None when there is none. See the module docstring for why the candidates suffice."""
    part = visible_part(tray, target)
    if part.is_empty or part.area <= TOLERANCE:
        return None
    left, right = tray.edge_points(Side.FRONT)
    hull = Polygon([left, right, *_points(part)]).convex_hull
    near = [prep(b.buffer(-TOLERANCE)) for b in blockers if b.intersects(hull)]
    near_shapes = [b for b in blockers if b.intersects(hull)]
    features = [left, right, ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2),
                (float(part.centroid.x), float(part.centroid.y)), *_points(part)]
    for b in near_shapes:
        features += _points(b) if isinstance(b, Polygon) else []
    fwd = tray.forward
    prepared = prep(part)
    for a, d in _directions(features, fwd):
        p = _on_front(a, d, left, right)
        if p is None:
            continue
        q = _first_hit(p, d, prepared, part)
        if q is None:
            continue
        seg = LineString([p, q]) if math.dist(p, q) > 1e-12 else LineString([p, p])
        if not any(b.intersects(seg) for b in near):
            return seg
    return None


def sees(a: Point, b: Point, blockers: Sequence[Polygon]) -> bool:
    """Whether the segment ``a``-``b`` crosses no blocker's inside (touching allowed)."""
    seg = LineString([a, b])
    return not any(bl.buffer(-TOLERANCE).intersects(seg) for bl in blockers)


def blockers(state: GameState, shooter: NinthUnit, target: NinthUnit,
             keyword: str = "blocks-sight") -> list[tuple[str, Polygon]]:
    """What stands in the way of sight, named: every other unit's boundary (friend or foe)
    and each terrain piece with ``keyword``."""
    out = [(u.name, u.tray.polygon) for u in state.units.values()
           if isinstance(u, NinthUnit) and u.on_board and u.tray is not None
           and u.id not in (shooter.id, target.id)]
    out += [(piece.kind, piece.polygon) for piece in state.terrain if piece.has(keyword)]
    return out


def line_of_sight(state: GameState, shooter: NinthUnit,
                  target: NinthUnit) -> LineString | None:
    """A sight line from ``shooter`` to ``target`` past units and sight-blocking terrain."""
    assert shooter.tray is not None and target.tray is not None
    return sight_line(shooter.tray, target.tray.polygon,
                      [p for _, p in blockers(state, shooter, target)])
