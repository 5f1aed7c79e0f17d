"""What every asoiaf procedure shares: the unit lookup, wounds, the end of the game, a
Maneuver's move, and the :class:`AsoiafSteps` base that holds the ruleset instance (its options
and hooks) so each procedure's steps read the options of the game they run in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from game.core.present import victory
from game.core.procedure import Steps
from game.core.ruleset import Context
from game.core.state import GameState, Outcome, Procedure
from game.rulesets.asoiaf import geo, moves
from game.rulesets.asoiaf.modifiers import models_lost
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import maneuver_words

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

P = TypeVar("P", bound=Procedure)


class AsoiafSteps(Steps[P]):
    """Steps of one asoiaf procedure, bound to the ruleset instance that runs them."""

    def __init__(self, rules: AsoiafRuleset) -> None:
        self.rules = rules


def unit_of(state: GameState, unit_id: str) -> AsoiafUnit:
    """The asoiaf unit ``unit_id`` (procedures only name units that exist)."""
    unit = state.units[unit_id]
    assert isinstance(unit, AsoiafUnit)
    return unit


def apply_wounds(state: GameState, unit: AsoiafUnit, wounds: int, why: str,
                 rules: Sequence[str], ctx: Context) -> tuple[int, bool]:
    """Take ``wounds`` off ``unit``: models from the last rank, right to left (AS-RES-6);
    return (models removed, destroyed)."""
    removed, damage = models_lost(unit.models, unit.damage, unit.stats.wounds, wounds)
    unit.models -= removed
    unit.damage = damage
    destroyed = unit.models == 0
    rules = list(dict.fromkeys([*rules, "AS-RES-6"]))
    ctx.emit("unit.wounded", f"{unit.name} suffers {wounds} wound(s) ({why}): {removed} "
             f"model(s) removed, {unit.models} left.", rules,
             player=unit.owner, unit=unit.id, wounds=wounds, removed=removed,
             models=unit.models, damage=unit.damage)
    if destroyed:
        unit.destroyed = True
        ctx.emit("unit.destroyed", f"{unit.name} is destroyed.", rules,
                 player=unit.owner, unit=unit.id)
    return removed, destroyed


def check_over(state: GameState, ctx: Context) -> bool:
    """A side with no units left has lost (AS-CORE-5)."""
    standing = [p.number for p in state.players if any(u.owner == p.number
                                                      for u in geo.live(state))]
    if len(standing) > 1:
        return False
    winner = standing[0] if standing else None
    summary = (victory(state.player(winner).name, "no enemy unit is left") if winner
               else "no unit is left: a draw")
    state.outcome = Outcome(winner, summary)
    state.procedures.clear()
    ctx.emit("game.over", summary, ["AS-CORE-5"], player=winner)
    return True


def move_maneuver(state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                  then: float, rules: Sequence[str], ctx: Context) -> None:
    """Carry out a Maneuver already checked (AS-CORE-3): pivot, straight ahead, pivot."""
    unit.tray = moves.maneuver_tray(unit, turn, distance, then)
    words = maneuver_words(turn, distance, then).lower()
    ctx.emit("unit.maneuvered", f"{unit.name} maneuvers: {words}.", rules, player=unit.owner,
             unit=unit.id, turn=turn,
             distance=distance, then=then, x=unit.tray.x, y=unit.tray.y,
             facing=unit.tray.facing)
