"""Geometry answers remembered on a Ninth Age unit, keyed by everything they read (so a stale
answer is never returned). Below every other module of the ruleset that caches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.rulesets.ninth_age.units import NinthUnit

T = TypeVar("T")

_MISSING = object()

MEMO_LIMIT = 64
"""Geometry answers a unit remembers before it forgets them all."""


def unit_key(unit: NinthUnit) -> tuple[object, ...]:
    """Everything of a unit the contact geometry and the strikers read, as a hashable value."""
    return (unit.id, unit.tray, unit.rf_models, unit.files, tuple(unit.removed), unit.charged,
            tuple((c.key, c.hp) for c in unit.characters), tuple(sorted(unit.wielding.items())))


def remembered(unit: NinthUnit, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()`` remembered on the unit under ``key`` (a value that names everything the
    answer depends on, so a stale answer is never returned). Kept in the instance's
    ``__dict__`` outside its dataclass fields: never hashed, compared or saved; a unit's
    copies share it (:meth:`NinthUnit.__deepcopy__`)."""
    memo: dict[tuple[object, ...], Any] = unit.__dict__.setdefault("_engage_memo", {})
    known = memo.get(key, _MISSING)  # one look-up: copies in other threads share the memo
    if known is not _MISSING:
        return known  # type: ignore[no-any-return]
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    value = compute()
    memo[key] = value
    return value
