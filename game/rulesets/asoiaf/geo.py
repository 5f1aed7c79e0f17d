"""The ruleset's window on the geometry layer: which shapes are obstacles, contact, sight,
sweeps and alignments for asoiaf units.

Line of Sight, arcs and range come from :mod:`game.geometry`. The straight-line sweep and the
alignment placements come from ``game.geometry.sweep`` / ``game.geometry.align``; this module
only adds the table edge (alignments off the table are not legal).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.core.ruleset import OVERLAP_AREA
from game.core.ruleset import placement_problem as core_placement_problem
from game.core.state import GameState, TableBoard, Unit
from game.geometry import align, sweep
from game.geometry.align import Placement as Placement
from game.geometry.arcs import ARC_EDGE, Arc, majority_arc
from game.geometry.pieces import Pieces, build_pieces
from game.geometry.sight import Sight, line_of_sight, line_of_sight_pieces
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.geometry.world import BLOCKS_SIGHT, Terrain, World
from game.rulesets.asoiaf.units import AsoiafUnit

CONTACT = 1e-4
"""Inches: trays this close are in base contact. Alignment placements are exact to ~1e-12",
but a chain of moves may leave a little float dust; well below any rules distance."""

INF = float("inf")
T = TypeVar("T")

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


def move_blockers(state: GameState, *skip: str) -> list[Polygon]:
    """What a move may not cross: other trays and impassable terrain."""
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


# --- one prepared geometry per board position (issue 12) --------------------------------------


class _Obstacles:
    """A fixed list of obstacle polygons with their bounding boxes and convex pieces built
    once; any sub-list (skip some, keep those near a shape) is then sliced, not rebuilt."""

    def __init__(self, polygons: Sequence[Polygon]) -> None:
        self.polygons = list(polygons)
        self.array = np.asarray(self.polygons, dtype=object)
        self.bounds = (shapely.bounds(self.array) if self.polygons
                       else np.zeros((0, 4)))
        self.pieces = build_pieces(self.polygons)
        # build_pieces emits each polygon's pieces together, in polygon order
        self._starts = np.searchsorted(self.pieces.owner, np.arange(len(self.polygons) + 1))

    def without(self, skip: Iterable[int]) -> np.ndarray:
        """Indices of the polygons left when ``skip`` are taken out, in order."""
        keep = np.ones(len(self.polygons), dtype=bool)
        keep[[i for i in skip if i >= 0]] = False
        return np.nonzero(keep)[0]

    def near(self, kept: np.ndarray, shape: Polygon, reach: float) -> np.ndarray:
        """Positions in ``kept`` of the polygons at most ``reach`` from ``shape``: what
        :func:`_within` answers for the list ``[polygons[i] for i in kept]``."""
        if len(kept) == 0:
            return kept
        b = self.bounds[kept]
        x0, y0, x1, y1 = shape.bounds
        near = np.nonzero((b[:, 0] <= x1 + reach) & (b[:, 2] >= x0 - reach)
                          & (b[:, 1] <= y1 + reach) & (b[:, 3] >= y0 - reach))[0]
        if len(near) == 0:
            return near
        dist = shapely.distance(self.array[kept[near]], shape)
        out: np.ndarray = near[dist <= reach]
        return out

    def pieces_of(self, chosen: np.ndarray) -> Pieces:
        """The pieces of the polygons ``chosen`` (ascending indices), owners renumbered to
        positions in ``chosen``: exactly ``build_pieces([polygons[i] for i in chosen])``
        (the padding width aside, which no answer reads)."""
        lo, hi = self._starts[chosen], self._starts[np.asarray(chosen) + 1]
        counts = hi - lo
        idx = (np.repeat(lo - np.cumsum(counts) + counts, counts)
               + np.arange(int(counts.sum())))
        return replace(self.pieces.take(idx),
                       owner=np.repeat(np.arange(len(chosen), dtype=np.int64), counts))


class RulesWorld:
    """The geometry of one board position, built once and asked by every rules query of that
    position (legal actions, previews, charge checks): the units in play in a fixed order,
    the sight obstacles (their trays, then sight-blocking terrain) and the move obstacles
    (their trays, then impassable terrain) with convex pieces and bounding boxes prepared.

    Each method answers exactly what the per-pair function it stands for answers on the same
    state (same indices, same witness lines): the per-pair functions stay as the references
    (``tests/asoiaf/test_world_equivalence.py``)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        units = live(state)
        self.units = units
        self.index = {u.id: i for i, u in enumerate(units)}
        polys = [tray_of(u).polygon for u in units]
        self.sight_obstacles = _Obstacles(
            polys + [t.polygon for t in state.terrain if t.has("blocks-sight")])
        self.move_obstacles = _Obstacles(
            polys + [t.polygon for t in state.terrain if t.has("impassable")])
        self.tray_array = self.move_obstacles.array[:len(units)]
        self.tray_bounds = self.move_obstacles.bounds[:len(units)]
        self.owners = np.asarray([u.owner for u in units], dtype=np.int64)
        self._placed: tuple[list[Unit], np.ndarray, np.ndarray] | None = None
        self._board: Polygon | None = None
        self._memo: dict[Hashable, Any] = {}
        self._geometry: World | None = None
        self._seen: dict[tuple[str, str], Sight] = {}

    def geometry(self) -> World:
        """The batched geometry world of this position (trays of the units in play and
        sight-blocking terrain), built on first use."""
        if self._geometry is None:
            walls = [Terrain(t.polygon, frozenset({BLOCKS_SIGHT}))
                     for t in self.state.terrain if t.has("blocks-sight")]
            self._geometry = World({u.id: tray_of(u) for u in self.units}, walls)
        return self._geometry

    def prefetch_sight(self, viewer_id: str, target_ids: Sequence[str]) -> None:
        """Work out the culled Line of Sight (see :meth:`culled_sight`) from ``viewer_id`` to
        every one of ``target_ids`` in one batch."""
        pairs = [(viewer_id, t) for t in target_ids if (viewer_id, t) not in self._seen]
        if pairs:
            self._seen.update(self.geometry().sight_pairs(pairs))

    def culled_sight(self, viewer: AsoiafUnit, target: AsoiafUnit) -> Sight:
        """Line of Sight from where ``viewer`` stands, as :func:`sight` with ``cull``
        answers it (the same visibility and reason; the witness line and the blockers'
        numbering are the batched world's), from :meth:`prefetch_sight`'s batch if there."""
        key = (viewer.id, target.id)
        if key not in self._seen:
            self.prefetch_sight(viewer.id, [target.id])
        return self._seen[key]

    def remember(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer stored under ``key`` for this position, computed once (the rules ask
        the same charge checks for the legal actions, the panel and the hover)."""
        if key not in self._memo:
            self._memo[key] = compute()
        found: T = self._memo[key]
        return found

    def _skip(self, ids: Iterable[str]) -> list[int]:
        return [self.index.get(i, -1) for i in ids]

    def sight(self, viewer: AsoiafUnit, target: AsoiafUnit, tray: Tray | None = None,
              cull: bool = False) -> Sight:
        """:func:`sight` through the prepared pieces."""
        mine, theirs = tray or tray_of(viewer), tray_of(target).polygon
        obs = self.sight_obstacles
        kept = obs.without(self._skip((viewer.id, target.id)))
        if cull:
            hull = unary_union([mine.polygon, theirs]).convex_hull
            kept = kept[obs.near(kept, hull, SWEEP_MARGIN)]
        return line_of_sight_pieces(mine, theirs, obs.pieces_of(kept))

    def first_contact(self, tray: Tray, skip: Sequence[str], max_distance: float
                      ) -> tuple[float, int | None]:
        """:func:`first_contact` of ``tray`` against ``move_blockers(state, *skip)``."""
        return self._sweep(tray, self.move_obstacles.without(self._skip(skip)), max_distance)

    def contact_with(self, tray: Tray, unit_id: str, max_distance: float
                     ) -> tuple[float, int | None]:
        """:func:`first_contact` of ``tray`` against the one tray of ``unit_id``."""
        return self._sweep(tray, np.asarray([self.index[unit_id]]), max_distance)

    def _sweep(self, tray: Tray, kept: np.ndarray, max_distance: float
               ) -> tuple[float, int | None]:
        obs = self.move_obstacles
        near = obs.near(kept, tray.polygon, max_distance + SWEEP_MARGIN)
        d, which = sweep.first_contact_pieces(tray, obs.pieces_of(kept[near]), max_distance)
        return d, (None if which is None else int(near[which]))

    def charge_paths(self, starts: Sequence[Tray], attacker_id: str, target_id: str,
                     reach: float, blocked_fails: bool) -> list[float | None]:
        """For each start tray of a charge, in one batch: the straight distance to contact
        with the target, or None where the charge's path check refuses it (no contact within
        ``reach``, or, unless ``blocked_fails``, a unit or impassable terrain met first): the
        answers of :func:`game.rulesets.asoiaf.charge.contact_distance` before its table
        check. Obstacles are culled by the bounding box of every corridor (a superset of
        what each start can meet, so no answer changes)."""
        if not starts:
            return []
        verts = np.stack([sweep.tray_ring(t) for t in starts])
        fwd = np.asarray([t.forward for t in starts], dtype=float)
        every = np.concatenate([verts, verts + reach * fwd[:, None, :]], axis=1)
        boxes = np.concatenate([every.min(axis=1) - SWEEP_MARGIN,
                                every.max(axis=1) + SWEEP_MARGIN], axis=1)  # corridors
        obs = self.move_obstacles
        to_target = _first_blocking_rows(verts, fwd, boxes, obs.pieces_of(
            np.asarray([self.index[target_id]])))
        hit = to_target <= reach + TOLERANCE
        d_t = np.minimum(to_target, reach)
        bad = np.zeros(len(starts), dtype=bool)
        if not blocked_fails:
            kept = obs.without(self._skip((attacker_id, target_id)))
            b, lo, hi = obs.bounds[kept], boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)
            kept = kept[(b[:, 0] <= hi[0]) & (b[:, 2] >= lo[0]) & (b[:, 1] <= hi[1])
                        & (b[:, 3] >= lo[1])]  # only those some corridor's box meets
            bad = _first_blocking_rows(verts, fwd, boxes, obs.pieces_of(kept)) < (
                d_t - TOLERANCE)
        return [float(d_t[i]) if hit[i] and not bad[i] else None for i in range(len(starts))]

    def move_blockers(self, skip: Sequence[str]) -> list[Polygon]:
        """:func:`move_blockers` from the prepared list."""
        kept = self.move_obstacles.without(self._skip(skip))
        return [self.move_obstacles.polygons[i] for i in kept.tolist()]

    def enemies_near(self, unit: AsoiafUnit, shape: Polygon, reach: float) -> list[int]:
        """Indices (in :attr:`units` order) of ``unit``'s enemies whose tray is closer to
        ``shape`` than ``reach`` (``strict``) inches."""
        foes = np.nonzero(self.owners != unit.owner)[0]
        b = self.tray_bounds[foes]
        x0, y0, x1, y1 = shape.bounds
        near = foes[(b[:, 0] <= x1 + reach) & (b[:, 2] >= x0 - reach)
                    & (b[:, 1] <= y1 + reach) & (b[:, 3] >= y0 - reach)]
        if len(near) == 0:
            return []
        dist = shapely.distance(self.tray_array[near], shape)
        return [int(i) for i, d in zip(near.tolist(), dist.tolist(), strict=True)
                if d < reach]

    def placement_problem(self, unit_id: str, tray: Tray) -> str | None:
        """:func:`placement_problem` (the core's check) with the units' shapes prepared."""
        state = self.state
        if self._placed is None:
            placed = [u for u in state.live_units() if u.tray is not None]
            arr = np.asarray([u.tray.polygon for u in placed if u.tray is not None],
                             dtype=object)
            self._placed = (placed, arr, shapely.bounds(arr) if len(arr) else
                            np.zeros((0, 4)))
            board = state.board
            self._board = (board.polygon.buffer(1e-6) if isinstance(board, TableBoard)
                           else None)
        placed, arr, bounds = self._placed
        shape = tray.polygon
        if self._board is not None and not self._board.covers(shape):
            return "it would leave the table"
        x0, y0, x1, y1 = shape.bounds
        near = np.nonzero((bounds[:, 0] <= x1) & (bounds[:, 2] >= x0)
                          & (bounds[:, 1] <= y1) & (bounds[:, 3] >= y0))[0]
        near = np.asarray([i for i in near.tolist() if placed[i].id != unit_id],
                          dtype=np.int64)
        if len(near):
            areas = shapely.area(shapely.intersection(shape, arr[near]))
            hit = np.nonzero(areas > OVERLAP_AREA)[0]
            if len(hit):
                return f"it would overlap {placed[int(near[hit[0]])].name}"
        for piece in state.terrain:
            if piece.has("impassable") and shape.intersection(piece.polygon).area > (
                    OVERLAP_AREA):
                return f"it would stand on impassable {piece.kind}"
        return None


def _first_blocking_rows(verts: np.ndarray, fwd: np.ndarray, boxes: np.ndarray,
                         pieces: Pieces) -> np.ndarray:
    """For each moving quad (``verts`` (N, 4, 2) along ``fwd`` (N, 2)): the smallest travel
    (clamped at 0) at which it would overlap one of ``pieces`` (inf if none), as
    :func:`game.geometry.sweep.first_blocking` measures it, in one array of the (quad,
    piece) pairs whose bounding boxes meet (``boxes`` (N, 4): each quad's corridor, which
    holds every place it can meet a piece within the distance asked)."""
    out = np.full(len(verts), np.inf)
    if len(pieces) == 0:
        return out
    b = pieces.bounds
    rows, cols = np.nonzero((b[None, :, 0] <= boxes[:, None, 2])
                            & (b[None, :, 2] >= boxes[:, None, 0])
                            & (b[None, :, 1] <= boxes[:, None, 3])
                            & (b[None, :, 3] >= boxes[:, None, 1]))
    if len(rows) == 0:
        return out
    t_lo, _, blocks = sweep.swept_intervals(verts[rows], fwd[rows], pieces.take(cols))
    np.minimum.at(out, rows, np.where(blocks, np.maximum(t_lo, 0.0), np.inf))
    return out


class WorldCache:
    """The :class:`RulesWorld` of the last board position asked about, kept by a ruleset
    instance: a new one is built when the state object, a tray or the terrain changes."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._world: RulesWorld | None = None

    def of(self, state: GameState) -> RulesWorld:
        """The prepared geometry of ``state`` as it stands now."""
        key = (id(state), tuple((u.id, u.tray) for u in state.live_units()),
               tuple(id(t) for t in state.terrain))
        if self._world is None or key != self._key:
            self._key, self._world = key, RulesWorld(state)
        return self._world
