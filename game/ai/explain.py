"""One line of player words for a computer's choice: what it does and what it expects.

The expectation is read from the rating's outcomes and the units' own counters (what the table
shows on their labels), so it speaks every ruleset's words without knowing any: "Charge the
Guardsmen: 40% to destroy Guardsmen; Guardsmen models 10 -> 7.5 expected, 35% broken".
"""

from __future__ import annotations

from game.ai.rating import Rating
from game.core.game import Game
from game.core.state import GameState

MENTIONED = 2
"""Units a reason speaks of at most (those the action changes most)."""


def label(game: Game, rating: Rating) -> str:
    """The action as the table would label it (its text form if the ruleset cannot)."""
    try:
        return game.ruleset.present(game.state, rating.action).label
    except Exception:  # a label is a nicety: the action's text still says it
        return str(rating.action)


def explain(game: Game, rating: Rating) -> str:
    """``label: expectations`` for a rated choice on ``game``'s present."""
    parts = [_unit_words(game.state, rating, uid) for uid in _changed(game, rating)]
    parts = [p for p in parts if p]
    over = sum(o.weight for o in rating.outcomes if o.game.state.outcome is not None)
    if over > 0:
        parts.append(f"{over:.0%} the game ends")
    said = "; ".join(parts) if parts else "nothing changes on the board yet"
    return f"{label(game, rating)}: {said}"


def _changed(game: Game, rating: Rating) -> list[str]:
    """The units whose worth the action changes most, its target first."""
    ruleset = game.ruleset
    before = {uid: ruleset.unit_worth(game.state, uid) for uid in game.state.units}
    change: dict[str, float] = {}
    for outcome in rating.outcomes:
        for uid in before:
            after = ruleset.unit_worth(outcome.game.state, uid)
            change[uid] = change.get(uid, 0.0) + outcome.weight * abs(after - before[uid])
    moved = [uid for uid, c in sorted(change.items(), key=lambda kv: -kv[1]) if c > 1e-9]
    target = rating.action.target_id()
    if target in game.state.units:
        moved = [target, *(m for m in moved if m != target)]
    return moved[:MENTIONED]


def _unit_words(before: GameState, rating: Rating, uid: str) -> str:
    """``40% to destroy X; X models 10 -> 7.5 expected, 35% broken`` for one unit."""
    unit = before.units[uid]
    destroyed = sum(o.weight for o in rating.outcomes
                    if _gone(o.game.state, uid) and unit.on_board)
    words = [f"{destroyed:.0%} to destroy {unit.name}"] if destroyed > 0 else []
    counters = []
    status = unit.status()
    for key, value in status.items():
        if key.startswith("max_"):
            continue
        expected = 0.0
        for o in rating.outcomes:
            now = o.game.state.units[uid].status().get(key) if uid in o.game.state.units else None
            expected += o.weight * _number(now)
        if isinstance(value, bool):
            if not value and expected > 0.005:
                counters.append(f"{expected:.0%} {key}")
        elif isinstance(value, int | float) and abs(expected - value) > 0.005:
            counters.append(f"{key} {value} -> {expected:.1f} expected")
    if counters:
        words.append(f"{unit.name} " + ", ".join(counters))
    return "; ".join(words)


def _gone(state: GameState, uid: str) -> bool:
    unit = state.units.get(uid)
    return unit is None or not unit.on_board


def _number(value: object) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    return float(value) if isinstance(value, int | float) else 0.0
