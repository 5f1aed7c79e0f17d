"""Counting the calls of a rules function (issue 24: a plan's geometry runs once per
position), shared by the rulesets' plan tests."""

from __future__ import annotations

from typing import Any

import pytest


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[object]:
    """Replace ``owner.name`` by a wrapper that records each call and calls the original;
    the list it returns grows by one per call."""
    calls: list[object] = []
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls
