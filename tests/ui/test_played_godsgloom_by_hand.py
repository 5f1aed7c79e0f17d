"""What playing the GODSGLOOM skirmish to its game-over screen and the two sandboxes by hand in a
real window (Xvfb, xdotool) found, one headless test per finding, each failing before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.actions import MoveHex, Pivot
from game.scenario import load_scenario, new_session
from game.ui.pbf_scene import GameStepper, ReplayScene

from .conftest import SCENARIOS
from .driver import frames, make_app, table

SKIRMISH = SCENARIOS / "godsgloom_skirmish.toml"
SANDBOX_HEX = SCENARIOS / "sandbox_hex.toml"


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
