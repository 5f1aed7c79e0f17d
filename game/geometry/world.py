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

from game.geometry.arcs import Arc, ArcConstruction, arc_halfplanes, clip_ring
from game.geometry.batch import batch_sight
from game.geometry.cover import cover_sight, shrunk_vertices
from game.geometry.pieces import Pieces, build_pieces, concat, tray_pieces
from game.geometry.sight import (
    Sight,
    _segment_ring_distance,
    sight_core,
)
from game.geometry.sweep import swept_intervals
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
        import numpy.ma  # noqa: F401  np.unique loads it on its first call (numpy >= 2.3): pay
        # that once here, where worlds are built ahead, not in the first sight query
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
        self._shrunk: np.ndarray | None = None
        self._move_cache: tuple[Pieces, shapely.STRtree] | None = None
        self._halfplanes: dict[int, tuple[tuple[float, float, float], ...]] = {}
        self.cover_depth = 6

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
        self._halfplanes.pop(i, None)
        self._dirty = True

    def _refresh(self) -> None:
        if self._dirty:
            self._sight = concat([self._tray_pieces, self._sight_terrain])
            b = self._sight.bounds
            self._tree = shapely.STRtree(shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3]))
            self._shrunk = None
            self._move_cache = None
            self._dirty = False

    def _sight_pieces(self) -> tuple[Pieces, shapely.STRtree]:
        self._refresh()
        assert self._tree is not None
        return self._sight, self._tree

    def _front_halfplanes(self, v: int) -> tuple[tuple[float, float, float], ...]:
        """The Front Arc half-planes of tray ``v``, kept until it moves (viewer frames are
        asked again for every update of a sight table)."""
        found = self._halfplanes.get(v)
        if found is None:
            found = tuple(arc_halfplanes(self._trays[v], Arc.FRONT, self.construction))
            self._halfplanes[v] = found
        return found

    # -- questions ----------------------------------------------------------------------------
    def range_from(self, viewer_id: str) -> dict[str, float]:
        """Range in inches from the viewer's Front Arrow to every other tray (AS-RNG-6)."""
        v = self._index[viewer_id]
        fa = np.asarray(self._trays[v].front_arrow, dtype=float)
        d = _point_quad_distances(fa, self._tray_pieces.verts)
        return {k: float(d[i]) for i, k in enumerate(self._ids) if i != v}

    def sight(self, viewer_id: str, target_id: str, *, critical: bool = False) -> Sight:
        """Exact Line of Sight from one tray to another (see :mod:`game.geometry.sight`).
        ``Sight.critical`` is filled only with ``critical=True``."""
        return self.sight_pairs([(viewer_id, target_id)], critical=critical)[
            (viewer_id, target_id)]

    def sight_from(self, viewer_id: str, *, critical: bool = False) -> dict[str, Sight]:
        """Exact Line of Sight from one tray to every other tray (``critical`` as in
        :meth:`sight`)."""
        pairs = [(viewer_id, t) for t in self._ids if t != viewer_id]
        return {t: s for (_, t), s in self.sight_pairs(pairs, critical=critical).items()}

    def sight_pairs(self, pairs: Sequence[tuple[str, str]], *, critical: bool = False
                    ) -> dict[tuple[str, str], Sight]:
        """Exact Line of Sight for any (viewer id, target id) pairs, computed in one batch
        (``critical`` as in :meth:`sight`)."""
        vs = [self._index[v] for v, _ in pairs]
        ts = [self._index[t] for _, t in pairs]
        found = self._sight_idx(vs, ts, critical)
        return {pair: found[n] for n, pair in enumerate(pairs)}

    def _sight_idx(self, vs: list[int], ts: list[int], critical: bool = False) -> list[Sight]:
        pieces, _ = self._sight_pieces()
        nr = len(vs)
        if nr == 0:
            return []
        out: list[Sight | None] = [None] * nr
        varr = np.asarray(vs, dtype=np.int64)
        tarr = np.asarray(ts, dtype=np.int64)
        corners = self._tray_pieces.verts  # counter-clockwise: rl, rr, fr, fl
        FL, FR = corners[varr, 3], corners[varr, 2]
        uv, vinv = np.unique(varr, return_inverse=True)
        vinv = vinv.reshape(-1)
        FWD = np.asarray([self._trays[v].forward for v in uv.tolist()], dtype=float)[vinv]
        hps = [self._front_halfplanes(v) for v in uv.tolist()]
        HP = np.asarray(hps, dtype=float)[vinv]  # (R, 3, 3)
        quads = corners[tarr]  # (R, 4, 2)
        vals = np.einsum("rki,rhi->rkh", quads, HP[:, :, :2]) - HP[:, None, :, 2]
        inside = (vals >= -TOLERANCE).all(axis=(1, 2))
        outside = (vals < -TOLERANCE).all(axis=1).any(axis=1)
        # the part inside the Front Arc (widened by TOLERANCE), clipped with numpy
        g, gcount = clip_to_arc(quads, [hps[i] for i in vinv.tolist()], ~inside & ~outside,
                                (vals >= 1e-9 - TOLERANCE).all(axis=1))
        live_m = ~outside & (gcount >= 3)
        for r in np.nonzero(~live_m)[0].tolist():
            out[r] = _OUT_OF_ARC
        lv = np.nonzero(live_m)[0]
        if len(lv) == 0:
            return [o if o is not None else _BLOCKED for o in out]
        g, gcount = g[lv], gcount[lv]
        # contact with the front edge (bounding boxes first)
        gb = np.concatenate([g.min(axis=1), g.max(axis=1)], axis=1)
        flv, frv = FL[lv], FR[lv]
        fb = np.concatenate([np.minimum(flv, frv), np.maximum(flv, frv)], axis=1)
        near = ((gb[:, 0] <= fb[:, 2] + TOLERANCE) & (gb[:, 2] >= fb[:, 0] - TOLERANCE)
                & (gb[:, 1] <= fb[:, 3] + TOLERANCE) & (gb[:, 3] >= fb[:, 1] - TOLERANCE))
        contact = np.zeros(len(lv), dtype=bool)
        if near.any():
            idx = np.nonzero(near)[0]
            ur = [g[n, : gcount[n]] for n in idx.tolist()]
            polys = shapely.polygons(shapely.linearrings(
                np.vstack(ur), indices=np.repeat(np.arange(len(ur)), [len(x) for x in ur])))
            fronts = shapely.linestrings(np.stack([flv[idx], frv[idx]], axis=1))
            dists = shapely.distance(fronts, polys)
            for k, n in enumerate(idx.tolist()):
                if dists[k] <= TOLERANCE:
                    r = int(lv[n])
                    _, pt = _segment_ring_distance(FL[r], FR[r], ur[k])
                    out[r] = Sight(True, (pt, pt), (), "contact")
                    contact[n] = True
        keep_n = np.nonzero(~contact)[0]
        if len(keep_n) == 0:
            return [o if o is not None else _BLOCKED for o in out]
        rows = lv[keep_n]
        g, gcount = g[keep_n], gcount[keep_n]
        qi, pi = _hull_candidates(FL[rows], FR[rows], g, gb[keep_n], pieces, varr[rows],
                                  tarr[rows])
        if self._shrunk is None:
            self._shrunk = shrunk_vertices(pieces)
        cov = cover_sight(FL[rows], FR[rows], g, qi, pi, pieces, self._shrunk,
                          self.cover_depth, critical)
        pend: list[int] = []
        for k, c in enumerate(cov):
            r = int(rows[k])
            if c.witness is not None:
                out[r] = Sight(True, c.witness, (), "clear")
            elif not c.pending:
                out[r] = Sight(False, None, c.blockers, "blocked", c.critical)
            else:
                pend.append(k)
        if not pend:
            return [o if o is not None else _BLOCKED for o in out]
        # what the proofs left open: the exact candidate-line method
        cs = np.searchsorted(qi, np.arange(len(rows)))
        ce = np.searchsorted(qi, np.arange(len(rows)), side="right")
        rparts = {k: g[k, : gcount[k]] for k in pend}
        pq = np.concatenate([np.full(ce[k] - cs[k], n) for n, k in enumerate(pend)])
        pp = np.concatenate([pi[cs[k]:ce[k]] for k in pend])
        pk = np.asarray(pend, dtype=np.int64)
        tricky = _overlapping_parts(FL[rows[pk]], FR[rows[pk]], [rparts[k] for k in pend],
                                    pq.astype(np.int64), pp.astype(np.int64), pieces)
        sub_k: list[int] = []
        sub_fl: list[np.ndarray] = []
        sub_fr: list[np.ndarray] = []
        for n, k in enumerate(pend):
            r = int(rows[k])
            cand = pi[cs[k]:ce[k]]
            if tricky[n]:  # a piece overlaps the front edge or the target: full method
                out[r] = sight_core(FL[r], FR[r], FWD[r], rparts[k], pieces.take(cand))
                continue
            e = (FR[r] - FL[r]) / float(np.hypot(*(FR[r] - FL[r])))
            for s0, s1 in cov[k].pending:
                sub_k.append(k)
                sub_fl.append(FL[r] + s0 * e)
                sub_fr.append(FL[r] + s1 * e)
        if sub_k:
            sr = rows[np.asarray(sub_k, dtype=np.int64)]
            found = batch_sight(np.asarray(sub_fl), np.asarray(sub_fr), FWD[sr],
                                [rparts[k] for k in sub_k], [pi[cs[k]:ce[k]] for k in sub_k],
                                [(int(varr[r]), int(tarr[r])) for r in sr], pieces,
                                self._tree)
            merged: dict[int, Sight] = {}
            for k, res in zip(sub_k, found, strict=True):
                prev = merged.get(k)
                if prev is not None and prev.visible:
                    continue
                if res.visible:
                    merged[k] = res
                    continue
                c = cov[k]
                who = {*res.blockers, *c.blockers, *(prev.blockers if prev else ())}
                crit = {*res.critical, *c.critical, *(prev.critical if prev else ())}
                merged[k] = Sight(False, None, tuple(sorted(who)), "blocked",
                                  tuple(sorted(crit) if critical else ()))
            for k, res in merged.items():
                out[int(rows[k])] = res
        return [o if o is not None else _BLOCKED for o in out]

    def first_contacts(self, distance: float) -> dict[str, tuple[float, str | None]]:
        """For every tray moving straight ahead up to ``distance`` inches: the distance it
        travels before meeting another tray or impassable terrain, and what it meets (see
        :func:`game.geometry.sweep.first_contact`)."""
        self._refresh()
        if self._move_cache is None:
            mp = concat([self._tray_pieces, self._move_terrain])
            mb = mp.bounds
            self._move_cache = (mp, shapely.STRtree(
                shapely.box(mb[:, 0], mb[:, 1], mb[:, 2], mb[:, 3])))
        pieces, tree = self._move_cache
        keys = self.obstacle_keys()
        n = len(self._ids)
        if n == 0:
            return {}
        verts = self._tray_pieces.verts
        fwd = np.asarray([t.forward for t in self._trays], dtype=float)
        moved = verts + distance * fwd[:, None, :]
        sw = np.concatenate([verts, moved], axis=1)
        lo, hi = sw.min(axis=1), sw.max(axis=1)
        qi, pi = tree.query(shapely.box(lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]))
        keep = pieces.owner[pi] != qi
        qi, pi = qi[keep], pi[keep]
        t_lo, _, blocks = swept_intervals(verts[qi], fwd[qi], pieces.take(pi))
        out: dict[str, tuple[float, str | None]] = {}
        dist = np.where(blocks, np.maximum(t_lo, 0.0), np.inf)
        best = np.full(n, np.inf)
        np.minimum.at(best, qi, dist)
        # the first pair reaching each tray's best distance names what it meets
        at_best = np.nonzero(dist == best[qi])[0]
        first_of, first_at = np.unique(qi[at_best], return_index=True)
        who_of = np.full(n, -1, dtype=np.int64)
        who_of[first_of] = pieces.owner[pi[at_best[first_at]]]
        for i in range(n):
            if best[i] <= distance + TOLERANCE:
                out[self._ids[i]] = (float(min(best[i], distance)), keys[int(who_of[i])])
            else:
                out[self._ids[i]] = (distance, None)
        return out


def _hull_candidates(
    fl: np.ndarray, fr: np.ndarray, g: np.ndarray, gbox: np.ndarray,
    pieces: Pieces, viewer: np.ndarray, target: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """(part index, piece index) pairs, sorted by part then piece, for every piece that may
    meet the sight hull (convex hull of front edge ``fl -> fr`` and the part, ``g`` (R, Kg,
    2) padded rings) and belongs to neither the viewer nor the target. In the viewer's
    frame: the piece's extent against the front-edge line, the part's far side and the
    sides of the strip; then the two side lines of the hull, each as a slope bound per piece
    (a piece wholly ahead of the front edge is outside the left side line of slope ``m``
    exactly when ``m`` exceeds the largest ``(x + t) / y`` of its corners). A superset is
    harmless. Every piece is put in each viewer's frame once (not once per part)."""
    e = fr - fl
    length = np.hypot(e[:, 0], e[:, 1])
    ex = e / length[:, None]
    ey = np.stack([-ex[:, 1], ex[:, 0]], axis=1)
    grel = g - fl[:, None, :]
    gx = grel[..., 0] * ex[:, 0, None] + grel[..., 1] * ex[:, 1, None]
    gy = grel[..., 0] * ey[:, 0, None] + grel[..., 1] * ey[:, 1, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        m_left = (gx / gy).min(axis=1)
        m_right = ((gx - length[:, None]) / gy).max(axis=1)
    x_far = np.maximum(gx.max(axis=1), length)
    x_near = np.minimum(gx.min(axis=1), 0.0)
    g_far = gy.max(axis=1)
    hull = _HullRows(fl, ex, ey, length, m_left, m_right, x_far, x_near, g_far)
    if len(viewer) and (viewer == viewer[0]).all():
        return _one_viewer_candidates(hull, pieces, viewer, target)
    return _many_viewer_candidates(hull, pieces, viewer, target)


@dataclass(frozen=True)
class _HullRows:
    """Per part (row): its viewer's frame (origin ``fl``, axes ``ex``, ``ey``, front edge
    ``length``) and the extent of its sight hull in that frame."""

    fl: np.ndarray
    ex: np.ndarray
    ey: np.ndarray
    length: np.ndarray
    m_left: np.ndarray
    m_right: np.ndarray
    x_far: np.ndarray
    x_near: np.ndarray
    g_far: np.ndarray


def _frame_tests(h: _HullRows, rows: np.ndarray, verts: np.ndarray
                 ) -> tuple[np.ndarray, ...]:
    """The frame extents of ``verts`` (..., K, 2) seen from the frames of ``rows`` (an index
    broadcasting against the leading axes): x and y ranges and the two slope bounds."""
    rel = verts - h.fl[rows][..., None, :]
    exf, eyf = h.ex[rows][..., None, :], h.ey[rows][..., None, :]
    lx = rel[..., 0] * exf[..., 0] + rel[..., 1] * exf[..., 1]
    ly = rel[..., 0] * eyf[..., 0] + rel[..., 1] * eyf[..., 1]
    t = TOLERANCE
    y_lo, y_hi = ly.min(axis=-1), ly.max(axis=-1)
    x_lo, x_hi = lx.min(axis=-1), lx.max(axis=-1)
    ahead = y_lo > 0
    safe_y = np.where(ahead[..., None], ly, 1.0)
    a_left = np.where(ahead, ((lx + t) / safe_y).max(axis=-1), np.inf)
    b_right = np.where(ahead, ((lx - h.length[rows][..., None] - t) / safe_y).min(axis=-1),
                       -np.inf)
    return y_lo, y_hi, x_lo, x_hi, a_left, b_right


def _one_viewer_candidates(h: _HullRows, pieces: Pieces, viewer: np.ndarray,
                           target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_hull_candidates` when every part has the same viewer: every piece in that
    frame once, then the pieces no part's hull can meet dropped before the per-part tests."""
    t = TOLERANCE
    y_lo, y_hi, x_lo, x_hi, a_left, b_right = _frame_tests(h, np.zeros(1, dtype=np.int64),
                                                           pieces.verts[None])
    own = pieces.owner
    some = ((y_hi[0] >= -t) & (y_lo[0] <= h.g_far.max() + t)
            & (x_hi[0] >= h.x_near.min() - t) & (x_lo[0] <= h.x_far.max() + t)
            & ~(h.m_left.min() > a_left[0]) & ~(h.m_right.max() < b_right[0])
            & (own != viewer[0]))
    cand = np.nonzero(some)[0]
    y_lo, y_hi, x_lo, x_hi = y_lo[:, cand], y_hi[:, cand], x_lo[:, cand], x_hi[:, cand]
    a_left, b_right, own = a_left[:, cand], b_right[:, cand], own[cand]
    meet = ((y_hi >= -t) & (y_lo <= h.g_far[:, None] + t)
            & (x_hi >= h.x_near[:, None] - t) & (x_lo <= h.x_far[:, None] + t)
            & ~(h.m_left[:, None] > a_left) & ~(h.m_right[:, None] < b_right)
            & (own[None, :] != viewer[:, None]) & (own[None, :] != target[:, None]))
    qi, pi = np.nonzero(meet)
    return qi.astype(np.int64), cand[pi].astype(np.int64)


def _many_viewer_candidates(h: _HullRows, pieces: Pieces, viewer: np.ndarray,
                            target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_hull_candidates` for parts of several viewers: every piece in each viewer's
    frame once, then every (part, piece) pair tested."""
    t = TOLERANCE
    _, first, inv = np.unique(viewer, return_index=True, return_inverse=True)
    inv = inv.reshape(-1)
    y_lo, y_hi, x_lo, x_hi, a_left, b_right = _frame_tests(h, first[:, None],
                                                           pieces.verts[None])
    own = pieces.owner
    meet = ((y_hi[inv] >= -t) & (y_lo[inv] <= h.g_far[:, None] + t)
            & (x_hi[inv] >= h.x_near[:, None] - t) & (x_lo[inv] <= h.x_far[:, None] + t)
            & ~(h.m_left[:, None] > a_left[inv]) & ~(h.m_right[:, None] < b_right[inv])
            & (own[None, :] != viewer[:, None]) & (own[None, :] != target[:, None]))
    qi, pi = np.nonzero(meet)
    return qi.astype(np.int64), pi.astype(np.int64)


_OUT_OF_ARC = Sight(False, None, (), "out-of-arc")
_BLOCKED = Sight(False, None, (), "blocked")


def clip_to_arc(quads: np.ndarray, halfplanes: Sequence[Sequence[tuple[float, float, float]]],
                which: np.ndarray, skip: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """The parts of quads (R, 4, 2) inside their viewers' Front Arcs (``halfplanes[r]``: the
    arc's three half-planes for row r, each widened here by TOLERANCE), clipped for the rows
    ``which`` only (the others are kept whole), exactly as
    :func:`game.geometry.sight.front_arc_part` clips. ``skip`` (R, 3), optional: half-planes
    that hold every corner of the row with room to spare (clipping by them changes nothing).
    Returns rings (R, K, 2) padded by repeating the last corner and their corner counts (0:
    nothing inside)."""
    r_all = quads.shape[0]
    count = np.full(r_all, 4, dtype=np.int64)
    rows = np.nonzero(which)[0].tolist()
    if not rows:
        return quads.copy(), count
    rings: list[list[tuple[float, float]]] = []
    for r in rows:
        part: list[tuple[float, float]] = [(x, y) for x, y in quads[r].tolist()]
        for h, (nx, ny, c) in enumerate(halfplanes[r]):
            if skip is not None and skip[r, h]:
                continue
            part = clip_ring(part, (nx, ny, c - TOLERANCE))
            if len(part) < 3:
                part = []
                break
        rings.append(part)
    width = max(4, *(len(p) for p in rings))
    g = np.empty((r_all, width, 2))
    g[:, :4] = quads
    g[:, 4:] = quads[:, 3:4]
    for r, part in zip(rows, rings, strict=True):
        count[r] = len(part)
        if part:
            g[r, : len(part)] = part
            g[r, len(part):] = part[-1]
    return g, count


def _overlapping_parts(
    fl: np.ndarray, fr: np.ndarray, parts: Sequence[np.ndarray | None], qi: np.ndarray,
    pi: np.ndarray, pieces: Pieces,
) -> np.ndarray:
    """For each target part: does a candidate piece overlap it or its viewer's front edge
    (``fl``, ``fr``: (R, 2)), interiors meeting? Bounding boxes first, then shapely."""
    out = np.zeros(len(parts), dtype=bool)
    if len(qi) == 0:
        return out
    boxes = np.zeros((len(parts), 4))
    for n, g in enumerate(parts):
        assert g is not None
        boxes[n] = [*g.min(axis=0), *g.max(axis=0)]
    fbox = np.concatenate([np.minimum(fl, fr), np.maximum(fl, fr)], axis=1)[qi]
    pb = pieces.bounds[pi]
    t = TOLERANCE

    def meets(bx: np.ndarray) -> np.ndarray:
        res: np.ndarray = ((pb[:, 0] < bx[:, 2] - t) & (pb[:, 2] > bx[:, 0] + t)
                           & (pb[:, 1] < bx[:, 3] - t) & (pb[:, 3] > bx[:, 1] + t))
        return res

    maybe = meets(boxes[qi]) | meets(fbox)
    if not maybe.any():
        return out
    from shapely.geometry import LineString, Polygon

    for n, m in zip(qi[maybe], pi[maybe], strict=True):
        front = LineString([tuple(fl[n]), tuple(fr[n])])
        if out[n]:
            continue
        piece = Polygon(pieces.verts[m, : pieces.count[m]]).buffer(-TOLERANCE,
                                                                   join_style="mitre")
        g = parts[n]
        assert g is not None
        out[n] = bool(piece.intersects(front) or piece.intersects(Polygon(g)))
    return out


def _hidden_by_one_piece(
    fl: np.ndarray, fr: np.ndarray, parts: Sequence[np.ndarray | None], qi: np.ndarray,
    pi: np.ndarray, pieces: Pieces,
) -> np.ndarray:
    """For each target part, a piece index that alone hides it from the whole front edge, or
    -1. ``fl``, ``fr`` (R, 2) are each part's viewer front-edge ends; (part, piece) candidate
    pairs are given by ``qi``, ``pi``."""
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
    for ends in (fl, fr):
        src = ends[qi]  # (P, 2): the front-edge end of each pair's viewer
        a = np.einsum("pki,pi->pk", nrm, src) - off  # (P, K)
        b = np.einsum("pki,pci->pck", nrm, q - src[:, None, :])  # (P, C, K)
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
