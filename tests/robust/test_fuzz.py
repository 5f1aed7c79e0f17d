"""``warbench bench fuzz`` (issue 28.12): every file kind (scenarios, saves, lessons, turn
files, settings) and hostile action values, each input in a child process with a memory cap
and a time limit that stops even a stuck C call, and the loaded state's invariants checked.
The suite runs a small deterministic sample; ``warbench bench fuzz --count 20000`` runs the
same generator at length (docs/limits.md has the figures)."""

from __future__ import annotations

import re

from game.bench.fuzz import KINDS, run
from game.bench.fuzz_child import isolated, state_problems
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


def test_a_sample_of_every_file_kind_lets_nothing_escape_hang_or_load_invalid() -> None:
    assert set(KINDS) == {"scenario", "save", "lesson", "turn", "settings", "action", "list"}
    report = run(70, seed=0)
    assert report.escapes == [] and report.hangs == [] and report.invalid == []
    for kind in KINDS:
        assert report.inputs[kind] == 10
        assert report.refused[kind] > 0  # hostile inputs were refused


def test_a_stuck_c_call_is_stopped_at_the_time_limit() -> None:
    """A catastrophic regular expression holds the interpreter in C: no signal handler runs,
    so only killing the child stops it."""
    def stuck() -> tuple[bool, list[str]]:
        re.match(r"(a+)+$", "a" * 64 + "b")
        return True, []

    result = isolated(stuck, (), 1.5)
    assert result.outcome == "hang" and result.seconds < 10


def test_the_memory_cap_turns_a_runaway_allocation_into_a_reported_escape() -> None:
    def greedy() -> tuple[bool, list[str]]:
        block = bytearray(8_000_000_000)
        return bool(block), []

    result = isolated(greedy, (), 30)
    assert result.outcome == "escape" and "MemoryError" in result.detail


def test_the_invariants_catch_a_broken_state() -> None:
    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    assert state_problems(game) == []
    next(iter(game.state.units.values())).owner = 9
    assert any("belongs to no seated player" in p for p in state_problems(game))
    result = isolated(lambda: (True, state_problems(game)), (), 30)
    assert result.outcome == "invalid"
