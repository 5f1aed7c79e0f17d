"""Lesson files are strictly checked: every problem with file, line, dotted path and a
"did you mean", like scenarios; a lesson with any problem never loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.learn import load_lesson
from game.learn.loader import load_lesson_text
from game.scenario.problems import ScenarioError

GOOD = '''[lesson]
title = "A test lesson"
scenario = "asoiaf_charge_example.toml"

[[steps]]
kind = "say"
caption = "The Sworn Swords have {sworn.models} models."
highlight = { units = ["sworn"] }

[[steps]]
kind = "try"
caption = "Charge."
objective = "Charge the Guardsmen."
dice = [4]
success = [{ event = "charge.contact" }]
solution = ["charge sworn -> guard"]

[[steps]]
kind = "ask"
caption = "Quiz."
question = "What roll?"
choices = ["2+", "3+"]
answer = 1
explain = "A 3 or more."
'''


def _problems(text: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_lesson(path)
    return [str(p) for p in caught.value.problems]


def test_a_good_lesson_loads(tmp_path: Path) -> None:
    path = tmp_path / "good-one.toml"
    path.write_text(GOOD, encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.id == "good-one" and lesson.system == "asoiaf"
    assert [s.kind for s in lesson.steps] == ["say", "try", "ask"]


def test_an_unknown_key_names_line_path_and_did_you_mean(tmp_path: Path) -> None:
    text = GOOD.replace('objective = "Charge the Guardsmen."', 'objectve = "Charge."')
    problems = _problems(text, tmp_path)
    assert len(problems) == 1
    assert ":13: steps[1].objectve: unknown key 'objectve'" in problems[0]
    assert "did you mean 'objective'" in problems[0]


def test_a_misspelt_step_kind(tmp_path: Path) -> None:
    problems = _problems(GOOD.replace('kind = "ask"', 'kind = "aks"'), tmp_path)
    assert any(":19: steps[2].kind:" in p and "did you mean 'ask'" in p for p in problems)


def test_cross_references_units_rules_actions(tmp_path: Path) -> None:
    text = (GOOD.replace('units = ["sworn"]', 'units = ["swron"]')
            .replace('solution = ["charge sworn -> guard"]', 'solution = ["charj sworn"]')
            .replace('caption = "Quiz."', 'caption = "Quiz."\nrules = ["AS-CHG-66"]'))
    problems = _problems(text, tmp_path)
    assert any(":8: steps[0].highlight.units[0]: no unit 'swron'" in p
               and "did you mean 'sworn'" in p for p in problems)
    assert any("steps[1].solution[0]: not an action" in p and "charge" in p for p in problems)
    assert any("steps[2].rules[0]: unknown rule ID 'AS-CHG-66'" in p for p in problems)


def test_what_each_kind_needs_and_refuses(tmp_path: Path) -> None:
    text = (GOOD.replace('solution = ["charge sworn -> guard"]\n', '')
            .replace("answer = 1", "answer = 5")
            .replace('kind = "say"', 'kind = "say"\nactions = ["hold sworn"]'))
    problems = _problems(text, tmp_path)
    assert any("steps[0].actions: a say step has no 'actions'" in p for p in problems)
    assert any("steps[1].solution: a try step needs its solution" in p for p in problems)
    assert any("steps[2].answer: the answer must be the index" in p for p in problems)


def test_placeholders_are_checked(tmp_path: Path) -> None:
    problems = _problems(GOOD.replace("{sworn.models}", "{gaurd.models} {oops"), tmp_path)
    assert any("no unit 'gaurd'" in p and "did you mean 'guard'" in p for p in problems)
    assert any("a brace that is not a {placeholder}" in p for p in problems)


def test_a_missing_scenario_and_bad_toml(tmp_path: Path) -> None:
    problems = _problems(GOOD.replace("asoiaf_charge_example", "nowhere"), tmp_path)
    assert any(":3: lesson.scenario: no scenario file 'nowhere.toml'" in p for p in problems)
    problems = _problems(GOOD + "\n[[steps\n", tmp_path)
    assert problems and "not valid TOML" in problems[0]


def test_text_loading_reports_every_problem_at_once() -> None:
    text = GOOD.replace('kind = "try"', 'kind = "try"\nquestion = "?"').replace(
        'units = ["sworn"]', 'units = ["x"]')
    with pytest.raises(ScenarioError) as caught:
        load_lesson_text(text, "inline.toml")
    assert len(caught.value.problems) >= 2
    assert all(p.file == "inline.toml" and p.line for p in caught.value.problems)
