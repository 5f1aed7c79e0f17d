"""How the table draws the realms board and its figures (records only; nothing here draws):
the spaces a figure covers and its height in pegs, the board's obstructions, walls and
transit-pad links (RL-ELV-*), and the side profile of a 2.5D sight line (RL-LOS-1)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Literal

from game.core.inspect import BoardMark, HexMark, ProfileBar, ProfileChart, Segment, UnitLook
from game.core.state import GameState
from game.geometry.elevation import (
    PEGS_PER_SPACE,
    Point3,
    peg_position,
    segment_spaces,
    shared_edge,
)
from game.geometry.hexgrid import SQRT3, Hex
from game.rulesets.realms.blockers import blocker_words, sight_blockers
from game.rulesets.realms.board import (
    Features,
    Sighting,
    base_of,
    eye_points,
    hex_board,
    occupant_map,
    top_of,
    wall_top,
)
from game.rulesets.realms.units import RealmsUnit, spaces

TO_LAYOUT = SQRT3 / PEGS_PER_SPACE
"""Pegs -> the hex layout units the table draws in."""


def _layout(x: float, y: float) -> tuple[float, float]:
    return (x * TO_LAYOUT, y * TO_LAYOUT)


def unit_look(state: GameState, unit_id: str) -> UnitLook | None:
    """The spaces a figure covers (all of them for a large one) and its height in pegs, with
    the elevation it stands at (RL-ELV-1)."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, RealmsUnit) or unit.hex is None or unit.destroyed:
        return None
    base = base_of(hex_board(state), unit)
    where = f" on {base}" if base else ""
    return UnitLook(hexes=tuple((h.q, h.r) for h in spaces(unit)),
                    height=f"{unit.height} pegs{where}")


def board_marks(state: GameState, feats: Features) -> tuple[BoardMark, ...]:
    """Obstructions with their height, walls with the height of their top, and transit pads
    with the link between them (RL-ELV-1)."""
    board = hex_board(state)
    out: list[BoardMark] = []
    for h, height in sorted(feats.obstructions.items()):
        out.append(HexMark(h.q, h.r, "obstruction", f"+{height}"))
    for pair in sorted(feats.walls, key=lambda p: sorted(p)):
        a, b = sorted(pair)
        p, q = shared_edge(a, b)
        top = wall_top(board, feats, a, b)
        out.append(Segment(_layout(*p), _layout(*q), "wall", f"wall {top}"))
    done: set[frozenset[Hex]] = set()
    for a, b in sorted(feats.pads.items()):
        if frozenset((a, b)) in done:
            continue
        done.add(frozenset((a, b)))
        out += [HexMark(a.q, a.r, "pad", "pad"), HexMark(b.q, b.r, "pad", "pad")]
        out.append(Segment(_layout(*peg_position(a)), _layout(*peg_position(b)), "link"))
    return tuple(out)


def _ground(state: GameState, feats: Features) -> Callable[[Hex], float]:
    """The top of the ground of a space in pegs (elevation plus obstruction; a gap or off the
    map reads as a dip below the lowest level, found only when a line crosses one)."""
    cells = hex_board(state).cells

    def top(h: Hex) -> float:
        cell = cells.get(h)
        if cell is None or cell.terrain == "void":
            return min((c.elevation for c in cells.values()), default=0) - 3.0
        return float(cell.elevation + feats.obstructions.get(h, 0))

    return top


def _blocked_at(eye_z: float, aim_z: float, top: float, t0: float, t1: float) -> float | None:
    """Where (0..1 along the line) a space whose top is ``top`` and which the line crosses
    from ``t0`` to ``t1`` first rises above it (None: the line passes over it)."""
    z0, z1 = eye_z + (aim_z - eye_z) * t0, eye_z + (aim_z - eye_z) * t1
    if top <= min(z0, z1) + 1e-6:
        return None
    if top > z0 + 1e-6:
        return t0
    return t0 + (t1 - t0) * (top - z0) / (z1 - z0)  # the line sinks below the top in here


def profile_chart(state: GameState, feats: Features, att: RealmsUnit, tgt: RealmsUnit,
                  seen: Sighting, units_block: bool,
                  occupants: Mapping[Hex, RealmsUnit] | None = None) -> ProfileChart:
    """The side view of the sight line from ``att``'s eyes to ``tgt`` (RL-LOS-1): the ground
    under the line (a level run per space crossed, exact), the figures on it, and where the
    line first runs into something. ``occupants``: :func:`.board.occupant_map` of the state,
    when the caller keeps it."""
    board = hex_board(state)
    eye: Point3 = seen.eye if seen.visible and seen.eye else eye_points(board, att)[0]
    assert tgt.hex is not None
    tx, ty = peg_position(tgt.hex)
    aim: Point3 = seen.point if seen.visible and seen.point else (tx, ty,
                                                                  float(top_of(board, tgt)))
    length = math.hypot(aim[0] - eye[0], aim[1] - eye[1]) or 1.0
    if occupants is None:
        occupants = occupant_map(state)
    ground_of = _ground(state, feats)
    mine = {*spaces(att), *spaces(tgt)}
    ground: list[tuple[float, float]] = []
    runs: list[tuple[str, float, float]] = []
    blocked: tuple[float, float] | None = None
    look = not seen.visible and not seen.outside_cone
    crossed: set[Hex] = set()
    for h, t0, t1 in segment_spaces(eye[:2], aim[:2]):
        crossed.add(h)
        top = ground_of(h)
        if ground and ground[-1][1] == top:
            ground[-1] = (length * t1, top)  # the same level runs on
        else:
            ground += [(length * t0, top), (length * t1, top)]
        who = occupants.get(h)
        if who is not None:
            if runs and runs[-1][0] == who.id and math.isclose(runs[-1][2], length * t0):
                runs[-1] = (who.id, runs[-1][1], length * t1)
            else:
                runs.append((who.id, length * t0, length * t1))
            if units_block and who.id not in (att.id, tgt.id):
                top = max(top, float(top_of(board, who)))
        at = _blocked_at(eye[2], aim[2], top, t0, t1) if look and h not in mine else None
        if blocked is None and at is not None:
            blocked = (length * at, eye[2] + (aim[2] - eye[2]) * at)
    beside = _beside(state, feats, seen, occupants, crossed, eye, aim, length)
    if not seen.visible and blocked is None:
        blocked = next(((b.start, eye[2] + (aim[2] - eye[2]) * b.start / length)
                        for b in beside), (0.0, eye[2]))  # else the sight cone: from the eyes
    if all(uid != att.id for uid, _, _ in runs):  # eyes on the edge of its space (eyeless)
        runs.insert(0, (att.id, 0.0, min(1.0, length)))
    if all(uid != tgt.id for uid, _, _ in runs):  # the line ends on a corner of its space
        runs.append((tgt.id, max(0.0, length - 1.0), length))
    bars = []
    for uid, a, b in runs:
        u = state.units[uid]
        assert isinstance(u, RealmsUnit)
        style: Literal["viewer", "target", "other"] = (
            "viewer" if uid == att.id else "target" if uid == tgt.id else "other")
        bars.append(ProfileBar(a, b, float(base_of(board, u)), float(top_of(board, u)), style,
                               u.name))
    bars += beside
    found = sight_blockers(state, feats, seen, occupants)
    state_word = ("clear" if seen.visible else "outside the sight cone" if seen.outside_cone
                  else f"blocked by {blocker_words(found, 1)}")  # the tallest; the box says all
    return ProfileChart(f"Side view: {state_word}", tuple(ground),
                        (0.0, eye[2]), (length, aim[2]), blocked, tuple(bars), "pegs",
                        ("RL-LOS-1",))


def _beside(state: GameState, feats: Features, seen: Sighting,
            occupants: Mapping[Hex, RealmsUnit], crossed: set[Hex], eye: Point3, aim: Point3,
            length: float) -> list[ProfileBar]:
    """What stopped the sight lines without standing on the drawn one (RL-LOS-1): the walls,
    and the spaces a line along a hex edge or to a corner of the target ran into, each as a
    ``blocker`` bar where it lies along the line (nearest first), so the side view shows the
    12-peg mesa that a line beside it met."""
    board = hex_board(state)
    dx, dy = aim[0] - eye[0], aim[1] - eye[1]
    dd = max(dx * dx + dy * dy, 1e-9)
    half = PEGS_PER_SPACE / 2.0

    def along(p: tuple[float, float]) -> float:
        return max(0.0, min(1.0, ((p[0] - eye[0]) * dx + (p[1] - eye[1]) * dy) / dd)) * length

    out: list[ProfileBar] = []
    for b in sight_blockers(state, feats, seen, occupants):
        if b.wall is not None:
            p, q = shared_edge(*b.wall)
            at = along(((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0))
            low = max(board.cells[h].elevation if h in board.cells else 0 for h in b.wall)
            out.append(ProfileBar(max(0.0, at - 0.4), at + 0.4, float(low), float(b.top),
                                  "blocker", b.name))
            continue
        spots = [h for h in b.spaces if h not in crossed]
        if not spots:
            continue  # on the drawn line: the ground or a figure bar shows it
        at = min(along(peg_position(h)) for h in spots)
        top = max(float(top_of(board, occupants[h])) if h in occupants else float(
            (board.cells[h].elevation if h in board.cells else 0) + feats.obstructions.get(h, 0))
            for h in spots)
        out.append(ProfileBar(max(0.0, at - half), min(length, at + half), 0.0, top,
                              "blocker", b.name))
    return sorted(out, key=lambda bar: bar.start)
