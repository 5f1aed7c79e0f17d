"""A world cache for per-frame geometric questions: trays by id, terrain with keywords,
convex pieces in numpy arrays and an STRtree over their bounding boxes.

Obstacle indices (``Sight.blockers``, ``first_contact`` results) refer to
:meth:`World.obstacle_keys`: the tray ids in insertion order, then ``"terrain:<i>"`` for
each terrain piece. The world answers with the same exact algorithms as the free functions
(:mod:`sight`, :mod:`sweep`, :mod:`ranges`), batched over targets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.geometry.arcs import Arc, ArcConstruction, arc_halfplanes
from game.geometry.batch import batch_sight, test_against_candidates
from game.geometry.pieces import Pieces, build_pieces, concat, tray_pieces
from game.geometry.sight import (
    Sight,
    _segment_ring_distance,
    front_arc_part,
    seam_owners,
    sight_core,
)
from game.geometry.sweep import first_blocking, swept_intervals
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray

BLOCKS_SIGHT = "blocks_sight"
"""Terrain keyword: the piece blocks Line of Sight."""
IMPASSABLE = "impassable"
"""Terrain keyword: trays may not enter the piece (sweeps stop at it)."""


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: its outline (inches) and keywords such as :data:`BLOCKS_SIGHT` and
    :data:`IMPASSABLE`."""

    polygon: Polygon
    keywords: frozenset[str] = field(default_factory=frozenset)


def _corners(trays: Sequence[Tray]) -> np.ndarray:
    return np.asarray([t.corners for t in trays], dtype=float).reshape(-1, 4, 2)


class World:
    """Trays by id plus terrain; caches pieces and a spatial index, updated on :meth:`move`."""

    def __init__(
        self,
        trays: Mapping[str, Tray] | None = None,
        terrain: Iterable[Terrain] = (),
        construction: ArcConstruction = "corner-45",
    ) -> None:
        self.construction: ArcConstruction = construction
        self._ids: list[str] = list((trays or {}).keys())
        self._index: dict[str, int] = {k: i for i, k in enumerate(self._ids)}
        self._trays: list[Tray] = list((trays or {}).values())
        self.terrain: tuple[Terrain, ...] = tuple(terrain)
        n = len(self._ids)
        sight_t = [i for i, t in enumerate(self.terrain) if BLOCKS_SIGHT in t.keywords]
        move_t = [i for i, t in enumerate(self.terrain) if IMPASSABLE in t.keywords]
        self._sight_terrain = self._terrain_pieces(sight_t, n)
        self._move_terrain = self._terrain_pieces(move_t, n)
        self._tray_pieces = tray_pieces(_corners(self._trays), np.arange(n))
        self._dirty = True
        self._sight: Pieces = self._tray_pieces
        self._tree: shapely.STRtree | None = None

    def _terrain_pieces(self, which: list[int], offset: int) -> Pieces:
        p = build_pieces([self.terrain[i].polygon for i in which])
        owners = np.asarray([which[o] + offset for o in p.owner], dtype=np.int64)
        return Pieces(p.verts, p.count, owners, p.normal, p.offset, p.centroid, p.bounds)

    # -- bookkeeping --------------------------------------------------------------------------
    @property
    def ids(self) -> list[str]:
        """Tray ids in insertion order."""
        return list(self._ids)

    def tray(self, tray_id: str) -> Tray:
        """The tray with this id."""
        return self._trays[self._index[tray_id]]

    def obstacle_keys(self) -> list[str]:
        """Names of obstacle indices: tray ids, then ``terrain:<i>``."""
        return self._ids + [f"terrain:{i}" for i in range(len(self.terrain))]

    def move(self, tray_id: str, tray: Tray) -> None:
        """Replace a tray's position (pieces updated in place; the index is rebuilt lazily)."""
        i = self._index[tray_id]
        self._trays[i] = tray
        one = tray_pieces(_corners([tray]), np.asarray([i]))
        tp = self._tray_pieces
        for name in ("verts", "normal", "offset", "centroid", "bounds"):
            getattr(tp, name)[i] = getattr(one, name)[0]
        self._dirty = True

    def _refresh(self) -> None:
        if self._dirty:
            self._sight = concat([self._tray_pieces, self._sight_terrain])
            b = self._sight.bounds
            self._tree = shapely.STRtree(shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3]))
            self._dirty = False

    def _sight_pieces(self) -> tuple[Pieces, shapely.STRtree]:
        self._refresh()
        assert self._tree is not None
        return self._sight, self._tree

    # -- questions ----------------------------------------------------------------------------
    def range_from(self, viewer_id: str) -> dict[str, float]:
        """Range in inches from the viewer's Front Arrow to every other tray (AS-RNG-6)."""
        v = self._index[viewer_id]
        fa = np.asarray(self._trays[v].front_arrow, dtype=float)
        d = _point_quad_distances(fa, self._tray_pieces.verts)
        return {k: float(d[i]) for i, k in enumerate(self._ids) if i != v}

    def sight(self, viewer_id: str, target_id: str) -> Sight:
        """Exact Line of Sight from one tray to another (see :mod:`game.geometry.sight`)."""
        return self._sight_many(self._index[viewer_id], [self._index[target_id]])[target_id]

    def sight_from(self, viewer_id: str) -> dict[str, Sight]:
        """Exact Line of Sight from one tray to every other tray."""
        v = self._index[viewer_id]
        return self._sight_many(v, [i for i in range(len(self._ids)) if i != v])

    def _sight_many(self, v: int, targets: list[int]) -> dict[str, Sight]:
        pieces, tree = self._sight_pieces()
        viewer = self._trays[v]
        out: dict[str, Sight] = {}
        fl = np.asarray(viewer.corners[0], dtype=float)
        fr = np.asarray(viewer.corners[1], dtype=float)
        fwd = np.asarray(viewer.forward, dtype=float)
        hps = np.asarray(arc_halfplanes(viewer, Arc.FRONT, self.construction), dtype=float)
        quads = self._tray_pieces.verts[targets]  # (T, 4, 2) counter-clockwise
        vals = np.einsum("tki,hi->tkh", quads, hps[:, :2]) - hps[None, None, :, 2]
        inside = (vals >= -TOLERANCE).all(axis=(1, 2))
        outside = (vals < -TOLERANCE).all(axis=1).any(axis=1)
        parts: list[np.ndarray | None] = []
        for k in range(len(targets)):
            if outside[k]:
                parts.append(None)
            elif inside[k]:
                parts.append(quads[k])
            else:
                ring = front_arc_part(viewer, [tuple(p) for p in quads[k]], self.construction)
                parts.append(np.asarray(ring, dtype=float) if ring else None)
        live = [k for k, g in enumerate(parts) if g is not None]
        for k, g in enumerate(parts):
            if g is None:
                out[self._ids[targets[k]]] = Sight(False, None, (), "out-of-arc")
        if not live:
            return out
        tarr = np.asarray(targets)
        # pieces meeting each sight hull (convex hull of front edge and target part)
        pts = [np.vstack([fl[None], fr[None], parts[k]]) for k in live]  # type: ignore[list-item]
        hulls = shapely.convex_hull(shapely.multipoints(
            np.vstack(pts), indices=np.repeat(np.arange(len(pts)), [len(x) for x in pts])))
        qi, pi = tree.query(hulls, predicate="intersects")
        own = pieces.owner[pi]
        keep = (own != v) & (own != tarr[np.asarray(live)][qi])
        qi, pi = qi[keep], pi[keep]
        order = np.argsort(qi, kind="stable")
        qi, pi = qi[order], pi[order]
        lens = np.bincount(qi, minlength=len(live)).astype(np.int64)
        # fast path: direct segments (front-edge ends and middle to the target part's centre
        # and corners), all targets in one flat batch
        mid = (fl + fr) / 2.0
        seg_p, seg_q, seg_t = [], [], []
        for n, k in enumerate(live):
            g = parts[k]
            assert g is not None
            ends = np.vstack([g.mean(axis=0)[None], g])
            for src in (mid, fl, fr):
                seg_p.append(np.repeat(src[None], len(ends), axis=0))
                seg_q.append(ends)
                seg_t.append(np.full(len(ends), n))
        sp, sq, st = np.vstack(seg_p), np.vstack(seg_q), np.concatenate(seg_t)
        si, spi, crosses, touches = test_against_candidates(sp, sq, st, lens, pi, pieces)
        crossed = np.zeros(len(sp), dtype=bool)
        np.logical_or.at(crossed, si[crosses], True)
        touched = np.zeros(len(sp), dtype=bool)
        np.logical_or.at(touched, si[touches], True)
        resolved: set[int] = set()
        for s in np.nonzero(~crossed)[0]:
            n = int(st[s])
            if n in resolved:
                continue
            a = (float(sp[s, 0]), float(sp[s, 1]))
            b = (float(sq[s, 0]), float(sq[s, 1]))
            if touched[s] and seam_owners(a, b, pieces.take(spi[(si == s) & touches])):
                continue
            out[self._ids[targets[live[n]]]] = Sight(True, (a, b), (), "clear")
            resolved.add(n)
        # contact with the front edge
        unresolved = [n for n in range(len(live)) if n not in resolved]
        if not unresolved:
            return out
        rings: list[np.ndarray] = []
        for n in unresolved:
            part_n = parts[live[n]]
            assert part_n is not None
            rings.append(part_n)
        polys = shapely.polygons(shapely.linearrings(
            np.vstack(rings), indices=np.repeat(np.arange(len(rings)), [len(r) for r in rings])))
        front = shapely.linestrings([fl, fr])
        dists = shapely.distance(front, polys)
        rest_n: list[int] = []
        for m, n in enumerate(unresolved):
            if dists[m] <= TOLERANCE:
                _, near = _segment_ring_distance(fl, fr, rings[m])
                out[self._ids[targets[live[n]]]] = Sight(True, (near, near), (), "contact")
            else:
                rest_n.append(n)
        if not rest_n:
            return out
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
        rest = [live[n] for n in rest_n]
        sel = np.concatenate([np.arange(starts[n], starts[n] + lens[n]) for n in rest_n])
        qi = np.repeat(np.arange(len(rest_n)), lens[rest_n])
        pi = pi[sel.astype(np.int64)] if len(sel) else np.zeros(0, dtype=np.int64)
        # a single piece hiding the whole target part: every segment from either end of the
        # front edge to every corner of the part crosses it (shadows of convex pieces are
        # convex, in both ends of the segment)
        hidden = _hidden_by_one_piece(fl, fr, [parts[k] for k in rest], qi, pi, pieces)
        starts = np.searchsorted(qi, np.arange(len(rest)))
        ends = np.searchsorted(qi, np.arange(len(rest)), side="right")
        tricky = _overlapping_parts(fl, fr, [parts[k] for k in rest], qi, pi, pieces)
        batch_k, batch_c, batch_x = [], [], []
        for n, k in enumerate(rest):
            t = targets[k]
            g = parts[k]
            assert g is not None
            cand = pi[starts[n]:ends[n]]
            if hidden[n] >= 0:
                out[self._ids[t]] = Sight(False, None, (int(pieces.owner[hidden[n]]),),
                                          "blocked")
            elif tricky[n]:  # a piece overlaps the front edge or the target: full method
                out[self._ids[t]] = sight_core(fl, fr, fwd, g, pieces.take(cand))
            else:
                batch_k.append(k)
                batch_c.append(cand)
                batch_x.append((v, t))
        if batch_k:
            found = batch_sight(fl, fr, fwd, [parts[k] for k in batch_k],  # type: ignore[misc]
                                batch_c, batch_x, pieces, tree)
            for k, res in zip(batch_k, found, strict=True):
                out[self._ids[targets[k]]] = res
        return out

    def _near(self, pieces: Pieces, tree: shapely.STRtree, a: tuple[float, float],
              b: tuple[float, float], v: int, t: int) -> Pieces:
        idx = tree.query(shapely.linestrings([a, b]).buffer(2 * TOLERANCE))
        own = pieces.owner[idx]
        return pieces.take(idx[(own != v) & (own != t)])

    def first_contacts(self, distance: float) -> dict[str, tuple[float, str | None]]:
        """For every tray moving straight ahead up to ``distance`` inches: the distance it
        travels before meeting another tray or impassable terrain, and what it meets (see
        :func:`game.geometry.sweep.first_contact`)."""
        self._refresh()
        pieces = concat([self._tray_pieces, self._move_terrain])
        keys = self.obstacle_keys()
        n = len(self._ids)
        if n == 0:
            return {}
        verts = self._tray_pieces.verts
        fwd = np.asarray([t.forward for t in self._trays], dtype=float)
        moved = verts + distance * fwd[:, None, :]
        sw = np.concatenate([verts, moved], axis=1)
        lo, hi = sw.min(axis=1), sw.max(axis=1)
        b = pieces.bounds
        tree = shapely.STRtree(shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3]))
        qi, pi = tree.query(shapely.box(lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]))
        keep = pieces.owner[pi] != qi
        qi, pi = qi[keep], pi[keep]
        t_lo, _, blocks = swept_intervals(verts[qi], fwd[qi], pieces.take(pi))
        out: dict[str, tuple[float, str | None]] = {}
        dist = np.where(blocks, np.maximum(t_lo, 0.0), np.inf)
        best = np.full(n, np.inf)
        np.minimum.at(best, qi, dist)
        for i in range(n):
            if best[i] <= distance + TOLERANCE:
                m = (qi == i) & (dist == best[i])
                who = int(pieces.owner[pi[m][0]])
                d, _ = first_blocking(np.asarray([best[i]]), np.asarray([True]),
                                      np.asarray([who]), distance)
                out[self._ids[i]] = (d, keys[who])
            else:
                out[self._ids[i]] = (distance, None)
        return out


def _overlapping_parts(
    fl: np.ndarray, fr: np.ndarray, parts: list[np.ndarray | None], qi: np.ndarray,
    pi: np.ndarray, pieces: Pieces,
) -> np.ndarray:
    """For each target part: does a candidate piece overlap it or the front edge (interiors
    meeting)? Bounding boxes first, then shapely for the few that remain."""
    out = np.zeros(len(parts), dtype=bool)
    if len(qi) == 0:
        return out
    boxes = np.zeros((len(parts), 4))
    for n, g in enumerate(parts):
        assert g is not None
        boxes[n] = [*g.min(axis=0), *g.max(axis=0)]
    fbox = np.asarray([*np.minimum(fl, fr), *np.maximum(fl, fr)])
    pb = pieces.bounds[pi]
    t = TOLERANCE

    def meets(bx: np.ndarray) -> np.ndarray:
        res: np.ndarray = ((pb[:, 0] < bx[:, 2] - t) & (pb[:, 2] > bx[:, 0] + t)
                           & (pb[:, 1] < bx[:, 3] - t) & (pb[:, 3] > bx[:, 1] + t))
        return res

    maybe = meets(boxes[qi]) | meets(np.broadcast_to(fbox, (len(qi), 4)))
    if not maybe.any():
        return out
    from shapely.geometry import LineString, Polygon

    front = LineString([tuple(fl), tuple(fr)])
    for n, m in zip(qi[maybe], pi[maybe], strict=True):
        if out[n]:
            continue
        piece = Polygon(pieces.verts[m, : pieces.count[m]]).buffer(-TOLERANCE,
                                                                   join_style="mitre")
        g = parts[n]
        assert g is not None
        out[n] = bool(piece.intersects(front) or piece.intersects(Polygon(g)))
    return out


def _hidden_by_one_piece(
    fl: np.ndarray, fr: np.ndarray, parts: list[np.ndarray | None], qi: np.ndarray,
    pi: np.ndarray, pieces: Pieces,
) -> np.ndarray:
    """For each target part, a piece index that alone hides it from the whole front edge, or
    -1. (target, piece) candidate pairs are given by ``qi``, ``pi``."""
    out = np.full(len(parts), -1, dtype=np.int64)
    if len(qi) == 0:
        return out
    kmax = max(len(g) for g in parts if g is not None)
    corners = np.zeros((len(parts), kmax, 2))
    for n, g in enumerate(parts):
        assert g is not None
        corners[n, : len(g)] = g
        corners[n, len(g):] = g[-1]
    q = corners[qi]  # (P, kmax, 2)
    nrm = pieces.normal[pi]  # (P, K, 2)
    off = pieces.offset[pi] + TOLERANCE  # shrunk pieces
    all_cross = np.ones(len(qi), dtype=bool)
    for src in (fl, fr):
        a = np.einsum("pki,i->pk", nrm, src) - off  # (P, K)
        b = np.einsum("pki,pci->pck", nrm, q - src)  # (P, C, K)
        a = a[:, None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            r = -a / b
        lo = np.where(b > 0, r, -np.inf).max(axis=2)
        hi = np.where(b < 0, r, np.inf).min(axis=2)
        par = np.where(b == 0, a > 0, True).all(axis=2)
        all_cross &= (par & (np.maximum(lo, 0.0) < np.minimum(hi, 1.0))).all(axis=1)
    for n, p in zip(qi[all_cross], pi[all_cross], strict=True):
        if out[n] < 0:
            out[n] = p
    return out


def _point_quad_distances(p: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """Distance from point p to each convex quad (N, 4, 2), 0 inside (inches)."""
    a = quads
    b = np.roll(quads, -1, axis=1)
    d = b - a
    dd = np.maximum((d * d).sum(axis=2), 1e-30)
    t = np.clip(((p[None, None] - a) * d).sum(axis=2) / dd, 0.0, 1.0)
    c = a + t[..., None] * d
    dist = np.hypot(*(p[None, None] - c).transpose(2, 0, 1)).min(axis=1)
    cross = d[..., 0] * (p[1] - a[..., 1]) - d[..., 1] * (p[0] - a[..., 0])
    inside = (cross >= 0).all(axis=1)
    out: np.ndarray = np.where(inside, 0.0, dist)
    return out


def _flat_segment_test(
    p: np.ndarray, q: np.ndarray, pieces: Pieces, tree: shapely.STRtree,
    exclude: tuple[int, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """For segments p->q: (crosses some piece deeper than TOLERANCE, comes within TOLERANCE
    of some piece), ignoring pieces owned by the viewer ``exclude[0]`` or by each segment's
    own target ``exclude[1][s]``."""
    lines = shapely.linestrings(np.stack([p, q], axis=1))
    si, pi = tree.query(lines)
    own = pieces.owner[pi]
    keep = (own != exclude[0]) & (own != exclude[1][si])
    si, pi = si[keep], pi[keep]
    crossed = np.zeros(len(p), dtype=bool)
    touched = np.zeros(len(p), dtype=bool)
    if len(si) == 0:
        return crossed, touched
    n = pieces.normal[pi]  # (P, K, 2)
    c = pieces.offset[pi]
    base = np.einsum("pki,pi->pk", n, p[si]) - c
    b = np.einsum("pki,pi->pk", n, q[si] - p[si])
    for shrink, acc in ((TOLERANCE, crossed), (-TOLERANCE, touched)):
        a = base - shrink
        with np.errstate(divide="ignore", invalid="ignore"):
            r = -a / b
        lo = np.where(b > 0, r, -np.inf).max(axis=1)
        hi = np.where(b < 0, r, np.inf).min(axis=1)
        par = np.where(b == 0, a > 0 if shrink > 0 else a >= 0, True).all(axis=1)
        hit = par & (np.maximum(lo, 0.0) < np.minimum(hi, 1.0) if shrink > 0 else
                     np.maximum(lo, 0.0) <= np.minimum(hi, 1.0))
        np.logical_or.at(acc, si[hit], True)
    return crossed, touched


class SightTable:
    """Line of Sight between every ordered pair of trays of a :class:`World`, kept up to date
    incrementally.

    After a tray moves (call :meth:`World.move` first, then :meth:`update_after_move`), only
    pairs the move can affect are recomputed: the mover's row and column; pairs that were
    visible and whose witness segment the mover's new position now crosses or touches; and
    pairs that were blocked with the mover among their blockers (removing an obstacle that
    stopped none of the candidate lines cannot open a line, since the candidate lines depend
    only on the viewer and the target). Everything else keeps its exact answer."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.table: dict[tuple[str, str], Sight] = {}
        for v in world.ids:
            for t, s in world.sight_from(v).items():
                self.table[(v, t)] = s

    def __getitem__(self, pair: tuple[str, str]) -> Sight:
        return self.table[pair]

    def visible_pairs(self) -> set[tuple[str, str]]:
        """All (viewer, target) pairs with Line of Sight."""
        return {k for k, s in self.table.items() if s.visible}

    def update_after_move(self, tray_id: str) -> set[tuple[str, str]]:
        """Refresh the pairs a move of ``tray_id`` can affect; returns the pairs whose
        visibility changed."""
        w = self.world
        m = w._index[tray_id]
        affected: dict[str, list[str]] = {}
        vis_keys: list[tuple[str, str]] = []
        seg_p: list[tuple[float, float]] = []
        seg_q: list[tuple[float, float]] = []
        for (v, t), s in self.table.items():
            if v == tray_id or t == tray_id:
                continue
            if s.visible:
                assert s.witness is not None
                vis_keys.append((v, t))
                seg_p.append(s.witness[0])
                seg_q.append(s.witness[1])
            elif m in s.blockers:
                affected.setdefault(v, []).append(t)
        if vis_keys:
            mover = w._tray_pieces.take(np.asarray([m]))
            p = np.asarray(seg_p, dtype=float)
            q = np.asarray(seg_q, dtype=float)
            hit = _segments_near_piece(p, q, mover)
            for k in np.nonzero(hit)[0]:
                v, t = vis_keys[k]
                affected.setdefault(v, []).append(t)
        changed: set[tuple[str, str]] = set()

        def store(v: str, t: str, s: Sight) -> None:
            old = self.table.get((v, t))
            if old is None or old.visible != s.visible:
                changed.add((v, t))
            self.table[(v, t)] = s

        for t, s in w.sight_from(tray_id).items():
            store(tray_id, t, s)
        for v in w.ids:
            if v == tray_id:
                continue
            targets = [w._index[t] for t in affected.get(v, [])] + [m]
            for t, s in w._sight_many(w._index[v], targets).items():
                store(v, t, s)
        return changed


def _segments_near_piece(p: np.ndarray, q: np.ndarray, piece: Pieces) -> np.ndarray:
    """Segments p->q that come within TOLERANCE of the single convex piece (or enter it)."""
    n = piece.normal[0]  # (K, 2)
    c = piece.offset[0]
    a = p @ n.T - c[None] + TOLERANCE
    b = (q - p) @ n.T
    with np.errstate(divide="ignore", invalid="ignore"):
        r = -a / b
    lo = np.where(b > 0, r, -np.inf).max(axis=1)
    hi = np.where(b < 0, r, np.inf).min(axis=1)
    par = np.where(b == 0, a >= 0, True).all(axis=1)
    out: np.ndarray = par & (np.maximum(lo, 0.0) <= np.minimum(hi, 1.0))
    return out
