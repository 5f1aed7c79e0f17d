"""The actions a unit may take when it activates (AS-CORE-2) and their text forms.

- ``charge u3 -> u7 pivot=12.5``: Charge (AS-CHG-*); ``pivot`` is the optional Step 2 turn in
  degrees, clockwise positive (AS-CHG-5).
- ``attack u3 u7 weapon=1 align=50 side=left dx=1.0 dy=0.5``: Attack (AS-ATK-1). ``weapon`` is
  the index of the attack on the stat card (-1: the first that fits, melee when engaged, ranged
  otherwise). Melee: ``align`` keep | 100 | 50 with ``side`` left | right (as the attacker sees
  it) faces the enemy head-on and shifts (AS-MEL-3/4). Ranged: ``dx``/``dy`` is the optional
  shift in inches (AS-RNG-3).
- ``maneuver u3 30.0 5.0 then=-10.0``: pivot, straight forward, pivot (AS-CORE-3).
- ``retreat u3``: Retreat (AS-CORE-4); the D6 is rolled, then the move is chosen.
- ``hold u3``: the unit activates and does nothing (AS-CORE-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.actions import Action


@dataclass(frozen=True)
class Charge(Action):
    """Charge ``target`` with ``unit`` after an optional pivot (AS-CHG-1..15)."""

    verb: ClassVar[str] = "charge"
    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str
    pivot: float = 0.0


@dataclass(frozen=True)
class Attack(Action):
    """A Melee or Ranged Attack (AS-ATK-1, AS-MEL-*, AS-RNG-*)."""

    verb: ClassVar[str] = "attack"
    unit: str
    target: str
    weapon: int = -1
    align: str = "keep"
    side: str = "none"
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True)
class Maneuver(Action):
    """Pivot ``turn`` degrees, move ``distance`` inches straight ahead, pivot ``then`` degrees
    (AS-CORE-3)."""

    verb: ClassVar[str] = "maneuver"
    unit: str
    turn: float
    distance: float
    then: float = 0.0


@dataclass(frozen=True)
class Retreat(Action):
    """Retreat from combat (AS-CORE-4)."""

    verb: ClassVar[str] = "retreat"
    unit: str


@dataclass(frozen=True)
class Hold(Action):
    """Activate ``unit`` without an action (AS-CORE-2)."""

    verb: ClassVar[str] = "hold"
    unit: str


UNIT_ACTIONS: tuple[type[Action], ...] = (Charge, Attack, Maneuver, Retreat, Hold)
"""The asoiaf action types (the table's come from the core)."""
