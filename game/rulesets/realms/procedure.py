"""The two realms procedures on the core loop: a unit command and an attack.

:class:`CommandProc` stays on the stack while a unit's command runs (the table is idle: the
player moves, then acts); it ends when the unit has nothing left to do or the player ends it.
:class:`AttackProc` is one declared attack (RL-DEC-1): the attacker rolls or asks everyone to
call it off, then one chance node per attack die (a die lowered to d1 at night is a sure 1),
then the defense die, then the resolution (:func:`.attack.resolve`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import Action, Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.plan import Outcomes
from game.core.present import Offer, possessive
from game.core.procedure import Odds, Steps
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.rulesets.realms.attack import AttackPlan, Result, resolve
from game.rulesets.realms.units import RealmsUnit, Weapon


@dataclass(kw_only=True)
class CommandProc(Procedure):
    """A running unit command: moved yet, the action taken (``""`` none yet, ``attack``,
    ``special``, ``spell``, ``rearrange``, ``fortify``), the hands used by attacks, done."""

    unit: str
    moved: bool = False
    action: str = ""
    hands: tuple[str, ...] = ()
    done: bool = False


@dataclass(kw_only=True)
class AttackProc(Procedure):
    """A declared attack and its dice so far."""

    attacker: str
    target: str
    kind: str
    hand: str
    weapon: Weapon
    plan: AttackPlan
    rolls: tuple[int, ...] = ()
    defense: int = 0
    votes: tuple[int, ...] = ()
    cancel_refused: bool = False


ResultHook = Callable[[GameState, "AttackProc", Result, Context], None]
"""The ruleset's function that applies an attack's result (wounds, destruction, the end)."""
OutcomesOf = Callable[[AttackPlan], Outcomes]
"""The ruleset's function giving an attack plan's exact outcomes (the attack action's own)."""


def command_of(state: GameState) -> CommandProc | None:
    """The running unit command, if any (under an attack, if one runs)."""
    for proc in reversed(state.procedures):
        if isinstance(proc, CommandProc):
            return proc
    return None


def realms_unit(state: GameState, unit_id: str) -> RealmsUnit:
    """The realms unit ``unit_id``."""
    unit = state.units[unit_id]
    assert isinstance(unit, RealmsUnit)
    return unit


class CommandSteps(Steps[CommandProc]):
    """A command waits for the player's moves and actions (the table is idle meanwhile)."""

    kind = CommandProc

    def advance(self, state: GameState, proc: CommandProc, ctx: Context) -> bool:
        if proc.done or realms_unit(state, proc.unit).destroyed:
            state.procedures.remove(proc)
            state.turn.current_unit = None
            return True
        return False


ROLL = Choose.of(declared="roll")
ASK_CANCEL = Choose.of(declared="cancel")
AGREE = Choose.of(cancel="agree")
REFUSE = Choose.of(cancel="refuse")


class AttackSteps(Steps[AttackProc]):
    """Declaration (RL-DEC-1), attack dice (RL-DMG-1/RL-NGT-1), defense die (RL-DEF-1) and
    the resolution. ``on_result`` is the ruleset's hook that applies wounds."""

    kind = AttackProc

    def __init__(self, on_result: ResultHook, outcomes: OutcomesOf) -> None:
        self.on_result = on_result
        self.outcomes = outcomes

    def answer_odds(self, state: GameState, proc: AttackProc, answer: Action) -> Odds | None:
        """Rolling the declared attack, or refusing to call it off, has its dice: the exact
        wounds and counter wounds of its plan (RL-DEC-1, RL-DEF-1); calling it off has none."""
        if (proc.step, answer) not in (("declared", ROLL), ("vote", REFUSE)):
            return None
        plan, outcomes = proc.plan, self.outcomes
        return lambda: outcomes(plan)

    def waiting(self, state: GameState, proc: AttackProc) -> PlayerDecision | Chance | None:
        att, tgt = realms_unit(state, proc.attacker), realms_unit(state, proc.target)
        if proc.step == "declared":
            offers = [Offer(ROLL, "Roll the attack", f"{att.name} attacks {tgt.name}")]
            if not proc.cancel_refused:
                offers.append(Offer(ASK_CANCEL, "Ask everyone to call it off",
                                    "The attack is only cancelled if every player agrees"))
            return PlayerDecision(proc.player, "declared", f"{att.name} declared an attack on "
                                  f"{tgt.name}: it must be carried out", tuple(offers),
                                  ("RL-DEC-1",))
        if proc.step == "vote":
            voter = self._voter(state, proc)
            return PlayerDecision(voter, "cancel", f"{state.player(proc.player).name} asks to "
                                  f"call off {possessive(att.name)} attack on {tgt.name}",
                                  (Offer(AGREE, "Agree to cancel"),
                                   Offer(REFUSE, "Refuse: the attack goes on")), ("RL-DEC-1",))
        if proc.step == "dice" and len(proc.rolls) < len(proc.plan.dice):
            size = proc.plan.dice[len(proc.rolls)]
            if size > 1:
                return Chance(proc.player, DiceSpec(1, size), f"{possessive(att.name)} attack die "
                              f"{len(proc.rolls) + 1} (d{size})", ("RL-DMG-1",))
        if proc.step == "defense":
            return Chance(tgt.owner, DiceSpec(1, proc.plan.defense_die),
                          f"{possessive(tgt.name)} defense die (d{proc.plan.defense_die})",
                          ("RL-DEF-1",))
        return None

    def _voter(self, state: GameState, proc: AttackProc) -> int:
        return next(p.number for p in state.players
                    if p.number != proc.player and p.number not in proc.votes)

    def advance(self, state: GameState, proc: AttackProc, ctx: Context) -> bool:
        if proc.step == "dice":
            if len(proc.rolls) == len(proc.plan.dice):
                proc.step = "defense" if proc.plan.defense_die else "done"
                return True
            if proc.plan.dice[len(proc.rolls)] == 1:
                proc.rolls = (*proc.rolls, 1)  # a die lowered to d1 always shows 1
                return True
            return False
        if proc.step == "done":
            result = resolve(proc.plan, proc.rolls, proc.defense)
            state.procedures.remove(proc)
            self.on_result(state, proc, result, ctx)
            return True
        return False

    def on_dice(self, state: GameState, proc: AttackProc, results: tuple[int, ...],
                ctx: Context) -> None:
        if proc.step == "dice":
            proc.rolls = (*proc.rolls, results[0])
        else:
            proc.defense = results[0]
            proc.step = "done"

    def on_answer(self, state: GameState, proc: AttackProc, answer: Action,
                  ctx: Context) -> None:
        if answer == ROLL:
            proc.step = "dice"
        elif answer == ASK_CANCEL:
            proc.step = "vote"
            ctx.emit("attack.cancel_asked", f"{state.player(proc.player).name} asks to call "
                     "off the attack.", ["RL-DEC-1"], player=proc.player)
        elif answer == REFUSE:
            proc.step, proc.cancel_refused, proc.votes = "declared", True, ()
            ctx.emit("attack.cancel_refused", "A player refuses: the declared attack goes on.",
                     ["RL-DEC-1"], player=self._voter(state, proc))
        elif answer == AGREE:
            proc.votes = (*proc.votes, self._voter(state, proc))
            if len(proc.votes) == len(state.players) - 1:
                state.procedures.remove(proc)
                cmd = command_of(state)
                if cmd is not None:  # the action is not spent: the unit may act anew
                    cmd.hands = cmd.hands[:-1] if proc.kind == "attack" else ()
                    if not cmd.hands:
                        cmd.action = ""
                if proc.kind == "spell":
                    realms_unit(state, proc.attacker).mana += proc.weapon.cost
                ctx.emit("attack.cancelled", "Every player agrees: the attack is called off.",
                         ["RL-DEC-1"], player=proc.player, attacker=proc.attacker)

    def check_answer(self, state: GameState, proc: AttackProc, answer: Action) -> Refusal | None:
        return Refusal("answer with one of the offered choices", ("RL-DEC-1",))
