"""Events: the one record of everything that happened in a game.

Every state change a ruleset makes is announced as an :class:`Event` with the numbers involved
and the rule IDs that decided it. The event log feeds the UI's event panel, lesson captions,
replays and tests; nothing else describes what happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import JSON


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    ``kind`` is a dotted name (``charge.roll``), ``text`` a sentence in the game's own words,
    ``rules`` the rule IDs behind it (never empty), ``data`` the numbers involved, ``player``
    the player it concerns (1-based) if any.
    """

    kind: str
    text: str
    rules: tuple[str, ...]
    data: Mapping[str, JSON] = field(default_factory=dict)
    player: int | None = None

    def __post_init__(self) -> None:
        if not self.rules:
            raise ValueError(f"event {self.kind} cites no rule")

    def line(self) -> str:
        """One log line: ``charge.roll  d6=2 speed=5 -> failed  [AS-CHG-6]``."""
        numbers = " ".join(f"{k}={_fmt(v)}" for k, v in self.data.items())
        middle = f"  {numbers}" if numbers else ""
        return f"{self.kind}{middle}  {self.text}  [{', '.join(self.rules)}]"

    def to_dict(self) -> dict[str, JSON]:
        """JSON-ready form (used by ``warbench run --json``)."""
        return {
            "kind": self.kind,
            "text": self.text,
            "rules": list(self.rules),
            "data": dict(self.data),
            "player": self.player,
        }


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list):
        return ",".join(_fmt(v) for v in value)
    return str(value)
