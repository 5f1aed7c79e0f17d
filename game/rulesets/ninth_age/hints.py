"""Hints for a computer player (``Ruleset.unit_reach``, ``unit_threat`` and ``round_swing``):
how far a unit can strike on its next turn and how much harm it does, read from its models'
profiles, and how far a round moves the battle's count. Hints only: they leave out arcs,
terrain, sight and the enemy's saves."""

from __future__ import annotations

from game.core.state import GameState
from game.rulesets.ninth_age.engage import bow_range, shooters
from game.rulesets.ninth_age.units import WEAPONS, ModelProfile, NinthUnit

FIGHTING_RANKS = 2
"""Ranks of rank-and-file counted as fighting: the front rank and its supporting attacks."""


def _unit(state: GameState, unit_id: str) -> NinthUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, NinthUnit) and unit.on_board else None


def unit_reach(state: GameState, unit_id: str) -> float | None:
    """Inches between unit centres within which ``unit_id`` may strike an enemy next turn:
    a charge reaches its Charge distance boundary to boundary (NA-CHG-1), a bow its range
    after an Advance (NA-MOV-1, NA-SHT-1), plus the tray's depth (its own half and an
    enemy's of the same depth); 0 for a fleeing unit."""
    unit = _unit(state, unit_id)
    if unit is None:
        return None
    if unit.fled:
        return 0.0
    model = unit.model
    shot = bow_range(model)
    edge = max(float(model.cha), model.mob + shot if shot else 0.0)
    depth = unit.tray.depth if unit.tray is not None else 0.0
    return edge + depth


def unit_threat(state: GameState, unit_id: str) -> float:
    """About the wounds ``unit_id`` deals in a round: the better of its melee (the models in
    its fighting ranks and its characters, each part's Attacks weighted by Strength; NA-WPN-1
    and the Attack rules) and its shooting (NA-SHT-1); 0 for a fleeing unit."""
    unit = _unit(state, unit_id)
    if unit is None or unit.fled:
        return 0.0
    fighters = min(unit.rf_alive(), FIGHTING_RANKS * max(1, unit.files))
    melee = fighters * _blows(unit.model) + sum(
        _blows(c.profile) for c in unit.characters if c.hp > 0)
    bow = next((WEAPONS[w] for w in unit.model.equipment if WEAPONS[w].get("ranged")), None)
    shooting = shooters(unit) * float(bow["str"]) / 12 if bow is not None else 0.0
    return max(melee, shooting)


ROUND_SWING = 0.08
"""How far a round moves the share of models standing, one standard deviation: a round of
fighting in the shipped battle kills 5-10 of its 133 models."""


def round_swing(state: GameState) -> float:
    """NA-TURN-1: the battle is won by the most models standing after the last round, and a
    round of fighting moves that count by :data:`ROUND_SWING` of all the models (a hint)."""
    return ROUND_SWING


def _blows(model: ModelProfile) -> float:
    """One model's melee harm: each part's Attacks times its Strength over 12 (about half
    hit, and a wound as likely as Strength is high)."""
    return sum(p.att * p.strength for p in model.parts) / 12
