"""Issue 12 item 1: every rules query that goes through the prepared geometry of a board
position (:class:`game.rulesets.asoiaf.geo.RulesWorld`) answers exactly what the per-pair
functions answer (they stay here as the brute-force references): sight with its witness and
blockers, sweeps, placement, contact, the charge checks and pivots, the sampled Maneuvers and
a unit's whole legal actions. Random crowded tables with sight-blocking, impassable and rough
terrain."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core.pending import Refusal
from game.core.state import GameState
from game.geometry.sight import Sight
from game.rulesets.asoiaf import attacks, geo, moves
from game.rulesets.asoiaf import charge as chg
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


@FAST
@given(tables(), st.sampled_from([0.0, 20.0, -35.0, 90.0]))
def test_sight_and_sweeps_equal_the_per_pair_references(
        drawn: tuple[AsoiafRuleset, GameState], pivot: float) -> None:
    _rules, state = drawn
    world = geo.RulesWorld(state)
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
    world = geo.RulesWorld(state)
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
        assert moves.sample_maneuvers(state, u, geo.RulesWorld(state)) == (
            moves.sample_maneuvers(state, u))
    fast = [rules.legal_actions_for(state, u.id) for u in geo.live(state)]
    panels = [_panel(rules, state, u.id) for u in geo.live(state)]
    rules.worlds = _NoWorld()  # type: ignore[assignment]
    assert fast == [rules.legal_actions_for(state, u.id) for u in geo.live(state)]
    assert panels == [_panel(rules, state, u.id) for u in geo.live(state)]


def _panel(rules: AsoiafRuleset, state: GameState, unit_id: str) -> list[tuple[object, ...]]:
    """The unit's commands as the panel shows them (labels, hints, offers, refusals)."""
    return [(c.key, c.label, c.hint, c.offers, c.refusal)
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
