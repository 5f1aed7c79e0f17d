"""Player-facing words for directions and turns, shared by every ruleset's log and labels: a
player reads ``north-east`` or ``turn 25° left``, never a raw angle like ``344.603°`` or a pair
of coordinates."""

from __future__ import annotations

import math

from game.core.state import GameState, HexBoard
from game.geometry.hexgrid import FACING_NAMES, FLAT_FACING_NAMES

COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")
"""The eight compass points, clockwise from north (+y, away from the first player)."""

SIDES = ("ahead", "ahead and to its right", "to its right", "back and to its right", "back",
         "back and to its left", "to its left", "ahead and to its left")
"""Eight directions as a unit itself sees them, clockwise from straight ahead."""


def compass_words(facing: float) -> str:
    """A table facing as players say it: ``north`` on a compass point, else the bearing and
    the nearest point (``100° (near east)``); never a raw number like ``facing 0``."""
    bearing = facing % 360.0
    nearest = round(bearing / 45.0) % 8
    off = (bearing - nearest * 45.0 + 180.0) % 360.0 - 180.0
    if abs(off) < 0.5:
        return COMPASS[nearest]
    return f"{round(bearing) % 360}° (near {COMPASS[nearest]})"


def turn_words(turn: float) -> str:
    """``45`` -> ``turn 45° right``; ``-30`` -> ``turn 30° left``; 0 -> ``""``."""
    if abs(turn) < 1e-9:
        return ""
    side = "right" if turn > 0 else "left"
    if abs(abs(turn) - 180.0) < 1e-9:
        return "turn about"
    return f"turn {abs(turn):g}° {side}"


def whole_turn_words(turn: float) -> str:
    """A turn in whole degrees: ``-64.359`` -> ``turn 64° left``; ``-0.377`` -> ``turn under 1°
    left`` (never a signed or long number)."""
    if abs(turn) < 1e-9:
        return ""
    if abs(turn) < 0.5:
        return f"turn under 1° {'right' if turn > 0 else 'left'}"
    return turn_words(round(turn))


def turn_between(current: float, facing: float) -> float:
    """The turn in degrees (clockwise positive, in (-180, 180]) from ``current`` to ``facing``."""
    turn = (facing - current + 180.0) % 360.0 - 180.0
    return 180.0 if abs(turn) >= 180.0 - 1e-9 else turn


def pivot_to_words(current: float, facing: float) -> str:
    """A pivot from ``current`` to ``facing`` as the log says it, a verb phrase: ``turns 25°
    left to face north-east`` (``keeps its facing`` when it does not turn)."""
    turn = whole_turn_words(turn_between(current, facing))
    if not turn:
        return "keeps its facing"
    return f"turns{turn[len('turn'):]} to face {compass_words(facing)}"


def side_words(facing: float, dx: float, dy: float) -> str:
    """Which way a step of ``(dx, dy)`` goes as the unit facing ``facing`` sees it: ``to its
    left``, ``back and to its right``, ... (the nearest of eight)."""
    bearing = math.degrees(math.atan2(dx, dy))  # 0 = +y, clockwise positive, as facings
    return SIDES[round(((bearing - facing) % 360.0) / 45.0) % 8]


def heading_words(dx: float, dy: float) -> str:
    """Which way a step of ``(dx, dy)`` goes on the table: the nearest compass point."""
    return COMPASS[round((math.degrees(math.atan2(dx, dy)) % 360.0) / 45.0) % 8]


def hex_facing_words(state: GameState, facing: int) -> str:
    """A hex facing as players read it on this map: ``north-east`` for facing 0 on a
    pointy-top map, ``south-east`` on a flat-top one (the lattice turned a quarter)."""
    board = state.board
    flat = isinstance(board, HexBoard) and board.orientation == "flat"
    return (FLAT_FACING_NAMES if flat else FACING_NAMES)[facing % 6]
