"""Tactical Formations (HX-MEL-20) and the effects of the melee windows (HX-MEL-10/40/80).

The seed names the windows and the Tactical Formation step but gives no formations or
effects; these are the game's own, data-driven by the profiles' ``formations`` and
``abilities`` lists and by the ``stakes`` hex keyword:

- HX-TF-1 *shield-wall* (defender): with a friendly unit on a neighbouring hex, pay 1 Morale
  Token for +1 defence die in this Attack Test.
- HX-TF-2 *spear-hedge* (defender): with the attacker in its front arc, pay 1 Morale Token and
  the attacker suffers 1 Wound at once (it may be destroyed: the defender wins, HX-MEL-70).
- HX-TF-3 *wedge* (attacker): with a friendly unit on a neighbouring hex, pay 1 Morale Token
  for +1 attack die in this Attack Test.
- HX-EFF-1 *stakes* (beginning of the action): attacking a unit that stands on a hex with the
  ``stakes`` keyword costs the attacker 1 Wound.
- HX-EFF-2 *death-throes* (after Wounds, before the winner): a unit with it that was destroyed
  in the Attack Test deals 1 Wound to its opponent.
- HX-EFF-3 *veteran* (end of the action): a unit with it that won and survived regains
  1 Morale Token (up to its maximum).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.state import GameState
from game.rulesets.godsgloom.board import engagement_zone, gods_units, hex_board
from game.rulesets.godsgloom.units import GodsUnit

Side = Literal["attacker", "defender"]


@dataclass(frozen=True)
class Formation:
    """A Tactical Formation: who may use it, its condition, its cost and what it does."""

    name: str
    side: Side
    needs: Literal["friend-adjacent", "enemy-in-front"]
    rule: str
    cost: int = 1
    attack_dice: int = 0
    defence_dice: int = 0
    wounds_enemy: int = 0


FORMATIONS: dict[str, Formation] = {
    f.name: f
    for f in (
        Formation("shield-wall", "defender", "friend-adjacent", "HX-TF-1", defence_dice=1),
        Formation("spear-hedge", "defender", "enemy-in-front", "HX-TF-2", wounds_enemy=1),
        Formation("wedge", "attacker", "friend-adjacent", "HX-TF-3", attack_dice=1),
    )
}
"""Every formation the game knows, by name."""

ABILITIES: tuple[str, ...] = ("death-throes", "veteran")
"""Every ability a profile may list (HX-EFF-2, HX-EFF-3)."""


def has_adjacent_friend(state: GameState, unit: GodsUnit) -> bool:
    """Whether a unit of the same player stands on a neighbouring hex."""
    assert unit.hex is not None
    around = set(unit.hex.neighbors())
    return any(o.hex in around for o in gods_units(state, unit.owner) if o.id != unit.id)


def formation_allowed(state: GameState, formation: Formation, unit: GodsUnit,
                      enemy: GodsUnit) -> bool:
    """Whether ``unit`` may use ``formation`` against ``enemy`` now (HX-MEL-20)."""
    if formation.name not in unit.formations or unit.tokens < formation.cost:
        return False
    if formation.needs == "friend-adjacent":
        return has_adjacent_friend(state, unit)
    return enemy.hex in engagement_zone(unit)


def usable_formations(state: GameState, side: Side, unit: GodsUnit,
                      enemy: GodsUnit) -> list[Formation]:
    """The formations ``unit`` may declare on its side of the melee."""
    return [f for f in FORMATIONS.values()
            if f.side == side and formation_allowed(state, f, unit, enemy)]


def stakes_wounds(state: GameState, defender: GodsUnit) -> int:
    """Wounds the attacker suffers at the beginning of the action (HX-EFF-1)."""
    assert defender.hex is not None
    return 1 if hex_board(state).cells[defender.hex].has("stakes") else 0


def death_throes_wounds(unit: GodsUnit, destroyed: bool) -> int:
    """Wounds ``unit`` deals its opponent after Wounds, before the winner (HX-EFF-2)."""
    return 1 if destroyed and "death-throes" in unit.abilities else 0


def veteran_tokens(unit: GodsUnit, won: bool) -> int:
    """Morale Tokens ``unit`` regains at the end of the action (HX-EFF-3)."""
    if won and not unit.destroyed and "veteran" in unit.abilities:
        return min(1, unit.max_tokens - unit.tokens)
    return 0
