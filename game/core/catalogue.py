"""A ruleset's unit catalogue, read from the units it builds (``Ruleset.unit_catalogue``).

Each profile a scenario may name is built as a scenario would build it (``build_unit``), on a
scratch board of the ruleset's first board kind, and read back: its own typed stats (the
fields its unit class adds to :class:`~game.core.state.Unit`), its tray or the hexes it
covers, and the unit card the table shows. One computation, so the catalogue can never say
something the table does not.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.core.present import humanise
from game.core.state import GameState, HexBoard, HexCell, Player, TableBoard, Unit
from game.core.vocab import JSONScalar, ProfileRecord
from game.geometry.hexgrid import Hex

if TYPE_CHECKING:
    from game.core.contract import RulesetContract

SCRATCH_INCHES = 120.0
"""The scratch table's side: room for the widest tray of any profile."""
SCRATCH_RADIUS = 6
"""The scratch hex map's radius: room for the largest footprint."""
_BASE_FIELDS = frozenset(f.name for f in dataclasses.fields(Unit))


def profile_records(ruleset: RulesetContract) -> tuple[ProfileRecord, ...]:
    """The records of every profile of ``ruleset`` that builds (see the module docstring)."""
    from game.core.ruleset import UnitSetup

    hexes = ruleset.board_kinds[0] == "hex"
    out = []
    for pid in ruleset.profile_ids():
        setup = (UnitSetup(id="catalogue", owner=1, profile=pid, hex=Hex(0, 0)) if hexes
                 else UnitSetup(id="catalogue", owner=1, profile=pid, x=SCRATCH_INCHES / 2,
                                y=SCRATCH_INCHES / 2))
        try:
            unit = ruleset.build_unit(setup)
        except Exception:  # a profile that cannot stand alone (the builder lists the rest)
            continue
        out.append(_record(ruleset, pid, unit, hexes))
    return tuple(out)


def _record(ruleset: RulesetContract, pid: str, unit: Unit, hexes: bool) -> ProfileRecord:
    state = _scratch(unit, hexes)
    card = ruleset.unit_card(state, unit.id)
    look = ruleset.unit_look(state, unit.id)
    footprint = None
    if unit.hex is not None:
        footprint = len(look.hexes) if look is not None and look.hexes else 1
    base = (unit.tray.width, unit.tray.depth) if unit.tray is not None else None
    name = unit.name if unit.name != unit.id else humanise(pid)
    return ProfileRecord(pid, name, _stats(unit), base, footprint,
                         tuple(line.text for line in card.lines) if card is not None else (),
                         ruleset.profile_faction(pid))


def _scratch(unit: Unit, hexes: bool) -> GameState:
    """A two-player board holding only ``unit``."""
    board: TableBoard | HexBoard
    if hexes:
        r = SCRATCH_RADIUS
        board = HexBoard({Hex(q, s): HexCell() for q in range(-r, r + 1)
                          for s in range(max(-r, -q - r), min(r, -q + r) + 1)})
    else:
        board = TableBoard(SCRATCH_INCHES, SCRATCH_INCHES)
    return GameState(ruleset="catalogue", board=board, terrain=[],
                     players=[Player(1, "Side 1", "#4060a0"), Player(2, "Side 2", "#a04040")],
                     units={unit.id: unit})


def _stats(unit: Unit) -> dict[str, JSONScalar]:
    """The unit's own scalar stats (its class's fields beyond the base unit's)."""
    out: dict[str, JSONScalar] = {}
    for f in dataclasses.fields(unit):
        value = getattr(unit, f.name)
        if f.name not in _BASE_FIELDS and isinstance(value, int | float | str | bool):
            out[f.name] = value
    return out
