"""Helpers for asoiaf tests: build small tables in code, run actions, collect events."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

from game.cli import main as cli_main
from game.core.actions import Action, parse
from game.core.events import Event
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.state import GameState
from game.rulesets.asoiaf import AsoiafRuleset, create
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from tests.playing import kinds as kinds  # re-exported

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SCRIPTS = Path(__file__).resolve().parent / "scripts"


def unit(uid: str, side: int, profile: str, x: float, y: float, facing: float = 0.0,
         **extra: Any) -> dict[str, Any]:
    """A unit entry for :func:`table`."""
    return {"id": uid, "side": side, "profile": profile, "at": [x, y], "facing": facing, **extra}


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)


def table_text(units: Sequence[dict[str, Any]], terrain: Sequence[dict[str, Any]] = (),
               dice: Sequence[int] = (), options: dict[str, Any] | None = None,
               size: tuple[float, float] = (48.0, 48.0)) -> str:
    """A scenario's TOML text."""
    lines = ['[scenario]', 'name = "test"', 'ruleset = "asoiaf"', "",
             "[table]", f"width = {size[0]}", f"height = {size[1]}", ""]
    for name, colour in (("Stark", "#708090"), ("Lannister", "#b22222")):
        lines += ["[[players]]", f'name = "{name}"', f'colour = "{colour}"', ""]
    for piece in terrain:
        lines += ["[[terrain]]"] + [f"{k} = {_toml_value(v)}" for k, v in piece.items()] + [""]
    for entry in units:
        lines += ["[[units]]"] + [f"{k} = {_toml_value(v)}" for k, v in entry.items()] + [""]
    lines += ["[dice]", f"scripted = {_toml_value(list(dice))}", ""]
    if options:
        lines += ["[rules]", f"options = {_toml_value(options)}", ""]
    return "\n".join(lines)


def table(units: Sequence[dict[str, Any]], terrain: Sequence[dict[str, Any]] = (),
          dice: Sequence[int] = (), options: dict[str, Any] | None = None) -> Game:
    """A new game on a 48" table with these units (player 1 = Stark, 2 = Lannister)."""
    return load_scenario_text(table_text(units, terrain, dice, options)).new_game()


@cache
def _loaded(name: str) -> Scenario:
    return load_scenario(SCENARIOS / f"asoiaf_{name}.toml")


def scenario(name: str, dice: Sequence[int] = ()) -> Game:
    """A new game of a shipped scenario (the file is read once per test run; each game gets
    its own ruleset object, so test abilities bound to one never leak into another)."""
    loaded = _loaded(name)
    state = snapshot(loaded.state)
    state.scripted_dice.extend(dice)
    return Game(state, create(loaded.model.rules.options))


def rules_and_state(game: Game) -> tuple[AsoiafRuleset, GameState]:
    """The game's asoiaf ruleset instance and its state (for the instance's previews)."""
    assert isinstance(game.ruleset, AsoiafRuleset)
    return game.ruleset, game.state


def act(game: Game, *lines: str) -> list[Event]:
    """Apply actions given as text; return their events."""
    out: list[Event] = []
    for line in lines:
        out.extend(game.apply(parse(line, game.ruleset.action_types())))
    return out


def action(game: Game, line: str) -> Action:
    """Parse an action against the game's vocabulary."""
    return parse(line, game.ruleset.action_types())


def refusal_rules(game: Game, line: str) -> tuple[str, ...]:
    """The rule IDs of why an action is refused (empty tuple if it is legal)."""
    refusal = game.why_not(action(game, line))
    return () if refusal is None else refusal.rules


def first(events: Iterable[Event], kind: str) -> Event:
    """The first event of a kind."""
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind} event")


def run_cli(*args: str) -> tuple[int, str]:
    """Run ``python -m game ...`` in-process; exit code and standard output."""
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = cli_main(list(args))
    return code, buffer.getvalue()
