"""Write a scenario back to a file: readable TOML in the documented format (issue 26).

The battle builder saves what it edits through this module, so a saved battle is an ordinary
scenario file that ``warbench check`` and the loader accept. The writer is the loader's
inverse: for every loaded scenario, ``load(write(load(f)))`` gives the same model and the
same initial state hash (``tests/scenario/test_writer.py`` checks every shipped scenario).

Layout, as ``docs/scenarios.md`` writes its examples: a comment header, then ``[scenario]``,
the board (``[table]`` or ``[hexmap]`` with its ``[[hexmap.hexes]]`` and feature lists),
``[[terrain]]``, ``[[players]]``, ``[[units]]`` (a unit's ``stats`` as a ``[units.stats]``
section), ``[dice]`` and ``[rules]``. Only the keys the scenario sets are written. Whole
numbers held in typed inch fields are written without ``.0``; anything a ruleset reads as it
is (stats, options) keeps its exact type. No pygame here: the builder's document and the CLI
use it below the UI.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.scenario.model import ScenarioModel

TOP_ORDER = ("scenario", "table", "hexmap", "terrain", "players", "units", "dice", "rules")
"""The order of the top-level tables in a written file (the order of docs/scenarios.md)."""

SECTION_LISTS = frozenset({("terrain",), ("players",), ("units",), ("hexmap", "hexes")})
"""Lists of tables written as ``[[...]]`` sections; any other list of tables directly under
``[hexmap]`` (a ruleset's map features) is too, and deeper ones are written inline."""

TIDY_FLOATS = frozenset({("table",), ("terrain", "polygon"), ("units", "at"),
                         ("units", "facing"), ("players", "deployment")})
"""Typed inch fields (pydantic floats) whose whole numbers are written without ``.0``; the
loader reads ``18`` there as ``18.0``, so the model is the same."""

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def scenario_data(model: ScenarioModel) -> dict[str, Any]:
    """The keys a loaded scenario sets, as plain TOML-ready data (lists for tuples)."""
    data: dict[str, Any] = _plain(model.model_dump(exclude_unset=True))
    return data


def write_text(data: Mapping[str, Any], header: Sequence[str] = ()) -> str:
    """``data`` (a scenario's tables, as the loader parses them) as TOML text, the
    ``header`` lines first as comments. Works for any data, valid or not (a draft)."""
    lines = [f"# {line}".rstrip() for line in header]
    if lines:
        lines.append("")
    top = [k for k in TOP_ORDER if k in data] + [k for k in data if k not in TOP_ORDER]
    scalars = {k: data[k] for k in top if not _is_section(data[k], (k,))}
    body: list[str] = _key_lines(scalars, ())
    for key in top:
        if key not in scalars:
            body.extend(_section(data[key], (key,)))
    while body and not body[0]:
        body.pop(0)
    return "\n".join(lines + body).rstrip("\n") + "\n"


def scenario_text(model: ScenarioModel, header: Sequence[str] = ()) -> str:
    """The TOML text of a loaded scenario's model (see :func:`write_text`)."""
    return write_text(scenario_data(model), header)


def leading_comments(text: str) -> list[str]:
    """The comment lines a scenario file starts with (without ``#``), so a file opened and
    saved again keeps its header."""
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        out.append(stripped[1:].removeprefix(" "))
    return out


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, as saves are written
    (:func:`game.scenario.saves.atomic_write`: a synced temporary file renamed over the
    target, keeping its mode), creating the folder if needed."""
    from game.scenario.saves import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text.encode("utf-8"))


# --- the TOML text -----------------------------------------------------------------------------


def _section(value: Any, path: tuple[str, ...]) -> list[str]:
    """The lines of a table (``[path]``) or a list of tables (``[[path]]``) with the
    sections nested in it."""
    if isinstance(value, Mapping):
        return _table(value, path, f"[{_dotted(path)}]")
    out = []
    for item in value:
        out.extend(_table(item, path, f"[[{_dotted(path)}]]"))
    return out


def _table(table: Mapping[str, Any], path: tuple[str, ...], header: str) -> list[str]:
    inner = {k: v for k, v in table.items() if not _is_section(v, (*path, k))}
    lines = ["", header, *_key_lines(inner, path)]
    for key, value in table.items():
        if key not in inner:
            lines.extend(_section(value, (*path, key)))
    return lines


def _is_section(value: Any, path: tuple[str, ...]) -> bool:
    """Whether a value is written as its own section rather than ``key = value``."""
    if isinstance(value, Mapping):
        return bool(value) and len(path) <= 3
    if _is_table_list(value):
        return path in SECTION_LISTS or (len(path) == 2 and path[0] == "hexmap")
    return False


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and all(
        isinstance(v, Mapping) for v in value)


def _key_lines(table: Mapping[str, Any], path: tuple[str, ...]) -> list[str]:
    return [f"{_key(k)} = {_value(v, _tidy(path, k))}" for k, v in table.items()]


def _tidy(path: tuple[str, ...], key: str) -> bool:
    return path in TIDY_FLOATS or (*path, key) in TIDY_FLOATS


def _value(value: Any, tidy: bool = False) -> str:
    """One TOML value, inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value, tidy)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v, tidy) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to a scenario file")


def _float(value: float, tidy: bool) -> str:
    if not math.isfinite(value):
        raise ValueError(f"{value} is not a number a scenario may hold")
    if tidy and value.is_integer() and abs(value) < 2**53 and math.copysign(1, value) > 0:
        return str(int(value))
    text = repr(value)
    return text if any(c in text for c in ".en") else text + ".0"


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _dotted(path: Iterable[str]) -> str:
    return ".".join(_key(part) for part in path)


def _plain(value: Any) -> Any:
    """Tuples as lists, recursively (TOML has lists only)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
