"""The ``# Try:`` line at the top of a shipped scenario is a ``warbench run`` command; it plays
as written (issue 23, item 6: docs that match the program)."""

from __future__ import annotations

import io
import re

import pytest

from game import cli
from tests.conftest import SCENARIOS

_TRY = re.compile(r"^# Try: warbench run (\S+) --actions - <<< \$'(.*)'$", re.MULTILINE)


def try_lines() -> list[tuple[str, str, str]]:
    """(file, scenario word, actions) of every shipped scenario's ``# Try:`` line."""
    return [(path.name, m.group(1), m.group(2).replace("\\n", "\n"))
            for path in sorted(SCENARIOS.glob("*.toml"))
            for m in _TRY.finditer(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("file", "word", "actions"), try_lines(), ids=lambda v: str(v)[:40])
def test_every_try_line_plays(file: str, word: str, actions: str) -> None:
    """The command runs from the checkout as shown, and every action in it is legal."""
    scenario = cli.load_scenario(cli.scenario_source(str(SCENARIOS.parent / word)
                                                      if "/" in word else word))
    game = scenario.new_game()
    lines = [(n, line) for n, line in enumerate(actions.splitlines(), 1) if line.strip()]
    out = io.StringIO()
    assert cli.play_script(game, lines, cli.Printer(out, as_json=False)) == cli.EXIT_OK, \
        f"{file}: {out.getvalue()}"


def test_try_lines_are_found() -> None:
    """The pattern reads the lines (so an empty scan cannot pass)."""
    assert len(try_lines()) >= 10
