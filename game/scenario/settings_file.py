"""Reading the settings file safely (the settings themselves live in the UI).

The settings file is JSON in the data folder. A missing file means defaults; anything else wrong
with it (too large, not UTF-8, not JSON, nested too deep, NaN, not an object) is a
:class:`~game.scenario.problems.FileError`, the same type every file loader raises, so the app
can say what is wrong and start with defaults instead of failing to start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.scenario.limits import MAX_SETTINGS_BYTES, parse_json, read_limited
from game.scenario.problems import FileError


def read_settings_data(path: Path) -> dict[str, Any]:
    """The settings file's JSON object ({} when there is no file); FileError if it is bad."""
    if not path.exists() and not path.is_symlink():
        return {}
    raw = read_limited(path, MAX_SETTINGS_BYTES, "settings file")
    data = parse_json(raw, str(path), "settings file")
    if not isinstance(data, dict):
        raise FileError.one(str(path), "the settings file must hold a JSON object")
    return data
