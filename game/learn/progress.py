"""Lesson progress (done / not done) in the user data folder.

The file is ``lessons.json`` in :func:`game.scenario.autosave.data_dir` (platformdirs, or
``$WARBENCH_DATA_DIR`` when set). A missing or damaged file means "nothing done yet"; it is
written atomically so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.scenario.autosave import data_dir

PROGRESS_NAME = "lessons.json"


def progress_path() -> Path:
    """Where lesson progress is kept."""
    return data_dir() / PROGRESS_NAME


def load_progress(path: Path | None = None) -> dict[str, bool]:
    """Lesson id -> done (an unreadable file counts as no progress)."""
    try:
        data = json.loads((path or progress_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    done = data.get("done", {}) if isinstance(data, dict) else {}
    return {str(k): bool(v) for k, v in done.items()} if isinstance(done, dict) else {}


def mark_done(lesson_id: str, path: Path | None = None) -> None:
    """Record that ``lesson_id`` was completed."""
    target = path or progress_path()
    done = load_progress(target)
    done[lesson_id] = True
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_suffix(".tmp")
    temp.write_text(json.dumps({"done": done}, indent=2, sort_keys=True), encoding="utf-8")
    os.replace(temp, target)
