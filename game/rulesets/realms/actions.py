"""Realms actions (text forms ``command u1``, ``walk u1 2 -1 3``, ``fortify u1``,
``attack u1 -> u4 hand=off``, ``special u1 -> u4 tail_sweep``, ``cast u1 -> u4 firebolt``,
``rearrange u1 dagger``). A command ends with the core's ``end``; an attack's decisions are
answered with ``choose``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.actions import Action


@dataclass(frozen=True)
class Command(Action):
    """Begin a unit command with one of your units (RL-ATK-1, RL-TRN-1)."""

    verb: ClassVar[str] = "command"
    unit: str


@dataclass(frozen=True)
class Walk(Action):
    """Move the commanded unit to space (q, r), ending with the given ``facing`` (RL-MOV-1);
    the same space with a new facing turns it in place. Only before its action (RL-ATK-1)."""

    verb: ClassVar[str] = "walk"
    unit: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class Fortify(Action):
    """Fortify instead of moving and acting: heal 1 wound, +1 defense (RL-FRT-1)."""

    verb: ClassVar[str] = "fortify"
    unit: str


@dataclass(frozen=True)
class Aimed(Action):
    """An action of ``unit`` aimed at ``target``, written ``verb unit -> target ...``
    (RL-ATK-2); the attacks below add what they use."""

    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str


@dataclass(frozen=True)
class Strike(Aimed):
    """Declare an attack with a hand: ``main``, ``off``, ``both`` (RL-DW-1) or ``unarmed``
    (RL-DW-2)."""

    verb: ClassVar[str] = "attack"
    hand: str = "main"


@dataclass(frozen=True)
class Special(Aimed):
    """Declare a special attack in place of the standard attack (RL-SPC-1)."""

    verb: ClassVar[str] = "special"
    name: str


@dataclass(frozen=True)
class Cast(Aimed):
    """Cast a spell at a target, paying its mana (RL-SPC-1)."""

    verb: ClassVar[str] = "cast"
    spell: str


@dataclass(frozen=True)
class Rearrange(Action):
    """Rearrange the inventory: take ``item`` into the main hand, stow what it held
    (RL-ATK-1)."""

    verb: ClassVar[str] = "rearrange"
    unit: str
    item: str


REALMS_ACTIONS: tuple[type[Action], ...] = (Command, Walk, Fortify, Strike, Special, Cast,
                                            Rearrange)
"""The realms vocabulary (the table's actions come on top)."""
