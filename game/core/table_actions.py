"""The table actions every ruleset understands (WB-TBL-1..3): sandbox moves and pivots, and free
dice rolls, with the placement checks they share.

These are plain functions that :class:`game.core.ruleset.Ruleset` registers for the table's
action types; a ruleset changes them by overriding ``allows_free_moves``,
``placement_refusal`` or ``hex_placement_refusal`` (the checks call them through the ruleset).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.core.actions import DiceSpec, FreeRoll, MoveHex, MoveUnit, Pivot
from game.core.context import Context
from game.core.inspect import Area, HexMark
from game.core.pending import Refusal
from game.core.plan import Placement, Plan
from game.core.present import Ghost, Offer, plain_label
from game.core.state import GameState, HexBoard, TableBoard, Unit
from game.core.words import compass_words, heading_words, hex_facing_words
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset

OVERLAP_AREA = 1e-6
"""Square inches of shared area above which two shapes overlap (touching is not overlapping)."""


def placement_problem(state: GameState, unit_id: str, tray: Tray) -> str | None:
    """Why the unit ``unit_id`` cannot stand at ``tray`` (``"would leave the table"``,
    ``"would overlap X"``, ``"would stand on impassable K"``), or None if it fits. Touching is
    fine; overlap means more than :data:`OVERLAP_AREA` square inches shared."""
    found = placement_blocker(state, unit_id, tray)
    return None if found is None else found[0]


def placement_blocker(state: GameState, unit_id: str, tray: Tray
                      ) -> tuple[str, Polygon | None, str] | None:
    """:func:`placement_problem` with the outline and name of what is in the way (the unit or
    the impassable piece; no outline for the table's edge), so a refusal can draw it."""
    board = state.board
    if isinstance(board, TableBoard) and not board.polygon.buffer(1e-6).covers(tray.polygon):
        return "would leave the table", None, "the table's edge"
    others = [u for u in state.live_units() if u.id != unit_id and u.tray is not None]
    first = _first_overlap(tray, [u.tray.polygon for u in others if u.tray is not None])
    if first is not None:
        hit = others[first]
        return f"would overlap {hit.name}", hit.tray.polygon if hit.tray else None, hit.name
    for piece in state.terrain:
        if piece.has("impassable") and tray.polygon.intersection(piece.polygon).area > (
            OVERLAP_AREA
        ):
            return f"would stand on impassable {piece.kind}", piece.polygon, piece.kind
    return None


def _first_overlap(tray: Tray, polygons: Sequence[Polygon]) -> int | None:
    """Index of the first polygon sharing more than :data:`OVERLAP_AREA` with ``tray`` (the
    same answer as testing them one by one): bounding boxes first, then one vectorised
    intersection of the few left."""
    if not polygons:
        return None
    arr = np.asarray(polygons, dtype=object)
    b = shapely.bounds(arr)
    x0, y0, x1, y1 = tray.polygon.bounds
    near = np.nonzero((b[:, 0] <= x1) & (b[:, 2] >= x0) & (b[:, 1] <= y1) & (b[:, 3] >= y0))[0]
    if len(near) == 0:
        return None
    areas = shapely.area(shapely.intersection(tray.polygon, arr[near]))
    hit = np.nonzero(areas > OVERLAP_AREA)[0]
    return int(near[hit[0]]) if len(hit) else None


def hex_label(h: Hex) -> str:
    """A hex as players read it: ``(q,r)``."""
    return f"({h.q},{h.r})"


def own_unit(state: GameState, unit_id: str) -> Unit | Refusal:
    """The unit ``unit_id`` if it is on the board and the active player's, else why not."""
    unit = state.units.get(unit_id)
    if unit is None or not unit.on_board:
        return Refusal(f"there is no unit {unit_id!r} on the board", ("WB-TBL-1",))
    if unit.owner != state.turn.active:
        return Refusal(f"{unit.name} belongs to another player", ("WB-TBL-1",))
    return unit


def free_unit(ruleset: Ruleset, state: GameState, unit_id: str, what: str,
              rule: str) -> Unit | Refusal:
    """The active player's unit ``unit_id`` if free ``what`` (moves, pivots) are allowed now,
    else why not (WB-TBL-1/2)."""
    if not ruleset.allows_free_moves(state):
        return Refusal(f"free {what} are only allowed in sandbox mode", (rule,))
    return own_unit(state, unit_id)


def travel_words(dx: float, dy: float) -> str:
    """How far and which way a step of ``(dx, dy)`` inches goes: ``6.2" north-east`` (empty
    for a turn on the spot); never the raw coordinates it ends at."""
    distance = (dx * dx + dy * dy) ** 0.5
    return f'{distance:.1f}" {heading_words(dx, dy)}' if distance >= 0.05 else ""


def check_move(ruleset: Ruleset, state: GameState, action: MoveUnit) -> Refusal | None:
    """Why a sandbox move is refused (WB-TBL-1)."""
    unit = free_unit(ruleset, state, action.unit, "moves", "WB-TBL-1")
    if isinstance(unit, Refusal):
        return unit
    if unit.tray is None:
        return Refusal(f"{unit.name} stands on a hex: use hexmove", ("WB-TBL-1",))
    return ruleset.placement_refusal(
        state, unit, unit.tray.moved_to(action.x, action.y, action.facing), "WB-TBL-1"
    )


def do_move(state: GameState, action: MoveUnit, ctx: Context) -> None:
    """Put the tray at its new place (WB-TBL-1)."""
    unit = state.units[action.unit]
    assert unit.tray is not None
    way = travel_words(action.x - unit.tray.x, action.y - unit.tray.y)
    unit.tray = unit.tray.moved_to(action.x, action.y, action.facing)
    ctx.emit(
        "unit.moved",
        f"{unit.name} {f'moves {way}' if way else 'stays'}, facing "
        f"{compass_words(action.facing)}.",
        ["WB-TBL-1"],
        player=unit.owner,
        unit=unit.id,
        x=action.x,
        y=action.y,
        facing=action.facing,
    )


def placement_refusal(
    state: GameState, unit: Unit, tray: Tray, rule: str
) -> Refusal | None:
    """Why ``unit`` cannot stand at ``tray``: off the table, on a unit or impassable terrain;
    what is in the way is outlined (the refusal's marks) for the table to draw."""
    found = placement_blocker(state, unit.id, tray)
    if found is None:
        return None
    problem, blocker, name = found
    marks = () if blocker is None else (
        Area(tuple((float(x), float(y)) for x, y in blocker.exterior.coords[:-1]), "blocker",
             name),)
    return Refusal(f"{unit.name} {problem}", (rule,), marks)


def check_hexmove(ruleset: Ruleset, state: GameState, action: MoveHex) -> Refusal | None:
    """Why a sandbox move on a hex map is refused (WB-TBL-1)."""
    unit = free_unit(ruleset, state, action.unit, "moves", "WB-TBL-1")
    if isinstance(unit, Refusal):
        return unit
    return ruleset.hex_placement_refusal(state, unit, Hex(action.q, action.r), action.facing)


def hex_placement_refusal(
    state: GameState, unit: Unit, target: Hex, facing: int
) -> Refusal | None:
    """Why ``unit`` cannot stand on ``target`` facing ``facing`` (WB-TBL-1)."""
    if unit.hex is None or not isinstance(state.board, HexBoard):
        return Refusal(f"{unit.name} is not on a hex map", ("WB-TBL-1",))
    if not 0 <= facing <= 5:
        return Refusal("a hex facing is 0 to 5", ("WB-TBL-1",))
    cell = state.board.cells.get(target)
    if cell is None:
        return Refusal(f"hex {hex_label(target)} is off the map", ("WB-TBL-1",))
    if cell.has("impassable"):
        return Refusal(f"hex {hex_label(target)} is impassable ({cell.terrain})", ("WB-TBL-1",),
                       (HexMark(target.q, target.r, "blocked", cell.terrain),))
    for other in state.live_units():
        if other.id != unit.id and other.hex == target:
            where = hex_label(target)
            return Refusal(f"{other.name} already stands on hex {where}", ("WB-TBL-1",),
                           (HexMark(target.q, target.r, "blocked", other.name),))
    return None


def do_hexmove(state: GameState, action: MoveHex, ctx: Context) -> None:
    """Put the unit on its new hex and facing (WB-TBL-1)."""
    unit = state.units[action.unit]
    unit.hex = Hex(action.q, action.r)
    unit.hex_facing = action.facing
    ctx.emit(
        "unit.moved",
        f"{unit.name} moves to hex {hex_label(unit.hex)} facing "
        f"{hex_facing_words(state, action.facing)}.",
        ["WB-TBL-1"],
        player=unit.owner,
        unit=unit.id,
        q=action.q,
        r=action.r,
        facing=action.facing,
    )


def check_pivot(ruleset: Ruleset, state: GameState, action: Pivot) -> Refusal | None:
    """Why a sandbox pivot is refused (WB-TBL-2)."""
    unit = free_unit(ruleset, state, action.unit, "pivots", "WB-TBL-2")
    if isinstance(unit, Refusal):
        return unit
    if unit.tray is not None:
        turned = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
        return ruleset.placement_refusal(state, unit, turned, "WB-TBL-2")
    if not float(action.facing).is_integer() or not 0 <= action.facing <= 5:
        return Refusal("a hex facing is a whole number 0 to 5", ("WB-TBL-2",))
    return None


def do_pivot(state: GameState, action: Pivot, ctx: Context) -> None:
    """Turn the unit in place (WB-TBL-2)."""
    unit = state.units[action.unit]
    if unit.tray is not None:
        unit.tray = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
        towards = compass_words(action.facing)
    else:
        unit.hex_facing = int(action.facing)
        towards = hex_facing_words(state, unit.hex_facing)
    ctx.emit(
        "unit.pivoted",
        f"{unit.name} turns to face {towards}.",
        ["WB-TBL-2"],
        player=unit.owner,
        unit=unit.id,
        facing=action.facing,
    )


def check_free_roll(state: GameState, action: FreeRoll) -> Refusal | None:
    """Why a free roll is refused: a procedure is running, or the results do not fit."""
    if state.procedures:
        return Refusal("free dice wait until the running procedure ends", ("WB-TBL-3",))
    spec = DiceSpec.parse(action.spec)
    if action.results:
        problem = spec.accepts(action.results)
        if problem:
            return Refusal(problem, ("WB-TBL-3",))
    return None


def do_free_roll(state: GameState, action: FreeRoll, ctx: Context) -> None:
    """Record a free roll in the log (WB-TBL-3)."""
    ctx.emit(
        "dice.free",
        f"Free roll {action.spec}: {' '.join(map(str, action.results))} "
        f"(total {sum(action.results)}).",
        ["WB-TBL-3"],
        player=state.turn.active,
        spec=action.spec,
        results=list(action.results),
        total=sum(action.results),
    )


# --- the table moves as plans (issue 24): where the unit will stand, and its ghost ---------


def plan_move(ruleset: Ruleset, state: GameState, action: MoveUnit
              ) -> Plan[MoveUnit, None] | Refusal:
    """A sandbox move's plan: the tray's new pose (WB-TBL-1), or why not."""
    refusal = check_move(ruleset, state, action)
    if refusal is not None:
        return refusal
    pose = (action.x, action.y, action.facing)
    return Plan(action, None, ("WB-TBL-1",), placements=(Placement(action.unit, pose=pose),))


def plan_hexmove(ruleset: Ruleset, state: GameState, action: MoveHex
                 ) -> Plan[MoveHex, None] | Refusal:
    """A sandbox hex move's plan: the unit's new hex and facing (WB-TBL-1), or why not."""
    refusal = check_hexmove(ruleset, state, action)
    if refusal is not None:
        return refusal
    place = Placement(action.unit, hex=(action.q, action.r), hex_facing=action.facing)
    return Plan(action, None, ("WB-TBL-1",), placements=(place,))


def plan_pivot(ruleset: Ruleset, state: GameState, action: Pivot) -> Plan[Pivot, None] | Refusal:
    """A sandbox pivot's plan: the unit turned in place (WB-TBL-2), or why not."""
    refusal = check_pivot(ruleset, state, action)
    if refusal is not None:
        return refusal
    unit = state.units[action.unit]
    if unit.tray is not None:
        place = Placement(unit.id, pose=(unit.tray.x, unit.tray.y, action.facing))
    else:
        place = Placement(unit.id, hex_facing=int(action.facing))
    return Plan(action, None, ("WB-TBL-2",), placements=(place,))


def apply_move(state: GameState, plan: Plan[MoveUnit, None], ctx: Context) -> None:
    """Apply a sandbox move's plan (WB-TBL-1)."""
    do_move(state, plan.action, ctx)


def apply_hexmove(state: GameState, plan: Plan[MoveHex, None], ctx: Context) -> None:
    """Apply a sandbox hex move's plan (WB-TBL-1)."""
    do_hexmove(state, plan.action, ctx)


def apply_pivot(state: GameState, plan: Plan[Pivot, None], ctx: Context) -> None:
    """Apply a sandbox pivot's plan (WB-TBL-2)."""
    do_pivot(state, plan.action, ctx)


def show_move(state: GameState, action: MoveUnit | MoveHex,
              plan: Plan[MoveUnit, None] | Plan[MoveHex, None] | Refusal) -> Offer:
    """A free move as a player sees it: a plain label and the ghost where it would stand."""
    names = {u.id: u.name for u in state.units.values()}
    ghost = (Ghost(action.unit, pose=(action.x, action.y, action.facing))
             if isinstance(action, MoveUnit) else
             Ghost(action.unit, hex=(action.q, action.r), hex_facing=action.facing))
    return Offer(action, plain_label(action, names), target=action.target_id(), ghost=ghost)
