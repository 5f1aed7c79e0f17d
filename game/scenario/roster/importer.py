"""Army lists into a scenario: resolve every entry with the ruleset, place the units, write
and check the scenario (docs/rosters.md).

Two uses: a new battle from two lists (side 1 and side 2, on the ruleset's default table),
or one list as side N of an existing scenario (``into``), replacing that side's units and
keeping everything else. The result is checked by the scenario loader before it is returned,
so an import that succeeds is a scenario ``warbench check`` accepts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from shapely.geometry import Polygon

from game import rulesets
from game.core.roster import ArmyList, ListSkip, ListUnit
from game.core.ruleset import Ruleset, SetupError, UnitSetup
from game.core.state import Board, TableBoard, Unit
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray
from game.scenario.limits import MAX_UNITS
from game.scenario.loader import Scenario, load_scenario_text
from game.scenario.problems import FileError, Problem
from game.scenario.roster.place import PlacementError, Pose, place_units
from game.scenario.writer import leading_comments, scenario_data, write_text
from game.scenario.zones import deployment_zone

DEFAULT_TABLE = (48.0, 48.0)
"""The new battle's table: the size of every shipped table scenario, 48" x 48"."""
COLOURS = ("#5b7fa6", "#c0392b", "#3a7d2c", "#c9a227")
Zone: TypeAlias = Polygon | Iterable[Hex]


class UnknownEntries(FileError):
    """The lists name entries no catalogue knows (each a problem with its "did you mean"):
    nothing is imported unless the player accepts leaving them out (``accept_skipped``).
    ``entries`` are those problems alone, without the closing advice."""

    def __init__(self, entries: list[Problem], advice: Problem) -> None:
        super().__init__([*entries, advice])
        self.entries = entries


@dataclass(frozen=True)
class Imported:
    """An import's result: the scenario text (checked), its ruleset, and what happened to
    each entry: ``placed`` (unit id, name), ``skipped`` entries and ``notes``."""

    text: str
    ruleset: str
    placed: tuple[tuple[str, str], ...]
    skipped: tuple[ListSkip, ...]
    notes: tuple[str, ...]


@dataclass
class _Side:
    """One list's resolution on its side."""

    side: int
    army: ArmyList
    file: str
    units: list[tuple[ListUnit, Unit]] = field(default_factory=list)
    skipped: list[ListSkip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def import_lists(lists: Sequence[tuple[ArmyList, str]], *, ruleset: str | None = None,
                 into: Scenario | None = None, side: int = 1, accept_skipped: bool = False,
                 zones: Mapping[int, Zone] | None = None, title: str = "") -> Imported:
    """Import ``lists`` ((list, file) pairs). Without ``into``: a new battle, the first list
    as side 1 and the second as side 2 (two lists are needed). With ``into``: one list as
    side ``side`` of that scenario. ``zones`` gives a side's deployment zone (default: the
    scenario's own zone for that side, else a strip along its own edge). Raises FileError
    with every problem."""
    if into is None and len(lists) != 2:
        raise FileError.one(lists[0][1] if lists else "<list>", "a new battle needs two "
                            "armies: give a second list for side 2 (or --into a scenario)")
    if into is not None and len(lists) != 1:
        raise FileError.one(into.file, "--into takes one list (it replaces one side)")
    name = into.ruleset.name if into is not None else ruleset or _guess(lists)
    if ruleset is not None and into is not None and ruleset != into.ruleset.name:
        raise FileError.one(into.file, f"the scenario plays {into.ruleset.name!r}, not "
                            f"{ruleset!r}")
    rules = _create(name, into, lists[0][1])
    sides = [_resolve(rules, army, file, side if into is not None else i + 1)
             for i, (army, file) in enumerate(lists)]
    unknown = [s for one in sides for s in one.skipped if s.unknown]
    if unknown and not accept_skipped:
        raise UnknownEntries([Problem(one.file, None, "", str(s)) for one in sides
                              for s in one.skipped if s.unknown],
                             Problem(lists[0][1], None, "", "nothing was imported; fix these "
                                     "entries or accept leaving them out (--accept-skipped)"))
    doc = _document(rules, sides, into, zones or {}, title)
    header = leading_comments(into.text) if into is not None else [
        "Army lists imported by warbench roster import (docs/rosters.md)."]
    text = write_text(doc, header)
    checked = _check(text, lists[0][1])
    placed = tuple((u.id, u.name) for u in checked.state.units.values()
                   if u.owner in {s.side for s in sides})
    return Imported(text, name, placed, tuple(s for one in sides for s in one.skipped),
                    tuple(n for one in sides for n in one.notes))


def _guess(lists: Sequence[tuple[ArmyList, str]]) -> str:
    """The registered ruleset that recognises the most entries of the lists."""
    scores = []
    for name in rulesets.names():
        try:
            rules = rulesets.create(name, {})
            hits = sum(isinstance(rules.list_unit(e, army.army), ListUnit)
                       for army, _ in lists for e in army.entries)
        except Exception:  # a ruleset that cannot answer simply does not match
            continue
        scores.append((hits, name))
    scores.sort(reverse=True)
    if not scores or scores[0][0] == 0:
        raise FileError.one(lists[0][1], "no ruleset knows any entry of this list; name one "
                            "with --ruleset")
    if len(scores) > 1 and scores[1][0] == scores[0][0]:
        raise FileError.one(lists[0][1], f"both {scores[0][1]!r} and {scores[1][1]!r} know "
                            "this list; name one with --ruleset")
    return scores[0][1]


def _create(name: str, into: Scenario | None, file: str) -> Ruleset:
    if into is not None:
        return into.fresh_ruleset()
    if name not in rulesets.names():
        raise FileError.one(file, f"unknown ruleset {name!r}; known: "
                            + ", ".join(rulesets.names()))
    rules = rulesets.create(name, {})
    if "table" not in rules.board_kinds:
        raise FileError.one(file, f"{rules.title} plays on hex maps: import into a scenario "
                            "with --into")
    return rules


def _resolve(rules: Ruleset, army: ArmyList, file: str, side: int) -> _Side:
    """Every entry of ``army`` as a unit (built on a scratch spot to learn its tray) or a
    skip; a unit the ruleset cannot build is a skip that names why."""
    out = _Side(side, army, file)
    for entry in army.entries:
        answer = rules.list_unit(entry, army.army)
        if isinstance(answer, ListSkip):
            out.skipped.append(answer)
            continue
        try:
            unit = rules.build_unit(_setup(answer, "scratch", side, Pose(x=0.0, y=0.0)))
        except Exception as exc:  # ruleset code failing on a list's value is its problem
            why = ("; ".join(f"{p.path}: {p.message}" for p in exc.problems)
                   if isinstance(exc, SetupError) else str(exc)[:200])
            out.skipped.append(ListSkip(entry.label, f"cannot be built ({why})", unknown=True))
            continue
        out.units.append((answer, unit))
        out.notes.extend(answer.notes)
    return out


def _setup(answer: ListUnit, uid: str, side: int, pose: Pose) -> UnitSetup:
    return UnitSetup(id=uid, owner=side, name=answer.name, profile=answer.profile,
                     stats=answer.stats, x=pose.x, y=pose.y, facing=pose.facing, hex=pose.hex,
                     hex_facing=pose.hex_facing, counters=dict(answer.counters or {}))


def _document(rules: Ruleset, sides: list[_Side], into: Scenario | None,
              zones: Mapping[int, Zone], title: str) -> dict[str, Any]:
    """The scenario document: the new battle, or ``into``'s with the sides replaced."""
    if into is not None:
        doc = scenario_data(into.model)
        board: Board = into.state.board
        zones = {**{s.side: z for s in sides
                    if (z := deployment_zone(into, s.side)) is not None}, **zones}
        players = len(doc.get("players", []))
        for one in sides:
            if one.side > players:
                raise FileError.one(into.file, f"side {one.side} has no player (there are "
                                    f"{players})")
        keep = [u for u in doc.get("units", []) if u.get("side") not in
                {s.side for s in sides}]
        blocked = [u.tray.polygon for u in into.state.units.values()
                   if u.tray is not None and u.owner not in {s.side for s in sides}]
        blocked += [t.polygon for t in into.state.terrain if t.has("impassable")]
        taken = [u.hex for u in into.state.units.values()
                 if u.hex is not None and u.owner not in {s.side for s in sides}]
    else:
        board = TableBoard(*DEFAULT_TABLE)
        doc = _new_battle(rules, sides, title)
        keep, blocked, taken = [], [], []
    ids = {str(u.get("id")) for u in keep}
    units = list(keep)
    for one in sides:
        units.extend(_placed(one, board, zones.get(one.side), blocked, taken, ids))
    if len(units) > MAX_UNITS:
        raise FileError.one(sides[0].file, f"{len(units)} units; a scenario holds at most "
                            f"{MAX_UNITS}")
    doc["units"] = units
    return doc


def _new_battle(rules: Ruleset, sides: list[_Side], title: str) -> dict[str, Any]:
    names: list[str] = []
    for one in sides:
        base = (one.army.army or one.army.title or f"Side {one.side}")[:34]
        names.append(base if base not in names else f"{base} ({one.side})")
    vs = " against ".join(names)
    return {
        "scenario": {"name": (title or vs)[:120], "ruleset": rules.name, "seed": 1,
                     "description": (f"Imported army lists: {vs}.")[:4000]},
        "table": {"width": DEFAULT_TABLE[0], "height": DEFAULT_TABLE[1]},
        "players": [{"name": n, "colour": COLOURS[i % len(COLOURS)]}
                    for i, n in enumerate(names)],
    }


def _placed(one: _Side, board: Board, zone: Zone | None, blocked: list[Polygon],
            taken: list[Hex], ids: set[str]) -> list[dict[str, Any]]:
    sizes = [(u.tray.width, u.tray.depth) if u.tray is not None else None
             for _, u in one.units]
    try:
        poses = place_units(sizes, board, one.side, zone, blocked, taken)
    except PlacementError as exc:
        raise FileError.one(one.file, f"side {one.side}: {exc}") from None
    out = []
    for (answer, unit), pose in zip(one.units, poses, strict=True):
        uid = _unit_id(answer.name, one.side, ids)
        entry: dict[str, Any] = {"id": uid, "side": one.side, "name": answer.name[:80]}
        if answer.profile is not None:
            entry["profile"] = answer.profile
        if answer.stats is not None:
            entry["stats"] = dict(answer.stats)
        if pose.hex is not None:
            entry["hex"] = [pose.hex.q, pose.hex.r]
            taken.append(pose.hex)
        else:
            entry["at"] = [pose.x, pose.y]
            entry["facing"] = pose.facing
            if unit.tray is not None and pose.x is not None and pose.y is not None:
                blocked.append(Tray(pose.x, pose.y, pose.facing, unit.tray.width,
                                    unit.tray.depth).polygon)
        entry.update(dict(answer.counters or {}))
        out.append(entry)
    return out


def _unit_id(name: str, side: int, ids: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:24] or "unit"
    uid, n = f"s{side}_{base}", 2
    while uid in ids:
        uid, n = f"s{side}_{base}_{n}", n + 1
    ids.add(uid)
    return uid


def _check(text: str, file: str) -> Scenario:
    """The written scenario, loaded as ``warbench check`` would (its problems if any)."""
    return load_scenario_text(text, f"{file} (imported)")
