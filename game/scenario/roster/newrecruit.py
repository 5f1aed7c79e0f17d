"""New Recruit's JSON export: the BattleScribe roster schema as JSON
(``{"roster": {"name", "forces": [{"catalogueName", "selections": [...]}]}}``; a selection has
``name``, ``type``, ``number``, ``customName``, ``customNotes``, ``categories`` and
``selections``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.roster import ArmyList
from game.scenario.problems import FileError
from game.scenario.roster.selections import Node, army_list

FORMAT = "New Recruit JSON"


def is_new_recruit(doc: Any) -> bool:
    """Whether a parsed JSON document has the roster shape."""
    return isinstance(doc, Mapping) and isinstance(doc.get("roster"), Mapping)


def parse_new_recruit(doc: Any, file: str) -> ArmyList:
    """The list of a New Recruit export (already parsed and checked for size and nesting)."""
    if not is_new_recruit(doc):
        raise FileError.one(file, "not a New Recruit roster (no 'roster' object)")
    roster = doc["roster"]
    forces = []
    for force in _items(roster.get("forces")):
        forces.append((_text(force.get("catalogueName")) or _text(force.get("name")),
                       [_node(s) for s in _items(force.get("selections"))]))
    return army_list(forces, FORMAT, file, _text(roster.get("name")))


def _items(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _node(sel: Mapping[str, Any]) -> Node:
    number = sel.get("number", 1)
    primary = next((_text(c.get("name")) for c in _items(sel.get("categories"))
                    if c.get("primary") is True), "")
    return Node(_text(sel.get("name")), _text(sel.get("type")),
                number if isinstance(number, int) and 0 <= number <= 1000 else 1,
                _text(sel.get("customName")), _text(sel.get("customNotes")), primary,
                [_node(c) for c in _items(sel.get("selections"))])
