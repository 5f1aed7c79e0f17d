"""Pointer geometry for the continuous choices: a Maneuver (AS-CORE-3), a free Pivot or any
final facing (AS-SRG-1, AS-CORE-4), a Retreat move. Pure functions from a tray and a pointer
position to the numbers an action needs; the ruleset checks the result like any typed action.

Unless the player aims freely (``free``), a steered choice snaps: pivots to whole degrees and
small ones to straight ahead, distances to tenths of an inch and to the full limit when
close to it; pointing past the limit always stops at the limit (issue 13: no stray 0.1°
pivots, full Speed when pointing at or beyond it).
"""

from __future__ import annotations

import math

from game.geometry.tray import Point, Tray, facing_of_vector

STRAIGHT_SNAP = 5.0
"""Degrees within which a snapped pivot becomes straight ahead."""


def signed_turn(degrees: float) -> float:
    """An angle as a turn in (-180, 180], clockwise positive."""
    turn = (degrees + 180.0) % 360.0 - 180.0
    return 180.0 if turn == -180.0 else turn


def snap_turn(turn: float, free: bool) -> float:
    """Whole degrees, straight ahead within :data:`STRAIGHT_SNAP`, unless ``free``."""
    if free:
        return round(turn, 3)
    return 0.0 if abs(turn) < STRAIGHT_SNAP else float(round(turn))


FULL_SNAP = 0.5
"""Inches short of the limit within which a snapped distance becomes the full limit."""


def snap_distance(distance: float, limit: float, free: bool) -> float:
    """``distance`` capped at ``limit``; unless ``free``, within :data:`FULL_SNAP` of the
    limit it is the limit (full Speed), else tenths of an inch."""
    capped = min(max(distance, 0.0), limit)
    if capped >= limit - 1e-9 or (not free and capped >= limit - FULL_SNAP):
        return float(limit)
    return round(capped, 3) if free else round(capped, 1)


def maneuver_toward(tray: Tray, point: Point, speed: float, turn: float,
                    free: bool) -> tuple[float, float, float]:
    """The Maneuver ``(turn, distance, then)`` that heads for ``point``: pivot to face it,
    move up to Speed towards it, then pivot ``turn`` degrees (the wheel)."""
    dx, dy = point[0] - tray.x, point[1] - tray.y
    if math.hypot(dx, dy) < 1e-9:
        return 0.0, 0.0, snap_turn(signed_turn(turn), free)
    first = snap_turn(signed_turn(facing_of_vector(dx, dy) - tray.facing), free)
    distance = snap_distance(math.hypot(dx, dy), speed, free)
    return first, distance, snap_turn(signed_turn(turn), free)


def facing_toward(tray: Tray, point: Point, turn: float, free: bool) -> float:
    """The facing that looks at ``point`` from the tray's centre, plus ``turn`` degrees."""
    dx, dy = point[0] - tray.x, point[1] - tray.y
    base = tray.facing if math.hypot(dx, dy) < 1e-9 else facing_of_vector(dx, dy)
    facing = (base + turn) % 360.0
    return round(facing, 3) if free else float(round(facing) % 360)


def retreat_toward(tray: Tray, point: Point, directions: tuple[str, ...], limit: float,
                   vectors: dict[str, tuple[float, float]], free: bool
                   ) -> tuple[str, float] | None:
    """The allowed retreat direction nearest the pointer and the distance along it."""
    dx, dy = point[0] - tray.x, point[1] - tray.y
    best: tuple[float, str] | None = None
    for d in directions:
        vx, vy = vectors[d]
        along = dx * vx + dy * vy
        if along > 0 and (best is None or along > best[0]):
            best = (along, d)
    if best is None:
        return None
    distance = snap_distance(best[0], limit, free)
    return (best[1], distance) if distance > 0 else None
