"""Refusals that say the real cause and name and outline their blocker (issue 13 item 4,
issue 16 item 5): a charge at a target off the straight line whose pivoted path runs into a
stone wall, and a Maneuver through the same wall (AS-CHG-5, AS-CHG-6, AS-CORE-3)."""

from __future__ import annotations

from game.core.game import Game
from game.core.inspect import Area
from tests.asoiaf.helpers import action, rules_and_state, table, unit

WALL = {"id": "wall", "kind": "stone wall", "keywords": ["impassable", "blocks-sight"],
        "polygon": [[22.5, 17.0], [25.5, 14.0], [26.2, 14.7], [23.2, 17.7]]}
"""A short stone wall across the diagonal between the two units."""


def walled() -> Game:
    """Stark Sworn Swords facing north; Lannister Guardsmen 6.27" away, inside its Front Arc
    but not straight ahead; the wall stands on the line that faces them."""
    return table([unit("sworn", 1, "stark_sworn_swords", 20.0, 10.0),
                  unit("guards", 2, "lannister_guardsmen", 29.0, 20.0, 180.0)], [WALL])


def _blockers(marks: tuple[object, ...]) -> list[Area]:
    return [m for m in marks if isinstance(m, Area) and m.style == "blocker"]


def test_as_chg_5_charge_off_the_line_names_the_wall_on_the_pivoted_path() -> None:
    """AS-CHG-5, AS-CHG-6: not "would not reach within 11"" but the pivot and the wall."""
    game = walled()
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None
    assert "would not reach" not in refusal.reason
    assert "not straight ahead" in refusal.reason
    assert "turn 42° right" in refusal.reason
    assert "blocked by the stone wall" in refusal.reason
    assert {"AS-CHG-5", "AS-CHG-6"} <= set(refusal.rules)
    walls = _blockers(refusal.marks)
    assert len(walls) == 1 and walls[0].label == "the stone wall"
    assert sorted(walls[0].points) == sorted(tuple(p) for p in WALL["polygon"])


def test_as_chg_6_pivoted_charge_through_the_wall_names_it() -> None:
    """AS-CHG-6: a declared pivot straight into the wall names it and outlines it."""
    game = walled()
    refusal = game.why_not(action(game, "charge sworn -> guards pivot=42"))
    assert refusal is not None
    assert "blocked by the stone wall" in refusal.reason
    assert _blockers(refusal.marks)[0].label == "the stone wall"


def test_as_chg_6_blocking_unit_is_named_with_its_side() -> None:
    """AS-CHG-6: a unit in the way is named with its side, and outlined."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 20.0, 10.0),
                  unit("outriders", 1, "stark_outriders", 24.5, 17.0),
                  unit("guards", 2, "lannister_guardsmen", 20.0, 24.0, 180.0)])
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None
    assert "blocked by Stark Outriders" in refusal.reason
    assert _blockers(refusal.marks)[0].label == "Stark Outriders"


def test_as_core_3_maneuver_through_the_wall_names_it() -> None:
    """AS-CORE-3: a Maneuver that would cross the wall says so, by name, with its outline."""
    game = walled()
    refusal = game.why_not(action(game, "maneuver sworn 0 5"))
    assert refusal is not None
    assert "would cross the stone wall" in refusal.reason
    assert refusal.rules == ("AS-CORE-3",)
    assert _blockers(refusal.marks)[0].label == "the stone wall"


def test_as_chg_5_the_hover_inspection_draws_the_wall() -> None:
    """AS-CHG-6: the pair inspection's charge line gives the table the wall to draw."""
    game = walled()
    rules, state = rules_and_state(game)
    record = rules.inspect_pair(state, "sworn", "guards")
    assert record is not None
    assert any("stone wall" in line.text for line in record.lines)
    assert _blockers(record.shapes) and _blockers(record.shapes)[0].label == "the stone wall"


def test_as_chg_5_a_workable_pivot_is_advised() -> None:
    """AS-CHG-5: with no wall, the undeclared pivot is advised instead of a bare miss."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 20.0, 10.0),
                  unit("guards", 2, "lannister_guardsmen", 29.0, 20.0, 180.0)])
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None
    assert "declare the pivot that faces it" in refusal.reason


def test_as_chg_2_no_room_names_what_fills_the_arc() -> None:
    """AS-CHG-2: a low wall right against the target's front leaves no room to align there;
    the refusal names the wall and outlines it (found playing the skirmish under Xvfb)."""
    low = {"id": "wall", "kind": "stone wall", "keywords": ["impassable"],
           "polygon": [[33.0, 22.5], [42.0, 22.5], [42.0, 23.5], [33.0, 23.5]]}
    game = table([unit("sworn", 1, "stark_sworn_swords", 37.5, 15.0),
                  unit("guards", 2, "lannister_guardsmen", 37.5, 26.0, 180.0)], [low])
    refusal = game.why_not(action(game, "charge sworn -> guards"))
    assert refusal is not None and refusal.rules == ("AS-CHG-2",)
    assert "Lannister Guardsmen's front arc: the stone wall is in the way" in refusal.reason
    assert [m.label for m in _blockers(refusal.marks)] == ["the stone wall"]


def test_as_chg_5_the_hover_shows_the_pivoted_charge_when_straight_ahead_fails() -> None:
    """AS-CHG-5: the hover agrees with the Charge button: a target off the straight line is
    shown with the charge after the pivot that faces it (found playing under Xvfb: the hover
    said "not possible" while the button offered the charge)."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 20.0, 10.0),
                  unit("guards", 2, "lannister_guardsmen", 29.0, 20.0, 180.0)])
    rules, state = rules_and_state(game)
    record = rules.inspect_pair(state, "sworn", "guards")
    assert record is not None
    texts = [line.text for line in record.lines]
    assert any(t.startswith("Charge after a pivot (turn 42° right): needs") for t in texts), texts
    assert any(t.startswith("Straight ahead:") for t in texts)


def test_as_core_4_a_retreat_or_shift_through_the_wall_names_it() -> None:
    """AS-CORE-4, AS-RNG-3: a slide that would cross the wall says which thing it crosses."""
    from game.rulesets.asoiaf import moves
    from game.rulesets.asoiaf.units import AsoiafUnit

    behind = {"id": "wall", "kind": "stone wall", "keywords": ["impassable"],
              "polygon": [[33.0, 29.0], [42.0, 29.0], [42.0, 30.0], [33.0, 30.0]]}
    game = table([unit("guards", 2, "lannister_guardsmen", 37.5, 26.0, 180.0)], [behind])
    guards = game.state.units["guards"]
    assert isinstance(guards, AsoiafUnit)
    assert moves.retreat_problem(game.state, guards, "back", 3.0, 180.0) == (
        "the move would cross the stone wall")
    assert moves.shift_problem(game.state, guards, 0.0, 2.0) == (
        "the shift would cross the stone wall")
