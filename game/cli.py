"""The ``warbench`` command (also ``python -m game``). See docs/cli.md.

- ``warbench --version``: the version.
- ``warbench scenarios [--json]``: the shipped scenarios (name, ruleset, title).
- ``warbench [play] [SCENARIO]``: open the desktop table (default scenario if none given).
- ``warbench edit [SCENARIO]``: the battle builder (docs/editor.md).
  Wherever a command takes a scenario, a shipped scenario's name does as well as a path.
- ``warbench check FILE...``: validate scenarios and saves; exit 0, or 2 with every problem.
- ``warbench run SCENARIO [--actions FILE|-] [--dice N...] [--json] [--save FILE]``: play
  headless; exit 0, 2 for an invalid scenario, 3 for an illegal action.
- ``warbench replay SAVE``: re-run a save and verify its state hash.
- ``warbench render SCENARIO --out FILE.png [--select UNIT] [--hover UNIT]``: draw the table.
- ``warbench bench geometry|render|rules|play|fuzz [--json]``: the benchmarks and the file
  fuzzer.
- ``warbench learn [LESSON] [--list [--json]] [--verify] [--coverage [--json]]``: the
  lessons (docs/lessons.md).
- ``warbench pbf new|play|verify``: play by file (docs/play-by-file.md).
- ``warbench odds SCENARIO_OR_SAVE ACTION [--after FILE|-] [--json]``: the exact outcome
  distributions of an action (the plan's odds, as the table's hover shows them).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import TextIO

from game import __version__
from game.core.actions import Action, ActionSyntaxError, Dice, RollPending, parse
from game.core.events import Event
from game.core.game import Game
from game.core.pending import Chance, Idle, IllegalAction, Over, PlayerDecision
from game.core.plan import Outcomes
from game.scenario.loader import load_scenario
from game.scenario.paths import default_scenario, is_save, scenario_source
from game.scenario.paths import scenarios_dir as scenarios_dir  # re-exported for callers
from game.scenario.problems import ScenarioError
from game.scenario.saves import (
    Session,
    load_save,
    new_session,
    open_game,
    writable_save_target,
    write_save,
)

EXIT_OK = 0
EXIT_INVALID = 2
EXIT_ILLEGAL = 3

def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``warbench`` console script."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = _parser(words).parse_args(_with_command(words))
    command = args.command or "play"
    handlers = {
        "play": _play,
        "edit": _edit,
        "check": _check,
        "run": _run,
        "replay": _replay,
        "render": _render,
        "bench": _bench,
        "pbf": _pbf,
        "learn": _learn,
        "scenarios": _scenarios,
        "odds": _odds,
        "ai": _ai,
        "match": _ai,
        "roster": _roster,
    }
    try:
        code: int = handlers[command](args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
    except BrokenPipeError:
        return _reader_left()
    return code


def _reader_left() -> int:
    """The reader of standard output went away (``warbench run ... | head``): stop quietly, as
    command-line tools do, instead of a traceback; standard output is pointed at the null
    device so that the final flush at exit cannot fail again."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    return EXIT_OK


def _parser(words: Sequence[str] = ("pbf",)) -> argparse.ArgumentParser:
    """The command line parser; the play-by-file commands' own parser (and its modules) only
    when ``words`` name them, so opening the table does not import them (issue 12)."""
    parser = argparse.ArgumentParser(
        prog="warbench", description="A digital table for miniatures rules."
    )
    parser.add_argument("--version", action="version", version=f"warbench {__version__}")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="open the desktop table")
    play.add_argument("scenario", nargs="?", help="scenario or save file, or a shipped "
                      "scenario's name")
    play.add_argument("--windowed-size", default="1280x800", help="window size, WxH")
    play.add_argument("--vs", choices=["easy", "normal", "hard"],
                      help="the computer plays every side but the first at this strength")
    play.add_argument("--watch", action="store_true",
                      help="the computer plays every side (normal strength): watch it")
    edit = sub.add_parser("edit", help="build a battle: the battle builder")
    edit.add_argument("scenario", nargs="?", help="a scenario file or draft to change, or a "
                      "shipped scenario's name (none: a new battle)")
    edit.add_argument("--windowed-size", default="1280x800", help="window size, WxH")
    scenarios = sub.add_parser("scenarios", help="list the shipped scenarios")
    scenarios.add_argument("--json", action="store_true", help="one JSON array")
    odds = sub.add_parser("odds", help="the exact outcome distributions of an action")
    odds.add_argument("scenario", help="scenario or save file, or a shipped scenario's name")
    odds.add_argument("action", help="the action in its text form, e.g. 'shoot bows -> guard'")
    odds.add_argument("--after", help="actions to play first, one a line ('-' = standard input)")
    odds.add_argument("--json", action="store_true", help="the last line is one JSON object")
    check = sub.add_parser("check", help="validate scenario and save files")
    check.add_argument("files", nargs="+")
    run = sub.add_parser("run", help="play a scenario headless from a list of actions")
    run.add_argument("scenario")
    run.add_argument("--actions", help="file of actions, one a line ('-' = standard input)")
    run.add_argument("--dice", nargs="*", type=int, default=[], help="dice results to use")
    run.add_argument("--json", action="store_true", help="one JSON object per line")
    run.add_argument("--save", help="write a save file at the end")
    replay = sub.add_parser("replay", help="re-run a save and verify its state hash")
    replay.add_argument("save")
    replay.add_argument("--json", action="store_true")
    render = sub.add_parser("render", help="draw a scenario's table to a PNG")
    render.add_argument("scenario", nargs="?", help="scenario or save file, or a shipped "
                        "scenario's name (default: the game's opening scenario)")
    render.add_argument("--out", required=True)
    render.add_argument("--select")
    render.add_argument("--hover")
    render.add_argument("--size", default="1280x800")
    bench = sub.add_parser("bench", help="run a benchmark")
    bench.add_argument("target", choices=["geometry", "render", "rules", "play", "fuzz"])
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--repeats", type=int, default=None)
    bench.add_argument("--count", type=int, default=None, help="fuzz: inputs to try")
    bench.add_argument("--seed", type=int, default=None, help="fuzz: first seed")
    bench.add_argument("--sizes", default=None, help="play: table sizes, e.g. 50,200")
    bench.add_argument("--actions", type=int, default=None,
                       help="play: actions played for the memory figures (default 500)")
    bench.add_argument("--ruleset", default=None,
                       help="play: one ruleset (default: every ruleset with a bench table)")
    if "pbf" in words:
        _add_pbf(sub)
    else:
        sub.add_parser("pbf", help="play by file (e-mail): new, play, verify").add_argument(
            "rest", nargs=argparse.REMAINDER)
    _learn_parser(sub)
    _ai_parsers(sub)
    _roster_parser(sub)
    return parser


# --- play ---------------------------------------------------------------------------------


COMMANDS = ("play", "edit", "check", "run", "replay", "render", "bench", "pbf", "learn",
            "scenarios", "odds", "ai", "match", "roster")


def _with_command(words: list[str]) -> list[str]:
    """``warbench FILE`` means ``warbench play FILE``: a first word that is neither a command
    nor an option is a file to play."""
    if words and words[0] not in COMMANDS and not words[0].startswith("-"):
        return ["play", *words]
    return words


def _play(args: argparse.Namespace) -> int:
    scenario = getattr(args, "scenario", None)
    try:  # a missing or broken file is reported here, before any window opens
        source = scenario_source(scenario) if scenario else default_scenario()
        if is_save(source):
            players = [p.number for p in load_save(source).game.state.players]
        else:
            players = [p.number for p in load_scenario(source).state.players]
    except ScenarioError as exc:
        print(f"{scenario or source}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    from game.ui.app import main as open_window  # the window's dependencies load only here

    level = "normal" if getattr(args, "watch", False) else getattr(args, "vs", None)
    seats = players if getattr(args, "watch", False) else players[1:]
    computer = {"computer": {n: level for n in seats}} if level else {}
    with resources.as_file(source) as path:  # a real file even from a zipped install
        code: int = open_window(path, size=getattr(args, "windowed_size", "1280x800"),
                                **computer)
    return code


# --- edit ----------------------------------------------------------------------------------


def _edit(args: argparse.Namespace) -> int:
    """Open the battle builder on a scenario (or a draft that does not load yet), or on a
    new battle's setup."""
    from game.scenario.edit import BattleDoc

    scenario = getattr(args, "scenario", None)
    try:  # a missing or unreadable file is reported here, before any window opens
        source = scenario_source(scenario) if scenario else None
        if source is not None:
            BattleDoc.from_text(source.read_text("utf-8"))
    except (ScenarioError, OSError, UnicodeDecodeError) as exc:
        print(f"{scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    from game.ui.editor_scene import main as open_builder

    if source is None:
        return open_builder(None, size=args.windowed_size)
    with resources.as_file(source) as path:
        code: int = open_builder(path, size=args.windowed_size)
    return code


# --- scenarios -----------------------------------------------------------------------------


def _scenarios(args: argparse.Namespace) -> int:
    """List the shipped scenarios: name, ruleset and title (``--json``: one array)."""
    from game.scenario.catalogue import shipped_catalogue

    rows = shipped_catalogue()
    if args.json:
        print(json.dumps([row.as_json() for row in rows]))
        return EXIT_OK
    width = max((len(row.name) for row in rows), default=0)
    rules_width = max((len(row.ruleset) for row in rows), default=0)
    for row in rows:
        print(f"{row.name:<{width}}  {row.ruleset:<{rules_width}}  {row.title}")
    return EXIT_OK


# --- odds ----------------------------------------------------------------------------------


def _odds(args: argparse.Namespace) -> int:
    """Play ``--after`` (if given), then print the exact outcome distributions of ACTION from
    that position: the plan's own odds (game.core.odds), the same the table's hover shows."""
    from game.core.odds import outcome_distributions

    try:
        game = open_game(scenario_source(args.scenario))
        lines = _action_lines(args.after)
    except ScenarioError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read actions: {exc}", file=sys.stderr)
        return EXIT_INVALID
    setup = Printer(io.StringIO(), as_json=False)  # the setup's events are not printed; its
    if play_script(game, lines, setup) != EXIT_OK:  # errors go to standard error
        return EXIT_ILLEGAL
    try:
        action = parse(args.action, game.ruleset.action_types())
    except ActionSyntaxError as exc:
        print(f"{args.action}: {exc}", file=sys.stderr)
        return EXIT_ILLEGAL
    if not isinstance(action, Dice | RollPending):
        _roll_waiting_dice(game, setup)
    found = outcome_distributions(game, action)
    if not isinstance(found, Outcomes):
        print(f"'{action}' is not legal now: {found}", file=sys.stderr)
        return EXIT_ILLEGAL
    _print_outcomes(str(action), found, args.json, game.ruleset.plans_odds(action, game.state))
    return EXIT_OK


def _print_outcomes(action: str, outcomes: Outcomes, as_json: bool, reported: bool) -> None:
    """The distributions as text or one JSON object; ``reported`` False: the ruleset's plan of
    this action does not compute odds yet (said, never shown as a certain outcome)."""
    if not as_json:
        print(f"{action}:")
        if not outcomes:
            print("  no dice decide this action: its outcome is certain" if reported else
                  "  this ruleset does not report this action's odds through its plan yet "
                  "(the table's hover shows them)")
        for q in outcomes:
            print(f"  {q.label} [{', '.join(q.rules)}]  mean {float(q.mean()):.3f}")
            for value, chance in q.values:
                print(f"    {value:>4}  {float(chance):8.4%}  ({chance})")
        return
    print(json.dumps({
        "action": action,
        "reported": reported,
        "distributions": {q.name: [[v, float(p)] for v, p in q.values] for q in outcomes},
        "exact": {q.name: [[v, str(p)] for v, p in q.values] for q in outcomes},
        "labels": {q.name: q.label for q in outcomes},
        "rules": {q.name: list(q.rules) for q in outcomes},
    }))


# --- check ---------------------------------------------------------------------------------


def _check(args: argparse.Namespace) -> int:
    failed = False
    for name in args.files:
        try:
            source = scenario_source(name)
            if is_save(source):
                session = load_save(source)
                detail = f"save, {len(session.game.log)} actions, hash verified"
                detail += "".join(f"; {note}" for note in session.notes)
            else:
                scenario = load_scenario(source)
                detail = f"{scenario.ruleset.name}, {len(scenario.state.units)} units"
            print(f"{name}: ok ({detail})")
        except ScenarioError as exc:
            failed = True
            print(f"{name}: {exc}", file=sys.stderr)
    return EXIT_INVALID if failed else EXIT_OK


# --- run -----------------------------------------------------------------------------------


def _run(args: argparse.Namespace) -> int:
    try:
        scenario = load_scenario(scenario_source(args.scenario))
    except ScenarioError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    try:
        session = new_session(scenario, args.dice)
        if args.save:
            writable_save_target(args.save)  # refuse a bad target before playing
    except ScenarioError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    out = Printer(sys.stdout, as_json=args.json)
    out.events(session.game.opening_events)
    try:
        lines = _action_lines(args.actions)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read actions: {exc}", file=sys.stderr)
        return EXIT_INVALID
    code = play_script(session.game, lines, out)
    out.summary(session.game)
    if args.save:
        try:
            write_save(session, args.save)
        except ScenarioError as exc:
            print(f"{args.save}: {exc}", file=sys.stderr)
            return EXIT_INVALID
    return code


def _action_lines(source: str | None) -> list[tuple[int, str]]:
    if source is None:
        return []
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    numbered = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            numbered.append((number, line))
    return numbered


def play_script(game: Game, lines: Iterable[tuple[int, str]], out: Printer) -> int:
    """Apply actions in order; roll pending dice when the next line is not a dice answer.

    ``undo`` and ``redo`` lines act on the history. Returns an exit code.
    """
    types = game.ruleset.action_types()
    for number, line in lines:
        if line in ("undo", "redo"):
            try:
                entry = game.undo() if line == "undo" else game.redo()
            except IllegalAction as exc:
                out.error(f"line {number}: cannot {line}: {exc.refusal}")
                return EXIT_ILLEGAL
            out.note(f"{line}: {entry.action}")
            continue
        try:
            action = parse(line, types)
        except ActionSyntaxError as exc:
            out.error(f"line {number}: {exc}")
            return EXIT_ILLEGAL
        if not isinstance(action, Dice | RollPending):
            _roll_waiting_dice(game, out)
        try:
            out.action(action)
            out.events(game.apply(action))
        except IllegalAction as exc:
            out.error(f"line {number}: '{action}' is not legal: {exc.refusal}")
            return EXIT_ILLEGAL
    return EXIT_OK


def _roll_waiting_dice(game: Game, out: Printer) -> None:
    while isinstance(game.pending(), Chance):
        out.action(RollPending())
        out.events(game.apply(RollPending()))


class Printer:
    """Writes events and the summary as text lines or JSON objects."""

    def __init__(self, stream: TextIO, as_json: bool) -> None:
        self.stream = stream
        self.as_json = as_json

    def _emit(self, obj: dict[str, object], text: str) -> None:
        print(json.dumps(obj) if self.as_json else text, file=self.stream)

    def action(self, action: Action) -> None:
        """Echo an action about to be applied."""
        self._emit({"type": "action", "action": str(action)}, f"> {action}")

    def events(self, events: Iterable[Event]) -> None:
        """Print events."""
        for event in events:
            self._emit({"type": "event", **event.to_dict()}, f"  {event.line()}")

    def note(self, text: str) -> None:
        """Print a remark."""
        self._emit({"type": "note", "text": text}, f"# {text}")

    def error(self, text: str) -> None:
        """Print an error (to standard error as text, to the stream as JSON)."""
        if self.as_json:
            self._emit({"type": "error", "text": text}, text)
        else:
            print(text, file=sys.stderr)

    def summary(self, game: Game) -> None:
        """Print the final state."""
        state = game.state
        units = {
            u.id: {
                "name": u.name,
                "owner": u.owner,
                "destroyed": u.destroyed,
                **u.status(),
                **_position(u),
            }
            for u in state.units.values()
        }
        pending = describe_pending(game)
        obj = {
            "type": "summary",
            "round": state.turn.round,
            "active": state.turn.active,
            "pending": pending,
            "units": units,
            "state_hash": game.state_hash(),
            "actions": len(game.log),
        }
        if self.as_json:
            print(json.dumps(obj), file=self.stream)
            return
        print(f"== round {state.turn.round}, {pending}", file=self.stream)
        for uid, info in units.items():
            details = " ".join(f"{k}={v}" for k, v in info.items() if k != "name")
            print(f"   {uid} ({info['name']}): {details}", file=self.stream)
        print(f"   state hash {obj['state_hash']}", file=self.stream)


def _position(unit: object) -> dict[str, object]:
    tray = getattr(unit, "tray", None)
    if tray is not None:
        return {"x": round(tray.x, 3), "y": round(tray.y, 3), "facing": round(tray.facing, 3)}
    h = getattr(unit, "hex", None)
    if h is not None:
        return {"hex": [h.q, h.r], "facing": getattr(unit, "hex_facing", 0)}
    return {}


def describe_pending(game: Game) -> str:
    """One line saying what the game waits for."""
    node = game.pending()
    state = game.state
    if isinstance(node, Over):
        return f"game over: {node.summary}"
    if isinstance(node, Chance):
        return f"waiting for dice {node.dice}: {node.purpose}"
    if isinstance(node, PlayerDecision):
        options = ", ".join(str(o) for o in node.options[:8])
        more = " ..." if len(node.options) > 8 else ""
        return f"{state.player(node.player).name} decides: {node.prompt} [{options}{more}]"
    assert isinstance(node, Idle)
    return f"{state.player(node.player).name} to act"


# --- replay --------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    try:
        session: Session = load_save(args.save)
    except ScenarioError as exc:
        print(f"{args.save}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    out = Printer(sys.stdout, as_json=args.json)
    out.events(session.game.opening_events)
    for entry in session.game.log:
        out.action(entry.action)
        out.events(entry.events)
    out.summary(session.game)
    out.note(f"replayed {len(session.game.log)} actions; state hash verified")
    return EXIT_OK


# --- render and bench (need the UI or the benchmark modules) -------------------------------


def _render(args: argparse.Namespace) -> int:
    from game.ui.render_cli import main as render_main

    code: int = render_main(args)
    return code


def _bench(args: argparse.Namespace) -> int:
    from game.bench import fuzz, geometry_bench, rules_bench
    from game.ui import bench as render_bench
    from game.ui import play_bench

    runners = {"geometry": geometry_bench.main, "render": render_bench.main,
               "rules": rules_bench.main, "play": play_bench.main, "fuzz": fuzz.main}
    argv = ["--json"] if args.json else []
    if args.repeats is not None:
        argv += ["--repeats", str(args.repeats)]
    for option in ("count", "seed", "sizes", "ruleset", "actions"):
        if getattr(args, option, None) is not None:
            argv += [f"--{option}", str(getattr(args, option))]
    code: int = runners[args.target](argv)
    return code


# --- play by file (game/pbf) ----------------------------------------------------------------


def _add_pbf(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.pbf.cli import add_parser

    add_parser(sub)


def _pbf(args: argparse.Namespace) -> int:
    from game.pbf.cli import run

    return run(args)


# --- the computer player (game/ai) ----------------------------------------------------------


def _ai_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.ai.command import add_parsers

    add_parsers(sub)


def _ai(args: argparse.Namespace) -> int:
    """``ai suggest`` and ``match``."""
    from game.ai import command

    return command.suggest(args) if args.command == "ai" else command.match(args)


# --- army lists (game/scenario/roster) ------------------------------------------------------


def _roster_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.scenario.roster.command import add_parser

    add_parser(sub)


def _roster(args: argparse.Namespace) -> int:
    """``roster import``."""
    from game.scenario.roster.command import run

    return run(args)


# --- learn ---------------------------------------------------------------------------------


def _learn_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    learn = sub.add_parser("learn", help="take a lesson, list or verify the lessons")
    learn.add_argument("lesson", nargs="?", help="lesson id or file (default: the first)")
    learn.add_argument("--list", action="store_true", help="list the lessons")
    learn.add_argument("--json", action="store_true",
                       help="with --list or --coverage: JSON output")
    learn.add_argument("--coverage", action="store_true",
                       help="the rules each system's lessons teach, and those not yet taught")
    learn.add_argument("--verify", action="store_true", help="replay every lesson headless")
    learn.add_argument("--windowed-size", default="1280x800", help="window size, WxH")


def _learn(args: argparse.Namespace) -> int:
    """Lessons: list, verify, or open one in the lesson scene (text outline without one)."""
    from game.learn import command, find_lesson, load_all

    if args.list:
        return command.list_lessons(args.json)
    if args.verify:
        return command.verify_all()
    if args.coverage:
        return command.coverage(args.json)
    try:
        lesson = find_lesson(args.lesson) if args.lesson else load_all()[0]
    except ScenarioError as exc:
        print(f"{args.lesson}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    from game.ui.lesson_scene import main as open_lesson  # the window loads only here

    try:
        code: int = open_lesson(lesson, size=args.windowed_size)
    except RuntimeError as exc:
        print(f"No lesson window here ({exc}). The lesson, step by step:", file=sys.stderr)
        print(command.outline(lesson))
        return EXIT_OK
    return code
