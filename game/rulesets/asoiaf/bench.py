"""The A Song of Ice and Fire bench table (``warbench bench play``, issue 12; issue 24 moved it
into the ruleset): ``units`` trays in ranks, half a side, facing each other across :data:`GAP`
inches so that the front rank can charge, and :data:`TERRAIN` terrain pieces in the gaps."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from shapely.geometry import Polygon, box

from game.core.plan import Plan
from game.core.state import GameState
from game.core.vocab import BenchTable
from game.geometry.tray import Tray
from game.rulesets.asoiaf import odds
from game.rulesets.asoiaf.actions import Attack, Charge
from game.rulesets.asoiaf.units import AsoiafUnit

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset

SIZES = (50, 200, 800)
"""The table sizes ``bench play`` measures (trays)."""
TERRAIN = 30
GAP = 8.0
"""Inches between the two front lines: charges from the front rank are possible."""
PROFILES = {1: ("stark_sworn_swords", "stark_bowmen", "stark_outriders"),
            2: ("lannister_guardsmen", "lannister_crossbowmen", "lannister_halberdiers")}


def bench_table(units: int, seed: int) -> BenchTable:
    """The generated table of ``units`` trays (see the module docstring)."""
    rng = random.Random(seed)
    per_side = units // 2
    cols = max(4, math.ceil(math.sqrt(per_side * 2.2)))
    rows = math.ceil(per_side / cols)
    dx, dy = 7.5, 7.0
    width = cols * dx + 4
    height = 2 * rows * dy + GAP + 8
    mid = height / 2
    lines = ["[scenario]", f'name = "Bench {units} trays"', 'ruleset = "asoiaf"',
             f"seed = {seed}", "", "[table]", f"width = {width:.1f}", f"height = {height:.1f}", "",
             "[[players]]", 'name = "Stark"', 'colour = "#708090"', "",
             "[[players]]", 'name = "Lannister"', 'colour = "#b22222"', ""]
    taken: list[Polygon] = []
    unit_lines: list[str] = []
    for side in (1, 2):
        for i in range(per_side):
            col, row = i % cols, i // cols
            x = 2 + dx / 2 + col * dx + rng.uniform(-0.4, 0.4)
            depth_from_front = 2.5 + row * dy
            y = mid - GAP / 2 - depth_from_front if side == 1 else mid + GAP / 2 + (
                depth_from_front)
            facing = 0.0 if side == 1 else 180.0
            profile = rng.choice(PROFILES[side]) if row else PROFILES[side][0]
            uid = f"s{side}u{i}"
            taken.append(Tray(x, y, facing, 5.5, 5.0).polygon.buffer(0.3))
            unit_lines += ["[[units]]", f'id = "{uid}"', f"side = {side}",
                           f'profile = "{profile}"', f"at = [{x:.2f}, {y:.2f}]",
                           f"facing = {facing:.0f}", ""]
    lines += _terrain(rng, width, height, taken)
    return BenchTable(f"generated {units} trays, {TERRAIN} terrain pieces",
                      "\n".join(lines + unit_lines), units + 10)


def _terrain(rng: random.Random, width: float, height: float,
             taken: list[Polygon]) -> list[str]:
    """:data:`TERRAIN` small hexagonal pieces where no tray stands."""
    kinds = [("forest", '"blocks-sight"'), ("ruins", '"blocks-sight", "impassable"'),
             ("hill", ""), ("broken ground", '"rough"')]
    lines: list[str] = []
    placed = tries = 0
    while placed < TERRAIN and tries < 20000:
        tries += 1
        cx, cy = rng.uniform(2, width - 2), rng.uniform(2, height - 2)
        r = rng.uniform(0.6, 1.4)
        pts = [(cx + r * rng.uniform(0.7, 1.0) * math.cos(math.tau * k / 6),
                cy + r * rng.uniform(0.7, 1.0) * math.sin(math.tau * k / 6)) for k in range(6)]
        poly = Polygon(pts)
        if not box(0, 0, width, height).contains(poly) or any(poly.intersects(t)
                                                             for t in taken):
            continue
        taken.append(poly.buffer(0.2))
        kind, keywords = kinds[placed % len(kinds)]
        ring = ", ".join(f"[{x:.2f}, {y:.2f}]" for x, y in pts)
        lines += ["[[terrain]]", f'id = "t{placed}"', f'kind = "{kind}"',
                  f"keywords = [{keywords}]", f"polygon = [{ring}]", ""]
        placed += 1
    return lines


def bench_odds(rules: AsoiafRuleset, state: GameState, viewer_id: str, target_id: str
               ) -> Callable[[], object] | None:
    """The odds the hover shows for a pair: the exact outcomes of the plan of the viewer's
    attack on the target, else of its charge (AS-RES-*, AS-CHG-3), as
    :meth:`AsoiafRuleset.unit_plan` gives them to the hover; None when neither is possible.
    The odds are computed afresh (a new plan record, the memoised odds forgotten) so that the
    first query of the pair is a cold one."""
    if not isinstance(state.units.get(viewer_id), AsoiafUnit):
        return None
    for action in (Attack(viewer_id, target_id), Charge(viewer_id, target_id)):
        plan = rules.unit_plan(state, action)
        if isinstance(plan, Plan):
            fresh = replace(plan)
            odds.clear_odds_cache()
            return lambda: fresh.outcomes
    return None
