"""Chain checks: a fork, a gap, a tampered action, a tampered die, a changed scenario or ruleset
version are each refused with a clear message; an honest chain verifies."""

from __future__ import annotations

import dataclasses
import random
import shutil
from pathlib import Path

import pytest

from game.core.actions import Dice, parse
from game.pbf.chain import Replay
from game.pbf.session import new_game, receive, verify_files
from game.pbf.turnfile import PbfError, TurnFile, read_turn_file, render
from tests.pbf.helpers import SCENARIOS, Table, exchange_in_process, play_turn

SCENARIO = SCENARIOS / "asoiaf_two_sides.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """A whole sealed-dice game of ASOIAF played by two stores exchanging files."""
    return exchange_in_process(SCENARIO, tmp_path_factory.mktemp("game"), seed=2)


@pytest.fixture
def table(played: Table) -> list[Path]:
    """The files of that game, in order."""
    return played.files


def _names(files: list[Path]) -> list[str]:
    return [str(f) for f in files]


def _edited(path: Path, tmp: Path, old: str, new: str, count: int = 1) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    out = tmp / f"edited-{path.name}"
    out.write_text(text.replace(old, new, count), encoding="utf-8")
    return out


def _refusal(files: list[Path], tmp: Path) -> str:
    with pytest.raises(PbfError) as err:
        verify_files(_names(files), tmp / "nobody")
    return str(err.value)


def test_an_honest_chain_verifies_to_its_end(table: list[Path], tmp_path: Path) -> None:
    replay = verify_files(_names(table), tmp_path)
    assert replay.last.next_player is None  # the game was played to its end
    assert replay.game.state_hash() == replay.last.state
    rolls = [e for e in replay.game.log if isinstance(e.action, Dice)]
    assert rolls, "the game rolled sealed dice"


def test_verifying_later_files_takes_the_earlier_ones_from_the_store(played: Table) -> None:
    replay = verify_files(_names(played.files[3:]), played.homes[1])
    assert replay.last.next_player is None and len(replay.files) == len(played.files)
    with pytest.raises(PbfError, match="give the game's files from the first one"):
        verify_files(_names(played.files[3:]), played.homes[1] / "elsewhere")


def test_a_sequence_gap_is_refused(table: list[Path], tmp_path: Path) -> None:
    message = _refusal([table[0], table[1], table[3]], tmp_path)
    assert "sequence gap" in message and "file(s) 2..2 are missing" in message


def test_a_file_built_on_another_file_is_a_fork(table: list[Path], tmp_path: Path) -> None:
    forged = _edited(table[3], tmp_path, "previous ", f"previous {'0' * 64}\n# was: ")
    message = _refusal([*table[:3], forged], tmp_path)
    assert "fork" in message and "file 2" in message


def test_a_changed_action_is_refused_naming_the_first_that_differs(
        table: list[Path], tmp_path: Path) -> None:
    turns = [read_turn_file(str(f)) for f in table]
    index, record = next((i, r) for i, t in enumerate(turns) for r in t.actions
                         if "side=left" in r.text)
    changed = record.text.replace("side=left", "side=right")
    tampered = _edited(table[index], tmp_path, f"action {record.number} {record.text}",
                       f"action {record.number} {changed}")
    message = _refusal([*table[:index], tampered, *table[index + 1:]], tmp_path)
    assert f"action {record.number} '{changed}'" in message
    assert "first action that differs" in message or "illegal on replay" in message


def _rehashed(turn: TurnFile, before: list[Path], number: int, text: str) -> TurnFile:
    """``turn`` with action ``number`` replaced by ``text``, ending there, with every hash
    recomputed, as a cheater with a modified program would write it."""
    replay = Replay.begin(read_turn_file(str(before[0])), str(before[0]))
    for path in before[1:]:
        replay.add(read_turn_file(str(path)), str(path))
    game = replay.game
    records = []
    for record in turn.actions:
        new_text = text if record.number == number else record.text
        game.apply(parse(new_text, game.ruleset.action_types()))
        records.append(dataclasses.replace(record, text=new_text,
                                           hash_after=game.state_hash()))
        if record.number == number:
            break
    return dataclasses.replace(turn, actions=tuple(records), state=game.state_hash())


def test_a_changed_die_is_refused_even_with_every_hash_recomputed(
        table: list[Path], tmp_path: Path) -> None:
    turns = [read_turn_file(str(f)) for f in table]
    index, record = next((i, r) for i, t in enumerate(turns) for r in t.actions
                         if r.text.startswith("dice "))
    faces = [int(w) for w in record.text.split()[1:]]
    faces[0] = faces[0] + 1 if faces[0] < 2 else 1
    text = "dice " + " ".join(map(str, faces))
    cheat = _rehashed(turns[index], table[:index], record.number, text)
    path = tmp_path / "cheat.txt"
    path.write_text(render(cheat), encoding="utf-8")
    message = _refusal([*table[:index], path], tmp_path)
    assert f"action {record.number} '{text}': tampered die: the sealed dice give" in message


def test_a_revealed_secret_must_match_its_commitment(table: list[Path], tmp_path: Path) -> None:
    turn = read_turn_file(str(table[4]))
    assert turn.reveal is not None
    forged = _edited(table[4], tmp_path, f"reveal {turn.reveal}", f"reveal {'0' * 32}")
    message = _refusal([*table[:4], forged], tmp_path)
    assert "tampered dice" in message and "committed to in file 2" in message


def test_a_changed_scenario_is_refused(table: list[Path], tmp_path: Path) -> None:
    first = read_turn_file(str(table[0]))
    assert first.scenario_text is not None
    line = next(ln for ln in first.scenario_text.splitlines() if ln.startswith("at = "))
    moved = _edited(table[0], tmp_path, f"| {line}", f"| {line.replace('[', '[1 + ', 1)}")
    assert "changed scenario" in _refusal([moved], tmp_path)
    other = _edited(table[2], tmp_path, f"scenario {first.scenario_hash}",
                    f"scenario {'e' * 64}")
    message = _refusal([*table[:2], other], tmp_path)
    assert "changed scenario" in message


def test_a_changed_ruleset_version_is_refused(table: list[Path], tmp_path: Path) -> None:
    first = read_turn_file(str(table[0]))
    old = f"ruleset {first.ruleset} {first.ruleset_version}"
    later = _edited(table[2], tmp_path, old, f"{old}.1")
    assert "changed ruleset version" in _refusal([*table[:2], later], tmp_path)
    (tmp_path / "first").mkdir()
    message = _refusal([_edited(table[0], tmp_path / "first", old, f"{old}.1")], tmp_path)
    assert "changed ruleset version" in message and "this Warbench has" in message


def test_a_reply_to_an_older_turn_is_a_fork(tmp_path: Path) -> None:
    """Bob answers file 2 twice; Alice, who already answered his first answer, refuses the
    second; Bob, who replaced his answer, refuses Alice's reply to the first (a ghost move)."""
    alice, bob, mail = tmp_path / "alice", tmp_path / "bob", tmp_path / "mail"
    rng = random.Random(5)
    f0, _ = new_game(SCENARIO, ["Alice", "Bob"], alice)
    f1, _ = play_turn(f0, bob, rng, mail)
    f2, _ = play_turn(f1, alice, rng, mail)
    f3, _ = play_turn(f2, bob, rng, mail)
    f4, _ = play_turn(f3, alice, rng, mail)
    again = random.Random(99)
    f3b, t3b = play_turn(f2, bob, again, mail)  # Bob plays file 2 again: replaces his answer
    assert read_turn_file(str(f3b)) != read_turn_file(str(f3)), "a different answer"
    with pytest.raises(PbfError, match="fork: this game already has a different file 3"):
        receive(str(f3b), alice)
    with pytest.raises(PbfError, match="fork: file 4 was built on another file"):
        receive(str(f4), bob)
    del t3b


def test_a_gap_in_the_mail_is_refused(table: list[Path], tmp_path: Path) -> None:
    home = tmp_path / "carol"
    shutil.rmtree(home, ignore_errors=True)
    with pytest.raises(PbfError, match="does not know game"):
        receive(str(table[3]), home)
    receive_ok = receive(str(table[0]), home)
    from game.pbf.session import accept

    accept(receive_ok)
    with pytest.raises(PbfError, match="sequence gap: this game knows files up to 0"):
        receive(str(table[2]), home)


def test_damaged_files_are_refused_never_crash(table: list[Path], tmp_path: Path) -> None:
    """Random damage to a file (lines lost, doubled or garbled) gives a clear refusal."""
    rng = random.Random(11)
    target = table[3]
    lines = target.read_text(encoding="utf-8").splitlines()
    for attempt in range(40):
        damaged = list(lines)
        at = rng.randrange(len(damaged))
        kind = attempt % 4
        if kind == 0:
            del damaged[at]
        elif kind == 1:
            damaged.insert(at, damaged[at])
        elif kind == 2:
            damaged[at] = damaged[at][: rng.randrange(len(damaged[at]) + 1)]
        else:
            word = damaged[at].split(" ")
            word[-1] = word[-1][::-1]
            damaged[at] = " ".join(word)
        path = tmp_path / f"damaged-{attempt}.txt"
        path.write_text("\n".join(damaged) + "\n", encoding="utf-8")
        try:
            verify_files([*_names(table[:3]), str(path)], tmp_path / "nobody")
        except PbfError as exc:
            assert str(exc).startswith(str(path)), str(exc)
