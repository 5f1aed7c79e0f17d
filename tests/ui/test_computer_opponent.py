"""Playing against the computer on the table (issue 25): New game's sides, the computer
answering every decision it owns (in a worker thread that never touches the live game), its
pace and skip key, Watch, Undo back to the human's decision (WB-HIST-3), and saves that
remember who the computer plays."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import pygame
import pygame_gui

from game.ai import Choice
from game.core.actions import parse
from game.core.game import Game
from game.core.pending import PlayerDecision
from game.scenario import load_save, load_scenario, new_session, write_save
from game.ui.app import App
from game.ui.computer_turn import SKIP_HELP
from game.ui.screens import HandoffScene, MenuScene, ScenarioListScene, start_table
from game.ui.sides import SidesScene
from game.ui.table_scene import TableScene
from tests.ui.conftest import SCENARIOS
from tests.ui.driver import find_button, frames, key, press, table

CHOICES = SCENARIOS / "asoiaf_choices.toml"
"""Stark (1) charges; the Halberdiers' owner, Lannister (2), picks their alignment mid-turn."""


def quick_app(data_dir: Path, handoff: bool = True) -> App:
    """An app on the main menu: no animation, no pause after the computer's moves."""
    app = App((1280, 800), data_dir)
    app.settings.handoff_screen = handoff  # on: the computer must never bring it up
    app.settings.animate = False
    app.settings.computer_speed = "instant"
    app.switch(MenuScene(app))
    frames(app, 2)
    return app


def until(app: App, done: object, seconds: float = 60.0) -> None:
    """Run frames until ``done()`` holds (the worker thread searches meanwhile)."""
    limit = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < limit, "the computer did not act in time"
        frames(app, 1)
        time.sleep(0.002)


def log_text(scene: TableScene) -> str:
    """What the panel's event log box shows (its text and what was appended since)."""
    box = scene.panel.log_box
    return str(getattr(box, "html_text", "")) + str(getattr(box, "appended_text", ""))


def act(scene: TableScene, text: str) -> None:
    """The human's action, by its text form, through the table (as its button would)."""
    assert scene.perform(parse(text, scene.game.ruleset.action_types())), scene.status


def open_sides(app: App, scenario: Path) -> SidesScene:
    """Menu -> New game -> the scenario's button (a posted press: the list scrolls)."""
    press(app, "New game")
    assert isinstance(app.scene, ScenarioListScene)
    button = next(b for b in app.scene.buttons if str(b.text).startswith(
        "Choices on the charge" if scenario == CHOICES else load_scenario(scenario).name))
    frames(app, 1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
    assert isinstance(app.scene, SidesScene), type(app.scene).__name__
    return app.scene


def test_new_game_human_against_the_computer_which_answers_its_decision(
        data_dir: Path) -> None:
    """New game asks who plays (default: Human against Computer (normal)); Start opens the
    table; the computer answers the decision it owns in the human's turn (the Halberdiers'
    alignment, AS-CHG-13) by itself, logs why, and no hand-over screen ever shows."""
    app = quick_app(data_dir)
    open_sides(app, CHOICES)
    assert find_button(app, "Stark: Human") and find_button(app, "Lannister: Computer (normal)")
    press(app, "Start")
    scene = table(app)
    assert scene.computer is not None and scene.computer.sides == {2: "normal"}
    act(scene, "charge sworn -> guardsmen")
    act(scene, "dice 6")
    act(scene, "choose align=100 side=centre")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 2 and node.kind == "charge.other"
    frames(app, 1)
    assert not any(str(getattr(b, "text", "")).startswith(o.label)
                   for b in scene.panel.callbacks for o in node.offers)  # no dialog for it
    until(app, lambda: scene.game.pending() != node)
    after = scene.game.pending()
    assert isinstance(after, PlayerDecision) and after.player == 1  # the charger's weapon
    assert scene.computer.moves == 1 and scene.computer.notes
    assert "Lannister (computer, normal):" in log_text(scene)
    assert app.scene is scene and not isinstance(app.scene, HandoffScene)


def test_the_computer_plays_its_turn_after_the_human_ends(data_dir: Path) -> None:
    """Human against the computer on a sandbox table: Enter ends the human's turn (posted
    key), the computer takes its own and gives the table back, without a hand-over."""
    app = quick_app(data_dir)
    open_sides(app, SCENARIOS / "sandbox_table.toml")
    press(app, "Start")
    scene = table(app)
    assert scene.game.current_player() == 1
    key(app, pygame.K_RETURN)
    until(app, lambda: scene.computer is not None and scene.computer.moves >= 1)
    until(app, lambda: scene.game.current_player() == 1)
    assert not isinstance(app.scene, HandoffScene)


def test_watch_plays_several_moves(data_dir: Path) -> None:
    """Watch (from New game): the computer plays every side, move after move."""
    app = quick_app(data_dir)
    open_sides(app, CHOICES)
    press(app, "Watch: computer against computer")
    scene = table(app)
    assert scene.computer is not None and scene.computer.sides == {1: "normal", 2: "normal"}
    until(app, lambda: scene.computer is not None and (
        scene.computer.moves >= 4 or app.scene is not scene), seconds=120)
    players = {e.actor for e in scene.game.log}
    assert len(scene.game.log) >= 4 and players <= {1, 2, None}
    assert find_button(app, "Undo").is_enabled is False  # nothing of a human's to take back


@dataclass
class Held:
    """A computer player whose search waits until released, remembering what it was given."""

    live: Game
    level: str = "normal"
    release: threading.Event = field(default_factory=threading.Event)
    seen: list[Game] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)

    def choose(self, game: Game) -> Choice:
        self.seen.append(game)
        self.release.wait(10)
        node = game.pending()
        assert isinstance(node, PlayerDecision)
        return Choice(node.options[0], "the first offer")


def test_the_worker_never_touches_the_live_game(data_dir: Path) -> None:
    """The search runs in another thread on a detached copy (its own state, log and ruleset
    object): while it searches, the live game's state hash and log stay as they were and the
    table keeps drawing; its choice is applied by the table once handed back."""
    app = quick_app(data_dir)
    session = replace(new_session(load_scenario(CHOICES)), computer={2: "normal"})
    from game.ui.screens import open_session

    open_session(app, session)
    scene = table(app)
    held = Held(scene.game)
    assert scene.computer is not None
    scene.computer.players[2] = held  # type: ignore[assignment]
    act(scene, "charge sworn -> guardsmen")
    act(scene, "dice 6")
    act(scene, "choose align=100 side=centre")
    live_hash, log_len, state = scene.game.state_hash(), len(scene.game.log), scene.game.state
    until(app, lambda: bool(held.seen))
    copy = held.seen[0]
    assert copy is not scene.game and copy.state is not state
    assert copy.ruleset is not scene.game.ruleset  # a ruleset object of its own
    assert copy.state.seed == 0 and copy.state.dice_drawn == 0  # the table's dice forgotten
    frames(app, 5)
    assert scene.computer.thinking() == 2
    assert scene.game.state_hash() == live_hash and len(scene.game.log) == log_len
    held.release.set()
    until(app, lambda: len(scene.game.log) > log_len)
    assert scene.game.log[log_len].actor == 2


def test_a_pause_follows_each_computer_move_and_f_skips_it(data_dir: Path) -> None:
    """With a fake clock: after a computer move the next waits for the speed setting's
    pause; the skip key (F, in the F1 help) goes on at once."""
    app = quick_app(data_dir)
    app.settings.computer_speed = "slow"
    now = [100.0]
    session = replace(new_session(load_scenario(CHOICES)), computer={1: "easy", 2: "easy"})
    from game.ui.screens import open_session

    open_session(app, session)
    scene = table(app)
    computer = scene.play_computer({1: "easy", 2: "easy"}, clock=lambda: now[0])
    until(app, lambda: computer.moves >= 1)
    moves = computer.moves
    for _ in range(30):
        frames(app, 1)
        if computer.thought is not None:
            computer.thought.done.wait(10)
    assert computer.moves == moves  # the clock has not moved: the pause holds
    key(app, pygame.K_f)
    until(app, lambda: computer.moves > moves)
    assert SKIP_HELP in scene.help_lines()


def test_undo_takes_back_to_the_humans_last_decision(data_dir: Path) -> None:
    """WB-HIST-3 on the table: after the computer answered, Undo (Ctrl+Z) takes back the
    computer's answer with the human's own last action."""
    app = quick_app(data_dir)
    open_sides(app, CHOICES)
    press(app, "Start")
    scene = table(app)
    act(scene, "charge sworn -> guardsmen")
    act(scene, "dice 6")
    act(scene, "choose align=100 side=centre")
    until(app, lambda: len(scene.game.log) == 4)
    assert scene.game.log[-1].actor == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.game.log) == 2, scene.status  # the alignment and the computer's answer
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.align"


def test_a_save_with_computer_sides_loads_back(data_dir: Path, tmp_path: Path) -> None:
    """The save records who the computer plays and at which strength; the table resumes
    against it; an older save (no key) loads all human; a bad entry is refused."""
    session = replace(new_session(load_scenario(CHOICES)), computer={2: "hard"})
    path = write_save(session, tmp_path / "vs.json")
    assert json.loads(path.read_text())["computer"] == {"2": "hard"}
    assert load_save(path).computer == {2: "hard"}
    app = quick_app(data_dir)
    start_table(app, path)
    scene = table(app)
    assert scene.computer is not None and scene.computer.sides == {2: "hard"}
    doc = json.loads(path.read_text())
    del doc["computer"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    assert load_save(old).computer == {}
    doc["computer"] = {"3": "normal"}
    old.write_text(json.dumps(doc))
    from game.scenario import ScenarioError

    try:
        load_save(old)
    except ScenarioError as exc:
        assert "computer" in str(exc)
    else:
        raise AssertionError("a computer side for no player was accepted")


def test_the_save_levels_are_the_computers() -> None:
    """The strengths a save accepts are the computer's (game.scenario cannot import game.ai)."""
    from game.ai import LEVELS
    from game.scenario.saves import COMPUTER_LEVELS

    assert COMPUTER_LEVELS == LEVELS


def test_settings_cycle_the_computer_speed(data_dir: Path) -> None:
    """Settings: the computer's speed cycles slow, normal, fast, instant and is saved."""
    from game.ui.screens import SettingsScene
    from game.ui.settings import load_settings

    app = quick_app(data_dir)
    app.switch(SettingsScene(app))
    frames(app, 1)
    press(app, "Computer speed: instant")
    assert app.settings.computer_speed == "slow"
    assert load_settings(data_dir).computer_speed == "slow"


def test_a_lessons_free_play_step_plays_the_computer_opponent(data_dir: Path) -> None:
    """A lesson's play step with ``opponent``: the computer plays the other side on the
    lesson's table (its moves logged with their reasons); the steps before have none."""
    from game.learn import LessonRun, find_lesson
    from game.ui.lesson_scene import LessonScene

    lesson = find_lesson("as-surge-forth")
    run = LessonRun(lesson, record=False)
    app = quick_app(data_dir)
    app.switch(LessonScene(app, lesson, run))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, LessonScene) and scene.table.computer is None
    while run.step.kind != "play":
        if run.step.kind == "try":
            for action in run.step.solution:
                run.act(action)
        elif run.step.kind == "ask":
            run.answer(run.step.model.answer or 0)
        frames(app, 1)  # the caption panel's buttons follow the run
        press(app, "Next")
    frames(app, 2)
    computer = scene.table.computer
    assert computer is not None and computer.sides == {2: "normal"}
    assert run.game.current_player() == 2  # the computer acts first here
    until(app, lambda: computer.moves >= 1)
    assert computer.notes and "Lannister (computer, normal)" in log_text(scene.table)
