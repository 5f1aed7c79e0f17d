"""The GODSGLOOM bench table (``warbench bench play``, issue 32): a generated hex map with
``units`` one-hex units, half a side in lines a hex apart (a unit on every other hex), the
front lines three rows apart across the middle, and woods and rubble scattered outside the
armies' rows."""

from __future__ import annotations

import random

from game.core.vocab import BenchTable

SIZES = (10, 50, 200)
"""The table sizes ``bench play`` measures (units): the shipped skirmish's size, then 50 and
200 units."""
MIN_SIZE = 12
MAX_SIZE = 60
"""The smallest and the largest map side the bench builds (60 is the scenario limit)."""
PROFILES = ("line_infantry", "spearmen", "elite_guard", "brute", "skirmishers")
TERRAIN = (("gloomwood", '"blocks-sight", "rough"'), ("rubble", '"impassable"'))


def bench_table(units: int, seed: int) -> BenchTable:
    """The generated map of ``units`` units (see the module docstring)."""
    per_side = max(1, units // 2)
    size = max(MIN_SIZE, min(MAX_SIZE, per_side + 4))
    per_line = (size - 2) // 2
    lines_per_side = -(-per_side // per_line)
    mid = size // 2
    rows = {1: [mid - 2 - 2 * k for k in range(lines_per_side)],
            2: [mid + 1 + 2 * k for k in range(lines_per_side)]}
    text = ["[scenario]", f'name = "Bench GODSGLOOM {2 * per_side} units"',
            'ruleset = "godsgloom"', f"seed = {seed}", "", "[hexmap]", f"cols = {size}",
            f"rows = {size}", ""]
    text += _terrain(random.Random(seed), size, set(rows[1]) | set(rows[2]))
    text += ["[[players]]", 'name = "Ashen Host"', 'colour = "#b03a2e"', "",
             "[[players]]", 'name = "Gloom Court"', 'colour = "#2e86c1"', ""]
    for side, facing in ((1, 0), (2, 3)):
        for i in range(per_side):
            line, place = divmod(i, per_line)
            row = rows[side][line]
            col = 1 + 2 * place
            text += ["[[units]]", f'id = "g{side}u{i}"', f"side = {side}",
                     f'profile = "{PROFILES[(i + side) % len(PROFILES)]}"',
                     f"hex = [{col - row // 2}, {row}]", f"facing = {facing}", ""]
    return BenchTable(f"generated {size}x{size} hex map, {2 * per_side} units",
                      "\n".join(text), 2 * per_side + 10)


def _terrain(rng: random.Random, size: int, army_rows: set[int]) -> list[str]:
    """``size`` scattered pieces of wood and rubble, none on an army's row."""
    free_rows = [r for r in range(size) if r not in army_rows]
    placed: set[tuple[int, int]] = set()
    out: list[str] = []
    for k in range(size):
        row, col = rng.choice(free_rows), rng.randrange(size)
        if (col, row) in placed:
            continue
        placed.add((col, row))
        name, keywords = TERRAIN[k % len(TERRAIN)]
        out += ["[[hexmap.hexes]]", f"at = [{col - row // 2}, {row}]", f'terrain = "{name}"',
                f"keywords = [{keywords}]", ""]
    return out
