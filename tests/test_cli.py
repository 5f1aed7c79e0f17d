"""The warbench command: check, run (text and JSON), replay, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from tests.conftest import DATA, SCENARIOS

SANDBOX = str(SCENARIOS / "sandbox_table.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_accepts_good_files_and_lists_every_problem_of_bad_ones(capsys) -> None:
    code, out, _ = run(capsys, "check", SANDBOX)
    assert code == 0 and "ok (sandbox, 4 units)" in out
    code, _, err = run(capsys, "check", SANDBOX, str(DATA / "broken_scenario.toml"))
    assert code == 2
    assert "8 problems" in err and "did you mean 'profile'?" in err


def test_run_prints_events_and_a_summary(capsys, tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("# a short game\nmove n1 10 8 0\nroll 2d6 3 4\nend\n")
    code, out, _ = run(capsys, "run", SANDBOX, "--actions", str(script))
    assert code == 0
    assert "> move n1 10.0 8.0 0.0" in out
    assert "[WB-TBL-1]" in out and "total=7" in out and "[WB-TBL-4]" in out
    assert "South to act" in out and "state hash" in out


def test_run_json_prints_one_object_per_line(capsys, tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("move n1 10 8 0\n")
    code, out, _ = run(capsys, "run", SANDBOX, "--actions", str(script), "--json")
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["type"] for o in objects] == ["event", "action", "event", "summary"]
    assert objects[2]["rules"] == ["WB-TBL-1"]
    assert objects[-1]["units"]["n1"]["x"] == 10.0


def test_run_exits_3_on_an_illegal_action_with_its_reason(capsys, tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("move n1 10 8 0\nmove s1 10 30 0\nend\n")
    code, out, err = run(capsys, "run", SANDBOX, "--actions", str(script))
    assert code == 3
    assert "line 2" in err and "belongs to another player" in err and "WB-TBL-1" in err
    assert "The turn passes" not in out


def test_run_exits_2_on_an_invalid_scenario(capsys) -> None:
    code, _, err = run(capsys, "run", str(DATA / "broken_crossrefs.toml"))
    assert code == 2 and "units[0].side" in err


def test_run_save_then_replay_verifies_the_hash(capsys, tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("move n1 10 8 0\nroll 2d6\nundo\nredo\nend\n")
    save = tmp_path / "game.json"
    code, out, _ = run(capsys, "run", SANDBOX, "--actions", str(script), "--save", str(save))
    assert code == 0
    hash_line = next(line for line in out.splitlines() if "state hash" in line)
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 0 and hash_line in out and "state hash verified" in out
    code, out, _ = run(capsys, "check", str(save))
    assert code == 0 and "hash verified" in out


def test_replay_refuses_a_corrupt_save(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "warbench-save", "vers')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "corrupt or truncated" in err
