"""Trays, arcs and range."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from game.geometry import (
    LONG_RANGE,
    SHORT_RANGE,
    TOLERANCE,
    Arc,
    Side,
    Tray,
    arc_region,
    arc_shares,
    arcs_of_point,
    in_range,
    majority_arc,
    range_band,
    range_to,
)
from game.geometry.arcs import arc_halfplanes

coords = st.floats(-30, 30, allow_nan=False)
facings = st.floats(0, 360, allow_nan=False, exclude_max=True)
sizes = st.floats(0.5, 8, allow_nan=False)


@st.composite
def trays(draw: st.DrawFn) -> Tray:
    return Tray(draw(coords), draw(coords), draw(facings), draw(sizes), draw(sizes))


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.dist(a, b) <= tol


def test_tray_corners_follow_facing_convention() -> None:
    t = Tray(0, 0, 0, 4, 2)
    assert t.corners == ((-2, 1), (2, 1), (2, -1), (-2, -1))
    assert t.front_arrow == (0, 1)
    east = Tray(0, 0, 90, 4, 2)
    assert east.forward == (1.0, 0.0)
    assert close(east.front_arrow, (1, 0))
    assert close(east.corners[0], (1, 2))  # front-left is north when facing east


def test_model_slots_front_rank_first_left_to_right() -> None:
    t = Tray(0, 0, 180, 3, 2, files=3, ranks=2)  # facing -y: its left is +x
    slots = t.model_slots()
    assert all(close(s, e) for s, e in zip(slots, [(1, -0.5), (0, -0.5), (-1, -0.5),
                                                    (1, 0.5), (0, 0.5), (-1, 0.5)], strict=True))


def test_pivot_advance_and_edges() -> None:
    t = Tray(1, 1, 350, 2, 1).pivoted(20)
    assert t.facing == pytest.approx(10)
    moved = Tray(0, 0, 90, 2, 1).advanced(3)
    assert close(moved.centre, (3, 0))
    t = Tray(0, 0, 0, 4, 2)
    assert list(t.front_edge.coords) == [(-2, 1), (2, 1)]
    assert list(t.edge(Side.LEFT).coords) == [(-2, -1), (-2, 1)]
    assert t.polygon.area == pytest.approx(8)


@given(trays())
@settings(max_examples=100, deadline=None)
def test_tray_polygon_and_slots_are_consistent(t: Tray) -> None:
    assert t.polygon.is_valid
    assert t.polygon.area == pytest.approx(t.width * t.depth)
    assert Point(t.front_arrow).distance(t.front_edge) < 1e-9
    back = t.table_to_local(*t.front_arrow)
    assert back == pytest.approx((0, t.depth / 2), abs=1e-9)
    for s in t.model_slots():
        assert t.polygon.contains(Point(s))


@pytest.mark.parametrize("construction", ["corner-45", "diagonals"])
def test_arc_regions_tile_the_plane_around_a_tray(construction: str) -> None:
    t = Tray(3, -2, 33, 5, 2)
    regions = [arc_region(t, a, construction, 100) for a in Arc]  # type: ignore[arg-type]
    total = sum(r.area for r in regions) + t.polygon.area
    assert total == pytest.approx(200 * 200)
    for i, r in enumerate(regions):
        for other in regions[i + 1:]:
            assert r.intersection(other).area < 1e-6


def test_corner_45_rays_and_point_on_ray_is_in_both_arcs() -> None:
    t = Tray(0, 0, 0, 4, 2)
    assert arcs_of_point(t, (-2 - 3, 1 + 3)) == {Arc.FRONT, Arc.LEFT}
    assert arcs_of_point(t, (2 + 1, -1 - 1)) == {Arc.RIGHT, Arc.REAR}
    assert arcs_of_point(t, (0, 10)) == {Arc.FRONT}
    assert arcs_of_point(t, (0, 0)) == frozenset()
    assert arcs_of_point(t, (0, 1)) == {Arc.FRONT}  # on the front edge


def test_diagonal_construction_differs_for_oblong_trays() -> None:
    t = Tray(0, 0, 0, 4, 2)
    # on the extended diagonal through the front-left corner (-2, 1): direction (-2, 1)
    assert arcs_of_point(t, (-6, 3), "diagonals") == {Arc.FRONT, Arc.LEFT}
    assert arcs_of_point(t, (-6, 3), "corner-45") == {Arc.LEFT}


@given(trays(), coords, coords, st.sampled_from(["corner-45", "diagonals"]))
@settings(max_examples=200, deadline=None)
def test_arcs_of_point_matches_region_polygons(t: Tray, px: float, py: float, c: str) -> None:
    found = arcs_of_point(t, (px, py), c)  # type: ignore[arg-type]
    pt = Point(px, py)
    for arc in Arc:
        d = arc_region(t, arc, c, 500).distance(pt)  # type: ignore[arg-type]
        if d > 1e-6:
            assert arc not in found
        elif arc not in found:
            # only possible for points within tolerance of the boundary
            assert min(nx * px + ny * py - cc
                       for nx, ny, cc in arc_halfplanes(t, arc, c)) > -1e-5  # type: ignore[arg-type]
    if not t.polygon.buffer(-1e-6).contains(pt):
        assert found


def test_as_chg_4_majority_arc_by_area_and_ties() -> None:
    t = Tray(0, 0, 0, 2, 2)  # square: both constructions agree
    assert majority_arc(t, box(-0.5, 3, 1.5, 4)) == (Arc.FRONT,)
    # centred on the front-left ray y = -x: exactly half in front, half in left flank
    sq = Polygon([(-4, 3), (-3, 4), (-2, 3), (-3, 2)])
    shares = arc_shares(t, sq)
    assert shares[Arc.FRONT] == pytest.approx(0.5)
    assert majority_arc(t, sq) == (Arc.FRONT, Arc.LEFT)
    assert majority_arc(t, box(-5, -0.2, -3, 0.1)) == (Arc.LEFT,)


@given(trays(), trays(), st.sampled_from(["corner-45", "diagonals"]))
@settings(max_examples=100, deadline=None)
def test_as_chg_4_shares_match_brute_force_sampling(t: Tray, o: Tray, c: str) -> None:
    other = o.polygon
    if t.polygon.intersects(other):
        return
    shares = arc_shares(t, other, c)  # type: ignore[arg-type]
    assert sum(shares.values()) == pytest.approx(1.0, abs=1e-9)
    # brute force: classify a grid of sample points of the other tray by arcs_of_point
    n = 24
    counts: dict[Arc, float] = dict.fromkeys(Arc, 0.0)
    total = 0
    for i in range(n):
        for j in range(n):
            p = o.local_to_table(-o.width / 2 + (i + 0.5) * o.width / n,
                                 -o.depth / 2 + (j + 0.5) * o.depth / n)
            arcs = arcs_of_point(t, p, c)  # type: ignore[arg-type]
            total += 1
            for a in arcs:
                counts[a] += 1 / len(arcs)
    for a in Arc:
        assert shares[a] == pytest.approx(counts[a] / total, abs=0.1)


def test_as_rng_5_short_and_long_range_limits() -> None:
    assert SHORT_RANGE == 6.0
    assert LONG_RANGE == 12.0
    v = Tray(0, 0, 0, 2, 1)
    at_six = box(-1, 6.5, 1, 7.5)  # front arrow (0, 0.5): exactly 6" away
    assert range_band(v, at_six) == "short"
    assert range_band(v, box(-1, 12.5, 1, 13)) == "long"
    assert range_band(v, box(-1, 12.5 + 1e-3, 1, 13)) is None
    assert in_range(v, box(-1, 12.5 + TOLERANCE / 2, 1, 13), LONG_RANGE)


def test_as_rng_6_range_from_front_arrow_to_nearest_point() -> None:
    v = Tray(0, 0, 0, 4, 1)  # front arrow (0, 0.5)
    target = box(3, 0.5, 5, 2)  # nearest point (3, 0.5), though a tray corner is nearer
    assert range_to(v, target) == pytest.approx(3.0)
    assert range_to(v, box(-1, 0.5, 1, 1)) == 0.0


@given(trays(), trays())
@settings(max_examples=100, deadline=None)
def test_as_rng_6_range_matches_brute_force(v: Tray, o: Tray) -> None:
    r = range_to(v, o.polygon)
    ring = o.polygon.exterior
    sampled = min(math.dist(v.front_arrow, ring.interpolate(k / 400, normalized=True).coords[0])
                  for k in range(400))
    inside = o.polygon.contains(Point(v.front_arrow))
    assert r <= sampled + 1e-9
    if not inside:
        assert sampled - r <= ring.length / 400


def test_as_chg_4_non_convex_other_uses_area_overlay() -> None:
    t = Tray(0, 0, 0, 2, 2)
    ell = Polygon([(-1, 3), (3, 3), (3, 4), (0, 4), (0, 6), (-1, 6)])
    shares = arc_shares(t, ell)
    assert sum(shares.values()) == pytest.approx(1.0)
    assert majority_arc(t, ell) == (Arc.FRONT,)


def test_as_chg_4_edge_along_a_dividing_ray_is_exact() -> None:
    t = Tray(0, 0, 30, 3, 1)
    fl = t.corners[0]
    # a 2" square with one edge lying on the front-left dividing ray
    ox, oy = t.forward[0] - t.right[0], t.forward[1] - t.right[1]
    n = math.hypot(ox, oy)
    start = (fl[0] + 2 * ox / n, fl[1] + 2 * oy / n)
    sq = Polygon([start, (start[0] + 2 * ox / n, start[1] + 2 * oy / n),
                  (start[0] + 2 * ox / n - 2 * oy / n, start[1] + 2 * oy / n + 2 * ox / n),
                  (start[0] - 2 * oy / n, start[1] + 2 * ox / n)])
    shares = arc_shares(t, sq)
    assert max(shares.values()) == pytest.approx(1.0)
    assert len(majority_arc(t, sq)) == 1
