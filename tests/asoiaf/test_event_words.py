"""The log in player words (issue 13 leftovers): a Retreat, a free Pivot, a shift before
shooting and a Hold read as turns, compass words and distances, never as raw angles like
"pivots to face 344.603°", coordinates like "(1, -2)" or "no action"."""

from __future__ import annotations

import re

from game.core.pending import PlayerDecision
from tests.asoiaf.helpers import act, first, scenario, table, unit

RAW_ANGLE = re.compile(r"\d+\.\d+°|face \d+(\.\d+)?°\.")
"""A long angle (``344.603°``) or a bare bearing as the facing (``face 90°.``)."""


def _retreated(facing: float) -> tuple[object, list[str]]:
    """The attack example: the Guardsmen retreat 10" back, ending at ``facing``."""
    game = scenario("attack_example", [4])
    act(game, "retreat guard")
    events = act(game, f"choose dir=back distance=10.0 facing={facing}")
    return game, [e.text for e in events]


def test_as_core_4_a_retreat_is_logged_with_its_turn_in_words() -> None:
    _, texts = _retreated(180.0)
    assert texts[0] == 'Lannister Guardsmen retreats 10" back and turns about to face south.'
    _, texts = _retreated(0.0)
    assert texts[0] == 'Lannister Guardsmen retreats 10" back and keeps its facing.'


def test_as_core_4_the_free_pivot_is_logged_as_a_turn_and_a_compass_word() -> None:
    """The by-hand play read "Stark Sworn Swords pivots to face 344.603°"."""
    game, _ = _retreated(0.0)
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "free.pivot"
    said = first(act(game, "choose unit=sworn facing=344.603"), "unit.pivoted").text
    assert said == "Stark Sworn Swords turns 165° right to face 345° (near north).", said
    assert not RAW_ANGLE.search(said)
    game, _ = _retreated(0.0)
    said = first(act(game, "choose unit=sworn facing=90.0"), "unit.pivoted").text
    assert said == "Stark Sworn Swords turns 90° left to face east.", said


def test_as_rng_3_a_shift_before_shooting_is_logged_as_a_distance_and_a_side() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("x", 2, "lannister_guardsmen", 24.0, 26.0, 180)], dice=[1] * 20)
    events = act(game, "attack bow x dx=-1.5 dy=0.0")
    said = first(events, "attack.shift").text
    assert said == 'Stark Bowmen shifts 1.5" to its left before shooting.', said
    assert "(" not in said


def test_as_core_2_a_hold_is_logged_as_the_players_hold() -> None:
    """The by-hand play read "Stark Sworn Swords activates: no action."."""
    game = table([unit("a", 1, "stark_sworn_swords", 10.0, 6.0),
                  unit("x", 2, "lannister_guardsmen", 20.0, 42.0, 180)])
    said = first(act(game, "hold a"), "activation.start")
    assert said.text == "Stark Sworn Swords holds: it takes no action.", said.text
    assert "AS-CORE-2" in said.rules
