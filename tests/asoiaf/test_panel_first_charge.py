"""Issue 24 (speed): selecting a unit asks only whether each of its buttons can be pressed;
the Charge button stops at the first enemy it can charge (the pivots of the charges are not
worked out for the others), and its offers, read in full, are exactly the unit's legal
actions of that kind, in their order."""

from __future__ import annotations

import pytest

from game.core.state import GameState
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.ruleset import AsoiafRuleset
from tests.asoiaf.helpers import table, unit
from tests.counting import count_calls


def _line() -> tuple[AsoiafRuleset, GameState]:
    """Sworn Swords facing a line of three enemy units within charge reach."""
    game = table([unit("a", 1, "stark_sworn_swords", 24, 10, 0),
                  unit("x", 2, "lannister_guardsmen", 16, 19, 180),
                  unit("y", 2, "lannister_guardsmen", 24, 19, 180),
                  unit("z", 2, "lannister_guardsmen", 32, 19, 180)])
    rules = game.ruleset
    assert isinstance(rules, AsoiafRuleset)
    return rules, game.state


def test_the_charge_button_works_out_one_charge_not_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules, state = _line()
    pivots = count_calls(monkeypatch, chg, "iter_charge_pivots")
    commands = {c.key: c for c in rules.commands(state, "a")}
    assert commands["charge"].enabled and commands["hold"].enabled
    assert len(pivots) == 1  # the first chargeable enemy only
    legal = rules.legal_actions_for(state, "a")
    assert len({c.target for c in legal if isinstance(c, Charge)}) == 3
    for key, kind in (("charge", Charge), ("attack", Attack), ("maneuver", Maneuver),
                      ("retreat", Retreat), ("hold", Hold)):
        assert [o.action for o in commands[key].offers] == [
            a for a in legal if type(a) is kind], key
