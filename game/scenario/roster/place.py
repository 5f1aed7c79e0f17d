"""Where imported units stand: a legal formation in the side's deployment zone, facing the
enemy.

:func:`place_units` takes the units' footprints and an optional zone (a shapely ``Polygon``
on a table, a set of hexes on a hex map); without one it uses a default strip along the side's
own board edge (side 1 the near edge, every other side the far edge), 12" deep on a table, the
nearest third of the rows on a hex map. Units are placed one by one, nearest the own edge
first and from the middle of the zone outwards, each fully inside the zone and the board, 1"
clear of every unit already there (the game's own placement rule then finds no overlap) and
off impassable terrain; they face the middle of the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shapely.geometry import Polygon, box

from game.core.state import Board, HexBoard, TableBoard
from game.geometry.hexgrid import Hex, hex_center
from game.geometry.tray import Tray

STRIP_DEPTH = 12.0
"""Depth of the default deployment strip on a table, in inches."""
GAP = 1.0
"""Clearance between imported units, in inches."""
STEP = 0.5
"""Grid of candidate positions, in inches."""


@dataclass(frozen=True)
class Pose:
    """Where a unit stands: a table pose (x, y, facing) or a hex and hex facing."""

    x: float | None = None
    y: float | None = None
    facing: float = 0.0
    hex: Hex | None = None
    hex_facing: int = 0


class PlacementError(Exception):
    """The units do not fit in the zone (the message names the first that does not)."""


def default_zone(board: Board, side: int) -> Polygon | frozenset[Hex]:
    """The strip along the side's own edge (see the module docstring)."""
    near = side == 1
    if isinstance(board, TableBoard):
        depth = min(STRIP_DEPTH, board.height / 3)
        return box(0, 0, board.width, depth) if near else box(
            0, board.height - depth, board.width, board.height)
    ys = sorted({hex_center(h)[1] for h in board.cells})
    cut = ys[len(ys) // 3] if near else ys[-(len(ys) // 3) - 1]
    return frozenset(h for h in board.cells
                     if (hex_center(h)[1] <= cut if near else hex_center(h)[1] >= cut))


def place_units(footprints: Sequence[tuple[float, float] | None], board: Board, side: int,
                zone: Polygon | Iterable[Hex] | None = None,
                blocked: Sequence[Polygon] = (), taken: Iterable[Hex] = ()) -> list[Pose]:
    """A pose for each unit (``footprints``: tray width and depth, None for a hex unit), in
    order; ``blocked`` are outlines to keep clear of (other units, impassable terrain),
    ``taken`` the hexes already occupied. Raises PlacementError when one does not fit."""
    area = default_zone(board, side) if zone is None else zone
    if isinstance(board, HexBoard):
        return _on_hexes(len(footprints), board, side, frozenset(
            area if not isinstance(area, Polygon) else ()), set(taken))
    if not isinstance(area, Polygon):
        raise PlacementError("a table's deployment zone is a polygon")
    target = (board.width / 2, board.height / 2)
    poses: list[Pose] = []
    used = list(blocked)
    for i, size in enumerate(footprints):
        if size is None:
            raise PlacementError(f"unit {i + 1} has no tray to place on a table")
        pose = _first_fit(size, area, used, target, side)
        if pose is None:
            raise PlacementError(f"unit {i + 1} ({size[0]:g}\" x {size[1]:g}\") does not fit "
                                 "in the deployment zone beside the others")
        poses.append(pose)
        assert pose.x is not None and pose.y is not None
        used.append(Tray(pose.x, pose.y, pose.facing, size[0], size[1]).polygon)
    return poses


def _first_fit(size: tuple[float, float], zone: Polygon, used: Sequence[Polygon],
               target: tuple[float, float], side: int) -> Pose | None:
    minx, miny, maxx, maxy = zone.bounds
    mid = (minx + maxx) / 2
    rows = _steps(miny, maxy)
    rows.sort(key=lambda y: -abs(y - target[1]))  # the own edge first
    cols = sorted(_steps(minx, maxx), key=lambda x: (abs(x - mid), x))
    clear = [p.buffer(GAP - 1e-6) for p in used]
    for y in rows:
        for x in cols:
            facing = _facing((x, y), target, side)
            tray = Tray(x, y, facing, size[0], size[1]).polygon
            if zone.buffer(1e-6).covers(tray) and not any(tray.intersects(c) for c in clear):
                return Pose(x=x, y=y, facing=facing)
    return None


def _facing(at: tuple[float, float], target: tuple[float, float], side: int) -> float:
    """Towards the middle of the board, squared to the table's edges (0 = +y)."""
    dx, dy = target[0] - at[0], target[1] - at[1]
    if abs(dy) >= abs(dx):
        return 0.0 if dy > 0 or (dy == 0 and side == 1) else 180.0
    return 90.0 if dx > 0 else 270.0


def _steps(low: float, high: float) -> list[float]:
    count = math.floor((high - low) / STEP)
    return [round(low + i * STEP, 3) for i in range(count + 1)]


def _on_hexes(count: int, board: HexBoard, side: int, zone: frozenset[Hex],
              taken: set[Hex]) -> list[Pose]:
    area = zone or frozenset(h for h in default_zone(board, side) if isinstance(h, Hex))
    cy = sum(hex_center(h)[1] for h in board.cells) / max(len(board.cells), 1)
    free = sorted((h for h in area if h in board.cells and h not in taken),
                  key=lambda h: (-abs(hex_center(h)[1] - cy), abs(hex_center(h)[0]), h.q, h.r))
    if len(free) < count:
        raise PlacementError(f"{count} units need {count} free hexes in the deployment zone; "
                             f"it has {len(free)}")
    return [Pose(hex=h, hex_facing=0 if side == 1 else 3) for h in free[:count]]
