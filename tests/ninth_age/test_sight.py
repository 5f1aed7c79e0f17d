"""Line of Sight for shooting (NA-SHT-2): the exact candidate-line search agrees with a dense
brute-force sample of sight lines, and its witness is a real unblocked line."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from game.geometry.arcs import Arc, arc_region
from game.geometry.tray import Tray
from game.rulesets.ninth_age.actions import Shoot
from game.rulesets.ninth_age.cover import cover
from game.rulesets.ninth_age.engage import Target, shot_record
from game.rulesets.ninth_age.sight import sees, sight_line

from .helpers import clear_line_sampled, nu, play, scenario, unit


def _box(x: float, y: float, w: float, h: float, facing: float) -> Tray:
    return Tray(x, y, facing, w, h)


def _brute(tray: Tray, target: Polygon, blockers: list[Polygon], n: int = 24) -> bool:
    """Whether some sampled line from the front edge to a sampled point of the target part in
    the Front Arc is within 45 degrees and unblocked."""
    region = arc_region(tray, Arc.FRONT, "corner-45", 200.0)
    part = region.intersection(target)
    if part.is_empty or part.area <= 1e-9:
        return False
    minx, miny, maxx, maxy = part.bounds
    qs = [(minx + (maxx - minx) * i / n, miny + (maxy - miny) * j / n)
          for i in range(n + 1) for j in range(n + 1)]
    qs = [q for q in qs if part.buffer(1e-9).contains(Point(q))]
    return clear_line_sampled(tray, qs, blockers, n)


coord = st.floats(4.0, 44.0)
size = st.floats(1.0, 8.0)
angle = st.sampled_from([0.0, 30.0, 90.0, 135.0, 200.0, 270.0, 315.0])


@settings(max_examples=60, deadline=None)
@given(sx=coord, sy=coord, sf=angle, tx=coord, ty=coord, tf=angle,
       blocks=st.lists(st.tuples(coord, coord, size, size, angle), max_size=3))
def test_na_sht_2_exact_sight_matches_a_brute_force_sample(
        sx: float, sy: float, sf: float, tx: float, ty: float, tf: float,
        blocks: list[tuple[float, float, float, float, float]]) -> None:
    """NA-SHT-2: whenever a sampled line sees the target, the exact search finds one too; and
    every line it returns starts on the front edge, ends in the target's Front Arc part,
    keeps within 45 degrees and crosses no blocker."""
    shooter = _box(sx, sy, 5.0, 2.0, sf)
    target = _box(tx, ty, 5.0, 2.0, tf).polygon
    if shooter.polygon.intersects(target):
        return
    blockers = [_box(*b).polygon for b in blocks]
    blockers = [b for b in blockers if not b.intersects(shooter.polygon)
                and not b.intersects(target)]
    found = sight_line(shooter, target, blockers)
    if _brute(shooter, target, blockers):
        assert found is not None
    if found is not None:
        (px, py), (qx, qy) = found.coords[0], found.coords[-1]
        assert shooter.front_edge.distance(Point(px, py)) < 1e-6
        region = arc_region(shooter, Arc.FRONT, "corner-45", 200.0).intersection(target)
        assert region.distance(Point(qx, qy)) < 1e-6
        fx, fy = shooter.forward
        d = math.hypot(qx - px, qy - py)
        assert d < 1e-9 or (qx - px) * fx + (qy - py) * fy >= d * math.cos(math.radians(45.01))
        assert sees((px, py), (qx, qy), blockers)


def test_na_sht_2_a_unit_between_blocks_and_a_gap_lets_sight_through() -> None:
    """NA-SHT-2: a wide block straight between shooter and target hides it; with a gap beside
    the block the target is seen through the gap."""
    shooter = _box(24.0, 10.0, 5.0, 2.0, 0.0)
    target = _box(24.0, 30.0, 5.0, 2.0, 180.0).polygon
    wall = _box(24.0, 20.0, 14.0, 2.0, 0.0).polygon
    assert sight_line(shooter, target, [wall]) is None
    narrow = _box(24.0, 20.0, 3.0, 2.0, 0.0).polygon
    line = sight_line(shooter, target, [narrow])
    assert line is not None and not LineString(line).crosses(narrow.buffer(-1e-6))


def _archers(between: list[dict[str, object]] | None = None,
             terrain: list[dict[str, object]] | None = None):  # type: ignore[no-untyped-def]
    """Goblin archers (side 1, facing north) and Imperial Guard 10" ahead, with ``between``
    units and ``terrain``; the game stands in player 1's Shoot phase."""
    units = [unit("a", 1, (24.0, 10.0), 0.0, profile="goblin_archers"),
             unit("b", 2, (24.0, 25.0), 180.0, profile="imperial_guard"), *(between or [])]
    game = scenario(units, terrain=terrain or ()).new_game()
    play(game, "end", "end")
    return game


def test_na_sht_2_a_unit_or_a_wall_between_refuses_the_shot_with_its_name() -> None:
    """NA-SHT-2: a wide unit (a friend too) or a sight-blocking wall between the archers and
    their target leaves no Line of Sight: the shot is refused, naming what blocks it."""
    assert _archers().why_not(Shoot("a", "b")) is None
    screen = unit("s", 1, (24.0, 17.5), 0.0,
                  stats={"unit": "veteran_orcs", "models": 20, "files": 20})
    refusal = _archers([screen]).why_not(Shoot("a", "b"))
    assert refusal is not None and "NA-SHT-2" in refusal.rules
    assert "Veteran Orcs" in refusal.reason
    wall = {"kind": "wall", "keywords": ["blocks-sight"],
            "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    refusal = _archers(terrain=[wall]).why_not(Shoot("a", "b"))
    assert refusal is not None and "wall" in refusal.reason and "NA-SHT-2" in refusal.rules
    low = {"kind": "hedge", "keywords": ["hindering"],
           "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    assert _archers(terrain=[low]).why_not(Shoot("a", "b")) is None  # hindering: cover only
    assert "Shoot" in {type(a).__name__ for a in _archers().legal_actions()}


def test_na_sht_2_hindering_ground_gives_soft_cover() -> None:
    """NA-SHT-2: when every sight line crosses hindering ground, the shots need one more;
    a hedge off to the side changes nothing."""
    plain = _archers()
    base = shot_record(plain.state, nu(plain, "a"), Target("b", "rf")).hit
    hedge = {"kind": "hedge", "keywords": ["hindering"],
             "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    covered = _archers(terrain=[hedge])
    assert cover(covered.state, nu(covered, "a"), nu(covered, "b")) == 1
    assert shot_record(covered.state, nu(covered, "a"), Target("b", "rf")).hit == base + 1
    aside = dict(hedge, polygon=[[40.0, 17.0], [46.0, 17.0], [46.0, 18.0], [40.0, 18.0]])
    clear = _archers(terrain=[aside])
    assert shot_record(clear.state, nu(clear, "a"), Target("b", "rf")).hit == base


def test_na_sht_2_the_hover_shows_sight_cover_and_range() -> None:
    """NA-SHT-2: the archers' hover over a target says whether they see it (with the sight
    line drawn), whether it is in cover, and when it is beyond the bow's range (no odds)."""
    game = _archers()
    seen = game.ruleset.inspect_pair(game.state, "a", "b")
    assert seen is not None
    assert any("Line of Sight, no cover" in line.text for line in seen.lines)
    assert any(getattr(s, "style", "") == "sight" for s in seen.shapes) and seen.odds
    wall = {"kind": "wall", "keywords": ["blocks-sight"],
            "polygon": [[4.0, 17.0], [44.0, 17.0], [44.0, 18.0], [4.0, 18.0]]}
    hidden = _archers(terrain=[wall])
    found = hidden.ruleset.inspect_pair(hidden.state, "a", "b")
    assert found is not None and any("No Line of Sight" in line.text for line in found.lines)
    far = scenario([unit("a", 1, (24.0, 5.0), 0.0, profile="goblin_archers"),
                    unit("b", 2, (24.0, 40.0), 180.0, profile="imperial_guard")]).new_game()
    play(far, "end", "end")
    beyond = far.ruleset.inspect_pair(far.state, "a", "b")
    assert beyond is not None and not beyond.odds
    assert any("Beyond the bow's range" in line.text for line in beyond.lines)
