"""Hints for a computer player (``Ruleset.unit_reach`` and ``unit_threat``): how far a unit
can strike on its next activation and how much harm it does. Hints only: they leave out rough
hexes, engagement zones and sight."""

from __future__ import annotations

from game.core.state import GameState
from game.rulesets.godsgloom.units import GodsUnit


def _unit(state: GameState, unit_id: str) -> GodsUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, GodsUnit) and unit.on_board else None


def unit_reach(state: GameState, unit_id: str) -> float | None:
    """Hexes within which ``unit_id`` may attack an enemy next: an activation is a Move of
    up to its speed (HX-MOV-1) and then a Melee Attack on a neighbouring hex (HX-ACT-2,
    HX-MEL-10); only its neighbours without a Morale Token to pay for one (HX-MEL-0), as
    it may still be rallied."""
    unit = _unit(state, unit_id)
    if unit is None:
        return None
    return float(unit.speed + 1) if unit.tokens >= 1 else 1.0


def unit_threat(state: GameState, unit_id: str) -> float:
    """Its attack dice, one fewer while Weak (HX-WEAK-1), half of them counted as hits, plus
    its automatic hits."""
    unit = _unit(state, unit_id)
    if unit is None:
        return 0.0
    dice = max(1, unit.attack - 1) if unit.weak else unit.attack
    return dice / 2 + unit.auto_hits
