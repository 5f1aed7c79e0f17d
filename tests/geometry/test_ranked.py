"""Ranked units of model bases (game.geometry.ranked): formations by NA-ATT-1, contact by
NA-CON-1, supporting models, casualty order by NA-CAS-1; property tests against brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry.ranked import (
    Attached,
    Base,
    FormationError,
    boundaries_in_contact,
    boundary_tray,
    casualty_order,
    form_block,
    mm_to_inches,
    model_polygons,
    models_in_contact,
    slot_ring,
    supporting_models,
)
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray

BASES = st.sampled_from([Base(20, 20), Base(25, 25), Base(25, 50), Base(40, 40), Base(50, 50)])


def test_mm_are_converted_to_inches() -> None:
    assert mm_to_inches(25.4) == 1.0
    assert Base(20, 40).inches == pytest.approx((20 / 25.4, 40 / 25.4))


@st.composite
def formations(draw: st.DrawFn) -> tuple[Base, int, int, list[Attached]]:
    rf = draw(BASES)
    models = draw(st.integers(1, 40))
    files = draw(st.integers(1, 10))
    chars = []
    for i in range(draw(st.integers(0, 3))):
        mult = draw(st.sampled_from([(1, 1), (2, 2), (2, 1), None]))
        base = Base(rf.width * mult[0], rf.depth * mult[1]) if mult else Base(
            draw(st.sampled_from([30.0, 45.0, 60.0])), draw(st.sampled_from([45.0, 60.0, 100.0])))
        chars.append(Attached(f"c{i}", base))
    return rf, models, files, chars


@settings(max_examples=150, deadline=None)
@given(formations(), st.floats(0, 359), st.floats(-20, 20), st.floats(-20, 20))
def test_na_att_1_bases_never_overlap_and_the_boundary_is_their_box(
        args: tuple[Base, int, int, list[Attached]], facing: float, x: float, y: float) -> None:
    """NA-ATT-1: every model gets its own base; none overlap; the Unit Boundary is the
    rectangle around them; matching bases inside, mismatching at the side with the front."""
    rf, models, files, chars = args
    mismatching = [c for c in chars if not c.base.matches(rf)]
    if len(mismatching) > 2:
        with pytest.raises(FormationError):
            form_block(rf, models, files, chars)
        return
    f = form_block(rf, models, files, chars)
    assert len(f.pool_slots("rf")) == models
    tray = boundary_tray(f, x, y, facing)
    polys = list(model_polygons(tray, f).values())
    shrunk = [p.buffer(-1e-6, join_style="mitre") for p in polys]
    for i, a in enumerate(shrunk):  # GEOS may misreport the overlay of shared edges: shrink
        for b in shrunk[i + 1:]:
            assert not a.intersects(b)
    boxes = [s.local_box() for s in f.slots]
    for i, (a0, l0, a1, l1) in enumerate(boxes):  # and exactly, in the boundary's frame
        for b0, m0, b1, m1 in boxes[i + 1:]:
            assert min(a1, b1) - max(a0, b0) <= 1e-9 or min(l1, m1) - max(l0, m0) <= 1e-9
    hull = shapely.union_all(polys)
    assert tray.polygon.buffer(1e-7).covers(hull)
    local = [s.local_box() for s in f.slots]
    assert min(b[0] for b in local) == pytest.approx(-f.width / 2)
    assert max(b[2] for b in local) == pytest.approx(f.width / 2)
    assert max(b[3] for b in local) == pytest.approx(f.depth / 2)
    assert min(b[1] for b in local) == pytest.approx(-f.depth / 2)
    for s in f.slots:
        if s.pool != "rf":
            assert s.local_box()[3] == pytest.approx(f.depth / 2) or s.rank > 0
        if s.side:
            assert s.local_box()[3] == pytest.approx(f.depth / 2)


def test_na_att_1_matching_inside_mismatching_at_the_side() -> None:
    """NA-ATT-1: a matching character stands in the front rank's centre; a mismatching one at
    the left side, its front aligned; a third mismatching base is refused."""
    rf = Base(25, 25)
    f = form_block(rf, 19, 5, [Attached("hero", Base(25, 25)), Attached("boss", Base(50, 75))])
    hero, boss = f.slot("hero"), f.slot("boss")
    assert (hero.rank, hero.file, hero.side) == (0, 2, "")
    assert (boss.files, boss.ranks, boss.side) == (2, 3, "")
    g = form_block(rf, 20, 5, [Attached("rider", Base(30, 60))])
    rider = g.slot("rider")
    assert rider.side == "left" and rider.local_box()[3] == pytest.approx(g.depth / 2)
    assert rider.local_box()[0] == pytest.approx(-g.width / 2)
    assert g.rank_sizes() == [5, 5, 5, 5]  # a mismatching base counts in no rank
    with pytest.raises(FormationError):
        form_block(rf, 20, 5, [Attached(k, Base(30, 60)) for k in "abc"])
    assert form_block(rf, 3, 2, [Attached("wide", Base(75, 25))]).files == 3  # widened


def test_short_last_rank_is_centred() -> None:
    f = form_block(Base(20, 20), 13, 5)
    assert f.ranks == 3 and f.rank_sizes() == [5, 5, 3]
    last = sorted(s.file for s in f.slots if s.rank == 2)
    assert last == [1, 2, 3]


def _sampled_touch(poly: Polygon, enemy: Polygon, n: int = 400) -> bool:
    ring = poly.exterior
    pts = shapely.line_interpolate_point(ring, np.linspace(0, 1, n), normalized=True)
    corners = shapely.points(list(ring.coords))
    d = min(shapely.distance(pts, enemy).min(), shapely.distance(corners, enemy).min())
    return bool(d <= TOLERANCE)


@settings(max_examples=120, deadline=None)
@given(st.integers(3, 25), st.integers(2, 6), st.floats(-4, 4), st.floats(-3, 3),
       st.sampled_from([0.0, 90.0, 180.0, 270.0, 30.0]), st.booleans())
def test_na_con_1_touching_models_match_brute_force(models: int, files: int, dx: float,
                                                    dy: float, facing: float,
                                                    corner: bool) -> None:
    """NA-CON-1: the models touching an enemy boundary (corners included) are exactly those a
    dense sampling of their outlines finds touching, for a gap-free block."""
    f = form_block(Base(25, 25), files * max(1, models // files), files)
    tray = boundary_tray(f, 0.0, 0.0, 0.0)
    # the enemy sits flush on the front edge (or only touches a corner)
    w = 3.0
    if corner:
        enemy = box(tray.width / 2, 0.0, tray.width / 2 + w, 2.0)
    else:
        enemy = box(dx - w / 2, 0.0, dx + w / 2, 2.0 + abs(dy))
    found = models_in_contact(tray, f, enemy)
    polys = model_polygons(tray, f)
    brute = {k for k, p in polys.items() if _sampled_touch(p, enemy)}
    assert found == brute
    assert boundaries_in_contact(tray.polygon, enemy) == bool(found)
    if corner:
        assert len(found) == 1


def test_na_con_1_contact_across_a_gap_of_a_short_rear_rank() -> None:
    """NA-CON-1: an enemy flush with the rear edge of a unit whose last rank is short touches
    the rear models; the fourth rank's end models behind the gaps are in contact across them,
    the models in front of a rear model are not."""
    f = form_block(Base(20, 20), 18, 5)  # ranks 5, 5, 5, 3
    tray = boundary_tray(f, 0.0, 0.0, 0.0)
    rear = box(-5, -f.depth - 2, 5, -f.depth)
    found = models_in_contact(tray, f, rear)
    by_rank = {k: f.slot(k) for k in found}
    assert sorted((s.rank, s.file) for s in by_rank.values()) == [
        (2, 0), (2, 4), (3, 1), (3, 2), (3, 3)]
    # with a model standing in the gap, nobody reaches across it
    polys = model_polygons(tray, f)
    assert all(polys[k].distance(rear) <= TOLERANCE for k in found if f.slot(k).rank == 3)


def test_na_con_1_no_contact_one_millimetre_away() -> None:
    f = form_block(Base(25, 25), 10, 5)
    tray = boundary_tray(f, 0.0, 0.0, 0.0)
    assert models_in_contact(tray, f, box(-2, 0.04, 2, 2)) == set()


def test_na_rst_1_supporting_models_are_behind_front_contacts() -> None:
    """NA-RST-1 / NA-ALC-3: second-rank models behind a front model in contact support and
    allocate as that model; a Fight in Extra Rank weapon adds the third rank."""
    f = form_block(Base(25, 25), 15, 5, [Attached("hero", Base(25, 25))])
    tray = boundary_tray(f, 0.0, 0.0, 0.0)
    enemy = box(-0.3, 0.0, 2.0, 2.0)  # over files 2..4
    front = models_in_contact(tray, f, enemy)
    assert {f.slot(k).file for k in front} == {2, 3, 4}
    sup = supporting_models(f, front)
    assert {f.slot(k).file for k in sup} == {2, 3, 4}
    assert all(f.slot(k).rank == 1 for k in sup)
    assert sup[next(k for k in sup if f.slot(k).file == 2)] == "hero"
    extra = supporting_models(f, front, extra_ranks=1)
    assert {f.slot(k).rank for k in extra} == {1, 2}


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 40), st.integers(1, 8), st.integers(0, 40))
def test_na_cas_1_casualties_from_the_back_and_both_ends(models: int, files: int,
                                                       losses: int) -> None:
    """NA-CAS-1: removing k models takes the back ranks first; the front rank loses equally
    from both ends (at most one more on the left)."""
    f = form_block(Base(20, 20), models, files)
    order = casualty_order(f)
    assert sorted(order) == sorted(s.key for s in f.pool_slots("rf"))
    ranks = [f.slot(k).rank for k in order]
    assert ranks == sorted(ranks, reverse=True)
    gone = set(order[:losses])
    left = [s for s in f.slots if s.key not in gone]
    for rank in range(f.ranks):
        row = sorted(s.file for s in f.slots if s.rank == rank)
        kept = sorted(s.file for s in left if s.rank == rank)
        if kept and len(kept) < len(row):
            lost_left = row.index(kept[0])
            lost_right = len(row) - 1 - row.index(kept[-1])
            assert lost_left - lost_right in (0, 1)
            assert kept == row[lost_left:len(row) - lost_right]
        if len(kept) < len(row):  # a loss in this rank: every rank behind it is gone
            assert not any(s.rank > rank for s in left)
    assert math.isfinite(f.width)


def test_na_cas_1_other_pools_are_skipped() -> None:
    f = form_block(Base(25, 25), 4, 5, [Attached("hero", Base(25, 25))])
    order = casualty_order(f)
    assert "hero" not in order and len(order) == 4


def test_tray_of_the_boundary_keeps_the_front() -> None:
    f = form_block(Base(25, 25), 20, 5)
    t = boundary_tray(f, 10.0, 10.0, 90.0)
    assert t.front_arrow == pytest.approx((10.0, 10.0))
    assert isinstance(t, Tray)


@settings(max_examples=120, deadline=None)
@given(st.integers(6, 30), st.integers(3, 7), st.sampled_from(["front", "rear", "left",
                                                               "right"]),
       st.integers(0, 6), st.integers(1, 8), st.lists(st.integers(0, 40), max_size=8),
       st.floats(0, 359), st.booleans())
def test_na_con_1_contact_across_gaps_matches_sampled_lines(
        models: int, files: int, side: str, start: int, span: int, dead: list[int],
        facing: float, rider: bool) -> None:
    """NA-CON-1: a model is in contact when some line square to the engaged edge joins its
    base to the enemy crossing no other living base; compared with lines sampled every
    0.02" (enemy ends and gaps fall on half-base steps, so sampling cannot miss a gap)."""
    rf = Base(25.4, 25.4)  # 1" bases keep every interval on a half-inch grid
    chars = [Attached("rider", Base(30.0, 60.0))] if rider else []
    f = form_block(rf, models, files, chars)
    keys = [s.key for s in f.slots]
    alive = [k for i, k in enumerate(keys) if i not in set(dead)]
    tray = boundary_tray(f, 5.0, 7.0, facing)
    hw, hd = f.width / 2, f.depth / 2
    axis_len = f.width if side in ("front", "rear") else f.depth
    lo = -axis_len / 2 + 0.5 * start
    hi = min(lo + 0.5 * span, axis_len / 2)
    if hi - lo < 0.5:
        return
    local = {"front": [(lo, hd), (hi, hd), (hi, hd + 2), (lo, hd + 2)],
             "rear": [(lo, -hd), (hi, -hd), (hi, -hd - 2), (lo, -hd - 2)],
             "right": [(hw, lo), (hw, hi), (hw + 2, hi), (hw + 2, lo)],
             "left": [(-hw, lo), (-hw, hi), (-hw - 2, hi), (-hw - 2, lo)]}[side]
    enemy = Polygon([tray.local_to_table(a, b) for a, b in local])
    found = models_in_contact(tray, f, enemy, alive)
    boxes = {s.key: s.local_box() for s in f.slots if s.key in alive}
    brute = set()
    axis = 0 if side in ("front", "rear") else 1
    for key, (a0, l0, a1, l1) in boxes.items():
        bx = (a0, l0, a1, l1)
        edge_gap = {"front": hd - l1, "rear": l0 + hd, "right": hw - a1, "left": a0 + hw}[side]
        if edge_gap < 1e-9:  # on the engaged edge: touching, corners included
            if min(bx[axis + 2], hi) - max(bx[axis], lo) >= -1e-9:
                brute.add(key)
            continue
        for c in np.arange(bx[axis] + 0.01, bx[axis + 2], 0.02):
            if not lo < c < hi:
                continue
            if side == "front":
                seg = (l1, hd)
            elif side == "rear":
                seg = (-hd, l0)
            elif side == "right":
                seg = (a1, hw)
            else:
                seg = (-hw, a0)
            blocked = False
            for other, ob in boxes.items():
                if other == key:
                    continue
                inside = ob[axis] < c < ob[axis + 2]
                o_lo, o_hi = (ob[1], ob[3]) if axis == 0 else (ob[0], ob[2])
                if inside and min(seg[1], o_hi) - max(seg[0], o_lo) > 1e-9:
                    blocked = True
                    break
            if not blocked:
                brute.add(key)
                break
    assert found == brute


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(1, 7), st.lists(st.integers(0, 5), max_size=6))
def test_na_cas_1_losses_over_several_steps_equal_one_loss(models: int, files: int,
                                                           batches: list[int]) -> None:
    """NA-CAS-1: removing casualties step by step leaves the same models as removing them all
    at once: the front rank still loses equally from both ends."""
    f = form_block(Base(20, 20), models, files)
    alive = [s.key for s in f.slots]
    removed: list[str] = []
    for n in batches:
        order = casualty_order(f, "rf", alive)
        removed += order[:n]
        alive = [k for k in alive if k not in removed]
    assert set(removed) == set(casualty_order(f)[:len(removed)])


def test_na_att_1_a_base_s_ring_is_its_polygon_s_corners() -> None:
    """The table draws a base from its corners (:func:`slot_ring`), the very points of the
    base's polygon, in order."""
    formation = form_block(Base(25, 25), 12, 4, [Attached("c0", Base(50, 50))])
    tray = boundary_tray(formation, 10.0, 5.0, 33.0)
    polygons = model_polygons(tray, formation)
    for slot in formation.slots:
        ring = list(polygons[slot.key].exterior.coords)[:-1]
        assert [(float(x), float(y)) for x, y in ring] == list(slot_ring(tray, slot))
