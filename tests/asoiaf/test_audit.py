"""Regression tests of the rules audit: each names the rule it pins down (AS-MEL-3/4, AS-BON-1,
AS-CHG-14) with scripted dice through the Game."""

from __future__ import annotations

from game.core.actions import Choose
from game.core.pending import Chance, PickDice, PlayerDecision
from game.rulesets.asoiaf.inspection import charge_preview
from game.rulesets.asoiaf.odds import REROLL_POLICY, attack_odds
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import (
    act,
    first,
    kinds,
    refusal_rules,
    rules_and_state,
    scenario,
    table,
    unit,
)


def _u(game: object, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]  # type: ignore[attr-defined]
    assert isinstance(u, AsoiafUnit)
    return u


def _front_and_rear() -> list[dict[str, object]]:
    """Berserkers engaged by Halberdiers on their front (offset 3") and Guardsmen on their
    rear (the Guardsmen face the Berserkers' rear edge)."""
    return [unit("bers", 1, "umber_berserkers", 24.0, 24.0, 0),
            unit("halb", 2, "lannister_halberdiers", 27.0, 28.8, 180),
            unit("guard", 2, "lannister_guardsmen", 24.0, 19.2, 0)]


def test_as_mel_4_engaged_with_several_enemies_may_still_shift_without_turning() -> None:
    game = table(_front_and_rear(), dice=[1] * 9)
    assert refusal_rules(game, "attack bers halb align=100") == ()
    events = act(game, "attack bers halb align=100")
    bers = _u(game, "bers")
    assert bers.tray is not None
    assert abs(bers.tray.x - 27.0) < 1e-6 and abs(bers.tray.facing) < 1e-6
    assert "AS-MEL-4" in first(events, "attack.face").rules


def test_as_mel_3_several_enemies_no_facing_change_and_no_shift_out_of_contact() -> None:
    game = table(_front_and_rear())
    # facing the rear enemy would need a pivot: refused with several enemies
    assert refusal_rules(game, "attack bers guard align=100") == ("AS-MEL-3",)
    # a 50% shift that would break the contact with the Guardsmen is refused
    assert "AS-MEL-3" in refusal_rules(game, "attack bers halb align=50 side=right")
    assert refusal_rules(game, "attack bers halb align=50 side=left") == ()


def test_as_mel_3_no_pivot_against_a_single_enemy_in_the_front_arc() -> None:
    # the Guardsmen stand turned by 20 degrees, a corner touching the Berserkers' front edge:
    # they are in the Berserkers' Front Arc, so no change of facing is allowed
    game = table([unit("bers", 1, "umber_berserkers", 24.0, 24.0, 0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 29.59585, 200)])
    assert refusal_rules(game, "attack bers g") == ()
    assert refusal_rules(game, "attack bers g align=100") == ("AS-MEL-3",)


def test_as_bon_1_charge_bonus_may_reroll_any_dice() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "attack.reroll"
    # re-roll the 3 and one of the two 1s, keep the 2 and the other 1: any dice may be picked
    picker = node.free[0]
    assert isinstance(picker, PickDice) and picker.faces == (6, 5, 4, 3, 2, 1, 1)
    pick = picker.answer(frozenset({4, 6}))
    assert pick == Choose.of(reroll="4+6") and game.why_not(pick) is None
    events = act(game, "choose reroll=4+6", "dice 6 5")
    assert first(events, "attack.reroll").data["dice"] == [6, 5, 4, 6, 2, 5, 1]
    assert first(events, "attack.hits").data["hits"] == 5


def test_as_bon_1_odds_name_their_reroll_policy() -> None:
    preview = charge_preview(*rules_and_state(scenario("charge_example")), "sworn", "guard")
    assert preview.attack is not None and preview.attack.modifiers is not None
    odds = attack_odds(preview.attack.modifiers)
    assert odds.reroll_policy == REROLL_POLICY == "misses"
    plain = attack_odds(preview.attack.modifiers, reroll_misses=False)
    assert plain.reroll_policy == "none" and plain.expected_wounds < odds.expected_wounds


STAKES_BESIDE = {"kind": "stakes", "keywords": ["stakes"],
                 "polygon": [[17.0, 16.0], [19.5, 16.0], [19.5, 19.0], [17.0, 19.0]]}
"""Stakes beside the straight charge lane, under the tray aligned 50% to the left."""


def test_as_chg_14_ending_on_stakes_after_alignment_counts_once() -> None:
    two = [unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
           unit("guard", 2, "lannister_guardsmen", 24.0, 22.8, 180)]
    game = table(two, [STAKES_BESIDE], dice=[3])
    act(game, "charge sworn -> guard")
    events = act(game, "choose align=50 side=left")
    assert isinstance(game.pending(), Chance) and "AS-CHG-14" in game.pending().rules  # type: ignore[union-attr]
    events = act(game, "dice 1")
    assert [e.kind for e in events].count("charge.stakes") == 1
    assert kinds(events).index("charge.stakes") < kinds(events).index("attack.declared")
    game = table(two, [STAKES_BESIDE], dice=[3])
    events = act(game, "charge sworn -> guard", "choose align=100 side=centre")
    assert "charge.stakes" not in kinds(events)


def test_as_chg_6_failed_charge_moves_its_full_distance_when_nothing_is_met() -> None:
    """The charger stops 1" short only of something it would otherwise touch: 7.6" away,
    a roll of 2 at Speed 5 moves the full 7" and ends 0.6" short."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 22.4, 180)], dice=[2, 6, 6])
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.roll").data["result"] == "failed"
    failed = first(events, "charge.failed")
    assert failed.data["moved"] == 7.0 and abs(float(failed.data["short"]) - 0.6) < 1e-6  # type: ignore[arg-type]
    sworn = _u(game, "sworn")
    assert sworn.tray is not None and abs(sworn.tray.y - 17.0) < 1e-6


def test_as_chg_14_a_failed_charge_through_stakes_suffers_them_too() -> None:
    """The stakes wound on completing the move through them, then the failed charge's Panic
    Test (AS-CHG-10) follows."""
    stakes = {"kind": "stakes", "keywords": ["stakes"],
              "polygon": [[18.0, 14.0], [30.0, 14.0], [30.0, 15.0], [18.0, 15.0]]}
    game = table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 22.8, 180)], [stakes],
                 dice=[2, 1, 6, 6])
    events = act(game, "charge sworn -> guard")
    order = kinds(events)
    assert order.index("charge.failed") < order.index("charge.stakes") < order.index("panic.test")
    assert first(events, "charge.stakes").data["wounds"] == 2
    assert _u(game, "sworn").models == 10 and game.state.turn.active == 2
