"""Test-wide settings: headless SDL and a private data folder for autosaves and settings."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["WARBENCH_DATA_DIR"] = tempfile.mkdtemp(prefix="warbench-test-data-")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DATA = Path(__file__).resolve().parent / "data"
