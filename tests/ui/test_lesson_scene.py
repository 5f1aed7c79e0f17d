"""The lesson scene, headless: one lesson walked through the real scene with real input
(buttons of the caption panel, clicks on the table, the table's own command buttons)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.learn import find_lesson
from game.learn.progress import load_progress
from game.ui.app import App
from game.ui.lesson_scene import LessonListScene, LessonScene
from game.ui.render import fit_camera

from .driver import click, find_button, frames, key, press


def _open(data_dir: Path, lesson_id: str) -> tuple[App, LessonScene]:
    app = App((1280, 800), data_dir)
    app.settings.animate = False
    app.switch(LessonScene(app, find_lesson(lesson_id)))
    frames(app, 2)
    assert isinstance(app.scene, LessonScene)
    return app, app.scene


def _on_table(scene: LessonScene, unit_id: str) -> tuple[int, int]:
    unit = scene.game.state.units[unit_id]
    assert unit.tray is not None
    sx, sy = scene.table.view.camera.to_screen(unit.tray.x, unit.tray.y)
    return round(sx), round(sy)


def test_a_lesson_walked_through_the_real_lesson_scene(data_dir: Path) -> None:
    app, scene = _open(data_dir, "as-charge-roll")
    assert scene.run.step.kind == "say"
    assert not find_button(app, "Back").is_enabled
    press(app, "Next")
    assert scene.run.step.kind == "demo"  # the demo played: the Sworn Swords made contact
    assert any(e.kind == "charge.contact" for e in scene.run.step_events)
    press(app, "Next")
    press(app, "Next")
    assert scene.run.step.kind == "try"
    assert not find_button(app, "Next").is_enabled  # a try must be solved first
    press(app, "Hint")
    assert "Charge" in scene.note
    press(app, "Hint")  # tier 2: the solution, drawn on the table
    assert "Charge Lannister Guardsmen" in scene.note and scene.run.hint_tier == 2
    assert "->" not in scene.note  # unit names, not the action syntax
    click(app, _on_table(scene, "sworn"))  # the table's own input: select, Charge, target
    press(app, "Charge")
    click(app, _on_table(scene, "guard"))
    frames(app, 2)
    assert scene.run.solved, scene.note
    press(app, "Next")
    assert scene.run.step.kind == "ask"
    press(app, "2 or more")
    assert "one inch short" in scene.note
    press(app, "3 or more")
    assert "66.7%" in scene.note
    press(app, "Finish")
    assert isinstance(app.scene, LessonListScene)
    assert load_progress() == {"as-charge-roll": True}


def test_restart_and_back_from_the_caption_panel(data_dir: Path) -> None:
    app, scene = _open(data_dir, "gg-mel-60-stand-ground")
    assert scene.run.step.kind == "demo"
    press(app, "Next")
    assert scene.run.step.kind == "try"
    start = scene.game.state_hash()
    press(app, "Give ground")  # the table's decision button, a known wrong move...
    frames(app, 2)
    press(app, "Retreat east")
    frames(app, 2)
    assert "Giving ground costs nothing" in scene.note  # ...explained, then the step restarts
    assert scene.game.state_hash() == start
    press(app, "Stand ground")
    frames(app, 2)
    assert scene.run.solved
    press(app, "Restart step")
    assert not scene.run.solved and scene.game.state_hash() == start
    press(app, "Back")
    assert scene.run.index == 0
    key(app, 110)  # N: next
    assert scene.run.index == 1


def test_the_lesson_list_shows_every_lesson_with_progress(data_dir: Path) -> None:
    app = App((1280, 800), data_dir)
    app.switch(LessonListScene(app))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, LessonListScene)
    rows = [label for label, _, _ in scene.entries()]
    labels = [label for label in rows if "rules practised" not in label]
    assert len(labels) >= 14 and all(label.endswith("(new)") for label in labels)
    assert any(label.startswith("asoiaf:") for label in labels)
    assert any(label.startswith("godsgloom:") for label in labels)
    press(app, labels[0])
    assert isinstance(app.scene, LessonScene)


def test_the_main_menu_opens_the_lessons(data_dir: Path) -> None:
    from game.ui.screens import MenuScene

    app = App((1280, 800), data_dir)
    app.switch(MenuScene(app))
    frames(app, 2)
    press(app, "Lessons")
    frames(app, 2)
    assert isinstance(app.scene, LessonListScene)


def test_a_rule_link_offers_the_lesson_that_teaches_it(data_dir: Path) -> None:
    import pygame

    from tests.ui.conftest import SCENARIOS
    from tests.ui.driver import make_app, table

    app = make_app(data_dir, SCENARIOS / "asoiaf_charge_example.toml")
    scene = table(app)
    scene.explain("AS-CHG-6")
    assert scene.explained_lesson is not None
    lesson = scene.explained_lesson
    assert "AS-CHG-6" in lesson.model.lesson.rules or any(
        "AS-CHG-6" in step.model.rules for step in lesson.steps)
    key(app, pygame.K_l)
    frames(app, 2)
    assert isinstance(app.scene, LessonScene)


def test_a_try_that_ends_the_game_stays_in_the_lesson(data_dir: Path) -> None:
    app, scene = _open(data_dir, "rl-high-ground")
    press(app, "Next")
    press(app, "Next")
    assert scene.run.step.kind == "try"
    for action in scene.run.step.solution:  # the shot destroys the last enemy: game over
        scene.game.apply(action)
        scene.table.flow.check_flow()
    frames(app, 2)
    assert scene.run.solved and isinstance(app.scene, LessonScene)
    press(app, "Next")
    assert scene.run.step.kind == "ask"


def test_a_step_camera_zoom_multiplies_the_zoom_that_fits_the_board(data_dir: Path) -> None:
    _app, scene = _open(data_dir, "na-character-in-contact")
    camera = scene.table.view.camera
    fitted = replace(camera)
    fit_camera(fitted, scene.game.state)
    assert abs(camera.zoom - 4.0 * fitted.zoom) < 1e-6
    assert _on_table(scene, "orcs")[0] == scene.table.viewport().centerx


def test_hint_after_a_wrong_move_shows_the_hint(data_dir: Path) -> None:
    """Issue 29, major 1: the wrong move's explanation stays in the caption until Hint is
    pressed; then the hint shows, and moving the mouse over the table does not bring the old
    judgement back (both the button and the H key)."""
    import pygame

    from .driver import hover

    app, scene = _open(data_dir, "na-character-in-contact")
    press(app, "Next")
    press(app, "Next")
    assert scene.run.step.kind == "try"
    press(app, "All 4 attacks on the rank and file")  # the known wrong move
    frames(app, 2)
    assert "Wounds stay in the health pool" in scene.note
    press(app, "Hint")
    hover(app, _on_table(scene, "orcs"))
    frames(app, 2)
    assert scene.note.startswith("Hint: ") and "Wounds stay" not in scene.note
    tier_one = scene.note
    key(app, pygame.K_h)  # tier 2: the solution
    hover(app, (5, 5))
    assert scene.run.hint_tier == 2 and scene.note != tier_one


def test_the_lesson_list_shows_rules_practised_per_system_and_opens_the_next_lesson(
        data_dir: Path) -> None:
    """Issue 31: each system's first row counts the rules of the lessons done and suggests
    the next lesson; pressing it opens that lesson."""
    from game.learn import load_all
    from game.learn.progress import mark_done

    lessons = load_all()
    first = lessons[0]  # the first system's first lesson: its row is the list's first
    mark_done(first.id)
    app = App((1280, 800), data_dir)
    app.settings.animate = False
    app.switch(LessonListScene(app))
    frames(app, 2)
    rows = [label for label, _, _ in app.scene.entries()]
    head = rows[0]
    own = {r for lesson in lessons if lesson.system == first.system for r in lesson.rules}
    assert f": {len(own & set(first.rules))} of " in head and "rules practised" in head
    following = head.split(" - next: ")[1]
    assert following != first.title
    assert sum("rules practised" in label for label in rows) == len(
        {lesson.system for lesson in lessons})
    row = find_button(app, head.split(" - next: ")[0])  # a long row is cut with "…"
    assert head.startswith(row.text.rstrip("…")) and head in str(row.tool_tip_text)
    press(app, row.text)
    frames(app, 2)
    assert isinstance(app.scene, LessonScene)
    assert app.scene.run.lesson.title == following
