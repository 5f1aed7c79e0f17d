"""Where Ninth Age units may go: the Charge's contact position, Advances, Marches and turns,
and what shooting can reach. Pure checks: nothing here changes the state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.core.pending import Refusal
from game.core.present import possessive
from game.core.ruleset import OVERLAP_AREA, placement_problem
from game.core.state import GameState
from game.geometry.arcs import ARC_EDGE, Arc, arc_region, arcs_of_point
from game.geometry.legs import advance, walk, wheel
from game.geometry.legs import wheeled as wheeled  # the wheel (NA-MOV-1), for this package
from game.geometry.ranked import Attached, FormationError, form_block
from game.geometry.tray import Tray, facing_of_vector
from game.rulesets.ninth_age.engage import (
    bow_range,
    engaged_enemies,
    ninth_units,
    shooting_distance,
)
from game.rulesets.ninth_age.sight import blockers, line_of_sight
from game.rulesets.ninth_age.units import NinthUnit

ENEMY_GAP = 1.0
"""A move may not end within this many inches of an enemy (NA-MOV-1)."""

ARC_ORDER = (Arc.FRONT, Arc.LEFT, Arc.RIGHT, Arc.REAR)



@dataclass(frozen=True)
class Moved:
    """Where a checked move or charge puts a unit, and the inches it pays (a plan's detail,
    NA-MOV-1/2/3, NA-CHG-2): the handler applies this very record."""

    tray: Tray
    distance: float = 0.0

def charge_arcs(charger: NinthUnit, target: NinthUnit) -> list[Arc]:
    """The target's arcs holding the middle of the charger's front (NA-CHG-2); two on a
    dividing line (the charger picks)."""
    assert charger.tray is not None and target.tray is not None
    held = arcs_of_point(target.tray, charger.tray.front_arrow)
    return [a for a in ARC_ORDER if a in held]


def contact_tray(charger: NinthUnit, target: NinthUnit, arc: Arc, centred: bool = False) -> Tray:
    """The charger's boundary flush with the target's edge facing ``arc``, facing it, its front
    slid along the edge to the point nearest its current front middle and kept on the edge as
    far as it fits (most models in contact) -- or centred on the edge (NA-CHG-2 reading)."""
    assert charger.tray is not None and target.tray is not None
    side = ARC_EDGE[arc]
    (ax, ay), (bx, by) = target.tray.edge_points(side)
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = target.tray.edge_normal(side)
    width = charger.tray.width
    px, py = charger.tray.front_arrow
    along = (px - ax) * ux + (py - ay) * uy
    if centred or width >= length:
        along = length / 2.0
    else:
        along = min(max(along, width / 2.0), length - width / 2.0)
    fx, fy = ax + ux * along, ay + uy * along
    facing = facing_of_vector(-nx, -ny)
    return Tray.with_front_arrow_at(fx, fy, facing, width, charger.tray.depth,
                                    charger.tray.files, charger.tray.ranks)


def wheel_distance(tray: Tray, degrees: float) -> float:
    """Inches the outer front corner travels in a wheel (what the move allowance pays)."""
    return tray.width * abs(math.radians(degrees))


ARC_STEP = 2.0
"""Degrees per side of the polygon drawn around a wheel's outer arc (circumscribed, so the
ground checked is never smaller than the ground swept)."""


def wheel_swept(tray: Tray, degrees: float) -> Polygon:
    """The exact ground a wheel sweeps (NA-MOV-1): seen from the pivot corner, a rectangle's
    reach grows to the far rear corner and shrinks again, so the largest reach over the turn
    is either one of the two end positions or the far corner's circle while it passes. The
    ground is the two boundaries and the sector the far corner sweeps, the arc drawn as a
    circumscribed polygon."""
    if abs(degrees) <= 1e-12:
        return tray.polygon
    px, py = tray.corners[1] if degrees > 0 else tray.corners[0]
    far = tray.corners[3] if degrees > 0 else tray.corners[2]  # the diagonally opposite one
    radius = math.hypot(far[0] - px, far[1] - py)
    start = math.atan2(far[1] - py, far[0] - px)
    sweep = -math.radians(degrees)  # clockwise on the table is a negative angle
    steps = max(1, math.ceil(abs(degrees) / ARC_STEP))
    reach = radius / math.cos(abs(sweep) / steps / 2.0)
    ring = [(px, py), far]
    for i in range(steps):  # vertices on the tangents' crossings, midway between the steps
        a = start + sweep * (i + 0.5) / steps
        ring.append((px + reach * math.cos(a), py + reach * math.sin(a)))
    end = wheeled(tray, degrees)
    ring.append(end.corners[3] if degrees > 0 else end.corners[2])
    return unary_union([tray.polygon, end.polygon, Polygon(ring).buffer(0)])


SHIFT_DIRECTIONS = ("back", "left", "right")
"""Where a Shift steps (NA-MOV-3)."""


def manoeuvred(tray: Tray, ahead: float, degrees: float,
               then: float) -> tuple[Tray, float, Polygon]:
    """Where a combined move ends, the distance it pays (the straight parts and the wheel's
    outer corner) and the ground it sweeps: both straight hulls and the wheel's exact
    sweep (NA-MOV-2)."""
    first, turned, last = walk(tray, (advance(ahead), wheel(degrees), advance(then)))
    ground = [tray.polygon.union(first.polygon).convex_hull,
              turned.polygon.union(last.polygon).convex_hull]
    if degrees:
        ground.append(wheel_swept(first, degrees))
    return last, ahead + wheel_distance(first, degrees) + then, unary_union(ground)


def shifted(tray: Tray, direction: str, distance: float) -> Tray:
    """The boundary stepped ``distance`` inches back, left or right, facing kept (NA-MOV-3)."""
    if direction == "back":
        return tray.advanced(-distance)
    x, y = tray.local_to_table(-distance if direction == "left" else distance, 0.0)
    return tray.moved_to(x, y, tray.facing)


def _touching(ground: Polygon, units: list[NinthUnit]) -> list[NinthUnit]:
    """The units whose boundary meets ``ground`` at all, in their order: one vectorised test
    over every unit, so that only these pay for the exact overlap (at 200 units a move's
    check met each unit one by one)."""
    hits = shapely.intersects(ground, [u.tray.polygon for u in units if u.tray is not None])
    return [u for u, hit in zip(units, hits, strict=True) if hit]


def path_problem(state: GameState, unit: NinthUnit, new: Tray, ignore: set[str],
                 swept: Polygon | None = None) -> str | None:
    """Why the path from the unit's boundary to ``new`` is blocked (another unit or
    impassable terrain inside the ground swept: the straight path unless ``swept`` is
    given), or None."""
    assert unit.tray is not None
    if swept is None:
        swept = unit.tray.polygon.union(new.polygon).convex_hull
    others = [o for o in ninth_units(state)
              if o.id != unit.id and o.id not in ignore and o.tray is not None]
    for other in _touching(swept, others):
        assert other.tray is not None
        if swept.intersection(other.tray.polygon).area > OVERLAP_AREA:
            return f"the way is blocked by {other.name}"
    for piece in state.terrain:
        if piece.has("impassable") and swept.intersection(piece.polygon).area > OVERLAP_AREA:
            return f"the way crosses impassable {piece.kind}"
    return placement_problem(state, unit.id, new)


def in_front_arc(viewer: NinthUnit, target: NinthUnit) -> bool:
    """Whether some of the target's boundary lies in the viewer's Front Arc (corner-45)."""
    assert viewer.tray is not None and target.tray is not None
    region = arc_region(viewer.tray, Arc.FRONT, "corner-45", 200.0)
    return bool(region.intersection(target.tray.polygon).area > OVERLAP_AREA)


def charge_refusal(state: GameState, charger: NinthUnit, target_id: str,
                   facing: str = "") -> Refusal | Tray:
    """The charger's contact position, or why the charge is refused (NA-CHG-1/2)."""
    target = state.units.get(target_id)
    if not isinstance(target, NinthUnit) or not target.on_board:
        return Refusal(f"there is no unit {target_id!r} in play", ("NA-CHG-1",))
    if target.owner == charger.owner:
        return Refusal(f"{target.name} is a friend", ("NA-CHG-1",))
    if engaged_enemies(state, charger):
        return Refusal(f"{charger.name} is already in combat", ("NA-CHG-1", "NA-CON-1"))
    if charger.charged or charger.moved:
        return Refusal(f"{charger.name} has already moved this turn", ("NA-CHG-1",))
    if not in_front_arc(charger, target):
        return Refusal(f"{target.name} is not in {possessive(charger.name)} Front Arc",
                       ("NA-CHG-1",))
    gap = shooting_distance(charger, target)
    if gap > charger.model.cha:
        return Refusal(f"{target.name} is {gap:.1f}\" away, beyond the Charge reach of "
                       f"{charger.model.cha}\"", ("NA-CHG-1",))
    arcs = charge_arcs(charger, target)
    if not arcs:
        return Refusal("the charger's front is inside the target", ("NA-CHG-2",))
    if facing:
        chosen = [a for a in arcs if a.value == facing]
        if not chosen:
            return Refusal(f"the charger's front is not in the {facing} arc", ("NA-CHG-2",))
        arcs = chosen
    arc = arcs[0]
    problem = ""
    for centred in (False, True):
        tray = contact_tray(charger, target, arc, centred)
        why = path_problem(state, charger, tray, {target.id})
        if why is None:
            return tray
        problem = why
    return Refusal(f"{charger.name} cannot reach {possessive(target.name)} {arc.value}: {problem}",
                   ("NA-CHG-2",))


def mover_refusal(state: GameState, unit: NinthUnit) -> Refusal | None:
    """Why the unit may not move at all this phase (NA-MOV-1), or None."""
    if engaged_enemies(state, unit):
        return Refusal(f"{unit.name} is in combat", ("NA-MOV-1", "NA-CON-1"))
    if unit.charged:
        return Refusal(f"{unit.name} charged this turn", ("NA-MOV-1",))
    if unit.id in state.turn.activated:
        return Refusal(f"{unit.name} has already moved this phase", ("NA-MOV-1",))
    return None


def move_refusal(state: GameState, unit: NinthUnit, new: Tray, distance: float,
                 swept: Polygon | None = None) -> Refusal | None:
    """Why a move to ``new`` is refused (NA-MOV-1), or None."""
    why_not = mover_refusal(state, unit)
    if why_not is not None:
        return why_not
    if not 0 <= distance <= 2 * unit.model.mob + 1e-9:
        return Refusal(f"a March is at most {2 * unit.model.mob}\"", ("NA-MOV-1",))
    why = path_problem(state, unit, new, set(), swept)
    if why is not None:
        return Refusal(f"{unit.name}: {why}", ("NA-MOV-1",))
    enemies = [e for e in ninth_units(state) if e.owner != unit.owner and e.tray is not None]
    gaps = shapely.distance(new.polygon, [e.tray.polygon for e in enemies if e.tray])
    for enemy, gap in zip(enemies, gaps, strict=True):
        if gap < ENEMY_GAP - 1e-9:
            return Refusal(f"{unit.name} would end within 1\" of {enemy.name}", ("NA-MOV-1",))
    return None


def manoeuvre_refusal(state: GameState, unit: NinthUnit, ahead: float, degrees: float,
                      then: float) -> Refusal | tuple[Tray, float]:
    """Where a combined move ends and what it pays, or why it is refused (NA-MOV-2): straight
    parts not backwards, a wheel of at most 180 degrees, all within the March rate, the swept
    ground free."""
    if not all(math.isfinite(v) for v in (ahead, degrees, then)):
        return Refusal("distances and angles are numbers", ("NA-MOV-2",))
    if ahead < 0 or then < 0:
        return Refusal("a combined move goes forwards (a Shift steps back)", ("NA-MOV-2",))
    if abs(degrees) > 180:
        return Refusal("a wheel turns at most 180 degrees", ("NA-MOV-2",))
    assert unit.tray is not None
    new, distance, ground = manoeuvred(unit.tray, ahead, degrees, then)
    if distance > 2 * unit.model.mob + 1e-9:
        return Refusal(f"{distance:.1f}\" with the wheel counted is beyond the March rate of "
                       f"{2 * unit.model.mob}\"", ("NA-MOV-2", "NA-MOV-1"))
    why = move_refusal(state, unit, new, distance, ground)
    return why if why is not None else (new, distance)


def shift_refusal(state: GameState, unit: NinthUnit, direction: str,
                  distance: float) -> Refusal | Tray:
    """Where a Shift ends, or why it is refused (NA-MOV-3): back, left or right, more than
    nothing and at most half the Advance rate, the straight path free."""
    if direction not in SHIFT_DIRECTIONS:
        return Refusal(f"a Shift goes {', '.join(SHIFT_DIRECTIONS)}", ("NA-MOV-3",))
    half = unit.model.mob / 2.0
    if not math.isfinite(distance) or not 0 < distance <= half + 1e-9:
        return Refusal(f"a Shift is more than 0\" and at most half the Advance rate "
                       f"({half:g}\")", ("NA-MOV-3",))
    assert unit.tray is not None
    new = shifted(unit.tray, direction, distance)
    why = move_refusal(state, unit, new, distance)
    return why if why is not None else new


def reformed(unit: NinthUnit, files: int, turn: float) -> Tray | str:
    """The boundary after a reform ``files`` wide turned ``turn`` degrees about the same
    centre (NA-MOV-1), or why the unit cannot stand so (NA-ATT-1)."""
    assert unit.tray is not None
    models = unit.rf_alive() + len(unit.characters)
    if not 1 <= files <= max(models, 1):
        return f"{unit.name} has {models} models: 1 to {models} files"
    try:
        f = form_block(unit.model.base, unit.rf_models, files,
                       [Attached(c.key, c.profile.base) for c in unit.characters])
    except FormationError as exc:
        return f"{unit.name} cannot stand {files} wide: {exc}"
    return Tray(unit.tray.x, unit.tray.y, (unit.tray.facing + turn) % 360.0, f.width, f.depth,
                max(f.files, 1), max(f.ranks, 1))


def reform_refusal(state: GameState, unit: NinthUnit, files: int,
                   turn: float) -> Refusal | Tray:
    """The boundary after a reform, or why it is refused (NA-MOV-1): the unit's whole move,
    the old and new places together must be free of other units and impassable ground."""
    if not math.isfinite(turn):
        return Refusal("a turn is a number of degrees", ("NA-MOV-1",))
    new = reformed(unit, files, turn)
    if isinstance(new, str):
        return Refusal(new, ("NA-MOV-1", "NA-ATT-1"))
    assert unit.tray is not None
    why = move_refusal(state, unit, new, 0.0, unit.tray.polygon.union(new.polygon))
    return why if why is not None else new


def shoot_refusal(state: GameState, shooter: NinthUnit, target_id: str) -> Refusal | None:
    """Why ``shooter`` cannot shoot at ``target_id`` (NA-SHT-1), or None."""
    target = state.units.get(target_id)
    if not isinstance(target, NinthUnit) or not target.on_board:
        return Refusal(f"there is no unit {target_id!r} in play", ("NA-SHT-1",))
    if target.owner == shooter.owner:
        return Refusal(f"{target.name} is a friend", ("NA-SHT-1",))
    reach = bow_range(shooter.model)
    if not reach or shooter.model.aim is None:
        return Refusal(f"{shooter.name} has no ranged weapon", ("NA-SHT-1",))
    if shooter.id in state.turn.activated:
        return Refusal(f"{shooter.name} has already shot", ("NA-SHT-1",))
    if engaged_enemies(state, shooter) or engaged_enemies(state, target):
        return Refusal("units in combat neither shoot nor are shot at",
                       ("NA-SHT-1", "NA-CON-1"))
    if shooter.marched:
        return Refusal(f"{shooter.name} marched this turn", ("NA-SHT-1",))
    if not in_front_arc(shooter, target):
        return Refusal(f"{target.name} is not in the Front Arc", ("NA-SHT-1",))
    gap = shooting_distance(shooter, target)
    if gap > reach:
        return Refusal(f"{target.name} is {gap:.1f}\" away, beyond {reach:g}\"", ("NA-SHT-1",))
    if line_of_sight(state, shooter, target) is None:
        assert shooter.tray is not None and target.tray is not None
        between = shooter.tray.polygon.union(target.tray.polygon).convex_hull
        names = sorted({n for n, p in blockers(state, shooter, target) if p.intersects(between)})
        return Refusal(f"{shooter.name} has no Line of Sight to {target.name} within 45 degrees"
                       f" of its front (blocked by {', '.join(names) or 'the angle'})",
                       ("NA-SHT-2",))
    return None
