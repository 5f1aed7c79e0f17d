"""Player-facing words for asoiaf moves and choices (never the action syntax)."""

from __future__ import annotations

from game.core.present import possessive
from game.core.words import turn_between, turn_words, whole_turn_words

__all__ = ["possessive", "turn_words"]


def pivot_words(pivot: float) -> str:
    """A charge's pivot in whole degrees (see :func:`whole_turn_words`)."""
    return whole_turn_words(pivot)


def maneuver_words(turn: float, distance: float, then: float) -> str:
    """A Maneuver as a player says it: ``Turn 45° right, move 5", then turn 10° left``."""
    parts = [turn_words(turn)]
    parts.append(f'move {distance:g}"' if distance > 1e-9 else "stay in place")
    last = turn_words(then)
    if last:
        parts.append(f"then {last}")
    text = ", ".join(p for p in parts if p)
    return text[:1].upper() + text[1:]


def facing_words(facing: float, current: float) -> str:
    """A free Pivot to ``facing`` as a turn from ``current``."""
    words = turn_words(turn_between(current, facing))
    return (words[:1].upper() + words[1:]) if words else "Keep the facing"


def align_words(kind: int, side: str) -> str:
    """An alignment: ``Align 50%, left side`` or ``Align 100% (centred)``."""
    if kind == 100:
        return "Align 100% (centred)"
    if kind == 50:
        return f"Align 50%, {side} side"
    return f"Align as close as possible ({side})"
