"""Batched exact Line of Sight: the candidate-line method of :mod:`game.geometry.sight`
applied to many targets of one viewer at once (flat numpy arrays, one spatial query), so the
per-call overhead of numpy is paid once per viewer instead of once per target."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from game.geometry.pieces import Pieces, ray_entries
from game.geometry.sight import Sight, convex_hull_ring, seam_owners
from game.geometry.tolerance import TOLERANCE

_TRIU: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _triu(n: int) -> tuple[np.ndarray, np.ndarray]:
    if n not in _TRIU:
        _TRIU[n] = np.triu_indices(n, k=1)
    return _TRIU[n]


def _cross2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out: np.ndarray = a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    return out


def _padded_halfplanes(rings: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Inward unit normals (R, K, 2) and offsets (R, K) of counter-clockwise convex rings,
    padded with (0, 0) normals and -inf offsets."""
    k = max(len(r) for r in rings)
    v = np.empty((len(rings), k, 2))
    for i, r in enumerate(rings):
        v[i, : len(r)] = r
        v[i, len(r):] = r[-1]
    return halfplanes_of_padded(v)


def halfplanes_of_padded(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_padded_halfplanes` for rings already padded into (R, K, 2) by repeating each
    ring's last corner."""
    d = np.roll(v, -1, axis=1) - v
    length = np.hypot(d[..., 0], d[..., 1])
    ok = length > 1e-15
    safe = np.where(ok, length, 1.0)
    n = np.stack([-d[..., 1] / safe, d[..., 0] / safe], axis=-1)
    n[~ok] = 0.0
    c = np.where(ok, np.einsum("rki,rki->rk", n, v), -np.inf)
    return n, c


def segment_piece_tests(
    p: np.ndarray, q: np.ndarray, pieces: Pieces, pi: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Row-wise: does segment p[n]->q[n] enter piece pi[n] deeper than TOLERANCE (crosses),
    and does it come within TOLERANCE of it (touches)? Cyrus-Beck on the convex piece
    shrunk / grown by TOLERANCE."""
    if len(pi) == 0:
        z = np.zeros(0, dtype=bool)
        return z, z
    n = pieces.normal[pi]
    base = np.einsum("pki,pi->pk", n, p) - pieces.offset[pi]
    b = np.einsum("pki,pi->pk", n, q - p)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = base - TOLERANCE
        r = -a / b
        lo = np.maximum(np.where(b > 0, r, -np.inf).max(axis=1), 0.0)
        hi = np.minimum(np.where(b < 0, r, np.inf).min(axis=1), 1.0)
        crosses = np.where(b == 0, a > 0, True).all(axis=1) & (lo < hi)
        # touching only matters where the segment does not cross
        touches = crosses.copy()
        rest = np.nonzero(~crosses)[0]
        if len(rest):
            a2 = base[rest] + TOLERANCE
            b2 = b[rest]
            r2 = -a2 / b2
            lo2 = np.maximum(np.where(b2 > 0, r2, -np.inf).max(axis=1), 0.0)
            hi2 = np.minimum(np.where(b2 < 0, r2, np.inf).min(axis=1), 1.0)
            touches[rest] = np.where(b2 == 0, a2 >= 0, True).all(axis=1) & (lo2 <= hi2)
    return crosses, touches


def test_against_candidates(
    p: np.ndarray, q: np.ndarray, tgt: np.ndarray, lens: np.ndarray, cflat: np.ndarray,
    pieces: Pieces,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Test each segment p[s]->q[s] against the candidate pieces of its target ``tgt[s]``
    (CSR: ``lens[r]`` pieces of target r, concatenated in ``cflat``) whose bounding boxes meet
    the segment's. Returns (segment index, piece index, crosses, touches) per tested pair."""
    cstart = np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64)
    reps = lens[tgt]
    si = np.repeat(np.arange(len(p)), reps)
    off = np.arange(int(reps.sum())) - np.repeat(np.cumsum(reps) - reps, reps)
    pi = cflat[cstart[tgt[si]] + off] if len(si) else np.zeros(0, dtype=np.int64)
    lo_s = np.minimum(p, q)
    hi_s = np.maximum(p, q)
    pb = pieces.bounds[pi]
    meet = ((pb[:, 0] <= hi_s[si, 0] + TOLERANCE) & (pb[:, 2] >= lo_s[si, 0] - TOLERANCE)
            & (pb[:, 1] <= hi_s[si, 1] + TOLERANCE) & (pb[:, 3] >= lo_s[si, 1] - TOLERANCE))
    si, pi = si[meet], pi[meet]
    # tighter cull: the piece's circumscribed circle must reach the segment's line
    d = q - p
    dn = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-300)
    c = pieces.centroid[pi]
    off = np.abs(d[si, 0] * (c[:, 1] - p[si, 1]) - d[si, 1] * (c[:, 0] - p[si, 0])) / dn[si]
    v = pieces.verts[pi]
    radius = np.hypot(v[..., 0] - c[:, None, 0], v[..., 1] - c[:, None, 1]).max(axis=1)
    near = off <= radius + TOLERANCE
    si, pi = si[near], pi[near]
    crosses, touches = segment_piece_tests(p[si], q[si], pieces, pi)
    return si, pi, crosses, touches


def batch_sight(
    fl: np.ndarray, fr: np.ndarray, fwd: np.ndarray, parts: Sequence[np.ndarray],
    cands: Sequence[np.ndarray], exclude: Sequence[tuple[int, int]], pieces: Pieces,
    tree: shapely.STRtree,
) -> list[Sight]:
    """Exact sight from front edge fl->fr to each convex target part ``parts[r]`` (counter-
    clockwise, inside the Front Arc, not touching the front edge). ``fl``, ``fr`` and ``fwd``
    are either one viewer's (shape (2,)) or one per part (shape (R, 2)); ``cands[r]`` are the
    indices of the pieces that may matter (those meeting the sight hull) and ``exclude[r]``
    the two owners (viewer, target) to ignore. No piece may overlap the front edge or the
    target part (use :func:`game.geometry.sight.sight_core` for those)."""
    nr = len(parts)
    fl = np.broadcast_to(fl, (nr, 2))
    fr = np.broadcast_to(fr, (nr, 2))
    fwd = np.broadcast_to(fwd, (nr, 2))
    hull_n, hull_c = _padded_halfplanes(
        [convex_hull_ring(np.vstack([fl[r][None], fr[r][None], g]))
         for r, g in enumerate(parts)])
    # event points: front-edge ends and target corners (no grazing test) ...
    gmax = max(len(g) for g in parts)
    base = np.zeros((nr, gmax + 2, 2))
    base_ok = np.zeros((nr, gmax + 2), dtype=bool)
    base[:, 0], base[:, 1] = fl, fr
    base_ok[:, :2] = True
    for r, g in enumerate(parts):
        base[r, 2:2 + len(g)] = g
        base_ok[r, 2:2 + len(g)] = True
    b_pts = base[base_ok]
    b_own = np.nonzero(base_ok)[0]
    # ... and the corners of candidate pieces inside the sight hull (grazing test)
    lens = np.asarray([len(c) for c in cands], dtype=np.int64)
    qi = np.repeat(np.arange(nr), lens)
    pi = np.concatenate([np.asarray(c, dtype=np.int64) for c in cands]) if lens.sum() else (
        np.zeros(0, dtype=np.int64))
    k = pieces.verts.shape[1]
    idx = np.arange(k)
    v = pieces.verts[pi]
    cnt = pieces.count[pi][:, None]
    valid = idx[None, :] < cnt
    inside = np.einsum("phi,pki->pkh", hull_n[qi], v) - hull_c[qi][:, None, :] >= -TOLERANCE
    valid &= inside.all(axis=2)
    ip = np.where(idx[None, :] == 0, cnt - 1, idx[None, :] - 1)
    inx = np.where(idx[None, :] + 1 < cnt, idx[None, :] + 1, 0)
    vp = np.take_along_axis(v, ip[:, :, None].repeat(2, axis=2), axis=1)
    vn = np.take_along_axis(v, inx[:, :, None].repeat(2, axis=2), axis=1)
    all_pts = np.vstack([b_pts, v[valid]])
    all_prv = np.vstack([b_pts, vp[valid]])
    all_nxt = np.vstack([b_pts, vn[valid]])
    all_own = np.concatenate([b_own, np.broadcast_to(qi[:, None], valid.shape)[valid]])
    order = np.argsort(all_own, kind="stable")
    pts, prv, nxt, owner = all_pts[order], all_prv[order], all_nxt[order], all_own[order]
    # pairs of event points within each target
    starts = np.searchsorted(owner, np.arange(nr))
    sizes = np.bincount(owner, minlength=nr)
    ii, jj = [], []
    for r in range(nr):
        a, b = _triu(int(sizes[r]))
        ii.append(a + starts[r])
        jj.append(b + starts[r])
    i = np.concatenate(ii)
    j = np.concatenate(jj)
    d = pts[j] - pts[i]
    dn = np.hypot(d[:, 0], d[:, 1])
    ok = dn > 1e-12
    # grazing at both ends (a line through an obstacle corner must not cut into it there)
    s1 = _cross2(d, prv[i] - pts[i]) / np.where(ok, dn, 1.0)
    s2 = _cross2(d, nxt[i] - pts[i]) / np.where(ok, dn, 1.0)
    s3 = _cross2(d, prv[j] - pts[j]) / np.where(ok, dn, 1.0)
    s4 = _cross2(d, nxt[j] - pts[j]) / np.where(ok, dn, 1.0)
    eps = 1e-9
    ok &= ~(((s1 > eps) & (s2 < -eps)) | ((s1 < -eps) & (s2 > eps)))
    ok &= ~(((s3 > eps) & (s4 < -eps)) | ((s3 < -eps) & (s4 > eps)))
    # meets the front edge
    row = owner[i]
    e = (fr - fl)[row]
    den = _cross2(e, d)
    flen = np.hypot(e[:, 0], e[:, 1])
    ok &= np.abs(den) > 1e-12 * dn * flen
    along = (d * fwd[row]).sum(axis=1)
    ok &= np.abs(along) > 1e-12 * dn
    i, j, d, along, den, e = i[ok], j[ok], d[ok], along[ok], den[ok], e[ok]
    tgt = owner[i]
    u = _cross2(pts[i] - fl[tgt], d) / den
    ok = (u >= -1e-9) & (u <= 1 + 1e-9)
    i, j, d, along, u, e = i[ok], j[ok], d[ok], along[ok], np.clip(u[ok], 0.0, 1.0), e[ok]
    jj_sel = j
    tgt = owner[i]
    p = fl[tgt] + u[:, None] * e
    d = d * np.sign(along)[:, None]
    # first entry into the target part
    gn, gc = _padded_halfplanes(parts)
    hit, t_in = ray_entries(p, d, gn[tgt], gc[tgt])
    p, tgt, d, t_in, ia, ja = p[hit], tgt[hit], d[hit], t_in[hit], i[hit], jj_sel[hit]
    q = p + t_in[:, None] * d
    # both event points must lie on the segment (they are what holds the line in place)
    dd = np.maximum((d * d).sum(axis=1), 1e-300)
    ta = ((pts[ia] - p) * d).sum(axis=1) / dd
    tb = ((pts[ja] - p) * d).sum(axis=1) / dd
    slack = 1e-9 + TOLERANCE / np.sqrt(dd)
    on = (ta >= -slack) & (ta <= t_in + slack) & (tb >= -slack) & (tb <= t_in + slack)
    p, q, tgt = p[on], q[on], tgt[on]
    si, pi, crosses, touches = test_against_candidates(p, q, tgt, lens, pi, pieces)
    crossed = np.zeros(len(p), dtype=bool)
    np.logical_or.at(crossed, si[crosses], True)
    touched = np.zeros(len(p), dtype=bool)
    np.logical_or.at(touched, si[touches], True)
    results: list[Sight | None] = [None] * nr
    seams: dict[int, set[int]] = {}
    for s in np.nonzero(~crossed)[0]:
        r = int(tgt[s])
        if results[r] is not None:
            continue
        a_pt = (float(p[s, 0]), float(p[s, 1]))
        b_pt = (float(q[s, 0]), float(q[s, 1]))
        if touched[s]:
            near = pi[(si == s) & touches]
            owners = seam_owners(a_pt, b_pt, pieces.take(near))
            if owners:
                seams.setdefault(r, set()).update(owners)
                continue
        results[r] = Sight(True, (a_pt, b_pt), (), "clear")
    blocking: dict[int, set[int]] = {}
    critical: dict[int, set[int]] = {}
    if crosses.any():
        big = int(pieces.owner.max()) + 1 if len(pieces) else 1
        keys = np.unique(tgt[si[crosses]] * big + pieces.owner[pi[crosses]])
        for key in keys.tolist():
            blocking.setdefault(key // big, set()).add(key % big)
        # owners that are the only obstacle crossing some candidate segment
        seg_owner = np.unique(si[crosses] * big + pieces.owner[pi[crosses]])
        seg_of = seg_owner // big
        segs, first, counts = np.unique(seg_of, return_index=True, return_counts=True)
        lone = counts == 1
        for sg, own_ in zip(segs[lone].tolist(), (seg_owner[first[lone]] % big).tolist(),
                            strict=True):
            critical.setdefault(int(tgt[sg]), set()).add(own_)
    final: list[Sight] = []
    for r in range(nr):
        res = results[r]
        if res is None:
            who = blocking.get(r, set()) | seams.get(r, set())
            crit = critical.get(r, set()) | seams.get(r, set())
            res = Sight(False, None, tuple(sorted(who)), "blocked", tuple(sorted(crit)))
        final.append(res)
    return final
