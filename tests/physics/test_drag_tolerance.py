"""Sandbox drag tolerance: after a pymunk drag (with turns) among random trays, every move
that reaches the game is accepted by the core, or no move is made; nothing ends up
overlapping beyond ``game.core.ruleset.OVERLAP_AREA``."""

from __future__ import annotations

import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from game.core.actions import MoveUnit
from game.core.game import Game
from game.core.ruleset import OVERLAP_AREA
from game.geometry.tray import Tray
from game.physics.separate import min_translation, separate
from game.physics.table import TrayDrag
from game.scenario import load_scenario_text
from game.ui.dragcommit import commit_drag

WIDTH, HEIGHT = 24.0, 18.0
ROCK = [(10.0, 7.0), (14.0, 7.0), (14.0, 11.0), (12.0, 9.0), (10.0, 11.0)]  # concave


def random_game(seed: int, count: int) -> Game:
    """A sandbox game with ``count`` non-overlapping random trays and a concave rock."""
    rng = random.Random(seed)
    rock = Polygon(ROCK)
    placed: list[Tray] = []
    lines = ['[scenario]\nname = "drag"\nruleset = "sandbox"\nseed = 1\n',
             f"[table]\nwidth = {WIDTH}\nheight = {HEIGHT}\n",
             '[[terrain]]\nid = "rock"\nkind = "rock"\nkeywords = ["impassable"]\n'
             f"polygon = {[list(p) for p in ROCK]}\n",
             '[[players]]\nname = "North"\ncolour = "#3b6fb6"\n',
             '[[players]]\nname = "South"\ncolour = "#c0392b"\n']
    while len(placed) < count:
        w, d = rng.choice([(3.0, 2.0), (2.0, 2.0), (4.0, 1.5)])
        tray = Tray(rng.uniform(2, WIDTH - 2), rng.uniform(2, HEIGHT - 2),
                    rng.choice([0.0, 30.0, 90.0, 180.0, 225.0]), w, d, 2, 1)
        poly = tray.polygon.buffer(0.2)
        if (not Polygon([(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)]).contains(poly)
                or poly.intersects(rock) or any(poly.intersects(t.polygon) for t in placed)):
            continue
        placed.append(tray)
        i = len(placed)
        lines.append(f'[[units]]\nid = "u{i}"\nside = {1 if i % 3 else 2}\n'
                     f"stats = {{ width = {w}, depth = {d}, files = 2, ranks = 1 }}\n"
                     f"at = [{tray.x:.3f}, {tray.y:.3f}]\nfacing = {tray.facing}\n")
    game: Game = load_scenario_text("\n".join(lines)).new_game()
    return game


def drag_once(game: Game, uid: str, goal: tuple[float, float], turns: list[float]) -> None:
    """Drag ``uid`` to ``goal`` over 30 frames, turning by ``turns`` on the way, then commit
    the result like the table scene does."""
    state = game.state
    trays = {u.id: u.tray for u in state.live_units() if u.tray is not None}
    owner = state.units[uid].owner
    movable = [u.id for u in state.live_units() if u.owner == owner]
    rocks = [t.polygon for t in state.terrain if t.has("impassable")]
    start = trays[uid]
    drag = TrayDrag(uid, trays, movable, rocks, (WIDTH, HEIGHT), (start.x, start.y))
    for frame in range(30):
        t = (frame + 1) / 30
        if turns and frame % max(1, 30 // len(turns)) == 0:
            drag.rotate(turns[min(len(turns) - 1, frame // max(1, 30 // len(turns)))])
        drag.step((start.x + (goal[0] - start.x) * t, start.y + (goal[1] - start.y) * t),
                  1 / 60)
    drag.settle()
    proposed = {m.unit: trays[m.unit].moved_to(m.x, m.y, m.facing) for m in drag.moved()}
    commit_drag(trays, proposed, rocks, (WIDTH, HEIGHT), game.why_not, game.apply)


def assert_table_legal(game: Game) -> None:
    """No two trays overlap beyond the core's limit; none is off the table or on the rock."""
    trays = [u.tray for u in game.state.live_units() if u.tray is not None]
    rock = Polygon(ROCK)
    table = Polygon([(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)]).buffer(1e-6)
    for i, a in enumerate(trays):
        assert table.covers(a.polygon)
        assert a.polygon.intersection(rock).area <= OVERLAP_AREA
        for b in trays[i + 1:]:
            assert a.polygon.intersection(b.polygon).area <= OVERLAP_AREA


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    count=st.integers(3, 7),
    goal=st.tuples(st.floats(-2, WIDTH + 2), st.floats(-2, HEIGHT + 2)),
    turns=st.lists(st.sampled_from([-45.0, -15.0, 15.0, 45.0, 90.0]), max_size=4),
)
def test_drags_only_make_moves_the_core_accepts(
    seed: int, count: int, goal: tuple[float, float], turns: list[float]
) -> None:
    game = random_game(seed, count)
    mine = [u.id for u in game.state.live_units() if u.owner == 1]
    before = {u.id: u.tray for u in game.state.live_units()}
    drag_once(game, mine[seed % len(mine)], goal, turns)
    # every move in the log was applied through the core (apply raises on a refused move)
    moves = [e.action for e in game.log if isinstance(e.action, MoveUnit)]
    assert len({m.unit for m in moves}) == len(moves)
    for unit in game.state.live_units():
        if unit.id not in {m.unit for m in moves}:
            assert unit.tray == before[unit.id]  # no move is made
    assert_table_legal(game)


def test_separate_pushes_a_sliver_out_along_the_minimum_translation() -> None:
    a = Tray(5.0, 5.0, 0.0, 2.0, 2.0)
    b = Tray(6.98, 5.3, 0.0, 2.0, 2.0)  # 0.02" into a from the right
    out = separate({"a": a, "b": b}, ["b"], [], (20.0, 20.0))
    assert out["a"] == a
    assert out["b"].polygon.intersection(a.polygon).area == 0.0
    assert math.isclose(out["b"].y, 5.3) and 7.0 < out["b"].x < 7.01


def test_min_translation_of_disjoint_outlines_is_none() -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    far = [(2.0, 0.0), (3.0, 0.0), (3.0, 1.0), (2.0, 1.0)]
    assert min_translation(square, far) is None
    moved = min_translation([(0.9, 0.0), (1.9, 0.0), (1.9, 1.0), (0.9, 1.0)], square)
    assert moved is not None and math.isclose(moved[0], 0.1) and abs(moved[1]) < 1e-12


def test_a_tray_shoved_onto_the_rock_moves_or_stays() -> None:
    game = random_game(3, 4)
    uid = next(u.id for u in game.state.live_units() if u.owner == 1)
    before = game.state.units[uid].tray
    assert before is not None
    proposed = {uid: before.moved_to(12.0, 8.0, before.facing)}  # inside the rock's notch
    trays = {u.id: u.tray for u in game.state.live_units() if u.tray is not None}
    outcome = commit_drag(trays, proposed, [Polygon(ROCK)], (WIDTH, HEIGHT), game.why_not,
                          game.apply)
    assert len(outcome.applied) + len(outcome.fallback) + len(outcome.kept) == 1
    assert_table_legal(game)
