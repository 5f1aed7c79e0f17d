"""What a unit sees of another and what it can reach, as typed inspection records
(:mod:`game.core.inspect`), computed by the ruleset instance: range and band (AS-RNG-5/6),
Line of Sight with its witness or its blockers (AS-CHG-1, AS-RNG-4), the charge corridor,
distance, roll needed and exact odds (AS-CHG-3/6, with this game's ``rough_penalty``), and the
attack's odds from the same modifier record the resolution uses (AS-RES-*, AS-BON-*).

Line of Sight for hover comes from the position's one geometry world
(:class:`~game.rulesets.asoiaf.rules_world.RulesWorld`), asked once per board position
and viewer, so moving the pointer over units costs a dictionary look-up."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import nearest_points

from game.core.inspect import Area, InfoLine, Inspection, OddsChart, Segment, Shape
from game.core.pending import Refusal
from game.core.plan import Outcomes, Plan
from game.core.present import shown_name
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.ranges import range_band, range_to
from game.geometry.sight import Sight
from game.geometry.sweep import first_contact
from game.geometry.tray import Point, Tray
from game.rulesets.asoiaf import blockers as blk
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo, plans
from game.rulesets.asoiaf.actions import Attack, Charge
from game.rulesets.asoiaf.modifiers import (
    AttackModifiers,
)
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import turn_words

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

def sight_refusal(rules: AsoiafRuleset, state: GameState, refusal: Refusal | None,
                  viewer_id: str, target_id: str) -> Refusal | None:
    """``refusal`` with what blocks the Line of Sight named in its reason and outlined in its
    marks, when it is a refusal for sight (AS-CHG-1, AS-RNG-4) from where ``viewer_id``
    stands; any other answer as it is. The table shows it on hovering a unit that is no
    target, so the player sees which wall or unit is in the way."""
    if refusal is None or refusal.marks or not {"AS-CHG-1", "AS-RNG-4"} & set(refusal.rules):
        return refusal
    viewer, target = state.units.get(viewer_id), state.units.get(target_id)
    if not isinstance(viewer, AsoiafUnit) or not isinstance(target, AsoiafUnit) \
            or not rules.worlds.of(state).in_row(viewer_id, target_id):
        return refusal  # itself, or a unit out of play
    seen, blockers = sight_with_blockers(rules, state, viewer, target)
    if seen.visible or seen.reason != "blocked":
        return refusal
    named = blk.sight_blockers(state, blockers, _sight_index(rules, state))
    words = blk.sight_words(named)
    reason = refusal.reason.replace("(blocked)", f"({words})")
    if reason == refusal.reason:
        reason = f"{reason} ({words})"
    line = Segment(geo.tray_of(viewer).front_arrow, geo.tray_of(target).centre, "blocked")
    return Refusal(reason, refusal.rules, (line, *blk.sight_marks(named)))


def sight_with_blockers(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit,
                        target: AsoiafUnit) -> tuple[Sight, list[Polygon]]:
    """Line of Sight from ``viewer`` to ``target`` and the blocking polygons, from the
    position's one geometry world (:meth:`RulesWorld.row_sight`: the targets of the
    viewer in batches, nearest first, each pair worked out once per position)."""
    world = rules.worlds.of(state)
    seen = world.row_sight(viewer.id, target.id)
    polygons = world.sight_obstacles.polygons
    return seen, [polygons[i] for i in seen.blockers if 0 <= i < len(polygons)]


def _sight_index(rules: AsoiafRuleset, state: GameState) -> blk.ObstacleIndex:
    """The position's outlines that block sight, gathered once for every hover (a hover at
    200 trays named its blockers from 230 outlines each time)."""
    return rules.worlds.of(state).remember(
        ("obstacle-index", "blocks-sight"), lambda: blk.obstacle_index(state, "blocks-sight"))


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
        _attack(rules, state, viewer, target, lines, odds)
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
        named: list[blk.Blocker] = []
    else:
        named = blk.sight_blockers(state, blockers, _sight_index(rules, state))
        lines.append(InfoLine(f"Line of Sight: no ({blk.sight_words(named)})",
                              ("AS-CHG-1", "AS-RNG-4"), "bad"))
    centre = geo.tray_of(target).centre
    shapes.append(Segment(tray.front_arrow, centre, "blocked"))
    shapes.extend(blk.sight_marks(named))


def _charge(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
            lines: list[InfoLine], shapes: list[Shape], odds: list[OddsChart]) -> None:
    """AS-CHG-1..6: the charge as the ruleset's own plan sees it (this game's options; the
    plan ``legal_actions`` and the Charge buttons read, :meth:`AsoiafRuleset.unit_plan`):
    straight ahead, else after the pivot that faces the target, else the nearest legal pivot
    the Charge button offers; its contact chance and the attack's odds are the plan's."""
    plan = rules.unit_plan(state, Charge(viewer.id, target.id))
    pivot = ""
    if isinstance(plan, Refusal):
        named = sight_refusal(rules, state, plan, viewer.id, target.id) or plan
        refused = Refusal(named.reason, plan.rules, plan.marks)  # the sight shapes are drawn
        turn = 0.0
        turned_plan: Plan[Any, Any] | Refusal = refused
        if not _whatever_the_pivot(rules, state, viewer, target):
            turn = chg.facing_pivot(viewer, target)
            turned_plan = rules.unit_plan(state, Charge(viewer.id, target.id, turn)) if abs(
                turn) > 0.5 else refused
            if isinstance(turned_plan, Refusal):  # the nearest legal pivot, as the button has
                turn, turned_plan = _searched_pivot(rules, state, viewer, target, refused)
        shapes.extend(refused.marks)  # the blocker, named and outlined (AS-CHG-6)
        if isinstance(turned_plan, Refusal):
            lines.append(InfoLine(f"Charge: not possible - {refused.reason}", refused.rules,
                                  "bad"))
            return
        lines.append(InfoLine(f"Straight ahead: {refused.reason}", refused.rules, "info"))
        plan, pivot = turned_plan, f" after a pivot ({turn_words(round(turn))})"  # AS-CHG-5
    found: chg.ChargePlan = plan.detail
    outcomes = plan.outcomes
    contact = outcomes.get("contact")
    chance = contact.probability(1) if contact is not None else Fraction(0)
    speed = viewer.stats.speed
    rough = f" (incl. {found.penalty:g}\" rough ground)" if found.penalty else ""
    arcs = "/".join(a.value for a in found.arcs)
    lines.append(InfoLine(f"Charge{pivot}: needs {found.needed:.2f}\"{rough}, a "
                          f"{found.roll_needed(speed)}+ on D6 + Speed {speed}: {_pct(chance)}; "
                          f"contacts the {arcs} arc",
                          ("AS-CHG-3", "AS-CHG-4", "AS-CHG-6", "AS-CHG-15"), "good"))
    shapes.append(Area(_ring(geo.corridor(found.start, found.distance)), "corridor",
                       f'{found.needed:.2f}"'))
    odds.append(OddsChart("Charge roll", (("reaches", chance), ("fails", 1 - chance)),
                          ("AS-CHG-6",)))
    if viewer.stats.melee_attacks() and outcomes.get("total_wounds") is not None:
        _odds_lines("Charge attack", plans.charge_mods(viewer, target, found), outcomes, lines,
                    odds)


def _whatever_the_pivot(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit,
                        target: AsoiafUnit) -> bool:
    """Whether the charge is refused before any pivot matters (its basis, which the plan
    just worked out for the position: engaged, no melee attack, out of sight, beyond reach,
    no room; AS-CHG-1..4, AS-CHG-12): then no pivot is tried."""
    world = rules.worlds.of(state)
    return isinstance(chg.charge_basis(state, viewer, target, True, world=world), Refusal)


def _searched_pivot(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit,
                    target: AsoiafUnit, refused: Refusal
                    ) -> tuple[float, Plan[Any, Any] | Refusal]:
    """When neither no pivot nor pointing at the target works, the legal pivot nearest the
    latter that ``legal_actions`` offers (AS-CHG-5), so the hover never calls a charge
    impossible that the Charge button makes; ``refused`` when there is none."""
    world = rules.worlds.of(state)
    basis = chg.charge_basis(state, viewer, target, True, world=world)
    if isinstance(basis, Refusal):
        return 0.0, refused
    pivot = chg.first_legal_pivot(state, viewer, target, basis, rules.rough_penalty, cull=True,
                                  blocked_fails=rules.blocked_fails, world=world)
    if pivot is None:
        return 0.0, refused
    return pivot, rules.unit_plan(state, Charge(viewer.id, target.id, pivot))


def _attack(rules: AsoiafRuleset, state: GameState, viewer: AsoiafUnit, target: AsoiafUnit,
            lines: list[InfoLine], odds: list[OddsChart]) -> None:
    """The attack ``viewer`` would make on ``target`` now (melee if engaged, ranged
    otherwise): its plan's modifiers and odds, or why it cannot, whoever's turn."""
    plan = rules.unit_plan(state, Attack(viewer.id, target.id))
    if isinstance(plan, Refusal):
        lines.append(InfoLine(f"Attack: not possible - {plan.reason}", plan.rules, "bad"))
        return
    mods: AttackModifiers = plan.detail.mods
    _odds_lines("Ranged attack" if mods.ranged else "Melee attack", mods, plan.outcomes,
                lines, odds)


def _odds_lines(title: str, mods: AttackModifiers, outcomes: Outcomes, lines: list[InfoLine],
                odds: list[OddsChart]) -> None:
    """The attack's numbers from its one modifier record and its exact odds from its plan's
    outcomes (all wounds, the Panic Test's included, and the models removed)."""
    total, removed = outcomes.get("total_wounds"), outcomes.get("models_lost")
    assert total is not None and removed is not None
    rules = ("AS-RES-1", "AS-RES-2", "AS-RES-4", *(r for _, r in mods.defense.parts),
             *(("AS-BON-1",) if mods.charge_bonus else ()))
    bonus = ", Charge Bonus" if mods.charge_bonus else ""
    lines.append(InfoLine(f"{title} ({mods.weapon_name}{bonus}): {mods.dice.value} dice hit on "
                          f"{mods.to_hit.value}+, defense {mods.defense.explain()}+, panic "
                          f"{mods.panic.explain()}+; expected {float(total.mean()):.2f} "
                          f"wounds, {float(removed.mean()):.2f} models", rules))
    bars = tuple((f"{k} wound{'s' if k != 1 else ''}", p) for k, p in total.values)
    odds.append(OddsChart(f"{title}: wounds", bars, rules))


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
    if not unit.stats.melee_attacks():  # no melee weapon, no charge: only the Speed reach
        lines[1] = InfoLine("No melee weapon on the card: no charge", ("AS-MEL-2",), "bad")
        shapes = shapes[1:]
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
    own plan with its own ``rough_penalty`` (AS-CHG-1..6, AS-CHG-15), and its attack's
    expected losses (the plan's outcomes)."""
    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return ChargePreview(False, Refusal("no such unit in play", ("AS-CHG-1",)), (), 0.0,
                             None, 0.0, None, None)
    plan = rules.unit_plan(state, Charge(attacker.id, target.id, pivot))
    if isinstance(plan, Refusal):
        arcs = geo.arc_of(geo.tray_of(target), geo.tray_of(attacker))
        return ChargePreview(False, plan, arcs, 0.0, None, 0.0, None, None)
    found: chg.ChargePlan = plan.detail
    outcomes = plan.outcomes
    contact = outcomes.get("contact")
    assert contact is not None
    attack = AttackPreview("melee", True, None, None, None,
                           plans.charge_mods(attacker, target, found),
                           *_expected(outcomes))
    return ChargePreview(True, None, found.arcs, found.needed,
                         found.roll_needed(attacker.stats.speed),
                         float(contact.probability(1)),
                         geo.corridor(found.start, found.distance), found.witness, attack)


def _expected(outcomes: Outcomes) -> tuple[float, float]:
    """Mean wounds (the Panic Test's included) and mean models removed of a plan's attack."""
    total, removed = outcomes.get("total_wounds"), outcomes.get("models_lost")
    return (float(total.mean()) if total else 0.0, float(removed.mean()) if removed else 0.0)


def attack_preview(rules: AsoiafRuleset, state: GameState, attacker_id: str, target_id: str
                   ) -> AttackPreview:
    """Kind, validity, range, band, modifiers and expected losses of an attack now (its
    plan)."""
    attacker, target = _unit(state, attacker_id), _unit(state, target_id)
    if attacker is None or target is None:
        return AttackPreview("melee", False, Refusal("no such unit in play", ("AS-ATK-1",)),
                             None, None, None)
    world = rules.worlds.of(state)
    kind = "melee" if geo.engaged_enemies(state, attacker, world=world) else "ranged"
    tray, poly = geo.tray_of(attacker), geo.tray_of(target).polygon
    distance, band = range_to(tray, poly), range_band(tray, poly)
    plan = rules.unit_plan(state, Attack(attacker.id, target.id))
    if isinstance(plan, Refusal):
        return AttackPreview(kind, False, plan, distance, band, None)
    return AttackPreview(kind, True, None, distance, band, plan.detail.mods,
                         *_expected(plan.outcomes))
