"""Cover for shooting (NA-SHT-3): a target whose models are half or more hidden by a unit
partly in the way or by hard-cover ground needs two more to hit (hard cover), by a shorter unit
or hindering ground one more (soft cover); the exact shadow test agrees with a brute-force
sample of sight lines; the hover shows the cover, the hidden bases and the odds with it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from game.core.game import Game
from game.geometry.tray import Side, Tray
from game.rulesets.ninth_age.actions import Shoot
from game.rulesets.ninth_age.cover import (
    HARD_COVER,
    SOFT_COVER,
    Frame,
    free_lat,
    read_cover,
    shadow,
)
from game.rulesets.ninth_age.engage import Target, shot_record
from game.rulesets.ninth_age.sight import sees

from .helpers import clear_line_sampled, nu, play, scenario, unit


def _range(between: list[dict[str, Any]], terrain: list[dict[str, Any]] | None = None,
           target: str = "imperial_guard") -> Game:
    """Goblin archers (side 1) facing north at (24, 10), the target 15" ahead facing them,
    ``between`` units and ``terrain``; player 1's Shoot phase."""
    units = [unit("a", 1, (24.0, 10.0), 0.0, profile="goblin_archers"),
             unit("b", 2, (24.0, 25.0), 180.0, profile=target), *between]
    game = scenario(units, terrain=terrain or ()).new_game()
    play(game, "end", "end")
    return game


def _screen(x: float) -> dict[str, Any]:
    """Ten Veteran Orcs (Height 1) in one rank, friends of the archers, centred at ``x``."""
    return unit("s", 1, (x, 17.5), 0.0, stats={"unit": "veteran_orcs", "models": 10,
                                               "files": 10})


def _hit(game: Game) -> int:
    return shot_record(game.state, nu(game, "a"), Target("b", "rf")).hit


def test_na_sht_3_a_unit_partly_in_the_way_gives_hard_cover() -> None:
    """NA-SHT-3: a unit as tall as the target hiding half or more of its models (but not all:
    the archers still see it) puts it in hard cover, two more to hit; hiding fewer than half
    gives no cover."""
    base = _hit(_range([]))
    some = _range([_screen(20.0)])
    reading = read_cover(some.state, nu(some, "a"), nu(some, "b"))
    assert 0 < len(reading.hidden_hard) < reading.counted / 2 and reading.modifier == 0
    assert _hit(some) == base
    most = _range([_screen(21.0)])
    assert most.why_not(Shoot("a", "b")) is None  # still seen
    reading = read_cover(most.state, nu(most, "a"), nu(most, "b"))
    assert 2 * len(reading.hidden_hard) >= reading.counted
    assert reading.modifier == HARD_COVER and reading.by == ("Veteran Orcs",)
    assert _hit(most) == base + 2


def test_na_sht_3_a_shorter_unit_in_the_way_gives_only_soft_cover() -> None:
    """NA-SHT-3: the same screen of Height 1 before Height 2 knights hides them as much, but
    they stand taller than it: soft cover, one more to hit."""
    base = _hit(_range([], target="electoral_cavalry"))
    game = _range([_screen(20.5)], target="electoral_cavalry")
    assert game.why_not(Shoot("a", "b")) is None
    reading = read_cover(game.state, nu(game, "a"), nu(game, "b"))
    assert not reading.hidden_hard and 2 * len(reading.hidden_soft) >= reading.counted
    assert reading.modifier == SOFT_COVER and _hit(game) == base + 1


def test_na_sht_3_hard_cover_ground_across_the_way() -> None:
    """NA-SHT-3: a low wall (keyword ``hard-cover``, not blocking sight) across the whole way
    lets the archers see the target but gives hard cover; a hedge (``hindering``) soft."""
    wall = {"kind": "low wall", "keywords": ["hard-cover"],
            "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    game = _range([], [wall])
    assert game.why_not(Shoot("a", "b")) is None
    assert read_cover(game.state, nu(game, "a"), nu(game, "b")).modifier == HARD_COVER
    hedge = dict(wall, kind="hedge", keywords=["hindering"])
    game = _range([], [hedge])
    assert read_cover(game.state, nu(game, "a"), nu(game, "b")).modifier == SOFT_COVER


def test_na_sht_3_a_non_convex_piece_hides_what_its_outline_hides() -> None:
    """NA-SHT-3: an L-shaped hard-cover piece is split into triangles: the arm across the way
    hides the target, the other arm off to the side changes nothing."""
    arm = {"kind": "ruin", "keywords": ["hard-cover"],
           "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [5.0, 18.0], [5.0, 30.0],
                       [4.0, 30.0]]}
    game = _range([], [arm])
    assert read_cover(game.state, nu(game, "a"), nu(game, "b")).modifier == HARD_COVER
    side = dict(arm, polygon=[[0.5, 5.0], [3.0, 5.0], [3.0, 6.0], [1.5, 6.0], [1.5, 40.0],
                              [0.5, 40.0]])
    game = _range([], [side])
    assert read_cover(game.state, nu(game, "a"), nu(game, "b")).modifier == 0


def test_na_sht_3_the_hover_shows_cover_hidden_bases_and_odds_with_it() -> None:
    """NA-SHT-3: the hover says hard cover and by what, marks the hidden bases (one tag for
    the group), and its odds chart is the one of the two-worse shots."""
    plain, covered = _range([]), _range([_screen(21.0)])
    seen = covered.ruleset.inspect_pair(covered.state, "a", "b")
    assert seen is not None
    line = next(x for x in seen.lines if "Line of Sight" in x.text)
    assert "hard cover" in line.text and "Veteran Orcs" in line.text
    assert "NA-SHT-3" in line.rules
    marks = [s for s in seen.shapes if getattr(s, "style", "") == "blocker"]
    reading = read_cover(covered.state, nu(covered, "a"), nu(covered, "b"))
    assert len(marks) == len(reading.hidden_hard)
    assert [getattr(m, "label", "") for m in marks if getattr(m, "label", "")] == [
        f"{len(marks)} models hidden"]
    clear = plain.ruleset.inspect_pair(plain.state, "a", "b")
    assert clear is not None and seen.odds and clear.odds
    assert seen.odds[0].bars != clear.odds[0].bars  # fewer hits expected in cover


coord = st.floats(-6.0, 6.0)
size = st.floats(0.3, 4.0)


def _brute_hidden(tray: Tray, point: tuple[float, float], polys: list[Polygon],
                  n: int = 300) -> bool:
    """Whether every sampled line from the front edge to ``point`` within 45 degrees crosses
    one of ``polys``."""
    return not clear_line_sampled(tray, [point], polys, n)


@settings(max_examples=120, deadline=None)
@given(px=coord, py=st.floats(2.0, 12.0),
       blocks=st.lists(st.tuples(coord, st.floats(0.5, 11.0), size, size,
                                 st.sampled_from([0.0, 20.0, 45.0, 90.0])), max_size=3))
def test_na_sht_3_exact_shadows_match_a_brute_force_sample(
        px: float, py: float, blocks: list[tuple[float, float, float, float, float]]) -> None:
    """NA-SHT-3: a point the exact shadow test calls hidden has no sampled clear line; one it
    calls visible has a clear line from the free place of the front edge it names."""
    tray = Tray(0.0, 0.0, 0.0, 6.0, 2.0)
    point = (px, 1.0 + py)
    if abs(px) > 3.0 + py:  # outside the Front Arc
        return
    polys = [Tray(x, y + 1.0, f, w, h).polygon for x, y, w, h, f in blocks]
    if any(pl.buffer(1e-6).contains(Point(point)) for pl in polys):
        return
    frame = Frame(tray)
    rings = [tuple(frame.of((float(a), float(b))) for a, b in list(pl.exterior.coords)[:-1])
             for pl in polys]
    p = frame.of(point)
    lo, hi = max(0.0, p[0] - p[1]), min(frame.width, p[0] + p[1])
    shades = [s for s in (shadow(r, p) for r in rings) if s is not None]
    free = free_lat(lo, hi, shades)
    if free is None:
        assert _brute_hidden(tray, point, polys)
    else:
        assert lo - 1e-9 <= free <= hi + 1e-9
        (lx, ly), _ = tray.edge_points(Side.FRONT)
        start = (lx + free * tray.right[0], ly + free * tray.right[1])
        assert sees(start, point, polys)


def test_na_sht_3_shots_needing_7_roll_no_dice_and_the_hover_says_so() -> None:
    """NA-SHT-1/3: a shot made worse by long range and hard cover needs 7+: the hover says
    "hit 7+ (none)", and the shot resolves with no dice asked ("cannot hit")."""
    units = [unit("a", 1, (24.0, 10.0), 0.0, profile="goblin_archers"),
             unit("b", 2, (24.0, 28.0), 180.0, profile="imperial_guard"),
             unit("s", 1, (20.5, 19.0), 0.0, stats={"unit": "veteran_orcs", "models": 10,
                                                   "files": 10})]
    game = scenario(units).new_game()
    play(game, "end", "end")
    record = shot_record(game.state, nu(game, "a"), Target("b", "rf"))
    assert record.hit >= 7, record
    seen = game.ruleset.inspect_pair(game.state, "a", "b")
    assert seen is not None and any("hit 7+ (none)" in x.text for x in seen.lines)
    play(game, "shoot a -> b")
    texts = [e.text for entry in game.log for e in entry.events]
    assert any("cannot hit (7+ needed)" in t for t in texts)
    assert not game.state.procedures  # nothing waits for dice


def test_na_sht_2_no_odds_without_line_of_sight() -> None:
    """NA-SHT-2: a hidden target shows "No Line of Sight" and no shooting odds."""
    wall = {"kind": "wall", "keywords": ["blocks-sight"],
            "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    game = _range([], [wall])
    seen = game.ruleset.inspect_pair(game.state, "a", "b")
    assert seen is not None and not seen.odds
    assert any("No Line of Sight" in x.text for x in seen.lines)
