"""``warbench pbf new|play|verify``: play by file from the command line (docs/play-by-file.md).

- ``pbf new SCENARIO --players A,B [--as A] [--dice sealed|strict|honour] [--out FILE]``:
  set up a game and write its first file.
- ``pbf play FILE [--actions FILE|-] [--out FILE]``: check a received file, apply your actions
  (one a line; ``order KIND ANSWER`` sets a standing order, ``undo`` takes one back) and write
  the next file. Without actions it shows the turn and what the game waits for.
- ``pbf verify FILE...``: check files of one game in order.

``--home DIR`` says where games are kept (default: the ``pbf`` folder next to the autosave).
Exit codes: 0 done, 2 a file is refused (the first problem is printed), 3 your input is refused
(nothing is written).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from importlib import resources
from pathlib import Path

from game.core.actions import Dice
from game.pbf.chain import app_version
from game.pbf.session import (
    Received,
    accept,
    check_player_names,
    new_game,
    receive,
    start_turn,
    verify_files,
)
from game.pbf.store import default_home
from game.pbf.turnfile import DICE_MODES, PbfError, TurnFile, names_line
from game.pbf.writer import TurnWriter
from game.scenario.paths import scenario_source
from game.scenario.problems import ScenarioError

EXIT_OK, EXIT_REFUSED, EXIT_INPUT = 0, 2, 3


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``pbf`` command group to the ``warbench`` parser."""
    pbf = sub.add_parser("pbf", help="play by file (e-mail): new, play, verify")
    group = pbf.add_subparsers(dest="pbf_command", required=True)
    new = group.add_parser("new", help="set up a game and write its first file")
    new.add_argument("scenario", help="scenario file or a shipped scenario's name")
    new.add_argument("--players", required=True, help="the two players, side 1 first: A,B")
    new.add_argument("--as", dest="creator", help="which of them you are (default: the first)")
    new.add_argument("--dice", choices=DICE_MODES, default="sealed")
    new.add_argument("--out", help="also copy the file here")
    play = group.add_parser("play", help="check a received file, play your turn, write yours")
    play.add_argument("file")
    play.add_argument("--actions", help="your actions, one a line ('-' = standard input)")
    play.add_argument("--out", help="also copy the file you write here")
    verify = group.add_parser("verify", help="check turn files of one game, in order")
    verify.add_argument("files", nargs="+")
    for parser in (new, play, verify):
        parser.add_argument("--home", help="where games are kept (default: next to the autosave)")


def run(args: argparse.Namespace) -> int:
    """Run one ``pbf`` command; return the exit code."""
    home = Path(args.home) if args.home else default_home()
    handler = {"new": _new, "play": _play, "verify": _verify}[args.pbf_command]
    try:
        return handler(args, home)
    except PbfError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED


def _new(args: argparse.Namespace, home: Path) -> int:
    names = check_player_names(args.players.split(","))
    creator = 1
    if args.creator is not None:
        if args.creator not in names:
            raise PbfError(f"--as {args.creator!r} is not one of the players {', '.join(names)}")
        creator = names.index(args.creator) + 1
    try:
        source = scenario_source(args.scenario)
    except ScenarioError as exc:
        raise PbfError(str(exc), args.scenario) from None
    with resources.as_file(source) as scenario_file:  # a shipped name reads from the package
        path, turn = new_game(scenario_file, names, home, creator, args.dice)
    print(f"New game {turn.game_id}: {names_line(turn.players)}, {turn.ruleset}, "
          f"{turn.dice} dice.")
    _delivered(path, turn, args.out)
    return EXIT_OK


def _delivered(path: Path, turn: TurnFile, out: str | None) -> None:
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out)
        path = Path(out)
    who = turn.player_name(turn.next_player)
    print(f"Wrote file {turn.sequence}: {path}")
    if turn.next_player is None:
        print("The game is over; send this last file so both sides have it.")
    else:
        print(f"Send it to {who}.")


def _play(args: argparse.Namespace, home: Path) -> int:
    received = receive(args.file, home)
    _show_received(received)
    turn = received.turn
    if turn.next_player is None:
        accept(received)
        print("The game is over.")
        return EXIT_OK
    if received.side != turn.next_player:
        accept(received)
        whose = "your own file" if received.side == turn.sender else "not for you"
        print(f"This is {whose}: it goes to {received.replay.name(turn.next_player)}.")
        return EXIT_OK
    writer = start_turn(received)
    if received.replaces:
        print("You had already answered this file: playing again replaces that answer "
              "(the dice come out the same).")
    try:
        lines = _input_lines(args.actions)
    except OSError as exc:
        print(f"cannot read your actions: {exc}", file=sys.stderr)
        return EXIT_INPUT
    code = _apply_lines(writer, lines)
    if code != EXIT_OK:
        return code
    if writer.waiting_for_me():
        print(f"Your move: {writer.describe()}")
        legal = [str(a) for a in writer.game.legal_actions()]
        more = f" ... ({len(legal)} in all)" if len(legal) > 12 else ""
        print(f"  legal now: {' | '.join(legal[:12])}{more}")
        if lines:
            print("refused: your turn is not finished; nothing was written", file=sys.stderr)
            return EXIT_INPUT
        print("Give your actions with --actions FILE (or - for standard input).")
        return EXIT_OK
    next_turn = writer.finish()
    path = received.store.save_turn(next_turn)
    print(f"Now: {writer.describe()}")
    _delivered(path, next_turn, args.out)
    return EXIT_OK


def _show_received(received: Received) -> None:
    turn = received.turn
    print(f"Game {turn.game_id} ({turn.ruleset}), file {turn.sequence} from "
          f"{turn.player_name(turn.sender)}: checked, {len(turn.actions)} actions.")
    if turn.app_version != app_version():
        print(f"(written by Warbench {turn.app_version}; this is {app_version()})")
    if turn.sequence == 0:
        for line in received.scenario_lines():
            print(f"  {line}")
    for warning in received.warnings:
        print(f"warning: {warning}")
    for step in received.steps:
        marker = " (by standing order)" if step.record.by_order else ""
        print(f"> {step.record.text}{marker}")
        for event in step.entry.events:
            print(f"    {event.text}")


def _input_lines(source: str | None) -> list[tuple[int, str]]:
    if source is None:
        return []
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append((number, line))
    return lines


def _apply_lines(writer: TurnWriter, lines: list[tuple[int, str]]) -> int:
    _show_entries(writer, writer.base)
    for number, line in lines:
        before = len(writer.game.log)
        try:
            writer.apply_line(line)
        except PbfError as exc:
            print(f"refused: line {number} '{line}': {exc.message}; nothing was written",
                  file=sys.stderr)
            return EXIT_INPUT
        if line.split()[0] in ("order", "undo"):
            print(f"> {line}")
        _show_entries(writer, before)
    return EXIT_OK


def _show_entries(writer: TurnWriter, start: int) -> None:
    """Print the actions applied since log index ``start``, marking the automatic ones."""
    for entry in writer.game.log[start:]:
        mark = ""
        if entry.index in writer.by_order:
            mark = f"   (standing order of {writer.replay.name(entry.actor)})"
        elif isinstance(entry.action, Dice) and writer.mode != "honour":
            mark = "   (sealed dice)"
        print(f"> {entry.action}{mark}")
        for event in entry.events:
            print(f"    {event.text}")


def _verify(args: argparse.Namespace, home: Path) -> int:
    replay = verify_files(args.files, home)
    last = replay.last
    state = "the game is over" if last.next_player is None else (
        f"next: {last.player_name(last.next_player)}")
    print(f"ok: game {last.game_id}, files 0..{last.sequence} checked, "
          f"{len(replay.game.log)} actions replayed, every hash and die verified; {state}")
    return EXIT_OK
