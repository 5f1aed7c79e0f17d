"""Geometry benchmark: exact answers vs naive baselines on a dense table.

Scene: a 72" x 48" table, 200 non-overlapping trays and 30 terrain pieces (fixed seed). Each
measurement is repeated ``--repeats`` times (one tray per repeat, chosen by the seed) and
reported as median and 95th percentile in CPU milliseconds (``time.process_time``: the
machine is shared, wall time would measure the neighbours). Exact answers are cross-checked
against brute force (dense sampling of sight lines, shapely ray casts for sweeps); every
mismatch counts as a disagreement.

Line of Sight is compared with two baselines that sample 9 lines per target: a per-pair
Python loop (``naive``) and a fair vectorised one with a single STRtree query per viewer
(``fair``), with the share of truly visible pairs the sampling misses. The incremental sight
table is updated after moves that alternate small steps and relocations anywhere on the
table, then compared pair by pair with a table built from scratch.

Run: ``python -m game.bench.geometry_bench [--json] [--repeats N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from game.geometry.arcs import Arc, arc_region
from game.geometry.sight import Sight
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.geometry.world import BLOCKS_SIGHT, IMPASSABLE, Terrain, World

TABLE_W, TABLE_H = 72.0, 48.0
SWEEP_DISTANCE = 12.0


# -------------------------------------------------------------------------------------------
# the scene


def make_scene(seed: int = 1, n_trays: int = 200, n_terrain: int = 30) -> World:
    """A dense random table: terrain first, then trays placed by rejection, none overlapping
    (a 0.25" gap is kept so that every tray can pivot a little)."""
    rng = random.Random(seed)
    terrain: list[Terrain] = []
    tree_geoms: list[Polygon] = []

    def free(poly: Polygon, gap: float) -> bool:
        if not shapely.box(0, 0, TABLE_W, TABLE_H).contains(poly):
            return False
        grown = poly.buffer(gap)
        return not any(grown.intersects(o) for o in tree_geoms)

    while len(terrain) < n_terrain:
        x, y = rng.uniform(4, TABLE_W - 4), rng.uniform(4, TABLE_H - 4)
        kind = rng.random()
        w, h = rng.uniform(1.5, 5), rng.uniform(1.5, 4)
        if kind < 0.5:
            base = Tray(x, y, rng.uniform(0, 180), w, h).polygon
        elif kind < 0.8:  # L-shaped ruins
            base = Polygon([(x, y), (x + w, y), (x + w, y + 1), (x + 1, y + 1), (x + 1, y + h),
                            (x, y + h)])
        else:  # a wood: irregular convex-ish blob
            pts = [(x + math.cos(a) * w / 2 * rng.uniform(0.7, 1.0),
                    y + math.sin(a) * h / 2 * rng.uniform(0.7, 1.0))
                   for a in np.linspace(0, 2 * math.pi, 9, endpoint=False)]
            base = Polygon(pts)
        if not base.is_valid or not free(base, 0.5):
            continue
        kw = set()
        if rng.random() < 0.7:
            kw.add(BLOCKS_SIGHT)
        if rng.random() < 0.5:
            kw.add(IMPASSABLE)
        terrain.append(Terrain(base, frozenset(kw)))
        tree_geoms.append(base)
    trays: dict[str, Tray] = {}
    while len(trays) < n_trays:
        t = Tray(rng.uniform(1, TABLE_W - 1), rng.uniform(1, TABLE_H - 1),
                 rng.choice([0.0, 90.0, 180.0, 270.0, rng.uniform(0, 360)]),
                 rng.choice([1.5, 2.0, 2.5, 3.0, 4.0]), rng.choice([1.0, 1.5, 2.0]),
                 files=rng.choice([2, 3, 4]), ranks=rng.choice([1, 2]))
        if free(t.polygon, 0.25):
            trays[f"u{len(trays)}"] = t
            tree_geoms.append(t.polygon)
    return World(trays, terrain)


# -------------------------------------------------------------------------------------------
# naive baselines


def naive_sight_from(world: World, viewer_id: str) -> dict[str, bool]:
    """Per-pair Python loop over 9 sampled lines (front-edge ends and middle to the centre
    and two outline points of the target's part in the Front Arc), each tested against every
    obstacle with shapely. Not exact: it misses lines between the samples."""
    viewer = world.tray(viewer_id)
    arc = arc_region(viewer, Arc.FRONT, world.construction, 200)
    src = [viewer.corners[0], viewer.front_arrow, viewer.corners[1]]
    keys = world.ids
    polys = [world.tray(k).polygon for k in keys]
    terrain = [t.polygon for t in world.terrain if BLOCKS_SIGHT in t.keywords]
    out: dict[str, bool] = {}
    for j, k in enumerate(keys):
        if k == viewer_id:
            continue
        part = polys[j].intersection(arc)
        if part.is_empty or part.area <= 0:
            out[k] = False
            continue
        c = part.centroid
        ring = list(part.exterior.coords)
        dst = [(c.x, c.y), ring[0], ring[len(ring) // 2]]
        obstacles = np.asarray([p for i, p in enumerate(polys) if i != j and keys[i] != viewer_id]
                               + terrain, dtype=object)
        seen = False
        for a in src:
            for b in dst:
                line = LineString([a, b])
                if not (shapely.intersects(line, obstacles)
                        & ~shapely.touches(line, obstacles)).any():
                    seen = True
                    break
            if seen:
                break
        out[k] = seen
    return out


class FairSightBaseline:
    """A fair vectorised baseline: the same 9 sampled lines per target as
    :func:`naive_sight_from`, but every line of one viewer built at once with shapely's
    vectorised functions and tested with one query of an STRtree over all obstacles (built
    once per scene, as :class:`World` builds its own index once). Not exact: it misses lines
    between the samples (see ``fair_missed_visible_fraction`` in the report)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.keys = world.ids
        n = len(self.keys)
        terrain = [t.polygon for t in world.terrain if BLOCKS_SIGHT in t.keywords]
        self.polys = np.asarray([world.tray(k).polygon for k in self.keys] + terrain,
                                dtype=object)
        self.n_trays = n
        self.tree = shapely.STRtree(self.polys)

    def sight_from(self, viewer_id: str) -> dict[str, bool]:
        """Visible (by any of the 9 lines) for every other tray."""
        w = self.world
        viewer = w.tray(viewer_id)
        v = self.keys.index(viewer_id)
        arc = arc_region(viewer, Arc.FRONT, w.construction, 200)
        targets = np.asarray([j for j in range(self.n_trays) if j != v], dtype=np.int64)
        parts = shapely.intersection(self.polys[targets], arc)
        live = ~shapely.is_empty(parts) & (shapely.area(parts) > 0)
        lt = targets[live]
        out = {self.keys[j]: False for j in targets.tolist()}
        if len(lt) == 0:
            return out
        # the same outline points as the naive loop: its first and middle coordinates
        coords, which = shapely.get_coordinates(shapely.get_exterior_ring(parts[live]),
                                                return_index=True)
        count = np.bincount(which, minlength=len(lt))
        start = np.concatenate([[0], np.cumsum(count)[:-1]])
        dst = np.stack([shapely.get_coordinates(shapely.centroid(parts[live])),
                        coords[start], coords[start + count // 2]], axis=1)  # (T, 3, 2)
        src = np.asarray([viewer.corners[0], viewer.front_arrow, viewer.corners[1]])
        a = np.broadcast_to(src[None, :, None, :], (len(lt), 3, 3, 2)).reshape(-1, 2)
        b = np.broadcast_to(dst[:, None, :, :], (len(lt), 3, 3, 2)).reshape(-1, 2)
        lines = shapely.linestrings(np.stack([a, b], axis=1))
        owner = np.repeat(lt, 9)
        li, oi = self.tree.query(lines, predicate="intersects")
        real = (oi != v) & (oi != owner[li])
        li, oi = li[real], oi[real]
        crossing = ~shapely.touches(lines[li], self.polys[oi])
        blocked = np.zeros(len(lines), dtype=bool)
        blocked[li[crossing]] = True
        all_blocked = np.all(blocked.reshape(len(lt), 9), axis=1).tolist()
        seen = [not x for x in all_blocked]
        for j, ok in zip(lt.tolist(), seen, strict=True):
            out[self.keys[j]] = ok
        return out


def naive_sweep_all(world: World, distance: float) -> dict[str, float]:
    """Bisection on end positions: test the end of the move, then halve (20 steps). Jumps
    obstacles thinner than the step it checks -- the reason it is not used."""
    keys = world.ids
    polys = [world.tray(k).polygon for k in keys]
    blocking = polys + [t.polygon for t in world.terrain if IMPASSABLE in t.keywords]
    tree = shapely.STRtree(blocking)
    out: dict[str, float] = {}
    for i, k in enumerate(keys):
        tray = world.tray(k)

        def hits(d: float, tray: Tray = tray, i: int = i) -> bool:
            p = tray.advanced(d).polygon.buffer(-TOLERANCE)
            return any(j != i for j in tree.query(p, predicate="intersects"))

        if not hits(distance):
            out[k] = distance
            continue
        lo, hi = 0.0, distance
        for _ in range(20):
            mid = (lo + hi) / 2
            if hits(mid):
                hi = mid
            else:
                lo = mid
        out[k] = lo
    return out


# -------------------------------------------------------------------------------------------
# brute-force checks


def _sight_obstacles(world: World, viewer_id: str, target_id: str) -> list[Polygon]:
    return [world.tray(k).polygon for k in world.ids if k not in (viewer_id, target_id)] + [
        t.polygon for t in world.terrain if BLOCKS_SIGHT in t.keywords]


def brute_sight_disagreements(world: World, viewer_id: str, answers: dict[str, Sight]) -> int:
    """Exact 'visible' must come with a witness that crosses nothing (checked against the
    union of the obstacles shrunk by 2*TOLERANCE); exact 'not visible' must not be refuted by
    dense sampling (21 front-edge points x target outline every 0.1")."""
    viewer = world.tray(viewer_id)
    arc = arc_region(viewer, Arc.FRONT, world.construction, 200)
    fl, fr = np.asarray(viewer.corners[0]), np.asarray(viewer.corners[1])
    src = fl[None] + np.linspace(0, 1, 21)[:, None] * (fr - fl)[None]
    bad = 0
    for target_id, s in answers.items():
        target = world.tray(target_id).polygon
        obstacles = _sight_obstacles(world, viewer_id, target_id)
        if s.visible:
            assert s.witness is not None
            p, q = s.witness
            ok = Point(p).distance(viewer.front_edge) <= 1e-7 and Point(q).distance(
                target) <= 1e-7 and Point(q).distance(arc) <= 1e-5
            if p != q:
                seg = LineString([p, q])
                near = [o for o in obstacles if o.distance(seg) <= 1e-6]
                if near:
                    u = shapely.union_all(near).buffer(-2 * TOLERANCE, join_style="mitre")
                    ok = ok and not seg.intersects(u)
            bad += not ok
            continue
        part = target.intersection(arc)
        if part.is_empty or part.area <= 0:
            continue
        ring = part.exterior
        n = max(8, int(ring.length / 0.1))
        dst = shapely.get_coordinates(shapely.line_interpolate_point(
            ring, np.linspace(0, 1, n, endpoint=False), normalized=True))
        ps = np.repeat(src, len(dst), axis=0)
        qs = np.tile(dst, (len(src), 1))
        segs = shapely.linestrings(np.stack([ps, qs], axis=1))
        hull = shapely.convex_hull(shapely.union(viewer.front_edge, part))
        near = [o for o in obstacles if o.intersects(hull)]
        if not near:
            bad += 1
            continue
        u = shapely.union_all(near)
        clear = ~(shapely.intersects(segs, u) & ~shapely.touches(segs, u))
        bad += bool(clear.any())
    return bad


def brute_sweep_disagreements(world: World, answers: dict[str, tuple[float, str | None]],
                              distance: float) -> int:
    """Compare each exact first contact with shapely ray casts from every vertex both ways;
    a contact must be where a ray lands, and no earlier ray hit may lead into an overlap."""
    keys = world.ids
    names = world.obstacle_keys()
    polys = {k: world.tray(k).polygon for k in keys}
    for i, ter in enumerate(world.terrain):
        if IMPASSABLE in ter.keywords:
            polys[names[len(keys) + i]] = ter.polygon
    tree_keys = list(polys)
    tree = shapely.STRtree([polys[k] for k in tree_keys])
    bad = 0
    for k in keys:
        tray = world.tray(k)
        d, who = answers[k]
        swept = shapely.convex_hull(shapely.union(tray.polygon, tray.advanced(distance).polygon))
        first: float | None = None
        for j in tree.query(swept, predicate="intersects"):
            ok = tree_keys[j]
            if ok == k:
                continue
            t = _ray_touch(tray, polys[ok], distance)
            if t is None:
                continue
            overl = tray.advanced(t + 1e-4).polygon.intersects(
                polys[ok].buffer(-1e-6, join_style="mitre"))
            if overl and (first is None or t < first):
                first = t
        expected = distance if first is None else first
        bad += abs(expected - d) > 1e-6 and not (who is None and first is not None
                                                 and first > distance - 1e-6)
    return bad


def _ray_touch(tray: Tray, obstacle: Polygon, distance: float) -> float | None:
    fx, fy = tray.forward
    best: float | None = None
    rings = [obstacle.exterior, *obstacle.interiors]
    pairs = [(list(tray.corners), obstacle.boundary, 1.0)] + [
        (list(r.coords[:-1]), tray.polygon.boundary, -1.0) for r in rings]
    for verts, other, sign in pairs:
        for vx, vy in verts:
            ray = LineString([(vx, vy), (vx + sign * fx * distance, vy + sign * fy * distance)])
            hit = ray.intersection(other)
            if not hit.is_empty:
                d = Point(vx, vy).distance(hit)
                best = d if best is None else min(best, d)
    return best


# -------------------------------------------------------------------------------------------
# timing


def _time(fn: Callable[[], object]) -> float:
    """CPU milliseconds of one call."""
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000.0


def _stats(xs: Sequence[float]) -> tuple[float, float]:
    s = sorted(xs)
    p95 = s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]
    return statistics.median(s), p95


def run(repeats: int, seed: int, check: bool = True) -> dict[str, object]:
    """Build the scene, time everything, check against brute force; returns the report."""
    t_build = time.perf_counter()
    world = make_scene(seed)
    build_ms = (time.perf_counter() - t_build) * 1000
    rng = random.Random(seed + 1)
    ids = world.ids
    viewers = [rng.choice(ids) for _ in range(repeats)]
    world.sight_from(ids[0])  # warm caches (index, numpy)
    fair = FairSightBaseline(world)  # its STRtree is built once, outside the timings
    fair.sight_from(ids[0])
    los, naive, fair_ms, rng_ms, sweep, naive_sweep = [], [], [], [], [], []
    visible_counts = []
    blocked_counts = []
    exact_visible = fair_missed = fair_wrong = 0
    for v in viewers:
        los.append(_time(partial(world.sight_from, v)))
        naive.append(_time(partial(naive_sight_from, world, v)))
        fair_ms.append(_time(partial(fair.sight_from, v)))
        rng_ms.append(_time(partial(world.range_from, v)))
        exact = world.sight_from(v)
        answers = exact.values()
        visible_counts.append(sum(s.visible for s in answers))
        blocked_counts.append(sum(s.reason == "blocked" for s in answers))
        sampled = fair.sight_from(v)
        exact_visible += sum(s.visible for s in answers)
        fair_missed += sum(s.visible and not sampled[t] for t, s in exact.items())
        fair_wrong += sum(sampled[t] and not s.visible for t, s in exact.items())
    slowest = sorted(zip(los, viewers, blocked_counts, strict=True), reverse=True)[:3]
    for _ in range(repeats):
        sweep.append(_time(partial(world.first_contacts, SWEEP_DISTANCE)))
    for _ in range(max(1, min(repeats, 3))):
        naive_sweep.append(_time(partial(naive_sweep_all, world, SWEEP_DISTANCE)))
    detail = {"los": 0, "sweep": 0}
    if check:
        for v in viewers[: min(3, len(viewers))]:
            detail["los"] += brute_sight_disagreements(world, v, world.sight_from(v))
        detail["sweep"] += brute_sweep_disagreements(
            world, world.first_contacts(SWEEP_DISTANCE), SWEEP_DISTANCE)
    disagreements = sum(detail.values())
    los_med, los_p95 = _stats(los)
    naive_med, naive_p95 = _stats(naive)
    fair_med, fair_p95 = _stats(fair_ms)
    sweep_med, sweep_p95 = _stats(sweep)
    nsweep_med, _ = _stats(naive_sweep)
    r_med, r_p95 = _stats(rng_ms)
    return {
        "scene": {"table_in": [TABLE_W, TABLE_H], "trays": len(ids),
                  "terrain": len(world.terrain), "seed": seed, "build_ms": round(build_ms, 1)},
        "repeats": repeats,
        "los_one_to_all_ms_median": round(los_med, 3),
        "los_one_to_all_ms_p95": round(los_p95, 3),
        "naive_los_one_to_all_ms_median": round(naive_med, 3),
        "naive_los_one_to_all_ms_p95": round(naive_p95, 3),
        "los_speedup_vs_naive": round(naive_med / los_med, 1) if los_med > 0 else None,
        "fair_los_one_to_all_ms_median": round(fair_med, 3),
        "fair_los_one_to_all_ms_p95": round(fair_p95, 3),
        "los_speedup_vs_fair_strtree": round(fair_med / los_med, 1) if los_med > 0 else None,
        "fair_missed_visible_fraction": round(fair_missed / exact_visible, 3)
        if exact_visible else 0.0,
        "fair_false_visible": fair_wrong,
        "visible_targets_median": statistics.median(visible_counts),
        "sweep_all_ms_median": round(sweep_med, 3),
        "sweep_all_ms_p95": round(sweep_p95, 3),
        "naive_sweep_all_ms_median": round(nsweep_med, 3),
        "range_one_to_all_ms_median": round(r_med, 4),
        "range_one_to_all_ms_p95": round(r_p95, 4),
        "los_slowest_viewers": [{"viewer": v, "ms": round(ms, 3), "blocked_targets": b}
                                for ms, v, b in slowest],
        "load_average_1m": round(os.getloadavg()[0], 2),
        "disagreements": disagreements,
        "disagreements_detail": detail,
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "processor": platform.processor() or platform.machine(),
                    "cpus": os.cpu_count(), "shapely": shapely.__version__,
                    "numpy": np.__version__},
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (``warbench bench geometry``)."""
    ap = argparse.ArgumentParser(prog="geometry_bench", description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--repeats", type=int, default=20, help="timed repeats (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="scene seed (default 1)")
    ap.add_argument("--no-check", action="store_true", help="skip the brute-force checks")
    args = ap.parse_args(argv)
    report = run(max(1, args.repeats), args.seed, check=not args.no_check)
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k:40s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
