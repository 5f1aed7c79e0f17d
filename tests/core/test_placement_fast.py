"""The vectorised overlap test of ``placement_problem`` names the same unit as testing the
units one by one (issue 12: one answer, computed faster)."""

from __future__ import annotations

import random

from game.core.table_actions import OVERLAP_AREA, _first_overlap
from game.geometry.tray import Tray


def test_first_overlap_equals_the_one_by_one_loop() -> None:
    rng = random.Random(3)
    for _ in range(300):
        others = [Tray(rng.uniform(0, 20), rng.uniform(0, 20), rng.uniform(0, 360),
                       rng.choice([1.0, 2.0, 5.5]), rng.choice([1.0, 4.8]))
                  for _ in range(rng.randint(0, 25))]
        tray = Tray(rng.uniform(0, 20), rng.uniform(0, 20), rng.uniform(0, 360), 5.5, 4.8)
        polys = [o.polygon for o in others]
        ref = next((i for i, p in enumerate(polys)
                    if tray.polygon.intersection(p).area > OVERLAP_AREA), None)
        assert _first_overlap(tray, polys) == ref
