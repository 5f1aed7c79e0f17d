"""Saves: atomic writes, hash-verified loads, refusal of corrupt files, autosave."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import EndActivation, FreeRoll, MoveUnit
from game.scenario import (
    ScenarioError,
    attach_autosave,
    autosave_dir,
    load_save,
    load_scenario,
    new_session,
    write_save,
)
from game.scenario.saves import Session
from tests.conftest import SCENARIOS


def played_session() -> Session:
    session = new_session(load_scenario(SCENARIOS / "sandbox_table.toml"))
    for action in (MoveUnit("n1", 10.0, 8.0, 30.0), FreeRoll("2d6"), EndActivation()):
        session.game.apply(action)
    return session


def test_save_then_load_keeps_the_state_hash(tmp_path: Path) -> None:
    session = played_session()
    path = write_save(session, tmp_path / "game.json")
    loaded = load_save(path)
    assert loaded.game.state_hash() == session.game.state_hash()
    assert loaded.game.actions() == session.game.actions()


def test_save_writes_atomically_and_leaves_no_temp_files(tmp_path: Path) -> None:
    session = played_session()
    write_save(session, tmp_path / "game.json")
    write_save(session, tmp_path / "game.json")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_truncated_save_is_refused_and_the_previous_save_is_untouched(tmp_path: Path) -> None:
    session = played_session()
    good = write_save(session, tmp_path / "good.json")
    content = good.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content[: len(content) // 2])
    with pytest.raises(ScenarioError, match="corrupt or truncated"):
        load_save(bad)
    assert good.read_bytes() == content


def test_tampered_save_fails_the_hash_check(tmp_path: Path) -> None:
    session = played_session()
    path = write_save(session, tmp_path / "game.json")
    doc = json.loads(path.read_text())
    doc["actions"][0]["x"] = 12.0
    path.write_text(json.dumps(doc))
    with pytest.raises(ScenarioError, match=r"action 1 .* differs from the saved game's history"):
        load_save(path)


def test_save_with_wrong_shape_lists_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"format": "x", "actions": 3}))
    with pytest.raises(ScenarioError) as info:
        load_save(path)
    paths = {p.path for p in info.value.problems}
    assert {"format", "version", "scenario.text", "actions", "state_hash"} <= paths


def test_autosave_after_every_action_lets_a_crash_lose_nothing() -> None:
    session = new_session(load_scenario(SCENARIOS / "sandbox_table.toml"))
    target = attach_autosave(session).path
    assert target.parent == autosave_dir()
    session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    assert load_save(target).game.state_hash() == session.game.state_hash()
    session.game.undo()
    assert load_save(target).game.state_hash() == session.game.state_hash()
