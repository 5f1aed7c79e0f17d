"""Ninth Age actions (text forms ``charge u1 -> u4``, ``advance u1 4.5``, ``turn u1 90``,
``reform u1 8``, ``manoeuvre u1 3 30 then=2``,
``shift u1 back 2``, ``shoot u1 -> u4``; ``end`` ends the current phase). Allocation and Break
Tests are answered with the core's ``choose`` and dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.actions import Action


@dataclass(frozen=True)
class Charge(Action):
    """Charge an enemy unit in the Front Arc within Charge reach (NA-CHG-1, NA-CHG-2)."""

    verb: ClassVar[str] = "charge"
    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str
    facing: str = ""


@dataclass(frozen=True)
class Advance(Action):
    """Move straight ahead ``distance`` inches: up to Mob is an Advance, up to twice Mob a
    March (NA-MOV-1)."""

    verb: ClassVar[str] = "advance"
    unit: str
    distance: float


@dataclass(frozen=True)
class Turn(Action):
    """Turn the unit about its centre to a new facing in degrees (its move, NA-MOV-1)."""

    verb: ClassVar[str] = "turn"
    unit: str
    facing: float


@dataclass(frozen=True)
class Wheel(Action):
    """Wheel the unit ``degrees`` (clockwise positive) about its front corner on the side it
    turns to; the outer corner's path is the distance moved (NA-MOV-1)."""

    verb: ClassVar[str] = "wheel"
    unit: str
    degrees: float


@dataclass(frozen=True)
class Reform(Action):
    """Re-form the unit about its centre to a new width, turned if you like (its whole move,
    NA-MOV-1).

    ``files`` models wide, turned ``turn`` degrees clockwise: ``reform u1 8``,
    ``reform u1 5 turn=180``."""

    verb: ClassVar[str] = "reform"
    unit: str
    files: int
    turn: float = 0.0


@dataclass(frozen=True)
class Manoeuvre(Action):
    """A combined move (NA-MOV-2): ``ahead`` inches straight, a wheel of ``degrees``
    (clockwise positive) about the front corner on the turning side, then ``then`` inches
    straight; the wheel's outer-corner distance counts with the straight parts against the
    Advance or March rate: ``manoeuvre u1 3 30 then=2``, ``manoeuvre u1 0 -45 then=4``."""

    verb: ClassVar[str] = "manoeuvre"
    unit: str
    ahead: float
    degrees: float
    then: float = 0.0


@dataclass(frozen=True)
class Shift(Action):
    """Step straight ``back``, ``left`` or ``right`` without turning, up to half the Advance
    rate (NA-MOV-3; the unit's whole move): ``shift u1 back 2``, ``shift u1 left 1.5``."""

    verb: ClassVar[str] = "shift"
    unit: str
    direction: str
    distance: float


@dataclass(frozen=True)
class Shoot(Action):
    """Shoot at an enemy unit in the Front Arc and in range (NA-SHT-1, NA-TGT-3)."""

    verb: ClassVar[str] = "shoot"
    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str


NINTH_ACTIONS: tuple[type[Action], ...] = (Charge, Advance, Wheel, Manoeuvre, Shift, Turn, Reform,
                                           Shoot)
"""The action types The Ninth Age adds to the table's."""
