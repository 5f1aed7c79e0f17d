"""The realms map features, declared by the ruleset (issue 24): standing stones and other
obstructions (RL-ELV-1), walls on the edge between two spaces (RL-ELV-1) and transit pads
(RL-MOV-1). A scenario writes them as ``[[hexmap.obstructions]]``, ``[[hexmap.walls]]`` and
``[[hexmap.pads]]``; the loader checks each entry against the schema declared here and keeps
the records on the board (:attr:`game.core.state.HexBoard.features`), where the realms rules
read them (:meth:`game.rulesets.realms.options.Settings.features_for`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from game.core.vocab import FeatureKind, MapFeature
from game.geometry.hexgrid import Hex

Height = Annotated[int, Field(ge=1, le=99)]
"""A feature's height in pegs."""


class _Entry(BaseModel):
    """Base of the entries' schemas: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", strict=False, allow_inf_nan=False)


class ObstructionEntry(_Entry):
    """One ``[[hexmap.obstructions]]`` entry: a space filled to a height (a standing stone)."""

    at: tuple[int, int]
    height: Height
    name: str = Field(default="obstruction", min_length=1, max_length=40)


class WallEntry(_Entry):
    """One ``[[hexmap.walls]]`` entry: a wall on the edge between two neighbouring spaces."""

    between: tuple[tuple[int, int], tuple[int, int]]
    height: Height


class PadEntry(_Entry):
    """One ``[[hexmap.pads]]`` entry: a transit pad joining two spaces."""

    between: tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Obstruction(MapFeature):
    """A space filled to ``height`` pegs (RL-ELV-1): nothing stands on it, sight stops."""

    key: ClassVar[str] = "obstructions"
    at: Hex
    height: int
    name: str

    def hexes(self) -> tuple[Hex, ...]:
        return (self.at,)

    def legacy(self) -> object:
        return (self.at, self.height, self.name)


@dataclass(frozen=True)
class Between(MapFeature):
    """What stands between two spaces ``a`` and ``b`` (a wall, a pad)."""

    a: Hex
    b: Hex

    def hexes(self) -> tuple[Hex, ...]:
        return (self.a, self.b)


@dataclass(frozen=True)
class WallFeature(Between):
    """A wall of ``height`` pegs on the edge between two neighbouring spaces (RL-ELV-1)."""

    key: ClassVar[str] = "walls"
    height: int

    def legacy(self) -> object:
        return (self.a, self.b, self.height)


@dataclass(frozen=True)
class Pad(Between):
    """A transit pad joining two spaces (RL-MOV-1)."""

    key: ClassVar[str] = "pads"

    def legacy(self) -> object:
        return (self.a, self.b)


def _obstruction(entry: ObstructionEntry) -> MapFeature | tuple[str, str]:
    return Obstruction(Hex(*entry.at), entry.height, entry.name)


def _wall(entry: WallEntry) -> MapFeature | tuple[str, str]:
    a, b = Hex(*entry.between[0]), Hex(*entry.between[1])
    if a.distance(b) != 1:
        return "between", "a wall stands on the edge between two neighbouring hexes"
    return WallFeature(a, b, entry.height)


def _pad(entry: PadEntry) -> MapFeature | tuple[str, str]:
    a, b = Hex(*entry.between[0]), Hex(*entry.between[1])
    if a == b:
        return "between", "a transit pad joins two different hexes"
    return Pad(a, b)


FEATURE_KINDS: tuple[FeatureKind, ...] = (
    FeatureKind("obstructions", "a standing stone or ruin filling a space to a height in pegs: "
                "nothing stands there and sight stops at it", ObstructionEntry, _obstruction),
    FeatureKind("walls", "a wall on the edge between two spaces, so many pegs above the higher "
                "of them: sight and movement must get over it", WallEntry, _wall),
    FeatureKind("pads", "a transit pad: a figure on one end may step to the other end",
                PadEntry, _pad),
)
"""The map features a realms scenario may place (in this order in the file's sections)."""
