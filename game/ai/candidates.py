"""What a computer player may answer now: the discrete legal actions or offered answers, and
samples of the continuous choices (moves, pivots, wheels, walks; numbers, dice to re-roll,
poses by pointing), each checked by the game before it is kept.

Continuous choices are reached through the ruleset's own pointing commands (``Steer``), as a
player's pointer reaches them: targets are sampled towards each enemy and around the unit, and
:func:`refine` samples again around the best one. A candidate remembers how it was built so
that it can be refined.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from game.ai.evaluate import position
from game.ai.rehearsal import checkpoint
from game.core.actions import Action, EndActivation, RollPending
from game.core.game import Game
from game.core.pending import (
    Chance,
    FreeAnswer,
    Idle,
    PickDice,
    PickNumber,
    PlayerDecision,
    PointAnswer,
)
from game.core.present import Offer, Point, Steer
from game.core.state import Unit

REACH_FRACTIONS = (0.35, 0.7, 1.0)
"""Where between a unit and an enemy a steer is pointed (1.0: at the enemy)."""

STEER_ENEMIES = 4
"""Enemies, the nearest, a unit's steer is pointed towards (each builds a move to check and
rate: pointing at all of them spent a fifth of a decision's budget on a shipped battle of
five units a side)."""

AROUND = 3
"""Random points around a unit per steer (its own-dice generator picks them)."""

STEERED_UNITS = 2
"""Units whose pointing commands are sampled per decision, drawn by the computer's own
generator among the units that have listed actions (the activated one, when one is), else
among all the player's units: asking every unit's buttons costs more than rating moves."""

REPEATS = 3
"""Times one unit may take one kind of action in a player's run of actions before the
computer stops considering it (a free pivot is legal again and again; rating it equal to
ending the activation must not stall the game)."""

MAX_PICKS = 16
"""Dice subsets sampled for a re-roll beyond which not every subset is listed."""


@dataclass(frozen=True)
class Candidate:
    """An action the computer may take, and the steer and point that built it (if any)."""

    action: Action
    steer: Steer | None = None
    point: Point | None = None
    turn: float = 0.0


def candidates(game: Game, rng: random.Random,
               steered: int = STEERED_UNITS) -> list[Candidate]:
    """Every candidate now, each legal (listed and offered ones by the contract, sampled
    ones checked by ``Game.why_not``), without repeats, in a stable order: the listed ones
    first, then the sampled continuous ones of ``steered`` units."""
    node = game.pending()
    if isinstance(node, Chance):
        return [Candidate(RollPending())]  # the table's dice: what any player does
    if isinstance(node, PlayerDecision):
        listed = [Candidate(a) for a in node.options]  # offered: legal by definition
        sampled = [c for answer in node.free if not _offered_instead(answer, listed)
                   for c in free_samples(game, answer, rng)]
        return listed + _legal_unique(game, sampled, exclude={c.action for c in listed})
    if not isinstance(node, Idle):
        return []
    listed = [Candidate(a) for a in game.legal_actions()]  # listed: legal by the contract
    sampled = []
    acting = sorted({uid for c in listed if (uid := c.action.actor()) is not None})
    units = acting or [u.id for u in game.state.live_units(node.player)]
    for unit_id in rng.sample(units, min(steered, len(units))):
        for command in _commands(game, unit_id):
            if command.enabled and command.steer is not None:
                sampled += steer_samples(game, command.steer, rng)
    legal = listed + _legal_unique(game, sampled, exclude={c.action for c in listed})
    tired = repeated(game, node.player)
    fresh = [c for c in legal if (c.action.verb, c.action.actor()) not in tired]
    return fresh or legal


def repeated(game: Game, player: int) -> set[tuple[str, str | None]]:
    """The (verb, unit) pairs ``player`` has played :data:`REPEATS` times or more in their
    present run of actions (the log back to the last action of another player, or to the
    end of their last activation or phase: a player who activates unit after unit while the
    opponent has none left must still be able to end each activation)."""
    counts: dict[tuple[str, str | None], int] = {}
    for entry in reversed(game.log):
        if entry.actor != player or isinstance(entry.action, EndActivation):
            break
        key = (entry.action.verb, entry.action.actor())
        counts[key] = counts.get(key, 0) + 1
    return {key for key, n in counts.items() if n >= REPEATS}


def _commands(game: Game, unit_id: str) -> tuple:  # type: ignore[type-arg]
    try:
        return game.ruleset.commands(game.state, unit_id)
    except Exception:  # a ruleset's buttons failing must not stop the computer's turn
        return ()


def _offered_instead(answer: FreeAnswer, listed: list[Candidate]) -> bool:
    """Whether a free pick of dice is left to the decision's offered answers (two or more:
    keep them all, re-roll every failed one): those are the rules' own sensible picks, and
    sixteen more subsets, each rated on a few throws of the computer's dice, let the luckiest
    rating win (the computer re-rolled Defense Dice that had already blocked)."""
    return isinstance(answer, PickDice) and len(listed) >= 2


def free_samples(game: Game, answer: FreeAnswer, rng: random.Random) -> list[Candidate]:
    """Answers a player could build with a free answer: a number's edges, middle, default and
    steps; dice subsets to re-roll; poses by pointing."""
    if isinstance(answer, PickNumber):
        values = {answer.low, answer.high, (answer.low + answer.high) / 2}
        if answer.default is not None:
            values.add(answer.default)
        if answer.step > 0:
            count = int((answer.high - answer.low) / answer.step)
            values |= {answer.low + answer.step * i for i in range(0, count + 1,
                                                                 max(1, count // 6))}
        return [Candidate(answer.answer(v)) for v in sorted(values)]
    if isinstance(answer, PickDice):
        return [Candidate(answer.answer(p)) for p in dice_picks(answer.faces, rng)]
    if isinstance(answer, PointAnswer):
        return steer_samples(game, answer.steer, rng)
    return []


def dice_picks(faces: tuple[int, ...], rng: random.Random) -> list[frozenset[int]]:
    """Subsets of the 1-based positions of the dice showing ``faces`` (a pick answers with
    positions, :class:`~game.core.pending.PickDice`): all of them for a few dice, else none,
    all, each one alone and random others."""
    positions = range(1, len(faces) + 1)
    if len(faces) <= 4:
        return [frozenset(c) for n in range(len(faces) + 1)
                for c in itertools.combinations(positions, n)]
    picks = [frozenset(), frozenset(positions), *(frozenset({p}) for p in positions)]
    while len(picks) < MAX_PICKS:
        picks.append(frozenset(p for p in positions if rng.random() < 0.5))
    return picks


def steer_samples(game: Game, steer: Steer, rng: random.Random) -> list[Candidate]:
    """Poses built by pointing ``steer`` towards each enemy and around the unit."""
    return [c for point in steer_points(game, steer.unit, rng)
            if (c := build(steer, point, 0.0)) is not None]


def steer_points(game: Game, unit_id: str, rng: random.Random) -> list[Point]:
    """Points to aim a unit's steer at: on the way to each enemy, and around the unit."""
    unit = game.state.units.get(unit_id)
    here = position(unit) if unit is not None else None
    if unit is None or here is None:
        return []
    points = []
    for there in _nearest_enemies(game, unit, here):
        points += [(here[0] + f * (there[0] - here[0]), here[1] + f * (there[1] - here[1]))
                   for f in REACH_FRACTIONS]
    radius = 6.0 if unit.tray is not None else 3.0
    for _ in range(AROUND):
        angle, reach = rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 1.0) * radius
        points.append((here[0] + reach * math.cos(angle), here[1] + reach * math.sin(angle)))
    return points


def _nearest_enemies(game: Game, unit: Unit, here: Point) -> list[Point]:
    """Where the :data:`STEER_ENEMIES` enemies nearest to ``unit`` stand (``here``), nearest
    first: a move towards a far enemy is a step towards a near one or none worth rating."""
    places = [there for enemy in game.state.live_units()
              if enemy.owner != unit.owner and (there := position(enemy)) is not None]
    return sorted(places, key=lambda p: math.dist(p, here))[:STEER_ENEMIES]


def build(steer: Steer, point: Point, turn: float) -> Candidate | None:
    """The candidate a steer builds for a point (None where the point means nothing)."""
    try:
        offer = steer.build(point, turn, False)
    except Exception:  # a steer that cannot read a point offers nothing there
        return None
    return Candidate(offer.action, steer, point, turn) if isinstance(offer, Offer) else None


def refine(game: Game, best: Candidate, rng: random.Random, tries: int = 4) -> list[Candidate]:
    """New legal candidates pointed near ``best``'s point (and turned a step either way)."""
    if best.steer is None or best.point is None:
        return []
    step = best.steer.turn_step
    radius = 1.5 if _on_table(game, best.steer.unit) else 0.9
    found = []
    for i in range(tries):
        angle = rng.uniform(0, 2 * math.pi)
        point = (best.point[0] + radius * math.cos(angle), best.point[1] + radius * math.sin(angle))
        turn = best.turn + (step if i % 2 else -step) * (i // 2 % 2)
        made = build(best.steer, point, turn)
        if made is not None:
            found.append(made)
    return _legal_unique(game, found, exclude={best.action})


def _on_table(game: Game, unit_id: str) -> bool:
    unit = game.state.units.get(unit_id)
    return unit is not None and unit.tray is not None


def _legal_unique(game: Game, found: list[Candidate],
                  exclude: set[Action] | None = None) -> list[Candidate]:
    seen = set(exclude or ())
    out = []
    for cand in found:
        if cand.action in seen:
            continue
        seen.add(cand.action)
        if accepted(game, cand.action):
            out.append(cand)
    return out


def accepted(game: Game, action: Action) -> bool:
    """Whether the game accepts ``action`` now (a check that fails counts as a refusal)."""
    checkpoint()
    try:
        return game.why_not(action) is None
    except Exception:  # a check that cannot read an action refuses it
        return False


def is_end(action: Action) -> bool:
    """Whether ``action`` ends the activation or turn."""
    return isinstance(action, EndActivation)

