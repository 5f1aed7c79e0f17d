"""One prepared geometry per board position (issue 12): :class:`RulesWorld`, asked by every
rules query of that position (legal actions, ``why_not`` of declared actions, the
procedures' steps, previews and inspections), and :class:`PositionWorlds`, which keeps it
in the ruleset's core position memo.

The per-pair functions of :mod:`game.rulesets.asoiaf.geo` stay as the references: each
method here answers what the function it stands for answers on the same state
(``tests/asoiaf/test_world_equivalence.py``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.core.position import PositionMemo
from game.core.ruleset import OVERLAP_AREA
from game.core.state import GameState, TableBoard, TerrainPiece, Unit
from game.geometry import sweep
from game.geometry.pieces import Pieces, build_pieces
from game.geometry.sight import Sight, line_of_sight_pieces
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.geometry.world import BLOCKS_SIGHT, Terrain, World
from game.rulesets.asoiaf.geo import SWEEP_MARGIN, live, tray_of
from game.rulesets.asoiaf.units import AsoiafUnit

T = TypeVar("T")


ROW_CHUNK = 24
"""Units whose Line of Sight from a viewer :meth:`RulesWorld.prefetch_row` works out in one
idle-frame batch (a few milliseconds' work at 200 trays when they stand in the Front Arc)."""
REUSE_LIMIT = 16
"""At most this many changed polygons are patched into the last position's pieces; more,
and the pieces are built afresh (both give the same arrays)."""


class _Obstacles:
    """A fixed list of obstacle polygons with their bounding boxes and convex pieces built
    once; any sub-list (skip some, keep those near a shape) is then sliced, not rebuilt.

    ``previous``, the same list at the last position, lends its pieces: only the polygons
    that are not the very same objects (the trays that moved) get new ones, patched in
    place of theirs (:func:`_patched`)."""

    def __init__(self, polygons: Sequence[Polygon], previous: _Obstacles | None = None
                 ) -> None:
        self.polygons = list(polygons)
        self.array = np.asarray(self.polygons, dtype=object)
        self.bounds = (shapely.bounds(self.array) if self.polygons
                       else np.zeros((0, 4)))
        patched = None if previous is None else _patched(previous, self.polygons)
        self.pieces = build_pieces(self.polygons) if patched is None else patched
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


def _patched(previous: _Obstacles, polygons: list[Polygon]) -> Pieces | None:
    """``build_pieces(polygons)`` made from ``previous``'s pieces when the lists differ only
    in a few polygons that each were and are one convex piece (a tray that moved): those
    rows are rebuilt, the others copied. None when that does not apply."""
    old = previous.polygons
    if len(old) != len(polygons):
        return None
    changed = [i for i, (a, b) in enumerate(zip(old, polygons, strict=True)) if a is not b]
    if len(changed) > REUSE_LIMIT:
        return None
    base = previous.pieces
    if not changed:
        return base
    rows: list[int] = []
    for i in changed:
        start, end = int(previous._starts[i]), int(previous._starts[i + 1])
        if end - start != 1:
            return None
        rows.append(start)
    one = build_pieces([polygons[i] for i in changed])
    if len(one) != len(changed) or one.verts.shape[1] != base.verts.shape[1]:
        return None
    at = np.asarray(rows, dtype=np.int64)
    out = replace(base, verts=base.verts.copy(), count=base.count.copy(),
                  normal=base.normal.copy(), offset=base.offset.copy(),
                  centroid=base.centroid.copy(), bounds=base.bounds.copy())
    for name in ("verts", "count", "normal", "offset", "centroid", "bounds"):
        getattr(out, name)[at] = getattr(one, name)
    return out


class RulesWorld:
    """The geometry of one board position, built once and asked by every rules query of that
    position (legal actions, previews, charge checks): the units in play in a fixed order,
    the sight obstacles (their trays, then sight-blocking terrain) and the move obstacles
    (their trays, then impassable terrain) with convex pieces and bounding boxes prepared.

    Each method answers exactly what the per-pair function it stands for answers on the same
    state (same indices, same witness lines): the per-pair functions stay as the references
    (``tests/asoiaf/test_world_equivalence.py``)."""

    def __init__(self, state: GameState, previous: RulesWorld | None = None) -> None:
        self.state = state
        units = live(state)
        self.units = units
        self.index = {u.id: i for i, u in enumerate(units)}
        self.layout = (tuple((u.id, u.tray) for u in units), tuple(map(id, state.terrain)))
        """Where every unit in play stands and which terrain there is: all the geometry
        depends on."""
        self._memo: dict[Hashable, Any] = {}
        if (previous is not None and previous.state is state
                and previous.layout == self.layout):
            self._lend(previous)  # a roll, a turn, an answer: the same geometry
            return
        polys = [tray_of(u).polygon for u in units]
        self.sight_obstacles: _Obstacles = _Obstacles(
            polys + [t.polygon for t in state.terrain if t.has("blocks-sight")],
            None if previous is None else previous.sight_obstacles)
        self.move_obstacles: _Obstacles = _Obstacles(
            polys + [t.polygon for t in state.terrain if t.has("impassable")],
            None if previous is None else previous.move_obstacles)
        self.tray_array = self.move_obstacles.array[:len(units)]
        self.tray_bounds = self.move_obstacles.bounds[:len(units)]
        self.owners = np.asarray([u.owner for u in units], dtype=np.int64)
        self._placed: tuple[list[Unit], np.ndarray, np.ndarray] | None = None
        self._impassable: tuple[list[TerrainPiece], np.ndarray, np.ndarray] | None = None
        self._board: Polygon | None = None
        self._geometry: World | None = None
        self._seen: dict[tuple[str, str], Sight] = {}
        self._rows: dict[str, dict[str, Sight]] = {}
        self._orders: dict[str, list[str]] = {}

    def _lend(self, previous: RulesWorld) -> None:
        """Take ``previous``'s prepared geometry (its layout is this one's): obstacles,
        placements, the batched sight world and the sight lines found, all functions of the
        layout alone; the rules answers (:meth:`remember`) start afresh."""
        self.sight_obstacles, self.move_obstacles = (previous.sight_obstacles,
                                                     previous.move_obstacles)
        self.tray_array, self.tray_bounds = previous.tray_array, previous.tray_bounds
        self.owners = previous.owners
        self._placed, self._board = previous._placed, previous._board
        self._impassable = previous._impassable
        self._geometry = previous._geometry
        self._seen, self._rows = dict(previous._seen), dict(previous._rows)
        self._orders = dict(previous._orders)

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
        numbering are the batched world's), from :meth:`prefetch_sight`'s batch if there,
        else worked out with the viewer's every enemy in one batch."""
        key = (viewer.id, target.id)
        if key not in self._seen:  # one batch for every enemy (the hover asks them in turn)
            self.prefetch_sight(viewer.id, [u.id for u in self.units
                                            if u.owner != viewer.owner] + [target.id])
        return self._seen[key]

    def sight_row(self, viewer_id: str) -> dict[str, Sight]:
        """Exact Line of Sight from ``viewer_id`` to every other unit in play (the batched
        geometry world's :meth:`World.sight_from`, whose blockers index
        ``sight_obstacles.polygons``), worked out once per position and viewer."""
        if viewer_id not in self._rows:
            while not self.prefetch_row(viewer_id, None, len(self.units)):
                pass
            self._rows[viewer_id] = {t: self._seen[(viewer_id, t)]
                                     for t in self._row_order(viewer_id)}
        return self._rows[viewer_id]

    def in_row(self, viewer_id: str, target_id: str) -> bool:
        """Whether ``target_id`` has an entry in ``viewer_id``'s :meth:`sight_row` (both in
        play, not the same unit), without working the row out (a sight refusal's hover asked
        the whole row of 200 trays to know it, issue 32)."""
        return viewer_id != target_id and viewer_id in self.index and target_id in self.index

    def row_sight(self, viewer_id: str, target_id: str) -> Sight:
        """The pair's entry of :meth:`sight_row` (the same batched answer: a pair's sight
        does not depend on the batch it is worked out in): the pair found by the idle
        frames' :meth:`prefetch_row`, else the rest of the row worked out at once. A batch
        of the nearest enemies costs nearly the whole row (they are the ones in the Front
        Arc that need the cover proofs), so a miss pays for the row once, not a batch now
        and the rest on the next hover."""
        key = (viewer_id, target_id)
        if key not in self._seen:
            self.prefetch_row(viewer_id, target_id, len(self.units))
        return self._seen[key]

    def prefetch_row(self, viewer_id: str, first: str | None = None, chunk: int = 0) -> bool:
        """Work out the next part of ``viewer_id``'s :meth:`sight_row`, nearest units first,
        in one batch: ``first`` (if unknown) and up to ``chunk`` (default
        :data:`ROW_CHUNK`) others; whether the row is then whole. The table calls it in
        idle frames after a select (``Ruleset.prepare_unit``): each call is a few
        milliseconds, so input is never kept waiting for the whole row."""
        if viewer_id not in self.index:
            return True
        missing = [t for t in self._row_order(viewer_id) if (viewer_id, t) not in self._seen]
        batch = ([first] if first in missing else []) + [
            t for t in missing if t != first][:chunk or ROW_CHUNK]
        if batch:
            self._seen.update(self.geometry().sight_pairs([(viewer_id, t) for t in batch]))
        return len(batch) >= len(missing)

    def _row_order(self, viewer_id: str) -> list[str]:
        """Every other unit in play, the enemies of ``viewer_id`` first, each side nearest
        to its centre first (the hover's targets come first; kept per viewer for the
        position)."""
        found = self._orders.get(viewer_id)
        if found is None:
            me = self.units[self.index[viewer_id]]
            here = tray_of(me)
            others = [u for u in self.units if u.id != viewer_id]
            centres = np.asarray([(tray_of(u).x, tray_of(u).y) for u in others],
                                 dtype=float).reshape(-1, 2)
            gaps = np.hypot(centres[:, 0] - here.x, centres[:, 1] - here.y)
            friend = np.asarray([u.owner == me.owner for u in others], dtype=bool)
            order = np.lexsort((gaps, friend))  # enemies (False) first, then by distance
            found = self._orders[viewer_id] = [others[i].id for i in order.tolist()]
        return found

    def remember(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer stored under ``key`` for this position, computed once (the rules ask
        the same charge checks for the legal actions, the panel and the hover)."""
        if key not in self._memo:
            self._memo[key] = compute()
        found: T = self._memo[key]
        return found

    def holds(self, key: Hashable) -> bool:
        """Whether an answer is stored under ``key`` for this position."""
        return key in self._memo

    def keep(self, key: Hashable, value: object) -> None:
        """Store ``value`` under ``key`` for this position, unless something is already
        there (an answer worked out on the way, for :meth:`remember` to find)."""
        self._memo.setdefault(key, value)

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
        moving = _corridors(starts, reach)
        obs = self.move_obstacles
        to_target = _first_blocking_rows(*moving, obs.pieces_of(
            np.asarray([self.index[target_id]])))
        hit = to_target <= reach + TOLERANCE
        d_t = np.minimum(to_target, reach)
        bad = np.zeros(len(starts), dtype=bool)
        if not blocked_fails:
            bad = self._blocking(moving, (attacker_id, target_id)) < d_t - TOLERANCE
        return [float(d_t[i]) if hit[i] and not bad[i] else None for i in range(len(starts))]

    def clearances(self, trays: Sequence[Tray], skip: Sequence[str], reach: float
                   ) -> np.ndarray:
        """For each tray moving straight ahead, in one batch: the travel at which it would
        first overlap ``move_blockers(state, *skip)`` (inf if it meets none within
        ``reach``). A move of ``x <= reach`` inches is stopped exactly when this is below
        ``x - TOLERANCE``, as :meth:`first_contact` with ``max_distance`` ``x`` says it."""
        if not trays:
            return np.zeros(0)
        return self._blocking(_corridors(trays, reach), skip)

    def _blocking(self, moving: tuple[np.ndarray, np.ndarray, np.ndarray],
                  skip: Sequence[str]) -> np.ndarray:
        """:func:`_first_blocking_rows` of ``moving`` against the move obstacles less
        ``skip``, only those some corridor's box meets (the others cannot be met)."""
        obs = self.move_obstacles
        boxes = moving[2]
        kept = obs.without(self._skip(skip))
        b, lo, hi = obs.bounds[kept], boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)
        kept = kept[(b[:, 0] <= hi[0]) & (b[:, 2] >= lo[0]) & (b[:, 1] <= hi[1])
                    & (b[:, 3] >= lo[1])]
        return _first_blocking_rows(*moving, obs.pieces_of(kept))

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
        return self._on_impassable(shape)

    def _on_impassable(self, shape: Polygon) -> str | None:
        """Which impassable terrain piece ``shape`` would stand on (the first in the terrain
        list that overlaps it), its bounds compared with every piece's at once and only the
        pieces it may touch intersected (a unit's sampled moves asked 8 pieces one by one
        for each of some 90 placements)."""
        if self._impassable is None:
            pieces = [t for t in self.state.terrain if t.has("impassable")]
            outlines = np.asarray([t.polygon for t in pieces], dtype=object)
            self._impassable = (pieces, outlines, shapely.bounds(outlines) if pieces
                                else np.zeros((0, 4)))
        pieces, outlines, bounds = self._impassable
        x0, y0, x1, y1 = shape.bounds
        near = np.nonzero((bounds[:, 0] <= x1) & (bounds[:, 2] >= x0)
                          & (bounds[:, 1] <= y1) & (bounds[:, 3] >= y0))[0]
        if not len(near):
            return None
        areas = shapely.area(shapely.intersection(shape, outlines[near]))
        hit = np.nonzero(areas > OVERLAP_AREA)[0]
        return (f"it would stand on impassable {pieces[int(near[hit[0]])].kind}" if len(hit)
                else None)


def _corridors(trays: Sequence[Tray], reach: float
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The trays as moving quads for :func:`_first_blocking_rows`: corners (N, 4, 2),
    directions (N, 2) and the bounding box of each one's path up to ``reach`` (plus a
    margin)."""
    verts = np.stack([sweep.tray_ring(t) for t in trays])
    fwd = np.asarray([t.forward for t in trays], dtype=float)
    every = np.concatenate([verts, verts + reach * fwd[:, None, :]], axis=1)
    boxes = np.concatenate([every.min(axis=1) - SWEEP_MARGIN,
                            every.max(axis=1) + SWEEP_MARGIN], axis=1)
    return verts, fwd, boxes


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


class PositionWorlds:
    """The :class:`RulesWorld` of a position, kept in the ruleset's core position memo
    (:class:`~game.core.position.PositionMemo`, issue 24): one position key for every rules
    answer, so a new position (a move, a roll, an answer, a new generation) gets a new world
    and the old one goes with the memo's other answers.

    The world built last lends its prepared pieces to the next one of the same game (only the
    trays that moved are rebuilt), and when no tray and no terrain changed (a roll, a turn)
    its batched sight geometry too: both are functions of the trays and the terrain alone,
    so no answer depends on what was lent (``tests/asoiaf/test_world_equivalence.py``)."""

    def __init__(self, memo: PositionMemo) -> None:
        self.memo = memo
        self._last: RulesWorld | None = None

    def of(self, state: GameState) -> RulesWorld:
        """The prepared geometry of ``state`` as it stands now (built once per position)."""
        terrain = tuple(map(id, state.terrain))  # the position key leaves terrain out
        return self.memo.get(state, ("world", terrain), lambda: self._build(state))

    def _build(self, state: GameState) -> RulesWorld:
        last = self._last if self._last is not None and self._last.state is state else None
        world = RulesWorld(state, last)
        self._last = world
        return world

