"""One autosave per game, locked; a failed write never loses the action; resuming lists every
unfinished game (issue 10, "Lost games")."""

from __future__ import annotations

import errno
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import MoveUnit
from game.scenario import (
    Session,
    attach_autosave,
    autosave_path,
    load_save,
    load_scenario,
    new_session,
    unfinished_games,
)
from game.scenario import autosave as autosave_module
from tests.conftest import SCENARIOS


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh Warbench data folder for each test."""
    monkeypatch.setenv("WARBENCH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def other_process() -> Iterator[int]:
    """The id of another live process (standing in for a second Warbench window)."""
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as proc:
        yield proc.pid
        proc.kill()


def _session(name: str = "sandbox_table.toml", started: float = 1.7e9) -> Session:
    session = new_session(load_scenario(SCENARIOS / name))
    return Session(session.scenario, session.game, started=started)


def test_each_game_has_its_own_autosave_named_after_it_and_its_start() -> None:
    first = attach_autosave(_session(started=1.7e9))
    second = attach_autosave(_session(started=1.7e9 + 5))
    third = attach_autosave(_session("asoiaf_skirmish.toml", started=1.7e9))
    paths = {first.path, second.path, third.path}
    assert len(paths) == 3
    assert first.path.name == "Sandbox-river-crossing-20231114-221320.json"
    first.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    assert len(load_save(first.path).game.log) == 1
    assert not second.path.exists()  # untouched by the other game (and not played yet)


def test_a_game_nobody_played_leaves_no_autosave() -> None:
    unplayed = attach_autosave(_session(started=1.7e9))
    assert not unplayed.path.exists() and unfinished_games() == []
    unplayed.release()
    assert unfinished_games() == [] and not unplayed.lock_path.exists()
    played = attach_autosave(_session(started=1.7e9 + 5))
    played.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    assert [g.path for g in unfinished_games()] == [played.path]


def test_two_games_started_in_the_same_second_never_share_an_autosave() -> None:
    one = attach_autosave(_session(started=1.7e9))
    two = attach_autosave(_session(started=1.7e9))
    assert one.path != two.path and two.path.name.endswith("-copy2.json")


def test_another_window_holding_the_lock_gets_its_own_copy(other_process: int) -> None:
    session = _session()
    mine = autosave_module.autosave_dir() / autosave_module.autosave_name(session)
    mine.parent.mkdir(parents=True)
    lock = mine.with_name(mine.name + ".lock")
    lock.write_text(f"{other_process} abc")
    autosave = attach_autosave(session)
    assert autosave.path != mine
    assert lock.read_text() == f"{other_process} abc"  # the other window keeps its lock


def test_a_stale_lock_of_a_closed_window_is_taken_over() -> None:
    session = _session()
    mine = autosave_module.autosave_dir() / autosave_module.autosave_name(session)
    mine.parent.mkdir(parents=True)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    mine.with_name(mine.name + ".lock").write_text(f"{gone} old")
    assert attach_autosave(session).path == mine


def test_ending_one_game_never_deletes_another_games_autosave() -> None:
    one = attach_autosave(_session(started=1.7e9))
    two = attach_autosave(_session(started=1.7e9 + 60))
    two.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    one.finish()
    assert not one.path.exists() and not one.lock_path.exists()
    assert two.path.exists() and two.lock_path.exists()


def test_a_failed_autosave_write_keeps_the_action_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    autosave = attach_autosave(_session())
    reported: list[str] = []
    autosave.on_error.append(reported.append)
    real_write = autosave_module.atomic_write

    def disk_full(target: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autosave_module, "atomic_write", disk_full)
    game = autosave.session.game
    events = game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))  # must not raise
    assert events and len(game.log) == 1
    assert autosave.error is not None and "No space left" in autosave.error
    assert reported == [autosave.error]
    monkeypatch.setattr(autosave_module, "atomic_write", real_write)
    game.apply(MoveUnit("n1", 11.0, 8.0, 30.0))
    assert autosave.error is None
    assert load_save(autosave.path).game.state_hash() == game.state_hash()


def test_resuming_lists_every_unfinished_game_newest_first() -> None:
    old = attach_autosave(_session(started=1.7e9))
    new = attach_autosave(_session("asoiaf_skirmish.toml", started=1.7e9 + 100))
    over = attach_autosave(_session("asoiaf_skirmish.toml", started=1.7e9 + 200))
    for played in (new, over):
        played.write()  # as after an action (an unplayed game writes nothing)
    doc = json.loads(over.path.read_text())
    doc["over"] = True
    over.path.write_text(json.dumps(doc))
    old.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    games = unfinished_games()
    assert [g.path for g in games] == [new.path, old.path]
    assert games[1].actions == 1 and games[0].name == new.session.scenario.name
    assert all(g.open_elsewhere for g in games)  # both are open (locked) right now
    new.release()
    assert autosave_path() == new.path  # the newest game nobody has open
    assert not unfinished_games()[0].open_elsewhere


def test_a_resumed_game_goes_on_in_its_own_autosave() -> None:
    first = attach_autosave(_session())
    first.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    first.release()
    resumed = load_save(first.path)
    again = attach_autosave(resumed)
    assert again.path == first.path
    resumed.game.apply(MoveUnit("n1", 12.0, 8.0, 30.0))
    assert len(load_save(first.path).game.log) == 2


def test_the_listing_skips_broken_files_and_cleans_stale_temp_files() -> None:
    folder = autosave_module.autosave_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json")
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000)
    stale = folder / ".broken.json.ab12cd34.tmp"
    stale.write_text("half")
    import os

    os.utime(stale, (1, 1))
    start = time.process_time()
    assert unfinished_games() == []
    assert time.process_time() - start < 2.0
    assert not stale.exists()


def test_an_unusable_data_folder_is_reported_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("WARBENCH_DATA_DIR", str(blocker))
    reported: list[str] = []
    autosave = attach_autosave(_session(), on_error=reported.append)
    assert autosave.error is not None and reported == [autosave.error]
    autosave.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    assert len(autosave.session.game.log) == 1


def test_loading_an_older_save_of_a_game_never_overwrites_its_newer_autosave(
    tmp_path: Path,
) -> None:
    from game.scenario import write_save

    live = attach_autosave(_session())
    older = write_save(live.session, tmp_path / "older.json")  # a Ctrl+S save, 0 actions
    live.session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    live.release()  # the window closes; the autosave has 1 action
    reopened = attach_autosave(load_save(older))
    assert reopened.path != live.path
    assert len(load_save(live.path).game.log) == 1


def test_the_autosave_text_is_the_save_document_after_actions_undos_and_redos() -> None:
    """Issue 32: the autosave works out only the actions since its last write; after every
    action, undo and redo its file reads as the whole save document written afresh, and
    loads to the same state."""
    from game.scenario.saves import save_document

    autosave = attach_autosave(_session())
    game = autosave.session.game
    moves = [MoveUnit("n1", 10.0 + k, 8.0, 30.0) for k in range(4)]
    steps = [lambda m=m: game.apply(m) for m in moves[:3]]
    steps += [lambda: game.undo(), lambda: game.undo(), lambda: game.redo(),
              lambda: game.apply(moves[3])]
    for step in steps:
        step()
        written = json.loads(autosave.path.read_text("utf-8"))
        assert written == json.loads(json.dumps(save_document(autosave.session)))
        assert load_save(autosave.path).game.state_hash() == game.state_hash()
    assert len(written["actions"]) == len(game.log) == 3
