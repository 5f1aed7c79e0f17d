"""Brute-force references for the geometry property tests (slow, obviously correct)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from game.geometry import Arc, Tray, arc_region
from game.geometry.tolerance import TOLERANCE


def sampled_sight(
    viewer: Tray, target: Polygon, obstacles: Sequence[Polygon], n_front: int = 41,
    step: float = 0.05, construction: str = "corner-45",
) -> bool:
    """Dense sampling: segments from ``n_front`` points of the front edge to points every
    ``step`` inches along the outline of the target's part inside the Front Arc; True if one
    crosses no obstacle interior."""
    arc = arc_region(viewer, Arc.FRONT, construction, 500)  # type: ignore[arg-type]
    g = target.intersection(arc)
    if g.is_empty or g.area <= 0:
        return False
    fl, fr = np.asarray(viewer.corners[0]), np.asarray(viewer.corners[1])
    src = fl[None] + np.linspace(0, 1, n_front)[:, None] * (fr - fl)[None]
    dst_list = []
    for part in shapely.get_parts(g):
        ring = part.exterior
        n = max(8, int(ring.length / step))
        dst_list.append(shapely.get_coordinates(
            shapely.line_interpolate_point(ring, np.linspace(0, 1, n, endpoint=False),
                                           normalized=True)))
    dst = np.vstack(dst_list)
    ps = np.repeat(src, len(dst), axis=0)
    qs = np.tile(dst, (len(src), 1))
    ok = np.hypot(*(qs - ps).T) > 1e-9
    segs = shapely.linestrings(np.stack([ps[ok], qs[ok]], axis=1))
    if not obstacles:
        return bool(len(segs))
    union = shapely.union_all(list(obstacles))  # a seam between obstacles is not a gap
    clear = ~(shapely.intersects(segs, union) & ~shapely.touches(segs, union))
    return bool(clear.any())


def witness_is_valid(
    viewer: Tray, target: Polygon, obstacles: Sequence[Polygon],
    witness: tuple[tuple[float, float], tuple[float, float]], construction: str = "corner-45",
) -> bool:
    """The witness starts on the front edge, ends on the target inside the Front Arc and
    dips at most (about) TOLERANCE into any obstacle."""
    p, q = witness
    if Point(p).distance(viewer.front_edge) > 1e-7 or Point(q).distance(target) > 1e-7:
        return False
    arc = arc_region(viewer, Arc.FRONT, construction, 500)  # type: ignore[arg-type]
    if Point(q).distance(arc) > 1e-5:
        return False
    if p == q:
        return all(not o.buffer(-2 * TOLERANCE).contains(Point(p)) for o in obstacles)
    seg = LineString([p, q])
    if not obstacles:
        return True
    union = shapely.union_all(list(obstacles))
    return not seg.intersects(union.buffer(-2 * TOLERANCE, join_style="mitre"))


def ray_cast_touch(tray: Tray, obstacle: Polygon, max_distance: float) -> float | None:
    """First touch distance of ``tray`` moving ahead, by casting a ray from every tray vertex
    along the facing onto the obstacle outline and from every obstacle vertex backwards onto
    the tray outline (shapely intersections). None if no ray hits within ``max_distance``."""
    fx, fy = tray.forward
    best: float | None = None
    for vx, vy in tray.corners:
        ray = LineString([(vx, vy), (vx + fx * max_distance, vy + fy * max_distance)])
        hit = ray.intersection(obstacle.boundary)
        if not hit.is_empty:
            d = Point(vx, vy).distance(hit)
            best = d if best is None else min(best, d)
    for vx, vy in obstacle.exterior.coords[:-1]:
        ray = LineString([(vx, vy), (vx - fx * max_distance, vy - fy * max_distance)])
        hit = ray.intersection(tray.polygon.boundary)
        if not hit.is_empty:
            d = Point(vx, vy).distance(hit)
            best = d if best is None else min(best, d)
    return best


def overlap_area(tray: Tray, obstacles: Sequence[Polygon]) -> float:
    """Total area of ``tray`` overlapping the obstacles (square inches)."""
    return float(sum(tray.polygon.intersection(o).area for o in obstacles))
