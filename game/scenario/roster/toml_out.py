"""A small TOML writer for the scenarios an import produces (tables, arrays of tables, inline
arrays; key order kept). Comments of a scenario read with ``--into`` are not kept."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def dumps(doc: Mapping[str, Any]) -> str:
    """The TOML text of ``doc``."""
    lines: list[str] = []
    _table(doc, (), lines)
    return "\n".join(lines).strip() + "\n"


def _table(table: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    nested = []
    for key, value in table.items():
        if isinstance(value, Mapping) or _tables(value):
            nested.append((key, value))
        else:
            lines.append(f"{_key(key)} = {inline(value)}")
    for key, value in nested:
        here = (*path, key)
        name = ".".join(_key(k) for k in here)
        if isinstance(value, Mapping):
            lines.extend(["", f"[{name}]"])
            _table(value, here, lines)
        else:
            for item in value:
                lines.extend(["", f"[[{name}]]"])
                _table(item, here, lines)


def _tables(value: Any) -> bool:
    return (isinstance(value, list) and bool(value)
            and all(isinstance(v, Mapping) for v in value))


def _key(key: str) -> str:
    return key if _BARE.match(key) else _string(key)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def inline(value: Any) -> str:
    """A TOML value written inline (texts, numbers, booleans, arrays, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a scenario holds finite numbers only")
        return repr(round(value, 6))
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a scenario")
