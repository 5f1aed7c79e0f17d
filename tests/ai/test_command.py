"""``warbench ai suggest`` and ``warbench match`` (issue 25, docs/cli.md)."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.core.actions import parse
from game.scenario import load_scenario
from game.scenario.paths import scenario_source


def test_suggest_prints_the_action_and_its_reason_as_json(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    assert main(["ai", "suggest", "godsgloom_skirmish", "--level", "easy", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    doc = json.loads(last)
    ruleset = load_scenario(scenario_source("godsgloom_skirmish")).ruleset
    assert parse(doc["action"], ruleset.action_types())
    assert doc["reason"] and doc["ai_seed"] == 1 and doc["candidates"]


def test_suggest_is_the_same_for_the_same_ai_seed(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for _ in range(2):
        assert main(["ai", "suggest", "realms_range_four", "--level", "easy", "--ai-seed", "4",
                     "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out.strip().splitlines()[-1])["action"])
    assert outs[0] == outs[1]


def test_match_refuses_a_human_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "godsgloom_duel", "--sides", "human,normal"]) == 2
    assert "human" in capsys.readouterr().err


def test_match_prints_its_table_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "godsgloom_duel", "--sides", "random,random", "--games", "1",
                 "--json"]) == 0
    doc = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(doc["wins"]) == {"random#1", "random#2"}
    for key in ("draws", "round_limit", "decision_ms_p95", "illegal_actions",
                "invariant_breaks"):
        assert key in doc
    assert doc["illegal_actions"] == 0 and doc["invariant_breaks"] == 0
