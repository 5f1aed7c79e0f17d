"""Checks of a profile's fields shared by every ruleset's profile loader (issue 24: one copy).

A ruleset reads its profiles (package data or a scenario's inline ``stats``) field by field and
reports every problem at once as :class:`~game.core.ruleset.SetupProblem`\\ s at the field's
dotted path; a bad value gives a placeholder so the rest can still be checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.ruleset import SetupProblem


def whole_number(data: Mapping[str, Any], key: str, path: str, low: int, high: int,
                 problems: list[SetupProblem], default: int | None = None,
                 missing: str | None = None) -> int:
    """``data[key]`` as a whole number in ``low..high`` (``default`` when absent). Otherwise a
    problem at ``path`` ("expected a whole number low..high", or ``missing`` when the field
    is absent and has no default) and ``low`` in its place. Booleans are not numbers."""
    value = data.get(key, default)
    if value is None and missing is not None:
        problems.append(SetupProblem(path, missing))
        return low
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        problems.append(SetupProblem(path, f"expected a whole number {low}..{high}"))
        return low
    return value
