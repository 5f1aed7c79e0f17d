"""GODSGLOOM: hex units with Morale Tokens and the Melee Attack Action (HX-*).

``create(options)`` builds the ruleset; :mod:`.preview` and :mod:`.odds` serve the table's
odds tooltip, :mod:`.texts` the rule explanations. Rules: docs/rules/godsgloom.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.godsgloom.ruleset import GodsgloomRuleset


def create(options: Mapping[str, Any]) -> GodsgloomRuleset:
    """A GODSGLOOM ruleset with the scenario's options (``attack_test``, ``rounds``)."""
    return GodsgloomRuleset(options)


__all__ = ["GodsgloomRuleset", "create"]
