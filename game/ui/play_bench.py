"""``warbench bench play [--ruleset NAME] [--sizes N,...] [--actions N] [--json]``: play as
played, headless, on the bench table of every ruleset that declares one (issue 32).

Each ruleset builds its own generated table through the contract (``Ruleset.bench_sizes``,
``Ruleset.bench_table(n, seed)``) at the sizes it declares: 50 and 200 units for every rules
system, plus the size of its shipped battle or a larger table where it declares one. Nothing
is timed that the game does not run: an :class:`~game.ui.app.App` with its real
:class:`~game.ui.table_scene.TableScene`, the real ruleset and **the autosave attached** (as
``warbench play`` opens a game), driven by posted pygame events as a player's mouse and keys
would, in the pattern players use:

- select a unit (a click) **right after a real action**, then hover its nearest enemies: the
  **first** hover after the select and the **next three** are reported apart (the first pays
  for the unit's sight row);
- **commit** an action through the panel (a command with one offer, as Hold; the button's own
  call) and run the frames until the table has settled: the autosave, the log and the HUD are
  in it;
- **pan** right-dragging across several pages of the board, **zoom** wheel notches and the
  **still frame** right after them;
- the legal actions of one unit in the **new position** after each action;
- **500 actions** played through the table (``--actions``): the process's memory after them
  and how the state hash's cost grows (last / first).

Figures are CPU milliseconds (``time.process_time``: the machine is shared);
``docs/performance.md`` names what each times. With ``--json`` the last line is one object
``{"tables": {"<ruleset> <n>": {...}, ...}, "startup_s": S, "load": [1m, 5m, 15m]}``.
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
ROUNDS = 16
"""Select, hover and commit rounds per table (each after the previous round's action). A
table's commits differ (a unit's first action of its turn asks more than its next), and 8 of
them gave medians 3-4 ms apart in back-to-back runs of the same code at 200 units; 16 narrow
that spread of the sample (the machine's own swing stays: ``machine_ms``)."""
NEAREST = 4
"""Enemies hovered after each select: the first, then the next three nearest."""
TRAVEL_FRAMES = 8
"""Frames the pointer takes to travel to the next enemy hovered (8 at 60 frames a second is
133 ms: a quick flick; a hand's aimed pointing takes 200-500 ms). The frames on the way are
timed too (``pointing_frame_ms_p95``): what the table does ahead in them must keep them short."""
ACTIONS = 500
"""Actions played through the table for the memory and hash-growth figures."""
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
        from game.ui.app import App
        from game.ui.headless import init_headless

        init_headless()
        os.environ["WARBENCH_DATA_DIR"] = str(data_dir)  # the autosave goes there, as in play
        self.app = App((1280, 800), data_dir)
        self.app.settings.handoff_screen = False
        self.app.settings.animate = False
        self.text, self.name, self.max_units = text, name, max_units
        self.table: Any = None
        """The table scene of the game (the app shows the end screen once the game is over;
        the figures still ask the table's game)."""
        self.games = 0
        """Games opened on this table so far (:meth:`new_game`)."""
        self.new_game()

    def new_game(self) -> None:
        """Open the table's scenario as a new game in the same window, as the end screen's
        Play it again does: the game before it is left, its autosave released."""
        from game.scenario import load_scenario_text, new_session
        from game.ui.screens import hold_autosave, open_session

        scenario = load_scenario_text(self.text, f"{self.name}.toml", max_units=self.max_units)
        session = new_session(scenario)
        hold_autosave(self.app, session)  # as start_table does for warbench play
        open_session(self.app, session)
        self.table = self.app.scene
        self.games += 1
        self.frames(2)

    @property
    def scene(self) -> Any:
        return self.table

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

    def point(self, start: tuple[int, int], end: tuple[int, int]) -> tuple[list[float], float]:
        """Move the pointer from ``start`` to ``end`` as a hand does, over
        :data:`TRAVEL_FRAMES` frames, one motion a frame: the CPU ms of the frames on the way
        and of the frame that arrives (the hover)."""
        steps = [(round(start[0] + (end[0] - start[0]) * i / TRAVEL_FRAMES),
                  round(start[1] + (end[1] - start[1]) * i / TRAVEL_FRAMES))
                 for i in range(1, TRAVEL_FRAMES + 1)]
        times = [sum(self.frames(1, [self.motion(pos)])) for pos in steps]
        return times[:-1], times[-1]

    def centre_on(self, uid: str) -> None:
        """Zoom in on a unit (as a player would before clicking it)."""
        cam = self.scene.view.camera
        cam.zoom = max(cam.zoom, 6.0)
        cam.cx, cam.cy = cam.to_view(*_centre(self.scene.state.units[uid]))
        self.frames(1)


def _fit(driver: Driver) -> None:
    from game.ui.render import fit_camera

    fit_camera(driver.scene.view.camera, driver.scene.state)
    driver.frames(1)


def measure(name: str, n: int, data_dir: Path, actions: int = ACTIONS) -> dict[str, Any]:
    """Every figure of one ruleset's bench table of ``n`` units (empty if it has none)."""
    from game import rulesets

    table = rulesets.create(name).bench_table(n, SEED)
    if table is None:
        return {}
    d = Driver(table.text, data_dir, table.max_units, f"bench-{name}-{n}")
    state = d.scene.state
    rng = random.Random(n)
    out: dict[str, Any] = {"ruleset": name, "table": table.label, "units": len(state.units)}
    _fit(d)
    out.update(_rounds(d, rng))
    steady = d.frames(60)
    out.update(frame_ms_median=_med(steady), frame_ms_p95=_p95(steady))
    out.update(_pan(d))
    out.update(_zoom(d))
    out.update(_odds(d.scene.game.ruleset, d.scene.state, _mine(d), _foes(d)))
    out.update(_long_game(d, rng, actions))
    _close(d)
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in out.items()}


def _close(d: Driver) -> None:
    """Release the table's autosave (its lock), as leaving a game does."""
    from game.ui.screens import release_autosave

    release_autosave(d.app)


def _mine(d: Driver) -> list[str]:
    """The live units of the player the game waits for."""
    state = d.scene.state
    return [u.id for u in state.live_units(d.scene.game.current_player())]


def _foes(d: Driver) -> list[str]:
    """The live units of the other players."""
    state, side = d.scene.state, d.scene.game.current_player()
    return [u.id for u in state.live_units() if u.owner != side]


def _rounds(d: Driver, rng: random.Random) -> dict[str, float]:
    """:data:`ROUNDS` times: select a ready unit right after the last action, hover its
    :data:`NEAREST` nearest enemies, ask its legal actions in this new position, commit one
    action through the panel and settle whatever it asks (dice, decisions: untimed)."""
    select: list[float] = []
    first: list[float] = []
    nexts: list[float] = []
    commit: list[float] = []
    unit_actions: list[float] = []
    travel: list[float] = []
    for _ in range(ROUNDS):
        ready = _ready_units(d)
        if not ready:
            _settle(d, end_turn=True)
            continue
        uid = rng.choice(ready)
        d.centre_on(uid)
        at = d.unit_pos(uid)
        select.append(d.click(at))
        hovers = []
        for foe in _nearest(d, uid)[:NEAREST]:
            there = d.unit_pos(foe)
            way, arrival = d.point(at, there)
            travel += way
            at = there
            hovers.append(arrival)
        first += hovers[:1]
        nexts += hovers[1:]
        ruleset, state = d.scene.game.ruleset, d.scene.state
        unit_actions.append(_cpu_ms(partial(ruleset.legal_actions_for, state, uid)))
        timed, acted = _commit(d, uid)
        commit.append(timed)
        _settle(d, end_turn=not acted)
        _fit(d)
    return {"select_ms_p95": _p95(select), "select_ms_median": _med(select),
            "hover_first_ms_p95": _p95(first), "hover_next_ms_p95": _p95(nexts),
            "pointing_frame_ms_p95": _p95(travel),
            "commit_ms_median": _med(commit), "commit_ms_p95": _p95(commit),
            "unit_actions_ms_median": _med(unit_actions), "rounds_timed": len(select)}


def _ready_units(d: Driver) -> list[str]:
    """Units of the acting player with at least one enabled command now."""
    out = []
    for uid in _mine(d):
        if any(c.enabled for c in d.scene.commands_of(uid)):
            out.append(uid)
        if len(out) >= 12:
            break
    return out


def _nearest(d: Driver, uid: str) -> list[str]:
    """The enemies of ``uid``, nearest first (centre to centre)."""
    state = d.scene.state
    here = _centre(state.units[uid])
    return sorted(_foes(d), key=lambda f: math.dist(here, _centre(state.units[f])))


def _centre(unit: Any) -> tuple[float, float]:
    if unit.tray is not None:
        return (unit.tray.x, unit.tray.y)
    from game.ui.hexlayout import hex_centre

    return hex_centre(unit.hex.q, unit.hex.r)


def _commit(d: Driver, uid: str) -> tuple[float, bool]:
    """Commit an action of ``uid`` through the panel as a player would and run the frames
    until the table settles; the CPU ms of it all, and whether the unit acted. The button of
    a command with one offer and no target (Hold, Rally...) calls :meth:`TableScene.choose`;
    else the first offer of its first enabled command is pressed (the offer's button, or
    its target clicked); a unit with nothing to do presses the end button instead."""
    from game.core.actions import EndActivation

    scene = d.scene
    enabled = [c for c in scene.commands_of(uid) if c.enabled and c.offers]
    simple = next((c for c in enabled if len(c.offers) == 1 and not c.targeted
                   and c.steer is None), None)
    t0 = time.process_time()
    if simple is not None:
        scene.choose(simple)
    elif enabled:
        scene.perform_offer(enabled[0].offers[0])
    else:
        scene.perform(EndActivation())
    d.frames(3)
    return (time.process_time() - t0) * 1000.0, bool(enabled)


def _settle(d: Driver, end_turn: bool = False) -> None:
    """Roll and answer (first offer) until nothing is pending; ``end_turn`` then ends the
    activation (a player with no ready unit hands over)."""
    from game.core.actions import EndActivation
    from game.core.pending import Chance, PlayerDecision

    scene = d.scene
    for _ in range(40):
        node = scene.game.pending()
        if isinstance(node, Chance):
            scene.roll()
        elif isinstance(node, PlayerDecision) and node.offers:
            scene.perform(node.offers[0].action)
        else:
            break
        d.frames(1)
    if end_turn and scene.game.why_not(EndActivation()) is None:
        scene.perform(EndActivation())
        d.frames(1)


def _pan(d: Driver) -> dict[str, float]:
    """Right-drag across the board, zoomed in, over several pages (four viewport widths in
    40 mouse steps): every frame leaves the pre-rendered page sooner or later. The worst and
    the 95th percentile frame."""
    import pygame

    cam = d.scene.view.camera
    cam.zoom = max(cam.zoom, 6.0)
    d.frames(2)
    vp = d.scene.viewport()
    x0, y0 = vp.centerx, vp.centery
    step = max(1, vp.width // 10)
    times = d.frames(1, [d.motion((x0, y0)),
                         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=3)])
    for k in range(1, 41):
        direction = 1 if k <= 20 else -1
        pos = (x0 + direction * step, y0)
        times += d.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos,
                                                 rel=(direction * step, 0), buttons=(0, 0, 1)),
                              d.motion((x0, y0), (0, 0, 1))])
    times += d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x0, y0), button=3)])
    return {"pan_ms_max": max(times), "pan_frame_ms_p95": _p95(times)}


def _zoom(d: Driver) -> dict[str, float]:
    """Bursts of three wheel notches (in, then out) around the viewport centre, each
    followed by two still frames: the wheel frames and the still frames after them."""
    import pygame

    vp = d.scene.viewport()
    wheel: list[float] = []
    still: list[float] = []
    for burst in range(10):
        y = 1 if burst < 5 else -1
        for _ in range(3):
            wheel += d.frames(1, [d.motion(vp.center),
                                  pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                                     precise_x=0.0, precise_y=float(y))])
        still += d.frames(2)
    return {"zoom_frame_ms_p95": _p95(wheel), "zoom_still_ms_p95": _p95(still)}


def _long_game(d: Driver, rng: random.Random, actions: int) -> dict[str, float | int]:
    """Play ``actions`` actions through the table (a random ready unit's random legal
    action, its dice and decisions settled, a frame after each), as a long evening of play
    does, a new game of the same table begun in the same window whenever one ends (a
    battle of six rounds is over in ~90 actions): the process's memory before and after
    (MiB), and the state hash's CPU ms over the first and the last ten actions
    (``hash_ms_growth`` = last / first)."""
    from game.core.actions import EndActivation
    from game.core.pending import Over

    rss_before = _rss_mib()
    hash_ms: list[float] = []
    played = 0
    games = d.games
    while played < actions:
        if isinstance(d.scene.game.pending(), Over):
            d.new_game()
        scene = d.scene
        mine = _mine(d)
        uid = rng.choice(mine) if mine else None
        legal = scene.game.ruleset.legal_actions_for(scene.state, uid) if uid else []
        action = rng.choice(legal) if legal and rng.random() < 0.8 else EndActivation()
        if not scene.perform(action):
            scene.perform(rng.choice(scene.game.legal_actions()))
        d.frames(1)
        _settle(d)
        played += 1
        hash_ms.append(_cpu_ms(scene.game.state_hash))
    first, last = _med(hash_ms[:10]), _med(hash_ms[-10:])
    return {"actions_played": played, "games_played": d.games - games + 1,
            "rss_mib_before": rss_before,
            "rss_mib_after_500_actions": _rss_mib(),
            "hash_ms_first": first, "hash_ms_last": last,
            "hash_ms_growth": last / first if first > 0 else 0.0}


def _rss_mib() -> float:
    """The resident memory of this process now (Linux ``/proc``; else the peak)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


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


REFERENCE_LOOP = 1_000_000
"""Iterations of :func:`machine_ms`'s fixed loop."""


def machine_ms(repeats: int = 3) -> float:
    """The CPU milliseconds of a fixed pure-Python loop, the fastest of ``repeats``: how fast
    the machine ran a table's figures. On a shared virtual machine the same loop's time
    swung by half within a minute at a load average under 1 (other guests take the host),
    so a table's figures are read against it."""
    best = math.inf
    for _ in range(repeats):
        t0 = time.process_time()
        total = 0
        for i in range(REFERENCE_LOOP):
            total += i * i
        best = min(best, time.process_time() - t0)
    return best * 1000.0


def run(names: Sequence[str], sizes: Sequence[int] | None = None,
        startup: bool = True, actions: int = ACTIONS) -> dict[str, Any]:
    """Every table, the start-up time and the load average."""
    out: dict[str, Any] = {"tables": {}}
    with tempfile.TemporaryDirectory() as data:
        for name, n in cases(names, sizes):
            load = os.getloadavg()
            figures: dict[str, Any] = dict(measure(name, n, Path(data), actions))
            figures["load_before"] = [round(x, 2) for x in load]
            figures["machine_ms"] = round(machine_ms(), 1)
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
    parser.add_argument("--actions", type=int, default=ACTIONS,
                        help=f"actions played for the memory figures (default {ACTIONS})")
    args = parser.parse_args(argv)
    names = [args.ruleset] if args.ruleset else rulesets.names()
    sizes = [int(s) for s in args.sizes.split(",") if s] if args.sizes else None
    report = run(names, sizes, startup=args.ruleset is None, actions=args.actions)
    if not args.json:
        for key, figures in report["tables"].items():
            print(f"{key}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
        print(f"start-up {report.get('startup_s', '-')} s, load {report['load']}")
    print(json.dumps(report, sort_keys=True))
    return 0
