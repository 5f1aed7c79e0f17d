"""GODSGLOOM actions (text forms ``activate u1``, ``advance u1 2 -1 3``, ``face u1 4``,
``melee u1 -> u4``, ``rally u1``, ``focus u1``). Melee decisions are answered with the core's
``choose`` (see :mod:`game.rulesets.godsgloom.melee`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.actions import Action


@dataclass(frozen=True)
class Activate(Action):
    """Start the activation of one of the active player's units (HX-ACT-1)."""

    verb: ClassVar[str] = "activate"
    unit: str


@dataclass(frozen=True)
class Advance(Action):
    """The activated unit's Move: to hex (q, r), ending with ``facing`` (HX-MOV-1..5)."""

    verb: ClassVar[str] = "advance"
    unit: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class Face(Action):
    """A free pivot of the activated unit before its standard action (HX-MOV-2)."""

    verb: ClassVar[str] = "face"
    unit: str
    facing: int


@dataclass(frozen=True)
class MeleeAttack(Action):
    """The Melee Attack Action against an enemy on a neighbouring hex (HX-MEL-0..80)."""

    verb: ClassVar[str] = "melee"
    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str


@dataclass(frozen=True)
class Rally(Action):
    """The Rally action: regain Morale Tokens (HX-RAL-1)."""

    verb: ClassVar[str] = "rally"
    unit: str


@dataclass(frozen=True)
class Focus(Action):
    """The Focus action: re-roll failed dice in the next Attack Test (HX-FOC-1)."""

    verb: ClassVar[str] = "focus"
    unit: str


GODSGLOOM_ACTIONS: tuple[type[Action], ...] = (Activate, Advance, Face, MeleeAttack, Rally, Focus)
"""The action types GODSGLOOM adds to the table's."""
