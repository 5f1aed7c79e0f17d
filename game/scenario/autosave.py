"""Autosave: after every applied, undone or redone action the session is saved atomically
into the user data folder, so a crash loses nothing.

The folder is ``platformdirs.user_data_dir("warbench")``, or ``$WARBENCH_DATA_DIR`` when set
(tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from game.core.game import Game, LogEntry
from game.scenario.saves import Session, write_save

AUTOSAVE_NAME = "autosave.json"


def data_dir() -> Path:
    """Where Warbench keeps autosaves and settings."""
    override = os.environ.get("WARBENCH_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("warbench"))


def autosave_path() -> Path:
    """The autosave file."""
    return data_dir() / AUTOSAVE_NAME


def attach_autosave(session: Session, path: Path | None = None) -> Path:
    """Save ``session`` to ``path`` (default: the autosave) after every change of its game."""
    target = path or autosave_path()

    def save(game: Game, entry: LogEntry) -> None:
        write_save(session, target)

    session.game.listeners.append(save)
    return target


def clear_autosave(path: Path | None = None) -> None:
    """Remove the autosave (after a game ends normally or the player declines to resume)."""
    (path or autosave_path()).unlink(missing_ok=True)
