"""An engaged unit's own inspection draws no Speed or charge reach (AS-CORE-6: it may only
attack or retreat); found playing under Xvfb, where those tags covered the enemy's label."""

from __future__ import annotations

from tests.asoiaf.helpers import rules_and_state, scenario


def test_as_core_6_an_engaged_unit_draws_no_reach() -> None:
    game = scenario("berserkers_flank")
    rules, state = rules_and_state(game)
    record = rules.inspect_unit(state, "bers")
    assert record is not None
    assert any("Engaged" in line.text for line in record.lines)
    assert record.shapes == ()
