"""The engine cites AS-CORE-6 and AS-CHG-EX where they decide something (issue 31: a lesson
may declare only what the engine cites while it plays). Each test fails when its rule is
broken: trays apart counted as engaged, or a charge roll judged against the wrong total."""

from __future__ import annotations

from tests.asoiaf.helpers import act, first, refusal_rules, rules_and_state, scenario, table, unit


def _pair(gap_y: float) -> list[dict[str, object]]:
    """Sworn Swords and Guardsmen front to front, the Guardsmen's centre at ``gap_y``."""
    return [unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
            unit("g", 2, "lannister_guardsmen", 24.0, gap_y, 180)]


def test_as_core_6_touching_trays_are_engaged_and_the_refusals_say_so() -> None:
    touching = table(_pair(24.8))
    assert refusal_rules(touching, "maneuver s 0.0 1.0") == ("AS-CORE-3", "AS-CORE-6")
    assert refusal_rules(touching, "charge s -> g") == ("AS-CHG-12", "AS-CORE-6")


def test_as_core_6_a_quarter_inch_apart_is_no_melee_and_no_retreat() -> None:
    apart = table(_pair(25.05))
    assert refusal_rules(apart, "attack s g") == ("AS-RNG-2", "AS-MEL-1", "AS-CORE-6")
    assert refusal_rules(apart, "retreat s") == ("AS-CORE-4", "AS-CORE-6")
    assert refusal_rules(apart, "maneuver s 180.0 1.0") == ()


def test_as_chg_ex_the_roll_cites_the_example_at_the_least_roll_and_one_below() -> None:
    # 8" at Speed 5: a 3 is the least that reaches, a 2 stops 1" short, a 6 is no example
    for roll, result, cited in ((3, "success", True), (2, "failed", True),
                                (6, "success", False)):
        game = scenario("charge_example", dice=[roll, 4, 3])
        event = first(act(game, "charge sworn -> guard"), "charge.roll")
        assert event.data["result"] == result, roll
        assert ("AS-CHG-EX" in event.rules) is cited, roll


def test_as_mel_2_a_unit_without_a_melee_weapon_is_told_why_it_cannot_charge() -> None:
    # a ranged-only unit (inline stats, as the lesson's Slingers): the Charge command names
    # the missing melee weapon, not range or sight, and the unit still shoots
    slingers = {"name": "Slingers", "tray": "infantry", "speed": 5, "defense": 6, "morale": 6,
                "attacks": [{"name": "Sling", "type": "long", "hit": 4, "dice": [6, 5, 4]}]}
    game = table([{"id": "s", "side": 1, "stats": slingers, "at": [24.0, 14.0]},
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
    rules, state = rules_and_state(game)
    charge = {c.key: c for c in rules.commands(state, "s")}["charge"]
    assert charge.refusal is not None and charge.refusal.rules == ("AS-MEL-2",)
    assert refusal_rules(game, "charge s -> g") == ("AS-MEL-2",)
    assert refusal_rules(game, "attack s g") == ()
