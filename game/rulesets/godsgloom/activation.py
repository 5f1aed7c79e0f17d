"""Activations, rounds and the end of the game (the game's own rules, docs/rules/godsgloom.md).

- HX-ACT-1 Players take turns activating one unit each; every unit in play activates once per
  round. A player with no unit left to activate is skipped; when nobody has one, a new round
  begins with the player after the one who activated last.
- HX-ACT-2 An activation is an optional Move, then at most one standard action (Melee Attack,
  Rally or Focus); the standard action ends it, or the player ends it with ``end``.
- HX-ACT-3 The game ends when at most one player has units in play (that player wins), or,
  with the ``rounds`` option, when that round ends: more units in play wins, then more health.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.present import possessive, victory
from game.core.ruleset import Context
from game.core.state import GameState, Outcome, Procedure
from game.rulesets.godsgloom.board import gods_units


@dataclass(kw_only=True)
class Activation(Procedure):
    """One unit's activation: whether it started engaged (HX-MOV-5) and has moved."""

    unit: str
    started_engaged: bool
    moved: bool = False


def current_activation(state: GameState) -> Activation | None:
    """The activation waiting for its unit's Move or action, if it is on top of the stack."""
    proc = state.procedure
    return proc if isinstance(proc, Activation) else None


def can_activate(state: GameState, player: int) -> list[str]:
    """Ids of ``player``'s units in play that have not activated this round."""
    return [u.id for u in gods_units(state, player) if u.id not in state.turn.activated]


def finish_activation(state: GameState, ctx: Context, rounds: int | None) -> None:
    """Close the activation on top, then end the game or hand over (HX-ACT-1..3)."""
    proc = state.procedures.pop()
    assert isinstance(proc, Activation)
    state.turn.activated.append(proc.unit)
    state.turn.current_unit = None
    ctx.emit("activation.end", f"{possessive(state.units[proc.unit].name)} activation ends.",
             ["HX-ACT-2"], player=proc.player, unit=proc.unit)
    if not check_elimination(state, ctx):
        hand_over(state, ctx, rounds)


def check_elimination(state: GameState, ctx: Context) -> bool:
    """HX-ACT-3: end the game once at most one player has units in play."""
    sides = sorted({u.owner for u in gods_units(state)})
    if len(sides) > 1:
        return False
    winner = sides[0] if sides else None
    summary = (victory(state.player(winner).name, "the enemy has no units left")
               if winner is not None else "No units are left: a draw.")
    _end_game(state, ctx, winner, summary)
    return True


def _end_game(state: GameState, ctx: Context, winner: int | None, summary: str) -> None:
    state.outcome = Outcome(winner, summary)
    ctx.emit("game.over", summary, ["HX-ACT-3"], player=winner, winner=winner)


def hand_over(state: GameState, ctx: Context, rounds: int | None) -> None:
    """HX-ACT-1: the next player with a unit to activate; a new round when there is none."""
    last = state.turn.active
    nxt = _next_with_units(state, last)
    if nxt is None:
        if rounds is not None and state.turn.round >= rounds:
            _end_by_score(state, ctx)
            return
        state.turn.round += 1
        state.turn.activated.clear()
        nxt = _next_with_units(state, last)
        assert nxt is not None
        ctx.emit("round.start", f"{round_words(state.turn.round, rounds)} begins.",
                 ["HX-ACT-1", *(("HX-ACT-3",) if rounds is not None else ())],
                 round=state.turn.round)
    state.turn.active = nxt
    ctx.emit("turn.handover", f"{state.player(nxt).name} activates a unit next.",
             ["HX-ACT-1"], player=nxt, previous=last, round=state.turn.round)


def round_words(number: int, rounds: int | None) -> str:
    """``Round 2 of 6`` under a round limit, ``Round 6 of 6 (the last)``, else ``Round 2``
    (HX-ACT-3: the players see how long the game lasts)."""
    if rounds is None:
        return f"Round {number}"
    return f"Round {number} of {rounds}" + (" (the last)" if number >= rounds else "")


def _next_with_units(state: GameState, after: int) -> int | None:
    """The first player after ``after`` (wrapping, ``after`` last) with a unit to activate."""
    player = after
    for _ in state.players:
        player = state.next_player(player)
        if can_activate(state, player):
            return player
    return None


def first_player(state: GameState) -> int | None:
    """Who activates first: the first seat with a unit to activate."""
    return _next_with_units(state, state.players[-1].number)


def _end_by_score(state: GameState, ctx: Context) -> None:
    """HX-ACT-3 with a round limit: more units in play wins, then more health; else a draw."""
    scores = {p.number: (len(gods_units(state, p.number)),
                         sum(u.health for u in gods_units(state, p.number)))
              for p in state.players}
    best = max(scores.values())
    leaders = [p for p, s in scores.items() if s == best]
    if len(leaders) == 1:
        summary = "The last round is over. " + victory(
            state.player(leaders[0]).name, f"{best[0]} units and {best[1]} health left")
        _end_game(state, ctx, leaders[0], summary)
    else:
        _end_game(state, ctx, None, "The last round is over: a draw.")
