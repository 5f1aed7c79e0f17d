"""The minor defects of issue 29 ("The table for a first-time player, round 2"), each
driven through the real scenes headless."""

from __future__ import annotations

from pathlib import Path

from .conftest import SCENARIOS
from .driver import find_button, make_app, press, table


def test_the_end_button_says_it_ends_the_phase_NA_TURN_1(data_dir: Path) -> None:
    """NA-TURN-1: in The Ninth Age Enter ends a whole phase, and the button says so."""
    app = make_app(data_dir, SCENARIOS / "ninth_age_supporting_attacks.toml")
    scene = table(app)
    assert scene.state.turn.phase == "charge"
    button = find_button(app, "End the charge phase (Enter)")
    assert "move phase comes next" in str(button.tool_tip_text)
    press(app, "End the charge phase")
    assert scene.state.turn.phase == "move"
    find_button(app, "End the move phase (Enter)")


def test_the_end_button_of_other_rulesets_still_ends_an_activation(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "realms_night_precision.toml")
    find_button(app, "End activation (Enter)")


def test_reform_variants_say_wide_and_deep_and_show_their_ghost(data_dir: Path) -> None:
    """NA-MOV-1: a reform's variants read "6 wide, 4 deep" (as the log does) and hovering
    one lights the ghost of the new block, its own width."""
    from game.ui.modes import GhostPickMode

    from .driver import click, hover, screen_of

    app = make_app(data_dir, SCENARIOS / "ninth_age_battle.toml")
    scene = table(app)
    press(app, "End the charge phase")
    orcs = scene.state.units["orcs"]
    assert orcs.tray is not None
    click(app, screen_of(app, orcs.tray.x, orcs.tray.y))
    press(app, "Reform")
    mode = scene.mode
    assert isinstance(mode, GhostPickMode)
    labels = [o.label for o in mode.offers]
    assert any(label.startswith("6 wide, ") and " deep" in label for label in labels), labels
    offer = next(o for o in mode.offers if o.label.startswith("6 wide"))
    button = find_button(app, offer.label.split(",")[0])
    hover(app, button.rect.center)
    hover(app, (button.rect.centerx + 1, button.rect.centery))
    lit = [g for g in scene.view.ghosts if g.key == scene.view.hovered_ghost]
    assert lit and lit[0].tray is not None and lit[0].tray.files == 6


def test_nothing_answers_for_the_next_player_before_the_hand_over(data_dir: Path) -> None:
    """A Space (or a click on the decision) while the acting player still watches their dice
    used to roll (or answer) for the next player before the hand-over screen covered the
    table: now it waits, says so, and the hand-over comes; Space does not dismiss it."""
    import pygame

    from game.core.pending import Chance
    from game.ui.screens import HandoffScene

    from .driver import click, frames, key
    from .test_handover import _melee_declared

    app, scene = _melee_declared(data_dir)
    key(app, pygame.K_SPACE)  # the attacker rolls...
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.player == 2
    actions = len(scene.game.log)
    key(app, pygame.K_SPACE)  # ...and a second Space must not roll the defender's dice
    click(app, find_button(app, "Roll the dice").rect.center)
    assert len(scene.game.log) == actions
    assert scene.status.startswith("Handing over to Gloom Court")
    frames(app, 200)
    assert isinstance(app.scene, HandoffScene)
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, HandoffScene)
    key(app, pygame.K_RETURN)
    assert app.scene is scene
    key(app, pygame.K_SPACE)  # now the defender's own Space rolls at once
    assert len(scene.game.log) == actions + 1


def test_realms_disabled_buttons_say_why(data_dir: Path) -> None:
    """Every disabled button says why (RL-TRN-1, RL-SPC-1): before its command a unit is told
    to begin one; once commanded, Cast names the nearest enemy and what stops the spell."""
    from game.ui import hexlayout

    from .driver import click, screen_of

    app = make_app(data_dir, SCENARIOS / "realms_skirmish.toml")
    scene = table(app)
    mage = next(u for u in scene.state.units.values() if u.name == "Ember Mage")
    assert mage.hex is not None
    click(app, screen_of(app, *hexlayout.hex_centre(mage.hex.q, mage.hex.r)))
    reasons = {str(b.text): why for b, why in scene.panel.refusals.items()}
    assert "begin a unit command first" in reasons["Fortify"]
    assert not any("no legal use" in why for why in reasons.values()), reasons
    press(app, "Command")
    reasons = {str(b.text): why for b, why in scene.panel.refusals.items()}
    assert "the nearest enemy" in reasons["Cast"] and "reaches 5" in reasons["Cast"], reasons
    assert "has no special attacks" in reasons["Special"]


def test_a_wheel_notch_scrolls_the_new_game_list_one_row(data_dir: Path) -> None:
    import pygame

    from game.ui.app import App
    from game.ui.screens import ScenarioListScene

    from .driver import frames

    app = App((1000, 700), data_dir)
    app.switch(ScenarioListScene(app))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, ScenarioListScene)
    box = scene.list_box
    pygame.mouse.set_pos(box.rect.center)
    total = scene.row_count * scene.ROW
    tops = []
    for _ in range(3):
        frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
        tops.append(round(box.vert_scroll_bar.start_percentage * total))
    assert tops == [scene.ROW, 2 * scene.ROW, 3 * scene.ROW], tops


def test_the_unfinished_list_says_when_a_game_was_last_played(data_dir: Path) -> None:
    import os
    import time

    from game.scenario.autosave import unfinished_games
    from game.ui.app import App
    from game.ui.screens import ResumeScene

    from .driver import frames

    app = make_app(data_dir, SCENARIOS / "realms_night_precision.toml")
    press(app, "End activation")  # something to autosave
    frames(app, 2)
    games = unfinished_games()
    assert games
    path = games[0].path
    os.utime(path, (time.time(), time.time()))
    fresh = App((1000, 700), data_dir)
    scene = ResumeScene(fresh)
    today = time.strftime("%d %b %Y", time.localtime())
    assert f"last played {today}" in scene.label(path)
    assert scene.tip(path).startswith("started ")


def test_closing_the_window_mid_game_asks_first(data_dir: Path) -> None:
    import pygame

    from .driver import frames, key

    app = make_app(data_dir, SCENARIOS / "realms_night_precision.toml")
    scene = table(app)
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])
    assert app.running and scene.confirm is not None
    assert "Close Warbench?" in scene.confirm and "autosave" in scene.confirm
    key(app, pygame.K_ESCAPE)  # stay
    assert app.running and scene.confirm is None
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])
    key(app, pygame.K_RETURN)  # yes
    assert not app.running


def test_resuming_a_game_says_so_at_once(data_dir: Path) -> None:
    """Opening or resuming a game draws "Resuming ..." before the slow replay, so the window
    never looks hung (issue 29: over a second of nothing on a large game)."""
    from game.scenario.autosave import unfinished_games
    from game.ui.screens import start_table

    app = make_app(data_dir, SCENARIOS / "realms_night_precision.toml")
    press(app, "End activation")
    before = app.busy_shown
    assert before >= 1  # opening the scenario said so too
    start_table(app, unfinished_games()[0].path)
    assert app.busy_shown == before + 1


def test_a_larger_text_size_draws_the_table_text_larger(data_dir: Path) -> None:
    """Issue 29, beyond the list: Settings' text size (normal, large, larger) scales the
    table's own text; it is kept in settings.json."""
    from game.ui.app import App
    from game.ui.screens import SettingsScene
    from game.ui.settings import load_settings

    from .driver import frames

    app = App((1280, 800), data_dir)
    normal = app.fonts.get(14).get_height()
    app.switch(SettingsScene(app))
    frames(app, 2)
    press(app, "Text size: normal")
    frames(app, 2)
    assert app.settings.text_size == "large"
    assert load_settings(data_dir).text_size == "large"
    assert app.fonts.get(14).get_height() > normal
    again = make_app(data_dir, SCENARIOS / "realms_night_precision.toml")
    assert again.settings.text_size == "large" and again.fonts.scale == 1.25
