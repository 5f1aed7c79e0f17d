"""Pydantic validation errors as the loaders' problems: one translation for every file kind.

Scenarios, saves' scenarios and lessons are strict pydantic models; a :class:`ValidationError`
becomes one :class:`~game.scenario.problems.Problem` per error, with the file's line, the
dotted path, what was expected and a "did you mean" for an unknown key or a word not in a list.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from game.scenario.problems import LineIndex, Path, Problem, did_you_mean, dotted


def validation_problems(file: str, lines: LineIndex, exc: ValidationError,
                        root: type[BaseModel], choices: Sequence[str] = (),
                        choice_note: str = "is not allowed") -> list[Problem]:
    """Every error of ``exc`` (raised validating ``root``) as a problem. ``choices`` are the
    words a literal field accepts (terrain keywords, step kinds...), named in its message."""
    problems = []
    for error in exc.errors():
        loc: Path = tuple(error["loc"])
        kind = error["type"]
        suggestion = None
        if kind == "extra_forbidden":
            key = str(loc[-1])
            allowed = allowed_keys(root, loc[:-1])
            suggestion = did_you_mean(key, allowed)
            expected = ", ".join(allowed) if allowed else "none"
            message = f"unknown key {key!r}; expected one of: {expected}"
        elif kind == "missing":
            message = "this key is required"
        elif kind == "literal_error":
            given = str(error.get("input"))
            suggestion = did_you_mean(given, choices)
            message = f"{given!r} {choice_note}; expected one of: {', '.join(choices)}"
        else:
            message = f"{error['msg']} (got {short(error.get('input'))})"
        problems.append(Problem(file, lines.line_of(loc), dotted(loc), message, suggestion))
    return problems


def short(value: Any) -> str:
    """A value as shown in a message, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def allowed_keys(root: type[BaseModel], loc: Path) -> list[str]:
    """The keys the model at ``loc`` below ``root`` accepts (for "did you mean")."""
    model: type[BaseModel] | None = root
    for part in loc:
        if isinstance(part, int) or model is None:
            continue
        field = model.model_fields.get(part)
        model = _model_in(field.annotation) if field is not None else None
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
