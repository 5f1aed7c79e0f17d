"""A bounded, deterministic fuzz run in the suite: 2,000 hostile scenarios, saves, settings
files and action values (fixed seeds); nothing may escape but the loader's FileError or an
action's refusal. ``warbench bench fuzz --count 20000`` runs the same generator at length."""

from __future__ import annotations

from game.bench.fuzz import KINDS, run


def test_two_thousand_hostile_inputs_let_nothing_escape() -> None:
    report = run(2_000, seed=0)
    assert report.escapes == []  # an input running past a minute counts as an escape (hang)
    for kind in KINDS:
        assert report.inputs[kind] == 500
        assert report.refused[kind] > 0  # hostile inputs were refused...
        assert report.accepted[kind] > 0  # ...and some mutants were still valid, and played
