"""The ruleset's window on the geometry layer: which shapes are obstacles, contact, sight,
sweeps and alignments for asoiaf units.

Line of Sight, arcs and range come from :mod:`game.geometry`. The straight-line sweep and the
alignment placements use ``game.geometry.sweep`` / ``game.geometry.align`` when those modules
are installed; until then (they were being written alongside this ruleset) a small local
adapter with the same answers stands in (:func:`_local_first_contact`, :func:`_local_alignments`).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from game.core.state import GameState, TableBoard
from game.geometry.arcs import ARC_EDGE, Arc, majority_arc
from game.geometry.sight import Sight, line_of_sight
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.rulesets.asoiaf.units import AsoiafUnit

OVERLAP_AREA = 1e-6
"""Square inches of shared area above which two shapes overlap (as in the core)."""

CONTACT = 1e-4
"""Inches: trays this close are in base contact. Alignment placements are exact to ~1e-12",
but a chain of moves may leave a little float dust; well below any rules distance."""

INF = float("inf")



def _optional(name: str) -> Any:
    """A geometry module if it is installed yet, else None."""
    try:
        return importlib.import_module(f"game.geometry.{name}")
    except ImportError:  # pragma: no cover - depends on the geometry engineer's progress
        return None


_sweep = _optional("sweep")


# --- units and shapes -------------------------------------------------------------------------


def tray_of(unit: AsoiafUnit) -> Tray:
    """The unit's tray (asoiaf units always stand on a table)."""
    assert unit.tray is not None, f"{unit.id} has no tray"
    return unit.tray


def live(state: GameState) -> list[AsoiafUnit]:
    """Every asoiaf unit in play."""
    return [u for u in state.live_units() if isinstance(u, AsoiafUnit)]


def enemies_of(state: GameState, unit: AsoiafUnit) -> list[AsoiafUnit]:
    """Units in play of other players."""
    return [u for u in live(state) if u.owner != unit.owner]


def in_contact(a: Tray, b: Tray) -> bool:
    """Base contact: the trays touch (within :data:`CONTACT`) without overlapping."""
    return bool(a.polygon.distance(b.polygon) <= CONTACT)


def engaged_enemies(state: GameState, unit: AsoiafUnit, tray: Tray | None = None) -> list[str]:
    """Ids of the enemies in base contact with ``unit`` (or with ``tray`` standing for it)."""
    mine = tray or tray_of(unit)
    return [e.id for e in enemies_of(state, unit) if in_contact(mine, tray_of(e))]


def sight_obstacles(state: GameState, *skip: str) -> list[Polygon]:
    """Other trays and sight-blocking terrain (the viewer and target are skipped)."""
    shapes = [tray_of(u).polygon for u in live(state) if u.id not in skip]
    shapes += [t.polygon for t in state.terrain if t.has("blocks-sight")]
    return shapes


def sight(state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
          tray: Tray | None = None) -> Sight:
    """Line of Sight from ``viewer`` (or ``tray`` standing for it) to ``target``."""
    return line_of_sight(tray or tray_of(viewer), tray_of(target).polygon,
                         sight_obstacles(state, viewer.id, target.id))


def move_blockers(state: GameState, *skip: str) -> list[Polygon]:
    """What a move may not cross: other trays and impassable terrain."""
    shapes = [tray_of(u).polygon for u in live(state) if u.id not in skip]
    shapes += [t.polygon for t in state.terrain if t.has("impassable")]
    return shapes


def placement_problem(state: GameState, unit_id: str, tray: Tray, *skip: str) -> str | None:
    """Why a tray cannot stand here: off the table, overlapping a unit or impassable terrain."""
    board = state.board
    if isinstance(board, TableBoard) and not board.polygon.buffer(TOLERANCE).covers(tray.polygon):
        return "it would leave the table"
    for u in live(state):
        if u.id == unit_id or u.id in skip:
            continue
        if tray.polygon.intersection(tray_of(u).polygon).area > OVERLAP_AREA:
            return f"it would overlap {u.name}"
    for t in state.terrain:
        if t.has("impassable") and tray.polygon.intersection(t.polygon).area > OVERLAP_AREA:
            return f"it would stand on impassable {t.kind}"
    return None


def arc_of(defender: Tray, attacker: Tray) -> tuple[Arc, ...]:
    """The defender's arc(s) holding most of the attacker's tray (AS-CHG-4, AS-BON-2/3)."""
    return majority_arc(defender, attacker.polygon)


def edge_for(arc: Arc) -> Side:
    """The defender's edge facing an arc."""
    return ARC_EDGE[arc]


# --- sweeps -------------------------------------------------------------------------------


def table_exit(tray: Tray, state: GameState) -> float:
    """How far the tray can go straight ahead before a corner leaves the table."""
    board = state.board
    if not isinstance(board, TableBoard):
        return INF
    fx, fy = tray.forward
    best = INF
    for cx, cy in tray.corners:
        for pos, vel, high in ((cx, fx, board.width), (cy, fy, board.height)):
            if vel > 1e-12:
                best = min(best, (high - pos) / vel)
            elif vel < -1e-12:
                best = min(best, -pos / vel)
    return max(best, 0.0)


def first_contact(tray: Tray, obstacles: Sequence[Polygon], max_distance: float
                  ) -> tuple[float, int | None]:
    """Distance the tray can go straight ahead before it would overlap an obstacle, and which
    (``(max_distance, None)`` when nothing is in the way)."""
    if _sweep is not None and hasattr(_sweep, "first_contact"):  # pragma: no cover
        d, idx = _sweep.first_contact(tray, list(obstacles), max_distance)
        return float(d), idx
    return _local_first_contact(tray, obstacles, max_distance)


def _local_first_contact(tray: Tray, obstacles: Sequence[Polygon], max_distance: float
                         ) -> tuple[float, int | None]:
    """Exact sweep by vertex rays (a first contact always puts a vertex of one shape on an
    edge of the other); a candidate counts only if the shapes would overlap just after it,
    so trays sliding along each other are not stopped."""
    fx, fy = tray.forward
    path = unary_union([tray.polygon, tray.advanced(max_distance).polygon]).convex_hull
    best, which = max_distance, None
    for i, obstacle in enumerate(obstacles):
        if not path.intersects(obstacle) or path.intersection(obstacle).area <= OVERLAP_AREA:
            continue
        for t in _candidates(tray, obstacle, (fx, fy), max_distance):
            if t >= best:
                break
            probe = tray.advanced(t + 1e-3).polygon
            if probe.intersection(obstacle).area > OVERLAP_AREA:
                best, which = t, i
                break
    return best, which


def _candidates(tray: Tray, obstacle: Polygon, u: tuple[float, float], reach: float
                ) -> list[float]:
    """Distances at which a vertex of one shape meets an edge of the other (sorted)."""
    out = {0.0}
    mine = tray.polygon
    rings = [obstacle.exterior, *obstacle.interiors]
    for vx, vy in tray.corners:
        ray = LineString([(vx, vy), (vx + u[0] * reach, vy + u[1] * reach)])
        for ring in rings:
            out.update(_hit_distances(ray.intersection(ring), (vx, vy)))
    for ring in rings:
        for wx, wy in list(ring.coords)[:-1]:
            ray = LineString([(wx, wy), (wx - u[0] * reach, wy - u[1] * reach)])
            out.update(_hit_distances(ray.intersection(mine.exterior), (wx, wy)))
    return sorted(t for t in out if 0.0 <= t <= reach)


def _hit_distances(geom: Any, origin: tuple[float, float]) -> list[float]:
    if geom.is_empty:
        return []
    pts: list[tuple[float, float]] = []
    for part in getattr(geom, "geoms", [geom]):
        pts.extend((float(x), float(y)) for x, y in part.coords)
    return [math.hypot(x - origin[0], y - origin[1]) for x, y in pts]


def corridor(tray: Tray, distance: float) -> Polygon:
    """The area swept by the tray moving ``distance`` inches straight ahead."""
    end = tray.advanced(max(distance, 0.0))
    hull = unary_union([tray.polygon, end.polygon]).convex_hull
    assert isinstance(hull, Polygon)
    return hull


def slide_clear(state: GameState, unit_id: str, start: Tray, end: Tray, *skip: str) -> bool:
    """Whether a straight translation from ``start`` to ``end`` crosses no unit or impassable
    terrain (sliding along them is fine)."""
    dx, dy = end.x - start.x, end.y - start.y
    dist = math.hypot(dx, dy)
    if dist <= TOLERANCE:
        return True
    facing = math.degrees(math.atan2(dx, dy)) % 360.0
    ghost = Tray(start.x, start.y, facing, _extent_across(start, facing),
                 _extent_along(start, facing))
    blockers = move_blockers(state, unit_id, *skip)
    d, _ = first_contact(ghost, blockers, dist)
    return d >= dist - TOLERANCE


def _extent_across(tray: Tray, facing: float) -> float:
    """Width of the tray's shadow across direction ``facing`` (its bounding box width)."""
    rad = math.radians(facing - tray.facing)
    return abs(tray.width * math.cos(rad)) + abs(tray.depth * math.sin(rad))


def _extent_along(tray: Tray, facing: float) -> float:
    rad = math.radians(facing - tray.facing)
    return abs(tray.width * math.sin(rad)) + abs(tray.depth * math.cos(rad))


# --- alignment ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A candidate alignment: the mover's tray flush with the target's edge, facing it.
    ``kind`` 100 or 50 (or 0: another overlap), ``side`` left/right/centre as the mover sees
    it, ``legal`` when it overlaps nothing, ``overlap`` the shared edge length in inches."""

    tray: Tray
    kind: int
    side: str
    legal: bool
    overlap: float


def alignments(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
               state: GameState | None = None) -> list[Placement]:
    """100% and 50% (left and right) placements of ``mover`` against ``target``'s ``edge``."""
    out = []
    for kind, side, offset in _offsets(mover, target, edge):
        tray = _flush(mover, target, edge, offset)
        out.append(Placement(tray, kind, side, _clear(tray, obstacles, state),
                             _overlap(mover, target, edge, offset)))
    return out


def nearest_legal(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
                  state: GameState | None = None, minimum: float = 0.0) -> Placement | None:
    """The legal flush placement closest to a 100% or 50% one, with at least ``minimum``
    inches of edge overlap (AS-CHG-7); None if there is none."""
    length = target.edge_length(edge)
    span = (length + mover.width) / 2.0
    steps = 96
    ideal = [o for _, _, o in _offsets(mover, target, edge)]
    best: tuple[float, Placement] | None = None
    for i in range(steps + 1):
        offset = -span + 2 * span * i / steps
        overlap = _overlap(mover, target, edge, offset)
        if overlap < minimum - TOLERANCE or overlap <= TOLERANCE:
            continue
        tray = _flush(mover, target, edge, offset)
        if not _clear(tray, obstacles, state):
            continue
        gap = min(abs(offset - o) for o in ideal)
        if best is None or gap < best[0]:
            side = "centre" if abs(offset) < TOLERANCE else ("left" if offset < 0 else "right")
            best = (gap, Placement(tray, 0, side, True, overlap))
    return best[1] if best else None


def _offsets(mover: Tray, target: Tray, edge: Side) -> list[tuple[int, str, float]]:
    """Offsets (inches, to the mover's right along the edge) of 100%, 50% left, 50% right."""
    half = target.edge_length(edge) / 2.0
    return [(100, "centre", 0.0), (50, "left", -half), (50, "right", half)]


def _overlap(mover: Tray, target: Tray, edge: Side, offset: float) -> float:
    half_t, half_m = target.edge_length(edge) / 2.0, mover.width / 2.0
    return max(0.0, min(half_t, offset + half_m) - max(-half_t, offset - half_m))


def _flush(mover: Tray, target: Tray, edge: Side, offset: float) -> Tray:
    """The mover facing into ``edge`` with its front edge on it, shifted ``offset`` inches to
    its own right of the edge midpoint."""
    a, b = target.edge_points(edge)
    mid = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
    nx, ny = target.edge_normal(edge)
    facing = math.degrees(math.atan2(-nx, -ny)) % 360.0
    probe = Tray.with_front_arrow_at(mid[0], mid[1], facing, mover.width, mover.depth,
                                     mover.files, mover.ranks)
    rx, ry = probe.right
    return probe.translated(rx * offset, ry * offset)


def _clear(tray: Tray, obstacles: Sequence[Polygon], state: GameState | None) -> bool:
    board = state.board if state is not None else None
    if isinstance(board, TableBoard) and not board.polygon.buffer(TOLERANCE).covers(tray.polygon):
        return False
    return all(tray.polygon.intersection(o).area <= OVERLAP_AREA for o in obstacles)


def terrain_hit(state: GameState, shape: Polygon, keywords: Iterable[str]) -> list[str]:
    """Ids of terrain pieces with one of ``keywords`` whose area ``shape`` enters."""
    wanted = set(keywords)
    return [t.id for t in state.terrain
            if wanted & t.keywords and shape.intersection(t.polygon).area > OVERLAP_AREA]
