"""The Melee Attack Action Procedure, HX-MEL-10..80, as a small state machine.

:class:`Melee` is plain data on the state's procedure stack; :func:`run` advances it through
the automatic steps until it needs a player's choice or dice (:func:`node`), and
:func:`choose` / :func:`dice` feed those answers back. Choices are answered with the core's
``choose`` action:

=====================  ==========================  ==========================================
step                   who answers                 options
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core.actions import Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision
from game.core.present import plain_offers
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.hexgrid import Hex, direction_to, retreat_arc
from game.rulesets.godsgloom.attack_test import (
    SIDES,
    Pool,
    attack_test_of,
    pool_of,
    score_test,
)
from game.rulesets.godsgloom.board import gods_unit, is_empty, where
from game.rulesets.godsgloom.effects import (
    FORMATIONS,
    Side,
    death_throes_wounds,
    stakes_wounds,
    usable_formations,
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


def suffer_wounds(state: GameState, unit: GodsUnit, wounds: int, ctx: Context,
                  rules: Sequence[str], cause: str) -> None:
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
        ctx.emit("unit.pivoted", f"{attacker.name} pivots to face {defender.name}'s hex.",
                 ["HX-MEL-10"], player=attacker.owner, unit=attacker.id, facing=facing)
    wounds = stakes_wounds(state, defender)
    if wounds:
        suffer_wounds(state, attacker, wounds, ctx, ["HX-MEL-10", "HX-EFF-1"],
                      f"attacking into the stakes around {defender.name}")
    if not _early_exit(state, proc, ctx, "HX-MEL-10"):
        proc.step = FORMATION_ATTACKER


def _resolve(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-30 (scoring), HX-MEL-40 and HX-MEL-50."""
    attacker, defender = units_of(state, proc)
    pool_a, pool_d = pools(state, proc)
    test = attack_test_of(state)
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
    suffer_wounds(state, defender, result.wounds_to_defender, ctx, ["HX-MEL-30"],
                  f"Attack Test against {attacker.name}")
    suffer_wounds(state, attacker, result.wounds_to_attacker, ctx, ["HX-MEL-30"],
                  f"Attack Test against {defender.name}")
    _after_wounds(state, proc, ctx)
    _winner(state, proc, ctx)


def _counted(total: int, automatic: int, what: str) -> str:
    """``3 Hits (1 automatic)``: automatic successes are counted and shown (HX-ATC-40)."""
    return f"{total} {what}" + (f" ({automatic} automatic)" if automatic else "")


def _after_wounds(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-40: effects after Wounds and before the winner, even for destroyed units."""
    attacker, defender = units_of(state, proc)
    destroyed = {attacker.id: attacker.destroyed, defender.id: defender.destroyed}
    for unit, foe in ((attacker, defender), (defender, attacker)):
        wounds = death_throes_wounds(unit, destroyed[unit.id])
        if wounds and not foe.destroyed:
            suffer_wounds(state, foe, wounds, ctx, ["HX-MEL-40", "HX-EFF-2"],
                          f"{unit.name}'s death throes")


def _winner(state: GameState, proc: Melee, ctx: Context) -> None:
    """HX-MEL-50: who won; the surviving loser loses a Morale Token."""
    attacker, defender = units_of(state, proc)
    _set_winner(proc, decide_winner(attacker.destroyed, defender.destroyed,
                                    proc.wounds[attacker.id], proc.wounds[defender.id]))
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


AUTOMATIC: dict[str, Callable[[GameState, Melee, Context], None]] = {
    START: _start,
    RESOLVE: _resolve,
    END: _end,
}


# --- decisions and dice ---------------------------------------------------------------------


def _yes_no(key: str) -> tuple[Choose, ...]:
    return (Choose.of(**{key: "yes"}), Choose.of(**{key: "no"}))


def retreat_hexes(state: GameState, proc: Melee) -> list[Hex]:
    """HX-MEL-60: the empty hexes of the loser's Retreat Arc."""
    assert proc.winner is not None and proc.loser is not None
    winner, loser = gods_unit(state, proc.winner), gods_unit(state, proc.loser)
    assert winner.hex is not None and loser.hex is not None
    return sorted(h for h in retreat_arc(loser.hex, winner.hex) if is_empty(state, h))


def _formation_node(state: GameState, proc: Melee, side: Side) -> PlayerDecision | None:
    attacker, defender = units_of(state, proc)
    unit, enemy = (attacker, defender) if side == "attacker" else (defender, attacker)
    usable = usable_formations(state, side, unit, enemy)
    if not usable:
        return None
    options = (Choose.of(formation="none"), *(Choose.of(formation=f.name) for f in usable))
    return PlayerDecision(unit.owner, "formation",
                          f"Use a Tactical Formation with {unit.name}?", plain_offers(options),
                          ("HX-MEL-20", *(f.rule for f in usable)))


def _roll_node(state: GameState, proc: Melee, side: Side) -> Chance:
    unit = units_of(state, proc)[0 if side == "attacker" else 1]
    pool = pools(state, proc)[0 if side == "attacker" else 1]
    return Chance(unit.owner, DiceSpec(pool.dice, SIDES),
                  f"Attack Test: {unit.name} rolls {pool.attack} attack then "
                  f"{pool.defence} defence dice", ("HX-MEL-30", "HX-ATC-10"))


def failed_dice(state: GameState, proc: Melee, unit_id: str) -> list[int]:
    """Positions of ``unit_id``'s failed dice it may re-roll (HX-ATC-20), if it has Focus."""
    if not gods_unit(state, unit_id).focus:
        return []
    test = attack_test_of(state)
    return [i for i, f in enumerate(proc.faces[unit_id]) if test.failed(f)]


def _reroll_node(state: GameState, proc: Melee, side: Side) -> Chance | None:
    unit = units_of(state, proc)[0 if side == "attacker" else 1]
    failed = failed_dice(state, proc, unit.id)
    if not failed:
        return None
    return Chance(unit.owner, DiceSpec(len(failed), SIDES),
                  f"Focus: {unit.name} re-rolls {len(failed)} failed dice",
                  ("HX-MEL-30", "HX-ATC-20", "HX-FOC-1"))


def node(state: GameState, proc: Melee) -> PlayerDecision | Chance | None:
    """What the melee waits for at its current step (None: nothing to ask)."""
    step = proc.step
    if step == FORMATION_ATTACKER:
        return _formation_node(state, proc, "attacker")
    if step == FORMATION_DEFENDER:
        return _formation_node(state, proc, "defender")
    if step == ROLL_ATTACKER:
        return _roll_node(state, proc, "attacker")
    if step == ROLL_DEFENDER:
        return _roll_node(state, proc, "defender")
    if step == REROLL_ATTACKER:
        return _reroll_node(state, proc, "attacker")
    if step == REROLL_DEFENDER:
        return _reroll_node(state, proc, "defender")
    return _choice_node(state, proc)


def _choice_node(state: GameState, proc: Melee) -> PlayerDecision | None:
    step = proc.step
    if step in (PUSH, CONSOLIDATE, CONSOLIDATE_FACING):
        assert proc.winner is not None
        winner = gods_unit(state, proc.winner)
        if step == PUSH:
            return PlayerDecision(winner.owner, "push", f"Push the loser back with "
                                  f"{winner.name}?", plain_offers(_yes_no("push")), ("HX-MEL-60",))
        if step == CONSOLIDATE:
            return PlayerDecision(winner.owner, "consolidate", f"Follow up into the vacated "
                                  f"hex with {winner.name}, or hold?",
                                  plain_offers(_yes_no("follow")),
                                  ("HX-MEL-70",))
        return PlayerDecision(winner.owner, "facing", f"Choose {winner.name}'s facing.",
                              plain_offers([Choose.of(facing=f) for f in range(6)]),
                              ("HX-MEL-70",))
    if step in (STAND, RETREAT):
        assert proc.loser is not None
        loser = gods_unit(state, proc.loser)
        if step == STAND:
            if loser.tokens < 1:
                return None
            return PlayerDecision(loser.owner, "stand", f"Stand ground with {loser.name} "
                                  "for 1 Morale Token instead of being pushed?",
                                  plain_offers(_yes_no("stand")), ("HX-MEL-60",))
        hexes = retreat_hexes(state, proc)
        if len(hexes) < 2:
            return None
        return PlayerDecision(loser.owner, "retreat", f"Where does {loser.name} retreat?",
                              plain_offers([Choose.of(q=h.q, r=h.r) for h in hexes]),
                              ("HX-MEL-60",))
    return None


NEXT_STEP = {
    FORMATION_ATTACKER: FORMATION_DEFENDER,
    FORMATION_DEFENDER: ROLL_ATTACKER,
    ROLL_ATTACKER: ROLL_DEFENDER,
    ROLL_DEFENDER: REROLL_ATTACKER,
    REROLL_ATTACKER: REROLL_DEFENDER,
    REROLL_DEFENDER: RESOLVE,
}
"""Where a step goes when it is done or has nothing to ask."""


def _skip(state: GameState, proc: Melee, ctx: Context) -> None:
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


def run(state: GameState, ctx: Context) -> bool:
    """Advance the melee on top of the stack until it waits; True once it has finished."""
    while True:
        proc = state.procedures[-1]
        assert isinstance(proc, Melee)
        if proc.step == DONE:
            state.procedures.pop()
            return True
        if proc.step in AUTOMATIC:
            AUTOMATIC[proc.step](state, proc, ctx)
        elif node(state, proc) is None:
            _skip(state, proc, ctx)
        else:
            return False


def dice(state: GameState, proc: Melee, results: tuple[int, ...], ctx: Context) -> None:
    """Record a roll (HX-ATC-10) or a re-roll (HX-ATC-20) and go on."""
    if proc.step in (ROLL_ATTACKER, ROLL_DEFENDER):
        unit_id = proc.attacker if proc.step == ROLL_ATTACKER else proc.defender
        proc.faces[unit_id] = list(results)
    else:
        unit_id = proc.attacker if proc.step == REROLL_ATTACKER else proc.defender
        faces = proc.faces[unit_id]
        for position, face in zip(failed_dice(state, proc, unit_id), results, strict=True):
            faces[position] = face
        ctx.emit("melee.reroll", f"{gods_unit(state, unit_id).name}'s dice after re-rolls: "
                 f"{' '.join(map(str, faces))}.", ["HX-ATC-20", "HX-FOC-1"], unit=unit_id,
                 faces=list(faces))
    proc.step = NEXT_STEP[proc.step]


def choose(state: GameState, proc: Melee, choice: Choose, ctx: Context) -> None:
    """Apply a player's answer to the current step."""
    values = choice.as_dict()
    step = proc.step
    if step in (FORMATION_ATTACKER, FORMATION_DEFENDER):
        proc.step = NEXT_STEP[step]
        _declare_formation(state, proc, values["formation"], ctx)
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
        suffer_wounds(state, enemy, formation.wounds_enemy, ctx,
                      ["HX-MEL-20", formation.rule], f"{unit.name}'s {name}")
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
    suffer_wounds(state, loser, 1, ctx, ["HX-MEL-60"], "impossible push at 0 Morale Tokens")
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
    ctx.emit("unit.pivoted", f"{winner.name} pivots freely to facing {facing}.",
             ["HX-MEL-70"], player=winner.owner, unit=winner.id, facing=facing)
    proc.step = END
