"""Load a scenario file into a ready-to-play game state, strictly.

The loader reads TOML, checks every key and type with the models of :mod:`game.scenario.model`,
then checks cross-references (ruleset, sides, profiles, positions, overlaps) with the ruleset.
All problems are collected and raised together as one :class:`ScenarioError`; a file with an
error never produces a state (it never half-loads).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path as FilePath
from typing import Any

import shapely
from pydantic import ValidationError
from shapely.geometry import Polygon
from shapely.strtree import STRtree

from game import rulesets
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.present import tell_sides_apart
from game.core.ruleset import Ruleset, SetupError, UnitSetup
from game.core.state import (
    Board,
    GameState,
    HexBoard,
    HexCell,
    Player,
    TableBoard,
    TableOptions,
    TerrainPiece,
    TurnState,
    Unit,
)
from game.core.vocab import FeatureKind, MapFeature
from game.geometry.hexgrid import Hex
from game.scenario.limits import (
    MAX_HEX_ENTRIES,
    MAX_MODELS_PER_UNIT,
    MAX_PIECE_VERTICES,
    MAX_SCENARIO_BYTES,
    MAX_TERRAIN_VERTICES,
    MAX_UNITS,
    decode_text,
    is_text,
    parse_toml,
    read_limited,
)
from game.scenario.model import DraftModel, HexMapModel, ScenarioModel, UnitModel
from game.scenario.problems import LineIndex, Path, Problem, ScenarioError, did_you_mean, dotted
from game.scenario.validation import validation_problems
from game.scenario.zones import player_with_zone, zone_problems

MAX_FILE_BYTES = MAX_SCENARIO_BYTES
"""Kept for callers of the older name (see :mod:`game.scenario.limits`)."""


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: its source, its checked model, its ruleset and its initial state."""

    name: str
    file: str
    text: str
    model: ScenarioModel
    ruleset: Ruleset
    state: GameState

    def new_game(self, extra_dice: Sequence[int] = ()) -> Game:
        """A fresh game of this scenario (``extra_dice`` answer chance nodes after the file's)."""
        state = snapshot(self.state)
        state.scripted_dice.extend(extra_dice)
        return Game(state, self.fresh_ruleset())

    def fresh_ruleset(self) -> Ruleset:
        """A new ruleset object with this scenario's options (games never share one)."""
        return rulesets.create(self.ruleset.name, self.model.rules.options)


HEX_FACING = "a hex facing is a whole number 0 to 5"


def load_scenario(path: str | FilePath | Traversable) -> Scenario:
    """Read and check a scenario file; raise ScenarioError with every problem."""
    file = str(path)
    raw = read_limited(path, MAX_SCENARIO_BYTES, "scenario")
    return load_scenario_text(decode_text(raw, file), file)


def load_scenario_text(text: str, file: str = "<scenario>", *,
                       max_units: int = MAX_UNITS, draft: bool = False) -> Scenario:
    """Check a scenario given as TOML text (``file`` is used in the messages).
    ``max_units`` is the unit limit; only the benchmarks' generated tables (200 and 800
    trays, issue 12) raise it. ``draft`` lets a battle being built have no units yet (the
    battle builder's preview, :class:`~game.scenario.model.DraftModel`).

    Limits come first (size, nesting, numbers, units, vertices), then types, then the
    cross-references the ruleset checks; ruleset code that fails on a value is reported as a
    problem of that value, never as a crash.
    """
    if not is_text(text):
        raise ScenarioError([Problem(file, None, "", "the scenario is not valid Unicode text")])
    if len(text) > MAX_SCENARIO_BYTES or len(text.encode("utf-8")) > MAX_SCENARIO_BYTES:
        raise ScenarioError([Problem(file, None, "", "the scenario is larger than the limit "
                                     f"of {MAX_SCENARIO_BYTES:,} bytes")])
    lines = LineIndex(text)
    data = parse_toml(text, file, lines.line_of)
    size_problems = _size_problems(file, lines, data, max_units)
    if size_problems:
        raise ScenarioError(size_problems)
    keywords = keyword_problems(file, lines, data)
    try:
        model = (DraftModel if draft else ScenarioModel).model_validate(data)
    except ValidationError as exc:
        found = validation_problems(file, lines, exc, ScenarioModel) + keywords
        seen = {p.path for p in found}  # and what can be told without a typed model
        found += [p for p in _untyped_problems(file, lines, data) if p.path not in seen]
        raise ScenarioError(found) from None
    builder = _Builder(file, lines, model)
    builder.problems.extend(keywords)
    state, ruleset = builder.build()
    if builder.problems:
        raise ScenarioError(builder.problems)
    assert state is not None and ruleset is not None
    return Scenario(model.scenario.name, file, text, model, ruleset, state)


def _size_problems(file: str, lines: LineIndex, data: dict[str, Any],
                   max_units: int = MAX_UNITS) -> list[Problem]:
    """Units and terrain vertices over their limits, counted before any typed checking."""
    problems = []

    def problem(loc: Path, message: str) -> None:
        problems.append(Problem(file, lines.line_of(loc), dotted(loc), message))

    units = data.get("units")
    if isinstance(units, list) and len(units) > max_units:
        problem(("units",), f"{len(units)} units; the limit is {max_units}")
    hexmap = data.get("hexmap")
    for key, entries in (hexmap.items() if isinstance(hexmap, dict) else ()):
        if isinstance(entries, list) and len(entries) > MAX_HEX_ENTRIES:
            what = "hex entries" if key == "hexes" else f"{key} entries"
            problem(("hexmap", key), f"{len(entries)} {what}; the limit is {MAX_HEX_ENTRIES}")
    terrain = data.get("terrain")
    total = 0
    for i, piece in enumerate(terrain if isinstance(terrain, list) else []):
        polygon = piece.get("polygon") if isinstance(piece, dict) else None
        if not isinstance(polygon, list):
            continue
        total += len(polygon)
        if len(polygon) > MAX_PIECE_VERTICES:
            problem(("terrain", i, "polygon"), f"{len(polygon)} vertices; a terrain piece may "
                    f"have at most {MAX_PIECE_VERTICES}")
    if total > MAX_TERRAIN_VERTICES:
        problem(("terrain",), f"{total} terrain vertices in all; the limit is "
                f"{MAX_TERRAIN_VERTICES}")
    return problems


# --- terrain keywords ------------------------------------------------------------------------


def keyword_problems(file: str, lines: LineIndex, data: dict[str, Any]) -> list[Problem]:
    """Every terrain keyword of the file (``terrain[i].keywords``, ``hexmap.hexes[i].
    keywords``) that its ruleset does not declare (``Ruleset.terrain_keywords``), with a "did
    you mean". Read from the parsed TOML before the types are checked, so these problems are
    listed together with the type errors; an unknown ruleset has its own problem instead."""
    meta = data.get("scenario")
    name = meta.get("ruleset") if isinstance(meta, dict) else None
    if not isinstance(name, str) or name not in rulesets.names():
        return []
    cls = rulesets.entry(name).cls
    known = [k.name for k in cls.terrain_keywords]
    hexmap = data.get("hexmap")
    places: list[tuple[Path, Any]] = [
        (("terrain", i, "keywords"), t.get("keywords") if isinstance(t, dict) else None)
        for i, t in enumerate(_list(data.get("terrain")))]
    places += [(("hexmap", "hexes", i, "keywords"), h.get("keywords") if isinstance(h, dict)
                else None) for i, h in enumerate(_list(hexmap.get("hexes")
                                                       if isinstance(hexmap, dict) else None))]
    out = []
    for loc, words in places:
        for j, word in enumerate(_list(words)):
            if isinstance(word, str) and word not in known:
                out.append(Problem(file, lines.line_of((*loc, j)), dotted((*loc, j)),
                                   f"{word!r} is not a terrain keyword of the {name} ruleset; "
                                   f"expected one of: {', '.join(known)}",
                                   did_you_mean(word, known)))
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []



def _untyped_problems(file: str, lines: LineIndex, data: dict[str, Any]) -> list[Problem]:
    """Problems told from the raw file when its types are wrong elsewhere, so that a key typo
    never hides a wrong ruleset name or a hex facing out of range: every problem at once."""
    problems = []

    def problem(loc: Path, message: str, suggestion: str | None = None) -> None:
        problems.append(Problem(file, lines.line_of(loc), dotted(loc), message, suggestion))

    meta = data.get("scenario")
    name = meta.get("ruleset") if isinstance(meta, dict) else None
    known = rulesets.names()
    if isinstance(name, str) and name not in known:
        problem(("scenario", "ruleset"), f"unknown ruleset {name!r}; expected one of: "
                f"{', '.join(known)}", did_you_mean(name, known))
    units = data.get("units")
    if "hexmap" in data and isinstance(units, list):
        for i, unit in enumerate(units):
            facing = unit.get("facing") if isinstance(unit, dict) else None
            if isinstance(facing, int | float) and not isinstance(facing, bool) and not (
                    float(facing).is_integer() and 0 <= facing <= 5):
                problem(("units", i, "facing"), HEX_FACING)
    return problems


# --- cross-references ------------------------------------------------------------------------


class _Builder:
    """Builds the state from a typed model, collecting every cross-reference problem."""

    def __init__(self, file: str, lines: LineIndex, model: ScenarioModel) -> None:
        self.file = file
        self.lines = lines
        self.model = model
        self.problems: list[Problem] = []

    def problem(self, loc: Path, message: str, suggestion: str | None = None) -> None:
        """Record a problem at a path of the file."""
        self.problems.append(
            Problem(self.file, self.lines.line_of(loc), dotted(loc), message, suggestion)
        )

    def build(self) -> tuple[GameState | None, Ruleset | None]:
        """The initial state and ruleset, or (None, None) with problems recorded."""
        ruleset = self._ruleset()
        board = self._board(ruleset)
        terrain = self._terrain()
        players = [
            Player(i + 1, p.name, p.colour.lower()) for i, p in enumerate(self.model.players)
        ]
        self._check_names(players)
        if board is not None:
            players = self._zones(players, board)
        if ruleset is None or board is None:
            self._check_units_without_ruleset(board, len(players))
            return None, None
        units = self._units(ruleset, board, len(players))
        rules = self.model.rules
        state = GameState(
            ruleset=ruleset.name,
            board=board,
            terrain=terrain,
            players=players,
            units=units,
            turn=TurnState(round=1, active=1),
            seed=self.model.scenario.seed,
            scripted_dice=list(self.model.dice.scripted),
            options=TableOptions(
                sandbox=rules.sandbox,
                allow_undo_dice=rules.allow_undo_dice,
                allow_undo_others=rules.allow_undo_others,
            ),
        )
        tell_sides_apart(state)
        self._check_board(ruleset, board)
        self._check_placements(ruleset, state)
        return (state, ruleset) if not self.problems else (None, None)

    def _check_board(self, ruleset: Ruleset, board: Board) -> None:
        """The ruleset's own objections to the board (features its rules cannot use)."""
        try:
            found = ruleset.board_problems(board)
        except Exception as exc:  # ruleset code refusing a value of the file
            self.problem(("hexmap",), f"the {ruleset.name} ruleset cannot use this map "
                         f"({_brief(exc)})")
            return
        for p in found:
            self.problem(_path_parts(p.path), p.message, p.suggestion)

    def _ruleset(self) -> Ruleset | None:
        name = self.model.scenario.ruleset
        known = rulesets.names()
        if name not in known:
            self.problem(("scenario", "ruleset"), f"unknown ruleset {name!r}; expected one of: "
                         f"{', '.join(known)}", did_you_mean(name, known))
            return None
        try:
            return rulesets.create(name, self.model.rules.options)
        except KeyError:
            self.problem(("scenario", "ruleset"), f"the {name} ruleset is not installed")
        except SetupError as exc:
            for p in exc.problems:
                self.problem(("rules", *p.path.split(".")[1:]) if p.path.startswith("rules.")
                             else ("rules", "options", p.path), p.message, p.suggestion)
        except Exception as exc:  # ruleset code refusing a value of the file
            self.problem(("rules", "options"), f"the {name} ruleset cannot use these options "
                         f"({_brief(exc)})")
        return None

    def _board(self, ruleset: Ruleset | None) -> Board | None:
        table, hexmap = self.model.table, self.model.hexmap
        if (table is None) == (hexmap is None):
            self.problem((), "give exactly one board: a [table] or a [hexmap]")
            return None
        kind = "table" if table is not None else "hex"
        if ruleset is not None and kind not in ruleset.board_kinds:
            where = ("table",) if table is not None else ("hexmap",)
            self.problem(where, f"the {ruleset.name} ruleset plays on a "
                         f"{' or '.join(ruleset.board_kinds)} board, not a {kind} board")
            return None
        if table is not None:
            return TableBoard(table.width, table.height)
        assert hexmap is not None
        return self._hexmap(hexmap, ruleset)

    def _hexmap(self, hexmap: HexMapModel, ruleset: Ruleset | None) -> HexBoard | None:
        if hexmap.radius is not None and (hexmap.cols is None and hexmap.rows is None):
            hexes = hexagon(hexmap.radius)
        elif hexmap.radius is None and hexmap.cols is not None and hexmap.rows is not None:
            hexes = (rectangle(hexmap.cols, hexmap.rows) if hexmap.orientation == "pointy"
                     else flat_rectangle(hexmap.cols, hexmap.rows))
        else:
            self.problem(("hexmap",), "give either radius, or cols and rows")
            return None
        cells = {h: HexCell() for h in hexes}
        for i, entry in enumerate(hexmap.hexes):
            h = Hex(*entry.at)
            if h not in cells:
                self.problem(("hexmap", "hexes", i, "at"), f"{entry.at} is not on the map")
                continue
            cells[h] = HexCell(entry.terrain, entry.elevation, frozenset(entry.keywords))
        features = self._features(hexmap, cells, ruleset)
        return HexBoard(cells, features=features, orientation=hexmap.orientation) if (
            features is not None) else None

    def _features(self, hexmap: HexMapModel, cells: dict[Hex, HexCell],
                  ruleset: Ruleset | None) -> tuple[MapFeature, ...] | None:
        """The map features of the file, each section a kind the ruleset declares, each entry
        checked against its declared schema, each hex it names on the map (None, with the
        problems recorded, when one is not)."""
        before = len(self.problems)
        sections = hexmap.feature_entries()
        kinds = {kind.key: kind for kind in (ruleset.map_features if ruleset else ())}
        for key in sections:
            if key not in kinds and ruleset is not None:
                allowed = ["radius", "cols", "rows", "hexes", *kinds]
                self.problem(("hexmap", key), f"unknown key {key!r}: the {ruleset.name} "
                             f"ruleset declares no such map feature; expected one of: "
                             f"{', '.join(allowed)}", did_you_mean(key, allowed))
        out: list[MapFeature] = []
        for key, kind in kinds.items():
            entries = sections.get(key, [])
            if not isinstance(entries, list):
                self.problem(("hexmap", key), f"expected a list of [[hexmap.{key}]] tables")
                continue
            for i, entry in enumerate(entries):
                feature = self._feature(kind, (("hexmap", key, i)), entry, cells)
                if feature is not None:
                    out.append(feature)
        return None if len(self.problems) > before else tuple(out)

    def _feature(self, kind: FeatureKind, loc: Path, entry: Any,
                 cells: dict[Hex, HexCell]) -> MapFeature | None:
        """One entry of a declared kind: its schema, its record and its hexes on the map."""
        try:
            checked = kind.schema.model_validate(entry)
        except ValidationError as exc:
            for p in validation_problems(self.file, self.lines, exc, kind.schema):
                sub = _path_parts(p.path) if p.path else ()
                self.problem((*loc, *sub), p.message, p.suggestion)
            return None
        built = kind.build(checked)
        if isinstance(built, tuple):
            self.problem((*loc, built[0]), built[1])
            return None
        for j, h in enumerate(built.hexes()):
            if h not in cells:
                where = (*loc, "at") if len(built.hexes()) == 1 else (*loc, "between", j)
                self.problem(where, f"{[h.q, h.r]} is not on the map")
        return built

    def _terrain(self) -> list[TerrainPiece]:
        pieces = []
        seen: set[str] = set()
        for i, t in enumerate(self.model.terrain):
            piece_id = t.id or f"terrain{i + 1}"
            if piece_id in seen:
                self.problem(("terrain", i, "id"), f"terrain id {piece_id!r} is used twice")
            seen.add(piece_id)
            points = simplified(tuple(t.polygon))
            piece = TerrainPiece(piece_id, t.kind, frozenset(t.keywords), points)
            if not piece.polygon.is_valid or piece.polygon.area <= 0:
                self.problem(("terrain", i, "polygon"),
                             "the polygon crosses itself or has no area")
                continue
            pieces.append(piece)
        return pieces

    def _zones(self, players: list[Player], board: Board) -> list[Player]:
        """The players with their deployment zones, each checked against the board."""
        out = []
        for i, (player, entry) in enumerate(zip(players, self.model.players, strict=True)):
            if zone_problems(entry, board, ("players", i), self.problem):
                player = player_with_zone(player, entry)
            out.append(player)
        return out

    def _check_names(self, players: list[Player]) -> None:
        names = [p.name for p in players]
        for i, name in enumerate(names):
            if name in names[:i]:
                self.problem(("players", i, "name"), f"two players are called {name!r}")

    def _check_units_without_ruleset(self, board: Board | None, players: int) -> None:
        """What can be checked of the units without a ruleset: unique ids and, on a known
        board, each unit's side, place and facing (a wrong ruleset name hides none of it)."""
        self._unique_ids()
        if board is None:
            return
        for i, entry in enumerate(self.model.units):
            if entry.side > players:
                self.problem(("units", i, "side"), f"side {entry.side} has no player "
                             f"(there are {players})")
            else:
                self._setup(("units", i), entry, board)

    def _unique_ids(self) -> None:
        seen: set[str] = set()
        for i, u in enumerate(self.model.units):
            if u.id in seen:
                self.problem(("units", i, "id"), f"unit id {u.id!r} is used twice")
            seen.add(u.id)

    def _units(self, ruleset: Ruleset, board: Board, players: int) -> dict[str, Unit]:
        self._unique_ids()
        units: dict[str, Unit] = {}
        for i, entry in enumerate(self.model.units):
            loc: Path = ("units", i)
            if entry.side > players:
                self.problem((*loc, "side"), f"side {entry.side} has no player "
                             f"(there are {players})")
                continue
            setup = self._setup(loc, entry, board)
            if setup is None:
                continue
            if entry.profile is not None and entry.stats is None:
                profiles = list(ruleset.profile_ids())
                if entry.profile not in profiles:
                    self.problem((*loc, "profile"), f"unknown {ruleset.name} profile "
                                 f"{entry.profile!r}", did_you_mean(entry.profile, profiles))
                    continue
            if not self._models_fit(loc, entry.stats):
                continue
            try:
                unit = ruleset.build_unit(setup)
            except SetupError as exc:
                for p in exc.problems:
                    self.problem((*loc, *_path_parts(p.path)), p.message, p.suggestion)
                continue
            except Exception as exc:  # ruleset code refusing a value of the file
                self.problem(loc, f"the {ruleset.name} ruleset cannot build this unit "
                             f"({_brief(exc)})")
                continue
            if unit.tray is not None and unit.tray.files * unit.tray.ranks > MAX_MODELS_PER_UNIT:
                self.problem(loc, f"{unit.tray.files} x {unit.tray.ranks} model slots; the limit "
                             f"is {MAX_MODELS_PER_UNIT} per unit")
                continue
            if entry.id not in units:
                units[entry.id] = unit
        return units

    def _models_fit(self, loc: Path, stats: dict[str, Any] | None) -> bool:
        """Whether inline ``files`` x ``ranks`` stay within the limit (checked before building)."""
        files = (stats or {}).get("files", 1)
        ranks = (stats or {}).get("ranks", 1)
        if isinstance(files, int) and isinstance(ranks, int) and files * ranks > (
            MAX_MODELS_PER_UNIT
        ):
            self.problem((*loc, "stats"), f"{files} x {ranks} model slots; the limit is "
                         f"{MAX_MODELS_PER_UNIT} per unit")
            return False
        return True

    def _setup(self, loc: Path, entry: UnitModel, board: Board) -> UnitSetup | None:
        if entry.profile is None and entry.stats is None:
            self.problem(loc, "give a profile id or inline stats")
            return None
        if entry.profile is not None and entry.stats is not None:
            self.problem((*loc, "stats"), "give a profile or inline stats, not both")
            return None
        common = dict(id=entry.id, owner=entry.side, name=entry.name, profile=entry.profile,
                      stats=entry.stats, counters=entry.counters())
        if isinstance(board, TableBoard):
            if entry.at is None or entry.hex is not None:
                self.problem((*loc, "at"), "a unit on a table needs at = [x, y] (and no hex)")
                return None
            return UnitSetup(**common, x=entry.at[0], y=entry.at[1],  # type: ignore[arg-type]
                             facing=entry.facing % 360.0)
        if entry.hex is None or entry.at is not None:
            self.problem((*loc, "hex"), "a unit on a hex map needs hex = [q, r] (and no at)")
            return None
        if not entry.facing.is_integer() or not 0 <= entry.facing <= 5:
            self.problem((*loc, "facing"), HEX_FACING)
            return None
        return UnitSetup(**common, hex=Hex(*entry.hex),  # type: ignore[arg-type]
                         hex_facing=int(entry.facing))

    def _check_placements(self, ruleset: Ruleset, state: GameState) -> None:
        """Each unit fits where it stands, against the units listed before it.

        Only the units near a unit are shown to the ruleset's check (an STRtree of the trays, or
        the units on the same hex), so a full table costs n log n instead of n squared.
        """
        index = {u.id: i for i, u in enumerate(self.model.units)}
        everything = state.units
        near = _neighbours(everything)
        try:
            for unit_id, unit in everything.items():
                state.units = {other: everything[other] for other in near[unit_id]}
                refusal = self._placement_refusal(ruleset, state, unit)
                if refusal is not None:
                    where = "at" if unit.tray is not None else "hex"
                    self.problem(("units", index[unit_id], where), refusal)
        finally:
            state.units = everything

    def _placement_refusal(self, ruleset: Ruleset, state: GameState, unit: Unit) -> str | None:
        try:
            if unit.tray is not None:
                refusal = ruleset.placement_refusal(state, unit, unit.tray, "WB-TBL-1")
            else:
                assert unit.hex is not None
                refusal = ruleset.hex_placement_refusal(state, unit, unit.hex, unit.hex_facing)
        except Exception as exc:  # geometry refusing a value of the file
            return f"{unit.name} cannot be placed there ({_brief(exc)})"
        return None if refusal is None else refusal.reason


def _neighbours(units: dict[str, Unit]) -> dict[str, list[str]]:
    """For each unit, the units listed before it that its placement check must see: those
    whose trays' boxes meet its tray (an STRtree), and every hex unit listed before a hex unit
    (a unit may cover several spaces, so sharing the anchor hex is not enough; the unit limit
    of docs/limits.md keeps this small)."""
    order = list(units)
    out: dict[str, list[str]] = {uid: [] for uid in order}
    trays = [(i, uid) for i, uid in enumerate(order) if units[uid].tray is not None]
    if trays:
        polygons = [units[uid].tray.polygon for _, uid in trays]  # type: ignore[union-attr]
        tree = STRtree(polygons)
        for k, (i, uid) in enumerate(trays):
            for hit in tree.query(polygons[k]):
                j, other = trays[int(hit)]
                if j < i:
                    out[uid].append(other)
    placed: list[str] = []
    for uid in order:
        if units[uid].hex is not None and units[uid].tray is None:
            out[uid].extend(placed)
            placed.append(uid)
    return out


def simplified(points: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    """The polygon without repeated or collinear vertices, computed once at load.

    A piece that has none keeps its points exactly (so the state hash of its scenario does
    not change); the rules' sight and cover queries then work on the fewest vertices.
    """
    polygon = Polygon(points)
    if not polygon.is_valid:
        return points
    reduced = shapely.simplify(polygon, 0.0, preserve_topology=True)
    if not isinstance(reduced, Polygon) or reduced.is_empty:
        return points
    ring = [(float(x), float(y)) for x, y in reduced.exterior.coords[:-1]]
    return points if len(ring) == len(points) or len(ring) < 3 else tuple(ring)


def _brief(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 120 else text[:117] + "..."


def _path_parts(path: str) -> Path:
    parts: list[str | int] = []
    for piece in path.split("."):
        match = re.fullmatch(r"(\w+)((?:\[\d+\])+)", piece)
        if match:
            parts.append(match.group(1))
            parts.extend(int(i) for i in re.findall(r"\d+", match.group(2)))
        elif piece:
            parts.append(piece)
    return tuple(parts)


def hexagon(radius: int) -> list[Hex]:
    """Every hex within ``radius`` of the origin."""
    return [
        Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ]


def rectangle(cols: int, rows: int) -> list[Hex]:
    """A ``cols`` x ``rows`` rectangle of pointy-top hexes (rows shifted like odd-r offsets)."""
    return [Hex(col - row // 2, row) for row in range(rows) for col in range(cols)]


def flat_rectangle(cols: int, rows: int) -> list[Hex]:
    """A ``cols`` x ``rows`` rectangle of flat-top hexes: ``cols`` columns of ``rows`` hexes.
    A flat-top map is the pointy-top lattice turned a quarter clockwise
    (:attr:`~game.core.state.HexBoard.orientation`), so axial ``r`` counts the columns from
    the left and ``q`` runs down a column: the pointy-top rectangle of ``rows`` x ``cols``."""
    return rectangle(rows, cols)
