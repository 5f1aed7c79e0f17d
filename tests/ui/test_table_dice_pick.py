"""Pick dice by clicking them (the ASOIAF Charge Bonus re-roll, AS-BON-1), and the
regression test for stale decision/dice prompt boxes (fixed in commit 65c0973)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.pending import Chance, PickDice, PlayerDecision
from game.ui.app import App
from game.ui.modes import DicePickMode

from .conftest import SCENARIOS
from .driver import click, find_button, frames, make_app, press, press_offer, screen_of, table

CHARGE = SCENARIOS / "asoiaf_charge_example.toml"
ATTACK = "6 2 5 1 3 6 4"


def type_dice(app: App, faces: str) -> None:
    """Click the dice entry, type the faces, press "Use my dice"."""
    entry = table(app).panel.dice_entry
    assert entry is not None
    click(app, entry.rect.center)
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in faces])
    press(app, "Use my dice")


def prompt_texts(app: App) -> list[str]:
    """The text of every text box on the screen but the event log (the prompts); a box the
    panel keeps hidden for a build (its resting spares) is not on the screen."""
    log = table(app).panel.log_box
    return [str(getattr(e, "html_text", "")) for e in app.manager.get_sprite_group().sprites()
            if hasattr(e, "html_text") and e is not log and e.visible]


def charge_to_reroll(app: App) -> None:
    """Charge the Guardsmen with the Sworn Swords by clicks and typed dice, up to the Charge
    Bonus decision."""
    scene = table(app)
    sworn, guard = scene.state.units["sworn"], scene.state.units["guard"]
    assert sworn.tray and guard.tray
    click(app, screen_of(app, sworn.tray.x, sworn.tray.y))
    press(app, "Charge")
    click(app, screen_of(app, guard.tray.x, guard.tray.y))
    type_dice(app, "6")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.align"
    press_offer(app, "choose align=100")
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.dice.count == 7
    type_dice(app, ATTACK)
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "attack.reroll"


def test_click_dice_to_reroll(data_dir: Path) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    charge_to_reroll(app)
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision)
    if not any(isinstance(a, PickDice) for a in node.free):
        pytest.skip("this tree's re-roll decision offers no PickDice answer yet")
    mode = scene.mode
    assert isinstance(mode, DicePickMode) and mode.pick.faces == (6, 2, 5, 1, 3, 6, 4)
    dice = scene.panel.die_buttons
    assert [str(dice[i].text) for i in range(1, 8)] == ATTACK.split()
    click(app, dice[2].rect.center)
    assert mode.picked == {2} and dice[2].is_selected
    confirm = mode.pick.confirm_label
    assert find_button(app, f"{confirm}: 2")
    click(app, dice[4].rect.center)
    click(app, dice[1].rect.center)
    click(app, dice[1].rect.center)  # toggled back off
    assert mode.picked == {2, 4} and not dice[1].is_selected
    press(app, f"{confirm}: 2, 1")  # the faces of dice 2 and 4, as their buttons show them
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.dice.count == 2
    assert str(scene.game.log[-1].action) == "choose reroll=2+4"
    type_dice(app, "5 6")
    texts = [e.text for e in scene.game.events()]
    assert any("re-roll of dice 2, 4 (were 2, 1)" in t for t in texts), texts[-5:]


def test_keep_all_dice(data_dir: Path) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    charge_to_reroll(app)
    press_offer(app, "choose reroll=none")
    assert str(scene.game.log[-1].action) == "choose reroll=none"


def test_answered_prompts_leave_no_stale_boxes(data_dir: Path) -> None:
    """Regression (65c0973): the decision and dice prompt boxes were not killed when the panel
    was rebuilt, so answered prompts stayed on screen under the new ones."""
    app = make_app(data_dir, CHARGE)
    charge_to_reroll(app)
    texts = prompt_texts(app)
    assert sum("Charge Bonus" in t and "re-roll which" in t for t in texts) == 1
    assert not any("roll 7d6" in t for t in texts), texts
    assert not any("roll 1d6" in t for t in texts), texts
    press_offer(app, "choose reroll=none")
    frames(app, 2)
    texts = prompt_texts(app)
    assert not any("re-roll which" in t and "Charge Bonus" in t for t in texts), texts
    node = table(app).game.pending()
    live = [t for t in texts if " to roll " in t]
    if isinstance(node, Chance):
        assert len(live) == 1 and node.purpose.split()[0] in live[0]
    else:
        assert live == []
    assert find_button(app, "Undo")
