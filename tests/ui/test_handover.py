"""Hotseat hand-overs (issue 13 item 7): the acting player sees their dice land before the
table is hidden, and the hand-over names the roll the next player makes."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.pending import Chance
from game.ui import hexlayout
from game.ui.app import App
from game.ui.screens import HandoffScene
from game.ui.table_scene import TableScene

from .driver import click, frames, make_app, press, screen_of, table

DUEL = Path(__file__).parent / "data" / "godsgloom_duel.toml"


def _melee_declared(data_dir: Path) -> tuple[App, TableScene]:
    """The duel with hand-overs on: a1 activates and declares its Melee Attack on g1."""
    app = make_app(data_dir, DUEL, handoff=True)
    scene = table(app)

    def at(uid: str) -> tuple[int, int]:
        unit = scene.state.units[uid]
        assert unit.hex is not None
        return screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r))

    click(app, at("a1"))
    press(app, "Activate")
    click(app, at("a1"))
    press(app, "Melee attack")
    click(app, at("g1"))
    return app, scene


def test_the_roller_sees_the_dice_land_before_the_hand_over(data_dir: Path) -> None:
    app, scene = _melee_declared(data_dir)
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.player == 1
    entry = scene.panel.dice_entry
    assert entry is not None
    click(app, entry.rect.center)
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "3 1 1 3 3"])
    press(app, "Use my dice")
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.player == 2  # the defender rolls next
    # still the table, with the attacker's dice in the tray
    assert isinstance(app.scene, TableScene)
    show = scene.animator.dice
    assert show is not None and sorted(d.face for d in show.frames[-1]) == [1, 1, 3, 3, 3]
    frames(app, 200)
    assert isinstance(app.scene, HandoffScene)
    assert app.scene.player_name == "Gloom Court"
    assert "Gloom Court to roll" in app.scene.note


def test_a_defence_roll_is_handed_over_as_a_roll_not_a_turn(data_dir: Path) -> None:
    """The defender's hand-over read "Gloom Court, your turn" over "Gloom Court rolls ... for
    defence" though it was still the attacker's turn: the title says "your roll" now."""
    app, scene = _melee_declared(data_dir)
    press(app, "Roll the dice")
    frames(app, 200)
    handoff = app.scene
    assert isinstance(handoff, HandoffScene) and handoff.player_name == "Gloom Court"
    assert scene.state.turn.active != 2 and handoff.title == "your roll", handoff.title
