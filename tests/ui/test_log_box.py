"""The side panel's log box is kept across rebuilds and new events are appended to it; after
an undo it is built afresh; it never holds more than twice the lines a fresh one shows
(issue 32: a commit no longer parses the whole log again)."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from game.core.actions import EndActivation, FreeRoll
from game.ui.log_box import LogBox

from .conftest import SCENARIOS
from .driver import frames, make_app, table

SANDBOX = SCENARIOS / "sandbox_table.toml"


def _box_text(box: object) -> str:
    return str(getattr(box, "html_text", "")) + str(getattr(box, "appended_text", ""))


def test_new_events_are_appended_to_the_same_box(tmp_path: Path) -> None:
    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    scene.perform(FreeRoll("2d6", (3, 4)))
    frames(app, 2)
    box = scene.panel.log_box
    assert box is not None and "3" in _box_text(box)
    scene.perform(FreeRoll("1d6", (5,)))
    frames(app, 2)
    assert scene.panel.log_box is box, "the box was built again instead of appended to"
    last = scene.game.events()[-1]
    assert last.text.split()[0] in _box_text(box)


def test_an_undo_builds_the_box_afresh_without_the_taken_back_event(tmp_path: Path) -> None:
    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    scene.perform(FreeRoll("2d6", (3, 4)))
    frames(app, 2)
    scene.perform(EndActivation())
    frames(app, 2)
    box = scene.panel.log_box
    handover = scene.game.events()[-1].text
    assert handover in _box_text(box)
    scene.game.undo(scene.game.log[-1].actor)
    scene.revision += 1
    frames(app, 2)
    assert scene.panel.log_box is not box
    assert handover not in _box_text(scene.panel.log_box)


def test_the_box_is_built_afresh_before_it_holds_twice_its_lines(tmp_path: Path) -> None:
    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    log = LogBox(app.manager, 3)
    events = []
    for k in range(1, 9):
        scene.perform(FreeRoll("1d6", (1 + k % 6,)))
        events = scene.game.events()
        log.show(events, scene.panel.log_line, scene.panel.log_box.rect)
        assert log._shown <= 2 * 3
    assert log._shown >= 3


def test_each_place_keeps_its_box_and_catches_up_when_shown_again(tmp_path: Path) -> None:
    """The log moves down when a selected unit's commands need room and back on the commit:
    each place keeps its box (hidden while the other shows), so neither move parses the log
    again, and a box shown again gets the events it missed."""
    import pygame

    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    log = LogBox(app.manager, 10)
    high, low = pygame.Rect(900, 400, 300, 300), pygame.Rect(900, 440, 300, 260)
    scene.perform(FreeRoll("2d6", (3, 4)))
    first = log.show(scene.game.events(), scene.panel.log_line, high)
    second = log.show(scene.game.events(), scene.panel.log_line, low)
    assert second is not first and not first.visible and second.visible
    scene.perform(FreeRoll("1d6", (5,)))
    again = log.show(scene.game.events(), scene.panel.log_line, high)
    assert again is first and first.visible and not second.visible
    assert scene.game.events()[-1].text.split()[0] in _box_text(first)
    log.kill()
    assert log.box is None


def test_a_box_that_overflows_while_appending_shows_its_last_lines(tmp_path: Path) -> None:
    """pygame-gui rebuilds a box scrolled to the top the first time appended lines overflow
    it: the log scrolls back to its end, so the newest events stay in view."""
    import pygame

    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    log = LogBox(app.manager, 40)
    rect = pygame.Rect(900, 600, 300, 120)
    scene.perform(FreeRoll("1d6", (1,)))
    box = log.show(scene.game.events(), scene.panel.log_line, rect)
    assert getattr(box, "scroll_bar", None) is None
    for k in range(12):
        scene.perform(FreeRoll("1d6", (1 + k % 6,)))
        assert log.show(scene.game.events(), scene.panel.log_line, rect) is box
        if box.scroll_bar is not None:
            break  # the append that first overflowed the box
    bar = box.scroll_bar
    assert bar is not None
    assert bar.start_percentage + bar.visible_percentage == pytest.approx(1.0, abs=0.02)


def test_the_log_keeps_its_place_from_a_select_to_its_commit() -> None:
    """The log starts below where the commands of the last rebuilds ended, at this window
    height: a select (more commands), its commit and the settling after it share one place,
    so one box is appended to (issue 32); another window height starts afresh."""
    from game.ui.panel import LOG_SETTLE, SidePanel

    panel = SidePanel.__new__(SidePanel)
    panel._log_tops = deque(maxlen=LOG_SETTLE)
    panel._log_height = 0
    assert panel._log_top(300, 800) == 400  # never above the middle of the window
    assert panel._log_top(474, 800) == 474  # a selected unit's commands push it down
    assert panel._log_top(440, 800) == 474  # its commit: the log stays
    assert panel._log_top(300, 800) == 474  # nothing selected: still there
    for _ in range(LOG_SETTLE):
        top = panel._log_top(300, 800)
    assert top == 400, "after LOG_SETTLE rebuilds without them it comes back up"
    panel._log_top(474, 800)
    assert panel._log_top(300, 900) == 450, "a new window height forgets the old places"


def test_selecting_a_unit_and_clearing_it_keeps_the_log_box(tmp_path: Path) -> None:
    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    scene.perform(FreeRoll("2d6", (3, 4)))
    frames(app, 2)
    uid = next(iter(scene.state.units))
    scene.view.selected = uid
    frames(app, 2)
    box = scene.panel.log_box
    scene.view.selected = None
    scene.perform(FreeRoll("1d6", (5,)))
    frames(app, 2)
    assert scene.panel.log_box is box, "the log moved and was laid out again"
