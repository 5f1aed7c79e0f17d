"""What the table is told to draw of the realms board (issue 15 item 1): the spaces a figure
covers and its height in pegs, obstructions, walls and transit pads as board marks, and the
side profile of the 2.5D sight line in the pair inspection."""

from __future__ import annotations

from pathlib import Path

from game.core.game import Game
from game.core.inspect import HexMark, ProfileChart, Segment
from game.geometry.elevation import peg_position
from game.geometry.hexgrid import hex_at_point
from game.rulesets.realms.board import base_of, eye_points, hex_board, top_of
from game.rulesets.realms.rules import sighting
from game.rulesets.realms.table import TO_LAYOUT
from game.rulesets.realms.units import RealmsUnit, spaces
from game.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def skirmish() -> Game:
    return load_scenario(SCENARIOS / "realms_skirmish.toml").new_game()


def test_every_figure_shows_its_spaces_and_height() -> None:
    game = skirmish()
    state = game.state
    large = 0
    for unit in state.live_units():
        assert isinstance(unit, RealmsUnit)
        look = game.ruleset.unit_look(state, unit.id)
        assert look is not None
        assert look.hexes == tuple((h.q, h.r) for h in spaces(unit))
        assert look.height.startswith(f"{unit.height} pegs")
        base = base_of(hex_board(state), unit)
        assert look.height.endswith(f"on {base}") == (base != 0)
        large += len(look.hexes) > 1
    assert large >= 1  # the skirmish has a figure on several spaces


def test_obstructions_walls_and_pads_are_board_marks() -> None:
    game = skirmish()
    feats = game.ruleset.feats(game.state)  # type: ignore[attr-defined]
    assert feats.obstructions and feats.walls and feats.pads  # read from the [hexmap]
    marks = game.ruleset.board_marks(game.state)
    obstructions = {(m.q, m.r): m.label for m in marks
                    if isinstance(m, HexMark) and m.style == "obstruction"}
    assert obstructions == {(h.q, h.r): f"+{v}" for h, v in feats.obstructions.items()}
    walls = [m for m in marks if isinstance(m, Segment) and m.style == "wall"]
    assert len(walls) == len(feats.walls)
    for wall in walls:  # each lies on the edge between its two spaces
        mid = ((wall.a[0] + wall.b[0]) / 2, (wall.a[1] + wall.b[1]) / 2)
        near = {hex_at_point(mid[0] + dx, mid[1] + dy) for dx in (-0.05, 0.05)
                for dy in (-0.05, 0.05)}
        assert any(set(pair) <= near for pair in feats.walls)
    pads = {(m.q, m.r) for m in marks if isinstance(m, HexMark) and m.style == "pad"}
    assert pads == {(h.q, h.r) for h in feats.pads}
    assert any(isinstance(m, Segment) and m.style == "link" for m in marks)


def _profile(game: Game, a: str, b: str) -> ProfileChart:
    record = game.ruleset.inspect_pair(game.state, a, b)
    assert record is not None and len(record.profiles) == 1
    return record.profiles[0]


def test_a_clear_sight_line_has_a_clear_profile_from_the_eyes_to_the_point_seen() -> None:
    game = skirmish()
    state = game.state
    chart = _profile(game, "s1", "s2")
    att, tgt = state.units["s1"], state.units["s2"]
    assert isinstance(att, RealmsUnit) and isinstance(tgt, RealmsUnit)
    assert chart.blocked is None and "clear" in chart.title
    assert chart.eye[0] == 0.0 and chart.unit == "pegs" and "RL-LOS-1" in chart.rules
    assert chart.eye[1] in {e[2] for e in eye_points(hex_board(state), att)}
    assert chart.ground[0][0] == 0.0 and abs(chart.ground[-1][0] - chart.aim[0]) < 1e-9
    styles = {bar.style for bar in chart.bars}
    assert {"viewer", "target"} <= styles
    target_bar = next(bar for bar in chart.bars if bar.style == "target")
    assert target_bar.top == top_of(hex_board(state), tgt)


def test_a_blocked_sight_line_is_cut_where_the_ground_rises_above_it() -> None:
    game = skirmish()
    chart = _profile(game, "ar1", "sp2")
    assert chart.blocked is not None and "blocked" in chart.title
    d, z = chart.blocked
    # the sight line's height there, and ground at or above it right at the cut
    line = chart.eye[1] + (chart.aim[1] - chart.eye[1]) * d / chart.aim[0]
    assert abs(line - z) < 1e-6
    ground = any(abs(gd - d) < 1e-6 and gz > z for gd, gz in chart.ground)
    figure = any(bar.start <= d <= bar.end and bar.top > z for bar in chart.bars
                 if bar.style == "other")
    assert ground or figure


def test_a_target_outside_the_sight_cone_is_red_from_the_eyes() -> None:
    game = skirmish()
    for a in ("s1", "ar1", "wy1", "mg1"):
        for b in (u for u in game.state.units if u.endswith("2")):
            record = game.ruleset.inspect_pair(game.state, a, b)
            assert record is not None
            chart = record.profiles[0]
            if "outside the sight cone" in chart.title:
                assert chart.blocked == chart.eye
                return
    raise AssertionError("no pair of the skirmish is outside a sight cone")


def test_the_profile_ground_is_the_top_of_the_space_under_each_point_of_the_line() -> None:
    """Every pair of the skirmish: sampled along the line (off the steps), the chart's ground
    is the elevation plus obstruction of the space under that point (RL-LOS-1)."""
    game = skirmish()
    state = game.state
    board, feats = hex_board(state), game.ruleset.feats(state)  # type: ignore[attr-defined]
    live = [u.id for u in state.live_units()]
    checked = 0
    for a in live:
        for b in live:
            if a == b:
                continue
            chart = _profile(game, a, b)
            (x0, y0), (x1, y1) = line_ends(game, a, b)
            length = chart.aim[0]
            steps = {gd for gd, _ in chart.ground}
            for i in range(1, 60):
                d = length * (i + 0.377) / 61
                if any(abs(d - s) < 1e-3 for s in steps):
                    continue
                x, y = x0 + (x1 - x0) * d / length, y0 + (y1 - y0) * d / length
                near = {hex_at_point((x + ex) * TO_LAYOUT, (y + ey) * TO_LAYOUT)
                        for ex in (-1e-6, 1e-6) for ey in (-1e-6, 1e-6)}  # on an edge: either
                cells = [board.cells.get(h) for h in near]
                if any(c is None or c.terrain == "void" for c in cells):
                    continue
                want = {c.elevation + feats.obstructions.get(h, 0)
                        for h, c in zip(near, cells, strict=True) if c is not None}
                got = [gz for (d0, gz), (d1, _) in zip(chart.ground, chart.ground[1:],
                                                       strict=False) if d0 < d < d1]
                assert len(got) == 1 and got[0] in want, (a, b, d, near, got, want)
                checked += 1
    assert checked > 1000


def line_ends(game: Game, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the charted sight line runs on the board (pegs): the eye used (the first eye
    when nothing is seen) and the point seen (the target's centre when nothing is)."""
    att, tgt = game.state.units[a], game.state.units[b]
    assert isinstance(att, RealmsUnit) and isinstance(tgt, RealmsUnit) and tgt.hex is not None
    seen = sighting(game.ruleset.settings, game.state, att, tgt)  # type: ignore[attr-defined]
    eye = seen.eye if seen.visible and seen.eye else eye_points(hex_board(game.state), att)[0]
    aim = seen.point[:2] if seen.visible and seen.point else peg_position(tgt.hex)
    return (eye[0], eye[1]), (aim[0], aim[1])


def test_a_large_attacker_marks_every_space_it_covers_in_the_pair_inspection() -> None:
    """So the hover box keeps clear of the whole figure, not only its head space."""
    game = skirmish()
    record = game.ruleset.inspect_pair(game.state, "wy1", "s2")
    assert record is not None
    marked = {(m.q, m.r) for m in record.shapes if isinstance(m, HexMark)}
    wyrm = game.state.units["wy1"]
    assert isinstance(wyrm, RealmsUnit)
    assert {(h.q, h.r) for h in spaces(wyrm)[1:]} <= marked


def test_every_profile_shows_the_viewer_and_the_target() -> None:
    """Even when the sight line ends on a corner of the target's space, the side view has a
    bar for the target (and one for the viewer)."""
    game = skirmish()
    live = [u.id for u in game.state.live_units()]
    for a in live:
        for b in live:
            if a != b:
                styles = {bar.style for bar in _profile(game, a, b).bars}
                assert {"viewer", "target"} <= styles, (a, b)


def test_a_kept_look_is_the_look_worked_out_afresh_as_figures_move() -> None:
    """Issue 32: the looks kept per board (under where a figure stands and faces, its
    footprint and height) are, action after action, those worked out afresh."""
    import random

    from game.core.pending import Over
    from game.rulesets.realms import table

    game = skirmish()
    rng = random.Random(3)
    for _ in range(40):
        if isinstance(game.pending(), Over):
            break
        state = game.state
        for unit in state.units.values():
            assert game.ruleset.unit_look(state, unit.id) == table.unit_look(state, unit.id)
        game.apply(rng.choice(game.legal_actions()))
