"""Line of Sight between trays (AS), computed exactly.

A viewer sees a target if some straight segment from a point of the viewer's front edge to a
point of the target lies in the viewer's Front Arc and crosses no obstacle (other trays,
sight-blocking terrain). Touching an obstacle is not crossing it: a segment may dip up to
:data:`TOLERANCE` inches into an obstacle and still only touch it. Obstacles are taken as their
union: a segment running along an edge shared by two touching obstacles (a seam) is blocked,
while a segment slipping through the single point where two obstacles meet corner to corner
is clear.

Exactness: if any clear segment exists, one exists whose line passes through two "event
points" -- the front edge's ends, the corners of the target's part inside the Front Arc, the
obstacle corners where the line only grazes the obstacle, and the points where obstacle
outlines cross the front edge or the target's outline. So the candidate lines through every
pair of event points (inside the convex hull of front edge and target) decide the question; no
sampling is involved. All candidates are tested at once with numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from shapely.geometry import Polygon

from game.geometry.arcs import Arc, ArcConstruction, arc_halfplanes, clip_ring
from game.geometry.pieces import Pieces, build_pieces, convex_parts
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Point, Tray

Segment = tuple[Point, Point]


@dataclass(frozen=True)
class Sight:
    """Answer to a Line of Sight question.

    ``witness`` is a clear segment (front-edge point, target point) in inches when
    ``visible``; ``blockers`` are indices into the obstacle list of the obstacles that cross
    the candidate lines when not visible (together they stop every line; empty when the
    target is simply outside the Front Arc). ``reason`` is "clear", "contact", "blocked" or
    "out-of-arc". ``critical`` (a subset of ``blockers``) holds the obstacles that alone stop
    at least one candidate line: taking away any single other obstacle cannot reveal the
    target. (Only a statement about the current obstacles: once one redundant blocker is
    gone, another may become critical; the incremental sight table therefore keys on
    ``blockers``, not on this set.)"""

    visible: bool
    witness: Segment | None
    blockers: tuple[int, ...]
    reason: str = ""
    critical: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# small geometry helpers


def _cross(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray) -> np.ndarray:
    out: np.ndarray = ax * by - ay * bx
    return out


def convex_hull_ring(pts: np.ndarray) -> np.ndarray:
    """Counter-clockwise convex hull (monotone chain) of a few points (N, 2)."""
    p = sorted({(float(x), float(y)) for x, y in pts})
    if len(p) <= 2:
        return np.asarray(p, dtype=float).reshape(-1, 2)

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for q in seq:
            while len(out) >= 2 and (
                (out[-1][0] - out[-2][0]) * (q[1] - out[-2][1])
                - (out[-1][1] - out[-2][1]) * (q[0] - out[-2][0])
            ) <= 0:
                out.pop()
            out.append(q)
        return out

    lower, upper = half(p), half(p[::-1])
    return np.asarray(lower[:-1] + upper[:-1], dtype=float)


def _ring_halfplanes(ring: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Inward unit normals (k, 2) and offsets (k,) of a counter-clockwise convex ring."""
    d = np.roll(ring, -1, axis=0) - ring
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length > 1e-15
    n = np.stack([-d[keep, 1], d[keep, 0]], axis=1) / length[keep, None]
    return n, np.einsum("ki,ki->k", n, ring[keep])


def crossing_matrix(p: np.ndarray, q: np.ndarray, pieces: Pieces) -> np.ndarray:
    """(S, M) booleans: segment s (p[s] -> q[s]) enters piece m deeper than TOLERANCE.

    Cyrus-Beck clipping of each segment against each convex piece shrunk by TOLERANCE; a
    segment that only touches or grazes a piece (within tolerance) does not enter it."""
    if len(pieces) == 0 or p.shape[0] == 0:
        return np.zeros((p.shape[0], len(pieces)), dtype=bool)
    n = pieces.normal  # (M, K, 2)
    a = (np.einsum("mki,si->smk", n, p) - pieces.offset[None] - TOLERANCE)
    b = np.einsum("mki,si->smk", n, q - p)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = -a / b
    lo = np.where(b > 0, r, -np.inf).max(axis=2)
    hi = np.where(b < 0, r, np.inf).min(axis=2)
    par = np.where(b == 0, a > 0, True).all(axis=2)
    out: np.ndarray = par & (np.maximum(lo, 0.0) < np.minimum(hi, 1.0))
    return out


def seam_owners(p: Point, q: Point, pieces: Pieces) -> tuple[int, ...]:
    """Owners of two pieces lying on opposite sides of segment p->q along a common stretch
    longer than TOLERANCE (the segment runs along a seam of the obstacles' union). Empty if
    the segment runs along no seam."""
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    length = float(np.hypot(dx, dy))
    if length <= TOLERANCE or len(pieces) == 0:
        return ()
    ux, uy = dx / length, dy / length
    v0 = pieces.verts
    k = v0.shape[1]
    idx = np.arange(k)
    nxt = np.where(idx[None, :] + 1 < pieces.count[:, None], idx[None, :] + 1, 0)
    v1 = np.take_along_axis(v0, nxt[:, :, None].repeat(2, axis=2), axis=1)
    d0 = ux * (v0[..., 1] - py) - uy * (v0[..., 0] - px)
    d1 = ux * (v1[..., 1] - py) - uy * (v1[..., 0] - px)
    real = idx[None, :] < pieces.count[:, None]
    on = (np.abs(d0) <= TOLERANCE) & (np.abs(d1) <= TOLERANCE) & real
    if not on.any():
        return ()
    t0 = ux * (v0[..., 0] - px) + uy * (v0[..., 1] - py)
    t1 = ux * (v1[..., 0] - px) + uy * (v1[..., 1] - py)
    lo = np.maximum(np.minimum(t0, t1), 0.0)
    hi = np.minimum(np.maximum(t0, t1), length)
    on &= hi - lo > TOLERANCE
    ms, ks = np.nonzero(on)
    c = pieces.centroid
    side = np.sign(ux * (c[ms, 1] - py) - uy * (c[ms, 0] - px))
    for i in range(len(ms)):
        for j in range(i + 1, len(ms)):
            if side[i] * side[j] < 0:
                a, b = (ms[i], ks[i]), (ms[j], ks[j])
                overlap = min(hi[a], hi[b]) - max(lo[a], lo[b])
                if overlap > TOLERANCE:
                    return tuple(sorted({int(pieces.owner[ms[i]]), int(pieces.owner[ms[j]])}))
    return ()


# ---------------------------------------------------------------------------------------------
# the exact core


def _event_points(
    fl: np.ndarray, fr: np.ndarray, g: np.ndarray, pieces: Pieces, hull_n: np.ndarray,
    hull_c: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Event points (N, 2) with their outline neighbours (prev, next) for the grazing test.
    Points that need no grazing test have themselves as neighbours."""
    pts = [fl[None], fr[None], g]
    prv = [fl[None], fr[None], g]
    nxt = [fl[None], fr[None], g]
    if len(pieces):
        v = pieces.verts
        k = v.shape[1]
        idx = np.arange(k)
        cnt = pieces.count[:, None]
        valid = idx[None, :] < cnt
        ip = np.where(idx[None, :] == 0, cnt - 1, idx[None, :] - 1)
        inx = np.where(idx[None, :] + 1 < cnt, idx[None, :] + 1, 0)
        vp = np.take_along_axis(v, ip[:, :, None].repeat(2, axis=2), axis=1)
        vn = np.take_along_axis(v, inx[:, :, None].repeat(2, axis=2), axis=1)
        inside = (np.einsum("hi,mki->mkh", hull_n, v) - hull_c >= -TOLERANCE).all(axis=2)
        sel = valid & inside
        pts.append(v[sel])
        prv.append(vp[sel])
        nxt.append(vn[sel])
        # where obstacle outlines cross the front edge or the target's outline
        cross = _outline_crossings(v, vn, valid, np.vstack([fl[None], g]),
                                   np.vstack([fr[None], np.roll(g, -1, axis=0)]))
        if cross.shape[0]:
            pts.append(cross)
            prv.append(cross)
            nxt.append(cross)
    return np.vstack(pts), np.vstack(prv), np.vstack(nxt)


def _outline_crossings(
    v0: np.ndarray, v1: np.ndarray, valid: np.ndarray, s0: np.ndarray, s1: np.ndarray
) -> np.ndarray:
    """Proper crossing points of piece edges (v0->v1) with segments s0->s1."""
    a0 = v0[valid]
    a1 = v1[valid]
    da = a1 - a0  # (E, 2)
    ds = s1 - s0  # (S, 2)
    den = _cross(da[:, None, 0], da[:, None, 1], ds[None, :, 0], ds[None, :, 1])
    w = s0[None, :, :] - a0[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = _cross(w[..., 0], w[..., 1], ds[None, :, 0], ds[None, :, 1]) / den
        u = _cross(w[..., 0], w[..., 1], da[:, None, 0], da[:, None, 1]) / den
    ok = (np.abs(den) > 1e-12) & (t > 1e-12) & (t < 1 - 1e-12) & (u > 1e-12) & (u < 1 - 1e-12)
    if not ok.any():
        return np.zeros((0, 2))
    ei, _ = np.nonzero(ok)
    out: np.ndarray = a0[ei] + t[ok][:, None] * da[ei]
    return out


def _grazes(d: np.ndarray, at: np.ndarray, prv: np.ndarray, nxt: np.ndarray) -> np.ndarray:
    """True where the line through ``at`` with direction ``d`` does not cut into the outline
    locally: both outline neighbours lie on the same closed side of the line."""
    norm = np.hypot(d[:, 0], d[:, 1])
    s1 = _cross(d[:, 0], d[:, 1], prv[:, 0] - at[:, 0], prv[:, 1] - at[:, 1]) / norm
    s2 = _cross(d[:, 0], d[:, 1], nxt[:, 0] - at[:, 0], nxt[:, 1] - at[:, 1]) / norm
    eps = 1e-9
    out: np.ndarray = ~(((s1 > eps) & (s2 < -eps)) | ((s1 < -eps) & (s2 > eps)))
    return out


def candidate_segments(
    fl: np.ndarray, fr: np.ndarray, fwd: np.ndarray, g: np.ndarray, pieces: Pieces
) -> tuple[np.ndarray, np.ndarray]:
    """All candidate sight segments (p, q arrays of shape (S, 2)) from the front edge fl->fr
    to the convex target part g (counter-clockwise ring): a few direct ones first, then one
    per line through two event points that meets the front edge and the target."""
    mid = (fl + fr) / 2.0
    cen = g.mean(axis=0)
    simple_p = np.vstack([mid, fl, fr, np.repeat(mid[None], len(g), axis=0)])
    simple_q = np.vstack([cen, cen, cen, g])
    hull = convex_hull_ring(np.vstack([fl[None], fr[None], g]))
    hull_n, hull_c = _ring_halfplanes(hull)
    pts, prv, nxt = _event_points(fl, fr, g, pieces, hull_n, hull_c)
    n = pts.shape[0]
    i, j = np.triu_indices(n, k=1)
    d = pts[j] - pts[i]
    dn = np.hypot(d[:, 0], d[:, 1])
    keep = dn > 1e-12
    i, j, d, dn = i[keep], j[keep], d[keep], dn[keep]
    keep = _grazes(d, pts[i], prv[i], nxt[i]) & _grazes(d, pts[j], prv[j], nxt[j])
    i, j, d, dn = i[keep], j[keep], d[keep], dn[keep]
    # meet the front edge at parameter u in [0, 1]
    e = fr - fl
    den = _cross(e[0], e[1], d[:, 0], d[:, 1])
    flen = float(np.hypot(*e))
    ok = np.abs(den) > 1e-12 * dn * flen
    with np.errstate(divide="ignore", invalid="ignore"):
        u = _cross(pts[i, 0] - fl[0], pts[i, 1] - fl[1], d[:, 0], d[:, 1]) / den
    ok &= (u >= -1e-9) & (u <= 1 + 1e-9)
    along = d @ fwd
    ok &= np.abs(along) > 1e-12 * dn
    u, d, along = np.clip(u[ok], 0.0, 1.0), d[ok], along[ok]
    p = fl[None] + u[:, None] * e[None]
    d = d * np.sign(along)[:, None]
    # first entry into the target part (Cyrus-Beck, closed)
    gn, gc = _ring_halfplanes(g)
    a = p @ gn.T - gc[None]  # (S, k)
    b = d @ gn.T
    with np.errstate(divide="ignore", invalid="ignore"):
        r = -a / b
    scale = 1e-9
    t_in = np.maximum(np.where(b > 0, r, -np.inf).max(axis=1), 0.0)
    t_out = np.where(b < 0, r, np.inf).min(axis=1)
    par = np.where(np.abs(b) <= 1e-15, a >= -TOLERANCE, True).all(axis=1)
    hit = par & (t_in <= t_out + scale) & (t_in > 0)
    q = p[hit] + t_in[hit, None] * d[hit]
    return np.vstack([simple_p, p[hit]]), np.vstack([simple_q, q])


def sight_core(
    fl: np.ndarray, fr: np.ndarray, fwd: np.ndarray, g: np.ndarray, pieces: Pieces
) -> Sight:
    """Exact Line of Sight from front edge fl->fr (forward unit vector ``fwd``) to the convex
    target part ``g`` (counter-clockwise ring, already cut to the Front Arc) past ``pieces``
    (convex obstacle pieces; ``owner`` indices are reported as blockers)."""
    p, q = candidate_segments(fl, fr, fwd, g, pieces)
    crossing = crossing_matrix(p, q, pieces)
    clear = ~crossing.any(axis=1)
    seams: set[int] = set()
    for s in np.nonzero(clear)[0]:
        a = (float(p[s, 0]), float(p[s, 1]))
        b = (float(q[s, 0]), float(q[s, 1]))
        owners = seam_owners(a, b, pieces)
        if not owners:
            return Sight(True, (a, b), (), "clear")
        seams.update(owners)
    used = np.nonzero(crossing.any(axis=0))[0]
    blockers = {int(o) for o in pieces.owner[used]} | seams
    critical = set(seams)
    for row in crossing:
        row_owners = {int(o) for o in pieces.owner[row]}
        if len(row_owners) == 1:
            critical |= row_owners
    return Sight(False, None, tuple(sorted(blockers)), "blocked", tuple(sorted(critical)))


# ---------------------------------------------------------------------------------------------
# public API


def front_arc_part(
    viewer: Tray, ring: Sequence[Point], construction: ArcConstruction = "corner-45"
) -> list[Point]:
    """The part of a convex counter-clockwise ring inside ``viewer``'s Front Arc, widened by
    TOLERANCE so that a target touching a dividing ray keeps a sliver. Empty if outside."""
    part = list(ring)
    for nx, ny, c in arc_halfplanes(viewer, Arc.FRONT, construction):
        part = clip_ring(part, (nx, ny, c - TOLERANCE))
        if len(part) < 3:
            return []
    return part


def _segment_ring_distance(a: np.ndarray, b: np.ndarray, ring: np.ndarray) -> tuple[float, Point]:
    """Distance (inches) between segment a-b and a convex ring, with a closest point on the
    ring side; 0 if they intersect."""
    from shapely.geometry import LineString
    from shapely.ops import nearest_points

    seg = LineString([tuple(a), tuple(b)])
    poly = Polygon(ring)
    d = float(seg.distance(poly))
    _, near = nearest_points(seg, poly)
    return d, (float(near.x), float(near.y))


def line_of_sight(
    viewer: Tray,
    target: Polygon,
    obstacles: Sequence[Polygon],
    construction: ArcConstruction = "corner-45",
) -> Sight:
    """Exact Line of Sight (AS) from ``viewer``'s front edge to ``target`` inside the Front
    Arc, past ``obstacles`` (which must not include the viewer or the target). Distances in
    inches; touching within :data:`TOLERANCE` is not crossing. See the module docstring."""
    return line_of_sight_pieces(viewer, target, build_pieces(obstacles), construction)


def line_of_sight_pieces(
    viewer: Tray,
    target: Polygon,
    pieces: Pieces,
    construction: ArcConstruction = "corner-45",
) -> Sight:
    """:func:`line_of_sight` past obstacles already cut into convex ``pieces`` (their
    ``owner`` is what ``blockers`` report): the same answer, without rebuilding the pieces
    (a rules world prepares them once per board position)."""
    fl = np.asarray(viewer.corners[0], dtype=float)
    fr = np.asarray(viewer.corners[1], dtype=float)
    fwd = np.asarray(viewer.forward, dtype=float)
    blockers: set[int] = set()
    critical: set[int] = set()
    seen_arc = False
    for ring in convex_parts(target):
        part = front_arc_part(viewer, ring, construction)
        if not part:
            continue
        seen_arc = True
        g = np.asarray(part, dtype=float)
        dist, near = _segment_ring_distance(fl, fr, g)
        if dist <= TOLERANCE:
            return Sight(True, (near, near), (), "contact")
        lo = np.minimum(np.minimum(fl, fr), g.min(axis=0))
        hi = np.maximum(np.maximum(fl, fr), g.max(axis=0))
        near_box = ((pieces.bounds[:, 0] <= hi[0]) & (pieces.bounds[:, 2] >= lo[0])
                    & (pieces.bounds[:, 1] <= hi[1]) & (pieces.bounds[:, 3] >= lo[1]))
        res = sight_core(fl, fr, fwd, g, pieces.take(near_box))
        if res.visible:
            return res
        blockers.update(res.blockers)
        critical.update(res.critical)
    if not seen_arc:
        return Sight(False, None, (), "out-of-arc")
    return Sight(False, None, tuple(sorted(blockers)), "blocked", tuple(sorted(critical)))
