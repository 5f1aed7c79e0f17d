"""A reader that closes the pipe early (``warbench run ... | head``) ends the command quietly,
with no traceback, as command-line tools do."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    words = [sys.executable, "-m", "game", "run", "ninth_age_battle", "--json", "--actions", "-"]
    process = subprocess.Popen(words, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdin is not None
    process.stdout.close()  # the reader leaves before anything is written
    _, err = process.communicate("end\nadvance orcs 8\nend\n", timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert process.returncode == 0
