"""A termination signal ends ``warbench play`` cleanly (the session logging out, ``kill``):
SDL turned it into a window close, which the table answers by asking first, so the process
never ended; nothing is lost, every action is autosaved as it is made."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix",
                    reason="POSIX termination signal")
def test_sigterm_ends_the_table_at_once(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "WARBENCH_DATA_DIR": str(tmp_path), "WARBENCH_FIRST_FRAME_MS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "game", "play", "realms_skirmish", "--vs",
                             "normal"], env=env, stdout=subprocess.PIPE, text=True,
                            cwd=tmp_path)
    try:
        assert proc.stdout is not None
        assert "first frame" in proc.stdout.readline()  # the table is open and running
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
