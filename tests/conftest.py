"""Test-wide settings: headless SDL and a private data folder for autosaves and settings."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["WARBENCH_DATA_DIR"] = tempfile.mkdtemp(prefix="warbench-test-data-")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DATA = Path(__file__).resolve().parent / "data"

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", database=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
"""Hypothesis is deterministic in CI (derandomized, no example database), so a red run is
reproduced by running the same command again; elsewhere it explores new examples each run."""
