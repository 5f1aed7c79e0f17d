"""Issue 17 items 5-6 on the table: "Open turn" shows a received turn file with step controls
(first, back, next, last, jump to an event) before the receiver accepts it and takes over;
"Send turn" then writes the next turn file beside the autosaves and says where."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame

from game.pbf import default_home, new_game, parse_turn
from game.ui.pbf_scene import OpenTurnScene, TurnPreviewScene, inbox
from game.ui.screens import MenuScene
from game.ui.table_scene import TableScene
from tests.pbf.helpers import play_turn

from .conftest import SCENARIOS
from .driver import find_button, frames, key, make_app, press, table


def _received(data_dir: Path) -> Path:
    """Bob set up a sandbox game; Alice (this computer) played her first turn; Bob answered
    with a turn of his own: the file Alice receives."""
    bob = data_dir / "bob"
    f0, _ = new_game(SCENARIOS / "sandbox_table.toml", ["Alice", "Bob"], bob, creator=2)
    f1, _ = play_turn(f0, default_home(), random.Random(2), data_dir / "mail",
                      ["move n1 18 10 0", "end"])
    f2, turn = play_turn(f1, bob, random.Random(3), data_dir / "mail",
                         ["move s1 18 31 0", "pivot s2 45", "end"])
    assert len(turn.actions) >= 3
    inbox_dir = data_dir / "inbox"
    inbox_dir.mkdir(exist_ok=True)
    return Path(shutil.copy(f2, inbox_dir / "from-bob.txt"))


def _board_shot(app: object) -> bytes:
    screen = app.screen  # type: ignore[attr-defined]
    return pygame.image.tobytes(screen.subsurface(pygame.Rect(0, 40, 900, 700)), "RGB")


def test_open_turn_steps_through_the_file_then_takes_over_and_sends(data_dir: Path) -> None:
    path = _received(data_dir)
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    app.switch(MenuScene(app))
    frames(app, 1)
    press(app, "Open turn")
    assert isinstance(app.scene, OpenTurnScene) and path.parent == inbox(app)
    press(app, "from-bob (inbox)")
    preview = app.scene
    assert isinstance(preview, TurnPreviewScene)
    stepper = preview.stepper
    assert stepper.position == 0
    frames(app, 1)
    before = _board_shot(app)
    s1 = stepper.game.state.units["s1"].tray
    press(app, "Next")
    assert stepper.position == 1 and stepper.game.state.units["s1"].tray != s1
    frames(app, 1)
    after_one = _board_shot(app)
    assert after_one != before  # the moved tray is drawn where the file put it
    press(app, "Last")
    assert stepper.position == stepper.count
    press(app, "Back")
    assert stepper.position == stepper.count - 1
    press(app, "First")
    assert stepper.position == 0 and stepper.game.state.units["s1"].tray == s1
    frames(app, 1)
    assert _board_shot(app) == before
    first_event = stepper.events()[0]
    label = first_event.event.text
    press(app, label if len(label) <= 40 else label[:39] + "...")
    assert stepper.position == first_event.position
    press(app, "Accept and play")
    scene = table(app)
    assert scene.pbf is not None and scene.pbf.waiting_for_me()
    assert not find_button(app, "Send turn").is_enabled  # the turn is not played yet
    key(app, pygame.K_RETURN)  # Alice ends her activation: the turn passes to Bob
    assert not scene.pbf.waiting_for_me()
    frames(app, 2)
    press(app, "Send turn")
    written = Path(scene.status.split(" written to ")[1].split(": send")[0])
    assert written.is_file() and written.is_relative_to(default_home())
    assert default_home().parent == data_dir  # beside the autosaves folder
    sent = parse_turn(written.read_text("utf-8"))
    assert sent.sequence == 3 and [r.text for r in sent.actions] == ["end"]
    assert isinstance(app.scene, TableScene)


def test_a_received_defence_roll_is_accepted_as_a_roll_not_a_turn(tmp_path: Path,
                                                                   data_dir: Path) -> None:
    """A file that hands Bob his own dice to type (honour dice, a defence in Alice's turn)
    offered "Accept and play your turn": it says "Accept and roll your dice" (issue 13)."""
    from game.pbf.session import receive
    from game.pbf.stepper import TurnStepper
    from tests.pbf.test_turns import ATTACK, _opening, _write, start_turn

    files = _opening(tmp_path, "honour", ("order formation choose formation=none",))
    writer = start_turn(receive(str(files[1]), tmp_path / "alice"))
    for line in ATTACK:
        writer.apply_line(line)
    writer.apply_line("dice 6 6 6 6 6 6 6")
    f2, _ = _write(writer, tmp_path, "f2.txt")
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    preview = TurnPreviewScene(app, TurnStepper(receive(str(f2), tmp_path / "bob")))
    label = preview.accept_label()
    assert label is not None and label[0] == "Accept and roll your dice", label
