"""Actions round-trip through their text and dict forms (every table action type)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import (
    TABLE_ACTIONS,
    Action,
    ActionSyntaxError,
    Choose,
    DiceSpec,
    MoveUnit,
    from_dict,
    parse,
)
from tests.strategies import action_strategy


@pytest.mark.parametrize("cls", TABLE_ACTIONS, ids=lambda c: c.verb)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_table_actions_round_trip_text_and_dict(cls: type[Action], data: st.DataObject) -> None:
    action = data.draw(action_strategy(cls))
    assert parse(str(action), TABLE_ACTIONS) == action
    assert from_dict(action.to_dict(), TABLE_ACTIONS) == action


def test_text_form_reads_like_the_design() -> None:
    assert str(MoveUnit("u3", 10.5, 12.0, 90.0)) == "move u3 10.5 12.0 90.0"
    assert str(Choose.of(align=50, side="left")) == "choose align=50 side=left"
    assert parse("dice 6 5 5 4 1 1", TABLE_ACTIONS).to_dict() == {
        "verb": "dice",
        "results": [6, 5, 5, 4, 1, 1],
    }


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("mvoe u3 1 2 3", "did you mean 'move'"),
        ("move u3 1 2", "missing facing"),
        ("move u3 1 2 x", "not a float"),
        ("move u3 1 2 3 4", "unexpected"),
        ("move u3 1 2 nan", "not a float"),
        ("roll 2x6", "not a dice spec"),
        ("choose side", "key=value"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        parse(text, TABLE_ACTIONS)


def test_dice_spec_reads_and_checks_results() -> None:
    spec = DiceSpec.parse("d3")
    assert (spec.count, spec.sides, str(spec)) == (1, 3, "1d3")
    assert spec.accepts([2]) is None
    assert "face" in (spec.accepts([4]) or "")
    assert "expected 1" in (spec.accepts([1, 2]) or "")


def test_choose_reads_its_values() -> None:
    choice = Choose.of(align=100, side="centre")
    assert choice.get("align") == "100"
    assert choice.as_dict() == {"align": "100", "side": "centre"}


_EDGES = ("x", "", 0, 1, -1, 2**53, 2**53 + 1, -(2**53), -(2**53) - 1, 0.5, -0.0,
          float("inf"), float("-inf"), float("nan"), True, False, None, (1, 2), ("a",))


@pytest.mark.parametrize("value", _EDGES, ids=repr)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_a_field_value_is_refused_exactly_when_the_full_check_refuses_it(
        value: object, data: st.DataObject) -> None:
    """The constructor tells a plain value of its field's plain type at once (issue 32: a
    unit's legal moves build thousands of actions); it must accept and refuse exactly what
    the full type and value check does, for every field of every table action."""
    from game.core.actions import _checked_hints, _type_problem, _value_problem

    for cls in TABLE_ACTIONS:
        base = data.draw(action_strategy(cls))
        for name, hint in _checked_hints(cls):
            refused = bool(_type_problem(hint, value) or _value_problem(value))
            fields = {n: getattr(base, n) for n, _ in _checked_hints(cls)}
            fields[name] = value
            try:
                cls(**fields)
                built = True
            except ActionSyntaxError:
                built = False
            except ValueError:
                continue  # the action's own check of its fields (a dice spec...), not this one
            assert built is not refused, (cls.verb, name, value)
