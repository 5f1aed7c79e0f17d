"""Small Ninth Age scenarios built in the tests, and helpers to play them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.game import Game
from game.rulesets.ninth_age.units import NinthUnit
from game.scenario import Scenario, load_scenario_text
from tests.playing import play as play  # re-exported
from tests.toml_text import toml_value


def unit(uid: str, side: int, at: tuple[float, float], facing: float,
         **extra: Any) -> dict[str, Any]:
    """A unit entry (give ``profile`` or ``stats``)."""
    entry: dict[str, Any] = {"id": uid, "side": side, "at": list(at), "facing": facing}
    entry.update(extra)
    return entry


def scenario(units: Sequence[Mapping[str, Any]], dice: Sequence[int] = (), seed: int = 1,
             size: float = 48.0, rounds: int = 6, allow_undo_dice: bool = False,
             terrain: Sequence[Mapping[str, Any]] = ()) -> Scenario:
    """A Ninth Age scenario on a square table."""
    lines = ["[scenario]", 'name = "test"', 'ruleset = "ninth_age"', f"seed = {seed}",
             "[table]", f"width = {size}", f"height = {size}"]
    for t in terrain:
        lines += ["[[terrain]]", *(f"{k} = {toml_value(v)}" for k, v in t.items())]
    lines += ['[[players]]', 'name = "Red"', 'colour = "#aa0000"',
              '[[players]]', 'name = "Blue"', 'colour = "#0000aa"']
    for u in units:
        lines += ["[[units]]", *(f"{k} = {toml_value(v)}" for k, v in u.items())]
    lines += ["[dice]", f"scripted = {toml_value(list(dice))}"]
    lines += ["[rules]", f"allow_undo_dice = {toml_value(allow_undo_dice)}"]
    lines += ["[rules.options]", f"rounds = {rounds}"]
    return load_scenario_text("\n".join(lines) + "\n")


def facing_pair(a: Mapping[str, Any], b: Mapping[str, Any], a_depth: float, b_depth: float,
                x: float = 24.0, y: float = 20.0) -> list[dict[str, Any]]:
    """Two units front to front along y = ``y``: ``a`` (side 1) facing north, ``b`` south."""
    return [unit("a", 1, (x, y - a_depth / 2.0), 0.0, **a),
            unit("b", 2, (x, y + b_depth / 2.0), 180.0, **b)]


def nu(game: Game, uid: str) -> NinthUnit:
    """A Ninth Age unit of the game."""
    u = game.state.units[uid]
    assert isinstance(u, NinthUnit)
    return u


def clear_line_sampled(tray: Any, targets: Sequence[tuple[float, float]],
                       blockers: Sequence[Any], n: int) -> bool:
    """Whether some sampled line from ``n + 1`` points of the tray's front edge to one of
    ``targets``, at most 45 degrees off its facing, crosses no blocker (the brute force the
    exact sight and cover tests are checked against; NA-SHT-2, NA-SHT-3)."""
    import math

    from game.geometry.tray import Side
    from game.rulesets.ninth_age.sight import SIGHT_HALF_ANGLE, sees

    (lx, ly), (rx, ry) = tray.edge_points(Side.FRONT)
    fx, fy = tray.forward
    limit = math.cos(math.radians(SIGHT_HALF_ANGLE)) - 1e-9
    for k in range(n + 1):
        p = (lx + (rx - lx) * k / n, ly + (ry - ly) * k / n)
        for q in targets:
            dx, dy = q[0] - p[0], q[1] - p[1]
            d = math.hypot(dx, dy)
            if d >= 1e-9 and (dx * fx + dy * fy) / d >= limit and sees(p, q, list(blockers)):
                return True
    return False
