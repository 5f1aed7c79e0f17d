"""The defending player picks defense dice to re-roll by clicking them, as the attacker does
for the Charge Bonus (AS-RES-5: the same free dice pick, asked of the defender)."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import parse
from game.core.pending import PlayerDecision
from game.ui.modes import DicePickMode

from .conftest import SCENARIOS
from .driver import click, frames, make_app, press, table

CROWN = SCENARIOS / "asoiaf_crown_guard.toml"


def test_the_defender_clicks_the_defense_dice_to_reroll(data_dir: Path) -> None:
    app = make_app(data_dir, CROWN)
    scene = table(app)
    scene.game.apply(parse("attack sworn crown", scene.game.ruleset.action_types()))
    frames(app, 3)
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "defense.reroll"
    assert node.player == 2
    mode = scene.mode
    assert isinstance(mode, DicePickMode) and mode.pick.faces == (1, 2, 4, 6, 3)
    dice = scene.panel.die_buttons
    click(app, dice[1].rect.center)
    click(app, dice[2].rect.center)
    assert mode.picked == {1, 2}
    press(app, f"{mode.pick.confirm_label}: 1, 2")  # the faces of dice 1 and 2
    rerolled = [e for e in scene.game.events() if e.kind == "defense.reroll"]
    assert [e.data["positions"] for e in rerolled] == [[1, 2]]  # the scenario's dice: 6 5
    assert rerolled[0].data["dice"] == [6, 5, 4, 6, 3]
