"""War Council lists: the id string and the id-array JSON export (docs/rosters.md).

The id string is ``Faction; 10201, 10205, 20204, ...``: the faction, a semicolon, then War
Council ids separated by commas (or spaces). The JSON export is
``{"faction": {"name": "Stark"}, "idArray": [10201, "10205", [10206, 20204], ...]}``: an id,
or a list of ids (a unit followed by what is attached to it). Which ids are units, attachments
or non-combat units is the ruleset's to say (``Ruleset.list_unit``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.core.roster import ArmyList, ListEntry
from game.scenario.problems import FileError
from game.scenario.roster.limits import MAX_ENTRIES, MAX_NAME

ID_STRING = "War Council id string"
STATS_JSON = "War Council id-array JSON"
_TOKEN = re.compile(r"[^\s,;()\[\]]+")


def parse_id_string(text: str, file: str) -> ArmyList:
    """The list of an id string (one line; blank lines and ``#`` comments are ignored)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip()
             .startswith("#")]
    if not lines:
        raise FileError.one(file, "the list is empty")
    body = " ".join(lines)
    faction, sep, ids = body.partition(";")
    if not sep:
        raise FileError.one(file, "expected 'Faction; id, id, ...' (no ';' after the faction)")
    tokens = _TOKEN.findall(ids)
    if len(tokens) > MAX_ENTRIES:
        raise FileError.one(file, f"the list has more than {MAX_ENTRIES} entries")
    if not tokens:
        raise FileError.one(file, "the list names no War Council id")
    entries = tuple(ListEntry("", t[:MAX_NAME], where=f"id {i + 1}")
                    for i, t in enumerate(tokens))
    return ArmyList(ID_STRING, faction.strip()[:MAX_NAME], entries)


def is_stats_json(doc: Any) -> bool:
    """Whether a parsed JSON document has the id-array shape."""
    return isinstance(doc, Mapping) and "idArray" in doc


def parse_stats_json(doc: Any, file: str) -> ArmyList:
    """The list of an id-array export (already parsed and checked for size and nesting)."""
    if not is_stats_json(doc) or not isinstance(doc["idArray"], list):
        raise FileError.one(file, "expected an object with an 'idArray' list")
    faction = doc.get("faction")
    name = faction.get("name") if isinstance(faction, Mapping) else faction
    if not isinstance(name, str):
        raise FileError.one(file, "expected 'faction.name' to be a text", "faction.name")
    flat: list[tuple[Any, str]] = []
    for i, item in enumerate(doc["idArray"]):
        group = item if isinstance(item, list) else [item]
        flat.extend((x, f"idArray[{i}]") for x in group)
    if len(flat) > MAX_ENTRIES:
        raise FileError.one(file, f"the list has more than {MAX_ENTRIES} entries")
    entries = []
    for value, where in flat:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise FileError.one(file, "expected War Council ids (numbers or texts)", where)
        entries.append(ListEntry("", str(value).strip()[:MAX_NAME], where=where))
    if not entries:
        raise FileError.one(file, "the list names no War Council id", "idArray")
    return ArmyList(STATS_JSON, name.strip()[:MAX_NAME], tuple(entries))
