"""The CLI opens the window but does not load pygame for its headless commands, and the UI
does not import the CLI (the UI<->CLI cycle of issue 9 is gone)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_cli_loads_no_pygame() -> None:
    code = "import sys, game.cli; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_ui_never_imports_the_cli() -> None:
    # importlib.resources (shipped fonts and theme) is allowed; importlib itself could load
    # the CLI by name.
    imports = re.compile(r"^\s*(from|import)\s+(game\.cli\b|importlib(?!\.resources\b))", re.M)
    for path in (ROOT / "game" / "ui").glob("*.py"):
        assert not imports.search(path.read_text("utf-8")), path.name
