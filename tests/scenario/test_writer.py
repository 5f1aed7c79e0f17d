"""The scenario writer (issue 26): every shipped scenario, loaded, written and loaded again,
gives the same model and the same initial state hash; the written file is readable TOML
with a comment header, and writing is atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.hashing import state_hash
from game.scenario import load_scenario, load_scenario_text
from game.scenario.paths import shipped_scenarios
from game.scenario.writer import leading_comments, scenario_text, write_file, write_text

SHIPPED = shipped_scenarios()


@pytest.mark.parametrize("resource", SHIPPED, ids=[r.name for r in SHIPPED])
def test_every_shipped_scenario_round_trips(resource: object) -> None:
    first = load_scenario(resource)  # type: ignore[arg-type]
    text = scenario_text(first.model, leading_comments(first.text))
    second = load_scenario_text(text, "written.toml")
    assert second.model == first.model
    assert state_hash(second.state) == state_hash(first.state)
    # writing the written file again changes nothing: the form is stable
    assert scenario_text(second.model, leading_comments(text)) == text


def test_the_header_and_sections_read_like_the_docs() -> None:
    scenario = load_scenario(next(r for r in SHIPPED if r.name == "sandbox_table.toml"))
    text = scenario_text(scenario.model, ["Built with the battle builder"])
    assert text.startswith("# Built with the battle builder\n\n[scenario]\n")
    assert "\n[[units]]\n" in text and "\n[[players]]\n" in text
    assert ".0," not in text.split("[[units]]")[1].split("\n")[4]  # at = [18, 8], not 18.0


def test_awkward_text_and_numbers_survive() -> None:
    data = {
        "scenario": {"name": 'A "quoted"\nname \\ ünï', "ruleset": "sandbox", "seed": 3,
                     "description": "tab\there"},
        "table": {"width": 48.5, "height": 36.0},
        "players": [{"name": "N", "colour": "#000000"}, {"name": "S", "colour": "#ffffff"}],
        "units": [{"id": "a", "side": 1, "profile": "infantry", "at": [3.0000001, 2.5],
                   "facing": -0.0},
                  {"id": "b", "side": 2, "stats": {"width": 6.0, "depth": 3, "files": 2},
                   "at": [20.0, 20.0]}],
    }
    loaded = load_scenario_text(write_text(data), "x.toml")
    assert loaded.model.scenario.name == data["scenario"]["name"]  # type: ignore[index]
    stats = loaded.model.units[1].stats or {}
    assert isinstance(stats["width"], float) and isinstance(stats["depth"], int)
    assert str(loaded.model.units[0].at) == "(3.0000001, 2.5)"
    assert str(loaded.model.units[0].facing) == "-0.0"


def test_write_file_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "battle.toml"
    write_file(target, "old = 1\n")

    def broken(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_file(target, "new = 2\n")
    assert target.read_text() == "old = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["battle.toml"]  # no temporary left
