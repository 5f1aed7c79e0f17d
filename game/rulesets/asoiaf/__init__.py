"""A Song of Ice and Fire: Tabletop Miniatures Game on a table (issue 4).

``create(options)`` builds the ruleset; options (``[rules] options`` of a scenario):
``rounds`` (game length, default unlimited) and ``rough_penalty`` (inches a charge loses when its
straight move enters rough or hindering terrain, default 2; AS-CHG-15) and
``charge_blocked_path`` ("refuse" or "fail": a charge whose straight path is blocked is refused,
or declared and failed 1" short; AS-CHG-6). See docs/rules/asoiaf.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.asoiaf.ruleset import WINDOWS, AsoiafRuleset, validate_options
from game.rulesets.asoiaf.units import AsoiafUnit

__all__ = ["WINDOWS", "AsoiafRuleset", "AsoiafUnit", "create"]


def create(options: Mapping[str, Any]) -> AsoiafRuleset:
    """A new asoiaf ruleset; raises SetupError for unknown or bad options."""
    validate_options(options)
    return AsoiafRuleset(options)
