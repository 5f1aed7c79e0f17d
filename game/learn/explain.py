"""Explain a rule ID in the game's own words.

The table's own rules (WB-*) are explained here; each ruleset package may ship a
``texts.RULE_TEXTS`` mapping for its IDs, gathered on demand (rulesets are not imported
until a text is asked for).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from game.rulesets import RULESET_PACKAGES

TABLE_RULES: Mapping[str, str] = {
    "WB-TBL-1": "In sandbox play a player may pick up one of their own units and put it anywhere "
    "it fits: fully on the table, not on top of another unit, not on impassable terrain.",
    "WB-TBL-2": "In sandbox play a unit may turn in place to any facing, as long as it still "
    "fits where it stands.",
    "WB-TBL-3": "Any player may roll free dice while nothing else is being resolved; the game "
    "records the roll like any other.",
    "WB-TBL-4": "Ending an activation passes control to the next player at the table; when the "
    "last player has passed, a new round begins.",
    "WB-DICE-1": "When a rule calls for dice, the game either rolls them from its seeded dice or "
    "takes the numbers you rolled at the table; either way the result goes into the log, so "
    "replays repeat it exactly.",
    "WB-HIST-1": "You cannot take back an action after you rolled dice for it (no re-rolling by "
    "undo), unless the table was set up to allow it.",
}


def rule_texts() -> dict[str, str]:
    """Every explanation available: the table's and those of the installed rulesets."""
    texts = dict(TABLE_RULES)
    for package in RULESET_PACKAGES.values():
        try:
            module = importlib.import_module(f"{package}.texts")
        except ImportError:
            continue
        extra = getattr(module, "RULE_TEXTS", {})
        texts.update({str(k): str(v) for k, v in extra.items()})
    return texts


def explain(rule_id: str) -> str:
    """The explanation of ``rule_id``, or a plain note that the game has none."""
    text = rule_texts().get(rule_id)
    if text is None:
        return f"{rule_id}: no explanation is written for this rule yet."
    return f"{rule_id}: {text}"
