"""The BattleScribe roster tree (``.ros`` XML, ``.rosz``, New Recruit JSON) as list entries.

Both formats describe the same roster: forces with a catalogue (the army), each with
selections; a selection has a ``name``, a ``type`` (``unit``, ``model``, ``upgrade``), a
``number``, child selections and categories (one ``primary``). The parsers turn their files
into :class:`Node` trees and :func:`army_list` reads them:

- each top-level selection of type ``unit`` or ``model`` is an entry; one whose primary
  category is ``Characters`` is a character;
- its model count is the sum of its ``model`` children's numbers (else its own number);
- its equipment is every ``upgrade`` below it, by name;
- a character joins the unit its custom notes name (``joins: Veteran Orcs``, or the unit's
  custom name); otherwise it stands alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.core.roster import ArmyList, ListEntry
from game.scenario.problems import FileError
from game.scenario.roster.limits import MAX_ENTRIES, MAX_NAME

JOINS = re.compile(r"\bjoins?\s*:\s*(.+)", re.IGNORECASE)


@dataclass
class Node:
    """One selection (or force) of a roster."""

    name: str = ""
    type: str = ""
    number: int = 1
    custom_name: str = ""
    notes: str = ""
    primary: str = ""
    children: list[Node] = field(default_factory=list)


def army_list(forces: list[tuple[str, list[Node]]], fmt: str, file: str,
              title: str = "") -> ArmyList:
    """The list of a roster's forces (catalogue name, top-level selections)."""
    if not forces:
        raise FileError.one(file, "the roster has no force")
    units: list[tuple[Node, ListEntry]] = []
    characters: list[tuple[Node, ListEntry]] = []
    for f, (_, selections) in enumerate(forces):
        for s, node in enumerate(selections):
            if node.type not in ("unit", "model"):
                continue
            entry = _entry(node, f"forces[{f}].selections[{s}]")
            (characters if entry.role == "character" else units).append((node, entry))
    if len(units) + len(characters) > MAX_ENTRIES:
        raise FileError.one(file, f"the list has more than {MAX_ENTRIES} entries")
    joined = _join(units, characters)
    return ArmyList(fmt, forces[0][0], tuple(joined), title)


def _entry(node: Node, where: str) -> ListEntry:
    models = sum(c.number for c in node.children if c.type == "model")
    gear: list[str] = []
    stack = [c for c in node.children if c.type != "model"]
    for c in node.children:
        if c.type == "model":
            stack.extend(c.children)
    while stack:
        item = stack.pop(0)
        if item.type == "upgrade" and item.name and item.name not in gear:
            gear.append(item.name[:MAX_NAME])
        stack.extend(item.children)
    role = "character" if node.primary.lower() == "characters" else "unit"
    return ListEntry(node.name[:MAX_NAME], models=models or max(node.number, 1), role=role,
                     equipment=tuple(gear), where=where)


def _join(units: list[tuple[Node, ListEntry]], characters: list[tuple[Node, ListEntry]]
          ) -> list[ListEntry]:
    """Units with the characters whose notes name them; the other characters alone."""
    attached: dict[int, list[ListEntry]] = {}
    alone: list[ListEntry] = []
    for node, char in characters:
        found = JOINS.search(node.notes)
        wanted = found.group(1).strip().lower() if found else ""
        host = next((i for i, (u, e) in enumerate(units) if wanted and wanted in (
            u.custom_name.lower(), e.name.lower())), None)
        if host is None:
            alone.append(char)
        else:
            attached.setdefault(host, []).append(char)
    out = [ListEntry(e.name, e.ref, e.models, e.role, tuple(attached.get(i, ())), e.equipment,
                     e.where) for i, (_, e) in enumerate(units)]
    return out + [ListEntry(c.name, c.ref, c.models, "unit", (), c.equipment, c.where)
                  for c in alone]
