"""A player's own record of a play-by-file game: the turn files known and their secrets.

Each game has a folder ``<home>/<game id>/`` (``home`` defaults to ``<data dir>/pbf``, next to
the autosave): ``turn-0000.txt``, ``turn-0001.txt``... (every file accepted or written, in
order) and ``secrets.json`` (this player's side and the secrets they committed to, which must
stay on this computer until the file that reveals them is written). The store is what "the
last file this game knows" means when a received file is checked for a fork or a gap.
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
        """A kept secret (``commit-N``: committed in file N; ``plain-1``: revealed at once)."""
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
