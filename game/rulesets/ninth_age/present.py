"""What the table shows of The Ninth Age: offer labels and ghosts, the pair inspection (contact,
arcs, charge reach, exact odds as charts), the unit inspection (bases, characters, arcs) and the
unit card. Records only (game.core.present / game.core.inspect); nothing here draws."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from shapely.geometry import Polygon
from shapely.ops import nearest_points

from game.core.actions import Action, Choose, EndActivation
from game.core.inspect import Area, InfoLine, Inspection, OddsChart, Segment, UnitCard
from game.core.pending import Refusal
from game.core.plan import Outcomes, Plan, Quantity, distribution
from game.core.present import Ghost, Offer, plain_label, possessive
from game.core.state import GameState, TableBoard
from game.core.words import compass_words, turn_between, whole_turn_words
from game.geometry.arcs import Arc, arc_region
from game.geometry.ranked import model_polygons, supporting_models
from game.geometry.tray import Side, Tray
from game.rulesets.ninth_age.actions import (
    Advance,
    Charge,
    Manoeuvre,
    Reform,
    Shift,
    Shoot,
    Turn,
    Wheel,
)
from game.rulesets.ninth_age.allocation import allocation_odds, allocation_words, pool_names
from game.rulesets.ninth_age.cover import HARD_COVER, SOFT_COVER, CoverReading, read_cover
from game.rulesets.ninth_age.engage import (
    Striker,
    Target,
    attack_record,
    bow_range,
    contacts,
    engaged_side,
    in_contact,
    pool_profile,
    proper_ranks,
    shooters,
    shot_record,
    strikers,
)
from game.rulesets.ninth_age.moves import (
    Moved,
    charge_arcs,
    manoeuvred,
    reformed,
    shifted,
    wheel_distance,
    wheeled,
)
from game.rulesets.ninth_age.odds import (
    combine,
    expected,
    hp_loss,
    special_hits,
    two_d6_at_most,
)
from game.rulesets.ninth_age.score import break_penalty, max_dis, static_score
from game.rulesets.ninth_age.sight import line_of_sight
from game.rulesets.ninth_age.tables import AttackRecord
from game.rulesets.ninth_age.texts import counted
from game.rulesets.ninth_age.units import NinthUnit

ARC_EXTENT = 12.0
"""Inches of each arc drawn around a unit."""


def _names(state: GameState) -> dict[str, str]:
    return pool_names(state)


def _ghost(unit_id: str, tray: Tray) -> Ghost:
    return Ghost(unit_id, pose=(tray.x, tray.y, tray.facing))


def _where(state: GameState, action: Action, plan: Plan[Any, Any] | Refusal,
           pointed: Callable[[NinthUnit, Tray], Tray]) -> tuple[NinthUnit, Tray] | None:
    """The unit and where the action puts it: the plan's own place, or for a refused
    (pointed) move the place the pointer asks for, so its ghost still shows."""
    unit = state.units.get(action.actor() or "")
    if not isinstance(unit, NinthUnit) or unit.tray is None:
        return None
    if isinstance(plan, Plan) and isinstance(plan.detail, Moved):
        return unit, plan.detail.tray
    return unit, pointed(unit, unit.tray)


def show_charge(state: GameState, action: Charge, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A charge as a player reads it: the facing struck and the ghost in contact (NA-CHG-2)."""
    target = state.units.get(action.target)
    name = target.name if target is not None else action.target
    where = f" ({plan.alignment})" if isinstance(plan, Plan) and plan.alignment else ""
    if action.facing:
        where = f" ({action.facing}, the charger's choice on a dividing line)"
    ghost = (_ghost(action.unit, plan.detail.tray)
             if isinstance(plan, Plan) and isinstance(plan.detail, Moved) else None)
    return Offer(action, f"Charge {name}{where}",
                 "Into contact with the facing whose arc holds this unit's front middle",
                 target=action.target, ghost=ghost)


def show_advance(state: GameState, action: Advance, plan: Plan[Any, Any] | Refusal) -> Offer:
    """An Advance or March of so many inches, with its ghost (NA-MOV-1)."""
    found = _where(state, action, plan, lambda u, t: t.advanced(action.distance))
    if found is None:
        return Offer(action, plain_label(action, _names(state)))
    unit, tray = found
    kind = "March" if action.distance > unit.model.mob else "Advance"
    return Offer(action, f"{kind} {action.distance:g}\"", ghost=_ghost(unit.id, tray))


def show_wheel(state: GameState, action: Wheel, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A wheel, its side and the inches it costs, with its ghost (NA-MOV-1)."""
    found = _where(state, action, plan, lambda u, t: wheeled(t, action.degrees))
    if found is None:
        return Offer(action, plain_label(action, _names(state)))
    unit, tray = found
    assert unit.tray is not None
    side = "right" if action.degrees > 0 else "left"
    return Offer(action, f"Wheel {abs(action.degrees):g}° {side} "
                 f"({wheel_distance(unit.tray, action.degrees):.1f}\")",
                 ghost=_ghost(unit.id, tray))


def show_manoeuvre(state: GameState, action: Manoeuvre,
                   plan: Plan[Any, Any] | Refusal) -> Offer:
    """A combined move in words with the inches it pays, and its ghost (NA-MOV-2)."""
    unit = state.units.get(action.unit)
    if not isinstance(unit, NinthUnit) or unit.tray is None:
        return Offer(action, plain_label(action, _names(state)))
    if isinstance(plan, Plan) and isinstance(plan.detail, Moved):
        tray, distance = plan.detail.tray, plan.detail.distance
    else:
        tray, distance, _ = manoeuvred(unit.tray, action.ahead, action.degrees, action.then)
    kind = "March" if distance > unit.model.mob + 1e-9 else "Advance"
    return Offer(action, f"{kind}: {manoeuvre_words(action)} ({distance:.1f}\")",
                 "The wheel's outer corner counts with the straight parts",
                 ghost=_ghost(unit.id, tray))


def show_shift(state: GameState, action: Shift, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A Shift back or sideways, with its ghost (NA-MOV-3)."""
    found = _where(state, action, plan,
                   lambda u, t: shifted(t, action.direction, action.distance))
    if found is None:
        return Offer(action, plain_label(action, _names(state)))
    unit, tray = found
    where = "back" if action.direction == "back" else f"to the {action.direction}"
    return Offer(action, f"Step {action.distance:g}\" {where}",
                 "Back or sideways, at most half the Advance rate", ghost=_ghost(unit.id, tray))


def show_turn(state: GameState, action: Turn, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A turn in place, in words, with its ghost (NA-MOV-1)."""
    found = _where(state, action, plan, lambda u, t: t.moved_to(t.x, t.y, action.facing))
    if found is None:
        return Offer(action, plain_label(action, _names(state)))
    unit, tray = found
    assert unit.tray is not None
    words = whole_turn_words(turn_between(unit.tray.facing, action.facing)) or "keep"
    return Offer(action, f"{words[:1].upper()}{words[1:]} to face "
                 f"{compass_words(action.facing)}", ghost=_ghost(unit.id, tray))


def show_reform(state: GameState, action: Reform, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A reform in words, "6 wide, 4 deep, turn about to face south", with the new block's
    ghost (NA-MOV-1)."""
    unit = state.units.get(action.unit)
    if not isinstance(unit, NinthUnit) or unit.tray is None:
        return Offer(action, plain_label(action, _names(state)))
    return reform_offer(action, unit)


def show_shoot(state: GameState, action: Shoot, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A shot at a target with the number of shots (NA-SHT-1)."""
    unit = state.units.get(action.unit)
    shots = f" ({counted(shooters(unit), 'shot')})" if isinstance(unit, NinthUnit) else ""
    return Offer(action, f"Shoot {_names(state).get(action.target, action.target)}{shots}",
                 target=action.target)


def show_end(state: GameState, action: EndActivation,
             plan: Plan[Any, Any] | Refusal) -> Offer:
    """Ending the current phase (NA-TURN-1)."""
    return Offer(action, f"End the {state.turn.phase or 'turn'} phase")


def show_answer(state: GameState, action: Choose, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A free answer: an allocation in words (NA-ALC-1), else a plain label."""
    names = _names(state)
    if set(action.as_dict()) == {"to"}:
        return Offer(action, allocation_words(str(action.get("to")), names))
    return Offer(action, plain_label(action, names), target=action.target_id())


def reform_offer(action: Reform, unit: NinthUnit) -> Offer:
    """``6 wide, 5 deep, facing south`` (as the log says it) with the ghost of the new block
    (NA-MOV-1)."""
    new = reformed(unit, action.files, action.turn)
    if isinstance(new, str):
        return Offer(action, f"{action.files} wide", new)
    turned = whole_turn_words(turn_between(unit.tray.facing if unit.tray else 0.0,
                                           new.facing))
    facing = f", {turned} to face {compass_words(new.facing)}" if turned else ""
    return Offer(action, f"{new.files} wide, {new.ranks} deep{facing}",
                 "Re-form about the same centre: the unit's whole move (NA-MOV-1)",
                 ghost=Ghost(unit.id, pose=(new.x, new.y, new.facing),
                             block=(new.width, new.depth, new.files, new.ranks)))


def _inches(value: float) -> str:
    return f"{round(value, 2):g}\""


def manoeuvre_words(action: Manoeuvre) -> str:
    """``3" ahead, wheel 30° right, 2" on`` (parts that are nothing left out; NA-MOV-2)."""
    steps = [f"{_inches(action.ahead)} ahead"] if action.ahead else []
    if action.degrees:
        steps.append(f"wheel {round(abs(action.degrees), 1):g}° "
                     f"{'right' if action.degrees > 0 else 'left'}")
    if action.then:
        steps.append(f"{_inches(action.then)} {'on' if steps else 'ahead'}")
    return ", ".join(steps) or "stay"


def _poly_points(poly: Polygon) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _rf_loss(state: GameState, attacker: NinthUnit, target: NinthUnit,
             groups: list[Striker], standard_only: bool) -> dict[int, Fraction]:
    """Exact HP ``target``'s rank-and-file lose if every attack of ``groups`` that may go to
    them does (the resolver's records; NA-HP-1): each standard group's share is the plan of
    its allocation answer "all on the rank and file"; Impact Hits and Stomp of D3/D6 are the
    exact mixture over the number of hits."""
    token = Target(target.id, "rf").token
    dist: dict[int, Fraction] = {0: Fraction(1)}
    pool_hp = target.rf_alive() * target.model.hp - target.rf_damage
    for s in groups:
        if token not in s.options or (standard_only and s.kind != "standard"):
            continue
        if s.kind == "standard":  # the odds of the allocation "all on the rank and file"
            dist = combine(dist, _allocated(state, s, token))
            continue
        record = attack_record(state, attacker, s.pool, s.part, s.kind, Target(target.id, "rf"))
        value = str(getattr(pool_profile(attacker, s.pool).parts[s.part], s.kind))
        mixture: dict[int, Fraction] = {}
        for hits, p in special_hits(value, len(s.models)).items():
            for lost, q in hp_loss(hits, record, pool_hp).items():
                mixture[lost] = mixture.get(lost, Fraction(0)) + p * q
        dist = combine(dist, mixture)
    return dist


def _allocated(state: GameState, s: Striker, token: str) -> dict[int, Fraction]:
    """The HP the pool ``token`` loses to every attack of ``s``: the outcomes of that
    allocation answer's plan (:func:`.allocation.allocation_odds`), not a copy."""
    odds = allocation_odds(state, s, {token: s.attacks * len(s.models)})
    found = odds().get("hp_lost") if odds is not None else None
    return dict(found.values) if found is not None else {0: Fraction(1)}


def melee_odds(state: GameState, viewer: NinthUnit, target: NinthUnit,
               groups: list[Striker] | None = None) -> OddsChart:
    """The chart of HP the target's rank-and-file lose to the viewer's attacks."""
    groups = strikers(state, viewer, [target]) if groups is None else groups
    pool_hp = target.rf_alive() * target.model.hp - target.rf_damage
    return _chart(f"HP lost by {possessive(target.name)} rank and file",
                  _rf_loss(state, viewer, target, groups, False), pool_hp)


def combat_odds(state: GameState, viewer: NinthUnit, target: NinthUnit,
                groups: list[Striker] | None = None) -> list[OddsChart]:
    """Chances to win the combat score against ``target`` alone and that it then breaks
    (NA-CS-1). An estimate: every standard attack of both sides lands on the rank-and-file and
    nobody dies before striking (the resolver removes casualties step by step)."""
    groups = strikers(state, viewer, [target]) if groups is None else groups
    mine = _rf_loss(state, viewer, target, groups, True)
    theirs = _rf_loss(state, target, viewer, strikers(state, target, [viewer]), True)
    bonus_me = static_score(state, [viewer], [target])
    bonus_them = static_score(state, [target], [viewer])
    diffs: dict[int, Fraction] = {}
    for a, p in mine.items():
        for b, q in theirs.items():
            diff = (a + bonus_me) - (b + bonus_them)
            diffs[diff] = diffs.get(diff, Fraction(0)) + p * q
    penalty_cap = break_penalty(state, target, 99)
    dis = max_dis(target)
    win = sum((p for d, p in diffs.items() if d > 0), Fraction(0))
    tie = diffs.get(0, Fraction(0))
    breaks = sum((p * (1 - two_d6_at_most(dis - min(d, penalty_cap)))
                  for d, p in diffs.items() if d > 0), Fraction(0))
    lose = 1 - win - tie
    return [OddsChart(f"Combat score vs {target.name} (estimate)",
                      (("win", win), ("tie", tie), ("lose", lose)), ("NA-CS-1",)),
            OddsChart(f"{target.name} breaks (estimate)",
                      (("breaks", breaks), ("holds or wins", 1 - breaks)), ("NA-CS-1",))]


def _chart(title: str, dist: dict[int, Fraction], cap: int) -> OddsChart:
    capped: dict[int, Fraction] = {}
    for k, p in dist.items():
        capped[min(k, cap)] = capped.get(min(k, cap), Fraction(0)) + p
    bars = tuple((str(k), p) for k, p in sorted(capped.items()))
    return OddsChart(f"{title} (mean {float(expected(capped)):.2f})", bars,
                     ("NA-HIT-2", "NA-HIT-3", "NA-SAV-1", "NA-SAV-2", "NA-HP-1"))


SHOT_RULES = ("NA-HIT-2", "NA-HIT-3", "NA-SAV-1", "NA-SAV-2", "NA-HP-1")
"""The rules that decide the HP a volley takes."""


def shot_loss(state: GameState, viewer: NinthUnit, target: NinthUnit) -> dict[int, Fraction]:
    """Exact HP the target's rank-and-file lose if every shot goes to them (the resolver's
    own attack record; NA-HP-1)."""
    record: AttackRecord = shot_record(state, viewer, Target(target.id, "rf"))
    pool_hp = target.rf_alive() * target.model.hp - target.rf_damage
    return hp_loss(shooters(viewer), record, pool_hp)


def shooting_outcomes(state: GameState, viewer: NinthUnit, target: NinthUnit) -> Outcomes:
    """A shot's plan outcomes: ``hp_lost`` by the target's rank and file."""
    return Outcomes((Quantity("hp_lost", f"HP lost by {possessive(target.name)} rank and file",
                              distribution(shot_loss(state, viewer, target)), SHOT_RULES),))


def shooting_odds(state: GameState, viewer: NinthUnit, target: NinthUnit,
                  outcomes: Outcomes | None = None) -> OddsChart:
    """Exact HP the target's rank-and-file lose if every shot goes to them: the shot's plan
    outcomes when given (a legal shot), else the same computation."""
    found = outcomes.get("hp_lost") if outcomes is not None else None
    dist = dict(found.values) if found is not None else shot_loss(state, viewer, target)
    pool_hp = target.rf_alive() * target.model.hp - target.rf_damage
    return _chart(f"Shots: HP lost by {target.name}", dist, pool_hp)


PlanOf = Callable[[Action], "Plan[Any, Any] | Refusal"]
"""The ruleset's memoised plan of an action in the inspected position."""


def inspect_pair(state: GameState, viewer_id: str, target_id: str,
                 plan_of: PlanOf) -> Inspection | None:
    """Contact, the arc the viewer stands in, reach, models in contact and exact odds; a
    charge or shot is read from its plan (``plan_of``), as the buttons and the handler do."""
    viewer, target = state.units.get(viewer_id), state.units.get(target_id)
    if not isinstance(viewer, NinthUnit) or not isinstance(target, NinthUnit) or (
            viewer_id == target_id or viewer.tray is None or target.tray is None):
        return None
    a, b = nearest_points(viewer.tray.polygon, target.tray.polygon)
    gap = float(a.distance(b))
    lines = [InfoLine(f"Distance {gap:.2f}\" (boundary to boundary)")]
    shapes: list[Segment | Area] = [Segment((a.x, a.y), (b.x, b.y), "range", f"{gap:.2f}\"")]
    arcs = charge_arcs(viewer, target)
    if arcs:
        lines.append(InfoLine(f"{possessive(viewer.name)} front middle is in "
                              f"{possessive(target.name)} {' / '.join(x.value for x in arcs)} "
                              "arc", ("NA-CHG-2",)))
    for arc in arcs or list(Arc):  # the arc a charge would strike (all four if none holds it)
        region = _on_table(state, arc_region(target.tray, arc, "corner-45", ARC_EXTENT))
        if not region.is_empty:
            shapes.append(Area(_poly_points(region), "arc", arc.value))
    odds: list[OddsChart] = []
    if in_contact(viewer, target) and viewer.owner != target.owner:
        touching = contacts(viewer, target)
        side = engaged_side(target, viewer)
        lines.append(InfoLine(f"In contact: {counted(len(touching), 'model')} "
                              f"{'touches' if len(touching) == 1 else 'touch'} {target.name}, "
                              f"engaging its {side.value}", ("NA-CON-1",), "good"))
        formation = viewer.formation()
        for key, poly in model_polygons(viewer.tray, formation, touching).items():
            shapes.append(Area(_poly_points(poly), "highlight", _model_label(viewer, key)))
        if engaged_side(viewer, target) is Side.FRONT:
            extra = 1 if pool_profile(viewer, "rf").melee_weapon == "spear" else 0
            support = supporting_models(formation, touching, extra, viewer.alive_keys())
            for i, poly in enumerate(model_polygons(viewer.tray, formation, support).values()):
                label = f"{len(support)} support" if i == 0 else ""  # one tag for the group
                shapes.append(Area(_poly_points(poly), "highlight", label))
            lines.append(InfoLine(f"{counted(len(support), 'model')} "
                                  f"{'supports' if len(support) == 1 else 'support'} from behind",
                                  ("NA-RST-1", "NA-ALC-3")))
        groups = strikers(state, viewer, [target])
        odds.append(melee_odds(state, viewer, target, groups))
        odds.extend(combat_odds(state, viewer, target, groups))
    elif viewer.owner != target.owner:
        reach = f"Charge reach {viewer.model.cha}\""
        lines.append(InfoLine(reach, ("NA-CHG-1",), "good" if gap <= viewer.model.cha else "bad"))
        if gap <= viewer.model.cha and state.turn.phase == "charge":
            found = plan_of(Charge(viewer.id, target.id))
            if isinstance(found, Refusal):  # in reach, yet no charge: say why (NA-CHG-1/2)
                lines.append(InfoLine(f"No charge: {found.reason}", found.rules, "bad"))
        reach_shot = bow_range(viewer.model)
        if viewer.model.aim is not None and shooters(viewer) and gap > reach_shot:
            lines.append(InfoLine(f"Beyond the bow's range of {reach_shot:g}\"", ("NA-SHT-1",),
                                  "bad"))
        elif viewer.model.aim is not None and shooters(viewer):
            sight = _sight_line(state, viewer, target, shapes)
            lines.append(sight)
            if sight.tone != "bad":  # no odds for a shot that cannot be taken
                record = shot_record(state, viewer, Target(target.id, "rf"))
                lines.append(InfoLine(f"{counted(shooters(viewer), 'shot')}: "
                                      f"{record.summary()}".replace("hit -", "hit 7+ (none)"),
                                      ("NA-SHT-1", "NA-SHT-3", "NA-HIT-3")))
                shot = plan_of(Shoot(viewer.id, target.id))
                odds.append(shooting_odds(state, viewer, target, shot.outcomes
                                          if isinstance(shot, Plan) else None))
    return Inspection(f"{viewer.name} -> {target.name}", tuple(lines), tuple(shapes),
                      tuple(odds))


def _on_table(state: GameState, region: Polygon) -> Polygon:
    """``region`` cut to the table (an empty polygon when nothing of it is on the table)."""
    if not isinstance(state.board, TableBoard):
        return region
    cut = region.intersection(state.board.polygon)
    return cut if isinstance(cut, Polygon) else Polygon()


def _sight_line(state: GameState, viewer: NinthUnit, target: NinthUnit,
                shapes: list[Segment | Area]) -> InfoLine:
    """Whether the viewer sees the target to shoot it, with the sight line drawn (NA-SHT-2)."""
    seen = line_of_sight(state, viewer, target)
    if seen is None:
        return InfoLine("No Line of Sight from the front within 45 degrees", ("NA-SHT-2",),
                        "bad")
    (ax, ay), (bx, by) = seen.coords[0], seen.coords[-1]
    shapes.append(Segment((float(ax), float(ay)), (float(bx), float(by)), "sight", "sight"))
    reading = read_cover(state, viewer, target)
    hidden = reading.hidden_hard + reading.hidden_soft
    if hidden:  # the hidden models' bases, one tag for the group (NA-SHT-3)
        polys = model_polygons(target.tray, target.formation(), hidden)  # type: ignore[arg-type]
        for i, key in enumerate(hidden):
            label = f"{counted(len(hidden), 'model')} hidden" if i == 0 else ""
            shapes.append(Area(_poly_points(polys[key]), "blocker", label))
    return _cover_line(reading)


def _cover_line(reading: CoverReading) -> InfoLine:
    """The hover line saying the cover and why (NA-SHT-2, NA-SHT-3)."""
    hidden = len(reading.hidden_hard) + len(reading.hidden_soft)
    reasons = [f"{hidden} of {counted(reading.counted, 'model')} in the Front Arc hidden by "
               f"{', '.join(reading.by)}"] if hidden else []
    if reading.standing_in:
        reasons.append(f"it stands in {reading.standing_in}")
    why = f": {'; '.join(reasons)}" if reasons else ""
    if reading.modifier == HARD_COVER:
        return InfoLine(f"Line of Sight, hard cover (shots need two more){why}",
                        ("NA-SHT-2", "NA-SHT-3"))
    if reading.modifier == SOFT_COVER:
        return InfoLine(f"Line of Sight, soft cover (shots need one more){why}",
                        ("NA-SHT-2", "NA-SHT-3"))
    return InfoLine(f"Line of Sight, no cover{why}", ("NA-SHT-2", "NA-SHT-3"), "good")


def inspect_unit(state: GameState, unit_id: str) -> Inspection | None:
    """The unit's bases (characters marked), its Front Arc and its ranks."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, NinthUnit) or unit.tray is None:
        return None
    formation = unit.formation()
    shapes: list[Area] = []
    alive = set(unit.alive_keys())
    for slot in formation.slots:  # characters only: a rank-and-file base is not marked
        if slot.key in alive and slot.pool != "rf":
            poly = model_polygons(unit.tray, formation, [slot.key])[slot.key]
            shapes.append(Area(_poly_points(poly), "highlight", _model_label(unit, slot.key)))
    extent = max(state.board.width, state.board.height) * 2 if isinstance(
        state.board, TableBoard) else ARC_EXTENT  # the whole Front Arc, cut to the table
    region = _on_table(state, arc_region(unit.tray, Arc.FRONT, "corner-45", extent))
    if not region.is_empty:
        shapes.append(Area(_poly_points(region), "arc", "front"))
    lines = (InfoLine(f"{unit.rf_alive()} rank and file in {counted(formation.files, 'file')}, "
                      f"{counted(proper_ranks(unit), 'Proper Rank')}", ("NA-PRK-1", "NA-ATT-1")),)
    return Inspection(unit.name, lines, tuple(shapes))


def _model_label(unit: NinthUnit, key: str) -> str:
    """A highlighted model's tag: a character's name; rank-and-file models go untagged."""
    character = unit.character(key)
    return character.profile.name if character is not None else ""


def unit_card(state: GameState, unit_id: str) -> UnitCard | None:
    """Every characteristic of the rank-and-file and of each character, and what is left."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, NinthUnit):
        return None
    lines: list[InfoLine] = []
    profiles = [("Rank and file", unit.model, f"{counted(unit.rf_alive(), 'model')}, "
                 f"{unit.rf_damage} HP lost on the current one")]
    profiles += [("Character", c.profile, f"{c.hp}/{c.profile.hp} HP") for c in unit.characters]
    for label, p, left in profiles:
        sample = " (sample stats)" if p.sample else ""
        lines.append(InfoLine(f"{label}: {p.name}{sample}; {left}"))
        saves = "".join(f", {n} {v}+" for n, v in (("Aegis", p.aegis),
                                                     ("Regeneration", p.regeneration)) if v)
        lines.append(InfoLine(f"  Height {p.height}, base {p.base.width:g}x{p.base.depth:g} mm, "
                              f"Cha {p.cha}, Mob {p.mob}, Dis {p.dis}"))
        lines.append(InfoLine(f"  HP {p.hp}, Def {p.def_}, Res {p.res}, Arm {p.arm}{saves}"))
        for part in p.parts:
            extra = "".join(f", {k} {v}" for k, v in (("Impact", part.impact),
                                                      ("Stomp", part.stomp)) if v)
            lines.append(InfoLine(f"  {part.name}: Att {part.att}, Off {part.off}, "
                                  f"Str {part.strength}, AP {part.ap}, Agi {part.agi}{extra}"))
        if p.equipment:
            lines.append(InfoLine("  Equipment: " + ", ".join(e.replace("_", " ")
                                                               for e in p.equipment)))
    if unit.standard:
        lines.append(InfoLine("Standard bearer (+1 combat score)", ("NA-CS-1",)))
    return UnitCard(f"{unit.name} ({state.player(unit.owner).name})", tuple(lines))
