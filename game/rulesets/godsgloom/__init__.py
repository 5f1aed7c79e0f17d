"""GODSGLOOM: hex units with Morale Tokens and the Melee Attack Action (HX-*).

``create(options)`` builds the ruleset. The melee runs on the core's procedure loop
(:mod:`.melee_steps`, rules in :mod:`.melee`); :mod:`.odds` computes its exact odds with the
resolver's own functions; :mod:`.table` builds what the table shows (labels, buttons, stat card,
inspections); :mod:`.texts` holds the rule explanations. Rules: docs/rules/godsgloom.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.godsgloom.ruleset import GodsgloomRuleset


def create(options: Mapping[str, Any]) -> GodsgloomRuleset:
    """A GODSGLOOM ruleset with the scenario's options (``attack_test``, ``rounds``)."""
    return GodsgloomRuleset(options)


__all__ = ["GodsgloomRuleset", "create"]
