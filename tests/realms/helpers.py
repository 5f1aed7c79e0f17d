"""Small realms scenarios built in the tests, and helpers to play them.

Hex directions (game.geometry.hexgrid, pointy-top, y up): 0 north-east (0,+1), 1 east (+1,0),
2 south-east (+1,-1), 3 south-west (0,-1), 4 west (-1,0), 5 north-west (-1,+1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.core.actions import parse
from game.core.game import Game
from game.rulesets.realms.units import RealmsUnit
from game.scenario import Scenario, load_scenario_text
from tests.playing import kinds as kinds  # re-exported
from tests.playing import play as play
from tests.toml_text import toml_value

FIGHTER = {"health": 8, "move": 4, "height": 5, "eye": 4, "head_turn": True, "base_die": 6,
           "defense_die": 6, "precision": 2, "main": "sword", "off": "none",
           "weapons": {"sword": {"die": 8, "type": "slash"}}}
"""Inline stats of a plain test figure: d8 sword + d6 base, d6 defense, no second hand."""


def unit(uid: str, side: int, at: tuple[int, int], facing: int, **extra: Any) -> dict[str, Any]:
    """A unit entry: the plain FIGHTER (with ``stats`` overrides) unless ``profile`` is given."""
    entry: dict[str, Any] = {"id": uid, "side": side, "hex": list(at), "facing": facing}
    if "profile" not in extra:
        stats = dict(FIGHTER)
        stats.update(extra.pop("stats", {}))
        entry["stats"] = stats
    entry.update(extra)
    return entry


def scenario_text(units: Sequence[Mapping[str, Any]], hexes: Iterable[Mapping[str, Any]] = (),
                  dice: Sequence[int] = (), options: Mapping[str, Any] | None = None,
                  radius: int = 4, seed: int = 1,
                  features: Mapping[str, Sequence[Mapping[str, Any]]] | None = None) -> str:
    """The TOML text of a small hexagonal realms scenario (``features``: the map's
    ``[[hexmap.obstructions]]``, ``[[hexmap.walls]]`` and ``[[hexmap.pads]]`` entries)."""
    lines = ["[scenario]", 'name = "test"', 'ruleset = "realms"', f"seed = {seed}",
             "[hexmap]", f"radius = {radius}"]
    for h in hexes:
        lines += ["[[hexmap.hexes]]", *(f"{k} = {toml_value(v)}" for k, v in h.items())]
    for key, entries in (features or {}).items():
        for e in entries:
            lines += [f"[[hexmap.{key}]]", *(f"{k} = {toml_value(v)}" for k, v in e.items())]
    lines += ['[[players]]', 'name = "Red"', 'colour = "#aa0000"',
              '[[players]]', 'name = "Blue"', 'colour = "#0000aa"']
    for u in units:
        lines += ["[[units]]", *(f"{k} = {toml_value(v)}" for k, v in u.items())]
    lines += ["[dice]", f"scripted = {toml_value(list(dice))}"]
    if options:
        lines += ["[rules.options]", *(f"{k} = {toml_value(v)}" for k, v in options.items())]
    return "\n".join(lines) + "\n"


FORMS = ("map", "options")
"""Where a scenario puts its obstructions, walls and transit pads: the ``[hexmap]`` (the
format) or the older ``[rules.options]`` form, which still loads."""


def board_features(form: str, **items: list[Any]) -> dict[str, Any]:
    """Scenario keyword arguments that put ``obstructions``, ``walls`` (entries as in the
    file) and ``pads`` (pairs of spaces) on the map or in the options (see :data:`FORMS`)."""
    if form == "options":
        return {"options": items}
    return {"features": {k: [{"between": v} for v in vs] if k == "pads" else vs
                         for k, vs in items.items()}}


def scenario(units: Sequence[Mapping[str, Any]], **kwargs: Any) -> Scenario:
    """A loaded small scenario (see :func:`scenario_text`)."""
    return load_scenario_text(scenario_text(units, **kwargs), "test.toml")


def game(units: Sequence[Mapping[str, Any]], **kwargs: Any) -> Game:
    """A new game of a small scenario."""
    return scenario(units, **kwargs).new_game()


def duel(a: Mapping[str, Any] | None = None, d: Mapping[str, Any] | None = None,
         d_at: tuple[int, int] = (1, 0), **kwargs: Any) -> Game:
    """Attacker ``a`` (side 1) on (0,0) facing east, defender ``d`` (side 2) on ``d_at``
    facing west, plus ``kwargs['more']`` units."""
    more = kwargs.pop("more", [])
    a_extra, d_extra = dict(a or {}), dict(d or {})
    units = [unit("a", 1, (0, 0), a_extra.pop("facing", 1), **a_extra),
             unit("d", 2, d_at, d_extra.pop("facing", 4), **d_extra), *more]
    return game(units, **kwargs)


def ru(g: Game, uid: str) -> RealmsUnit:
    """A realms unit of the game."""
    u = g.state.units[uid]
    assert isinstance(u, RealmsUnit)
    return u


def why(g: Game, text: str) -> str:
    """The refusal of an action (its text and rule IDs), or '' if legal."""
    refusal = g.why_not(parse(text, g.ruleset.action_types()))
    return "" if refusal is None else str(refusal)
