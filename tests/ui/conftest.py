"""Headless UI tests: dummy video/audio drivers and a private data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh Warbench data folder for autosaves, saves and settings."""
    monkeypatch.setenv("WARBENCH_DATA_DIR", str(tmp_path))
    yield tmp_path
