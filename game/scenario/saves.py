"""Saves: the scenario text, the action log and the state hash, written safely.

A save is a JSON document. Loading re-reads the scenario from the text stored in the save,
replays the recorded actions (dice included) and checks the resulting state hash:

- a save of the current format (:data:`SAVE_VERSION`) carries a hash chain over its actions
  (``history``: one link per action, over the link before, the action and the state after it,
  as a turn file does); every link must match on replay, so a changed history is refused
  naming the first action that differs (issue 28.7), and the final state hash must match;
- a version 2 save (no chain) must match its final hash exactly; a version 1 save was hashed by
  older rules code, so it is replayed and re-hashed instead; both load with a note saying they
  were upgraded, and are written back in the current format;
- a save made by a newer Warbench (its ``warbench`` version) is refused, naming both versions.

Writing never destroys what it should not: it refuses to replace a folder, a scenario or any
file that is not a Warbench save; it writes a temporary file beside the target, fsyncs it and
renames it over the target (readers see the old or the new save, never half of one); it keeps
the mode of the file it replaces and writes through a symlink to its target; and it removes the
temporary files that interrupted writes of the same save left behind. A new save (Ctrl+S,
:func:`write_new_save`) takes its name only with the finished file (a hard link of the written
temporary file), so a crash never leaves an empty save behind (issue 28.8).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.actions import Action, ActionSyntaxError, from_dict
from game.core.game import Game
from game.core.pending import IllegalAction, Over
from game.scenario.limits import (
    MAX_SAVE_ACTIONS,
    MAX_SAVE_BYTES,
    MAX_SCENARIO_BYTES,
    MAX_SCRIPTED_DICE,
    parse_json,
    read_limited,
)
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from game.scenario.paths import ScenarioSource, is_save
from game.scenario.problems import FileError, Problem, ScenarioError
from game.scenario.upgrade import pre_vocabulary_hash
from game.scenario.versions import newer_message, newer_version, this_version

SAVE_FORMAT = "warbench-save"
SAVE_VERSION = 3
"""Version 3 (this one): a hash chain over the actions (``history``) and the Warbench version
that wrote it. Version 2: state hashes of the current rules code, verified exactly; a start
time. Version 1: the first format; its hashes are re-computed on load."""
UPGRADABLE_VERSIONS = (1, 2)
"""Older formats that load by replaying and re-hashing."""

MAX_NAME_CHARS = 40
"""Characters of a game's name kept in save and autosave file names."""


@dataclass(frozen=True)
class Session:
    """A playable game together with the scenario it came from.

    ``started`` is when the game began (seconds since the epoch; it names the game's autosave);
    ``notes`` says how the session was loaded when that matters (an upgraded older save);
    ``source`` is the save it was loaded from (an autosave keeps being written there);
    ``computer`` maps the player numbers the computer plays to its strength (empty: every
    side is human), so a loaded game goes on against the computer.
    """

    scenario: Scenario
    game: Game
    extra_dice: tuple[int, ...] = ()
    started: float = field(default_factory=time.time)
    notes: tuple[str, ...] = ()
    source: Path | None = None
    computer: Mapping[int, str] = field(default_factory=dict)


COMPUTER_LEVELS = ("random", "easy", "normal", "hard")
"""The strengths a save may give a computer side (``game.ai.LEVELS``; a test keeps them equal)."""


def save_document(session: Session) -> dict[str, Any]:
    """The JSON-ready content of a save."""
    game = session.game
    return {
        **save_fields(session),
        "actions": [a.to_dict() for a in game.actions()],
        "history": history_links(game),
    }


def save_fields(session: Session) -> dict[str, Any]:
    """Every field of a save but the two that grow with the log (``actions``, ``history``):
    what :class:`game.scenario.save_text.SaveText` writes afresh each time."""
    game = session.game
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "warbench": this_version(),
        "scenario": {"file": session.scenario.file, "text": session.scenario.text,
                     "name": session.scenario.name},
        "started": session.started,
        "extra_dice": list(session.extra_dice),
        "state_hash": game.current_hash(),
        "round": game.state.turn.round,
        "over": isinstance(game.pending(), Over),
        "computer": {str(n): level for n, level in sorted(session.computer.items())},
    }


def history_link(before: str, action: Action, hash_after: str) -> str:
    """The next link of a save's hash chain: the link before, the action (its canonical dict)
    and the state hash after it."""
    text = json.dumps(action.to_dict(), sort_keys=True, separators=(",", ":"))
    return history_link_text(before, text, hash_after)


def history_link_text(before: str, action_text: str, hash_after: str) -> str:
    """:func:`history_link` of an action already written as its canonical JSON text."""
    return hashlib.sha256(f"{before}\n{action_text}\n{hash_after}".encode()).hexdigest()


def history_links(game: Game) -> list[str]:
    """The hash chain over ``game``'s log, one link per action (the first over the start)."""
    links, link = [], _chain_start(game)
    for entry in game.log:
        link = history_link(link, entry.action, entry.hash_after)
        links.append(link)
    return links


def _chain_start(game: Game) -> str:
    """The chain's anchor: the hash of the game's initial state."""
    return game.initial_hash()


# --- writing -----------------------------------------------------------------------------------


def write_save(session: Session, path: str | Path) -> Path:
    """Write a save safely (see the module docstring); return the path written.

    Raise :class:`FileError` when the target may not be replaced (a folder, a scenario, any
    file that is not a save) or cannot be written (disk full, no permission, name too long).
    """
    target = writable_save_target(path)
    data = json.dumps(save_document(session), indent=1, sort_keys=True).encode("utf-8")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, data)
    except OSError as exc:
        raise FileError.one(str(path), f"cannot write the save: {exc.strerror or exc}") from None
    return target


def writable_save_target(path: str | Path) -> Path:
    """The file a save to ``path`` would replace (a symlink's target); FileError if refused."""
    given = Path(path)
    try:
        target = Path(os.path.realpath(given)) if given.is_symlink() else given
        target.exists()
    except OSError as exc:
        raise FileError.one(str(path), f"cannot write the save: {exc.strerror or exc}") from None
    if target.is_dir():
        raise FileError.one(str(path), "this is a folder; give a file name for the save")
    if target.exists() and not is_save_file(target):
        raise FileError.one(str(path), "this file is not a Warbench save; refusing to replace "
                            "it (save under another name)")
    return target


def is_save_file(path: Path) -> bool:
    """Whether ``path`` is a regular file that may be replaced by a save: a Warbench save, or
    an empty file (a name reserved by :func:`reserve_save_path`)."""
    try:
        if not path.is_file():
            return False
        size = path.stat().st_size
        if size == 0:
            return True
        if size > MAX_SAVE_BYTES:
            return False
        doc = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT


def atomic_write(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` so that readers see the old or the new file, never half.

    The new file gets the old file's mode (or the usual mode for a new file, after the umask);
    leftovers of interrupted writes of the same target are removed first.
    """
    clean_stale_temps(target)
    mode = _mode_of(target)
    tmp = _written_temp(target, data)
    try:
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


def _mode_of(target: Path) -> int | None:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return None


def _fsync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-[0-9a-f]{8}\.tmp$")
_OLD_TEMP = re.compile(r"^\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp$")


def clean_stale_temps(target: Path) -> list[Path]:
    """Remove temporary files that interrupted writes of ``target`` left; return them.

    A temporary file is stale when the process that wrote it is gone (its id is in the name);
    files of the older naming (no process id) are stale after ten minutes.
    """
    removed: list[Path] = []
    try:
        entries = list(target.parent.glob(f".{target.name[:80]}.*.tmp"))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP.match(entry.name)
        if match:
            stale = int(match.group("pid")) != os.getpid() and not pid_alive(
                int(match.group("pid")))
        else:
            stale = bool(_OLD_TEMP.match(entry.name)) and _older_than(entry, 600.0)
        if stale:
            try:
                entry.unlink()
                removed.append(entry)
            except OSError:
                pass
    return removed


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except OSError:
        return False


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def safe_name(name: str) -> str:
    """A short file-name-safe form of a game's name (letters, digits, ``-`` and ``_``)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_")[:MAX_NAME_CHARS].strip("-_")
    return slug or "game"


def stamp(moment: float) -> str:
    """``20261123-011650``: a moment (UTC) as it appears in file names."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y%m%d-%H%M%S")


def reserve_save_path(folder: Path, name: str, moment: float | None = None) -> Path:
    """A new save file name in ``folder`` for the game ``name``, reserved so no other save
    (of this or another window, even in the same second) takes it.

    The name is ``<game>-<time>.json``, then ``-2``, ``-3``... The file is created empty;
    :func:`write_save` replaces it.
    """
    folder.mkdir(parents=True, exist_ok=True)
    base = f"{safe_name(name)}-{stamp(time.time() if moment is None else moment)}"
    for n in range(1, 10_000):
        candidate = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return candidate
    raise FileError.one(str(folder), "no free save name is left in this folder")


def write_new_save(session: Session, folder: Path, name: str, moment: float | None = None,
                   ) -> Path:
    """Write a new save of ``session`` in ``folder`` under a fresh name (as
    :func:`reserve_save_path` names it) and return it. The save is written and fsynced to a
    temporary file first, and only the finished file takes the name (a hard link, which fails
    if the name is taken), so an interrupted save leaves no empty or partial save; its
    temporary file is removed by the next save or listing (issue 28.8)."""
    data = json.dumps(save_document(session), indent=1, sort_keys=True).encode("utf-8")
    base = f"{safe_name(name)}-{stamp(time.time() if moment is None else moment)}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        clean_save_folder(folder)
        tmp = _written_temp(folder / f"{base}.json", data)
        try:
            target = _link_free_name(tmp, folder, base)
        finally:
            tmp.unlink(missing_ok=True)
        _fsync_folder(folder)
    except OSError as exc:
        raise FileError.one(str(folder), f"cannot write the save: {exc.strerror or exc}") from None
    return target


def _written_temp(target: Path, data: bytes) -> Path:
    """``data`` written and fsynced to a temporary file beside ``target`` (cleaned if stale)."""
    tmp = target.parent / f".{target.name[:80]}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _link_free_name(tmp: Path, folder: Path, base: str) -> Path:
    """Give the finished ``tmp`` the first free name ``base.json``, ``base-2.json``..."""
    for n in range(1, 10_000):
        candidate = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        try:
            os.link(tmp, candidate)
        except FileExistsError:
            continue
        return candidate
    raise FileError.one(str(folder), "no free save name is left in this folder")


def clean_save_folder(folder: Path) -> None:
    """Remove what interrupted saves left in ``folder``: temporary files of processes that
    are gone, and empty saves (names reserved by older versions) a minute old."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.endswith(".tmp") and entry.name.startswith("."):
            clean_stale_temps(folder / entry.name[1:].rsplit(".", 2)[0])
        elif entry.suffix == ".json" and _empty_and_old(entry):
            entry.unlink(missing_ok=True)


def _empty_and_old(path: Path) -> bool:
    try:
        info = path.stat()
    except OSError:
        return False
    return info.st_size == 0 and time.time() - info.st_mtime > 60.0


def saved_games(folder: Path) -> list[Path]:
    """The saves in ``folder``, newest first, after cleaning what interrupted saves left (an
    empty file is never listed)."""
    clean_save_folder(folder)
    found = []
    for path in folder.glob("*.json") if folder.is_dir() else ():
        try:
            info = path.stat()
        except OSError:
            continue
        if info.st_size > 0:
            found.append((info.st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: (-item[0], str(item[1])))]


@dataclass(frozen=True)
class SaveHeader:
    """What a list of saves shows of one save without replaying it."""

    name: str
    round: int
    actions: int
    over: bool
    started: float | None
    newer: str | None
    """The version of the newer Warbench that made it (it cannot be loaded here), or None."""


def save_header(path: Path) -> SaveHeader | None:
    """The header of the save at ``path``, or None if it is no readable Warbench save."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            return None
        doc = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        return None
    scenario = doc.get("scenario")
    name = scenario.get("name") if isinstance(scenario, dict) else None
    started, round_, actions = doc.get("started"), doc.get("round"), doc.get("actions")
    return SaveHeader(
        name=str(name)[:80] if isinstance(name, str) else path.stem,
        round=round_ if type(round_) is int else 0,
        actions=len(actions) if isinstance(actions, list) else 0,
        over=doc.get("over") is True,
        started=float(started) if isinstance(started, int | float) else None,
        newer=newer_version(doc.get("warbench")),
    )


# --- loading -----------------------------------------------------------------------------------


def load_save(path: str | Path) -> Session:
    """Read a save, replay it and verify its hash; raise ScenarioError if anything is off."""
    file = str(path)
    raw = read_limited(path, MAX_SAVE_BYTES, "save")
    doc = parse_json(raw, file, "save")
    session = session_from_document(doc, file)
    return replace(session, source=Path(path))


def session_from_document(doc: Any, file: str) -> Session:
    """Rebuild a session from a save document (see :func:`load_save`)."""
    newer = newer_version(doc.get("warbench")) if isinstance(doc, dict) else None
    if newer is not None:
        raise FileError.one(file, newer_message("this save", newer))
    problems = _shape_problems(doc, file)
    if problems:
        raise ScenarioError(problems)
    scenario_text = doc["scenario"]["text"]
    scenario_file = f"{file} (scenario {str(doc['scenario'].get('file', '?'))[:200]})"
    scenario = load_scenario_text(scenario_text, scenario_file)
    actions = _actions(doc["actions"], scenario, file)
    extra = tuple(doc.get("extra_dice", []))
    history = doc["history"] if doc["version"] == SAVE_VERSION else None
    game = _replay(scenario, extra, actions, file, history)
    notes: tuple[str, ...] = ()
    if doc["version"] == 2:
        notes = ("upgraded from save format 2: its actions had no hash chain; saved again, "
                 "the save gets one",)
    if doc["version"] >= 2 and pre_vocabulary_hash(game.state) == doc["state_hash"]:
        notes += ("converted: this save was written before the ruleset owned its map "
                  "features; its recorded state was verified in that form",)
    elif doc["version"] >= 2:
        if game.state_hash() != doc["state_hash"]:
            raise ScenarioError(
                [Problem(file, None, "state_hash", "the replayed game does not match the saved "
                         "state (the save is corrupt or was changed)")]
            )
    elif game.state_hash() != doc["state_hash"]:
        notes = (f"upgraded from save format {doc['version']}: the actions were replayed by "
                 "today's rules and the game re-hashed",)
    started = doc.get("started")
    moment = float(started) if isinstance(started, int | float) and 0 <= started < 1e11 else (
        time.time())
    computer = _computer(doc.get("computer", {}), game, file)
    return Session(scenario, game, extra, started=moment, notes=notes, computer=computer)


def _computer(value: Any, game: Game, file: str) -> dict[int, str]:
    """The save's computer sides (player number -> strength); a save without the key (every
    older save) is all human. Anything else than known players and strengths is refused."""
    players = {p.number for p in game.state.players}
    if not isinstance(value, dict):
        raise FileError.one(file, "expected a table of player number -> strength", "computer")
    out = {}
    for key, level in value.items():
        number = int(key) if isinstance(key, str) and key.isdigit() else None
        if number is None or number not in players or level not in COMPUTER_LEVELS:
            raise ScenarioError([Problem(file, None, f"computer.{str(key)[:20]}", "expected a "
                                         f"player number ({', '.join(map(str, sorted(players)))})"
                                         f" and a strength ({', '.join(COMPUTER_LEVELS)})")])
        out[number] = str(level)
    return out


def _actions(items: list[Any], scenario: Scenario, file: str) -> list[Action]:
    types = scenario.ruleset.action_types()
    actions, problems = [], []
    for i, item in enumerate(items):
        try:
            if not isinstance(item, dict):
                raise ActionSyntaxError("expected an object with a verb")
            actions.append(from_dict(item, types))
        except ActionSyntaxError as exc:
            problems.append(Problem(file, None, f"actions[{i}]", f"not an action: {exc}"))
    if problems:
        raise ScenarioError(problems)
    return actions


def _replay(scenario: Scenario, extra: tuple[int, ...], actions: list[Action], file: str,
            history: list[str] | None = None) -> Game:
    """Replay ``actions``; with a ``history`` chain, check each action's link as it goes."""
    game = _start(scenario, extra, file)
    link = _chain_start(game) if history is not None else ""
    for i, action in enumerate(actions):
        _replay_one(game, i, action, file)
        if history is not None:
            entry = game.log[-1]
            link = history_link(link, entry.action, entry.hash_after)
            if link != history[i]:
                raise FileError([Problem(file, None, f"actions[{i}]", f"action {i + 1} "
                                         f"'{action}' differs from the saved game's history "
                                         "(the save was changed from this action on)")])
    return game


def _replay_one(game: Game, i: int, action: Action, file: str) -> None:
    """Apply one recorded action; any refusal is a problem of the file naming the action."""
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise ScenarioError(
            [Problem(file, None, f"actions[{i}]", f"'{action}' is illegal on replay: "
                     f"{exc.refusal}")]
        ) from None
    except Exception as exc:  # ruleset code refusing a recorded value
        raise ScenarioError(
            [Problem(file, None, f"actions[{i}]", f"'{action}' cannot be replayed "
                     f"({type(exc).__name__}: {str(exc)[:100]})")]
        ) from None


def _start(scenario: Scenario, extra: Sequence[int], file: str) -> Game:
    """A new game of ``scenario``; the ruleset's start failing is a problem of the file."""
    try:
        return scenario.new_game(extra)
    except Exception as exc:  # ruleset code refusing a value of the file
        raise ScenarioError(
            [Problem(file, None, "", f"the game cannot start ({type(exc).__name__}: "
                     f"{str(exc)[:100]})")]
        ) from None


def _shape_problems(doc: Any, file: str) -> list[Problem]:
    if not isinstance(doc, dict):
        return [Problem(file, None, "", "a save is a JSON object")]
    problems = []
    if doc.get("format") != SAVE_FORMAT:
        problems.append(Problem(file, None, "format", f"expected {SAVE_FORMAT!r}"))
    version = doc.get("version")
    if version != SAVE_VERSION and version not in UPGRADABLE_VERSIONS:
        problems.append(Problem(file, None, "version", f"expected version {SAVE_VERSION} (or "
                                f"an older one: {', '.join(map(str, UPGRADABLE_VERSIONS))})"))
    scenario = doc.get("scenario")
    if not isinstance(scenario, dict) or not isinstance(scenario.get("text"), str):
        problems.append(Problem(file, None, "scenario.text", "expected the scenario's text"))
    elif len(scenario["text"]) > MAX_SCENARIO_BYTES or len(
        scenario["text"].encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        problems.append(Problem(file, None, "scenario.text", "the scenario is larger than the "
                                f"limit of {MAX_SCENARIO_BYTES:,} bytes"))
    actions = doc.get("actions")
    if not isinstance(actions, list):
        problems.append(Problem(file, None, "actions", "expected a list of actions"))
    elif len(actions) > MAX_SAVE_ACTIONS:
        problems.append(Problem(file, None, "actions", f"{len(actions)} actions; a save holds "
                                f"at most {MAX_SAVE_ACTIONS}"))
    if not isinstance(doc.get("state_hash"), str):
        problems.append(Problem(file, None, "state_hash", "expected the state hash"))
    if version == SAVE_VERSION:
        history = doc.get("history")
        if not isinstance(history, list) or not isinstance(actions, list) or len(
                history) != len(actions) or not all(isinstance(h, str) for h in history):
            problems.append(Problem(file, None, "history", "expected one hash-chain link per "
                                    "action"))
    extra = doc.get("extra_dice", [])
    if not isinstance(extra, list) or not all(
        type(d) is int and 1 <= d <= 100 for d in extra
    ) or len(extra) > MAX_SCRIPTED_DICE:
        problems.append(Problem(file, None, "extra_dice", "expected a list of die faces"))
    return problems


def open_game(source: ScenarioSource) -> Game:
    """The game a command names: a save's (replayed and verified) or a fresh game of a
    scenario, file or shipped; FileError for anything that does not load."""
    if is_save(source):
        return load_save(source).game
    return new_session(load_scenario(source)).game


def new_session(scenario: Scenario, extra_dice: Sequence[int] = ()) -> Session:
    """A fresh session of a loaded scenario (FileError if its game cannot start)."""
    bad = [d for d in extra_dice if type(d) is not int or not 1 <= d <= 100]
    if bad:
        raise FileError.one(scenario.file, f"{bad[0]!r} is not a die face")
    return Session(scenario, _start(scenario, extra_dice, scenario.file), tuple(extra_dice))
