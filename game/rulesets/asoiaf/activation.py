"""Rounds and activations (AS-CORE-1/2) and the end of the game at a round limit (AS-CORE-5)."""

from __future__ import annotations

from game.core.pending import Refusal
from game.core.present import victory
from game.core.ruleset import Context
from game.core.state import GameState, Outcome
from game.rulesets.asoiaf import geo
from game.rulesets.asoiaf.procedures.common import check_over
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import possessive


def ready_units(state: GameState, player: int | None = None) -> list[AsoiafUnit]:
    """Units of ``player`` (default: the active one) that have not activated this round."""
    owner = state.turn.active if player is None else player
    return [u for u in geo.live(state) if u.owner == owner and u.id not in state.turn.activated]


def first_player(state: GameState) -> int:
    """The first player with a unit left to activate."""
    for p in state.players:
        if ready_units(state, p.number):
            return p.number
    return state.players[0].number


def activation_refusal(state: GameState, unit_id: str) -> Refusal | AsoiafUnit:
    """Whether ``unit_id`` may activate now (AS-CORE-1): the unit, or why not."""
    if state.procedures:
        return Refusal("finish the running action first", ("AS-CORE-2",))
    unit = state.units.get(unit_id)
    if not isinstance(unit, AsoiafUnit) or not unit.on_board:
        return Refusal(f"there is no unit {unit_id!r} in play", ("AS-CORE-1",))
    if unit.owner != state.turn.active:
        return Refusal(f"{unit.name} belongs to another player; "
                       f"{state.player(state.turn.active).name} activates now", ("AS-CORE-1",))
    if unit.id in state.turn.activated:
        return Refusal(f"{unit.name} has already activated this round", ("AS-CORE-1",))
    return unit


def begin(state: GameState, unit: AsoiafUnit, what: str, ctx: Context,
          said: str | None = None) -> None:
    """Start ``unit``'s activation with its one action (AS-CORE-2); the log says ``said``, or
    else ``<unit> activates: <what>.``"""
    state.turn.current_unit = unit.id
    ctx.emit("activation.start", said or f"{unit.name} activates: {what}.", ["AS-CORE-2"],
             player=unit.owner, unit=unit.id, action=what)


def announce_round(state: GameState, ctx: Context) -> None:
    """Say who activates first this round (AS-CORE-1)."""
    ctx.emit("round.start", f"Round {state.turn.round} begins; "
             f"{state.player(state.turn.active).name} activates first.",
             ["AS-CORE-1"], player=state.turn.active, round=state.turn.round)


def finish_activation(state: GameState, rounds: int | None, ctx: Context) -> None:
    """End the activation and hand over (AS-CORE-1)."""
    unit_id = state.turn.current_unit
    assert unit_id is not None
    state.turn.current_unit = None
    if unit_id not in state.turn.activated:
        state.turn.activated.append(unit_id)
    ctx.emit("activation.end", f"{possessive(state.units[unit_id].name)} activation ends.",
             ["AS-CORE-1"], player=state.units[unit_id].owner, unit=unit_id)
    if check_over(state, ctx):
        return
    ending = state.turn.active
    candidate = ending
    for _ in state.players:
        candidate = state.next_player(candidate)
        if ready_units(state, candidate):
            state.turn.active = candidate
            if candidate != ending:
                ctx.emit("turn.handover", f"{state.player(candidate).name} activates next.",
                         ["AS-CORE-1", "WB-TBL-4"], player=candidate, previous=ending)
            return
    new_round(state, rounds, ctx)


def new_round(state: GameState, rounds: int | None, ctx: Context) -> None:
    """Every unit has activated: a new round, or the end at the round limit (AS-CORE-5)."""
    if rounds is not None and state.turn.round >= rounds:
        end_by_limit(state, rounds, ctx)
        return
    state.turn.round += 1
    state.turn.activated.clear()
    state.turn.active = first_player(state)
    announce_round(state, ctx)


def end_by_limit(state: GameState, rounds: int, ctx: Context) -> None:
    """AS-CORE-5: at the round limit the side with more wounds left wins."""
    scores = {p.number: sum(u.wounds_left for u in geo.live(state) if u.owner == p.number)
              for p in state.players}
    best = max(scores.values())
    leaders = [n for n, s in scores.items() if s == best]
    winner = leaders[0] if len(leaders) == 1 else None
    summary = (f"Round limit {rounds} reached. "
               + (victory(state.player(winner).name, f"{best} wounds left") if winner
                  else "A draw."))
    state.outcome = Outcome(winner, summary)
    ctx.emit("game.over", summary, ["AS-CORE-5"], player=winner,
             **{f"wounds_left_{n}": s for n, s in scores.items()})
