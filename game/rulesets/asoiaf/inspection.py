"""What a unit sees of another and what it can reach, as typed inspection records
(:mod:`game.core.inspect`), computed by the ruleset instance: range and band (AS-RNG-5/6),
Line of Sight with its witness or its blockers (AS-CHG-1, AS-RNG-4), the charge corridor,
distance, roll needed and exact odds (AS-CHG-3/6, with this game's ``rough_penalty``), and the
attack's odds from the same modifier record the resolution uses (AS-RES-*, AS-BON-*).

Line of Sight for hover comes from the position's one geometry world
(:class:`~game.rulesets.asoiaf.rules_world.RulesWorld`), asked once per board position
and viewer, so moving the pointer over units costs a dictionary look-up."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import nearest_points

from game.core.inspect import Area, InfoLine, Inspection, OddsChart, Segment, Shape
from game.core.pending import Refusal
from game.core.present import shown_name
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.ranges import range_band, range_to
from game.geometry.sight import Sight
from game.geometry.sweep import first_contact
from game.geometry.tray import Point, Tray
from game.rulesets.asoiaf import attacks, geo
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.actions import Attack
from game.rulesets.asoiaf.modifiers import (
    ARC_BONUS,
    AttackModifiers,
    attack_modifiers,
    models_lost,
)
from game.rulesets.asoiaf.odds import (
    AttackOdds,
    attack_odds,
    charge_attack_odds,
    charge_probability,
)
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import turn_words

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

def sight_with_blockers(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit,
                        target: AsoiafUnit) -> tuple[Sight, list[Polygon]]:
    """Line of Sight from ``viewer`` to ``target`` and the blocking polygons, from the
    position's one geometry world (:meth:`RulesWorld.sight_row`: every target of the
    viewer in one batch, asked once per position)."""
    world = rules.worlds.of(state)
    seen = world.sight_row(viewer.id)[target.id]
    polygons = world.sight_obstacles.polygons
    return seen, [polygons[i] for i in seen.blockers if 0 <= i < len(polygons)]


def _ring(poly: Polygon) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _pct(p: Fraction | float) -> str:
    return f"{float(p) * 100:.1f}%"


def _unit(state: GameState, unit_id: str) -> AsoiafUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, AsoiafUnit) and unit.on_board else None


def inspect_pair(rules: AsoiafRuleset, state: GameState, viewer_id: str, target_id: str
                 ) -> Inspection | None:
    """What ``viewer_id`` sees of ``target_id`` (see the module docstring)."""
    viewer, target = _unit(state, viewer_id), _unit(state, target_id)
    if viewer is None or target is None or viewer is target:
        return None
    lines: list[InfoLine] = []
    shapes: list[Shape] = []
    odds: list[OddsChart] = []
    _range(viewer, target, lines, shapes)
    _sight(rules, state, viewer, target, lines, shapes)
    if target.owner != viewer.owner:
        _charge(rules, state, viewer, target, lines, shapes, odds)
        _attack(state, viewer, target, lines, odds, rules.worlds.of(state))
    title = f"{shown_name(state, viewer.id)} -> {shown_name(state, target.id)}"
    return Inspection(title, tuple(lines), tuple(shapes), tuple(odds))


def _range(viewer: AsoiafUnit, target: AsoiafUnit, lines: list[InfoLine],
           shapes: list[Shape]) -> None:
    """AS-RNG-5/6: range from the Front Arrow to the nearest point of the target."""
    tray, poly = geo.tray_of(viewer), geo.tray_of(target).polygon
    distance = range_to(tray, poly)
    band = range_band(tray, poly)
    near = nearest_points(ShapelyPoint(tray.front_arrow), poly)[1]
    words = f"{band} range" if band else "out of range"
    lines.append(InfoLine(f'Range {distance:.2f}" ({words})', ("AS-RNG-5", "AS-RNG-6"),
                          "good" if band else "info"))
    shapes.append(Segment(tray.front_arrow, (near.x, near.y), "range", f'{distance:.2f}"'))


def _sight(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
           lines: list[InfoLine], shapes: list[Shape]) -> None:
    """AS-CHG-1, AS-RNG-4: the witness line, or the lines tried and what blocks them."""
    seen, blockers = sight_with_blockers(rules, state, viewer, target)
    tray = geo.tray_of(viewer)
    if seen.visible:
        lines.append(InfoLine("Line of Sight: yes", ("AS-CHG-1", "AS-RNG-4"), "good"))
        if seen.witness is not None:
            a, b = seen.witness
            start = tray.front_arrow if a == b else (float(a[0]), float(a[1]))
            shapes.append(Segment(start, (float(b[0]), float(b[1])), "sight"))
        return
    if seen.reason == "out-of-arc":
        lines.append(InfoLine("Line of Sight: no (outside the Front Arc)",
                              ("AS-CHG-1", "AS-RNG-4"), "bad"))
    else:
        lines.append(InfoLine(f"Line of Sight: no ({len(blockers)} blocking)",
                              ("AS-CHG-1", "AS-RNG-4"), "bad"))
    centre = geo.tray_of(target).centre
    shapes.append(Segment(tray.front_arrow, centre, "blocked"))
    shapes.extend(Area(_ring(p), "blocker") for p in blockers)


def _charge(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
            lines: list[InfoLine], shapes: list[Shape], odds: list[OddsChart]) -> None:
    """AS-CHG-1..6: the charge as the ruleset's own check sees it (this game's options),
    asked as ``legal_actions`` asks it when the panel already did for the selected unit's
    Charge buttons (the position world holds those answers), else from the hover's own Line
    of Sight row (only the witness line may differ, and the hover draws the row's)."""
    world = rules.worlds.of(state)
    seen = None if chg.known_basis(world, viewer, target) else sight_with_blockers(
        rules, state, viewer, target)[0]
    plan = chg.plan_charge(state, viewer, target, 0.0, rules.rough_penalty,
                           blocked_fails=rules.blocked_fails, world=world, seen=seen, cull=True)
    pivot = ""
    if isinstance(plan, Refusal):
        turn = chg.facing_pivot(viewer, target)
        turned = chg.plan_charge(state, viewer, target, turn, rules.rough_penalty,
                                 blocked_fails=rules.blocked_fails, world=world, seen=seen,
                                 cull=True) if abs(turn) > 0.5 else plan
        if isinstance(turned, Refusal):  # the nearest legal pivot, as the Charge button has
            turn, turned = _searched_pivot(rules, state, viewer, target, world, seen, turned)
        shapes.extend(plan.marks)  # the blocker, named and outlined (AS-CHG-6)
        if isinstance(turned, Refusal):
            lines.append(InfoLine(f"Charge: not possible - {plan.reason}", plan.rules, "bad"))
            return
        lines.append(InfoLine(f"Straight ahead: {plan.reason}", plan.rules, "info"))
        plan, pivot = turned, f" after a pivot ({turn_words(round(turn))})"  # AS-CHG-5
    speed = viewer.stats.speed
    chance = charge_probability(speed, plan.needed)
    roll = plan.roll_needed(speed)
    rough = f" (incl. {plan.penalty:g}\" rough ground)" if plan.penalty else ""
    arcs = "/".join(a.value for a in plan.arcs)
    lines.append(InfoLine(f"Charge{pivot}: needs {plan.needed:.2f}\"{rough}, a {roll}+ on D6 + "
                          f"Speed {speed}: {_pct(chance)}; contacts the {arcs} arc",
                          ("AS-CHG-3", "AS-CHG-4", "AS-CHG-6", "AS-CHG-15"), "good"))
    shapes.append(Area(_ring(geo.corridor(plan.start, plan.distance)), "corridor",
                       f'{plan.needed:.2f}"'))
    odds.append(OddsChart("Charge roll", (("reaches", chance), ("fails", 1 - chance)),
                          ("AS-CHG-6",)))
    melee = viewer.stats.melee_attacks()
    if melee:
        mods = attack_modifiers(viewer, target, melee[0], best_arc(plan.arcs), True)
        _odds_lines("Charge attack", mods, lines, odds, charge_odds(state, viewer, target, plan))


def _searched_pivot(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit,
                    target: AsoiafUnit, world: geo.RulesWorld, seen: Sight | None,
                    refused: Refusal) -> tuple[float, chg.ChargePlan | Refusal]:
    """When neither no pivot nor pointing at the target works, the legal pivot nearest the
    latter that ``legal_actions`` offers (AS-CHG-5), so the hover never calls a charge
    impossible that the Charge button makes; ``refused`` when there is none."""
    basis = chg.charge_basis(state, viewer, target, True, world=world, seen=seen)
    if isinstance(basis, Refusal):
        return 0.0, refused
    pivot = chg.first_legal_pivot(state, viewer, target, basis, rules.rough_penalty, cull=True,
                                  blocked_fails=rules.blocked_fails, world=world)
    if pivot is None:
        return 0.0, refused
    return pivot, chg.plan_charge(state, viewer, target, pivot, rules.rough_penalty,
                                  blocked_fails=rules.blocked_fails, world=world, seen=seen,
                                  cull=True)


def charge_odds(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                plan: chg.ChargePlan) -> AttackOdds:
    """The attack of this charge if it succeeds, through the charge's own steps: a reaching 1
    is Disorderly (no Charge Bonus, AS-CHG-11); stakes on the path cost D3+1 wounds first
    (AS-CHG-14), taken off a copy of the charger by the procedure's own wound rule (AS-RES-6),
    so fewer ranks roll fewer dice (AS-RES-1). The arc is the attacker's best (AS-CHG-4)."""
    weapon = attacker.stats.melee_attacks()[0]
    arc = best_arc(plan.arcs)
    stakes = bool(geo.terrain_hit(state, geo.corridor(plan.start, plan.distance), ("stakes",)))

    def after(wounds: int, bonus: bool) -> AttackOdds | None:
        removed, damage = models_lost(attacker.models, attacker.damage, attacker.stats.wounds,
                                      wounds)
        if removed >= attacker.models:
            return None
        hurt = replace(attacker, models=attacker.models - removed, damage=damage)
        return attack_odds(attack_modifiers(hurt, target, weapon, arc, bonus))

    return charge_attack_odds(attacker.stats.speed, plan.needed, stakes, after)


def attack_mods(state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
                world: geo.RulesWorld | None = None) -> AttackModifiers | Refusal:
    """The modifier record of the attack ``viewer`` would make on ``target`` now (melee if
    engaged, ranged otherwise), or why it cannot: the checks of the ruleset, whoever's turn
    (``world``, the state's prepared geometry, answers the same faster)."""
    weapon = attacks.weapon_for(state, viewer, -1, world)
    if isinstance(weapon, Refusal):
        return weapon
    refusal = attacks.attack_refusal(state, viewer, Attack(viewer.id, target.id), world)
    if refusal is not None:
        return refusal
    arc = best_arc(geo.arc_of(geo.tray_of(target), geo.tray_of(viewer)))
    return attack_modifiers(viewer, target, weapon, arc)


def best_arc(arcs: tuple[Arc, ...]) -> Arc:
    """Of tied arcs, the one the attacker would pick: the greatest Flank/Rear Bonus
    (AS-BON-2/3: a tie is the attacker's choice; AS-CHG-4 for a charger)."""
    return max(arcs, key=lambda a: (ARC_BONUS[a] or (0, ""))[0])


def _attack(state: GameState, viewer: AsoiafUnit, target: AsoiafUnit, lines: list[InfoLine],
            odds: list[OddsChart], world: geo.RulesWorld) -> None:
    mods = attack_mods(state, viewer, target, world)
    if isinstance(mods, Refusal):
        lines.append(InfoLine(f"Attack: not possible - {mods.reason}", mods.rules, "bad"))
        return
    _odds_lines("Ranged attack" if mods.ranged else "Melee attack", mods, lines, odds)


def _odds_lines(title: str, mods: AttackModifiers, lines: list[InfoLine],
                odds: list[OddsChart], found: AttackOdds | None = None) -> AttackOdds:
    """The attack's numbers and exact odds from its one modifier record (or ``found``, the
    odds a charge's earlier steps lead to)."""
    found = attack_odds(mods) if found is None else found
    rules = ("AS-RES-1", "AS-RES-2", "AS-RES-4", *(r for _, r in mods.defense.parts),
             *(("AS-BON-1",) if mods.charge_bonus else ()))
    bonus = ", Charge Bonus" if mods.charge_bonus else ""
    lines.append(InfoLine(f"{title} ({mods.weapon_name}{bonus}): {mods.dice.value} dice hit on "
                          f"{mods.to_hit.value}+, defense {mods.defense.explain()}+, panic "
                          f"{mods.panic.explain()}+; expected {found.expected_wounds:.2f} "
                          f"wounds, {found.expected_removed:.2f} models", rules))
    bars = tuple((f"{k} wound{'s' if k != 1 else ''}", p) for k, p in sorted(found.wounds.items()))
    odds.append(OddsChart(f"{title}: wounds", bars, rules))
    return found


def inspect_unit(rules: AsoiafRuleset, state: GameState, unit_id: str) -> Inspection | None:
    """The selected unit's reach: the ground a full-Speed move straight ahead sweeps, and
    the greatest charge reach (AS-CORE-3, AS-CHG-3)."""
    unit = _unit(state, unit_id)
    if unit is None:
        return None
    tray = geo.tray_of(unit)
    speed = unit.stats.speed
    lines = [InfoLine(f'Speed {speed}": a Maneuver moves up to {speed}" straight ahead',
                      ("AS-CORE-3",)),
             InfoLine(f'Greatest charge distance {speed + chg.MAX_ROLL}" (Speed + 6); the '
                      "drawn reach is straight ahead, before any path is checked",
                      ("AS-CHG-3",))]
    ahead, wall = _clear_ahead(state, tray, float(speed + chg.MAX_ROLL))
    if wall is not None:
        lines.append(InfoLine(f'The {wall} stops a move straight ahead after {ahead:.1f}"',
                              ("AS-CORE-3",)))
    shapes: list[Shape] = [
        Area(_ring(geo.corridor(tray, ahead)), "reach",
             "charge reach straight ahead (paths not checked)"),
        Area(_ring(geo.corridor(tray, min(ahead, float(speed)))), "reach", "Speed"),
    ]
    if geo.engaged_enemies(state, unit, world=rules.worlds.of(state)):
        lines.append(InfoLine("Engaged: only Attack or Retreat", ("AS-CORE-6",), "bad"))
        shapes = []  # an engaged unit neither moves nor charges: no reach to draw
    return Inspection(unit.name, tuple(lines), tuple(shapes))


def _clear_ahead(state: GameState, tray: Tray, distance: float) -> tuple[float, str | None]:
    """How far the tray goes straight ahead (up to ``distance``) before impassable terrain,
    and that terrain's kind (None: nothing in the way), so the drawn reach never runs through
    a wall (AS-CORE-3: never through impassable ground). Units are left out: a charge ends
    on one."""
    walls = [t for t in state.terrain if t.has("impassable")]
    stop, hit = first_contact(tray, [t.polygon for t in walls], distance)
    return stop, (None if hit is None else walls[hit].kind)


# --- previews as records (tests, the CLI and the bench read the numbers directly) -------------


@dataclass(frozen=True)
class ChargePreview:
    """A charge as it would be declared now with ``pivot`` (AS-CHG-1..6), this game's options."""

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


def charge_preview(rules: AsoiafRuleset, state: GameState, attacker_id: str, target_id: str,
                   pivot: float = 0.0) -> ChargePreview:
    """Validity, arc, distance, roll needed, chance and corridor of a charge: the ruleset's
    own plan with its own ``rough_penalty`` (AS-CHG-1..6, AS-CHG-15)."""
    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return ChargePreview(False, Refusal("no such unit in play", ("AS-CHG-1",)), (), 0.0,
                             None, 0.0, None, None)
    plan = chg.plan_charge(state, attacker, target, pivot, rules.rough_penalty,
                           blocked_fails=rules.blocked_fails, world=rules.worlds.of(state))
    if isinstance(plan, Refusal):
        arcs = geo.arc_of(geo.tray_of(target), geo.tray_of(attacker))
        return ChargePreview(False, plan, arcs, 0.0, None, 0.0, None, None)
    speed = attacker.stats.speed
    bonus = attack_modifiers(attacker, target, attacker.stats.melee_attacks()[0],
                             best_arc(plan.arcs), True)
    found = charge_odds(state, attacker, target, plan)
    attack = AttackPreview("melee", True, None, None, None, bonus, found.expected_wounds,
                           found.expected_removed)
    return ChargePreview(True, None, plan.arcs, plan.needed, plan.roll_needed(speed),
                         float(charge_probability(speed, plan.needed)),
                         geo.corridor(plan.start, plan.distance), plan.witness, attack)


def attack_preview(rules: AsoiafRuleset, state: GameState, attacker_id: str, target_id: str
                   ) -> AttackPreview:
    """Kind, validity, range, band, modifiers and expected losses of an attack now."""
    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return AttackPreview("melee", False, Refusal("no such unit in play", ("AS-ATK-1",)),
                             None, None, None)
    world = rules.worlds.of(state)
    kind = "melee" if geo.engaged_enemies(state, attacker, world=world) else "ranged"
    tray, poly = geo.tray_of(attacker), geo.tray_of(target).polygon
    distance, band = range_to(tray, poly), range_band(tray, poly)
    mods = attack_mods(state, attacker, target, world)
    if isinstance(mods, Refusal):
        return AttackPreview(kind, False, mods, distance, band, None)
    found = attack_odds(mods)
    return AttackPreview(kind, True, None, distance, band, mods, found.expected_wounds,
                         found.expected_removed)
