"""The invariants every finished or running game keeps, checked knowing no ruleset: what the
random playouts of each ruleset's tests check, in the contract's terms, for ``warbench match``.

- no two units overlap (trays by area, hex units by the hexes they cover);
- every counter a unit declares is in range (not negative; at most its declared ``max_``);
- every event cites at least one rule, each in the ruleset's catalogue;
- (:func:`replay_breaks`) a replay of the log gives back the state hash.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.events import Event
from game.core.game import Game
from game.core.ruleset import OVERLAP_AREA
from game.core.state import Unit


def position_breaks(game: Game) -> list[str]:
    """Overlapping units and counters out of range in ``game``'s present."""
    state = game.state
    live = state.live_units()
    problems = _tray_overlaps(live)
    problems += _hex_overlaps(game, live)
    for unit in live:
        problems += _counter_breaks(unit)
    return problems


def _tray_overlaps(units: list[Unit]) -> list[str]:
    trays = [u for u in units if u.tray is not None]
    out = []
    for i, a in enumerate(trays):
        for b in trays[i + 1:]:
            assert a.tray is not None and b.tray is not None
            if a.tray.polygon.intersection(b.tray.polygon).area > OVERLAP_AREA:
                out.append(f"{a.id} and {b.id} overlap")
    return out


def _hex_overlaps(game: Game, units: list[Unit]) -> list[str]:
    seen: dict[object, str] = {}
    out = []
    for unit in units:
        for h in covered(game, unit):
            if h in seen:
                out.append(f"{unit.id} and {seen[h]} stand on one hex {h}")
            seen[h] = unit.id
    return out


def covered(game: Game, unit: Unit) -> tuple[object, ...]:
    """The hexes a hex unit covers (its look's, else its own hex)."""
    if unit.hex is None:
        return ()
    look = game.ruleset.unit_look(game.state, unit.id)
    if look is not None and look.hexes:
        return tuple(look.hexes)
    return (unit.hex,)


def _counter_breaks(unit: Unit) -> list[str]:
    status = unit.status()
    out = []
    for key, value in status.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        top = status.get(f"max_{key}")
        if value < 0 or (isinstance(top, int | float) and value > top):
            out.append(f"{unit.id} {key} {value} out of range")
    return out


def event_breaks(game: Game, events: Iterable[Event]) -> list[str]:
    """Events that cite no rule, or a rule outside the ruleset's catalogue."""
    catalogue = game.ruleset.catalogue()
    out = []
    for event in events:
        if not event.rules:
            out.append(f"event {event.kind} cites no rule")
        out += [f"event {event.kind} cites unknown rule {r}" for r in event.rules
                if r not in catalogue]
    return out


def replay_breaks(game: Game) -> list[str]:
    """Whether replaying ``game``'s log gives back its state hash."""
    if game.replayed().state_hash() != game.state_hash():
        return ["the replay of the finished game ends in another state"]
    return []

