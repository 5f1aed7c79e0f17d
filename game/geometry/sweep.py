"""Sweeps: how far a tray can move straight ahead before it meets something (AS-CHG-6).

The contact distance is analytic. For a convex tray sliding along a unit direction d past a
convex piece, each separating axis (an edge normal of either polygon) gives the closed interval
of travel t over which the two projections overlap; the intersection of those intervals is the
exact interval during which the polygons touch. Its start is where a tray vertex first meets an
obstacle edge or an obstacle vertex first meets a tray edge -- the same number that casting rays
from every vertex of each polygon along +d and -d onto the other gives -- so thin obstacles are
never jumped (no bisection on end positions is involved).

A contact *blocks* only if moving on would make the interiors overlap by more than TOLERANCE;
grazing a corner, or sliding along an edge one already touches, does not block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from shapely.geometry import Polygon

from game.geometry.pieces import Pieces, build_pieces
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray


def tray_ring(tray: Tray) -> np.ndarray:
    """The tray's corners counter-clockwise as a (4, 2) array."""
    return np.asarray(tray.corners[::-1], dtype=float)


def _ring_normals(verts: np.ndarray) -> np.ndarray:
    """Unit edge normals (N, 4, 2) of counter-clockwise quads (N, 4, 2) (sign irrelevant)."""
    d = np.roll(verts, -1, axis=1) - verts
    length = np.hypot(d[..., 0], d[..., 1])[..., None]
    out: np.ndarray = np.stack([-d[..., 1], d[..., 0]], axis=-1) / length
    return out


def contact_intervals(
    tray_verts: np.ndarray, direction: np.ndarray, pieces: Pieces
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Contact intervals of quads moving along unit directions against convex pieces.

    ``tray_verts`` (N, 4, 2) and ``direction`` (N, 2) are paired row by row with ``pieces``
    (N pieces). Returns ``(t_lo, t_hi, o_lo, o_hi)`` in inches of travel (any sign): the
    closed interval during which quad and piece touch, and the open interval during which
    their interiors overlap by more than TOLERANCE (empty intervals have lo > hi)."""
    n_t = _ring_normals(tray_verts)  # (N, 4, 2)
    n_o = pieces.normal  # (N, K, 2), zero rows for padding
    axes = np.concatenate([n_t, n_o], axis=1)  # (N, A, 2)
    real = np.concatenate([np.ones(n_t.shape[:2], dtype=bool),
                           np.hypot(n_o[..., 0], n_o[..., 1]) > 0.5], axis=1)
    pp = np.einsum("nai,nki->nak", axes, tray_verts)
    qp = np.einsum("nai,nki->nak", axes, pieces.verts)
    p_min, p_max = pp.min(axis=2), pp.max(axis=2)
    q_min, q_max = qp.min(axis=2), qp.max(axis=2)
    s = np.einsum("nai,ni->na", axes, direction)
    moving = real & (np.abs(s) > 1e-12)
    fixed = real & ~moving
    # Axes the tray does not move along (tiny s) give inf/nan here; ``moving`` masks them out.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        a1 = (q_min - p_max) / s  # projection ends meet
        a2 = (q_max - p_min) / s
        b1 = (q_min + TOLERANCE - p_max) / s  # overlap deeper than TOLERANCE
        b2 = (q_max - TOLERANCE - p_min) / s
    t_lo = np.where(moving, np.minimum(a1, a2), -np.inf).max(axis=1)
    t_hi = np.where(moving, np.maximum(a1, a2), np.inf).min(axis=1)
    o_lo = np.where(moving, np.minimum(b1, b2), -np.inf).max(axis=1)
    o_hi = np.where(moving, np.maximum(b1, b2), np.inf).min(axis=1)
    touch_ok = np.where(fixed, (p_min <= q_max + 1e-12) & (p_max >= q_min - 1e-12),
                        True).all(axis=1)
    deep_ok = np.where(fixed, (p_min < q_max - TOLERANCE) & (p_max > q_min + TOLERANCE),
                       True).all(axis=1)
    t_lo = np.where(touch_ok, t_lo, np.inf)
    t_hi = np.where(touch_ok, t_hi, -np.inf)
    o_lo = np.where(deep_ok, o_lo, np.inf)
    o_hi = np.where(deep_ok, o_hi, -np.inf)
    return t_lo, t_hi, o_lo, o_hi


def swept_intervals(
    tray_verts: np.ndarray, direction: np.ndarray, pieces: Pieces
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """As :func:`contact_intervals`, returning ``(t_lo, t_hi, blocks)`` where ``blocks`` says
    the interiors overlap by more than TOLERANCE at some travel t > 0."""
    t_lo, t_hi, o_lo, o_hi = contact_intervals(tray_verts, direction, pieces)
    return t_lo, t_hi, (o_lo < o_hi) & (o_hi > 0.0)


def contact_table(
    tray: Tray, pieces: Pieces, direction: tuple[float, float] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`swept_intervals` of one tray against every piece (default direction: its
    facing). Inches of travel along the direction."""
    m = len(pieces)
    d = np.asarray(direction if direction is not None else tray.forward, dtype=float)
    verts = np.repeat(tray_ring(tray)[None], m, axis=0)
    return swept_intervals(verts, np.repeat(d[None], m, axis=0), pieces)


def first_blocking(
    t_lo: np.ndarray, blocks: np.ndarray, owner: np.ndarray, max_distance: float
) -> tuple[float, int | None]:
    """Smallest blocking contact distance (clamped at 0) within ``max_distance`` + TOLERANCE,
    with its owner; (max_distance, None) if nothing blocks."""
    dist = np.where(blocks, np.maximum(t_lo, 0.0), np.inf)
    if dist.size == 0:
        return max_distance, None
    k = int(np.argmin(dist))
    if dist[k] <= max_distance + TOLERANCE:
        return float(min(dist[k], max_distance)), int(owner[k])
    return max_distance, None


def first_contact(
    tray: Tray, obstacles: Sequence[Polygon], max_distance: float
) -> tuple[float, int | None]:
    """Distance in inches the tray can travel straight ahead before it meets an obstacle it
    would otherwise overlap, and that obstacle's index; ``(max_distance, None)`` if it meets
    none within ``max_distance``. An obstacle overlapping the tray already gives 0. Grazing
    contacts and sliding along an edge already touched do not count (see module docstring).
    Exact to floating point; comparisons use TOLERANCE."""
    return first_contact_pieces(tray, build_pieces(obstacles), max_distance)


def first_contact_pieces(tray: Tray, pieces: Pieces, max_distance: float
                         ) -> tuple[float, int | None]:
    """:func:`first_contact` past obstacles already cut into convex ``pieces`` (the owner of
    the piece met is returned): the same answer without rebuilding the pieces."""
    if len(pieces) == 0:
        return max_distance, None
    t_lo, _, blocks = contact_table(tray, pieces)
    return first_blocking(t_lo, blocks, pieces.owner, max_distance)


@dataclass(frozen=True)
class ChargeMove:
    """Result of a straight charge move (AS-CHG-6): the tray at the end, the distance moved in
    inches, whether it touched the target, and which obstacle stopped it (index) if any."""

    end: Tray
    distance_moved: float
    contacted_target: bool
    stopped_by: int | None


def charge_move(
    tray: Tray,
    target: Polygon,
    obstacles: Sequence[Polygon],
    distance: float,
    stop_short: float = 1.0,
) -> ChargeMove:
    """Move ``tray`` straight ahead up to ``distance`` inches (AS-CHG-6).

    * If it touches ``target`` (any contact, even a graze, within TOLERANCE) no later than it
      would meet any obstacle, it stops at that touch: ``contacted_target`` is True.
    * Otherwise, if it would meet an obstacle it may not cross within ``distance``, it stops
      ``stop_short`` inches before that contact (never moving backwards): ``stopped_by`` is
      the obstacle's index.
    * Otherwise it moves the full ``distance`` (a failed charge ends wherever that is).
    ``obstacles`` must not include the target or the moving tray."""
    t_target = np.inf
    tpieces = build_pieces([target])
    if len(tpieces):
        lo, hi, _ = contact_table(tray, tpieces)
        touching = (hi >= -TOLERANCE) & (lo <= hi + TOLERANCE)
        if touching.any():
            t_target = float(np.maximum(lo[touching], 0.0).min())
    t_obs, idx = first_contact(tray, obstacles, distance)
    if t_target <= distance + TOLERANCE and (idx is None or t_target <= t_obs + TOLERANCE):
        moved = min(t_target, distance)
        return ChargeMove(tray.advanced(moved), moved, True, None)
    if idx is not None:
        moved = max(0.0, t_obs - stop_short)
        return ChargeMove(tray.advanced(moved), moved, False, idx)
    return ChargeMove(tray.advanced(distance), distance, False, None)
