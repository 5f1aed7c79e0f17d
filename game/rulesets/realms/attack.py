"""The attack's modifier record and its resolution, shared by the resolver and the odds.

:func:`plan_attack` turns an attacker, a target, the attack used and the moment (day or
night, adjacency, heights, fortify) into an :class:`AttackPlan`: the dice to roll after night
precision (RL-DMG-1, RL-NGT-1), the armor that applies (RL-ARM-1), the defense die and its
pre-rolled modifiers (RL-PRE-1, RL-HGT-1, RL-FRT-1), whether a counterattack can reach the
attacker (RL-DEF-2) and how much night takes off it (RL-NGT-2). :func:`resolve` applies the
plan to rolled numbers (RL-DEF-1, RL-DEF-3). The exact odds (:mod:`.odds`) use the same two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rulesets.realms.units import UNARMED, RealmsUnit, Weapon

PHYSICAL = ("slash", "pierce", "blunt", "siege")
"""Attack types Martial armor blocks unless the scenario's ``physical_types`` says otherwise."""
HARD_TARGETS = ("building", "war_machine")
"""Abilities of targets only siege attackers, beasts, war machines and deities hurt (RL-CAP-1)."""
HARD_HITTERS = ("siege", "beast", "war_machine", "deity")
"""Attacker abilities that may hurt buildings and war machines (RL-CAP-1)."""


@dataclass(frozen=True)
class Modifier:
    """One line of the record: what changed, by how much, and the rule that says so."""

    text: str
    value: int
    rule: str


@dataclass(frozen=True)
class AttackPlan:
    """Everything the dice meet (see the module docstring); plain data, kept in the attack's
    procedure so the resolution and the odds read the very same numbers."""

    dice: tuple[int, ...]
    attack_type: str
    armor: int
    defense_die: int
    defense_mod: int
    counter: bool
    counter_cut: int
    modifiers: tuple[Modifier, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> AttackPlan:
        return self  # immutable: undo snapshots share it

    def rules(self) -> tuple[str, ...]:
        """The rule IDs of the modifiers, in order, without repeats."""
        return tuple(dict.fromkeys(m.rule for m in self.modifiers))


@dataclass(frozen=True)
class Result:
    """What an attack did: wounds to the target, counter wounds to the attacker, and how."""

    total: int
    after_armor: int
    blocked: bool
    defense: int
    damage: int
    counter: int


def night_dice(dice: Sequence[int], precision: int) -> tuple[int, ...]:
    """RL-NGT-1: lower the dice by ``precision`` before rolling, the largest die first; a die
    lowered to nothing is dropped and the rest comes off the next largest. The result keeps
    the dice in size order, largest first (empty: the attack cannot be made)."""
    left = precision
    out = sorted(dice, reverse=True)
    for i, size in enumerate(out):
        if left <= 0:
            break
        cut = min(size, left)
        out[i] = size - cut
        left -= cut
    return tuple(sorted((d for d in out if d > 0), reverse=True))


def applicable_armor(target: RealmsUnit, attack_type: str, physical: Sequence[str],
                     stacking: str) -> int:
    """RL-ARM-1: the target's armor against ``attack_type``: armor of that type, Siege and
    Universal armor (they block every type) and Martial armor against physical types; several
    pieces give the largest (``stacking = "max"``) or their sum (``"sum"``)."""
    found = [amount for kind, amount in target.armor
             if kind in (attack_type, "siege", "universal")
             or (kind == "martial" and attack_type in physical)]
    if not found:
        return 0
    return sum(found) if stacking == "sum" else max(found)


def capability_refusal(att: RealmsUnit, tgt: RealmsUnit, attack_type: str) -> str | None:
    """RL-CAP-1: why ``att`` cannot hurt ``tgt`` with an attack of ``attack_type`` (None if it
    can): buildings and war machines need a siege attack, a beast, a war machine or a deity;
    a target immune to one of the attacker's abilities or to the attack type is safe."""
    if any(tgt.has(a) for a in HARD_TARGETS) and attack_type != "siege" and not any(
            att.has(a) for a in HARD_HITTERS):
        return f"{tgt.name} can only be hurt by siege attacks, beasts, war machines or deities"
    for name in tgt.immune:
        if name == attack_type or att.has(name):
            return f"{tgt.name} is immune to {name.replace('_', ' ')}"
    return None


def attack_dice(att: RealmsUnit, hand: str,
                special: Weapon | None) -> tuple[Weapon, tuple[int, ...]]:
    """RL-DMG-1 / RL-DW-1 / RL-DW-2 / RL-SPC-1: the attack used and its dice before night.

    ``hand`` is ``main`` or ``off`` (that hand's weapon die + the base die), ``both`` (two
    weapons of one attack type: base + both dice), ``unarmed`` (base die only) or ``special``
    / ``spell`` (the ``special`` record's own dice)."""
    base = (att.base_die,) if att.base_die else ()
    if special is not None:
        return special, special.dice
    if hand == "unarmed":
        return UNARMED, base
    if hand == "both":
        main, off = att.weapon(att.main), att.weapon(att.off)
        if main is None or off is None:
            return UNARMED, ()  # no such attack: no dice
        return main, (*base, *main.dice, *off.dice)
    weapon = att.weapon(att.main if hand == "main" else att.off)
    if weapon is None:
        return UNARMED, ()
    return weapon, (*weapon.dice, *base)


def resolve(plan: AttackPlan, rolls: Sequence[int], defense_roll: int) -> Result:
    """Apply a plan to the rolled numbers (``defense_roll`` 0 when there is no defense die).

    RL-DMG-1 total; RL-ARM-1 armor; RL-PRE-1 the pre-rolled modifiers on the defense roll
    (never below 0); RL-DEF-1 defense off the rest, a negative remainder is a counterattack;
    RL-DEF-3 after armor stopped everything, the whole defense roll is counter wounds;
    RL-DEF-2 counters only when they can reach; RL-NGT-2 night lowers them."""
    total = sum(rolls)
    after = max(0, total - plan.armor)
    blocked = plan.armor > 0 and total <= plan.armor
    defense = max(0, defense_roll + plan.defense_mod) if plan.defense_die else 0
    if blocked:
        damage, counter = 0, defense
    else:
        net = after - defense
        damage, counter = max(0, net), max(0, -net)
    if not plan.counter:
        counter = 0
    counter = max(0, counter - plan.counter_cut)
    return Result(total, after, blocked, defense, damage, counter)


@dataclass(frozen=True)
class Situation:
    """What the board says about a pair at the moment of the attack."""

    night: bool
    adjacent: bool
    attacker_high: bool
    defender_high: bool
    spell: bool = False
    spell_perks: bool = False
    spell_night: bool = True
    physical: tuple[str, ...] = PHYSICAL
    stacking: str = "max"


def _no_defense_die(tgt: RealmsUnit, where: Situation, perks: bool) -> list[Modifier]:
    """The documented reading where it decides something: a defender without a defense die
    has no roll for a pre-rolled +1 or -1 to change (RL-PRE-1), so fortifying or height
    advantage does nothing for or against it."""
    what = [w for w, on in (("fortified", tgt.fortified),
                            ("defender's height advantage", where.defender_high),
                            ("attacker's height advantage", where.attacker_high and perks)) if on]
    if not what:
        return []
    return [Modifier(f"no defense die: {', '.join(what)} changes nothing (reading: a "
                     "pre-rolled bonus needs a defense roll)", 0, "RL-PRE-1")]


def plan_attack(att: RealmsUnit, tgt: RealmsUnit, weapon: Weapon, dice: Sequence[int],
                where: Situation) -> AttackPlan | str:
    """The modifier record of one attack, or why it cannot be made (night took every die)."""
    mods: list[Modifier] = [Modifier(f"{weapon.name}: " + " + ".join(f"d{d}" for d in dice),
                                     len(dice), "RL-DMG-1")]
    perks = not where.spell or where.spell_perks  # RL-SPC-1: spells skip perks
    rolled = tuple(sorted(dice, reverse=True))
    # RL-NGT-1: precision is a penalty, not a perk: it lowers spells too unless the scenario
    # takes the other reading (``spell_night = false``)
    if where.night and att.precision and (not where.spell or where.spell_night):
        rolled = night_dice(dice, att.precision)
        mods.append(Modifier(f"night: precision {att.precision} off the largest die -> "
                             + (" + ".join(f"d{d}" for d in rolled) or "nothing"),
                             -att.precision, "RL-NGT-1"))
        if not rolled:
            return f"{att.name} cannot attack at night: precision {att.precision} takes " \
                   "the whole attack"
    armor = applicable_armor(tgt, weapon.type, where.physical, where.stacking)
    if armor:
        mods.append(Modifier(f"armor against {weapon.type}: -{armor}", -armor, "RL-ARM-1"))
    mod = 0
    if where.spell and where.night and att.precision and not where.spell_night:
        mods.append(Modifier("night: this scenario does not lower spells (spell_night = "
                             "false)", 0, "RL-NGT-1"))
    if not tgt.defense_die:
        mods.extend(_no_defense_die(tgt, where, perks))
    if tgt.defense_die:
        mods.append(Modifier(f"defense die d{tgt.defense_die}", tgt.defense_die, "RL-DEF-1"))
        if where.attacker_high and perks:
            mod -= 1
            mods.append(Modifier("attacker has height advantage: -1 defense", -1, "RL-HGT-1"))
        if where.defender_high:
            mod += 1
            mods.append(Modifier("defender has height advantage: +1 defense", 1, "RL-HGT-1"))
        if tgt.fortified:
            mod += 1
            mods.append(Modifier("defender is fortified: +1 defense", 1, "RL-FRT-1"))
        if mod:
            mods.append(Modifier(f"defense roll {mod:+d} in all (never below 0)", mod,
                                 "RL-PRE-1"))
    counter = bool(tgt.defense_die) and (where.adjacent or (att.large and not att.has(
        "ranged_unit")))
    if tgt.defense_die:
        why = ("adjacent" if where.adjacent else "large attacker") if counter else \
            "not adjacent"
        mods.append(Modifier(f"counterattack {'possible' if counter else 'impossible'} "
                             f"({why})", int(counter), "RL-DEF-2"))
    cut = tgt.precision if where.night and counter else 0
    if cut:
        mods.append(Modifier(f"night: counter wounds -{cut} (defender's precision)", -cut,
                             "RL-NGT-2"))
    return AttackPlan(rolled, weapon.type, armor, tgt.defense_die, mod, counter, cut,
                      tuple(mods))
