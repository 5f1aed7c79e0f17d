"""The plans of asoiaf actions (issue 24): what a checked Attack, Charge, Maneuver, Retreat or
answer will do, and the exact odds of its dice, from the steps the resolution runs.

- An Attack's plan (:func:`attack_plan`) holds its :class:`AttackDetail`: the attack used, the
  tray it attacks from, the defender's arcs it stands in and the one modifier record
  (AS-RES-1/2/4, AS-PNC-1, AS-BON-1..3) that the resolver reads; its outcomes are the hits,
  the wounds of unblocked hits, the failed Panic Test, all wounds and the models removed
  (:mod:`.odds`, the resolver's step functions).
- A Charge's plan holds the charge geometry (:class:`~.charge.ChargePlan`); its outcomes are
  the chance of contact (AS-CHG-3) and the attack that contact leads to (AS-CHG-8/11/14).
- A Maneuver's plan places the tray where it ends (AS-CORE-3); a Retreat's gives the D6 +
  Speed it may move (AS-CORE-4) and the enemies it leaves.
- An answer to a decision with dice after it (a Charge Bonus re-roll, the arc of a 50/50 tie,
  the attack a charger uses, the arc a charge contacts) carries the odds of what follows (the
  ``*_answer_odds`` functions, which the procedures' ``answer_odds`` return).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.pending import Refusal
from game.core.plan import Modifier, Outcomes, Placement, Plan, Quantity, distribution
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.tray import Tray
from game.rulesets.asoiaf import attacks, geo, moves
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.actions import Attack, Charge, Maneuver, Retreat
from game.rulesets.asoiaf.modifiers import (
    ARC_BONUS,
    AttackModifiers,
    attack_modifiers,
    models_lost,
    succeeds,
)
from game.rulesets.asoiaf.odds import (
    AttackOdds,
    attack_odds,
    charge_attack_odds,
    charge_probability,
    defense_reroll_odds,
    reroll_odds,
)
from game.rulesets.asoiaf.units import AsoiafUnit

ATTACK_RULES = ("AS-ATK-1", "AS-RES-1", "AS-RES-2", "AS-RES-4", "AS-RES-6", "AS-PNC-1")
"""The rules an attack's plan applies (its modifiers add the bonuses')."""


@dataclass(frozen=True)
class AttackDetail:
    """An Attack's typed basis: what its checks found (:class:`~.attacks.AttackBasis`), the
    defender's arcs the attacker stands in from there (two on a 50/50 tie, the attacker's
    choice, AS-BON-2/3) and the modifier record of the best of them."""

    basis: attacks.AttackBasis
    arcs: tuple[Arc, ...]
    mods: AttackModifiers


def best_arc(arcs: tuple[Arc, ...]) -> Arc:
    """Of tied arcs, the one the attacker would pick: the greatest Flank/Rear Bonus
    (AS-BON-2/3: a tie is the attacker's choice; AS-CHG-4 for a charger)."""
    return max(arcs, key=lambda a: (ARC_BONUS[a] or (0, ""))[0])


def pose(tray: Tray) -> tuple[float, float, float]:
    """A tray as a plan's pose."""
    return (tray.x, tray.y, tray.facing)


# --- attack ------------------------------------------------------------------------------------


def attack_plan(state: GameState, unit: AsoiafUnit, action: Attack,
                world: geo.RulesWorld | None) -> Plan[Attack, AttackDetail] | Refusal:
    """An Attack's plan once ``unit`` may act (the checks of :func:`attacks.attack_basis`,
    their geometry run once), or why not."""
    basis = attacks.attack_basis(state, unit, action, world)
    if isinstance(basis, Refusal):
        return basis
    target = _unit(state, action.target)
    arcs = geo.arc_of(geo.tray_of(target), basis.tray)
    mods = attack_modifiers(unit, target, basis.weapon, best_arc(arcs))
    detail = AttackDetail(basis, arcs, mods)
    rules: tuple[str, ...] = ("AS-RNG-4",) if basis.ranged else ("AS-MEL-5",)
    if basis.placement is not None:
        rules += ("AS-MEL-3", "AS-MEL-4")
    if action.dx or action.dy:
        rules += ("AS-RNG-3",)
    return Plan(action, detail, (*ATTACK_RULES, *rules), path=_path(geo.tray_of(unit),
                                                                    basis.tray),
                targets=(target.id,), alignment="/".join(a.value for a in arcs),
                modifiers=modifiers_of(mods),
                placements=(Placement(unit.id, pose=pose(basis.tray)),),
                odds=lambda: attack_outcomes(attack_odds(mods), mods))


def _path(start: Tray, end: Tray) -> tuple[tuple[float, float], ...]:
    """The centres a tray passes from ``start`` to ``end`` (none when it stays)."""
    return () if start == end else ((start.x, start.y), (end.x, end.y))


def modifiers_of(mods: AttackModifiers) -> tuple[Modifier, ...]:
    """The modifier record as a plan's modifiers, each with its rule IDs."""
    bonus = tuple(Modifier("Flank Bonus" if r == "AS-BON-2" else "Rear Bonus", f"+{d}", (r,))
                  for d, r in mods.defense.parts)
    charge = (Modifier("Charge Bonus: re-roll attack dice", "re-roll", ("AS-BON-1",)),
              ) if mods.charge_bonus else ()
    resave = (Modifier(f"{mods.defense_reroll}: the defender re-rolls defense dice",
                       "re-roll", ("AS-RES-5", "AS-CARD-1")),) if mods.defense_reroll else ()
    return (Modifier(f"Attack dice ({mods.weapon_name})", mods.dice.value, ("AS-RES-1",)),
            Modifier("To hit", f"{mods.to_hit.value}+", ("AS-RES-2",)),
            Modifier("Defense", f"{mods.defense.explain()}+",
                     ("AS-RES-4", *(r for _, r in mods.defense.parts))),
            Modifier("Panic Test", f"{mods.panic.explain()}+",
                     ("AS-PNC-1", *(r for _, r in mods.panic.parts))),
            *bonus, *charge, *resave)


def attack_outcomes(found: AttackOdds, mods: AttackModifiers, when: str = "") -> Outcomes:
    """An attack's exact outcomes (see :class:`~.odds.AttackOdds`) as a plan reports them;
    ``when`` says under which condition they hold (" if the charge makes contact")."""
    bonus = ("AS-BON-1",) if mods.charge_bonus else ()
    defense = (*(r for _, r in mods.defense.parts),
               *(("AS-RES-5",) if mods.defense_reroll else ()))
    panic = tuple(r for _, r in mods.panic.parts)
    return Outcomes((
        Quantity("hits", f"Hits{when}", distribution(found.hits),
                 ("AS-RES-1", "AS-RES-2", *bonus)),
        Quantity("wounds", f"Wounds from unblocked hits{when}", distribution(found.unblocked),
                 ("AS-RES-4", "AS-RES-6", *defense)),
        Quantity("panic", f"Panic Test failed{when}", distribution(found.panic),
                 ("AS-RES-7", "AS-PNC-1", *panic)),
        Quantity("total_wounds", f"Wounds with the Panic Test{when}",
                 distribution(found.wounds), ("AS-RES-6", "AS-PNC-1", *defense)),
        Quantity("models_lost", f"Models removed{when}", distribution(found.removed),
                 ("AS-RES-6",)),
    ))


# --- charge ------------------------------------------------------------------------------------


CONTACT_WHEN = " if the charge makes contact"


def charge_plan(unit: AsoiafUnit, target: AsoiafUnit, action: Charge, found: chg.ChargePlan,
                state: GameState) -> Plan[Charge, chg.ChargePlan]:
    """A checked charge's plan: the pivoted start it places, the arcs it contacts and the
    odds of contact and of the attack that follows (:func:`charge_outcomes`)."""
    start = found.start
    penalty = (Modifier("Rough ground on the path", f"-{found.penalty:g}\"", ("AS-CHG-15",)),
               ) if found.penalty else ()
    return Plan(action, found, ("AS-CHG-1", "AS-CHG-2", "AS-CHG-3", "AS-CHG-4"),
                path=_path(geo.tray_of(unit), start), targets=(target.id,),
                alignment="/".join(a.value for a in found.arcs), modifiers=penalty,
                placements=(Placement(unit.id, pose=pose(start)),),
                odds=lambda: charge_outcomes(state, unit, target, found))


def charge_outcomes(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                    found: chg.ChargePlan, arc: Arc | None = None) -> Outcomes:
    """``contact`` 1 when D6 + Speed reaches the distance contact needs (AS-CHG-3), then the
    attack that contact leads to (:func:`charge_odds`), each exact."""
    hit = charge_probability(attacker.stats.speed, found.needed)
    contact = Quantity("contact", "The charge makes contact", distribution({0: 1 - hit, 1: hit}),
                       ("AS-CHG-3",))
    if not attacker.stats.melee_attacks() or not hit:
        return Outcomes((contact,))
    odds = charge_odds(state, attacker, target, found, arc)
    mods = charge_mods(attacker, target, found, arc)
    return Outcomes((contact, *attack_outcomes(odds, mods, CONTACT_WHEN)))


def charge_mods(attacker: AsoiafUnit, target: AsoiafUnit, found: chg.ChargePlan,
                arc: Arc | None = None) -> AttackModifiers:
    """The modifier record of a charge's attack: the first Melee Attack with the Charge Bonus
    from ``arc`` (default: the best arc it may contact, AS-CHG-4)."""
    return attack_modifiers(attacker, target, attacker.stats.melee_attacks()[0],
                            arc or best_arc(found.arcs), True)


def charge_odds(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                found: chg.ChargePlan, arc: Arc | None = None) -> AttackOdds:
    """The attack of this charge if it succeeds, through the charge's own steps: a reaching 1
    is Disorderly (no Charge Bonus, AS-CHG-11); stakes on the path cost D3+1 wounds first
    (AS-CHG-14), taken off a copy of the charger by the procedure's own wound rule (AS-RES-6),
    so fewer ranks roll fewer dice (AS-RES-1). The arc is ``arc`` or the attacker's best
    (AS-CHG-4)."""
    weapon = attacker.stats.melee_attacks()[0]
    side = arc or best_arc(found.arcs)
    stakes = bool(geo.terrain_hit(state, geo.corridor(found.start, found.distance),
                                  ("stakes",)))

    def after(wounds: int, bonus: bool) -> AttackOdds | None:
        removed, damage = models_lost(attacker.models, attacker.damage, attacker.stats.wounds,
                                      wounds)
        if removed >= attacker.models:
            return None
        hurt = replace(attacker, models=attacker.models - removed, damage=damage)
        return attack_odds(attack_modifiers(hurt, target, weapon, side, bonus))

    return charge_attack_odds(attacker.stats.speed, found.needed, stakes, after)


# --- maneuver, retreat -------------------------------------------------------------------------


def maneuver_plan(unit: AsoiafUnit, action: Maneuver) -> Plan[Maneuver, Tray]:
    """A legal Maneuver's plan: pivot, straight ahead, pivot (AS-CORE-3), ending at its
    tray."""
    end = moves.maneuver_tray(unit, action.turn, action.distance, action.then)
    return Plan(action, end, ("AS-CORE-3",), path=_path(geo.tray_of(unit), end),
                placements=(Placement(unit.id, pose=pose(end)),))


def retreat_plan(unit: AsoiafUnit, action: Retreat, enemies: tuple[str, ...]
                 ) -> Plan[Retreat, tuple[str, ...]]:
    """A legal Retreat's plan (AS-CORE-4): it leaves ``enemies``; the unit stays until its
    D6 + Speed is rolled and the move chosen (its odds: how far it may go). No enemy attacks
    a retreating unit; those left unengaged may pivot for free, without dice."""
    speed = unit.stats.speed
    reach = Quantity("distance", "Retreat distance (D6 + Speed)",
                     distribution({face + speed: 1 for face in range(1, 7)}), ("AS-CORE-4",))
    return Plan(action, enemies, ("AS-CORE-4",), targets=enemies,
                placements=(Placement(unit.id, pose=pose(geo.tray_of(unit))),),
                odds=lambda: Outcomes((reach,)))


# --- answers ---------------------------------------------------------------------------------
# What follows an answer with dice after it (issue 29), for the procedures' ``answer_odds``.

Odds = Callable[[], Outcomes]


def _unit(state: GameState, unit_id: str) -> AsoiafUnit:
    unit = state.units[unit_id]
    assert isinstance(unit, AsoiafUnit)
    return unit


def reroll_answer_odds(mods: AttackModifiers, dice: tuple[int, ...], picks: tuple[int, ...]
                       ) -> Odds:
    """AS-BON-1: re-rolling the dice at 1-based positions ``picks`` of ``dice``: the kept
    dice's hits plus the re-rolled dice's, each rolled once, and what they lead to."""
    kept = sum(succeeds(d, mods.to_hit.value) for i, d in enumerate(dice) if i + 1 not in picks)
    return lambda: attack_outcomes(reroll_odds(kept, len(picks), mods), mods)


def defense_reroll_answer_odds(mods: AttackModifiers, dice: tuple[int, ...],
                               picks: tuple[int, ...]) -> Odds:
    """AS-RES-5: the defender re-rolling the defense dice at 1-based positions ``picks`` of
    ``dice``: the kept dice's unblocked hits plus the re-rolled dice's, each rolled once."""
    unblocked = sum(not succeeds(d, mods.defense.value) for i, d in enumerate(dice)
                    if i + 1 not in picks)
    return lambda: attack_outcomes(defense_reroll_odds(len(dice), unblocked, len(picks), mods),
                                   mods)


def arc_answer_odds(state: GameState, mods: AttackModifiers, arc: Arc) -> Odds:
    """AS-BON-2/3: the attack from the arc picked (its Defense and Panic bonus)."""
    picked = attack_modifiers(_unit(state, mods.attacker), _unit(state, mods.defender),
                              mods.weapon, arc, mods.charge_bonus)
    return lambda: attack_outcomes(attack_odds(picked), picked)


def weapon_answer_odds(state: GameState, attacker: str, target: str, weapon: int,
                       bonus: bool) -> Odds | None:
    """AS-CHG-8: the charger's attack with the weapon picked, from the arc it stands in
    (its best when split, AS-BON-2/3); None for a weapon it cannot use."""
    unit, enemy = _unit(state, attacker), _unit(state, target)
    if weapon not in unit.stats.melee_attacks():
        return None
    arc = best_arc(geo.arc_of(geo.tray_of(enemy), geo.tray_of(unit)))
    mods = attack_modifiers(unit, enemy, weapon, arc, bonus)
    return lambda: attack_outcomes(attack_odds(mods), mods)


def contact_answer_odds(state: GameState, attacker: str, target: str, found: chg.ChargePlan,
                        arc: Arc) -> Odds:
    """AS-CHG-4: the charge contacting the arc picked: its contact chance and its attack."""
    unit, enemy = _unit(state, attacker), _unit(state, target)
    return lambda: charge_outcomes(state, unit, enemy, found, arc)


def arc_named(value: str | None) -> Arc | None:
    """The arc an answer names, if it names one."""
    try:
        return Arc(value)
    except ValueError:
        return None
