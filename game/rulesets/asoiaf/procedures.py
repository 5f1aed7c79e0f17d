"""Running procedures of the asoiaf ruleset: plain data, deep-copied for undo and hashed.

Each procedure's ``step`` names where it stands. The ruleset advances the automatic steps and
waits at the others (a player's decision or a chance node).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Procedure
from game.geometry.tray import Tray
from game.rulesets.asoiaf.modifiers import AttackModifiers


@dataclass(kw_only=True)
class AttackProc(Procedure):
    """One attack being resolved (AS-RES-1..8): steps roll_attack, reroll_choice, reroll_roll,
    after_attack, roll_defense, after_defense, wounds, panic, panic_roll, attacked, surge."""

    mods: AttackModifiers
    attack_dice: tuple[int, ...] = ()
    reroll: tuple[int, ...] = ()
    hits: int = 0
    defense_dice: tuple[int, ...] = ()
    blocks: int = 0
    wounds: int = 0
    panic_wounds: int = 0
    removed: int = 0
    destroyed: bool = False
    panic_taken: bool = False
    melee_friends: tuple[str, ...] = ()
    """Friends engaged with the defender and with no other enemy (AS-SRG-1)."""
    shot_friends: tuple[str, ...] = ()
    """Friends engaged with the defender of a ranged attack (AS-RNG-8)."""
    log: tuple[str, ...] = ()
    """Names of the effect windows opened, in order (AS-RES-3/5/8, AS-TRG-1)."""


@dataclass(kw_only=True)
class PanicProc(Procedure):
    """A Panic Test outside an attack's own (failed charge, firing into melee): step roll."""

    unit: str
    target: int
    reason: str
    rules: tuple[str, ...]


@dataclass(kw_only=True)
class ChargeProc(Procedure):
    """A Charge (AS-CHG-4..15): steps arc, roll, align, others, stakes, attack, end."""

    attacker: str
    target: str
    start: Tray
    arcs: tuple[str, ...]
    arc: str = ""
    distance_needed: float = 0.0
    penalty: float = 0.0
    roll: int = 0
    disorderly: bool = False
    crossed_stakes: bool = False
    failed: bool = False
    """A Failed Charge: after any stakes wounds, the Panic Test and the end (AS-CHG-10/14)."""


@dataclass(kw_only=True)
class FreeMoveProc(Procedure):
    """Free moves offered one unit at a time: Surge Forth's Maneuver and Pivots (AS-SRG-1),
    the pivots of enemies a Retreat left unengaged (AS-CORE-4). ``queue`` holds
    ``(unit id, "maneuver" | "pivot", rule ID)``; step choose."""

    queue: tuple[tuple[str, str, str], ...]


@dataclass(kw_only=True)
class RetreatProc(Procedure):
    """A Retreat (AS-CORE-4): steps roll, move."""

    unit: str
    roll: int = 0
    enemies: tuple[str, ...] = ()
