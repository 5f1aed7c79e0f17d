"""Play by file, start to end: set up a game, receive a turn file, verify a chain.

- :func:`new_game` writes a game's first file (the scenario, the players, the dice mode and the
  creator's first commitment) into the creator's store.
- :func:`receive` reads a turn file, puts it after the files this computer knows of its game
  (refusing a fork or a gap), replays and checks the whole chain and keeps, for the preview,
  the state after each of the received file's actions. It changes nothing on disk;
  :func:`accept` keeps the file and :func:`start_turn` hands over a :class:`TurnWriter`.
- :func:`verify_files` checks a list of files of one game, in order.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.core.game import LogEntry
from game.core.hashing import snapshot
from game.core.state import GameState
from game.pbf.chain import (
    Replay,
    app_version,
    event_notes,
    normalise_scenario,
    other,
    ruleset_version,
    scenario_hash,
)
from game.pbf.dice import chain_secret, commitment
from game.pbf.store import GameStore
from game.pbf.turnfile import DICE_MODES, ActionRecord, PbfError, TurnFile, digest, read_turn_file
from game.pbf.writer import TurnWriter
from game.scenario.loader import load_scenario_text
from game.scenario.paths import is_shipped_name, shipped_scenario
from game.scenario.problems import ScenarioError

MAX_NAME = 40


def check_player_names(names: Sequence[str]) -> list[str]:
    """The two player names, stripped; PbfError unless there are two distinct, plain ones."""
    clean = [name.strip() for name in names]
    if len(clean) != 2:
        raise PbfError(f"name exactly two players, like --players Alice,Bob (got {len(clean)})")
    for name in clean:
        if not name or len(name) > MAX_NAME or any(c in name for c in ",\n\r#"):
            raise PbfError(f"a player name has 1 to {MAX_NAME} characters and no comma or '#': "
                           f"{name!r}")
    if clean[0] == clean[1]:
        raise PbfError("the two players need different names")
    return clean


def new_game(scenario_path: str | Path, players: Sequence[str], home: Path, creator: int = 1,
             dice: str = "sealed") -> tuple[Path, TurnFile]:
    """Set up a game: write its first file into the creator's store; return (path, file)."""
    names = check_player_names(players)
    if dice not in DICE_MODES:
        raise PbfError(f"dice mode {dice!r} is not one of {', '.join(DICE_MODES)}")
    if creator not in (1, 2):
        raise PbfError("the creator plays side 1 or 2")
    try:
        raw = Path(scenario_path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PbfError(f"cannot read the scenario: {exc}", str(scenario_path)) from None
    text = normalise_scenario(raw)
    try:
        scenario = load_scenario_text(text, str(scenario_path))
    except ScenarioError as exc:
        raise PbfError(f"the scenario does not load: {exc}", str(scenario_path)) from None
    if len(scenario.state.players) != 2:
        raise PbfError("play by file needs a scenario for exactly two players",
                       str(scenario_path))
    game_id = secrets.token_hex(8)
    store = GameStore(home, game_id)
    store.set_side(creator)
    top = store.ensure_secret("chain-top")
    ruleset = scenario.ruleset.name
    turn = TurnFile(
        game_id=game_id, sequence=0, previous=None, app_version=app_version(),
        ruleset=ruleset, ruleset_version=ruleset_version(ruleset),
        scenario_hash=scenario_hash(text), scenario_name=Path(scenario_path).name,
        players=((1, names[0]), (2, names[1])), sender=creator, dice=dice,
        reveal=chain_secret(game_id, creator, top, 0),
        commit=commitment(game_id, creator, chain_secret(game_id, creator, top, 1)),
        orders=(), actions=(),
        state=scenario.new_game().state_hash(), next_player=other(creator),
        scenario_text=text).checked()
    Replay.begin(turn, "<new game>")
    return store.save_turn(turn), turn


@dataclass(frozen=True)
class Step:
    """One action of a received file, as replayed: its record, log entry and state after."""

    record: ActionRecord
    entry: LogEntry
    state: GameState


@dataclass
class Received:
    """A received turn file checked against the chain this computer knows (see
    :func:`receive`); ``known`` says it was already kept, ``replaces`` that this player had
    already answered it (playing again replaces that answer)."""

    path: str
    turn: TurnFile
    store: GameStore
    replay: Replay
    before: GameState
    steps: list[Step] = field(default_factory=list)
    known: bool = False
    replaces: bool = False
    warnings: list[str] = field(default_factory=list)
    """What is wrong with the file's comments (issue 28.4): they are for people and never
    trusted; one that differs from what its action did is said here, and the kept copy gets
    comments made from the replayed game."""

    @property
    def side(self) -> int | None:
        """The side of this computer's player (the file's addressee for a new game)."""
        return self.store.side if self.store.side is not None else self.turn.next_player

    def kept_turn(self) -> TurnFile:
        """The file as this computer keeps it: its comments made from the replayed actions."""
        records = tuple(replace(step.record, notes=event_notes(step.entry))
                        for step in self.steps)
        return replace(self.turn, actions=records) if records else self.turn

    def scenario_lines(self) -> list[str]:
        """What a new game plays, to be seen before it is accepted (issue 28.5): the scenario's
        file name and title, each side's units, and whether a shipped scenario of that file
        name has other contents."""
        scenario, turn = self.replay.scenario, self.replay.first
        lines = [f"Scenario {turn.scenario_name or '(no file name)'}: "
                 f"{scenario.name or '(untitled)'} ({turn.ruleset})"]
        state = scenario.state
        for player in state.players:
            units = [u.id for u in state.units.values() if u.owner == player.number]
            name = dict(turn.players).get(player.number, f"side {player.number}")
            lines.append(f"{player.name}: {', '.join(units) or 'no units'} (played by {name})")
        shipped = _shipped_text(turn.scenario_name)
        if shipped is not None and scenario_hash(normalise_scenario(shipped)) != (
                turn.scenario_hash):
            lines.append(f"This scenario differs from the shipped scenario of that name "
                         f"({turn.scenario_name}): it was edited.")
        return lines


def _shipped_text(name: str) -> str | None:
    """The text of the shipped scenario with this file name, if there is one."""
    if not name or not is_shipped_name(name) or not name.endswith(".toml"):
        return None
    shipped = shipped_scenario(name)
    try:
        return shipped.read_text(encoding="utf-8") if shipped is not None else None
    except (OSError, UnicodeDecodeError):
        return None


def comment_warnings(steps: Sequence[Step], source: str) -> list[str]:
    """The actions whose comment lines differ from what they did (see Received.warnings)."""
    out = []
    for step in steps:
        made = event_notes(step.entry)
        if step.record.notes and step.record.notes != made:
            out.append(f"{source}: action {step.record.number} '{step.record.text}': its "
                       "comment lines differ from what the action did (a changed comment?); "
                       "what you see is made from the replayed game")
    return out


def receive(path: str, home: Path) -> Received:
    """Read, place and check a received turn file (see module docstring); PbfError if refused."""
    turn = read_turn_file(path)
    store = GameStore(home, turn.game_id)
    kept = store.load()
    earlier, known, replaces = _place(turn, kept, path)
    if earlier:
        replay = Replay.begin(earlier[0][1], earlier[0][0])
        for source, item in earlier[1:]:
            replay.add(item, source)
        before = snapshot(replay.game.state)
        steps: list[Step] = []
        replay.add(turn, path, lambda rec, entry: steps.append(
            Step(rec, entry, snapshot(replay.game.state))))
    else:
        replay = Replay.begin(turn, path)
        before, steps = snapshot(replay.game.state), []
    return Received(path, turn, store, replay, before, steps, known, replaces,
                    comment_warnings(steps, path))


def _place(turn: TurnFile, kept: list[tuple[str, TurnFile]], source: str,
           ) -> tuple[list[tuple[str, TurnFile]], bool, bool]:
    """The files before ``turn`` on this computer, whether it is already kept, and whether this
    player's answer to it is kept too."""
    seq = turn.sequence
    if not kept:
        if seq != 0:
            raise PbfError(f"this computer does not know game {turn.game_id} yet: open its "
                           "first file (sequence 0, with the scenario) first", source)
        return [], False, False
    if seq > len(kept):
        raise PbfError(f"sequence gap: this game knows files up to {len(kept) - 1}; this is "
                       f"file {seq}, so file(s) {len(kept)}..{seq - 1} are missing", source)
    if seq == len(kept):
        return kept, False, False
    if digest(kept[seq][1]) != digest(turn):
        raise PbfError(f"fork: this game already has a different file {seq}; this one was built "
                       f"on file {seq - 1} as well (a reply to an older turn, or a changed file)",
                       source)
    later = kept[seq + 1:]
    if len(later) > 1:
        raise PbfError(f"this file is old: the game has gone on to file {len(kept) - 1}", source)
    return kept[:seq], True, bool(later)


def accept(received: Received) -> None:
    """Keep a received file in this computer's store (and, for a new game, the side)."""
    store = received.store
    if store.side is None and received.turn.next_player is not None:
        store.set_side(received.turn.next_player)
    if not received.known:
        store.save_turn(received.kept_turn())


def start_turn(received: Received) -> TurnWriter:
    """Accept the file and start this player's answer; PbfError if it is not theirs to answer."""
    side = received.side
    turn = received.turn
    if turn.next_player is None:
        raise PbfError("the game is over: there is nothing to answer", received.path)
    if side != turn.next_player:
        raise PbfError(f"this file goes to {received.replay.name(turn.next_player)}; you play "
                       f"{received.replay.name(side)} in this game (is it your own file?)",
                       received.path)
    accept(received)
    return TurnWriter(received.replay, side, received.store)


def verify_files(paths: Sequence[str], home: Path) -> Replay:
    """Check the given files of one game in order (files before the first given are taken
    from this computer's store); return the replay. PbfError at the first problem."""
    if not paths:
        raise PbfError("give at least one turn file")
    given = [(path, read_turn_file(path)) for path in paths]
    chain = given
    first = given[0][1]
    if first.sequence > 0:
        kept = GameStore(home, first.game_id).load()
        chain = [item for item in kept if item[1].sequence < first.sequence] + given
    replay = Replay.begin(chain[0][1], chain[0][0])
    for source, turn in chain[1:]:
        replay.add(turn, source)
    return replay
