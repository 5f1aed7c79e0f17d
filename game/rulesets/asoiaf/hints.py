"""Hints for a computer player (``Ruleset.unit_reach`` and ``unit_threat``): how far a unit
can strike on its next activation and how much harm it does, read from its stat card. Hints
only: they leave out terrain, sight and the exact sweep the rules measure."""

from __future__ import annotations

from game.core.state import GameState
from game.rulesets.asoiaf.attacks import RANGES
from game.rulesets.asoiaf.charge import MAX_ROLL
from game.rulesets.asoiaf.units import AsoiafUnit


def _unit(state: GameState, unit_id: str) -> AsoiafUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, AsoiafUnit) and unit.on_board else None


def unit_reach(state: GameState, unit_id: str) -> float | None:
    """Inches between tray centres within which ``unit_id`` may strike an enemy next: a
    charge reaches Speed + 6 edge to edge (AS-CHG-3), a ranged attack its range (AS-RNG-5),
    plus the tray's depth (its own half and an enemy's of the same depth); 0 without attacks."""
    unit = _unit(state, unit_id)
    if unit is None:
        return None
    stats = unit.stats
    edge = max([stats.speed + MAX_ROLL] * bool(stats.melee_attacks())
               + [RANGES[stats.attacks[i].kind] for i in stats.ranged_attacks()], default=0.0)
    depth = unit.tray.depth if unit.tray is not None else 0.0
    return float(edge + depth) if edge else 0.0


def unit_threat(state: GameState, unit_id: str) -> float:
    """Hits ``unit_id``'s best attack scores on average: its dice for the ranks it has left
    (AS-RES-1) times the chance of its To-Hit on a D6 (AS-RES-2); 0 for none."""
    unit = _unit(state, unit_id)
    if unit is None:
        return 0.0
    return max((a.dice_for(unit.ranks_lost) * max(0, 7 - a.hit) / 6 for a in unit.stats.attacks),
               default=0.0)
