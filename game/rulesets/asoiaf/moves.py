"""Movement rules: Maneuver (AS-CORE-3), Retreat moves (AS-CORE-4), free Pivots (AS-SRG-1),
the ranged shift (AS-RNG-3) and moving other enemies off a charger (AS-CHG-13)."""

from __future__ import annotations

import math

from game.core.pending import Refusal
from game.core.state import GameState
from game.geometry.legs import Leg, advance, pivot, walk
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray, facing_of_vector
from game.rulesets.asoiaf import blockers, geo
from game.rulesets.asoiaf.units import AsoiafUnit

KEEP_AWAY = 1.0
"""Inches a move must end away from every enemy (AS-CORE-3, AS-CORE-4)."""

MANEUVER_TURNS = (0.0, -90.0, -45.0, 45.0, 90.0, 180.0)
RETREAT_DIRECTIONS = ("back", "left", "right", "forward")


def too_close(state: GameState, unit: AsoiafUnit, tray: Tray,
              world: geo.RulesWorld | None = None) -> str | None:
    """The enemy ``tray`` would end within 1" of (AS-CORE-3), if any (``world``, the state's
    prepared geometry, answers the same faster)."""
    if world is not None:
        near = world.enemies_near(unit, tray.polygon, KEEP_AWAY - TOLERANCE)
        return world.units[near[0]].name if near else None
    for enemy in geo.enemies_of(state, unit):
        if tray.polygon.distance(geo.tray_of(enemy).polygon) < KEEP_AWAY - TOLERANCE:
            return enemy.name
    return None


def maneuver_problem(state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                     then: float, world: geo.RulesWorld | None = None) -> str | None:
    """Why this Maneuver is not possible, or None (AS-CORE-3; ``world``, the state's prepared
    geometry, answers the same faster)."""
    found = maneuver_refusal(state, unit, turn, distance, then, world)
    return None if found is None else found.reason


def maneuver_refusal(state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                     then: float, world: geo.RulesWorld | None = None) -> Refusal | None:
    """:func:`maneuver_problem` as a refusal (AS-CORE-3) whose marks outline and name what
    stops the move (a unit or impassable terrain) and the ground swept up to it."""
    problem = _maneuver_problem(state, unit, turn, distance, then, world)
    if isinstance(problem, Refusal):
        return problem
    return None if problem is None else Refusal(problem, ("AS-CORE-3",))


def _maneuver_problem(state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                      then: float, world: geo.RulesWorld | None) -> str | Refusal | None:
    if geo.engaged_enemies(state, unit, world=world):  # trays touching (AS-CORE-6)
        return Refusal(f"{unit.name} is engaged: only Attack or Retreat",
                       ("AS-CORE-3", "AS-CORE-6"))
    if not (-180.0 <= turn <= 180.0 and -180.0 <= then <= 180.0):
        return "pivots are between -180 and 180 degrees"
    if not 0.0 <= distance <= unit.stats.speed + TOLERANCE:
        return f"the move is 0 to {unit.stats.speed}\" (Speed)"
    first, _, end = walk(geo.tray_of(unit), maneuver_legs(turn, distance, then))
    problem = geo.placement_problem(state, unit.id, first, world)
    if problem:
        return f"the first pivot is not possible: {problem}"
    if distance > TOLERANCE:
        d, which = geo.sweep_past(state, first, (unit.id,), distance, world)
        if which is not None and d < distance - TOLERANCE:
            shape = geo.move_blockers(state, unit.id, world=world)[which]
            found = blockers.blocker_of(state, shape)
            return Refusal(f"the move would cross {found.name} after {d:.2f}\"",
                           ("AS-CORE-3",), blockers.blocked_marks(found, first, d))
        if geo.table_exit(first, state) < distance - TOLERANCE:
            return "the move would leave the table"
    problem = geo.placement_problem(state, unit.id, end, world)
    if problem:
        return f"the last pivot is not possible: {problem}"
    near = too_close(state, unit, end, world)
    if near:
        return f"it would end within 1\" of {near}"
    return None


def maneuver_legs(turn: float, distance: float, then: float) -> tuple[Leg, Leg, Leg]:
    """A Maneuver's legs: pivot, move straight ahead, pivot (AS-CORE-3)."""
    return (pivot(turn), advance(distance), pivot(then))


def maneuver_tray(unit: AsoiafUnit, turn: float, distance: float, then: float) -> Tray:
    """Where a Maneuver puts the tray (AS-CORE-3)."""
    return walk(geo.tray_of(unit), maneuver_legs(turn, distance, then))[-1]


def sample_maneuvers(state: GameState, unit: AsoiafUnit, world: geo.RulesWorld | None = None
                     ) -> list[tuple[float, float, float]]:
    """A handful of legal Maneuvers ``(turn, distance, then)`` offered as discrete choices
    (any other is still legal when typed or dragged): per turn the longest of Speed, half
    Speed and none that :func:`maneuver_problem` accepts.

    The same answers as calling :func:`maneuver_problem` for each candidate, computed once per
    unit and turn: the engaged check, the obstacles and one straight sweep at full Speed per
    turn (a sweep up to ``d`` blocks a shorter move ``x`` exactly when its first contact is
    below ``x``, so the full-Speed sweep answers every shorter distance). ``world``, the
    state's prepared geometry, gives the same answers faster."""
    if geo.engaged_enemies(state, unit, world=world):
        return []
    out: list[tuple[float, float, float]] = []
    speed = float(unit.stats.speed)
    tray = geo.tray_of(unit)
    firsts = [(turn, tray.pivoted(turn)) for turn in MANEUVER_TURNS]
    firsts = [(turn, first) for turn, first in firsts
              if not geo.placement_problem(state, unit.id, first, world)]
    stops = _stops(state, unit, [first for _, first in firsts], speed, world)
    for (turn, first), stop in zip(firsts, stops, strict=True):
        exit_at = geo.table_exit(first, state)
        for distance in (speed, speed / 2.0, 0.0):
            if turn == 0.0 and distance == 0.0:
                continue
            if distance > TOLERANCE:
                if stop < distance - TOLERANCE:
                    continue
                if exit_at < distance - TOLERANCE:
                    continue
            end = walk(first, maneuver_legs(turn, distance, 0.0)[1:])[-1]
            if geo.placement_problem(state, unit.id, end, world) or too_close(
                    state, unit, end, world):
                continue
            out.append((turn, distance, 0.0))
            break
    return out


def _stops(state: GameState, unit: AsoiafUnit, firsts: list[Tray], speed: float,
           world: geo.RulesWorld | None) -> list[float]:
    """For each start, how far straight ahead it may go before a unit or impassable terrain
    stops it (``inf`` when nothing does within ``speed``): a move of ``x`` inches is
    stopped exactly when this is below ``x - TOLERANCE``. With ``world``, one batch."""
    if world is not None:
        return [float(d) for d in world.clearances(firsts, (unit.id,), speed)]
    out = []
    for first in firsts:
        d, which = geo.sweep_past(state, first, (unit.id,), speed)
        out.append(math.inf if which is None else d)
    return out


def pivot_options(state: GameState, unit: AsoiafUnit, toward: AsoiafUnit | None,
                  world: geo.RulesWorld | None = None) -> list[float]:
    """Absolute facings a free Pivot may choose: facing ``toward`` and quarter turns
    (``world`` as in :func:`maneuver_problem`)."""
    tray = geo.tray_of(unit)
    wanted = []
    if toward is not None:
        other = geo.tray_of(toward)
        wanted.append(round(facing_of_vector(other.x - tray.x, other.y - tray.y), 3))
    wanted += [(tray.facing + t) % 360.0 for t in (90.0, -90.0, 180.0)]
    out: list[float] = []
    for facing in wanted:
        turned = tray.moved_to(tray.x, tray.y, facing)
        if geo.placement_problem(state, unit.id, turned, world) is None and all(
                abs(facing - f) > 0.5 for f in out):
            out.append(round(facing, 3))
    return out


def direction_vector(tray: Tray, direction: str) -> tuple[float, float]:
    """Unit vector of a retreat direction as the unit sees it."""
    fx, fy = tray.forward
    rx, ry = tray.right
    return {"back": (-fx, -fy), "forward": (fx, fy), "left": (-rx, -ry), "right": (rx, ry)}[
        direction]


def retreat_directions(state: GameState, unit: AsoiafUnit,
                       world: geo.RulesWorld | None = None) -> tuple[str, ...]:
    """Back or sideways; forward too when an enemy engages from the flank or rear (AS-CORE-4;
    ``world`` as in :func:`maneuver_problem`)."""
    tray = geo.tray_of(unit)
    out = ["back", "left", "right"]
    for eid in geo.engaged_enemies(state, unit, world=world):
        arcs = geo.arc_of(tray, geo.tray_of(state.units[eid]))  # type: ignore[arg-type]
        if any(a.value != "front" for a in arcs):
            out.append("forward")
            break
    return tuple(out)


def retreat_problem(state: GameState, unit: AsoiafUnit, direction: str, distance: float,
                    facing: float, world: geo.RulesWorld | None = None) -> str | None:
    """Why this Retreat move is not possible, or None (AS-CORE-4; ``world`` as in
    :func:`maneuver_problem`)."""
    tray = geo.tray_of(unit)
    dx, dy = direction_vector(tray, direction)
    end = tray.translated(dx * distance, dy * distance)
    if not geo.slide_clear(state, unit.id, tray, end, world=world):
        return f"the move would cross {blockers.slide_blocker(state, unit.id, tray, end)}"
    return _end_problem(state, unit, end.moved_to(end.x, end.y, facing), world)


def _end_problem(state: GameState, unit: AsoiafUnit, final: Tray,
                 world: geo.RulesWorld | None) -> str | None:
    """Why a Retreat may not end at ``final``: it does not fit there, or it is within 1" of
    an enemy (AS-CORE-4)."""
    problem = geo.placement_problem(state, unit.id, final, world)
    if problem:
        return problem
    near = too_close(state, unit, final, world)
    if near:
        return f"it would end within 1\" of {near}"
    return None


def retreat_options(state: GameState, unit: AsoiafUnit, limit: float,
                    world: geo.RulesWorld | None = None) -> list[tuple[str, float, float]]:
    """Legal Retreat moves ``(direction, distance, facing)``: per direction the longest and the
    shortest legal distance (half-inch steps), keeping the facing or turning about (``world``
    as in :func:`maneuver_problem`).

    The answers :func:`retreat_problem` gives each candidate, cheaper: one slide sweep per
    direction up to ``limit`` answers every distance (:func:`geo.slide_reach`), and only the
    steps from each end up to the first legal one are placed."""
    tray = geo.tray_of(unit)
    out: list[tuple[str, float, float]] = []
    for direction in retreat_directions(state, unit, world):
        dx, dy = direction_vector(tray, direction)
        reach = geo.slide_reach(state, unit.id, tray, dx, dy, limit, world=world)

        def legal(distance: float, facing: float, dx: float = dx, dy: float = dy,
                  reach: float = reach) -> bool:
            if distance <= TOLERANCE or reach < distance - TOLERANCE:
                return False
            end = tray.translated(dx * distance, dy * distance)
            return _end_problem(state, unit, end.moved_to(end.x, end.y, facing), world) is None

        steps = [limit - 0.5 * k for k in range(int(limit / 0.5) + 1)]
        longest = next((d for d in steps if legal(d, tray.facing)), None)
        if longest is None:
            continue
        shortest = next(d for d in reversed(steps) if legal(d, tray.facing))
        for distance in sorted({longest, shortest}, reverse=True):
            for facing in (tray.facing, (tray.facing + 180.0) % 360.0):
                if legal(distance, facing):
                    out.append((direction, round(distance, 3), round(facing, 3)))
    return out


def retreat_tray(unit: AsoiafUnit, direction: str, distance: float, facing: float) -> Tray:
    """Where a Retreat move puts the tray."""
    tray = geo.tray_of(unit)
    dx, dy = direction_vector(tray, direction)
    end = tray.translated(dx * distance, dy * distance)
    return end.moved_to(end.x, end.y, facing)


def shift_problem(state: GameState, unit: AsoiafUnit, dx: float, dy: float,
                  world: geo.RulesWorld | None = None) -> str | None:
    """Why a ranged attacker's shift of (dx, dy) inches is not possible (AS-RNG-3; ``world``
    as in :func:`maneuver_problem`)."""
    if math.hypot(dx, dy) > 2.0 + TOLERANCE:
        return "a shift is at most 2\""
    tray = geo.tray_of(unit)
    end = tray.translated(dx, dy)
    if not geo.slide_clear(state, unit.id, tray, end, world=world):
        return f"the shift would cross {blockers.slide_blocker(state, unit.id, tray, end)}"
    problem = geo.placement_problem(state, unit.id, end, world)
    if problem:
        return problem
    near = too_close(state, unit, end, world)
    if near:
        return f"it would end within 1\" of {near}"
    return None
