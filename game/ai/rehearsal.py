"""The computer player's own copy of a game, and its own dice: honesty by construction.

The game's dice are counter-based on its seed (the n-th roll of a game is always the same), so a
copy of the game that rolled its dice would see the table's future. A rehearsal copy therefore
forgets the table's dice -- the seed, the counter and any scripted dice -- before the computer
tries anything on it, and every chance node on it is answered with an explicit ``dice`` action
whose results come from the computer's own :class:`random.Random` (:class:`OwnDice`), never with
``rolldice``. The copy keeps no undo history (the computer throws it away), which makes trying
an action several times cheaper than on the table's game.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass

from game.core.actions import Dice, DiceSpec
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.ruleset import Ruleset
from game.core.state import GameState


def checkpoint() -> None:
    """Hand the interpreter to the other threads for a moment when searching in a worker
    thread (called between rehearsed actions and checks): the window's thread, which draws
    while the computer thinks, then waits for the interpreter lock a few microseconds instead
    of a whole switch interval. Nothing happens in the main thread (a headless match)."""
    if threading.current_thread() is not threading.main_thread():
        time.sleep(0)


def rehearsal(game: Game) -> Game:
    """A copy of ``game``'s present for the computer to try actions on: same position, no
    knowledge of the table's dice (seed 0, counter 0, no scripted dice), no history."""
    return Game(_forgetful(game.state), game.ruleset, started=True, history=False)


def detached(game: Game, ruleset: Ruleset) -> Game:
    """A copy of ``game`` that shares nothing mutable with it, for a search in another thread
    while the table goes on drawing the live game: the position (the table's dice forgotten,
    as in :func:`rehearsal`), the log (a player reads how many actions were played and its
    own run of actions from it) and ``ruleset``, a ruleset object of its own (a ruleset
    remembers answers per position, so two threads must never share one)."""
    copy = Game(_forgetful(game.state), ruleset, started=True, history=False)
    copy.log = list(game.log)
    return copy


def _forgetful(state: GameState) -> GameState:
    """A snapshot of ``state`` without the table's dice: seed 0, counter 0, nothing scripted."""
    copy = snapshot(state)
    copy.seed = 0
    copy.dice_drawn = 0
    copy.scripted_dice = []
    return copy


def branch(copy: Game) -> Game:
    """Another rehearsal copy of a rehearsal copy's present (which already forgot the dice)."""
    return Game(snapshot(copy.state), copy.ruleset, started=True, history=False)


@dataclass
class OwnDice:
    """The computer's own dice: results from its own generator, given as ``dice`` actions."""

    rng: random.Random

    def roll(self, spec: DiceSpec) -> Dice:
        """One throw of ``spec``."""
        return Dice(tuple(self.rng.randint(1, spec.sides) for _ in range(spec.count)))

    @staticmethod
    def every_throw(spec: DiceSpec) -> list[Dice]:
        """Every ordered throw of ``spec`` (equally likely), for an exact expectation."""
        throws: list[tuple[int, ...]] = [()]
        for _ in range(spec.count):
            throws = [(*t, face) for t in throws for face in range(1, spec.sides + 1)]
        return [Dice(t) for t in throws]
