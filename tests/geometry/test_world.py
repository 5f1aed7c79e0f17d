"""World cache and incremental sight table against the free functions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.bench.geometry_bench import make_scene
from game.geometry import Tray, first_contact, line_of_sight, range_to
from game.geometry.world import BLOCKS_SIGHT, IMPASSABLE, Terrain, World

from .brute import witness_is_valid


def small_world(seed: int) -> World:
    rng = random.Random(seed)
    trays: dict[str, Tray] = {}
    polys: list[Polygon] = []
    while len(trays) < 25:
        t = Tray(rng.uniform(1, 29), rng.uniform(1, 19), rng.choice([0, 90, 180, 270,
                                                                      rng.uniform(0, 360)]),
                 rng.choice([1.0, 2.0, 3.0]), rng.choice([0.5, 1.0]))
        if not any(t.polygon.intersects(p) for p in polys):
            trays[f"t{len(trays)}"] = t
            polys.append(t.polygon)
    terrain = [Terrain(box(12, 8, 14, 12), frozenset({BLOCKS_SIGHT, IMPASSABLE})),
               Terrain(Polygon([(20, 2), (24, 2), (24, 3), (21, 3), (21, 6), (20, 6)]),
                       frozenset({BLOCKS_SIGHT}))]
    terrain = [t for t in terrain if not any(t.polygon.intersects(p) for p in polys)]
    return World(trays, terrain)


def obstacles_for(w: World, viewer: str, target: str) -> tuple[list[Polygon], list[str]]:
    keys = w.obstacle_keys()
    polys, names = [], []
    for i, k in enumerate(keys):
        if k in (viewer, target):
            continue
        if i < len(w.ids):
            polys.append(w.tray(k).polygon)
            names.append(k)
        elif BLOCKS_SIGHT in w.terrain[i - len(w.ids)].keywords:
            polys.append(w.terrain[i - len(w.ids)].polygon)
            names.append(k)
    return polys, names


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_world_sight_matches_free_function(seed: int) -> None:
    w = small_world(seed)
    keys = w.obstacle_keys()
    for v in w.ids[:8]:
        got = w.sight_from(v)
        for t, s in got.items():
            polys, names = obstacles_for(w, v, t)
            ref = line_of_sight(w.tray(v), w.tray(t).polygon, polys)
            assert s.visible == ref.visible, (v, t, s, ref)
            if not s.visible and s.reason == "blocked":
                assert {keys[b] for b in s.blockers} <= set(names)
        t0 = next(iter(got))
        assert w.sight(v, t0).visible == got[t0].visible


def test_world_ranges_and_contacts_match_free_functions() -> None:
    w = small_world(4)
    v = w.ids[0]
    for t, r in w.range_from(v).items():
        assert r == pytest.approx(range_to(w.tray(v), w.tray(t).polygon), abs=1e-9)
    contacts = w.first_contacts(12.0)
    keys = w.obstacle_keys()
    for k in w.ids:
        obs = [w.tray(o).polygon for o in w.ids if o != k] + [
            t.polygon for t in w.terrain if IMPASSABLE in t.keywords]
        names = [o for o in w.ids if o != k] + [keys[len(w.ids) + i]
                                                for i, t in enumerate(w.terrain)
                                                if IMPASSABLE in t.keywords]
        d, who = first_contact(w.tray(k), obs, 12.0)
        assert contacts[k][0] == pytest.approx(d, abs=1e-9)
        assert contacts[k][1] == (None if who is None else names[who])


def test_bench_scene_world_agrees_with_free_function_on_one_viewer() -> None:
    w = make_scene(3, n_trays=60, n_terrain=10)
    v = w.ids[0]
    for t, s in w.sight_from(v).items():
        polys, _ = obstacles_for(w, v, t)
        assert s.visible == line_of_sight(w.tray(v), w.tray(t).polygon, polys).visible


# ---------------------------------------------------------------------------------------------
# the World's fast path (cover proofs + exact sub-segments) against the exact free function
# on crowded grid scenes full of touching trays, grazing lines and seams


@st.composite
def grid_worlds(draw: st.DrawFn) -> World:
    trays: dict[str, Tray] = {}
    polys: list[Polygon] = []
    n = draw(st.integers(6, 14))
    for _ in range(n * 3):
        if len(trays) >= n:
            break
        x = draw(st.integers(0, 24)) / 2
        y = draw(st.integers(0, 24)) / 2
        facing = draw(st.sampled_from([0.0, 90.0, 180.0, 270.0, 45.0]))
        t = Tray(x, y, facing, draw(st.sampled_from([1.0, 2.0, 3.0])),
                 draw(st.sampled_from([0.5, 1.0])))
        # touching is allowed (seams, pinch points), overlapping is not
        if all(t.polygon.intersection(p).area <= 1e-12 for p in polys):
            trays[f"t{len(trays)}"] = t
            polys.append(t.polygon)
    terrain = []
    if draw(st.booleans()):
        x, y = draw(st.integers(2, 20)) / 2, draw(st.integers(2, 20)) / 2
        ell = Polygon([(x, y), (x + 2, y), (x + 2, y + 0.5), (x + 0.5, y + 0.5),
                       (x + 0.5, y + 2), (x, y + 2)])
        if all(ell.intersection(p).area <= 1e-12 for p in polys):
            terrain.append(Terrain(ell, frozenset({BLOCKS_SIGHT})))
    assume(len(trays) >= 3)
    return World(trays, terrain)


@given(grid_worlds(), st.integers(0, 2))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
def test_world_sight_equals_exact_free_function_on_grid_scenes(w: World, depth: int) -> None:
    w.cover_depth = [0, 3, 6][depth]
    for v in w.ids[:4]:
        for t, s in w.sight_from(v).items():
            polys, _ = obstacles_for(w, v, t)
            ref = line_of_sight(w.tray(v), w.tray(t).polygon, polys)
            assert s.visible == ref.visible, (v, t, s, ref)
            if s.visible and s.reason == "clear":
                assert s.witness is not None
                assert witness_is_valid(w.tray(v), w.tray(t).polygon, polys, s.witness)


# ---------------------------------------------------------------------------------------------
# pieces of the fast path


@given(st.floats(0, 30), st.floats(0, 20), st.sampled_from([0.0, 90.0, 45.0, 17.5, 301.0]),
       st.floats(0, 30), st.floats(0, 20), st.floats(0, 360),
       st.sampled_from(["corner-45", "diagonals"]))
@settings(max_examples=200, deadline=None)
def test_numpy_front_arc_clip_equals_front_arc_part(
        vx: float, vy: float, vf: float, tx: float, ty: float, tf: float, cons: str) -> None:
    import numpy as np

    from game.geometry.arcs import Arc, arc_halfplanes
    from game.geometry.sight import front_arc_part
    from game.geometry.world import clip_to_arc

    viewer = Tray(vx, vy, vf, 2.0, 1.0)
    target = Tray(tx, ty, tf, 3.0, 1.5)
    hp = arc_halfplanes(viewer, Arc.FRONT, cons)  # type: ignore[arg-type]
    quad = np.asarray(target.polygon.exterior.coords[:4], dtype=float)
    ref = front_arc_part(viewer, [tuple(p) for p in quad], cons)  # type: ignore[arg-type]
    hpa = np.asarray(hp, dtype=float)
    vals = quad @ hpa[:, :2].T - hpa[:, 2]
    for skip in (None, (vals >= 1e-9 - 1e-6).all(axis=0)[None]):
        g, n = clip_to_arc(quad[None], [hp], np.asarray([True]), skip)
        if len(ref) < 3:
            assert n[0] < 3
        else:
            assert [tuple(p) for p in g[0, : n[0]].tolist()] == [tuple(p) for p in ref]


def test_split_factors_reach_the_finest_level() -> None:
    import math

    from game.geometry.cover import split_factors

    for depth in range(10):
        assert math.prod(split_factors(depth)) == 2 ** depth


def test_critical_sets_only_when_asked() -> None:
    w = small_world(3)
    for v in w.ids[:5]:
        plain = w.sight_from(v)
        full = w.sight_from(v, critical=True)
        assert plain.keys() == full.keys()
        for t, s in plain.items():
            assert s.visible == full[t].visible and s.blockers == full[t].blockers
            assert set(full[t].critical) <= set(full[t].blockers)
