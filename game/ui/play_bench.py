"""``warbench bench play [--ruleset NAME] [--sizes N,...] [--json]``: the real application
loop, headless, on the bench table of every ruleset that declares one.

Each ruleset builds its own generated table through the contract (``Ruleset.bench_sizes``,
``Ruleset.bench_table(n, seed)``; issue 24): 50, 200 and 800 trays with 30 terrain pieces,
a battle line of ranked units, a 20 x 20-space hex board... Nothing is
timed that the game does not run: an :class:`~game.ui.app.App` with its real
:class:`~game.ui.table_scene.TableScene` and the real ruleset, driven by posted pygame events
exactly as a player's mouse and keys would. A player selects units of the front (clicks),
hovers every enemy in turn, lets frames run, pans (right drag), zooms (wheel), opens the first
command aimed at an enemy (a charge, an attack) and answers its decisions. The odds the hover
shows are timed through ``Ruleset.bench_odds`` on up to 12 (unit, enemy) pairs: the first
query of a pair (cold) and repeats (warm). Figures are CPU milliseconds
(``time.process_time``: the machine is shared). On a table, the incremental sight table of the
state's geometry is also updated after relocations and compared with a fresh build.

With ``--json`` the last line is one object ``{"tables": {"<ruleset> <n>": {...}, ...},
"startup_s": S, "load": [1m, 5m, 15m]}`` (see issue 12 for the keys).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

SEED = 12
"""The seed of every generated table (the same table each run)."""
SELECTS = 8
"""Units of the front clicked per table."""
ODDS_PAIRS = 12
"""(unit, enemy) pairs whose hover odds are timed per table."""


def _cpu_ms(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000.0


def _p95(xs: Sequence[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)] if s else 0.0


def _med(xs: Sequence[float]) -> float:
    return statistics.median(xs) if xs else 0.0


# --- driving the app ------------------------------------------------------------------------


class Driver:
    """A headless App on a generated table, and the player's gestures as real events."""

    def __init__(self, text: str, data_dir: Path, max_units: int, name: str = "bench") -> None:
        from game.scenario import load_scenario_text, new_session
        from game.ui.app import App
        from game.ui.headless import init_headless
        from game.ui.screens import open_session

        init_headless()
        self.app = App((1280, 800), data_dir)
        self.app.settings.handoff_screen = False
        self.app.settings.animate = False
        session = new_session(load_scenario_text(text, f"{name}.toml", max_units=max_units))
        open_session(self.app, session)
        self.frames(2)

    @property
    def scene(self) -> Any:
        return self.app.scene

    def frames(self, n: int = 1, events: list[Any] | None = None) -> list[float]:
        """Run ``n`` frames (the first gets ``events``); their CPU milliseconds."""
        import pygame

        out = []
        for i in range(n):
            batch = (events or []) if i == 0 else []
            t0 = time.process_time()
            self.app.step(batch + pygame.event.get(), 1 / 60)
            out.append((time.process_time() - t0) * 1000.0)
        return out

    def screen_of(self, x: float, y: float) -> tuple[int, int]:
        sx, sy = self.scene.view.camera.to_screen(x, y)
        return (round(sx), round(sy))

    def unit_pos(self, uid: str) -> tuple[int, int]:
        """The screen pixel of a unit's centre (its tray, or its hex on a hex board)."""
        unit = self.scene.state.units[uid]
        if unit.tray is None:
            from game.ui.hexlayout import hex_centre

            return self.screen_of(*hex_centre(unit.hex.q, unit.hex.r))
        return self.screen_of(unit.tray.x, unit.tray.y)

    def motion(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> Any:
        import pygame

        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    def click(self, pos: tuple[int, int]) -> float:
        """Press and release the left button at ``pos``: the CPU ms of the two frames."""
        import pygame

        ev = [self.motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        return sum(self.frames(2, ev))

    def hover(self, pos: tuple[int, int]) -> float:
        return sum(self.frames(1, [self.motion(pos)]))

    def centre_on(self, uid: str) -> None:
        """Zoom in on a unit (as a player would before clicking it)."""
        tray = self.scene.state.units[uid].tray
        cam = self.scene.view.camera
        cam.zoom = max(cam.zoom, 6.0)
        cam.cx, cam.cy = tray.x, tray.y
        self.frames(1)


def _fit(driver: Driver) -> None:
    from game.ui.render import fit_camera

    fit_camera(driver.scene.view.camera, driver.scene.state)
    driver.frames(1)


def measure(name: str, n: int, data_dir: Path) -> dict[str, Any]:
    """Every figure of one ruleset's bench table of ``n`` units (empty if it has none)."""
    from game import rulesets

    table = rulesets.create(name).bench_table(n, SEED)
    if table is None:
        return {}
    d = Driver(table.text, data_dir, table.max_units, f"bench-{name}-{n}")
    scene = d.scene
    state = scene.state
    side = scene.game.current_player()
    mine = [u.id for u in state.live_units(side)]
    foes = [u.id for u in state.live_units() if u.owner != side]
    front = _front(state, mine)
    rng = random.Random(n)
    out: dict[str, Any] = {"ruleset": name, "table": table.label, "units": len(state.units)}
    _fit(d)
    select_ms = []
    for uid in rng.sample(front, min(SELECTS, len(front))):
        scene.revision += 1  # a fresh game moment: nothing cached from the last select
        select_ms.append(d.click(d.unit_pos(uid)))
    chosen = front[len(front) // 2]
    d.click(d.unit_pos(chosen))
    hover_ms = [d.hover(d.unit_pos(f)) for f in foes]  # each hover is one frame
    steady = d.frames(60)
    pan = _pan(d)
    zoom = _zoom(d)
    out.update(select_ms_p95=_p95(select_ms), select_ms_median=_med(select_ms),
               hover_ms_p95=_p95(hover_ms), hover_ms_median=_med(hover_ms),
               frame_ms_median=_med(steady), frame_ms_p95=_p95(steady),
               pan_frame_ms_p95=_p95(pan), zoom_frame_ms_p95=_p95(zoom))
    out.update(_rules_figures(scene, front, mine, foes, rng))
    out.update(_command(d, chosen))
    if all(state.units[u].tray is not None for u in mine):
        out.update(_sight_table(scene.state, rng))
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in out.items()}


def _front(state: Any, ids: list[str]) -> list[str]:
    """The units of ``ids`` in the rank nearest the enemy (they can charge): on a table the
    trays nearest the middle line, on a hex map every unit."""
    if any(state.units[u].tray is None for u in ids):
        return list(ids)
    mid = state.board.height / 2
    best = min(abs(state.units[u].tray.y - mid) for u in ids)
    return [u for u in ids if abs(state.units[u].tray.y - mid) < best + 1.0]


def _pan(d: Driver) -> list[float]:
    """Right-drag across the table: one frame per mouse step."""
    import pygame

    vp = d.scene.viewport()
    x0, y0 = vp.centerx, vp.centery
    times = d.frames(1, [d.motion((x0, y0)),
                         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=3)])
    for k in range(1, 41):
        pos = (x0 + 6 * k, y0 + 3 * k)
        times += d.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(6, 3),
                                                 buttons=(0, 0, 1))])
    times += d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x0 + 240, y0 + 120),
                                             button=3)])
    return times


def _zoom(d: Driver) -> list[float]:
    """Wheel notches in then out around the viewport centre: one frame each."""
    import pygame

    vp = d.scene.viewport()
    times: list[float] = []
    for k in range(30):
        y = 1 if k < 15 else -1
        times += d.frames(1, [d.motion(vp.center),
                              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                                 precise_x=0.0, precise_y=float(y))])
    return times


def _rules_figures(scene: Any, front: list[str], mine: list[str], foes: list[str],
                   rng: random.Random) -> dict[str, float | int]:
    """Units' legal actions (first ask at this game moment), and the hover's odds."""
    ruleset, state = scene.game.ruleset, scene.state
    actions = [_cpu_ms(partial(ruleset.legal_actions_for, state, uid))
               for uid in rng.sample(mine, min(8, len(mine)))]
    out: dict[str, float | int] = {"unit_actions_ms_median": _med(actions)}
    out.update(_odds(ruleset, state, front + [u for u in mine if u not in front], foes))
    return out


def _odds(ruleset: Any, state: Any, mine: list[str], foes: list[str]
          ) -> dict[str, float | int]:
    """Cold (the first query of a pair; median over up to :data:`ODDS_PAIRS` pairs) and warm
    (repeats) odds, as the ruleset's hover computes them (``Ruleset.bench_odds``)."""
    cold: list[float] = []
    warm: list[float] = []
    pairs = ((viewer, target) for viewer in mine for target in foes)
    for viewer, target in pairs:
        query = ruleset.bench_odds(state, viewer, target)
        if query is None:
            continue
        cold.append(_cpu_ms(query))
        warm += [_cpu_ms(query) for _ in range(5)]
        if len(cold) >= ODDS_PAIRS:
            break
    return {"odds_ms_cold": _med(cold), "odds_ms_cold_max": max(cold, default=0.0),
            "odds_ms_warm": _med(warm), "odds_pairs": len(cold)}


def _command(d: Driver, uid: str) -> dict[str, float]:
    """Open the first command of ``uid`` aimed at an enemy (a charge, an attack): press its
    button, click its first target, roll and answer the decisions by the first offer; the CPU
    ms of the whole exchange (-1 when the unit has no such command now)."""
    from game.core.pending import Chance, PlayerDecision

    scene = d.scene
    t0 = time.process_time()
    commands = [c for c in scene.commands_of(uid)
                if c.enabled and any(o.target for o in c.offers)]
    if not commands:
        return {"charge_ms": -1.0}
    scene.choose(commands[0])
    target = next((o.target for o in commands[0].offers if o.target), None)
    if target is not None:
        d.click(d.unit_pos(target))
    for _ in range(12):
        node = scene.game.pending()
        if isinstance(node, Chance):
            scene.roll()
        elif isinstance(node, PlayerDecision) and node.offers:
            scene.perform(node.offers[0].action)
        else:
            break
        d.frames(1)
    return {"charge_ms": (time.process_time() - t0) * 1000.0}


def _sight_table(state: Any, rng: random.Random, moves: int = 6) -> dict[str, float | int]:
    """The state's incremental sight table after relocations (median update CPU ms) and its
    disagreements with a fresh build."""
    from shapely.geometry import box

    from game.geometry.tray import Tray
    from game.geometry.world import BLOCKS_SIGHT, SightTable, Terrain, World

    trays = {u.id: u.tray for u in state.live_units() if u.tray is not None}
    terrain = [Terrain(_poly(t), frozenset({BLOCKS_SIGHT}) if "blocks-sight" in t.keywords
                       else frozenset()) for t in state.terrain]
    world = World(trays, terrain)
    table = SightTable(world)
    board = box(0, 0, state.board.width, state.board.height)
    updates = []
    for _ in range(moves):
        mover = rng.choice(world.ids)
        old = world.tray(mover)
        others = [world.tray(k).polygon for k in world.ids if k != mover]
        for _try in range(300):
            cand = Tray(rng.uniform(3, state.board.width - 3),
                        rng.uniform(3, state.board.height - 3), rng.uniform(0, 360),
                        old.width, old.depth, files=old.files, ranks=old.ranks)
            if board.contains(cand.polygon) and not any(cand.polygon.intersects(o)
                                                        for o in others):
                world.move(mover, cand)
                updates.append(_cpu_ms(partial(table.update_after_move, mover)))
                break
    fresh = SightTable(world)
    bad = sum(table[k].visible != s.visible for k, s in fresh.table.items())
    return {"sight_update_ms_median": _med(updates), "sight_disagreements": bad}


def _poly(piece: Any) -> Any:
    from shapely.geometry import Polygon

    return Polygon(piece.polygon)


def startup_seconds(repeats: int = 3) -> tuple[float, float]:
    """Start to first frame of ``warbench play`` (default scenario) in a fresh process that
    quits at its first flip, with bytecode caches warm as on a normal install (a first,
    untimed run fills them): the median over ``repeats`` runs of the child's CPU seconds
    (user + system, from ``getrusage``) and of the wall time it reports at its first flip.

    The child writes its bytecode to a cache of its own (``PYTHONPYCACHEPREFIX``, a temporary
    folder) even when the caller's environment forbids it (``PYTHONDONTWRITEBYTECODE``, set
    in some sandboxes and CI): without that every run compiled every module of the game."""
    env = dict(os.environ, WARBENCH_FIRST_FRAME_MS="exit", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cpu: list[float] = []
    wall: list[float] = []
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        for n in range(repeats + 1):
            cpu_s, wall_s = _one_start(env)
            if n:
                cpu.append(cpu_s)
                wall += [wall_s] if wall_s is not None else []
    return (statistics.median(cpu) if cpu else -1.0, statistics.median(wall) if wall else -1.0)


def _one_start(env: dict[str, str]) -> tuple[float, float | None]:
    """One ``warbench play`` to its first frame: CPU seconds and the wall seconds it says."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as home:
        env["XDG_DATA_HOME"] = home
        res = subprocess.run([sys.executable, "-m", "game", "play"], env=env,
                             capture_output=True, text=True, timeout=120, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    for line in res.stdout.splitlines():
        if line.startswith("first frame:"):
            return cpu, float(line.split()[2]) / 1000.0
    return cpu, None


def cases(names: Sequence[str], sizes: Sequence[int] | None) -> list[tuple[str, int]]:
    """(ruleset, units) for every ruleset of ``names`` that declares a bench table, at the
    sizes it declares (or at ``sizes`` when given)."""
    from game import rulesets

    out = []
    for name in names:
        declared = rulesets.entry(name).cls.bench_sizes
        out += [(name, n) for n in (sizes if sizes and declared else declared)]
    return out


def run(names: Sequence[str], sizes: Sequence[int] | None = None,
        startup: bool = True) -> dict[str, Any]:
    """Every table, the start-up time and the load average."""
    out: dict[str, Any] = {"tables": {}}
    with tempfile.TemporaryDirectory() as data:
        for name, n in cases(names, sizes):
            load = os.getloadavg()
            figures: dict[str, Any] = dict(measure(name, n, Path(data)))
            figures["load_before"] = [round(x, 2) for x in load]
            out["tables"][f"{name} {n}"] = figures
    if startup:
        cpu, wall = startup_seconds()
        out["startup_s"] = round(cpu, 3)
        out["startup_wall_s"] = round(wall, 3)
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main(argv: list[str]) -> int:
    """Entry point called by ``game.cli`` (``warbench bench play``)."""
    from game import rulesets

    parser = argparse.ArgumentParser(prog="warbench bench play")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=1, help="ignored (one run)")
    parser.add_argument("--sizes", default=None,
                        help="units per table (default: each ruleset's own sizes)")
    parser.add_argument("--ruleset", default=None, choices=rulesets.names(),
                        help="one ruleset (default: every ruleset with a bench table)")
    args = parser.parse_args(argv)
    names = [args.ruleset] if args.ruleset else rulesets.names()
    sizes = [int(s) for s in args.sizes.split(",") if s] if args.sizes else None
    report = run(names, sizes, startup=args.ruleset is None)
    if not args.json:
        for key, figures in report["tables"].items():
            print(f"{key}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
        print(f"start-up {report.get('startup_s', '-')} s, load {report['load']}")
    print(json.dumps(report, sort_keys=True))
    return 0
