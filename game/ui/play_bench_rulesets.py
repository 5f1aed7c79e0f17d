"""``warbench bench play --ruleset NAME``: the real application loop, headless, for the rulesets
other than A Song of Ice and Fire (issues 14 and 15 ask their hover, select and odds to be
measured "for this ruleset too").

- ``ninth_age``: the shipped battle scenario (``scenarios/ninth_age_battle.toml``, a 48" x 48"
  table, armies of four to six units).
- ``realms``: a generated 20 x 20-space hex board (hills, a mesa, woods, deep water) with 20
  units, ten a side in two ranks facing each other across one space.

As for the ASOIAF tables (:mod:`game.ui.play_bench`), a real :class:`~game.ui.app.App` is
driven by posted events: every unit of the active side is selected by a click (a fresh game
moment each time, so nothing comes from the per-revision caches), then every enemy is hovered
in turn, 30 steady frames run, and the ruleset's own odds functions (the ones its hover
inspection calls) are timed on each (selected unit, enemy) pair: the first query of a pair
(cold) and repeats (warm). CPU milliseconds. With ``--json`` the last line is one object
``{"ruleset": NAME, "scenario": ..., "units": N, "select_ms_p95": ..., "hover_ms_p95": ...,
"odds_ms_cold": ..., "load": [1m, 5m, 15m], ...}``.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ui.play_bench import Driver, _med, _p95

REALMS_SIZE = 20
REALMS_UNITS = 20
REALMS_SEED = 20
REALMS_PROFILES = ("swordsman", "archer", "spearman", "duelist", "brawler", "mage")


def realms_text(seed: int = REALMS_SEED) -> str:
    """A 20 x 20-space realms board with scattered hills, a mesa, woods and water, and
    :data:`REALMS_UNITS` one-space units in two ranks a side, the front ranks one space
    apart (rows 8 and 10 of 0..19)."""
    rng = random.Random(seed)
    lines = ["[scenario]", 'name = "Bench realms 20x20"', 'ruleset = "realms"',
             f"seed = {seed}", "", "[hexmap]", f"cols = {REALMS_SIZE}",
             f"rows = {REALMS_SIZE}", ""]
    kinds = (("hill", 4, ""), ("mesa", 12, ""), ("wood", 0, '"blocks-sight"'),
             ("deep water", 0, '"impassable"'))
    army_rows = {7, 8, 10, 11}
    used: set[tuple[int, int]] = set()
    for _ in range(60):
        row = rng.choice([r for r in range(REALMS_SIZE) if r not in army_rows])
        col = rng.randrange(REALMS_SIZE)
        if (col, row) in used:
            continue
        used.add((col, row))
        name, height, keywords = kinds[len(used) % len(kinds)]
        lines += ["[[hexmap.hexes]]", f"at = [{col - row // 2}, {row}]",
                  f'terrain = "{name}"']
        lines += [f"elevation = {height}"] if height else []
        lines += [f"keywords = [{keywords}]"] if keywords else []
        lines.append("")
    lines += ["[[players]]", 'name = "Emberhold"', 'colour = "#b03a2e"', "",
              "[[players]]", 'name = "Frostmere"', 'colour = "#2e86c1"', ""]
    per_side = REALMS_UNITS // 2
    for side, rows, facing in ((1, (8, 7), 0), (2, (10, 11), 3)):
        for i in range(per_side):
            row = rows[i % 2]
            col = 2 + 3 * (i // 2) + (i % 2)
            profile = REALMS_PROFILES[(i + side) % len(REALMS_PROFILES)]
            lines += ["[[units]]", f'id = "r{side}u{i}"', f"side = {side}",
                      f'profile = "{profile}"', f"hex = [{col - row // 2}, {row}]",
                      f"facing = {facing}", ""]
    return "\n".join(lines)


def ninth_age_text() -> str:
    """The shipped Ninth Age battle scenario."""
    from game.scenario import scenarios_dir

    return (scenarios_dir() / "ninth_age_battle.toml").read_text(encoding="utf-8")


CASES: dict[str, tuple[str, Callable[[], str]]] = {
    "ninth_age": ("ninth_age_battle.toml", ninth_age_text),
    "realms": (f"generated {REALMS_SIZE}x{REALMS_SIZE} hex board, {REALMS_UNITS} units",
               realms_text),
}


def _cpu_ms(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000.0


def _ninth_age_odds(state: Any, viewer_id: str, target_id: str) -> Callable[[], object] | None:
    """The charts the Ninth Age hover shows (its ``inspect_pair``): melee and combat odds in
    contact, else shooting odds for a unit that shoots, else none."""
    from game.rulesets.ninth_age import present
    from game.rulesets.ninth_age.engage import in_contact, shooters, strikers

    viewer, target = state.units[viewer_id], state.units[target_id]
    if in_contact(viewer, target):
        def melee() -> object:
            groups = strikers(state, viewer, [target])
            return (present.melee_odds(state, viewer, target, groups),
                    present.combat_odds(state, viewer, target, groups))

        return melee
    if viewer.model.aim is not None and shooters(viewer):
        return lambda: present.shooting_odds(state, viewer, target)
    return None


def _realms_odds(state: Any, ruleset: Any, viewer_id: str, target_id: str
                 ) -> Callable[[], object] | None:
    """The realms hover's odds: the exact odds of the main-hand attack's plan (None when the
    attack is refused, as the hover then shows no chart)."""
    from game.core.pending import Refusal
    from game.rulesets.realms.odds import attack_odds
    from game.rulesets.realms.rules import attempt

    found = attempt(ruleset.settings, state, state.units[viewer_id], target_id, "main")
    if isinstance(found, Refusal):
        return None
    return lambda: attack_odds(found.plan)


def _odds_query(name: str, state: Any, ruleset: Any, viewer_id: str, target_id: str
                ) -> Callable[[], object] | None:
    if name == "ninth_age":
        return _ninth_age_odds(state, viewer_id, target_id)
    if name == "realms":
        return _realms_odds(state, ruleset, viewer_id, target_id)
    return None


def _odds(name: str, state: Any, ruleset: Any, mine: list[str], foes: list[str]
          ) -> dict[str, float | int]:
    """Cold (first query of a pair; median over up to 12 pairs) and warm (repeats) odds."""
    cold: list[float] = []
    warm: list[float] = []
    for viewer in mine:
        for target in foes:
            query = _odds_query(name, state, ruleset, viewer, target)
            if query is None:
                continue
            cold.append(_cpu_ms(query))
            warm += [_cpu_ms(query) for _ in range(5)]
            if len(cold) >= 12:
                break
        if len(cold) >= 12:
            break
    return {"odds_ms_cold": _med(cold), "odds_ms_cold_max": max(cold, default=0.0),
            "odds_ms_warm": _med(warm), "odds_pairs": len(cold)}


def measure(name: str, data_dir: Path) -> dict[str, Any]:
    """Every figure of one ruleset's case."""
    from game.ui.play_bench import _fit

    label, text = CASES[name]
    d = Driver(REALMS_UNITS, data_dir, text())  # n: the file name and unit limit only
    scene = d.scene
    state = scene.state
    side = scene.game.current_player()
    mine = [u.id for u in state.live_units(side)]
    foes = [u.id for u in state.live_units() if u.owner != side]
    _fit(d)
    select_ms = []
    for uid in mine:
        scene.revision += 1  # a fresh game moment: nothing cached from the last select
        select_ms.append(d.click(d.unit_pos(uid)))
    d.click(d.unit_pos(mine[0]))
    hover_ms = []
    corner = scene.viewport().move(3, 3).topleft  # bare ground, no unit under it
    for _ in range(2):  # each enemy twice, from a cold lens cache each time
        scene.revision += 1
        d.frames(1, [d.motion(corner)])  # the new moment's own redraw is not a hover's cost
        hover_ms += [d.hover(d.unit_pos(f)) for f in foes]
    steady = d.frames(30)
    out: dict[str, Any] = {
        "ruleset": name, "scenario": label, "units": len(state.units),
        "select_ms_p95": _p95(select_ms), "select_ms_median": _med(select_ms),
        "hover_ms_p95": _p95(hover_ms), "hover_ms_median": _med(hover_ms),
        "frame_ms_median": _med(steady), "frame_ms_p95": _p95(steady)}
    out.update(_odds(name, state, scene.game.ruleset, mine, foes))
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in out.items()}


def run(name: str) -> dict[str, Any]:
    """One ruleset's figures with the load average before and after."""
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory() as data:
        out = measure(name, Path(data))
    out["load_before"] = before
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    return out
