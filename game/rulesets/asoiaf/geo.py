"""The ruleset's window on the geometry layer: which shapes are obstacles, contact, sight,
sweeps and alignments for asoiaf units.

Line of Sight, arcs and range come from :mod:`game.geometry`. The straight-line sweep and the
alignment placements come from ``game.geometry.sweep`` / ``game.geometry.align``; this module
only adds the table edge (alignments off the table are not legal).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.core.ruleset import OVERLAP_AREA
from game.core.ruleset import placement_problem as core_placement_problem
from game.core.state import GameState, TableBoard
from game.geometry import align, sweep
from game.geometry.align import Placement as Placement
from game.geometry.arcs import ARC_EDGE, Arc, majority_arc
from game.geometry.sight import Sight, line_of_sight
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.rulesets.asoiaf.units import AsoiafUnit

if TYPE_CHECKING:  # the prepared geometry of a position, asked through these functions
    from game.rulesets.asoiaf.rules_world import RulesWorld as RulesWorld

CONTACT = 1e-4
"""Inches: trays this close are in base contact. Alignment placements are exact to ~1e-12",
but a chain of moves may leave a little float dust; well below any rules distance."""

INF = float("inf")

SWEEP_MARGIN = 1e-3
"""Inches of slack when leaving far obstacles out of a sweep or a sight check (far above
TOLERANCE, so nothing that could matter is left out)."""



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


def engaged_enemies(state: GameState, unit: AsoiafUnit, tray: Tray | None = None,
                    world: RulesWorld | None = None) -> list[str]:
    """Ids of the enemies in base contact with ``unit`` (or with ``tray`` standing for it);
    ``world``, the state's prepared geometry, answers the same faster."""
    mine = tray or tray_of(unit)
    if world is not None:
        return [world.units[i].id for i in world.enemies_near(unit, mine.polygon,
                                                               CONTACT + 1e-12)
                if in_contact(mine, tray_of(world.units[i]))]
    foes = enemies_of(state, unit)
    if not foes:
        return []
    gaps = shapely.distance(np.asarray([tray_of(e).polygon for e in foes], dtype=object),
                            mine.polygon)  # in_contact, one vectorised distance
    return [e.id for e, gap in zip(foes, gaps.tolist(), strict=True) if gap <= CONTACT]


def sight_obstacles(state: GameState, *skip: str) -> list[Polygon]:
    """Other trays and sight-blocking terrain (the viewer and target are skipped)."""
    shapes = [tray_of(u).polygon for u in live(state) if u.id not in skip]
    shapes += [t.polygon for t in state.terrain if t.has("blocks-sight")]
    return shapes


def sight(state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
          tray: Tray | None = None, cull: bool = False, world: RulesWorld | None = None
          ) -> Sight:
    """Line of Sight from ``viewer`` (or ``tray`` standing for it) to ``target``.

    ``cull`` leaves out obstacles outside the convex hull of the two trays: every sight line
    runs inside it, so whether the target is visible cannot change (the witness line drawn
    may). ``legal_actions`` uses it; explanations and previews do not. ``world``, the
    state's prepared geometry, gives the same answer without rebuilding the obstacles (with
    ``cull`` from where the viewer stands, the batched world's answer: see
    :meth:`RulesWorld.culled_sight`)."""
    if world is not None:
        if cull and (tray is None or tray == tray_of(viewer)):
            return world.culled_sight(viewer, target)
        return world.sight(viewer, target, tray, cull)
    mine, theirs = tray or tray_of(viewer), tray_of(target).polygon
    obstacles = sight_obstacles(state, viewer.id, target.id)
    if cull:
        hull = unary_union([mine.polygon, theirs]).convex_hull
        obstacles = [obstacles[i] for i in _within(hull, obstacles, SWEEP_MARGIN)]
    return line_of_sight(mine, theirs, obstacles)


def _within(shape: Polygon, obstacles: Sequence[Polygon], reach: float) -> list[int]:
    """Indices (in order) of the obstacles at most ``reach`` inches from ``shape``: the same
    test as ``o.distance(shape) <= reach`` one by one, with bounding boxes first and one
    vectorised distance for the rest."""
    if not obstacles:
        return []
    arr = np.asarray(obstacles, dtype=object)
    b = shapely.bounds(arr)
    x0, y0, x1, y1 = shape.bounds
    near = np.nonzero((b[:, 0] <= x1 + reach) & (b[:, 2] >= x0 - reach)
                      & (b[:, 1] <= y1 + reach) & (b[:, 3] >= y0 - reach))[0]
    if len(near) == 0:
        return []
    dist = shapely.distance(arr[near], shape)
    return [int(i) for i in near[dist <= reach]]


def move_blockers(state: GameState, *skip: str, world: RulesWorld | None = None
                  ) -> list[Polygon]:
    """What a move may not cross: other trays and impassable terrain (``world`` as in
    :func:`sight`)."""
    if world is not None:
        return world.move_blockers(skip)
    shapes = [tray_of(u).polygon for u in live(state) if u.id not in skip]
    shapes += [t.polygon for t in state.terrain if t.has("impassable")]
    return shapes


def placement_problem(state: GameState, unit_id: str, tray: Tray,
                      world: RulesWorld | None = None) -> str | None:
    """Why a tray cannot stand here: off the table, overlapping a unit or impassable terrain
    (the core's check, phrased ``"it would ..."`` for the ruleset's messages; ``world`` as in
    :func:`sight`)."""
    if world is not None:
        return world.placement_problem(unit_id, tray)
    problem = core_placement_problem(state, unit_id, tray)
    return None if problem is None else f"it {problem}"


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
    (its index in ``obstacles``; ``(max_distance, None)`` when nothing is in the way);
    :func:`game.geometry.sweep`.

    Obstacles further from the tray than ``max_distance`` (plus a margin) are left out of the
    sweep: moving d inches closes a gap by at most d, so they cannot be met and the answer is
    the same; the sweep's cost grows with every obstacle it is given."""
    reach = max_distance + SWEEP_MARGIN
    here = tray.polygon
    keep = _within(here, obstacles, reach)
    d, which = sweep.first_contact(tray, [obstacles[i] for i in keep], max_distance)
    return d, (None if which is None else keep[which])


def prefetch_sight(world: RulesWorld | None, viewer_id: str, target_ids: Sequence[str]
                   ) -> None:
    """Ask the position's world for the culled Line of Sight of these pairs in one batch
    (:meth:`RulesWorld.prefetch_sight`); without a world each pair is asked alone later."""
    if world is not None:
        world.prefetch_sight(viewer_id, target_ids)


def sweep_past(state: GameState, tray: Tray, skip: Sequence[str], max_distance: float,
               world: RulesWorld | None = None) -> tuple[float, int | None]:
    """:func:`first_contact` of ``tray`` against ``move_blockers(state, *skip)`` (``world``
    as in :func:`sight`)."""
    if world is not None:
        return world.first_contact(tray, skip, max_distance)
    return first_contact(tray, move_blockers(state, *skip), max_distance)


def corridor(tray: Tray, distance: float) -> Polygon:
    """The area swept by the tray moving ``distance`` inches straight ahead."""
    end = tray.advanced(max(distance, 0.0))
    hull = unary_union([tray.polygon, end.polygon]).convex_hull
    assert isinstance(hull, Polygon)
    return hull


def slide_clear(state: GameState, unit_id: str, start: Tray, end: Tray, *skip: str,
                world: RulesWorld | None = None) -> bool:
    """Whether a straight translation from ``start`` to ``end`` crosses no unit or impassable
    terrain (sliding along them is fine); ``world`` as in :func:`sight`."""
    dx, dy = end.x - start.x, end.y - start.y
    dist = math.hypot(dx, dy)
    if dist <= TOLERANCE:
        return True
    return slide_reach(state, unit_id, start, dx, dy, dist, *skip, world=world) >= (
        dist - TOLERANCE)


def slide_reach(state: GameState, unit_id: str, start: Tray, dx: float, dy: float,
                limit: float, *skip: str, world: RulesWorld | None = None) -> float:
    """How far ``start`` may translate along ``(dx, dy)`` (a direction of any length) before
    it would cross a unit or impassable terrain, up to ``limit``: a slide of ``x <= limit``
    inches that way is clear exactly when this is at least ``x - TOLERANCE`` (a sweep up to
    ``limit`` meets what a shorter one meets), so one sweep answers every distance."""
    facing = math.degrees(math.atan2(dx, dy)) % 360.0
    ghost = Tray(start.x, start.y, facing, _extent_across(start, facing),
                 _extent_along(start, facing))
    d, _ = sweep_past(state, ghost, (unit_id, *skip), limit, world)
    return d


def _extent_across(tray: Tray, facing: float) -> float:
    """Width of the tray's shadow across direction ``facing`` (its bounding box width)."""
    rad = math.radians(facing - tray.facing)
    return abs(tray.width * math.cos(rad)) + abs(tray.depth * math.sin(rad))


def _extent_along(tray: Tray, facing: float) -> float:
    rad = math.radians(facing - tray.facing)
    return abs(tray.width * math.sin(rad)) + abs(tray.depth * math.cos(rad))


# --- alignment ------------------------------------------------------------------------------


def table_bounds(state: GameState | None) -> Polygon | None:
    """The table outline, which every placement must stay inside (AS-CHG-2, AS-CHG-7)."""
    board = state.board if state is not None else None
    return board.polygon if isinstance(board, TableBoard) else None


def on_table(state: GameState | None, tray: Tray) -> bool:
    """Whether the tray stands wholly on the table."""
    board = state.board if state is not None else None
    return not isinstance(board, TableBoard) or bool(
        board.polygon.buffer(TOLERANCE).covers(tray.polygon))


def alignments(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
               state: GameState | None = None) -> list[Placement]:
    """100% and 50% (left, right) placements of ``mover`` against ``target``'s ``edge``
    (:func:`game.geometry.align.alignments`); off-table placements are not legal."""
    return [p if on_table(state, p.tray) else replace(p, legal=False)
            for p in align.alignments(mover, target, edge, list(obstacles), table_bounds(state))]


def nearest_legal(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
                  state: GameState | None = None) -> Placement | None:
    """The legal flush placement closest to a 100% or 50% one (AS-CHG-7), or None."""
    best = align.best_alignment(mover, target, edge, list(obstacles), table_bounds(state))
    return best if best is not None and on_table(state, best.tray) else None

def can_align_50(mover: Tray, target: Tray, edge: Side, obstacles: Sequence[Polygon],
                 state: GameState | None = None) -> bool:
    """Room to align at 50% or more (AS-CHG-2), on the table."""
    return align.can_align_50(mover, target, edge, list(obstacles), table_bounds(state))


def terrain_hit(state: GameState, shape: Polygon, keywords: Iterable[str]) -> list[str]:
    """Ids of terrain pieces with one of ``keywords`` whose area ``shape`` enters."""
    wanted = set(keywords)
    return [t.id for t in state.terrain
            if wanted & t.keywords and shape.intersection(t.polygon).area > OVERLAP_AREA]
