"""The memoised pieces are exactly the pieces built from scratch (issue 12: the rules ask
about the same obstacles many times per game moment, so they are cached per polygon)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.bench.geometry_bench import make_scene
from game.geometry import pieces as P

FIELDS = ("verts", "count", "owner", "normal", "offset", "centroid", "bounds")


@pytest.mark.parametrize("max_vertices", [0, 3, 4, 6])
def test_build_pieces_equals_the_uncached_rings_path(max_vertices: int) -> None:
    w = make_scene(2, n_trays=40, n_terrain=15)
    polys = [w.tray(k).polygon for k in w.ids] + [t.polygon for t in w.terrain]
    for trial in range(20):
        rng = random.Random(trial)
        sub = rng.sample(polys, rng.randint(0, len(polys)))
        for _ in range(2):  # the second call answers from the memo
            got = P.build_pieces(sub, max_vertices)
            rings, owners = [], []
            for i, poly in enumerate(sub):
                for r in P._convex_parts(poly, max_vertices):
                    if len(r) >= 3:
                        rings.append(r)
                        owners.append(i)
            ref = P.pieces_from_rings(rings, owners)
            for f in FIELDS:
                a, b = getattr(got, f), getattr(ref, f)
                assert a.shape == b.shape and np.array_equal(a, b), f
