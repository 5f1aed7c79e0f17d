"""Drivers for play-by-file tests: a random player's brain, the CLI in a subprocess, and an
in-process exchange of files between two players' stores."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.core.actions import Action, Dice
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.pbf.session import new_game, receive, start_turn
from game.pbf.store import GameStore
from game.pbf.turnfile import TurnFile, digest, render
from game.pbf.writer import TurnWriter

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CLI_TIMEOUT = 60


def pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, keen on fighting (so that games end)."""
    node = game.pending()
    if isinstance(node, Chance):
        return Dice(tuple(rng.randint(1, node.dice.sides) for _ in range(node.dice.count)))
    options = game.legal_actions()
    assert options, f"nothing legal at {node}"
    if not isinstance(node, PlayerDecision):
        keen = [a for a in options if a.verb in ("charge", "attack", "melee", "shoot")]
        moves = [a for a in options if a.verb in ("advance", "march", "activate")]
        for pool, chance in ((keen, 0.85), (moves, 0.7)):
            if pool and rng.random() < chance:
                return rng.choice(pool)
    return rng.choice(options)


def plan_turn(writer: TurnWriter, rng: random.Random, limit: int = 400) -> list[str]:
    """Play random actions on ``writer`` until the turn passes; return them as text lines."""
    lines: list[str] = []
    for _ in range(limit):
        if not writer.waiting_for_me():
            return lines
        action = pick(writer.game, rng)
        writer.apply(action)
        lines.append(str(action))
    raise AssertionError("a turn that never ends")


def planned_lines(path: Path, home: Path, rng: random.Random,
                  first: Sequence[str] = ()) -> list[str]:
    """What a random player would answer to ``path`` after ``first`` (read-only: the player's
    brain, nothing is kept; the CLI then plays these lines for real)."""
    received = receive(str(path), home)
    side = received.side
    assert side is not None
    writer = TurnWriter(received.replay, side, GameStore(home, received.turn.game_id))
    for line in first:
        writer.apply_line(line)
    return [*first, *plan_turn(writer, rng)]


def cli(args: Sequence[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``warbench`` in a subprocess (bounded in time)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, text=True,
                          capture_output=True, env=env, cwd=ROOT, timeout=CLI_TIMEOUT,
                          check=False)


@dataclass
class Table:
    """Two players' stores and the files exchanged between them."""

    homes: dict[int, Path]
    files: list[Path]
    outbox: Path


def play_turn(path: Path, home: Path, rng: random.Random, outbox: Path,
              lines: Sequence[str] = ()) -> tuple[Path, TurnFile]:
    """Receive ``path`` in ``home``, apply ``lines`` then random actions, and mail the answer."""
    received = receive(str(path), home)
    writer = start_turn(received)
    for line in lines:
        writer.apply_line(line)
    plan_turn(writer, rng)
    turn = writer.finish()
    received.store.save_turn(turn)
    outbox.mkdir(parents=True, exist_ok=True)
    target = outbox / f"turn-{turn.sequence:04d}-{turn.sender}-{digest(turn)[:6]}.txt"
    target.write_text(render(turn), encoding="utf-8")
    return target, turn


def exchange_in_process(scenario: Path, tmp: Path, seed: int, dice: str = "sealed",
                        orders: Sequence[str] = (), max_files: int = 400) -> Table:
    """A whole game played by two stores exchanging files, in this process."""
    rng = random.Random(seed)
    homes = {1: tmp / "alice", 2: tmp / "bob"}
    outbox = tmp / "mail"
    outbox.mkdir(parents=True, exist_ok=True)
    path, turn = new_game(scenario, ["Alice", "Bob"], homes[1], 1, dice)
    files = [path]
    side = 2
    while turn.next_player is not None and len(files) < max_files:
        lines = orders if turn.sequence == 0 else ()
        target, turn = play_turn(files[-1], homes[side], rng, outbox, lines)
        files.append(target)
        side = 2 if side == 1 else 1
    return Table(homes, files, outbox)
