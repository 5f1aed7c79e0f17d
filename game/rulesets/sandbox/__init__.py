"""The sandbox: trays or hex units with no combat rules, moved freely by their players.

Used for "what if" set-ups, for the physical drag-and-push table, and as the smallest ruleset
that exercises the whole core (moves, pivots, free dice, hand-over between players).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.actions import JSON, Action, EndActivation, FreeRoll, MoveHex, MoveUnit, Pivot
from game.core.present import Command
from game.core.ruleset import Ruleset, SetupError, SetupProblem, UnitSetup
from game.core.state import BoardKind, GameState, Unit
from game.core.vocab import TerrainKeyword
from game.rulesets.sandbox import table, vocab

TRAY_PROFILES: Mapping[str, tuple[float, float, int, int]] = {
    "infantry": (5.5, 4.8, 4, 3),
    "cavalry": (5.5, 5.0, 2, 2),
    "solo": (2.76, 2.76, 1, 1),
    "token": (1.0, 1.0, 1, 1),
}
"""Sandbox tray profiles: width, depth (inches), files, ranks."""

STAT_KEYS = ("width", "depth", "files", "ranks")


@dataclass(kw_only=True)
class SandboxUnit(Unit):
    """A sandbox unit: a tray with model slots, or a hex unit; ``models`` left to show."""

    models: int = 1

    def status(self) -> dict[str, JSON]:
        return {"models": self.models}


class SandboxRuleset(Ruleset):
    """Table actions only; free moves are always allowed between procedures."""

    name: ClassVar[str] = "sandbox"
    title: ClassVar[str] = "Sandbox"
    description: ClassVar[str] = (
        "A rules-free table for \"what if\" set-ups: trays or hex units that their players "
        "drag, push and turn freely, free dice to roll, and distances measured on hover. "
        "Nothing is enforced but that units never overlap or leave the board.")
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table", "hex")
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = vocab.TERRAIN_KEYWORDS

    def profile_ids(self) -> Sequence[str]:
        return tuple(TRAY_PROFILES)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """The table's actions in plain words for free moves, turns, dice and hand-overs (no
        action syntax)."""
        super().__init__(options)
        self.present_as(MoveUnit, table.show_move)
        self.present_as(MoveHex, table.show_hexmove)
        self.present_as(Pivot, table.show_pivot)
        self.present_as(FreeRoll, table.show_roll)
        self.present_as(EndActivation, table.show_end)

    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        """"Move" and "Turn" (pointed on a table, listed with ghosts on a hex map)."""
        return table.commands(self, state, unit_id)

    def legal_actions(self, state: GameState) -> list[Action]:
        """The sandbox's only discrete action: ending the activation (its moves and turns are
        continuous, checked by ``why_not``: WB-TBL-1/2)."""
        return [EndActivation()]

    # inspect_pair: the base default (distance in inches or hexes, no rule) is the sandbox's.

    def allows_free_moves(self, state: GameState) -> bool:
        return not state.procedures

    def build_unit(self, setup: UnitSetup) -> Unit:
        width, depth, files, ranks = self._tray_numbers(setup)
        tray = self.tray_for(setup, width, depth, files, ranks)
        models = setup.counters.get("models", files * ranks)
        if not isinstance(models, int) or not 0 < models <= files * ranks:
            raise SetupError(
                [SetupProblem("models", f"expected a whole number 1..{files * ranks}")]
            )
        return SandboxUnit(
            id=setup.id,
            name=setup.name or setup.id,
            owner=setup.owner,
            profile=setup.profile or "inline",
            tray=tray,
            hex=setup.hex,
            hex_facing=setup.hex_facing,
            models=models,
        )

    def _tray_numbers(self, setup: UnitSetup) -> tuple[float, float, int, int]:
        if setup.profile is not None:
            if setup.profile not in TRAY_PROFILES:
                import difflib

                close = difflib.get_close_matches(setup.profile, list(TRAY_PROFILES), n=1)
                raise SetupError(
                    [
                        SetupProblem(
                            "profile",
                            f"unknown sandbox profile {setup.profile!r}",
                            close[0] if close else None,
                        )
                    ]
                )
            return TRAY_PROFILES[setup.profile]
        stats = dict(setup.stats or {})
        problems = [
            SetupProblem(f"stats.{key}", "unknown stat", _close(key, STAT_KEYS))
            for key in stats
            if key not in STAT_KEYS
        ]
        numbers: list[Any] = []
        for key, default in zip(STAT_KEYS, (4.0, 2.0, 1, 1), strict=True):
            value = stats.get(key, default)
            ok = isinstance(value, int | float) and not isinstance(value, bool) and value > 0
            if not ok or (key in ("files", "ranks") and not isinstance(value, int)):
                problems.append(SetupProblem(f"stats.{key}", "expected a positive number"))
            numbers.append(value)
        if problems:
            raise SetupError(problems)
        return float(numbers[0]), float(numbers[1]), int(numbers[2]), int(numbers[3])


def _close(word: str, options: Sequence[str]) -> str | None:
    import difflib

    close = difflib.get_close_matches(word, list(options), n=1)
    return close[0] if close else None


def create(options: Mapping[str, Any]) -> SandboxRuleset:
    """A sandbox ruleset (it takes no options)."""
    if options:
        raise SetupError(
            [SetupProblem(f"rules.options.{key}", "the sandbox has no options") for key in options]
        )
    return SandboxRuleset(options)
