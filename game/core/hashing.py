"""Canonical form, hash and snapshot of a game state.

``state_hash`` walks the state's dataclasses (ruleset subclasses included) into a canonical
JSON text and hashes it with SHA-256. Floats are written with ``repr`` (exact round-trip), dict
keys and sets are sorted. Equal hashes after save/load, undo/redo and replay are how the tests
prove that nothing was lost.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterator
from typing import Any

from game.core.state import GameState, TerrainPiece
from game.geometry.tray import Tray

_CACHE_KEY = "_warbench_canonical"
"""Where a frozen dataclass instance keeps its canonical form once computed."""


def canonical(value: Any) -> Any:
    """A JSON-ready, order-independent form of ``value`` (dataclasses tagged by class name)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
        cache = getattr(value, "__dict__", None) if frozen else None
        if cache is not None and _CACHE_KEY in cache:
            return cache[_CACHE_KEY]
        out: dict[str, Any] = {"__type__": type(value).__name__}
        for name, field_value in _hashed_fields(value):
            out[name] = canonical(field_value)
        if cache is not None:
            cache[_CACHE_KEY] = out  # frozen values never change: compute their form once
        return out
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, dict):
        items = [(_key(k), canonical(v)) for k, v in value.items()]
        return {"__dict__": sorted(items, key=lambda kv: kv[0])}
    if isinstance(value, set | frozenset):
        return {"__set__": sorted((canonical(v) for v in value), key=_sort_key)}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, float):
        return {"__float__": repr(value)}
    if value is None or isinstance(value, str | int | bool):
        return value
    raise TypeError(f"state holds a value that cannot be hashed canonically: {value!r}")


def _hashed_fields(value: Any) -> Iterator[tuple[str, Any]]:
    """A dataclass's fields as the hash reads them: name and value, leaving out a field
    marked ``omit-if-default`` while it holds its default."""
    for f in dataclasses.fields(value):
        field_value = getattr(value, f.name)
        if f.metadata.get("hash") == "omit-if-default" and field_value == f.default:
            continue
        yield f.name, field_value


def _key(key: Any) -> str:
    return json.dumps(canonical(key), sort_keys=True, separators=(",", ":"))


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


_TEXT_KEY = "_warbench_canonical_text"
"""Where a frozen dataclass instance keeps its canonical JSON text once written."""


def canonical_text(value: Any) -> str:
    """The canonical form of ``value`` as compact JSON text with sorted keys."""
    return json.dumps(canonical(value), sort_keys=True, separators=(",", ":"))


def state_hash(state: GameState) -> str:
    """The SHA-256 hex digest of the state's canonical form (its :func:`canonical_text`).

    The text is written field by field, each frozen field's text computed once and kept on
    it (a 60 x 60 map's board is 3,600 cells: writing it again after every action cost more
    than the rest of the state): the very same characters as writing the whole canonical
    form at once, so the hash is unchanged (``tests/core/test_hashing.py``)."""
    out = {"__type__": json.dumps(type(state).__name__)}
    out.update((name, _field_text(value)) for name, value in _hashed_fields(state))
    text = "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in sorted(out.items())) + "}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _field_text(value: Any) -> str:
    """A field's canonical text; for a frozen dataclass, written once and kept on it."""
    frozen = (dataclasses.is_dataclass(value) and not isinstance(value, type)
              and type(value).__dataclass_params__.frozen)  # type: ignore[attr-defined]
    cache = getattr(value, "__dict__", None) if frozen else None
    if cache is not None and _TEXT_KEY in cache:
        return str(cache[_TEXT_KEY])
    text = canonical_text(value)
    if cache is not None:
        cache[_TEXT_KEY] = text
    return text


def snapshot(state: GameState) -> GameState:
    """A deep copy of ``state`` that shares its immutable parts (trays, terrain, board)."""
    memo: dict[int, Any] = {id(state.board): state.board}
    for piece in state.terrain:
        memo[id(piece)] = piece
    for unit in state.units.values():
        if unit.tray is not None:
            memo[id(unit.tray)] = unit.tray
    for proc in state.procedures:
        for f in dataclasses.fields(proc):
            value = getattr(proc, f.name)
            if isinstance(value, Tray | TerrainPiece):
                memo[id(value)] = value
    return copy.deepcopy(state, memo)
