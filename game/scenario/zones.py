"""Deployment zones (issue 26): where each player sets up, optional per ``[[players]]``.

A table's zone is a polygon in inches (``deployment = [[x, y], ...]``), a hex map's a set of
hexes (``deployment_hexes = [[q, r], ...]``). The loader checks them with :func:`zone_problems`
(on the board, a polygon that does not cross itself, the limits of docs/limits.md) and keeps
them on the state's :class:`~game.core.state.Player`, so play can show them at the start of a
battle and army-list import can place units in them through :func:`deployment_zone`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeAlias

from shapely.geometry import Point, Polygon

from game.core.state import Board, GameState, HexBoard, Player, TableBoard
from game.geometry.hexgrid import Hex
from game.scenario.model import PlayerModel
from game.scenario.problems import Path

EDGE_TOLERANCE = 1e-6
"""Inches a zone's corner may stand beyond the table's edge (rounding of written numbers)."""

Zone: TypeAlias = "Polygon | frozenset[Hex]"
"""A deployment zone: a polygon in inches (table) or a set of hexes (hex map)."""


def deployment_zone(source: object, side: int) -> Zone | None:
    """The deployment zone of player ``side`` (1-based) of a loaded scenario or a game
    state: a shapely polygon in inches on a table, a frozenset of hexes on a hex map, or
    None when the scenario gives that side no zone (or has no such side)."""
    state = source if isinstance(source, GameState) else getattr(source, "state", None)
    if not isinstance(state, GameState):
        raise TypeError("deployment_zone takes a loaded Scenario or a GameState")
    player = next((p for p in state.players if p.number == side), None)
    return None if player is None else zone_of(player)


def zone_of(player: Player) -> Zone | None:
    """A player's zone as a shape (see :func:`deployment_zone`)."""
    if player.deployment is not None:
        return Polygon(player.deployment)
    return player.deployment_hexes


def zone_problems(entry: PlayerModel, board: Board, loc: Path,
                  problem: Callable[[Path, str], None]) -> bool:
    """Check one player's zone against the board, reporting each problem at its dotted path
    (``players[1].deployment``) through ``problem``; True when the zone may be kept."""
    if entry.deployment is not None and entry.deployment_hexes is not None:
        problem((*loc, "deployment_hexes"), "give deployment (a table) or deployment_hexes "
                "(a hex map), not both")
        return False
    if entry.deployment is not None:
        if not isinstance(board, TableBoard):
            problem((*loc, "deployment"), "a hex map's zone is deployment_hexes = [[q, r], ...]")
            return False
        return _polygon_problems(entry.deployment, board, (*loc, "deployment"), problem)
    if entry.deployment_hexes is not None:
        if not isinstance(board, HexBoard):
            problem((*loc, "deployment_hexes"), "a table's zone is deployment = [[x, y], ...] "
                    "in inches")
            return False
        return _hex_problems(entry.deployment_hexes, board, (*loc, "deployment_hexes"), problem)
    return True


def _polygon_problems(points: list[tuple[float, float]], board: TableBoard, loc: Path,
                      problem: Callable[[Path, str], None]) -> bool:
    polygon = Polygon(points)
    if not polygon.is_valid or polygon.area <= 0:
        problem(loc, "the zone crosses itself or has no area")
        return False
    grown = board.polygon.buffer(EDGE_TOLERANCE, join_style="mitre")
    for j, (x, y) in enumerate(points):
        if not grown.covers(Point(x, y)):
            problem((*loc, j), f"[{x:g}, {y:g}] is off the table "
                    f"({board.width:g} x {board.height:g} inches)")
            return False
    return True


def _hex_problems(hexes: list[tuple[int, int]], board: HexBoard, loc: Path,
                  problem: Callable[[Path, str], None]) -> bool:
    ok = True
    seen: set[Hex] = set()
    for j, (q, r) in enumerate(hexes):
        h = Hex(q, r)
        if h not in board:
            problem((*loc, j), f"[{q}, {r}] is not on the map")
            ok = False
        elif h in seen:
            problem((*loc, j), f"[{q}, {r}] is listed twice")
            ok = False
        seen.add(h)
    return ok


def player_with_zone(player: Player, entry: PlayerModel) -> Player:
    """``player`` carrying the (checked) zone of its scenario entry."""
    if entry.deployment is not None:
        return replace(player, deployment=tuple((float(x), float(y))
                                                for x, y in entry.deployment))
    if entry.deployment_hexes is not None:
        return replace(player, deployment_hexes=frozenset(Hex(q, r)
                                                          for q, r in entry.deployment_hexes))
    return player
