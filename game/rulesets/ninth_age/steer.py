"""Pointing moves on the table (game.core.present.Steer): a combined move toward the pointer
(NA-MOV-2) and a Shift back or sideways (NA-MOV-3). The builders only turn a pointer into an
action; the table asks ``why_not`` before anything is applied, so every pointed move is checked
exactly like a typed one."""

from __future__ import annotations

import math
from collections.abc import Callable

from game.core.present import Offer, Steer
from game.geometry.tray import Tray
from game.rulesets.ninth_age.actions import Manoeuvre, Shift
from game.rulesets.ninth_age.moves import wheel_distance, wheeled
from game.rulesets.ninth_age.units import NinthUnit

Point = tuple[float, float]
Present = Callable[[Manoeuvre | Shift], Offer]

SNAP_DEGREES = 5.0
"""Wheels snap to this many degrees unless the player aims freely."""

SNAP_INCHES = 0.5
"""Distances snap to this many inches unless the player aims freely."""


def _snap(value: float, step: float, free: bool) -> float:
    return value if free else round(value / step) * step


def _within(distance: float, spare: float, free: bool) -> float:
    """``distance`` snapped (unless ``free``) and kept within 0..``spare``; a snapped
    distance cut at the limit is rounded down to the snap step, so labels stay short."""
    if free:
        return min(max(0.0, distance), max(0.0, spare))
    top = math.floor(max(0.0, spare) / SNAP_INCHES + 1e-9) * SNAP_INCHES
    return min(max(0.0, _snap(distance, SNAP_INCHES, False)), top)


def _bearing(tray: Tray, point: Point) -> float:
    """Degrees clockwise from the unit's facing to ``point`` seen from its front middle."""
    fx, fy = tray.forward
    rx, ry = tray.right
    ax, ay = tray.front_arrow
    dx, dy = point[0] - ax, point[1] - ay
    return math.degrees(math.atan2(dx * rx + dy * ry, dx * fx + dy * fy))


def manoeuvre_toward(tray: Tray, point: Point, rate: float, turn: float,
                     free: bool) -> Manoeuvre | None:
    """The combined move a pointer means (``unit`` left blank): with no extra turn, wheel to
    face the pointer then go straight to it; with an extra turn (the mouse wheel), go straight
    to the pointer's depth then wheel by it. Both stop at ``rate`` with the wheel counted."""
    if turn:
        degrees = max(-180.0, min(180.0, turn))
        spare = max(0.0, rate - wheel_distance(tray, degrees))
        ax, ay = tray.front_arrow
        fx, fy = tray.forward
        ahead = (point[0] - ax) * fx + (point[1] - ay) * fy
        ahead = _within(ahead, spare, free)
        return Manoeuvre("", ahead, degrees, 0.0)
    degrees = _snap(_bearing(tray, point), SNAP_DEGREES, free)
    if abs(degrees) > 90.0:
        return None  # behind the unit: a Shift, not a combined move
    cost = wheel_distance(tray, degrees)
    if cost > rate:
        degrees = math.copysign(math.degrees(rate / max(tray.width, 1e-9)), degrees)
        cost = rate
    turned = wheeled(tray, degrees) if degrees else tray
    ax, ay = turned.front_arrow
    fx, fy = turned.forward
    then = (point[0] - ax) * fx + (point[1] - ay) * fy
    then = _within(then, rate - cost, free)
    return Manoeuvre("", 0.0, degrees, then)


def shift_toward(tray: Tray, point: Point, half: float, free: bool) -> Shift | None:
    """The Shift a pointer means: straight back when it is behind the unit's front, else to
    the side it is on, as far as the pointer (at most ``half`` inches)."""
    cx, cy = tray.centre
    fx, fy = tray.forward
    rx, ry = tray.right
    dx, dy = point[0] - cx, point[1] - cy
    along, across = dx * fx + dy * fy, dx * rx + dy * ry
    if abs(across) <= tray.width / 2.0 and along < -tray.depth / 2.0:
        direction, reach = "back", -along - tray.depth / 2.0
    elif abs(across) > tray.width / 2.0:
        direction = "right" if across > 0 else "left"
        reach = abs(across) - tray.width / 2.0
    else:
        return None
    reach = min(_snap(reach, SNAP_INCHES, free), half)
    return Shift("", direction, reach) if reach > 0 else None


def move_steers(unit: NinthUnit, present: Present) -> tuple[Steer, Steer]:
    """The two pointing moves of a unit in the Move phase: a combined move and a Shift."""
    assert unit.tray is not None
    tray, rate, half = unit.tray, 2.0 * unit.model.mob, unit.model.mob / 2.0

    def combined(point: Point, turn: float, free: bool) -> Offer | None:
        found = manoeuvre_toward(tray, point, rate, turn, free)
        return None if found is None else present(Manoeuvre(unit.id, found.ahead,
                                                            found.degrees, found.then))

    def step(point: Point, turn: float, free: bool) -> Offer | None:
        found = shift_toward(tray, point, half, free)
        return None if found is None else present(Shift(unit.id, found.direction,
                                                        found.distance))

    return (Steer(unit.id, combined, "Point where the front should go: wheel to face it, then "
                  "straight on (the mouse wheel instead wheels after going straight); the "
                  "wheel's distance counts.", SNAP_DEGREES),
            Steer(unit.id, step, f"Point behind or beside the unit: a step back or sideways of "
                  f"at most {half:g}\" (half the Advance rate).", SNAP_DEGREES))
