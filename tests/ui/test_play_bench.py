"""``warbench bench play`` (issues 12, 14, 15; issue 24: every ruleset's own bench table,
built through the contract): each declared table loads with the units it promises, each case
reports the figures the issues name, and the command prints one JSON line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import rulesets
from game.core.state import HexBoard
from game.scenario import load_scenario_text
from game.ui import play_bench

KEYS = {"select_ms_p95", "hover_first_ms_p95", "hover_next_ms_p95", "commit_ms_median",
        "commit_ms_p95", "zoom_still_ms_p95", "pan_ms_max", "unit_actions_ms_median",
        "rss_mib_after_500_actions", "hash_ms_growth", "odds_ms_cold", "odds_ms_warm", "units",
        "ruleset"}


def test_every_declared_bench_table_loads_with_its_units() -> None:
    """Each ruleset's ``bench_table(n)`` is a valid scenario of its own ruleset with n units
    (the loader's unit limit raised as the table says); realms' smallest is 20 x 20 spaces."""
    declared = [(e.name, n) for e in rulesets.RULESETS for n in e.cls.bench_sizes]
    assert {name for name, _ in declared} >= {"asoiaf", "ninth_age", "realms", "godsgloom"}
    for name, n in declared:
        table = rulesets.create(name).bench_table(n, play_bench.SEED)
        assert table is not None
        scenario = load_scenario_text(table.text, "bench.toml", max_units=table.max_units)
        assert scenario.ruleset.name == name and len(scenario.state.units) == n, name
        if name == "realms" and n == 20:
            assert isinstance(scenario.state.board, HexBoard)
            assert len(scenario.state.board.cells) == 400


@pytest.mark.parametrize("name", ["realms", "ninth_age", "godsgloom"])
def test_each_case_reports_the_figures_of_play_as_played(name: str, tmp_path: Path) -> None:
    """Selects after real actions, first and next hovers, commits through the panel with the
    autosave written, the long game's memory and hash figures (a few actions here)."""
    n = rulesets.entry(name).cls.bench_sizes[0]
    figures = play_bench.measure(name, n, tmp_path, actions=6)
    assert set(figures) >= KEYS
    assert figures["ruleset"] == name
    assert figures["select_ms_p95"] > 0 and figures["hover_first_ms_p95"] > 0
    assert figures["commit_ms_p95"] > 0, "no action was committed through the panel"
    assert figures["actions_played"] == 6
    assert list((tmp_path / "autosaves").glob("*.json")) or list(tmp_path.rglob("*.json")), \
        "the autosave was not attached"


def test_the_long_game_plays_on_in_a_new_game_when_one_ends(tmp_path: Path) -> None:
    """A game of the smallest Ninth Age table is over in ~50 random actions: the memory
    figure is still taken after all the actions asked, the next game opened in the same
    window (its autosave held, the ended one's released), as a long evening of play does."""
    table = rulesets.create("ninth_age").bench_table(10, play_bench.SEED)
    assert table is not None
    d = play_bench.Driver(table.text, tmp_path, table.max_units, "bench-long")
    figures = play_bench._long_game(d, random.Random(10), 80)
    play_bench._close(d)
    assert figures["actions_played"] == 80
    assert figures["games_played"] >= 2 and d.games == figures["games_played"]
    assert d.scene.game is not None and len(d.scene.game.log) < 80


def test_a_ruleset_without_a_bench_table_is_skipped() -> None:
    assert play_bench.cases(["sandbox", "realms"], None) == [
        ("realms", 20), ("realms", 50), ("realms", 200)]


def test_main_prints_one_json_line(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(play_bench, "REFERENCE_LOOP", 50_000)
    monkeypatch.setattr(play_bench, "measure",
                        lambda name, n, data, actions: {"ruleset": name, "select_ms_p95": 1.0})
    assert play_bench.main(["--json", "--ruleset", "realms"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["tables"]["realms 20"]["ruleset"] == "realms" and "load" in last
    assert last["tables"]["realms 20"]["machine_ms"] > 0  # how fast the machine ran it
