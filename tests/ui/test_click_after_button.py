"""A click on the board in the frame the pointer left a panel button is the board's.

pygame-gui works out whether the pointer hovers a GUI element once a frame, where the pointer
was then. When a frame is slow (a commit, the computer thinking) the pointer's move to a unit
and the click on it arrive in one batch, and the table used to read that stale answer: the
button still "hovered", the click on the unit was dropped (seen under Xvfb after ending a
phase). The table now asks what lies under the click itself."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from .conftest import SCENARIOS
from .driver import find_button, frames, make_app, screen_of, table

CHARGE = SCENARIOS / "asoiaf_charge_example.toml"


def test_a_click_on_a_unit_right_after_leaving_a_button_selects_it(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    button = find_button(app, "Roll free dice")
    # the pointer rests on the button: the manager's once-a-frame hover says "over the GUI"
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)
    frames(app, 2, [pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    assert app.manager.get_hovering_any_element()
    sworn = scene.state.units["sworn"]
    assert sworn.tray is not None
    pos = screen_of(app, sworn.tray.x, sworn.tray.y)
    # one slow frame's batch: the move to the unit, the press and the release
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)
    assert scene.view.selected == "sworn"


def test_a_click_on_a_button_over_the_board_is_still_the_buttons(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The point test sees what the hover flag saw: a click where a GUI element lies is not
    the board's."""
    from game.ui.table_input import gui_at

    app = make_app(data_dir, CHARGE)
    button = find_button(app, "Roll free dice")
    assert gui_at(app.manager, button.rect.center)
    vp = table(app).viewport()
    assert not gui_at(app.manager, vp.center)
