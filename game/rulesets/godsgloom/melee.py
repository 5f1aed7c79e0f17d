"""The Melee Attack Action Procedure, HX-MEL-10..80: its record and what each step does.

:class:`Melee` is plain data on the state's procedure stack. This module holds the rules of
each step -- the automatic ones (:func:`automatic`) and how dice (:func:`take_dice`) and
answers (:func:`take_answer`) change the game. :mod:`.melee_steps` runs it on the core's
procedure loop and builds the decisions; :mod:`.plans` computes its odds with the very same
wound, death-throes and winner functions (:func:`wound_both`, :func:`beginning_effects`), so
preview and play cannot disagree. Answers are the core's ``choose`` action:

=====================  ==========================  ==========================================
step                   who answers                 answers
=====================  ==========================  ==========================================
formation-attacker     attacker's player           ``formation=none`` / ``formation=wedge``
formation-defender     defender's player           ``formation=none`` / ``formation=shield-wall``
push                   winner's player             ``push=yes`` / ``push=no``
stand                  loser's player              ``stand=yes`` / ``stand=no``
retreat                loser's player              ``q=.. r=..`` (an empty Retreat Arc hex)
consolidate            winner's player             ``follow=yes`` / ``follow=no``
consolidate-facing     winner's player             ``facing=0`` .. ``facing=5``
=====================  ==========================  ==========================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.actions import Choose
from game.core.present import possessive
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.hexgrid import Hex, direction_to, retreat_arc
from game.rulesets.godsgloom.attack_test import AttackTest, Pool, pool_of, score_test
from game.rulesets.godsgloom.board import facing_name, gods_unit, is_empty, where
from game.rulesets.godsgloom.effects import (
    FORMATIONS,
    Side,
    death_throes_wounds,
    stakes_wounds,
    veteran_tokens,
)
from game.rulesets.godsgloom.units import GodsUnit

START = "start"
FORMATION_ATTACKER = "formation-attacker"
FORMATION_DEFENDER = "formation-defender"
ROLL_ATTACKER = "roll-attacker"
ROLL_DEFENDER = "roll-defender"
REROLL_ATTACKER = "reroll-attacker"
REROLL_DEFENDER = "reroll-defender"
RESOLVE = "resolve"
PUSH = "push"
STAND = "stand"
RETREAT = "retreat"
CONSOLIDATE = "consolidate"
CONSOLIDATE_FACING = "consolidate-facing"
END = "end"
DONE = "done"


@dataclass(kw_only=True)
class Melee(Procedure):
    """A Melee Attack Action in progress.

    ``formations`` holds the declared formation names; ``faces`` each unit's final dice
    (attack dice first); ``wounds`` the Wounds each unit inflicted in the Attack Test.
    """

    attacker: str
    defender: str
    formations: dict[str, str] = field(default_factory=dict)
    faces: dict[str, list[int]] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    loser: str | None = None


# --- small helpers ------------------------------------------------------------------------


def units_of(state: GameState, proc: Melee) -> tuple[GodsUnit, GodsUnit]:
    """(attacker, defender) of the melee."""
    return gods_unit(state, proc.attacker), gods_unit(state, proc.defender)


def pools(state: GameState, proc: Melee) -> tuple[Pool, Pool]:
    """Both pools with the declared formations (the numbers the odds use too)."""
    attacker, defender = units_of(state, proc)
    return (pool_of(attacker, [f for u, f in proc.formations.items() if u == attacker.id]),
            pool_of(defender, [f for u, f in proc.formations.items() if u == defender.id]))


def suffer_wounds(unit: GodsUnit, wounds: int, ctx: Context, rules: Sequence[str],
                  cause: str) -> None:
    """Take Wounds: Weak at exactly 1 health, destroyed at 0 or less (HX-ATC-60)."""
    if wounds <= 0 or unit.destroyed:
        return
    before = unit.health
    unit.health = max(0, before - wounds)
    ctx.emit("unit.wounded", f"{unit.name} suffers {wounds} Wound(s) ({cause}).",
             [*rules, "HX-ATC-60"], player=unit.owner, unit=unit.id, wounds=wounds,
             health=unit.health, was=before)
    if before - wounds <= 0:
        unit.destroyed = True
        ctx.emit("unit.destroyed", f"{unit.name} is destroyed.", [*rules, "HX-ATC-60"],
                 player=unit.owner, unit=unit.id, overkill=wounds - before)
    elif unit.health == 1 and not unit.weak:
        unit.weak = True
        ctx.emit("unit.weak", f"{unit.name} is down to 1 health and gains a Weak token.",
                 ["HX-ATC-60", "HX-WEAK-1"], player=unit.owner, unit=unit.id)


def lose_token(unit: GodsUnit, ctx: Context, rules: Sequence[str], why: str) -> None:
    """Take away one Morale Token (a unit at 0 has none to lose)."""
    if unit.tokens == 0:
        ctx.emit("unit.tokens", f"{unit.name} has no Morale Token left to lose ({why}).",
                 rules, player=unit.owner, unit=unit.id, tokens=0, change=0)
        return
    unit.tokens -= 1
    ctx.emit("unit.tokens", f"{unit.name} loses a Morale Token ({why}).", rules,
             player=unit.owner, unit=unit.id, tokens=unit.tokens, change=-1)


def decide_winner(attacker_destroyed: bool, defender_destroyed: bool,
                  wounds_by_attacker: int, wounds_by_defender: int) -> Side | None:
    """HX-MEL-50: destruction first (both: no winner), then more Wounds; ties to the defender."""
    if attacker_destroyed and defender_destroyed:
        return None
    if attacker_destroyed:
        return "defender"
    if defender_destroyed:
        return "attacker"
    return "attacker" if wounds_by_attacker > wounds_by_defender else "defender"


def _set_winner(proc: Melee, side: Side | None) -> None:
    if side is None:
        proc.winner = proc.loser = None
    elif side == "attacker":
        proc.winner, proc.loser = proc.attacker, proc.defender
    else:
        proc.winner, proc.loser = proc.defender, proc.attacker


def _early_exit(state: GameState, proc: Melee, ctx: Context, rule: str) -> bool:
    """HX-MEL-10/20: a unit destroyed by an effect: the survivor wins, go to HX-MEL-70."""
    attacker, defender = units_of(state, proc)
    if not (attacker.destroyed or defender.destroyed):
        return False
    _set_winner(proc, decide_winner(attacker.destroyed, defender.destroyed, 0, 0))
    if proc.winner is None:
        ctx.emit("melee.winner", "Both units are destroyed: there is no winner.", [rule])
        proc.step = END
        return True
    winner = gods_unit(state, proc.winner)
    ctx.emit("melee.winner", f"{winner.name} survives and wins the melee.",
             [rule, "HX-MEL-70"], player=winner.owner, unit=winner.id)
    proc.step = CONSOLIDATE
    return True


# --- automatic steps ----------------------------------------------------------------------


def beginning_effects(state: GameState, attacker: GodsUnit, defender: GodsUnit,
                      ctx: Context) -> None:
    """HX-MEL-10: the effects of the beginning of the action (the stakes, HX-EFF-1).

    The resolver calls it on the units in play, the odds on copies: one model for both."""
    wounds = stakes_wounds(state, defender)
    if wounds:
        suffer_wounds(attacker, wounds, ctx, ["HX-MEL-10", "HX-EFF-1"],
                      f"attacking into the stakes around {defender.name}")


def death_throes(attacker: GodsUnit, defender: GodsUnit, ctx: Context) -> None:
    """HX-MEL-40: effects after Wounds and before the winner, even for destroyed units
    (death throes, HX-EFF-2); both read who was destroyed by the Attack Test itself."""
    destroyed = {attacker.id: attacker.destroyed, defender.id: defender.destroyed}
    for unit, foe in ((attacker, defender), (defender, attacker)):
        wounds = death_throes_wounds(unit, destroyed[unit.id])
        if wounds and not foe.destroyed:
            suffer_wounds(foe, wounds, ctx, ["HX-MEL-40", "HX-EFF-2"],
                          f"{possessive(unit.name)} death throes")


def wound_both(attacker: GodsUnit, defender: GodsUnit, to_defender: int, to_attacker: int,
               ctx: Context) -> Side | None:
    """The Attack Test's Wounds both ways (HX-MEL-30, HX-ATC-60), the death throes
    (HX-MEL-40) and the winning side (HX-MEL-50; None: no winner).

    The resolver calls it on the units in play, the odds on copies for every outcome."""
    suffer_wounds(defender, to_defender, ctx, ["HX-MEL-30"],
                  f"Attack Test against {attacker.name}")
    suffer_wounds(attacker, to_attacker, ctx, ["HX-MEL-30"],
                  f"Attack Test against {defender.name}")
    death_throes(attacker, defender, ctx)
    return decide_winner(attacker.destroyed, defender.destroyed, to_defender, to_attacker)


def automatic(state: GameState, proc: Melee, test: AttackTest, ctx: Context) -> bool:
    """Do the current step if it needs nobody (start, resolve, end); False if it asks."""
    if proc.step == START:
        _start(state, proc, ctx)
    elif proc.step == RESOLVE:
        _resolve(state, proc, test, ctx)
    elif proc.step == END:
        _end(state, proc, ctx)
    else:
        return False
    return True


def _start(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-10: pivot to the target hex, then the beginning-of-action effects."""
    attacker, defender = units_of(state, proc)
    assert attacker.hex is not None and defender.hex is not None
    facing = direction_to(attacker.hex, defender.hex)
    assert facing is not None, "melee needs neighbouring hexes"
    ctx.emit("melee.start", f"{attacker.name} attacks {defender.name}.", ["HX-MEL-10"],
             player=attacker.owner, attacker=attacker.id, defender=defender.id)
    if attacker.hex_facing != facing:
        attacker.hex_facing = facing
        ctx.emit("unit.pivoted", f"{attacker.name} pivots to face {possessive(defender.name)} hex.",
                 ["HX-MEL-10"], player=attacker.owner, unit=attacker.id, facing=facing)
    beginning_effects(state, attacker, defender, ctx)
    if not _early_exit(state, proc, ctx, "HX-MEL-10"):
        proc.step = FORMATION_ATTACKER


def _resolve(state: GameState, proc: Melee, test: AttackTest, ctx: Context) -> None:
    """HX-MEL-30 (scoring with this game's Attack Test), HX-MEL-40 and HX-MEL-50."""
    attacker, defender = units_of(state, proc)
    pool_a, pool_d = pools(state, proc)
    result = score_test(test, pool_a, proc.faces[attacker.id], pool_d, proc.faces[defender.id])
    ctx.emit(
        "melee.test",
        f"Attack Test ({test.name}): {attacker.name} "
        f"{_counted(result.attacker_hits, pool_a.auto_hits, 'Hits')} "
        f"{_counted(result.attacker_blocks, pool_a.auto_blocks, 'Blocks')}, {defender.name} "
        f"{_counted(result.defender_hits, pool_d.auto_hits, 'Hits')} "
        f"{_counted(result.defender_blocks, pool_d.auto_blocks, 'Blocks')}.",
        ["HX-MEL-30", "HX-ATC-30", "HX-ATC-40", "HX-ATC-50"],
        attacker_hits=result.attacker_hits, attacker_blocks=result.attacker_blocks,
        defender_hits=result.defender_hits, defender_blocks=result.defender_blocks,
        attacker_auto_hits=pool_a.auto_hits, attacker_auto_blocks=pool_a.auto_blocks,
        defender_auto_hits=pool_d.auto_hits, defender_auto_blocks=pool_d.auto_blocks,
        wounds_to_defender=result.wounds_to_defender,
        wounds_to_attacker=result.wounds_to_attacker,
    )
    for unit in (attacker, defender):
        if unit.focus:
            unit.focus = False
            ctx.emit("unit.focus", f"{unit.name} has used its Focus.", ["HX-FOC-1"],
                     player=unit.owner, unit=unit.id, focus=False)
    proc.wounds = {attacker.id: result.wounds_to_defender,
                   defender.id: result.wounds_to_attacker}
    side = wound_both(attacker, defender, result.wounds_to_defender,
                      result.wounds_to_attacker, ctx)
    _winner(state, proc, side, ctx)


def _counted(total: int, automatic: int, what: str) -> str:
    """``3 Hits (1 automatic)``: automatic successes are counted and shown (HX-ATC-40)."""
    return f"{total} {what}" + (f" ({automatic} automatic)" if automatic else "")


def _winner(state: GameState, proc: Melee, side: Side | None, ctx: Context) -> None:
    """HX-MEL-50: who won; the surviving loser loses a Morale Token."""
    attacker, defender = units_of(state, proc)
    _set_winner(proc, side)
    if proc.winner is None or proc.loser is None:
        ctx.emit("melee.winner", "Both units are destroyed: there is no winner.", ["HX-MEL-50"])
        proc.step = END
        return
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    why = ("its enemy is destroyed" if loser.destroyed
           else "a tie goes to the defender" if proc.wounds[attacker.id] ==
           proc.wounds[defender.id] else "it inflicted more Wounds")
    ctx.emit("melee.winner", f"{winner.name} wins the melee: {why}.", ["HX-MEL-50"],
             player=winner.owner, unit=winner.id, loser=loser.id,
             wounds_by_attacker=proc.wounds[attacker.id],
             wounds_by_defender=proc.wounds[defender.id])
    if loser.destroyed:
        proc.step = CONSOLIDATE
        return
    lose_token(loser, ctx, ["HX-MEL-50"], "it lost the melee")
    proc.step = PUSH


def _end(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-80: end-of-action effects; the action is complete."""
    if proc.winner is not None:
        winner = gods_unit(state, proc.winner)
        gain = veteran_tokens(winner, won=True)
        if gain:
            winner.tokens += gain
            ctx.emit("unit.tokens", f"{winner.name} regains a Morale Token (veteran).",
                     ["HX-MEL-80", "HX-EFF-3"], player=winner.owner, unit=winner.id,
                     tokens=winner.tokens, change=gain)
    ctx.emit("melee.end", "The Melee Attack Action is complete.", ["HX-MEL-80"])
    proc.step = DONE


# --- answers and dice ------------------------------------------------------------------------


def retreat_hexes(state: GameState, proc: Melee) -> list[Hex]:
    """HX-MEL-60: the empty hexes of the loser's Retreat Arc (no unit, not impassable)."""
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    assert winner.hex is not None and loser.hex is not None
    return sorted(h for h in retreat_arc(loser.hex, winner.hex) if is_empty(state, h))


def failed_dice(state: GameState, proc: Melee, unit_id: str, test: AttackTest) -> list[int]:
    """Positions of ``unit_id``'s failed dice it may re-roll (HX-ATC-20), if it has Focus."""
    if not gods_unit(state, unit_id).focus:
        return []
    return [i for i, f in enumerate(proc.faces[unit_id]) if test.failed(f)]


NEXT_STEP = {
    FORMATION_ATTACKER: FORMATION_DEFENDER,
    FORMATION_DEFENDER: ROLL_ATTACKER,
    ROLL_ATTACKER: ROLL_DEFENDER,
    ROLL_DEFENDER: REROLL_ATTACKER,
    REROLL_ATTACKER: REROLL_DEFENDER,
    REROLL_DEFENDER: RESOLVE,
}
"""Where a step goes when it is done or has nothing to ask."""


def skip(state: GameState, proc: Melee, ctx: Context) -> None:
    """A step with nothing to ask: take its only path."""
    if proc.step in NEXT_STEP:
        proc.step = NEXT_STEP[proc.step]
    elif proc.step == STAND:
        proc.step = RETREAT
    elif proc.step == RETREAT:
        hexes = retreat_hexes(state, proc)
        if hexes:
            _displace(state, proc, hexes[0], ctx)
        else:
            _impossible_push(state, proc, ctx)
    else:  # pragma: no cover - the other steps always ask
        raise AssertionError(f"melee step {proc.step} has nothing to ask")


def take_dice(state: GameState, proc: Melee, results: tuple[int, ...], test: AttackTest,
              ctx: Context) -> None:
    """Record a roll (HX-ATC-10) or a re-roll (HX-ATC-20) and go on."""
    if proc.step in (ROLL_ATTACKER, ROLL_DEFENDER):
        unit_id = proc.attacker if proc.step == ROLL_ATTACKER else proc.defender
        proc.faces[unit_id] = list(results)
    else:
        unit_id = proc.attacker if proc.step == REROLL_ATTACKER else proc.defender
        faces = proc.faces[unit_id]
        for position, face in zip(failed_dice(state, proc, unit_id, test), results,
                                  strict=True):
            faces[position] = face
        ctx.emit("melee.reroll", f"{gods_unit(state, unit_id).name}'s dice after re-rolls: "
                 f"{' '.join(map(str, faces))}.", ["HX-ATC-20", "HX-FOC-1"], unit=unit_id,
                 faces=list(faces))
    proc.step = NEXT_STEP[proc.step]


def take_answer(state: GameState, proc: Melee, choice: Choose, ctx: Context) -> None:
    """Apply a player's answer to the current step."""
    values = choice.as_dict()
    step = proc.step
    if step in (FORMATION_ATTACKER, FORMATION_DEFENDER):
        proc.step = NEXT_STEP[step]
        _declare_formation(state, proc, str(values["formation"]), ctx)
    elif step == PUSH:
        _push_choice(state, proc, values["push"] == "yes", ctx)
    elif step == STAND:
        if values["stand"] == "yes":
            assert proc.loser is not None
            loser = gods_unit(state, proc.loser)
            lose_token(loser, ctx, ["HX-MEL-60"], "it stands its ground")
            proc.step = END
        else:
            proc.step = RETREAT
    elif step == RETREAT:
        _displace(state, proc, Hex(int(values["q"]), int(values["r"])), ctx)
    elif step == CONSOLIDATE:
        _consolidate(state, proc, values["follow"] == "yes", ctx)
    elif step == CONSOLIDATE_FACING:
        _final_facing(state, proc, int(values["facing"]), ctx)


def _declare_formation(state: GameState, proc: Melee, name: str, ctx: Context) -> None:
    """HX-MEL-20: pay for and apply a Tactical Formation (or none)."""
    if name == "none":
        return
    formation = FORMATIONS[name]
    attacker, defender = units_of(state, proc)
    unit, enemy = (attacker, defender) if formation.side == "attacker" else (defender, attacker)
    proc.formations[unit.id] = name
    unit.tokens -= formation.cost
    ctx.emit("melee.formation", f"{unit.name} forms a {name} for {formation.cost} Morale "
             "Token.", ["HX-MEL-20", formation.rule], player=unit.owner, unit=unit.id,
             formation=name, tokens=unit.tokens)
    if formation.wounds_enemy:
        suffer_wounds(enemy, formation.wounds_enemy, ctx,
                      ["HX-MEL-20", formation.rule], f"{possessive(unit.name)} {name}")
        _early_exit(state, proc, ctx, "HX-MEL-20")


def _push_choice(state: GameState, proc: Melee, push: bool, ctx: Context) -> None:
    assert proc.winner is not None
    winner = gods_unit(state, proc.winner)
    if push:
        ctx.emit("melee.push", f"{winner.name} pushes.", ["HX-MEL-60"], player=winner.owner,
                 unit=winner.id)
        proc.step = STAND
    else:
        ctx.emit("melee.push", f"{winner.name} does not push.", ["HX-MEL-60"],
                 player=winner.owner, unit=winner.id)
        proc.step = END


def _displace(state: GameState, proc: Melee, to: Hex, ctx: Context) -> None:
    """HX-MEL-60: the loser moves into ``to`` facing where it came from; the winner follows."""
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    vacated = loser.hex
    assert vacated is not None
    back = direction_to(to, vacated)
    assert back is not None
    loser.hex, loser.hex_facing = to, back
    ctx.emit("unit.pushed", f"{loser.name} is pushed back to {where(to)}.", ["HX-MEL-60"],
             player=loser.owner, unit=loser.id, q=to.q, r=to.r, facing=back)
    ahead = direction_to(vacated, to)
    assert ahead is not None
    winner.hex, winner.hex_facing = vacated, ahead
    ctx.emit("unit.followed", f"{winner.name} follows up to {where(vacated)}, facing {loser.name}.",
             ["HX-MEL-60"], player=winner.owner, unit=winner.id, q=vacated.q, r=vacated.r,
             facing=ahead)
    proc.step = END


def _impossible_push(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-60: no empty hex behind the loser: a token, or a Wound at 0 tokens."""
    assert proc.loser is not None
    loser = gods_unit(state, proc.loser)
    ctx.emit("melee.push_impossible", f"{loser.name} has nowhere to go.", ["HX-MEL-60"],
             player=loser.owner, unit=loser.id)
    if loser.tokens > 0:
        lose_token(loser, ctx, ["HX-MEL-60"], "the push is impossible")
        proc.step = END
        return
    suffer_wounds(loser, 1, ctx, ["HX-MEL-60"], "impossible push at 0 Morale Tokens")
    proc.step = CONSOLIDATE if loser.destroyed else END


def _consolidate(state: GameState, proc: Melee, follow: bool, ctx: Context) -> None:
    """HX-MEL-70: follow up into the destroyed enemy's hex, or hold."""
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    if follow:
        assert loser.hex is not None
        winner.hex = loser.hex
        ctx.emit("unit.followed", f"{winner.name} follows up to {where(loser.hex)}.", ["HX-MEL-70"],
                 player=winner.owner, unit=winner.id, q=loser.hex.q, r=loser.hex.r)
    else:
        ctx.emit("melee.hold", f"{winner.name} holds its position.", ["HX-MEL-70"],
                 player=winner.owner, unit=winner.id)
    proc.step = CONSOLIDATE_FACING


def _final_facing(state: GameState, proc: Melee, facing: int, ctx: Context) -> None:
    """HX-MEL-70: the free pivot after consolidating."""
    assert proc.winner is not None
    winner = gods_unit(state, proc.winner)
    winner.hex_facing = facing
    ctx.emit("unit.pivoted", f"{winner.name} pivots freely to face {facing_name(state, facing)}.",
             ["HX-MEL-70"], player=winner.owner, unit=winner.id, facing=facing)
    proc.step = END
