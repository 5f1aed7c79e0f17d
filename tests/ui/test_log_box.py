"""The side panel's log view is kept across rebuilds and new events are appended to it; after
an undo it is built afresh; it never holds more than twice the lines a fresh one shows
(issue 32: a commit no longer lays out the whole log again)."""

from __future__ import annotations

from collections import deque
from pathlib import Path

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
    log = LogBox(app.fonts, 3)
    events = []
    for k in range(1, 9):
        scene.perform(FreeRoll("1d6", (1 + k % 6,)))
        events = scene.game.events()
        log.show(events, scene.panel.log_line, scene.panel.log_box.rect)
        assert log._shown <= 2 * 3
    assert log._shown >= 3


def test_a_moved_log_keeps_its_view_and_catches_up(tmp_path: Path) -> None:
    """The log moves down when a selected unit's commands need room and back on the commit:
    the same view shows at the new place (nothing laid out again) with the events since."""
    import pygame

    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    log = LogBox(app.fonts, 10)
    high, low = pygame.Rect(900, 400, 300, 300), pygame.Rect(900, 440, 300, 260)
    scene.perform(FreeRoll("2d6", (3, 4)))
    first = log.show(scene.game.events(), scene.panel.log_line, high)
    laid = list(first.lines)
    second = log.show(scene.game.events(), scene.panel.log_line, low)
    assert second is first and second.rect == low and second.lines == laid
    scene.perform(FreeRoll("1d6", (5,)))
    again = log.show(scene.game.events(), scene.panel.log_line, high)
    assert again is first and again.lines[:len(laid)] == laid
    assert scene.game.events()[-1].text.split()[0] in _box_text(first)
    log.kill()
    assert log.box is None


def test_the_log_shows_its_end_scrolls_and_opens_rule_links(tmp_path: Path) -> None:
    """New events scroll the log back to its end; the wheel over it scrolls it; a click on a
    rule ID explains the rule."""
    import pygame

    app = make_app(tmp_path, SANDBOX)
    scene = table(app)
    log = LogBox(app.fonts, 40)
    rect = pygame.Rect(900, 600, 300, 120)
    for k in range(12):
        scene.perform(FreeRoll("1d6", (1 + k % 6,)))
    view = log.show(scene.game.events(), scene.panel.log_line, rect)
    assert view.text_height() > view.inner.height and view.scroll == 0
    screen = pygame.Surface((1280, 800))
    view.draw(screen)
    assert view.links, "the rule IDs of the lines that show are links"
    area, rule = view.links[-1]
    assert view.inner.collidepoint(area.center)
    opened: list[str] = []
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=area.center, button=1)
    assert log.handle(press, opened.append) and opened == [rule]
    log.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                  buttons=(0, 0, 0)), opened.append)
    assert log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), opened.append)
    assert view.scroll > 0
    scene.perform(FreeRoll("1d6", (2,)))
    assert log.show(scene.game.events(), scene.panel.log_line, rect) is view
    assert view.scroll == 0, "a new event shows the end again"


def test_a_log_line_reads_as_coloured_words_and_links() -> None:
    from game.ui.log_box import LINK, TEXT, words_of

    words = words_of("<font color='#ff0000'>&#9632;</font> Orc &amp; goblin "
                     "<a href='RL-ATK-1'>[RL-ATK-1]</a>")
    assert [(w.text, w.colour, w.link) for w in words] == [
        ("\u25a0", (255, 0, 0), None), ("Orc", TEXT, None), ("&", TEXT, None),
        ("goblin", TEXT, None), ("[RL-ATK-1]", LINK, "RL-ATK-1")]


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
