"""docs/cli.md and the README's command table match the ``warbench`` command line (issue 23,
item 6): every command and every option of the parser is described, and the output the page
shows for a misspelt scenario name is the program's."""

from __future__ import annotations

import argparse
import contextlib
import io
import re

import pytest

from game import cli
from tests.conftest import ROOT
from tests.docs.fences import fences, page_text

PAGE = "cli.md"


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Each command's own parser (the play-by-file commands' in full)."""
    parser = cli._parser(["pbf"])
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(found[0].choices)


def section(command: str) -> str:
    """The page's section about ``warbench COMMAND`` (its heading and its text)."""
    parts = re.split(r"^## ", page_text(PAGE), flags=re.MULTILINE)
    pattern = re.compile(rf"^`warbench (\[)?{command}\b")
    found = [p for p in parts if pattern.match(p)]
    assert found, f"docs/{PAGE} has no section on `warbench {command}`"
    return found[0]


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_every_command_and_option_is_described(command: str) -> None:
    """A section per command naming each of its options (sub-commands' options included)."""
    text = section(command)
    parsers = [subcommands()[command]]
    parsers += [p for a in parsers[0]._actions if isinstance(a, argparse._SubParsersAction)
                for p in a.choices.values()]
    options = {o for p in parsers for a in p._actions for o in a.option_strings
               if o.startswith("--") and o != "--help"}
    missing = sorted(o for o in options if o not in text)
    assert not missing, f"`warbench {command}`: {missing} not in docs/{PAGE}"


def test_version_is_described() -> None:
    """``warbench --version`` has its section and prints what the section says."""
    text = section("--version")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert f"`{out.getvalue().strip()}`" in text


@pytest.mark.parametrize("command", [*cli.COMMANDS, "--version"])
def test_the_readme_table_lists_every_command(command: str) -> None:
    """The README's command table has a row per command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith("| `warbench")]
    pattern = re.compile(rf"^\| `warbench (\[)?{re.escape(command)}\b")
    assert any(pattern.match(row) for row in rows), f"no README row for warbench {command}"


def test_the_misspelt_name_example_is_what_check_prints() -> None:
    """The page's example of a misspelt shipped name is the program's own output."""
    block = next(f for f in fences(PAGE) if f.lines and f.lines[0].startswith("$ warbench"))
    words = block.lines[0].removeprefix("$ warbench ").split()
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = cli.main(words)
    assert code == cli.EXIT_INVALID
    assert err.getvalue().splitlines() == list(block.lines[1:])
