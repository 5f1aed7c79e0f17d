"""GODSGLOOM's procedures on the core's procedure loop (:mod:`game.core.procedure`).

:class:`MeleeSteps` runs the Melee Attack Action (:mod:`.melee` holds its rules): what it waits
for -- a Tactical Formation, dice, a push, a retreat hex, a follow-up, a facing -- as typed
decisions whose offers speak the player's words and carry ghosts of where a unit would stand.
:class:`ActivationSteps` waits for the activated unit's actions, which are ordinary actions.

Both read the Attack Test and the round limit from the ruleset instance (:class:`MeleeRules`),
never from the game state.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Protocol

from game.core.actions import Action, Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision
from game.core.present import Ghost, Offer, possessive
from game.core.procedure import Odds, Steps
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.hexgrid import direction_to
from game.rulesets.godsgloom import melee
from game.rulesets.godsgloom.activation import Activation, finish_activation
from game.rulesets.godsgloom.attack_test import SIDES, AttackTest
from game.rulesets.godsgloom.board import facing_name, gods_unit, where
from game.rulesets.godsgloom.effects import Side, usable_formations
from game.rulesets.godsgloom.melee import Melee
from game.rulesets.godsgloom.plans import Fight, outcomes_of, scratch
from game.rulesets.godsgloom.texts import RULE_TEXTS


class MeleeRules(Protocol):
    """What the steps read from the ruleset instance (the scenario's options)."""

    @property
    def test(self) -> AttackTest:
        """The Attack Test this game uses (HX-MEL-30)."""

    @property
    def rounds(self) -> int | None:
        """The round limit, if any (HX-ACT-3)."""


FORMATION_WORDS = {
    "shield-wall": "Shield wall: +1 defence die",
    "spear-hedge": "Spear hedge: wound the attacker now",
    "wedge": "Wedge: +1 attack die",
}
"""Player-facing names of the Tactical Formations (HX-TF-1..3)."""


class ActivationSteps(Steps[Activation]):
    """An activation waits for its unit's actions (HX-ACT-2): nothing automatic, no question."""

    kind: ClassVar[type[Procedure]] = Activation


class MeleeSteps(Steps[Melee]):
    """The Melee Attack Action (HX-MEL-0..80) on the procedure loop."""

    kind: ClassVar[type[Procedure]] = Melee

    def __init__(self, rules: MeleeRules) -> None:
        self.rules = rules

    def waiting(self, state: GameState, proc: Melee) -> PlayerDecision | Chance | None:
        """The formation choice, dice, push, stand, retreat, follow-up or facing now."""
        step = proc.step
        if step in (melee.FORMATION_ATTACKER, melee.FORMATION_DEFENDER):
            side: Side = "attacker" if step == melee.FORMATION_ATTACKER else "defender"
            return formation_decision(state, proc, side)
        if step in (melee.ROLL_ATTACKER, melee.ROLL_DEFENDER):
            return roll_chance(state, proc, step == melee.ROLL_ATTACKER)
        if step in (melee.REROLL_ATTACKER, melee.REROLL_DEFENDER):
            return reroll_chance(state, proc, step == melee.REROLL_ATTACKER, self.rules.test)
        return after_test_decision(state, proc)

    def advance(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Automatic steps, steps with nothing to ask, and the end of the action (which ends
        the activation, HX-ACT-2)."""
        if proc.step == melee.DONE:
            state.procedures.pop()
            finish_activation(state, ctx, self.rules.rounds)
            return True
        if melee.automatic(state, proc, self.rules.test, ctx):
            return True
        if self.waiting(state, proc) is None:
            melee.skip(state, proc, ctx)
            return True
        return False

    def on_dice(self, state: GameState, proc: Melee, results: tuple[int, ...],
                ctx: Context) -> None:
        """A roll (HX-ATC-10) or a Focus re-roll (HX-ATC-20)."""
        melee.take_dice(state, proc, results, self.rules.test, ctx)

    def on_answer(self, state: GameState, proc: Melee, answer: Action, ctx: Context) -> None:
        """One of the offered answers (the melee asks for no free answer)."""
        assert isinstance(answer, Choose)
        melee.take_answer(state, proc, answer, ctx)

    def answer_odds(self, state: GameState, proc: Melee, answer: Action) -> Odds | None:
        """A Tactical Formation (or none) changes the Attack Test to come (HX-MEL-20): its
        answer's exact outcomes, with the formation declared on copies by the resolver's
        own step; the other side's formation, still to be chosen, is not counted. The
        answers after the Attack Test (push, stand, retreat, follow-up, facing) roll no dice."""
        if proc.step not in (melee.FORMATION_ATTACKER, melee.FORMATION_DEFENDER) or not (
                isinstance(answer, Choose) and answer.get("formation") is not None):
            return None
        return formation_odds(state, proc, answer, self.rules.test)


def formation_odds(state: GameState, proc: Melee, answer: Choose, test: AttackTest) -> Odds:
    """The odds of declaring a formation (HX-MEL-20): the answer is applied by
    :func:`.melee.take_answer` to copies of the two units and of the procedure (a state
    that shares everything else), then the Attack Test's outcomes are those of
    :func:`.plans.fight_outcomes` from there."""
    attacker, defender = melee.units_of(state, proc)
    a, d = scratch(attacker), scratch(defender)
    trial = copy.copy(state)
    trial.units = {**state.units, a.id: a, d.id: d}
    step = copy.deepcopy(proc)
    trial.procedures = [*state.procedures[:-1], step]
    melee.take_answer(trial, step, answer, Context())
    dice = not (a.destroyed or d.destroyed)
    pool_a, pool_d = melee.pools(trial, step) if dice else (None, None)
    return outcomes_of(Fight(test, a, d, pool_a, pool_d, (attacker.health, defender.health)))


def _hint(*rules: str) -> str:
    return " ".join(RULE_TEXTS[r] for r in rules)


def formation_decision(state: GameState, proc: Melee, side: Side) -> PlayerDecision | None:
    """HX-MEL-20: a Tactical Formation or none (asked only when one is usable)."""
    attacker, defender = melee.units_of(state, proc)
    unit, enemy = (attacker, defender) if side == "attacker" else (defender, attacker)
    usable = usable_formations(state, side, unit, enemy)
    if not usable:
        return None
    offers = [Offer(Choose.of(formation="none"), "No formation",
                    f"{unit.name} fights as it stands and keeps its Morale Tokens.")]
    offers += [Offer(Choose.of(formation=f.name),
                     f"{FORMATION_WORDS.get(f.name, f.name)} ({f.cost} Morale Token)",
                     _hint(f.rule)) for f in usable]
    return PlayerDecision(unit.owner, "formation",
                          f"Use a Tactical Formation with {unit.name}?", tuple(offers),
                          ("HX-MEL-20", *(f.rule for f in usable)))


def roll_chance(state: GameState, proc: Melee, attacker_side: bool) -> Chance:
    """HX-ATC-10: one side's whole pool, attack dice first, then defence dice."""
    unit = melee.units_of(state, proc)[0 if attacker_side else 1]
    pool = melee.pools(state, proc)[0 if attacker_side else 1]
    return Chance(unit.owner, DiceSpec(pool.dice, SIDES),
                  f"Attack Test: {unit.name} rolls {pool.attack} attack then "
                  f"{pool.defence} defence dice", ("HX-MEL-30", "HX-ATC-10"))


def reroll_chance(state: GameState, proc: Melee, attacker_side: bool,
                  test: AttackTest) -> Chance | None:
    """HX-ATC-20: a focused unit re-rolls its failed dice once."""
    unit = melee.units_of(state, proc)[0 if attacker_side else 1]
    failed = melee.failed_dice(state, proc, unit.id, test)
    if not failed:
        return None
    return Chance(unit.owner, DiceSpec(len(failed), SIDES),
                  f"Focus: {unit.name} re-rolls {len(failed)} failed dice",
                  ("HX-MEL-30", "HX-ATC-20", "HX-FOC-1"))


def _two(yes: tuple[Choose, str, str], no: tuple[Choose, str, str],
         ghost: Ghost | None = None) -> tuple[Offer, ...]:
    """A yes/no question as two clear offers (the first may show a ghost)."""
    return (Offer(yes[0], yes[1], yes[2], ghost=ghost), Offer(no[0], no[1], no[2]))


def after_test_decision(state: GameState, proc: Melee) -> PlayerDecision | None:
    """HX-MEL-60/70: push, stand ground, retreat hex, follow-up and facing."""
    step = proc.step
    if step == melee.PUSH:
        return _push_decision(state, proc)
    if step == melee.STAND:
        return _stand_decision(state, proc)
    if step == melee.RETREAT:
        return _retreat_decision(state, proc)
    if step == melee.CONSOLIDATE:
        return _follow_decision(state, proc)
    if step == melee.CONSOLIDATE_FACING:
        return _facing_decision(state, proc)
    return None


def _push_decision(state: GameState, proc: Melee) -> PlayerDecision:
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    offers = _two((Choose.of(push="yes"), f"Push {loser.name} back",
                   f"{loser.name} must give ground (or pay a Morale Token to stand); "
                   f"{winner.name} steps into the hex it leaves."),
                  (Choose.of(push="no"), "Do not push",
                   f"Both units stay where they are; {winner.name} keeps its hex."))
    return PlayerDecision(winner.owner, "push", f"Push {loser.name} back with {winner.name}?",
                          offers, ("HX-MEL-60",))


def _stand_decision(state: GameState, proc: Melee) -> PlayerDecision | None:
    assert proc.loser is not None
    loser = gods_unit(state, proc.loser)
    if loser.tokens < 1:
        return None
    offers = _two((Choose.of(stand="yes"), "Stand ground (pay 1 Morale Token)",
                   f"{loser.name} keeps its hex and loses a Morale Token."),
                  (Choose.of(stand="no"), "Give ground",
                   f"{loser.name} steps back into a free hex of its Retreat Arc."))
    return PlayerDecision(loser.owner, "stand", f"{loser.name} is pushed: stand ground for 1 "
                          "Morale Token, or give ground?", offers, ("HX-MEL-60",))


def _retreat_decision(state: GameState, proc: Melee) -> PlayerDecision | None:
    assert proc.loser is not None
    loser = gods_unit(state, proc.loser)
    hexes = melee.retreat_hexes(state, proc)
    if len(hexes) < 2:
        return None
    assert loser.hex is not None
    offers = []
    for h in hexes:
        back = direction_to(h, loser.hex)
        ahead = direction_to(loser.hex, h)
        assert back is not None and ahead is not None
        offers.append(Offer(Choose.of(q=h.q, r=h.r),
                            f"Retreat {facing_name(state, ahead)} to {where(h)}",
                            f"{loser.name} steps back to {where(h)} facing the hex it left; "
                            "the winner follows into that hex.",
                            ghost=Ghost(loser.id, hex=(h.q, h.r), hex_facing=back)))
    return PlayerDecision(loser.owner, "retreat", f"Where does {loser.name} retreat?",
                          tuple(offers), ("HX-MEL-60",))


def _follow_decision(state: GameState, proc: Melee) -> PlayerDecision:
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    assert loser.hex is not None
    ghost = Ghost(winner.id, hex=(loser.hex.q, loser.hex.r), hex_facing=winner.hex_facing)
    offers = _two((Choose.of(follow="yes"), f"Follow up into {where(loser.hex)}",
                   f"{winner.name} steps into the hex {loser.name} held, then turns freely."),
                  (Choose.of(follow="no"), "Hold position",
                   f"{winner.name} stays where it is, then turns freely."), ghost)
    return PlayerDecision(winner.owner, "consolidate", f"Follow up into the vacated hex with "
                          f"{winner.name}, or hold?", offers, ("HX-MEL-70",))


def _facing_decision(state: GameState, proc: Melee) -> PlayerDecision:
    assert proc.winner is not None
    winner = gods_unit(state, proc.winner)
    assert winner.hex is not None
    here = (winner.hex.q, winner.hex.r)
    offers = tuple(Offer(Choose.of(facing=f), f"Face {facing_name(state, f)}",
                         f"{winner.name} turns to face {facing_name(state, f)}"
                         + (" (as it does now)." if f == winner.hex_facing else "."),
                         ghost=Ghost(winner.id, hex=here, hex_facing=f)) for f in range(6))
    return PlayerDecision(winner.owner, "facing", f"Choose {possessive(winner.name)} facing.",
                          offers, ("HX-MEL-70",))


def procedure_steps(rules: MeleeRules) -> tuple[Steps[Any], ...]:
    """Every GODSGLOOM procedure's steps, for :meth:`Ruleset.procedure_steps`."""
    return (ActivationSteps(), MeleeSteps(rules))
