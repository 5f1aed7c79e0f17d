"""The realms bench table (``warbench bench play``, issue 15; issue 24 moved it into the
ruleset): a generated square hex board (hills, a mesa, woods, deep water) with ``units`` one-space
units, half a side in two ranks, the front ranks one space apart across the middle rows."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core.pending import Refusal
from game.core.state import GameState
from game.core.vocab import BenchTable
from game.rulesets.realms.odds import attack_odds
from game.rulesets.realms.options import Settings
from game.rulesets.realms.rules import attempt
from game.rulesets.realms.units import RealmsUnit

SIZES = (20,)
"""The table sizes ``bench play`` measures (units)."""
SIZE = 20
"""Spaces along each side of the board (at least: wider for more units)."""
PROFILES = ("swordsman", "archer", "spearman", "duelist", "brawler", "mage")


def bench_table(units: int, seed: int) -> BenchTable:
    """The generated board of ``units`` units (see the module docstring)."""
    per_side = max(1, units // 2)
    size = max(SIZE, 3 * ((per_side + 1) // 2) + 3)
    rng = random.Random(seed)
    mid = size // 2
    army_rows = {mid - 3, mid - 2, mid, mid + 1}
    lines = ["[scenario]", f'name = "Bench realms {size}x{size}"', 'ruleset = "realms"',
             f"seed = {seed}", "", "[hexmap]", f"cols = {size}", f"rows = {size}", ""]
    kinds = (("hill", 4, ""), ("mesa", 12, ""), ("wood", 0, '"blocks-sight"'),
             ("deep water", 0, '"impassable"'))
    used: set[tuple[int, int]] = set()
    for _ in range(3 * size):
        row = rng.choice([r for r in range(size) if r not in army_rows])
        col = rng.randrange(size)
        if (col, row) in used:
            continue
        used.add((col, row))
        name, height, keywords = kinds[len(used) % len(kinds)]
        lines += ["[[hexmap.hexes]]", f"at = [{col - row // 2}, {row}]", f'terrain = "{name}"']
        lines += [f"elevation = {height}"] if height else []
        lines += [f"keywords = [{keywords}]"] if keywords else []
        lines.append("")
    lines += ["[[players]]", 'name = "Emberhold"', 'colour = "#b03a2e"', "",
              "[[players]]", 'name = "Frostmere"', 'colour = "#2e86c1"', ""]
    for side, rows, facing in ((1, (mid - 2, mid - 3), 0), (2, (mid, mid + 1), 3)):
        for i in range(per_side):
            row = rows[i % 2]
            col = 2 + 3 * (i // 2) + (i % 2)
            profile = PROFILES[(i + side) % len(PROFILES)]
            lines += ["[[units]]", f'id = "r{side}u{i}"', f"side = {side}",
                      f'profile = "{profile}"', f"hex = [{col - row // 2}, {row}]",
                      f"facing = {facing}", ""]
    return BenchTable(f"generated {size}x{size} hex board, {2 * per_side} units",
                      "\n".join(lines), 2 * per_side + 10)


def bench_odds(settings: Settings, state: GameState, viewer_id: str, target_id: str
               ) -> Callable[[], object] | None:
    """The hover's odds: the exact odds of the main-hand attack's plan (RL-ATK-1), None when
    the attack is refused (the hover then shows no chart)."""
    viewer = state.units.get(viewer_id)
    if not isinstance(viewer, RealmsUnit):
        return None
    found = attempt(settings, state, viewer, target_id, "main")
    if isinstance(found, Refusal):
        return None
    return lambda: attack_odds(found.plan)
