"""Small GODSGLOOM scenarios built in the tests, and helpers to play them.

Hex directions (game.geometry.hexgrid, pointy-top, y up): 0 north-east (0,+1), 1 east (+1,0),
2 south-east (+1,-1), 3 south-west (0,-1), 4 west (-1,0), 5 north-west (-1,+1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.core.game import Game
from game.geometry.hexgrid import Hex
from game.rulesets.godsgloom.units import GodsUnit
from game.scenario import Scenario, load_scenario_text
from tests.playing import kinds as kinds  # re-exported
from tests.playing import play as play
from tests.toml_text import toml_value

PLAIN = {"health": 4, "tokens": 3, "attack": 2, "defence": 1, "speed": 3}
"""Inline stats of a plain test unit: 2 attack dice then 1 defence die."""


def unit(uid: str, side: int, at: tuple[int, int], facing: int, **extra: Any) -> dict[str, Any]:
    """A unit entry: plain inline stats unless ``profile`` or ``stats`` is given."""
    entry: dict[str, Any] = {"id": uid, "side": side, "hex": list(at), "facing": facing}
    if "profile" not in extra:
        stats = dict(PLAIN)
        stats.update(extra.pop("stats", {}))
        entry["stats"] = stats
    entry.update(extra)
    return entry


def scenario_text(units: Sequence[Mapping[str, Any]], hexes: Iterable[Mapping[str, Any]] = (),
                  dice: Sequence[int] = (), options: Mapping[str, Any] | None = None,
                  radius: int = 3, seed: int = 1, allow_undo_dice: bool = False) -> str:
    """The TOML text of a small hexagonal GODSGLOOM scenario."""
    lines = ["[scenario]", 'name = "test"', 'ruleset = "godsgloom"', f"seed = {seed}",
             "[hexmap]", f"radius = {radius}"]
    for h in hexes:
        lines += ["[[hexmap.hexes]]", *(f"{k} = {toml_value(v)}" for k, v in h.items())]
    lines += ['[[players]]', 'name = "Red"', 'colour = "#aa0000"',
              '[[players]]', 'name = "Blue"', 'colour = "#0000aa"']
    for u in units:
        lines += ["[[units]]", *(f"{k} = {toml_value(v)}" for k, v in u.items())]
    lines += ["[dice]", f"scripted = {toml_value(list(dice))}"]
    lines += ["[rules]", f"allow_undo_dice = {toml_value(allow_undo_dice)}"]
    if options:
        lines += ["[rules.options]", *(f"{k} = {toml_value(v)}" for k, v in options.items())]
    return "\n".join(lines) + "\n"


def scenario(units: Sequence[Mapping[str, Any]], **kwargs: Any) -> Scenario:
    """A loaded small scenario (see :func:`scenario_text`)."""
    return load_scenario_text(scenario_text(units, **kwargs), "test.toml")


def duel(a: Mapping[str, Any] | None = None, d: Mapping[str, Any] | None = None,
         **kwargs: Any) -> Game:
    """Attacker ``a`` (side 1) on (0,0) facing right, defender ``d`` (side 2) on (1,0) facing
    left, plus ``kwargs['more']`` units; a new game."""
    more = kwargs.pop("more", [])
    a_extra, d_extra = dict(a or {}), dict(d or {})
    units = [unit("a", 1, (0, 0), a_extra.pop("facing", 1), **a_extra),
             unit("d", 2, (1, 0), d_extra.pop("facing", 4), **d_extra), *more]
    return scenario(units, **kwargs).new_game()


def gu(game: Game, uid: str) -> GodsUnit:
    """A GODSGLOOM unit of the game."""
    u = game.state.units[uid]
    assert isinstance(u, GodsUnit)
    return u


def at(game: Game, uid: str) -> tuple[Hex | None, int]:
    """(hex, facing) of a unit."""
    u = gu(game, uid)
    return u.hex, u.hex_facing
