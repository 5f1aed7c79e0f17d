"""Every input mode of the table, driven by posted input events through the real scene on the
toy ruleset of :mod:`tests.ui.toy` (which no file under game/ui knows): select, target, ghost
pick (variants), steer (with the wheel's turn), dice pick, number, point answer, drag; and the
inspection records drawn (shapes, rule links, odds bars)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.core.pending import Chance, PlayerDecision
from game.ui.app import App
from game.ui.modes import (
    DicePickMode,
    DragMode,
    GhostPickMode,
    SelectMode,
    SteerMode,
    TargetMode,
)

from .conftest import SCENARIOS
from .driver import click, find_button, frames, hover, make_app, pixel, press, screen_of, table
from .toy import toy_registered

TOY = Path(__file__).parent / "data" / "toy_table.toml"
RULE_ID = re.compile(r"\b(AS|HX|NA|RL|WB|TOY)-[A-Z0-9-]*\d")

__all__ = ["toy_registered"]


@pytest.fixture
def app(data_dir: Path, toy_registered: None) -> App:
    return make_app(data_dir, TOY)


def unit_pos(app: App, uid: str) -> tuple[int, int]:
    tray = table(app).state.units[uid].tray
    assert tray is not None
    return screen_of(app, tray.x, tray.y)


def wheel(app: App, y: int) -> None:
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def poke_to_decision(app: App, faces: str = "1 2 3") -> None:
    """Poke the Red Toy high and type the dice: the re-roll decision is pending."""
    click(app, unit_pos(app, "b1"))
    press(app, "Poke")
    click(app, unit_pos(app, "r1"))
    press(app, "Poke Red Toy high")
    entry = table(app).panel.dice_entry
    assert entry is not None
    click(app, entry.rect.center)
    frames(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in faces])
    press(app, "Use my dice")


def test_select_mode_shows_the_rulesets_card_and_buttons(app: App) -> None:
    scene = table(app)
    assert isinstance(scene.mode, SelectMode)
    click(app, unit_pos(app, "b1"))
    assert scene.view.selected == "b1"
    assert scene.hud.card_height() == 30 + 2 * 16  # the toy card has two lines
    assert find_button(app, "Stride").is_enabled and find_button(app, "Poke").is_enabled
    fly = find_button(app, "Fly")
    assert not fly.is_enabled and scene.panel.refusals[fly] == "toys cannot fly [TOY-9]"
    assert scene.view.unit_overlay is not None  # the reach ring of inspect_unit


def test_target_mode_outlines_targets_and_says_why_not(app: App) -> None:
    scene = table(app)
    click(app, unit_pos(app, "b1"))
    press(app, "Poke")
    assert isinstance(scene.mode, TargetMode) and scene.view.targets == frozenset({"r1"})
    hover(app, unit_pos(app, "r2"))
    assert "too far to poke" in scene.status and "[TOY-2]" in scene.status
    click(app, unit_pos(app, "r2"))
    assert isinstance(scene.mode, TargetMode) and not scene.game.log
    click(app, unit_pos(app, "r1"))
    assert isinstance(scene.mode, GhostPickMode) and len(scene.mode.offers) == 2


def test_ghost_pick_mode_lists_variants_and_their_ghosts(app: App) -> None:
    scene = table(app)
    click(app, unit_pos(app, "b1"))
    press(app, "Poke")
    click(app, unit_pos(app, "r1"))
    assert {g.label for g in scene.view.ghosts} == {"Poke Red Toy high", "Poke Red Toy low"}
    low = find_button(app, "Poke Red Toy low")
    hover(app, low.rect.center)
    frames(app, 2)
    assert scene.view.hovered_ghost == "1"  # the hovered variant's ghost is lit
    ghost = next(g for g in scene.view.ghosts if g.label == "Poke Red Toy low")
    assert ghost.tray is not None
    click(app, screen_of(app, ghost.tray.x, ghost.tray.y))
    assert str(scene.game.log[-1].action) == "poke b1 r1 low"
    assert isinstance(scene.game.pending(), Chance)


def test_steer_mode_points_turns_with_the_wheel_and_commits_only_legal(app: App) -> None:
    scene = table(app)
    b1 = scene.state.units["b1"].tray
    assert b1 is not None
    click(app, unit_pos(app, "b1"))
    press(app, "Stride")
    assert isinstance(scene.mode, SteerMode)
    far = screen_of(app, b1.x, b1.y + 10)
    hover(app, far)
    assert "at most 6" in scene.status and "[TOY-1]" in scene.status
    click(app, far)
    assert not scene.game.log  # an illegal point is never applied
    near = screen_of(app, b1.x + 2, b1.y + 4)
    hover(app, near)
    wheel(app, -1)  # one notch: the ghost turns by the steer's 15 degrees
    mode = scene.mode
    assert isinstance(mode, SteerMode) and mode.turn == 15.0
    ghost = scene.view.ghosts[0]
    assert ghost.key == "__steer__" and ghost.tray is not None
    assert ghost.tray.facing == pytest.approx((b1.facing + 15.0) % 360)
    click(app, near)
    moved = scene.state.units["b1"].tray
    assert moved is not None and moved.facing == pytest.approx((b1.facing + 15.0) % 360)
    assert isinstance(scene.mode, SelectMode)


def test_dice_pick_mode_toggles_and_confirms_only_a_legal_pick(app: App) -> None:
    scene = table(app)
    poke_to_decision(app)
    mode = scene.mode
    assert isinstance(mode, DicePickMode) and mode.pick.faces == (1, 2, 3)
    dice = scene.panel.die_buttons
    for i in (1, 2, 3):
        click(app, dice[i].rect.center)
    confirm = scene.panel.pick_confirm
    assert mode.picked == {1, 2, 3} and not confirm.is_enabled
    assert "at most 2 dice" in scene.status
    click(app, dice[3].rect.center)
    assert confirm.is_enabled
    press(app, "Re-roll the picked dice: 1, 2")
    assert str(scene.game.log[-1].action) == "choose reroll=1+2"
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.dice.count == 2


def test_number_answer_by_slider(app: App) -> None:
    scene = table(app)
    poke_to_decision(app)
    press(app, "Keep all dice")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "bid"
    slider = scene.panel.slider
    assert slider is not None
    slider.set_current_value(7)
    scene.panel.slider_moved()
    press(app, "Bid: 7")
    assert str(scene.game.log[-1].action) == "choose bid=7"


def test_point_answer_and_decision_ghosts(app: App) -> None:
    scene = table(app)
    poke_to_decision(app)
    press(app, "Keep all dice")
    press(app, "Bid: 3")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "shove"
    assert {g.key for g in scene.view.ghosts} == {"d0", "d1"}  # the offers' ghosts
    press(app, "Point on the board")
    assert isinstance(scene.mode, SteerMode)
    r1 = scene.state.units["r1"].tray
    assert r1 is not None
    too_far = screen_of(app, r1.x + 12, r1.y)
    hover(app, too_far)
    assert "[TOY-6]" in scene.status
    click(app, too_far)
    assert isinstance(scene.game.pending(), PlayerDecision)
    click(app, screen_of(app, r1.x + 3, r1.y + 2))
    moved = scene.state.units["r1"].tray
    assert moved is not None and (moved.x, moved.y) == (r1.x + 3, r1.y + 2)


def test_decision_ghost_click_answers(app: App) -> None:
    scene = table(app)
    poke_to_decision(app)
    press(app, "Keep all dice")
    press(app, "Bid: 3")
    r1 = scene.state.units["r1"].tray
    assert r1 is not None
    click(app, screen_of(app, r1.x - 6, r1.y))  # the "Shove left" ghost
    assert str(scene.game.log[-1].action) == f"choose shove={r1.x - 6:g}:{r1.y:g}"


def test_drag_mode_on_a_free_table(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    n1 = scene.state.units["n1"].tray
    assert n1 is not None
    start = screen_of(app, n1.x, n1.y)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                       buttons=(1, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    assert isinstance(scene.mode, DragMode) and scene.mode.unit == "n1"
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)])
    assert isinstance(scene.mode, SelectMode)


def test_inspection_is_drawn_with_rule_links_and_odds_bars(app: App) -> None:
    scene = table(app)
    click(app, unit_pos(app, "b1"))
    hover(app, unit_pos(app, "r1"))
    painter = scene.renderer.painter
    assert {rule for _, rule in painter.rule_rects} == {"TOY-2", "TOY-3"}
    assert painter.info_rect is not None
    bars = [p for p in _pixels_in(app, painter.info_rect)
            if p == scene.renderer.palette.corridor]
    assert len(bars) > 100  # the odds chart's bars
    rect, rule = painter.rule_rects[0]
    click(app, rect.center)
    assert scene.explanation is not None and scene.explanation[0] == rule


def test_sandbox_hover_shows_no_rule_id(data_dir: Path) -> None:
    """Issue 9: the rules-free table printed another game's range rule on hover."""
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    click(app, unit_pos(app, "n1"))
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=unit_pos(app, "n1"),
                                       button=1)])
    hover(app, unit_pos(app, "s1"))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.distance is not None
    assert overlay.rules == () and scene.renderer.painter.rule_rects == []
    assert not any(RULE_ID.search(line) for line in overlay.lines), overlay.lines


def _pixels_in(app: App, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    return [pixel(app, (x, y)) for x in range(rect.left, rect.right, 2)
            for y in range(rect.top, rect.bottom, 2)]


def test_hover_box_keeps_off_the_units_and_goes_when_the_pointer_leaves(app: App) -> None:
    """Issue 13 item 12: the box covered the hovered unit and stayed after the mouse left."""
    scene = table(app)
    click(app, unit_pos(app, "b1"))
    hover(app, unit_pos(app, "r1"))
    box = scene.renderer.painter.info_rect
    assert box is not None
    for uid in ("b1", "r1"):
        outline = scene.renderer.unit_outline(scene.state, scene.view, uid)
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        unit_rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        assert not box.colliderect(unit_rect), uid
    hover(app, (app.screen.get_width() - 20, app.screen.get_height() // 2))  # the side panel
    assert scene.view.overlay is None and scene.renderer.painter.info_rect is None


def test_game_over_screen_summarises_and_plays_again(app: App) -> None:
    """Issue 13 item 14: the game-over screen said "wins" twice and had no summary or
    replay."""
    from game.ui.screens import EndScene

    scene = table(app)
    poke_to_decision(app, "6 6 6")
    press(app, "Keep all dice")
    press(app, "Bid: 3")
    r1 = scene.state.units["r1"].tray
    assert r1 is not None
    click(app, screen_of(app, r1.x - 6, r1.y))  # shove: the crushing poke ends the game
    end = app.scene
    assert isinstance(end, EndScene)
    assert end.subtitle.count("Victory: Blue") == 1 and "wins" not in end.subtitle, end.subtitle
    assert "Rounds played: 1" in end.subtitle
    assert "Red: 1 of 2 units lost" in end.subtitle and "Blue: 0 of 1 units lost" in end.subtitle
    press(app, "Play it again")
    again = table(app)
    assert again is not scene and not again.game.log
    assert again.state.units["r1"].on_board


def test_game_over_screen_lists_every_sides_losses_and_names_the_victor_plainly(app: App) -> None:
    """A draw or three sides made the casualty lines longer than the four drawn; the winner
    line read "Orcs wins". Every line is drawn, above the buttons; the winner reads "Victory:"."""
    from game.ui.screens import EndScene

    facts = ["Rounds played: 3", "Orcs: 2 of 4 units lost", "Elves: 1 of 3 units lost",
             "Dwarfs: 3 of 3 units lost"]
    end = EndScene(app, "No winner", "The last round is over: a draw.", table(app), facts)
    app.switch(end)
    frames(app, 1)
    assert end.subtitle_lines()[-3:] == facts[1:]
    last_line = 135 + 22 * (len(end.subtitle_lines()) - 1) + 20
    assert all(b.rect.top > last_line for b in end.buttons), "a button covers the summary"
    from game.core.present import victory

    assert victory("Orcs") == "Victory: Orcs"


def test_game_over_screen_offers_a_replay_of_the_game(app: App) -> None:
    """Issue 13 item 14: the game-over screen offers a replay, stepped on the board."""
    from game.ui.pbf_scene import ReplayScene
    from game.ui.screens import EndScene

    scene = table(app)
    poke_to_decision(app, "6 6 6")
    press(app, "Keep all dice")
    press(app, "Bid: 3")
    r1 = scene.state.units["r1"].tray
    assert r1 is not None
    click(app, screen_of(app, r1.x - 6, r1.y))  # the crushing poke ends the game
    end = app.scene
    assert isinstance(end, EndScene)
    final = scene.game.state_hash()
    press(app, "Watch the replay")
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    stepper = replay.stepper
    assert stepper.position == 0 and stepper.count == len(scene.game.log)
    frames(app, 1)
    start_shot = pygame.image.tobytes(app.screen, "RGB")
    press(app, "Last")
    assert stepper.game.state_hash() == final
    frames(app, 1)
    assert pygame.image.tobytes(app.screen, "RGB") != start_shot  # r1 is gone from the board
    press(app, "Back")
    assert stepper.position == stepper.count - 1
    press(app, "First")
    assert stepper.position == 0
    press(app, "Back to the game over")
    assert app.scene is end


def test_a_long_unit_card_is_cut_with_a_count_and_asked_once_per_change(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.inspect import InfoLine, UnitCard

    scene = table(app)
    calls: list[str] = []

    def card(state: object, uid: str) -> UnitCard:
        calls.append(uid)
        return UnitCard("Long", tuple(InfoLine(f"stat {i}") for i in range(20)))

    monkeypatch.setattr(scene.game.ruleset, "unit_card", card)
    click(app, unit_pos(app, "b1"))
    frames(app, 5)
    assert scene.hud.card_height() == 30 + 16 * 9
    assert scene.hud._card_rows(card(None, "b1"))[-1][0].startswith("... and 12 more lines")
    assert len(set(calls)) == 1 and len(calls) <= 3  # not once per frame


def test_offers_sharing_a_spot_are_picked_by_pointing_around_it(app: App) -> None:
    """Several facings on one spot (a hex's six, a pivot's four): the ghost follows the
    pointer around the spot and a click takes the one shown."""
    scene = table(app)
    b1 = scene.state.units["b1"].tray
    assert b1 is not None
    click(app, unit_pos(app, "b1"))
    press(app, "Turn")
    assert isinstance(scene.mode, GhostPickMode) and len(scene.mode.offers) == 4
    east = screen_of(app, b1.x + 1.5, b1.y)
    hover(app, east)
    (ghost,) = scene.view.ghosts
    assert ghost.tray is not None and ghost.tray.facing == 90.0
    click(app, east)
    moved = scene.state.units["b1"].tray
    assert moved is not None and moved.facing == 90.0
    assert str(scene.game.log[-1].action) == "turn b1 90.0"
