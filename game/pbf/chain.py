"""The chain of turn files of one game: every link, action, hash and die checked on replay.

:class:`Replay` rebuilds a game from its turn files in order and refuses, with a
:class:`PbfError` naming the file, line and action, the first file that

- belongs to another game, or changes the scenario, the ruleset or its version, the players or
  the dice mode (the first file holds the scenario and fixes all of these);
- does not follow the last file known: its previous-file hash differs (a fork: it was built on
  another file) or its sequence number skips one (a gap);
- reveals a secret that does not match its sender's commitment;
- holds an action that does not read, is illegal, or after which the replayed state hash
  differs from the recorded one (the first such action is named);
- holds a die that the sealed dice did not give, or dice typed for the other player;
- answers the other player's decision without their standing order, or stops while the game
  still waits for its own sender.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field

import game as warbench
from game import rulesets
from game.core.actions import (
    Action,
    ActionSyntaxError,
    Dice,
    DiceSpec,
    FreeRoll,
    RollPending,
    parse,
)
from game.core.game import Game, LogEntry
from game.core.pending import Chance, IllegalAction, Over, PlayerDecision
from game.pbf.dice import SealedDice, commitment, link, sealed_seed
from game.pbf.turnfile import ActionRecord, PbfError, TurnFile, digest
from game.scenario.loader import Scenario, load_scenario_text
from game.scenario.problems import ScenarioError
from game.scenario.versions import newer_message, newer_version

SIDES = (1, 2)


def app_version() -> str:
    """This Warbench's version (written in every turn file, for information)."""
    return warbench.__version__


def ruleset_version(name: str) -> str:
    """The version of ruleset ``name`` here: its declared ``version`` if it has one, else the
    app version plus a fingerprint of its rules catalogue (any rule text change shows)."""
    cls = rulesets.entry(name).cls
    declared = getattr(cls, "version", None)
    if isinstance(declared, str) and declared:
        return declared
    catalogue = json.dumps(sorted(cls.catalogue().items()), ensure_ascii=True)
    fingerprint = hashlib.sha256(catalogue.encode("utf-8")).hexdigest()[:10]
    return f"{app_version()}+{fingerprint}"


def normalise_scenario(text: str) -> str:
    """The scenario text as a turn file carries it: LF line ends, no trailing blanks."""
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def scenario_hash(text: str) -> str:
    """SHA-256 of a (normalised) scenario text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def other(side: int) -> int:
    """The other side of a two-player game."""
    return 2 if side == 1 else 1


def can_roll(mode: str, sequence: int, acted: bool) -> bool:
    """Whether file ``sequence`` may roll sealed dice now (``acted``: its sender has already
    made a non-dice action in it). Honour dice are typed, never rolled; sealed dice need two
    revealed secrets (from the third file on); strict dice only resolve rolls left waiting by
    the previous file, before the sender acts."""
    if mode == "honour" or sequence < 2:
        return False
    return mode == "sealed" or not acted


def order_answer(game: Game, node: PlayerDecision, answer: str) -> Action | None:
    """The action a standing order gives for ``node`` (None if it gives no legal one).
    ``first`` takes the first offered answer; anything else is an action text."""
    if answer == "first":
        return node.options[0] if node.options else None
    try:
        action = parse(answer, game.ruleset.action_types())
    except ActionSyntaxError:
        return None
    return action if game.why_not(action) is None else None


def event_notes(entry: LogEntry) -> tuple[str, ...]:
    """The comment lines a turn file shows under an action: its events, one a line, made from
    the replayed game (issue 28.4: a file's own comments are never trusted)."""
    return tuple(" ".join(event.line().split()) for event in entry.events)


StepHook = Callable[[ActionRecord, LogEntry], None]


@dataclass
class Replay:
    """A game rebuilt from its turn files (see module docstring); ``add`` checks one more."""

    scenario: Scenario
    game: Game
    first: TurnFile
    files: list[TurnFile] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    orders: dict[int, dict[str, str]] = field(default_factory=lambda: {1: {}, 2: {}})

    @classmethod
    def begin(cls, first: TurnFile, source: str) -> Replay:
        """Start from the first file of a game (it carries the scenario); check and apply it."""
        scenario = _first_file_scenario(first, source)
        replay = cls(scenario, scenario.new_game(), first)
        replay.add(first, source)
        return replay

    @property
    def last(self) -> TurnFile:
        """The last file accepted."""
        return self.files[-1]

    def next_sequence(self) -> int:
        """The sequence number the next file must have."""
        return len(self.files)

    def name(self, side: int | None) -> str:
        """A player's name."""
        return self.first.player_name(side)

    def seed_for(self, sequence: int, reveal: str | None) -> int | None:
        """The sealed seed of file ``sequence`` whose sender reveals ``reveal``."""
        if sequence < 2 or reveal is None or self.files[sequence - 1].reveal is None:
            return None
        other_secret = self.files[sequence - 1].reveal
        assert other_secret is not None
        return sealed_seed(self.first.game_id, sequence, reveal, other_secret)

    # --- checking one more file ------------------------------------------------------------

    def add(self, turn: TurnFile, source: str, on_step: StepHook | None = None) -> None:
        """Check ``turn`` against the chain and replay it; raise PbfError at the first problem
        (the game is then left part-way: build a new Replay to go on)."""
        self._check_header(turn, source)
        self._check_link(turn, source)
        self._check_secrets(turn, source)
        checker = _FileReplay(self, turn, source)
        for record in turn.actions:
            entry = checker.step(record)
            if on_step is not None:
                on_step(record, entry)
        checker.finish()
        self.files.append(turn)
        self.digests.append(digest(turn))
        self.sources.append(source)
        self.orders[turn.sender] = dict(turn.orders)

    def _check_header(self, turn: TurnFile, source: str) -> None:
        newer = newer_version(turn.app_version)
        if newer is not None:
            raise PbfError(newer_message(f"file {turn.sequence}", newer), source)
        first = self.first
        if turn.game_id != first.game_id:
            raise PbfError(f"this file belongs to game {turn.game_id}, not to game "
                           f"{first.game_id}", source)
        if turn.scenario_hash != first.scenario_hash:
            raise PbfError(f"changed scenario: this file plays scenario {turn.scenario_hash[:12]}"
                           f"…, but the game was set up with {first.scenario_hash[:12]}…", source)
        if (turn.ruleset, turn.ruleset_version) != (first.ruleset, first.ruleset_version):
            raise PbfError(f"changed ruleset version: this file was made with {turn.ruleset} "
                           f"{turn.ruleset_version}, the game began with {first.ruleset} "
                           f"{first.ruleset_version}", source)
        here = ruleset_version(turn.ruleset) if turn.ruleset in rulesets.names() else "missing"
        if turn.ruleset_version != here:
            raise PbfError(f"changed ruleset version: the file plays {turn.ruleset} "
                           f"{turn.ruleset_version}, this Warbench has {turn.ruleset} {here}; "
                           "both players need the same version of the rules", source)
        if turn.players != first.players or turn.dice != first.dice:
            raise PbfError("the players or the dice mode differ from the game's first file",
                           source)
        if turn.sender not in SIDES:
            raise PbfError(f"the sender must be side 1 or 2, not {turn.sender}", source)

    def _check_link(self, turn: TurnFile, source: str) -> None:
        expected = self.next_sequence()
        if not self.files:
            return
        if turn.sequence > expected:
            raise PbfError(f"sequence gap: this game knows files up to {expected - 1}; this is "
                           f"file {turn.sequence}, so file(s) {expected}..{turn.sequence - 1} "
                           "are missing", source)
        if turn.sequence < expected or turn.previous != self.digests[-1]:
            raise PbfError(f"fork: file {turn.sequence} was built on another file than the last "
                           f"one this game knows (file {expected - 1}, hash "
                           f"{self.digests[-1][:12]}…, but it names "
                           f"{(turn.previous or 'none')[:12]}…); it is a reply to an older or a "
                           "different turn", source)
        last = self.last
        if last.next_player is None:
            raise PbfError(f"the game ended in file {last.sequence}; nothing can follow it",
                           source)
        if turn.sender != last.next_player:
            raise PbfError(f"file {turn.sequence} is sent by {self.name(turn.sender)}, but file "
                           f"{last.sequence} passed the game to {self.name(last.next_player)}",
                           source)

    def _check_secrets(self, turn: TurnFile, source: str) -> None:
        """Check the file's reveal against its own commit line (so a changed commit line is
        refused here, in the file that carries it: issue 28.3) and against the commit of its
        sender's file before (a changed reveal, or tampered dice)."""
        if turn.reveal is None:
            raise PbfError(f"file {turn.sequence} reveals no secret (every file reveals one)",
                           source)
        if turn.sequence >= 2:
            promised = self.files[turn.sequence - 2].commit
            if commitment(turn.game_id, turn.sender, turn.reveal) != promised:
                raise PbfError(f"tampered dice: the secret revealed in file {turn.sequence} "
                               f"is not the one {self.name(turn.sender)} committed to in file "
                               f"{turn.sequence - 2}, so its dice cannot be trusted", source)
        if link(turn.commit) != turn.reveal:
            raise PbfError(f"changed commit line: the 'commit' of file {turn.sequence} is not "
                           f"the one {self.name(turn.sender)} wrote with its 'reveal' (the file "
                           "was changed after it was written)", source)


class _FileReplay:
    """Replays the actions of one file, checking each (see :meth:`Replay.add`)."""

    def __init__(self, replay: Replay, turn: TurnFile, source: str) -> None:
        self.replay = replay
        self.game = replay.game
        self.turn = turn
        self.source = source
        self.acted = False
        self.seed = replay.seed_for(turn.sequence, turn.reveal)
        self.dice = SealedDice(self.seed) if self.seed is not None else None
        self.types = self.game.ruleset.action_types()

    def fail(self, record: ActionRecord, message: str) -> PbfError:
        return PbfError(f"action {record.number} '{record.text}': {message}", self.source,
                        record.line or None)

    def step(self, record: ActionRecord) -> LogEntry:
        """Check, apply and hash-check one recorded action."""
        game = self.game
        if self.turn.sequence == 0:
            raise self.fail(record, "the first file holds no actions")
        if record.number != len(game.log) + 1:
            raise self.fail(record, f"expected action number {len(game.log) + 1} here")
        try:
            action = parse(record.text, self.types)
        except ActionSyntaxError as exc:
            raise self.fail(record, f"not an action: {exc}") from None
        node = game.pending()
        if isinstance(node, Over):
            raise self.fail(record, "comes after the game ended")
        if isinstance(action, RollPending):
            raise self.fail(record, "a turn file records the dice rolled, never 'rolldice'")
        if isinstance(action, Dice | FreeRoll):
            self._check_dice(record, action, node)
        elif self._check_actor(record, action, node):
            self.acted = True
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise self.fail(record, f"is illegal on replay: {exc.refusal}") from None
        except Exception as exc:  # a forged action must not crash the receiver
            raise self.fail(record, f"cannot be replayed ({type(exc).__name__}: {exc})") from None
        entry = game.log[-1]
        if entry.hash_after != record.hash_after:
            raise self.fail(record, "the replayed state differs from the sender's (hash "
                            f"{entry.hash_after[:12]}… here, {record.hash_after[:12]}… in the "
                            "file). This is the first action that differs: the file was "
                            "changed, or the players run different versions")
        return entry

    def _check_dice(self, record: ActionRecord, action: Dice | FreeRoll, node: object) -> None:
        turn = self.turn
        if isinstance(action, FreeRoll):
            if not action.results:
                raise self.fail(record, "a free roll in a turn file must carry its results")
            spec, results = DiceSpec.parse(action.spec), action.results
        else:
            if not isinstance(node, Chance):
                return  # the game refuses it with its own reason
            spec, results = node.dice, action.results
            if turn.dice == "honour" and node.player != turn.sender:
                raise self.fail(record, f"these are {self.replay.name(node.player)}'s dice, "
                                f"typed by {self.replay.name(turn.sender)}; with honour dice "
                                "each player types their own")
        if turn.dice == "honour":
            return
        if turn.dice == "strict" and isinstance(action, FreeRoll):
            raise self.fail(record, "strict dice allow no free rolls")
        if not can_roll(turn.dice, turn.sequence, self.acted) or self.dice is None:
            raise self.fail(record, self._no_roll_reason())
        if isinstance(action, FreeRoll):
            expected, which = self.dice.free_roll(spec), "this free roll"
        else:
            assert isinstance(node, Chance)
            expected = self.dice.rules_roll(self.game.state, node)
            which = f"'{node.purpose}'"
        if tuple(results) != expected:
            shown = " ".join(map(str, expected))
            raise self.fail(record, f"tampered die: the sealed dice give {shown} for {which}, "
                            f"not {' '.join(map(str, results))}")

    def _no_roll_reason(self) -> str:
        if self.turn.sequence < 2:
            return "no dice can be rolled before the third file (both secrets must be in play)"
        return ("strict dice: a roll made after the sender acted is resolved by the other "
                "player's next file")

    def _check_actor(self, record: ActionRecord, action: Action, node: object) -> bool:
        """Check who answers; True for the sender's own move, False for a standing order."""
        turn = self.turn
        actor = getattr(node, "player", None)
        if actor == turn.sender:
            if record.by_order:
                raise self.fail(record, "is marked 'by order' but it is the sender's own move")
            return True
        if not isinstance(node, PlayerDecision):
            raise self.fail(record, f"it is {self.replay.name(actor)}'s move here, not "
                            f"{self.replay.name(turn.sender)}'s")
        order = self.replay.orders.get(actor or 0, {}).get(node.kind)
        given = order_answer(self.game, node, order) if order else None
        if not record.by_order or given is None or given != action:
            raise self.fail(record, f"answers {self.replay.name(actor)}'s decision "
                            f"({node.kind}: {node.prompt}) without their standing order for it; "
                            "the file should have stopped and gone to them")
        return False

    def finish(self) -> None:
        """Check the end of the file: its state hash and whom it passes the game to."""
        game, turn = self.game, self.turn
        if game.state_hash() != turn.state:
            raise PbfError(f"the state at the end of file {turn.sequence} differs from the "
                           "sender's ('state' line)", self.source)
        node = game.pending()
        expected = None if isinstance(node, Over) else other(turn.sender)
        if turn.next_player != expected:
            raise PbfError(f"the file passes the game to {self.replay.name(turn.next_player)}, "
                           f"but it should go to {self.replay.name(expected)}", self.source)
        if turn.sequence == 0 or isinstance(node, Over):
            return
        if isinstance(node, Chance):
            waits = node.player == turn.sender and turn.dice == "honour"
            waits = waits or can_roll(turn.dice, turn.sequence, self.acted)
        else:
            waits = node.player == turn.sender
        if waits:
            raise PbfError(f"file {turn.sequence} stops while the game still waits for its "
                           f"sender {self.replay.name(turn.sender)}", self.source)


def _first_file_scenario(first: TurnFile, source: str) -> Scenario:
    """The scenario of a game's first file, checked against its hash, ruleset and players."""
    if first.sequence != 0 or first.previous is not None:
        raise PbfError(f"this chain starts at file {first.sequence}: give the game's files from "
                       "the first one (sequence 0, which carries the scenario)", source)
    text = first.scenario_text
    if text is None:
        raise PbfError("the first file of a game must carry its scenario", source)
    if scenario_hash(text) != first.scenario_hash:
        raise PbfError("changed scenario: the scenario in the first file does not match its "
                       "hash", source)
    try:
        scenario = load_scenario_text(text, f"{source} (scenario {first.scenario_name})")
    except ScenarioError as exc:
        raise PbfError(f"the scenario does not load: {exc}", source) from None
    if scenario.ruleset.name != first.ruleset:
        raise PbfError(f"the header names ruleset {first.ruleset}, the scenario plays "
                       f"{scenario.ruleset.name}", source)
    if len(scenario.state.players) != 2:
        raise PbfError("play by file needs a scenario for exactly two players", source)
    return scenario
