"""The hard player's reply model (issue 25): the opponent's likely best reply is the candidate
the normal rating rates best for them, an activation followed to the attack it opens, and the
look-ahead rates a candidate by the expected score over that reply's outcomes."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from game.ai.candidates import Candidate
from game.ai.evaluate import Evaluator
from game.ai.players import OVERRUN, Budget, HardPlayer, best_reply, spread_order
from game.ai.rating import Outcome, Rating, Work
from game.ai.rehearsal import rehearsal
from game.core.actions import EndActivation
from game.core.game import Game
from game.core.state import GameState
from game.rulesets.godsgloom.units import GodsUnit
from game.scenario import load_scenario
from tests.ai.positions import brute_duel
from tests.conftest import SCENARIOS


def _health(state: GameState, unit_id: str) -> int:
    unit = state.units[unit_id]
    assert isinstance(unit, GodsUnit)
    return unit.health


def _work(game: Game) -> Work:
    return Work(Evaluator(game.ruleset), random.Random(1), 10**6, math.inf)


def test_the_best_reply_follows_an_activation_to_the_attack_it_opens() -> None:
    """HX-ACT-2, HX-MEL-10: activating the brute is worth the Melee Attack on its neighbour
    that follows; the reply's outcomes are the positions after that attack."""
    game = brute_duel()
    reply = best_reply(rehearsal(game), 1, _work(game))
    assert reply is not None and str(reply.action) == "activate a5"
    assert reply.outcomes and all(_health(o.game.state, "g5") < 3 for o in reply.outcomes)


def test_the_look_ahead_weighs_the_opponent_s_reply() -> None:
    """With the brute's side (player 1) to act, the look-ahead for the skirmishers' side
    (player 2) scores what is left after player 1's best reply (the brute's attack): no
    better for player 2 than the position before it."""
    game = brute_duel()
    copy = rehearsal(game)
    work = _work(game)
    player = HardPlayer(1, budget=Budget(10**6, math.inf))
    before = work.evaluator.score(copy.state, 2)
    after = player.look_ahead(copy, 2, work)
    assert after <= before
    assert _health(copy.state, "g5") == 3  # the copy looked ahead from is left as it was


def test_the_look_ahead_plays_its_own_run_on_as_the_reply_is_chosen() -> None:
    """HX-ACT-2, HX-MEL-10: the brute activated next to the skirmishers: the hard player's
    look-ahead plays the rest of its activation by the rating over the attack's outcomes,
    so it fights in every seed (one sampled throw per candidate sometimes rated ending the
    activation above the attack)."""
    for seed in range(4):
        game = brute_duel(activated=True)
        player = HardPlayer(seed, "hard", Budget(10**6, math.inf))
        work = Work(Evaluator(game.ruleset), random.Random(seed), 10**6, math.inf)
        after = player.continue_run(rehearsal(game), 1, work)
        assert any(entry.action.verb == "dice" for entry in after.log), seed


def test_the_best_reply_weighs_every_unit_the_opponent_may_activate() -> None:
    """HX-ACT-1, HX-ACT-2: with all five units of a side to choose from, the reply is the
    activation of the brute next to the enemy skirmishers, which opens an attack: every
    activation is followed to what it opens (only the first two of them in a shuffled order
    used to be)."""
    for seed in range(4):
        game = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").new_game()
        brute, skirmishers = game.state.units["a5"], game.state.units["g5"]
        assert brute.hex is not None
        skirmishers.hex = replace(brute.hex, r=brute.hex.r + 1)
        work = Work(Evaluator(game.ruleset), random.Random(seed), 10**6, math.inf)
        reply = best_reply(rehearsal(game), 1, work)
        assert reply is not None and str(reply.action) == "activate a5", seed


def test_the_look_ahead_scores_the_reply_s_outcomes_with_its_own_side_to_act() -> None:
    """HX-ACT-1, HX-ACT-2: after player 1's reply (the brute's attack) the activations
    alternate back to player 2, who then strikes first: the look-ahead scores each of the
    reply's outcomes as that position with player 2 to act (:meth:`Evaluator.danger`'s
    ``first``), not as if player 1 struck next again."""
    game = brute_duel()
    copy = rehearsal(game)
    work = _work(game)
    asked: list[tuple[int, int | None]] = []
    score = work.evaluator.score

    def recorded(state: GameState, player: int, acting: int | None = None) -> float:
        asked.append((player, acting))
        return score(state, player, acting)

    work.evaluator.score = recorded  # type: ignore[method-assign]
    reply = best_reply(copy, 1, work)
    assert reply is not None and reply.outcomes
    asked.clear()
    HardPlayer(1, budget=Budget(10**6, math.inf)).look_ahead(copy, 2, work)
    leaves = asked[-len(reply.outcomes):]
    assert leaves and all(who == 2 and acting == 2 for who, acting in leaves), leaves


def _outcomes_of(game: Game, count: int) -> Rating:
    """A rating with ``count`` equally likely outcomes (copies of ``game``'s present)."""
    outcomes = tuple(Outcome(1.0 / count, rehearsal(game)) for _ in range(count))
    return Rating(Candidate(EndActivation()), 0.0, outcomes)


def test_a_look_ahead_begun_stops_past_its_overrun_after_one_outcome() -> None:
    """Issue 25 (hard's p95 within 2 s): past :data:`OVERRUN` times its budget, a candidate's
    look-ahead takes one outcome, not every sampled throw; within it, it takes them all."""
    game = brute_duel()
    player = HardPlayer(1, budget=Budget(10, math.inf))
    looked: list[int] = []

    def look(copy: Game, me: int, work: Work) -> float:
        work.spent += 4  # each outcome's look-ahead rehearses four actions
        looked.append(len(looked))
        return float(len(looked))

    player.look_ahead = look  # type: ignore[method-assign, assignment]
    work = Work(Evaluator(game.ruleset), random.Random(1), 10, math.inf)
    # 0, 4, 8, 12 actions spent before each of the first four: within 10 x OVERRUN (14)
    assert player.expected_ahead(_outcomes_of(game, 8), 2, work) == 2.5  # (1 + 2 + 3 + 4) / 4
    assert len(looked) == 4 and OVERRUN == 1.4
    looked.clear()
    work = Work(Evaluator(game.ruleset), random.Random(1), 10, math.inf)
    work.spent = 20
    assert player.expected_ahead(_outcomes_of(game, 8), 2, work) == 1.0
    assert looked == [0]


def test_outcomes_are_looked_at_in_an_order_whose_prefixes_spread() -> None:
    """The first outcomes a cut look-ahead takes of an enumeration of every throw spread
    over the faces (low, high and middle), not the lowest faces only."""
    order = spread_order(6)
    assert sorted(order) == list(range(6))
    assert {order[0], order[1]} == {0, 5}
    assert 2 in order[:3] or 3 in order[:3]


def test_the_look_ahead_scores_a_reply_once_the_opponent_s_run_is_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """HX-ACT-2: a reply after which its player acts on (the brute activated, its attack not
    yet made) is scored once that player's run is ended, as a candidate's own rating is:
    with player 2 to act, not in the middle of player 1's activation (The Ninth Age's reply
    was one move of a whole turn: hard then lost 26-34 to normal on 60 paired games)."""
    from game.ai import players
    from game.ai.rehearsal import branch
    from game.core.actions import parse

    game = brute_duel()
    copy = rehearsal(game)
    mid = branch(copy)
    activate = parse("activate a5", game.ruleset.action_types())
    mid.apply(activate)
    assert mid.current_player() == 1  # the brute's activation goes on
    monkeypatch.setattr(players, "best_reply", lambda *a: Rating(
        Candidate(activate), 0.0, (Outcome(1.0, mid),)))
    work = _work(game)
    asked: list[int | None] = []
    score = work.evaluator.score

    def recorded(state: GameState, player: int, acting: int | None = None) -> float:
        asked.append(acting)
        return score(state, player, acting)

    work.evaluator.score = recorded  # type: ignore[method-assign]
    HardPlayer(1, budget=Budget(10**6, math.inf)).look_ahead(copy, 2, work)
    assert asked == [2] and mid.current_player() == 2
