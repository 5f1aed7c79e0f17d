"""The asoiaf unit: a tray of models with a stat card, the models left and the damage taken."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.actions import JSON
from game.core.state import OMIT_IF_DEFAULT, Unit
from game.geometry.tray import Point
from game.rulesets.asoiaf.profiles import Profile


@dataclass(kw_only=True)
class AsoiafUnit(Unit):
    """A combat unit: its ``stats`` (stat card), ``models`` left and ``damage`` on the wounded
    model (multi-wound models keep their damage, AS-RES-6)."""

    stats: Profile
    models: int
    damage: int = 0
    defense_reroll: str = field(default="", metadata=OMIT_IF_DEFAULT)
    """The card ability by which this unit may re-roll its Defense Dice in this game (AS-RES-5,
    :func:`.abilities.defense_reroll`: its card's and the scenario's say), or "" (hashed only
    when set, so older games keep their hashes)."""

    @property
    def files(self) -> int:
        """Models per rank."""
        return self.stats.tray.files

    @property
    def ranks_left(self) -> int:
        """Ranks still holding a model (AS-RES-1)."""
        return max(1, math.ceil(self.models / self.files)) if self.models else 0

    @property
    def ranks_lost(self) -> int:
        """Ranks gone since full strength (selects the attack dice, AS-RES-1)."""
        return self.stats.tray.ranks - self.ranks_left

    @property
    def wounds_left(self) -> int:
        """Wounds the unit can still take before it is destroyed."""
        return self.models * self.stats.wounds - self.damage

    def model_points(self) -> list[Point]:
        """Centres of the models left: the front slots first; the last rank empties right to
        left (AS-RES-6), so the remaining models are the first ``models`` slots."""
        if self.tray is None:
            return []
        return self.tray.model_slots()[: self.models]

    def status(self) -> dict[str, JSON]:
        return {"models": self.models, "damage": self.damage, "ranks": self.ranks_left}
