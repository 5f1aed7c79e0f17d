"""Rules learning: explanations of rule IDs and interactive lessons (no pygame here).

- :mod:`game.learn.explain`: a rule ID in the game's own words.
- :mod:`game.learn.model` / :mod:`game.learn.loader`: the lesson format, strictly checked.
- :mod:`game.learn.run`: :class:`LessonRun`, stepping through a lesson headless.
- :mod:`game.learn.verify` / :mod:`game.learn.golden`: replay every lesson, record goldens.
- :mod:`game.learn.progress`: which lessons are done, in the user data folder.
"""

from game.learn.explain import explain, explain_event, rule_texts
from game.learn.loader import (
    Lesson,
    Step,
    find_lesson,
    lesson_folders,
    lesson_for_rule,
    load_all,
    load_lesson,
)
from game.learn.run import Feedback, Hint, LessonError, LessonRun

__all__ = [
    "Feedback",
    "Hint",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Step",
    "explain",
    "explain_event",
    "find_lesson",
    "lesson_folders",
    "lesson_for_rule",
    "load_all",
    "load_lesson",
    "rule_texts",
]
