"""What hides a target, named and drawn for the player (RL-LOS-1).

A 2.5D sight answer (:class:`.board.Sighting`) gives the spaces and walls that stopped every
line it tried. A player reads them by name: "the mesa, 12 pegs", "the standing stone, 10
pegs", "the wall, 6 pegs", a unit's name. This module turns the answer into those names and
into the shapes the table draws (a ``HexMark`` styled ``blocked`` per space, a ``Segment``
styled ``blocked`` along a wall's edge), each labelled once, so the hover box, a refused
attack or spell and the side view of the line all name the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.core.inspect import HexMark, Segment
from game.core.present import shown_name
from game.core.state import GameState
from game.geometry.elevation import PEGS_PER_SPACE, shared_edge
from game.geometry.hexgrid import SQRT3, Hex
from game.rulesets.realms.board import Features, Sighting, hex_board, top_of, wall_top
from game.rulesets.realms.features import Obstruction
from game.rulesets.realms.units import RealmsUnit

_TO_LAYOUT = SQRT3 / PEGS_PER_SPACE
"""Pegs -> the hex layout units the table draws in."""
SHOWN = 3
"""How many blockers a sentence names before "and N more"."""


@dataclass(frozen=True)
class Blocker:
    """One thing that stops the sight lines: its name as a player reads it, its top in pegs
    (absolute), the spaces it fills on the lines (none for a wall) and, for a wall, the pair
    of spaces whose edge it stands on."""

    name: str
    top: int
    spaces: tuple[Hex, ...] = ()
    wall: tuple[Hex, Hex] | None = None


def _space_name(state: GameState, feats: Features, h: Hex,
                occupants: Mapping[Hex, RealmsUnit]) -> tuple[str, int]:
    """The name and top (pegs) of what fills space ``h`` on a sight line: a unit standing
    there, an obstruction, or the ground itself."""
    board = hex_board(state)
    who = occupants.get(h)
    if who is not None:
        return shown_name(state, who.id), top_of(board, who)
    cell = board.cells.get(h)
    ground = cell.elevation if cell is not None else 0
    if h in feats.obstructions:
        name = next((f.name for f in board.features
                     if isinstance(f, Obstruction) and f.at == h), "obstruction")
        return f"the {name}", ground + feats.obstructions[h]
    terrain = cell.terrain if cell is not None else "ground"
    return f"the {terrain}", ground


def sight_blockers(state: GameState, feats: Features, seen: Sighting,
                   occupants: Mapping[Hex, RealmsUnit]) -> tuple[Blocker, ...]:
    """What stopped every sight line of ``seen`` (RL-LOS-1), one :class:`Blocker` per named
    thing (the spaces of one mesa together), the tallest first; none when the target is in
    sight or outside the sight cone."""
    if seen.visible or seen.outside_cone:
        return ()
    found: dict[str, Blocker] = {}
    for h in seen.blocking:
        name, top = _space_name(state, feats, h, occupants)
        had = found.get(name)
        found[name] = Blocker(name, max(top, had.top if had else top),
                              (*(had.spaces if had else ()), h))
    board = hex_board(state)
    for pair in seen.walls:
        a, b = sorted(pair)
        top = wall_top(board, feats, a, b) or 0
        name = "the wall"
        if name in found:  # a second wall is named apart by where it stands
            name = f"the wall at ({a.q},{a.r})-({b.q},{b.r})"
        found[name] = Blocker(name, top, (), (a, b))
    return tuple(sorted(found.values(), key=lambda b: (-b.top, b.name)))


def blocker_words(blockers: tuple[Blocker, ...], shown: int = SHOWN) -> str:
    """"the tower (18 pegs) and Ember Cliff Wyrm": the blockers as one phrase, the first
    ``shown`` by name and the rest counted; "the terrain" when none was found."""
    if not blockers:
        return "the terrain"
    names = [f"{b.name} ({b.top} pegs)" for b in blockers[:shown]]
    rest = len(blockers) - shown
    if rest > 0:
        names.append(f"{rest} more")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def blocker_marks(blockers: tuple[Blocker, ...]) -> tuple[HexMark | Segment, ...]:
    """The shapes the table draws for ``blockers``: each space marked ``blocked`` and each
    wall as a ``blocked`` segment along its edge, the name on the first shape of each."""
    out: list[HexMark | Segment] = []
    for b in blockers:
        if b.wall is not None:
            p, q = shared_edge(*b.wall)
            out.append(Segment((p[0] * _TO_LAYOUT, p[1] * _TO_LAYOUT),
                               (q[0] * _TO_LAYOUT, q[1] * _TO_LAYOUT), "blocked", b.name))
        out += [HexMark(h.q, h.r, "blocked", b.name if i == 0 else "")
                for i, h in enumerate(b.spaces)]
    return tuple(out)
