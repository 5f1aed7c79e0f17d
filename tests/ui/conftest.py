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


@pytest.fixture(autouse=True)
def _no_settle_on_switch(request: pytest.FixtureRequest,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A scene switch's full collection (``game.ui.app.settle_memory``) scans every live
    object of the process: in the game that is one table's, in a test worker it is everything
    hundreds of earlier tests left, about 85 ms a switch, a third of the UI tests' CPU. It only
    manages the collector, so UI tests skip it; tests marked ``settle_memory`` keep it."""
    if request.node.get_closest_marker("settle_memory") is None:
        monkeypatch.setattr("game.ui.app.settle_memory", lambda: None)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh Warbench data folder for autosaves, saves and settings."""
    monkeypatch.setenv("WARBENCH_DATA_DIR", str(tmp_path))
    yield tmp_path
