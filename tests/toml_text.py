"""TOML text of plain Python values, for tests that write small scenarios inline."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def toml_value(value: Any) -> str:
    """``value`` (bool, number, string, mapping or sequence) as a TOML inline value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return "[" + ", ".join(toml_value(v) for v in value) + "]"
