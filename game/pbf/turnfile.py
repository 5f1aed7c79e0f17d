"""The turn file: one player's turn as human-readable text (see docs/play-by-file.md).

A turn file is plain UTF-8 text, one statement a line. Writing is strict: :func:`render` always
produces the same canonical text for the same content, and :meth:`TurnFile.checked` refuses
content that could not be read back. Reading is tolerant of what e-mail does to text (Windows
line ends, a byte-order mark, indentation, trailing blanks, ``#`` comments) and refuses anything
else with a :class:`PbfError` naming the file, the line and what was expected there.

Layout (``<...>`` are values)::

    warbench-turn 1
    game <id>
    sequence <n>
    previous <sha256 of the previous file> | none
    app <version of Warbench that wrote it>
    ruleset <name> <version>
    scenario <sha256 of the scenario text> <scenario file name>
    player 1 <name>
    player 2 <name>
    sender <side>
    dice sealed | strict | honour
    reveal <secret>                   (the sender's secret for this file: see game.pbf.dice)
    commit <sha256>
    order <decision kind> <answer>    (the sender's standing orders, any number)
    begin actions
    action <number> <action text>
    by order                          (only for an answer given by a standing order)
    hash <state hash after the action>
    ...
    end actions
    state <state hash at the end of the file>
    next <side> | none
    begin scenario                    (only in the first file)
    | <each line of the scenario's TOML>
    end scenario
    end turn <n>

The file's own hash (:func:`digest`) is the SHA-256 of its canonical text without comments, so
comments, line ends and indentation never change it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from game.scenario.limits import MAX_TURN_BYTES

FORMAT_NAME = "warbench-turn"
FORMAT_VERSION = 2
DICE_MODES = ("sealed", "strict", "honour")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_SECRET = re.compile(r"^[0-9a-f]{32}$")
_WHOLE = re.compile(r"^[0-9]{1,9}$")
"""A number a turn file holds (a sequence, a side, an action's number): ASCII digits, at most
nine (a 5,000-digit number or a superscript digit is refused, never handed to ``int``)."""
KIND_PATTERN = re.compile(r"^[A-Za-z0-9_.:\-]+$")


class PbfError(Exception):
    """A turn file or chain that is refused: where (file, line) and why, in plain words."""

    def __init__(self, message: str, file: str = "", line: int | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else (
            f"{self.file}: " if self.file else "")
        return f"{where}{self.message}"


@dataclass(frozen=True)
class ActionRecord:
    """One applied action of a turn: its number in the game (1-based), its text form, the state
    hash after it, and whether a standing order of the other player answered it."""

    number: int
    text: str
    hash_after: str
    by_order: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TurnFile:
    """The content of one turn file (see the module docstring for the text layout)."""

    game_id: str
    sequence: int
    previous: str | None
    app_version: str
    ruleset: str
    ruleset_version: str
    scenario_hash: str
    scenario_name: str
    players: tuple[tuple[int, str], ...]
    sender: int
    dice: str
    reveal: str | None
    commit: str
    orders: tuple[tuple[str, str], ...]
    actions: tuple[ActionRecord, ...]
    state: str
    next_player: int | None
    scenario_text: str | None = None

    def player_name(self, side: int | None) -> str:
        """The name of the player of ``side`` (``side N`` if unknown, ``nobody`` for None)."""
        if side is None:
            return "nobody"
        return dict(self.players).get(side, f"side {side}")

    def checked(self) -> TurnFile:
        """This content if it can be written and read back unchanged; raise PbfError if not."""
        problem = _content_problem(self)
        if problem:
            raise PbfError(f"cannot write this turn file: {problem}")
        if parse_turn(render(self), "<check>") != self:
            raise PbfError("cannot write this turn file: it would not read back the same")
        return self


def _content_problem(turn: TurnFile) -> str | None:
    """Why ``turn`` cannot be written faithfully, or None."""
    if not re.fullmatch(r"[0-9a-f]{8,64}", turn.game_id):
        return "the game id must be hexadecimal"
    if turn.dice not in DICE_MODES:
        return f"unknown dice mode {turn.dice!r}"
    for _, name in turn.players:
        if not name or "\n" in name or name != name.strip() or "," in name:
            return f"bad player name {name!r}"
    for kind, answer in turn.orders:
        if not KIND_PATTERN.match(kind) or not answer or "\n" in answer:
            return f"bad standing order {kind!r}: {answer!r}"
    for rec in turn.actions:
        if "\n" in rec.text or not rec.text.strip() or rec.text != rec.text.strip():
            return f"bad action text {rec.text!r}"
    return None


# --- writing --------------------------------------------------------------------------------


def render(turn: TurnFile, comments: bool = True) -> str:
    """The canonical text of ``turn`` (with the helpful ``#`` comments unless told not to)."""
    out: list[str] = []
    if comments:
        out.append("# Warbench play-by-file turn. To answer it: warbench pbf play <this file>")
    out += [
        f"{FORMAT_NAME} {FORMAT_VERSION}",
        f"game {turn.game_id}",
        f"sequence {turn.sequence}",
        f"previous {turn.previous or 'none'}",
        f"app {turn.app_version}",
        f"ruleset {turn.ruleset} {turn.ruleset_version}",
        f"scenario {turn.scenario_hash} {turn.scenario_name}".rstrip(),
        *(f"player {side} {name}" for side, name in turn.players),
        f"sender {turn.sender}",
        f"dice {turn.dice}",
    ]
    if turn.reveal is not None:
        out.append(f"reveal {turn.reveal}")
    out.append(f"commit {turn.commit}")
    out += [f"order {kind} {answer}" for kind, answer in turn.orders]
    out.append("begin actions")
    for rec in turn.actions:
        out.append(f"action {rec.number} {rec.text}")
        if comments:
            out += [f"# {note}" for note in rec.notes]
        if rec.by_order:
            out.append("by order")
        out.append(f"hash {rec.hash_after}")
    out.append("end actions")
    out.append(f"state {turn.state}")
    out.append(f"next {turn.next_player if turn.next_player is not None else 'none'}")
    if comments:
        who = turn.player_name(turn.next_player)
        out.append(f"# the game now waits for {who}" if turn.next_player else "# the game is over")
    if turn.scenario_text is not None:
        out.append("begin scenario")
        out += [f"| {line}".rstrip() for line in turn.scenario_text.split("\n")]
        out.append("end scenario")
    out.append(f"end turn {turn.sequence}")
    return "\n".join(out) + "\n"


def digest(turn: TurnFile) -> str:
    """The turn file's own hash: SHA-256 of its canonical text without comments."""
    return hashlib.sha256(render(turn, comments=False).encode("utf-8")).hexdigest()


# --- reading ---------------------------------------------------------------------------------

HEADER_KEYS = ("game", "sequence", "previous", "app", "ruleset", "scenario", "player", "sender",
               "dice", "reveal", "commit", "order")


class _Lines:
    """The statements of a turn file: (line number, text) with comments and blanks skipped,
    except inside the scenario block, whose lines are kept as written."""

    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.comments: list[tuple[int, str]] = []
        self.items = list(_statements(text, self.comments))
        self.pos = 0

    def notes_between(self, first: int, last: int) -> tuple[str, ...]:
        """The comment lines strictly between lines ``first`` and ``last`` (an action's notes:
        kept only to be compared with what the action did, never trusted)."""
        return tuple(text for number, text in self.comments if first < number < last)

    def peek(self) -> tuple[int, str] | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def take(self, what: str) -> tuple[int, str]:
        item = self.peek()
        if item is None:
            last = self.items[-1][0] if self.items else None
            raise PbfError(f"the file ends before {what}: it is truncated (was it cut off in "
                           "the mail?)", self.file, last)
        self.pos += 1
        return item

    def error(self, line: int, message: str) -> PbfError:
        return PbfError(message, self.file, line)


def _statements(text: str, comments: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    in_scenario = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if in_scenario:
            if line == "end scenario":
                in_scenario = False
                yield number, line
            elif line and not line.startswith("#"):
                yield number, raw.rstrip()
            continue
        if line.startswith("#"):
            comments.append((number, " ".join(line[1:].split())))
        if not line or line.startswith("#"):
            continue
        if line == "begin scenario":
            in_scenario = True
        yield number, " ".join(line.split()) if not line.startswith("|") else line


def parse_turn(text: str, file: str = "<turn>") -> TurnFile:
    """Read a turn file; raise :class:`PbfError` at the first problem, with its line."""
    lines = _Lines(text, file)
    number, first = lines.take("its first line")
    if first.split()[0] != FORMAT_NAME:
        raise lines.error(number, f"this is not a Warbench turn file (it should begin with "
                          f"'{FORMAT_NAME} {FORMAT_VERSION}', found {first[:40]!r})")
    if first == f"{FORMAT_NAME} 1":
        raise lines.error(number, "this turn file was written by an older Warbench (format 1, "
                          "before the sealed dice were drawn by each roll's identity): finish "
                          "that game with the Warbench it began with")
    if first != f"{FORMAT_NAME} {FORMAT_VERSION}":
        raise lines.error(number, f"turn file format {first.split(maxsplit=1)[-1]!r} is not "
                          f"known here (this Warbench reads version {FORMAT_VERSION})")
    header = _read_header(lines)
    actions = _read_actions(lines)
    tail = _read_tail(lines)
    return _build(header, actions, tail, lines)


Header = dict[str, list[tuple[int, str]]]


def _read_header(lines: _Lines) -> Header:
    header: Header = {}
    while True:
        number, line = lines.take("'begin actions'")
        if line == "begin actions":
            return header
        key, _, rest = line.partition(" ")
        if key not in HEADER_KEYS:
            raise lines.error(number, f"unknown header line {line[:40]!r}; expected one of: "
                              f"{', '.join(HEADER_KEYS)}, or 'begin actions'")
        if key not in ("player", "order") and key in header:
            raise lines.error(number, f"'{key}' is given twice")
        if not rest:
            raise lines.error(number, f"'{key}' needs a value")
        header.setdefault(key, []).append((number, rest))


def _read_actions(lines: _Lines) -> list[ActionRecord]:
    records: list[ActionRecord] = []
    while True:
        number, line = lines.take("'end actions'")
        if line == "end actions":
            return records
        key, _, rest = line.partition(" ")
        if key != "action":
            raise lines.error(number, f"expected 'action N <action>' or 'end actions', found "
                              f"{line[:40]!r}")
        index, _, action = rest.partition(" ")
        if not _WHOLE.match(index) or not action:
            raise lines.error(number, "an action line reads 'action <number> <action text>'")
        by_order = False
        hnum, hline = lines.take(f"the hash of action {index}")
        if hline == "by order":
            by_order = True
            hnum, hline = lines.take(f"the hash of action {index}")
        hkey, _, value = hline.partition(" ")
        if hkey != "hash" or not _HEX64.match(value):
            raise lines.error(hnum, f"expected 'hash <64 hex digits>' after action {index}, "
                              f"found {hline[:40]!r}")
        records.append(ActionRecord(int(index), action, value, by_order,
                                    lines.notes_between(number, hnum), line=number))


def _read_tail(lines: _Lines) -> dict[str, tuple[int, str]]:
    tail: dict[str, tuple[int, str]] = {}
    while True:
        number, line = lines.take("'end turn N'")
        key, _, rest = line.partition(" ")
        if line == "begin scenario":
            tail["scenario"] = (number, _read_scenario(lines))
            continue
        if key == "end" and rest.startswith("turn"):
            tail["end"] = (number, rest.partition(" ")[2])
            if lines.peek() is not None:
                extra = lines.take("")
                raise lines.error(extra[0], "text after 'end turn': two files pasted together?")
            return tail
        if key not in ("state", "next") or key in tail or not rest:
            raise lines.error(number, f"expected 'state <hash>', 'next <side>', the scenario or "
                              f"'end turn N', found {line[:40]!r}")
        tail[key] = (number, rest)


def _read_scenario(lines: _Lines) -> str:
    body: list[str] = []
    while True:
        number, raw = lines.take("'end scenario'")
        if raw.strip() == "end scenario":
            return "\n".join(body)
        text = raw.strip()
        if text and not text.startswith("|"):
            raise lines.error(number, "every scenario line starts with '| '")
        content = raw.lstrip()[1:] if text else ""
        body.append(content[1:] if content.startswith(" ") else content)


def _one(header: Header, key: str, lines: _Lines, required: bool = True) -> tuple[int, str]:
    if key not in header:
        if required:
            raise PbfError(f"the header has no '{key}' line", lines.file)
        return (0, "")
    return header[key][0]


def _int(value: tuple[int, str], what: str, lines: _Lines) -> int:
    number, text = value
    if not _WHOLE.match(text):
        raise lines.error(number, f"{what} must be a whole number, not {text[:40]!r}")
    return int(text)


def _hash(value: tuple[int, str], what: str, lines: _Lines, pattern: re.Pattern[str] = _HEX64,
          ) -> str:
    number, text = value
    if not pattern.match(text):
        size = "32" if pattern is _SECRET else "64"
        raise lines.error(number, f"{what} must be {size} lowercase hex digits")
    return text


def _build(header: Header, actions: list[ActionRecord], tail: dict[str, tuple[int, str]],
           lines: _Lines) -> TurnFile:
    sequence = _int(_one(header, "sequence", lines), "the sequence number", lines)
    end_line, end_seq = tail["end"]
    if end_seq != str(sequence):
        raise lines.error(end_line, f"'end turn {end_seq}' does not match sequence {sequence}")
    for key in ("state", "next"):
        if key not in tail:
            raise lines.error(end_line, f"the file has no '{key}' line before 'end turn'")
    previous_line = _one(header, "previous", lines)
    previous = None if previous_line[1] == "none" else _hash(previous_line, "previous", lines)
    ruleset_line = _one(header, "ruleset", lines)
    ruleset, _, version = ruleset_line[1].partition(" ")
    if not version:
        raise lines.error(ruleset_line[0], "'ruleset' reads '<name> <version>'")
    scen_line = _one(header, "scenario", lines)
    scen_hash, _, scen_name = scen_line[1].partition(" ")
    _hash((scen_line[0], scen_hash), "the scenario hash", lines)
    dice_line = _one(header, "dice", lines)
    if dice_line[1] not in DICE_MODES:
        raise lines.error(dice_line[0], f"dice mode {dice_line[1]!r} is not one of "
                          f"{', '.join(DICE_MODES)}")
    reveal_line = _one(header, "reveal", lines, required=False)
    next_line = tail["next"]
    return TurnFile(
        game_id=_game_id(_one(header, "game", lines), lines),
        sequence=sequence,
        previous=previous,
        app_version=_one(header, "app", lines)[1],
        ruleset=ruleset,
        ruleset_version=version,
        scenario_hash=scen_hash,
        scenario_name=scen_name,
        players=_players(header, lines),
        sender=_int(_one(header, "sender", lines), "the sender", lines),
        dice=dice_line[1],
        reveal=_hash(reveal_line, "reveal", lines, _SECRET) if reveal_line[1] else None,
        commit=_hash(_one(header, "commit", lines), "commit", lines),
        orders=_orders(header, lines),
        actions=tuple(actions),
        state=_hash(tail["state"], "state", lines),
        next_player=None if next_line[1] == "none" else _int(next_line, "next", lines),
        scenario_text=tail["scenario"][1] if "scenario" in tail else None,
    )


def _game_id(value: tuple[int, str], lines: _Lines) -> str:
    if not re.fullmatch(r"[0-9a-f]{8,64}", value[1]):
        raise lines.error(value[0], "the game id must be hexadecimal")
    return value[1]


def _players(header: Header, lines: _Lines) -> tuple[tuple[int, str], ...]:
    players: list[tuple[int, str]] = []
    for number, rest in header.get("player", []):
        side, _, name = rest.partition(" ")
        if not _WHOLE.match(side) or not name:
            raise lines.error(number, "a player line reads 'player <side> <name>'")
        if int(side) in dict(players):
            raise lines.error(number, f"side {side} is given twice")
        players.append((int(side), name))
    if len(players) != 2:
        raise PbfError(f"a turn file names exactly two players, this one {len(players)}",
                       lines.file)
    return tuple(players)


def _orders(header: Header, lines: _Lines) -> tuple[tuple[str, str], ...]:
    orders: list[tuple[str, str]] = []
    for number, rest in header.get("order", []):
        kind, _, answer = rest.partition(" ")
        if not KIND_PATTERN.match(kind) or not answer:
            raise lines.error(number, "a standing order reads 'order <decision kind> <answer>'")
        if kind in dict(orders):
            raise lines.error(number, f"two standing orders for {kind!r}")
        orders.append((kind, answer))
    return tuple(orders)


def read_turn_file(path: str, data: bytes | None = None) -> TurnFile:
    """Read a turn file from disk (or ``data``); raise :class:`PbfError` with a clear reason."""
    try:
        raw = data if data is not None else _read_head(path)
    except OSError as exc:
        raise PbfError(f"cannot read the file: {exc.strerror}", path) from None
    if len(raw) > MAX_TURN_BYTES:
        raise PbfError(f"the file is larger than a turn file may be ({MAX_TURN_BYTES:,} bytes)",
                       path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PbfError("the file is not UTF-8 text", path) from None
    return parse_turn(text, path)


def _read_head(path: str) -> bytes:
    """At most one byte more than a turn file may hold (``/dev/zero`` is refused, never read
    whole: issue 28.10)."""
    with open(path, "rb") as handle:
        return handle.read(MAX_TURN_BYTES + 1)


def names_line(players: Sequence[tuple[int, str]]) -> str:
    """``Alice (side 1) and Bob (side 2)``."""
    return " and ".join(f"{name} (side {side})" for side, name in players)
