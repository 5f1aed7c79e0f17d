"""The preview's step controls over a received turn (headless), and random playouts converted
to turn files that verify; the preview keeps the last file of a game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import rulesets
from game.core.actions import Action
from game.core.game import Game
from game.core.pending import Over
from game.pbf.convert import export_game
from game.pbf.session import accept, receive, verify_files
from game.pbf.stepper import TurnStepper
from game.pbf.store import GameStore, default_home
from game.pbf.turnfile import read_turn_file, render
from game.scenario.loader import load_scenario
from tests.pbf.helpers import SCENARIOS, exchange_in_process, pick

DATA = Path(__file__).parent / "data"
GG = DATA / "godsgloom_pbf.toml"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], dict[int, Path]]:
    tmp = tmp_path_factory.mktemp("preview")
    played = exchange_in_process(GG, tmp, seed=3, orders=("order stand first",))
    return played.files, played.homes


def test_the_preview_steps_through_a_received_turn(
        table: tuple[list[Path], dict[int, Path]], tmp_path: Path) -> None:
    files, _ = table
    home = tmp_path / "viewer"
    index = max(range(2, len(files)), key=lambda i: len(read_turn_file(str(files[i])).actions))
    for path in files[:index]:
        accept(receive(str(path), home))
    stepper = TurnStepper.open(str(files[index]), home)
    turn = read_turn_file(str(files[index]))
    hashes = [r.hash_after for r in turn.actions]
    assert stepper.count == len(hashes) >= 3
    assert stepper.position == 0 and stepper.current() is None
    start = stepper.game.state_hash()
    assert stepper.next().state_hash() == hashes[0] and stepper.current() == turn.actions[0]
    assert stepper.last().state_hash() == hashes[-1] == turn.state
    assert stepper.back().state_hash() == hashes[-2]
    assert stepper.jump(2).state_hash() == hashes[1]
    assert stepper.first().state_hash() == start
    assert stepper.jump(99).state_hash() == turn.state and stepper.position == stepper.count
    events = stepper.events()
    assert events, "the turn has events"
    k = len(events) // 2
    stepper.jump_to_event(k)
    assert stepper.position == events[k].position
    assert events[k].event in stepper.shown_events()
    with pytest.raises(IndexError):
        stepper.jump_to_event(len(events))


def test_stepping_never_rolls_or_changes_the_received_turn(
        table: tuple[list[Path], dict[int, Path]], tmp_path: Path) -> None:
    files, _ = table
    home = tmp_path / "viewer"
    stepper = TurnStepper.open(str(files[0]), home)
    stepper.accept()
    stepper = TurnStepper.open(str(files[1]), home)
    assert stepper.count == len(read_turn_file(str(files[1])).actions)
    for _ in range(3):
        stepper.last()
        stepper.first()
    assert stepper.received.turn == read_turn_file(str(files[1]))


def test_the_last_file_of_a_game_is_kept_from_the_preview(
        table: tuple[list[Path], dict[int, Path]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Open turn on a game's last file: there is no turn to play after it, so the preview's
    button keeps it and says how the game ended (it used to refuse: 'nothing to answer')."""
    from game.ui.pbf_scene import open_turn
    from game.ui.screens import MenuScene
    from tests.ui.driver import make_app, press

    monkeypatch.setenv("WARBENCH_DATA_DIR", str(tmp_path))
    files, _ = table
    for path in files[:-1]:
        accept(receive(str(path), default_home()))
    last = read_turn_file(str(files[-1]))
    assert last.next_player is None
    app = make_app(tmp_path, GG)
    assert open_turn(app, files[-1])
    press(app, "Accept: the game is over")
    assert isinstance(app.scene, MenuScene)
    assert "Turn file kept; the game is over: " in app.scene.subtitle
    kept = GameStore(default_home(), last.game_id).load()
    assert [turn for _, turn in kept] == [read_turn_file(str(f)) for f in files]


def _random_game(scenario: Path, seed: int, steps: int = 150) -> list[Action]:
    rng = random.Random(seed)
    game: Game = load_scenario(scenario).new_game()
    for _ in range(steps):
        if isinstance(game.pending(), Over):
            break
        game.apply(pick(game, rng))
    return game.actions()


PLAYOUTS = [
    (SCENARIOS / "asoiaf_skirmish.toml", 1), (SCENARIOS / "asoiaf_two_sides.toml", 2),
    (GG, 3), (SCENARIOS / "godsgloom_skirmish.toml", 4),
    (SCENARIOS / "ninth_age_battle.toml", 5), (SCENARIOS / "realms_skirmish.toml", 7),
    (DATA / "sandbox_pbf.toml", 10)]


def test_the_playouts_cover_every_ruleset() -> None:
    played = {load_scenario(scenario).ruleset.name for scenario, _ in PLAYOUTS}
    assert played == set(rulesets.names())


@pytest.mark.parametrize(("scenario", "seed"), PLAYOUTS, ids=lambda v: getattr(v, "stem", v))
def test_random_playouts_converted_to_turn_files_verify(scenario: Path, seed: int,
                                                         tmp_path: Path) -> None:
    actions = _random_game(scenario, seed)
    text = scenario.read_text(encoding="utf-8")
    turns = export_game(text, scenario.name, actions, ["Alice", "Bob"])
    paths = []
    for turn in turns:
        path = tmp_path / f"turn-{turn.sequence:04d}.txt"
        path.write_text(render(turn), encoding="utf-8")
        paths.append(str(path))
    replay = verify_files(paths, tmp_path / "nobody")
    kept = sum(len(t.actions) for t in turns)
    assert kept == len(replay.game.log) and kept > len(actions) // 2
    assert all(len({r.number for r in t.actions}) == len(t.actions) for t in turns)
