"""The one modifier record: what an attack rolls and needs, with the rules behind each number.

:func:`attack_modifiers` computes, once, the attack dice (AS-RES-1), the effective To-Hit
(AS-RES-2), the defender's effective Defense (AS-RES-4, AS-BON-2/3) and Panic Test target
(AS-PNC-1, AS-BON-2/3). The resolver, :mod:`odds` and :mod:`preview` all read this record, so
the tooltip, the explanation and the roll can never disagree.

Every number is a *target on the dice* (roll this or more); each ``(delta, rule)`` part raises
(positive) or lowers it. "-1 to Defense saves" is therefore a +1 on the Defense target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.actions import JSON
from game.core.state import OMIT_IF_DEFAULT
from game.geometry.arcs import Arc
from game.rulesets.asoiaf.units import AsoiafUnit


@dataclass(frozen=True)
class Modified:
    """A base value and the ``(delta, rule ID)`` parts that change it."""

    base: int
    parts: tuple[tuple[int, str], ...] = ()

    @property
    def value(self) -> int:
        """The effective value."""
        return self.base + sum(d for d, _ in self.parts)

    def explain(self) -> str:
        """``4 +1 [AS-BON-2] = 5``."""
        if not self.parts:
            return str(self.base)
        bits = " ".join(f"{d:+d} [{r}]" for d, r in self.parts)
        return f"{self.base} {bits} = {self.value}"

    def to_json(self) -> dict[str, JSON]:
        """JSON-ready form."""
        return {"base": self.base, "value": self.value,
                "parts": [[d, r] for d, r in self.parts]}


@dataclass(frozen=True)
class AttackModifiers:
    """Everything an attack needs to be resolved or previewed."""

    attacker: str
    defender: str
    weapon: int
    weapon_name: str
    ranged: bool
    arc: Arc
    dice: Modified
    to_hit: Modified
    defense: Modified
    panic: Modified
    charge_bonus: bool
    wounds_per_model: int
    defender_models: int
    defender_damage: int
    defense_reroll: str = field(default="", metadata=OMIT_IF_DEFAULT)
    """The defender's card ability that lets it re-roll its Defense Dice (AS-RES-5), or ""."""

    def to_json(self) -> dict[str, JSON]:
        """JSON-ready form (for the UI and the event log)."""
        return {
            "attacker": self.attacker, "defender": self.defender, "weapon": self.weapon_name,
            "ranged": self.ranged, "arc": self.arc.value, "dice": self.dice.to_json(),
            "to_hit": self.to_hit.to_json(), "defense": self.defense.to_json(),
            "panic": self.panic.to_json(), "charge_bonus": self.charge_bonus,
        }


ARC_BONUS: dict[Arc, tuple[int, str] | None] = {
    Arc.FRONT: None,
    Arc.LEFT: (1, "AS-BON-2"),
    Arc.RIGHT: (1, "AS-BON-2"),
    Arc.REAR: (2, "AS-BON-3"),
}
"""Flank and Rear Bonus: how much harder the defender's saves and Panic Test get."""


def attack_modifiers(attacker: AsoiafUnit, defender: AsoiafUnit, weapon: int, arc: Arc,
                     charge_bonus: bool = False) -> AttackModifiers:
    """The modifier record of ``attacker``'s attack ``weapon`` on ``defender`` from ``arc``
    (the defender's arc the attacker stands in)."""
    attack = attacker.stats.attacks[weapon]
    dice = Modified(attack.dice_for(attacker.ranks_lost), ())  # AS-RES-1
    to_hit = Modified(attack.hit, ())  # AS-RES-2
    bonus = ARC_BONUS[arc]
    extra = (bonus,) if bonus else ()
    defense = Modified(defender.stats.defense, extra)  # AS-RES-4, AS-BON-2/3
    panic = Modified(defender.stats.morale, extra)  # AS-PNC-1, AS-BON-2/3
    return AttackModifiers(
        attacker=attacker.id, defender=defender.id, weapon=weapon, weapon_name=attack.name,
        ranged=attack.ranged, arc=arc, dice=dice, to_hit=to_hit, defense=defense, panic=panic,
        charge_bonus=charge_bonus, wounds_per_model=defender.stats.wounds,
        defender_models=defender.models, defender_damage=defender.damage,
        defense_reroll=defender.defense_reroll,  # AS-RES-5
    )


def succeeds(face: int, target: int) -> bool:
    """A die against a target: a natural 6 always succeeds, a natural 1 always fails
    (AS-RES-2, AS-RES-4), otherwise face >= target."""
    if face == 6:
        return True
    if face == 1:
        return False
    return face >= target


def panic_shortfall(total: int, target: int) -> int:
    """By how much a Panic Test total misses its target (0 = passed) (AS-PNC-1)."""
    return max(0, target - total)


def models_lost(models: int, damage: int, wounds_per_model: int, wounds: int) -> tuple[int, int]:
    """Models removed and damage left on the wounded model after ``wounds`` (AS-RES-6)."""
    total = damage + wounds
    removed = min(models, total // wounds_per_model)
    left_damage = 0 if removed >= models else total - removed * wounds_per_model
    return removed, left_damage
