"""A spaces-and-pegs board: hex spaces with elevation in pegs (RL-ELV-1..3) and 2.5D sight.

Units: horizontal distances and heights both in pegs. Six pegs make one space across (the
distance between neighbouring space centres); an infantry figure is five pegs tall. Space
centres use the pointy-top layout of :mod:`game.geometry.hexgrid` scaled so that neighbours
are :data:`PEGS_PER_SPACE` pegs apart.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from game.geometry.hexgrid import SQRT3, Hex, hex_at_point, hex_center, hex_corners
from game.geometry.tolerance import TOLERANCE

PEGS_PER_SPACE: int = 6
"""Pegs from one space centre to the next (one space across)."""
INFANTRY_HEIGHT: int = 5
"""Height of an infantry figure in pegs."""
MAX_DOWNWARD_BONUS: int = 3
"""Largest range bonus for shooting downwards (RL-ELV-2)."""

_SCALE = PEGS_PER_SPACE / SQRT3  # layout units -> pegs

Point3 = tuple[float, float, float]


@functools.lru_cache(maxsize=1 << 16)
def peg_position(h: Hex) -> tuple[float, float]:
    """Centre of a space in pegs."""
    x, y = hex_center(h)
    return (x * _SCALE, y * _SCALE)


def peg_corners(h: Hex) -> list[tuple[float, float]]:
    """Corners of a space in pegs (clockwise from north)."""
    return [(x * _SCALE, y * _SCALE) for x, y in hex_corners(h)]


def can_melee_across_elevation(
    base_a: int, height_a: int, base_b: int, height_b: int,
    obstruction_top: int | None = None, transit_pad: bool = False,
) -> bool:
    """RL-ELV-1: may two figures attack each other at range 1 or less across elevation?

    Bases and heights in pegs. The lower figure must be taller than the difference in base
    elevation (its top above the higher figure's base); an obstruction between them whose top
    (absolute pegs) is higher than both figures' tops blocks it. Spaces linked by a transit
    pad are exempt from both limits."""
    if transit_pad:
        return True
    lower_height = height_a if base_a <= base_b else height_b
    if lower_height <= abs(base_a - base_b):
        return False
    return not (obstruction_top is not None
                and obstruction_top > base_a + height_a
                and obstruction_top > base_b + height_b)


def downward_range_bonus(attacker_base: int, attacker_height: int, target_base: int) -> int:
    """RL-ELV-2: extra range (spaces) for a ranged attack on a lower target: one per full
    attacker height of base elevation above the target, at most :data:`MAX_DOWNWARD_BONUS`.
    All arguments in pegs."""
    if attacker_height <= 0 or attacker_base <= target_base:
        return 0
    return min(MAX_DOWNWARD_BONUS, (attacker_base - target_base) // attacker_height)


def peg_distance(a: Hex | tuple[float, float], b: Hex | tuple[float, float]) -> float:
    """Straight distance in pegs between two spaces' centres (or two peg points)."""
    pa = peg_position(a) if isinstance(a, Hex) else a
    pb = peg_position(b) if isinstance(b, Hex) else b
    return math.dist(pa, pb)


def peg_range(a: Hex | tuple[float, float], b: Hex | tuple[float, float]) -> int:
    """RL-ELV-3: range in spaces measured in a straight line: the peg distance divided by
    :data:`PEGS_PER_SPACE`, rounded up (distance less TOLERANCE, so 12 pegs is 2). Meant for
    spaces that are not neighbours with nothing between them; neighbours are 1."""
    return max(0, math.ceil((peg_distance(a, b) - TOLERANCE) / PEGS_PER_SPACE))


Wall = tuple[tuple[float, float], tuple[float, float], float]
"""An obstruction along a space edge: its two end points (pegs) and its top (absolute pegs)."""


@dataclass(frozen=True)
class Sight25D:
    """2.5D sight answer: visible, the target point seen (pegs) and, when not visible, the
    spaces (and walls, by index into the ``walls`` given) that stop the lines to every target
    point."""

    visible: bool
    point: Point3 | None
    blocking: tuple[Hex, ...]
    walls: tuple[int, ...] = ()


def shared_edge(a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
    """The edge (two corner points, pegs) between neighbouring spaces ``a`` and ``b``."""
    ca = peg_corners(a)
    cb = peg_corners(b)
    common = [p for p in ca if any(math.dist(p, q) < 1e-6 for q in cb)]
    if len(common) != 2:
        raise ValueError(f"{a} and {b} are not neighbours")
    return common[0], common[1]


def wall_blocks(eye: Point3, target: Point3, wall: Wall) -> bool:
    """Whether the segment eye -> target crosses ``wall`` below its top (touching the top, or
    only grazing an end of the wall, is allowed; pegs)."""
    (x1, y1), (x2, y2), top = wall
    px, py = eye[0], eye[1]
    dx, dy = target[0] - px, target[1] - py
    ex, ey = x2 - x1, y2 - y1
    den = dx * ey - dy * ex
    if abs(den) < 1e-12:
        return False  # parallel: runs along the wall, never through it
    t = ((x1 - px) * ey - (y1 - py) * ex) / den
    u = ((x1 - px) * dy - (y1 - py) * dx) / den
    length = max(math.hypot(ex, ey), TOLERANCE)
    if not (0.0 <= t <= 1.0 and TOLERANCE / length < u < 1.0 - TOLERANCE / length):
        return False
    z = eye[2] + (target[2] - eye[2]) * t
    return top > z + TOLERANCE


def target_points(h: Hex, base: int, height: int) -> list[Point3]:
    """The parts of a figure on space ``h`` that sight lines aim at: the centre and the six
    corners of its top, and its centre at half height (pegs)."""
    top = float(base + height)
    cx, cy = peg_position(h)
    pts: list[Point3] = [(cx, cy, top), (cx, cy, base + height / 2.0)]
    pts += [(x, y, top) for x, y in peg_corners(h)]
    return pts


@functools.lru_cache(maxsize=1 << 16)
def _edges(h: Hex) -> tuple[tuple[float, float, float, float], ...]:
    """Each edge of a space as a corner and its inward unit normal (pegs), counter-clockwise;
    a pure function of the hex, cached."""
    ring = peg_corners(h)[::-1]
    out = []
    for i in range(6):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % 6]
        length = math.hypot(x2 - x1, y2 - y1)
        out.append((x1, y1, -(y2 - y1) / length, (x2 - x1) / length))
    return tuple(out)


def _clip(h: Hex, px: float, py: float, dx: float, dy: float,
          margin: float = 0.0) -> tuple[float, float]:
    """The parameters ``(lo, hi)`` between which the line ``p + t d`` runs inside space
    ``h`` (pegs; ``hi <= lo`` when it misses or only touches the space; a line parallel to
    an edge and less than ``margin`` inside it misses)."""
    lo, hi = -math.inf, math.inf
    for x1, y1, nx, ny in _edges(h):
        a = nx * (px - x1) + ny * (py - y1)
        b = nx * dx + ny * dy
        if b > 0:
            lo = max(lo, -a / b)
        elif b < 0:
            hi = min(hi, -a / b)
        elif a < margin:
            return (math.inf, -math.inf)  # parallel to this edge, outside it
    return lo, hi


_EPS = 1e-9


def _onwards(around: Hex, t: float, px: float, py: float, dx: float, dy: float
             ) -> tuple[Hex, float] | None:
    """Of ``around`` and its neighbours, the space the line runs on through just after
    ``t`` (entered by ``t``, left after it), with where it leaves; the one it stays in
    longest when it passes a corner."""
    best: tuple[Hex, float] | None = None
    for h in (around, *around.neighbors()):
        lo, hi = _clip(h, px, py, dx, dy)
        if lo <= t + _EPS and hi > t + _EPS and (best is None or hi > best[1]):
            best = (h, hi)
    return best


def segment_spaces(start: tuple[float, float], end: tuple[float, float]
                   ) -> list[tuple[Hex, float, float]]:
    """The spaces the segment ``start -> end`` (pegs) runs through, in order, each with the
    part of the segment inside it as parameters ``(t0, t1)`` in 0..1 (consecutive parts
    touch). Exact: each step clips the line against the next space's edges, so the walk
    costs one step per space crossed (a dense sampling costs a hex lookup per sample). A
    segment that only touches a space at a corner does not cross it."""
    px, py = start
    dx, dy = end[0] - px, end[1] - py
    first = hex_at_point(px / _SCALE, py / _SCALE)
    if math.hypot(dx, dy) < TOLERANCE:
        return [(first, 0.0, 1.0)]
    out: list[tuple[Hex, float, float]] = []
    step = _onwards(first, 0.0, px, py, dx, dy)
    t = 0.0
    while step is not None:
        here, leave = step
        out.append((here, t, min(1.0, leave)))
        if leave >= 1.0:
            return out
        t = leave
        step = _onwards(here, t, px, py, dx, dy)
        if step is not None and step[0] == here:
            step = None  # numerically stuck on an edge: give up here
    if not out:
        return [(first, 0.0, 1.0)]
    out[-1] = (out[-1][0], out[-1][1], 1.0)  # rounding ended the walk early: close the line
    return out


def _blockers(eye: Point3, target: Point3, hexes: list[Hex], tops: np.ndarray) -> list[Hex]:
    """Spaces whose top rises above the segment eye -> target where it crosses them (the
    segment clipped against each space's six edges; plain floats, fast for a few spaces)."""
    px, py = eye[0], eye[1]
    dx, dy = target[0] - px, target[1] - py
    graze = TOLERANCE / max(math.hypot(dx, dy), TOLERANCE)
    out: list[Hex] = []
    for h, top in zip(hexes, tops, strict=True):
        lo, hi = _clip(h, px, py, dx, dy, TOLERANCE)  # running along an edge misses too
        lo, hi = max(lo, 0.0), min(hi, 1.0)
        if hi - lo <= graze:
            continue  # misses, or only grazes a corner
        z0 = eye[2] + (target[2] - eye[2]) * lo
        z1 = eye[2] + (target[2] - eye[2]) * hi
        if float(top) > min(z0, z1) + TOLERANCE:
            out.append(h)
    return out


@dataclass(frozen=True)
class SightField:
    """A height field as arrays, built once and read by many sight lines: the spaces, their
    centres (pegs, shape (N, 2)) and their tops (absolute pegs, shape (N,)). A top of
    ``-inf`` never blocks (a space to ignore)."""

    hexes: tuple[Hex, ...]
    centres: np.ndarray
    tops: np.ndarray
    index: Mapping[Hex, int]
    """Where each space is in the arrays."""

    def without(self, ignore: Sequence[Hex]) -> SightField:
        """The same field with the spaces in ``ignore`` never blocking."""
        idx = [self.index[h] for h in ignore if h in self.index]
        if not idx:
            return self
        tops = self.tops.copy()
        tops[idx] = -np.inf
        return SightField(self.hexes, self.centres, tops, self.index)

    @classmethod
    def of(cls, tops: Mapping[Hex, float], ignore: Sequence[Hex] = ()) -> SightField:
        """The field of ``tops`` without the spaces in ``ignore``."""
        skip = set(ignore)
        hexes = tuple(h for h in tops if h not in skip)
        centres = np.asarray([peg_position(h) for h in hexes], dtype=float).reshape(-1, 2)
        return cls(hexes, centres, np.asarray([tops[h] for h in hexes], dtype=float),
                   {h: i for i, h in enumerate(hexes)})


def line_of_sight_25d(
    eye: Point3,
    targets: Sequence[Point3],
    tops: Mapping[Hex, float],
    ignore: Sequence[Hex] = (),
    walls: Sequence[Wall] = (),
) -> Sight25D:
    """2.5D Line of Sight on a spaces-and-pegs board (RL-LOS-1): visible if a segment from
    the attacker's eye point to one of the target points passes over every space it crosses,
    i.e. no crossed space's top (``tops``: absolute pegs, terrain plus any obstruction) is
    above the segment where it crosses it (within TOLERANCE; touching a top or grazing a
    corner is allowed).
    Spaces in ``ignore`` (the attacker's and the target's) never block; a segment that crosses
    one of ``walls`` below its top is stopped too. Pegs throughout."""
    return sight_over(eye, targets, SightField.of(tops, ignore), walls)


def sight_over(eye: Point3, targets: Sequence[Point3], field: SightField,
               walls: Sequence[Wall] = ()) -> Sight25D:
    """:func:`line_of_sight_25d` over a prepared :class:`SightField` (the same answer; a
    caller asking many lines over one board builds the arrays once)."""
    hexes, centres, top_arr = field.hexes, field.centres, field.tops
    radius = PEGS_PER_SPACE / SQRT3
    stopped: set[Hex] = set()
    stopped_walls: set[int] = set()
    for tp in targets:
        hit = [i for i, w in enumerate(walls) if wall_blocks(eye, tp, w)]
        if hit:
            stopped_walls.update(hit)
            continue
        # a space no higher than the segment's lower end cannot rise above it anywhere
        high = np.nonzero(top_arr > min(eye[2], tp[2]) + TOLERANCE)[0]
        p = np.asarray(eye[:2])
        d = np.asarray(tp[:2]) - p
        dd = max(float(d @ d), 1e-30)
        c = centres[high]
        t = np.clip(((c - p) @ d) / dd, 0.0, 1.0)
        near = np.hypot(*(c - (p + t[:, None] * d)).T) <= radius + TOLERANCE
        idx = high[near]
        block = _blockers(eye, tp, [hexes[i] for i in idx], top_arr[idx])
        if not block:
            return Sight25D(True, tp, ())
        stopped.update(block)
    return Sight25D(False, None, tuple(sorted(stopped)), tuple(sorted(stopped_walls)))
