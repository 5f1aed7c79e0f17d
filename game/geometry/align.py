"""Alignment of a tray flush against an edge of another (AS-CHG-2, AS-CHG-7, AS-MEL-4,
AS-CHG-13).

The mover faces the target edge (its facing is the edge's inward normal) with its front edge
lying on the target edge's line. Its position along that line is the *offset* ``s``: the
distance in inches from the target edge's midpoint to the mover's Front Arrow, positive to the
mover's right.

* 100%: ``s = 0`` (edge midpoints coincide).
* 50%: ``s = -h`` ("left") or ``s = +h`` ("right"), left/right as the mover sees it, with
  ``h = max(mover width, edge length) / 2``: the contacting edges then overlap by half the
  shorter of the two (for equal widths: the mover's Front Arrow sits on the target's corner).

Legality is exact: sliding the mover along the edge line, each obstacle piece overlaps it on
an open interval of offsets (the analytic sweep of :mod:`game.geometry.sweep`); a placement is
legal when its offset lies in none of them (overlaps up to TOLERANCE are contacts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box

from game.geometry.pieces import build_pieces
from game.geometry.sweep import contact_intervals, tray_ring
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray, facing_of_vector

Kind = Literal[100, 50, 0]
PlacementSide = Literal["centre", "left", "right", "nearest"]


@dataclass(frozen=True)
class Placement:
    """One way to stand flush against the target edge: the mover's tray there, the kind of
    alignment (100, 50, or 0 for "nearest legal overlap"), the side (as the mover sees it),
    whether it is legal, and how many inches the contacting edges overlap."""

    tray: Tray
    kind: Kind
    side: PlacementSide
    legal: bool
    overlap: float


@dataclass(frozen=True)
class _Frame:
    base: Tray  # the mover at offset 0
    axis: tuple[float, float]  # unit vector of increasing offset (the mover's right)
    edge_length: float
    half50: float
    max_offset: float  # beyond this the edges no longer overlap
    blocked: list[tuple[float, float]]  # open intervals of illegal offsets
    touching: list[tuple[float, float]]  # the same obstacles' closed contact intervals


def _outside(bounds: Polygon, mover: Tray, target: Tray) -> Polygon:
    """The region outside ``bounds`` near the target, as an obstacle (a box around the
    target, big enough for every placement of the mover, minus ``bounds``)."""
    reach = 2.0 * (mover.width + mover.depth + target.width + target.depth) + 1.0
    x0, y0, x1, y1 = target.polygon.bounds
    bx0, by0, bx1, by1 = bounds.bounds
    big = box(min(x0, bx0) - reach, min(y0, by0) - reach, max(x1, bx1) + reach,
              max(y1, by1) + reach)
    out = big.difference(bounds)
    assert isinstance(out, Polygon | MultiPolygon)
    return out


SLIDE_MARGIN = 1.0
"""Inches of offset beyond the last overlapping one (``max_offset``) that the obstacles kept
in a frame cover: every answer reads offsets within ``max_offset`` only."""


def _slide_box(base: Tray, reach: float) -> tuple[float, float, float, float]:
    """Bounding box of the mover slid by any offset in ``[-reach, reach]``, widened by a
    margin far above TOLERANCE."""
    rx, ry = base.right
    pts = np.asarray([(x + sign * reach * rx, y + sign * reach * ry)
                      for x, y in base.corners for sign in (-1.0, 1.0)])
    m = 1e-3
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    return float(x0 - m), float(y0 - m), float(x1 + m), float(y1 + m)


def _near_slide(obstacles: Sequence[Polygon], area: tuple[float, float, float, float]
                ) -> list[Polygon]:
    """The obstacles (in order) whose bounding box meets ``area``: the others overlap or
    touch the mover at no offset the frame's answers read, so leaving them out changes no
    answer and spares their pieces."""
    if not obstacles:
        return []
    b = shapely.bounds(np.asarray(obstacles, dtype=object))
    x0, y0, x1, y1 = area
    keep = (b[:, 0] <= x1) & (b[:, 2] >= x0) & (b[:, 1] <= y1) & (b[:, 3] >= y0)
    return [obstacles[i] for i in np.nonzero(keep)[0].tolist()]


def _reaches_out(bounds: Polygon, area: tuple[float, float, float, float]) -> bool:
    """Whether the slide's box is not well inside ``bounds``: only then can the outside of
    the table (an obstacle) meet the mover at an offset the answers read."""
    return not bounds.contains(box(*area))


def _frame(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
           bounds: Polygon | None = None) -> _Frame:
    a, b = target.edge_points(edge)
    nx, ny = target.edge_normal(edge)
    mid = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
    facing = facing_of_vector(-nx, -ny)
    base = Tray.with_front_arrow_at(mid[0], mid[1], facing, mover.width, mover.depth,
                                    mover.files, mover.ranks)
    length = target.edge_length(edge)
    area = _slide_box(base, (mover.width + length) / 2.0 + SLIDE_MARGIN)
    obstacles = _near_slide(obstacles, area)
    if bounds is not None and _reaches_out(bounds, area):
        obstacles = [*obstacles, _outside(bounds, mover, target)]
    pieces = build_pieces(obstacles)
    blocked: list[tuple[float, float]] = []
    touching: list[tuple[float, float]] = []
    if len(pieces):
        # slide the mover along its right vector: travel t is the offset s (any sign)
        d = np.repeat(np.asarray(base.right, dtype=float)[None], len(pieces), axis=0)
        verts = np.repeat(tray_ring(base)[None], len(pieces), axis=0)
        t_lo, t_hi, o_lo, o_hi = contact_intervals(verts, d, pieces)
        for k in np.nonzero(o_lo < o_hi)[0]:
            blocked.append((float(o_lo[k]), float(o_hi[k])))
            touching.append((float(t_lo[k]), float(t_hi[k])))
    return _Frame(base, base.right, length, max(mover.width, length) / 2.0,
                  (mover.width + length) / 2.0, blocked, touching)


def _legal(frame: _Frame, s: float) -> bool:
    return all(not (lo < s < hi) for lo, hi in frame.blocked)


def _overlap(frame: _Frame, s: float) -> float:
    w = 2.0 * frame.max_offset - frame.edge_length  # mover width
    lo = max(s - w / 2.0, -frame.edge_length / 2.0)
    hi = min(s + w / 2.0, frame.edge_length / 2.0)
    return max(0.0, hi - lo)


def _place(frame: _Frame, s: float, kind: Kind, side: PlacementSide) -> Placement:
    ax, ay = frame.axis
    tray = frame.base.translated(ax * s, ay * s)
    return Placement(tray, kind, side, _legal(frame, s), _overlap(frame, s))


def alignments(
    mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
    bounds: Polygon | None = None,
) -> list[Placement]:
    """The 100% placement and the two 50% ones (left, right as the mover sees it) against
    ``edge`` of ``target``, each marked legal when the mover there overlaps no obstacle by
    more than TOLERANCE and, if ``bounds`` (e.g. the table, inches) is given, sticks out of
    it by no more than TOLERANCE. ``obstacles`` must exclude the mover and the target."""
    f = _frame(mover, target, edge, obstacles, bounds)
    return [_place(f, 0.0, 100, "centre"), _place(f, -f.half50, 50, "left"),
            _place(f, f.half50, 50, "right")]


def legal_offsets(
    mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
    bounds: Polygon | None = None,
) -> list[tuple[float, float]]:
    """Closed intervals of legal offsets (inches, see module docstring) at which the mover
    stays in contact with the edge (positive overlap), overlaps no obstacle and stays inside
    ``bounds`` (if given), all within TOLERANCE."""
    return _offsets(_frame(mover, target, edge, obstacles, bounds))


def _offsets(f: _Frame) -> list[tuple[float, float]]:
    """:func:`legal_offsets` of a frame."""
    lim = f.max_offset - TOLERANCE
    free = [(-lim, lim)]
    for lo, hi in sorted(f.blocked):
        nxt: list[tuple[float, float]] = []
        for a, b in free:
            if hi <= a or lo >= b:
                nxt.append((a, b))
                continue
            if lo > a:
                nxt.append((a, lo))
            if hi < b:
                nxt.append((hi, b))
        free = nxt
    return free


def _nearest_legal(f: _Frame, goals: Sequence[float]) -> float | None:
    lim = f.max_offset - TOLERANCE
    cands = [g for g in goals if abs(g) <= lim]
    for lo, hi in f.touching:  # where an obstacle is just touched (overlap 0)
        cands.extend(x for x in (lo, hi) if abs(x) <= lim)
    legal = [c for c in cands if _legal(f, c)]
    if not legal:
        return None
    return min(legal, key=lambda c: (min(abs(c - g) for g in goals), abs(c)))


def best_alignment(
    mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
    bounds: Polygon | None = None,
) -> Placement | None:
    """The default alignment (AS-CHG-7): 100% if legal; else the legal 50% on the side nearer
    the mover's current centre (then the other); else the legal offset nearest to any of the
    three (kind 0, side "nearest"); None if no legal contact with the edge exists. Legal
    includes staying inside ``bounds`` when given."""
    f = _frame(mover, target, edge, obstacles, bounds)
    ax, ay = f.axis
    here = (mover.x - f.base.x) * ax + (mover.y - f.base.y) * ay
    order = [(0.0, 100, "centre")]
    sides = [(-f.half50, 50, "left"), (f.half50, 50, "right")]
    order += sorted(sides, key=lambda c: abs(c[0] - here))
    for s, kind, side in order:
        if _legal(f, s):
            return _place(f, s, kind, side)  # type: ignore[arg-type]
    s_near = _nearest_legal(f, [0.0, -f.half50, f.half50])
    return None if s_near is None else _place(f, s_near, 0, "nearest")


def least_movement_alignment(
    mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
    bounds: Polygon | None = None,
) -> Placement | None:
    """AS-CHG-13: the legal 100% or 50% placement that moves the mover's centre least; if
    none is legal, the nearest legal overlap; None if no legal contact exists. Legal
    includes staying inside ``bounds`` when given."""
    f = _frame(mover, target, edge, obstacles, bounds)
    legal = [p for p in alignments(mover, target, edge, obstacles, bounds) if p.legal]
    if legal:
        return min(legal, key=lambda p: np.hypot(p.tray.x - mover.x, p.tray.y - mover.y))
    s_near = _nearest_legal(f, [0.0, -f.half50, f.half50])
    return None if s_near is None else _place(f, s_near, 0, "nearest")


def can_align_50(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
                 bounds: Polygon | None = None) -> bool:
    """AS-CHG-2: is there room to align at 50% or more against ``edge`` -- a legal offset
    with ``|s| <= h`` (the 50% offset, see module docstring), within TOLERANCE? With
    ``bounds`` (e.g. the table), placements leaving it are not legal."""
    f = _frame(mover, target, edge, obstacles, bounds)
    return any(lo <= f.half50 + TOLERANCE and hi >= -f.half50 - TOLERANCE
               for lo, hi in _offsets(f))
