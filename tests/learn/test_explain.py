"""Rule explanations: every table rule has one; unknown IDs say so plainly."""

from __future__ import annotations

from game.core.ruleset import TABLE_RULE_TEXTS as TABLE_RULES
from game.learn import explain, rule_texts


def test_every_table_rule_is_explained() -> None:
    for rule_id in ("WB-TBL-1", "WB-TBL-2", "WB-TBL-3", "WB-TBL-4", "WB-DICE-1", "WB-HIST-1"):
        assert explain(rule_id).startswith(f"{rule_id}: ")
        assert TABLE_RULES[rule_id] in explain(rule_id)


def test_unknown_rule_id_is_reported_plainly() -> None:
    assert "no explanation" in explain("XX-NOPE-1")


def test_ruleset_texts_are_gathered() -> None:
    texts = rule_texts()
    assert set(TABLE_RULES) <= set(texts)


def test_an_event_is_explained_with_its_own_numbers() -> None:
    from game.core.events import Event
    from game.learn import explain_event

    declared = Event("charge.declared", "x", ("AS-CHG-3", "AS-CHG-4"),
                     {"needed": 8.0, "roll_needed": 3})
    text = explain_event(declared)
    assert text.startswith("Needs 8\" to contact")
    assert "a roll of 3 or more on one D6 = 66.7%" in text
    assert "AS-CHG-3: " in text  # then the rules' own texts
    panic = Event("panic.test", "x", ("AS-PNC-1",), {"total": 4, "target": 6, "failed_by": 2})
    assert "2D6 = 4 against 6+ (a 72.2% chance to pass): it fails by 2." in explain_event(panic)
    tie = Event("melee.winner", "x", ("HX-MEL-50",),
                {"unit": "d", "wounds_by_attacker": 1, "wounds_by_defender": 1})
    assert "a tie goes to the defender" in explain_event(tie)
    odd = Event("panic.test", "plain", ("AS-PNC-1",), {"total": "?"})
    assert explain_event(odd).startswith("AS-PNC-1: ")  # odd data: the rules still explain


def test_a_rule_id_leads_to_the_lesson_that_teaches_it() -> None:
    from game.learn import lesson_for_rule

    lesson = lesson_for_rule("AS-CHG-11")
    assert lesson is not None and lesson.id == "as-charge-disorderly"
    assert lesson_for_rule("XX-NOPE-1") is None
