"""Issue 13 item 13: ``warbench play FILE`` (and ``warbench FILE``) with a missing or broken
file prints the problems in the terminal and exits 2 before any window opens."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.ui.app
from game.cli import main

from .conftest import SCENARIOS


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every window the command would open (none is opened for real)."""
    opened: list[Path] = []

    def fake(path: Path, size: str = "1280x800") -> int:
        opened.append(path)
        return 0

    monkeypatch.setattr(game.ui.app, "main", fake)
    return opened


@pytest.mark.parametrize("form", [["play"], []])
def test_a_missing_file_is_reported_in_the_terminal(form: list[str], windows: list[Path],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*form, "nope.toml"]) == 2
    err = capsys.readouterr().err
    assert "nope.toml" in err and "no such file" in err
    assert windows == []


def test_a_broken_scenario_lists_its_problems(tmp_path: Path, windows: list[Path],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text((SCENARIOS / "sandbox_table.toml").read_text().replace("[scenario]",
                                                                          "[scenario]\nprofle = 1"))
    assert main([str(bad)]) == 2
    assert "profle" in capsys.readouterr().err
    assert windows == []


def test_a_broken_save_is_refused(tmp_path: Path, windows: list[Path],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["play", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert windows == []


def test_a_good_file_opens_the_window(windows: list[Path]) -> None:
    assert main([str(SCENARIOS / "sandbox_table.toml")]) == 0
    assert windows == [SCENARIOS / "sandbox_table.toml"]


def test_vs_and_watch_name_the_computer_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--vs LEVEL``: the computer plays every side but the first; ``--watch``: every side
    at normal strength (issue 25)."""
    asked: list[dict[int, str] | None] = []

    def fake(path: Path, size: str = "1280x800",
             computer: dict[int, str] | None = None) -> int:
        asked.append(computer)
        return 0

    monkeypatch.setattr(game.ui.app, "main", fake)
    assert main(["play", "asoiaf_skirmish", "--vs", "hard"]) == 0
    assert main(["play", "asoiaf_skirmish", "--watch"]) == 0
    assert main(["play", "asoiaf_skirmish"]) == 0
    assert asked == [{2: "hard"}, {1: "normal", 2: "normal"}, None]
