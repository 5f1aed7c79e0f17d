"""Hex-map questions of GODSGLOOM: who stands where, engagement zones, movement, sight.

Geometry comes from :mod:`game.geometry.hexgrid`; this module only adds the game's readings:
an *empty* hex is on the map, not impassable and holds no unit in play; an enemy's
*engagement zone* is its three front-arc neighbour hexes (HX-MOV-3).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from game.core.state import GameState, HexBoard
from game.core.words import hex_facing_words
from game.geometry.hexgrid import (
    Hex,
    HexSight,
    front_arc_directions,
    hex_line_of_sight,
)
from game.rulesets.godsgloom.units import GodsUnit

ROUGH_COST = 2
"""Movement points a ``rough`` hex costs to enter (HX-MOV-1); other hexes cost 1."""


def facing_name(state: GameState, facing: int) -> str:
    """``north-east`` for facing 0, and so on clockwise (on a flat-top map the names turn
    with it: :func:`~game.core.words.hex_facing_words`)."""
    return hex_facing_words(state, facing)


def where(h: Hex | None) -> str:
    """A hex as the log writes it: ``(q,r)``."""
    return "off the map" if h is None else f"({h.q},{h.r})"


def hex_board(state: GameState) -> HexBoard:
    """The state's hex map (GODSGLOOM plays only on hexes)."""
    assert isinstance(state.board, HexBoard), "GODSGLOOM plays on a hex map"
    return state.board


def gods_units(state: GameState, owner: int | None = None) -> list[GodsUnit]:
    """Live GODSGLOOM units, optionally of one player."""
    return [u for u in state.live_units(owner) if isinstance(u, GodsUnit)]


def gods_unit(state: GameState, unit_id: str) -> GodsUnit:
    """The GODSGLOOM unit with this id (KeyError if none)."""
    unit = state.units[unit_id]
    assert isinstance(unit, GodsUnit)
    return unit


def unit_at(state: GameState, h: Hex) -> GodsUnit | None:
    """The unit in play on hex ``h``, if any."""
    for unit in gods_units(state):
        if unit.hex == h:
            return unit
    return None


def is_empty(state: GameState, h: Hex) -> bool:
    """On the map, not impassable and free of units in play (HX-MEL-60, HX-MOV-1)."""
    cell = hex_board(state).cells.get(h)
    return cell is not None and not cell.has("impassable") and unit_at(state, h) is None


def engagement_zone(unit: GodsUnit) -> frozenset[Hex]:
    """The hexes ``unit`` engages: its three front-arc neighbours (HX-MOV-3)."""
    assert unit.hex is not None
    return frozenset(unit.hex.neighbor(d) for d in front_arc_directions(unit.hex_facing))


def enemy_zones(state: GameState, owner: int) -> frozenset[Hex]:
    """Every hex in the engagement zone of a unit of another player."""
    zones: set[Hex] = set()
    for enemy in gods_units(state):
        if enemy.owner != owner:
            zones |= engagement_zone(enemy)
    return frozenset(zones)


def is_engaged(state: GameState, unit: GodsUnit) -> bool:
    """Whether ``unit`` stands in an enemy's engagement zone (HX-MOV-3). A zone is three
    neighbours of its unit's hex, so only enemies next to ``unit`` are asked theirs (the
    selected unit's inspection asks this after each action: every enemy's zone at 200 units
    cost ~1 ms, issue 32)."""
    assert unit.hex is not None
    near = set(unit.hex.neighbors())
    return any(enemy.owner != unit.owner and enemy.hex in near
               and unit.hex in engagement_zone(enemy) for enemy in gods_units(state))


def step_cost(state: GameState, h: Hex) -> int:
    """Movement points to enter ``h`` (HX-MOV-1)."""
    return ROUGH_COST if hex_board(state).cells[h].has("rough") else 1


def reachable(state: GameState, unit: GodsUnit, points: int, max_hexes: int | None) -> set[Hex]:
    """Hexes ``unit`` can end a move on (HX-MOV-1, HX-MOV-3, HX-MOV-4).

    Steps go to empty neighbours for their cost; entering an enemy engagement zone ends the
    move there; a single step to an empty neighbour is always allowed; ``max_hexes`` caps the
    number of steps (1 for a unit that starts engaged, HX-MOV-5).
    """
    assert unit.hex is not None
    zones = enemy_zones(state, unit.owner)
    start = unit.hex
    is_open = _emptiness(state)
    out = {n for n in start.neighbors() if is_open(n)}  # HX-MOV-4
    best: dict[Hex, tuple[int, int]] = {start: (0, 0)}
    frontier: list[tuple[int, int, Hex]] = [(0, 0, start)]
    while frontier:
        spent, steps, here = heapq.heappop(frontier)
        if best.get(here, (spent, steps)) < (spent, steps):
            continue
        if here != start and here in zones:
            continue  # HX-MOV-3: the move stops on entering a zone
        if max_hexes is not None and steps >= max_hexes:
            continue
        for nxt in here.neighbors():
            if not is_open(nxt):
                continue
            cost = (spent + step_cost(state, nxt), steps + 1)
            if cost[0] <= points and cost < best.get(nxt, (points + 1, 0)):
                best[nxt] = cost
                out.add(nxt)
                heapq.heappush(frontier, (cost[0], cost[1], nxt))
    out.discard(start)
    return out


def empty_hexes(state: GameState) -> frozenset[Hex]:
    """Every empty hex of the map (see :func:`is_empty`)."""
    is_open = _emptiness(state)
    return frozenset(h for h in hex_board(state).cells if is_open(h))


def _emptiness(state: GameState) -> Callable[[Hex], bool]:
    """The test of :func:`empty_hexes` for one hex, the units' hexes gathered once: a move's
    search asks it of the few hexes around the mover, where listing every empty hex of a
    large map cost a few milliseconds per activation at 200 units (issue 32)."""
    taken = {u.hex for u in gods_units(state)}
    cells = hex_board(state).cells

    def is_open(h: Hex) -> bool:
        cell = cells.get(h)
        return cell is not None and h not in taken and not cell.has("impassable")

    return is_open


def sight(state: GameState, viewer: GodsUnit, target: Hex, facing: int | None = None) -> HexSight:
    """Line of sight from ``viewer`` to ``target`` (HX-LOS-1): sight-blocking hexes block.

    ``facing`` overrides the viewer's facing (the melee pivot looks before it turns).
    The answer carries the witness lines the table draws.
    """
    assert viewer.hex is not None
    blocking = hex_board(state).blocking("blocks-sight") - {viewer.hex, target}
    return hex_line_of_sight(viewer.hex, viewer.hex_facing if facing is None else facing,
                             target, blocking)
