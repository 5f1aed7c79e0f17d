"""Explicit limits on what a file may hold, checked before any expensive work.

Each limit is chosen so that the largest allowed file still loads in a few seconds and plays
interactively (``tests/robust/test_limits.py`` loads a file at every limit and plays it);
``docs/limits.md`` lists them with the reasons. A file over a limit is refused with a
:class:`~game.scenario.problems.FileError` naming the limit, never half-loaded.

This module also reads and parses untrusted files safely: a size cap before reading, TOML and
JSON parsing that turns every parser failure (deep nesting, 5,000-digit integers, ``NaN``) into
a problem, and :func:`document_problems`, one iterative walk of a parsed document that refuses
nesting deeper than :data:`MAX_DEPTH`, non-finite numbers and integers too large to be a count.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import IO, Any

from game.core.game import MAX_ACTIONS
from game.scenario.problems import FileError, Problem, dotted
from game.scenario.problems import Path as KeyPath

MAX_SCENARIO_BYTES = 2_000_000
"""Size of a scenario file (and of the scenario text inside a save)."""

MAX_SAVE_BYTES = 8_000_000
"""Size of a save file: the scenario text plus at most :data:`MAX_SAVE_ACTIONS` actions."""

MAX_TURN_BYTES = 8_000_000
"""Size of a play-by-file turn file: the first one carries the scenario, any one at most a
game's actions with their comments (checked before the file is read whole)."""

MAX_SETTINGS_BYTES = 100_000
"""Size of the settings file."""

MAX_DEPTH = 32
"""Nesting of tables and lists in any file (a scenario needs 5, a save 4)."""

MAX_UNITS = 200
"""Units in one scenario."""

MAX_PIECE_VERTICES = 64
"""Vertices of one terrain polygon."""

MAX_TERRAIN_VERTICES = 512
"""Vertices of all the terrain polygons of a scenario together."""

MAX_ZONE_VERTICES = 64
"""Vertices of one player's deployment zone on a table (``[[players]] deployment``)."""

MAX_HEX_ENTRIES = 3_600
"""``[[hexmap.hexes]]`` entries (the largest map, 60 x 60, has 3,600 hexes)."""

MAX_SCRIPTED_DICE = 1_000
"""Scripted dice of a scenario, and extra dice of a save (they are copied with every undo
snapshot and hashed after every action)."""

MAX_MODELS_PER_UNIT = 100
"""Files x ranks of one unit's tray (the model slots drawn and checked one by one)."""

MAX_SAVE_ACTIONS = MAX_ACTIONS
"""Actions in one save: :data:`game.core.game.MAX_ACTIONS` (the game refuses to record more,
so no game outgrows the save that must keep it)."""

MAX_INTEGER = 2**53
"""Largest integer a file may hold (anything larger is not a count, a seed or a face)."""

_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def read_limited(path: str | Path | Traversable, max_bytes: int, what: str) -> bytes:
    """The bytes of ``path``, refusing a file larger than ``max_bytes`` before reading it.
    ``path`` may also be a shipped resource (:mod:`importlib.resources`), which is opened
    through its own API so that a zipped or frozen install reads it the same way."""
    file = str(path)
    try:
        with _open_binary(path) as handle:
            raw = handle.read(max_bytes + 1)
    except IsADirectoryError:
        raise FileError.one(file, f"this is a folder, not a {what}") from None
    except OSError as exc:
        raise FileError.one(file, f"cannot read the {what}: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise FileError.one(file, f"the {what} is larger than the limit of {max_bytes:,} bytes")
    return raw


def _open_binary(path: str | Path | Traversable) -> IO[bytes]:
    """A file opened for reading bytes: a path by ``open``, a resource by its own ``open``."""
    if isinstance(path, str | Path):
        return open(path, "rb")
    return path.open("rb")


def decode_text(raw: bytes, file: str) -> str:
    """UTF-8 text of a file's bytes (a problem if it is not UTF-8)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError.one(file, f"the file is not UTF-8 text ({exc})") from None


def _save_hint(text: str) -> str:
    """A hint for a save read as a scenario: a save is JSON, and only a ``.json`` name says
    so (``warbench run --save`` writes one under whatever name it is given)."""
    if text.lstrip().startswith("{"):
        return "; it looks like a saved game (JSON): give it a .json name to open it as one"
    return ""


def parse_toml(text: str, file: str, line_of: Callable[[KeyPath], int | None]) -> dict[str, Any]:
    """Parse TOML text and check it with :func:`document_problems`; FileError if anything fails."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        where = _TOML_WHERE.search(message)
        line = int(where.group(1)) if where else None
        column = f" (column {where.group(2)})" if where else ""
        message = _TOML_WHERE.sub("", message)
        raise FileError.one(file, f"this is not valid TOML: {message}{column}{_save_hint(text)}",
                            line=line) from None
    except RecursionError:
        raise FileError.one(file, f"tables or lists are nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise FileError.one(file, f"this is not valid TOML: {exc}") from None
    problems = document_problems(data, file, line_of)
    if problems:
        raise FileError(problems)
    return data


def parse_json(raw: bytes, file: str, what: str) -> Any:
    """Parse JSON bytes, refusing NaN/Infinity, deep nesting and huge numbers."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except RecursionError:
        raise FileError.one(file, f"the {what} is nested deeper than {MAX_DEPTH}") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise FileError.one(file, f"the {what} is corrupt or truncated ({exc})") from None
    if isinstance(data, dict):
        early = early_problems(data, file)
        if early:
            raise FileError(early)
    problems = document_problems(data, file)
    if problems:
        raise FileError(problems)
    return data


def early_problems(doc: dict[str, Any], file: str) -> list[Problem]:
    """Counts over their limits that a JSON document shows at its top (a save's actions),
    checked before walking the whole document."""
    actions = doc.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_SAVE_ACTIONS:
        return [Problem(file, None, "actions", f"{len(actions)} actions; a save holds at most "
                        f"{MAX_SAVE_ACTIONS}")]
    return []


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file may hold")


def document_problems(
    data: Any, file: str, line_of: Callable[[KeyPath], int | None] | None = None
) -> list[Problem]:
    """Problems of a parsed document: too deep, a non-finite number, a too-large integer.

    The walk is iterative (no recursion limit to hit) and stops at the first problem of each
    kind, so a hostile file costs one pass over what was parsed.
    """
    found: dict[str, Problem] = {}

    def report(kind: str, path: KeyPath, message: str) -> None:
        if kind not in found:
            line = line_of(path) if line_of is not None else None
            found[kind] = Problem(file, line, dotted(path), message)

    if not isinstance(data, dict | list):
        _check_scalar(data, (), report)
        return list(found.values())
    stack: list[tuple[KeyPath, Any]] = [((), data)]
    while stack:
        path, container = stack.pop()
        if len(path) >= MAX_DEPTH:
            report("depth", path, f"tables or lists are nested deeper than {MAX_DEPTH}")
            continue
        items = container.items() if isinstance(container, dict) else enumerate(container)
        for key, value in items:
            if isinstance(value, dict | list):
                stack.append(((*path, key), value))
            elif not isinstance(value, bool) and isinstance(value, float | int | str):
                _check_scalar(value, (*path, key), report)
            if isinstance(key, str) and not is_text(key):
                report("text", (*path,), "a key is not valid Unicode text")
    return list(found.values())


def is_text(value: str) -> bool:
    """Whether ``value`` is valid Unicode text (no lone surrogates, which JSON can encode)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_scalar(value: Any, path: KeyPath, report: Callable[[str, KeyPath, str], None]) -> None:
    if isinstance(value, str):
        if not is_text(value):
            report("text", path, "the text is not valid Unicode (a lone surrogate)")
    elif isinstance(value, float) and not math.isfinite(value):
        report("finite", path, f"{value} is not a finite number")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INTEGER:
        report("integer", path, f"the number is too large (the limit is {MAX_INTEGER:,})")
