"""A Panic Test outside an attack's own: after a failed charge (AS-CHG-10) or for friends a
ranged attack fired into (AS-RNG-8). One chance node, 2D6 against Morale (AS-PNC-1)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import DiceSpec
from game.core.pending import Chance
from game.core.present import possessive
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.rulesets.asoiaf.modifiers import panic_shortfall
from game.rulesets.asoiaf.procedures.common import AsoiafSteps, apply_wounds, check_over, unit_of

ROLL = "roll"
"""The only step: waiting for the 2D6."""


@dataclass(kw_only=True)
class PanicProc(Procedure):
    """A Panic Test outside an attack's own (failed charge, firing into melee): step roll."""

    unit: str
    target: int
    reason: str
    rules: tuple[str, ...]


def panic_test(unit_id: str, player: int, morale: int, reason: str, rule: str) -> PanicProc:
    """A new Panic Test of ``unit_id`` for ``reason`` (cited by ``rule``)."""
    return PanicProc(step=ROLL, player=player, unit=unit_id, target=morale, reason=reason,
                     rules=(rule,))


class PanicSteps(AsoiafSteps[PanicProc]):
    """Roll 2D6; a shortfall below the target is that many wounds (AS-PNC-1)."""

    kind = PanicProc

    def waiting(self, state: GameState, proc: PanicProc) -> Chance:
        name = unit_of(state, proc.unit).name
        return Chance(proc.player, DiceSpec(2, 6), f"Panic Test of {name} ({proc.reason}), "
                      f"needs {proc.target}+", ("AS-PNC-1",))

    def on_dice(self, state: GameState, proc: PanicProc, results: tuple[int, ...],
                ctx: Context) -> None:
        state.procedures.pop()
        unit = unit_of(state, proc.unit)
        total = sum(results)
        short = panic_shortfall(total, proc.target)
        verdict = f"fails by {short}" if short else "passes"
        ctx.emit("panic.test", f"{possessive(unit.name)} Panic Test ({proc.reason}): {total} "
                 f"against {proc.target}+ {verdict}.", [*proc.rules, "AS-PNC-1"], player=unit.owner,
                 unit=unit.id, total=total, target=proc.target, failed_by=short)
        if short and unit.on_board:
            apply_wounds(state, unit, short, "failed Panic Test", ("AS-PNC-1",), ctx)
            check_over(state, ctx)
