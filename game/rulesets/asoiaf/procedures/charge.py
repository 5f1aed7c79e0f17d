"""A Charge after its declaration (AS-CHG-4..15): the arc of a 50/50 tie, the D6 + Speed roll,
the move to contact or the failed move, the alignment (the player's choice among the legal
placements), other enemies touched, stakes, the attack with the Charge Bonus, and a Failed
Charge's Panic Test."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.actions import Action, Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision
from game.core.present import Ghost, Offer, possessive
from game.core.procedure import Odds
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.arcs import Arc
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo, plans
from game.rulesets.asoiaf.procedures.attack import push_attack
from game.rulesets.asoiaf.procedures.common import (
    AsoiafSteps,
    apply_wounds,
    check_over,
    unit_of,
)
from game.rulesets.asoiaf.procedures.others import other_enemies
from game.rulesets.asoiaf.procedures.panic import panic_test
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import align_words

# The steps of a charge (saved in the state and hashed).
ARC = "arc"
ROLL = "roll"
ALIGN = "align"
OTHERS = "others"
STAKES = "stakes"
ATTACK = "attack"
WEAPON = "weapon"
END = "end"


@dataclass(kw_only=True)
class ChargeProc(Procedure):
    """A Charge (AS-CHG-4..15): steps arc, roll, align, others, stakes, attack, weapon (a
    charger with several Melee Attacks picks one, AS-CHG-8), end."""

    attacker: str
    target: str
    start: Tray
    arcs: tuple[str, ...]
    arc: str = ""
    distance_needed: float = 0.0
    penalty: float = 0.0
    roll: int = 0
    disorderly: bool = False
    crossed_stakes: bool = False
    failed: bool = False
    """A Failed Charge: after any stakes wounds, the Panic Test and the end (AS-CHG-10/14)."""


def start_charge(unit: AsoiafUnit, target: AsoiafUnit, plan: chg.ChargePlan) -> ChargeProc:
    """The procedure of a declared, checked charge (a 50/50 tie first asks for the arc)."""
    arcs = tuple(a.value for a in plan.arcs)
    return ChargeProc(step=ARC if len(arcs) > 1 else ROLL, player=unit.owner,
                      attacker=unit.id, target=target.id, start=plan.start, arcs=arcs,
                      arc=arcs[0], distance_needed=plan.distance, penalty=plan.penalty)


def rough_ground(unit: AsoiafUnit, penalty: float, ctx: Context) -> None:
    """AS-CHG-15: say that rough or hindering ground the move enters costs ``penalty``."""
    ctx.emit("charge.terrain", f"Rough or hindering ground on the path costs {penalty:g}\".",
             ["AS-CHG-15"], player=unit.owner, unit=unit.id, penalty=penalty)


def align_choice(p: geo.Placement) -> Choose:
    """The answer that picks placement ``p``."""
    return Choose.of(align=p.kind, side=p.side)


class ChargeSteps(AsoiafSteps[ChargeProc]):
    """Steps 4-5 of a charge on the core loop (the options come from the ruleset instance)."""

    kind = ChargeProc

    def waiting(self, state: GameState, proc: ChargeProc) -> PlayerDecision | Chance | None:
        unit = unit_of(state, proc.attacker)
        if proc.step == ARC:
            offers = tuple(Offer(Choose.of(arc=a), f"Contact the {a} arc",
                                 "The charger stands 50/50 across two arcs: the charge may "
                                 "contact either.") for a in proc.arcs)
            return PlayerDecision(proc.player, "charge.arc", "The charger stands 50/50 across "
                                  "two arcs: choose the arc to contact", offers, ("AS-CHG-4",))
        if proc.step == ROLL:
            return Chance(proc.player, DiceSpec(1, 6), f"Charge distance of {unit.name} "
                          f"(D6 + Speed {unit.stats.speed})", ("AS-CHG-6",))
        if proc.step == STAKES:
            return Chance(proc.player, DiceSpec(1, 3), f"Stakes: D3+1 wounds on {unit.name}",
                          ("AS-CHG-14",))
        if proc.step == WEAPON:
            offers = tuple(Offer(Choose.of(weapon=i), f"Attack with {unit.stats.attacks[i].name}",
                                 f"Hits on {unit.stats.attacks[i].hit}+ with "
                                 f"{unit.stats.attacks[i].dice_for(unit.ranks_lost)} dice.")
                           for i in unit.stats.melee_attacks())
            return PlayerDecision(proc.player, "charge.weapon", f"{unit.name} attacks "
                                  f"{unit_of(state, proc.target).name}: with which attack?",
                                  offers, ("AS-CHG-8", "AS-MEL-5"))
        if proc.step == ALIGN:
            offers = tuple(self._align_offer(unit, p) for p in self._placements(state, proc))
            return PlayerDecision(proc.player, "charge.align", f"Align {unit.name} with "
                                  f"{unit_of(state, proc.target).name}", offers, ("AS-CHG-7",))
        return None

    def answer_odds(self, state: GameState, proc: ChargeProc, answer: Action) -> Odds | None:
        """The odds of what follows the charger's weapon (AS-CHG-8) or the arc it contacts
        (AS-CHG-4): the attack, and before it the charge roll."""
        if not isinstance(answer, Choose):
            return None
        if proc.step == WEAPON:
            try:
                weapon = int(answer.get("weapon") or "")
            except ValueError:
                return None
            return plans.weapon_answer_odds(state, proc.attacker, proc.target, weapon,
                                            not proc.disorderly)
        arc = plans.arc_named(answer.get("arc"))
        if proc.step == ARC and arc is not None and arc.value in proc.arcs:
            found = chg.ChargePlan(tuple(Arc(a) for a in proc.arcs), proc.start,
                                   proc.distance_needed, proc.penalty, None)
            return plans.contact_answer_odds(state, proc.attacker, proc.target, found, arc)
        return None

    def reports_odds(self, state: GameState, proc: ChargeProc, answer: Action) -> bool:
        """Only the weapon and the arc answers have their odds worked out (an alignment's
        attack follows too, but its odds are not reported)."""
        return proc.step in (WEAPON, ARC)

    @staticmethod
    def _align_offer(unit: AsoiafUnit, p: geo.Placement) -> Offer:
        t = p.tray
        return Offer(align_choice(p), align_words(p.kind, p.side),
                     "Where the charger ends, in contact with the target's edge.",
                     ghost=Ghost(unit.id, pose=(t.x, t.y, t.facing)))

    def _placements(self, state: GameState, proc: ChargeProc) -> list[geo.Placement]:
        unit, target = unit_of(state, proc.attacker), unit_of(state, proc.target)
        world = self.rules.worlds.of(state)
        return chg.placements(state, unit, target, Arc(proc.arc), geo.tray_of(unit), world)

    def on_answer(self, state: GameState, proc: ChargeProc, answer: Action,
                  ctx: Context) -> None:
        assert isinstance(answer, Choose)
        if proc.step == WEAPON:
            proc.step = END
            push_attack(state, unit_of(state, proc.attacker), unit_of(state, proc.target),
                        int(answer.get("weapon") or 0), not proc.disorderly, ctx, ("AS-CHG-8",),
                        self.rules.worlds.of(state))
            return
        if proc.step == ARC:
            proc.arc = answer.get("arc") or proc.arcs[0]
            proc.step = ROLL
            ctx.emit("charge.arc", f"The charge will contact the {proc.arc} arc.",
                     ["AS-CHG-4"], player=proc.player, arc=proc.arc)
            return
        for p in self._placements(state, proc):
            if align_choice(p) == answer:
                self._place(state, proc, p, ctx)
                return

    def on_dice(self, state: GameState, proc: ChargeProc, results: tuple[int, ...],
                ctx: Context) -> None:
        if proc.step == STAKES:
            self._stakes(state, proc, results[0], ctx)
            return
        unit, target = unit_of(state, proc.attacker), unit_of(state, proc.target)
        proc.roll = results[0]
        total = proc.roll + unit.stats.speed
        proc.disorderly = proc.roll == 1  # AS-CHG-11
        success = total >= proc.distance_needed + proc.penalty - TOLERANCE
        blocked = success and self.rules.blocked_fails and chg.path_blocked(
            state, unit, target, proc.start, proc.distance_needed,
            self.rules.worlds.of(state))
        success = success and not blocked
        least = math.ceil(proc.distance_needed + proc.penalty - unit.stats.speed - TOLERANCE)
        # the worked example (AS-CHG-EX): the least roll that reaches, or one short by 1"
        example = ("AS-CHG-EX",) if proc.roll in (least, least - 1) else ()
        ctx.emit("charge.roll", f"D6 {proc.roll} + Speed {unit.stats.speed} = {total}\" against "
                 f"{proc.distance_needed + proc.penalty:.2f}\" needed: "
                 f"{'success' if success else 'failed'}.", ["AS-CHG-6", *example],
                 player=unit.owner,
                 unit=unit.id, d6=proc.roll, speed=unit.stats.speed, distance=total,
                 needed=round(proc.distance_needed + proc.penalty, 3),
                 result="success" if success else "failed")
        if proc.penalty and success:
            rough_ground(unit, proc.penalty, ctx)
        if proc.disorderly:
            ctx.emit("charge.disorderly", f"A roll of 1: {possessive(unit.name)} charge is "
                     "disorderly (no Charge Bonus).", ["AS-CHG-11"], player=unit.owner,
                     unit=unit.id)
        if blocked:  # AS-CHG-6 with charge_blocked_path = "fail": it cannot get through
            ctx.emit("charge.blocked", f"{possessive(unit.name)} straight path to {target.name} is "
                     "blocked: the charge fails.", ["AS-CHG-6"], player=unit.owner,
                     unit=unit.id)
        if success:
            self._contact(state, proc, unit, target, ctx)
        else:
            self._fail(state, proc, unit, target, total, ctx)

    def _contact(self, state: GameState, proc: ChargeProc, unit: AsoiafUnit,
                 target: AsoiafUnit, ctx: Context) -> None:
        """AS-CHG-6 success: move to contact, then align (Step 4)."""
        path = geo.corridor(proc.start, proc.distance_needed)
        unit.tray = proc.start.advanced(proc.distance_needed)
        proc.crossed_stakes = bool(geo.terrain_hit(state, path, ("stakes",)))
        ctx.emit("charge.contact", f"{unit.name} moves {proc.distance_needed:.2f}\" and "
                 f"contacts {target.name}: a successful charge.", ["AS-CHG-6", "AS-CHG-9"],
                 player=unit.owner, unit=unit.id, moved=round(proc.distance_needed, 3))
        choices = self._placements(state, proc)
        if len(choices) == 1:
            self._place(state, proc, choices[0], ctx)
        elif not choices:
            ctx.emit("charge.align", f"{unit.name} cannot be aligned and stays in contact "
                     "where it stopped.", ["AS-CHG-7"], player=unit.owner, unit=unit.id)
            proc.step = OTHERS
        else:
            proc.step = ALIGN

    def _fail(self, state: GameState, proc: ChargeProc, unit: AsoiafUnit,
              target: AsoiafUnit, total: int, ctx: Context) -> None:
        """AS-CHG-6/10: a failed charge moves as far as it may, then takes a Panic Test."""
        allowed = float(total)
        if geo.terrain_hit(state, geo.corridor(proc.start, allowed), ("rough", "hindering")):
            allowed = max(0.0, allowed - self.rules.rough_penalty)
            if self.rules.rough_penalty:  # AS-CHG-15: only ground the failed move enters
                rough_ground(unit, self.rules.rough_penalty, ctx)
        d_b, which = geo.sweep_past(state, proc.start, (unit.id,), allowed + 1.0,
                                    self.rules.worlds.of(state))
        limit = min(allowed, geo.table_exit(proc.start, state))
        # it stops 1" short only of what the full move would touch (AS-CHG-6)
        stop_short = which is not None and d_b <= limit + TOLERANCE
        moved = max(0.0, d_b - 1.0) if stop_short else limit
        path = geo.corridor(proc.start, moved)
        unit.tray = proc.start.advanced(moved)
        proc.crossed_stakes = bool(geo.terrain_hit(state, path, ("stakes",)))
        gap = unit.tray.polygon.distance(geo.tray_of(target).polygon)
        ctx.emit("charge.failed", f"{unit.name} moves {moved:.2f}\" straight ahead and stops "
                 f"{gap:.2f}\" short of {target.name}: a failed charge.",
                 ["AS-CHG-6", "AS-CHG-10"], player=unit.owner, unit=unit.id,
                 moved=round(moved, 3), short=round(gap, 3))
        proc.failed = True
        if proc.crossed_stakes:  # AS-CHG-14: on completing the move, before the Panic Test
            proc.step = STAKES
            return
        self._failed_panic(state, proc, unit)

    @staticmethod
    def _failed_panic(state: GameState, proc: ChargeProc, unit: AsoiafUnit) -> None:
        """AS-CHG-10: the failed charger takes a Panic Test, then its activation ends."""
        proc.step = END
        state.procedures.append(panic_test(unit.id, unit.owner, unit.stats.morale,
                                           "failed charge", "AS-CHG-10"))

    @staticmethod
    def _place(state: GameState, proc: ChargeProc, placement: geo.Placement,
               ctx: Context) -> None:
        unit = unit_of(state, proc.attacker)
        unit.tray = placement.tray
        # AS-CHG-9/14: alignment is part of the one charge move; ending on stakes counts once
        proc.crossed_stakes = proc.crossed_stakes or bool(
            geo.terrain_hit(state, unit.tray.polygon, ("stakes",)))
        label = f"{placement.kind}%" if placement.kind else f"{placement.overlap:.2f}\" of edge"
        ctx.emit("charge.align", f"{unit.name} aligns {label} ({placement.side}) with the "
                 f"{proc.arc} edge of {unit_of(state, proc.target).name}.",
                 ["AS-CHG-7", "AS-CHG-9"], player=unit.owner, unit=unit.id,
                 align=placement.kind, side=placement.side, arc=proc.arc,
                 x=unit.tray.x, y=unit.tray.y, facing=unit.tray.facing)
        proc.step = OTHERS

    def advance(self, state: GameState, proc: ChargeProc, ctx: Context) -> bool:
        if proc.step == OTHERS:  # AS-CHG-13, one enemy at a time with its owner
            proc.step = STAKES if proc.crossed_stakes else ATTACK
            others = other_enemies(state, proc.attacker, proc.target,
                                   self.rules.worlds.of(state))
            if others is not None:
                state.procedures.append(others)
            return True
        if proc.step == ATTACK:
            proc.step = END
            unit, target = unit_of(state, proc.attacker), unit_of(state, proc.target)
            if unit.on_board and target.on_board:
                melee = unit.stats.melee_attacks()
                if len(melee) > 1:
                    proc.step = WEAPON
                else:
                    push_attack(state, unit, target, melee[0], not proc.disorderly, ctx,
                                ("AS-CHG-8",), self.rules.worlds.of(state))
            return True
        if proc.step == END:
            state.procedures.pop()
            return True
        return False

    def _stakes(self, state: GameState, proc: ChargeProc, d3: int, ctx: Context) -> None:
        """AS-CHG-14: D3+1 wounds once, after the move and before the attack."""
        unit = unit_of(state, proc.attacker)
        wounds = d3 + 1
        ctx.emit("charge.stakes", f"{unit.name} charged through stakes: D3 {d3} + 1 = {wounds} "
                 "wounds.", ["AS-CHG-14"], player=unit.owner, unit=unit.id, d3=d3,
                 wounds=wounds)
        _, destroyed = apply_wounds(state, unit, wounds, "stakes", ("AS-CHG-14",), ctx)
        proc.step = END if destroyed else ATTACK
        if destroyed:
            check_over(state, ctx)
        elif proc.failed:
            self._failed_panic(state, proc, unit)
