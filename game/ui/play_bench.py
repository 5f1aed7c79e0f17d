"""``warbench bench play [--json]``: the real application loop, headless, on generated A Song
of Ice and Fire tables of 50, 200 and 800 trays with 30 terrain pieces.

Nothing is timed that the game does not run: an :class:`~game.ui.app.App` with its real
:class:`~game.ui.table_scene.TableScene`, the real ruleset (its inspections, commands and
odds), driven by posted pygame events exactly as a player's mouse and keys would. A player:
selects units (click), hovers every enemy in turn, lets frames run, pans (right drag),
zooms (wheel), opens a Charge and answers its decisions. Figures are CPU milliseconds
(``time.process_time``: the machine is shared). The incremental sight table of the state's
geometry is also updated after relocations and compared with a fresh build.

With ``--json`` the last line is one object ``{"sizes": {"50": {...}, ...}, "startup_s": S,
"load": [1m, 5m, 15m]}`` (see issue 12 for the keys).
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

SIZES = (50, 200, 800)
TERRAIN = 30
SEED = 12
GAP = 8.0
"""Inches between the two front lines: charges from the front rank are possible."""
PROFILES = {1: ("stark_sworn_swords", "stark_bowmen", "stark_outriders"),
            2: ("lannister_guardsmen", "lannister_crossbowmen", "lannister_halberdiers")}


def _cpu_ms(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000.0


def _p95(xs: Sequence[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)] if s else 0.0


def _med(xs: Sequence[float]) -> float:
    return statistics.median(xs) if xs else 0.0


# --- the generated table --------------------------------------------------------------------


def scenario_text(n: int, seed: int = SEED) -> str:
    """A scenario with ``n`` trays (half a side each, in ranks facing each other across
    :data:`GAP` inches) and :data:`TERRAIN` terrain pieces in the free spaces."""
    from shapely.geometry import Polygon, box

    from game.geometry.tray import Tray

    rng = random.Random(seed)
    per_side = n // 2
    cols = max(4, math.ceil(math.sqrt(per_side * 2.2)))
    rows = math.ceil(per_side / cols)
    dx, dy = 7.5, 7.0
    width = cols * dx + 4
    height = 2 * rows * dy + GAP + 8
    mid = height / 2
    lines = ["[scenario]", f'name = "Bench {n} trays"', 'ruleset = "asoiaf"', f"seed = {seed}",
             "", "[table]", f"width = {width:.1f}", f"height = {height:.1f}", "",
             "[[players]]", 'name = "Stark"', 'colour = "#708090"', "",
             "[[players]]", 'name = "Lannister"', 'colour = "#b22222"', ""]
    taken: list[Polygon] = []
    units: list[str] = []
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
            units += ["[[units]]", f'id = "{uid}"', f"side = {side}", f'profile = "{profile}"',
                      f"at = [{x:.2f}, {y:.2f}]", f"facing = {facing:.0f}", ""]
    kinds = [("forest", '"blocks-sight"'), ("ruins", '"blocks-sight", "impassable"'),
             ("hill", ""), ("broken ground", '"rough"')]
    placed = 0
    tries = 0
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
    return "\n".join(lines + units)


# --- driving the app ------------------------------------------------------------------------


class Driver:
    """A headless App on a generated table, and the player's gestures as real events."""

    def __init__(self, n: int, data_dir: Path, text: str | None = None) -> None:
        from game.scenario import load_scenario_text, new_session
        from game.ui.app import App
        from game.ui.headless import init_headless
        from game.ui.screens import open_session

        init_headless()
        self.app = App((1280, 800), data_dir)
        self.app.settings.handoff_screen = False
        self.app.settings.animate = False
        text = scenario_text(n) if text is None else text
        session = new_session(load_scenario_text(text, f"bench{n}.toml", max_units=n + 10))
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


def measure(n: int, data_dir: Path, selects: int = 8, hovers: int | None = None
            ) -> dict[str, float | int]:
    """Every figure of one table size."""
    d = Driver(n, data_dir)
    scene = d.scene
    state = scene.state
    side = scene.game.current_player()
    mine = [u.id for u in state.live_units(side)]
    foes = [u.id for u in state.live_units() if u.owner != side]
    front = _front(state, mine)
    rng = random.Random(n)
    out: dict[str, float | int] = {"trays": len(state.units)}
    # select: a click on one of the active side's units (the panel shows its commands)
    _fit(d)
    select_ms = []
    for uid in rng.sample(front, min(selects, len(front))):
        scene.revision += 1  # a fresh game moment: nothing cached from the last select
        select_ms.append(d.click(d.unit_pos(uid)))
    chosen = front[len(front) // 2]
    d.click(d.unit_pos(chosen))
    # hover every enemy in turn (each hover is one frame)
    hover_ms = [d.hover(d.unit_pos(f)) for f in (foes if hovers is None else foes[:hovers])]
    steady = d.frames(60)
    pan = _pan(d)
    zoom = _zoom(d)
    out.update(select_ms_p95=_p95(select_ms), select_ms_median=_med(select_ms),
               hover_ms_p95=_p95(hover_ms), hover_ms_median=_med(hover_ms),
               frame_ms_median=_med(steady), frame_ms_p95=_p95(steady),
               pan_frame_ms_p95=_p95(pan), zoom_frame_ms_p95=_p95(zoom))
    out.update(_rules_figures(scene, mine, rng))
    out.update(_charge(d, chosen))
    out.update(_sight_table(scene.state, rng))
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in out.items()}


def _front(state: Any, ids: list[str]) -> list[str]:
    """The units of ``ids`` in the rank nearest the enemy (they can charge)."""
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


def _rules_figures(scene: Any, mine: list[str], rng: random.Random) -> dict[str, float]:
    """One unit's legal actions (first ask at this game moment), and the attack odds."""
    ruleset, state = scene.game.ruleset, scene.state
    actions = [_cpu_ms(partial(ruleset.legal_actions_for, state, uid))
               for uid in rng.sample(mine, min(8, len(mine)))]
    cold, warm = _odds(ruleset, state)
    return {"unit_actions_ms_median": _med(actions), "odds_ms_cold": cold,
            "odds_ms_warm": warm}


def _odds(ruleset: Any, state: Any) -> tuple[float, float]:
    """The attack odds the hover shows (AS odds of the modifier record): the first query of a
    new record (cold) and the median of repeated queries (warm)."""
    from game.rulesets.asoiaf import odds as odds_mod
    from game.rulesets.asoiaf.modifiers import AttackModifiers

    cache = getattr(odds_mod, "clear_odds_cache", None)
    if cache is not None:
        cache()
    mods = _some_modifiers(ruleset, state)
    if mods is None or not isinstance(mods, AttackModifiers):
        return 0.0, 0.0
    cold = _cpu_ms(lambda: odds_mod.attack_odds(mods))
    warm = [_cpu_ms(lambda: odds_mod.attack_odds(mods)) for _ in range(20)]
    return cold, _med(warm)


def _some_modifiers(ruleset: Any, state: Any) -> object | None:
    """The modifier record of a front-line charge (as the hover's odds build it)."""
    from game.geometry.arcs import Arc
    from game.rulesets.asoiaf.modifiers import attack_modifiers

    side = state.turn.active
    mine = [u for u in state.live_units(side)]
    foes = [f for f in state.live_units() if f.owner != side]
    if not mine or not foes:
        return None
    return attack_modifiers(mine[0], foes[0], 0, Arc.FRONT, True)


def _charge(d: Driver, uid: str) -> dict[str, float]:
    """Open the Charge of ``uid``: press its button, click its first target, roll and answer
    the decisions by the first offer; the CPU ms of the whole exchange."""
    from game.core.pending import Chance, PlayerDecision

    scene = d.scene
    t0 = time.process_time()
    commands = [c for c in scene.commands_of(uid) if c.label.lower().startswith("charge")]
    if not commands or not commands[0].enabled or not commands[0].offers:
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


def run(sizes: Sequence[int] = SIZES) -> dict[str, Any]:
    """Every size, the start-up time and the load average."""
    out: dict[str, Any] = {"sizes": {}}
    with tempfile.TemporaryDirectory() as data:
        for n in sizes:
            load = os.getloadavg()
            figures: dict[str, Any] = dict(measure(n, Path(data)))
            figures["load_before"] = [round(x, 2) for x in load]
            out["sizes"][str(n)] = figures
    cpu, wall = startup_seconds()
    out["startup_s"] = round(cpu, 3)
    out["startup_wall_s"] = round(wall, 3)
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main(argv: list[str]) -> int:
    """Entry point called by ``game.cli`` (``warbench bench play``)."""
    parser = argparse.ArgumentParser(prog="warbench bench play")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=1, help="ignored (one run)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--ruleset", default="asoiaf",
                        choices=("asoiaf", "ninth_age", "realms"),
                        help="asoiaf: the generated tables; others: see play_bench_rulesets")
    args = parser.parse_args(argv)
    if args.ruleset != "asoiaf":
        return _main_other(args.ruleset, args.json)
    report = run([int(s) for s in args.sizes.split(",") if s])
    if not args.json:
        for n, figures in report["sizes"].items():
            print(f"{n} trays: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
        print(f"start-up {report['startup_s']} s, load {report['load']}")
    print(json.dumps(report, sort_keys=True))
    return 0


def _main_other(name: str, as_json: bool) -> int:
    """``--ruleset ninth_age|realms``: one case, its figures as a line (and JSON)."""
    from game.ui import play_bench_rulesets

    report = play_bench_rulesets.run(name)
    if not as_json:
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in report.items()))
    print(json.dumps(report, sort_keys=True))
    return 0
