"""Player-facing words for asoiaf moves and choices (never the action syntax)."""

from __future__ import annotations

from game.core.present import possessive

__all__ = ["possessive"]


def turn_words(turn: float) -> str:
    """``45`` -> ``turn 45° right``; ``-30`` -> ``turn 30° left``; 0 -> ``""``."""
    if abs(turn) < 1e-9:
        return ""
    side = "right" if turn > 0 else "left"
    if abs(abs(turn) - 180.0) < 1e-9:
        return "turn about"
    return f"turn {abs(turn):g}° {side}"


def pivot_words(pivot: float) -> str:
    """A charge's pivot in whole degrees: ``-64.359`` -> ``turn 64° left``; ``-0.377`` ->
    ``turn under 1° left`` (never a signed or long number)."""
    if abs(pivot) < 1e-9:
        return ""
    if abs(pivot) < 0.5:
        return f"turn under 1° {'right' if pivot > 0 else 'left'}"
    return turn_words(round(pivot))


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
    turn = (facing - current + 180.0) % 360.0 - 180.0
    words = turn_words(180.0 if abs(turn) >= 180.0 - 1e-9 else turn)
    return (words[:1].upper() + words[1:]) if words else "Keep the facing"


def align_words(kind: int, side: str) -> str:
    """An alignment: ``Align 50%, left side`` or ``Align 100% (centred)``."""
    if kind == 100:
        return "Align 100% (centred)"
    if kind == 50:
        return f"Align 50%, {side} side"
    return f"Align as close as possible ({side})"
