"""Autosave: one file per game, rewritten after every applied, undone or redone action.

Each game has its own autosave in ``<data>/autosaves/``, named after the game and the moment
it started (``Berserkers-engaged-20261123-011650.json``), so games never overwrite each other.
The data folder is ``platformdirs.user_data_dir("warbench")``, or ``$WARBENCH_DATA_DIR`` when
set (tests and portable installs use it).

A lock file beside the autosave (``<name>.json.lock``, holding the process id) makes sure that
two Warbench windows never write the same autosave: a second window that resumes a game already
open elsewhere autosaves to a copy instead. A lock whose process is gone is stale and taken
over. A failed write (disk full, folder removed) never loses the action: the game goes on, the
error is kept in :attr:`Autosave.error` and passed to the ``on_error`` callbacks for the UI to
show, and the next action tries again.

:func:`unfinished_games` lists every autosave of a game that is not over (newest first), for a
"resume" menu; it reads only the small header of each save, never replays it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from game.core.game import Game, LogEntry
from game.scenario.problems import FileError
from game.scenario.save_text import SaveText
from game.scenario.saves import (
    Session,
    atomic_write,
    clean_stale_temps,
    pid_alive,
    safe_name,
    save_header,
    stamp,
)

AUTOSAVE_NAME = "autosave.json"
"""The single autosave of older versions (still offered for resuming if present)."""

AUTOSAVE_FOLDER = "autosaves"
LOCK_SUFFIX = ".lock"

ErrorCallback = Callable[[str], None]


def data_dir() -> Path:
    """Where Warbench keeps autosaves and settings."""
    override = os.environ.get("WARBENCH_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("warbench"))


def autosave_dir() -> Path:
    """The folder of the per-game autosaves."""
    return data_dir() / AUTOSAVE_FOLDER


def autosave_name(session: Session) -> str:
    """The autosave file name of a game: its name and start time."""
    return f"{safe_name(session.scenario.name)}-{stamp(session.started)}.json"


@dataclass
class Autosave:
    """The autosave of one game, held under a lock while the game is open."""

    session: Session
    path: Path
    token: str
    error: str | None = None
    on_error: list[ErrorCallback] = field(default_factory=list)
    writes: int = 0
    text: SaveText = field(default_factory=SaveText, repr=False)
    """The save's text, kept up to date action by action (a write works out only the actions
    logged since the last one: issue 32)."""

    @property
    def lock_path(self) -> Path:
        """The lock file beside the autosave."""
        return self.path.with_name(self.path.name + LOCK_SUFFIX)

    def write(self) -> bool:
        """Write the autosave now; on failure keep and report the error, never raise.

        Written on the frame of the action, atomically (a temporary file, flushed, then
        ``os.replace``): a kill at any moment leaves the previous save or this one, whole, and
        once the action's frame is drawn its save is on disk. Only the text of the actions
        since the last write is worked out (:class:`SaveText`), so this stays ~1-2 ms CPU
        however long the game."""
        try:
            data = self.text.text(self.session)
            atomic_write(self.path, data.encode("utf-8"))
        except OSError as exc:
            return self._failed(str(exc.strerror or exc))
        except Exception as exc:  # any failure: reported, never raised into Game.apply
            return self._failed(f"{type(exc).__name__}: {exc}")
        self.error = None
        self.writes += 1
        return True

    def _failed(self, reason: str) -> bool:
        """Keep and report a failed write (the game and its action are untouched)."""
        self.error = f"the autosave could not be written: {reason}"
        for callback in list(self.on_error):
            callback(self.error)
        return False

    def listener(self, game: Game, entry: LogEntry) -> None:
        """The game listener: autosave after each change (see :meth:`write`)."""
        self.write()

    def finish(self) -> None:
        """The game ended normally: remove its autosave and release the lock."""
        self.path.unlink(missing_ok=True)
        self.release()

    def release(self) -> None:
        """Stop autosaving (the file stays, for resuming) and free the lock."""
        if self.listener in self.session.game.listeners:
            self.session.game.listeners.remove(self.listener)
        if _lock_text(self.lock_path) == self.token:
            self.lock_path.unlink(missing_ok=True)


def attach_autosave(
    session: Session, path: Path | None = None, on_error: ErrorCallback | None = None
) -> Autosave:
    """Autosave ``session`` after every change of its game; return its :class:`Autosave`.

    The file is ``path``, the autosave the session was resumed from, or the game's own
    autosave (:func:`autosave_name`). If another live
    Warbench process holds that file's lock, the game is autosaved to a copy
    (``...-copy2.json``) so neither window overwrites the other. The file is written at once
    only when the game already has actions (a loaded save); an opened scenario gets its
    autosave with its first action, so a game nobody played never shows up among the
    unfinished games (issue 13, item 9); the initial hash that write needs is worked out
    now, as the game opens, not on the first action's frame (issue 32). It never raises:
    when no autosave can be kept (the folder cannot be created), :attr:`Autosave.error`
    says so and the game goes on.
    """
    if path is None and session.source is not None and _inside(session.source, autosave_dir()):
        path = session.source  # a resumed game goes on in its own autosave
    folder = path.parent if path is not None else autosave_dir()
    base = path.name if path is not None else autosave_name(session)
    token = f"{os.getpid()} {secrets.token_hex(8)}"
    try:
        target = _locked_target(folder, base, token, fresh=path is None)
    except FileError as exc:  # no folder or no free name: report it, keep the game going
        target = folder / base
        failure: str | None = f"the game cannot be autosaved: {exc.problems[0].message}"
    else:
        failure = None
    autosave = Autosave(session, target, token)
    if on_error is not None:
        autosave.on_error.append(on_error)
    if failure is not None:
        autosave.error = failure
        for callback in autosave.on_error:
            callback(failure)
        return autosave
    session.game.listeners.append(autosave.listener)
    if session.game.log:
        autosave.write()
    else:
        session.game.initial_hash()  # the first write's, worked out as the game opens
    return autosave


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().parent == folder.resolve()
    except OSError:
        return False


def _locked_target(folder: Path, base: str, token: str, fresh: bool) -> Path:
    """The first of ``base``, ``base-copy2``... whose lock ``token`` gets; when ``fresh``
    (not resuming that very autosave), also one that does not exist yet, so loading an older
    save of a game never overwrites the newer autosave of the same game."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileError.one(str(folder), f"cannot create the autosave folder: "
                            f"{exc.strerror or exc}") from None
    stem = base[:-5] if base.endswith(".json") else base
    for n in range(1, 1000):
        candidate = folder / (f"{stem}.json" if n == 1 else f"{stem}-copy{n}.json")
        lock = candidate.with_name(candidate.name + LOCK_SUFFIX)
        if _take_lock(lock, token):
            if fresh and candidate.exists():
                lock.unlink(missing_ok=True)
                continue
            clean_stale_temps(candidate)
            return candidate
    raise FileError.one(str(folder), "every autosave name of this game is locked")


def _take_lock(lock: Path, token: str) -> bool:
    """Create ``lock`` holding ``token`` (process id and a per-game nonce); take over a stale
    one (its process is gone). False if a live game holds it, in this process or another."""
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            owner = _lock_owner(lock)
            if owner is not None and pid_alive(owner):
                return False
            lock.unlink(missing_ok=True)  # stale: its process is gone
            continue
        except OSError:
            return False
        with os.fdopen(fd, "w") as handle:
            handle.write(token)
        return True
    return False


def _lock_text(lock: Path) -> str | None:
    try:
        return lock.read_text("ascii").strip()[:100]
    except (OSError, UnicodeDecodeError):
        return None


def _lock_owner(lock: Path) -> int | None:
    """The process id written in a lock file (None if unreadable)."""
    text = _lock_text(lock)
    first = text.split()[0] if text else ""
    return int(first) if first.isdigit() and len(first) < 12 else None


@dataclass(frozen=True)
class UnfinishedGame:
    """One resumable autosave: where, which game, when it started, how far it got."""

    path: Path
    name: str
    started: float
    round: int
    actions: int
    open_elsewhere: bool
    """A live Warbench game (another window, or another game of this one) holds its lock."""
    newer: str | None = None
    """The version of the newer Warbench that wrote it (it cannot be resumed here), or None."""
    played: float = 0.0
    """When it was last played (its autosave last written)."""


def unfinished_games(folder: Path | None = None) -> list[UnfinishedGame]:
    """Every autosave of a game that is not over, newest first (the legacy single autosave
    included). Unreadable files are skipped; temp files of interrupted writes are removed."""
    folder = folder or autosave_dir()
    found = []
    paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    legacy = data_dir() / AUTOSAVE_NAME
    if legacy.is_file():
        paths.append(legacy)
    for path in paths:
        clean_stale_temps(path)
        info = _header(path)
        if info is not None:
            found.append(info)
    return sorted(found, key=lambda g: (g.started, str(g.path)), reverse=True)


def _header(path: Path) -> UnfinishedGame | None:
    """What the resume menu shows of one autosave, or None if it is no unfinished game."""
    header = save_header(path)
    if header is None or header.over:
        return None
    owner = _lock_owner(path.with_name(path.name + LOCK_SUFFIX))
    open_now = owner is not None and pid_alive(owner)
    return UnfinishedGame(
        path=path,
        name=header.name,
        started=header.started if header.started is not None else _mtime(path),
        round=header.round,
        actions=header.actions,
        open_elsewhere=open_now,
        newer=header.newer,
        played=_mtime(path),
    )


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def autosave_path() -> Path:
    """The autosave to offer for resuming: the newest unfinished game not open in another
    window, else the legacy single autosave path (which may not exist)."""
    for game in unfinished_games():
        if not game.open_elsewhere:
            return game.path
    return data_dir() / AUTOSAVE_NAME


def clear_autosave(path: Path | None = None) -> None:
    """Remove an autosave and its lock (default: the legacy single autosave)."""
    target = path or data_dir() / AUTOSAVE_NAME
    target.unlink(missing_ok=True)
    lock = target.with_name(target.name + LOCK_SUFFIX)
    owner = _lock_owner(lock)
    if owner is None or not pid_alive(owner):
        lock.unlink(missing_ok=True)
