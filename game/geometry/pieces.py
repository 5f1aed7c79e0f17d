"""Convex pieces of obstacle polygons, stored as padded numpy arrays.

The exact sight and sweep algorithms work on convex pieces: a convex polygon is kept whole, a
non-convex one (terrain) is cut into triangles along internal diagonals. Those diagonals are
seams, and the sight code treats a line running along a seam as blocked, so cutting never
opens a gap. Arrays are padded to the largest vertex count; padding edges carry a zero normal
and an offset of -inf, so they never constrain anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

from game.geometry.tolerance import TOLERANCE

_NEG = -1e300


@dataclass(frozen=True)
class Pieces:
    """Convex pieces of a list of polygons (all coordinates in inches).

    ``verts[m, i]`` is vertex i of piece m (counter-clockwise, padded by repeating the last
    vertex), ``count[m]`` its real vertex count, ``owner[m]`` the index of the polygon it came
    from, ``normal[m, i]`` the inward unit normal of edge i (vertex i -> i+1), ``offset[m, i]``
    the value with ``normal . x >= offset`` inside, ``centroid[m]`` an interior point and
    ``bounds[m]`` (minx, miny, maxx, maxy)."""

    verts: np.ndarray
    count: np.ndarray
    owner: np.ndarray
    normal: np.ndarray
    offset: np.ndarray
    centroid: np.ndarray
    bounds: np.ndarray

    def __len__(self) -> int:
        return int(self.owner.shape[0])

    def take(self, idx: np.ndarray) -> Pieces:
        """The pieces selected by an index array (or boolean mask)."""
        return Pieces(self.verts[idx], self.count[idx], self.owner[idx], self.normal[idx],
                      self.offset[idx], self.centroid[idx], self.bounds[idx])


def _is_convex(poly: Polygon) -> bool:
    return len(poly.interiors) == 0 and poly.convex_hull.area - poly.area <= 1e-12 * max(
        1.0, poly.area)


def _ring(poly: Polygon) -> list[tuple[float, float]]:
    """Counter-clockwise exterior ring without the closing point and without repeated or
    collinear vertices."""
    pts = [(float(x), float(y)) for x, y in orient(poly, 1.0).exterior.coords[:-1]]
    out: list[tuple[float, float]] = []
    for p in pts:
        if not out or (abs(p[0] - out[-1][0]) > 1e-12 or abs(p[1] - out[-1][1]) > 1e-12):
            out.append(p)
    if len(out) > 1 and max(abs(out[0][0] - out[-1][0]), abs(out[0][1] - out[-1][1])) <= 1e-12:
        out.pop()
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            a, b, c = out[i - 1], out[i], out[(i + 1) % len(out)]
            if abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) <= 1e-14:
                out.pop(i)
                changed = True
                break
    return out


def convex_parts(poly: Polygon, max_vertices: int = 0) -> list[list[tuple[float, float]]]:
    """Counter-clockwise vertex rings of the convex pieces of a polygon (itself if convex,
    else its constrained Delaunay triangles). With ``max_vertices`` >= 3, convex rings with
    more vertices are cut into fans of that size (the cuts are seams like any other).
    Empty or zero-area polygons give no piece.

    Memoised on the polygon's exact WKB bytes (the same outline always gives the same
    pieces): the rules ask about the same trays and terrain many times per game moment."""
    known = _BY_IDENTITY.get((id(poly), max_vertices))
    if known is not None and known[0] is poly:  # the very same (immutable) polygon object
        return [list(r) for r in known[1]]
    if poly.is_empty:
        return []
    found = _convex_parts_of(shapely.to_wkb(poly), max_vertices)
    if len(_BY_IDENTITY) >= _IDENTITY_LIMIT:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[(id(poly), max_vertices)] = (poly, found)  # holds poly: its id stays unique
    return [list(r) for r in found]


_Rings = tuple[tuple[tuple[float, float], ...], ...]
_IDENTITY_LIMIT = 16384
_BY_IDENTITY: dict[tuple[int, int], tuple[Polygon, _Rings]] = {}
"""Memo of :func:`convex_parts` by polygon object (trays cache their polygon), in front of
the memo by WKB bytes; a pure-function cache, bounded, never observable in the answers."""


@lru_cache(maxsize=16384)
def _convex_parts_of(wkb: bytes, max_vertices: int) -> _Rings:
    """:func:`convex_parts` of the polygon with this WKB (see there)."""
    parts = _convex_parts(shapely.from_wkb(wkb), max_vertices)
    return tuple(tuple(r) for r in parts)


def _convex_parts(poly: Polygon, max_vertices: int) -> list[list[tuple[float, float]]]:
    """The uncached work of :func:`convex_parts`."""
    if poly.is_empty or poly.area <= 0.0:
        return []
    if _is_convex(poly):
        rings = [_ring(poly)]
    else:
        tris = shapely.constrained_delaunay_triangles(poly)
        rings = [_ring(t) for t in shapely.get_parts(tris) if t.area > 0.0]
    if max_vertices < 3:
        return rings
    out: list[list[tuple[float, float]]] = []
    for r in rings:
        if len(r) <= max_vertices:
            out.append(r)
            continue
        step = max_vertices - 2
        for i in range(1, len(r) - 1, step):
            out.append([r[0], *r[i:min(i + step + 1, len(r))]])
    return out


def build_pieces(polygons: Sequence[Polygon], max_vertices: int = 4) -> Pieces:
    """Convex pieces (at most ``max_vertices`` corners each) of every polygon, with
    ``owner`` = index into ``polygons``.

    Each polygon's padded corner arrays are memoised (see :func:`convex_parts`), so asking
    about the same obstacles again costs one concatenation; the arrays are exactly those
    :func:`pieces_from_rings` would build from the rings."""
    if max_vertices < 3:
        return _build_pieces_from_rings(polygons, max_vertices)
    blocks: list[tuple[np.ndarray, np.ndarray]] = []
    owners: list[np.ndarray] = []
    for i, poly in enumerate(polygons):
        verts, count = _padded_parts(poly, max_vertices)
        if len(count):
            blocks.append((verts, count))
            owners.append(np.full(len(count), i, dtype=np.int64))
    if not blocks:
        return pieces_from_rings([], [])
    count = np.concatenate([c for _, c in blocks])
    k = int(count.max())
    verts = np.concatenate([v for v, _ in blocks])[:, :k]
    return pieces_from_arrays(verts, count, np.concatenate(owners))


def _build_pieces_from_rings(polygons: Sequence[Polygon], max_vertices: int) -> Pieces:
    """:func:`build_pieces` without a corner limit (rings of any length)."""
    rings: list[list[tuple[float, float]]] = []
    owners: list[int] = []
    for i, poly in enumerate(polygons):
        for r in _rings_of(poly, max_vertices):
            rings.append(r)
            owners.append(i)
    return pieces_from_rings(rings, owners)


def _rings_of(poly: Polygon, max_vertices: int) -> list[list[tuple[float, float]]]:
    """The convex rings (3 corners or more) of a polygon or of each part of a multipolygon."""
    geoms = shapely.get_parts(poly) if poly.geom_type == "MultiPolygon" else [poly]
    return [r for g in geoms for r in convex_parts(g, max_vertices) if len(r) >= 3]


def _padded_parts(poly: Polygon, max_vertices: int) -> tuple[np.ndarray, np.ndarray]:
    """A polygon's convex rings as (m, max_vertices, 2) corners padded by repeating each
    ring's last corner, and their corner counts (memoised by polygon object)."""
    key = (id(poly), -max_vertices)
    known = _PADDED.get(key)
    if known is not None and known[0] is poly:
        return known[1], known[2]
    rings = _rings_of(poly, max_vertices)
    verts = np.zeros((len(rings), max_vertices, 2))
    count = np.zeros(len(rings), dtype=np.int64)
    for j, r in enumerate(rings):
        verts[j, : len(r)] = r
        verts[j, len(r):] = r[-1]
        count[j] = len(r)
    if len(_PADDED) >= _IDENTITY_LIMIT:
        _PADDED.clear()
    _PADDED[key] = (poly, verts, count)  # holds poly: its id stays unique while cached
    return verts, count


_PADDED: dict[tuple[int, int], tuple[Polygon, np.ndarray, np.ndarray]] = {}


def pieces_from_rings(rings: Sequence[Sequence[tuple[float, float]]],
                      owners: Sequence[int]) -> Pieces:
    """Pieces from counter-clockwise convex rings (no closing point)."""
    m = len(rings)
    k = max((len(r) for r in rings), default=3)
    verts = np.zeros((m, k, 2))
    count = np.zeros(m, dtype=np.int64)
    for i, r in enumerate(rings):
        n = len(r)
        verts[i, :n] = r
        verts[i, n:] = r[-1]
        count[i] = n
    return pieces_from_arrays(verts, count, np.asarray(owners, dtype=np.int64))


def pieces_from_arrays(verts: np.ndarray, count: np.ndarray, owner: np.ndarray) -> Pieces:
    """Pieces from padded counter-clockwise vertex arrays (M, K, 2)."""
    m, k = verts.shape[0], verts.shape[1] if verts.ndim == 3 else 3
    if m == 0:
        z = np.zeros((0, k, 2))
        return Pieces(z, np.zeros(0, np.int64), np.zeros(0, np.int64), z,
                      np.zeros((0, k)), np.zeros((0, 2)), np.zeros((0, 4)))
    idx = np.arange(k)
    nxt = np.where(idx[None, :] + 1 < count[:, None], idx[None, :] + 1, 0)
    e1 = np.take_along_axis(verts, nxt[:, :, None].repeat(2, axis=2), axis=1)
    d = e1 - verts
    length = np.hypot(d[..., 0], d[..., 1])
    real = (idx[None, :] < count[:, None]) & (length > 1e-15)
    safe = np.where(real, length, 1.0)
    normal = np.stack([-d[..., 1] / safe, d[..., 0] / safe], axis=-1)
    normal[~real] = 0.0
    offset = np.where(real, np.einsum("mki,mki->mk", normal, verts), _NEG)
    valid = idx[None, :] < count[:, None]
    centroid = (verts * valid[..., None]).sum(axis=1) / count[:, None]
    big = np.where(valid[..., None], verts, np.nan)
    bounds = np.concatenate([np.nanmin(big, axis=1), np.nanmax(big, axis=1)], axis=1)
    return Pieces(verts, count, owner, normal, offset, centroid, bounds)


def tray_pieces(corners: np.ndarray, owner: np.ndarray) -> Pieces:
    """Pieces for trays given their corners (N, 4, 2) in the Tray order (front-left,
    front-right, rear-right, rear-left: clockwise), reversed here to counter-clockwise."""
    ccw = corners[:, ::-1, :].copy()
    return pieces_from_arrays(ccw, np.full(ccw.shape[0], 4, dtype=np.int64), owner)


def concat(parts: Sequence[Pieces]) -> Pieces:
    """Concatenate piece sets (padding to the largest vertex count)."""
    parts = [p for p in parts if len(p)]
    if not parts:
        return pieces_from_arrays(np.zeros((0, 3, 2)), np.zeros(0, np.int64),
                                  np.zeros(0, np.int64))
    k = max(p.verts.shape[1] for p in parts)

    def pad(a: np.ndarray, fill: float, last: bool = False) -> np.ndarray:
        extra = k - a.shape[1]
        if extra == 0:
            return a
        if last:
            rep = np.repeat(a[:, -1:], extra, axis=1)
            return np.concatenate([a, rep], axis=1)
        shape = (a.shape[0], extra, *a.shape[2:])
        return np.concatenate([a, np.full(shape, fill)], axis=1)

    return Pieces(
        np.concatenate([pad(p.verts, 0.0, last=True) for p in parts]),
        np.concatenate([p.count for p in parts]),
        np.concatenate([p.owner for p in parts]),
        np.concatenate([pad(p.normal, 0.0) for p in parts]),
        np.concatenate([pad(p.offset, _NEG) for p in parts]),
        np.concatenate([p.centroid for p in parts]),
        np.concatenate([p.bounds for p in parts]),
    )


def ray_entries(p: np.ndarray, d: np.ndarray, gn: np.ndarray, gc: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """First entry of rays ``p + t d`` (S rays) into convex parts given by their outward
    half-planes (normals (S, K, 2), offsets (S, K)): ``(hit, t)``, where ``hit`` says the ray
    enters its part at some t > 0 (touching within TOLERANCE counts) and ``t`` is that entry."""
    a = np.einsum("ski,si->sk", gn, p) - gc
    b = np.einsum("ski,si->sk", gn, d)
    with np.errstate(divide="ignore", invalid="ignore"):
        rr = -a / b
    t_in = np.maximum(np.where(b > 0, rr, -np.inf).max(axis=1), 0.0)
    t_out = np.where(b < 0, rr, np.inf).min(axis=1)
    par = np.where(np.abs(b) <= 1e-15, a >= -TOLERANCE, True).all(axis=1)
    hit = par & (t_in <= t_out + 1e-9) & (t_in > 0)
    return hit, t_in
