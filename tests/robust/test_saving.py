"""Saving never destroys what it should not (issue 10, "Lost games"), and saves carry a format
version: older saves are replayed and re-hashed, current ones verified exactly (issue 9.7)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core import MoveUnit
from game.scenario import (
    SAVE_VERSION,
    FileError,
    Session,
    load_save,
    load_scenario,
    new_session,
    reserve_save_path,
    write_save,
)
from game.scenario.saves import clean_stale_temps
from tests.conftest import DATA, SCENARIOS

V1_SAVES = sorted(DATA.glob("save_v1_*.json"))


def _session() -> Session:
    session = new_session(load_scenario(SCENARIOS / "sandbox_table.toml"))
    session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    return session


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- refusing targets --------------------------------------------------------------------------


def test_run_save_onto_the_scenario_itself_is_refused_and_keeps_it(tmp_path: Path) -> None:
    scenario = tmp_path / "my.toml"
    shutil.copy(SCENARIOS / "sandbox_table.toml", scenario)
    before = scenario.read_bytes()
    assert main(["run", str(scenario), "--save", str(scenario)]) == 2
    assert scenario.read_bytes() == before


def test_run_save_onto_a_folder_exits_2_without_a_traceback(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    assert main(["run", str(SCENARIOS / "sandbox_table.toml"), "--save", str(folder)]) == 2
    assert list(folder.iterdir()) == []


def test_a_save_never_replaces_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{"palette": "default"}')
    with pytest.raises(FileError, match="not a Warbench save"):
        write_save(_session(), settings)
    assert settings.read_text() == '{"palette": "default"}'
    earlier = write_save(_session(), tmp_path / "game.json")
    write_save(_session(), earlier)  # a save may replace a save
    assert load_save(earlier).game.state_hash() == _session().game.state_hash()


def test_a_save_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    real = write_save(_session(), tmp_path / "real.json")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    session = _session()
    session.game.apply(MoveUnit("n1", 12.0, 8.0, 30.0))
    write_save(session, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_save(real).game.state_hash() == session.game.state_hash()


def test_a_save_keeps_the_mode_of_the_file_it_replaces_and_new_ones_follow_the_umask(
    tmp_path: Path,
) -> None:
    path = write_save(_session(), tmp_path / "shared.json")
    expected_new = 0o666 & ~_umask()
    assert _mode(path) == expected_new  # not 0600 as before
    path.chmod(0o640)
    write_save(_session(), path)
    assert _mode(path) == 0o640


def _umask() -> int:
    current = os.umask(0o22)
    os.umask(current)
    return current


# --- temporary files and names -----------------------------------------------------------------


def test_temp_files_of_interrupted_saves_are_cleaned(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = tmp_path / f".game.json.{dead.stdout.strip()}-deadbeef.tmp"
    stale.write_bytes(b"half a save")
    old_style = tmp_path / ".game.json.ab12cd34.tmp"  # the naming before process ids
    old_style.write_bytes(b"half a save")
    os.utime(old_style, (1, 1))
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as live:
        running = tmp_path / f".game.json.{live.pid}-cafef00d.tmp"
        running.write_bytes(b"being written by another window")
        write_save(_session(), target)
        assert not stale.exists() and not old_style.exists()
        assert running.exists()  # another live process is writing it
        live.kill()
    live.wait()
    assert clean_stale_temps(target) == [running]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_saves_made_in_the_same_second_get_different_names(tmp_path: Path) -> None:
    names = {reserve_save_path(tmp_path, "Berserkers / flank", moment=1.0e9) for _ in range(3)}
    assert len(names) == 3
    assert all(p.name.startswith("Berserkers-flank-20010909-014640") for p in names)
    first = sorted(names)[0]
    write_save(_session(), first)  # a reserved (empty) name may be written
    assert load_save(first).game.log


# --- format versions ---------------------------------------------------------------------------


def test_saves_are_written_in_the_current_format_and_verified_exactly(tmp_path: Path) -> None:
    path = write_save(_session(), tmp_path / "now.json")
    doc = json.loads(path.read_text())
    assert doc["version"] == SAVE_VERSION == 3
    assert load_save(path).notes == ()
    doc["state_hash"] = "0" * 64
    path.write_text(json.dumps(doc))
    with pytest.raises(FileError, match="does not match"):
        load_save(path)


@pytest.mark.parametrize("fixture", V1_SAVES, ids=lambda p: p.stem)
def test_version_1_saves_from_real_games_load_replay_and_are_re_hashed(
    fixture: Path, tmp_path: Path
) -> None:
    session = load_save(fixture)
    doc = json.loads(fixture.read_text())
    assert doc["version"] == 1 and len(session.game.log) == len(doc["actions"]) > 40
    # When the rules change, the replayed hash differs from the stored one: accepted, noted.
    doc["state_hash"] = "f" * 64
    changed = tmp_path / fixture.name
    changed.write_text(json.dumps(doc))
    upgraded = load_save(changed)
    assert upgraded.game.state_hash() == session.game.state_hash()
    assert upgraded.notes and "upgraded from save format 1" in upgraded.notes[0]
    # Saved again, it is a current-format save that verifies exactly.
    again = write_save(upgraded, tmp_path / "again.json")
    assert json.loads(again.read_text())["version"] == SAVE_VERSION
    assert load_save(again).notes == ()


def test_version_1_fixtures_exist_for_both_rulesets() -> None:
    assert {p.stem for p in V1_SAVES} == {"save_v1_asoiaf_skirmish", "save_v1_godsgloom_skirmish"}


def test_an_unknown_future_version_is_refused(tmp_path: Path) -> None:
    doc = json.loads(write_save(_session(), tmp_path / "s.json").read_text())
    doc["version"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(FileError, match="version"):
        load_save(path)
