"""Whole games between computer players, headless: ``warbench match``.

Each game starts from the scenario; the sides swap seats every other game (player 1 plays the
first side in even games). The table's dice are rolled from the match's own seed and given as
``dice`` actions (so the save of each game replays exactly), **the same stream for both games
of a pair** (games 1 and 2, 3 and 4...): each side meets the dice the other met in its seat
(the duplicate format of card games). The table's dice decide much of these games: with
independent dice, six games of normal against normal on one shipped battle (seed 31) went
1-5, so a pair's shared dice put the difference between the sides' play, not their luck. After every
action the position's invariants are checked (:mod:`game.ai.invariants`); at the end the events,
the replay and a save written and loaded again. Times are CPU milliseconds per decision of a
computer player (dice excluded).
"""

from __future__ import annotations

import math
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.invariants import event_breaks, position_breaks, replay_breaks
from game.ai.players import LEVELS, AiPlayer, make_player
from game.ai.rehearsal import OwnDice
from game.core.actions import Action
from game.core.game import MAX_ACTIONS, Game
from game.core.pending import Chance, Over, PlayerDecision
from game.scenario import Scenario, load_save, write_save
from game.scenario.saves import new_session


@dataclass
class GameResult:
    """One finished (or stopped) game: who won by side index, how it ended, what broke."""

    winner: int | None
    at_round_limit: bool
    finished: bool
    actions: int
    times: dict[int, list[float]]
    illegal: list[str]
    breaks: list[str]
    decided: set[str] = field(default_factory=set)


@dataclass
class MatchReport:
    """The results of a match, per side in the order the sides were given."""

    labels: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    round_limit: int = 0
    unfinished: int = 0
    times: list[list[float]] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    breaks: list[str] = field(default_factory=list)
    decided: set[str] = field(default_factory=set)
    """The kinds of decisions the computer players answered."""

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        if result.winner is None:
            self.draws += result.finished
        else:
            self.wins[result.winner] += 1
        self.round_limit += result.at_round_limit
        self.unfinished += not result.finished
        for side, times in result.times.items():
            self.times[side] += times
        self.illegal += result.illegal
        self.breaks += result.breaks
        self.decided |= result.decided

    def summary(self) -> dict[str, object]:
        """The JSON-ready summary (``warbench match --json``'s last line)."""
        return {
            "games": self.games,
            "wins": dict(zip(self.labels, self.wins, strict=True)),
            "draws": self.draws,
            "round_limit": self.round_limit,
            "unfinished": self.unfinished,
            "decision_ms_mean": dict(zip(self.labels, (_mean(t) for t in self.times),
                                         strict=True)),
            "decision_ms_p95": dict(zip(self.labels, (_p95(t) for t in self.times),
                                        strict=True)),
            "decisions": dict(zip(self.labels, (len(t) for t in self.times), strict=True)),
            "illegal_actions": len(self.illegal),
            "invariant_breaks": len(self.breaks),
            "decisions_answered": sorted(self.decided),
        }


def side_labels(sides: list[str]) -> list[str]:
    """Labels for the sides: the level, numbered when both sides play the same one."""
    if len(set(sides)) == len(sides):
        return list(sides)
    return [f"{s}#{i + 1}" for i, s in enumerate(sides)]


def check_sides(sides: list[str]) -> str | None:
    """Why ``sides`` cannot play a match (None when they can)."""
    if len(sides) != 2:
        return "give two sides, like --sides normal,random"
    for side in sides:
        if side == "human":
            return "a match is played by the computer alone: 'human' cannot be a side"
        if side not in LEVELS:
            return f"unknown side {side!r}; choose from {', '.join(LEVELS)}"
    return None


def run_match(scenario: Scenario, sides: list[str], games: int, seed: int,
              progress: bool = False, max_actions: int = MAX_ACTIONS,
              scale: float = 1.0) -> MatchReport:
    """Play ``games`` games of ``scenario`` between ``sides`` (seats swapped every other
    game), each with the table's dice from ``seed`` and the game's number, stopping a game
    after ``max_actions`` (unfinished). ``scale`` shrinks the players' budgets, which are then
    counted in rehearsed actions only (quick, machine-independent test matches)."""
    report = MatchReport(side_labels(sides), wins=[0] * len(sides),
                         times=[[] for _ in sides])
    for index in range(games):
        seats = list(range(len(sides))) if index % 2 == 0 else list(reversed(range(len(sides))))
        result = play_game(scenario, sides, seats, seed, index, max_actions, scale)
        report.add(result)
        if progress:
            won = "draw" if result.winner is None else report.labels[result.winner]
            print(f"game {index + 1}/{games}: {won}"
                  f"{' (round limit)' if result.at_round_limit else ''}, "
                  f"{result.actions} actions", flush=True)
    return report


def play_game(scenario: Scenario, sides: list[str], seats: list[int], seed: int,
              index: int, max_actions: int = MAX_ACTIONS, scale: float = 1.0) -> GameResult:
    """One game: seat ``i`` (player number ``i + 1``) is played by side ``seats[i]``."""
    session = new_session(scenario)
    game = session.game
    numbers = [p.number for p in game.state.players]
    side_of = {numbers[i]: seats[i] for i in range(min(len(numbers), len(seats)))}
    players: dict[int, AiPlayer] = {
        number: make_player(sides[side], seed * 1000 + index // 2 * 10 + side,
                            clock=scale == 1.0, scale=scale)
        for number, side in side_of.items()}
    dice = table_dice(seed, index)
    times: dict[int, list[float]] = {side: [] for side in range(len(sides))}
    illegal: list[str] = []
    breaks: list[str] = []
    decided: set[str] = set()
    while len(game.log) < max_actions:
        node = game.pending()
        if isinstance(node, Over):
            break
        if isinstance(node, Chance):
            game.apply(dice.roll(node.dice))
        else:
            if isinstance(node, PlayerDecision):
                decided.add(node.kind)
            side = side_of.get(node.player, 0)
            started = time.process_time()
            action = players.get(node.player, players[numbers[0]]).choose(game).action
            times[side].append((time.process_time() - started) * 1000)
            _apply(game, action, illegal)
        breaks += [f"game {index + 1} action {len(game.log)}: {b}" for b in position_breaks(game)]
    breaks += [f"game {index + 1}: {b}" for b in event_breaks(game, game.events())]
    breaks += [f"game {index + 1}: {b}" for b in replay_breaks(game) + _save_breaks(session)]
    outcome = game.state.outcome
    winner = side_of.get(outcome.winner) if outcome and outcome.winner is not None else None
    return GameResult(winner, _at_limit(game), outcome is not None, len(game.log), times,
                      illegal, breaks, decided)


def table_dice(seed: int, index: int) -> OwnDice:
    """The table's dice of game ``index`` (from 0) of a match: one stream per pair of games
    (see the module's docstring)."""
    return OwnDice(random.Random(f"match:{seed}:{index // 2}"))


def _apply(game: Game, action: Action, illegal: list[str]) -> None:
    """Apply a computer's action; an illegal one is counted and the game's first legal
    action is played instead (so the match goes on)."""
    refusal = game.why_not(action)
    if refusal is None:
        game.apply(action)
        return
    illegal.append(f"{action}: {refusal}")
    game.apply(game.legal_actions()[0])


def _at_limit(game: Game) -> bool:
    """Whether the game ended at its round limit with more than one side on the board."""
    limit = game.ruleset.round_limit(game.state)
    sides = {u.owner for u in game.state.live_units()}
    return game.state.outcome is not None and limit is not None and \
        game.state.turn.round >= limit and len(sides) > 1


def _save_breaks(session: object) -> list[str]:
    """Whether a save of the game, written and loaded, gives back its state hash."""
    from game.scenario import Session

    assert isinstance(session, Session)
    with tempfile.TemporaryDirectory() as folder:
        path = write_save(session, Path(folder) / "match.json")
        loaded = load_save(path)
    if loaded.game.state_hash() != session.game.state_hash():
        return ["the saved and loaded game ends in another state"]
    return []


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 1) if values else 0.0


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)], 1)
