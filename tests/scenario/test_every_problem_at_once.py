"""``warbench check`` reports every problem at once (issue 29): a key typo does not hide a
wrong ruleset name or a hex facing out of range, nor does a wrong ruleset name hide the
facing."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenario import ScenarioError, load_scenario_text

NIGHT = Path(__file__).resolve().parents[2] / "scenarios" / "realms_night_precision.toml"


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "bad.toml")
    return [f"{p.path}: {p.message}" for p in caught.value.problems]


def _broken(typo: bool, ruleset: bool, facing: bool) -> str:
    text = NIGHT.read_text()
    if typo:
        text = text.replace("facing = 1\n", "facin = 1\n", 1)
    if ruleset:
        text = text.replace('ruleset = "realms"', 'ruleset = "realmz"')
    if facing:
        text = text.replace("facing = 4\n", "facing = 9\n", 1)
    return text


def test_a_key_typo_hides_neither_the_ruleset_nor_the_facing() -> None:
    found = _problems(_broken(True, True, True))
    assert any("facin" in p and "unknown key" in p for p in found), found
    assert any(p.startswith("scenario.ruleset: unknown ruleset 'realmz'") for p in found)
    assert any(p.startswith("units[1].facing: a hex facing") for p in found), found
    assert len(found) == 3


def test_a_wrong_ruleset_name_does_not_hide_the_facing() -> None:
    found = _problems(_broken(False, True, True))
    assert len(found) == 2 and any(p.startswith("units[1].facing") for p in found), found
