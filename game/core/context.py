"""The context an action's effects are collected into: the events it causes, each citing the
rule IDs that decided it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.actions import JSON
from game.core.events import Event


@dataclass
class Context:
    """What an action's effects are collected into while it is applied."""

    events: list[Event] = field(default_factory=list)

    def emit(
        self,
        kind: str,
        text: str,
        rules: Sequence[str],
        player: int | None = None,
        **data: JSON,
    ) -> Event:
        """Record an event (``rules`` must name at least one rule ID)."""
        event = Event(kind=kind, text=text, rules=tuple(rules), data=data, player=player)
        self.events.append(event)
        return event
