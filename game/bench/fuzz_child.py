"""One fuzz input in a child process: a memory cap, a time limit that stops even a stuck C
call, and the invariants a loaded game must hold (issue 28.12).

:func:`isolated` forks, caps the child's address space (``RLIMIT_AS``) and runs the input
there; the parent waits at most the time limit and kills the child after it (a hang). The child
sends back one line of JSON: the outcome (``accepted``, ``refused`` or ``escape``), what
escaped, and the problems :func:`state_problems` found in the state the input loaded (an
*invalid state*). Where there is no ``fork`` (Windows), the input runs in this process without
either limit.
"""

from __future__ import annotations

import json
import math
import os
import select
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.game import MAX_ACTIONS, Game
from game.core.hashing import state_hash
from game.core.pending import Chance, Over, PlayerDecision

MEMORY_CAP_BYTES = 1_500_000_000
"""Address space a fuzz input may add to the parent's (a loader that tries to take more gets a
``MemoryError``, reported as an escape, instead of the machine's memory)."""

Outcome = tuple[bool, list[str]]
"""What an input gives when it does not raise: (accepted, problems of the loaded state)."""

Refusals = tuple[type[BaseException], ...]


@dataclass
class Result:
    """One input's result as the parent sees it."""

    outcome: str
    """``accepted``, ``refused``, ``escape``, ``hang`` or ``invalid``."""
    detail: str = ""
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


def isolated(work: Callable[[], Outcome], refusals: Refusals, limit: float) -> Result:
    """Run ``work`` in a capped child process (see module docstring)."""
    if not hasattr(os, "fork"):
        return _in_process(work, refusals)
    read_end, write_end = os.pipe()
    began = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: cap, run, report, leave without cleanup handlers
        os.close(read_end)
        code = 0
        try:
            _cap_memory()
            result = _in_process(work, refusals)
            os.write(write_end, json.dumps(result.__dict__).encode("utf-8")[:60_000])
        except BaseException:  # nothing may stop the child from leaving
            code = 3
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        return _collect(pid, read_end, limit, began)
    finally:
        os.close(read_end)


def _collect(pid: int, read_end: int, limit: float, began: float) -> Result:
    """Read the child's line within ``limit`` seconds; kill it after that (a hang)."""
    chunks: list[bytes] = []
    while True:
        left = limit - (time.perf_counter() - began)
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return Result("hang", f"still running after {limit:.0f} s (killed)", limit)
        ready, _, _ = select.select([read_end], [], [], min(left, 1.0))
        if not ready:
            continue
        chunk = os.read(read_end, 65_536)
        if not chunk:
            break
        chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    took = time.perf_counter() - began
    if not chunks:
        how = (f"killed by signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
               else f"exit status {os.waitstatus_to_exitcode(status)}")
        return Result("escape", f"the child died without a result ({how})", took)
    data = json.loads(b"".join(chunks).decode("utf-8"))
    return Result(data["outcome"], data["detail"], took, data["problems"])


def _cap_memory() -> None:
    """Cap this (child) process's address space at its present size plus the fuzz cap."""
    import resource

    size = _address_space()
    cap = size + MEMORY_CAP_BYTES
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _address_space() -> int:
    """This process's virtual memory size in bytes (``VmSize``), 0 if unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _in_process(work: Callable[[], Outcome], refusals: Refusals) -> Result:
    """Run ``work`` here: a refusal, an acceptance (with its state's problems) or an escape."""
    began = time.perf_counter()
    try:
        accepted, problems = work()
    except refusals:
        return Result("refused", "", time.perf_counter() - began)
    except Exception as exc:  # an escape is what the fuzzer looks for
        where = traceback.extract_tb(exc.__traceback__)[-1:]
        at = f" at {where[0].filename.rsplit('/', 2)[-1]}:{where[0].lineno}" if where else ""
        return Result("escape", f"{type(exc).__name__}: {str(exc)[:160]}{at}",
                      time.perf_counter() - began)
    outcome = "invalid" if problems else ("accepted" if accepted else "refused")
    return Result(outcome, "; ".join(problems)[:300], time.perf_counter() - began, problems)


# --- invariants ------------------------------------------------------------------------------


def state_problems(game: Game, replay: bool = True) -> list[str]:
    """What is wrong with a loaded game: its state (players, turn, units, dice), its questions
    (pending, legal actions: each one legal by its own check) and, with ``replay``, that its
    log replays to the same state hash."""
    problems = _state_shape(game)
    try:
        node = game.pending()
        if not isinstance(node, Over):
            offered = game.legal_actions()
            for action in offered[:8]:
                refusal = game.why_not(action)
                if refusal is not None:
                    problems.append(f"offered action '{action}' is refused: {refusal}")
            if isinstance(node, PlayerDecision | Chance) and node.player not in _players(game):
                problems.append(f"the game waits for player {node.player}, who is not seated")
    except Exception as exc:  # a loaded game that cannot answer its own questions
        problems.append(f"the loaded game fails a question ({type(exc).__name__}: {exc})")
    if replay and not problems and game.log:
        again = game.replayed()
        if state_hash(again.state) != state_hash(game.state):
            problems.append("the game's log does not replay to the same state")
    return problems


def _players(game: Game) -> set[int]:
    return {p.number for p in game.state.players}


def _state_shape(game: Game) -> list[str]:
    state, problems = game.state, []
    players = _players(game)
    if len(players) != len(state.players) or not players:
        problems.append("players are missing or numbered twice")
    if state.turn.active not in players:
        problems.append(f"the active player {state.turn.active} is not seated")
    if state.turn.round < 1:
        problems.append(f"round {state.turn.round}")
    if state.dice_drawn < 0 or any(not 1 <= d <= 100 for d in state.scripted_dice):
        problems.append("the dice counter or the scripted dice are out of range")
    if len(game.log) > MAX_ACTIONS:
        problems.append(f"{len(game.log)} actions recorded, over the limit")
    for unit in state.units.values():
        if unit.owner not in players:
            problems.append(f"unit {unit.id} belongs to no seated player")
        tray = unit.tray
        if tray is not None and not all(math.isfinite(v) for v in (
                tray.x, tray.y, tray.facing, tray.width, tray.depth)):
            problems.append(f"unit {unit.id} has a tray that is not finite")
        if tray is not None and (tray.width <= 0 or tray.depth <= 0):
            problems.append(f"unit {unit.id} has an empty tray")
    return problems
