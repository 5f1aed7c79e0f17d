"""Slope-interval cover: a fast exact *proof* that a target is hidden, and fast witnesses.

Work in the viewer's frame: ``x`` along the front edge (0 at the front-left corner, ``L`` at
the front-right one), ``y`` ahead (inches). A sight line leaving the front edge at ``x = s``
going forward is named by ``t``, where it crosses the depth ``Y`` of the target part's nearest
point. A corner ``(x, y)`` (``y > 0``) lies on the line when ``t = s + (x - s) * Y / y`` =
``alpha * s + beta``: linear in ``s``, non-increasing for ``y <= Y``, non-decreasing for
``y >= Y``. So

* from the front-edge point ``s`` a convex set ``C`` ahead of the edge is crossed (interior)
  by exactly the lines with ``lo_C(s) < t < hi_C(s)`` (min / max over its corners), and
* for a sub-segment ``S = [s0, s1]`` of the front edge and ``C`` no deeper than ``Y``, the
  lines crossing ``C`` from *every* point of ``S`` include ``lo_C(s0) < t < hi_C(s1)``, while
  every line from ``S`` that meets the target part ``G`` has ``lo_G(s0) <= t <= hi_G(s1)``.

Blocked proof: if those open obstacle intervals cover the closed target interval, every
segment from ``S`` to ``G`` crosses an obstacle. Each obstacle piece is first shrunk towards
its centre by at least ``3 * TOLERANCE`` inches (so "crossing" means entering deeper than
TOLERANCE, as in :mod:`game.geometry.sight`) and clipped to the slab ``Y_MIN < y <= Y``:
whatever is crossed there is crossed before the segment can reach the target, never after.
Each (target, piece) pair's clipped corners become the lines ``alpha * s + beta`` once
(:func:`pair_lines`); pairs whose widest interval (``s`` from ``L`` to 0) misses the target's
widest one never take part and are dropped. The whole front edge is tried first, then the
sub-segments still open are cut eight at a time (:func:`split_factors`) down to ``2 ** depth``
sub-segments; sub-segments proved hidden are done. This is a sufficient condition only:
sub-segments it cannot settle go to the exact candidate-line method (``batch_sight``) with
that sub-segment as the source, which is exact for any source segment.

Witnesses: at the middle ``m`` of each unsettled sub-segment the same lines at ``s0 = s1 = m``
give the (clipped, shrunk) pieces' intervals as seen from ``m``; the widest gap over the
target's interval gives one line, which is then checked with the exact segment test against
every candidate piece (and the seam test) before it is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.geometry.pieces import Pieces, ray_entries
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


def make_frames(fl: np.ndarray, fr: np.ndarray, g: np.ndarray) -> Frames:
    """Frames for front edges ``fl -> fr`` (R, 2) and convex target parts ``g`` (R, Kg, 2)
    (rings padded by repeating their last corner)."""
    e = fr - fl
    length = np.hypot(e[:, 0], e[:, 1])
    ex = e / length[:, None]
    ey = np.stack([-ex[:, 1], ex[:, 0]], axis=1)  # left-turn of the edge = ahead (Tray order)
    rel = g - fl[:, None, :]
    gx = rel[..., 0] * ex[:, 0, None] + rel[..., 1] * ex[:, 1, None]
    gy = rel[..., 0] * ey[:, 0, None] + rel[..., 1] * ey[:, 1, None]
    return Frames(fl, ex, ey, length, gx, gy)


def pad_rings(parts: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Rings as one (R, Kmax, 2) array padded by repeating each ring's last corner, and the
    corner counts."""
    kg = max(len(g) for g in parts)
    g = np.zeros((len(parts), kg, 2))
    for r, ring in enumerate(parts):
        g[r, : len(ring)] = ring
        g[r, len(ring):] = ring[-1]
    return g, np.asarray([len(r) for r in parts], dtype=np.int64)


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


def _slab_points(
    x: np.ndarray, y: np.ndarray, count: np.ndarray, y_hi: np.ndarray, y_lo: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Corners (P, K) ``x``, ``y`` (``count`` valid per row) of convex pieces clipped to the
    slab ``y_lo <= y <= y_hi[p]``: each edge is clipped to the slab and gives both ends of
    what is left, (P, 2K) x, y and a validity mask (the clipped piece's corners, some
    repeated)."""
    k = x.shape[1]
    idx = np.arange(k)
    nxt = np.where(idx[None, :] + 1 < count[:, None], idx[None, :] + 1, 0)
    dx = np.take_along_axis(x, nxt, axis=1) - x
    dy = np.take_along_axis(y, nxt, axis=1) - y
    yh = y_hi[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        r_lo = (y_lo - y) / dy
        r_hi = (yh - y) / dy
    flat = dy == 0
    inside = (y >= y_lo) & (y <= yh)
    u0 = np.where(flat, np.where(inside, 0.0, 2.0), np.maximum(np.minimum(r_lo, r_hi), 0.0))
    u1 = np.where(flat, 1.0, np.minimum(np.maximum(r_lo, r_hi), 1.0))
    ok = (u0 <= u1) & (idx[None, :] < count[:, None])
    ux = np.concatenate([x + u0 * dx, x + u1 * dx], axis=1)
    uy = np.concatenate([y + u0 * dy, y + u1 * dy], axis=1)
    return ux, uy, np.concatenate([ok, ok], axis=1)


@dataclass
class PairLines:
    """Per (target, piece) pair, the lines of the slope-interval cover.

    ``alpha``, ``beta_lo``, ``beta_hi`` (P, W): each corner of the shrunk piece clipped to the
    slab ``Y_MIN <= y <= Y`` (``Y`` the target part's depth) gives ``t(s) = alpha * s + beta``,
    where the line from front-edge point ``s`` through the corner crosses depth ``Y``
    (``beta_lo`` = +inf, ``beta_hi`` = -inf and ``alpha`` = 0 where there is no corner)."""

    alpha: np.ndarray
    beta_lo: np.ndarray
    beta_hi: np.ndarray


def pair_lines(
    frames: Frames, qi: np.ndarray, verts: np.ndarray, count: np.ndarray, pi: np.ndarray,
    y_target: np.ndarray,
) -> PairLines:
    """:class:`PairLines` for pairs (target ``qi``, piece ``pi``) of pieces with corners
    ``verts`` (M, K, 2) and corner counts ``count`` (M,); ``y_target`` (P,) is each pair's
    target depth."""
    o, ex, ey = frames.origin, frames.ex, frames.ey
    k = verts.shape[1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if len(qi) and (o == o[0]).all() and (ex == ex[0]).all():  # one viewer: pieces once
            rel = verts - o[0]
            xm = rel[..., 0] * ex[0, 0] + rel[..., 1] * ex[0, 1]
            ym = rel[..., 0] * ey[0, 0] + rel[..., 1] * ey[0, 1]
            ymin_m, ymax_m = ym.min(axis=1), ym.max(axis=1)  # padding repeats a corner
            x, y, ymin, ymax = xm[pi], ym[pi], ymin_m[pi], ymax_m[pi]
        else:
            rel = verts[pi] - o[qi][:, None, :]
            x = rel[..., 0] * ex[qi, 0, None] + rel[..., 1] * ex[qi, 1, None]
            y = rel[..., 0] * ey[qi, 0, None] + rel[..., 1] * ey[qi, 1, None]
            ymin, ymax = y.min(axis=1), y.max(axis=1)
        inside = (ymin >= Y_MIN) & (ymax <= y_target)
        px, py, pm = x, y, np.broadcast_to(inside[:, None], x.shape)
        height = np.where(inside, ymax - ymin, 0.0)
        cut = np.nonzero(~inside & (ymax > Y_MIN) & (ymin < y_target))[0]
        if len(cut):  # pieces crossing the slab's sides: clip
            sx, sy, sm = _slab_points(x[cut], y[cut], count[pi[cut]], y_target[cut], Y_MIN)
            w = 2 * k
            px, py = np.zeros((len(x), w)), np.ones((len(x), w))
            pm = np.zeros((len(x), w), dtype=bool)
            px[:, :k], py[:, :k], pm[:, :k] = x, y, inside[:, None]
            px[cut], py[cut], pm[cut] = sx, sy, sm
            height[cut] = (np.where(sm, sy, -np.inf).max(axis=1)
                           - np.where(sm, sy, np.inf).min(axis=1))
        # a clipped piece without interior proves nothing
        pm = pm & (height > 1e-9)[:, None]
        kq = y_target[:, None] / py
        alpha = np.where(pm, 1.0 - kq, 0.0)
        beta = px * kq
    return PairLines(alpha, np.where(pm, beta, np.inf), np.where(pm, beta, -np.inf))


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


def lone_needed(a: np.ndarray, b: np.ndarray, g0: np.ndarray, g1: np.ndarray,
                presorted: bool = False) -> np.ndarray:
    """(N, n): intervals that may be needed for the cover of their row (a superset of those
    without which the others would not cover ``[g0, g1]``); with ``presorted`` the rows must
    be sorted by ``a`` and the answer is in that order. An interval inside another one is
    never needed; of the others (the "chain", in order of start each reaching past all
    earlier ends), one is not needed when its chain neighbours overlap (or, at the ends of
    the chain, when its neighbour alone reaches past ``g0`` / ``g1``)."""
    n_rows, n = a.shape
    out = np.zeros(a.shape, dtype=bool)
    if n == 0 or n_rows == 0:
        return out
    if presorted:
        sa, sb = a, b
    else:
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
    need: np.ndarray = chain & ~spare
    if presorted:
        return need
    rows = np.nonzero(need)
    out[rows[0], order[rows]] = True
    return out


def compact(rows: np.ndarray, cols_ok: np.ndarray, *vals: np.ndarray,
            fill: Sequence[float], nrows: int | None = None) -> tuple[np.ndarray, ...]:
    """Scatter flat values into padded (N, n) arrays: ``rows`` (sorted) gives each value's
    row, ``cols_ok`` which values to keep; ``nrows`` (default: the last row + 1) is N.
    Returns the padded arrays and the column of each flat value (-1 if dropped)."""
    keep = np.nonzero(cols_ok)[0]
    r = rows[keep]
    if nrows is None:
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


def split_factors(depth: int) -> list[int]:
    """How each level after the first splits the sub-segments still open: the finest level
    cuts the front edge into ``2 ** depth`` equal sub-segments, eight at a time (fewer
    levels, each one vectorised over more sub-segments)."""
    out = [8] * (depth // 3)
    if depth % 3:
        out.insert(0, 2 ** (depth % 3))
    return out


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Touching or overlapping sub-segments merged."""
    out: list[tuple[float, float]] = []
    for s0, s1 in sorted(spans):
        if out and s0 <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], s1))
        else:
            out.append((s0, s1))
    return out


@dataclass
class CoverResult:
    """Outcome for one target: ``witness`` (a clear segment) if one was found; otherwise the
    sub-segments ``pending`` ((s0, s1) in inches along the front edge) that still need the
    exact method, and the obstacle owners (sorted) used by the proofs for the others
    (``blockers``) and those a proof could not do without (``critical``)."""

    witness: tuple[tuple[float, float], tuple[float, float]] | None
    pending: list[tuple[float, float]]
    blockers: tuple[int, ...]
    critical: tuple[int, ...]


def cover_sight(
    fl: np.ndarray, fr: np.ndarray, g: np.ndarray, qi: np.ndarray, pi: np.ndarray,
    pieces: Pieces, shrunk: np.ndarray, depth: int = 6, critical: bool = True,
) -> list[CoverResult]:
    """Slope-interval proofs and witnesses (see the module docstring) for targets ``g``
    (R, Kg, 2): convex counter-clockwise rings padded by repeating their last corner, inside
    the Front Arc, not touching the front edge, seen from front edges ``fl -> fr`` (R, 2).
    ``qi``/``pi`` (sorted by ``qi``) pair each target with the pieces that may matter;
    ``shrunk`` are the pieces' corners from :func:`shrunk_vertices`. ``critical=False``
    skips the critical sets (left empty)."""
    from game.geometry.batch import halfplanes_of_padded, test_against_candidates
    from game.geometry.sight import seam_owners

    nr = g.shape[0]
    fr_ = make_frames(fl, fr, g)
    gx, gy = fr_.gx, fr_.gy
    lens = np.bincount(qi, minlength=nr).astype(np.int64)
    yg = gy.min(axis=1)
    pl = pair_lines(fr_, qi, shrunk, pieces.count, pi, yg[qi])
    # Over any sub-segment (or point) a pair's interval lies inside its widest one (lower end
    # at s = L, upper at s = 0) and the target's inside its widest one: pairs whose widest
    # intervals miss the target's never take part and are left out.
    length = fr_.length
    with np.errstate(divide="ignore", invalid="ignore"):
        k_g = yg[:, None] / gy
        t_lo = (gx * k_g).min(axis=1)[qi]
        t_hi = (length[:, None] + (gx - length[:, None]) * k_g).max(axis=1)[qi]
    al_len = pl.alpha * length[qi][:, None]
    a_w = (al_len + pl.beta_lo).min(axis=1)
    b_w = pl.beta_hi.max(axis=1)
    live = (a_w < b_w) & (b_w > t_lo) & (a_w < t_hi)
    pl = PairLines(pl.alpha[live], pl.beta_lo[live], pl.beta_hi[live])
    # the whole edge's intervals, (lo(0), hi(L)), for the first round
    a_edge = pl.beta_lo.min(axis=1)
    b_edge = (al_len[live] + pl.beta_hi).max(axis=1)
    owner = pieces.owner[pi[live]]
    flens = np.bincount(qi[live], minlength=nr).astype(np.int64)
    fstart = np.concatenate([[0], np.cumsum(flens)[:-1]]).astype(np.int64)
    big = int(pieces.owner.max()) + 1 if len(pieces) else 1
    blk_keys: list[np.ndarray] = []
    crit_keys: list[np.ndarray] = []
    witness: list[tuple[tuple[float, float], tuple[float, float]] | None] = [None] * nr
    has_w = np.zeros(nr, dtype=bool)
    pending: list[list[tuple[float, float]]] = [[] for _ in range(nr)]
    # problems: (target, s0, s1); targets too near the front edge's line skip the proof
    usable = yg > 2 * Y_MIN
    for r in np.nonzero(~usable)[0].tolist():
        pending[r].append((0.0, float(fr_.length[r])))
    p_t = np.nonzero(usable)[0]
    p_s0 = np.zeros(len(p_t))
    p_s1 = fr_.length[p_t]
    factors = [1, *split_factors(depth)]
    for level, f in enumerate(factors):
        if len(p_t) == 0:
            break
        if f > 1:  # cut each open sub-segment into f (the cuts tile it exactly)
            cuts = p_s0[:, None] + (p_s1 - p_s0)[:, None] * (np.arange(f + 1) / f)[None, :]
            cuts[:, 0], cuts[:, f] = p_s0, p_s1
            p_t = np.repeat(p_t, f)
            p_s0 = cuts[:, :-1].reshape(-1)
            p_s1 = cuts[:, 1:].reshape(-1)
        npb = len(p_t)
        # expand problems x candidate pieces of their target
        reps = flens[p_t]
        total = int(reps.sum())
        pe = np.repeat(np.arange(npb), reps)
        off = np.arange(total) - np.repeat(np.cumsum(reps) - reps, reps)
        pair = fstart[p_t[pe]] + off
        # -- blocked proof on each problem's sub-segment
        ys = yg[p_t]
        if level == 0 and total == len(a_edge):  # every pair, in order: the whole edge
            a, b = a_edge, b_edge
        else:
            al = pl.alpha[pair]
            a = (al * p_s0[pe, None] + pl.beta_lo[pair]).min(axis=1)
            b = (al * p_s1[pe, None] + pl.beta_hi[pair]).max(axis=1)
        s0c, s1c, ysc = p_s0[:, None], p_s1[:, None], ys[:, None]
        gxt, gyt = gx[p_t], gy[p_t]
        g0 = (s0c + (gxt - s0c) * ysc / gyt).min(axis=1)
        g1 = (s1c + (gxt - s1c) * ysc / gyt).max(axis=1)
        rel = (a < b) & (b > g0[pe]) & (a < g1[pe])
        big_a, big_b, col = compact(pe, rel, a, b, fill=(np.inf, -np.inf), nrows=npb)
        order = np.argsort(big_a, axis=1, kind="stable")
        sa = np.take_along_axis(big_a, order, axis=1)
        sb = np.take_along_axis(big_b, order, axis=1)
        covered, _, _ = cover_gaps(sa, sb, g0, g1, presorted=True)
        if covered.any():
            used = rel & covered[pe]
            blk_keys.append(p_t[pe[used]] * big + owner[pair[used]])
            if critical:
                cidx = np.nonzero(covered)[0]
                ns = lone_needed(sa[cidx], sb[cidx], g0[cidx], g1[cidx], presorted=True)
                need = np.zeros(big_a.shape, dtype=bool)
                rr, jj = np.nonzero(ns)
                need[cidx[rr], order[cidx[rr], jj]] = True
                crit = used & need[pe, np.maximum(col, 0)]
                crit_keys.append(p_t[pe[crit]] * big + owner[pair[crit]])
        open_ = np.nonzero(~covered)[0]
        if len(open_) == 0:
            break
        # -- witness at the middle of each open problem's sub-segment
        sm = (p_s0 + p_s1) / 2.0
        keep_pe = ~covered[pe]
        pe2, pair2 = pe[keep_pe], pair[keep_pe]
        smp = sm[pe2, None]
        al2 = pl.alpha[pair2] * smp
        a2 = (al2 + pl.beta_lo[pair2]).min(axis=1)
        b2 = (al2 + pl.beta_hi[pair2]).max(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            hs = sm[:, None] + (gxt - sm[:, None]) * (yg[p_t][:, None] / gyt)
        h0, h1 = hs.min(axis=1), hs.max(axis=1)
        rel2 = (a2 < b2) & (b2 > h0[pe2]) & (a2 < h1[pe2])
        aa, bb, _ = compact(pe2, rel2, a2, b2, fill=(np.inf, -np.inf), nrows=npb)
        blocked2, lo, hi = cover_gaps(aa[open_], bb[open_], h0[open_], h1[open_])
        try_ = open_[~blocked2]
        if len(try_):
            tt = p_t[try_]
            m = ((lo[~blocked2] + hi[~blocked2]) / 2.0 - sm[try_]) / yg[tt]
            p = fr_.origin[tt] + sm[try_, None] * fr_.ex[tt]
            d = fr_.ey[tt] + m[:, None] * fr_.ex[tt]
            hit, t_in = ray_entries(p, d, *halfplanes_of_padded(g[tt]))
            q = p + t_in[:, None] * d
            si, spi, crosses, touches = test_against_candidates(p, q, tt, lens, pi, pieces)
            crossed = np.zeros(len(p), dtype=bool)
            crossed[si[crosses]] = True
            touched = np.zeros(len(p), dtype=bool)
            touched[si[touches]] = True
            for k in np.nonzero(hit & ~crossed)[0].tolist():
                r = int(tt[k])
                if has_w[r]:
                    continue
                w0 = (float(p[k, 0]), float(p[k, 1]))
                w1 = (float(q[k, 0]), float(q[k, 1]))
                if touched[k] and seam_owners(w0, w1, pieces.take(spi[(si == k) & touches])):
                    continue
                witness[r] = (w0, w1)
                has_w[r] = True
        # targets with a witness are done; the rest go on
        nxt = open_[~has_w[p_t[open_]]]
        if level == len(factors) - 1:
            for k in nxt.tolist():
                pending[int(p_t[k])].append((float(p_s0[k]), float(p_s1[k])))
            break
        p_t, p_s0, p_s1 = p_t[nxt], p_s0[nxt], p_s1[nxt]
    sets: dict[str, list[tuple[int, ...]]] = {}
    for keys, attr in ((blk_keys, "blockers"), (crit_keys, "critical")):
        out: list[tuple[int, ...]] = [()] * nr
        sets[attr] = out
        if not keys:
            continue
        uk = np.unique(np.concatenate(keys))
        if len(uk) == 0:
            continue
        tg = uk // big
        ow = (uk % big).tolist()
        cut = (np.nonzero(np.diff(tg))[0] + 1).tolist()
        for c0, c1 in zip([0, *cut], [*cut, len(uk)], strict=True):
            out[int(tg[c0])] = tuple(ow[c0:c1])
    blockers, crits = sets["blockers"], sets["critical"]
    res = [CoverResult(witness[r], [], (), ()) if has_w[r]
           else CoverResult(None, _merged(pending[r]) if pending[r] else [], blockers[r],
                            crits[r]) for r in range(nr)]
    return res
