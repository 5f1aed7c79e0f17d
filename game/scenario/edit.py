"""The battle builder's document (issue 26): a battle being set up, below the UI.

A :class:`BattleDoc` holds a scenario as the plain data of its TOML file (ruleset, board,
players and their deployment zones, options, units, terrain, hexes, map features) and changes
it only through commands (add, move, rotate, duplicate and delete a unit, set its side, add,
edit and delete a terrain polygon, paint a hex, place a map feature, set a zone, change the
setup). Every command is one step of undo/redo. A command that cannot be done is refused with
:class:`EditRefused` and a player's reason, and changes nothing:

- a unit is placed by the game's own placement rules (on the board, not on another unit, not
  on impassable ground: :func:`~game.scenario.edit_check.placement_refusal`);
- the limits of docs/limits.md (units, terrain vertices, zone vertices, players) are refused
  at the limit with the limit named;
- terrain keywords and map features are those the ruleset declares.

Everything else is judged by the loader of ``warbench check`` (:meth:`BattleDoc.check`): the
problem list of a half-built battle, each problem with what it is about. Save writes only a
valid battle (an ordinary scenario file); a draft keeps an invalid one, named ``*.draft.toml``.
The document knows no ruleset: it reads the registry and the ruleset's declarations.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shapely.geometry import Polygon

from game import rulesets
from game.core.choices import ChoiceValue, UnitChoice
from game.core.ruleset import Ruleset, SetupError, UnitSetup
from game.core.state import TableBoard
from game.core.vocab import FeatureKind, OptionSpec, ProfileRecord
from game.geometry.hexgrid import Hex
from game.scenario.edit_check import Check, check_data, placement_refusal, preview
from game.scenario.limits import (
    MAX_HEX_ENTRIES,
    MAX_PIECE_VERTICES,
    MAX_SCENARIO_BYTES,
    MAX_TERRAIN_VERTICES,
    MAX_UNITS,
    MAX_ZONE_VERTICES,
    decode_text,
    parse_toml,
    read_limited,
)
from game.scenario.loader import Scenario
from game.scenario.problems import FileError, LineIndex, Problem, dotted
from game.scenario.roster.importer import Imported
from game.scenario.writer import leading_comments, write_file, write_text

MIN_PLAYERS, MAX_PLAYERS = 2, 8
"""Players of a scenario (``[[players]]``, docs/scenarios.md)."""
DRAFT_SUFFIX = ".draft.toml"
"""How a draft's file name ends: a battle that does not load yet, saved to go on later."""
HEADER = ("Built with the Warbench battle builder (warbench edit).",)
DRAFT_HEADER = "DRAFT: this battle does not load yet; open it with warbench edit to finish it."
ROUNDS_KEY = "rounds"
"""The option a ruleset declares for its round limit (the builder's setup shows it first)."""
DEFAULT_COLOURS = ("#3b6fb6", "#c0392b", "#2e8b57", "#d68910", "#7d3c98", "#148f77",
                   "#b03a2e", "#5d6d7e")
"""A colour per seat for a new battle."""

Point = tuple[float, float]
Place = tuple[float, float] | tuple[int, int]
"""Where a unit stands: ``(x, y)`` inches on a table, ``(q, r)`` on a hex map."""


class EditRefused(Exception):
    """A command that cannot be done, with the player's reason; the document is unchanged."""


@dataclass
class BattleDoc:
    """A battle being built: scenario data, its file header, its undo and redo stacks."""

    data: dict[str, Any]
    header: list[str] = field(default_factory=lambda: list(HEADER))
    path: Path | None = None
    revision: int = 0
    _undo: list[dict[str, Any]] = field(default_factory=list)
    _redo: list[dict[str, Any]] = field(default_factory=list)
    _checked: tuple[int, Check] | None = None
    _catalogue: tuple[str, tuple[ProfileRecord, ...]] | None = None
    _preview: tuple[int, Scenario | None] | None = None
    _ruleset: Ruleset | None = None
    _choices: tuple[int, dict[str, tuple[UnitChoice, ...]]] | None = None
    _stroke: bool | None = None
    """None: every command is its own undo step; False/True: a stroke is open (a brush
    dragged over hexes), and whether it has changed anything yet."""

    # --- making and opening ------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: str, board: dict[str, Any],
            players: Sequence[tuple[str, str]] = (), name: str = "New battle") -> BattleDoc:
        """An empty battle of ``ruleset`` on ``board`` (``{"width", "height"}`` inches, or
        ``{"radius"}`` / ``{"cols", "rows"}`` hexes), with ``players`` as (name, colour)."""
        if ruleset not in rulesets.names():
            raise EditRefused(f"unknown ruleset {ruleset!r}; one of {', '.join(rulesets.names())}")
        seats = list(players) or [("Player 1", DEFAULT_COLOURS[0]),
                                  ("Player 2", DEFAULT_COLOURS[1])]
        data: dict[str, Any] = {"scenario": {"name": name, "ruleset": ruleset, "seed": 1}}
        data.update(_board_data(board))
        data["players"] = [{"name": n, "colour": c} for n, c in seats]
        data["units"] = []
        doc = cls(data)
        doc._check_players(seats)
        return doc

    @classmethod
    def from_text(cls, text: str, path: Path | None = None) -> BattleDoc:
        """A document of a scenario's text (a valid one, or a draft): the file's own data and
        header. Raises :class:`~game.scenario.problems.FileError` if it is not TOML."""
        name = str(path) if path else "<battle>"
        lines = LineIndex(text)
        data = parse_toml(text, name, lines.line_of)
        shape = shape_problems(data)
        if shape:
            raise FileError([Problem(name, lines.line_of(loc), dotted(loc), message)
                             for loc, message in shape])
        header = [h for h in leading_comments(text) if h != DRAFT_HEADER] or list(HEADER)
        return cls(data, header, path)

    @classmethod
    def open(cls, path: Path) -> BattleDoc:
        """A document of a scenario file (size-limited read, as the loader reads)."""
        raw = read_limited(path, MAX_SCENARIO_BYTES, "scenario")
        return cls.from_text(decode_text(raw, str(path)), path)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def ruleset_name(self) -> str:
        """The battle's ruleset."""
        return str(self.data.get("scenario", {}).get("ruleset", ""))

    @property
    def board_kind(self) -> str:
        """``table`` or ``hex``."""
        return "hex" if "hexmap" in self.data else "table"

    @property
    def units(self) -> list[dict[str, Any]]:
        """The ``[[units]]`` entries (read only: change them through the commands)."""
        units = self.data.get("units", [])
        return units if isinstance(units, list) else []

    @property
    def terrain(self) -> list[dict[str, Any]]:
        """The ``[[terrain]]`` pieces."""
        terrain = self.data.get("terrain", [])
        return terrain if isinstance(terrain, list) else []

    @property
    def players(self) -> list[dict[str, Any]]:
        """The ``[[players]]`` seats."""
        players = self.data.get("players", [])
        return players if isinstance(players, list) else []

    def unit(self, unit_id: str) -> dict[str, Any]:
        """The entry of a unit (EditRefused if there is none)."""
        for entry in self.units:
            if entry.get("id") == unit_id:
                return entry
        raise EditRefused(f"there is no unit {unit_id!r}")

    def ruleset_class(self) -> type[Ruleset] | None:
        """The ruleset's class from the registry (None for an unknown name)."""
        name = self.ruleset_name
        return rulesets.entry(name).cls if name in rulesets.names() else None

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The options the ruleset declares, its round limit first."""
        return declared_options(self.ruleset_name)

    def options(self) -> dict[str, Any]:
        """The ``[rules.options]`` the battle sets."""
        return dict(self.data.get("rules", {}).get("options", {}))

    def catalogue(self) -> tuple[ProfileRecord, ...]:
        """The ruleset's unit catalogue (``Ruleset.unit_catalogue``), kept per ruleset."""
        name = self.ruleset_name
        if self._catalogue is None or self._catalogue[0] != name:
            records = rulesets.create(name).unit_catalogue() if name in rulesets.names() else ()
            self._catalogue = (name, records)
        return self._catalogue[1]

    def text(self) -> str:
        """The battle as scenario TOML (what Save writes)."""
        return write_text(self.data, self.header)

    def check(self) -> Check:
        """The loader's verdict, computed once per revision."""
        if self._checked is None or self._checked[0] != self.revision:
            self._checked = (self.revision, check_data(self.data))
        return self._checked[1]

    def preview(self) -> Scenario | None:
        """What can be drawn of the battle now (:func:`~game.scenario.edit_check.preview`),
        computed once per revision: the battle itself when it is valid."""
        if self._preview is None or self._preview[0] != self.revision:
            valid = self.check().scenario
            self._preview = (self.revision, valid if valid is not None else preview(self.data))
        return self._preview[1]

    # --- history ---------------------------------------------------------------------------------

    def _change(self, mutate: Callable[[dict[str, Any]], None]) -> None:
        """Apply one command on a copy; keep it (one undo step, or part of the open
        stroke's) unless it refuses."""
        candidate = copy.deepcopy(self.data)
        mutate(candidate)
        if not self._stroke:
            self._undo.append(self.data)
            self._redo.clear()
        if self._stroke is not None:
            self._stroke = True
        self.data = candidate
        self.revision += 1

    def begin_stroke(self) -> None:
        """Open a stroke: the commands until :meth:`end_stroke` undo as one step (a brush
        dragged over many hexes is one change)."""
        self._stroke = False

    def end_stroke(self) -> None:
        """Close the stroke."""
        self._stroke = None

    @property
    def can_undo(self) -> bool:
        """Whether there is a command to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone command to redo."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Undo the last command (False: nothing to undo)."""
        return self._step(self._undo, self._redo)

    def redo(self) -> bool:
        """Redo the last undone command (False: nothing to redo)."""
        return self._step(self._redo, self._undo)

    def _step(self, back: list[dict[str, Any]], forth: list[dict[str, Any]]) -> bool:
        """Go back to the top of ``back``, keeping the present on ``forth``."""
        if not back:
            return False
        forth.append(self.data)
        self.data = back.pop()
        self.revision += 1
        return True

    # --- setup -----------------------------------------------------------------------------------

    def set_meta(self, *, name: str | None = None, seed: int | None = None,
                 description: str | None = None) -> None:
        """Change the battle's name, dice seed or description."""
        def mutate(data: dict[str, Any]) -> None:
            meta = data.setdefault("scenario", {})
            for key, value in (("name", name), ("seed", seed), ("description", description)):
                if value is not None:
                    meta[key] = value
        self._change(mutate)

    def set_ruleset(self, name: str, board: dict[str, Any] | None = None) -> None:
        """Change the ruleset, and the board with it when given (one step: a ruleset of
        another board kind). Its options are dropped: they belong to the old one."""
        cls = rulesets.entry(name).cls if name in rulesets.names() else None
        if cls is None:
            raise EditRefused(f"unknown ruleset {name!r}")
        new_board = _board_data(board) if board is not None else None
        kind = self.board_kind if new_board is None else (
            "table" if "table" in new_board else "hex")
        if kind not in cls.board_kinds:
            raise EditRefused(f"{cls.title} plays on a {' or '.join(cls.board_kinds)} board")

        def mutate(data: dict[str, Any]) -> None:
            data["scenario"]["ruleset"] = name
            data.get("rules", {}).pop("options", None)
            if data.get("rules") == {}:
                data.pop("rules")
            if new_board is not None:
                _replace_board(data, new_board)
        self._change(mutate)

    def set_board(self, board: dict[str, Any]) -> None:
        """A new board of the same kind or another (``{"width", "height"}``, ``{"radius"}``
        or ``{"cols", "rows"}``): units and zones stay as they are and are checked anew;
        a table's terrain is dropped on a hex map and a hex map's hexes on a table."""
        new = _board_data(board)
        cls = self.ruleset_class()
        kind = "table" if "table" in new else "hex"
        if cls is not None and kind not in cls.board_kinds:
            raise EditRefused(f"{cls.title} plays on a {' or '.join(cls.board_kinds)} board")

        self._change(lambda data: _replace_board(data, new))

    def set_players(self, players: Sequence[tuple[str, str]]) -> None:
        """The seats, as (name, colour); zones of the seats that stay are kept."""
        self._check_players(players)

        def mutate(data: dict[str, Any]) -> None:
            old = data.get("players", [])
            data["players"] = [{**(old[i] if i < len(old) else {}), "name": n, "colour": c}
                               for i, (n, c) in enumerate(players)]
        self._change(mutate)

    def _check_players(self, players: Sequence[tuple[str, str]]) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise EditRefused(f"a battle has {MIN_PLAYERS} to {MAX_PLAYERS} players")

    def set_option(self, key: str, value: Any) -> None:
        """Set one of the ruleset's declared options (None: back to its default)."""
        declared = [s.key for s in self.option_specs()]
        if key not in declared:
            raise EditRefused(f"the {self.ruleset_name} ruleset has no option {key!r}"
                              + (f"; it has {', '.join(declared)}" if declared else ""))

        def mutate(data: dict[str, Any]) -> None:
            options = data.setdefault("rules", {}).setdefault("options", {})
            if value is None:
                options.pop(key, None)
            else:
                options[key] = value
            if not options:
                data["rules"].pop("options")
            if not data["rules"]:
                data.pop("rules")
        self._change(mutate)

    def set_round_limit(self, rounds: int | None) -> None:
        """The round limit: the ruleset's declared ``rounds`` option."""
        if ROUNDS_KEY not in [s.key for s in self.option_specs()]:
            raise EditRefused(f"the {self.ruleset_name} ruleset has no round limit")
        self.set_option(ROUNDS_KEY, rounds)

    # --- units -----------------------------------------------------------------------------------

    def add_unit(self, profile: str, side: int, place: Place, facing: float = 0.0,
                 unit_id: str | None = None) -> str:
        """Put a unit of a catalogue profile on the board; returns its id."""
        if len(self.units) >= MAX_UNITS:
            raise EditRefused(f"a battle holds at most {MAX_UNITS} units (docs/limits.md)")
        if profile not in [r.id for r in self.catalogue()]:
            raise EditRefused(f"{profile!r} is not in the {self.ruleset_name} catalogue")
        self._check_side(side)
        new_id = unit_id or self._free_id()
        entry: dict[str, Any] = {"id": new_id, "side": side, "profile": profile}
        entry.update(self._place(place, facing))
        self._placed(lambda data: data.setdefault("units", []).append(entry), new_id)
        return new_id

    def move_unit(self, unit_id: str, place: Place, facing: float | None = None) -> None:
        """Move a unit (and turn it, with ``facing``)."""
        old = self.unit(unit_id)
        where = self._place(place, old.get("facing", 0) if facing is None else facing)
        self._placed(lambda data: _entry(data, unit_id).update(where), unit_id)

    def rotate_unit(self, unit_id: str, facing: float) -> None:
        """Turn a unit where it stands: degrees on a table, 0..5 on a hex map."""
        entry = self.unit(unit_id)
        place = entry.get("hex") or entry.get("at")
        if place is None:
            raise EditRefused("the unit stands nowhere yet")
        self.move_unit(unit_id, (place[0], place[1]), facing)

    def refusal_at(self, unit_id: str | None, place: Place, facing: float = 0.0,
                   profile: str | None = None, side: int = 1) -> str | None:
        """Why a unit (an existing one, or a new one of ``profile``) could not stand at
        ``place``: the game's placement rules, without changing anything."""
        probe = copy.deepcopy(self.data)
        if unit_id is None:
            unit_id = "__probe__"
            probe.setdefault("units", []).append({"id": unit_id, "side": side,
                                                   "profile": profile})
        _entry(probe, unit_id).update(self._place(place, facing))
        return placement_refusal(probe, unit_id)

    def unit_choices(self, unit_id: str) -> tuple[UnitChoice, ...]:
        """The setup choices the ruleset declares for a unit (``Ruleset.unit_choices``:
        files x ranks, joined characters, equipment, footprint), each with its value now."""
        if self._choices is None or self._choices[0] != self.revision:
            self._choices = (self.revision, {})
        known = self._choices[1]
        if unit_id not in known:  # asked every frame the unit is selected: once a revision
            rules = self._rules()
            known[unit_id] = rules.unit_choices(_setup_of(self.unit(unit_id))) if (
                rules is not None) else ()
        return known[unit_id]

    def choose(self, unit_id: str, key: str, value: ChoiceValue) -> None:
        """Make one of a unit's setup choices: its ``profile`` / ``stats`` become what the
        ruleset writes for it, placed by the game's rules (a bigger unit may not fit)."""
        rules = self._rules()
        if rules is None:
            raise EditRefused(f"unknown ruleset {self.ruleset_name!r}")
        try:
            made = rules.make_choice(_setup_of(self.unit(unit_id)), key, value)
        except SetupError as exc:
            raise EditRefused("; ".join(p.message for p in exc.problems)) from exc

        def mutate(data: dict[str, Any]) -> None:
            entry = _entry(data, unit_id)
            items = list(entry.items())
            at = next((i for i, (k, _) in enumerate(items) if k in ("profile", "stats")),
                      len(items))  # the new keys stand where the old ones stood
            made_items: list[tuple[str, Any]] = (
                [("profile", made.profile)] if made.profile is not None else [])
            if made.stats is not None:
                made_items.append(("stats", copy.deepcopy(dict(made.stats))))
            rest = [(k, v) for k, v in items if k not in ("profile", "stats")]
            entry.clear()
            entry.update([*rest[:at], *made_items, *rest[at:]])
        self._placed(mutate, unit_id)

    def _rules(self) -> Ruleset | None:
        """A ruleset object of the battle's ruleset (for its declarations), kept per name."""
        name = self.ruleset_name
        if name not in rulesets.names():
            return None
        if self._ruleset is None or self._ruleset.name != name:
            self._ruleset = rulesets.create(name)
        return self._ruleset

    def duplicate_unit(self, unit_id: str) -> str:
        """A copy of a unit on the nearest free spot beside it; returns its id."""
        if len(self.units) >= MAX_UNITS:
            raise EditRefused(f"a battle holds at most {MAX_UNITS} units (docs/limits.md)")
        original = self.unit(unit_id)
        copy_id = self._free_id()
        for place in self._spots_near(original, unit_id):
            entry = {**copy.deepcopy(original), "id": copy_id, **self._place(
                place, original.get("facing", 0))}
            probe = copy.deepcopy(self.data)
            probe["units"].append(entry)
            if placement_refusal(probe, copy_id) is None:
                self._change(_appender("units", entry))
                return copy_id
        raise EditRefused("there is no free spot beside the unit for its copy")

    def delete_unit(self, unit_id: str) -> None:
        """Take a unit off the board."""
        self.unit(unit_id)
        self._change(lambda data: data.__setitem__(
            "units", [u for u in data["units"] if u.get("id") != unit_id]))

    def set_side(self, unit_id: str, side: int) -> None:
        """Give a unit to another player."""
        self.unit(unit_id)
        self._check_side(side)
        self._change(lambda data: _entry(data, unit_id).__setitem__("side", side))

    def _check_side(self, side: int) -> None:
        if not 1 <= side <= len(self.players):
            raise EditRefused(f"side {side} has no player (there are {len(self.players)})")

    def _placed(self, mutate: Callable[[dict[str, Any]], None], unit_id: str) -> None:
        """Apply a command that puts ``unit_id`` somewhere, refused by the game's placement
        rules (WB-TBL-1: on the board, no overlap, not on impassable ground)."""
        probe = copy.deepcopy(self.data)
        mutate(probe)
        refusal = placement_refusal(probe, unit_id)
        if refusal is not None:
            raise EditRefused(refusal)
        self._change(mutate)

    def _place(self, place: Place, facing: float) -> dict[str, Any]:
        if self.board_kind == "hex":
            q, r = (int(v) for v in place)
            return {"hex": [q, r], "facing": int(facing) % 6}
        x, y = (_tidy(v) for v in place)
        return {"at": [x, y], "facing": _tidy(float(facing) % 360.0)}

    def _free_id(self) -> str:
        taken = {u.get("id") for u in self.units}
        n = len(taken) + 1
        while f"u{n}" in taken:
            n += 1
        return f"u{n}"

    def _spots_near(self, entry: dict[str, Any], unit_id: str) -> list[Place]:
        """Spots beside a unit, nearest first: neighbouring hexes, or a tray's width or
        depth away on a table."""
        if "hex" in entry:
            here = Hex(*entry["hex"])
            ring = sorted({h for h in _hex_ring(here, 1)} | {h for h in _hex_ring(here, 2)},
                          key=lambda h: (here.distance(h), h.r, h.q))
            return [(h.q, h.r) for h in ring]
        x, y = entry.get("at", (0.0, 0.0))
        width, depth = self._tray_size(unit_id)
        steps = [(width + 0.5, 0.0), (-(width + 0.5), 0.0), (0.0, depth + 0.5),
                 (0.0, -(depth + 0.5))]
        return [(x + k * dx, y + k * dy) for k in (1, 2, 3) for dx, dy in steps]

    def _tray_size(self, unit_id: str) -> tuple[float, float]:
        scenario = self.check().scenario
        unit = scenario.state.units.get(unit_id) if scenario is not None else None
        if unit is not None and unit.tray is not None:
            return unit.tray.width, unit.tray.depth
        profile = self.unit(unit_id).get("profile")
        record = next((r for r in self.catalogue() if r.id == profile), None)
        return record.base if record is not None and record.base else (4.0, 2.0)

    # --- terrain ---------------------------------------------------------------------------------

    def keywords(self) -> dict[str, str]:
        """The terrain keywords the ruleset declares, with their meaning."""
        cls = self.ruleset_class()
        return {k.name: k.meaning for k in (cls.terrain_keywords if cls else ())}

    def add_terrain(self, kind: str, keywords: Sequence[str], polygon: Sequence[Point]) -> int:
        """A terrain piece on a table; returns its index."""
        self._check_terrain(kind, keywords, polygon, None)
        piece = {"kind": kind, "keywords": list(keywords),
                 "polygon": [[_tidy(x), _tidy(y)] for x, y in polygon]}
        self._change(lambda data: data.setdefault("terrain", []).append(piece))
        return len(self.terrain) - 1

    def edit_terrain(self, index: int, *, kind: str | None = None,
                     keywords: Sequence[str] | None = None,
                     polygon: Sequence[Point] | None = None) -> None:
        """Change a terrain piece's kind, keywords or outline."""
        piece = self._piece(index)
        self._check_terrain(kind or piece["kind"], keywords if keywords is not None
                            else piece.get("keywords", []), polygon or piece["polygon"], index)

        def mutate(data: dict[str, Any]) -> None:
            target = data["terrain"][index]
            if kind is not None:
                target["kind"] = kind
            if keywords is not None:
                target["keywords"] = list(keywords)
            if polygon is not None:
                target["polygon"] = [[_tidy(x), _tidy(y)] for x, y in polygon]
        self._change(mutate)

    def delete_terrain(self, index: int) -> None:
        """Take a terrain piece off the table."""
        self._piece(index)
        self._change(lambda data: data["terrain"].pop(index))

    def _piece(self, index: int) -> dict[str, Any]:
        if not 0 <= index < len(self.terrain):
            raise EditRefused(f"there is no terrain piece {index + 1}")
        return self.terrain[index]

    def _check_terrain(self, kind: str, keywords: Sequence[str], polygon: Sequence[Any],
                       index: int | None) -> None:
        if self.board_kind != "table":
            raise EditRefused("a hex map has no terrain polygons: paint its hexes")
        if not kind.strip():
            raise EditRefused("give the terrain a kind (forest, water, ruin...)")
        self._check_keywords(keywords)
        if len(polygon) < 3:
            raise EditRefused("a terrain piece needs at least 3 points")
        if len(polygon) > MAX_PIECE_VERTICES:
            raise EditRefused(f"a terrain piece has at most {MAX_PIECE_VERTICES} points "
                              "(docs/limits.md)")
        others = sum(len(p.get("polygon", [])) for i, p in enumerate(self.terrain) if i != index)
        if others + len(polygon) > MAX_TERRAIN_VERTICES:
            raise EditRefused(f"the terrain may have {MAX_TERRAIN_VERTICES} points in all "
                              f"(docs/limits.md); {others} are used")

    def _check_keywords(self, keywords: Sequence[str]) -> None:
        known = self.keywords()
        for word in keywords:
            if word not in known:
                raise EditRefused(f"{word!r} is not a terrain keyword of the "
                                  f"{self.ruleset_name} ruleset ({', '.join(known)})")

    # --- hexes and map features ----------------------------------------------------------------

    def hex_entry(self, q: int, r: int) -> dict[str, Any]:
        """The ``[[hexmap.hexes]]`` entry of a hex (an open, level one if none)."""
        for entry in self.data.get("hexmap", {}).get("hexes", []):
            if list(entry.get("at", ())) == [q, r]:
                return dict(entry)
        return {"at": [q, r]}

    def paint_hex(self, q: int, r: int, *, terrain: str | None = None,
                  elevation: int | None = None, keywords: Sequence[str] | None = None) -> None:
        """Set a hex's terrain, elevation or keywords (an open, level hex drops its entry)."""
        if self.board_kind != "hex":
            raise EditRefused("only a hex map has hexes to paint")
        if keywords is not None:
            self._check_keywords(keywords)
        if elevation is not None and not -50 <= elevation <= 50:
            raise EditRefused("an elevation is -50 to 50")
        entry = self.hex_entry(q, r)
        for key, value in (("terrain", terrain), ("elevation", elevation)):
            if value is not None:
                entry[key] = value
        if keywords is not None:
            entry["keywords"] = list(keywords)
        plain = {k: v for k, v in entry.items()
                 if (k, v) not in (("terrain", "open"), ("elevation", 0), ("keywords", []))}

        def mutate(data: dict[str, Any]) -> None:
            hexes = [e for e in data["hexmap"].get("hexes", [])
                     if list(e.get("at", ())) != [q, r]]
            if len(plain) > 1:
                hexes.append(plain)
            if len(hexes) > MAX_HEX_ENTRIES:
                raise EditRefused(f"a map lists at most {MAX_HEX_ENTRIES} hexes")
            data["hexmap"]["hexes"] = hexes
            if not hexes:
                data["hexmap"].pop("hexes")
        self._change(mutate)

    def feature_kinds(self) -> tuple[FeatureKind, ...]:
        """The map features the ruleset declares."""
        cls = self.ruleset_class()
        return cls.map_features if cls is not None else ()

    def features(self, key: str) -> list[dict[str, Any]]:
        """The entries of one map feature (``[[hexmap.<key>]]``)."""
        entries = self.data.get("hexmap", {}).get(key, [])
        return entries if isinstance(entries, list) else []

    def add_feature(self, key: str, entry: dict[str, Any]) -> int:
        """Place a map feature the ruleset declares; returns its index."""
        if self.board_kind != "hex":
            raise EditRefused("map features stand on a hex map")
        kinds = {k.key: k for k in self.feature_kinds()}
        if key not in kinds:
            raise EditRefused(f"the {self.ruleset_name} ruleset declares no map feature "
                              f"{key!r}" + (f" ({', '.join(kinds)})" if kinds else ""))
        if len(self.features(key)) >= MAX_HEX_ENTRIES:
            raise EditRefused(f"at most {MAX_HEX_ENTRIES} {key} (docs/limits.md)")
        self._change(lambda data: data["hexmap"].setdefault(key, []).append(dict(entry)))
        return len(self.features(key)) - 1

    def delete_feature(self, key: str, index: int) -> None:
        """Take a map feature off the map."""
        if not 0 <= index < len(self.features(key)):
            raise EditRefused(f"there is no {key} entry {index + 1}")

        def mutate(data: dict[str, Any]) -> None:
            data["hexmap"][key].pop(index)
            if not data["hexmap"][key]:
                data["hexmap"].pop(key)
        self._change(mutate)

    # --- deployment zones ----------------------------------------------------------------------

    def set_zone(self, side: int, zone: Sequence[Point] | Sequence[tuple[int, int]] | None
                 ) -> None:
        """A player's deployment zone: a polygon (table) or hexes (hex map); None clears it."""
        self._check_side(side)
        hexes = self.board_kind == "hex"
        if zone is not None and not hexes:
            if len(zone) < 3:
                raise EditRefused("a zone needs at least 3 points")
            if len(zone) > MAX_ZONE_VERTICES:
                raise EditRefused(f"a zone has at most {MAX_ZONE_VERTICES} points "
                                  "(docs/limits.md)")
            shape = Polygon([(float(p[0]), float(p[1])) for p in zone])
            if not shape.is_valid or shape.area <= 0:
                raise EditRefused("a zone may not cross itself, and it needs an area")
        if zone is not None and hexes and len(zone) > MAX_HEX_ENTRIES:
            raise EditRefused(f"a zone has at most {MAX_HEX_ENTRIES} hexes")

        def mutate(data: dict[str, Any]) -> None:
            seat = data["players"][side - 1]
            seat.pop("deployment", None)
            seat.pop("deployment_hexes", None)
            if zone is not None and hexes:
                seat["deployment_hexes"] = sorted([int(q), int(r)] for q, r in zone)
            elif zone is not None:
                seat["deployment"] = [[_tidy(x), _tidy(y)] for x, y in zone]
        self._change(mutate)

    def zone(self, side: int) -> list[list[Any]] | None:
        """A player's zone as written (points or hexes), or None."""
        seat = self.players[side - 1] if 1 <= side <= len(self.players) else {}
        value = seat.get("deployment", seat.get("deployment_hexes"))
        return value if isinstance(value, list) else None

    # --- army lists (issue 27) ---------------------------------------------------------------

    def import_list(self, path: Path, side: int, *, accept_skipped: bool = False) -> Imported:
        """Make the army list at ``path`` side ``side`` of the battle (one undo step): its
        units replace that side's, placed in the side's deployment zone facing the enemy by
        ``warbench roster import``'s own importer. Raises
        :class:`~game.scenario.problems.FileError` with every problem (an unreadable list,
        entries no catalogue knows while ``accept_skipped`` is False): then nothing changes."""
        from game.scenario.roster import read_list
        from game.scenario.roster.importer import import_lists

        self._check_side(side)
        check = self.check()
        battle = check.scenario
        if battle is None:
            first = check.problems[0] if check.problems else "it does not load"
            raise EditRefused(f"fix the battle first ({first}): a list is placed on a valid "
                              "battle")
        listed = read_list(path)
        result = import_lists([(listed.list, listed.file)], into=battle, side=side,
                              accept_skipped=accept_skipped)
        imported = BattleDoc.from_text(result.text)

        def mutate(data: dict[str, Any]) -> None:
            data.clear()
            data.update(imported.data)

        self._change(mutate)
        return result

    # --- files -----------------------------------------------------------------------------------

    def save(self, path: Path) -> Path:
        """Write the battle as a scenario file, only when ``warbench check`` accepts it."""
        check = self.check()
        if not check.valid:
            first = check.problems[0] if check.problems else "it does not load"
            raise EditRefused(f"the battle is not valid yet ({first}); save a draft instead")
        if path.name.endswith(DRAFT_SUFFIX):
            path = path.with_name(path.name.removesuffix(DRAFT_SUFFIX) + ".toml")
        write_file(path, self.text())
        self.path = path
        return path

    def save_draft(self, path: Path) -> Path:
        """Write the battle as it is, valid or not, as ``<name>.draft.toml`` marked DRAFT."""
        if not path.name.endswith(DRAFT_SUFFIX):
            path = path.with_name(path.name.removesuffix(".toml") + DRAFT_SUFFIX)
        write_file(path, write_text(self.data, [DRAFT_HEADER, *self.header]))
        return path


# --- helpers -----------------------------------------------------------------------------------


TABLES = ("scenario", "table", "hexmap", "dice", "rules")
"""Top-level keys the builder edits as tables."""
LISTS = ("terrain", "players", "units")
"""Top-level keys the builder edits as lists of tables."""


def shape_problems(data: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """Where a file is not shaped as the builder edits it (a table where a table belongs,
    lists of tables where lists belong): such a file is refused with these problems rather
    than opened half-understood. Everything else, however wrong, opens and is listed by the
    loader as the battle's problems."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    for key in TABLES:
        if key in data and not isinstance(data[key], dict):
            out.append(((key,), f"[{key}] must be a table to edit the battle"))
    nested = [("hexmap", "hexes"), ("rules", "options")]
    for key, inner in nested:
        value = data.get(key)
        if isinstance(value, dict) and inner in value and not isinstance(
                value[inner], list if inner == "hexes" else dict):
            out.append(((key, inner), f"{key}.{inner} has the wrong type to edit the battle"))
    lists: list[tuple[tuple[str | int, ...], Any]] = [((key,), data[key]) for key in LISTS
                                                      if key in data]
    hexmap = data.get("hexmap")
    if isinstance(hexmap, dict):
        lists += [(("hexmap", k), v) for k, v in hexmap.items() if isinstance(v, list)]
    for loc, value in lists:
        if not isinstance(value, list):
            out.append((loc, f"{dotted(loc)} must be a list of tables to edit the battle"))
            continue
        out += [((*loc, i), f"{dotted((*loc, i))} must be a table to edit the battle")
                for i, item in enumerate(value) if not isinstance(item, dict)]
    return out


def _board_data(board: dict[str, Any]) -> dict[str, Any]:
    """The ``[table]`` or ``[hexmap]`` of a board description (a hex map's ``orientation``
    written only when it is ``flat``, so pointy-top files stay as they were)."""
    if "width" in board or "height" in board:
        return {"table": {"width": _tidy(board.get("width", 48)),
                          "height": _tidy(board.get("height", 48))}}
    flat = {"orientation": "flat"} if board.get("orientation") == "flat" else {}
    if "radius" in board:
        return {"hexmap": {"radius": int(board["radius"]), **flat}}
    if "cols" in board and "rows" in board:
        return {"hexmap": {"cols": int(board["cols"]), "rows": int(board["rows"]), **flat}}
    raise EditRefused("a board is a table (width, height) or a hex map (radius, or cols "
                      "and rows)")


def _replace_board(data: dict[str, Any], new: dict[str, Any]) -> None:
    """Put the board ``new`` in place of the old one: a hex map keeps its painted hexes and
    features; a table's terrain goes on a hex map."""
    old = data.pop("hexmap", None)
    data.pop("table", None)
    if "hexmap" in new and isinstance(old, dict):
        kept = {k: v for k, v in old.items()
                if k not in ("radius", "cols", "rows", "orientation")}
        new = {"hexmap": {**kept, **new["hexmap"]}}
    if "hexmap" in new:
        data.pop("terrain", None)
    data.update(new)


def declared_options(ruleset: str) -> tuple[OptionSpec, ...]:
    """The options a registered ruleset declares, its round limit first (none for an
    unknown name)."""
    if ruleset not in rulesets.names():
        return ()
    specs = rulesets.entry(ruleset).cls.option_specs
    return tuple(sorted(specs, key=lambda s: s.key != ROUNDS_KEY))


def parse_value(text: str) -> Any:
    """A value typed as a scenario file writes it (``6``, ``true``, ``[3, 4]``, ``"max"``);
    a bare word is taken as text."""
    import tomllib

    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        if text.strip() and all(c.isalnum() or c in "_-" for c in text.strip()):
            return text.strip()
        raise EditRefused(f"{text!r} is not a value (write 6, true, [3, 4] or \"max\")") \
            from None


def _appender(key: str, entry: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A command that appends ``entry`` to the list ``data[key]``."""
    return lambda data: data.setdefault(key, []).append(entry)


def _setup_of(entry: dict[str, Any]) -> UnitSetup:
    """What a ruleset reads of a unit entry to declare its choices: its profile or stats."""
    stats = entry.get("stats")
    profile = entry.get("profile")
    side = entry.get("side")
    return UnitSetup(id=str(entry.get("id")), owner=side if isinstance(side, int) else 1,
                     profile=str(profile) if profile is not None else None,
                     stats=stats if isinstance(stats, dict) else None)


def _entry(data: dict[str, Any], unit_id: str) -> dict[str, Any]:
    for entry in data.get("units", []):
        if entry.get("id") == unit_id:
            return entry  # type: ignore[no-any-return]
    raise EditRefused(f"there is no unit {unit_id!r}")


def _tidy(value: float) -> float | int:
    """A number as a file shows it: whole inches without ``.0``, else rounded to 1/1000."""
    value = round(float(value), 3)
    return int(value) if value.is_integer() and math.isfinite(value) else value


def _hex_ring(centre: Hex, radius: int) -> list[Hex]:
    return [Hex(centre.q + dq, centre.r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
            if max(abs(dq), abs(dr), abs(dq + dr)) == radius]


def table_size(doc: BattleDoc) -> TableBoard | None:
    """The table of a table battle (None on a hex map)."""
    table = doc.data.get("table")
    if not isinstance(table, dict):
        return None
    return TableBoard(float(table.get("width", 0)), float(table.get("height", 0)))
