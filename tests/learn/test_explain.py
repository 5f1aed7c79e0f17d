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
