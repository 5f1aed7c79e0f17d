"""``warbench bench rules``: how long the rules core takes to answer its questions.

Times ``legal_actions()`` and ``why_not()`` of every legal action on each ruleset's skirmish
scenario, at the start and after a fixed random playout (seeded), and reports median and p95 in
milliseconds. A script, not a test: speed is measured here and reported, never asserted in the
suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path

from game import rulesets
from game.core.actions import Action
from game.core.game import Game
from game.core.pending import Chance
from game.scenario.loader import load_scenario
from game.scenario.paths import scenarios_dir

SKIRMISH = "{name}_skirmish.toml"
"""The shipped skirmish scenario of a registered ruleset, where it has one."""


def _time_ms(call: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000.0)
    return out


def _checker(game: Game, actions: Sequence[Action]) -> Callable[[], object]:
    """A call that asks ``why_not`` of every action once."""
    return lambda: [game.why_not(a) for a in actions]


def _advance(game: Game, steps: int, seed: int) -> None:
    """Play ``steps`` random legal actions (dice rolled by the game's seeded dice)."""
    rng = random.Random(seed)
    for _ in range(steps):
        options = game.legal_actions()
        if not options:
            return
        game.apply(options[0] if isinstance(game.pending(), Chance) else rng.choice(options))


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(path: Path | Traversable, repeats: int) -> dict[str, float]:
    """Timings for one scenario: at the start and after a 30-action playout."""
    results: dict[str, float] = {}
    for label, steps in (("start", 0), ("midgame", 30)):
        game = load_scenario(path).new_game()
        _advance(game, steps, seed=7)
        legal = _time_ms(game.legal_actions, repeats)
        actions = game.legal_actions()
        why = _time_ms(_checker(game, actions), repeats)
        per_action = [w / max(1, len(actions)) for w in why]
        results[f"{label}_legal_actions_ms_median"] = statistics.median(legal)
        results[f"{label}_legal_actions_ms_p95"] = _p95(legal)
        results[f"{label}_why_not_per_action_ms_median"] = statistics.median(per_action)
        results[f"{label}_actions"] = float(len(actions))
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table or one JSON object."""
    parser = argparse.ArgumentParser(prog="warbench bench rules")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args(argv)
    report: dict[str, object] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "load_average": os.getloadavg()[0],
    }
    for ruleset in rulesets.names():
        name = SKIRMISH.format(name=ruleset)
        path = scenarios_dir() / name
        if path.is_file():
            report[name.removesuffix(".toml")] = measure(path, args.repeats)
    if args.json:
        print(json.dumps(report))
        return 0
    for key, value in report.items():
        if isinstance(value, dict):
            print(key)
            for metric, number in value.items():
                print(f"  {metric:40s} {number:9.2f}")
        else:
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
