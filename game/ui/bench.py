"""``warbench bench render [--json] [--repeats N]``: frame times (CPU) of the table renderer
on the generated 200-unit bench table of the first registered ruleset that plays on a table
and declares one (``Ruleset.bench_table``; 30 terrain pieces, fixed seed) with its real
ruleset and every overlay computed and drawn inside the timed frame: the selected unit's
inspection and arcs, the hover overlay (range, sight, charge preview, odds) with the hovered
unit changing every 10 frames, panning, zooming and the arcs of every unit.

:func:`bench_state` (the older scene of free trays) stays for the renderer's tests.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.core.ruleset import Ruleset
from game.core.state import GameState, Player, TableBoard, TerrainPiece, Unit
from game.core.vocab import BenchTable
from game.geometry.tray import Tray

WIDTH, HEIGHT = 72.0, 48.0
TRAYS = 200
TERRAIN = 30
SEED = 1234


def bench_state(seed: int = SEED) -> GameState:
    """The benchmark scene: 200 non-overlapping trays and 30 terrain pieces."""
    rng = random.Random(seed)
    terrain: list[TerrainPiece] = []
    for i in range(TERRAIN):
        cx, cy = rng.uniform(4, WIDTH - 4), rng.uniform(4, HEIGHT - 4)
        r = rng.uniform(1.0, 2.2)
        pts = tuple(
            (cx + r * rng.uniform(0.7, 1.0) * _cos(k), cy + r * rng.uniform(0.7, 1.0) * _sin(k))
            for k in range(6)
        )
        kind = rng.choice(["forest", "hill", "ruins", "water"])
        keywords = frozenset({"blocks-sight"}) if kind in ("forest", "ruins") else frozenset()
        terrain.append(TerrainPiece(f"t{i}", kind, keywords, pts))
    units: dict[str, Unit] = {}
    cols, rows = 20, 10
    for i in range(TRAYS):
        col, row = i % cols, i // cols
        x = 1.8 + col * (WIDTH - 3.6) / (cols - 1)
        y = 2.0 + row * (HEIGHT - 4.0) / (rows - 1)
        facing = 0.0 if row < rows // 2 else 180.0
        facing += rng.choice([0.0, 0.0, 15.0, -15.0])
        tray = Tray(x, y, facing % 360, 2.6, 2.0, 2, 2)
        uid = f"u{i}"
        rng.randint(1, 4)  # was the models count: kept so the scene stays the measured one
        units[uid] = Unit(id=uid, name=f"Unit {i}", owner=1 if row < rows // 2 else 2,
                          profile="bench", tray=tray)
    return GameState(
        ruleset=Ruleset.name, board=TableBoard(WIDTH, HEIGHT), terrain=terrain,
        players=[Player(1, "North", "#3b6fb6"), Player(2, "South", "#c0392b")],
        units=dict(units), seed=seed,
    )


def _cos(k: int) -> float:
    import math

    return math.cos(math.tau * k / 6)


def _sin(k: int) -> float:
    import math

    return math.sin(math.tau * k / 6)


def render_table(units: int, seed: int) -> BenchTable:
    """The bench table of ``units`` units of the first registered ruleset that plays on a
    table and has one (the contract's ``bench_table``)."""
    from game import rulesets

    for entry in rulesets.RULESETS:
        if entry.cls.bench_sizes and "table" in entry.cls.board_kinds:
            table = entry.create().bench_table(units, seed)
            if table is not None:
                return table
    raise LookupError("no registered ruleset has a bench table on a table")


def run(frames: int = 300, size: tuple[int, int] = (1280, 800)) -> dict[str, float]:
    """Time ``frames`` frames of a 200-unit bench table (the generated table of
    ``warbench bench play``, see :func:`render_table`) with its real ruleset: inside each
    timed frame the selected unit's inspection and the hovered enemy's (range, sight, charge
    preview, odds) are asked of the lens (cached per game moment, as in play; the hovered
    unit changes every 10 frames, so each new one is computed inside the timer), the camera
    pans every 5th frame and zooms every 50th, and the arcs of every unit are drawn for the
    last 50 frames. Returns the median and p95 frame CPU times in milliseconds."""
    from game.ui.headless import init_headless

    init_headless()
    import pygame

    from game.scenario import load_scenario_text, new_session
    from game.ui.lens import RulesLens
    from game.ui.palette import palette_named
    from game.ui.play_bench import SEED as PLAY_SEED
    from game.ui.render import Renderer, fit_camera
    from game.ui.view import ViewState

    surface = pygame.display.set_mode(size)
    table = render_table(TRAYS, PLAY_SEED)
    session = new_session(load_scenario_text(table.text, "bench.toml",
                                              max_units=table.max_units))
    state, ruleset = session.game.state, session.game.ruleset
    side = session.game.current_player()
    mine = [u.id for u in state.live_units(side)]
    enemies = [u.id for u in state.live_units() if u.owner != side]
    renderer = Renderer(palette_named("default"))
    lens = RulesLens()
    view = ViewState(selected=mine[len(mine) // 2])
    view.camera.resize(0, 0, *size)
    fit_camera(view.camera, state)
    times: list[float] = []
    for n in range(frames + 10):
        start = time.process_time()
        view.hovered = enemies[(n // 10) % len(enemies)]
        view.all_arcs = n >= frames + 10 - 50
        if n % 5 == 4:
            view.camera.pan_pixels(3.0, -2.0)
        if n % 50 == 49:
            view.camera.zoom_at(1.1 if n % 100 == 49 else 1 / 1.1, size[0] / 2, size[1] / 2)
        view.unit_overlay = lens.unit_overlay(ruleset, state, 0, view.selected)
        view.overlay = lens.overlay(ruleset, state, 0, view.selected, view.hovered)
        renderer.draw(surface, state, view)
        elapsed = (time.process_time() - start) * 1000
        if n >= 10:  # warm-up: first sprites and the static layer
            times.append(elapsed)
    times.sort()
    return {
        "frames": float(len(times)),
        "frame_ms_median": round(statistics.median(times), 3),
        "frame_ms_p95": round(times[int(0.95 * (len(times) - 1))], 3),
        "frame_ms_max": round(times[-1], 3),
    }


def main(argv: list[str]) -> int:
    """Entry point called by ``game.cli``."""
    parser = argparse.ArgumentParser(prog="warbench bench render")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args(argv)
    results = [run() for _ in range(max(1, args.repeats))]
    best = min(results, key=lambda r: r["frame_ms_median"])
    if args.json:
        print(json.dumps(best, sort_keys=True))
    else:
        print(f"render: {TRAYS} trays, {TERRAIN} terrain, all overlays: "
              f"median {best['frame_ms_median']:.2f} ms, p95 {best['frame_ms_p95']:.2f} ms")
    return 0
