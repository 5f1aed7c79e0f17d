"""Slope-interval cover: a fast exact *proof* that a target is hidden, and fast witnesses.

Work in the viewer's frame: ``x`` along the front edge (0 at the front-left corner, ``L`` at
the front-right one), ``y`` ahead (inches). A sight line leaving the front edge at ``x = s``
going forward is identified by ``(s, m)`` with ``m = dx / dy`` its slope. A vertex ``(x, y)``
(``y > 0``) lies on the line when ``m = (x - s) / y``: linear and decreasing in ``s``. So

* from the front-edge point ``s`` a convex set ``C`` ahead of the edge is crossed (interior)
  by exactly the lines with ``lo_C(s) < m < hi_C(s)`` (min / max of ``(x - s) / y`` over its
  corners), and
* for a sub-segment ``S = [s0, s1]`` of the front edge, the lines of slope ``m`` crossing
  ``C`` from *every* point of ``S`` are exactly ``lo_C(s0) < m < hi_C(s1)`` (both bounds are
  decreasing in ``s``), while every line from ``S`` that meets the target part ``G`` has
  ``lo_G(s1) <= m <= hi_G(s0)``.

Blocked proof: if those open obstacle intervals cover the closed target interval, every
segment from ``S`` to ``G`` crosses an obstacle. Each obstacle piece is first shrunk towards
its centre by at least ``2 * TOLERANCE`` inches (so "crossing" means entering deeper than
TOLERANCE, as in :mod:`game.geometry.sight`) and clipped to the slab ``Y_MIN < y < y_G``
(``y_G`` = the target part's nearest point ahead): whatever is crossed there is crossed before
the segment can reach the target, never after. The front edge is split in halves, quarters,
... (``depth`` levels); sub-segments proved hidden are done. This is a sufficient condition
only: sub-segments it cannot settle go to the exact candidate-line method (``batch_sight``)
with that sub-segment as the source, which is exact for any source segment.

Witnesses: at the middle of each unsettled sub-segment the widest gap between the (unshrunk)
obstacle intervals gives one line, which is then checked with the exact segment test (and the
seam test) before it is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.geometry.pieces import Pieces
from game.geometry.tolerance import TOLERANCE

Y_MIN = 1e-3
"""Pieces are clipped to ``y > Y_MIN`` inches ahead of the front edge in the cover proof (the
sliver nearer the edge is ignored: ignoring an obstacle part never makes the proof wrong)."""


@dataclass
class Frames:
    """Per-target local frames and target parts.

    ``origin`` (R, 2) front-left corners, ``ex`` (R, 2) unit vectors along the front edge,
    ``ey`` (R, 2) unit vectors ahead, ``length`` (R,) front-edge lengths (inches); ``gx``,
    ``gy`` (R, Kg) the target part's corners in the frame (padded by repeating a corner)."""

    origin: np.ndarray
    ex: np.ndarray
    ey: np.ndarray
    length: np.ndarray
    gx: np.ndarray
    gy: np.ndarray


def make_frames(fl: np.ndarray, fr: np.ndarray, parts: Sequence[np.ndarray]) -> Frames:
    """Frames for front edges ``fl -> fr`` (R, 2) and convex target parts (rings)."""
    e = fr - fl
    length = np.hypot(e[:, 0], e[:, 1])
    ex = e / length[:, None]
    ey = np.stack([-ex[:, 1], ex[:, 0]], axis=1)  # left-turn of the edge = ahead (Tray order)
    kg = max(len(g) for g in parts)
    g = np.zeros((len(parts), kg, 2))
    for r, ring in enumerate(parts):
        g[r, : len(ring)] = ring
        g[r, len(ring):] = ring[-1]
    rel = g - fl[:, None, :]
    gx = np.einsum("rki,ri->rk", rel, ex)
    gy = np.einsum("rki,ri->rk", rel, ey)
    return Frames(fl, ex, ey, length, gx, gy)


def shrunk_vertices(pieces: Pieces, margin: float = 3 * TOLERANCE) -> np.ndarray:
    """Piece corners (M, K, 2) scaled towards the piece centre so that every edge moves in
    by at least ``margin`` inches (the scaled piece lies inside the piece eroded by
    ``margin``)."""
    c = pieces.centroid
    depth = np.einsum("mki,mi->mk", pieces.normal, c) - pieces.offset  # >= 0, pads huge
    real = np.hypot(pieces.normal[..., 0], pieces.normal[..., 1]) > 0.5
    inr = np.where(real, depth, np.inf).min(axis=1)
    f = np.clip(margin / np.maximum(inr, 1e-300), 0.0, 1.0)
    out: np.ndarray = c[:, None, :] + (pieces.verts - c[:, None, :]) * (1.0 - f)[:, None, None]
    return out


def clipped_points(
    frames: Frames, tgt: np.ndarray, verts: np.ndarray, count: np.ndarray, y_hi: np.ndarray,
    y_lo: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Corners, in each pair's frame, of convex pieces ``verts`` (P, K, 2) clipped to the
    slab ``y_lo <= y <= y_hi[p]``: (P, 3K) x, y and a validity mask (pieces whose clipped
    part has no interior get an all-false mask)."""
    rel = verts - frames.origin[tgt][:, None, :]
    x = np.einsum("pki,pi->pk", rel, frames.ex[tgt])
    y = np.einsum("pki,pi->pk", rel, frames.ey[tgt])
    k = verts.shape[1]
    idx = np.arange(k)
    real = idx[None, :] < count[:, None]
    nxt = np.where(idx[None, :] + 1 < count[:, None], idx[None, :] + 1, 0)
    x1 = np.take_along_axis(x, nxt, axis=1)
    y1 = np.take_along_axis(y, nxt, axis=1)
    yh = y_hi[:, None]
    keep = real & (y >= y_lo) & (y <= yh)
    xs, ys, ms = [x], [y], [keep]
    for level in (np.full_like(yh, y_lo), yh):
        dy = y1 - y
        cross = real & (((y < level) & (y1 > level)) | ((y > level) & (y1 < level)))
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            t = (level - y) / dy
            xs.append(np.where(cross, x + t * (x1 - x), 0.0))
        ys.append(np.broadcast_to(level, x.shape))
        ms.append(cross)
    cx = np.concatenate(xs, axis=1)
    cy = np.concatenate(ys, axis=1)
    cm = np.concatenate(ms, axis=1)
    ymax = np.where(cm, cy, -np.inf).max(axis=1)
    ymin = np.where(cm, cy, np.inf).min(axis=1)
    cm &= (ymax - ymin > 1e-9)[:, None]
    return cx, cy, cm


def slope_bounds(
    x: np.ndarray, y: np.ndarray, mask: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Row-wise ``min (x - s_lo) / y`` and ``max (x - s_hi) / y`` over the valid points
    (``+inf`` / ``-inf`` for rows without any)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.where(mask, (x - s_lo[:, None]) / y, np.inf).min(axis=1)
        b = np.where(mask, (x - s_hi[:, None]) / y, -np.inf).max(axis=1)
    return a, b


def depth_bounds(
    x: np.ndarray, y: np.ndarray, mask: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray,
    depth: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Like :func:`slope_bounds` with lines named by where they cross the depth ``y = depth``
    instead of by slope: row-wise ``min t(s_lo)`` and ``max t(s_hi)`` over the valid points,
    ``t(s) = s + (x - s) * depth / y`` (non-increasing in ``s`` for points with
    ``y <= depth``)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        k = depth[:, None] / y
        a = np.where(mask, s_lo[:, None] + (x - s_lo[:, None]) * k, np.inf).min(axis=1)
        b = np.where(mask, s_hi[:, None] + (x - s_hi[:, None]) * k, -np.inf).max(axis=1)
    return a, b


def cover_gaps(
    a: np.ndarray, b: np.ndarray, g0: np.ndarray, g1: np.ndarray, presorted: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each row, do the open intervals ``(a[i], b[i])`` (N, n) cover the closed interval
    ``[g0, g1]``? Returns (covered (N,), widest gap start, widest gap end). Padding uses
    ``a = +inf``, ``b = -inf``; an interval with ``b <= a`` is empty. With ``presorted`` the
    rows must already be sorted by ``a``.

    Sweep: with the intervals sorted by start, the points of ``(a_k, a_k+1]`` can only be
    covered by the first ``k`` intervals, so one of them is uncovered exactly when the largest
    of it (capped at ``g1``) is at least the running maximum of their ends."""
    if presorted:
        sa, sb = a, b
    else:
        order = np.argsort(a, axis=1, kind="stable")
        sa = np.take_along_axis(a, order, axis=1)
        sb = np.take_along_axis(b, order, axis=1)
    n = a.shape[0]
    inf = np.full((n, 1), np.inf)
    ak = np.concatenate([-inf, sa], axis=1)  # a_0 = -inf, a_1..a_n
    an = np.concatenate([sa, inf], axis=1)  # a_1..a_n, a_{n+1} = +inf
    pk = np.concatenate([-inf, np.maximum.accumulate(sb, axis=1)], axis=1)
    top = np.minimum(an, g1[:, None])
    low = np.maximum(np.maximum(pk, ak), g0[:, None])
    gap = (top >= pk) & (top >= g0[:, None]) & (top > ak)
    width = np.where(gap, top - low, -np.inf)
    best = width.argmax(axis=1)
    rows = np.arange(n)
    return ~gap.any(axis=1), low[rows, best], top[rows, best]


def lone_needed(a: np.ndarray, b: np.ndarray, g0: np.ndarray, g1: np.ndarray) -> np.ndarray:
    """(N, n): intervals that may be needed for the cover of their row (a superset of those
    without which the others would not cover ``[g0, g1]``). An interval inside another one is
    never needed; of the others (the "chain", in order of start each reaching past all
    earlier ends), one is not needed when its chain neighbours overlap (or, at the ends of
    the chain, when its neighbour alone reaches past ``g0`` / ``g1``)."""
    n_rows, n = a.shape
    out = np.zeros(a.shape, dtype=bool)
    if n == 0 or n_rows == 0:
        return out
    order = np.argsort(a, axis=1, kind="stable")
    sa = np.take_along_axis(a, order, axis=1)
    sb = np.take_along_axis(b, order, axis=1)
    prev = np.concatenate([np.full((n_rows, 1), -np.inf),
                           np.maximum.accumulate(sb, axis=1)[:, :-1]], axis=1)
    chain = (sb > prev) & np.isfinite(sa) & (sb > sa)
    # start of the next chain interval after each position
    ca = np.where(chain, sa, np.inf)
    nxt = np.minimum.accumulate(ca[:, ::-1], axis=1)[:, ::-1]
    nxt = np.concatenate([nxt[:, 1:], np.full((n_rows, 1), np.inf)], axis=1)
    spare = (prev > nxt) | ((prev > g1[:, None]) & np.isinf(nxt)) | (
        (nxt < g0[:, None]) & np.isneginf(prev))
    need = chain & ~spare
    rows = np.nonzero(need)
    out[rows[0], order[rows]] = True
    return out


def compact(rows: np.ndarray, cols_ok: np.ndarray, *vals: np.ndarray,
            fill: Sequence[float]) -> tuple[np.ndarray, ...]:
    """Scatter flat values into padded (N, n) arrays: ``rows`` (sorted) gives each value's
    row, ``cols_ok`` which values to keep. Returns the padded arrays and the column of each
    flat value (-1 if dropped)."""
    keep = np.nonzero(cols_ok)[0]
    r = rows[keep]
    nrows = int(rows.max()) + 1 if len(rows) else 0
    cnt = np.bincount(r, minlength=nrows)
    start = np.concatenate([[0], np.cumsum(cnt)[:-1]]).astype(np.int64)
    col = np.arange(len(keep)) - start[r]
    width = int(cnt.max()) if len(cnt) and cnt.max() > 0 else 1
    out = []
    for v, f in zip(vals, fill, strict=True):
        arr = np.full((nrows, width), f, dtype=float)
        arr[r, col] = v[keep]
        out.append(arr)
    where = np.full(len(rows), -1, dtype=np.int64)
    where[keep] = col
    return (*out, where)


@dataclass
class CoverResult:
    """Outcome for one target: ``witness`` (a clear segment) if one was found; otherwise the
    sub-segments ``pending`` ((s0, s1) in inches along the front edge) that still need the
    exact method, and the obstacle owners used by the proofs for the others (``blockers``)
    and those a proof could not do without (``critical``)."""

    witness: tuple[tuple[float, float], tuple[float, float]] | None
    pending: list[tuple[float, float]]
    blockers: set[int]
    critical: set[int]


def _entry_points(p: np.ndarray, d: np.ndarray, gn: np.ndarray, gc: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """First entry of rays p + t d into convex parts (normals (S, K, 2), offsets (S, K)):
    (hit mask, t)."""
    a = np.einsum("ski,si->sk", gn, p) - gc
    b = np.einsum("ski,si->sk", gn, d)
    with np.errstate(divide="ignore", invalid="ignore"):
        rr = -a / b
    t_in = np.maximum(np.where(b > 0, rr, -np.inf).max(axis=1), 0.0)
    t_out = np.where(b < 0, rr, np.inf).min(axis=1)
    par = np.where(np.abs(b) <= 1e-15, a >= -TOLERANCE, True).all(axis=1)
    hit = par & (t_in <= t_out + 1e-9) & (t_in > 0)
    return hit, t_in


def cover_sight(
    fl: np.ndarray, fr: np.ndarray, parts: Sequence[np.ndarray], qi: np.ndarray,
    pi: np.ndarray, pieces: Pieces, shrunk: np.ndarray, depth: int = 6,
) -> list[CoverResult]:
    """Slope-interval proofs and witnesses (see the module docstring) for targets ``parts``
    (convex counter-clockwise rings inside the Front Arc, not touching the front edge) seen
    from front edges ``fl -> fr`` (R, 2). ``qi``/``pi`` (sorted by ``qi``) pair each target
    with the pieces that may matter; ``shrunk`` are the pieces' corners from
    :func:`shrunk_vertices`."""
    from game.geometry.batch import _padded_halfplanes, test_against_candidates
    from game.geometry.sight import seam_owners

    nr = len(parts)
    fr_ = make_frames(fl, fr, parts)
    lens = np.bincount(qi, minlength=nr).astype(np.int64)
    cstart = np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64)
    yg = fr_.gy.min(axis=1)
    cnt = pieces.count[pi]
    cx, cy, cm = clipped_points(fr_, qi, shrunk[pi], cnt, yg[qi], Y_MIN)
    owner = pieces.owner[pi]
    big = int(pieces.owner.max()) + 1 if len(pieces) else 1
    blk_keys: list[np.ndarray] = []
    crit_keys: list[np.ndarray] = []
    gn, gc = _padded_halfplanes(parts)
    res = [CoverResult(None, [], set(), set()) for _ in range(nr)]
    # problems: (target, s0, s1); targets too near the front edge's line skip the proof
    p_t = np.arange(nr)
    p_s0 = np.zeros(nr)
    p_s1 = fr_.length.copy()
    usable = yg > 2 * Y_MIN
    for r in np.nonzero(~usable)[0].tolist():
        res[r].pending.append((0.0, float(fr_.length[r])))
    p_t, p_s0, p_s1 = p_t[usable], p_s0[usable], p_s1[usable]
    gx, gy = fr_.gx, fr_.gy
    for level in range(depth + 1):
        if len(p_t) == 0:
            break
        # expand problems x candidate pieces of their target
        reps = lens[p_t]
        pe = np.repeat(np.arange(len(p_t)), reps)
        off = np.arange(int(reps.sum())) - np.repeat(np.cumsum(reps) - reps, reps)
        pair = cstart[p_t[pe]] + off
        # -- blocked proof on each problem's sub-segment
        ys = yg[p_t]
        a, b = depth_bounds(cx[pair], cy[pair], cm[pair], p_s0[pe], p_s1[pe], ys[pe])
        s0c, s1c, ysc = p_s0[:, None], p_s1[:, None], ys[:, None]
        g0 = (s0c + (gx[p_t] - s0c) * ysc / gy[p_t]).min(axis=1)
        g1 = (s1c + (gx[p_t] - s1c) * ysc / gy[p_t]).max(axis=1)
        rel = (a < b) & (b > g0[pe]) & (a < g1[pe])
        if len(pe):
            big_a, big_b, col = compact(pe, rel, a, b, fill=(np.inf, -np.inf))
            if big_a.shape[0] < len(p_t):  # problems without any pair at the end
                extra = len(p_t) - big_a.shape[0]
                big_a = np.vstack([big_a, np.full((extra, big_a.shape[1]), np.inf)])
                big_b = np.vstack([big_b, np.full((extra, big_b.shape[1]), -np.inf)])
            covered, _, _ = cover_gaps(big_a, big_b, g0, g1)
        else:
            covered = np.zeros(len(p_t), dtype=bool)
            col = np.zeros(0, dtype=np.int64)
        if covered.any():
            cidx = np.nonzero(covered)[0]
            need = np.zeros((len(p_t), big_a.shape[1]), dtype=bool)
            need[cidx] = lone_needed(big_a[cidx], big_b[cidx], g0[cidx], g1[cidx])
            used = rel & covered[pe]
            blk_keys.append(p_t[pe[used]] * big + owner[pair[used]])
            crit = used & need[pe, np.maximum(col, 0)]
            crit_keys.append(p_t[pe[crit]] * big + owner[pair[crit]])
        open_ = np.nonzero(~covered)[0]
        if len(open_) == 0:
            break
        # -- witness at the middle of each open problem's sub-segment
        sm = (p_s0 + p_s1) / 2.0
        keep_pe = ~covered[pe]
        pe2, pair2 = pe[keep_pe], pair[keep_pe]
        ux, uy, um = clipped_points(fr_, qi[pair2], pieces.verts[pi[pair2]], cnt[pair2],
                                    np.full(len(pair2), np.inf), 1e-9)
        a2, b2 = slope_bounds(ux, uy, um, sm[pe2], sm[pe2])
        with np.errstate(divide="ignore", invalid="ignore"):
            h0 = ((gx[p_t] - sm[:, None]) / gy[p_t]).min(axis=1)
            h1 = ((gx[p_t] - sm[:, None]) / gy[p_t]).max(axis=1)
        rel2 = (a2 < b2) & (b2 > h0[pe2]) & (a2 < h1[pe2])
        aa = np.full((len(p_t), 1), np.inf)
        bb = np.full((len(p_t), 1), -np.inf)
        if rel2.any():
            aa, bb, _ = compact(pe2, rel2, a2, b2, fill=(np.inf, -np.inf))
            if aa.shape[0] < len(p_t):
                extra = len(p_t) - aa.shape[0]
                aa = np.vstack([aa, np.full((extra, aa.shape[1]), np.inf)])
                bb = np.vstack([bb, np.full((extra, bb.shape[1]), -np.inf)])
        blocked2, lo, hi = cover_gaps(aa[open_], bb[open_], h0[open_], h1[open_])
        try_ = open_[~blocked2]
        found = np.zeros(len(p_t), dtype=bool)
        if len(try_):
            m = (lo[~blocked2] + hi[~blocked2]) / 2.0
            tt = p_t[try_]
            p = fr_.origin[tt] + sm[try_, None] * fr_.ex[tt]
            d = fr_.ey[tt] + m[:, None] * fr_.ex[tt]
            hit, t_in = _entry_points(p, d, gn[tt], gc[tt])
            q = p + t_in[:, None] * d
            si, spi, crosses, touches = test_against_candidates(p, q, tt, lens, pi, pieces)
            crossed = np.zeros(len(p), dtype=bool)
            np.logical_or.at(crossed, si[crosses], True)
            touched = np.zeros(len(p), dtype=bool)
            np.logical_or.at(touched, si[touches], True)
            for k in np.nonzero(hit & ~crossed)[0].tolist():
                r = int(tt[k])
                if res[r].witness is not None:
                    found[try_[k]] = True
                    continue
                w0 = (float(p[k, 0]), float(p[k, 1]))
                w1 = (float(q[k, 0]), float(q[k, 1]))
                if touched[k] and seam_owners(w0, w1, pieces.take(spi[(si == k) & touches])):
                    continue
                res[r].witness = (w0, w1)
                found[try_[k]] = True
        # targets with a witness are done; split the rest
        seen = np.asarray([res[t].witness is not None for t in range(nr)], dtype=bool)
        done_t = seen[p_t]
        nxt = open_[~done_t[open_]]
        if level == depth:
            for k in nxt.tolist():
                res[int(p_t[k])].pending.append((float(p_s0[k]), float(p_s1[k])))
            break
        mid = (p_s0[nxt] + p_s1[nxt]) / 2.0
        p_t = np.repeat(p_t[nxt], 2)
        p_s0 = np.stack([p_s0[nxt], mid], axis=1).reshape(-1)
        p_s1 = np.stack([mid, p_s1[nxt]], axis=1).reshape(-1)
    for keys, attr in ((blk_keys, "blockers"), (crit_keys, "critical")):
        if keys:
            for key in np.unique(np.concatenate(keys)).tolist():
                getattr(res[key // big], attr).add(key % big)
    for cr in res:  # merge touching pending sub-segments
        if cr.witness is not None:
            cr.pending = []
            continue
        merged: list[tuple[float, float]] = []
        for s0, s1 in sorted(cr.pending):
            if merged and s0 <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], s1))
            else:
                merged.append((s0, s1))
        cr.pending = merged
    return res
