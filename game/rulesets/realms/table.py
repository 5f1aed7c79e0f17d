"""How the table draws the realms board and its figures (records only; nothing here draws):
the spaces a figure covers and its height in pegs, the board's obstructions, walls and
transit-pad links (RL-ELV-*), and the side profile of a 2.5D sight line (RL-LOS-1)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

from game.core.inspect import BoardMark, HexMark, ProfileBar, ProfileChart, Segment, UnitLook
from game.core.state import GameState
from game.geometry.elevation import PEGS_PER_SPACE, Point3, peg_position, shared_edge
from game.geometry.hexgrid import SQRT3, Hex, hex_at_point
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
SAMPLES_PER_PEG = 2.0
"""Samples of the ground per peg along a profile (a space is 6 pegs across)."""


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
    map reads as a dip below the lowest level), as a lookup built once per chart."""
    cells = hex_board(state).cells
    dip = min((c.elevation for c in cells.values()), default=0) - 3.0

    def top(h: Hex) -> float:
        cell = cells.get(h)
        if cell is None or cell.terrain == "void":
            return dip
        return float(cell.elevation + feats.obstructions.get(h, 0))

    return top


def profile_chart(state: GameState, feats: Features, att: RealmsUnit, tgt: RealmsUnit,
                  seen: Sighting, units_block: bool) -> ProfileChart:
    """The side view of the sight line from ``att``'s eyes to ``tgt`` (RL-LOS-1): the ground
    under the line, the figures on it, and where the line first runs into something."""
    board = hex_board(state)
    eye: Point3 = seen.eye if seen.visible and seen.eye else eye_points(board, att)[0]
    assert tgt.hex is not None
    tx, ty = peg_position(tgt.hex)
    aim: Point3 = seen.point if seen.visible and seen.point else (tx, ty,
                                                                  float(top_of(board, tgt)))
    dx, dy = aim[0] - eye[0], aim[1] - eye[1]
    length = math.hypot(dx, dy) or 1.0
    steps = max(12, int(length * SAMPLES_PER_PEG))
    occupants = occupant_map(state)
    ground_of = _ground(state, feats)
    mine = {*spaces(att), *spaces(tgt)}
    ground: list[tuple[float, float]] = []
    runs: list[tuple[str, float, float]] = []
    blocked: tuple[float, float] | None = None
    for i in range(steps + 1):
        t = i / steps
        h = hex_at_point(*_layout(eye[0] + dx * t, eye[1] + dy * t))
        d = length * t
        top = ground_of(h)
        if ground and ground[-1][1] != top:  # a step: straight up or down between samples
            mid = d - length / steps / 2
            ground += [(mid, ground[-1][1]), (mid, top)]
        ground.append((d, top))
        who = occupants.get(h)
        if who is not None:
            if runs and runs[-1][0] == who.id and math.isclose(runs[-1][2], d - length / steps):
                runs[-1] = (who.id, runs[-1][1], d)
            else:
                runs.append((who.id, d, d))
            if units_block and who.id not in (att.id, tgt.id):
                top = max(top, float(top_of(board, who)))
        line = eye[2] + (aim[2] - eye[2]) * t
        if blocked is None and not seen.visible and not seen.outside_cone and h not in mine and (
                top > line + 1e-6):
            blocked = (d, line)
    if not seen.visible and blocked is None:
        blocked = (0.0, eye[2])  # the sight cone or a wall stops it: red from the eyes
    bars = []
    for uid, a, b in runs:
        u = state.units[uid]
        assert isinstance(u, RealmsUnit)
        style: Literal["viewer", "target", "other"] = (
            "viewer" if uid == att.id else "target" if uid == tgt.id else "other")
        bars.append(ProfileBar(a, b + length / steps, float(base_of(board, u)),
                               float(top_of(board, u)), style, u.name))
    state_word = ("clear" if seen.visible else "outside the sight cone" if seen.outside_cone
                  else "blocked")
    return ProfileChart(f"Side view of the sight line: {state_word}", tuple(ground),
                        (0.0, eye[2]), (length, aim[2]), blocked, tuple(bars), "pegs",
                        ("RL-LOS-1",))
