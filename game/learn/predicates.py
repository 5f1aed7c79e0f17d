"""Lesson predicates and live captions, evaluated on a game's state and events.

A *try* step succeeds when every :class:`~game.learn.model.Condition` holds: conditions on the
attempt's events (kind and data fields) or on a unit's resulting position, facing, hex or
counters, each within a tolerance, so that equivalent moves count, not one exact text.
A table in ``data`` (an allocation's ``split``) matches a mapping that holds each of its keys
with a matching value, whatever else it holds and in any order.
Captions insert live numbers: ``{key}`` is the latest event data field of that name,
``{kind/key}`` the same from the latest event of that kind (``{kind[field=value]/key}``: of
those, the latest whose ``field`` is ``value``), ``{unit.field}`` a unit's
counter or position (``x``, ``y``, ``facing``, ``hex``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.events import Event
from game.core.state import GameState, Unit
from game.learn.loader import PLACEHOLDER
from game.learn.model import Condition

MISSING = "…"
"""What a placeholder shows when no number is known yet."""


def holds(condition: Condition, state: GameState, events: Sequence[Event]) -> bool:
    """Whether ``condition`` holds after ``events`` left the game in ``state``."""
    if condition.event is not None:
        found = any(e.kind == condition.event and _data_match(condition.data, e.data)
                    for e in events)
        return found != condition.absent
    assert condition.unit is not None
    unit = state.units.get(condition.unit)
    return unit is not None and _unit_match(condition, unit)


def all_hold(conditions: Sequence[Condition], state: GameState, events: Sequence[Event]) -> bool:
    """Whether every condition holds (an empty list never holds: a goal must be stated)."""
    return bool(conditions) and all(holds(c, state, events) for c in conditions)


def _data_match(wanted: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    return all(k in data and _same(v, data[k]) for k, v in wanted.items())


def _same(wanted: Any, got: Any, tolerance: float = 0.01) -> bool:
    if isinstance(wanted, bool) or isinstance(got, bool):
        return wanted is got or wanted == got
    if isinstance(wanted, int | float) and isinstance(got, int | float):
        return abs(float(wanted) - float(got)) <= tolerance
    if isinstance(wanted, Mapping):
        return isinstance(got, Mapping) and _data_match(wanted, got)
    if isinstance(wanted, list) and isinstance(got, list | tuple):
        return len(wanted) == len(got) and all(
            _same(a, b) for a, b in zip(wanted, got, strict=True))
    return str(wanted) == str(got)


def _unit_match(c: Condition, unit: Unit) -> bool:
    if c.destroyed is not None and unit.destroyed != c.destroyed:
        return False
    tray = unit.tray
    if c.at is not None and (tray is None or abs(tray.x - c.at[0]) > c.tolerance
                             or abs(tray.y - c.at[1]) > c.tolerance):
        return False
    if c.facing is not None and not _facing_match(c, unit):
        return False
    if c.hex is not None and (unit.hex is None or (unit.hex.q, unit.hex.r) != tuple(c.hex)):
        return False
    status = unit_fields(unit)
    return all(k in status and _same(v, status[k]) for k, v in c.counters.items())


def _facing_match(c: Condition, unit: Unit) -> bool:
    assert c.facing is not None
    if unit.tray is not None:
        gap = abs((unit.tray.facing - c.facing + 180.0) % 360.0 - 180.0)
        return gap <= c.facing_tolerance
    return unit.hex is not None and unit.hex_facing == int(c.facing)


def unit_fields(unit: Unit) -> dict[str, Any]:
    """A unit's counters and position, by the names captions and conditions use."""
    fields: dict[str, Any] = dict(unit.status())
    fields["destroyed"] = unit.destroyed
    fields["name"] = unit.name
    if unit.tray is not None:
        fields.update(x=unit.tray.x, y=unit.tray.y, facing=unit.tray.facing)
    if unit.hex is not None:
        fields.update(hex=f"({unit.hex.q},{unit.hex.r})", facing=unit.hex_facing)
    return fields


def fill(text: str, state: GameState, events: Sequence[Event]) -> str:
    """``text`` with every ``{placeholder}`` replaced by its live value (or ``…``)."""

    def value(match: Any) -> str:
        found = lookup(match.group(1), state, events)
        return MISSING if found is None else fmt(found)

    return PLACEHOLDER.sub(value, text)


def unresolved(text: str, state: GameState, events: Sequence[Event]) -> list[str]:
    """The placeholders of ``text`` that have no value now (``--verify`` reports them)."""
    return [name for name in PLACEHOLDER.findall(text) if lookup(name, state, events) is None]


def lookup(name: str, state: GameState, events: Sequence[Event]) -> Any:
    """The live value of one placeholder name, or None."""
    if "/" in name:
        kind, key, where = _event_path(name)
        for event in reversed(events):
            if event.kind == kind and key in event.data and (
                    where is None or str(event.data.get(where[0])) == where[1]):
                return event.data[key]
        return None
    if "." in name:
        unit_id, field = name.split(".", 1)
        unit = state.units.get(unit_id)
        return None if unit is None else unit_fields(unit).get(field)
    for event in reversed(events):
        if name in event.data:
            return event.data[name]
    return None


def _event_path(name: str) -> tuple[str, str, tuple[str, str] | None]:
    """``kind/key`` or ``kind[field=value]/key`` -> (kind, key, (field, value) or None)."""
    if "[" in name and "]/" in name:
        head, key = name.rsplit("]/", 1)
        kind, _, test = head.partition("[")
        field, _, value = test.partition("=")
        return kind, key, (field, value)
    kind, key = name.split("/", 1)
    return kind, key, None


def fmt(value: Any) -> str:
    """A number as a caption shows it: ``8.0`` -> ``8``, ``8.854`` -> ``8.85``."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return " ".join(fmt(v) for v in value)
    return str(value)
