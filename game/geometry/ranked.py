"""Ranked units: blocks of individual model bases (the ranked-unit rules, NA-ATT-1).

A unit is a block of rank-and-file bases, ``files`` wide, with a possibly short last rank, plus
attachable models (characters). Coordinates of a :class:`Formation` are *local* to its Unit
Boundary: ``across`` inches to the unit's right of the boundary's centre, ``along`` inches ahead
of it, so the front edge is at ``along = depth / 2``. :func:`model_polygons` puts them on the
table through the boundary's :class:`~game.geometry.tray.Tray`.

Readings (the NA-* rules, docs/rules/):

- NA-ATT-1: a matching base (the rank-and-file's size or a whole multiple of it) takes cells of
  the grid, as far forward as possible, from the centre file outwards; a mismatching base stands
  at the side, aligned with the front, the first on the left, the second on the right, no more.
- A short last rank is centred (the extra half cell, if any, goes to the left).
- NA-CON-1: a model is in contact with an enemy Unit Boundary when its base touches it (corners
  included, within :data:`~game.geometry.tolerance.TOLERANCE`), or when its base, slid straight
  out through its own boundary's engaged edge, reaches the enemy without crossing another
  model of its unit (the gap reading).
- NA-CAS-1: casualties come from the back rank first; in each rank from both ends alternately,
  the left end first; models of other pools are skipped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from shapely.geometry import Polygon

from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Point, Side, Tray

MM_PER_INCH = 25.4
"""Millimetres in an inch (base sizes are given in mm, the table measures in inches)."""

MAX_SIDE_MODELS = 2
"""Mismatching bases a unit can hold: one on each side (NA-ATT-1)."""

GRAZE = 100 * TOLERANCE
"""Inches a joining line's stretch must exceed: a line that only grazes a corner of the
enemy, running along an edge, joins nothing (NA-CON-1 gap reading)."""

RANK_AND_FILE = "rf"
"""Pool name of the rank-and-file models."""


def mm_to_inches(mm: float) -> float:
    """Millimetres to inches."""
    return mm / MM_PER_INCH


@dataclass(frozen=True)
class Base:
    """A rectangular model base: ``width`` (front) and ``depth`` in millimetres."""

    width: float
    depth: float

    @property
    def inches(self) -> tuple[float, float]:
        """(width, depth) in inches."""
        return (mm_to_inches(self.width), mm_to_inches(self.depth))

    def matches(self, rank_and_file: Base) -> bool:
        """A Matching Base: the same size as the rank-and-file's or a whole multiple of it
        in both directions (NA-ATT-1)."""
        fw = self.width / rank_and_file.width
        fd = self.depth / rank_and_file.depth
        return (abs(fw - round(fw)) < 1e-9 and abs(fd - round(fd)) < 1e-9
                and round(fw) >= 1 and round(fd) >= 1)

    def cells(self, rank_and_file: Base) -> tuple[int, int]:
        """(files, ranks) a matching base covers."""
        return (round(self.width / rank_and_file.width), round(self.depth / rank_and_file.depth))


@dataclass(frozen=True)
class Attached:
    """An attachable model to place: its key (pool name) and base."""

    key: str
    base: Base


@dataclass(frozen=True)
class ModelSlot:
    """One model of a formation: its key, pool, base centre and size (inches, local frame),
    the first rank and file it covers, and how many ranks and files it spans. A mismatching
    base has ``side`` "left" or "right" and counts in rank 0 only."""

    key: str
    pool: str
    across: float
    along: float
    width: float
    depth: float
    rank: int
    file: int
    files: int = 1
    ranks: int = 1
    side: str = ""

    def local_box(self) -> tuple[float, float, float, float]:
        """(min across, min along, max across, max along) of the base."""
        hw, hd = self.width / 2.0, self.depth / 2.0
        return (self.across - hw, self.along - hd, self.across + hw, self.along + hd)


@dataclass(frozen=True)
class Formation:
    """A unit's models in its Unit Boundary's frame (see the module docstring)."""

    slots: tuple[ModelSlot, ...]
    width: float
    depth: float
    files: int
    ranks: int

    def slot(self, key: str) -> ModelSlot:
        """The slot called ``key`` (KeyError if none)."""
        for s in self.slots:
            if s.key == key:
                return s
        raise KeyError(key)

    def pool_slots(self, pool: str) -> list[ModelSlot]:
        """The slots of one health pool."""
        return [s for s in self.slots if s.pool == pool]

    def rank_sizes(self) -> list[int]:
        """Models counted in each rank (gap-free: a base spanning ranks counts in each of
        them; mismatching bases count in no rank, NA-ATT-1)."""
        sizes = [0] * self.ranks
        for s in self.slots:
            if s.side:
                continue
            for r in range(s.rank, s.rank + s.ranks):
                sizes[r] += s.files
        return sizes


class FormationError(ValueError):
    """A unit that cannot be formed (NA-ATT-1): the reason is the message."""


def centre_out(files: int) -> list[int]:
    """File indices from the centre outwards (left of centre first on a tie)."""
    order = sorted(range(files), key=lambda f: (abs(f - (files - 1) / 2.0), f))
    return order


def _place_matching(grid: list[list[str | None]], files: int, key: str,
                    span: tuple[int, int]) -> tuple[int, int]:
    """Find the most forward, most central free block of ``span`` cells; grow ranks if need be."""
    fw, rd = span
    if fw > files:
        raise FormationError(f"{key}'s base is wider than the unit's {files} files")
    rank = 0
    while True:
        while len(grid) < rank + rd:
            grid.append([None] * files)
        for first in centre_out(files - fw + 1):
            cells = [(r, f) for r in range(rank, rank + rd) for f in range(first, first + fw)]
            if all(grid[r][f] is None for r, f in cells):
                for r, f in cells:
                    grid[r][f] = key
                return rank, first
        rank += 1


def form_block(rank_and_file: Base, models: int, files: int,
               attached: Sequence[Attached] = ()) -> Formation:
    """The formation of ``models`` rank-and-file bases ``files`` wide with ``attached``
    models placed by NA-ATT-1. Raises :class:`FormationError` when it cannot be formed."""
    if models < 0 or files < 1:
        raise FormationError("a unit needs 1 or more files and 0 or more models")
    if rank_and_file.width <= 0 or rank_and_file.depth <= 0:
        raise FormationError("a base has a positive size")
    matching = [a for a in attached if a.base.matches(rank_and_file)]
    sides = [a for a in attached if not a.base.matches(rank_and_file)]
    if len(sides) > MAX_SIDE_MODELS:
        raise FormationError(f"{len(sides)} mismatching bases, but only one fits on each side")
    if models == 0 and not matching and not sides:
        raise FormationError("a unit needs at least one model")
    cells_needed = models + sum(math.prod(a.base.cells(rank_and_file)) for a in matching)
    widest = max((a.base.cells(rank_and_file)[0] for a in matching), default=1)
    files = max(min(files, cells_needed), widest) if cells_needed else 0
    grid: list[list[str | None]] = []
    placed: dict[str, tuple[int, int]] = {}
    for a in matching:
        placed[a.key] = _place_matching(grid, files, a.key, a.base.cells(rank_and_file))
    rf_cells = _fill_rank_and_file(grid, files, models)
    return _assemble(rank_and_file, files, grid, placed, matching, sides, rf_cells)


def _fill_rank_and_file(grid: list[list[str | None]], files: int,
                        models: int) -> list[tuple[int, int]]:
    """Cells of the rank-and-file: whole ranks front to back, the short last rank centred."""
    cells: list[tuple[int, int]] = []
    rank = 0
    while len(cells) < models:
        if rank >= len(grid):
            grid.append([None] * files)
        free = [f for f in range(files) if grid[rank][f] is None]
        left = models - len(cells)
        if len(free) > left:  # the short last rank: centred among the free cells
            start = (len(free) - left) // 2
            free = free[start:start + left]
        for f in free:
            grid[rank][f] = RANK_AND_FILE
            cells.append((rank, f))
        rank += 1
    while grid and all(c is None for c in grid[-1]):
        grid.pop()
    return cells


def _assemble(rf: Base, files: int, grid: list[list[str | None]],
              placed: Mapping[str, tuple[int, int]], matching: Sequence[Attached],
              sides: Sequence[Attached], rf_cells: Sequence[tuple[int, int]]) -> Formation:
    """Turn grid cells into slots, then centre them on the Unit Boundary (the box around the
    bases: empty columns of the grid are not part of it)."""
    bw, bd = rf.inches
    raw: list[ModelSlot] = []
    for a in matching:
        rank, file = placed[a.key]
        fw, rd = a.base.cells(rf)
        w, d = a.base.inches
        raw.append(ModelSlot(a.key, a.key, file * bw + w / 2.0, -rank * bd - d / 2.0,
                             w, d, rank, file, fw, rd))
    for i, (rank, file) in enumerate(rf_cells):
        raw.append(ModelSlot(f"{RANK_AND_FILE}{i}", RANK_AND_FILE, (file + 0.5) * bw,
                             -(rank + 0.5) * bd, bw, bd, rank, file))
    used = sorted({f for s in raw for f in range(s.file, s.file + s.files)})
    lo = min(s.local_box()[0] for s in raw) if raw else 0.0
    hi = max(s.local_box()[2] for s in raw) if raw else 0.0
    for a, side in zip(sides, ("left", "right"), strict=False):
        w, d = a.base.inches
        across = lo - w / 2.0 if side == "left" else hi + w / 2.0
        raw.append(ModelSlot(a.key, a.key, across, -d / 2.0, w, d, 0,
                             -1 if side == "left" else files, 1, 1, side))
    boxes = [s.local_box() for s in raw]
    x0, x1 = min(b[0] for b in boxes), max(b[2] for b in boxes)
    y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    slots = sorted((replace(s, across=s.across - cx, along=s.along - cy) for s in raw),
                   key=lambda s: (s.rank, s.across))
    return Formation(tuple(slots), x1 - x0, y1 - y0, len(used), len(grid))


def boundary_tray(formation: Formation, front_x: float, front_y: float, facing: float) -> Tray:
    """The Unit Boundary as a tray whose front edge's midpoint is at (front_x, front_y)."""
    return Tray.with_front_arrow_at(front_x, front_y, facing, formation.width, formation.depth,
                                    max(formation.files, 1), max(formation.ranks, 1))


def slot_polygon(tray: Tray, slot: ModelSlot) -> Polygon:
    """One base on the table."""
    return Polygon(slot_ring(tray, slot))


def slot_ring(tray: Tray, slot: ModelSlot) -> tuple[Point, Point, Point, Point]:
    """The corners of one base on the table (:func:`slot_polygon`'s, without building it:
    a table draws every base of a unit that moved)."""
    a0, l0, a1, l1 = slot.local_box()
    return (tray.local_to_table(a0, l1), tray.local_to_table(a1, l1),
            tray.local_to_table(a1, l0), tray.local_to_table(a0, l0))


def model_polygons(tray: Tray, formation: Formation,
                   keys: Iterable[str] | None = None) -> dict[str, Polygon]:
    """Every base (or those of ``keys``) on the table, by key."""
    wanted = None if keys is None else set(keys)
    return {s.key: slot_polygon(tray, s) for s in formation.slots
            if wanted is None or s.key in wanted}


def engaged_sides(tray: Tray, enemy: Polygon) -> list[Side]:
    """The sides of ``tray`` whose edge touches ``enemy`` (corners count: NA-CON-1)."""
    return [side for side in Side if tray.edge(side).distance(enemy) <= TOLERANCE]


def boundaries_in_contact(a: Polygon, b: Polygon) -> bool:
    """Two Unit Boundaries are in contact when they touch, corners included (NA-CON-1)."""
    return bool(a.distance(b) <= TOLERANCE)


def models_in_contact(tray: Tray, formation: Formation, enemy: Polygon,
                      alive: Iterable[str] | None = None) -> set[str]:
    """Keys of the models in base contact with the enemy Unit Boundary ``enemy`` (NA-CON-1):
    touching it, or joined to it by a straight line square to an engaged edge of their own
    boundary that crosses no other living model of the unit (the gap reading). The gap test
    runs in the boundary's own frame, where every base is an axis-aligned box."""
    wanted = None if alive is None else set(alive)
    slots = [s for s in formation.slots if wanted is None or s.key in wanted]
    polys = {s.key: slot_polygon(tray, s) for s in slots}
    found = {k for k, p in polys.items() if p.distance(enemy) <= TOLERANCE}
    sides = engaged_sides(tray, enemy)
    if not sides or len(found) == len(slots):
        return found
    boxes = {s.key: s.local_box() for s in slots}
    zone = enemy.buffer(TOLERANCE)
    for side in sides:
        touch = _touch_interval(tray, side, zone)
        if touch is None:
            continue
        for s in slots:
            if s.key not in found and _reaches(s.key, boxes, side, formation, touch):
                found.add(s.key)
    return found


Box = tuple[float, float, float, float]
Interval = tuple[float, float]


def _touch_interval(tray: Tray, side: Side, zone: Polygon) -> Interval | None:
    """The stretch of ``side``'s edge inside ``zone``, as local across (front, rear) or along
    (flanks) coordinates."""
    shared = tray.edge(side).intersection(zone)
    if shared.is_empty:
        return None
    coords = [tray.table_to_local(x, y) for x, y in _coords(shared)]
    axis = 0 if side in (Side.FRONT, Side.REAR) else 1
    values = [c[axis] for c in coords]
    return (min(values), max(values))


def _coords(geom: object) -> list[tuple[float, float]]:
    parts = getattr(geom, "geoms", None)
    if parts is not None:
        return [c for g in parts for c in _coords(g)]
    return [(float(x), float(y)) for x, y in getattr(geom, "coords", [])]


def _reaches(key: str, boxes: dict[str, Box], side: Side, formation: Formation,
             touch: Interval) -> bool:
    """Whether some line from the base ``key`` square to ``side`` reaches the touched stretch
    of that edge without crossing another base."""
    box = boxes[key]
    strip = _local_strip(box, side, formation)
    if strip is None:
        return False
    axis = 0 if side in (Side.FRONT, Side.REAR) else 1
    lo, hi = max(box[axis], touch[0]), min(box[axis + 2], touch[1])
    free = [(lo, hi)] if hi - lo > GRAZE else []
    for other, b in boxes.items():
        if other == key or not _boxes_overlap(strip, b):
            continue
        free = _subtract(free, (b[axis], b[axis + 2]))
    return any(h - lo_ > GRAZE for lo_, h in free)


def _subtract(intervals: list[Interval], cut: Interval) -> list[Interval]:
    out: list[Interval] = []
    for lo, hi in intervals:
        if cut[1] <= lo or cut[0] >= hi:
            out.append((lo, hi))
            continue
        if cut[0] > lo:
            out.append((lo, cut[0]))
        if cut[1] < hi:
            out.append((cut[1], hi))
    return out


def _local_strip(box: Box, side: Side, formation: Formation) -> Box | None:
    """The ground a base sweeps to its boundary's ``side`` edge, without the base itself
    (None if the base is on that edge)."""
    a0, l0, a1, l1 = box
    hw, hd = formation.width / 2.0, formation.depth / 2.0
    strip = {Side.FRONT: (a0, l1, a1, hd), Side.REAR: (a0, -hd, a1, l0),
             Side.RIGHT: (a1, l0, hw, l1), Side.LEFT: (-hw, l0, a0, l1)}[side]
    if strip[2] - strip[0] <= TOLERANCE or strip[3] - strip[1] <= TOLERANCE:
        return None
    return strip


def _boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than a line (touching is not overlapping)."""
    return (min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE
            and min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE)


def supporting_models(formation: Formation, front_contacts: Iterable[str],
                      extra_ranks: int = 0, alive: Iterable[str] | None = None) -> dict[str, str]:
    """Supporting models (NA-RST-1, NA-ALC-3): a model of rank 1 (up to rank ``1 +
    extra_ranks`` with Fight in Extra Rank) whose file holds, in the first rank, a model in
    contact with an enemy through the Front Facing. Maps each to the key of that front model
    (the one it allocates as)."""
    live = None if alive is None else set(alive)
    front = [formation.slot(k) for k in front_contacts]
    front = [s for s in front if s.rank == 0 and not s.side]
    out: dict[str, str] = {}
    for s in formation.slots:
        if s.side or not 1 <= s.rank <= 1 + extra_ranks or (live is not None and s.key not in
                                                               live):
            continue
        for f in front:
            if f.rank + f.ranks <= s.rank and f.file <= s.file < f.file + f.files:
                out[s.key] = f.key
                break
    return out


def casualty_order(formation: Formation, pool: str = RANK_AND_FILE,
                   alive: Iterable[str] | None = None) -> list[str]:
    """The order in which a pool's models are removed (NA-CAS-1): the back rank first; within
    a rank alternately from its two ends (left first). The order is that of the whole formation,
    then the dead are left out, so losses spread over several steps stay balanced."""
    live = None if alive is None else set(alive)
    slots = formation.pool_slots(pool)
    order: list[str] = []
    for rank in sorted({s.rank for s in slots}, reverse=True):
        row = sorted((s for s in slots if s.rank == rank), key=lambda s: s.across)
        lo, hi = 0, len(row) - 1
        while lo <= hi:
            order.append(row[lo].key)
            if hi != lo:
                order.append(row[hi].key)
            lo, hi = lo + 1, hi - 1
    return [k for k in order if live is None or k in live]


__all__ = [
    "MM_PER_INCH",
    "RANK_AND_FILE",
    "Attached",
    "Base",
    "Formation",
    "FormationError",
    "ModelSlot",
    "boundaries_in_contact",
    "boundary_tray",
    "casualty_order",
    "engaged_sides",
    "form_block",
    "mm_to_inches",
    "model_polygons",
    "models_in_contact",
    "slot_polygon",
    "supporting_models",
]
