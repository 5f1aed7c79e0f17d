"""``warbench roster import FILE [--against FILE2] [--ruleset R] [--into SCENARIO --side N]
--out SCENARIO.toml [--accept-skipped] [--json]`` (docs/rosters.md, docs/cli.md).

Exit 0 with the scenario written (and a report of what was placed, skipped and stood in);
exit 2 with every problem, never a traceback, and nothing written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.scenario.loader import Scenario, load_scenario
from game.scenario.paths import scenario_source
from game.scenario.problems import FileError
from game.scenario.roster import read_list
from game.scenario.roster.importer import Imported, import_lists
from game.scenario.writer import write_file

EXIT_OK = 0
EXIT_INVALID = 2


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``roster import``'s arguments."""
    roster = sub.add_parser("roster", help="import army lists into scenarios")
    verbs = roster.add_subparsers(dest="roster_command", required=True)
    imp = verbs.add_parser("import", help="an army list as a battle or as one side of one")
    imp.add_argument("file", help="the army list (.txt, .json, .ros, .rosz)")
    imp.add_argument("--against", default=None,
                     help="a second list: side 2 of a new battle")
    imp.add_argument("--ruleset", default=None, help="the ruleset (default: the one that "
                     "knows the list's entries)")
    imp.add_argument("--into", default=None, help="a scenario whose side N the list replaces")
    imp.add_argument("--side", type=int, default=1, help="with --into: the side (default 1)")
    imp.add_argument("--out", required=True, help="the scenario file to write")
    imp.add_argument("--accept-skipped", action="store_true",
                     help="import even if some entries are unknown (they are left out)")
    imp.add_argument("--json", action="store_true", help="report as one JSON object")


def run(args: argparse.Namespace) -> int:
    """Import, write atomically, report; every failure is exit 2 with its problems."""
    try:
        result = _import(args)
        write_file(Path(args.out), result.text)
    except FileError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INVALID
    except OSError as exc:
        print(f"{args.out}: cannot write the scenario ({exc.strerror or exc})", file=sys.stderr)
        return EXIT_INVALID
    _report(result, args)
    return EXIT_OK


def _import(args: argparse.Namespace) -> Imported:
    first = read_list(args.file)
    lists = [(first.list, first.file)]
    if args.against:
        second = read_list(args.against)
        lists.append((second.list, second.file))
    into: Scenario | None = None
    if args.into:
        into = load_scenario(scenario_source(args.into))
    return import_lists(lists, ruleset=args.ruleset, into=into, side=args.side,
                        accept_skipped=args.accept_skipped)


def _report(result: Imported, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps({"out": args.out, "ruleset": result.ruleset,
                          "placed": [list(p) for p in result.placed],
                          "skipped": [str(s) for s in result.skipped],
                          "notes": list(result.notes)}))
        return
    print(f"{args.out}: {len(result.placed)} units placed ({result.ruleset})")
    for skip in result.skipped:
        print(f"  skipped {skip}")
    for note in result.notes:
        print(f"  note: {note}")
