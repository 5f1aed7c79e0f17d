"""Hypothesis strategies shared by the tests: any action of any type, built from its fields."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from hypothesis import strategies as st

from game.core.actions import Action, Choose, FreeRoll

WORD = st.from_regex(r"[A-Za-z][A-Za-z0-9_\-]{0,11}", fullmatch=True)
FLOATS = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


def _for_hint(hint: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*[_for_hint(a) for a in args])
    if hint is type(None):
        return st.none()
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(_for_hint(args[0]), max_size=6).map(tuple)
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(min_value=-1000, max_value=1000)
    if hint is float:
        return FLOATS
    if hint is str:
        return WORD
    raise NotImplementedError(f"no strategy for {hint!r}")


def action_strategy(cls: type[Action]) -> st.SearchStrategy[Action]:
    """Random valid instances of an action type (special cases for Choose and FreeRoll)."""
    if cls is Choose:
        pair = st.tuples(WORD, WORD).map(lambda kv: f"{kv[0]}={kv[1]}")
        return st.lists(pair, max_size=5).map(lambda items: Choose(tuple(items)))
    if cls is FreeRoll:
        spec = st.tuples(st.integers(1, 9), st.sampled_from([3, 6, 8, 10, 12, 20]))
        return spec.flatmap(
            lambda cs: st.lists(st.integers(1, cs[1]), max_size=cs[0]).map(
                lambda rs: FreeRoll(f"{cs[0]}d{cs[1]}", tuple(rs))
            )
        )
    hints = typing.get_type_hints(cls)
    fields = {f.name: _for_hint(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.builds(cls, **fields)
