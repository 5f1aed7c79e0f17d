"""Typed models of a scenario file (pydantic v2), strict: unknown keys are errors.

``docs/scenarios.md`` describes every key. These models check types and ranges only; the
cross-references (sides, profiles, positions, overlaps) are checked by
:mod:`game.scenario.loader` after parsing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.scenario.limits import MAX_HEX_ENTRIES, MAX_SCRIPTED_DICE, MAX_ZONE_VERTICES

Keyword = Annotated[str, Field(min_length=1, max_length=40)]
"""A rules keyword a terrain piece or hex carries. Which words exist is the scenario's
ruleset's declaration (``Ruleset.terrain_keywords``); the loader checks them against it."""

Coordinate = Annotated[float, Field(ge=-1000, le=1000)]
"""A position in inches (tables are at most 240 across; the margin allows pieces off the edge)."""


class Strict(BaseModel):
    """Base of every scenario model: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", strict=False, allow_inf_nan=False)


class ScenarioMeta(Strict):
    """``[scenario]``: name, ruleset, seed and a description."""

    name: str = Field(min_length=1, max_length=120)
    ruleset: str = Field(max_length=40)
    seed: int = 0
    description: str = Field(default="", max_length=4000)


class TableModel(Strict):
    """``[table]``: a rectangular table in inches."""

    width: float = Field(gt=0, le=240)
    height: float = Field(gt=0, le=240)


class HexEntry(Strict):
    """One ``[[hexmap.hexes]]`` entry: a hex's terrain, elevation and keywords."""

    at: tuple[int, int]
    terrain: str = Field(default="open", max_length=40)
    elevation: int = Field(default=0, ge=-50, le=50)
    keywords: list[Keyword] = Field(default=[], max_length=20)


class HexMapModel(Strict):
    """``[hexmap]``: a hexagon of ``radius`` or a ``cols`` x ``rows`` rectangle, pointy-top
    (rows of hexes) or flat-top (columns), its hexes, and the features standing on it. Any
    other key is a map feature (``[[hexmap.<key>]]``): which keys exist and what their
    entries hold is the ruleset's declaration (``Ruleset.map_features``), checked by the
    loader once the ruleset is known."""

    model_config = ConfigDict(extra="allow", strict=False, allow_inf_nan=False)

    radius: int | None = Field(default=None, ge=1, le=30)
    cols: int | None = Field(default=None, ge=1, le=60)
    rows: int | None = Field(default=None, ge=1, le=60)
    orientation: Literal["pointy", "flat"] = "pointy"
    hexes: list[HexEntry] = []

    def feature_entries(self) -> dict[str, Any]:
        """The map-feature sections of the file, as given (checked by the loader)."""
        return dict(self.model_extra or {})


class TerrainModel(Strict):
    """One ``[[terrain]]`` piece: a polygon in inches with rules keywords."""

    id: str | None = Field(default=None, max_length=40)
    kind: str = Field(min_length=1, max_length=40)
    keywords: list[Keyword] = Field(default=[], max_length=20)
    polygon: list[tuple[Coordinate, Coordinate]] = Field(min_length=3)


class PlayerModel(Strict):
    """One ``[[players]]`` seat, optionally with its deployment zone (issue 26): a polygon
    in inches on a table, a set of hexes on a hex map; the loader checks it is on the board."""

    name: str = Field(min_length=1, max_length=40)
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    deployment: list[tuple[Coordinate, Coordinate]] | None = Field(
        default=None, min_length=3, max_length=MAX_ZONE_VERTICES)
    deployment_hexes: list[tuple[int, int]] | None = Field(
        default=None, min_length=1, max_length=MAX_HEX_ENTRIES)


class UnitModel(Strict):
    """One ``[[units]]`` entry (see docs/scenarios.md for which counters a ruleset uses)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_\-]+$", max_length=32)
    side: int = Field(ge=1, le=8)
    name: str | None = Field(default=None, max_length=80)
    profile: str | None = Field(default=None, max_length=80)
    stats: dict[str, Any] | None = None
    at: tuple[Coordinate, Coordinate] | None = None
    hex: tuple[int, int] | None = None
    facing: float = Field(default=0.0, ge=-3600, le=3600)
    models: int | None = Field(default=None, ge=0)
    damage: int | None = Field(default=None, ge=0)
    health: int | None = Field(default=None, ge=0)
    tokens: int | None = Field(default=None, ge=0)

    def counters(self) -> dict[str, int]:
        """The counters the file sets (models, damage, health, tokens)."""
        names = ("models", "damage", "health", "tokens")
        return {n: v for n in names if (v := getattr(self, n)) is not None}


class DiceModel(Strict):
    """``[dice]``: scripted results that answer the game's dice in order."""

    scripted: list[int] = Field(default=[], max_length=MAX_SCRIPTED_DICE)

    @field_validator("scripted")
    @classmethod
    def _faces(cls, value: list[int]) -> list[int]:
        for face in value:
            if not 1 <= face <= 100:
                raise ValueError(f"{face} is not a die face")
        return value


class RulesModel(Strict):
    """``[rules]``: table settings and the ruleset's own options."""

    sandbox: bool = False
    allow_undo_dice: bool = False
    allow_undo_others: bool = False
    options: dict[str, Any] = {}


class ScenarioModel(Strict):
    """A whole scenario file."""

    scenario: ScenarioMeta
    table: TableModel | None = None
    hexmap: HexMapModel | None = None
    terrain: list[TerrainModel] = []
    players: list[PlayerModel] = Field(min_length=2, max_length=8)
    units: list[UnitModel] = Field(min_length=1)
    dice: DiceModel = DiceModel()
    rules: RulesModel = RulesModel()


class DraftModel(ScenarioModel):
    """A battle being built (issue 26): a scenario that may have no units yet. Only the
    battle builder's preview loads it (``load_scenario_text(..., draft=True)``); a file
    is never accepted, played or saved as valid with it."""

    units: list[UnitModel] = []
