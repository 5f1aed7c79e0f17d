"""What playing the GODSGLOOM skirmish to its game-over screen and the two sandboxes by hand in a
real window (Xvfb, xdotool) found, one headless test per finding, each failing before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.actions import MoveHex, Pivot, RollPending
from game.core.pending import PlayerDecision
from game.scenario import load_scenario, new_session
from game.ui.pbf_scene import GameStepper, ReplayScene
from tests.playing import play

from .conftest import SCENARIOS
from .driver import frames, make_app, table

SKIRMISH = SCENARIOS / "godsgloom_skirmish.toml"
SANDBOX_HEX = SCENARIOS / "sandbox_hex.toml"
DUEL = Path(__file__).resolve().parent / "data" / "godsgloom_duel.toml"


class _Spy:
    """A font that records every text it renders (to read what a scene drew)."""

    def __init__(self, font: pygame.font.Font, seen: list[str]) -> None:
        self.font = font
        self.seen = seen

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self.seen.append(text)
        return self.font.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)


def test_the_replay_of_a_hotseat_game_is_not_titled_received_turn(data_dir: Path) -> None:
    """The game-over screen's replay of a hotseat game was headed "Received turn" (the words of a
    turn received by file): it must say it is the game's replay."""
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    app.switch(ReplayScene(app, GameStepper(scene.game), scene))
    frames(app, 1)
    seen: list[str] = []
    real_get = app.fonts.get
    app.fonts.get = lambda size, bold=False: _Spy(real_get(size, bold), seen)  # type: ignore[method-assign]
    frames(app, 1)
    assert "Received turn" not in seen, seen
    assert any(text.startswith("Replay of the game") for text in seen), seen


def test_wb_tbl_1_the_hex_sandbox_logs_a_placement_facing_in_words() -> None:
    """WB-TBL-1 / WB-TBL-2: dragging b1 on the hex sandbox logged "b1 is placed on hex (1,0)
    facing 0." while Undo named the same move "facing north-east": the log names the side."""
    game = new_session(load_scenario(SANDBOX_HEX)).game
    placed = game.apply(MoveHex("b1", 1, 0, 0))[-1].text
    assert placed == "b1 moves to hex (1,0) facing north-east.", placed
    turned = game.apply(Pivot("b1", 3))[-1].text
    assert turned == "b1 turns to face south-west.", turned


def test_undo_and_redo_name_a_decision_answer_as_its_button_did(data_dir: Path) -> None:
    """Playing by hand, taking back "Do not push" said "Undone: Push no" (the answer's field
    syntax) and Ctrl+Y said "Redone: Push no": both now read as the button, "Do not push"."""
    app = make_app(data_dir, DUEL)
    scene = table(app)
    play(scene.game, "activate a1", "melee a1 -> g1")
    for _ in range(30):
        node = scene.game.pending()
        offers = node.offers if isinstance(node, PlayerDecision) else ()
        decline = [o for o in offers if o.label == "Do not push"]
        if decline:
            break
        assert scene.perform(offers[0].action if offers else RollPending())
    else:
        raise AssertionError("the melee never offered the winner a push")
    assert scene.perform(decline[0].action)
    # the winner still sits at the table, before the hand-over screen is dismissed
    scene.flow.seated, scene.flow.handoff_due = node.player, True
    scene.flow.undo()
    assert scene.status == "Undone: Do not push", scene.status
    scene.flow.redo()
    assert scene.status == "Redone: Do not push", scene.status
