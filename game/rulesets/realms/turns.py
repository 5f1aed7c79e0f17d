"""Turns and results of the realms ruleset: the round announcement (RL-TRN-1, day or night),
applying an attack's result (wounds, counter wounds, destruction), the start of a player's
turn (fortify ends, RL-FRT-1) and the end of the game."""

from __future__ import annotations

from game.core.present import victory
from game.core.ruleset import Context
from game.core.state import GameState, Outcome
from game.rulesets.realms.attack import Result
from game.rulesets.realms.options import Settings
from game.rulesets.realms.procedure import AttackProc, command_of, realms_unit
from game.rulesets.realms.rules import HANDS, hand_refusal, is_night
from game.rulesets.realms.units import RealmsUnit


def announce_round(settings: Settings, state: GameState, ctx: Context) -> None:
    """The opening of round 1: day or night, who commands first."""
    night = is_night(settings, state)
    ctx.emit("round.start", f"Round {state.turn.round} begins ({'night' if night else 'day'})"
             f"; {state.player(state.turn.active).name} commands first.",
             ["RL-TRN-1", *(["RL-NGT-1"] if night else [])], round=state.turn.round,
             night=night)


def apply_result(state: GameState, proc: AttackProc, result: Result, ctx: Context) -> None:
    """Apply an attack's result: wounds, counter wounds, destruction; end the command when the
    unit has no attack left (RL-DW-1/2) or died; end the game when a side has no fighter."""
    att, tgt = realms_unit(state, proc.attacker), realms_unit(state, proc.target)
    rules = list(dict.fromkeys(["RL-DMG-1", *proc.plan.rules(),
                                *(["RL-DEF-3"] if result.blocked else [])]))
    how = (f"rolled {' + '.join(map(str, proc.rolls))} = {result.total}"
           f", armor {proc.plan.armor}"
           + (f", defense {result.defense}" if proc.plan.defense_die else ""))
    ctx.emit("attack.resolved", f"{att.name} on {tgt.name}: {how}: {result.damage} wound(s) "
             f"to {tgt.name}, {result.counter} to {att.name}.", rules, player=proc.player,
             attacker=att.id, target=tgt.id, damage=result.damage, counter=result.counter,
             blocked=result.blocked)
    wound(tgt, result.damage, ctx, ["RL-DMG-1", "RL-DEF-1"])
    wound(att, result.counter, ctx, ["RL-DEF-1", "RL-DEF-3"] if result.blocked
          else ["RL-DEF-1"])
    cmd = command_of(state)
    if cmd is not None and (att.destroyed or cmd.action != "attack" or all(
            hand_refusal(att, cmd, h) is not None for h in HANDS)):
        cmd.done = True
    check_outcome(state, ctx)


def wound(unit: RealmsUnit, wounds: int, ctx: Context, rules: list[str]) -> None:
    """Give ``unit`` wounds (no more than the health it has left); at its health it is
    destroyed."""
    if wounds <= 0:
        return
    taken = min(wounds, unit.health - unit.wounds)
    unit.wounds += taken
    more = f" (of {wounds} dealt)" if taken < wounds else ""
    ctx.emit("unit.wounded", f"{unit.name} takes {taken} wound(s){more}: {unit.wounds}/"
             f"{unit.health}.", rules, player=unit.owner, unit=unit.id, wounds=unit.wounds)
    if unit.wounds >= unit.health:
        unit.destroyed = True
        ctx.emit("unit.destroyed", f"{unit.name} is destroyed.", rules, player=unit.owner,
                 unit=unit.id)


def check_outcome(state: GameState, ctx: Context) -> bool:
    """End the game when at most one side has a fighting unit (buildings do not count)."""
    alive = [p.number for p in state.players if any(
        isinstance(u, RealmsUnit) and not u.has("building")
        for u in state.live_units(p.number))]
    if len(alive) > 1:
        return False
    winner = alive[0] if alive else None
    text = victory(state.player(winner).name, "no other side has a fighting unit left") \
        if winner else "No fighting unit is left on any side."
    state.outcome = Outcome(winner, text)
    ctx.emit("game.over", text, ["RL-TRN-1"], player=winner)
    return True


def begin_turn(settings: Settings, state: GameState, ctx: Context) -> None:
    """After the hand-over: the new player's units stop being fortified (RL-FRT-1); at a new
    round, say whether it is day or night, and end the game after the round limit."""
    for unit in state.live_units(state.turn.active):
        if isinstance(unit, RealmsUnit) and unit.fortified:
            unit.fortified = False
            ctx.emit("unit.fortify_ends", f"{unit.name} is no longer fortified.",
                     ["RL-FRT-1"], player=unit.owner, unit=unit.id)
    if state.turn.active != state.players[0].number:
        return
    night = is_night(settings, state)
    ctx.emit("round.light", f"Round {state.turn.round} is {'night' if night else 'day'}.",
             ["RL-TRN-1", *(["RL-NGT-1"] if night else [])], round=state.turn.round,
             night=night)
    if settings.rounds and state.turn.round > settings.rounds:
        end_by_rounds(settings, state, ctx)


def last_command(settings: Settings, state: GameState) -> bool:
    """Whether the command just over was the last player's in the last round
    (``rounds``, RL-TRN-1): the game ends there instead of opening another round."""
    return bool(settings.rounds) and state.turn.round >= settings.rounds and \
        state.next_player(state.turn.active) == state.players[0].number


def end_by_rounds(settings: Settings, state: GameState, ctx: Context) -> None:
    """The round limit is over: the side with the most health left wins, else a draw."""
    left = {p.number: sum(u.health - u.wounds for u in state.live_units(p.number)
                          if isinstance(u, RealmsUnit)) for p in state.players}
    best = max(left.values())
    top = [n for n, v in left.items() if v == best]
    winner = top[0] if len(top) == 1 else None
    text = (f"After {settings.rounds} rounds: "
            + (victory(state.player(winner).name, "the most health left")
               if winner else "the sides are level, a draw."))
    state.outcome = Outcome(winner, text)
    ctx.emit("game.over", text, ["RL-TRN-1"], player=winner)
