"""Issue 28, saves and every loader: a save's history is hash-chained (7), an interrupted
Ctrl+S leaves no empty save and no temp file for good (8), lessons use the safe parser (9),
lesson and turn files are sized before they are read (10), ``Game.undo(by=-1)`` is a refusal
(11); and issue 23.3: a file from a newer Warbench is refused naming both versions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import game
from game.cli import main
from game.core import EndActivation, FreeRoll, IllegalAction, MoveUnit
from game.learn.loader import load_lesson, load_lesson_text
from game.pbf.turnfile import PbfError, read_turn_file
from game.scenario import FileError, load_save, load_scenario, new_session, write_save
from game.scenario.saves import Session
from tests.conftest import DATA, SCENARIOS

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "game" / "learn" / "lessons"


def _session() -> Session:
    session = new_session(load_scenario(SCENARIOS / "sandbox_table.toml"))
    for action in (MoveUnit("n1", 10.0, 8.0, 30.0), FreeRoll("2d6"), FreeRoll("1d6"),
                   EndActivation()):
        session.game.apply(action)
    return session


def test_a_save_with_a_changed_history_is_refused_naming_the_first_action(
        tmp_path: Path) -> None:
    """Issue 28.7: the final state alone is not enough; the chain names action 2."""
    path = write_save(_session(), tmp_path / "s.json")
    doc = json.loads(path.read_text())
    assert len(doc["history"]) == len(doc["actions"]) == 4
    doc["actions"][1], doc["actions"][2] = doc["actions"][2], doc["actions"][1]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(doc))
    with pytest.raises(FileError, match=r"action 2 'roll 1d6 .*' differs from the saved game's "
                       "history"):
        load_save(forged)


def test_a_version_2_save_without_a_history_still_loads(tmp_path: Path) -> None:
    session = _session()
    doc = json.loads(write_save(session, tmp_path / "s.json").read_text())
    del doc["history"], doc["warbench"]
    doc["version"] = 2
    old = tmp_path / "v2.json"
    old.write_text(json.dumps(doc))
    loaded = load_save(old)
    assert loaded.game.state_hash() == session.game.state_hash()
    assert "upgraded from save format 2" in loaded.notes[0]


_KILLED_SAVE = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from game.scenario import load_scenario, new_session
    from game.scenario.saves import write_new_save
    session = new_session(load_scenario(sys.argv[2]))
    real = os.fsync
    def killed(fd):
        real(fd)
        os.kill(os.getpid(), signal.SIGKILL)
    os.fsync = killed
    write_new_save(session, Path(sys.argv[1]), "Killed game")
""")


def test_a_save_killed_while_writing_leaves_no_empty_save_and_its_temp_goes(
        tmp_path: Path) -> None:
    """Issue 28.8: kill -9 during Ctrl+S; the name is taken only by the finished file and the
    temp file it left is removed by the next listing."""
    from game.scenario.saves import saved_games, write_new_save

    folder = tmp_path / "saves"
    done = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(folder),
                           str(SCENARIOS / "sandbox_table.toml")], cwd=ROOT, timeout=60,
                          check=False, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == -9
    assert not list(folder.glob("*.json")), "no save name was taken by the killed write"
    assert list(folder.glob(".*.tmp")), "the killed write left its temporary file"
    (folder / "old-empty.json").touch()
    os.utime(folder / "old-empty.json", (1, 1))  # an empty name reserved by an older version
    assert saved_games(folder) == []
    assert not list(folder.glob(".*.tmp")) and not (folder / "old-empty.json").exists()
    path = write_new_save(_session(), folder, "Sandbox")
    assert saved_games(folder) == [path] and load_save(path).game.log


@pytest.mark.parametrize("text", [
    "a = " + "[" * 600 + "]" * 600,
    "a = 1" + "0" * 5000,
], ids=["deep", "giant-integer"])
def test_a_hostile_lesson_is_a_problem_of_the_file_not_a_traceback(text: str) -> None:
    """Issue 28.9: the lesson loader uses the safe parser."""
    with pytest.raises(FileError):
        load_lesson_text(text, "hostile.toml")


def test_lesson_and_turn_files_are_sized_before_they_are_read(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28.10: /dev/zero is refused, never read whole."""
    with pytest.raises(FileError, match="larger than the limit"):
        load_lesson("/dev/zero")
    with pytest.raises(PbfError, match="larger than a turn file may be"):
        read_turn_file("/dev/zero")
    assert main(["learn", "/dev/zero"]) == 2
    assert main(["pbf", "play", "/dev/zero", "--home", "/nonexistent-home"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_undo_by_a_player_who_does_not_exist_is_a_refusal() -> None:
    """Issue 28.11: ``Game.undo(by=-1)`` raises IllegalAction, not KeyError."""
    session = _session()
    with pytest.raises(IllegalAction, match="no player -1"):
        session.game.undo(by=-1)
    assert session.game.can_undo(by=99) is not None


def test_files_from_a_newer_warbench_are_refused_naming_both_versions(tmp_path: Path) -> None:
    """Issue 23.3: saves and turn files record the version; a newer one is refused."""
    doc = json.loads(write_save(_session(), tmp_path / "s.json").read_text())
    assert doc["warbench"] == game.__version__
    doc["warbench"] = "99.0.0"
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(doc))
    with pytest.raises(FileError, match=f"newer Warbench 99.0.0; this is Warbench "
                       f"{game.__version__}"):
        load_save(newer)
    from game.scenario.saves import save_header

    header = save_header(newer)
    assert header is not None and header.newer == "99.0.0"


def test_version_1_saves_still_load() -> None:
    for path in sorted(DATA.glob("save_v1_*.json")):
        assert load_save(path).game.log
