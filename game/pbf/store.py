"""A player's own record of a play-by-file game: the turn files known and their secrets.

Each game has a folder ``<home>/<game id>/`` (``home`` defaults to ``<data dir>/pbf``, next to
the autosave): ``turn-0000.txt``, ``turn-0001.txt``... (every file accepted or written, in
order) and ``secrets.json`` (this player's side, the top of their hash chain of secrets, which
must stay on this computer for the whole game, and the files they sent from the desktop, which
are locked). The store is what "the last file this game knows" means when a received file is
checked for a fork or a gap.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.pbf.dice import new_secret
from game.pbf.turnfile import PbfError, TurnFile, read_turn_file, render
from game.scenario.autosave import data_dir
from game.scenario.saves import atomic_write

_TURN_NAME = re.compile(r"^turn-(\d{4,})\.txt$")


def turn_status(path: Path, home: Path) -> str:
    """A received file's place in its game on this computer, in a few words, for the Open turn
    list (issue 28.6): ``awaits your answer``, ``answered``, ``your own file``..."""
    try:
        turn = read_turn_file(str(path))
        store = GameStore(home, turn.game_id)
        side, kept = store.side, store.kept_count()
    except (PbfError, OSError):
        return "not a readable turn file"
    if turn.next_player is None:
        return "the last file: the game is over"
    if side is not None and turn.sender == side:
        return "your own file: it goes to your opponent"
    if side is not None and side != turn.next_player:
        return "not for you"
    if kept > turn.sequence + 1:
        return "answered"
    if turn.sequence == 0 and side is None:
        return "a new game: awaits your answer"
    return "awaits your answer"


def default_home() -> Path:
    """Where play-by-file games are kept: ``<data dir>/pbf``."""
    return data_dir() / "pbf"


class GameStore:
    """The folder of one game on this computer (see module docstring)."""

    def __init__(self, home: Path, game_id: str) -> None:
        self.home = home
        self.game_id = game_id
        self.folder = home / game_id
        self._secrets_path = self.folder / "secrets.json"

    def exists(self) -> bool:
        """Whether this computer already knows the game."""
        return self.folder.is_dir()

    def turn_path(self, sequence: int) -> Path:
        """Where file ``sequence`` is kept."""
        return self.folder / f"turn-{sequence:04d}.txt"

    def load(self) -> list[tuple[str, TurnFile]]:
        """Every file kept, in sequence order, as (path, content)."""
        if not self.exists():
            return []
        found = []
        for path in self.folder.iterdir():
            match = _TURN_NAME.match(path.name)
            if match:
                found.append((int(match.group(1)), path))
        found.sort()
        out = []
        for expected, (sequence, path) in enumerate(found):
            if sequence != expected:
                raise PbfError(f"the game folder misses file {expected}", str(self.folder))
            out.append((str(path), read_turn_file(str(path))))
        return out

    def kept_count(self) -> int:
        """How many files of the game are kept here (by name, without reading them)."""
        if not self.exists():
            return 0
        return sum(1 for path in self.folder.iterdir() if _TURN_NAME.match(path.name))

    def save_turn(self, turn: TurnFile) -> Path:
        """Keep ``turn`` (atomically) and return its path; later files of this player's own
        are dropped (a turn played again replaces the unsent answer)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for path, kept in self.load():
            if kept.sequence > turn.sequence:
                Path(path).unlink()
        target = self.turn_path(turn.sequence)
        atomic_write(target, render(turn).encode("utf-8"))
        return target

    # --- what was sent ----------------------------------------------------------------------

    def sent(self, sequence: int) -> str | None:
        """The digest of file ``sequence`` as this player sent it from the desktop, if they did
        (a sent file is locked: issue 28.2)."""
        sent = self._read_secrets().get("sent")
        value = sent.get(str(sequence)) if isinstance(sent, dict) else None
        return value if isinstance(value, str) else None

    def mark_sent(self, sequence: int, file_digest: str) -> None:
        """Record that file ``sequence`` (this digest) was sent: it is never written again
        with other content, and nothing in it can be undone."""
        data = self._read_secrets()
        sent = data.get("sent")
        sent = dict(sent) if isinstance(sent, dict) else {}
        sent[str(sequence)] = file_digest
        data["sent"] = sent
        self._write_secrets(data)

    # --- this player's side and secrets ------------------------------------------------------

    def _read_secrets(self) -> dict[str, object]:
        if not self._secrets_path.exists():
            return {"side": None, "secrets": {}}
        try:
            data = json.loads(self._secrets_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise PbfError(f"cannot read this game's secrets ({exc})",
                           str(self._secrets_path)) from None
        if not isinstance(data, dict) or not isinstance(data.get("secrets"), dict):
            raise PbfError("this game's secrets file is damaged", str(self._secrets_path))
        return data

    def _write_secrets(self, data: dict[str, object]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write(self._secrets_path, json.dumps(data, indent=1, sort_keys=True).encode())

    @property
    def side(self) -> int | None:
        """The side this computer's player plays (None before they first act)."""
        side = self._read_secrets().get("side")
        return side if isinstance(side, int) else None

    def set_side(self, side: int) -> None:
        """Record which side this computer's player plays."""
        data = self._read_secrets()
        data["side"] = side
        self._write_secrets(data)

    def secret(self, key: str) -> str | None:
        """A kept secret (``chain-top``: the top of this player's hash chain of secrets, see
        game.pbf.dice)."""
        secrets = self._read_secrets()["secrets"]
        assert isinstance(secrets, dict)
        value = secrets.get(key)
        return value if isinstance(value, str) else None

    def ensure_secret(self, key: str) -> str:
        """The kept secret ``key``, made and kept first if there is none yet."""
        existing = self.secret(key)
        if existing is not None:
            return existing
        data = self._read_secrets()
        secrets = data["secrets"]
        assert isinstance(secrets, dict)
        secrets[key] = new_secret()
        self._write_secrets(data)
        return str(secrets[key])
