"""Playing a turn: the other player's decisions stop it or are answered by their standing
order (never silently); sealed dice cannot be re-rolled by playing again; strict and honour
dice; whole games in every dice mode verify."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from game.core.actions import Dice, parse
from game.core.pending import Chance
from game.pbf.chain import Replay
from game.pbf.dice import SealedDice
from game.pbf.session import new_game, receive, start_turn, verify_files
from game.pbf.turnfile import ActionRecord, PbfError, TurnFile, read_turn_file, render
from game.pbf.writer import TurnWriter
from tests.pbf.helpers import exchange_in_process, plan_turn, play_turn

DATA = Path(__file__).parent / "data"
GG = DATA / "godsgloom_pbf.toml"
ATTACK = ["activate a1", "melee a1 -> g1", "choose formation=none"]


def _opening(tmp: Path, dice: str = "sealed", bob_says: tuple[str, ...] = ()) -> list[Path]:
    """Files 0 (Alice sets up) and 1 (Bob joins, maybe with standing orders)."""
    f0, _ = new_game(GG, ["Alice", "Bob"], tmp / "alice", dice=dice)
    f1, _ = play_turn(f0, tmp / "bob", random.Random(0), tmp / "mail", bob_says)
    return [f0, f1]


def _write(writer: TurnWriter, tmp: Path, name: str) -> tuple[Path, TurnFile]:
    plan_turn(writer, random.Random(1))
    turn = writer.finish()
    writer.store.save_turn(turn)
    path = tmp / "mail" / name
    path.write_text(render(turn), encoding="utf-8")
    return path, turn


def test_the_other_players_decision_stops_the_turn(tmp_path: Path) -> None:
    files = _opening(tmp_path)
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    assert not writer.waiting_for_me()
    assert "Bob decides (formation)" in writer.describe()
    with pytest.raises(PbfError, match="the turn has passed to Bob"):
        writer.apply_line("choose formation=none")
    f2, turn = _write(writer, tmp_path, "f2.txt")
    assert turn.next_player == 2 and [r.text for r in turn.actions] == ATTACK
    bob = start_turn(receive(str(f2), tmp_path / "bob"))
    assert bob.waiting_for_me() and "Bob decides (formation)" in bob.describe()
    verify_files([str(f) for f in [*files, f2]], tmp_path / "carol")


def test_a_standing_order_answers_the_decision_and_is_marked(tmp_path: Path) -> None:
    files = _opening(tmp_path, bob_says=("order formation choose formation=none",
                                         "order stand first"))
    assert read_turn_file(str(files[1])).orders == (("formation", "choose formation=none"),
                                                    ("stand", "first"))
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    f2, turn = _write(writer, tmp_path, "f2.txt")
    ordered = [r for r in turn.actions if r.by_order]
    assert ordered and ordered[0].text == "choose formation=none"
    assert any(r.text.startswith("dice ") for r in turn.actions), "the melee's dice rolled"
    verify_files([str(f) for f in [*files, f2]], tmp_path / "carol")
    text = f2.read_text(encoding="utf-8")
    silent = tmp_path / "silent.txt"
    silent.write_text(text.replace("by order\n", "", 1), encoding="utf-8")
    with pytest.raises(PbfError, match=r"answers Bob's decision \(formation: .*\) without their "
                       "standing order"):
        verify_files([str(f) for f in [*files, silent]], tmp_path / "carol")


def test_playing_the_turn_again_gives_the_same_dice(tmp_path: Path) -> None:
    files = _opening(tmp_path, bob_says=("order formation choose formation=none",))
    runs = []
    for _ in range(2):
        received = receive(str(files[1]), tmp_path / "alice")
        writer = start_turn(received)
        for line in ATTACK:
            writer.apply_line(line)
        plan_turn(writer, random.Random(7))
        runs.append(writer.finish().actions)
    assert runs[0] == runs[1]
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    writer.undo()
    writer.undo()
    for line in ATTACK[1:]:
        writer.apply_line(line)
    plan_turn(writer, random.Random(7))
    assert writer.finish().actions == runs[0], "undo cannot re-roll either"


def test_strict_dice_wait_for_the_other_players_file(tmp_path: Path) -> None:
    files = _opening(tmp_path, "strict", ("order formation choose formation=none",))
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    assert "dice" in writer.describe()
    f2, turn = _write(writer, tmp_path, "f2.txt")
    assert not any(r.text.startswith("dice ") for r in turn.actions)
    bob = start_turn(receive(str(f2), tmp_path / "bob"))
    assert str(bob.game.log[bob.base].action).startswith("dice "), "Bob's file reveals the roll"
    f3, _ = _write(bob, tmp_path, "f3.txt")
    verify_files([str(f) for f in [*files, f2, f3]], tmp_path / "carol")
    replay = verify_files([str(f) for f in [*files]], tmp_path / "carol")
    seed = replay.seed_for(2, turn.reveal)
    assert seed is not None
    for record in turn.actions:
        replay.game.apply(parse(record.text, replay.game.ruleset.action_types()))
    node = replay.game.pending()
    assert isinstance(node, Chance)
    early = Dice(SealedDice(seed).rules_roll(replay.game.state, node))
    replay.game.apply(early)
    forged = dataclasses.replace(turn, actions=(*turn.actions, ActionRecord(
        len(replay.game.log), str(early), replay.game.state_hash())))
    path = tmp_path / "early.txt"
    path.write_text(render(forged), encoding="utf-8")
    with pytest.raises(PbfError, match="strict dice: a roll made after the sender acted"):
        verify_files([str(f) for f in [*files, path]], tmp_path / "carol")


def test_honour_dice_are_typed_by_their_owner(tmp_path: Path) -> None:
    files = _opening(tmp_path, "honour", ("order formation choose formation=none",))
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    with pytest.raises(PbfError, match="type the dice you rolled"):
        writer.apply_line("rolldice")
    writer.apply_line("dice 6 6 6 6 6 6 6")
    assert "Bob's dice" in writer.describe()
    f2, turn = _write(writer, tmp_path, "f2.txt")
    assert turn.actions[-1].text == "dice 6 6 6 6 6 6 6"
    bob = start_turn(receive(str(f2), tmp_path / "bob"))
    with pytest.raises(PbfError, match="not legal"):
        bob.apply_line("dice 9 9 9 9 9")
    replay = verify_files([str(f) for f in [*files, f2]], tmp_path / "carol")
    node = replay.game.pending()
    assert isinstance(node, Chance) and node.player == 2
    typed = Dice((6,) * node.dice.count)
    replay.game.apply(typed)
    forged = dataclasses.replace(turn, actions=(*turn.actions, ActionRecord(
        len(replay.game.log), str(typed), replay.game.state_hash())))
    path = tmp_path / "forged.txt"
    path.write_text(render(forged), encoding="utf-8")
    with pytest.raises(PbfError, match="these are Bob's dice, typed by Alice"):
        verify_files([str(f) for f in [*files, path]], tmp_path / "carol")


@pytest.mark.parametrize("dice", ["sealed", "strict", "honour"])
def test_a_whole_game_in_each_dice_mode_verifies(dice: str, tmp_path: Path) -> None:
    orders = ("order stand choose stand=no",)
    table = exchange_in_process(GG, tmp_path, seed=4, dice=dice, orders=orders)
    replay = verify_files([str(f) for f in table.files], tmp_path / "carol")
    assert replay.last.next_player is None, "the game ended"


@pytest.mark.parametrize(("scenario", "seed", "purpose"), [
    (DATA / "ninth_age_pbf.toml", 2, "Break Test"),
    (DATA / "realms_pbf.toml", 2, "defense die"),
], ids=["ninth_age", "realms"])
def test_with_honour_dice_the_owner_rolls_their_own_dice(scenario: Path, seed: int,
                                                         purpose: str, tmp_path: Path) -> None:
    """A Ninth Age Break Test (NA-CS-1) or a Realms defense die (RL-DEF-1) belongs to the unit's
    owner: in the other player's turn, with honour dice, the file stops and goes to them."""
    table = exchange_in_process(scenario, tmp_path, seed=seed, dice="honour",
                                orders=("order allocate first", "order cancel first"))
    turns = [read_turn_file(str(f)) for f in table.files]
    replay = Replay.begin(turns[0], str(table.files[0]))
    stops = []
    for path, turn in zip(table.files[1:], turns[1:], strict=True):
        replay.add(turn, str(path))
        node = replay.game.pending()
        if isinstance(node, Chance):
            assert node.player == turn.next_player != turn.sender
            stops.append(node.purpose)
    assert any(purpose in stop for stop in stops), stops
    assert replay.last.next_player is None, "the game ended"
