"""Checks of a profile's fields shared by every ruleset's profile loader (issue 24: one copy).

A ruleset reads its profiles (package data or a scenario's inline ``stats``) field by field and
reports every problem at once as :class:`~game.core.ruleset.SetupProblem`\\ s at the field's
dotted path; a bad value gives a placeholder so the rest can still be checked.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
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


def known_names(raw: Any, path: str, known: Sequence[str], problems: list[SetupProblem],
                what: str = "name") -> tuple[str, ...] | None:
    """``raw`` as a list of names each of which is in ``known``. A value that is not a list
    of strings is one problem at ``path`` ("expected a list of <what>s") and None; each
    unknown name is a problem at ``path.i`` with the closest known name as "did you mean"
    (the names are kept, so the rest of the entry can still be checked)."""
    if not isinstance(raw, list | tuple) or not all(isinstance(e, str) for e in raw):
        problems.append(SetupProblem(path, f"expected a list of {what}s"))
        return None
    for i, name in enumerate(raw):
        if name not in known:
            close = difflib.get_close_matches(name, list(known), n=1)
            problems.append(SetupProblem(f"{path}.{i}", f"unknown {what} {name!r}",
                                         close[0] if close else None))
    return tuple(raw)
