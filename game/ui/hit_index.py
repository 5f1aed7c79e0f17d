"""Which live unit is under a world point, without testing every unit (issue 32).

The table asks it on every mouse motion, and a wheel frame brings one: with 200 units a
test of every tray took a fair part of the frame. The index files each live unit's tray by
the grid cells its circumscribed square touches (a unit on a hex board by its hex), once per
game moment; a point asks only the units of its cell, each still tested exactly against its
tray (turned trays, odd sizes), and the first in the scenario's order wins, as a test of
every unit in that order would answer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.core.state import GameState
from game.geometry.tray import Tray
from game.ui import hexlayout

Point = tuple[float, float]
CELL = 4.0
"""The side of a grid cell (world units: inches on a table)."""


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
        self._order: dict[str, int] = {}
        self._trays: dict[str, Tray] = {}
        self._cells: dict[tuple[int, int], list[str]] = {}
        self._hexes: dict[tuple[int, int], list[str]] = {}
        for rank, unit in enumerate(state.live_units()):
            self._order[unit.id] = rank
            if unit.tray is not None:
                self._trays[unit.id] = unit.tray
                for cell in _cells_of(unit.tray):
                    self._cells.setdefault(cell, []).append(unit.id)
            elif unit.hex is not None:
                self._hexes.setdefault((unit.hex.q, unit.hex.r), []).append(unit.id)

    def unit_at(self, point: Point, overrides: Mapping[str, Tray],
                on_hexes: bool) -> str | None:
        """The first live unit (in the scenario's order) under ``point``: a unit in
        ``overrides`` (dragged or gliding) is where its override tray is; ``on_hexes``: the
        board is a hex map (a unit without a tray is found on its hex)."""
        hits = [uid for uid in self._cells.get(_cell(point), ())
                if uid not in overrides and on_tray(self._trays[uid], point)]
        hits += [uid for uid, tray in overrides.items()
                 if uid in self._order and on_tray(tray, point)]
        if on_hexes:
            hits += [uid for uid in self._hexes.get(hexlayout.world_to_axial(*point), ())
                     if uid not in overrides]
        return min(hits, key=self._order.__getitem__, default=None)


def _cell(point: Point) -> tuple[int, int]:
    return (math.floor(point[0] / CELL), math.floor(point[1] / CELL))


def _cells_of(tray: Tray) -> list[tuple[int, int]]:
    """The grid cells a tray's circumscribed square touches."""
    half = math.hypot(tray.width, tray.depth) / 2 + 1e-6
    x0, y0 = _cell((tray.x - half, tray.y - half))
    x1, y1 = _cell((tray.x + half, tray.y + half))
    return [(i, j) for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]
