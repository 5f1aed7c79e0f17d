"""What stops a move or a charge, named and outlined for the player (AS-CHG-6, AS-CORE-3).

A sweep (:func:`game.rulesets.asoiaf.geo.first_contact`) answers with a polygon; a refusal must
say *which* thing that is ("the stone wall", "Lannister Guardsmen") and give the table its
outline to draw (:attr:`game.core.pending.Refusal.marks`). The polygon is matched back to the
unit or terrain piece by its geometry, not by its place in a list, so the answer does not depend
on how the obstacles were gathered.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.core.inspect import Area, Shape
from game.core.present import side_name
from game.core.ruleset import OVERLAP_AREA
from game.core.state import GameState
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.rulesets.asoiaf import geo


@dataclass(frozen=True)
class Blocker:
    """A named obstacle: a unit (side-qualified name) or a terrain piece ("the stone wall")."""

    name: str
    polygon: Polygon


def ring(poly: Polygon) -> tuple[tuple[float, float], ...]:
    """A polygon's outer ring without the closing point (an inspection ``Area``'s points)."""
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _same(a: Polygon, b: Polygon) -> bool:
    """Whether two polygons are the same shape (bounds first, then exact equality)."""
    if any(abs(p - q) > TOLERANCE for p, q in zip(a.bounds, b.bounds, strict=True)):
        return False
    return bool(a.equals(b))


def candidates(state: GameState) -> list[Blocker]:
    """Everything that may stop a move (AS-CORE-3): the units in play and impassable terrain,
    each with the name a player reads."""
    out = [Blocker(side_name(state, u), geo.tray_of(u).polygon) for u in geo.live(state)]
    out += [Blocker(f"the {t.kind}", t.polygon) for t in state.terrain if t.has("impassable")]
    return out


def blocker_of(state: GameState, shape: Polygon) -> Blocker:
    """The unit or terrain piece whose outline is ``shape`` (the nearest one if none matches
    exactly, so a refusal always names something): the first of :func:`candidates` that is
    :func:`_same`, else the first nearest to its centre. Every candidate's bounds (and, when
    none matches, distance) in one vectorised call, and only the one found is named (a
    hover's charge refusal at 200 trays named every unit to pick one, issue 32)."""
    shapes, named = _obstacles(state, "impassable")
    if not shapes:
        return Blocker("an obstacle", shape)
    outlines = np.asarray(shapes, dtype=object)
    boxes = shapely.bounds(outlines)
    near = np.all(np.abs(boxes - np.asarray(shape.bounds)) <= TOLERANCE, axis=1)
    index = next((i for i in np.flatnonzero(near).tolist() if shapes[i].equals(shape)), None)
    if index is None:
        index = int(np.argmin(shapely.distance(outlines, shape.centroid)))
    return named(index)


def blocked_marks(blocker: Blocker, start: Tray, stop: float) -> tuple[Shape, ...]:
    """What the table draws for a stopped move: the blocker outlined and named, and the
    ground swept up to it."""
    swept = geo.corridor(start, stop)
    return (Area(ring(swept), "corridor"), Area(ring(blocker.polygon), "blocker", blocker.name))


def crowding(state: GameState, host: Tray, edge: Side, depth: float, *skip: str
             ) -> list[Blocker]:
    """What stands in the strip ``depth`` inches deep outside ``host``'s ``edge`` (where an
    aligning unit would have to stand: AS-CHG-2), nearest the edge first."""
    (ax, ay), (bx, by) = host.edge_points(edge)
    mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
    nx, ny = mx - host.x, my - host.y
    norm = math.hypot(nx, ny) or 1.0
    ox, oy = nx / norm * depth, ny / norm * depth
    strip = Polygon([(ax, ay), (bx, by), (bx + ox, by + oy), (ax + ox, ay + oy)])
    skipped = [geo.tray_of(u).polygon for u in geo.live(state) if u.id in skip]
    found = [b for b in _touching(state, strip)
             if b.polygon.intersection(strip).area > OVERLAP_AREA
             and not any(_same(b.polygon, own) for own in skipped)]
    return sorted(found, key=lambda b: b.polygon.distance(host.edge(edge)))


def _obstacles(state: GameState, keyword: str
               ) -> tuple[list[Polygon], Callable[[int], Blocker]]:
    """The outlines of the live units and of the terrain pieces with ``keyword``, and how to
    name the ``i``-th of them as a player reads it (named only when asked: a table of
    hundreds of units names only the few a question finds)."""
    units = geo.live(state)
    pieces = [t for t in state.terrain if t.has(keyword)]
    shapes = [geo.tray_of(u).polygon for u in units] + [t.polygon for t in pieces]

    def named(i: int) -> Blocker:
        name = (side_name(state, units[i]) if i < len(units)
                else f"the {pieces[i - len(units)].kind}")
        return Blocker(name, shapes[i])

    return shapes, named


def _touching(state: GameState, area: Polygon) -> list[Blocker]:
    """The :func:`candidates` whose outlines touch ``area``, found by one vectorised test
    before any is named."""
    shapes, named = _obstacles(state, "impassable")
    if not shapes:
        return []
    hits = shapely.intersects(area, np.asarray(shapes, dtype=object))
    return [named(i) for i in np.flatnonzero(hits).tolist()]


def slide_blocker(state: GameState, unit_id: str, start: Tray, end: Tray) -> str:
    """The name of what a straight slide from ``start`` to ``end`` would cross (the unit or
    impassable terrain nearest ``start`` among those the swept ground enters; AS-CORE-4,
    AS-RNG-3), or "a unit or impassable terrain" when none is found."""
    swept = start.polygon.union(end.polygon).convex_hull
    own = start.polygon
    found = [b for b in candidates(state) if not _same(b.polygon, own)
             and b.polygon.intersection(swept).area > OVERLAP_AREA]
    if not found:
        return "a unit or impassable terrain"
    return min(found, key=lambda b: b.polygon.distance(own)).name


@dataclass(frozen=True)
class ObstacleIndex:
    """The outlines of the live units and of the terrain pieces with one keyword, their
    bounds, and how to name the ``i``-th as a player reads it: built once per position (see
    :func:`obstacle_index`), so naming the blockers of each hovered target does not gather
    and measure 200 outlines again."""

    shapes: list[Polygon]
    boxes: np.ndarray
    named: Callable[[int], Blocker]


def obstacle_index(state: GameState, keyword: str) -> ObstacleIndex:
    """The :class:`ObstacleIndex` of the live units and the terrain pieces with ``keyword``."""
    shapes, named = _obstacles(state, keyword)
    boxes = (shapely.bounds(np.asarray(shapes, dtype=object)) if shapes
             else np.zeros((0, 4)))
    return ObstacleIndex(shapes, boxes, named)


def sight_blockers(state: GameState, polygons: list[Polygon],
                   index: ObstacleIndex | None = None) -> list[Blocker]:
    """The units and sight-blocking terrain pieces whose outlines are ``polygons`` (the
    obstacles that stop every Line of Sight, AS-CHG-1, AS-RNG-4), each named as a player
    reads it; matched by geometry, in the order given. The bounds of every candidate are
    compared at once (a hover at 200 trays named its blockers in ~30 ms one by one), and
    only those that match are named and compared exactly. ``index``: the position's
    :func:`obstacle_index` for "blocks-sight", when the caller keeps one."""
    found = index or obstacle_index(state, "blocks-sight")
    shapes, boxes = found.shapes, found.boxes
    if not shapes or not polygons:
        return [Blocker("an obstacle", shape) for shape in polygons]
    wanted = shapely.bounds(np.asarray(polygons, dtype=object))
    near = np.all(np.abs(boxes[None, :, :] - wanted[:, None, :]) <= TOLERANCE, axis=2)
    out: list[Blocker] = []
    for shape, row in zip(polygons, near, strict=True):
        hit = next((i for i in np.flatnonzero(row).tolist()
                    if shapes[i] is shape or shapes[i].equals(shape)), None)
        out.append(Blocker("an obstacle", shape) if hit is None else found.named(hit))
    return out


def sight_words(blockers: list[Blocker], shown: int = 3) -> str:
    """"blocked by the forest and Lannister Guardsmen": the blockers of a Line of Sight in a
    phrase (the first ``shown`` by name, the rest counted)."""
    names = list(dict.fromkeys(b.name for b in blockers))
    if not names:
        return "blocked"
    rest = len(names) - shown
    names = names[:shown] + ([f"{rest} more"] if rest > 0 else [])
    words = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"blocked by {words}"


def sight_marks(blockers: list[Blocker]) -> tuple[Shape, ...]:
    """Each blocker of a Line of Sight outlined and named (once per name)."""
    seen: set[str] = set()
    out: list[Shape] = []
    for b in blockers:
        out.append(Area(ring(b.polygon), "blocker", "" if b.name in seen else b.name))
        seen.add(b.name)
    return tuple(out)
