"""User settings, stored as JSON in the Warbench data folder (``game.scenario.data_dir()``)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

SETTINGS_NAME = "settings.json"
TEXT_SCALES = {"normal": 1.0, "large": 1.25, "larger": 1.5}
"""Text sizes a player may pick (4K screens, poorer eyesight), by name."""


@dataclass
class Settings:
    """What a player can change in the settings screen."""

    palette: str = "default"
    grid: bool = True
    terrain_key: bool = True
    """Whether a hex map's terrain key (legend) is drawn in the board's corner (K)."""
    fullscreen: bool = False
    animate: bool = True
    handoff_screen: bool = True
    show_all_arcs: bool = False
    player_names: tuple[str, ...] = ()
    text_size: str = "normal"
    """How large the table's own text is drawn: a key of :data:`TEXT_SCALES`."""
    computer_speed: str = "normal"
    """How long the table pauses after each computer move: a key of
    :data:`game.ui.computer_turn.SPEEDS` (slow, normal, fast, instant)."""

    @property
    def text_scale(self) -> float:
        """The factor of :attr:`text_size` (1 for an unknown name)."""
        return TEXT_SCALES.get(self.text_size, 1.0)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Read settings, ignoring unknown keys and values of the wrong type."""
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(out, f.name)
            if isinstance(default, tuple) and isinstance(value, list):
                value = tuple(str(v) for v in value)
            if type(value) is type(default):
                setattr(out, f.name, value)
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["player_names"] = list(self.player_names)
        return data


def settings_path(folder: Path) -> Path:
    """The settings file inside a data folder."""
    return folder / SETTINGS_NAME


def load_settings(folder: Path) -> Settings:
    """Settings from ``folder``: defaults when the file is missing, and when it is unreadable,
    too large, too deeply nested or not a JSON object (the app must always start)."""
    from game.scenario import ScenarioError, read_settings_data

    try:
        data = read_settings_data(settings_path(folder))
    except (ScenarioError, OSError):
        return Settings()
    return Settings.from_dict(data)


def save_settings(settings: Settings, folder: Path) -> Path:
    """Write the settings (temp file + rename) and return the path."""
    folder.mkdir(parents=True, exist_ok=True)
    target = settings_path(folder)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_dict(), indent=1, sort_keys=True), "utf-8")
    tmp.replace(target)
    return target
