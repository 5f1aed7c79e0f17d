"""``warbench ai suggest`` and ``warbench match`` (docs/cli.md): the computer's choice for a
position, and whole games between computer players."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.ai.match import check_sides, run_match
from game.ai.players import LEVELS, make_player
from game.scenario import ScenarioError, load_scenario
from game.scenario.paths import scenario_source
from game.scenario.saves import open_game

EXIT_OK = 0
EXIT_INVALID = 2

DEFAULT_AI_SEED = 1
"""The computer's own seed when ``--ai-seed`` is not given (never the game's dice seed)."""


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``ai`` and ``match`` commands' parsers."""
    ai = sub.add_parser("ai", help="ask the computer player: ai suggest SCENARIO_OR_SAVE")
    ai_sub = ai.add_subparsers(dest="ai_command", required=True)
    suggest = ai_sub.add_parser("suggest", help="the action the computer would take now")
    suggest.add_argument("scenario", help="scenario or save file, or a shipped scenario's name")
    suggest.add_argument("--level", choices=[lv for lv in LEVELS if lv != "random"],
                         default="normal")
    suggest.add_argument("--ai-seed", type=int, default=DEFAULT_AI_SEED,
                         help="the computer's own random seed")
    suggest.add_argument("--json", action="store_true", help="last line: one JSON object")
    match = sub.add_parser("match", help="play whole games between computer players")
    match.add_argument("scenario", help="scenario file or a shipped scenario's name")
    match.add_argument("--sides", required=True,
                       help=f"two of {', '.join(LEVELS)}, e.g. normal,random")
    match.add_argument("--games", type=int, default=10)
    match.add_argument("--seed", type=int, default=0, help="the match's seed (dice, players)")
    match.add_argument("--json", action="store_true", help="last line: one JSON object")


def suggest(args: argparse.Namespace) -> int:
    """Print the computer's choice for the position of a scenario or save."""
    try:
        game = open_game(scenario_source(args.scenario))
    except ScenarioError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if game.state.outcome is not None:
        print(f"{args.scenario}: the game is over ({game.state.outcome.summary})",
              file=sys.stderr)
        return EXIT_INVALID
    choice = make_player(args.level, args.ai_seed).choose(game)
    print(f"{choice.reason}")
    print(f"  action: {choice.action}")
    for label, value in choice.ratings:
        print(f"  {value:+.3f}  {label}")
    if args.json:
        doc: dict[str, Any] = {"action": str(choice.action), "reason": choice.reason,
                               "level": args.level, "ai_seed": args.ai_seed,
                               "candidates": [{"label": lb, "rating": v}
                                              for lb, v in choice.ratings]}
        print(json.dumps(doc))
    return EXIT_OK


def match(args: argparse.Namespace) -> int:
    """Play a match and print its table (``--json``: one object as the last line)."""
    sides = [s.strip() for s in args.sides.split(",")]
    problem = check_sides(sides) or (None if args.games >= 1 else "--games must be 1 or more")
    if problem:
        print(f"match: {problem}", file=sys.stderr)
        return EXIT_INVALID
    try:
        scenario = load_scenario(scenario_source(args.scenario))
    except ScenarioError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    report = run_match(scenario, sides, args.games, args.seed, progress=not args.json)
    summary = report.summary()
    if args.json:
        print(json.dumps(summary))
        return EXIT_OK
    for key, value in summary.items():
        print(f"{key}: {value}")
    for line in report.illegal[:10] + report.breaks[:10]:
        print(f"  {line}")
    return EXIT_OK
