"""``warbench learn``: --list [--json], --verify, and the outline without a lesson window."""

from __future__ import annotations

import json

import pytest

from game.cli import main


def test_learn_list_json_lists_at_least_fourteen_lessons(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "--list", "--json"]) == 0
    lessons = json.loads(capsys.readouterr().out)
    assert len(lessons) >= 14
    assert all(set(entry) == {"id", "system", "title", "rules"} for entry in lessons)
    assert {entry["system"] for entry in lessons} == {
        "asoiaf", "godsgloom", "ninth_age", "realms"}


def test_learn_list_text_shows_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert "as-charge-roll" in out and "[ ]" in out


def test_learn_verify_replays_every_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "--verify"]) == 0
    assert "lessons verified" in capsys.readouterr().out


def test_learn_verify_fails_on_a_broken_lesson(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from game.learn import command
    from game.learn.verify import Report

    monkeypatch.setattr(command, "verify_lesson",
                        lambda lesson: Report(lesson.id, ["broken on purpose"]))
    assert main(["learn", "--verify"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_learn_unknown_lesson_suggests_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "as-charge-rol"]) == 2
    assert "did you mean 'as-charge-roll'" in capsys.readouterr().err


def test_learn_without_a_display_prints_the_lessons_outline(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "gg-mel-50-winner"]) == 0  # the tests run with SDL's dummy driver
    captured = capsys.readouterr()
    assert "No lesson window here" in captured.err
    assert "MEL 50: the winner, and the tie" in captured.out and "4. ask:" in captured.out
