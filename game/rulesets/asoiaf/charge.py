"""Charge geometry as rules answers: is a target valid, how far must the charger go, where
does it stop, where does it align (AS-CHG-1..7, 13..15). Pure functions of the state."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.core.inspect import Area
from game.core.pending import Refusal
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.geometry.sight import Sight
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray, facing_of_vector
from game.rulesets.asoiaf import blockers, geo
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import possessive, turn_words

MAX_ROLL = 6
DEFAULT_PENALTY = 2.0
"""Inches taken off a charge whose straight move enters rough or hindering terrain
(AS-CHG-15; the reading is documented in docs/rules/asoiaf.md and is the option
``rough_penalty``)."""


@dataclass(frozen=True)
class ChargePlan:
    """A valid charge: the arcs the charger stands in (a tie is a choice, AS-CHG-4), its tray
    after the Step 2 pivot, the distance to contact, the terrain penalty and the sight line."""

    arcs: tuple[Arc, ...]
    start: Tray
    distance: float
    penalty: float
    witness: tuple[tuple[float, float], tuple[float, float]] | None

    @property
    def needed(self) -> float:
        """Charge distance (D6 + Speed) that makes contact."""
        return self.distance + self.penalty

    def roll_needed(self, speed: int) -> int:
        """Smallest D6 that succeeds (may be above 6 only for invalid plans). AS-CHG-EX: 8"
        away at Speed 5 needs a 3+."""
        return max(1, math.ceil(self.needed - speed - TOLERANCE))


@dataclass(frozen=True)
class ChargeBasis:
    """What a charge's checks share whatever the Step 2 pivot: the target is seen at the start
    (AS-CHG-1) and the arcs with room to align (AS-CHG-2, AS-CHG-4)."""

    arcs: tuple[Arc, ...]
    sight: Sight


def plan_charge(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, pivot: float,
                penalty: float = DEFAULT_PENALTY, blocked_fails: bool = False,
                world: geo.RulesWorld | None = None, seen: Sight | None = None,
                cull: bool = False) -> ChargePlan | Refusal:
    """Check a declared Charge; the plan, or the refusal with its rule IDs. ``world``, the
    state's prepared geometry (:class:`~game.rulesets.asoiaf.rules_world.RulesWorld`),
    gives the same answer faster (and remembers it for the position); ``seen`` as in
    :func:`charge_basis`, ``cull`` as in :func:`geo.sight` (only the witness line may
    differ)."""
    basis = charge_basis(state, attacker, target, cull, world=world, seen=seen)
    if isinstance(basis, Refusal):
        return basis
    plan = plan_from_basis(state, attacker, target, basis, pivot, penalty, cull,
                           blocked_fails=blocked_fails, world=world)
    if isinstance(plan, Refusal) and abs(pivot) <= TOLERANCE and misses(attacker, target,
                                                                      world=world):
        return explain_miss(state, attacker, target, basis, penalty, blocked_fails, plan, world,
                            cull)
    return plan


def misses(attacker: AsoiafUnit, target: AsoiafUnit, start: Tray | None = None,
           world: geo.RulesWorld | None = None) -> bool:
    """Whether a straight move of the greatest charge distance from ``start`` (the tray as it
    stands) would not touch the target at all (AS-CHG-3; ``world`` as in
    :func:`plan_charge`)."""
    reach = attacker.stats.speed + MAX_ROLL + 1.0
    tray = start or geo.tray_of(attacker)
    return _contact_with(tray, target, reach, world)[1] is None


def _contact_with(tray: Tray, target: AsoiafUnit, reach: float,
                  world: geo.RulesWorld | None) -> tuple[float, int | None]:
    """:func:`geo.first_contact` of ``tray`` against the target's tray alone."""
    if world is None:
        return geo.first_contact(tray, [geo.tray_of(target).polygon], reach)
    return world.contact_with(tray, target.id, reach)


def explain_miss(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, basis: ChargeBasis,
                 penalty: float, blocked_fails: bool, missed: Refusal,
                 world: geo.RulesWorld | None = None, cull: bool = False) -> Refusal:
    """The real reason a charge declared without a pivot fails when the target is not straight
    ahead (AS-CHG-5): what the Step 2 pivot that faces the target would meet (a blocker, named
    and drawn), or, when that pivot works, the advice to declare it (``cull`` as in
    :func:`plan_charge`)."""
    turn = facing_pivot(attacker, target)
    gap = geo.tray_of(attacker).polygon.distance(geo.tray_of(target).polygon)
    if abs(turn) < 0.5 or gap > attacker.stats.speed + MAX_ROLL + TOLERANCE:
        return missed  # straight ahead, or too far whatever the pivot
    turned = plan_from_basis(state, attacker, target, basis, turn, penalty, cull,
                             blocked_fails=blocked_fails, world=world)
    words = turn_words(round(turn)) or "no turn"
    if isinstance(turned, Refusal):
        rules = tuple(dict.fromkeys(("AS-CHG-5", *turned.rules)))
        return Refusal(f"{target.name} is not straight ahead of {attacker.name}; after the pivot "
                       f"that faces it ({words}), {turned.reason}", rules, turned.marks)
    return Refusal(f"{missed.reason}; declare the pivot that faces it first ({words})",
                   tuple(dict.fromkeys((*missed.rules, "AS-CHG-5"))))


def charge_basis(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                 cull: bool = False, world: geo.RulesWorld | None = None,
                 seen: Sight | None = None) -> ChargeBasis | Refusal:
    """The pivot-independent checks of a Charge, in the order :func:`plan_charge` makes them
    (AS-CHG-12, AS-MEL-2, AS-CHG-1, AS-CHG-3, AS-CHG-4, AS-CHG-2); ``cull`` as in
    :func:`geo.sight`.
    ``seen``: the pair's Line of Sight if the caller already has it (the hover asks the
    batched geometry world; only the witness line drawn may differ)."""
    if world is not None:
        return world.remember(_basis_key(attacker, target, cull, seen),
                              lambda: _basis(state, attacker, target, cull, world, seen))
    return _basis(state, attacker, target, cull, world, seen)


def known_basis(world: geo.RulesWorld, attacker: AsoiafUnit, target: AsoiafUnit) -> bool:
    """Whether the position's world already holds the basis ``legal_actions`` asks for
    (culled sight), so a caller holding another Line of Sight can ask the same question."""
    return world.holds(_basis_key(attacker, target, True, None))


def _basis_key(attacker: AsoiafUnit, target: AsoiafUnit, cull: bool, seen: Sight | None
               ) -> tuple[object, ...]:
    """Where a position's world remembers a charge basis: per Line of Sight given (a frozen
    record: the same line, the same answer), else per ``cull`` (it only matters when the
    sight is looked up)."""
    return ("basis", attacker.id, target.id, cull if seen is None else seen)


def _basis(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, cull: bool,
           world: geo.RulesWorld | None, seen: Sight | None) -> ChargeBasis | Refusal:
    if geo.engaged_enemies(state, attacker, world=world):
        return Refusal(f"{attacker.name} is engaged and cannot charge",
                       ("AS-CHG-12", "AS-CORE-6"))
    if not attacker.stats.melee_attacks():
        return Refusal(f"{attacker.name} has no melee attack to charge with", ("AS-MEL-2",))
    tray = geo.tray_of(attacker)
    if seen is None:
        seen = geo.sight(state, attacker, target, cull=cull, world=world)
    if not seen.visible:  # AS-CHG-1
        return Refusal(f"{target.name} is not in {possessive(attacker.name)} Line of Sight "
                       f"({seen.reason})", ("AS-CHG-1",))
    too_far = beyond_reach(attacker, target)
    if too_far is not None:  # AS-CHG-3, whatever the pivot: before the dear room check
        return too_far
    arcs = geo.arc_of(geo.tray_of(target), tray)  # AS-CHG-4
    roomy = tuple(a for a in arcs if has_room(state, attacker, target, a, world))
    if not roomy:  # AS-CHG-2
        return no_room(state, attacker, target, arcs)
    return ChargeBasis(roomy, seen)


def no_room(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
            arcs: tuple[Arc, ...]) -> Refusal:
    """AS-CHG-2: no room to align on the arcs, naming and outlining what fills that room (a
    unit or impassable terrain) when something does (else it is the table edge)."""
    names = "/".join(a.value for a in arcs)
    host, depth = geo.tray_of(target), geo.tray_of(attacker).depth
    found = [b for a in arcs for b in blockers.crowding(state, host, geo.edge_for(a), depth,
                                                        attacker.id, target.id)]
    why = f": {found[0].name} is in the way" if found else ""
    marks = tuple(Area(blockers.ring(b.polygon), "blocker", b.name) for b in found[:1])
    return Refusal(f"no room to align at 50% or more on {possessive(target.name)} "
                   f"{names} arc{why}", ("AS-CHG-2",), marks)


def beyond_reach(attacker: AsoiafUnit, target: AsoiafUnit, start: Tray | None = None
                 ) -> Refusal | None:
    """AS-CHG-3: the refusal of a charge on a target further from the tray (``start``, else
    as it stands) than the greatest charge distance, Speed + 6 (no straight move reaches it,
    whatever the pivot); None when it is near enough to try."""
    reach = attacker.stats.speed + MAX_ROLL
    gap = float((start or geo.tray_of(attacker)).polygon.distance(geo.tray_of(target).polygon))
    if gap <= reach + TOLERANCE:
        return None
    return Refusal(f"{target.name} is {gap:.2f}\" away, beyond the greatest charge distance "
                   f"{reach}\" (Speed {attacker.stats.speed} + 6)", ("AS-CHG-3",))


def out_of_reach_all(attacker: AsoiafUnit, targets: list[Polygon]) -> list[bool]:
    """Whether each of these target trays' outlines is beyond any charge (AS-CHG-3, as
    :func:`beyond_reach` tells it), the distances in one vectorised call (the same distance
    function, the same operand order): ``legal_actions`` asks it before any sight or sweep."""
    if not targets:
        return []
    gaps = shapely.distance(geo.tray_of(attacker).polygon, np.asarray(targets, dtype=object))
    limit = attacker.stats.speed + MAX_ROLL + TOLERANCE
    return [gap > limit for gap in gaps.tolist()]


def plan_from_basis(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                    basis: ChargeBasis, pivot: float, penalty: float = DEFAULT_PENALTY,
                    cull: bool = False, blocked_fails: bool = False,
                    world: geo.RulesWorld | None = None) -> ChargePlan | Refusal:
    """The pivot-dependent rest of :func:`plan_charge` (AS-CHG-5, AS-CHG-3, AS-CHG-6);
    ``cull`` as in :func:`geo.sight`."""
    if world is not None:
        return world.remember(
            _plan_key(attacker, target, basis, pivot, penalty, cull, blocked_fails),
            lambda: _plan(state, attacker, target, basis, pivot, penalty, cull, blocked_fails,
                          world))
    return _plan(state, attacker, target, basis, pivot, penalty, cull, blocked_fails, None)


def _plan_key(attacker: AsoiafUnit, target: AsoiafUnit, basis: ChargeBasis, pivot: float,
              penalty: float, cull: bool, blocked_fails: bool) -> tuple[object, ...]:
    """Where a position's world remembers the plan of a charge at ``pivot``."""
    return ("plan", attacker.id, target.id, basis, pivot, penalty, cull, blocked_fails)


def _plan(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, basis: ChargeBasis,
          pivot: float, penalty: float, cull: bool, blocked_fails: bool,
          world: geo.RulesWorld | None) -> ChargePlan | Refusal:
    tray = geo.tray_of(attacker)
    roomy, seen = basis.arcs, basis.sight
    start = tray.pivoted(pivot) if abs(pivot) > TOLERANCE else tray
    if start is not tray:  # AS-CHG-5
        problem = geo.placement_problem(state, attacker.id, start, world)
        if problem:
            return Refusal(f"the pivot is not possible: {problem}", ("AS-CHG-5",))
        seen = geo.sight(state, attacker, target, start, cull=cull, world=world)
        if not seen.visible:
            return Refusal(f"after that pivot {target.name} would be out of sight",
                           ("AS-CHG-5", "AS-CHG-1"))
    reach = attacker.stats.speed + MAX_ROLL
    contact = contact_distance(state, attacker, target, start, reach + 1.0, blocked_fails,
                               world)
    if isinstance(contact, Refusal):
        return contact
    pen = penalty if entered_rough(state, start, contact) else 0.0
    if contact + pen > reach + TOLERANCE:  # AS-CHG-3
        return Refusal(f"{target.name} is {contact + pen:.2f}\" away, beyond the greatest charge "
                       f"distance {reach}\" (Speed {attacker.stats.speed} + 6)", ("AS-CHG-3",))
    return ChargePlan(roomy, start, contact, pen, seen.witness)


def contact_distance(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, start: Tray,
                     reach: float, blocked_fails: bool = False,
                     world: geo.RulesWorld | None = None) -> float | Refusal:
    """How far straight ahead the charger touches the target, if nothing stops it first
    (with ``blocked_fails``, the option ``charge_blocked_path = "fail"``, a blocked path is
    declared anyway and fails when rolled: AS-CHG-6)."""
    d_t, hit = _contact_with(start, target, reach, world)
    if hit is None:
        too_far = beyond_reach(attacker, target, start)  # whatever the line (AS-CHG-3)
        if too_far is not None:
            return too_far
        return Refusal(f"moving straight ahead {attacker.name} would not reach {target.name} "
                       f"within {reach - 1.0:g}\"", ("AS-CHG-3", "AS-CHG-6"))
    d_b, which = geo.sweep_past(state, start, (attacker.id, target.id), d_t, world)
    if which is not None and d_b < d_t - TOLERANCE and not blocked_fails:
        # ``which`` indexes the move blockers less these two
        shape = geo.move_blockers(state, attacker.id, target.id, world=world)[which]
        found = blockers.blocker_of(state, shape)
        return Refusal(f"the straight charge path to {target.name} is blocked by {found.name} "
                       f"{d_b:.2f}\" ahead", ("AS-CHG-3", "AS-CHG-6"),
                       blockers.blocked_marks(found, start, d_b))
    if geo.table_exit(start, state) < d_t - TOLERANCE:
        return Refusal("the charge path leaves the table", ("AS-CHG-6",))
    return d_t


def path_blocked(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, start: Tray,
                 distance: float, world: geo.RulesWorld | None = None) -> bool:
    """Whether a unit or impassable terrain stands in the straight path before contact
    (``world`` as in :func:`plan_charge`)."""
    d_b, which = geo.sweep_past(state, start, (attacker.id, target.id), distance, world)
    return which is not None and d_b < distance - TOLERANCE


def entered_rough(state: GameState, start: Tray, distance: float) -> bool:
    """Whether the straight move enters rough or hindering terrain (AS-CHG-15)."""
    return bool(geo.terrain_hit(state, geo.corridor(start, distance), ("rough", "hindering")))


def align_obstacles(state: GameState, *skip: str, world: geo.RulesWorld | None = None
                    ) -> list[Polygon]:
    """What an aligned tray may not overlap: other trays and impassable terrain (``world``
    as in :func:`plan_charge`)."""
    return geo.move_blockers(state, *skip, world=world)


def has_room(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, arc: Arc,
             world: geo.RulesWorld | None = None) -> bool:
    """Whether ``arc`` of the target has room for the attacker at 50% or more (AS-CHG-2)."""
    mover, host = geo.tray_of(attacker), geo.tray_of(target)
    edge = geo.edge_for(arc)
    obstacles = align_obstacles(state, attacker.id, target.id, world=world)
    return geo.can_align_50(mover, host, edge, obstacles, state)


def placements(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit, arc: Arc,
               mover: Tray, world: geo.RulesWorld | None = None) -> list[geo.Placement]:
    """Legal 100%/50% placements in ``arc``; else the nearest legal one (AS-CHG-7;
    ``world`` as in :func:`plan_charge`)."""
    host = geo.tray_of(target)
    edge = geo.edge_for(arc)
    obstacles = align_obstacles(state, attacker.id, target.id, world=world)
    legal = [p for p in geo.alignments(mover, host, edge, obstacles, state) if p.legal]
    if legal:
        return legal
    near = geo.nearest_legal(mover, host, edge, obstacles, state)
    return [near] if near is not None else []


def facing_pivot(attacker: AsoiafUnit, target: AsoiafUnit) -> float:
    """The pivot (degrees, clockwise) that points the charger at the target's centre."""
    tray, host = geo.tray_of(attacker), geo.tray_of(target)
    want = facing_of_vector(host.x - tray.x, host.y - tray.y)
    return round(((want - tray.facing + 180.0) % 360.0) - 180.0, 3)


PIVOT_SEARCH = 90
"""Degrees either side of pointing at the target searched for a legal pivot (AS-CHG-5)."""
PIVOT_STEP = 5
"""Degrees between the pivots searched (any other pivot is still legal when declared)."""
PIVOT_BATCH = 8
"""Candidate pivots swept in one batch by the search (nearest first: the search stops at the
first legal one, usually in the first batch, instead of sweeping all 36)."""


def pivot_candidates(attacker: AsoiafUnit, target: AsoiafUnit) -> list[float]:
    """The pivots ``legal_actions`` tries when neither no pivot nor pointing at the target's
    centre works: every :data:`PIVOT_STEP` degrees outwards from the latter (AS-CHG-5: any
    pivot that keeps the target in sight and reachable is legal, so the table must not hide
    the charge)."""
    centre = round(facing_pivot(attacker, target))
    out = [centre + sign * k for k in range(PIVOT_STEP, PIVOT_SEARCH + 1, PIVOT_STEP)
           for sign in (1, -1)]
    return [float(p) for p in out if -180 <= p <= 180]


def first_legal_pivot(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                      basis: ChargeBasis, penalty: float, cull: bool = False,
                      blocked_fails: bool = False, world: geo.RulesWorld | None = None
                      ) -> float | None:
    """The legal pivot nearest pointing at the target among :func:`pivot_candidates`
    (``world`` as in :func:`charge_pivots`)."""
    pivots = pivot_candidates(attacker, target)
    if world is None:
        for pivot in pivots:
            plan = plan_from_basis(state, attacker, target, basis, pivot, penalty, cull=cull,
                                   blocked_fails=blocked_fails)
            if not isinstance(plan, Refusal):
                return pivot
        return None
    return world.remember(
        ("first-pivot", attacker.id, target.id, basis, penalty, cull, blocked_fails),
        lambda: _first_legal_pivot(state, attacker, target, basis, pivots, penalty, cull,
                                   blocked_fails, world))


def _first_legal_pivot(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                       basis: ChargeBasis, pivots: list[float], penalty: float, cull: bool,
                       blocked_fails: bool, world: geo.RulesWorld) -> float | None:
    """:func:`first_legal_pivot` through the world, worked out once per position (the hover's
    charge preview and ``legal_actions`` ask the same search, issue 32)."""
    for at in range(0, len(pivots), PIVOT_BATCH):  # nearest first, a batch at a time
        found = next(_legal_pivots(state, attacker, target, basis, pivots[at:at + PIVOT_BATCH],
                                   penalty, cull, blocked_fails, world), None)
        if found is not None:
            return found[1]
    return None


def charge_pivots(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                  basis: ChargeBasis, penalty: float, cull: bool = False,
                  blocked_fails: bool = False, world: geo.RulesWorld | None = None
                  ) -> list[float]:
    """The pivots ``legal_actions`` offers for a charge on ``target`` (AS-CHG-5): no pivot
    and pointing at the target, those that are legal; if neither is, the nearest legal one
    of :func:`pivot_candidates`.

    With ``world`` the same answer, cheaper: the starts of each group are swept in one
    batch, and since a pivot is legal when every check of :func:`plan_from_basis` passes,
    whatever their order, the cheap checks go first and Line of Sight, the dear one, only
    for pivots that pass them."""
    return list(iter_charge_pivots(state, attacker, target, basis, penalty, cull,
                                   blocked_fails, world))


def iter_charge_pivots(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                       basis: ChargeBasis, penalty: float, cull: bool = False,
                       blocked_fails: bool = False, world: geo.RulesWorld | None = None
                       ) -> Iterator[float]:
    """:func:`charge_pivots` one by one, each checked when it is asked for: a caller that
    only wants to know whether a charge is possible stops at the first (the panel's button,
    issue 24)."""
    first = list({0.0, facing_pivot(attacker, target)})
    if world is None:
        out = [p for p in first if not isinstance(plan_from_basis(
            state, attacker, target, basis, p, penalty, cull, blocked_fails), Refusal)]
        found = None if out else first_legal_pivot(state, attacker, target, basis, penalty,
                                                   cull, blocked_fails)
        yield from (out if found is None else [found])
        return
    some = False
    for _, pivot in _legal_pivots(state, attacker, target, basis, first, penalty, cull,
                                  blocked_fails, world):
        some = True
        yield pivot
    found = None if some else first_legal_pivot(state, attacker, target, basis, penalty, cull,
                                                blocked_fails, world)
    if found is not None:
        yield found


def _legal_pivots(state: GameState, attacker: AsoiafUnit, target: AsoiafUnit,
                  basis: ChargeBasis, pivots: list[float], penalty: float, cull: bool,
                  blocked_fails: bool, world: geo.RulesWorld) -> Iterator[tuple[int, float]]:
    """The legal ones of ``pivots`` (position, pivot), in order, lazily: the checks of
    :func:`plan_from_basis` after the basis (AS-CHG-3, AS-CHG-5, AS-CHG-6, AS-CHG-15).
    Each legal pivot's plan, made of what the checks found, is remembered for the position
    under :func:`plan_from_basis`'s key (the panel's offers then read it); it is the plan
    :func:`plan_from_basis` works out (``tests/asoiaf/test_world_equivalence.py``)."""
    tray = geo.tray_of(attacker)
    reach = attacker.stats.speed + MAX_ROLL
    keys = [_plan_key(attacker, target, basis, p, penalty, cull, blocked_fails) for p in pivots]
    known = [world.holds(k) for k in keys]  # plans the position already worked out
    starts = [tray.pivoted(p) if abs(p) > TOLERANCE else tray for p in pivots]
    swept = iter(world.charge_paths([s for s, k in zip(starts, known, strict=True) if not k],
                                    attacker.id, target.id, reach + 1.0, blocked_fails))
    for i, (pivot, start, key, held) in enumerate(zip(pivots, starts, keys, known, strict=True)):
        if held:
            if not isinstance(world.remember(key, _unknown), Refusal):
                yield i, pivot
            continue
        contact = next(swept)
        if contact is None or geo.table_exit(start, state) < contact - TOLERANCE:
            continue  # AS-CHG-3, AS-CHG-6 (contact_distance)
        if start is not tray and geo.placement_problem(state, attacker.id, start, world):
            continue  # AS-CHG-5
        pen = penalty if entered_rough(state, start, contact) else 0.0
        if contact + pen > reach + TOLERANCE:
            continue  # AS-CHG-3, AS-CHG-15
        seen = basis.sight if start is tray else geo.sight(state, attacker, target, start,
                                                           cull=cull, world=world)
        if seen.visible:  # AS-CHG-1, AS-CHG-5
            world.keep(key, ChargePlan(basis.arcs, start, contact, pen, seen.witness))
            yield i, pivot


def _unknown() -> ChargePlan | Refusal:
    """Never called: :func:`_legal_pivots` reads only plans the world holds."""
    raise AssertionError("a held plan was not found")

