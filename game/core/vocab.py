"""What a ruleset brings to the table besides its rules: its vocabulary, declared and typed.

A ruleset declares (issue 24, "a ruleset owns everything it brings"):

- its **terrain keywords** (:class:`TerrainKeyword`): the words a terrain piece or hex of its
  scenarios may carry, each with its meaning in a player's words (the table's legend shows it);
- its **map features** (:class:`FeatureKind`): what may stand on a hex map besides its cells
  (standing stones, walls, transit pads), each with the schema of its scenario entries
  (``[[hexmap.<key>]]``) and the immutable record (:class:`MapFeature`) the board carries;
- its **scenario options** (:class:`OptionSpec`): the ``[rules.options]`` keys with their
  defaults and meanings;
- its **unit catalogue** (:class:`ProfileRecord`): every profile a scenario may name, with its
  stats, base or footprint and the card the table shows (for the battle builder and army-list
  import);
- its **lessons** and its **bench table** (:class:`BenchTable`), package data and generated
  tables the learn and bench commands find through the contract.

The scenario loader refuses a keyword or feature the scenario's ruleset does not declare, with
a "did you mean". The records are plain frozen dataclasses; nothing here knows any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.geometry.hexgrid import Hex

JSONScalar = int | float | str | bool


@dataclass(frozen=True)
class TerrainKeyword:
    """A rules keyword a terrain piece or hex may carry (``blocks-sight``), with its
    ``meaning``: a few player words the table's legend shows (``no line of sight through``)."""

    name: str
    meaning: str


TABLE_KEYWORDS: tuple[TerrainKeyword, ...] = (
    TerrainKeyword("impassable", "no unit may stand on it (WB-TBL-1)"),
    TerrainKeyword("blocks-sight", "no line of sight through it"),
)
"""The keywords the table itself reads: placement refuses ``impassable`` ground (WB-TBL-1) and
the board draws ``blocks-sight`` pieces as sight blockers. A ruleset declares them too when
its scenarios use them (with its own meaning, if its rules read them)."""


@dataclass(frozen=True)
class MapFeature:
    """Base of the records of what stands on a hex map besides its cells. A ruleset subclasses
    it (a frozen dataclass of hashable values) for each :class:`FeatureKind` it declares; the
    board keeps them (:attr:`game.core.state.HexBoard.features`), so they are hashed, copied
    and saved with the state like everything else."""

    key: ClassVar[str] = ""
    """The scenario key of the feature's kind (``[[hexmap.<key>]]``)."""

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the feature names (the loader checks that each is on the map)."""
        return ()

    def legacy(self) -> object:
        """The feature's form in the state before features moved out of the core (saves of
        that time hashed it); only the kinds that existed then override it."""
        return None


@dataclass(frozen=True)
class FeatureKind:
    """A kind of map feature a ruleset declares: the scenario key (``walls``), its meaning in
    player words, the schema of one scenario entry (a pydantic model class: strict types,
    unknown keys refused) and how a checked entry becomes the board's record. ``build``
    returns the record, or a message for an entry whose values do not fit together (a wall
    between two hexes that are not neighbours), reported at the entry's path."""

    key: str
    meaning: str
    schema: type[Any]
    build: Callable[[Any], MapFeature | tuple[str, str]]
    """A checked entry -> its record, or ``(sub-path, message)`` when it is refused."""


@dataclass(frozen=True)
class OptionSpec:
    """One ``[rules.options]`` key: its default and its meaning in player words; ``kind`` names
    the type of its values (``int``, ``bool``, ``str``, ``list[int]`` ...) for a builder."""

    key: str
    default: Any
    meaning: str
    kind: str


@dataclass(frozen=True)
class ProfileRecord:
    """One unit profile of a ruleset's catalogue, as a battle builder or an army-list import
    reads it: ``stats`` are the unit's own typed values (speed, defence, ...); ``base`` is a
    table unit's tray (width, depth in inches), ``footprint`` the number of hexes a hex unit
    covers; ``card`` is the unit card the table shows, line by line; ``faction`` the faction
    or army the profile belongs to, when the ruleset's catalogue names one."""

    id: str
    name: str
    stats: Mapping[str, JSONScalar]
    base: tuple[float, float] | None
    footprint: int | None
    card: tuple[str, ...]
    faction: str | None = None


@dataclass(frozen=True)
class BenchTable:
    """A generated table for ``warbench bench play``: the scenario text, a label for the
    report and the unit limit the loader should allow for it."""

    label: str
    text: str
    max_units: int

