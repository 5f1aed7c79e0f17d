"""Which live unit is under a world point, without testing every unit (issue 32).

The table asks it on every mouse motion, and a wheel frame brings one: with 200 units a
test of every tray took a fair part of the frame. The index files each live unit's tray by
the grid cell of its centre (a unit on a hex board by its hex), once per game moment, on a
grid whose cells are as wide as the largest tray's diagonal, so a tray under a point has
its centre in the point's cell or one of the eight around it; a point asks only those
units, each still tested exactly against its tray (turned trays, odd sizes), and the first
in the scenario's order wins, as a test of every unit in that order would answer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.core.state import GameState
from game.geometry.tray import Tray
from game.ui import hexlayout

Point = tuple[float, float]
CELL = 4.0
"""The least side of a grid cell (world units: inches on a table)."""


def on_tray(tray: Tray, point: Point) -> bool:
    """Whether ``point`` lies on ``tray`` (its edges included)."""
    px, py = point
    dx, dy = px - tray.x, py - tray.y  # beyond the half-diagonal: not on it
    if 4 * (dx * dx + dy * dy) > tray.width ** 2 + tray.depth ** 2 + 1e-6:
        return False
    across, along = tray.table_to_local(px, py)
    return abs(across) <= tray.width / 2 and abs(along) <= tray.depth / 2


class UnitIndex:
    """The live units of one game moment by grid cell and by hex (see module docstring)."""

    def __init__(self, state: GameState) -> None:
        units = state.live_units()
        self._order: dict[str, int] = {}
        self._trays: dict[str, Tray] = {}
        self._cells: dict[tuple[int, int], list[str]] = {}
        self._hexes: dict[tuple[int, int], list[str]] = {}
        self._side = max([CELL, *(math.hypot(u.tray.width, u.tray.depth) for u in units
                                  if u.tray is not None)])
        for rank, unit in enumerate(units):
            self._order[unit.id] = rank
            if unit.tray is not None:
                self._trays[unit.id] = unit.tray
                self._cells.setdefault(self._cell((unit.tray.x, unit.tray.y)),
                                       []).append(unit.id)
            elif unit.hex is not None:
                self._hexes.setdefault((unit.hex.q, unit.hex.r), []).append(unit.id)

    def unit_at(self, point: Point, overrides: Mapping[str, Tray],
                on_hexes: bool) -> str | None:
        """The first live unit (in the scenario's order) under ``point``: a unit in
        ``overrides`` (dragged or gliding) is where its override tray is; ``on_hexes``: the
        board is a hex map (a unit without a tray is found on its hex)."""
        ci, cj = self._cell(point)
        hits = [uid for i in (ci - 1, ci, ci + 1) for j in (cj - 1, cj, cj + 1)
                for uid in self._cells.get((i, j), ())
                if uid not in overrides and on_tray(self._trays[uid], point)]
        hits += [uid for uid, tray in overrides.items()
                 if uid in self._order and on_tray(tray, point)]
        if on_hexes:
            hits += [uid for uid in self._hexes.get(hexlayout.world_to_axial(*point), ())
                     if uid not in overrides]
        return min(hits, key=self._order.__getitem__, default=None)

    def _cell(self, point: Point) -> tuple[int, int]:
        return (math.floor(point[0] / self._side), math.floor(point[1] / self._side))
