"""A ruleset package owns its lessons (issue 24): each ruleset's ``lessons/`` folder, found
through the contract (``Ruleset.lessons()``) and read as package resources, so they load
from an installed wheel (a zip of the package here) as from a checkout."""

from __future__ import annotations

import zipfile
from pathlib import Path

from game import rulesets
from game.learn.loader import lesson_files, lesson_folders, load_lesson

ROOT = Path(__file__).resolve().parents[2]


def test_every_shipped_lesson_lives_in_its_rulesets_package() -> None:
    """No lesson is left in game/learn; each lesson's system is the ruleset whose folder
    holds it."""
    assert not (ROOT / "game" / "learn" / "lessons").exists()
    owners = {entry.name: entry.cls.lessons() for entry in rulesets.RULESETS}
    assert len(lesson_folders()) == 4
    for name, folder in owners.items():
        if folder is None:
            continue
        for file in lesson_files(folder):
            assert load_lesson(file).system == name, file


def test_a_lesson_loads_from_a_zipped_package(tmp_path: Path) -> None:
    """The lesson folder as a zip resource (no file system paths): the lesson and its scene
    in ``scenes/`` load through the Traversable API alone."""
    folder = ROOT / "game" / "rulesets" / "asoiaf" / "lessons"
    archive = tmp_path / "lessons.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in folder.rglob("*.toml"):
            z.write(path, f"lessons/{path.relative_to(folder)}")
    with zipfile.ZipFile(archive) as z:
        resource = zipfile.Path(z, "lessons/as-surge-forth.toml")
        lesson = load_lesson(resource)
    assert lesson.id == "as-surge-forth" and lesson.system == "asoiaf"
    assert lesson.scenario.file.endswith("scenes/as_surge.toml")
