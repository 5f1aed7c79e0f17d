"""The turn-advance-turn move, once (issue 24): a tray's move as legs, each a turn or a
straight advance, and the tray after each leg.

Two rules systems move a unit in three legs: a pivot about the tray's centre, a move straight
ahead, a pivot (AS-CORE-3's Maneuver); a move straight ahead, a wheel about the front corner on
the turning side, a move straight ahead (NA-MOV-2's combined move). Both are a sequence of
:class:`Leg`\\ s walked by :func:`walk`, which is the one place the geometry of such a move is
written; the rules around it (allowances, what the swept ground may cross) stay each system's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.geometry.tray import Tray

LegKind = Literal["pivot", "wheel", "advance"]


@dataclass(frozen=True)
class Leg:
    """One leg of a move: ``pivot`` (degrees about the centre, clockwise positive), ``wheel``
    (degrees about the front corner on the turning side) or ``advance`` (inches ahead)."""

    kind: LegKind
    amount: float


def pivot(degrees: float) -> Leg:
    """A turn about the tray's centre."""
    return Leg("pivot", degrees)


def wheel(degrees: float) -> Leg:
    """A turn about the front corner on the side the tray turns to."""
    return Leg("wheel", degrees)


def advance(inches: float) -> Leg:
    """A move straight ahead (negative: backwards)."""
    return Leg("advance", inches)


def wheeled(tray: Tray, degrees: float) -> Tray:
    """The tray after a wheel of ``degrees`` (clockwise positive): it turns about its front
    corner on the side it turns to (the front-right corner for a clockwise wheel)."""
    px, py = tray.corners[1] if degrees > 0 else tray.corners[0]
    rad = math.radians(degrees)
    dx, dy = tray.x - px, tray.y - py
    cos, sin = math.cos(rad), math.sin(rad)
    # a clockwise turn by ``degrees`` in the table's x-right, y-up frame
    nx, ny = px + dx * cos + dy * sin, py - dx * sin + dy * cos
    return tray.moved_to(nx, ny, tray.facing + degrees)


def step(tray: Tray, leg: Leg) -> Tray:
    """The tray after one leg (a wheel of no degrees leaves it as it is)."""
    if leg.kind == "pivot":
        return tray.pivoted(leg.amount)
    if leg.kind == "wheel":
        return wheeled(tray, leg.amount) if leg.amount else tray
    return tray.advanced(leg.amount)


def walk(tray: Tray, legs: Sequence[Leg]) -> tuple[Tray, ...]:
    """The tray after each leg, in order (the last is where the move ends)."""
    out: list[Tray] = []
    for leg in legs:
        tray = step(tray, leg)
        out.append(tray)
    return tuple(out)
