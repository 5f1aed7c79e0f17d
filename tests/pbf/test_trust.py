"""Issue 28: nobody can steer their sealed dice, a changed commit line is refused on receipt
(blaming the file that carries it), comment lines are never trusted, and a game's first file
shows the scenario it plays before it is accepted."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.actions import Dice
from game.pbf.session import new_game, receive, start_turn, verify_files
from game.pbf.turnfile import PbfError
from tests.pbf.helpers import SCENARIOS, play_turn

TWO_SIDES = SCENARIOS / "asoiaf_two_sides.toml"


def _opening(tmp: Path) -> list[Path]:
    """Files 0 (Alice sets up asoiaf_two_sides) and 1 (Bob joins)."""
    f0, _ = new_game(TWO_SIDES, ["Alice", "Bob"], tmp / "alice")
    f1, _ = play_turn(f0, tmp / "bob", random.Random(0), tmp / "mail")
    return [f0, f1]


def _attack_dice(path: Path, home: Path, free_rolls: int) -> list[tuple[int, ...]]:
    """Alice's sealed dice for 'attack bers halb' after ``free_rolls`` free rolls."""
    writer = start_turn(receive(str(path), home))
    for _ in range(free_rolls):
        writer.apply_line("roll 1d6")
    writer.apply_line("attack bers halb")
    return [e.action.results for e in writer.game.log[writer.base:]
            if isinstance(e.action, Dice)]


def test_free_rolls_cannot_shift_the_sealed_dice_of_a_later_rules_roll(
        tmp_path: Path) -> None:
    """Issue 28.1: 0 to 4 free rolls before the attack give the attack the very same dice."""
    files = _opening(tmp_path)
    seen = {tuple(_attack_dice(files[1], tmp_path / "alice", n)) for n in range(5)}
    assert len(seen) == 1, f"free rolls selected among {len(seen)} outcomes: {seen}"


def test_a_changed_commit_line_is_refused_on_receipt(tmp_path: Path) -> None:
    """Issue 28.3: the commit line is checked when its file arrives, and that file is blamed."""
    files = _opening(tmp_path)
    text = files[1].read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("commit "))
    forged = tmp_path / "forged-1.txt"
    forged.write_text(text.replace(line, "commit " + "0" * 64), encoding="utf-8")
    with pytest.raises(PbfError, match="commit") as err:
        verify_files([str(files[0]), str(forged)], tmp_path / "carol")
    assert "forged-1.txt" in str(err.value)
    digit = line[-1]
    other = "0" if digit != "0" else "1"
    forged.write_text(text.replace(line, line[:-1] + other), encoding="utf-8")
    with pytest.raises(PbfError, match="commit"):
        verify_files([str(files[0]), str(forged)], tmp_path / "carol")
    verify_files([str(f) for f in files], tmp_path / "carol")
