"""The table's own rules, which every ruleset may reuse: placing and turning units, ending an
activation and handing the table over (the WB-* rules of ``docs/rules/table.md``).

:class:`TableRules` is the optional half of the base ruleset: helpers a rules system may call
or override (a tray for a scenario entry, where a unit may stand, the hand-over between
players), as opposed to the contract it must write (:mod:`game.core.contract`).

Rule IDs of the table itself (the game's own, documented in ``docs/rules/table.md``):

- WB-TBL-1 A sandbox move puts one of the active player's units anywhere on the board that is
  free: no overlap with another unit or impassable terrain, fully on the table.
- WB-TBL-2 A sandbox pivot turns a unit in place under the same conditions.
- WB-TBL-3 Any player may roll free dice (``roll 2d6``) while no procedure is running.
- WB-TBL-4 Ending an activation hands control to the next player; after the last player the
  round number goes up.
- WB-DICE-1 A procedure's dice are rolled from the game's seeded dice or given (scripted or
  real dice), and recorded in the log either way.
- WB-HIST-1 A player cannot undo an action whose dice they rolled, unless the table allows it.
- WB-HIST-2 In hotseat the acting player can undo only their own actions since the last
  hand-over, never an opponent's action or decision, unless the table allows it (solo play).
- WB-HIST-3 Against the computer, taking back takes back the computer's actions since the
  player's own last action together with that action (the computer then answers again).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core import table_actions
from game.core.actions import EndActivation
from game.core.context import Context
from game.core.pending import Refusal
from game.core.state import GameState, Unit
from game.core.unit_setup import UnitSetup
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray

TABLE_RULE_TEXTS: Mapping[str, str] = {
    "WB-TBL-1": "In sandbox play a player may pick up one of their own units and put it anywhere "
    "it fits: fully on the table, not on top of another unit, not on impassable terrain.",
    "WB-TBL-2": "In sandbox play a unit may turn in place to any facing, as long as it still "
    "fits where it stands.",
    "WB-TBL-3": "Any player may roll free dice while nothing else is being resolved; the game "
    "records the roll like any other.",
    "WB-TBL-4": "Ending an activation passes control to the next player at the table; when the "
    "last player has passed, a new round begins.",
    "WB-DICE-1": "When a rule calls for dice, the game either rolls them from its seeded dice or "
    "takes the numbers you rolled at the table; either way the result goes into the log, so "
    "replays repeat it exactly.",
    "WB-HIST-1": "You cannot take back an action after you rolled dice for it (no re-rolling by "
    "undo), unless the table was set up to allow it.",
    "WB-HIST-2": "At a shared table you may take back only what you did yourself since the "
    "table was last handed to you: never a move, a choice or dice of your opponent. A table "
    "set up for solo play may allow taking back anything.",
    "WB-HIST-3": "Playing against the computer, taking back returns to your own last decision: "
    "the computer's moves and dice since then go with it, and the computer answers afresh. "
    "Your own dice still stay rolled (WB-HIST-1).",
}
"""The table's own rules (WB-*), in the game's words; every ruleset's catalogue includes them."""


class TableRules:
    """Table helpers a ruleset may reuse or override: its units' trays, where a unit may
    stand (WB-TBL-1/2), whether free moves are allowed now, and ending an activation with the
    hand-over to the next player (WB-TBL-4)."""

    def tray_for(
        self, setup: UnitSetup, width: float, depth: float, files: int = 1, ranks: int = 1
    ) -> Tray | None:
        """The tray of a table unit (None on hex boards)."""
        if setup.x is None or setup.y is None:
            return None
        return Tray(
            x=setup.x, y=setup.y, facing=setup.facing, width=width, depth=depth,
            files=files, ranks=ranks,
        )

    def allows_free_moves(self, state: GameState) -> bool:
        """Whether sandbox moves and pivots are allowed now (WB-TBL-1/2)."""
        return state.options.sandbox and not state.procedures

    def placement_refusal(
        self, state: GameState, unit: Unit, tray: Tray, rule: str
    ) -> Refusal | None:
        """Why ``unit`` cannot stand at ``tray``: off the table, on a unit or impassable
        terrain (rulesets may add conditions)."""
        return table_actions.placement_refusal(state, unit, tray, rule)

    def hex_placement_refusal(
        self, state: GameState, unit: Unit, target: Hex, facing: int
    ) -> Refusal | None:
        """Why ``unit`` cannot stand on ``target`` facing ``facing`` (WB-TBL-1)."""
        return table_actions.hex_placement_refusal(state, unit, target, facing)

    def _check_end(self, state: GameState, action: EndActivation) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the running procedure first", ("WB-TBL-4",))
        return None

    def _do_end(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        self.hand_over(state, ctx)

    def hand_over(self, state: GameState, ctx: Context) -> None:
        """Pass control to the next player; a new round starts after the last (WB-TBL-4)."""
        ending = state.turn.active
        state.turn.current_unit = None
        state.turn.active = state.next_player(ending)
        if state.turn.active == state.players[0].number:
            state.turn.round += 1
            state.turn.activated.clear()
            ctx.emit(
                "round.start",
                f"Round {state.turn.round} begins.",
                ["WB-TBL-4"],
                round=state.turn.round,
            )
        ctx.emit(
            "turn.handover",
            f"The turn passes from {state.player(ending).name} to "
            f"{state.player(state.turn.active).name}.",  # reads right for "Orcs" and "Stark"
            ["WB-TBL-4"],
            player=state.turn.active,
            previous=ending,
            round=state.turn.round,
        )
