"""The odds tooltip of the desktop table: ``melee_preview(state, attacker_id, target_id)``.

It answers with the same numbers the resolver will use: the pools of
:func:`~.attack_test.pool_of` (with their ``(delta, rule)`` modifiers), the Attack Test named in
the game's options, the stakes wound at the beginning of the action (HX-EFF-1) and the exact
odds of :mod:`.odds`. Tactical Formations are optional choices made later (HX-MEL-20) and are
not counted; ``notes`` says so when one could be used.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from game.core.pending import Refusal
from game.core.state import GameState
from game.rulesets.godsgloom.activation import current_activation
from game.rulesets.godsgloom.attack_test import Pool, attack_test_of, pool_of
from game.rulesets.godsgloom.effects import Side, stakes_wounds, usable_formations
from game.rulesets.godsgloom.odds import melee_odds
from game.rulesets.godsgloom.ruleset import melee_refusal
from game.rulesets.godsgloom.units import GodsUnit


@dataclass(frozen=True)
class MeleePreview:
    """What a Melee Attack of ``attacker`` on ``target`` would look like.

    ``wounds_to_defender`` / ``wounds_to_attacker`` map Wounds to probabilities;
    ``win_probability`` is the attacker's chance to win the melee.
    """

    valid: bool
    refusal: Refusal | None = None
    attacker_pool: Pool | None = None
    defender_pool: Pool | None = None
    wounds_to_defender: dict[int, float] = field(default_factory=dict)
    wounds_to_attacker: dict[int, float] = field(default_factory=dict)
    win_probability: float = 0.0
    defender_win_probability: float = 0.0
    no_winner_probability: float = 0.0
    notes: tuple[str, ...] = ()


def melee_preview(state: GameState, attacker_id: str, target_id: str) -> MeleePreview:
    """The preview of a Melee Attack (invalid with its refusal when it cannot be made)."""
    attacker = state.units.get(attacker_id)
    if not isinstance(attacker, GodsUnit) or not attacker.on_board:
        return MeleePreview(False, Refusal(f"there is no unit {attacker_id!r} in play",
                                           ("HX-MEL-10",)))
    refusal = melee_refusal(state, attacker, target_id)
    act = current_activation(state)
    if refusal is None and act is not None and act.unit == attacker_id and (
            act.started_engaged and act.moved):
        refusal = Refusal(f"{attacker.name} started engaged and moved", ("HX-MOV-5",))
    if refusal is not None:
        return MeleePreview(False, refusal)
    defender = state.units[target_id]
    assert isinstance(defender, GodsUnit)
    return _odds_preview(state, attacker, defender)


def _odds_preview(state: GameState, attacker: GodsUnit, defender: GodsUnit) -> MeleePreview:
    notes: list[str] = []
    stakes = stakes_wounds(state, defender)
    if stakes:  # HX-EFF-1 happens before the Attack Test
        notes.append(f"{attacker.name} suffers {stakes} Wound on the stakes first (HX-EFF-1).")
        left = attacker.health - stakes
        if left <= 0:
            return MeleePreview(True, None, None, None, {}, {}, 0.0, 1.0, 0.0, tuple(notes))
        attacker = dataclasses.replace(attacker, health=left, weak=attacker.weak or left == 1)
    sides: tuple[tuple[Side, GodsUnit, GodsUnit], ...] = (
        ("attacker", attacker, defender), ("defender", defender, attacker))
    for side, unit, enemy in sides:
        names = [f.name for f in usable_formations(state, side, unit, enemy)]
        if names:
            notes.append(f"{unit.name} may still use {', '.join(names)} (not counted).")
    pool_a, pool_d = pool_of(attacker, ()), pool_of(defender, ())
    odds = melee_odds(attack_test_of(state), attacker, pool_a, defender, pool_d)
    return MeleePreview(
        True, None, pool_a, pool_d,
        {k: float(v) for k, v in odds.wounds_to_defender.items()},
        {k: float(v) for k, v in odds.wounds_to_attacker.items()},
        float(odds.attacker_wins), float(odds.defender_wins), float(odds.no_winner),
        tuple(notes),
    )
