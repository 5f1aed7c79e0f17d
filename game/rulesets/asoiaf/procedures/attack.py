"""One attack being resolved (AS-RES-1..8): attack dice, the Charge Bonus re-roll (AS-BON-1),
defense dice and the defender's re-roll of them by a card ability (AS-RES-5), wounds, the
defender's Panic Test, the effect windows (AS-RES-3/5, AS-TRG-1), firing-into-melee Panic Tests
(AS-RNG-8) and Surge Forth (AS-SRG-1/2)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core.actions import JSON, Action, Choose, DiceSpec
from game.core.pending import Chance, PickDice, PlayerDecision, Refusal
from game.core.present import Offer, possessive
from game.core.procedure import Odds
from game.core.ruleset import Context
from game.core.state import OMIT_IF_DEFAULT, GameState, Procedure
from game.geometry.arcs import Arc
from game.rulesets.asoiaf import geo, plans
from game.rulesets.asoiaf.abilities import AFTER_DEFENSE_DICE
from game.rulesets.asoiaf.catalogue import cards
from game.rulesets.asoiaf.modifiers import (
    AttackModifiers,
    attack_modifiers,
    panic_shortfall,
    succeeds,
)
from game.rulesets.asoiaf.procedures.common import AsoiafSteps, apply_wounds, check_over, unit_of
from game.rulesets.asoiaf.procedures.free_move import MANEUVER, PIVOT, free_moves
from game.rulesets.asoiaf.procedures.panic import panic_test
from game.rulesets.asoiaf.units import AsoiafUnit

# The steps of an attack, in order (the values are saved in the state and hashed).
ARC_CHOICE = "arc_choice"
ROLL_ATTACK = "roll_attack"
REROLL_CHOICE = "reroll_choice"
REROLL_ROLL = "reroll_roll"
AFTER_ATTACK = "after_attack"
ROLL_DEFENSE = "roll_defense"
DEFENSE_REROLL_CHOICE = "defense_reroll_choice"
DEFENSE_REROLL_ROLL = "defense_reroll_roll"
AFTER_DEFENSE = "after_defense"
WOUNDS = "wounds"
PANIC = "panic"
PANIC_ROLL = "panic_roll"
ATTACKED = "attacked"
SURGE = "surge"

KEEP_ALL = "none"
"""The ``reroll`` value that keeps every attack die (AS-BON-1)."""

WINDOWS = ("after_attack_dice", "after_defense_dice", "after_destroyed", "after_attacked")
"""Effect windows in the order an attack opens them (AS-RES-3, AS-RES-5, AS-TRG-1)."""


@dataclass(kw_only=True)
class AttackProc(Procedure):
    """One attack being resolved (AS-RES-1..8): steps arc_choice (a 50/50 tie between two
    defender arcs, AS-BON-2/3), roll_attack, reroll_choice, reroll_roll,
    after_attack, roll_defense, defense_reroll_choice, defense_reroll_roll (AS-RES-5),
    after_defense, wounds, panic, panic_roll, attacked, surge."""

    mods: AttackModifiers
    attack_dice: tuple[int, ...] = ()
    reroll: tuple[int, ...] = ()
    hits: int = 0
    defense_dice: tuple[int, ...] = ()
    defense_reroll: tuple[int, ...] = field(default=(), metadata=OMIT_IF_DEFAULT)
    """The defense dice positions the defender re-rolls (AS-RES-5); hashed only when set."""
    blocks: int = 0
    wounds: int = 0
    panic_wounds: int = 0
    removed: int = 0
    destroyed: bool = False
    panic_taken: bool = False
    melee_friends: tuple[str, ...] = ()
    """Friends engaged with the defender and with no other enemy (AS-SRG-1)."""
    shot_friends: tuple[str, ...] = ()
    """Friends engaged with the defender of a ranged attack (AS-RNG-8)."""
    log: tuple[str, ...] = ()
    """Names of the effect windows opened, in order (AS-RES-3/5/8, AS-TRG-1)."""


Hook = Callable[[GameState, AttackProc, Context], None]
"""An effect bound to a window of the attack sequence (test abilities use these)."""


def push_attack(state: GameState, unit: AsoiafUnit, target: AsoiafUnit, weapon: int,
                charge_bonus: bool, ctx: Context, rules: Sequence[str],
                world: geo.RulesWorld | None = None) -> None:
    """Start resolving an attack (AS-RES-1): the one modifier record (AS-BON-*) that the
    preview, the odds and the resolution all read. An attacker split exactly 50/50 across two
    of the defender's arcs first chooses the arc (AS-BON-2/3: a tie is the attacker's).
    ``world``, the state's prepared geometry, finds the engaged friends faster."""
    arcs = geo.arc_of(geo.tray_of(target), geo.tray_of(unit))
    mods = attack_modifiers(unit, target, weapon, arcs[0], charge_bonus)
    engaged = {f.id: geo.engaged_enemies(state, f, world=world) for f in geo.live(state)
               if f.owner == unit.owner and f.id != unit.id}
    friends = [f for f in geo.live(state) if target.id in engaged.get(f.id, ())]
    melee_friends = tuple(f.id for f in friends if engaged[f.id] == [target.id])
    proc = AttackProc(step=ROLL_ATTACK, player=unit.owner, mods=mods,
                      melee_friends=() if mods.ranged else melee_friends,
                      shot_friends=tuple(f.id for f in friends) if mods.ranged else ())
    state.procedures.append(proc)
    if len(arcs) > 1:
        proc.step = ARC_CHOICE
        ctx.emit("attack.tie", f"{unit.name} stands 50/50 across {possessive(target.name)} "
                 f"{' and '.join(a.value for a in arcs)} arcs: its player chooses.",
                 [*rules, "AS-BON-2", "AS-BON-3"], player=unit.owner, unit=unit.id,
                 target=target.id, arcs=[a.value for a in arcs])
        return
    declare(unit, target, mods, ctx, rules)


def declare(unit: AsoiafUnit, target: AsoiafUnit, mods: AttackModifiers, ctx: Context,
            rules: Sequence[str]) -> None:
    """Announce the attack with its modifiers (AS-RES-1, AS-BON-*)."""
    ctx.emit("attack.declared", declare_text(unit, target, mods),
             [*rules, "AS-RES-1", *mod_rules(mods)], player=unit.owner,
             unit=unit.id, target=target.id, weapon=mods.weapon_name, arc=mods.arc.value,
             dice=mods.dice.value, to_hit=mods.to_hit.value, defense=mods.defense.value,
             panic=mods.panic.value, charge_bonus=mods.charge_bonus)


def tied_arcs(state: GameState, proc: AttackProc) -> tuple[Arc, ...]:
    """The defender arcs the attacker is split between (the state does not change while the
    attacker chooses, so the geometry answers the same)."""
    attacker, defender = unit_of(state, proc.mods.attacker), unit_of(state, proc.mods.defender)
    return geo.arc_of(geo.tray_of(defender), geo.tray_of(attacker))


ARC_WORDS = {Arc.FRONT: "the Front (no bonus)", Arc.LEFT: "the left Flank (Flank Bonus)",
             Arc.RIGHT: "the right Flank (Flank Bonus)", Arc.REAR: "the Rear (Rear Bonus)"}


def mod_rules(mods: AttackModifiers) -> list[str]:
    """The rule IDs behind an attack's modifiers (Flank/Rear, Charge Bonus)."""
    rules = [r for _, r in mods.defense.parts]
    if mods.charge_bonus:
        rules.append("AS-BON-1")
    return rules


def declare_text(unit: AsoiafUnit, target: AsoiafUnit, mods: AttackModifiers) -> str:
    """The declaration as the log tells it."""
    bonus = " with the Charge Bonus" if mods.charge_bonus else ""
    return (f"{unit.name} attacks {target.name} with {mods.weapon_name}{bonus} from its "
            f"{mods.arc.value} arc: {mods.dice.value} dice hitting on {mods.to_hit.value}+; "
            f"defense {mods.defense.explain()}+, panic {mods.panic.explain()}+.")


def reroll_answer(picks: frozenset[int]) -> Choose:
    """The answer re-rolling the dice at 1-based positions ``picks`` (AS-BON-1)."""
    return Choose.of(reroll="+".join(map(str, sorted(picks))) if picks else KEEP_ALL)


def parse_reroll(answer: Action, count: int, rule: str = "AS-BON-1"
                 ) -> tuple[int, ...] | Refusal:
    """The positions an answer re-rolls (empty: keep all), or why it is not an answer (citing
    ``rule``: the Charge Bonus's AS-BON-1, a defense re-roll's AS-RES-5)."""
    if not isinstance(answer, Choose) or set(answer.as_dict()) != {"reroll"}:
        return Refusal("answer with reroll=none or reroll=1+3 (dice positions)", (rule,))
    raw = answer.get("reroll") or KEEP_ALL
    if raw == KEEP_ALL:
        return ()
    try:
        picks = tuple(int(p) for p in raw.split("+"))
    except ValueError:
        return Refusal(f"{raw!r} is not a list of dice positions like 1+3", (rule,))
    if len(set(picks)) != len(picks) or not all(1 <= p <= count for p in picks):
        return Refusal(f"pick distinct dice positions from 1 to {count}", (rule,))
    return picks


def picked(proc: AttackProc, answer: Action) -> tuple[int, ...] | Refusal:
    """The dice an answer re-rolls at the re-roll being chosen: the attack dice (AS-BON-1) or
    the defense dice (AS-RES-5)."""
    if proc.step == DEFENSE_REROLL_CHOICE:
        return parse_reroll(answer, len(proc.defense_dice), "AS-RES-5")
    return parse_reroll(answer, len(proc.attack_dice))


def which_dice(positions: tuple[int, ...], were: str) -> str:
    """``die 2 (was 1)`` or ``dice 1, 3 (were 2, 1)``: the re-rolled dice in the log."""
    if len(positions) == 1:
        return f"die {positions[0]} (was {were})"
    return f"dice {', '.join(map(str, positions))} (were {were})"


def rerolled(dice: tuple[int, ...], positions: tuple[int, ...], results: tuple[int, ...]
             ) -> tuple[tuple[int, ...], str]:
    """``dice`` with the faces at 1-based ``positions`` replaced by ``results``, and the old
    faces as the log says them."""
    out = list(dice)
    were = ", ".join(str(out[pos - 1]) for pos in positions)
    for pos, face in zip(positions, results, strict=True):
        out[pos - 1] = face
    return tuple(out), were


class AttackSteps(AsoiafSteps[AttackProc]):
    """The attack sequence on the core loop; hooks come from the ruleset instance."""

    kind = AttackProc

    def waiting(self, state: GameState, proc: AttackProc) -> PlayerDecision | Chance | None:
        mods = proc.mods
        attacker, defender = unit_of(state, mods.attacker), unit_of(state, mods.defender)
        if proc.step == ARC_CHOICE:
            offers = tuple(Offer(Choose.of(arc=a.value), f"Attack from {ARC_WORDS[a]}",
                                 "The attacker stands 50/50 across two arcs: it picks one.")
                           for a in tied_arcs(state, proc))
            return PlayerDecision(attacker.owner, "attack.arc", f"{attacker.name} stands "
                                  f"50/50 across two of {possessive(defender.name)} arcs: "
                                  "attack from which?", offers, ("AS-BON-2", "AS-BON-3"))
        if proc.step == ROLL_ATTACK:
            return Chance(attacker.owner, DiceSpec(mods.dice.value, 6), f"Attack dice of "
                          f"{attacker.name} ({mods.to_hit.value}+ hits)",
                          ("AS-RES-1", "AS-RES-2"))
        if proc.step == REROLL_CHOICE:
            return self._reroll_decision(attacker, proc)
        if proc.step == REROLL_ROLL:
            return Chance(attacker.owner, DiceSpec(len(proc.reroll), 6), "Charge Bonus re-roll",
                          ("AS-BON-1", "AS-RES-3"))
        if proc.step == ROLL_DEFENSE:
            return Chance(defender.owner, DiceSpec(proc.hits, 6), f"Defense dice of "
                          f"{defender.name} ({mods.defense.value}+ blocks)", ("AS-RES-4",))
        if proc.step == DEFENSE_REROLL_CHOICE:
            return self._defense_reroll_decision(defender, proc)
        if proc.step == DEFENSE_REROLL_ROLL:
            return Chance(defender.owner, DiceSpec(len(proc.defense_reroll), 6),
                          f"{mods.defense_reroll} re-roll", ("AS-RES-5",))
        if proc.step == PANIC_ROLL:
            return Chance(defender.owner, DiceSpec(2, 6), f"Panic Test of {defender.name} "
                          f"({mods.panic.value}+)", ("AS-RES-7", "AS-PNC-1"))
        return None

    @staticmethod
    def _reroll_decision(attacker: AsoiafUnit, proc: AttackProc) -> PlayerDecision:
        """AS-BON-1: any of the attack dice may be re-rolled. One "pick dice" answer over the
        faces (checked by :meth:`check_answer`), plus keeping all and re-rolling every miss."""
        dice = proc.attack_dice
        offers = [Offer(Choose.of(reroll=KEEP_ALL), "Keep all dice",
                        "Re-roll nothing and go on to the hits.")]
        misses = frozenset(i + 1 for i, d in enumerate(dice)
                           if not succeeds(d, proc.mods.to_hit.value))
        if misses:
            offers.append(Offer(reroll_answer(misses), f"Re-roll every miss ({len(misses)} "
                                f"{'die' if len(misses) == 1 else 'dice'})",
                                f"Re-roll the dice below {proc.mods.to_hit.value}+."))
        return PlayerDecision(
            attacker.owner, "attack.reroll", "Charge Bonus: re-roll which attack dice? "
            f"({' '.join(map(str, dice))})", tuple(offers), ("AS-BON-1",),
            free=(PickDice(dice, reroll_answer, "Re-roll the picked dice"),))

    @staticmethod
    def _defense_reroll_decision(defender: AsoiafUnit, proc: AttackProc) -> PlayerDecision:
        """AS-RES-5: the defender's card lets it re-roll any of its Defense Dice, before any
        effect that waits for them. The defending player chooses, from the same answers as a
        Charge Bonus re-roll: keep all, re-roll every failed die, or pick dice."""
        dice, target = proc.defense_dice, proc.mods.defense.value
        offers = [Offer(Choose.of(reroll=KEEP_ALL), "Keep all dice",
                        "Re-roll nothing and go on to the blocks.")]
        failed = frozenset(i + 1 for i, d in enumerate(dice) if not succeeds(d, target))
        if failed:
            offers.append(Offer(reroll_answer(failed), f"Re-roll every failed die "
                                f"({len(failed)} {'die' if len(failed) == 1 else 'dice'})",
                                f"Re-roll the defense dice below {target}+."))
        return PlayerDecision(
            defender.owner, "defense.reroll", f"{proc.mods.defense_reroll}: "
            f"{defender.name} re-rolls which defense dice? ({' '.join(map(str, dice))})",
            tuple(offers), ("AS-RES-5", "AS-CARD-1"),
            free=(PickDice(dice, reroll_answer, "Re-roll the picked dice"),))

    def answer_odds(self, state: GameState, proc: AttackProc, answer: Action) -> Odds | None:
        """The odds of what follows a re-roll pick (AS-BON-1, AS-RES-5) or an arc
        (AS-BON-2/3)."""
        if proc.step in (REROLL_CHOICE, DEFENSE_REROLL_CHOICE):
            picks = picked(proc, answer)
            if isinstance(picks, Refusal):
                return None
            if proc.step == DEFENSE_REROLL_CHOICE:
                return plans.defense_reroll_answer_odds(proc.mods, proc.defense_dice, picks)
            return plans.reroll_answer_odds(proc.mods, proc.attack_dice, picks)
        arc = plans.arc_named(answer.get("arc")) if isinstance(answer, Choose) else None
        if proc.step == ARC_CHOICE and arc is not None:
            return plans.arc_answer_odds(state, proc.mods, arc)
        return None

    def check_answer(self, state: GameState, proc: AttackProc, answer: Action
                     ) -> Refusal | None:
        if proc.step not in (REROLL_CHOICE, DEFENSE_REROLL_CHOICE):
            return Refusal("no re-roll is being chosen", ("AS-BON-1", "AS-RES-5"))
        picks = picked(proc, answer)
        return picks if isinstance(picks, Refusal) else None

    def on_answer(self, state: GameState, proc: AttackProc, answer: Action,
                  ctx: Context) -> None:
        if proc.step == ARC_CHOICE:
            self._arc_chosen(state, proc, answer, ctx)
            return
        picks = picked(proc, answer)
        assert not isinstance(picks, Refusal)
        if proc.step == DEFENSE_REROLL_CHOICE:
            self._defense_picked(state, proc, picks, ctx)
            return
        if not picks:
            ctx.emit("attack.reroll", "No attack dice are re-rolled.", ["AS-BON-1"],
                     player=proc.player)
            proc.step = AFTER_ATTACK
            return
        proc.reroll = picks
        proc.step = REROLL_ROLL

    @staticmethod
    def _defense_picked(state: GameState, proc: AttackProc, picks: tuple[int, ...],
                        ctx: Context) -> None:
        """AS-RES-5: the defender's pick; keeping every die goes straight on to the blocks."""
        if picks:
            proc.defense_reroll = picks
            proc.step = DEFENSE_REROLL_ROLL
            return
        ctx.emit("defense.reroll", "No defense dice are re-rolled.", ["AS-RES-5"],
                 player=unit_of(state, proc.mods.defender).owner, positions=[],
                 dice=list(proc.defense_dice))
        proc.step = AFTER_DEFENSE

    @staticmethod
    def _arc_chosen(state: GameState, proc: AttackProc, answer: Action, ctx: Context) -> None:
        """AS-BON-2/3: the attacker's pick of the tied arcs sets the modifiers."""
        assert isinstance(answer, Choose)
        m = proc.mods
        attacker, defender = unit_of(state, m.attacker), unit_of(state, m.defender)
        proc.mods = attack_modifiers(attacker, defender, m.weapon, Arc(answer.get("arc")),
                                     m.charge_bonus)
        declare(attacker, defender, proc.mods, ctx, ("AS-ATK-1", "AS-BON-2", "AS-BON-3"))
        proc.step = ROLL_ATTACK

    def on_dice(self, state: GameState, proc: AttackProc, results: tuple[int, ...],
                ctx: Context) -> None:
        mods = proc.mods
        if proc.step == ROLL_ATTACK:
            proc.attack_dice = results
            hits = sum(succeeds(d, mods.to_hit.value) for d in results)
            ctx.emit("attack.roll", f"Attack dice {' '.join(map(str, results))}: {hits} hit(s) "
                     f"on {mods.to_hit.value}+ (6 always hits, 1 always misses).",
                     ["AS-RES-1", "AS-RES-2"], player=proc.player, dice=list(results),
                     hits=hits, to_hit=mods.to_hit.value)
            can_reroll = mods.charge_bonus and any(d < 6 for d in results)
            proc.step = REROLL_CHOICE if can_reroll else AFTER_ATTACK
        elif proc.step == REROLL_ROLL:
            proc.attack_dice, were = rerolled(proc.attack_dice, proc.reroll, results)
            ctx.emit("attack.reroll", f"Charge Bonus re-roll of {which_dice(proc.reroll, were)}"
                     f": now {' '.join(map(str, proc.attack_dice))}.", ["AS-BON-1", "AS-RES-3"],
                     player=proc.player, positions=list(proc.reroll), dice=list(proc.attack_dice))
            proc.step = AFTER_ATTACK
        elif proc.step == ROLL_DEFENSE:
            proc.defense_dice = results
            proc.step = self._defense_rolled(state, proc, ctx)
        elif proc.step == DEFENSE_REROLL_ROLL:
            self._defense_rerolled(state, proc, results, ctx)
        else:
            self._defender_panic(state, proc, results, ctx)

    def advance(self, state: GameState, proc: AttackProc, ctx: Context) -> bool:
        step = proc.step
        if step == AFTER_ATTACK:
            self._window(state, proc, "after_attack_dice", ctx)  # AS-RES-3
            proc.hits = sum(succeeds(d, proc.mods.to_hit.value) for d in proc.attack_dice)
            ctx.emit("attack.hits", f"{proc.hits} hit(s).", ["AS-RES-2", "AS-RES-3"],
                     player=proc.player, hits=proc.hits)
            proc.step = ROLL_DEFENSE if proc.hits else WOUNDS
        elif step == AFTER_DEFENSE:
            self._defense(state, proc, ctx)
        elif step == WOUNDS:
            self._wounds(state, proc, ctx)
        elif step == PANIC:
            return self._panic(state, proc, ctx)
        elif step == ATTACKED:
            self._completed(state, proc, ctx)
        elif step == SURGE:
            self._surge(state, proc, ctx)
        else:
            return False
        return True

    def _window(self, state: GameState, proc: AttackProc, window: str, ctx: Context) -> None:
        """Open an effect window: every hook bound to it, in the order bound."""
        proc.log = (*proc.log, window)
        for hook in self.rules.hooks[window]:
            hook(state, proc, ctx)

    @staticmethod
    def _defense_rolled(state: GameState, proc: AttackProc, ctx: Context) -> str:
        """The step after the defense roll: the defender's re-roll choice when its card lets
        it re-roll and a die can still improve (AS-RES-5), else the blocks."""
        mods = proc.mods
        if not mods.defense_reroll or all(d == 6 for d in proc.defense_dice):
            return AFTER_DEFENSE
        defender = unit_of(state, mods.defender)
        blocks = sum(succeeds(d, mods.defense.value) for d in proc.defense_dice)
        ctx.emit("defense.dice", f"Defense dice {' '.join(map(str, proc.defense_dice))}: "
                 f"{blocks} block(s) on {mods.defense.explain()}+ so far; "
                 f"{mods.defense_reroll} lets {defender.name} re-roll any of them first.",
                 ["AS-RES-4", "AS-RES-5", "AS-CARD-1"], player=defender.owner,
                 unit=defender.id, dice=list(proc.defense_dice), blocks=blocks,
                 ability=mods.defense_reroll)
        return DEFENSE_REROLL_CHOICE

    @staticmethod
    def _defense_rerolled(state: GameState, proc: AttackProc, results: tuple[int, ...],
                          ctx: Context) -> None:
        """AS-RES-5: the re-rolled defense dice replace the picked ones."""
        proc.defense_dice, were = rerolled(proc.defense_dice, proc.defense_reroll, results)
        ctx.emit("defense.reroll", f"{proc.mods.defense_reroll} re-roll of "
                 f"{which_dice(proc.defense_reroll, were)}: now "
                 f"{' '.join(map(str, proc.defense_dice))}.", ["AS-RES-5"],
                 player=unit_of(state, proc.mods.defender).owner,
                 positions=list(proc.defense_reroll), dice=list(proc.defense_dice))
        proc.step = AFTER_DEFENSE

    def _defense(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-RES-4: count the blocks of the defense dice as they stand after any re-roll;
        then the effects that wait for the defense dice (AS-RES-5) may change them."""
        target = proc.mods.defense.value
        proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)
        defender = unit_of(state, proc.mods.defender)
        ctx.emit("defense.roll", f"Defense dice {' '.join(map(str, proc.defense_dice))}: "
                 f"{proc.blocks} block(s) on {proc.mods.defense.explain()}+.",
                 ["AS-RES-4", *(r for _, r in proc.mods.defense.parts)],
                 player=defender.owner,
                 dice=list(proc.defense_dice), blocks=proc.blocks, defense=target)
        self._window(state, proc, "after_defense_dice", ctx)  # AS-RES-5
        unplayed_now(defender, ctx)
        proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)
        proc.step = WOUNDS

    def _wounds(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-RES-6: each unblocked hit is a wound."""
        defender = unit_of(state, proc.mods.defender)
        proc.wounds = max(0, proc.hits - proc.blocks)
        if proc.wounds:
            removed, proc.destroyed = apply_wounds(state, defender, proc.wounds,
                                                   "unblocked hits", ("AS-RES-6",), ctx)
            proc.removed += removed
            if proc.destroyed:
                self._window(state, proc, "after_destroyed", ctx)  # AS-TRG-1
        else:
            ctx.emit("attack.nowounds", f"{defender.name} suffers no wounds.", ["AS-RES-6"],
                     player=defender.owner, unit=defender.id, wounds=0)
        proc.step = ATTACKED if proc.destroyed else PANIC

    def _panic(self, state: GameState, proc: AttackProc, ctx: Context) -> bool:
        """AS-RES-7: no wounds -> the test is passed automatically (and counts as taken)."""
        if proc.wounds:
            proc.step = PANIC_ROLL
            return False
        defender = unit_of(state, proc.mods.defender)
        proc.panic_taken = True
        ctx.emit("panic.auto", f"{defender.name} took no wounds and passes its Panic Test "
                 "automatically.", ["AS-RES-7"], player=defender.owner, unit=defender.id,
                 taken=True)
        proc.step = ATTACKED
        return True

    def _defender_panic(self, state: GameState, proc: AttackProc, results: tuple[int, ...],
                        ctx: Context) -> None:
        """AS-PNC-1/2: 2D6 against Morale (with the Flank/Rear modifiers)."""
        defender = unit_of(state, proc.mods.defender)
        total = sum(results)
        target = proc.mods.panic.value
        short = panic_shortfall(total, target)
        proc.panic_taken = True
        verdict = f"fails by {short}: {short} more wound(s)" if short else "passes"
        ctx.emit("panic.test", f"{possessive(defender.name)} Panic Test: "
                 f"{' + '.join(map(str, results))} = {total} against "
                 f"{proc.mods.panic.explain()}+ {verdict}.",
                 ["AS-RES-7", "AS-PNC-1", "AS-PNC-2", *(r for _, r in proc.mods.panic.parts)],
                 player=defender.owner, unit=defender.id, total=total, target=target,
                 failed_by=short)
        if short:
            proc.panic_wounds = short
            removed, proc.destroyed = apply_wounds(state, defender, short,
                                                   "failed Panic Test", ("AS-PNC-1",), ctx)
            proc.removed += removed
            if proc.destroyed:
                self._window(state, proc, "after_destroyed", ctx)  # AS-TRG-1
        proc.step = ATTACKED

    def _completed(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-RES-8: the attack is complete; "after attacked" effects, then firing-into-melee
        Panic Tests (AS-RNG-8), then Surge Forth (AS-TRG-1)."""
        defender = unit_of(state, proc.mods.defender)
        ctx.emit("attack.done", f"The attack on {defender.name} is complete: "
                 f"{proc.wounds + proc.panic_wounds} wound(s), {proc.removed} model(s) removed.",
                 ["AS-RES-8"], player=proc.player, unit=defender.id,
                 wounds=proc.wounds + proc.panic_wounds, removed=proc.removed,
                 destroyed=proc.destroyed)
        self._window(state, proc, "after_attacked", ctx)
        proc.step = SURGE
        for fid in reversed(proc.shot_friends):
            friend = unit_of(state, fid)
            if friend.on_board:
                state.procedures.append(panic_test(fid, friend.owner, friend.stats.morale,
                                                   "friends fired into its melee", "AS-RNG-8"))
        check_over(state, ctx)

    def _surge(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-SRG-1/2: a Melee Attack that destroyed the defender lets the attacker make a free
        Maneuver (if unengaged) and friends engaged only with it a free Pivot."""
        state.procedures.pop()
        if proc.mods.ranged or not proc.destroyed:
            return
        attacker = unit_of(state, proc.mods.attacker)
        queue: list[tuple[str, str, str]] = []
        world = self.rules.worlds.of(state)
        if attacker.on_board and not geo.engaged_enemies(state, attacker, world=world):
            queue.append((attacker.id, MANEUVER, "AS-SRG-1"))
        queue += [(f, PIVOT, "AS-SRG-1") for f in proc.melee_friends
                  if state.units[f].on_board]
        ctx.emit("surge.forth", f"{attacker.name} destroyed its enemy in melee: Surge Forth.",
                 ["AS-SRG-1", "AS-SRG-2", "AS-TRG-1"], player=attacker.owner,
                 unit=attacker.id, free_moves=len(queue))
        if queue:
            state.procedures.append(free_moves(attacker.owner, queue))


def unplayed_now(defender: AsoiafUnit, ctx: Context) -> None:
    """AS-CARD-1: the defender's card abilities that would act now, after the defense dice,
    and that the table does not play, named as the moment passes (a result never silently
    leaves them out)."""
    card = cards().get(defender.profile)
    names: list[JSON] = [a for a in card.abilities if a in AFTER_DEFENSE_DICE] if card else []
    if names:
        ctx.emit("card.unplayed", f"{possessive(defender.name)} card: {', '.join(map(str, names))} "
                 "would act now, after the defense dice; this table does not play "
                 f"{'it' if len(names) == 1 else 'them'}.", ["AS-CARD-1", "AS-RES-5"],
                 player=defender.owner, unit=defender.id, abilities=names)
