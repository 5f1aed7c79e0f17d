"""Cover for shooting (NA-SHT-3, Warbench's reading of the edition's Soft and Hard Cover):
which of the target's models the shooter cannot see past what stands in the way, and the
to-hit modifier that follows (docs/rules/ninth_age.md, "Cover").

A model is *hidden* when every straight line from the shooter's front edge to the centre of
its base, at most 45 degrees off the shooter's facing, crosses an obstruction (touching is not
crossing). Hard obstructions: another unit at least as tall as the target (Height), terrain that
blocks sight, terrain with the keyword ``hard-cover``. Soft ones: a shorter unit and
``hindering`` terrain. When half or more of the target's models in the Front Arc are hidden by
hard obstructions alone, the target is in Hard Cover (-2 to hit); when half or more are hidden
by hard and soft ones together, in Soft Cover (-1). A target standing in hindering ground is
always in Soft Cover at least (NA-SHT-2).

Exact and cheap: in the frame of the shooter's front edge (``lat`` across it, ``ahead`` in
front of it) the lines from one point form an interval of the edge, and a convex obstruction
clipped to the band between the edge and the point blocks the open interval spanned by its
corners projected from the point onto the edge; a model is hidden when those open intervals
cover its whole admissible interval. Non-convex terrain is split into triangles once. Pure:
reads trays, the formation and terrain polygons; the answer is remembered on the shooter under
a key naming every unit's boundary and Height.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import shapely
from shapely.geometry import Polygon

from game.core.state import GameState
from game.geometry.tray import Side, Tray
from game.rulesets.ninth_age.memo import remembered, unit_key
from game.rulesets.ninth_age.units import NinthUnit

Point = tuple[float, float]
Ring = tuple[Point, ...]

SOFT_COVER = 1
"""Soft Cover makes a shot need one more on the D6 (NA-SHT-3)."""

HARD_COVER = 2
"""Hard Cover makes a shot need two more (NA-SHT-3)."""

EPS = 1e-9
"""Lines closer than this to an obstruction's edge only graze it."""

Grade = Literal["hard", "soft"]


@dataclass(frozen=True)
class Obstruction:
    """Something that may stand between shooter and target: its name, how hard a cover it
    gives, and its outline as convex rings."""

    name: str
    grade: Grade
    pieces: tuple[Ring, ...]


@dataclass(frozen=True)
class CoverReading:
    """The cover of one target from one shooter (NA-SHT-3): the modifier, the models that
    count (in the Front Arc), those hidden by hard obstructions, those hidden only when soft
    ones count too, and the names of what hides them."""

    modifier: int
    counted: int
    hidden_hard: tuple[str, ...]
    hidden_soft: tuple[str, ...]
    by: tuple[str, ...]
    standing_in: str = ""

    @property
    def grade(self) -> str:
        """``hard``, ``soft`` or ``none``."""
        return {HARD_COVER: "hard", SOFT_COVER: "soft"}.get(self.modifier, "none")


def _convex_pieces(poly: Polygon) -> tuple[Ring, ...]:
    """The polygon as convex rings: itself when convex, else its constrained triangulation."""
    if poly.is_empty:
        return ()
    if abs(poly.convex_hull.area - poly.area) <= 1e-9:
        return (tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]),)
    tris = shapely.constrained_delaunay_triangles(poly)
    return tuple(tuple((float(x), float(y)) for x, y in list(t.exterior.coords)[:-1])
                 for t in getattr(tris, "geoms", []))


def terrain_pieces(state: GameState) -> list[Obstruction]:
    """The terrain that gives cover, each piece split into convex rings once (a piece never
    changes: the rings are kept in its instance ``__dict__``, like its cached polygon)."""
    out: list[Obstruction] = []
    for piece in state.terrain:
        grade: Grade | None = ("hard" if piece.has("blocks-sight") or piece.has("hard-cover")
                               else "soft" if piece.has("hindering") else None)
        if grade is None:
            continue
        rings = piece.__dict__.get("_ninth_convex")
        if rings is None:
            rings = piece.__dict__["_ninth_convex"] = _convex_pieces(piece.polygon)
        out.append(Obstruction(piece.kind, grade, rings))
    return out


def obstructions(state: GameState, shooter: NinthUnit,
                 target: NinthUnit) -> list[Obstruction]:
    """Every other unit's boundary (hard when at least as tall as the target) and the cover
    terrain (NA-SHT-3)."""
    out = [Obstruction(u.name, "hard" if u.model.height >= target.model.height else "soft",
                       (u.tray.corners,))
           for u in state.units.values()
           if isinstance(u, NinthUnit) and u.on_board and u.tray is not None
           and u.id not in (shooter.id, target.id)]
    return out + terrain_pieces(state)


class Frame:
    """The shooter's front edge as a frame: ``lat`` inches along it from its left corner,
    ``ahead`` inches in front of it."""

    def __init__(self, tray: Tray) -> None:
        (self.lx, self.ly), _ = tray.edge_points(Side.FRONT)
        self.fx, self.fy = tray.forward
        self.rx, self.ry = tray.right
        self.width = tray.width

    def of(self, p: Point) -> Point:
        dx, dy = p[0] - self.lx, p[1] - self.ly
        return dx * self.rx + dy * self.ry, dx * self.fx + dy * self.fy


def _cut(pts: list[Point], level: float, below: bool) -> list[Point]:
    """The convex ring cut to ``ahead <= level`` (``below``) or ``ahead >= level``."""
    def keep(q: Point) -> bool:
        return q[1] <= level if below else q[1] >= level

    out: list[Point] = []
    for i, cur in enumerate(pts):
        prev = pts[i - 1]
        if keep(cur) != keep(prev):
            t = (level - prev[1]) / (cur[1] - prev[1])
            out.append((prev[0] + t * (cur[0] - prev[0]), level))
        if keep(cur):
            out.append(cur)
    return out


def _clip(ring: Sequence[Point], depth: float) -> list[Point]:
    """The convex ring (frame coordinates) cut to the band 0 <= ahead <= ``depth``."""
    pts = list(ring)
    if all(0.0 <= q[1] <= depth for q in pts):
        return pts
    return _cut(_cut(pts, 0.0, False), depth, True)


def shadow(ring: Sequence[Point], p: Point) -> tuple[float, float] | None:
    """The open interval of the front edge whose lines to ``p`` cross the convex ``ring``
    (frame coordinates), or None."""
    lat, depth = p
    band = _clip(ring, depth)
    if len(band) < 3:
        return None
    lo, hi = float("inf"), float("-inf")
    for vl, va in band:
        gap = depth - va
        if gap <= EPS:  # a corner level with the point: the shadow runs off to that side
            x = float("inf") if vl > lat else float("-inf") if vl < lat else lat
        else:
            x = lat + depth / gap * (vl - lat)
        lo, hi = min(lo, x), max(hi, x)
    return (lo, hi) if hi - lo > 2 * EPS else None


def free_lat(lo: float, hi: float, shadows: list[tuple[float, float]]) -> float | None:
    """A point of [lo, hi] inside none of the open intervals ``shadows`` (a grazing line is
    free), or None when they cover it all. Sweeps them from the left."""
    cur = lo
    for s, e in sorted(shadows):
        if s + EPS >= cur:
            break
        cur = max(cur, e - EPS)
    return cur if cur <= hi else None


def _hidden(frame: Frame, centre: Point,
            rings: Sequence[tuple[Grade, str, Sequence[Point]]]) -> tuple[bool, bool, set[str]]:
    """Whether the model at ``centre`` (in the Front Arc) is hidden by hard obstructions, by
    any, and the names of what shades its lines."""
    p = frame.of(centre)
    lo, hi = max(0.0, p[0] - p[1]), min(frame.width, p[0] + p[1])
    hard: list[tuple[float, float]] = []
    every: list[tuple[float, float]] = []
    names: set[str] = set()
    for grade, name, ring in rings:
        sh = shadow(ring, p)
        if sh is None or sh[1] <= lo or sh[0] >= hi:
            continue
        names.add(name)
        every.append(sh)
        if grade == "hard":
            hard.append(sh)
    return free_lat(lo, hi, hard) is None, free_lat(lo, hi, every) is None, names


def model_centres(unit: NinthUnit) -> dict[str, Point]:
    """The centre of every living model's base (remembered on the unit)."""
    tray = unit.tray
    assert tray is not None

    def compute() -> dict[str, Point]:
        gone = set(unit.removed)
        out: dict[str, Point] = {}
        for slot in unit.formation().slots:
            if slot.key not in gone:
                a0, l0, a1, l1 = slot.local_box()
                out[slot.key] = tray.local_to_table((a0 + a1) / 2.0, (l0 + l1) / 2.0)
        return out

    return remembered(unit, ("centres", unit_key(unit)), compute)


def _standing_in(state: GameState, target: NinthUnit) -> str:
    """The hindering ground the target's boundary stands in, if any (NA-SHT-2)."""
    assert target.tray is not None
    poly = target.tray.polygon
    for piece in state.terrain:
        if piece.has("hindering") and piece.polygon.intersection(poly).area > 1e-9:
            return piece.kind
    return ""


def read_cover(state: GameState, shooter: NinthUnit, target: NinthUnit) -> CoverReading:
    """The target's cover from the shooter (NA-SHT-3), remembered on the shooter under the
    boundaries and Heights of every unit (terrain does not move)."""
    others = tuple((u.id, u.tray, u.model.height) for u in state.units.values()
                   if isinstance(u, NinthUnit) and u.on_board and u.tray is not None)
    key = ("cover", unit_key(shooter), unit_key(target), others, len(state.terrain))
    return remembered(shooter, key, lambda: _read_cover(state, shooter, target))


def _read_cover(state: GameState, shooter: NinthUnit, target: NinthUnit) -> CoverReading:
    assert shooter.tray is not None and target.tray is not None
    frame = Frame(shooter.tray)
    rings = [(o.grade, o.name, tuple(frame.of(q) for q in ring))
             for o in obstructions(state, shooter, target) for ring in o.pieces]
    counted = 0
    hard: list[str] = []
    soft: list[str] = []
    by: set[str] = set()
    for key, centre in model_centres(target).items():
        p = frame.of(centre)
        if p[1] <= EPS or not -p[1] <= p[0] <= frame.width + p[1]:
            continue  # outside the Front Arc: the shooter does not aim at it
        counted += 1
        is_hard, is_any, names = _hidden(frame, centre, rings)
        if is_hard:
            hard.append(key)
        elif is_any:
            soft.append(key)
        if is_any:
            by |= names
    standing = _standing_in(state, target)
    modifier = 0
    if counted and 2 * len(hard) >= counted:
        modifier = HARD_COVER
    elif (counted and 2 * (len(hard) + len(soft)) >= counted) or standing:
        modifier = SOFT_COVER
    return CoverReading(modifier, counted, tuple(hard), tuple(soft), tuple(sorted(by)), standing)


def cover(state: GameState, shooter: NinthUnit, target: NinthUnit) -> int:
    """The to-hit modifier for cover (0, 1 or 2; NA-SHT-3)."""
    return read_cover(state, shooter, target).modifier
