"""What the desktop table shows before a player commits: charge and attack previews.

Both read the same rules functions and the same modifier record as the resolver, so a preview
can never promise what the game then refuses. Nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import Polygon

from game.core.pending import Refusal
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.ranges import range_band, range_to
from game.geometry.tray import Point
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo
from game.rulesets.asoiaf.modifiers import AttackModifiers, attack_modifiers
from game.rulesets.asoiaf.odds import AttackOdds, attack_odds, charge_probability
from game.rulesets.asoiaf.units import AsoiafUnit


@dataclass(frozen=True)
class ChargePreview:
    """A charge as it would be declared now (pivot 0 unless given)."""

    valid: bool
    refusal: Refusal | None
    arc: tuple[Arc, ...]
    distance_needed: float
    roll_needed: int | None
    probability: float
    corridor: Polygon | None
    witness: tuple[Point, Point] | None
    attack: AttackPreview | None = None


@dataclass(frozen=True)
class AttackPreview:
    """An attack (melee if engaged, ranged otherwise) as it would be declared now."""

    kind: str
    valid: bool
    refusal: Refusal | None
    range: float | None
    band: str | None
    modifiers: AttackModifiers | None
    expected_wounds: float = 0.0
    expected_removed: float = 0.0
    wounds: dict[int, float] = field(default_factory=dict)
    removed: dict[int, float] = field(default_factory=dict)


def _unit(state: GameState, unit_id: str) -> AsoiafUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, AsoiafUnit) and unit.on_board else None


def charge_preview(state: GameState, attacker_id: str, target_id: str,
                   pivot: float = 0.0, rough_penalty: float = chg.DEFAULT_PENALTY
                   ) -> ChargePreview:
    """Validity, arc, distance, roll needed, chance and corridor of a charge (AS-CHG-1..6)."""
    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return ChargePreview(False, Refusal("no such unit in play", ("AS-CHG-1",)), (), 0.0,
                             None, 0.0, None, None)
    plan = chg.plan_charge(state, attacker, target, pivot, rough_penalty)
    if isinstance(plan, Refusal):
        arcs = geo.arc_of(geo.tray_of(target), geo.tray_of(attacker))
        return ChargePreview(False, plan, arcs, 0.0, None, 0.0, None, None)
    speed = attacker.stats.speed
    chance = float(charge_probability(speed, plan.needed))
    bonus = attack_modifiers(attacker, target, attacker.stats.melee_attacks()[0],
                             plan.arcs[0], True)
    return ChargePreview(True, None, plan.arcs, plan.needed, plan.roll_needed(speed), chance,
                         geo.corridor(plan.start, plan.distance), plan.witness,
                         _odds_preview("melee", None, None, bonus))


def attack_preview(state: GameState, attacker_id: str, target_id: str) -> AttackPreview:
    """Kind, validity, range, band, modifiers and expected losses of an attack."""
    from game.rulesets.asoiaf.actions import Attack
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return AttackPreview("melee", False, Refusal("no such unit in play", ("AS-ATK-1",)),
                             None, None, None)
    engaged = bool(geo.engaged_enemies(state, attacker))
    kind = "melee" if engaged else "ranged"
    distance = range_to(geo.tray_of(attacker), geo.tray_of(target).polygon)
    band = range_band(geo.tray_of(attacker), geo.tray_of(target).polygon)
    probe = AsoiafRuleset()
    refusal = _attack_refusal(probe, state, attacker, target, Attack(attacker.id, target.id))
    weapons = attacker.stats.melee_attacks() if engaged else attacker.stats.ranged_attacks()
    if not weapons:
        return AttackPreview(kind, False, refusal, distance, band, None)
    arc = geo.arc_of(geo.tray_of(target), geo.tray_of(attacker))[0]
    mods = attack_modifiers(attacker, target, weapons[0], arc)
    if refusal is not None:
        return AttackPreview(kind, False, refusal, distance, band, mods)
    return _odds_preview(kind, distance, band, mods)


def _attack_refusal(probe: object, state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                    action: object) -> Refusal | None:
    """The ruleset's own check, ignoring whose turn it is (a preview may look ahead)."""
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

    assert isinstance(probe, AsoiafRuleset)
    from game.rulesets.asoiaf import attacks

    weapon = attacks.weapon_for(state, attacker, -1)
    if isinstance(weapon, Refusal):
        return weapon
    if attacker.stats.attacks[weapon].ranged:
        return attacks.ranged_refusal(state, attacker, target, weapon, geo.tray_of(attacker))
    if target.id not in geo.engaged_enemies(state, attacker):
        return Refusal(f"{attacker.name} is not engaged with {target.name}", ("AS-MEL-5",))
    return None


def _odds_preview(kind: str, distance: float | None, band: str | None,
                  mods: AttackModifiers) -> AttackPreview:
    odds: AttackOdds = attack_odds(mods)
    return AttackPreview(kind, True, None, distance, band, mods, odds.expected_wounds,
                         odds.expected_removed, {k: float(v) for k, v in odds.wounds.items()},
                         {k: float(v) for k, v in odds.removed.items()})
