"""Issue 28.2 and 28.6 on the desktop: a sent turn is locked (Undo stops there with a reason and
no second, different file is written); play by file shows no hot-seat cues (no hand-over for
the remote player, not after Undo either); the toolbar's Send turn reads in full; the Open
turn list says where the inbox is and which file awaits an answer."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.pbf import default_home
from game.ui.pbf_scene import OpenTurnScene, TurnPreviewScene, inbox
from game.ui.screens import HandoffScene, MenuScene
from game.ui.table_scene import TableScene

from .conftest import SCENARIOS
from .driver import find_button, frames, key, make_app, press, table
from .test_pbf_table import _received


def _fits(app: object, text: str) -> bool:
    button = find_button(app, text)  # type: ignore[arg-type]
    padding = int(getattr(button, "text_horiz_alignment_padding", 0) or 0)
    width: int = button.font.size(button.text)[0]
    return bool(button.text == text and width + 2 * padding <= button.rect.width)


def test_a_sent_turn_is_locked_and_play_by_file_shows_no_hot_seat_cues(data_dir: Path) -> None:
    path = _received(data_dir)
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml", handoff=True)
    app.switch(MenuScene(app))
    frames(app, 1)
    press(app, "Open turn")
    listing = app.scene
    assert isinstance(listing, OpenTurnScene)
    assert str(inbox(app)) in listing.subtitle, "the list says where the inbox is"
    assert "awaits your answer" in listing.label(path)
    press(app, "from-bob (inbox)")
    assert isinstance(app.scene, TurnPreviewScene)
    press(app, "Accept and play")
    scene = table(app)
    assert _fits(app, "Send turn"), "the toolbar reads 'Send turn' in full"
    scene.perform(scene.game.legal_actions()[0])  # a move of Alice's own before she ends
    frames(app, 2)
    key(app, pygame.K_RETURN)  # Alice ends her activation: the turn passes to Bob, remote
    frames(app, 3)
    assert isinstance(app.scene, TableScene), "no hand-over for a player at another computer"
    assert "Bob" in scene.hud.top_text() and "Send turn" in scene.hud.top_text()
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # Undo before sending: allowed, and no hand-over
    frames(app, 3)
    assert isinstance(app.scene, TableScene) and scene.pbf.waiting_for_me()
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert isinstance(app.scene, TableScene)
    press(app, "Send turn")
    written = Path(scene.status.split(" written to ")[1].split(": send")[0])
    sent = written.read_bytes()
    assert not find_button(app, "Undo").is_enabled, "Undo stops at what was sent"
    assert "sent" in str(find_button(app, "Undo").tool_tip_text)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)
    assert "cannot be taken back" in scene.status
    assert written.read_bytes() == sent, "the sent file is never replaced"
    assert "waiting for Bob" in scene.hud.top_text()
    app.switch(MenuScene(app))
    frames(app, 1)
    press(app, "Open turn")
    press(app, "from-bob (inbox)")
    preview = app.scene
    assert isinstance(preview, TurnPreviewScene)
    press(app, "Accept and play")
    assert not isinstance(app.scene, TableScene), "a second answer to a sent turn is refused"
    assert written.read_bytes() == sent and written.is_relative_to(default_home())
    assert not any(isinstance(s, HandoffScene) for s in [app.scene])


def test_the_preview_of_a_new_game_shows_its_scenario(tmp_path: Path, data_dir: Path) -> None:
    """Issue 28.5 on the desktop: name and units per side before Accept."""
    from game.pbf import new_game
    from game.pbf.session import receive
    from game.pbf.stepper import TurnStepper

    f0, _ = new_game(SCENARIOS / "asoiaf_two_sides.toml", ["Alice", "Bob"], tmp_path / "alice")
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    preview = TurnPreviewScene(app, TurnStepper(receive(str(f0), tmp_path / "bob")))
    app.switch(preview)
    frames(app, 2)
    shown = "\n".join(preview.info_lines())
    assert "Berserkers engaged on two sides" in shown and "Lannister: guard, halb" in shown


def test_the_load_and_unfinished_lists_show_a_newer_warbench_s_save_as_such(
        data_dir: Path) -> None:
    """Issue 23.3: a save or autosave from a newer Warbench is named as such, not as a game."""
    import json

    from game.scenario.autosave import autosave_dir
    from game.ui.screens import LoadScene, ResumeScene, saves_dir

    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    saved = table(app).flow.save()
    assert saved is not None
    doc = json.loads(saved.read_text("utf-8"))
    doc["warbench"] = "99.1.0"
    for folder in (saves_dir(app), autosave_dir()):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "from-the-future.json").write_text(json.dumps(doc), "utf-8")
    load = LoadScene(app)
    assert "made by a newer Warbench 99.1.0" in load.label(saves_dir(app) / "from-the-future.json")
    resume = ResumeScene(app)
    future = autosave_dir() / "from-the-future.json"
    row = next(r for r in resume.entries() if "99.1.0" in r[0])
    assert row[0].endswith("made by a newer Warbench 99.1.0") and row[1] is None
    assert future in resume.games
