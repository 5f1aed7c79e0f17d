"""Declaring an attack (AS-ATK-1): which attack a unit uses, the Melee Attack checks and its
facing/shift (AS-MEL-1..5) and the Ranged Attack checks with the 2" shift (AS-RNG-1..7).

Plain functions of the state, shared by the ruleset's check, ``legal_actions`` and the
inspection, so a preview can never promise what the check then refuses."""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint
from shapely.ops import nearest_points

from game.core.pending import Refusal
from game.core.present import possessive
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.ranges import LONG_RANGE, SHORT_RANGE, range_to
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo, moves
from game.rulesets.asoiaf.actions import Attack
from game.rulesets.asoiaf.units import AsoiafUnit

RANGES = {"short": SHORT_RANGE, "long": LONG_RANGE}  # AS-RNG-5, AS-RNG-7: fixed, not abilities
TURN_TOLERANCE = 1e-6
"""Degrees: a placement turned by less keeps the unit's facing (AS-MEL-3)."""


def melee_variants(unit: AsoiafUnit, eid: str, weapon: int = -1) -> list[Attack]:
    """Keep the tray, or face and shift to 100% / 50% (AS-MEL-3/4; checked by the caller)."""
    return [Attack(unit.id, eid, weapon), Attack(unit.id, eid, weapon, align="100"),
            Attack(unit.id, eid, weapon, align="50", side="left"),
            Attack(unit.id, eid, weapon, align="50", side="right")]


def weapon_for(state: GameState, unit: AsoiafUnit, weapon: int,
               world: geo.RulesWorld | None = None) -> int | Refusal:
    """The attack used: melee when engaged, ranged otherwise (AS-ATK-1; ``world``, the
    state's prepared geometry, answers the same faster)."""
    engaged = bool(geo.engaged_enemies(state, unit, world=world))
    if weapon == -1:
        pool = unit.stats.melee_attacks() if engaged else unit.stats.ranged_attacks()
        if not pool:
            if engaged:
                return Refusal(f"{unit.name} has no Melee Attack", ("AS-MEL-2",))
            if unit.stats.melee_attacks():
                return Refusal(f"{unit.name} has no Ranged Attack and is not engaged for "
                               "a Melee Attack", ("AS-RNG-2", "AS-MEL-1", "AS-CORE-6"))
            return Refusal(f"{unit.name} has no Ranged Attack", ("AS-RNG-2",))
        return pool[0]
    if not 0 <= weapon < len(unit.stats.attacks):
        return Refusal(f"{unit.name} has attacks 0..{len(unit.stats.attacks) - 1}",
                       ("AS-ATK-1",))
    ranged = unit.stats.attacks[weapon].ranged
    if ranged and engaged:
        return Refusal(f"{unit.name} is engaged: no Ranged Attack",
                       ("AS-RNG-1", "AS-CORE-6"))
    if not ranged and not engaged:
        return Refusal(f"{unit.name} is not engaged: no Melee Attack",
                       ("AS-MEL-1", "AS-CORE-6"))
    return weapon


@dataclass(frozen=True)
class AttackBasis:
    """What a legal Attack's checks found (AS-ATK-1, AS-MEL-3/4, AS-RNG-3): the attack used
    (its index on the card, ranged or melee), the tray the attacker attacks from (after a
    ranged shift or a melee facing and shift) and that melee placement, if any."""

    weapon: int
    ranged: bool
    tray: Tray
    placement: geo.Placement | None = None


def attack_refusal(state: GameState, unit: AsoiafUnit, action: Attack,
                   world: geo.RulesWorld | None = None) -> Refusal | None:
    """Every check of an Attack once the unit may act (AS-ATK-1, AS-MEL-*, AS-RNG-*;
    ``world`` as in :func:`weapon_for`)."""
    found = attack_basis(state, unit, action, world)
    return found if isinstance(found, Refusal) else None


def attack_basis(state: GameState, unit: AsoiafUnit, action: Attack,
                 world: geo.RulesWorld | None = None) -> AttackBasis | Refusal:
    """The checks of :func:`attack_refusal`, keeping what they found (the plan's basis)."""
    target = state.units.get(action.target)
    if not isinstance(target, AsoiafUnit) or not target.on_board:
        return Refusal(f"there is no unit {action.target!r} in play", ("AS-ATK-1",))
    if target.owner == unit.owner:
        return Refusal(f"{target.name} is a friendly unit", ("AS-ATK-1",))
    weapon = weapon_for(state, unit, action.weapon, world)
    if isinstance(weapon, Refusal):
        return weapon
    if unit.stats.attacks[weapon].ranged:
        tray = ranged_check(state, unit, target, weapon, action, world)
        return tray if isinstance(tray, Refusal) else AttackBasis(weapon, True, tray)
    placement = melee_check(state, unit, target, action, world)
    if isinstance(placement, Refusal):
        return placement
    tray = geo.tray_of(unit) if placement is None else placement.tray
    return AttackBasis(weapon, False, tray, placement)


def melee_check(state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                action: Attack, world: geo.RulesWorld | None = None
                ) -> geo.Placement | Refusal | None:
    """AS-MEL-5: only an engaged enemy; AS-MEL-3/4: the optional facing and shift, its
    placement (None: the tray stays as it is; ``world`` as in :func:`weapon_for`)."""
    engaged = geo.engaged_enemies(state, unit, world=world)
    if target.id not in engaged:  # AS-MEL-5
        return Refusal(f"{unit.name} is not engaged with {target.name}", ("AS-MEL-5",))
    if action.dx or action.dy:
        return Refusal("only a ranged attacker shifts by dx/dy", ("AS-RNG-3",))
    if action.align == "keep":
        return None if action.side == "none" else Refusal("side goes with align=50",
                                                          ("AS-MEL-4",))
    placement = melee_placement(state, unit, target, action, world)
    if isinstance(placement, Refusal):
        return placement
    refusal = melee_move_refusal(state, unit, target, engaged, placement, world)
    if refusal is None and not placement.legal:
        return Refusal(f"no room for {action.align}% {placement.side} alignment",
                       ("AS-MEL-4",))
    return placement if refusal is None else refusal


def turned_by(before: float, after: float) -> float:
    """Degrees between two facings."""
    return abs((after - before + 180.0) % 360.0 - 180.0)


def melee_move_refusal(state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                       engaged: list[str], placement: geo.Placement,
                       world: geo.RulesWorld | None = None) -> Refusal | None:
    """AS-MEL-3: a change of facing only against a single enemy standing in the unit's
    Flank or Rear Arc. AS-MEL-4: the shift to 100%/50% is open with several enemies too,
    without turning and (our reading) keeping contact with every enemy it engages."""
    tray = geo.tray_of(unit)
    if turned_by(tray.facing, placement.tray.facing) > TURN_TOLERANCE:
        if len(engaged) > 1:
            return Refusal(f"{unit.name} is engaged with several enemies and may not "
                           "change facing", ("AS-MEL-3",))
        arcs = geo.arc_of(tray, geo.tray_of(target))
        if all(a is Arc.FRONT for a in arcs):
            return Refusal(f"{target.name} is in {possessive(unit.name)} Front Arc: no change of "
                           "facing (only against an enemy in the Flank or Rear)",
                           ("AS-MEL-3",))
        return None
    if len(engaged) > 1:
        kept = geo.engaged_enemies(state, unit, placement.tray, world)
        lost = [state.units[e].name for e in engaged if e not in kept]
        if lost:
            return Refusal(f"engaged with several enemies, {unit.name} may not shift out "
                           f"of contact with {', '.join(lost)}", ("AS-MEL-3", "AS-MEL-4"))
    return None


def melee_placement(state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                    action: Attack, world: geo.RulesWorld | None = None
                    ) -> geo.Placement | Refusal:
    """AS-MEL-3/4: face the enemy head-on on the edge it touches, at 100% or 50% (``world``
    as in :func:`weapon_for`)."""
    wanted = {"100": (100, "centre"), "50": (50, action.side)}.get(action.align)
    if wanted is None or (wanted[0] == 50 and action.side not in ("left", "right")):
        return Refusal("align is keep, 100, or 50 with side=left|right", ("AS-MEL-4",))
    host = geo.tray_of(target)
    arc = geo.arc_of(host, geo.tray_of(unit))[0]
    obstacles = chg.align_obstacles(state, unit.id, target.id, world=world)
    for p in geo.alignments(geo.tray_of(unit), host, geo.edge_for(arc), obstacles, state):
        if (p.kind, p.side) == wanted:
            return p
    return Refusal("no such alignment", ("AS-MEL-4",))


def ranged_check(state: GameState, unit: AsoiafUnit, target: AsoiafUnit, weapon: int,
                 action: Attack, world: geo.RulesWorld | None = None) -> Tray | Refusal:
    """AS-RNG-3: the optional shift, then sight and range from where the unit ends
    (``world`` as in :func:`weapon_for`): that tray, or why not."""
    if action.align != "keep" or action.side != "none":
        return Refusal("a ranged attacker does not align; it may shift with dx/dy",
                       ("AS-RNG-3",))
    tray = geo.tray_of(unit)
    if action.dx or action.dy:
        problem = moves.shift_problem(state, unit, action.dx, action.dy, world)
        if problem:
            return Refusal(f"the shift is not possible: {problem}", ("AS-RNG-3",))
        tray = tray.translated(action.dx, action.dy)
    # cull: the same visibility from the position's batched sight (what legal_actions asks)
    refusal = ranged_refusal(state, unit, target, weapon, tray, cull=True, world=world)
    return tray if refusal is None else refusal


MAX_SHIFT = 2.0
"""Inches a ranged attacker may shift before shooting (AS-RNG-3)."""


def shift_candidates(unit: AsoiafUnit, target: AsoiafUnit, limit: float
                     ) -> list[tuple[float, float]]:
    """Shifts ``(dx, dy)`` worth offering when ``target`` is just beyond ``limit``: straight
    towards its nearest point, by what closes the gap (to a tenth, plus a little) and by the
    full 2" (AS-RNG-3). Empty when it is in range or more than 2" beyond it."""
    tray = geo.tray_of(unit)
    poly = geo.tray_of(target).polygon
    beyond = range_to(tray, poly) - limit
    if beyond <= TOLERANCE or beyond > MAX_SHIFT:
        return []
    near = nearest_points(ShapelyPoint(tray.front_arrow), poly)[1]
    ax, ay = tray.front_arrow
    length = math.hypot(near.x - ax, near.y - ay)
    ux, uy = (near.x - ax) / length, (near.y - ay) / length
    out = []
    for step in sorted({min(MAX_SHIFT, math.ceil((beyond + 0.05) * 10) / 10), MAX_SHIFT}):
        out.append((round(ux * step, 3), round(uy * step, 3)))
    return out


def ranged_refusal(state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                   weapon: int, tray: Tray, cull: bool = False,
                   world: geo.RulesWorld | None = None) -> Refusal | None:
    """Whether ``target`` is in Line of Sight and range from ``tray`` (AS-RNG-4..6);
    ``cull`` and ``world`` as in :func:`geo.sight`."""
    attack = unit.stats.attacks[weapon]
    limit = RANGES[attack.kind]
    seen = geo.sight(state, unit, target, tray, cull=cull, world=world)
    if not seen.visible:
        return Refusal(f"{target.name} is not in Line of Sight ({seen.reason})",
                       ("AS-RNG-4",))
    distance = range_to(tray, geo.tray_of(target).polygon)
    if distance > limit + TOLERANCE:
        return Refusal(f"{target.name} is {distance:.2f}\" from the Front Arrow, beyond "
                       f"{possessive(attack.name)} {attack.kind} range of {limit:g}\"",
                       ("AS-RNG-5", "AS-RNG-6", "AS-RNG-7"))
    return None
