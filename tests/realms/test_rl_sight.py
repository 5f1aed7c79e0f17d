"""RL-LOS-1 and RL-RNG-1 of whole units, property-tested against brute force: dense sampling
of every sight segment over an independently built height field, and range by enumerating
every pair of spaces."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.elevation import segment_spaces, target_points
from game.geometry.hexgrid import Hex, hex_at_point
from game.rulesets.realms.board import base_of, eye_points, hex_board, reach, sight
from game.rulesets.realms.table import TO_LAYOUT
from game.rulesets.realms.units import spaces
from tests.geometry.test_elevation import sampled

from .helpers import game, ru, unit

HEXES = [Hex(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]


@st.composite
def boards(draw: st.DrawFn) -> dict[str, object]:
    elev = {h: draw(st.sampled_from([0, 0, 0, 3, 6, 10, 14])) for h in HEXES}
    picks = draw(st.lists(st.sampled_from(HEXES), min_size=3, max_size=5, unique=True))
    neck = draw(st.sampled_from([0, 0, 5]))
    facing = draw(st.integers(0, 5))
    return {"elev": elev, "picks": picks, "neck": neck, "facing": facing}


def _game(case: dict[str, object]):  # type: ignore[no-untyped-def]
    elev = case["elev"]
    picks = case["picks"]
    assert isinstance(elev, dict) and isinstance(picks, list)
    units = [unit("a", 1, (picks[0].q, picks[0].r), case["facing"],
                  stats={"neck_reach": case["neck"], "head_turn": False}),
             unit("d", 2, (picks[1].q, picks[1].r), 0)]
    units += [unit(f"x{i}", 2, (h.q, h.r), 0) for i, h in enumerate(picks[2:])]
    hexes = [{"at": [h.q, h.r], "elevation": e} for h, e in elev.items() if e]
    return game(units, hexes=hexes, radius=3, options={"sight_cone": 180})


@given(boards())
@settings(max_examples=25, deadline=None)
def test_rl_los_1_unit_sight_matches_dense_sampling(case: dict[str, object]) -> None:
    g = _game(case)
    att, tgt = ru(g, "a"), ru(g, "d")
    board = hex_board(g.state)
    tops = {h: float(c.elevation) for h, c in board.cells.items()}
    for u in g.state.live_units():
        if u.id not in ("a", "d"):
            assert u.hex is not None
            tops[u.hex] = max(tops[u.hex], board.cells[u.hex].elevation + 5.0)
    ignore = {*spaces(att), *spaces(tgt)}
    seen = sight(g.state, g.ruleset.settings.features, att, tgt, 180, 0)  # type: ignore[attr-defined]
    if seen.visible:
        assert seen.eye is not None and seen.point is not None
        assert not sampled(seen.eye, seen.point, tops, ignore)[0]
    else:
        points = target_points(tgt.hex, base_of(board, tgt), tgt.height)  # type: ignore[arg-type]
        for eye in eye_points(board, att):
            for p in points:
                assert not sampled(eye, p, tops, ignore)[1], (eye, p)


@given(boards(), st.integers(0, 6))
@settings(max_examples=40, deadline=None)
def test_rl_rng_1_unit_range_matches_every_pair(case: dict[str, object], rng: int) -> None:
    g = _game(case)
    att, tgt = ru(g, "a"), ru(g, "d")
    board = hex_board(g.state)
    found = reach(board, g.ruleset.settings.features, att, tgt, rng)  # type: ignore[attr-defined]
    brute = min(a.distance(t) for a in spaces(att) for t in spaces(tgt))
    assert found.distance == brute
    assert found.ok == (brute <= max(1, rng) + found.bonus)


@given(st.tuples(*[st.floats(-40, 40, allow_nan=False)] * 4))
@settings(max_examples=200, deadline=None)
def test_rl_los_1_spaces_under_a_sight_line_match_dense_sampling(
        ends: tuple[float, float, float, float]) -> None:
    """The side profile walks the spaces under the sight line exactly (RL-LOS-1): every
    densely sampled point of the segment lies in the space :func:`segment_spaces` gives for
    its part of the line, and the parts follow each other from neighbour to neighbour."""
    x0, y0, x1, y1 = ends
    parts = segment_spaces((x0, y0), (x1, y1))
    assert parts[0][1] == 0.0 and parts[-1][2] == 1.0
    for (a, _, end), (b, start, _) in pairwise(parts):
        assert end == start and a.distance(b) == 1
    for i in range(801):
        t = i / 800
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        near = {hex_at_point((x + ex) * TO_LAYOUT, (y + ey) * TO_LAYOUT)
                for ex in (-1e-6, 1e-6) for ey in (-1e-6, 1e-6)}  # on an edge: either space
        assert any(p[0] in near for p in parts if p[1] - 1e-6 <= t <= p[2] + 1e-6), (t, near)
