"""Issue 28: nobody can steer their sealed dice, a changed commit line is refused on receipt
(blaming the file that carries it), comment lines are never trusted, and a game's first file
shows the scenario it plays before it is accepted."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.actions import Dice
from game.pbf.session import new_game, receive, start_turn, verify_files
from game.pbf.turnfile import PbfError, read_turn_file, render
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


def _attack_file(tmp: Path) -> tuple[list[Path], Path]:
    """Files 0 and 1, and Alice's file 2 with her attack's sealed dice."""
    files = _opening(tmp)
    writer = start_turn(receive(str(files[1]), tmp / "alice"))
    writer.apply_line("attack bers halb")
    while writer.waiting_for_me():
        writer.apply(writer.game.legal_actions()[0])
    turn = writer.finish()
    writer.store.save_turn(turn)
    f2 = tmp / "mail" / "f2.txt"
    f2.write_text(render(turn), encoding="utf-8")
    return files, f2


def test_a_die_changed_only_in_a_comment_is_flagged_and_never_kept(tmp_path: Path) -> None:
    """Issue 28.4: comments are for people; one that differs from what the action did is
    flagged on receipt, and the kept copy has comments made from the replayed data."""
    _files, f2 = _attack_file(tmp_path)
    text = f2.read_text(encoding="utf-8")
    comment = next(line for line in text.splitlines() if line.startswith("# dice.rolled"))
    faces = comment.split("results=")[1].split()[0]
    false = comment.replace(f"results={faces}", "results=[6,6,6,6,6,6,6]", 1)
    assert false != comment
    forged = tmp_path / "forged-2.txt"
    forged.write_text(text.replace(comment, false, 1), encoding="utf-8")
    received = receive(str(forged), tmp_path / "bob")
    assert received.warnings, "the false comment is flagged"
    assert "action 2 'dice " in received.warnings[0] and "comment" in received.warnings[0]
    writer = start_turn(received)
    kept = writer.store.turn_path(2).read_text(encoding="utf-8")
    assert comment in kept and false not in kept
    honest = receive(str(f2), tmp_path / "bob")
    assert honest.warnings == []


def test_the_first_file_shows_its_scenario_and_whether_it_differs_from_the_shipped_one(
        tmp_path: Path) -> None:
    """Issue 28.5: name, units per side, and a shipped name with other contents is said."""
    f0, _ = new_game(TWO_SIDES, ["Alice", "Bob"], tmp_path / "alice")
    shown = "\n".join(receive(str(f0), tmp_path / "bob").scenario_lines())
    assert "Berserkers engaged on two sides" in shown and "asoiaf_two_sides.toml" in shown
    assert "Stark: bers" in shown and "Lannister: guard, halb" in shown
    assert "differs from the shipped scenario" not in shown
    edited = tmp_path / "asoiaf_two_sides.toml"
    edited.write_text(TWO_SIDES.read_text(encoding="utf-8").replace(
        'id = "guard"', 'id = "guard2"'), encoding="utf-8")
    f0b, _ = new_game(edited, ["Alice", "Bob"], tmp_path / "alice2")
    shown = "\n".join(receive(str(f0b), tmp_path / "bob2").scenario_lines())
    assert "Lannister: guard2, halb" in shown
    assert "differs from the shipped scenario of that name" in shown


@pytest.mark.parametrize("number", ["9" * 5000, "\u00b2", "1" * 10])
def test_a_number_no_turn_file_holds_is_refused_not_a_traceback(number: str,
                                                                 tmp_path: Path) -> None:
    """Found by ``warbench bench fuzz`` (turn seeds 14499, 15879, 19197): a 5,000-digit number
    where a turn file wants a small one raised ValueError from int()."""
    files = _opening(tmp_path)
    text = files[1].read_text(encoding="utf-8")
    for old in ("sequence 1", "player 1 ", "sender 2"):
        word, _, rest = old.partition(" ")
        new = f"{word} {number} {rest.partition(' ')[2]}".rstrip() + (" " if old.endswith(" ")
                                                                      else "")
        bad = tmp_path / "bad.txt"
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(PbfError):
            read_turn_file(str(bad))
