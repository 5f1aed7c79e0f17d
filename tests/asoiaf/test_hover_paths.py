"""The hover's charge line takes the cheap paths of issue 12 without changing an answer: a target
beyond Speed + 6 is refused for its distance before the dear room check (AS-CHG-3), the hover
reads the panel's remembered charge checks when there are some, the charge basis is
remembered per Line of Sight given, and ``crowding`` finds what fills an arc as the plain
per-candidate test does (AS-CHG-2)."""

from __future__ import annotations

from hypothesis import given
from shapely.geometry import Polygon

from game.core.pending import Refusal
from game.core.ruleset import OVERLAP_AREA
from game.core.state import GameState
from game.geometry.sight import Sight
from game.geometry.tray import Side
from game.rulesets.asoiaf import blockers, geo
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.rules_world import RulesWorld
from game.rulesets.asoiaf.ruleset import AsoiafRuleset
from tests.asoiaf.helpers import action, rules_and_state, table, unit
from tests.asoiaf.test_world_equivalence import FAST, _pairs, tables

LOW_WALL = {"id": "wall", "kind": "stone wall", "keywords": ["impassable"],
            "polygon": [[33.0, 32.5], [42.0, 32.5], [42.0, 33.5], [33.0, 33.5]]}
"""A low wall right against the Guardsmen's front: no room to align there (AS-CHG-2)."""


def test_as_chg_3_a_target_beyond_reach_is_refused_for_its_distance_first() -> None:
    """AS-CHG-3: Guardsmen 24" away, their only facing arc walled off, are refused because no
    charge reaches that far, whatever the pivot, not for the room (the check the hover makes
    for every enemy on the table, so it is made before the dear room search)."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 37.5, 10.0),
                  unit("guards", 2, "lannister_guardsmen", 37.5, 36.0, 180.0)], [LOW_WALL])
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None and refusal.rules == ("AS-CHG-3",), refusal
    assert "beyond the greatest charge distance 11\"" in refusal.reason
    rules, state = rules_and_state(game)
    record = rules.inspect_pair(state, "sworn", "guards")
    assert record is not None
    assert any(line.text.startswith("Charge: not possible - Lannister Guardsmen is ")
               and "beyond the greatest charge distance" in line.text for line in record.lines)


def test_as_chg_2_the_same_wall_still_refuses_a_charge_in_reach_for_room() -> None:
    """AS-CHG-2: moved within reach, the same Guardsmen are refused for the wall, as before."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 37.5, 25.0),
                  unit("guards", 2, "lannister_guardsmen", 37.5, 36.0, 180.0)], [LOW_WALL])
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None and refusal.rules == ("AS-CHG-2",), refusal


@FAST
@given(tables())
def test_as_chg_5_the_hover_says_the_same_whether_or_not_the_panel_asked_first(
        drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """AS-CHG-5 (the hover agrees with the Charge button): the hover reads the charge checks
    the panel remembered for the selected unit; its record is the one worked out afresh."""
    rules, state = drawn
    fresh = AsoiafRuleset(rules.options)
    for a in geo.live(state):
        rules.legal_actions_for(state, a.id)  # as a click on the unit does
    for a, b in _pairs(state):
        assert rules.inspect_pair(state, a.id, b.id) == fresh.inspect_pair(state, a.id, b.id)


@FAST
@given(tables())
def test_as_chg_1_the_basis_is_remembered_per_line_of_sight_given(
        drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """AS-CHG-1: a basis remembered for one Line of Sight is never the answer for another: a
    target not seen is refused even after the same pair was checked with a clear line."""
    _rules, state = drawn
    world = RulesWorld(state)
    hidden = Sight(False, None, (), "blocked")
    for a, b in _pairs(state):
        seen = geo.sight(state, a, b, world=world)
        chg.charge_basis(state, a, b, world=world, seen=seen)
        refused = chg.charge_basis(state, a, b, world=world, seen=hidden)
        assert isinstance(refused, Refusal)
        if not geo.engaged_enemies(state, a) and a.stats.melee_attacks():
            assert refused.rules == ("AS-CHG-1",)


def _crowding_reference(state: GameState, host_id: str, edge: Side, depth: float,
                        *skip: str) -> list[str]:
    """What :func:`blockers.crowding` names, by testing every candidate in turn."""
    host = geo.tray_of(state.units[host_id])  # type: ignore[arg-type]
    (ax, ay), (bx, by) = host.edge_points(edge)
    mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
    nx, ny = mx - host.x, my - host.y
    norm = (nx * nx + ny * ny) ** 0.5 or 1.0
    ox, oy = nx / norm * depth, ny / norm * depth
    strip = Polygon([(ax, ay), (bx, by), (bx + ox, by + oy), (ax + ox, ay + oy)])
    own = [geo.tray_of(u).polygon for u in geo.live(state) if u.id in skip]
    found = [b for b in blockers.candidates(state)
             if b.polygon.intersection(strip).area > OVERLAP_AREA
             and not any(b.polygon.equals(p) for p in own)]
    return [b.name for b in sorted(found, key=lambda b: b.polygon.distance(host.edge(edge)))]


@FAST
@given(tables())
def test_as_chg_2_crowding_names_what_the_plain_test_names(
        drawn: tuple[AsoiafRuleset, GameState]) -> None:
    """AS-CHG-2: the vectorised search of what fills an arc names the same things, in the same
    order, as testing every unit and impassable piece in turn."""
    _rules, state = drawn
    for a, b in _pairs(state):
        host = geo.tray_of(b)
        for edge in Side:
            got = [x.name for x in blockers.crowding(state, host, edge, geo.tray_of(a).depth,
                                                     a.id, b.id)]
            assert got == _crowding_reference(state, b.id, edge, geo.tray_of(a).depth,
                                              a.id, b.id)
