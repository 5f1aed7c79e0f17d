"""Explain a rule ID in the game's own words.

Every registered ruleset declares its catalogue (``Ruleset.rule_texts``, with the table's
own WB-* rules); this module reads it through :func:`game.rulesets.catalogue`.
"""

from __future__ import annotations

from game.rulesets import catalogue


def rule_texts() -> dict[str, str]:
    """Every explanation available: the catalogue of every registered ruleset (the table's
    own WB-* rules included)."""
    return catalogue()


def explain(rule_id: str) -> str:
    """The explanation of ``rule_id``, or a plain note that the game has none."""
    text = rule_texts().get(rule_id)
    if text is None:
        return f"{rule_id}: no explanation is written for this rule yet."
    return f"{rule_id}: {text}"
