"""The games the conformance suite runs: every shipped scenario of every registered ruleset,
and the toy ruleset of :mod:`tests.conformance.toy`, each with bounded random playouts.

A playout is recorded once per (case, seed) as its list of recorded actions; each check then
walks it again on a fresh game, so one failing check never hides another.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from game.core.actions import Action, Choose, Dice, EndActivation, FreeRoll, RollPending
from game.core.events import Event
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.pending import (
    Chance,
    FreeAnswer,
    PickDice,
    PickNumber,
    PickSplit,
    PlayerDecision,
)
from game.core.present import Offer
from game.core.ruleset import Ruleset
from game.core.state import GameState, Unit
from game.geometry.hexgrid import hex_center
from game.rulesets import RULESETS
from game.scenario import Scenario, load_scenario
from tests.conformance.toy import TagRuleset, toy_game
from tests.conftest import SCENARIOS
from tests.ui.toy import ToyRuleset

STEPS = 24
"""Actions per playout: enough to reach procedures and decisions, small enough that the whole
suite runs in well under a minute on a shared machine."""

SEEDS = (0, 1)
"""Playout seeds per case."""

APPROACH_TRIES = 4
"""Untargeted actions tried on branches per step, the one that closes in on the enemy kept."""

TOY = "toy:tag"


@dataclass(frozen=True)
class Case:
    """One game to run the checks on: a shipped scenario, or the toy."""

    id: str
    cls: type[Ruleset]
    scenario_file: Path | None = None
    factory: Callable[[], Game] | None = None

    @property
    def registered(self) -> bool:
        """Whether this is a registered ruleset (saves go through ``game.scenario``)."""
        return self.scenario_file is not None and self.factory is None

    def scenario(self) -> Scenario:
        """The loaded scenario (registered rulesets only)."""
        assert self.scenario_file is not None
        return _loaded(self.scenario_file)

    def new_game(self) -> Game:
        """A fresh game of this case."""
        if self.factory is not None:
            return self.factory()
        if self.scenario_file is None:
            return toy_game()
        return self.scenario().new_game()


@functools.cache
def _loaded(path: Path) -> Scenario:
    return load_scenario(path)


def _shipped() -> list[Case]:
    out = []
    by_name = {entry.name: entry for entry in RULESETS}
    for path in sorted(SCENARIOS.glob("*.toml")):
        name = _loaded(path).ruleset.name
        out.append(Case(f"{name}:{path.stem}", by_name[name].cls, path))
    return out


def _table_toy_game() -> Game:
    """A game of the toy that tests/ui plays through the real table scene, loaded from its
    scenario file with the toy put in the registry only while the file is read."""
    import game.rulesets as registry

    saved = registry.RULESETS
    registry.RULESETS = (*saved, registry.RulesetEntry.of(ToyRuleset))
    try:
        return load_scenario(UI_TOY_SCENARIO).new_game()
    finally:
        registry.RULESETS = saved


UI_TOY_SCENARIO = Path(__file__).parent.parent / "ui" / "data" / "toy_table.toml"

CASES: list[Case] = [*_shipped(), Case(TOY, TagRuleset),
                     Case("toy:table", ToyRuleset, UI_TOY_SCENARIO, _table_toy_game)]
"""Every case, shipped scenarios first (registry order is kept by name below)."""

RULESET_CLASSES: list[type[Ruleset]] = [entry.cls for entry in RULESETS] + [TagRuleset,
                                                                            ToyRuleset]


def case_ids() -> list[str]:
    """pytest ids of :data:`CASES`."""
    return [case.id for case in CASES]


# --- random play ----------------------------------------------------------------------------


def branch(game: Game) -> Game:
    """A copy of ``game``'s present that can be changed without touching ``game``."""
    return Game(snapshot(game.state), game.ruleset, started=True)


def free_answers(game: Game, answer: FreeAnswer) -> list[Action]:
    """Actions a player could build with a free answer: edges, middles and wrong values."""
    if isinstance(answer, PickNumber):
        values = {answer.low, answer.high, (answer.low + answer.high) / 2, answer.low - 1,
                  answer.high + answer.step, answer.low + answer.step / 2}
        if answer.default is not None:
            values.add(answer.default)
        return [answer.answer(v) for v in sorted(values)]
    if isinstance(answer, PickSplit):
        n, total = len(answer.parts) - 1, answer.total
        others = [(0,) * n, (1,) * n, (total + 1,) + (0,) * (n - 1)]
        others += [tuple(total if j == i else 0 for j in range(n)) for i in range(n)]
        counts = [answer.counts(o) for o in others]
        wrong = (total + 1, *(0 for _ in range(n)))  # more than there is: refused
        return [answer.answer(c) for c in (*counts, wrong) if c is not None]
    if isinstance(answer, PickDice):
        picks = [frozenset(), frozenset(answer.faces)]
        picks += [frozenset({f}) for f in answer.faces]
        return [answer.answer(p) for p in picks]
    offers = [answer.steer.build(p, 0.0, False) for p in probe_points(game, answer.steer.unit)]
    return [o.action for o in offers if isinstance(o, Offer)]


def probe_points(game: Game, unit_id: str) -> list[tuple[float, float]]:
    """Board points around a unit to point a steer at."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        return [(0.0, 0.0)]
    if unit.tray is not None:
        x, y = unit.tray.x, unit.tray.y
        return [(x, y), (x + 3, y), (x, y + 4), (x - 6, y - 2), (x + 40, y + 40)]
    if unit.hex is not None:
        return [hex_center(h) for h in [unit.hex, *unit.hex.neighbors()]] + [(99.0, 99.0)]
    return [(0.0, 0.0)]


def pick(game: Game, rng: random.Random, listed: list[Action]) -> Action | None:
    """A random action the game accepts now, given what ``legal_actions()`` ``listed``
    (None when the game is over or stuck)."""
    node = game.pending()
    if isinstance(node, Chance):
        if rng.random() < 0.3:
            return RollPending()
        return Dice(tuple(rng.randint(1, node.dice.sides) for _ in range(node.dice.count)))
    if isinstance(node, PlayerDecision):
        if node.free and rng.random() < 0.3:
            built = [a for f in node.free for a in free_answers(game, f)]
            accepted = [a for a in built if _safe_why_not(game, a)]
            if accepted:
                return rng.choice(accepted)
        return rng.choice(node.options) if node.options else None
    if game.ruleset.free_dice and rng.random() < 0.05 and _safe_why_not(game, FreeRoll("2d6")):
        return FreeRoll("2d6")
    targeted = [a for a in listed if a.target_id() is not None]
    if targeted and rng.random() < 0.8:
        rng.shuffle(targeted)
        found = next((a for a in targeted if _safe_why_not(game, a)), None)
        if found is not None:
            return found
    others = [a for a in listed if not isinstance(a, EndActivation)]
    if others and rng.random() < 0.85:
        closer = _closest(game, rng.sample(others, min(APPROACH_TRIES, len(others))))
        if closer is not None:
            return closer
    ends = [a for a in listed if isinstance(a, EndActivation)]
    return next((a for a in [*ends, *others] if _safe_why_not(game, a)), None)


def _closest(game: Game, candidates: list[Action]) -> Action | None:
    """The accepted candidate after which the sides stand closest (tried on branches), so
    that random play meets the enemy and reaches the fights within a short playout."""
    scored = []
    for i, action in enumerate(candidates):
        if _safe_why_not(game, action):
            copy = branch(game)
            try:
                copy.apply(action)
            except Exception:  # the apply checks report it; play goes on
                continue
            scored.append((gap(copy.state), i, action))
    return min(scored)[2] if scored else None


def gap(state: GameState) -> float:
    """How far apart the sides stand: each unit's distance to its nearest enemy, summed
    (hexes on a hex map, inches between tray centres on a table)."""
    total = 0.0
    units = state.live_units()
    for unit in units:
        enemies = [_distance(unit, other) for other in units if other.owner != unit.owner]
        total += min(enemies, default=0.0)
    return total


def _distance(a: Unit, b: Unit) -> float:
    if a.hex is not None and b.hex is not None:
        return float(a.hex.distance(b.hex))
    if a.tray is not None and b.tray is not None:
        return math.hypot(a.tray.x - b.tray.x, a.tray.y - b.tray.y)
    return 0.0


def _safe_why_not(game: Game, action: Action) -> bool:
    try:
        return game.why_not(action) is None
    except Exception:  # the why_not check reports it; play goes on
        return False


@dataclass(frozen=True)
class Playout:
    """One bounded random playout: the recorded actions, a snapshot of every state (the
    first and the last included), what ``legal_actions()`` listed at each, and every event."""

    actions: tuple[Action, ...]
    states: tuple[GameState, ...]
    legal: tuple[tuple[Action, ...], ...]
    events: tuple[Event, ...]


@functools.cache
def playout(case: Case, seed: int) -> Playout:
    """The playout of ``case`` with ``seed`` (computed once per test session)."""
    game = case.new_game()
    rng = random.Random(seed)
    states, legal = [snapshot(game.state)], [tuple(game.legal_actions())]
    for _ in range(STEPS):
        action = pick(game, rng, list(legal[-1]))
        if action is None:
            break
        game.apply(action)
        states.append(snapshot(game.state))
        legal.append(tuple(game.legal_actions()))
    return Playout(tuple(game.actions()), tuple(states), tuple(legal), tuple(game.events()))


def trajectory(case: Case, seed: int) -> tuple[Action, ...]:
    """The recorded actions of the playout of ``case`` with ``seed``."""
    return playout(case, seed).actions


@functools.cache
def _games(case: Case, seed: int) -> tuple[Game, ...]:
    ruleset = case.new_game().ruleset
    return tuple(Game(state, ruleset, started=True) for state in playout(case, seed).states)


def walk(case: Case, seed: int) -> Iterator[tuple[Game, tuple[Action, ...]]]:
    """A game at every state of the playout (the last one included) with what its
    ``legal_actions()`` listed. The games are shared by the checks, which only read them
    (anything that applies an action does so on a :func:`branch`)."""
    yield from zip(_games(case, seed), playout(case, seed).legal, strict=True)


def live_ids(state: GameState) -> list[str]:
    """Ids of the units in play."""
    return [u.id for u in state.live_units()]


def is_choose(action: Action) -> bool:
    """Whether an action is a decision answer."""
    return isinstance(action, Choose)
