"""``warbench bench play --ruleset ninth_age|realms`` (issues 14 and 15 measure their hover,
select and odds with it): the cases load and report the figures the issues name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.scenario import load_scenario_text
from game.ui import play_bench, play_bench_rulesets

KEYS = {"select_ms_p95", "hover_ms_p95", "odds_ms_cold", "odds_ms_warm", "units", "ruleset"}


def test_realms_board_is_20_by_20_with_20_units() -> None:
    scenario = load_scenario_text(play_bench_rulesets.realms_text(), "bench.toml")
    assert scenario.ruleset.name == "realms"
    assert len(scenario.state.units) == 20
    assert len(scenario.state.board.cells) == 400


@pytest.mark.parametrize("name", ["realms", "ninth_age"])
def test_each_case_reports_the_figures(name: str, tmp_path: Path) -> None:
    figures = play_bench_rulesets.measure(name, tmp_path)
    assert set(figures) >= KEYS
    assert figures["ruleset"] == name
    assert figures["odds_pairs"] > 0, "no pair had odds to time"
    assert figures["select_ms_p95"] > 0 and figures["hover_ms_p95"] > 0


def test_main_prints_one_json_line(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(play_bench_rulesets, "measure",
                        lambda name, data: {"ruleset": name, "select_ms_p95": 1.0})
    assert play_bench.main(["--json", "--ruleset", "realms"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["ruleset"] == "realms" and "load" in last
