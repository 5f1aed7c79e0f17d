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
from collections.abc import Collection, Iterator, Mapping
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


def state_hash(state: GameState, units: Mapping[str, str] | None = None) -> str:
    """The SHA-256 hex digest of the state's canonical form (its :func:`canonical_text`).

    The text is written in one pass by :func:`_text` (no intermediate canonical form, each
    dataclass's sorted field names worked out once per class), and each frozen dataclass's
    text is computed once and kept on it (a 60 x 60 map's board is 3,600 cells): the very same
    characters as :func:`canonical_text`, so the hash is unchanged
    (``tests/core/test_hashing.py``); about four times faster on a 200-unit table (issue 32).

    The text's first fields that hold frozen values (the board: a 60 x 60 map's is 450,000
    characters) begin it the same way at every action: their hashing is kept per board
    (:func:`_prefix`) and only the rest is hashed.

    ``units``: the canonical texts of some units, by id, known to be theirs (the units an
    action left the same as in the snapshot before it: :class:`UnitTexts`)."""
    kind = type(state)
    parts, lead = _state_parts(state, units)
    n = 1 + len(lead)  # the ``__type__`` entry and the frozen fields after it
    if len(lead) == 0 or n >= len(parts):
        return hashlib.sha256(("{" + ",".join(parts) + "}").encode("utf-8")).hexdigest()
    digest = _prefix(kind, lead, parts[:n])
    digest.update((",".join(parts[n:]) + "}").encode("utf-8"))
    return str(digest.hexdigest())


def _state_parts(state: GameState, units: Mapping[str, str] | None = None
                 ) -> tuple[list[str], tuple[Any, ...]]:
    """The ``"name":text`` entries of the state's canonical text, in order, and the values of
    the leading fields (after ``__type__``) that are frozen dataclasses: their text is kept on
    them and never changes. ``units``: known texts of units (see :func:`state_hash`)."""
    entries = list(_entries(state))
    parts = [entries[0][0] + ":" + _text(entries[0][1])]  # the ``__type__`` entry
    lead: list[Any] = []
    leading = True
    for quoted, value in entries[1:]:
        frozen = getattr(type(value), "__dataclass_params__", None)
        leading = leading and frozen is not None and frozen.frozen
        if leading:
            lead.append(value)
        if units is not None and value is state.units:
            parts.append(quoted + ":" + _dict_text(value, units))
        else:
            parts.append(quoted + ":" + _text(value))
    return parts, tuple(lead)


class UnitTexts:
    """The canonical texts of the undo history's units (which nothing changes), kept by
    identity, for the state hash taken right after an action: each unit the action left
    :func:`same` as in the snapshot before it has that snapshot unit's text, worked out once
    for as long as the history keeps sharing that unit (issue 32: the 200 units' texts were
    most of the hash; comparing is mostly identity checks, see :func:`same`)."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Any, str]] = {}

    def known(self, state: GameState, before: GameState) -> dict[str, str]:
        """The texts of the units of ``state`` that are the same as in ``before`` (a snapshot
        of the history), by id; it keeps the texts of ``before``'s units only."""
        kept: dict[int, tuple[Any, str]] = {}
        out: dict[str, str] = {}
        earlier = before.units
        for uid, unit in state.units.items():
            old = earlier.get(uid)
            if old is None or not same(old, unit):
                continue
            hit = self._kept.get(id(old))
            text = hit[1] if hit is not None and hit[0] is old else _text(old)
            kept[id(old)] = (old, text)
            out[uid] = text
        self._kept = kept
        return out


_PREFIX_KEY = "_warbench_hash_prefix"
"""Where :func:`_prefix` keeps its hashing on the first leading frozen value (the board), as
:data:`_TEXT_KEY` keeps a frozen value's text: it lives and goes with that value."""


def _prefix(kind: type, lead: tuple[Any, ...], parts: list[str]) -> Any:
    """A fresh copy of the SHA-256 state that has read ``{`` and ``parts`` (the ``__type__``
    entry and the frozen fields ``lead``) and a comma: worked out once per board, and kept
    on it with the state's type and the other leading values it was worked out for."""
    cache = getattr(lead[0], "__dict__", None)
    hit = cache.get(_PREFIX_KEY) if cache is not None else None
    if not isinstance(hit, _Prefix) or not hit.fits(kind, lead):
        hit = _Prefix(kind, lead, hashlib.sha256(("{" + ",".join(parts) + ",").encode("utf-8")))
        if cache is not None:
            cache[_PREFIX_KEY] = hit
    return hit.digest.copy()


class _Prefix:
    """A hashing kept on a board (see :func:`_prefix`): the state's type, the leading values
    it read (held, so an identity is never another value's) and the SHA-256 state. A copy of
    the board shares it (a hash state cannot be copied by ``copy.deepcopy``, and nothing
    changes it: every use takes a copy of it)."""

    def __init__(self, kind: type, lead: tuple[Any, ...], digest: Any) -> None:
        self.kind, self.lead, self.digest = kind, lead, digest

    def fits(self, kind: type, lead: tuple[Any, ...]) -> bool:
        """Whether it was worked out for a state of ``kind`` with these very leading values."""
        return self.kind is kind and len(self.lead) == len(lead) and all(
            a is b for a, b in zip(self.lead, lead, strict=True))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Prefix:
        return self


_quote = json.encoder.encode_basestring_ascii
"""A string as JSON text, exactly as ``json.dumps`` writes it (ASCII, escaped)."""

_Layout = tuple[tuple[str, str, bool, Any], ...]
"""A dataclass's fields in the canonical text's order: name, name as JSON text, whether it
is left out while it holds its default, and that default."""

_LAYOUTS: dict[type, _Layout] = {}
"""Each dataclass type's :data:`_Layout`, worked out once."""

_TYPE = object()
"""The ``__type__`` entry's place in a :data:`_Layout`."""


def _layout(kind: type) -> _Layout:
    """``kind``'s fields sorted as ``json.dumps(..., sort_keys=True)`` sorts the keys of its
    canonical form (``__type__`` among them)."""
    found = _LAYOUTS.get(kind)
    if found is None:
        entries: list[tuple[str, str, bool, Any]] = [("__type__", '"__type__"', False, _TYPE)]
        for f in dataclasses.fields(kind):
            omit = f.metadata.get("hash") == "omit-if-default"
            entries.append((f.name, _quote(f.name), omit, f.default))
        found = _LAYOUTS[kind] = tuple(sorted(entries, key=lambda e: e[0]))
    return found


def _text(value: Any) -> str:
    """``json.dumps(canonical(value), sort_keys=True, separators=(",", ":"))``, written
    directly (see :func:`canonical` for the form)."""
    kind = type(value)
    if kind is str:
        return str(_quote(value))
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is list or kind is tuple:
        return "[" + ",".join([_text(v) for v in value]) + "]"
    if kind is float:
        return '{"__float__":' + _quote(repr(value)) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_text(value)
    if isinstance(value, enum.Enum):
        return _text(value.value)
    if isinstance(value, dict):
        return _dict_text(value)
    if isinstance(value, set | frozenset):
        return '{"__set__":[' + ",".join(sorted([_text(v) for v in value])) + "]}"
    if isinstance(value, list | tuple):
        return "[" + ",".join([_text(v) for v in value]) + "]"
    if isinstance(value, float):
        return '{"__float__":' + _quote(repr(value)) + "}"
    if isinstance(value, str):
        return str(_quote(value))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    raise TypeError(f"state holds a value that cannot be hashed canonically: {value!r}")


def _dict_text(value: dict[Any, Any], known: Mapping[Any, str] | None = None) -> str:
    """A dict's canonical text; ``known``: the texts of some of its values, by key (the units
    an action left as they were, see :class:`UnitTexts`)."""
    items = sorted([(_text(k), k, v) for k, v in value.items()], key=lambda kv: kv[0])
    if known is None:
        return '{"__dict__":[' + ",".join(
            [f"[{_quote(t)},{_text(v)}]" for t, _, v in items]) + "]}"
    return '{"__dict__":[' + ",".join(
        [f"[{_quote(t)},{known.get(k) or _text(v)}]" for t, k, v in items]) + "]}"


def _entries(value: Any) -> Iterator[tuple[str, Any]]:
    """A dataclass instance's entries in its canonical text's order: each key as JSON text
    and its value (the ``__type__`` entry's value is the class name), leaving out a field
    marked ``omit-if-default`` while it holds its default."""
    kind = type(value)
    for name, quoted, omit, default in _layout(kind):
        if default is _TYPE:
            yield quoted, kind.__name__
            continue
        field_value = getattr(value, name)
        if omit and field_value == default:
            continue
        yield quoted, field_value


def _dataclass_text(value: Any) -> str:
    """A dataclass instance's canonical text; a frozen one's is written once and kept on it."""
    kind = type(value)
    frozen = kind.__dataclass_params__.frozen
    cache = getattr(value, "__dict__", None) if frozen else None
    if cache is not None:
        kept = cache.get(_TEXT_KEY)
        if kept is not None:
            return str(kept)
    text = "{" + ",".join([quoted + ":" + _text(v) for quoted, v in _entries(value)]) + "}"
    if cache is not None:
        cache[_TEXT_KEY] = text  # frozen values never change: write their text once
    return text


def snapshot(state: GameState, like: GameState | None = None,
             same_units: Collection[str] | None = None) -> GameState:
    """A deep copy of ``state`` that shares its immutable parts (trays, terrain, board) and
    what a unit remembers outside its dataclass fields: a ruleset's answers memoised on the
    instance (keyed by everything they read, never hashed nor saved; a rank-and-file block
    keeps up to 64 geometry answers). Copying those made an undo snapshot of a 200-unit
    table of blocks cost ~0.1 s and hold megabytes (issue 32); shared, a snapshot and the live state
    read the same answers under the same keys.

    A unit's field holding a :func:`frozen_value` (a stat card: a frozen dataclass of plain
    values) is shared too: nothing can change it, and the next snapshot finds it the very
    same object (:func:`same` answers at once instead of walking a card of attacks).

    ``like``: an earlier snapshot that nothing changes any more (the undo history's last):
    each unit equal to its unit there (the same class, every field equal) is that very unit,
    not a new copy, so a snapshot copies only the units the last action changed (issue 32).
    Whoever makes a snapshot taken so the live state again must copy it first.

    ``same_units``: the ids of the units of ``state`` already known to be :func:`same` as
    their units in ``like`` (and every other unit not), so ``like`` need not be walked
    again: the game worked them out for the last action's hash (see
    :meth:`~game.core.game.Game.units_left_alone`)."""
    memo: dict[int, Any] = {id(state.board): state.board}
    if like is not None and same_units is not None:
        for uid in same_units:
            memo[id(state.units[uid])] = like.units[uid]
    elif like is not None:
        _share_unchanged(state, like, memo)
    for piece in state.terrain:
        memo[id(piece)] = piece
    for unit in state.units.values():
        if id(unit) in memo:
            continue  # the history's own unit: not copied, so nothing in it is either
        if unit.tray is not None:
            memo[id(unit.tray)] = unit.tray
        fields = _field_names(type(unit))
        for name, value in getattr(unit, "__dict__", {}).items():
            if name not in fields or frozen_value(value):
                memo[id(value)] = value
    for proc in state.procedures:
        for f in dataclasses.fields(proc):
            value = getattr(proc, f.name)
            if isinstance(value, Tray | TerrainPiece):
                memo[id(value)] = value
    return copy.deepcopy(state, memo)


def _share_unchanged(state: GameState, like: GameState, memo: dict[int, Any]) -> None:
    """Let the copy of each unit of ``state`` that is :func:`same` as its unit in ``like`` be
    that unit."""
    earlier = like.units
    for uid, unit in state.units.items():
        old = earlier.get(uid)
        if old is not None and same(old, unit):
            memo[id(unit)] = old


def same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same value down to the types (``1`` and ``1.0``, or
    ``0.0`` and ``-0.0``, are equal but not the same: their canonical texts differ), for the
    dataclasses, containers and plain values a state holds; the very same object is.

    Written as plain loops that skip the values both sides hold as one object (a copy keeps
    the very same text, number and frozen value objects): every unit of a 200-unit table is
    compared at each undo snapshot (issue 32)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is str or kind is int or kind is bool:
        return bool(a == b)
    if kind is float:
        return bool(a == b) and repr(a) == repr(b)
    if kind is list or kind is tuple:
        return len(a) == len(b) and _same_items(a, b)
    if kind is dict:  # keys other than text could be equal but not the same: not shared
        return len(a) == len(b) and _same_entries(a, b)
    names = _FIELD_ORDER.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(a):
            return bool(a == b)
        names = _FIELD_ORDER[kind] = tuple(f.name for f in dataclasses.fields(a))
    for name in names:
        x, y = getattr(a, name), getattr(b, name)
        if x is not y and not same(x, y):
            return False
    return True


def _same_items(a: list[Any] | tuple[Any, ...], b: list[Any] | tuple[Any, ...]) -> bool:
    """Whether two sequences of one length hold the :func:`same` values, in order (a loop,
    not ``all()`` over a generator: this runs for every list of every unit)."""
    for x, y in zip(a, b, strict=True):  # noqa: SIM110
        if x is not y and not same(x, y):
            return False
    return True


def _same_entries(a: dict[Any, Any], b: dict[Any, Any]) -> bool:
    """Whether two dicts of one size hold the :func:`same` values under the same text keys."""
    for key, x in a.items():
        if type(key) is not str or key not in b:
            return False
        y = b[key]
        if x is not y and not same(x, y):
            return False
    return True


_FIELD_ORDER: dict[type, tuple[str, ...]] = {}
"""Each dataclass type's field names, in order (see :func:`same`)."""


_FROZEN_KEY = "_warbench_frozen"
"""Where a frozen dataclass instance keeps whether it is a :func:`frozen_value`."""

_PLAIN = (str, int, float, bool, type(None), enum.Enum)
"""Values that never change in place (``enum.Enum`` members included)."""


def frozen_value(value: Any) -> bool:
    """Whether ``value`` is a frozen dataclass instance holding only values that never
    change in place (text, numbers, enums, None, tuples and frozensets of those, and such
    frozen dataclasses), so a copy of a state may share it. Worked out once per instance
    and kept on it (as its canonical text is)."""
    kind = type(value)
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen or isinstance(value, type):
        return False
    cache = getattr(value, "__dict__", None)
    if cache is None:
        return False
    found = cache.get(_FROZEN_KEY)
    if found is None:
        found = cache[_FROZEN_KEY] = all(
            _never_changes(getattr(value, name)) for name in _field_names(kind))
    return bool(found)


def _never_changes(value: Any) -> bool:
    """Whether ``value`` can never change in place (see :func:`frozen_value`)."""
    if isinstance(value, _PLAIN):
        return True
    if type(value) is tuple or type(value) is frozenset:
        return all(_never_changes(v) for v in value)
    return frozen_value(value)


_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _field_names(kind: type) -> frozenset[str]:
    """The dataclass field names of ``kind`` (worked out once per class)."""
    found = _FIELD_NAMES.get(kind)
    if found is None:
        found = _FIELD_NAMES[kind] = frozenset(f.name for f in dataclasses.fields(kind))
    return found
