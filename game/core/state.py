"""The game state: plain data that a ruleset changes and the renderer draws.

Everything a game needs to continue is in :class:`GameState`: the board, terrain, players,
units (ruleset subclasses of :class:`Unit`), the turn, the dice counter and the stack of running
procedures. It is deep-copied for undo snapshots and hashed canonically by
:func:`game.core.hashing.state_hash`; nothing in it refers to the UI or to files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from shapely.geometry import Polygon

from game.core.actions import JSON
from game.core.vocab import MapFeature
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray

BoardKind = Literal["table", "hex"]
Orientation = Literal["pointy", "flat"]
"""How a hex map stands on screen (:attr:`HexBoard.orientation`)."""

OMIT_IF_DEFAULT = {"hash": "omit-if-default"}
"""Field metadata: the canonical form (and so the state hash) leaves the field out while it
holds its default, so adding such a field keeps the hashes of every earlier save."""


@dataclass(frozen=True)
class Player:
    """A seat at the table: number (1-based), display name and colour (``#rrggbb``), and
    where the player deploys when the scenario says (issue 26): ``deployment`` a polygon in
    inches on a table, ``deployment_hexes`` the hexes on a hex map (None: no zone; left out
    of the hash then, so scenarios without zones hash as before). Play shows the zones at the
    start of a battle; army-list import places units in them."""

    number: int
    name: str
    colour: str
    deployment: tuple[tuple[float, float], ...] | None = field(default=None,
                                                                metadata=OMIT_IF_DEFAULT)
    deployment_hexes: frozenset[Hex] | None = field(default=None, metadata=OMIT_IF_DEFAULT)


@dataclass(frozen=True)
class TerrainPiece:
    """A terrain polygon (inches) with its kind and rules keywords (``blocks-sight``...)."""

    id: str
    kind: str
    keywords: frozenset[str]
    points: tuple[tuple[float, float], ...]

    @cached_property
    def polygon(self) -> Polygon:
        """The shapely polygon of the piece."""
        return Polygon(self.points)

    def has(self, keyword: str) -> bool:
        """Whether the piece carries a rules keyword."""
        return keyword in self.keywords


@dataclass(frozen=True)
class TableBoard:
    """A rectangular table, ``width`` x ``height`` inches, origin at player 1's left corner."""

    width: float
    height: float
    kind: BoardKind = "table"

    @cached_property
    def polygon(self) -> Polygon:
        """The table's outline."""
        return Polygon([(0, 0), (self.width, 0), (self.width, self.height), (0, self.height)])


@dataclass(frozen=True)
class HexCell:
    """One hex of a map: its terrain name, elevation (pegs or levels) and rules keywords."""

    terrain: str = "open"
    elevation: int = 0
    keywords: frozenset[str] = frozenset()

    def has(self, keyword: str) -> bool:
        """Whether the hex carries a rules keyword (``blocks-sight``, ``impassable``...)."""
        return keyword in self.keywords


_BLOCKING_KEY = "_warbench_blocking"
"""Where :meth:`HexBoard.blocking` keeps its answers on a board (never hashed nor saved:
the canonical form reads a dataclass's fields only)."""


@dataclass(frozen=True)
class HexBoard:
    """A hex map: every hex on it with its cell, and what stands on it besides its cells:
    the records of the map features its ruleset declares (standing stones, walls, transit
    pads: :class:`~game.core.vocab.FeatureKind`), in the order of the scenario file. They are
    left out of the state hash when there are none, so maps without features hash as they
    always did. The core reads none of them; the ruleset that declared them does."""

    cells: dict[Hex, HexCell]
    kind: BoardKind = "hex"
    features: tuple[MapFeature, ...] = field(default=(), metadata={"hash": "omit-if-default"})
    orientation: Orientation = field(default="pointy", metadata={"hash": "omit-if-default"})
    """How the map is shown: ``pointy`` (the layout of :mod:`game.geometry.hexgrid`) or
    ``flat`` (the same lattice turned a quarter clockwise, so hexes stand flat-top in columns).
    The rules read neither: distances, neighbours, arcs and sight are the same under a turn of
    the whole map, so only the drawing and the words for directions follow it. Left out of
    the state hash while ``pointy``, so older maps hash as they always did."""

    def __contains__(self, h: object) -> bool:
        return h in self.cells

    def blocking(self, keyword: str = "blocks-sight") -> frozenset[Hex]:
        """The hexes that carry ``keyword``: found once per board and keyword, and kept on
        the board outside its fields (a board is never changed: a new map is a new board; a
        sight check asked it of every cell of a 60 x 60 map, issue 32)."""
        kept: dict[str, frozenset[Hex]] = self.__dict__.setdefault(_BLOCKING_KEY, {})
        found = kept.get(keyword)
        if found is None:
            found = kept[keyword] = frozenset(
                h for h, cell in self.cells.items() if cell.has(keyword))
        return found


Board = TableBoard | HexBoard


@dataclass(kw_only=True)
class Unit:
    """A unit on the board. Rulesets subclass it with their stats and counters.

    A table unit has a ``tray``; a hex unit has a ``hex`` and a ``hex_facing`` (0..5, see
    :mod:`game.geometry.hexgrid`). ``destroyed`` units stay in the state (for the log and the
    end screen) but are off the board.
    """

    id: str
    name: str
    owner: int
    profile: str
    tray: Tray | None = None
    hex: Hex | None = None
    hex_facing: int = 0
    destroyed: bool = False

    @property
    def on_board(self) -> bool:
        """Whether the unit is still in play."""
        return not self.destroyed

    def status(self) -> dict[str, JSON]:
        """Counters shown on the table and in summaries (rulesets add theirs)."""
        return {}

    def status_line(self) -> str:
        """The counters as a short line for the unit's label on the table
        (``models 10/12  wounds 1``). Built from :meth:`status`; a ruleset whose counter keys
        are not words a player reads (a character's key) overrides it."""
        parts: list[str] = []
        status = self.status()
        for key, value in status.items():
            if key.startswith("max_") and key[4:] in status:
                continue  # shown as "health 3/4" with its counter
            limit = status.get(f"max_{key}")
            if limit is not None and not isinstance(value, bool):
                parts.append(f"{key} {value}/{limit}")
            elif key == "models" and self.tray is not None:
                parts.append(f"{value}/{self.tray.files * self.tray.ranks}")
            elif isinstance(value, bool):
                if value:
                    parts.append(key)
            elif value is not None and value != 0:  # "damage 0" is noise on a small label
                parts.append(f"{key} {value}")
        return "  ".join(parts)


@dataclass(kw_only=True)
class Procedure:
    """A running rules procedure (a small state machine); rulesets subclass it.

    ``step`` names where it is; ``player`` is the player whose action started it.
    """

    step: str
    player: int


@dataclass(kw_only=True)
class TurnState:
    """Whose turn it is: round number (1-based), the active player, units done this round and,
    for rulesets whose turn has phases (``Ruleset.phases``), the current phase."""

    round: int = 1
    active: int = 1
    activated: list[str] = field(default_factory=list)
    current_unit: str | None = None
    phase: str | None = field(default=None, metadata=OMIT_IF_DEFAULT)


@dataclass(frozen=True)
class TableOptions:
    """Table settings from the scenario.

    ``sandbox`` allows free moves and pivots of the active player's units;
    ``allow_undo_dice`` lets a player undo an action whose dice they rolled;
    ``allow_undo_others`` lets the acting player undo anyone's action (solo play, WB-HIST-2).
    """

    sandbox: bool = False
    allow_undo_dice: bool = False
    allow_undo_others: bool = field(default=False, metadata=OMIT_IF_DEFAULT)


@dataclass(frozen=True)
class Outcome:
    """How the game ended."""

    winner: int | None
    summary: str


@dataclass(kw_only=True)
class GameState:
    """The whole state of one game (see module docstring)."""

    ruleset: str
    board: Board
    terrain: list[TerrainPiece]
    players: list[Player]
    units: dict[str, Unit]
    turn: TurnState = field(default_factory=TurnState)
    seed: int = 0
    dice_drawn: int = 0
    scripted_dice: list[int] = field(default_factory=list)
    procedures: list[Procedure] = field(default_factory=list)
    outcome: Outcome | None = None
    options: TableOptions = field(default_factory=TableOptions)
    extra: dict[str, Any] = field(default_factory=dict)

    def unit(self, unit_id: str) -> Unit:
        """The unit with this id (KeyError if none)."""
        return self.units[unit_id]

    def live_units(self, owner: int | None = None) -> list[Unit]:
        """Units still in play, optionally of one player, in id order of the scenario."""
        return [
            u for u in self.units.values() if u.on_board and (owner is None or u.owner == owner)
        ]

    def player(self, number: int) -> Player:
        """The player with this number."""
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    def next_player(self, number: int) -> int:
        """The player after ``number`` in seating order (wrapping round)."""
        numbers = [p.number for p in self.players]
        return numbers[(numbers.index(number) + 1) % len(numbers)]

    @property
    def procedure(self) -> Procedure | None:
        """The innermost running procedure, if any."""
        return self.procedures[-1] if self.procedures else None
