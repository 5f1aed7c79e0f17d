"""Issue 12 item 1: every rules query that goes through the prepared geometry of a board
position (:class:`game.rulesets.asoiaf.rules_world.RulesWorld`) answers exactly what the per-pair
functions answer (they stay here as the brute-force references): sight with its witness and
blockers, sweeps, placement, contact, the charge checks and pivots, the sampled Maneuvers and
a unit's whole legal actions. Random crowded tables with sight-blocking, impassable and rough
terrain."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core.actions import Action
from game.core.pending import Refusal
from game.core.state import GameState
from game.geometry.sight import Sight
from game.rulesets.asoiaf import attacks, geo, moves
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.actions import Attack, Charge, Maneuver, Retreat
from game.rulesets.asoiaf.procedures import others
from game.rulesets.asoiaf.rules_world import RulesWorld
from game.rulesets.asoiaf.ruleset import AsoiafRuleset
from game.rulesets.asoiaf.units import AsoiafUnit
from game.scenario.problems import ScenarioError
from tests.asoiaf.helpers import table, unit

PROFILES = ("stark_sworn_swords", "stark_bowmen", "stark_outriders",
            "lannister_guardsmen", "lannister_crossbowmen", "lannister_halberdiers")
KEYWORDS = (["blocks-sight"], ["impassable"], ["rough"], ["blocks-sight", "impassable"])

SIZE = 30.0


@st.composite
def tables(draw: st.DrawFn) -> tuple[AsoiafRuleset, GameState]:
    """A 30" x 30" corner of a 48" table with 4-9 units and 0-3 terrain squares."""
    n = draw(st.integers(4, 9))
    coord = st.floats(4.0, SIZE - 4.0, allow_nan=False).map(lambda v: round(v, 2))
    entries: list[dict[str, Any]] = []
    for i in range(n):
        side = 1 + i % 2
        profile = draw(st.sampled_from(PROFILES[:3] if side == 1 else PROFILES[3:]))
        facing = draw(st.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0, 15.0, 200.0]))
        entries.append(unit(f"u{i}", side, profile, draw(coord), draw(coord), facing))
    terrain = []
    for k in range(draw(st.integers(0, 3))):
        x, y, r = draw(coord), draw(coord), draw(st.floats(0.5, 2.5))
        terrain.append({"id": f"t{k}", "kind": "wall",
                        "keywords": draw(st.sampled_from(KEYWORDS)),
                        "polygon": [[x - r, y - r], [x + r, y - r], [x + r, y + r],
                                    [x - r, y + r]]})
    try:
        game = table(entries, terrain)
    except ScenarioError:
        assume(False)
        raise
    assert isinstance(game.ruleset, AsoiafRuleset)
    return game.ruleset, game.state


def _answer(found: object, cull: bool) -> object:
    """A rules answer as compared: with ``cull`` (legal actions), Line of Sight is asked of
    the batched world, so its witness line and blockers' numbering may differ (documented in
    :func:`geo.sight`); whether the target is seen, and why not, may not."""
    if not cull:
        return found
    if isinstance(found, Sight):
        return (found.visible, found.reason)
    if isinstance(found, chg.ChargeBasis):
        return (found.arcs, _answer(found.sight, cull))
    if isinstance(found, chg.ChargePlan):
        return replace(found, witness=None)
    return found


def _pairs(state: GameState) -> list[tuple[AsoiafUnit, AsoiafUnit]]:
    units = geo.live(state)
    return [(a, b) for a in units for b in units if a.owner != b.owner]


FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
QUICK = settings(FAST, max_examples=5)
"""The newer properties (issue 32): fewer drawn tables, each test under the 3 s a test may
take."""


@FAST
@given(tables(), st.sampled_from([0.0, 20.0, -35.0, 90.0]))
def test_sight_and_sweeps_equal_the_per_pair_references(
        drawn: tuple[AsoiafRuleset, GameState], pivot: float) -> None:
    _rules, state = drawn
    world = RulesWorld(state)
    for a, b in _pairs(state):
        tray = geo.tray_of(a).pivoted(pivot)
        for cull in (False, True):
            assert _answer(geo.sight(state, a, b, tray, cull, world=world), cull) == _answer(
                geo.sight(state, a, b, tray, cull), cull)
            here = geo.tray_of(a)
            assert _answer(geo.sight(state, a, b, here, cull, world=world), cull) == _answer(
                geo.sight(state, a, b, here, cull), cull)
        for reach in (3.0, 12.0):
            skip = (a.id, b.id)
            assert geo.sweep_past(state, tray, skip, reach, world) == geo.sweep_past(
                state, tray, skip, reach)
            assert world.contact_with(tray, b.id, reach) == geo.first_contact(
                tray, [geo.tray_of(b).polygon], reach)
        assert geo.placement_problem(state, a.id, tray, world) == geo.placement_problem(
            state, a.id, tray)
        assert moves.too_close(state, a, tray, world) == moves.too_close(state, a, tray)
        assert geo.engaged_enemies(state, a, world=world) == geo.engaged_enemies(state, a)
        for weapon in a.stats.ranged_attacks():
            assert attacks.ranged_refusal(state, a, b, weapon, tray, True, world) == (
                attacks.ranged_refusal(state, a, b, weapon, tray, True))


@FAST
@given(tables(), st.booleans())
def test_charge_checks_and_pivots_equal_the_references(
        drawn: tuple[AsoiafRuleset, GameState], blocked_fails: bool) -> None:
    _rules, state = drawn
    world = RulesWorld(state)
    for a, b in _pairs(state):
        for cull in (False, True):
            basis = chg.charge_basis(state, a, b, cull, world=world)
            assert _answer(basis, cull) == _answer(chg.charge_basis(state, a, b, cull), cull)
            if isinstance(basis, Refusal):
                continue
            for pivot in (0.0, chg.facing_pivot(a, b), 30.0, -60.0):
                got = chg.plan_from_basis(state, a, b, basis, pivot, 2.0, cull, blocked_fails,
                                          world=world)
                assert _answer(got, cull) == _answer(chg.plan_from_basis(
                    state, a, b, basis, pivot, 2.0, cull, blocked_fails), cull)
            assert chg.first_legal_pivot(state, a, b, basis, 2.0, cull, blocked_fails,
                                         world=world) == chg.first_legal_pivot(
                state, a, b, basis, 2.0, cull, blocked_fails)
        assert chg.plan_charge(state, a, b, 0.0, world=world) == chg.plan_charge(
            state, a, b, 0.0)


class _NoWorld:
    """Stands in for the ruleset's world cache: every query takes the per-pair path."""

    def of(self, state: GameState) -> None:
        return None


@FAST
@given(tables())
def test_legal_actions_equal_the_per_pair_path(drawn: tuple[AsoiafRuleset, GameState]
                                               ) -> None:
    rules, state = drawn
    for u in geo.live(state):
        assert moves.sample_maneuvers(state, u, RulesWorld(state)) == (
            moves.sample_maneuvers(state, u))
    fast = [rules.legal_actions_for(state, u.id) for u in geo.live(state)]
    panels = [_panel(rules, state, u.id) for u in geo.live(state)]
    rules.worlds = _NoWorld()  # type: ignore[assignment]
    rules.memo.forget()  # the plans found with the world go: ask again without it
    assert fast == [rules.legal_actions_for(state, u.id) for u in geo.live(state)]
    assert panels == [_panel(rules, state, u.id) for u in geo.live(state)]


def _panel(rules: AsoiafRuleset, state: GameState, unit_id: str) -> list[tuple[object, ...]]:
    """The unit's commands as the panel shows them (labels, hints, offers, refusals)."""
    return [(c.key, c.label, c.hint, tuple(c.offers), c.refusal)
            for c in rules.commands(state, unit_id)]


def test_the_cache_follows_the_board_position() -> None:
    game = table([unit("a", 1, "stark_sworn_swords", 10, 10),
                  unit("b", 2, "lannister_guardsmen", 10, 20, 180)])
    rules, state = game.ruleset, game.state
    assert isinstance(rules, AsoiafRuleset)
    first = rules.worlds.of(state)
    assert rules.worlds.of(state) is first
    moved = state.units["a"]
    assert moved.tray is not None
    moved.tray = moved.tray.advanced(1.0)
    again = rules.worlds.of(state)
    assert again is not first
    assert geo.tray_of(again.units[0]) == moved.tray



@FAST
@given(tables())
def test_prepare_builds_the_world_the_click_uses_and_changes_no_answer(
        drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """Ruleset.prepare (the table's idle frame) leaves the position's world and its sight
    world built, and a unit's actions are the same whether it ran or not."""
    rules, state = drawn
    cold = [rules.legal_actions_for(state, u.id) for u in geo.live(state)]
    rules.memo.forget()  # a new generation: no world built yet
    rules.prepare(state)
    world = rules.worlds.of(state)
    assert world._geometry is not None
    assert [rules.legal_actions_for(state, u.id) for u in geo.live(state)] == cold
    assert rules.worlds.of(state) is world


@QUICK
@given(tables())
def test_prepare_unit_changes_no_answer(drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """Ruleset.prepare_unit (the idle frames after a select: the unit's sight row, then its
    charges, a step at a time) ends, and every unit's actions and buttons are the same
    whether it ran or not."""
    rules, state = drawn
    units = [u.id for u in geo.live(state)]
    cold = [(rules.legal_actions_for(state, u), _panel(rules, state, u)) for u in units]
    rules.memo.forget()
    for u in units:
        for _ in range(100):
            if rules.prepare_unit(state, u):
                break
        else:
            raise AssertionError("prepare_unit never ended")
    assert [(rules.legal_actions_for(state, u), _panel(rules, state, u)) for u in units] == cold


def _retreat_reference(state: GameState, unit: AsoiafUnit, limit: float
                       ) -> list[tuple[str, float, float]]:
    """AS-CORE-4: the Retreat options as :func:`moves.retreat_problem` lists them one
    candidate at a time (what :func:`moves.retreat_options` answers with one sweep per
    direction)."""
    tray = geo.tray_of(unit)
    out: list[tuple[str, float, float]] = []
    for direction in moves.retreat_directions(state, unit):
        steps = [limit - 0.5 * k for k in range(int(limit / 0.5) + 1)]
        good = [d for d in steps if d > 1e-9
                and moves.retreat_problem(state, unit, direction, d, tray.facing) is None]
        for distance in sorted({good[0], good[-1]} if good else set(), reverse=True):
            for facing in (tray.facing, (tray.facing + 180.0) % 360.0):
                if moves.retreat_problem(state, unit, direction, distance, facing) is None:
                    out.append((direction, round(distance, 3), round(facing, 3)))
    return out


def _declared(a: AsoiafUnit, b: AsoiafUnit) -> list[Attack]:
    """Attacks worth declaring on ``b``: as they stand, faced and aligned, shifted."""
    return [*attacks.melee_variants(a, b.id), Attack(a.id, b.id, dx=1.0, dy=0.0),
            Attack(a.id, b.id, dx=0.0, dy=-1.5), Attack(a.id, b.id, dx=1.5, dy=1.5)]


@FAST
@given(tables(), st.booleans())
def test_declared_actions_and_procedure_steps_equal_the_references(
        drawn: tuple[AsoiafRuleset, GameState], blocked_fails: bool) -> None:
    """AS-CHG-1..7, AS-ATK-1, AS-MEL-3/4, AS-RNG-3..6, AS-CORE-3/4, AS-CHG-13: the checks
    of a declared action (``why_not``) and the steps of the charge, Retreat and free-move
    procedures ask the position's world; they answer as the per-pair path."""
    _rules, state = drawn
    world = RulesWorld(state)
    for a, b in _pairs(state):
        for pivot in (0.0, chg.facing_pivot(a, b), 30.0):
            assert chg.plan_charge(state, a, b, pivot, 2.0, blocked_fails, world=world) == (
                chg.plan_charge(state, a, b, pivot, 2.0, blocked_fails))
        for action in _declared(a, b):
            assert attacks.attack_refusal(state, a, action, world) == (
                attacks.attack_refusal(state, a, action))
        host = geo.tray_of(b)
        for arc in geo.arc_of(host, geo.tray_of(a)):
            assert chg.placements(state, a, b, arc, geo.tray_of(a), world) == (
                chg.placements(state, a, b, arc, geo.tray_of(a)))
        start = geo.tray_of(a)
        for distance in (2.0, 8.0):
            assert chg.path_blocked(state, a, b, start, distance, world) == (
                chg.path_blocked(state, a, b, start, distance))
        ends = [start.translated(dx, dy) for dx, dy in ((1.0, 0.0), (0.0, -1.0), (-0.7, 0.7))]
        for end in ends:
            assert others.away_problem(state, b.id, start, host, end, world) == (
                others.away_problem(state, b.id, start, host, end))
    for u in geo.live(state):
        for turn, distance, then in ((0.0, 3.0, 0.0), (90.0, 5.0, -45.0), (-45.0, 8.0, 0.0),
                                     (180.0, 1.0, 90.0)):
            assert moves.maneuver_refusal(state, u, turn, distance, then, world) == (
                moves.maneuver_refusal(state, u, turn, distance, then))
        assert moves.retreat_options(state, u, 7.0, world) == moves.retreat_options(
            state, u, 7.0) == _retreat_reference(state, u, 7.0)
        for direction in moves.RETREAT_DIRECTIONS:
            assert moves.retreat_problem(state, u, direction, 3.0, 90.0, world) == (
                moves.retreat_problem(state, u, direction, 3.0, 90.0))
        for dx, dy in ((2.0, 0.0), (-1.0, 1.0), (0.0, -2.0)):
            assert moves.shift_problem(state, u, dx, dy, world) == moves.shift_problem(
                state, u, dx, dy)
        foes = geo.enemies_of(state, u)
        toward = foes[0] if foes else None
        assert moves.pivot_options(state, u, toward, world) == moves.pivot_options(
            state, u, toward)


@FAST
@given(tables())
def test_why_not_equals_the_per_pair_path(drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """The ruleset's own checks of declared actions (Charge, Attack, Maneuver, Retreat), as
    ``why_not`` answers them for the side to act, with and without the position's world."""
    rules, state = drawn
    asked: list[Action] = []
    for a, b in _pairs(state):
        asked += [Charge(a.id, b.id, p) for p in (0.0, chg.facing_pivot(a, b))]
        asked += _declared(a, b)
    for u in geo.live(state):
        asked += [Maneuver(u.id, 45.0, 4.0, 0.0), Maneuver(u.id, 0.0, 9.0, 0.0), Retreat(u.id)]
    fast = [rules.why_not(state, action) for action in asked]
    rules.worlds = _NoWorld()  # type: ignore[assignment]
    rules.memo.forget()  # the plans found with the world go: ask again without it
    assert fast == [rules.why_not(state, action) for action in asked]


@FAST
@given(tables(), st.booleans())
def test_plans_remembered_by_the_pivot_search_are_the_plans(
        drawn: tuple[AsoiafRuleset, GameState], blocked_fails: bool) -> None:
    """The pivot search remembers each legal pivot's plan for the panel's offers: exactly
    the plan :func:`chg.plan_from_basis` works out on a world that remembers nothing."""
    _rules, state = drawn
    for a, b in _pairs(state):
        world = RulesWorld(state)
        basis = chg.charge_basis(state, a, b, True, world=world)
        if isinstance(basis, Refusal):
            continue
        for pivot in chg.charge_pivots(state, a, b, basis, 2.0, True, blocked_fails, world):
            fresh = RulesWorld(state)
            assert world.remember(("plan", a.id, b.id, basis, pivot, 2.0, True, blocked_fails),
                                  lambda: None) == chg.plan_from_basis(
                state, a, b, basis, pivot, 2.0, True, blocked_fails, world=fresh)


@FAST
@given(tables(), st.lists(st.tuples(st.integers(0, 8), st.floats(-3.0, 3.0),
                                    st.floats(0.0, 360.0)), min_size=1, max_size=4))
def test_a_world_patched_after_moves_equals_a_fresh_one(
        drawn: tuple[AsoiafRuleset, GameState], steps: list[tuple[int, float, float]]
        ) -> None:
    """After trays move, the cache builds the new position's world from the last one's
    pieces (only the moved trays' pieces new): every array equals a fresh build's."""
    rules, state = drawn
    units = geo.live(state)
    before = rules.worlds.of(state)
    trays_before = [u.tray for u in units]
    for pick, step, facing in steps:
        moved = units[pick % len(units)]
        tray = geo.tray_of(moved)
        moved.tray = tray.moved_to(tray.x + step, tray.y - step, facing)
    patched, fresh = rules.worlds.of(state), RulesWorld(state)
    # a step of 0" with the same facing moves nothing: the cache then keeps its world
    assert (patched is before) == (trays_before == [u.tray for u in units])
    for mine, theirs in ((patched.sight_obstacles, fresh.sight_obstacles),
                         (patched.move_obstacles, fresh.move_obstacles)):
        for name in ("verts", "count", "owner", "normal", "offset", "centroid", "bounds"):
            assert np.array_equal(getattr(mine.pieces, name), getattr(theirs.pieces, name))


@QUICK
@given(tables(), st.integers(1, 4))
def test_sight_rows_worked_out_in_batches_equal_the_whole_row(
        drawn: tuple[AsoiafRuleset, GameState], chunk: int) -> None:
    """Issue 32: the hover's Line of Sight from a viewer, worked out a few targets at a time
    (the idle frames' prefetch, the first hover's nearest batch), is the whole row's."""
    _rules, state = drawn
    world, whole_world = RulesWorld(state), RulesWorld(state)
    for viewer in geo.live(state):
        whole = whole_world.geometry().sight_from(viewer.id)
        far = list(whole)[-1]
        assert world.row_sight(viewer.id, far) == whole[far]  # asked first: no prefetch
        while not world.prefetch_row(viewer.id, None, chunk):
            pass
        assert {t: world.row_sight(viewer.id, t) for t in whole} == whole
        assert world.sight_row(viewer.id) == whole
