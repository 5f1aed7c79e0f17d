"""``warbench bench fuzz``: hostile files and action values; nothing may escape but the refusal.

Each input is built from a fixed seed (input ``i`` uses seed ``seed + i``), so a run is exactly
reproducible and any escape can be replayed alone. Each runs in a child process with a memory
cap and a time limit that kills it (:mod:`game.bench.fuzz_child`), and a file that loads must
hold the state invariants (:func:`~game.bench.fuzz_child.state_problems`). Seven kinds of
input, in turn:

- **scenario**: a shipped scenario, mutated as text (a number replaced by ``nan``, ``inf``, a
  5,000-digit integer, a die face that no die has; lines dropped, doubled or cut; deep nesting;
  random bytes) or as data (a value replaced by a hostile one, keys dropped, many units, long
  polygons), then loaded; a scenario that loads is played for a few random actions;
- **save**: a real save of a short game, mutated as data (hostile values in actions, dice,
  version, hash, scenario text) or as bytes (cut, flipped, nested), then loaded;
- **lesson**: a shipped lesson, mutated as text or as data, then loaded (its scenario's game
  checked when it loads);
- **turn**: a play-by-file game's files (sealed dice, made once from fixed secrets), one of
  them mutated as text (hex digits changed, lines dropped, doubled or cut, huge or deep lines,
  raw bytes), then the chain verified; a chain that verifies is checked like a save;
- **settings**: a settings file, mutated the same way, then read;
- **action**: a legal action of a running game with one field replaced by a hostile value, built
  through the text form, the dict form or the Python constructor, then checked and applied;
- **list**: an army list (War Council ids, BattleScribe ``.ros``/``.rosz``, New Recruit JSON)
  mutated or hostile (zip bombs, ``../`` members, entity expansion, deep nesting:
  :mod:`game.bench.fuzz_lists`), then imported as a new battle; one that imports is loaded,
  checked and played for a few random actions.

Allowed outcomes: the loader's :class:`~game.scenario.problems.FileError` (a turn file's
:class:`~game.pbf.turnfile.PbfError`); for actions,
:class:`~game.core.actions.ActionSyntaxError` when built and
:class:`~game.core.pending.IllegalAction` when applied (and then the state must not change).
Anything else is an *escape*; a child killed at the time limit is a *hang*; a loaded state that
breaks an invariant is *invalid*; each is reported with its seed. The suite runs a small sample
(``tests/robust/test_fuzz.py``); this command runs as many as asked.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import json
import math
import os
import platform
import random
import secrets
import shutil
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

from game.bench import fuzz_lists
from game.bench.fuzz_child import Outcome, Result, isolated, state_problems
from game.core.actions import Action, ActionSyntaxError, from_dict, parse
from game.core.game import Game
from game.core.pending import Chance, IllegalAction, Over
from game.learn.loader import lesson_files, load_lesson_text
from game.pbf.chain import Replay
from game.pbf.session import new_game, receive, start_turn
from game.pbf.turnfile import PbfError, parse_turn, read_turn_file
from game.scenario.limits import MAX_TURN_BYTES
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from game.scenario.paths import DEFAULT_SCENARIO, shipped_scenario, shipped_scenarios
from game.scenario.problems import FileError
from game.scenario.saves import load_save, new_session, save_document
from game.scenario.settings_file import read_settings_data

KINDS = ("scenario", "save", "lesson", "turn", "settings", "action", "list")
SLOW_SECONDS = 5.0
"""An input taking longer than this is reported as slow (a hang in the making)."""
HANG_SECONDS = 60.0
"""An input still running after this is killed and reported as a hang."""

HOSTILE_NUMBERS: tuple[Any, ...] = (
    math.nan, math.inf, -math.inf, 1e308, -1e308, 1e-320, 10**30, -(10**30), 2**63, -1, 0, 7,
    13, 101, 10**400, -0.0, 0.5,
)
HOSTILE_VALUES: tuple[Any, ...] = (  # copied by _hostile() before use
    *HOSTILE_NUMBERS, "", "x" * 300, "nan", "../../etc", [1], [], {}, {"a": 1}, True, None,
    [[[[[1]]]]], "d6", "7d6", "\ud800", "é" * 50,
)
TEXT_LITERALS = ("nan", "inf", "-inf", "+nan", "1e999", "9" * 5000, "7", "0", "-1", "1e308",
                 "999999999999", "[1]", "{}", '"x"', "true", "[[[[[[[[1]]]]]]]]")


def _hostile(rng: random.Random) -> Any:
    """A fresh copy of one hostile value (the constants are never shared into a document,
    so no mutation can change them)."""
    return copy.deepcopy(rng.choice(HOSTILE_VALUES))


@dataclass
class FuzzReport:
    """What a run found."""

    inputs: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    refused: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    accepted: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    escapes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    slowest: float = 0.0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "inputs": self.inputs, "refused": self.refused, "accepted": self.accepted,
            "escapes": len(self.escapes), "escape_samples": self.escapes[:20],
            "hangs": len(self.hangs), "hang_samples": self.hangs[:20],
            "invalid_states": len(self.invalid), "invalid_samples": self.invalid[:20],
            "slow": self.slow[:20], "slowest_s": round(self.slowest, 3),
            "seconds": round(self.seconds, 1),
        }

    @property
    def failures(self) -> int:
        """Escapes, hangs and invalid states: what must be none."""
        return len(self.escapes) + len(self.hangs) + len(self.invalid)


class _Corpus:
    """The shipped scenarios' texts and data, a real save of a short game of each, the lessons,
    an honest play-by-file game and the army lists: each built on first use, and
    :meth:`prepare` builds what the input kinds need before the children fork (a child's own
    build would be lost with it)."""

    NEEDS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "scenario": ("texts",), "save": ("saves",), "lesson": ("lessons",),
        "turn": ("turns", "_prefixes"), "settings": (), "action": ("_games",),
        "list": ("lists",)}
    """What each input kind reads of the corpus."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.private = hasattr(os, "fork")
        """Each input runs in a forked child, so it may change the corpus's games freely."""

    def prepare(self, kinds: Sequence[str]) -> None:
        """Build the parts of the corpus that ``kinds`` read."""
        for kind in kinds:
            for part in self.NEEDS.get(kind, ()):
                getattr(self, part)

    @functools.cached_property
    def _named(self) -> list[tuple[str, Scenario]]:
        return [(path.name, load_scenario(path)) for path in shipped_scenarios()]

    @functools.cached_property
    def scenarios(self) -> list[Scenario]:
        return [scenario for _name, scenario in self._named]

    @functools.cached_property
    def texts(self) -> list[tuple[str, str]]:
        return [(name, scenario.text) for name, scenario in self._named]

    @functools.cached_property
    def saves(self) -> list[dict[str, Any]]:
        saves = []
        for name, scenario in self._named:
            session = new_session(scenario)
            _playout(session.game, random.Random(name), 12)
            saves.append(save_document(session))
        return saves

    @functools.cached_property
    def lessons(self) -> list[tuple[Traversable, str]]:
        return [(path, path.read_text(encoding="utf-8")) for path in lesson_files()]

    @functools.cached_property
    def turns(self) -> list[str]:
        return _pbf_game(self.folder / "pbf-corpus")

    @functools.cached_property
    def _prefixes(self) -> list[Replay]:
        return [_replay_of(self.turns[:k]) for k in range(1, len(self.turns))]

    @functools.cached_property
    def _games(self) -> list[Game]:
        return [self._played(scenario) for scenario in self.scenarios]

    @functools.cached_property
    def lists(self) -> Any:
        return fuzz_lists.corpus()

    @staticmethod
    def _played(scenario: Scenario) -> Game:
        game = new_session(scenario).game
        _playout(game, random.Random(scenario.name), 6)
        return game

    def prefix(self, files: int) -> Replay:
        """The game's first ``files`` turn files, verified (the input's own copy)."""
        replay = self._prefixes[files - 1]
        return replay if self.private else copy.deepcopy(replay)

    def game(self, index: int) -> Game:
        """Scenario ``index``'s game after a few random actions (the input's own copy)."""
        return self._games[index] if self.private else self._played(self.scenarios[index])


def _replay_of(texts: Sequence[str]) -> Replay:
    """The verified replay of these turn files (the corpus's own, all honest)."""
    turns = [parse_turn(text, f"turn-{i}") for i, text in enumerate(texts)]
    replay = Replay.begin(turns[0], "turn-0")
    for i, turn in enumerate(turns[1:], start=1):
        replay.add(turn, f"turn-{i}")
    return replay


def _playout(game: Game, rng: random.Random, steps: int) -> None:
    """Random legal actions (the game's dice when dice are due); escapes propagate."""
    for _ in range(steps):
        if isinstance(game.pending(), Over):
            return
        options = game.legal_actions()
        if not options:
            return
        action = options[0] if isinstance(game.pending(), Chance) else rng.choice(options)
        game.apply(action)


@contextlib.contextmanager
def _seeded_secrets(source: random.Random) -> Iterator[None]:
    """Play-by-file secrets and game ids from ``source`` while the corpus game is made (so the
    turn files, and every run, are the same); the system's randomness comes back after."""
    real = secrets.token_hex

    def token_hex(nbytes: int | None = None) -> str:
        return "".join(f"{source.randrange(256):02x}" for _ in range(nbytes or 32))

    secrets.token_hex = token_hex
    try:
        yield
    finally:
        secrets.token_hex = real


PBF_SCENARIO = DEFAULT_SCENARIO
"""The corpus game of turn files is played on the game's opening scenario (two players, with
charges and attacks that roll sealed dice)."""


def _keen(options: Sequence[Action], rng: random.Random) -> Action:
    """A random choice keen on fighting, so that the corpus game rolls sealed dice."""
    keen = [a for a in options if a.verb in ("charge", "attack", "melee", "shoot")]
    return rng.choice(keen if keen and rng.random() < 0.85 else list(options))


def _pbf_game(folder: Path, files: int = 8) -> list[str]:
    """The texts of the first ``files`` turn files of a sealed-dice game of random moves."""
    rng = random.Random(PBF_SCENARIO)
    with _seeded_secrets(random.Random(28)):
        homes = {1: folder / "alice", 2: folder / "bob"}
        shipped = shipped_scenario(PBF_SCENARIO)
        assert shipped is not None, PBF_SCENARIO
        source = folder / PBF_SCENARIO
        folder.mkdir(parents=True, exist_ok=True)
        source.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
        path, turn = new_game(source, ["Alice", "Bob"], homes[1])
        paths, side = [path], 2
        while turn.next_player is not None and len(paths) < files:
            received = receive(str(paths[-1]), homes[side])
            writer = start_turn(received)
            for _ in range(60):
                if not writer.waiting_for_me():
                    break
                writer.apply(_keen(writer.game.legal_actions(), rng))
            turn = writer.finish()
            paths.append(received.store.save_turn(turn))
            side = 2 if side == 1 else 1
    return [p.read_text(encoding="utf-8") for p in paths]


# --- scenario inputs ---------------------------------------------------------------------------


def _mutate_text(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    how = rng.randrange(8)
    if how == 0 and lines:  # replace a number or a value with a hostile literal
        i = rng.randrange(len(lines))
        if "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(TEXT_LITERALS)}"
    elif how == 1 and lines:  # drop or double lines
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(lines))
            if rng.random() < 0.5:
                del lines[i]
            else:
                lines.insert(i, lines[i])
            if not lines:
                break
    elif how == 2:  # cut the file
        return text[: rng.randrange(len(text) + 1)]
    elif how == 3:  # deep nesting
        depth = rng.choice((40, 200, 600, 2000))
        lines.append(f"deep = {'[' * depth}1{']' * depth}")
    elif how == 4:  # random bytes/characters in place
        chars = list(text)
        for _ in range(rng.randint(1, 8)):
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice("[]{}=\"'\n#.,0-9\x00é\\")
        return "".join(chars)
    elif how == 5:  # a scripted die face no die has
        lines.append("[dice]")
        faces = (str(rng.choice((1, 6, 7, 13, 100))) for _ in range(rng.randint(1, 40)))
        lines.append(f"scripted = [{', '.join(faces)}]")
    elif how == 6 and lines:  # a nested table where a value was
        i = rng.randrange(len(lines))
        if "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {{ a = {{ b = [{{ c = {rng.choice(TEXT_LITERALS)} }}] }} }}"
    else:  # swap two lines
        if len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def _leaf_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_leaf_paths(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data[:30]):
            out.extend(_leaf_paths(value, (*path, i)))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return data


def _delete(data: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return data
    node = data
    for part in path[:-1]:
        node = node[part]
    del node[path[-1]]
    return data


def _mutate_data(data: Any, rng: random.Random) -> Any:
    """Replace, drop or multiply parts of a parsed document."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        paths = _leaf_paths(data)
        path = rng.choice(paths)
        how = rng.randrange(5)
        if how <= 2:
            data = _set(data, path, _hostile(rng))
        elif how == 3 and path:
            data = _delete(data, path)
        else:
            node = _get(data, path)
            if isinstance(node, list) and node:
                node.extend(json.loads(json.dumps(node)) * rng.choice((1, 5, 60)))
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _toml(data: Any) -> str:
    """A TOML text of ``data`` (tables and arrays of tables at the top, the rest inline)."""
    if not isinstance(data, dict):
        return f"root = {_inline(data)}\n"
    out: list[str] = []
    for key, value in data.items():
        if not isinstance(value, dict | list) or (
            isinstance(value, list) and not all(isinstance(v, dict) for v in value)
        ) or (isinstance(value, list) and not value):
            out.append(f"{_key(key)} = {_inline(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            out.append(f"[{_key(key)}]")
            out.extend(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for item in value:
                out.append(f"[[{_key(key)}]]")
                out.extend(f"{_key(k)} = {_inline(v)}" for k, v in item.items())
    return "\n".join(out) + "\n"


def _key(key: Any) -> str:
    text = str(key)
    return text if text.replace("_", "").replace("-", "").isalnum() else json.dumps(text)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if value is None:
        return '""'
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))


def _scenario_input(corpus: _Corpus, rng: random.Random) -> str:
    _, text = rng.choice(corpus.texts)
    if rng.random() < 0.5:
        return _mutate_text(text, rng)
    return _toml(_mutate_data(tomllib.loads(text), rng))


def _try_scenario(corpus: _Corpus, rng: random.Random) -> Outcome:
    """Load a mutated scenario; check it and play a loaded one a little."""
    text = _scenario_input(corpus, rng)
    scenario = load_scenario_text(text, "<fuzz>")
    session = new_session(scenario)
    problems = state_problems(session.game, replay=False)
    if not problems:
        _playout(session.game, rng, 6)
        problems = state_problems(session.game)
    return True, problems


# --- lesson and turn file inputs ---------------------------------------------------------------


def _try_lesson(corpus: _Corpus, rng: random.Random) -> Outcome:
    """Load a mutated shipped lesson (anchored where the lesson is, for its scenario)."""
    path, text = rng.choice(corpus.lessons)
    if rng.random() < 0.5:
        text = _mutate_text(text, rng)
    else:
        text = _toml(_mutate_data(tomllib.loads(text), rng))
    lesson = load_lesson_text(text, str(path))
    return True, state_problems(lesson.scenario.new_game(), replay=False)


HEX = "0123456789abcdef"


def _mutate_turn(text: str, rng: random.Random) -> str:
    """A turn file's text changed the way a careless mailer or a cheat would."""
    how = rng.randrange(6)
    if how == 0:  # one hex digit of a hash, a secret or a commit changed
        spots = [i for i, c in enumerate(text) if c in HEX]
        if spots:
            i = rng.choice(spots)
            return text[:i] + rng.choice(HEX.replace(text[i], "")) + text[i + 1:]
    if how == 1:  # a number or a word replaced by a hostile literal
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        words[rng.randrange(len(words))] = rng.choice(TEXT_LITERALS)
        lines[i] = " ".join(words)
        return "\n".join(lines) + "\n"
    if how == 2:  # a huge line, deep brackets or a file over the size limit
        size = rng.choice((10_000, 200_000, MAX_TURN_BYTES + 10))
        filler = rng.choice(("[", "x", "# ", "action 1 "))
        return text + filler * (size // len(filler)) + "\n"
    return _mutate_text(text, rng)


def _try_turn(corpus: _Corpus, rng: random.Random, folder: Path) -> Outcome:
    """Verify a play-by-file game's files with one of them mutated."""
    last = rng.randrange(len(corpus.turns))
    path = folder / f"turn-{last:04d}.txt"
    path.write_text(_mutate_turn(corpus.turns[last], rng), encoding="utf-8",
                    errors="surrogatepass")
    turn = read_turn_file(str(path))
    if last == 0:
        replay = Replay.begin(turn, str(path))
    else:  # the files before it, verified once for the whole run, then this one
        replay = corpus.prefix(last)
        replay.add(turn, str(path))
    return True, state_problems(replay.game, replay=False)  # the chain checked every hash


# --- save and settings inputs ------------------------------------------------------------------


def _save_bytes(corpus: _Corpus, rng: random.Random) -> bytes:
    doc = rng.choice(corpus.saves)
    how = rng.randrange(4)
    if how <= 1:
        return json.dumps(_mutate_data(doc, rng)).encode("utf-8")
    raw = json.dumps(doc).encode("utf-8")
    if how == 2:
        return raw[: rng.randrange(len(raw) + 1)]
    depth = rng.choice((40, 1500, 5000))
    return (b'{"format": "warbench-save", "actions": ' + b"[" * depth + b"]" * depth + b"}")


def _try_save(corpus: _Corpus, rng: random.Random, folder: Path) -> Outcome:
    path = folder / "fuzz-save.json"
    path.write_bytes(_save_bytes(corpus, rng))
    session = load_save(path)
    problems = state_problems(session.game)
    if not problems:
        _playout(session.game, rng, 4)
        problems = state_problems(session.game, replay=False)
    return True, problems


SETTINGS = {"palette": "default", "grid": True, "fullscreen": False, "animate": True,
            "handoff_screen": True, "show_all_arcs": False, "player_names": ["A", "B"]}


def _try_settings(rng: random.Random, folder: Path) -> Outcome:
    path = folder / "settings.json"
    how = rng.randrange(4)
    if how <= 1:
        raw = json.dumps(_mutate_data(SETTINGS, rng)).encode("utf-8")
    elif how == 2:
        depth = rng.choice((20, 40, 1500, 100_000))
        raw = b'{"palette": ' + b"[" * depth + b"]" * depth + b"}"
    else:
        raw = json.dumps(SETTINGS).encode("utf-8")
        raw = raw[: rng.randrange(len(raw) + 1)] + bytes([rng.randrange(256)])
    path.write_bytes(raw)
    read_settings_data(path)
    return True, []


# --- action inputs -----------------------------------------------------------------------------


def _hostile_action(game: Game, rng: random.Random) -> tuple[str, Any]:
    """A legal action with one field replaced, as text, dict or keyword arguments."""
    options = game.legal_actions() or [game.ruleset.action_types()[0]]  # type: ignore[list-item]
    base = rng.choice(options)
    data: dict[str, Any] = base.to_dict() if isinstance(base, Action) else {"verb": base.verb}
    keys = [k for k in data if k != "verb"] or ["extra"]
    data[rng.choice(keys)] = _hostile(rng)
    how = rng.randrange(3)
    if how == 0:
        words = [str(data["verb"])] + [_word(v) for k, v in data.items() if k != "verb"]
        return "text", " ".join(words)
    return ("dict" if how == 1 else "api"), data


def _word(value: Any) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, list):
        return " ".join(_word(v) for v in value)
    return str(value)


def _try_action(corpus: _Corpus, rng: random.Random) -> Outcome:
    """Build and apply one hostile action in a game played a little; a refusal must leave the
    state unchanged, and an accepted action a valid state."""
    game = corpus.game(rng.randrange(len(corpus.scenarios)))
    _playout(game, rng, rng.randrange(6))
    form, payload = _hostile_action(game, rng)
    types = game.ruleset.action_types()
    try:
        if form == "text":
            action = parse(payload, types)
        elif form == "dict":
            action = from_dict(payload, types)
        else:
            verbs = {t.verb: t for t in types}
            cls = verbs[payload.pop("verb")]
            action = cls(**payload)
    except (ActionSyntaxError, TypeError):
        return False, []  # refused when built (a TypeError is Python's own check of the call)
    before = game.state_hash()
    try:
        game.why_not(action)
        game.apply(action)
    except IllegalAction:
        if game.state_hash() != before:
            return False, ["a refused action changed the state"]
        return False, []
    return True, state_problems(game)


# --- the run -----------------------------------------------------------------------------------

REFUSALS: tuple[type[BaseException], ...] = (FileError, PbfError)
"""What a loader may raise for a bad file (an action's refusals are caught where it is built)."""


def _try(kind: str, corpus: _Corpus, rng: random.Random, folder: Path) -> Outcome:
    """Try one input of ``kind``: whether it was accepted, and its loaded state's problems."""
    if kind == "scenario":
        return _try_scenario(corpus, rng)
    if kind == "save":
        return _try_save(corpus, rng, folder)
    if kind == "lesson":
        return _try_lesson(corpus, rng)
    if kind == "turn":
        return _try_turn(corpus, rng, folder)
    if kind == "settings":
        return _try_settings(rng, folder)
    if kind == "list":
        return _try_list(corpus, rng, folder)
    return _try_action(corpus, rng)


def _try_list(corpus: _Corpus, rng: random.Random, folder: Path) -> Outcome:
    """Import a hostile army list; check and play the scenario an accepted one gives."""
    text = fuzz_lists.try_list(corpus.lists, rng, folder, _mutate_text, _hostile)
    session = new_session(load_scenario_text(text, "<imported list>"))
    problems = state_problems(session.game, replay=False)
    if not problems:
        _playout(session.game, rng, 6)
        problems = state_problems(session.game)
    return True, problems


def run(count: int, seed: int = 0, kinds: Sequence[str] = KINDS,
        progress: bool = False, limit: float = HANG_SECONDS) -> FuzzReport:
    """Try ``count`` inputs (kinds in turn), each in a capped child process (``limit``
    seconds); collect escapes, hangs, invalid states and timings."""
    report = FuzzReport()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="warbench-fuzz-") as tmp:
        corpus = _Corpus(Path(tmp))
        corpus.prepare(kinds)
        for i in range(count):
            kind = kinds[i % len(kinds)]
            rng = random.Random(seed + i)
            folder = Path(tmp) / f"input-{i}"
            folder.mkdir()
            report.inputs[kind] += 1
            result = isolated(functools.partial(_try, kind, corpus, rng, folder), REFUSALS,
                              limit)
            shutil.rmtree(folder, ignore_errors=True)
            _count(report, kind, seed + i, result)
            if progress and (i + 1) % 1000 == 0:
                print(f"  {i + 1} inputs, {report.failures} escapes/hangs/invalid, "
                      f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    report.seconds = time.perf_counter() - start
    return report


def _count(report: FuzzReport, kind: str, seed: int, result: Result) -> None:
    """Add one input's result to the report."""
    where = f"{kind} seed {seed}"
    report.slowest = max(report.slowest, result.seconds)
    if result.seconds > SLOW_SECONDS:
        report.slow.append(f"{where}: {result.seconds:.1f} s")
    if result.outcome == "escape":
        report.escapes.append(f"{where}: {result.detail}")
    elif result.outcome == "hang":
        report.hangs.append(f"{where}: {result.detail}")
    elif result.outcome == "invalid":
        report.invalid.append(f"{where}: {result.detail}")
    else:
        (report.accepted if result.outcome == "accepted" else report.refused)[kind] += 1


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry (``warbench bench fuzz --count N [--seed S] [--json]``)."""
    parser = argparse.ArgumentParser(prog="warbench bench fuzz")
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv or []))
    kinds = list(KINDS)
    report = run(args.count, args.seed, kinds, progress=not args.json)
    figures = report.as_dict()
    figures["machine"] = {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "load": list(os.getloadavg()) if hasattr(os, "getloadavg") else []}
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for kind in kinds:
            print(f"{kind:9} {report.inputs[kind]:6} inputs: {report.refused[kind]:6} refused, "
                  f"{report.accepted[kind]:6} accepted")
        print(f"escapes: {len(report.escapes)}; hangs: {len(report.hangs)}; invalid states: "
              f"{len(report.invalid)}; slowest input {report.slowest:.2f} s; "
              f"{report.seconds:.0f} s in all; load {figures['machine']['load']}")
        for line in report.escapes[:20] + report.hangs[:20] + report.invalid[:20] + (
                report.slow[:20]):
            print(f"  {line}")
    return 1 if report.failures else 0
