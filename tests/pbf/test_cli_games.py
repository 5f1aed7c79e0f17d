"""Whole games played by two processes that exchange turn files only: a test drives both
sides through ``warbench pbf`` in subprocesses (each bounded in time, each with fixed secrets
so that the same dice and questions come up on every run), then verifies the chain and refuses
a tampered file with exit code 2. One game per ruleset of the registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import rulesets
from game.pbf.turnfile import read_turn_file
from tests.pbf.helpers import SCENARIOS, ByPost, cli, play_by_cli

DATA = Path(__file__).parent / "data"
GG = DATA / "godsgloom_pbf.toml"
RULESETS_PLAYED = {"asoiaf", "godsgloom", "ninth_age", "realms", "sandbox"}


def _verified(game: ByPost, tmp: Path) -> str:
    """``pbf verify`` over the whole chain by a third player: exit 0; its output."""
    done = cli(["pbf", "verify", *map(str, game.files), "--home", str(tmp / "carol")])
    assert done.returncode == 0, done.stderr
    assert f"files 0..{len(game.files) - 1} checked" in done.stdout
    return done.stdout


def _ruleset(game: ByPost) -> str:
    return read_turn_file(str(game.files[0])).ruleset


def test_every_ruleset_has_a_whole_game_by_post() -> None:
    assert set(rulesets.names()) == RULESETS_PLAYED


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "seed", "openings", "ordered"), [
    (SCENARIOS / "asoiaf_two_sides.toml", 3, {}, set()),
    (GG, 4, {1: ["order stand choose stand=no", "order formation first"]},
     {"choose stand=no", "choose formation=none"}),
], ids=["asoiaf", "godsgloom"])
def test_a_whole_game_is_played_by_two_processes_exchanging_files(
        scenario: Path, seed: int, openings: dict[int, list[str]], ordered: set[str],
        tmp_path: Path) -> None:
    """The GODSGLOOM defender's formation and stand-ground choices come up in Alice's turns
    and are answered by Bob's standing orders (marked in the files)."""
    game = play_by_cli(scenario, tmp_path, seed, openings)
    assert len(game.files) >= 4
    assert "The game is over." in game.last.stdout
    assert {r.text for f in game.files for r in read_turn_file(str(f)).actions
            if r.by_order} == ordered
    assert "the game is over" in _verified(game, tmp_path)
    target = next(f for f in game.files if "\naction " in f.read_text(encoding="utf-8"))
    text = target.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("hash "))
    bad = tmp_path / "tampered.txt"
    bad.write_text(text.replace(line, "hash " + "0" * 64, 1), encoding="utf-8")
    index = game.files.index(target)
    refused = cli(["pbf", "verify", *map(str, game.files[:index]), str(bad), "--home",
                   str(tmp_path / "carol")])
    assert refused.returncode == 2
    assert "refused:" in refused.stderr and "first action that differs" in refused.stderr


@pytest.mark.slow
def test_a_whole_game_of_the_ninth_age_by_post(tmp_path: Path) -> None:
    """NA-ALC-1/NA-ALC-2: the blocks' owners allocate their own attacks, also in the other
    player's Melee phase: Bob's standing order answers his; Alice has none, so Bob's turn
    stops and goes to her."""
    game = play_by_cli(DATA / "ninth_age_pbf.toml", tmp_path, 9, {1: ["order allocate first"]})
    assert _ruleset(game) == "ninth_age" and "The game is over." in game.last.stdout
    ordered = [(i, r) for i, f in enumerate(game.files)
               for r in read_turn_file(str(f)).actions if r.by_order]
    assert ordered and all(r.text.startswith("choose to=") for _, r in ordered)
    assert all(i % 2 == 0 for i, _ in ordered), "Bob's orders answer in Alice's files"
    assert "(standing order of Bob)" in game.said[ordered[0][0]]
    stops = [i for i, said in enumerate(game.said) if "Now: Alice decides (allocate)" in said]
    assert stops and all(i % 2 == 1 for i in stops), "Bob's turn stops for Alice's allocation"
    assert "the game is over" in _verified(game, tmp_path)


@pytest.mark.slow
def test_a_whole_game_of_realms_by_post(tmp_path: Path) -> None:
    """RL-DEC-1: a declared attack is called off only if the other player agrees, so that vote
    is theirs. Alice asks; her file stops there and goes to Bob, who answers it in his file and
    then leaves a standing order (refuse); Alice leaves the same order, and from then on each
    answers the other's asks by order."""
    refuse = "order cancel choose cancel=refuse"
    game = play_by_cli(DATA / "realms_pbf.toml", tmp_path, 4, {
        2: ["command s1", "attack s1 -> s2", "choose declared=cancel"],
        3: ["choose cancel=refuse", refuse], 4: [refuse]})
    assert _ruleset(game) == "realms" and "The game is over." in game.last.stdout
    assert "Now: Bob decides (cancel)" in game.said[2]
    assert read_turn_file(str(game.files[2])).next_player == 2
    answer = read_turn_file(str(game.files[3])).actions[0]
    assert answer.text == "choose cancel=refuse" and not answer.by_order
    for index, whose in ((4, "Bob"), (5, "Alice")):
        ordered = [r.text for r in read_turn_file(str(game.files[index])).actions if r.by_order]
        assert ordered and set(ordered) == {"choose cancel=refuse"}
        assert f"(standing order of {whose})" in game.said[index]
    assert "the game is over" in _verified(game, tmp_path)


@pytest.mark.slow
def test_the_sandbox_by_post(tmp_path: Path) -> None:
    """The sandbox has no end (no rules of combat, no round limit): a round and a half of free
    moves, turns and free rolls (WB-TBL-1..4) are played by post; the chain verifies and the
    game waits for Bob's next move."""
    openings = {2: ["hexmove b1 0 2 0", "roll 2d6"], 3: ["pivot r1 2", "roll 1d6"],
                4: ["roll 3d6"]}
    game = play_by_cli(DATA / "sandbox_pbf.toml", tmp_path, 3, openings, max_files=5)
    assert _ruleset(game) == "sandbox" and "Your move: Bob to act" in game.last.stdout
    rolls = [r.text for f in game.files[2:5] for r in read_turn_file(str(f)).actions
             if r.text.startswith("roll ")]
    assert [r.split()[1] for r in rolls] == ["2d6", "1d6", "3d6"]
    assert all(len(r.split()) > 2 for r in rolls), "sealed free rolls carry their results"
    assert "next: Bob" in _verified(game, tmp_path)


def test_cli_refusals_are_clear(tmp_path: Path) -> None:
    bad = cli(["pbf", "new", str(GG), "--players", "Alice", "--home", str(tmp_path)])
    assert bad.returncode == 2 and "name exactly two players" in bad.stderr
    first = tmp_path / "f0.txt"
    made = cli(["pbf", "new", str(GG), "--players", "Alice,Bob", "--as", "Bob", "--dice",
                "honour", "--home", str(tmp_path / "bob"), "--out", str(first)])
    assert made.returncode == 0 and "Send it to Alice" in made.stdout
    shown = cli(["pbf", "play", str(first), "--home", str(tmp_path / "alice")])
    assert shown.returncode == 0 and "Your move" in shown.stdout, shown.stderr
    wrong = cli(["pbf", "play", str(first), "--home", str(tmp_path / "alice"), "--actions", "-"],
                "charge nobody -> nowhere\n")
    assert wrong.returncode == 3 and "nothing was written" in wrong.stderr
    missing = cli(["pbf", "verify", str(tmp_path / "none.txt")])
    assert missing.returncode == 2 and "cannot read the file" in missing.stderr
