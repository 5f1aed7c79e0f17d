"""The rules browser (issue 31): F1 then R on the table, and F2 from a rule explanation, open
every rule of the game's system with its paraphrase, the rules cited with it in this game,
how often it decided something, and the lessons that teach it; words filter the list; "Take
the lesson" opens one; Esc returns to the table."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.events import Event
from game.learn.rulebook import rulebook, search
from game.scenario import load_scenario, new_session
from game.scenario.paths import scenarios_dir
from game.ui.app import App
from game.ui.lesson_scene import LessonScene
from game.ui.rules_browser import RulesBrowser
from game.ui.table_scene import TableScene

from .driver import find_button, frames, key, press


def _table(data_dir: Path, name: str) -> tuple[App, TableScene]:
    app = App((1280, 800), data_dir)
    app.settings.animate = False
    app.switch(TableScene(app, new_session(load_scenario(scenarios_dir() / name))))
    frames(app, 2)
    assert isinstance(app.scene, TableScene)
    return app, app.scene


def test_pages_count_decisions_and_relate_rules_cited_together() -> None:
    catalogue = {"A-1": "first rule", "A-2": "second rule about charges", "A-3": "third"}
    events = [Event("x", "", ("A-1", "A-2"), {}), Event("y", "", ("A-1",), {}),
              Event("z", "", ("A-1", "A-3", "A-3"), {})]
    pages = {p.rule: p for p in rulebook(catalogue, events, [])}
    assert pages["A-1"].decided == 3 and pages["A-3"].decided == 1
    assert set(pages["A-1"].related) == {"A-2", "A-3"} and pages["A-2"].related == ("A-1",)
    assert [p.rule for p in search(list(pages.values()), "Charges SECOND")] == ["A-2"]
    assert len(search(list(pages.values()), "")) == 3


def test_f1_then_r_opens_the_rules_of_the_game_and_esc_returns(data_dir: Path) -> None:
    app, table = _table(data_dir, "godsgloom_skirmish.toml")
    key(app, pygame.K_F1)
    assert app.show_help
    key(app, pygame.K_r)
    assert not app.show_help
    browser = app.scene
    assert isinstance(browser, RulesBrowser)
    catalogue = table.game.ruleset.catalogue()
    assert [p.rule for p in browser.pages] == list(catalogue)
    assert browser.current is not None and browser.current.text == catalogue[browser.current.rule]
    key(app, pygame.K_ESCAPE)
    assert app.scene is table


def test_from_an_explanation_f2_opens_the_rule_with_its_lessons(data_dir: Path) -> None:
    app, table = _table(data_dir, "godsgloom_skirmish.toml")
    table.explain("HX-MOV-5")
    key(app, pygame.K_F2)
    browser = app.scene
    assert isinstance(browser, RulesBrowser)
    assert browser.current is not None and browser.current.rule == "HX-MOV-5"
    titles = [lesson.title for lesson in browser.current.lessons]
    assert titles, "a lesson teaches HX-MOV-5"
    assert "HX-MOV-5" in browser.page_html(browser.current)
    press(app, f"Take the lesson: {titles[0]}")
    frames(app, 2)
    assert isinstance(app.scene, LessonScene) and app.scene.run.lesson.title == titles[0]


def test_search_filters_the_list_and_a_related_link_changes_the_page(data_dir: Path) -> None:
    app, table = _table(data_dir, "godsgloom_skirmish.toml")
    table.perform(table.game.legal_actions()[0])  # an activation: its event cites rules
    frames(app, 2)
    cited = [r for entry in table.game.log for e in entry.events for r in e.rules]
    rule = next(r for r in cited if r in table.game.ruleset.catalogue())
    assert table.open_rules(rule)
    browser = app.scene
    assert isinstance(browser, RulesBrowser) and browser.current is not None
    assert browser.current.decided >= 1
    browser.filter("morale token")
    assert browser.shown and all("morale token" in p.words().lower() for p in browser.shown)
    assert len(browser.shown) < len(browser.pages)
    first = browser.shown[0]
    press(app, first.rule)
    assert browser.current is first
    if first.related:
        browser.select(first.related[0])
        assert browser.current.rule == first.related[0]
    assert find_button(app, "Back (Esc)").is_enabled


def test_opened_at_a_rule_far_down_the_list_scrolls_to_it(data_dir: Path) -> None:
    app, table = _table(data_dir, "godsgloom_skirmish.toml")
    last = list(table.game.ruleset.catalogue())[-1]
    assert table.open_rules(last)
    frames(app, 2)
    browser = app.scene
    assert isinstance(browser, RulesBrowser) and browser.current is not None
    row = next(b for b, page in browser.rows.items() if page is browser.current)
    assert browser.list_box.rect.colliderect(row.rect)  # scrolled into view


def test_from_a_lesson_the_browser_returns_to_the_same_step(data_dir: Path) -> None:
    from game.learn import find_lesson

    app = App((1280, 800), data_dir)
    app.settings.animate = False
    lesson = LessonScene(app, find_lesson("gg-mel-10-pivot"))
    app.switch(lesson)
    frames(app, 2)
    lesson.run.next()
    lesson.table.explain("HX-MEL-10")
    key(app, pygame.K_F2)
    assert isinstance(app.scene, RulesBrowser)
    assert app.scene.current is not None and app.scene.current.rule == "HX-MEL-10"
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.scene is lesson and lesson.run.index == 1
