"""One line of player words for a computer's choice: what it does and what it expects.

The expectation is read from the rating's outcomes and the units' own counters (what the table
shows on their labels), so it speaks every ruleset's words without knowing any: "Charge the
Guardsmen: 40% to destroy Guardsmen; Guardsmen models 10 -> 7.5 expected, 35% broken".
"""

from __future__ import annotations

from game.ai.evaluate import distance, position
from game.ai.rating import Rating
from game.core.game import Game
from game.core.state import GameState, Unit

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
    if not parts and rating.then is not None and rating.outcomes:
        # nothing changes yet (a unit activated, a free pivot): say what it opens
        return f"{label(game, rating)}, then {explain(rating.outcomes[0].game, rating.then)}"
    if not parts:
        approach = _approach(game.state, rating)
        if approach is None:  # a choice whose effect is not on the board yet: its label
            return label(game, rating)
        parts = [approach]
    said = "; ".join(parts)
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


def _approach(before: GameState, rating: Rating) -> str | None:
    """How a move changes the distance of its unit (or, for an answer to a decision, of the
    unit it moved) to the nearest enemy, in the board's measure (inches, or hexes); None for
    an answer that moves nothing."""
    if not rating.outcomes:
        return None
    uid = rating.action.actor() or _moved(before, rating.outcomes[0].game.state)
    if uid is None or uid not in before.units:
        return None
    now, then = _nearest(before, uid), _nearest(rating.outcomes[0].game.state, uid)
    if now is None or then is None or abs(now[0] - then[0]) < 0.05:
        return "nothing changes on the board yet"
    verb = "closes in on" if then[0] < now[0] else "draws back from"
    unit = before.units[uid]
    hexes = unit.hex is not None
    return f"{unit.name} {verb} {then[1]} ({_gap(now[0], hexes)} -> {_gap(then[0], hexes)})"


def _moved(before: GameState, after: GameState) -> str | None:
    """The first unit that stands elsewhere in ``after`` (None if none moved)."""
    for uid, unit in before.units.items():
        moved = after.units.get(uid)
        if moved is not None and unit.on_board and moved.on_board and \
                position(unit) != position(moved):
            return uid
    return None


def _nearest(state: GameState, uid: str) -> tuple[float, str] | None:
    """The distance to the nearest live enemy of ``uid`` and its name."""
    unit = state.units.get(uid)
    if unit is None or not unit.on_board:
        return None
    found = [(_measure(unit, e), e.name) for e in state.live_units() if e.owner != unit.owner]
    return min(found) if found else None


def _measure(a: Unit, b: Unit) -> float:
    if a.hex is not None and b.hex is not None:
        return float(a.hex.distance(b.hex))
    return distance(a, b)


def _gap(value: float, hexes: bool) -> str:
    return f"{value:.0f} hexes" if hexes else f'{value:.1f}"'


def _gone(state: GameState, uid: str) -> bool:
    unit = state.units.get(uid)
    return unit is None or not unit.on_board


def _number(value: object) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    return float(value) if isinstance(value, int | float) else 0.0
