"""The realms bench table (``warbench bench play``, issue 15; issue 24 moved it into the
ruleset): a generated square hex board (hills, a mesa, woods, deep water) with ``units`` one-space
units, half a side in two ranks (more ranks behind when the board is full), the front ranks one
space apart across the middle rows."""

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

SIZES = (20, 50, 200)
"""The table sizes ``bench play`` measures (units): the shipped skirmish's size, then 50 and
200 units (issue 32)."""
MAX_SIZE = 60
"""The largest board a scenario may have (60 x 60): more units stand in more ranks."""
SIZE = 20
"""Spaces along each side of the board (at least: wider for more units)."""
PROFILES = ("swordsman", "archer", "spearman", "duelist", "brawler", "mage")


def bench_table(units: int, seed: int) -> BenchTable:
    """The generated board of ``units`` units (see the module docstring)."""
    per_side = max(1, units // 2)
    size = max(SIZE, min(MAX_SIZE, 3 * ((per_side + 1) // 2) + 3))
    per_pair = 2 * ((size - 4) // 3 + 1)  # two ranks, a unit every third space in each
    pairs = -(-per_side // per_pair)
    rng = random.Random(seed)
    mid = size // 2
    ranks = {side: [_rank_row(mid, side, r) for r in range(2 * pairs)] for side in (1, 2)}
    army_rows = set(ranks[1]) | set(ranks[2])
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
    for side, facing in ((1, 0), (2, 3)):
        for i in range(per_side):
            pair, k = divmod(i, per_pair)
            row = ranks[side][2 * pair + k % 2]
            col = 2 + 3 * (k // 2) + (k % 2)
            profile = PROFILES[(i + side) % len(PROFILES)]
            lines += ["[[units]]", f'id = "r{side}u{i}"', f"side = {side}",
                      f'profile = "{profile}"', f"hex = [{col - row // 2}, {row}]",
                      f"facing = {facing}", ""]
    return BenchTable(f"generated {size}x{size} hex board, {2 * per_side} units",
                      "\n".join(lines), 2 * per_side + 10)


def _rank_row(mid: int, side: int, rank: int) -> int:
    """The row of a side's ``rank`` (0 the front rank), ranks filling away from the middle:
    side 1 from row ``mid - 2`` down, side 2 from row ``mid`` up."""
    return mid - 2 - rank if side == 1 else mid + rank


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
