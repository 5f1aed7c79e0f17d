"""The asoiaf procedures, one module each, every one a :class:`game.core.procedure.Steps`
on the core loop: attack (AS-RES-*), charge (AS-CHG-4..15), panic (AS-PNC-1), free moves
(AS-SRG-1, AS-CORE-4), retreat (AS-CORE-4) and the other enemies a charger touches
(AS-CHG-13).

A procedure's state is a plain dataclass (deep-copied for undo, hashed by class name and
fields, so the names and fields stay as saves know them); its steps are the ``*Steps`` class
next to it. :func:`all_steps` registers them for one ruleset instance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.core.procedure import Steps
from game.rulesets.asoiaf.procedures.attack import AttackProc, AttackSteps
from game.rulesets.asoiaf.procedures.charge import ChargeProc, ChargeSteps
from game.rulesets.asoiaf.procedures.free_move import FreeMoveProc, FreeMoveSteps
from game.rulesets.asoiaf.procedures.others import OthersProc, OthersSteps
from game.rulesets.asoiaf.procedures.panic import PanicProc, PanicSteps
from game.rulesets.asoiaf.procedures.retreat import RetreatProc, RetreatSteps

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

__all__ = ["AttackProc", "ChargeProc", "FreeMoveProc", "OthersProc", "PanicProc", "RetreatProc",
           "all_steps"]


def all_steps(rules: AsoiafRuleset) -> Sequence[Steps[Any]]:
    """The steps of every asoiaf procedure, bound to ``rules`` (its options and hooks)."""
    return (AttackSteps(rules), ChargeSteps(rules), PanicSteps(rules), FreeMoveSteps(rules),
            RetreatSteps(rules), OthersSteps(rules))
