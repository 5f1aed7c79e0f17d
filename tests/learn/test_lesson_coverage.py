"""Coverage cannot be claimed by a label (issue 31): every rule ID a shipped lesson declares
(``[lesson] rules`` and its steps' ``rules``) must be cited by the engine while the lesson is
played headless as ``warbench learn --verify`` plays it: in an event of a demo, of a try's
solution or of an authored wrong move's consequence, in the plan of an action it accepted, in
a decision it posed, or in its refusal of an authored wrong move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.learn import Lesson, load_all
from game.learn.coverage import lesson_coverage, practised, system_coverage
from game.learn.loader import load_lesson_text

LESSONS = load_all()
IDS = [lesson.id for lesson in LESSONS]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_declared_rule_is_applied_by_the_engine_in_the_lesson(lesson: Lesson) -> None:
    found = lesson_coverage(lesson)
    assert not found.problems, found.problems
    assert found.declared, f"{lesson.id} declares no rule it teaches"
    assert found.claims == (), (
        f"{lesson.id} declares {found.claims} but no event, plan, decision or refusal of the "
        "engine cites them while it plays: make a step exercise them or drop the claim")


def test_a_rule_declared_by_a_label_only_is_reported_as_a_claim() -> None:
    """The check catches a lesson that declares a rule its steps never exercise."""
    file = ROOT / "game" / "rulesets" / "realms" / "lessons" / "rl-range-four.toml"
    text = file.read_text(encoding="utf-8")
    declared = 'rules = ["RL-RNG-1", "RL-ATK-2"]'
    assert declared in text
    claimed = text.replace(declared, 'rules = ["RL-RNG-1", "RL-ATK-2", "RL-FRT-1"]', 1)
    lesson = load_lesson_text(claimed, str(file))
    found = lesson_coverage(lesson)
    assert "RL-FRT-1" in found.declared and found.claims == ("RL-FRT-1",)


def test_list_json_gives_each_lessons_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    by_id = {entry["id"]: entry for entry in listed}
    assert "AS-CHG-6" in by_id["as-charge-roll"]["rules"]
    assert all(entry["rules"] for entry in listed)


def test_coverage_lists_the_untaught_rules_of_each_system(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "--coverage", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["claims"] == {}
    systems = {s["system"]: s for s in report["systems"]}
    assert set(systems) == {"asoiaf", "godsgloom", "ninth_age", "realms"}
    for record in systems.values():
        assert record["taught"] + len(record["untaught"]) == record["rules"]
        assert not set(record["untaught"]) & set(record["lessons"])


def test_progress_counts_the_rules_of_finished_lessons_and_suggests_the_next() -> None:
    systems = {s.system: s for s in system_coverage(LESSONS)}
    first = next(lesson for lesson in LESSONS if lesson.system == "realms")
    progress = {p.system: p for p in practised(LESSONS, {first.id: True})}
    realms = progress["realms"]
    assert realms.practised == len(set(first.rules) & set(systems["realms"].rules))
    assert realms.next_lesson is not None and realms.next_lesson.id != first.id
    assert realms.rules == len(systems["realms"].rules)
    assert progress["asoiaf"].practised == 0
    assert "rules practised; next:" in realms.line()
