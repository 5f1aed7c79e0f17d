"""Live validation of a battle being built (issue 26): the very loader of ``warbench check``.

The battle builder's document (:mod:`game.scenario.edit`) is plain scenario data. To check
it, it is written as the TOML text a save would write (:mod:`game.scenario.writer`) and loaded
with :func:`~game.scenario.loader.load_scenario_text`; every problem the loader finds comes
back with the thing it is about (:class:`Target`: a unit, a terrain piece, a hex, a map
feature, a player, or the setup), so the builder's problem list can select it.

Placement is the game's own: a unit put somewhere is checked by loading the battle with that
unit listed last, so the ruleset's placement rules (on the board, no overlap, not on
impassable ground, WB-TBL-1) judge it against every other unit, and the refusal says why.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from game.scenario.loader import Scenario, load_scenario_text
from game.scenario.problems import FileError, Problem
from game.scenario.writer import write_text

Target = tuple[Any, ...]
"""What a problem is about: ``("unit", id)``, ``("terrain", i)``, ``("hex", q, r)``,
``("feature", key, i)``, ``("player", i)`` or ``("setup",)``."""

SETUP: Target = ("setup",)
CHECK_FILE = "battle.toml"
"""The file name problems of the document carry (it has no file until it is saved)."""
_INDEXED = re.compile(r"^(\w+)\[(\d+)\]")


@dataclass(frozen=True)
class EditProblem:
    """One problem of the battle: what it is about, its dotted path and the loader's words."""

    target: Target
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


@dataclass(frozen=True)
class Check:
    """The loader's verdict on the document: the loaded scenario when it is valid, else
    every problem."""

    scenario: Scenario | None
    problems: tuple[EditProblem, ...]

    @property
    def valid(self) -> bool:
        """Whether ``warbench check`` accepts the battle (Save is allowed)."""
        return self.scenario is not None


def check_data(data: dict[str, Any]) -> Check:
    """Load the document's data with the real loader (never raises: bad data is problems)."""
    try:
        text = write_text(data)
    except (TypeError, ValueError) as exc:
        return Check(None, (EditProblem(SETUP, "", str(exc)),))
    try:
        return Check(load_scenario_text(text, CHECK_FILE), ())
    except FileError as exc:
        return Check(None, tuple(EditProblem(target_of(data, p.path), p.path, _words(p))
                                 for p in exc.problems))


def _words(problem: Problem) -> str:
    """The loader's message, in the builder's words where the file's words do not fit (a
    battle with no units yet is not a "list" to the player)."""
    if problem.path == "units" and "at least 1" in problem.message:
        return "no units yet: drag one from the list onto the board"
    hint = f" (did you mean {problem.suggestion!r}?)" if problem.suggestion else ""
    return problem.message + hint


def preview(data: dict[str, Any], tries: int = 4) -> Scenario | None:
    """What can be drawn of a battle being built: the loaded battle when it is valid, else
    the battle without the units, pieces, hexes, features and zones the loader refuses (and
    with no units yet if it has none). None when even its setup does not load (an unknown
    ruleset, a board of the wrong kind): the builder then shows the problem list only."""
    probe = copy.deepcopy(data)
    for _ in range(tries):
        try:
            return load_scenario_text(write_text(probe), CHECK_FILE, draft=True)
        except (TypeError, ValueError):
            return None
        except FileError as exc:
            if not _drop_refused(probe, [p.path for p in exc.problems]):
                return None
    return None


def _drop_refused(data: dict[str, Any], paths: list[str]) -> bool:
    """Take out of ``data`` every entry a problem's path points into (``units[2]...``,
    ``terrain[0]...``, ``hexmap.walls[1]...``; a player's zone for ``players[i]...``);
    False if none can be."""
    found: dict[tuple[str, ...], set[int]] = {}
    for path in paths:
        head = path.removeprefix("hexmap.") if path.startswith("hexmap.") else path
        match = _INDEXED.match(head)
        if match is not None:
            where: tuple[str, ...] = ("hexmap", match.group(1)) if head is not path else (
                match.group(1),)
            found.setdefault(where, set()).add(int(match.group(2)))
    dropped = False
    for where, indices in found.items():
        container: Any = data
        for key in where[:-1]:
            container = container.get(key) if isinstance(container, dict) else None
        items = container.get(where[-1]) if isinstance(container, dict) else None
        if not isinstance(items, list):
            continue
        if where == ("players",):
            for i in indices:
                if i < len(items) and isinstance(items[i], dict):
                    for zone in ("deployment", "deployment_hexes"):
                        dropped = items[i].pop(zone, None) is not None or dropped
            continue
        container[where[-1]] = [item for i, item in enumerate(items) if i not in indices]
        dropped = True
    return dropped


def target_of(data: dict[str, Any], path: str) -> Target:
    """The thing a problem's dotted path is about."""
    match = _INDEXED.match(path)
    if path.startswith("hexmap."):
        inner = _INDEXED.match(path.removeprefix("hexmap."))
        if inner is None:
            return SETUP
        key, i = inner.group(1), int(inner.group(2))
        if key == "hexes":
            entry = _item(data.get("hexmap", {}).get("hexes"), i)
            at = entry.get("at") if isinstance(entry, dict) else None
            good = isinstance(at, list | tuple) and len(at) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in at)
            return ("hex", *at) if good else SETUP  # type: ignore[misc]
        return ("feature", key, i)
    if match is None:
        return SETUP
    key, i = match.group(1), int(match.group(2))
    if key == "units":
        entry = _item(data.get("units"), i)
        uid = entry.get("id") if isinstance(entry, dict) else None
        return ("unit", uid) if isinstance(uid, str) else SETUP
    if key == "terrain":
        return ("terrain", i)
    if key == "players":
        return ("player", i)
    return SETUP


def _item(items: Any, i: int) -> Any:
    return items[i] if isinstance(items, list) and 0 <= i < len(items) else None


def placement_refusal(data: dict[str, Any], unit_id: str) -> str | None:
    """Why the unit ``unit_id`` of ``data`` cannot stand where it is, by the game's own
    placement rules (None: it may). The unit is checked last, against every other unit;
    data the loader cannot type-check yet gives no refusal (its problems are listed)."""
    units = data.get("units")
    if not isinstance(units, list):
        return None
    mine = [u for u in units if isinstance(u, dict) and u.get("id") == unit_id]
    if not mine:
        return None
    others = [u for u in units if not (isinstance(u, dict) and u.get("id") == unit_id)]
    probe = {**data, "units": [*others, mine[0]]}
    last = f"units[{len(others)}]"
    where = {last, f"{last}.at", f"{last}.hex", f"{last}.facing"}
    return next((p.message for p in check_data(probe).problems if p.path in where), None)
