"""Drivers for play-by-file tests: a random player's brain, the CLI in a subprocess, a whole
game played by two CLI processes, and an in-process exchange of files between two players'
stores."""

from __future__ import annotations

import os
import random
import secrets
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.core.actions import Action, Dice, EndActivation
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.pbf.session import new_game, receive, start_turn
from game.pbf.store import GameStore
from game.pbf.turnfile import TurnFile, digest, read_turn_file, render
from game.pbf.writer import TurnWriter
from tests.pbf.seeded_cli import seeded_token_hex

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CLI_TIMEOUT = 60
TABLE_MOVES = ("move", "turn")
"""The sandbox's buttons whose offers a random player uses (its only legal action is 'end')."""


def pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, keen on fighting (so that games end)."""
    node = game.pending()
    if isinstance(node, Chance):
        return Dice(tuple(rng.randint(1, node.dice.sides) for _ in range(node.dice.count)))
    options = game.legal_actions()
    assert options, f"nothing legal at {node}"
    if options == [EndActivation()] and rng.random() < 0.6:
        options = _table_moves(game, node.player) or options
    if not isinstance(node, PlayerDecision):
        keen = [a for a in options if a.verb in ("charge", "attack", "melee", "shoot")]
        moves = [a for a in options if a.verb in ("advance", "march", "activate")]
        for pool, chance in ((keen, 0.85), (moves, 0.7)):
            if pool and rng.random() < chance:
                return rng.choice(pool)
    return rng.choice(options)


def _table_moves(game: Game, player: int) -> list[Action]:
    """The free moves and turns the table offers for ``player``'s units (the sandbox's)."""
    state = game.state
    return [offer.action for unit in state.live_units(player)
            for command in game.ruleset.commands(state, unit.id) if command.key in TABLE_MOVES
            for offer in command.offers]


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
                  first: Sequence[str] = (), secrets_seed: str = "brain") -> list[str]:
    """What a random player would answer to ``path`` after ``first`` (read-only: the player's
    brain, nothing is kept; the CLI then plays these lines for real). The brain's secrets come
    from ``secrets_seed`` (the CLI's own for the file it will write, so the brain rolls the
    dice the CLI will), never from whatever earlier tests of this process drew."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secrets, "token_hex", seeded_token_hex(random.Random(secrets_seed)))
        return _planned_lines(path, home, rng, first)


def _planned_lines(path: Path, home: Path, rng: random.Random,
                   first: Sequence[str]) -> list[str]:
    received = receive(str(path), home)
    side = received.side
    assert side is not None
    writer = TurnWriter(received.replay, side, GameStore(home, received.turn.game_id))
    for line in first:
        writer.apply_line(line)
    return [*first, *plan_turn(writer, rng)]


def cli(args: Sequence[str], stdin: str = "",
        secrets_seed: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``warbench`` in a subprocess (bounded in time); with ``secrets_seed`` its secrets
    come from that seed (tests/pbf/seeded_cli.py), so its sealed dice are the same every run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    entry = ["game"] if secrets_seed is None else ["tests.pbf.seeded_cli", secrets_seed]
    return subprocess.run([sys.executable, "-m", *entry, *args], input=stdin, text=True,
                          capture_output=True, env=env, cwd=ROOT, timeout=CLI_TIMEOUT,
                          check=False)


@dataclass
class ByPost:
    """A game played by two CLI processes: the files mailed, what each ``pbf play`` that wrote
    one printed (``said[i]`` wrote ``files[i]``; ``said[0]`` is ``pbf new``), and what the
    receiver of the last file is shown."""

    files: list[Path]
    said: list[str]
    last: subprocess.CompletedProcess[str]
    homes: dict[int, Path]


def play_by_cli(scenario: Path, tmp: Path, seed: int,
                openings: Mapping[int, Sequence[str]] | None = None, max_files: int = 40,
                budget_seconds: float = 400) -> ByPost:
    """Alice and Bob, each with their own store, play ``scenario`` through ``warbench pbf``
    subprocesses that exchange only the files, until the game is over (or ``max_files``
    files, for a game without an end). Each answer is the random brain's turn, after the
    lines ``openings[i]`` for file ``i``; every process has fixed secrets (from ``seed`` and
    the file it writes), so the game is the same on every run."""
    rng, openings = random.Random(seed), openings or {}
    homes = {1: tmp / "alice", 2: tmp / "bob"}
    first = tmp / "mail" / "turn-0000.txt"
    done = cli(["pbf", "new", str(scenario), "--players", "Alice,Bob", "--home", str(homes[1]),
                "--out", str(first)], secrets_seed=f"{seed}:0")
    assert done.returncode == 0, done.stderr
    assert "Send it to Bob" in done.stdout
    files, said, side, began = [first], [done.stdout], 2, time.monotonic()
    while read_turn_file(str(files[-1])).next_player is not None and len(files) < max_files:
        assert time.monotonic() - began < budget_seconds
        n = len(files)
        lines = planned_lines(files[-1], homes[side], rng, openings.get(n, ()), f"{seed}:{n}")
        out = first.with_name(f"turn-{n:04d}.txt")
        done = cli(["pbf", "play", str(files[-1]), "--home", str(homes[side]), "--actions", "-",
                    "--out", str(out)], "\n".join(lines) + "\n", secrets_seed=f"{seed}:{n}")
        assert done.returncode == 0, done.stderr
        assert f"Wrote file {n}: {out}" in done.stdout
        files.append(out)
        said.append(done.stdout)
        side = 2 if side == 1 else 1
    last = cli(["pbf", "play", str(files[-1]), "--home", str(homes[side])])
    assert last.returncode == 0, last.stderr
    return ByPost(files, said, last, homes)


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
