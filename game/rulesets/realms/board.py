"""The realms board as the rules read it: spaces with elevation, obstructions, walls and
transit pads (RL-ELV-*), footprints, range (RL-RNG-1, RL-ELV-2/3), 2.5D sight (RL-LOS-1),
melee across elevation (RL-ELV-1) and movement (RL-MOV-1).

The core :class:`~game.core.state.HexBoard` gives every space's elevation (pegs) and keywords
(``impassable``); a space whose terrain is ``void`` is a gap, not a space. Obstructions (a
space filled to a height), walls (an edge with a height) and transit-pad links come from the
scenario's ``[rules.options]`` and are read into :class:`Features`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from game.core.state import GameState, HexBoard
from game.geometry.elevation import (
    PEGS_PER_SPACE,
    Point3,
    SightField,
    Wall,
    downward_range_bonus,
    peg_position,
    peg_range,
    shared_edge,
    sight_over,
    target_points,
)
from game.geometry.hexgrid import Hex, hex_line
from game.rulesets.realms.units import RealmsUnit, footprint_at, spaces

VOID = "void"
"""Terrain name of a hex that is not a space (a gap between spaces; RL-ELV-3)."""
EYE_FORWARD = 2.0
"""Pegs in front of the head space's centre where the eyes are (a weapon front is at 3)."""


@dataclass(frozen=True)
class Features:
    """What the scenario adds to the hex map: obstructions (space -> height in pegs), walls
    (pair of neighbouring spaces -> height in pegs above the higher of the two) and transit
    pads (space -> linked space, both ways)."""

    obstructions: Mapping[Hex, int] = field(default_factory=dict)
    walls: Mapping[frozenset[Hex], int] = field(default_factory=dict)
    pads: Mapping[Hex, Hex] = field(default_factory=dict)


@dataclass(frozen=True)
class Sighting:
    """A 2.5D sight answer for a pair of units: the eye used, the point seen, or what
    blocked every line (spaces and walls as pairs of spaces) and whether the cone did."""

    visible: bool
    eye: Point3 | None = None
    point: Point3 | None = None
    blocking: tuple[Hex, ...] = ()
    walls: tuple[frozenset[Hex], ...] = ()
    outside_cone: bool = False


@dataclass(frozen=True)
class Reach:
    """Range between two units: spaces apart, the range available and its parts."""

    distance: int
    weapon_range: int
    bonus: int
    ranged: bool
    gap: bool = False
    """Whether the range was measured across a gap, in pegs / 6 rounded up (RL-ELV-3)."""

    def rules(self) -> tuple[str, ...]:
        """The range rules that decided this reach beyond counting spaces (RL-RNG-1): the
        downward bonus (RL-ELV-2) and the peg range across a gap (RL-ELV-3)."""
        return (*(("RL-ELV-2",) if self.bonus else ()), *(("RL-ELV-3",) if self.gap else ()))

    @property
    def reach(self) -> int:
        """The range the attack reaches (RL-RNG-1: no range means neighbours only)."""
        return max(1, self.weapon_range) + self.bonus

    @property
    def ok(self) -> bool:
        """Whether the target is in range."""
        return self.distance <= self.reach


def is_space(board: HexBoard, h: Hex) -> bool:
    """Whether ``h`` is a space of the board (on the map and not a void gap)."""
    cell = board.cells.get(h)
    return cell is not None and cell.terrain != VOID


def standable(board: HexBoard, feats: Features, h: Hex) -> bool:
    """Whether a figure may stand on ``h``: a space, not impassable, not obstructed."""
    cell = board.cells.get(h)
    return (cell is not None and cell.terrain != VOID and not cell.has("impassable")
            and h not in feats.obstructions)


def elevation(board: HexBoard, h: Hex) -> int:
    """A space's elevation in pegs."""
    return board.cells[h].elevation


def base_of(board: HexBoard, unit: RealmsUnit, where: Iterable[Hex] | None = None) -> int:
    """The elevation a unit stands at: the highest space under it (pegs)."""
    return max(elevation(board, h) for h in (spaces(unit) if where is None else where))


def top_of(board: HexBoard, unit: RealmsUnit) -> int:
    """The unit's top in pegs (its base plus its height)."""
    return base_of(board, unit) + unit.height


def hex_board(state: GameState) -> HexBoard:
    """The state's board, which a realms game always plays on."""
    assert isinstance(state.board, HexBoard)
    return state.board


def occupant_map(state: GameState) -> dict[Hex, RealmsUnit]:
    """Which live unit covers each space."""
    out: dict[Hex, RealmsUnit] = {}
    for u in state.live_units():
        if isinstance(u, RealmsUnit) and u.hex is not None:
            for h in spaces(u):
                out[h] = u
    return out


def linked(feats: Features, a: Hex, b: Hex) -> bool:
    """Whether a transit pad joins ``a`` and ``b``."""
    return feats.pads.get(a) == b


# --- range (RL-RNG-1, RL-ELV-2, RL-ELV-3) --------------------------------------------------


def space_distance(board: HexBoard, feats: Features, a: Hex, b: Hex) -> int:
    """Spaces between ``a`` and ``b`` for range (RL-RNG-1): the attacker's own space is not
    counted, neighbours and pad-linked spaces are 1; when no space lies on the straight line
    between two spaces that are not neighbours (a gap), the peg distance / 6 rounded up
    (RL-ELV-3)."""
    if a == b:
        return 0
    if a.distance(b) == 1 or linked(feats, a, b):
        return 1
    if across_gap(board, a, b):
        return peg_range(a, b)  # RL-ELV-3
    return a.distance(b)


def across_gap(board: HexBoard, a: Hex, b: Hex) -> bool:
    """Whether only gaps lie on the straight line between ``a`` and ``b`` (not neighbours),
    so their range is measured in pegs (RL-ELV-3)."""
    inner = hex_line(a, b)[1:-1]
    return bool(inner) and not any(is_space(board, h) for h in inner)


def reach(board: HexBoard, feats: Features, att: RealmsUnit, tgt: RealmsUnit,
          weapon_range: int) -> Reach:
    """RL-RNG-1 from any space of the attacker to any space under the target, with the
    downward bonus of RL-ELV-2 for a ranged attack (range 2 or more)."""
    pairs = [(space_distance(board, feats, a, t), a, t) for a in spaces(att) for t in spaces(tgt)]
    dist = min(d for d, _a, _t in pairs)
    gap = any(a.distance(t) > 1 and not linked(feats, a, t) and across_gap(board, a, t)
              for d, a, t in pairs if d == dist)  # measured in pegs (RL-ELV-3)
    ranged = weapon_range >= 2
    bonus = downward_range_bonus(base_of(board, att), att.height, base_of(board, tgt)) \
        if ranged else 0
    return Reach(dist, weapon_range, bonus, ranged, gap)


def beyond(feats: Features, att: RealmsUnit, tgt: RealmsUnit, most: int) -> bool:
    """Whether every space under ``tgt`` is more than ``most`` spaces from every space of
    ``att`` for range (RL-RNG-1, RL-ELV-3), without drawing a line: :func:`space_distance`
    of a pair is 0, 1 (neighbours, a pad link), the peg range or the counted spaces, so the
    least of those is never above it. Cheap (no hex line), for skipping targets no attack
    can reach before asking the full checks."""
    for a in spaces(att):
        for t in spaces(tgt):
            d = a.distance(t)
            if d <= most or linked(feats, a, t) or peg_range(a, t) <= most:
                return False
    return True


def wall_top(board: HexBoard, feats: Features, a: Hex, b: Hex) -> int | None:
    """Absolute top (pegs) of the wall between neighbouring spaces, if there is one."""
    height = feats.walls.get(frozenset((a, b)))
    if height is None:
        return None
    return max(elevation(board, a), elevation(board, b)) + height


def melee_pairs(board: HexBoard, feats: Features, att: RealmsUnit,
                tgt: RealmsUnit) -> list[tuple[Hex, Hex]]:
    """The (attacker space, target space) pairs 1 space apart (neighbours or pad-linked)."""
    return [(a, t) for a in spaces(att) for t in spaces(tgt)
            if a.distance(t) == 1 or linked(feats, a, t)]


def melee_allowed(board: HexBoard, feats: Features, att: RealmsUnit, tgt: RealmsUnit) -> bool:
    """RL-ELV-1: an attack at range 1 or less is possible across some neighbouring pair: the
    lower unit is taller than the step between the bases, no wall between them is taller than
    both, and a transit-pad link is exempt."""
    from game.geometry.elevation import can_melee_across_elevation

    ab, tb = base_of(board, att), base_of(board, tgt)
    for a, t in melee_pairs(board, feats, att, tgt):
        if can_melee_across_elevation(ab, att.height, tb, tgt.height,
                                      wall_top(board, feats, a, t), linked(feats, a, t)):
            return True
    return False


# --- sight (RL-LOS-1) ----------------------------------------------------------------------


def facing_vector(h: Hex, facing: int) -> tuple[float, float]:
    """Unit vector (pegs) from a space towards its neighbour ``facing``."""
    (x0, y0), (x1, y1) = peg_position(h), peg_position(h.neighbor(facing))
    return ((x1 - x0) / PEGS_PER_SPACE, (y1 - y0) / PEGS_PER_SPACE)


NECK_SAMPLES = 13
"""Eye points a long neck's reach is sampled at: the eyes, straight up, and 6 directions
level and 6 raised (see :func:`eye_points`)."""


def eye_points(board: HexBoard, unit: RealmsUnit) -> list[Point3]:
    """Where the unit may look from: its eyes in front of the head space's centre (an eyeless
    unit: its weapon's front, at the space's front edge), then, for a long neck, the points
    its reach can bend to (6 directions level and 6 raised, and straight up): a sample of
    the neck's reach, documented as such."""
    assert unit.hex is not None
    cx, cy = peg_position(unit.hex)
    fx, fy = facing_vector(unit.hex, unit.hex_facing)
    ahead = PEGS_PER_SPACE / 2 if unit.eyeless else EYE_FORWARD
    z = base_of(board, unit) + (unit.eye if unit.eye else unit.height)
    first = (cx + fx * ahead, cy + fy * ahead, float(z))
    out = [first]
    r = unit.neck_reach
    if r:
        out.append((first[0], first[1], z + r))
        for k in range(6):
            a = math.pi * k / 3
            out.append((first[0] + r * math.cos(a), first[1] + r * math.sin(a), float(z)))
            out.append((first[0] + r * 0.7 * math.cos(a), first[1] + r * 0.7 * math.sin(a),
                        z + r * 0.7))
    return out


def in_cone(unit: RealmsUnit, point: tuple[float, float], half_angle: float) -> bool:
    """Whether ``point`` lies within ``half_angle`` degrees of the unit's facing, seen from
    its head space's centre (a point on that centre is always in the cone)."""
    assert unit.hex is not None
    cx, cy = peg_position(unit.hex)
    dx, dy = point[0] - cx, point[1] - cy
    if math.hypot(dx, dy) < 1e-9:
        return True
    fx, fy = facing_vector(unit.hex, unit.hex_facing)
    cos = (dx * fx + dy * fy) / math.hypot(dx, dy)
    return math.degrees(math.acos(max(-1.0, min(1.0, cos)))) <= half_angle + 1e-9


def wall_list(board: HexBoard, feats: Features) -> list[tuple[frozenset[Hex], Wall]]:
    """The walls as peg segments with their absolute tops."""
    out = []
    for pair, _ in feats.walls.items():
        a, b = sorted(pair)
        p, q = shared_edge(a, b)
        top = wall_top(board, feats, a, b)
        assert top is not None
        out.append((pair, (p, q, float(top))))
    return out


def ground_field(board: HexBoard, feats: Features) -> SightField:
    """Every space's ground top (elevation plus obstruction) as arrays: the part of the
    height field that depends on the board alone."""
    return SightField.of({h: float(c.elevation + feats.obstructions.get(h, 0))
                          for h, c in board.cells.items() if c.terrain != VOID})


def sight_field(state: GameState, feats: Features, units_block: bool,
                ground: SightField | None = None) -> SightField:
    """The whole board's height field as arrays, which every sight line over this
    placement reads (RL-LOS-1): every space's top in pegs, elevation plus any obstruction
    and (if ``units_block``) the top of a figure standing there; ``ground``: the board's
    :func:`ground_field`, when the caller keeps it."""
    field = ground_field(hex_board(state), feats) if ground is None else ground
    if not units_block:
        return field
    cells, index = hex_board(state).cells, field.index
    at: list[int] = []
    raised: list[float] = []
    for u in state.live_units():
        if isinstance(u, RealmsUnit) and u.hex is not None:
            where = spaces(u)  # top_of's spaces, worked out once per figure
            top = float(max(cells[h].elevation for h in where) + u.height)
            for h in where:
                i = index.get(h)
                if i is not None:
                    at.append(i)
                    raised.append(top)
    tops = field.tops.copy()
    np.maximum.at(tops, at, raised)  # each space's highest top, as one array call
    return SightField(field.hexes, field.centres, tops, field.index)


def sight(state: GameState, feats: Features, att: RealmsUnit, tgt: RealmsUnit,
          cone: float, head_turn: float, units_block: bool = True,
          field: SightField | None = None) -> Sighting:
    """RL-LOS-1: can ``att`` see ``tgt``? From each eye point (neck reach included) to the
    target points of every space under the target (its top's centre and corners, its middle)
    that lie within the sight cone (``cone`` degrees each side, plus ``head_turn`` for a unit
    whose head turns), over the height field of the board (``field``: that of
    :func:`sight_field`, when the caller keeps one for the placement)."""
    board = hex_board(state)
    half = cone + (head_turn if att.head_turn else 0.0)
    tb = base_of(board, tgt)
    points = [p for h in spaces(tgt) for p in target_points(h, tb, tgt.height)]
    seen = [p for p in points if in_cone(att, (p[0], p[1]), half)]
    if not seen:
        return Sighting(False, outside_cone=True)
    ignore = [*spaces(att), *spaces(tgt)]
    if field is None:
        field = sight_field(state, feats, units_block)
    tops = field.without(ignore)
    walls = wall_list(board, feats)
    blocking: set[Hex] = set()
    blocked_walls: set[frozenset[Hex]] = set()
    for eye in eye_points(board, att):
        answer = sight_over(eye, seen, tops, [w for _, w in walls])
        if answer.visible:
            return Sighting(True, eye, answer.point)
        blocking.update(answer.blocking)
        blocked_walls.update(walls[i][0] for i in answer.walls)
    return Sighting(False, blocking=tuple(sorted(blocking)),
                    walls=tuple(sorted(blocked_walls, key=lambda p: sorted(p))))


# --- movement (RL-MOV-1) -------------------------------------------------------------------


def step_cost(rise: int, height: int, climb_pegs: int) -> int | None:
    """Spaces one step costs for a rise in pegs (negative: a drop): 1, plus 1 per full
    ``climb_pegs`` of rise; None for a cliff (a rise at least the unit's height)."""
    if rise >= height:
        return None
    return 1 + max(0, rise) // max(1, climb_pegs)


def turn_cost(board: HexBoard, unit: RealmsUnit, anchor: Hex, facing: int,
              climb_pegs: int) -> int | None:
    """RL-MOV-1: the spaces that turning to ``facing`` at the end of a walk adds. Turning
    swings a large unit's other spaces round its head, so the highest space under it may
    rise like a step: None when that rise is a cliff for the unit, else the climbing cost
    (0 for a one-space figure or level ground)."""
    if len(unit.footprint) == 1:
        return 0
    before = base_of(board, unit, footprint_at(unit, anchor, unit.hex_facing))
    after = base_of(board, unit, footprint_at(unit, anchor, facing))
    cost = step_cost(after - before, unit.height, climb_pegs)
    return None if cost is None else cost - 1


def fits(state: GameState, feats: Features, unit: RealmsUnit, anchor: Hex, facing: int,
         occupied: Mapping[Hex, RealmsUnit]) -> bool:
    """Whether ``unit`` may end on ``anchor`` facing ``facing``: every space standable and
    free of other units."""
    board = hex_board(state)
    return all(standable(board, feats, h) and occupied.get(h, unit).id == unit.id
               for h in footprint_at(unit, anchor, facing))


def reachable(state: GameState, feats: Features, unit: RealmsUnit, climb_pegs: int,
              pad_cost: int, occupied: Mapping[Hex, RealmsUnit]) -> dict[Hex, int]:
    """RL-MOV-1: every anchor space the unit can walk to with its movement, keeping its
    facing on the way (a large unit turns at the end), passing friends but not enemies; the
    cheapest cost of each. Transit pads link their spaces for ``pad_cost``. Whether an
    anchor is passable and its base are worked out once per anchor (the search meets each
    from up to six sides: ~3 ms per activation at 200 units, issue 32). ``occupied``: the
    placement's :func:`occupant_map`."""
    board = hex_board(state)
    assert unit.hex is not None

    @cache
    def passable(anchor: Hex) -> bool:
        return all(standable(board, feats, h) and (
            (o := occupied.get(h)) is None or o.owner == unit.owner)
            for h in footprint_at(unit, anchor, unit.hex_facing))

    @cache
    def base(anchor: Hex) -> int:
        return base_of(board, unit, footprint_at(unit, anchor, unit.hex_facing))

    best: dict[Hex, int] = {unit.hex: 0}
    frontier = [(0, unit.hex.q, unit.hex.r)]
    while frontier:
        cost, q, r = heapq.heappop(frontier)
        here = Hex(q, r)
        if cost > best.get(here, 1 << 30):
            continue
        steps = [(n, step_cost(base(n) - base(here), unit.height, climb_pegs))
                 for n in here.neighbors() if passable(n)]
        pad = feats.pads.get(here)
        if pad is not None and passable(pad):
            steps.append((pad, pad_cost))
        for nxt, c in steps:
            if c is None or cost + c > unit.move or cost + c >= best.get(nxt, 1 << 30):
                continue
            best[nxt] = cost + c
            heapq.heappush(frontier, (cost + c, nxt.q, nxt.r))
    return best
