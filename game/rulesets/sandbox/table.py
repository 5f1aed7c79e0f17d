"""What the sandbox tells the table: plain words for its free moves and two buttons per unit.

The sandbox has no rules of its own, only the table's (WB-TBL-*): a unit is placed anywhere it
fits and turned in place. On a table, "Move" and "Turn" are continuous choices made by pointing
(:class:`~game.core.present.Steer`; the table checks each with ``why_not``); on a hex map they
list every free hex and every facing with ghosts. Player-facing text shows no action syntax.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.core.actions import EndActivation, FreeRoll, MoveHex, MoveUnit, Pivot
from game.core.pending import Refusal
from game.core.plan import Plan
from game.core.present import Command, Ghost, Offer, Steer
from game.core.state import GameState, HexBoard, Unit
from game.core.table_actions import travel_words
from game.core.words import compass_words, hex_facing_words
from game.geometry.hexgrid import Hex
from game.geometry.tray import facing_of_vector, normalise_facing

if TYPE_CHECKING:
    from game.rulesets.sandbox import SandboxRuleset

Point = tuple[float, float]

SNAP = 15.0
"""Degrees a pointed turn snaps to unless the player aims freely."""


def _name(state: GameState, unit_id: str) -> str:
    unit = state.units.get(unit_id)
    return unit.name if unit is not None else unit_id


def show_move(state: GameState, action: MoveUnit, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A free move in words, with its ghost (WB-TBL-1)."""
    return Offer(action, _move_words(state, action),
                 "Put the unit anywhere it fits: on the table, on no other unit.",
                 ghost=Ghost(action.unit, pose=(action.x, action.y, action.facing)))


def show_hexmove(state: GameState, action: MoveHex, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A free hex move in words, with its ghost (WB-TBL-1)."""
    facing = hex_facing_words(state, action.facing)
    return Offer(action, f"Place {_name(state, action.unit)} on hex ({action.q},{action.r}) "
                 f"facing {facing}", "Put the unit on any free hex.",
                 ghost=Ghost(action.unit, hex=(action.q, action.r), hex_facing=action.facing))


def show_pivot(state: GameState, action: Pivot, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A free turn in words, with its ghost (WB-TBL-2)."""
    return _present_pivot(state, action)


def show_roll(state: GameState, action: FreeRoll, plan: Plan[Any, Any] | Refusal) -> Offer:
    """Free dice (WB-TBL-3)."""
    rolled = f": {' '.join(map(str, action.results))}" if action.results else ""
    return Offer(action, f"Roll {action.spec}{rolled}", "Free dice, recorded in the log.")


def show_end(state: GameState, action: EndActivation, plan: Plan[Any, Any] | Refusal) -> Offer:
    """Handing the table on (WB-TBL-4)."""
    nxt = state.player(state.next_player(state.turn.active)).name
    return Offer(action, f"End the turn ({nxt} plays next)",
                 "Hand the table to the next player.")


def _move_words(state: GameState, action: MoveUnit) -> str:
    """``Move n1 4.5" north, facing east``: how far, which way and the facing in compass
    words (issue 13: never ``facing 90 degrees`` or raw coordinates)."""
    unit = state.units.get(action.unit)
    name, facing = _name(state, action.unit), compass_words(action.facing)
    if unit is None or unit.tray is None:
        return f"Place {name} facing {facing}"
    way = travel_words(action.x - unit.tray.x, action.y - unit.tray.y)
    return f"Move {name} {way}, facing {facing}" if way else f"Turn {name} to face {facing}"


def _present_pivot(state: GameState, action: Pivot) -> Offer:
    unit = state.units.get(action.unit)
    name = _name(state, action.unit)
    if unit is not None and unit.tray is not None:
        t = unit.tray
        return Offer(action, f"Turn {name} to face {compass_words(action.facing)}",
                     "Turn the unit in place.", ghost=Ghost(unit.id, pose=(t.x, t.y,
                                                                            action.facing)))
    here = (unit.hex.q, unit.hex.r) if unit is not None and unit.hex is not None else None
    facing = int(action.facing) % 6
    ghost = Ghost(action.unit, hex=here, hex_facing=facing) if here else None
    return Offer(action, f"Turn {name} to face {hex_facing_words(state, facing)}",
                 "Turn the unit in place.", ghost=ghost)


def commands(rs: SandboxRuleset, state: GameState, unit_id: str) -> tuple[Command, ...]:
    """"Move" and "Turn" for a unit of the player at the table (refused otherwise)."""
    unit = state.units.get(unit_id)
    if unit is None or not unit.on_board:
        return ()
    refusal = rs.why_not(state, Pivot(unit_id, _facing_now(unit)))
    if unit.tray is not None:
        return _tray_commands(rs, state, unit, refusal)
    return _hex_commands(rs, state, unit, refusal)


def _facing_now(unit: Unit) -> float:
    return unit.tray.facing if unit.tray is not None else float(unit.hex_facing)


def _tray_commands(rs: SandboxRuleset, state: GameState, unit: Unit,
                   refusal: Refusal | None) -> tuple[Command, ...]:
    def place(point: Point, turn: float, free: bool) -> Offer | None:
        assert unit.tray is not None
        return rs.present(state, MoveUnit(unit.id, point[0], point[1],
                                          normalise_facing(unit.tray.facing + turn)))

    def turn_to(point: Point, turn: float, free: bool) -> Offer | None:
        assert unit.tray is not None
        dx, dy = point[0] - unit.tray.x, point[1] - unit.tray.y
        if math.hypot(dx, dy) < 1e-6:
            return None
        facing = facing_of_vector(dx, dy)
        if not free:
            facing = round(facing / SNAP) * SNAP
        return rs.present(state, Pivot(unit.id, normalise_facing(facing + turn)))

    return (Command("move", "Move", "Put the unit where you point (the wheel turns it).",
                    steer=Steer(unit.id, place, "Point where the unit's centre goes."),
                    refusal=refusal),
            Command("turn", "Turn", "Turn the unit to face where you point.",
                    steer=Steer(unit.id, turn_to, "Point where the unit should face."),
                    refusal=refusal))


def _hex_commands(rs: SandboxRuleset, state: GameState, unit: Unit,
                  refusal: Refusal | None) -> tuple[Command, ...]:
    moves: tuple[Offer, ...] = ()
    turns: tuple[Offer, ...] = ()
    if refusal is None and isinstance(state.board, HexBoard):
        cells = sorted(state.board.cells)
        moves = tuple(o for o in (rs.present(state, MoveHex(unit.id, h.q, h.r, unit.hex_facing))
                                  for h in cells if h != unit.hex
                                  and rs.hex_placement_refusal(state, unit, Hex(h.q, h.r),
                                                               unit.hex_facing) is None)
                      if o is not None)
        turns = tuple(_present_pivot(state, Pivot(unit.id, float(f)))
                      for f in range(6) if f != unit.hex_facing)
    return (Command("move", "Move", "Put the unit on any free hex.", moves, refusal=refusal),
            Command("turn", "Turn", "Turn the unit to face another side.", turns,
                    refusal=refusal))
